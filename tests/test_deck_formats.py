"""Deck files: every format round-trips; text lists resolve names and report bad ones."""

from __future__ import annotations

from pathlib import Path

import pytest

from toolkit.catalog import load_catalog
from toolkit.decks import NETRUNNER_ONLY, WRITE_FORMATS, NameIndex, read_deck, render_deck
from toolkit.models.deck import Deck
from validators.deck import DeckPool

from .conftest import CARDS, ROOT, SCHEMA

CATALOG = load_catalog([CARDS])
POOL = DeckPool(CATALOG.records)
NAMES = NameIndex(CATALOG.records)
DEFAULTS = {"netrunner": "standard", "crossfire": "crossfire"}
EXAMPLES = sorted((ROOT / "examples" / "decks").rglob("*.json"))
SUFFIX = {"json": ".json", "text": ".txt", "nrdb": ".txt", "jinteki": ".txt", "o8d": ".o8d"}


def lookup(game: str):  # type: ignore[no-untyped-def]
    return POOL.game(game).records.get


def read(path: Path, **kw: object) -> Deck:
    loaded = read_deck(path, NAMES, default_modes=DEFAULTS, **kw)  # type: ignore[arg-type]
    assert loaded.findings == [], [f.format() for f in loaded.findings]
    assert loaded.deck is not None
    return loaded.deck


def cases() -> list[tuple[Path, str]]:
    out = []
    for path in EXAMPLES:
        game = path.parent.name
        for fmt in WRITE_FORMATS:
            if fmt in NETRUNNER_ONLY and game != "netrunner":
                continue
            out.append((path, fmt))
    return out


@pytest.mark.parametrize(("path", "fmt"), cases(), ids=lambda x: x.stem if isinstance(x, Path) else x)
def test_round_trip(path: Path, fmt: str, tmp_path: Path) -> None:
    deck = read(path)
    out = tmp_path / f"{path.stem}{SUFFIX[fmt]}"
    out.write_text(render_deck(deck, fmt, lookup(deck.game), out=out, schema_dir=SCHEMA, lang="en"), encoding="utf-8")
    back = read(out, fmt="text" if fmt in ("nrdb", "jinteki") else fmt)
    expected = deck.model_copy(update={"schema_": back.schema_})
    if fmt == "jinteki":  # no name and no identity (jinteki.net's editor chooses it): the name is the file's
        expected = expected.model_copy(update={"name": path.stem, "identity": None})
    if fmt == "nrdb":  # the name as typed (in English, a deck named in both languages)
        expected = expected.model_copy(update={"name": deck.title("en")})
    assert back == expected


@pytest.mark.parametrize("lang", ["zh-Hans", "en"])
def test_text_round_trip_in_both_languages(lang: str, tmp_path: Path) -> None:
    deck = read(ROOT / "examples/decks/tactics/expert.json")
    out = tmp_path / "d.txt"
    out.write_text(render_deck(deck, "text", lookup("tactics"), lang=lang), encoding="utf-8")
    assert read(out).model_copy(update={"schema_": deck.schema_}) == deck


def write(tmp_path: Path, text: str, name: str = "deck.txt") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize(
    "line",
    [
        "1x 雾刃",
        "1 雾刃",
        "雾刃 x1",
        "1× 雾刃",
        "雾刃 ×1",
        "1x mistblade",
        "1x MISTBLADE",
        "1 Mistblade",
        "1x雾刃",
        "１x 雾刃",
    ],
)
def test_count_and_name_spellings(line: str, tmp_path: Path) -> None:
    deck = read(write(tmp_path, f"# game: tactics\n# mode: duel\n{line}\n"))
    assert deck.agents == ["mistblade"]


def test_headings_comments_and_directives(tmp_path: Path) -> None:
    text = "# name: 测试\n# game: tactics\n# mode: duo\n\n特工 (2)\n1x 寒鸦\n# a comment line\n1x 白鹭\n\n装备\n1x 长弓狙击步枪\n"
    deck = read(write(tmp_path, text))
    assert (deck.name, deck.mode, deck.agents, deck.cards) == (
        "测试",
        "duo",
        ["jackdaw", "egret"],
        {"longbow_sniper_rifle": 1},
    )


def test_game_is_inferred_from_the_names(tmp_path: Path) -> None:
    deck = read(write(tmp_path, "3 VIP\n"), mode="crossfire")
    assert deck.game == "crossfire"


def test_unknown_and_ambiguous_names_are_reported_with_lines(tmp_path: Path) -> None:
    path = write(tmp_path, "# game: tactics\n# mode: duo\n1x 寒鸦\n1x 长弓狙击步抢\n2x 不存在的东西\n")
    loaded = read_deck(path, NAMES)
    found = [(f.code, f.line) for f in loaded.findings]
    assert found == [("deck.card.unknown", 4), ("deck.card.unknown", 5)]
    assert "did you mean '长弓狙击步枪'" in loaded.findings[0].message
    assert loaded.deck is not None and loaded.deck.agents == ["jackdaw"]


def test_mode_is_required_for_tactics(tmp_path: Path) -> None:
    loaded = read_deck(write(tmp_path, "# game: tactics\n1x 寒鸦\n"), NAMES)
    assert [f.code for f in loaded.findings] == ["deck.mode.missing"]


