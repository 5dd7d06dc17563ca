"""Regressions from a hostile sweep of `dossier print` and its templates (issue 26): a damaged bundled
font and a template that writes ``true`` for a number. Each gives one line on stderr naming the file (and
the place), the documented exit code and no traceback, and writes nothing.

The damaged font is always a copy: the bundled font directory is copied to a temporary one and
``toolkit.sheets.fonts.FONT_DIR`` pointed at it; the real fonts are never touched.
"""

from __future__ import annotations

import hashlib
import json
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, Literal

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from toolkit.errors import DossierError
from toolkit.sheets import fonts
from toolkit.sheets.fonts import BUNDLED, FONT_DIR, sfnt_damage
from toolkit.sheets.template import TEMPLATE_DIR, parse_template

from .conftest import ROOT

DUO = ROOT / "examples" / "decks" / "tactics" / "duo.json"
REGULAR = FONT_DIR / BUNDLED["regular"]


def _one_line_error(result: Any) -> str:
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    return lines[0]


# ---------------------------------------------------------------------- a damaged bundled font


@pytest.fixture
def font_copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A copy of the bundled font directory that the code under test reads instead of the real one
    (whose bytes are checked unchanged afterwards)."""
    before = hashlib.sha256(REGULAR.read_bytes()).hexdigest()
    copy = tmp_path / "fonts"
    shutil.copytree(FONT_DIR, copy)
    monkeypatch.setattr(fonts, "FONT_DIR", copy)
    fonts.bundled.cache_clear()
    yield copy
    fonts.bundled.cache_clear()  # the next test registers the real fonts again
    assert hashlib.sha256(REGULAR.read_bytes()).hexdigest() == before


def _truncate(size: int) -> Callable[[bytes], bytes]:
    return lambda data: data[:size]


def _flip(offset: int) -> Callable[[bytes], bytes]:
    return lambda data: data[:offset] + bytes([data[offset] ^ 0x5A]) + data[offset + 1 :]


@pytest.mark.parametrize(
    ("damage", "words"),
    [
        (_truncate(10_000), "truncated to 10000 bytes, but its table 'cmap' ends at byte"),  # the case
        (_truncate(0), "truncated to 0 bytes, too short for a font"),
        (_truncate(100), "truncated to 100 bytes, but its table directory ends at byte"),
        (lambda data: data[:-3], "but its table 'post' ends at byte"),  # only the end of the last table
        (_flip(1_500_000), "its checksum does not match its contents"),  # altered, not truncated
        (lambda data: data + b"x", "its checksum does not match its contents"),
    ],
    ids=["10000-bytes", "empty", "100-bytes", "last-3-bytes-cut", "one-byte-changed", "one-byte-added"],
)
def test_print_with_a_damaged_bundled_font_is_one_line(
    cli: Any, tmp_path: Path, font_copy: Path, damage: Callable[[bytes], bytes], words: str
) -> None:
    damaged = font_copy / BUNDLED["regular"]
    damaged.write_bytes(damage(REGULAR.read_bytes()))
    out = tmp_path / "x.pdf"
    result = cli("print", "--deck", DUO, "--out", out)
    assert result.exit_code == 2, result.output
    line = _one_line_error(result)
    assert f"{damaged}: the bundled font is damaged (" in line and words in line, line
    assert line.endswith("); reinstall Dossier"), line
    assert "struct.error" not in result.output and not out.exists()


def test_print_with_a_missing_bold_font_names_it(cli: Any, tmp_path: Path, font_copy: Path) -> None:
    (font_copy / BUNDLED["bold"]).unlink()
    result = cli("print", "--deck", DUO, "--out", tmp_path / "x.pdf")
    assert result.exit_code == 2
    assert _one_line_error(result).endswith(f"{font_copy / BUNDLED['bold']}: bundled font missing; reinstall Dossier")


def test_an_unreadable_bundled_font_is_one_line(cli: Any, tmp_path: Path, font_copy: Path) -> None:
    (font_copy / BUNDLED["regular"]).unlink()
    (font_copy / BUNDLED["regular"]).mkdir()  # a directory where the font should be
    result = cli("print", "--deck", DUO, "--out", tmp_path / "x.pdf")
    assert result.exit_code == 2
    assert "bundled font missing; reinstall Dossier" in _one_line_error(result)


def test_the_bundled_fonts_are_sound_and_a_sound_copy_prints(cli: Any, tmp_path: Path, font_copy: Path) -> None:
    for filename in BUNDLED.values():
        assert sfnt_damage((FONT_DIR / filename).read_bytes()) is None, filename
    result = cli("print", "--deck", DUO, "--out", tmp_path / "x.pdf")
    assert result.exit_code == 0, result.output
    assert (tmp_path / "x.pdf").read_bytes().startswith(b"%PDF")


@pytest.fixture(scope="module")
def regular_bytes() -> bytes:
    return REGULAR.read_bytes()


def _tables_end(data: bytes) -> int:
    count = int.from_bytes(data[4:6], "big")
    return max(
        int.from_bytes(data[12 + 16 * i + 8 : 12 + 16 * i + 12], "big")
        + int.from_bytes(data[12 + 16 * i + 12 : 12 + 16 * i + 16], "big")
        for i in range(count)
    )


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(cut=st.floats(min_value=0, max_value=1, exclude_max=True))
def test_any_truncation_of_a_table_is_damage(regular_bytes: bytes, cut: float) -> None:
    size = int(cut * _tables_end(regular_bytes))
    assert sfnt_damage(regular_bytes[:size]) is not None


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(where=st.floats(min_value=0, max_value=1, exclude_max=True), xor=st.integers(1, 255))
def test_any_changed_byte_is_damage(regular_bytes: bytes, where: float, xor: int) -> None:
    offset = int(where * len(regular_bytes))
    changed = bytearray(regular_bytes)
    changed[offset] ^= xor
    assert sfnt_damage(bytes(changed)) is not None


def test_damage_is_worded_in_the_language_of_the_run(font_copy: Path) -> None:
    from toolkit import i18n

    (font_copy / BUNDLED["regular"]).write_bytes(REGULAR.read_bytes()[:10_000])
    with i18n.use_lang("zh-Hans"), pytest.raises(DossierError) as caught:
        fonts.bundled()
    assert "内置字体已损坏" in str(caught.value) and caught.value.exit_code == 2


# ---------------------------------------------------------------------- a template writes true for a number


def _leaves(value: Any, pointer: str = "") -> Iterator[tuple[str, Any]]:
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _leaves(item, f"{pointer}/{key}")
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _leaves(item, f"{pointer}/{index}")
    else:
        yield pointer, value


def _set(data: Any, pointer: str, value: Any) -> None:
    *parents, last = pointer.split("/")[1:]
    node = data
    for key in parents:  # a missing object on the way is added (the card size a template leaves out)
        node = node[int(key)] if isinstance(node, list) else node.setdefault(key, {})
    node[int(last) if isinstance(node, list) else last] = value


BUNDLED_TEMPLATES = sorted(TEMPLATE_DIR.glob("*/*.json"))
NUMBERS = [
    (path, pointer)
    for path in BUNDLED_TEMPLATES
    for pointer, value in _leaves(json.loads(path.read_text(encoding="utf-8")))
    if isinstance(value, int | float) and not isinstance(value, bool)
]


def _copy_with(tmp_path: Path, source: Path, pointer: str, value: Any) -> Path:
    data = json.loads(source.read_text(encoding="utf-8"))
    _set(data, pointer, value)
    path = tmp_path / "designs" / source.parent.name / source.name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return path


@pytest.mark.slow
def test_every_number_of_every_bundled_template_refuses_a_boolean(tmp_path: Path) -> None:
    assert len(NUMBERS) > 100
    for source, pointer in NUMBERS:
        for value in (True, False, "9"):
            path = _copy_with(tmp_path, source, pointer, value)
            face: Literal["front", "back"] = "back" if source.stem.startswith("back-") else "front"
            with pytest.raises(DossierError) as caught:
                parse_template(path, face)
            message = str(caught.value)
            assert caught.value.exit_code == 2 and "\n" not in message
            assert message.startswith(f"{path}:") and f": template error: {pointer}: expected a number" in message, (
                source,
                pointer,
                value,
                message,
            )


@pytest.mark.parametrize(
    ("template", "pointer", "value", "words"),
    [
        ("tactics/card.json", "/boxes/art/width", True, "expected a number"),  # the case
        ("tactics/card.json", "/boxes/text/size", True, "expected a number"),
        ("tactics/card.json", "/card/width", False, "expected a number"),
        ("tactics/card.json", "/boxes/art/width", "54.6", "expected a number"),
        ("tactics/card.json", "/boxes/footer/ref", 1, "expected true or false"),
        ("tactics/card.json", "/boxes/footer/ref", "yes", "expected true or false"),
        ("tactics/back-shop.json", "/borders/0/width", True, "expected a number"),
    ],
)
def test_print_with_a_boolean_for_a_number_is_one_line(
    cli: Any, tmp_path: Path, template: str, pointer: str, value: Any, words: str
) -> None:
    path = _copy_with(tmp_path, TEMPLATE_DIR / template, pointer, value)
    out = tmp_path / "x.pdf"
    result = cli("print", "--deck", DUO, "--template", tmp_path / "designs", "--out", out)
    assert result.exit_code == 2, result.output
    line = _one_line_error(result)
    assert f"{path}:" in line and f": template error: {pointer}: {words}" in line, line
    assert not out.exists()


def test_a_damaged_bundled_font_is_one_line_for_a_map_drawing_too(font_copy: Path, cli: Any, tmp_path: Path) -> None:
    target = font_copy / BUNDLED["regular"]
    target.write_bytes(target.read_bytes()[:10_000])
    out = tmp_path / "m.svg"
    result = cli("map", "render", "dockyard", "--out", out)
    assert result.exit_code == 2
    line = _one_line_error(result)
    assert "damaged" in line and str(target) in line and not out.exists()
