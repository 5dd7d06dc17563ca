"""More error paths on stderr in the user's language: decks, simulate, crossfire, maps, text, play, scenario, print.

As tests/test_errors_lang.py: each path is provoked under DOSSIER_LANG=zh-Hans (no English word but names,
paths, ids, codes and option names), en (no Chinese character) and the pseudo-locale en-XA (no plain ASCII
word at all but those), with the same exit code and one line in every language.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from typer.testing import CliRunner

from toolkit import i18n
from toolkit.cli import app
from toolkit.sheets.fonts import BUNDLED, FONT_DIR

from .conftest import CARDS, ROOT
from .test_errors_lang import CJK, EN_PREFIX, LANGS, ZH_PREFIX, assert_one_line_in_each_language, english_words

EX = ROOT / "examples" / "decks"
TACTICS_MODES = {"tactics", "duel", "duo", "expert", "melee", "nightmare"}
CHOICES = {"heuristic", "brawler", "random", "search", "corp", "runner"}


@dataclass(frozen=True)
class Case:
    """An error path: the arguments after ``dossier`` (made in a temporary directory holding the files of
    :func:`_files`), the words it may show as they are (ids, values, command names), the exit code."""

    args: Callable[[Path], list[str]]
    allowed: set[str] = field(default_factory=set)
    exit_code: int = 2
    finding: bool = False  # the refusal is the deck's finding, as `deck validate` words it (its place first)


def _files(tmp: Path) -> None:
    """The bad inputs every case may name."""
    if hasattr(os, "mkfifo"):
        os.mkfifo(tmp / "pipe.json")
    os.symlink(tmp / "nowhere.json", tmp / "link.json")
    (tmp / "empty").mkdir()
    (tmp / "notes.txt").write_text("my notes\n", encoding="utf-8")
    (tmp / "bad.json").write_text('{"game": ', encoding="utf-8")
    (tmp / "notdeck.json").write_text('{"game": "tactics", "name": "x", "cards": {}}', encoding="utf-8")
    (tmp / "unknown.txt").write_text("# game: tactics\n# mode: duo\n1x Nonexistent Card\n", encoding="utf-8")
    (tmp / "picks.txt").write_text("# no picks\n", encoding="utf-8")
    (tmp / "blank.txt").write_text("\n\n", encoding="utf-8")
    (tmp / "frames.json").write_text('{"title": "x"}', encoding="utf-8")
    (tmp / "card.json").write_text('{"game": "tactics", "kind": "card", "id": "x"}', encoding="utf-8")
    dockyard = json.loads((CARDS / "tactics" / "maps" / "dockyard.json").read_text(encoding="utf-8"))
    (tmp / "hexes.json").write_text(json.dumps({**dockyard, "adjacency": 6}), encoding="utf-8")
    (tmp / "save.json").write_text('{"format": "nope"}', encoding="utf-8")
    (tmp / "save-no-seed.json").write_text('{"format": "dossier-netrunner-game/1"}', encoding="utf-8")
    (tmp / "scenario.json").write_text('{"name": 5}', encoding="utf-8")
    (tmp / "font.ttf").write_text("not a font\n", encoding="utf-8")
    (tmp / "templates" / "tactics").mkdir(parents=True)
    (tmp / "templates" / "tactics" / "card.json").write_text('{"boxes": ', encoding="utf-8")


DUO = str(EX / "tactics" / "duo.json")
CASES: dict[str, Case] = {
    # deck validate, show, stats, convert, new, draw; draft
    "validate a FIFO": Case(lambda t: ["deck", "validate", str(t / "pipe.json")]),
    "validate a dangling link": Case(lambda t: ["deck", "validate", str(t / "link.json")]),
    "validate an empty directory": Case(lambda t: ["deck", "validate", str(t / "empty")]),
    # (`deck validate` tells these as the deck's finding, s72: `deck show` refuses them)
    "show under an unknown mode": Case(lambda t: ["deck", "show", DUO, "--mode", "nosuch"], TACTICS_MODES),
    "show under an unknown ban list": Case(
        lambda t: ["deck", "show", str(EX / "netrunner" / "corp-weyland-skyward.json"), "--banlist", "nosuch"],
        {"Standard"},  # the format's English name
    ),
    "show a missing deck": Case(lambda t: ["deck", "show", str(t / "missing.json")]),
    "show a directory": Case(lambda t: ["deck", "show", str(t / "empty")]),
    "show a deck naming an unknown card": Case(lambda t: ["deck", "show", str(t / "unknown.txt")], {"cards"},
                                               exit_code=1, finding=True),
    "show a deck of bad JSON": Case(lambda t: ["deck", "show", str(t / "bad.json")], exit_code=1, finding=True),
    "stats of a record that is no deck": Case(lambda t: ["deck", "stats", str(t / "notdeck.json")], exit_code=1,
                                                 finding=True),
    "convert to an unknown format": Case(
        lambda t: ["deck", "convert", DUO, "--to", "xml"], {"json", "text", "nrdb", "jinteki"}
    ),
    "convert a tactics deck to nrdb": Case(lambda t: ["deck", "convert", DUO, "--to", "nrdb"], {"nrdb"}),
    "convert over an existing file": Case(
        lambda t: ["deck", "convert", DUO, "--to", "text", "--out", str(t / "notes.txt")]
    ),
    "new with another suffix": Case(
        lambda t: ["deck", "new", "--game", "tactics", "--mode", "duo", "--out", str(t / "x.csv")]
    ),
    "new crossfire without players": Case(
        lambda t: ["deck", "new", "--game", "crossfire", "--mode", "crossfire", "--out", str(t / "x.json")],
        {"crossfire"},
    ),
    "new with an unknown agent": Case(
        lambda t: ["deck", "new", "--game", "tactics", "--mode", "duo", "--agent", "zzz", "--out", str(t / "x.json")],
        {"cards"},  # (the pool's folder, named in the hint that it may not be the pool meant)
    ),
    "draw from a crossfire role set": Case(
        lambda t: ["deck", "draw", str(EX / "crossfire" / "crossfire-5.json")], {"crossfire"}
    ),
    "draft from a script out of picks": Case(lambda t: ["draft", "--script", str(t / "picks.txt"), "--seed", "1"],
                                             exit_code=1),
    "draft from a FIFO": Case(lambda t: ["draft", "--script", str(t / "pipe.json")]),
    # simulate
    "simulate another game": Case(
        lambda t: ["simulate", "chess", "--decks", "a", "--decks", "b"], {"tactics", "netrunner", "chess"}
    ),
    "simulate crossfire": Case(
        lambda t: ["simulate", "crossfire", "--decks", "a", "--decks", "b"],
        {"tactics", "netrunner", "crossfire"},
    ),
    "simulate one deck": Case(lambda t: ["simulate", "tactics", "--decks", DUO]),
    "simulate with an unknown decider": Case(
        lambda t: ["simulate", "tactics", "--decks", DUO, "--decks", DUO, "--decider", "smart"], CHOICES
    ),
    "simulate decks of two modes": Case(
        lambda t: ["simulate", "tactics", "--decks", DUO, "--decks", str(EX / "tactics" / "duel.json")], {"Duel", "Duo"}  # the modes' English names
    ),
    "simulate two corp decks": Case(
        lambda t: ["simulate", "netrunner", "--decks", str(EX / "netrunner" / "corp-weyland-skyward.json"),
                   "--decks", str(EX / "netrunner" / "corp-hb-tireless-hands.json")],
        {"netrunner"},
    ),  # fmt: skip
    "simulate a missing deck": Case(lambda t: ["simulate", "tactics", "--decks", str(t / "x.json"), "--decks", DUO]),
    # crossfire
    "deal to a name given twice": Case(lambda t: ["crossfire", "deal", "-n", "6", "--names", "a,a,c,d,e,f"]),
    "deal to too few names": Case(lambda t: ["crossfire", "deal", "-n", "6", "--names", "a,b"]),
    "deal the table and the slips to one file": Case(
        lambda t: ["crossfire", "deal", "-n", "6", "--out", str(t / "x.json"), "--slips", str(t / "x.json")]
    ),
    "deal privately as JSON": Case(
        lambda t: ["crossfire", "deal", "-n", "6", "--private", "--format", "json"], {"json"}
    ),
    "deal from a pool without roles": Case(
        lambda t: ["crossfire", "deal", "-n", "6", "--cards", str(t / "empty")], {"cards"}
    ),
    "deal slips over a file of notes": Case(
        lambda t: ["crossfire", "deal", "-n", "6", "--slips", str(t / "notes.txt")], {"PDF"}
    ),
    "resolve a FIFO": Case(lambda t: ["crossfire", "resolve", str(t / "pipe.json")]),
    "score a table of bad JSON": Case(lambda t: ["crossfire", "score", str(t / "bad.json")], exit_code=1),
    # map
    "show a missing map file": Case(lambda t: ["map", "show", str(t / "missing.json")]),
    "show a directory as a map": Case(lambda t: ["map", "show", f"{t / 'empty'}/"]),
    "show a record that is no map": Case(lambda t: ["map", "show", str(t / "card.json")], {"tactics"}),
    "show a map of hexagons": Case(lambda t: ["map", "show", str(t / "hexes.json")]),
    "show an unknown map": Case(lambda t: ["map", "show", "nosuchmap"],
                                  {"dockyard", "headquarters", "hideout", "Dockyard", "Depot", "Headquarters", "Hideout"}),
    "measure from no cell": Case(lambda t: ["map", "measure", "dockyard", "a,b", "1,1"], {"FROM"}),
    "measure from outside": Case(lambda t: ["map", "measure", "dockyard", "99,99", "1,1"], {"FROM"}),
    "render as a GIF": Case(lambda t: ["map", "render", "dockyard", "--out", str(t / "x.gif")]),
    "replay frames that are none": Case(
        lambda t: ["map", "replay", "dockyard", str(t / "frames.json"), "--out", str(t / "x.html")]
    ),
    # text
    "run with a side in tactics": Case(lambda t: ["text", "run", "x", "--side", "corp"], {"netrunner"}),
    "run netrunner for three": Case(lambda t: ["text", "run", "x", "--game", "netrunner", "--players", "3"]),
    "run as an unknown identity": Case(
        lambda t: ["text", "run", "x", "--game", "netrunner", "--identity", "zzz"], {"zzz"}, exit_code=1
    ),
    "parse a file without text": Case(lambda t: ["text", "parse", "--file", str(t / "blank.txt")], exit_code=1),
    # play, scenario
    "play another game": Case(lambda t: ["play", "chess", "--decks", "a"], {"play", "netrunner", "tactics", "chess"}),
    "play an unknown side": Case(lambda t: ["play", "netrunner", "--decks", "a", "--side", "left"], CHOICES),
    "load a save of another format": Case(
        lambda t: ["play", "netrunner", "--load", str(t / "save.json")], exit_code=1
    ),
    "load a save without its seed": Case(
        lambda t: ["play", "netrunner", "--load", str(t / "save-no-seed.json")], exit_code=1
    ),
    "run a scenario with fields missing": Case(
        lambda t: ["scenario", "run", str(t / "scenario.json")], exit_code=1
    ),
    "run a scenario of bad JSON": Case(lambda t: ["scenario", "run", str(t / "bad.json")], exit_code=1),
    # print, fonts
    "print with a font that is none": Case(
        lambda t: ["print", "crossfire/vip", "--out", str(t / "x.pdf"), "--font", str(t / "font.ttf")],
        {"TrueType", "OpenType"},
    ),
    "print with a face a font lacks": Case(
        lambda t: ["print", "crossfire/vip", "--out", str(t / "x.pdf"), "--font", str(FONT_DIR / BUNDLED["regular"]),
                   "--font-index", "3"],
    ),  # fmt: skip
    "print a Tabletop Simulator sheet as JPEG": Case(lambda t: ["print", "crossfire/vip", "--tts", str(t / "x.jpg")]),
    "print with a broken template": Case(
        lambda t: ["print", "--game", "tactics", "--out", str(t / "x.pdf"), "--template", str(t / "templates")],
        exit_code=2,
    ),
    "build fonts from a file that is no font": Case(
        lambda t: ["fonts", "build", "--regular", str(t / "font.ttf"), "--bold", str(t / "font.ttf")],
        {"TrueType", "OpenType"},
    ),
}
FIFO_CASES = {name for name, case in CASES.items() if "pipe.json" in " ".join(case.args(Path("/t")))}


def _run(case: Case, lang: str, tmp: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[int, str]:
    workdir = tmp / lang
    workdir.mkdir()
    _files(workdir)
    monkeypatch.chdir(workdir)
    monkeypatch.setenv("DOSSIER_LANG", lang)
    result = CliRunner().invoke(app, case.args(workdir))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stderr


@pytest.mark.parametrize("name", list(CASES))
@pytest.mark.slow
def test_an_error_in_each_language(name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    case = CASES[name]
    if name in FIFO_CASES and not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs here")
    seen: dict[str, tuple[int, str]] = {}
    for lang in LANGS:
        with i18n.use_lang("en"):
            seen[lang] = _run(case, lang, tmp_path, monkeypatch)
    if case.finding:  # one finding line in each language, the file's place first, its words the language's
        for lang, (code, stderr) in seen.items():
            assert code == case.exit_code and stderr.count("\n") == 1, (lang, stderr)
        zh, en = seen["zh-Hans"][1], seen["en"][1]
        assert "：错误 deck." in zh and english_words(zh, tmp_path / "zh-Hans", case.allowed) == [], zh
        assert ": error deck." in en and not CJK.search(en), en
        return
    assert_one_line_in_each_language(seen, case.exit_code, tmp_path, case.allowed)


def test_the_findings_before_a_refusal_are_in_the_language_too(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """simulate lists an illegal deck's findings, then refuses: every line in the language, the severity too."""
    deck = tmp_path / "short.txt"
    deck.write_text("# game: tactics\n# mode: duo\n# name: short\n1x 寒鸦\n1x 白鹭\n1x 长弓狙击步枪\n", encoding="utf-8")
    lines = {}
    for lang in LANGS:
        monkeypatch.setenv("DOSSIER_LANG", lang)
        result = CliRunner().invoke(app, ["simulate", "tactics", "--decks", str(deck), "--decks", DUO])
        assert result.exit_code == 1, result.output
        lines[lang] = result.stderr.splitlines()
    assert len(lines["zh-Hans"]) >= 2 and all(len(found) == len(lines["zh-Hans"]) for found in lines.values())
    for line in lines["zh-Hans"]:
        assert CJK.search(line) and english_words(line, tmp_path, set()) == [], line
    assert lines["zh-Hans"][0].startswith(str(deck)) and "：错误 deck." in lines["zh-Hans"][0]
    assert lines["zh-Hans"][-1] == f"{ZH_PREFIX}拒绝模拟：上面的牌组不合法"
    assert lines["en"][-1] == f"{EN_PREFIX}refusing to simulate: the decks above are not legal"
    assert ": error deck." in lines["en"][0] and not any(CJK.search(line) for line in lines["en"])
    for line in lines["en-XA"]:
        assert english_words(line, tmp_path, {"Duo"}) == [], line  # the mode's English name


