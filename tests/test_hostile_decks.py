"""Hostile deck files: the readers and writers and `dossier deck …` never crash, hang or write on error.

Property-based: the JSON, text (Dossier, NetrunnerDB, jinteki.net) and .o8d readers take random
bytes, random JSON shapes, random unicode lines and random XML, and only ever return a
LoadedDeck whose findings are one line naming the file (or raise DossierError); through the CLI,
every run gives one line per problem naming the file, the right exit code, no traceback, and
writes nothing when it fails. Then a table of concrete hostile files per command.

The work is bounded by the readers' limits (toolkit/decks/formats.py), not timed: a hang
guard (HANG seconds) and generous hypothesis deadlines only stop a run that never ends.
"""

from __future__ import annotations

import json
import os
import stat
import tempfile
from collections.abc import Callable, Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape, quoteattr

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from toolkit.catalog import load_catalog
from toolkit.cli import app
from toolkit.cli import deck as deck_cli
from toolkit.decks import NameIndex, read_deck
from toolkit.decks import formats as deck_formats
from toolkit.decks.exports import octgn_ids
from toolkit.decks.formats import (
    IDENTITY_LINES,
    MAX_CARDS,
    MAX_COPIES,
    MAX_DECK_BYTES,
    MAX_LINE_CHARS,
    MAX_SUGGESTED,
    LoadedDeck,
    deck_size,
)
from toolkit.errors import DossierError
from toolkit.jsonio import JsonSyntaxError, loads_limited
from toolkit.models import GAMES

from .conftest import CARDS, ROOT
from .hang_guard import hang_guard

