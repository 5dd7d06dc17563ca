"""The top-level `validators` package is ours, not the PyPI distribution of that name."""

from pathlib import Path

import validators
from validators.lint import lint_sources

ROOT = Path(__file__).resolve().parent.parent


def test_validators_is_ours() -> None:
    assert Path(validators.__file__).resolve().parent == ROOT / "validators"
    assert callable(lint_sources)


def test_console_script_declared() -> None:
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert 'dossier = "toolkit.cli:app"' in text
    assert '"validators"' in text