def test_print_tells_a_deck_s_findings_in_the_language(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    deck = tmp_path / "unknown.txt"
    deck.write_text("# game: tactics\n# mode: duo\n1x Nonexistent Card\n", encoding="utf-8")
    lines = {}
    for lang in LANGS:
        monkeypatch.setenv("DOSSIER_LANG", lang)
        result = CliRunner().invoke(app, ["print", "--deck", str(deck), "--out", str(tmp_path / "x.pdf")])
        assert result.exit_code == 1, result.output
        lines[lang] = [line for line in result.stderr.splitlines() if line.startswith((str(deck), "dossier", "‹"))]
    assert len(lines["zh-Hans"]) == 2, lines
    assert "：错误 deck.card.unknown：" in lines["zh-Hans"][0]
    assert lines["zh-Hans"][1] == f"{ZH_PREFIX}{deck}：无法打印这个牌组（见上文）"
    assert ": error deck.card.unknown: " in lines["en"][0] and not any(CJK.search(line) for line in lines["en"])
    for lang in ("zh-Hans", "en-XA"):
        for line in lines[lang]:
            assert english_words(line, tmp_path, set()) == [], line


def test_pydantic_s_refusals_are_worded_in_the_language() -> None:
    from pydantic import BaseModel, ConfigDict, Field, ValidationError

    from toolkit.model_errors import model_error

    class Model(BaseModel):
        model_config = ConfigDict(extra="forbid")
        side: str = Field(pattern="^(corp|runner)$")
        seats: int = Field(ge=2, le=10)
        names: list[str] = Field(min_length=1)

    def errors(data: dict[str, object]) -> list[dict[str, object]]:
        with pytest.raises(ValidationError) as refused:
            Model.model_validate(data)
        return [dict(e) for e in refused.value.errors()]

    found = errors({"side": "judge", "seats": 12, "names": [], "colour": "red"})
    by_field = {str(e["loc"][0]): e for e in found}
    missing = errors({})[0]
    with i18n.use_lang("en"):
        assert model_error(by_field["seats"]) == "expected a number of at most 10"
        assert model_error(by_field["names"]) == "expected at least 1 item"
        assert model_error(by_field["colour"]) == "not a field of this record"
        assert model_error(missing) == "a required field is missing"
        assert model_error(by_field["side"]) == "expected a string matching '^(corp|runner)$'"
    with i18n.use_lang("zh-Hans"):
        assert model_error(by_field["seats"]) == "应为不大于 10 的数字"
        assert model_error(missing) == "缺少必填字段"
        for error in found:
            message = model_error(error)
            assert CJK.search(message) and english_words(message, ROOT, set()) == [], message
    with i18n.use_lang(i18n.PSEUDO):
        for error in found:
            assert english_words(model_error(error), ROOT, set()) == []


def test_a_literal_s_choices_are_listed_as_the_language_lists_them() -> None:
    from toolkit.model_errors import model_error

    error = {"type": "literal_error", "ctx": {"expected": "4 or 8"}, "msg": "Input should be 4 or 8", "loc": ("a",)}
    with i18n.use_lang("en"):
        assert model_error(error) == "expected one of 4, 8"
    with i18n.use_lang("zh-Hans"):
        assert model_error(error) == "应为 4、8 之一"
    # a kind it does not know keeps pydantic's words rather than saying nothing
    odd = {"type": "uuid_parsing", "msg": "Input should be a valid UUID", "loc": ("a",)}
    assert model_error(odd) == "Input should be a valid UUID"


def test_the_print_font_s_labels_follow_the_language_after_they_are_cached() -> None:
    from toolkit.sheets.fonts import bundled

    with i18n.use_lang("en"):
        fonts = bundled()
        message = fonts.missing_message("\ue000")
        assert "bundled Dossier Sans SC" in message and not CJK.search(message.replace("\ue000", ""))
    with i18n.use_lang("zh-Hans"):
        message = bundled().missing_message("\ue000")  # the same cached font set
        assert "已查找：内置的 Dossier Sans SC；" in message, message
        assert "bundled" not in message, message