CATALOG = load_catalog([CARDS])
NAMES = NameIndex(CATALOG.records)
DEFAULTS = {"netrunner": "standard", "crossfire": "crossfire"}
EX = ROOT / "examples" / "decks"
FINGERS = (EX / "netrunner" / "runner-criminal-fingers-list.txt").read_text(encoding="utf-8")
APPENDED = FINGERS.count("\n") + 1  # the number of a line added at the end of FINGERS
FINGERS_JSON = json.loads((EX / "netrunner" / "runner-criminal-fingers.json").read_text(encoding="utf-8"))
FINGERS_JSON.pop("$schema")
NR_CARDS = [r for r in CATALOG.records if r.game == "netrunner" and r.kind == "card"]  # type: ignore[attr-defined]
NR_TITLES = sorted(str(r.name.en) for r in NR_CARDS)
OTHER_TITLES = sorted(str(r.name.en) for r in NR_CARDS if r.id not in FINGERS_JSON["cards"])
IDS = sorted({r.id for r in CATALOG.records if hasattr(r, "game")})  # type: ignore[attr-defined]
GUIDS = sorted(g for r in NR_CARDS for g in octgn_ids(r))
HANG = 20  # seconds: a case that runs longer is hung, not slow
SLOW = settings(
    max_examples=40,
    deadline=timedelta(seconds=5),
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
RUNNER = CliRunner()


@pytest.fixture(autouse=True)
def _hang_guard() -> Iterator[None]:
    """Stop a case that runs longer than HANG seconds (a hang guard, not a timing assertion)."""
    with hang_guard(HANG):
        yield


@pytest.fixture(scope="module")
def pool() -> Iterator[Any]:
    """The bundled pool, loaded once: every CLI run of this module reads it (it is never changed); and
    the click command built from the app once (typer builds it anew for every run, most of a run's time)."""
    import typer.testing

    loaded = deck_cli.load_pool([CARDS])
    command = typer.testing._get_command(app)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(deck_cli, "load_pool", lambda cards: loaded)
        patch.setattr(typer.testing, "_get_command", lambda typer_app: command)
        yield loaded


# --------------------------------------------------------------------------
# checks every case makes


def one_line(text: str) -> bool:
    """One line (a final line break aside): nothing any editor or terminal would break in two."""
    return len(text.splitlines()) == 1


def check_loaded(loaded: LoadedDeck, path: Path) -> None:
    """What every reader promises: findings are one line naming the file; a deck within the limits."""
    assert isinstance(loaded, LoadedDeck)
    for finding in loaded.findings:
        text = loaded.place(finding).format()
        assert one_line(text), text
        assert text.startswith(f"{path}:") or text.startswith(f"{path} "), text
    if loaded.deck is not None:
        assert deck_size(loaded.deck) <= MAX_CARDS
        assert all(1 <= n <= MAX_COPIES for n in loaded.deck.cards.values())


def read_bytes_as(data: bytes, suffix: str, **options: Any) -> LoadedDeck | None:
    """Write ``data`` to a fresh file and read it; None when the reader says it cannot (DossierError)."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / f"deck{suffix}"
        path.write_bytes(data)
        try:
            loaded = read_deck(path, NAMES, default_modes=DEFAULTS, **options)
        except DossierError as exc:
            assert one_line(exc.message)
            return None
        check_loaded(loaded, path)
        return loaded


def run(*args: Any) -> Any:
    """``dossier ARGS`` in-process: no exception but SystemExit, no traceback in any output."""
    result = RUNNER.invoke(app, [str(a) for a in args])
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert "Traceback" not in result.output
    return result


def refusal(result: Any, path: Path, line: int | None = None) -> str:
    """The one line a command prints when it cannot use a file; it names the file (and the line)."""
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    where = f"{path}" + (f":{line}:" if line is not None else "")  # (a finding as deck validate words it, or an error)
    assert lines[0].startswith((where, f"dossier: error: {where}")), (where, lines[0])
    return str(lines[0])


# --------------------------------------------------------------------------
# strategies

JSON_SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**30), 10**30),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=20),
)
JSON_VALUES = st.recursive(
    JSON_SCALARS,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=15,
)
DECK_SHAPES = st.fixed_dictionaries(
    {
        "game": st.sampled_from([*GAMES, "chess"]) | JSON_VALUES,
        "mode": st.sampled_from(["duo", "standard", "crossfire", "Not A Slug"]) | JSON_VALUES,
        "name": st.text(max_size=30) | JSON_VALUES,
        "cards": st.dictionaries(
            st.sampled_from(IDS) | st.text(max_size=10),
            st.integers(-5, 200) | JSON_VALUES,
            max_size=8,
        )
        | JSON_VALUES,
    },
    optional={
        "identity": st.sampled_from(IDS) | JSON_VALUES,
        "agents": st.lists(st.sampled_from(IDS), max_size=5) | JSON_VALUES,
        "players": st.integers(-3, 30) | JSON_VALUES,
        "description": st.text(max_size=30),
    },
)
HOSTILE_JSON = st.one_of(
    st.integers(0, 3000).map(lambda n: "[" * n + "]" * n),
    st.integers(0, 3000).map(lambda n: '{"a":' * n + "1" + "}" * n),
    st.integers(1, 6000).map(lambda n: '{"game": "netrunner", "cards": {"shade_key": ' + "9" * n + "}}"),
    st.sampled_from(['{"cards": NaN}', '{"name": "\\ud800"}', '{"a": 1, "a": 2}', "[-Infinity]", "", "{"]),
)
COUNTS = st.one_of(
    st.integers(1, 99).map(str),
    st.integers(0, 10**6).map(str),
    st.text(alphabet=st.characters(categories=["Nd", "No"]), min_size=1, max_size=4),
    st.sampled_from(["-3", "+2", "−1", "３", "１２", "⁹", "٣", "0", "00", "007", "100", "9" * 60]),
)
MARKS = st.sampled_from(["x ", "x", " ", " x ", "× ", "X ", "* ", "ｘ "])
INVISIBLE = st.sampled_from(["", "", "\u200e", "\u200f", "\u061c", "\ufeff", "\u200b", " ", "\t", "\u3000"])
NAMES_TYPED = st.sampled_from(NR_TITLES) | st.text(min_size=1, max_size=30)
ONE_LINE_NAMES = NAMES_TYPED.filter(lambda name: "\n" not in name and "\r" not in name)
CARD_LINES = st.tuples(INVISIBLE, COUNTS, MARKS, NAMES_TYPED).map("".join)
OTHER_LINES = st.one_of(
    st.text(max_size=60),
    st.sampled_from(["## Event (3)", "", "45 cards (min 45)", "Cards up to Core", "# comment", "Format: standard"]),
    st.integers(1, 3000).map(lambda n: "1x a" + " " * n + "b"),
    st.integers(1, 3000).map(lambda n: "a" + " \t" * n + "(x"),
    st.integers(1, 3000).map(lambda n: "# name: a" + " " * n + "b"),
    st.integers(1, 2000).map(lambda n: "Foo" + " •" * n + " x"),
)
TEXT_LISTS = st.lists(CARD_LINES | OTHER_LINES, max_size=30).map("\n".join)
LINE_ENDS = st.sampled_from(["\n", "\r\n", "\r", "\x0c", "\u2028", "\x85"])


def _card_xml(qty: str, guid: str, title: str) -> str:
    return f"<card qty={quoteattr(qty)} id={quoteattr(guid)}>{escape(title)}</card>"


XML_TEXT = st.text(alphabet=st.characters(exclude_categories=["Cs"]), max_size=20)
CARD_XML = st.builds(_card_xml, COUNTS | XML_TEXT, st.sampled_from(GUIDS) | XML_TEXT, NAMES_TYPED)
SECTION_XML = st.lists(CARD_XML, max_size=6).map(lambda cards: '<section name="R&amp;D / Stack">' + "".join(cards) + "</section>")
NOTES_XML = st.builds(
    lambda name, mode: f"<notes>{escape(f'name: {name}{chr(10)}mode: {mode}')}</notes>",
    XML_TEXT,
    st.sampled_from(["standard", "Not A Slug", ""]) | XML_TEXT,
)
O8D = st.one_of(
    st.lists(SECTION_XML | NOTES_XML | CARD_XML, max_size=4).map(lambda parts: "<deck>" + "".join(parts) + "</deck>"),
    st.integers(0, 2000).map(lambda n: "<deck>" + "<section>" * n + "</section>" * n + "</deck>"),
    st.sampled_from(
        [
            '<?xml version="1.0"?><!DOCTYPE d [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;">]><deck>&b;</deck>',
            '<!DOCTYPE d [<!ENTITY e SYSTEM "file:///etc/passwd">]><deck><notes>&e;</notes></deck>',
            "<deck><notes>&undefined;</notes></deck>",
            "<notadeck/>",
            "<deck>",
        ]
    ),
)


# --------------------------------------------------------------------------
# the library: readers


@settings(SLOW, max_examples=60)
@given(data=st.binary(max_size=3000), suffix=st.sampled_from([".json", ".txt", ".o8d"]))
def test_random_bytes_in_every_reader(data: bytes, suffix: str) -> None:
    read_bytes_as(data, suffix)


@settings(SLOW, max_examples=60)
@given(value=DECK_SHAPES | JSON_VALUES)
def test_random_json_shapes(value: Any) -> None:
    read_bytes_as(json.dumps(value).encode("utf-8"), ".json")


@settings(SLOW)
@given(text=HOSTILE_JSON)
def test_hostile_json_is_a_finding(text: str) -> None:
    loaded = read_bytes_as(text.encode("utf-8"), ".json")
    assert loaded is not None and loaded.deck is None and loaded.findings


@settings(SLOW, max_examples=60)
@given(text=TEXT_LISTS, end=LINE_ENDS, header=st.booleans())
def test_random_unicode_lines(text: str, end: str, header: bool) -> None:
    body = ("# game: netrunner\n# mode: standard\n" if header else "") + text.replace("\n", end)
    read_bytes_as(body.encode("utf-8"), ".txt")


@settings(SLOW, max_examples=60)
@given(lines=st.lists(st.tuples(INVISIBLE, COUNTS, MARKS, ONE_LINE_NAMES), max_size=25, unique_by=lambda t: t[3]))
def test_no_card_line_is_dropped_in_silence(lines: list[tuple[str, str, str, str]]) -> None:
    """Every line that starts with a count is a card in the deck or an error at that line, never a heading."""
    header = "# game: netrunner\n# mode: standard\n"
    loaded = read_bytes_as((header + "\n".join("".join(t) for t in lines)).encode("utf-8"), ".txt")
    assert loaded is not None
    flagged = {f.line for f in loaded.findings}
    placed = {line for line, _ in loaded.lines.values()}
    cut = min((f.line or 0 for f in loaded.findings if f.code == "deck.limit.cards"), default=None)
    for number, (_, _, _, name) in enumerate(lines, start=3):
        if cut is not None and number > cut:
            break  # "the rest is not read", said once at the line where the limit was passed
        line = "".join(lines[number - 3])
        if not name.strip() or deck_formats._FOOTER.match(line.strip()):
            continue  # "3x " with no name (the number stands alone), or NetrunnerDB's footer ("45 cards")
        assert number in flagged | placed, (number, lines[number - 3])


@settings(SLOW, max_examples=60)
@given(xml=O8D)
def test_random_o8d(xml: str) -> None:
    read_bytes_as(xml.encode("utf-8"), ".o8d")


@pytest.mark.parametrize("fmt", ["nrdb", "jinteki", "text"])
def test_lists_in_other_tools_formats_read_with_hostile_lines(fmt: str) -> None:
    lines = ["Spark", "\u200fVera “Fingers” Thorne (Core)", "", "Event (3)", "３x Archive Heist (Core) ●●", "-1x Hush Box"]
    loaded = read_bytes_as("\n".join(lines).encode("utf-8"), ".txt", fmt=fmt)
    assert loaded is not None and loaded.deck is not None
    assert loaded.deck.cards == {"archive_heist": 3} and loaded.deck.identity == "vera_fingers_thorne"
    assert [(f.code, f.line) for f in loaded.findings] == [("deck.count", 6)]


def test_the_work_of_reading_is_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    """A list at the size limit, all of it unknown names and headings, costs a bounded number of name
    look-ups and suggestions: the bound is structural (the limits), not a measured time."""
    calls = {"lookup": 0, "suggestions": 0}
    lookup, suggestions = NameIndex.lookup, NameIndex.suggestions

    def counted(name: str) -> Callable[..., Any]:
        method = lookup if name == "lookup" else suggestions

        def wrapper(self: NameIndex, *args: Any, **kw: Any) -> Any:
            calls[name] += 1
            return method(self, *args, **kw)

        return wrapper

    monkeypatch.setattr(NameIndex, "lookup", counted("lookup"))
    monkeypatch.setattr(NameIndex, "suggestions", counted("suggestions"))
    lines, size, i = [], 0, 0
    while size < MAX_DECK_BYTES - 100:
        line = f"1x Unknown card {i} (Set) ••" if i % 2 else f"A heading nobody wrote {i}"
        lines.append(line)
        size += len(line) + 1
        i += 1
    loaded = read_bytes_as("\n".join(lines).encode("utf-8"), ".txt")
    assert loaded is not None and loaded.deck is None
    assert calls["suggestions"] <= MAX_SUGGESTED
    assert calls["lookup"] <= len(GAMES) * 3 * (MAX_CARDS + IDENTITY_LINES) + 3 * (MAX_CARDS + IDENTITY_LINES)


@settings(SLOW, max_examples=80)
@given(value=JSON_VALUES)
def test_loads_limited_reads_json_back_or_says_where(value: Any) -> None:
    text = json.dumps(value)
    try:
        assert loads_limited(text) == value
    except JsonSyntaxError as exc:
        assert "digits" in exc.message and exc.line >= 1


@settings(SLOW, max_examples=80)
@given(text=st.text(max_size=200) | HOSTILE_JSON)
def test_loads_limited_raises_only_json_syntax_errors(text: str) -> None:
    try:
        loads_limited(text)
    except JsonSyntaxError as exc:
        assert exc.line >= 1 and exc.column >= 1 and one_line(exc.message)


# --------------------------------------------------------------------------
# the CLI, property-based


@settings(SLOW)
@given(
    content=TEXT_LISTS.map(lambda t: t.encode("utf-8"))
    | DECK_SHAPES.map(lambda v: json.dumps(v).encode("utf-8"))
    | O8D.map(lambda x: x.encode("utf-8"))
    | st.binary(max_size=500),
    suffix=st.sampled_from([".txt", ".json", ".o8d"]),
)
def test_cli_validate_any_file(pool: Any, content: bytes, suffix: str) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / f"deck{suffix}"
        path.write_bytes(content)
        result = run("deck", "validate", path)
        assert result.exit_code in (0, 1), result.output  # the file was read: never 2
        assert result.stderr == ""
        lines = result.stdout.splitlines()
        assert lines and all(line.startswith(f"{path}:") for line in lines), result.stdout
        assert lines[-1].endswith("· legal") == (result.exit_code == 0)


@settings(SLOW)
@given(
    content=TEXT_LISTS.map(lambda t: f"# game: netrunner\n# mode: standard\n{t}")
    | DECK_SHAPES.map(json.dumps)
    | O8D,
    suffix=st.sampled_from([".txt", ".json", ".o8d"]),
    command=st.sampled_from(["show", "stats", "draw", "odds", "convert"]),
    to=st.sampled_from(["json", "text", "nrdb", "jinteki", "o8d"]),
)
def test_cli_commands_on_any_file_write_nothing_on_error(
    pool: Any, content: str, suffix: str, command: str, to: str
) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / f"deck{suffix}"
        path.write_text(content, encoding="utf-8")
        out = Path(tmp) / "out" / "converted"
        out.parent.mkdir()
        args: list[Any] = ["deck", command, path]
        if command == "convert":
            args += ["--to", to, "--out", out]
        result = run(*args)
        if result.exit_code == 0:
            return
        assert list(out.parent.iterdir()) == []
        line = result.stderr.splitlines()
        if result.exit_code == 2:  # the deck is of another game than the command or format serves
            assert len(line) == 1 and ("is for netrunner decks" in line[0] or "dealt, not drawn" in line[0]), line
        else:
            assert result.exit_code == 1
            refusal(result, path)


# --------------------------------------------------------------------------
# the CLI: a table of concrete hostile files, each through every deck command


def _lines(*extra: str, base: str = FINGERS) -> str:
    return base + "".join(f"{line}\n" for line in extra)


def _replace(old: str, new: str) -> str:
    assert old in FINGERS
    return FINGERS.replace(old, new, 1)


def _json(**changes: Any) -> str:
    return json.dumps({**FINGERS_JSON, **changes})


def _o8d(*cards: str, notes: str = "name: x\nmode: standard") -> str:
    identity = '<card qty="1" id="x">Vera “Fingers” Thorne</card>'
    body = "".join(cards)
    return f'<deck><section name="Identity">{identity}</section><section name="R&amp;D / Stack">{body}</section><notes>{escape(notes)}</notes></deck>'


HEISTS = '<card qty="3" id="x">Archive Heist</card>'
# (id, file name, content, line of the problem, fragment of its message: the reader's | the validator's)
BAD_FILES: list[tuple[str, str, str | bytes, int | None, str]] = [
    ("count-100", "l.txt", _replace("3x 暗影钥匙", "100x 暗影钥匙"), 5, "count 100 is over the limit of 99 copies per line"),
    ("count-negative", "l.txt", _replace("3x 暗影钥匙", "-3x 暗影钥匙"), 5, "count '-3': a line holds 1 to 99 copies"),
    ("count-zero", "l.txt", _replace("3x 暗影钥匙", "0x 暗影钥匙"), 5, "count 0: a line holds 1 to 99 copies"),
    ("count-superscript", "l.txt", _replace("3x 暗影钥匙", "³x 暗影钥匙"), 5, "count '³' is not written with the digits 0-9"),
    ("count-arabic-indic", "l.txt", _replace("3x 暗影钥匙", "٣x 暗影钥匙"), 5, "not written with the digits 0-9"),
    ("count-last-100", "l.txt", _replace("3x 暗影钥匙", "暗影钥匙 x100"), 5, "count 100 is over the limit"),
    ("count-thousands-of-digits", "l.txt", _replace("3x 暗影钥匙", "9" * 3000 + "x 暗影钥匙"), 5, "is over the limit of 99"),
    ("count-without-name", "l.txt", _lines("3x"), APPENDED, "count 3 without a card name"),
    ("card-total-over-99", "l.txt", _lines("99x 暗影钥匙"), APPENDED, "comes to 102 copies; a deck holds at most 99"),
    ("unknown-card", "l.txt", _lines("1x No Such Card"), APPENDED, "no netrunner card is called 'No Such Card'"),
    ("deck-over-1000-cards", "l.txt", _lines(*[f"99x {t}" for t in OTHER_TITLES[:12]]), APPENDED + 9, "more than 1000 cards"),
    ("line-too-long", "l.txt", _lines("1x " + "a" * MAX_LINE_CHARS), APPENDED, f"the limit is {MAX_LINE_CHARS}"),
    ("file-too-large", "l.txt", _lines(*["# pad" + " " * 99] * 2700), 1, "larger than 256 KiB"),
    ("not-utf8", "l.txt", FINGERS.encode("utf-8") + b"\xff\n", APPENDED, "not UTF-8"),
    ("players-not-a-number", "l.txt", "# game: crossfire\n# mode: crossfire\n# players: ²\n1 VIP\n", 3, "needs a number"),
    ("json-deep", "d.json", "[" * 5000 + "]" * 5000, 1, "nested deeper than 32 levels"),
    ("json-deep-below-recursion", "d.json", '{"a":' * 600 + "1" + "}" * 600, 1, "nested deeper than 32 levels"),
    ("json-long-integer", "d.json", _json().replace('"shade_key": 3', '"shade_key": ' + "9" * 5000), 1, "has 5000 digits; the limit is 20"),
    ("json-64-bit", "d.json", _json().replace('"shade_key": 3', '"shade_key": 18446744073709551616'), 1, "expected a number of at most 99"),
    ("json-nan", "d.json", _json().replace('"shade_key": 3', '"shade_key": NaN'), 1, "NaN is not a JSON value"),
    ("json-lone-surrogate", "d.json", _json(name="\ud800"), 1, "lone surrogate"),
    ("json-unknown-id", "d.json", _json(cards={**FINGERS_JSON["cards"], "no_such_card": 1}), 1, "no netrunner card has id 'no_such_card'"),
    ("json-identity-is-a-card", "d.json", _json(identity="shade_key"), 1, "'shade_key' is a card, not an identity | no netrunner identity has id 'shade_key' (it is a card)"),
    ("json-over-1000-cards", "d.json", _json(cards={f"c{i}": 99 for i in range(11)}), 1, "1090 cards; the limit is 1000"),
    ("o8d-long-qty", "d.o8d", _o8d(f'<card qty="{"9" * 3000}" id="x">Archive Heist</card>'), 1, "is over the limit of 99"),
    ("o8d-superscript-qty", "d.o8d", _o8d('<card qty="²" id="x">Archive Heist</card>'), 1, "not written with the digits 0-9"),
    ("o8d-deep", "d.o8d", "<deck>" + "<section>" * 40 + "</section>" * 40 + "</deck>", 1, "nested deeper than 32"),
    ("o8d-billion-laughs", "d.o8d", '<!DOCTYPE d [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;&a;&a;">]><deck>&b;</deck>', 1, "DOCTYPE"),
    ("o8d-external-entity", "d.o8d", '<!DOCTYPE d [<!ENTITY e SYSTEM "file:///etc/passwd">]><deck>&e;</deck>', 1, "DOCTYPE"),
    ("o8d-card-outside-section", "d.o8d", _o8d(HEISTS).replace("<notes>", HEISTS + "<notes>"), 1, "is not read: a <card> belongs"),
    ("o8d-bad-mode-note", "d.o8d", _o8d(HEISTS, notes="mode: Not A Slug!"), 1, "mode: expected an id (lower-case letters and digits"),
    ("o8d-two-identities", "d.o8d", _o8d('<card qty="1" id="x">Cassia "Rust" Moreau</card>'), 1, "a deck has one identity"),
]
COMMANDS = ["validate", "show", "stats", "draw", "odds", "convert"]


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize(("name", "content", "line", "fragment"), [c[1:] for c in BAD_FILES], ids=[c[0] for c in BAD_FILES])
@pytest.mark.slow
def test_hostile_file(
    pool: Any, tmp_path: Path, command: str, name: str, content: str | bytes, line: int | None, fragment: str
) -> None:
    path = tmp_path / name
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8", newline="")
    out = tmp_path / "out.json"
    args: list[Any] = ["deck", command, path] + (["--to", "json", "--out", out] if command == "convert" else [])
    result = run(*args, "--lang", "en")  # the summary words checked below are English
    assert result.exit_code == 1, result.output
    read_as, _, validated_as = fragment.partition(" | ")
    fragment = validated_as if command == "validate" and validated_as else read_as
    if command == "validate":
        lines = result.stdout.splitlines()
        assert all(ln.startswith(f"{path}:") for ln in lines) and lines[-1].endswith(")"), result.stdout
        assert "illegal (" in lines[-1] and "· legal" not in lines[-1]
        first = next(ln for ln in lines if fragment in ln)
        if line is not None:
            assert first.startswith(f"{path}:{line}:"), first
        return
    message = refusal(result, path, line)
    if fragment not in message:  # the first problem is another one; the fragment's is among the findings
        assert fragment in run("deck", "validate", path).stdout
    assert not out.exists() and sorted(p.name for p in tmp_path.iterdir()) == [name]


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize(
    "content",
    [
        _replace("3x 暗影钥匙", "\u200e3x 暗影钥匙"),
        _replace("3x 暗影钥匙", "\u200f3x 暗影钥匙"),
        _replace("3x 暗影钥匙", "\u061c3x 暗影钥匙"),
        _replace("3x 暗影钥匙", "３x 暗影钥匙"),
        _replace("3x 暗影钥匙", "３ｘ　暗影钥匙"),
        _replace("3x 暗影钥匙", "03x 暗影钥匙"),
        _replace("3x 暗影钥匙", "3x" + " " * 3000 + "暗影钥匙"),
        FINGERS.replace("\n", "\r\n"),
    ],
    ids=["lrm", "rlm", "alm", "full-width", "full-width-x-and-space", "leading-zero", "spaces", "crlf"],
)
def test_read_correctly_where_unambiguous(pool: Any, tmp_path: Path, command: str, content: str) -> None:
    path = tmp_path / "l.txt"
    path.write_text(content, encoding="utf-8", newline="")
    result = run("deck", command, path, "--lang", "en", *(["--to", "json"] if command == "convert" else []))
    assert result.exit_code == 0, result.output
    if command == "validate":
        assert result.stdout.endswith("45 cards (min 45) · 4/15 influence · legal\n")
    if command == "convert":
        assert json.loads(result.stdout)["cards"]["shade_key"] == 3


def test_the_summary_is_illegal_whenever_there_is_an_error(pool: Any, tmp_path: Path) -> None:
    path = tmp_path / "l.txt"
    path.write_text(_lines("1x No Such Card"), encoding="utf-8")
    text = run("deck", "validate", "--lang", "en", path)
    assert text.exit_code == 1 and text.stdout.splitlines()[-1] == f"{path}: 45 cards (min 45) · 4/15 influence · illegal (1 error)"
    as_json = run("deck", "validate", "--format", "json", "--lang", "en", path)
    [entry] = json.loads(as_json.stdout)
    assert entry["legal"] is False and entry["summary"].endswith("illegal (1 error)")


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize("what", ["missing", "directory", "fifo"])
def test_a_file_that_cannot_be_read_is_exit_2(pool: Any, tmp_path: Path, command: str, what: str) -> None:
    path = tmp_path / "deck.txt"
    if what == "directory":
        path.mkdir()
    elif what == "fifo":
        os.mkfifo(path)
    result = run("deck", command, path, *(["--to", "json"] if command == "convert" else []))
    assert result.exit_code == 2, result.output
    reason = {"missing": "No such file or directory", "directory": "it is a directory", "fifo": "not a regular file"}
    expected = f"{path}: cannot read: {reason[what]}"
    if command == "validate" and what == "directory":  # validate reads the deck files in a directory
        expected = f"{path}: no deck files (.json, .txt, .o8d) in this directory"
    assert one_line(result.stderr) and expected in result.stderr


# --------------------------------------------------------------------------
# outputs that cannot be written: one line, exit 2, nothing written


def _unwritable(kind: str, tmp: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, str]:
    if kind == "a-directory":
        (tmp / "dir.json").mkdir()
        return tmp / "dir.json", "is a directory"
    if kind == "parent-is-a-file":
        (tmp / "file").write_text("x", encoding="utf-8")
        return tmp / "file" / "x.json", "not a directory"
    if kind == "no-such-directory":
        return tmp / "nope" / "x.json", "no such directory"
    if kind == "exists":
        (tmp / "x.json").write_text("keep", encoding="utf-8")
        return tmp / "x.json", "already exists; use --force"
    if kind == "denied":  # as a read-only directory answers (and root is never denied, so simulated)
        import toolkit.jsonio

        def denied(path: Path, data: bytes) -> None:
            raise PermissionError(13, "Permission denied", str(path))

        monkeypatch.setattr(toolkit.jsonio, "atomic_write_bytes", denied)
        return tmp / "x.json", "cannot write: Permission denied"
    raise AssertionError(kind)


UNWRITABLE = ["a-directory", "parent-is-a-file", "no-such-directory", "exists", "denied"]


@pytest.mark.parametrize("kind", UNWRITABLE)
def test_convert_to_an_unwritable_output(pool: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, kind: str) -> None:
    source = tmp_path / "src" / "deck.txt"
    source.parent.mkdir()
    source.write_text(FINGERS, encoding="utf-8")
    target = tmp_path / "target"
    target.mkdir()
    out, fragment = _unwritable(kind, target, monkeypatch)
    before = sorted(p.relative_to(target) for p in target.rglob("*"))
    result = run("deck", "convert", source, "--to", "json", "--out", out, *(["--force"] if kind == "denied" else []))
    assert result.exit_code == 2, result.output
    assert one_line(result.stderr) and fragment in result.stderr
    assert sorted(p.relative_to(target) for p in target.rglob("*")) == before


@pytest.mark.parametrize("kind", UNWRITABLE)
def test_new_to_an_unwritable_output(pool: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, kind: str) -> None:
    out, fragment = _unwritable(kind, tmp_path, monkeypatch)
    before = sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*"))
    result = run("deck", "new", "--game", "tactics", "--mode", "duo", "--out", out)
    assert result.exit_code == 2, result.output
    assert one_line(result.stderr) and fragment in result.stderr
    assert sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*")) == before


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into a read-only directory")
def test_convert_into_a_read_only_directory(pool: Any, tmp_path: Path) -> None:
    source = tmp_path / "deck.txt"
    source.write_text(FINGERS, encoding="utf-8")
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(stat.S_IRUSR | stat.S_IXUSR)
    try:
        result = run("deck", "convert", source, "--to", "json", "--out", locked / "x.json")
        assert result.exit_code == 2 and one_line(result.stderr) and "cannot write" in result.stderr
        assert list(locked.iterdir()) == []
    finally:
        locked.chmod(stat.S_IRWXU)


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["--game", "tactics", "--mode", "duo", "--name", "x" * 3000], "--name: expected at most 2000 characters"),
        (["--game", "tactics", "--mode", "duo", "--name", "\x00"], None),
        (["--game", "chess", "--mode", "duo"], "--game 'chess': no such game"),
        (["--game", "tactics", "--mode", "nope"], "--mode 'nope'"),
        (["--game", "crossfire", "--mode", "crossfire", "--players", "9" * 30], "is for 5-10 players, not 9999"),
        (["--game", "crossfire", "--mode", "crossfire", "--players", "9" * 5000], ": too large a number"),
        (["--game", "crossfire", "--mode", "crossfire", "--players", "-1"], "is for 5-10 players, not -1"),
        (["--game", "netrunner", "--mode", "standard", "--identity", "‮nobody"], "no netrunner identity"),
        (["--game", "netrunner", "--mode", "standard", "--identity", ""], "no netrunner identity is called ''"),
        (["--game", "tactics", "--mode", "duo", "--agent", "\u200fnobody"], "no tactics agent"),
    ],
    ids=["long-name", "nul-name", "no-game", "no-mode", "players-64-bit", "players-5000-digits", "players-negative", "identity", "empty-identity", "agent"],
)
def test_new_with_hostile_options(pool: Any, tmp_path: Path, args: list[str], fragment: str | None) -> None:
    out = tmp_path / "new.json"
    result = run("deck", "new", *args, "--out", out)
    if fragment is None:  # a name typer passes on: written, and it reads back as one line
        assert result.exit_code == 0, result.output
        assert run("deck", "validate", out).exit_code in (0, 1)
        return
    assert result.exit_code == 2, result.output
    assert fragment in result.output and not out.exists()


@pytest.mark.parametrize("fmt", ["text", "nrdb", "jinteki", "o8d", "json"])
def test_a_name_with_line_breaks_cannot_add_cards(pool: Any, tmp_path: Path, fmt: str) -> None:
    source = tmp_path / "d.json"
    source.write_text(_json(name="evil\n99x 暗影钥匙\r\n]]>\x01\u2028x"), encoding="utf-8")
    out = tmp_path / f"out.{fmt}"
    assert run("deck", "convert", source, "--to", fmt, "--out", out).exit_code == 0
    back = read_deck(out, NAMES, default_modes=DEFAULTS, fmt="text" if fmt in ("nrdb", "jinteki") else None)
    assert back.deck is not None and back.deck.cards == FINGERS_JSON["cards"], [f.format() for f in back.findings]
