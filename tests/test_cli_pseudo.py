"""Every word of a command's output in one language, found by running the commands.

With ``--lang en-XA`` (the pseudo-locale) every message comes out accented and wrapped in ‹ ›, so a
plain English word in the output did not go through a catalog: the test fails on any word of two or
more ASCII letters that is not a name or id of a record, a path, a number or a code (``snake_case``
ids, ``--options``, ``dotted.codes``, decision labels ``run:hq``, icons ``[credit]``, the query
language's keys and values that ``search`` shows as one types them, ability text quoted “…”, which the
ability language renders, and a record's stored fields that ``show`` lists). The same commands with
``--lang zh-Hans`` print no English word besides those, and with ``--lang en`` no Chinese character
outside a name that has no English one.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from toolkit.catalog import load_catalog
from toolkit.cli import app

from .conftest import CARDS, ROOT
from .test_crossfire_cli import ROUND_BLUE
from .test_i18n_catalogs import LATIN_IN_CHINESE

EX = ROOT / "examples" / "decks"
SCENARIO = ROOT / "examples" / "scenarios" / "run-through-ice.json"
CJK = re.compile(r"[\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uff00-\uffef]")
RECORDS = list(load_catalog([CARDS]).records)


# ---------------------------------------------------------------- what may be written in any language


def _walk(data: Any) -> Iterable[tuple[str, Any]]:
    if isinstance(data, dict):
        for key, value in data.items():
            yield key, value
            yield from _walk(value)
    elif isinstance(data, list):
        for value in data:
            yield "", value
            yield from _walk(value)


def _dicts(data: Any) -> Iterable[dict[str, Any]]:
    if isinstance(data, dict):
        yield data
    for _, value in _walk(data):
        if isinstance(value, dict):
            yield value


def _names_and_ids() -> tuple[set[str], set[str], set[str], set[str]]:
    """Every name of the pool (records and what they name inside: a game's actions, zones, subtypes, a
    format's sets and ban lists) in English and in Chinese, the Chinese names that have no English one,
    and the records' ids."""
    english: set[str] = set()
    chinese: set[str] = set()
    chinese_only: set[str] = set()
    ids: set[str] = set()
    for record in RECORDS:
        ids.add(record.id)  # a record's id (not the ids inside it: a game's zones "hand", "deck" are words)
        for item in _dicts(record.model_dump(mode="json", by_alias=True)):
            names = item.get("name")
            if isinstance(names, dict) and isinstance(names.get("zh-Hans"), str):
                chinese.add(names["zh-Hans"])
                if names.get("en"):
                    english.add(names["en"])
                else:
                    chinese_only.add(names["zh-Hans"])
    for path in EX.rglob("*.json"):  # a deck's own name is the deck's, in whatever language it was written
        name = json.loads(path.read_text(encoding="utf-8")).get("name")
        for one in name.values() if isinstance(name, dict) else [name] if name else []:  # (each language's: a
            english.add(one)  # text list names the deck in both, the reader's first)
            chinese.add(one)
            chinese_only.add(one)
    scenario = json.loads(SCENARIO.read_text(encoding="utf-8"))  # the scenario's own title and rule, in each language
    english |= {scenario["name"]["en"], scenario["rule"]["en"]}
    chinese |= {scenario["name"]["zh-Hans"], scenario["rule"]["zh-Hans"]}
    return english, chinese, chinese_only, ids


ENGLISH_NAMES, CHINESE_NAMES, CHINESE_ONLY, IDS = _names_and_ids()


def _query_words() -> set[str]:
    """The query language's keys and the values of its closed vocabularies: ``search`` shows a hit's
    attributes in them, as one types them."""
    from toolkit.search.keys import KEYS

    words: set[str] = set()
    for key in KEYS:
        words |= {key.name, *key.aliases}
        for value, aliases in (key.vocabulary or {}).items():
            words |= {value, *aliases}
    from toolkit.search import vocab

    for table in (vocab.TYPES, vocab.KINDS, vocab.GAMES):
        for value, aliases in table.items():
            words |= {value, *aliases}
    words |= {"str"}  # stats() shows strength as ``str``, as NetrunnerDB does
    return {w for word in words for w in re.findall(r"[A-Za-z]+", word)}


QUERY_WORDS = _query_words()


def _record_words(record_id: str) -> set[str]:
    """The words of one record's stored fields (keys and values) and of its ability text rendered in English:
    ``show`` lists the fields as they are, and the text as the ability language renders it."""
    from toolkit.text import parse, render

    words: set[str] = set()
    for record in RECORDS:
        if record.id == record_id:
            for key, value in _walk(record.model_dump(mode="json", by_alias=True)):
                words |= set(re.findall(r"[A-Za-z]+", key))
                if isinstance(value, str | bool):
                    words |= set(re.findall(r"[A-Za-z]+", str(value)))
            for text in getattr(record, "text", None) or []:
                words |= set(re.findall(r"[A-Za-z]+", str(render(parse(text), "en"))))
    return words


def _alternation(names: Iterable[str]) -> re.Pattern[str]:
    """Any of ``names`` as a whole (not inside a longer word), longest first."""
    shown = sorted((n for n in names if n.strip()), key=len, reverse=True)
    return re.compile("|".join(f"(?<![A-Za-z]){re.escape(n)}(?![A-Za-z])" for n in shown))


ENGLISH_NAME = _alternation(ENGLISH_NAMES | IDS)
CHINESE_NAME = _alternation(CHINESE_NAMES | IDS)
# codes: ability text quoted “…”, `commands`, --options, paths and files, decision labels, icons, dotted
# finding codes and their severity, snake_case ids, a card in play's #uid, a text deck's directives
CODE = re.compile(
    r"“[^”]*”|`[^`]*`|--[a-z][a-z-]*|\S*/\S*|\S+\.(?:json|txt|o8d|png|pdf|html)\b|\b[a-z_]+:[^\s,，、）)]+"
    r"|\[[a-z_]+\]|\b(?:error|warning) [a-z]+(?:\.[a-z_]+)+|\b[a-z]+(?:\.[a-z0-9_]+)+|\b\w*_\w*\b|#\d+"
    r"|^#+ (?:name(?:\.en|\.zh-Hans)?|game|mode|players|format):"  # a text deck's directives
    r"|^\s+(?:\d+\. )?\S+(?=  — )|(?<=   )\[[^\]\s]+\]$"  # a decision's option by its label (what one types)
    r"|(?<= = )\S+",  # a scenario check's value, as JSON writes it
    re.MULTILINE,
)


def stray_english(text: str, names: re.Pattern[str], allowed: Iterable[str] = ()) -> list[str]:
    """Words of two or more ASCII letters that are no name, id or code (nor in ``allowed``)."""
    text = names.sub(" ", CODE.sub(" ", text))
    known = {w.casefold() for w in allowed}
    return [w for w in re.findall(r"[A-Za-z]{2,}", text) if w.casefold() not in known]


def stray_chinese(text: str) -> list[str]:
    """Chinese characters outside the names that have no English one (and codes)."""
    text = _alternation(CHINESE_ONLY).sub(" ", CODE.sub(" ", text))
    return CJK.findall(text)


# ---------------------------------------------------------------- the commands


def _round(tmp: Path, name: str = "round.json") -> Path:
    path = tmp / name
    path.write_text(json.dumps(ROUND_BLUE), encoding="utf-8")
    return path


def _illegal_deck(tmp: Path) -> Path:
    deck = json.loads((EX / "netrunner" / "runner-criminal-fingers.json").read_text(encoding="utf-8"))
    deck["cards"]["archive_heist"] = 5  # over the copy limit
    deck["cards"]["no_such_card"] = 1  # not in the pool
    path = tmp / "illegal.json"
    path.write_text(json.dumps(deck, ensure_ascii=False), encoding="utf-8")
    return path


NR = EX / "netrunner"
NR_DECKS = ["--decks", NR / "corp-hb-tireless-hands.json", "--decks", NR / "runner-criminal-fingers.json"]
# three melee squads that share no agent (one piece per agent, T24)
MELEE_DECKS = [
    arg for name in ("melee.json", "melee-demolition.json", "melee-recon.json") for arg in ("--decks", EX / "tactics" / name)
]
TA_DECKS = ["--decks", EX / "tactics" / "duo.json", "--decks", EX / "tactics" / "duo-rival.txt"]

# (name, arguments, standard input, words a command may show as they are stored)
Command = tuple[str, Callable[[Path, str], list[Any]], str, set[str]]
COMMANDS: list[Command] = [
    ("simulate tactics", lambda tmp, db: ["simulate", "tactics", *TA_DECKS, "--turns", 5, "--seed", 3], "", set()),
    (
        "simulate tactics melee",
        lambda tmp, db: ["simulate", "tactics", *MELEE_DECKS, "--turns", 4],
        "",
        set(),
    ),
    ("simulate netrunner", lambda tmp, db: ["simulate", "netrunner", *NR_DECKS, "--turns", 30, "--seed", 1], "", set()),
    ("text run", lambda tmp, db: ["text", "run", "你抽两张牌。"], "", set()),
    ("text run netrunner", lambda tmp, db: ["text", "run", "--game", "netrunner", "你获得 2[credit]。"], "", set()),
    ("scenario run", lambda tmp, db: ["scenario", "run", SCENARIO], "", set()),
    (
        "play netrunner",
        lambda tmp, db: ["play", "netrunner", *NR_DECKS, "--side", "runner", "--turns", 3],
        "1\n" * 60,
        set(),
    ),
    ("crossfire deal", lambda tmp, db: ["crossfire", "deal", "-n", "8", "--seed", "3"], "", set()),
    ("crossfire simulate", lambda tmp, db: ["crossfire", "simulate", "-n", "7", "-k", "40"], "", set()),
    ("crossfire resolve", lambda tmp, db: ["crossfire", "resolve", _round(tmp)], "", set()),
    ("crossfire score", lambda tmp, db: ["crossfire", "score", _round(tmp), _round(tmp, "round2.json")], "", set()),
    ("deck stats", lambda tmp, db: ["deck", "stats", NR / "corp-hb-tireless-hands.json"], "", set()),
    ("deck stats tactics", lambda tmp, db: ["deck", "stats", EX / "tactics" / "duo.json"], "", set()),
    ("deck odds", lambda tmp, db: ["deck", "odds", EX / "tactics" / "duo.json", "--turns", "2"], "", set()),
    ("deck draw", lambda tmp, db: ["deck", "draw", NR / "runner-anarch-rust.json", "--seed", "1"], "", set()),
    ("deck show", lambda tmp, db: ["deck", "show", NR / "runner-anarch-rust.json"], "", set()),
    (
        "deck show crossfire",
        lambda tmp, db: ["deck", "show", EX / "crossfire" / "crossfire-9-specials.json"],
        "",
        set(),
    ),
    ("deck convert", lambda tmp, db: ["deck", "convert", EX / "tactics" / "duo.json", "--to", "text"], "", set()),
    ("deck validate", lambda tmp, db: ["deck", "validate", _illegal_deck(tmp)], "", set()),
    ("map show", lambda tmp, db: ["map", "show", "hideout"], "", set()),
    ("map measure", lambda tmp, db: ["map", "measure", "hideout", "0,0", "3,1", "--vision", "side"], "", set()),
    ("search", lambda tmp, db: ["search", "--db", db, "t:装备 攻速>=3"], "", QUERY_WORDS),
    ("search netrunner", lambda tmp, db: ["search", "--db", db, "--game", "netrunner", "t:ice"], "", QUERY_WORDS),
    (
        "show",
        lambda tmp, db: ["show", "--db", db, "longbow_sniper_rifle"],
        "",
        QUERY_WORDS | _record_words("longbow_sniper_rifle"),
    ),
    (
        "show ice",
        lambda tmp, db: ["show", "--db", db, "hb_warden_unit"],
        "",
        QUERY_WORDS | _record_words("hb_warden_unit"),
    ),
]
IDS_OF = [c[0] for c in COMMANDS]


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> str:
    path = tmp_path_factory.mktemp("pseudo") / "cards.db"
    result = CliRunner().invoke(app, ["db", "build", "--db", str(path)])
    assert result.exit_code == 0, result.output
    return str(path)


def run(command: Command, tmp: Path, db: str, lang: str) -> str:
    name, args, answers, _ = command
    result = CliRunner().invoke(app, [*map(str, args(tmp, db)), "--lang", lang], input=answers)
    expected = 1 if name == "deck validate" else 0
    assert result.exit_code == expected, (name, lang, result.output[-2000:])
    return result.stdout


@pytest.mark.parametrize("command", COMMANDS, ids=IDS_OF)
@pytest.mark.slow
def test_the_pseudo_locale_leaves_no_plain_english_word(command: Command, tmp_path: Path, db: str) -> None:
    out = run(command, tmp_path, db, "en-XA")
    assert "‹" in out or command[0] == "deck draw", out[:500]  # the messages went through the catalogs (draw: none)
    stray = stray_english(out, ENGLISH_NAME, command[3])
    assert not stray, (command[0], sorted(set(stray))[:40])


@pytest.mark.parametrize("command", COMMANDS, ids=IDS_OF)
@pytest.mark.slow
def test_chinese_output_has_no_english_word(command: Command, tmp_path: Path, db: str) -> None:
    out = run(command, tmp_path, db, "zh-Hans")
    stray = stray_english(out, CHINESE_NAME, {*command[3], *LATIN_IN_CHINESE})
    assert not stray, (command[0], sorted(set(stray))[:40])


@pytest.mark.parametrize("command", COMMANDS, ids=IDS_OF)
@pytest.mark.slow
def test_english_output_has_no_chinese_character(command: Command, tmp_path: Path, db: str) -> None:
    out = run(command, tmp_path, db, "en")
    stray = stray_chinese(out)
    assert not stray, (command[0], "".join(stray)[:200])


def test_the_checks_catch_what_they_look_for() -> None:
    # a plain word fails, an accented message passes; names, ids and codes pass in any language
    assert stray_english("‹ŕéšúĺť› draw", ENGLISH_NAME) == ["draw"]
    codes = "‹ĉáŕđ›: Steady Aim#15, jackdaw, run:hq, --lang, [credit], “You draw 1 card.”"
    assert stray_english(codes, ENGLISH_NAME) == []
    assert stray_english("结果：玩家1", CHINESE_NAME) == []
    assert stray_english("结果：P1 wins", CHINESE_NAME) == ["wins"]
    assert stray_chinese("Jackdaw (寒鸦)") == ["寒", "鸦"] and stray_chinese("seat 3") == []
