"""The advice of an installed dossier's web editor, taken word for word, works where it is given.

- ``dossier examples --out DIR`` copies only the folders that are missing: run again with ``--with-cards`` in a
  folder made without it, it adds ``cards/`` and leaves the rest as the user has it (each one named); it refuses,
  writing nothing, only when every folder is there already.
- The editor's refusal to write into the bundled cards gives commands that work in the folder the server runs in:
  ``dossier examples --out . --with-cards`` when there is no ``cards/`` there, ``mkdir my-set`` when there is no
  ``my-set/``, then ``dossier serve --cards cards --cards my-set``, which ``dossier serve`` accepts once they
  exist; with a card folder of the user's in the pool, it names that folder instead.

"Installed" is the checkout with the bundled data pointed at copies (the fixture of test_installed_round56c).
"""

from __future__ import annotations

import html
import os
import re
import shlex
import socket
import subprocess
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from tests.test_installed_round56c import _settings, installed, snapshot  # noqa: F401 - the fixture
from tests.web.conftest import BASE, writing_client
from toolkit.cli import app
from toolkit.sheets.template import TEMPLATE_DIR

SHOT = "tactics/cards/adrenaline_shot.json"


def run(*args: str) -> Any:
    return CliRunner().invoke(app, [*args, "--lang", "en"])


# ---------------------------------------------------------------- dossier examples: only what is missing


def test_examples_with_cards_after_examples_adds_the_cards(installed: Path) -> None:  # noqa: F811
    assert run("examples", "--out", ".").exit_code == 0
    Path("examples/notes.txt").write_text("mine\n", encoding="utf-8")  # the user's, in a folder that exists
    deck = Path("examples/decks/tactics/duo.json")
    deck.write_text(deck.read_text(encoding="utf-8") + "\n", encoding="utf-8")  # an edit of the user's
    before = snapshot(Path("examples"))
    done = run("examples", "--out", ".", "--with-cards")
    assert done.exit_code == 0, done.output
    assert done.stdout.splitlines() == [
        f"examples{os.sep}: exists already; left as it is",
        f"schema{os.sep}: exists already; left as it is",
        f"templates{os.sep}: exists already; left as it is",
        f"cards{os.sep}: {len(snapshot(installed / 'cards'))} files written",
    ]
    assert snapshot(Path("cards")) == snapshot(installed / "cards")
    assert snapshot(Path("examples")) == before  # nothing the user wrote is lost or replaced
    assert not [p for p in Path(".").iterdir() if p.name.startswith(".")]  # no temporary left
    lint = run("lint", "cards")
    assert lint.exit_code == 0, lint.output[-2000:]


def test_examples_leaves_any_thing_of_a_folder_s_name(installed: Path) -> None:  # noqa: F811
    Path("tour").mkdir()
    Path("tour/schema").write_text("my notes\n", encoding="utf-8")  # a file where a folder would go
    done = run("examples", "--out", "tour")
    assert done.exit_code == 0, done.output
    assert f"{Path('tour/schema')}{os.sep}: exists already; left as it is" in done.stdout.splitlines()
    assert Path("tour/schema").read_text(encoding="utf-8") == "my notes\n"
    assert snapshot(Path("tour/examples")) == snapshot(installed / "examples")
    assert len(snapshot(Path("tour/templates"))) == len(snapshot(TEMPLATE_DIR))


def test_examples_with_every_folder_there_writes_nothing(installed: Path) -> None:  # noqa: F811
    assert run("examples", "--out", "tour", "--with-cards").exit_code == 0
    before = snapshot(Path("tour"))
    done = run("examples", "--out", "tour", "--with-cards")
    assert done.exit_code == 0 and not done.stderr  # a note, not an error (s71), as with some folders there
    shown = ", ".join(f"{Path('tour', name)}{os.sep}" for name in ("examples", "schema", "templates", "cards"))
    assert done.stdout.strip() == f"{shown}: each one exists; nothing was written (give another --out DIR)"
    assert snapshot(Path("tour")) == before