def test_nrdb_export_reads_back_with_sets_dots_and_footer(tmp_path: Path) -> None:
    text = (
        'Rust Yard Party\n\nCassia "Rust" Moreau (Dossier Demo)\n\nEvent (3)\n3x Spark of Insight (Dossier Demo) ●●●\n'
        "1x Bin Diving (Dossier Demo) ♘ ••••• •\n\n"
        "6 influence spent (max 15, available 9)\n45 cards (min 45)\nCards up to Dossier Demo\n"
    )
    deck = read(write(tmp_path, text))
    assert (deck.name, deck.identity, deck.mode) == ("Rust Yard Party", "cassia_rust_moreau", "standard")
    assert list(deck.cards.values()) == [3, 1]


def test_json_deck_errors_are_located(tmp_path: Path) -> None:
    path = write(
        tmp_path, '{\n  "game": "tactics",\n  "mode": "duo",\n  "name": "x",\n  "cards": {"a": 0}\n}\n', "d.json"
    )
    loaded = read_deck(path, NAMES)
    [finding] = loaded.findings
    assert finding.code == "deck.schema" and finding.line == 5 and finding.pointer == "/cards/a"



@pytest.mark.parametrize("count", ['"2"', "true", "2.5"])
def test_json_deck_count_is_a_whole_number_not_text_or_true(tmp_path: Path, count: str) -> None:
    # the schema says an integer: "2" is not read as 2, nor true as 1 (a deck that says so is not legal)
    path = write(tmp_path, f'{{"game": "tactics", "mode": "duo", "name": "x", "cards": {{"a": {count}}}}}', "d.json")
    [finding] = read_deck(path, NAMES).findings
    assert (finding.code, finding.pointer) == ("deck.schema", "/cards/a")
    assert "whole number" in finding.message


def test_json_role_set_player_count_is_a_whole_number(tmp_path: Path) -> None:
    path = write(tmp_path, '{"game": "crossfire", "mode": "crossfire", "name": "x", "players": "7"}', "d.json")
    [finding] = read_deck(path, NAMES).findings
    assert (finding.code, finding.pointer) == ("deck.schema", "/players")

def test_o8d_bad_xml(tmp_path: Path) -> None:
    loaded = read_deck(write(tmp_path, "<deck><section>", "d.o8d"), NAMES)
    assert [f.code for f in loaded.findings] == ["deck.o8d"]


def test_a_list_no_game_of_the_pool_knows_says_the_pool_may_be_missing(tmp_path: Path) -> None:
    path = write(tmp_path, "Wire Saint: Quiet Hands\n3x Unheard Of Card\n2x Another Stranger\n")
    loaded = read_deck(path, NAMES, pool="/x/cards, the default")
    [finding] = loaded.findings
    assert finding.code == "deck.game" and finding.line == 1
    assert "none of its 2 card names is in the card pool (/x/cards, the default)" in finding.message
    assert "the card pool may be missing: give --cards DIR, set DOSSIER_CARDS=DIR" in finding.message
    assert '`cards = ["DIR"]` in dossier.toml' in finding.message and "'# game: " in finding.message


def test_a_game_the_pool_lacks_is_one_finding(tmp_path: Path) -> None:
    names = NameIndex(r for r in CATALOG.records if r.game != "crossfire")  # type: ignore[attr-defined]
    loaded = read_deck(write(tmp_path, "# game: crossfire\n# mode: crossfire\n3 VIP\n"), names)
    [finding] = loaded.findings
    assert finding.code == "deck.game.pool" and finding.line == 1 and "has no crossfire cards" in finding.message
    o8d = read_deck(write(tmp_path, "<deck/>", "d.o8d"), NameIndex(r for r in CATALOG.records if r.game == "tactics"))  # type: ignore[attr-defined]
    assert [f.code for f in o8d.findings] == ["deck.game.pool"]


def test_a_line_that_is_no_card_is_named_not_dropped(tmp_path: Path) -> None:
    text = "# game: tactics\n# mode: duo\n装备\n1x 寒鸦\nEvents:\n白鹭\n1x 长弓狙击步枪\n---\nthis is garbage\n"
    loaded = read_deck(write(tmp_path, text), NAMES)
    found = [(f.code, f.line) for f in loaded.findings]
    # an agent named without a count is neither a heading nor the deck's name: the finding says what to write
    assert found == [("deck.count.missing", 6), ("deck.line.unplaced", 9)], loaded.findings
    assert "'白鹭' has no count; write '1x 白鹭'" in loaded.findings[0].message
    assert "'this is garbage' was not read" in loaded.findings[1].message
    assert loaded.deck is not None and loaded.deck.name == "deck"  # the file's name: no line named the deck
    named = read_deck(write(tmp_path, "My Deck\n\n# game: tactics\n# mode: duo\n装备\n1x 寒鸦\n"), NAMES)
    assert named.findings == [] and named.deck is not None and named.deck.name == "My Deck"
    squad = read_deck(write(tmp_path, "# game: tactics\n# mode: duo\n寒鸦\n1x 白鹭\n"), NAMES)  # not taken as the name
    assert [(f.code, f.line) for f in squad.findings] == [("deck.count.missing", 3)]
    assert squad.deck is not None and squad.deck.name == "deck" and squad.deck.agents == ["egret"]
    assert loaded.deck is not None and loaded.deck.agents == ["jackdaw"]
