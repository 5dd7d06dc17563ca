"""Names as a user reads them (s65): `deck odds`/`deck stats` list cards in the order `deck show` does (by the name
shown, in either language); the web deck builder's card search by name in the page's language; the NetrunnerDB
export ends no line in a space (and still reads back); a crossfire table names a role by id or by name."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from toolkit.catalog import load_catalog
from toolkit.decks import read_deck, render_deck, stats
from toolkit.decks.exports import nrdb_options
from toolkit.engine.crossfire import Crossfire, TableError
from toolkit.i18n import name_of
from toolkit.models.deck import Deck
from toolkit.names import fold
from validators.deck import DeckPool, validate_deck

from .conftest import CARDS, ROOT

EX = ROOT / "examples" / "decks"
CATALOG = load_catalog([CARDS])
POOL = DeckPool(CATALOG.records)
LANGS = ("en", "zh-Hans")


def lookup(game: str) -> Any:
    return POOL.game(game).records.get


def example(path: str) -> Deck:
    return Deck.model_validate(json.loads((EX / path).read_text(encoding="utf-8")))


def shown_order(deck: Deck, lang: str) -> list[str]:
    """The names `deck show` lists (its ``3x Name`` lines), section by section."""
    text = render_deck(deck, "text", lookup(deck.game), lang=lang)
    return [m.group(1) for m in re.finditer(r"^\d+x (.+)$", text, re.M)][1 if deck.identity else 0 :]


# ---------------------------------------------------------------- 2: odds and stats in `deck show`'s order


@pytest.mark.parametrize("lang", LANGS)
def test_odds_lists_the_cards_by_the_names_shown_as_deck_show_sorts_them(lang: str) -> None:
    deck = example("netrunner/corp-weyland-skyward.json")
    find = lookup("netrunner")
    rows = stats.draw_odds(deck, 5, 5, 1, find, lang=lang)
    names = [name_of(find(card), lang) for card, _, _ in rows]
    assert names == sorted(names) == sorted(shown_order(deck, lang))  # one list: deck show's sections, merged
    if lang == "en":  # (by id, the neutral_ cards came first: Budget Reallocation, Paper Subsidiary, …)
        assert names[:3] == ["Asset Seizure", "Budget Reallocation", "Cargo Dividend"]
    assert {card: n for card, n, _ in rows} == deck.cards
    # the odds themselves do not depend on the order: a card's row is the same as by id
    assert sorted(rows) == sorted(stats.draw_odds(deck, 5, 5, 1, find))


@pytest.mark.parametrize("lang", LANGS)
def test_stats_lists_a_role_sets_roles_as_deck_show_does(lang: str) -> None:
    deck = example("crossfire/crossfire-9-specials.json")
    find = lookup("crossfire")
    roles = stats.deck_stats(deck, find, lang=lang)["roles"]
    assert [name_of(find(role), lang) for role in roles] == shown_order(deck, lang)
    if lang == "zh-Hans":  # by the Chinese name as deck show sorts it, not by id (特工 is agent)
        assert list(roles)[:2] == ["vip", "assassin"]
    assert roles == {role: n for role, n in deck.cards.items()}


def test_the_note_of_the_cards_left_out_names_them_by_name() -> None:
    deck = example("tactics/duo.json")
    deck = deck.model_copy(update={"cards": {**deck.cards, "smoke_cloud": 1, "coil_railgun": 1}})
    find = lookup("tactics")
    left = stats.pile(deck, find)[1]
    assert list(left) == ["smoke_cloud", "coil_railgun"]  # the deck's order

    def name(card: str) -> str:
        return name_of(find(card), "en")

    names = sorted(name(card) for card in left)
    assert stats.left_out_note(left, name, "en") == (
        f"{names[0]} ×1, {names[1]} ×1: never in a deck, so neither counted nor drawn"
    )



def test_deck_odds_command_lists_the_cards_by_name(cli: Any) -> None:
    result = cli("deck", "odds", EX / "netrunner/corp-weyland-skyward.json", "--lang", "en")
    assert result.exit_code == 0, result.output
    names = [re.split(r"\s{2,}", line)[0] for line in result.output.splitlines()[1:] if line.strip()]
    assert names == sorted(names), names


@pytest.mark.lang_default
def test_deck_stats_command_lists_the_roles_by_name(cli: Any) -> None:
    result = cli("deck", "stats", EX / "crossfire/crossfire-9-specials.json")
    assert result.exit_code == 0, result.output
    assert "VIP 1  刺客 3  执行者 1  抗议者 1  旁观者 1  特工 1  维和者 1" in result.output, result.output


# ---------------------------------------------------------------- 3: the deck builder's card search by name


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    from tests.web.conftest import copied_settings, writing_client

    yield from writing_client(copied_settings(tmp_path_factory.mktemp("names-order")))


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("game", "params"), [("tactics", {}), ("netrunner", {"mode": "standard"}), ("crossfire", {})])
def test_the_builders_card_search_is_by_name_in_the_pages_language(
    client: Any, lang: str, game: str, params: dict[str, str]
) -> None:
    answer = client.get("/api/decks/cards", params={"game": game, "lang": lang, "limit": 500, **params})
    assert answer.status_code == 200, answer.text
    results = answer.json()["results"]
    names = [entry["name"] for entry in results]
    assert len(names) > 10
    shown = [name_of(POOL.game(game).records[entry["id"]], lang) for entry in results]
    assert names == shown  # the names the page shows …
    assert [fold(n) for n in names] == sorted(fold(n) for n in names)  # … A to Z, as `search --sort name` orders


def test_the_builders_tactics_list_no_longer_starts_with_its_ids(client: Any) -> None:
    answer = client.get("/api/decks/cards", params={"game": "tactics", "lang": "en", "limit": 500}).json()
    names = [entry["name"] for entry in answer["results"]]
    assert names.index("Armored Diplomatic Case") < names.index("Dead Man's Switch") < names.index("Folding Bipod")
    assert answer["count"] == len(names)


def test_a_query_typed_in_the_builder_puts_the_exact_name_first(client: Any) -> None:
    """Browsing is A to Z; a typed query is ranked as `search` ranks it: the card of exactly that name first (sorted
    by name, 夜语消音手枪 came before 消音手枪, and a limit of 1 lost it)."""
    for lang, q in (("zh-Hans", "消音手枪"), ("en", "suppressed pistol")):
        answer = client.get("/api/decks/cards", params={"game": "tactics", "lang": lang, "q": q, "limit": 1}).json()
        assert [entry["id"] for entry in answer["results"]] == ["suppressed_pistol"], answer


# ---------------------------------------------------------------- 5: export lines and their trailing spaces


NETRUNNER_DECKS = sorted((EX / "netrunner").glob("*.json"))


@pytest.mark.parametrize("path", NETRUNNER_DECKS, ids=lambda p: p.stem)
def test_no_export_line_ends_in_a_space_but_nrdb_s_as_netrunnerdb_writes_and_it_reads_back(
    path: Path, tmp_path: Path
) -> None:
    """NetrunnerDB's own text export leaves a space after the set of a line without influence dots: the nrdb
    export keeps it (tests/test_deck_exports.py); no other format ends a line in a space; both forms read back."""
    deck = example(f"netrunner/{path.name}")
    find = lookup("netrunner")
    game_record = POOL.game("netrunner").game_record
    options = nrdb_options(validate_deck(deck, POOL), game_record)
    texts = {
        "nrdb": render_deck(deck, "nrdb", find, **options),
        "jinteki": render_deck(deck, "jinteki", find),
        "o8d": render_deck(deck, "o8d", find),
        **{f"text-{lang}": render_deck(deck, "text", find, lang=lang) for lang in LANGS},
    }
    for fmt, text in texts.items():
        trailing = [line for line in text.splitlines() if line != line.rstrip()]
        if fmt == "nrdb":
            assert all(re.fullmatch(r"\d+x .+ \([^()]+\) ", line) for line in trailing), trailing
        else:
            assert trailing == [], (fmt, trailing)
    spaced = [line for line in texts["nrdb"].splitlines() if re.fullmatch(r"\d+x .+ \([^()]+\) ", line)]
    assert spaced, "a card line without influence dots"
    names = load_names()
    # the list as written reads back; so does one without the spaces (a list a user tidied)
    for variant, text in (("ours", texts["nrdb"]), ("tidied", "\n".join(x.rstrip() for x in texts["nrdb"].splitlines()))):
        listed = tmp_path / f"{variant}.txt"
        listed.write_text(text, encoding="utf-8")
        loaded = read_deck(listed, names, default_modes={"netrunner": "standard"})
        assert [f.format() for f in loaded.findings] == []
        assert loaded.deck is not None
        assert (loaded.deck.identity, loaded.deck.cards, loaded.deck.mode) == (deck.identity, deck.cards, deck.mode)


def load_names() -> Any:
    from toolkit.decks import NameIndex

    return NameIndex(CATALOG.records)


# ---------------------------------------------------------------- 4: a crossfire table names a role by id or name


@pytest.fixture(scope="module")
def crossfire() -> Crossfire:
    return Crossfire.from_records(CATALOG.records)


def table(*roles: str) -> dict[str, Any]:
    aims: dict[int, list[int]] = {2: [4], 3: [1], 4: [1], 5: [7], 6: [3]}
    return {"mode": "crossfire",
            "players": [{"seat": i, "role": role, **({"aim": aims[i]} if i in aims else {})}
                        for i, role in enumerate(roles, 1)]}  # fmt: skip


BY_ID = ("vip", "agent", "assassin", "assassin", "agent", "decoy", "bomber")


@pytest.mark.parametrize(
    "roles",
    [
        ("VIP", "Agent", "Assassin", "assassin", "AGENT", "Decoy", "Bomber"),  # English names, any case
        ("VIP", "特工", "刺客", "刺客", "特工", "诱饵", "炸弹客"),  # Chinese names
        ("vip", " agent ", "Assassin", "assassin", "agent", "decoy", "bomber"),  # ids, and as folded names are read
    ],
    ids=["english", "chinese", "mixed"],
)
def test_a_table_names_a_role_by_id_or_by_name_in_either_language(crossfire: Crossfire, roles: tuple[str, ...]) -> None:
    by_name = crossfire.table(table(*roles))
    by_id = crossfire.table(table(*BY_ID))
    assert [r.id for r in by_name.roles] == list(BY_ID)
    assert crossfire.resolve(by_name) == crossfire.resolve(by_id)


@pytest.mark.parametrize(
    ("typed", "hint"), [("Vipp", "'VIP'"), ("red_decoi", "'Red Decoy'"), ("Bodygaurd", "'Bodyguard'")]
)
def test_an_unknown_role_is_refused_with_the_roles_and_a_did_you_mean(
    crossfire: Crossfire, typed: str, hint: str
) -> None:
    with pytest.raises(TableError) as refused:
        crossfire.table(table(typed, *BY_ID[1:]), "t.json")
    message = str(refused.value)
    head = f"t.json: /players/0/role: unknown role {typed!r}; the roles are agent, assassin"
    assert message.startswith(head), message
    assert message.endswith("?") and "; did you mean " in message and hint in message, message


def test_a_table_with_role_names_resolves_from_the_command_line(cli: Any, tmp_path: Path) -> None:
    path = tmp_path / "t.json"
    path.write_text(json.dumps(table("VIP", "Agent", "Assassin", "刺客", "agent", "Decoy", "Bomber")), encoding="utf-8")
    result = cli("crossfire", "resolve", path, "--format", "json")
    assert result.exit_code == 0, result.output
    assert [p["role"] for p in json.loads(result.output)["players"]] == list(BY_ID)