def test_a_failing_copy_removes_what_it_wrote_and_keeps_the_user_s(
    installed: Path,  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    Path("tour/schema").mkdir(parents=True)
    Path("tour/schema/mine.json").write_text("{}\n", encoding="utf-8")
    from toolkit.cli import examples

    real = examples.copy_tree

    def failing(source: Path, into: Path, schema: Any = None) -> int:
        if source == TEMPLATE_DIR:
            raise OSError(28, "No space left on device")
        return real(source, into, schema)

    monkeypatch.setattr(examples, "copy_tree", failing)
    done = run("examples", "--out", "tour")
    assert done.exit_code == 2
    assert sorted(p.relative_to("tour").as_posix() for p in Path("tour").rglob("*")) == ["schema", "schema/mine.json"]


# ---------------------------------------------------------------- the editor's advice, followed


def _notice(page: Any) -> str:
    found = re.search(r'id="ed-error">(.*?)</p>', page.text, re.S)
    assert found is not None, page.text[:2000]
    shown = re.sub(r"</?code>", "`", found.group(1))  # (the page shows a command as code)
    return html.unescape(re.sub(r"<[^>]+>", "", shown))


def _advice(package: Path, tmp_path: Path) -> list[str]:
    """The refusals of the editor served with the bundled cards only, on its index, a new card and a save."""
    lines = []
    for client in writing_client(_settings(tmp_path, package / "cards")):
        lines.append(_notice(client.get("/editor", params={"lang": "en"})))
        new = client.get("/editor/new", params={"kindref": "tactics/card", "id": "web_card", "lang": "en"})
        lines.append(_notice(new))
        text = (package / "cards" / SHOT).read_text(encoding="utf-8")
        saved = client.post("/editor/save", json={"root": 0, "path": SHOT, "text": text, "base": "0", "lang": "en"})
        assert saved.status_code == 403
        lines.append(saved.json()["detail"])
    assert len(set(lines)) == 1, lines
    return lines


def _commands(advice: str) -> list[str]:
    return re.findall(r"`(dossier [^`]*|mkdir [^`]*)`", advice)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _serve(args: list[str], monkeypatch: pytest.MonkeyPatch) -> Any:
    """``dossier serve ARGS`` up to the moment it would serve: the app it made (uvicorn.run not called)."""
    import uvicorn

    served: list[Any] = []
    monkeypatch.setattr(uvicorn, "run", lambda application, **kw: served.append(application))
    done = run(*args, "--port", str(_free_port()))
    assert done.exit_code == 0, done.output
    assert len(served) == 1
    return served[0]


def _follow(advice: str, monkeypatch: pytest.MonkeyPatch) -> Any:
    """Run the advice's commands in order, here, as a user would (mkdir through the shell), up to its first
    ``dossier serve``: the app that one made."""
    for command in _commands(advice):
        words = shlex.split(command)
        if words[0] == "mkdir":
            assert subprocess.run(words, check=False).returncode == 0, command
        elif words[:2] == ["dossier", "serve"]:
            return _serve(words[1:], monkeypatch)
        else:
            done = run(*words[1:])
            assert done.exit_code == 0, (command, done.output)
    raise AssertionError(f"no dossier serve in {advice!r}")


def _offers_my_set(application: Any) -> None:
    from fastapi.testclient import TestClient

    with TestClient(application, base_url=BASE) as client:
        page = client.get("/editor", params={"lang": "en"})
        assert page.status_code == 200 and 'id="ed-error"' not in page.text
        select = re.search(r'<select id="ed-new-root" name="root"[^>]*>(.*?)</select>', page.text, re.S)
        assert select is not None
        assert re.findall(r"<option [^>]*>([^<]*)</option>", select.group(1)) == ["cards", "my-set"]


def test_the_advice_in_an_empty_folder_works(
    installed: Path,  # noqa: F811
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    advice = _advice(installed, tmp_path)[0]
    assert advice.startswith("the bundled cards are part of the installed package and are not written to")
    assert _commands(advice) == [
        "dossier examples --out . --with-cards",
        "mkdir my-set",
        "dossier serve --cards cards --cards my-set",
        "dossier serve",
    ]
    assert 'cards = ["cards", "my-set"]' in advice and "dossier.toml" in advice
    _offers_my_set(_follow(advice, monkeypatch))


def test_the_advice_in_a_folder_made_without_cards_works(
    installed: Path,  # noqa: F811
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert run("examples", "--out", ".").exit_code == 0  # as getting-started allows
    advice = _advice(installed, tmp_path)[0]
    assert _commands(advice)[:2] == ["dossier examples --out . --with-cards", "mkdir my-set"]
    _offers_my_set(_follow(advice, monkeypatch))


@pytest.mark.slow
def test_the_advice_says_only_what_is_missing(
    installed: Path,  # noqa: F811
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert run("examples", "--out", ".", "--with-cards").exit_code == 0
    advice = _advice(installed, tmp_path)[0]
    assert _commands(advice) == ["mkdir my-set", "dossier serve --cards cards --cards my-set", "dossier serve"]
    Path("my-set").mkdir()
    advice = _advice(installed, tmp_path)[0]
    assert _commands(advice) == ["dossier serve --cards cards --cards my-set", "dossier serve"]
    _offers_my_set(_follow(advice, monkeypatch))
    # the config file of the advice, then a bare serve
    config = re.search(r"`(cards = [^`]*)`", advice)
    assert config is not None
    Path("dossier.toml").write_text(config.group(1) + "\n", encoding="utf-8")
    _offers_my_set(_serve(["serve"], monkeypatch))


def test_a_folder_of_one_s_own_is_named(installed: Path, tmp_path: Path) -> None:  # noqa: F811
    """With a card folder of the user's in the pool, a new card asked of the bundled folder names that one."""
    mine = tmp_path / "my-set"
    mine.mkdir()
    for client in writing_client(_settings(tmp_path, installed / "cards", mine)):
        params = {"kindref": "tactics/card", "id": "web_card", "lang": "en", "root": 0}
        line = _notice(client.get("/editor/new", params=params))
        assert line == (
            "the bundled cards are part of the installed package and are not written to; write into a card folder "
            "of yours (the New card form's Card folder): my-set"
        )
