"""s74 sweep of deck validation (s74b), bundled cards:

1. the web's validate takes a mode by its name, as the CLI and the builder's analysis do, and words a mode or ban
   list a deck lacks as the CLI does: the game's and the format's names, the language's list, a ban list for a deck
   of another game told so;
2. a Dossier JSON deck without a name is named after its file's stem (the web: its own default), as text lists are;
   the schema does not require one;
3. `deck validate --banlist` a list one deck's format lacks is that deck's error (exit 1), as a --mode its game lacks
   is, and the docs and the help say so (`deck show`, `stats`: exit 2);
4. a netrunner JSON deck whose identity is only among its cards: taken as its identity (as NetrunnerDB's JSON and
   text lists take it), with a warning; a deck that reaches the validator so is told once;
5. a tactics or crossfire list's unread line is told in its game's words; ``名称*2`` is a count;
6. the fields of other games' decks are named all at once, with the games' names;
7. the crossfire role-set message's Chinese has no space inside its brackets;
8. a deck without an identity (a jinteki.net list) is told how to give one;
9. the builder's and `deck stats`' "by agent" label a card of no agent "Generic" (通用)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from toolkit import i18n
from toolkit.cli import app

ROOT = Path(__file__).resolve().parent.parent
EX = ROOT / "examples" / "decks"
DUO_LIST = EX / "tactics" / "duo-list.txt"
DUO = EX / "tactics" / "duo.json"
HB = EX / "netrunner" / "corp-hb-tireless-hands.json"


def _run(*args: Any, lang: str = "en") -> Any:
    return CliRunner().invoke(app, [str(a) for a in args], env={"DOSSIER_LANG": lang, "COLUMNS": "120"})


def _findings(result: Any) -> list[dict[str, Any]]:
    assert result.exit_code in (0, 1), result.output
    return list(json.loads(result.stdout)[0]["findings"])


@pytest.fixture(scope="module")
def pool() -> Any:
    """The bundled cards as the web's deck work sees them."""
    from toolkit.config import pool_catalog
    from toolkit.web.deckwork import DeckPoolView

    _source, catalog = pool_catalog([ROOT / "cards"])
    return DeckPoolView(catalog.records)


def _web(pool: Any, lang: str, *, text: str | None = None, deck: dict[str, Any] | None = None,
         mode: str | None = None, banlist: str | None = None) -> Any:  # fmt: skip
    """The web's /api/decks/validate for a deck as text or as JSON data, in ``lang``."""
    from toolkit.web import deckwork

    with i18n.use_lang(lang):
        loaded = deckwork.read_text(pool, text, mode=mode) if text is not None else deckwork.read_json_deck(pool, deck)
        return deckwork.validate(pool, loaded, lang=lang, mode=mode, banlist=banlist)


def _web_refusal(pool: Any, lang: str, **given: Any) -> str:
    from toolkit.errors import DossierError

    with pytest.raises(DossierError) as refused:
        _web(pool, lang, **given)
    return refused.value.message


# --- 1. the web's validate: a mode by its name; the CLI's words -------------------------------------------------


@pytest.mark.parametrize("named", ["Expert", "EXPERT", "专家", "Duo", "双雄", "duo"])
def test_web_validate_takes_a_mode_by_its_name(pool: Any, named: str) -> None:
    verdict = _web(pool, "en", text=DUO_LIST.read_text(encoding="utf-8"), mode=named)
    assert verdict.report is not None and verdict.report.mode.id == ("duo" if named.lower() in ("duo", "双雄")
                                                                     else "expert")  # fmt: skip
    cli = _run("deck", "validate", DUO_LIST, "--mode", named, "-f", "json")
    assert verdict.legal == json.loads(cli.stdout)[0]["legal"], cli.output


def test_web_validate_names_the_game_and_lists_the_modes_as_the_language_does(pool: Any) -> None:
    text = DUO_LIST.read_text(encoding="utf-8")
    chinese = _web_refusal(pool, "zh-Hans", text=text, mode="bogus")
    assert "特工战术没有这个模式" in chinese and "tactics" not in chinese, chinese
    assert "duel（单挑）、duo（双雄）" in chinese and ", " not in chinese, chinese
    english = _web_refusal(pool, "en", text=text, mode="bogus")
    assert english == "mode 'bogus': tactics has no such mode; modes: duel, duo, expert, melee, nightmare", english


def test_web_validate_says_a_ban_list_is_for_netrunner_decks(pool: Any) -> None:
    duo = json.loads(DUO.read_text(encoding="utf-8"))
    english = _web_refusal(pool, "en", deck=duo, banlist="foo")
    assert english == "a ban list is for netrunner decks, not tactics", english
    chinese = _web_refusal(pool, "zh-Hans", deck=duo, banlist="foo")
    assert chinese == "禁限表只用于矩阵潜袭牌组，不用于特工战术", chinese


def test_web_validate_names_the_format_a_ban_list_is_missing_from(pool: Any) -> None:
    hb = json.loads(HB.read_text(encoding="utf-8"))
    chinese = _web_refusal(pool, "zh-Hans", deck=hb, banlist="foo")
    assert chinese.startswith("禁限表 'foo'：标准赛制没有这个禁限表；"), chinese
    english = _web_refusal(pool, "en", deck=hb, banlist="foo")
    assert english.startswith("ban list 'foo': Standard has no such ban list; "), english
    by_name = _web(pool, "en", deck=hb, mode="Standard")  # (a format by its name too)
    assert by_name.report is not None and by_name.report.mode.id == "standard"


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    from tests.web.conftest import copied_settings, writing_client

    yield from writing_client(copied_settings(tmp_path_factory.mktemp("decks-s74")))


def test_api_validate_takes_the_mode_analyze_takes(client: Any) -> None:
    text = DUO_LIST.read_text(encoding="utf-8")
    for named in ("Expert", "双雄"):
        body = {"text": text, "mode": named, "lang": "en"}
        validated = client.post("/api/decks/validate", json=body)
        analyzed = client.post("/api/decks/analyze", json=body)
        assert validated.status_code == 200 and analyzed.status_code == 200, validated.text
        assert validated.json()["summary"] == analyzed.json()["summary"], validated.text


# --- 2. a Dossier JSON deck without a name -------------------------------------------------------------------------


def test_a_json_deck_without_a_name_is_named_after_its_file(tmp_path: Path, pool: Any) -> None:
    data = json.loads(DUO.read_text(encoding="utf-8"))
    data.pop("name")
    data.pop("$schema")
    deck = tmp_path / "my-squad.json"
    deck.write_text(json.dumps(data), encoding="utf-8")
    checked = _run("deck", "validate", deck, "-f", "json")
    assert checked.exit_code == 0 and json.loads(checked.stdout)[0]["legal"], checked.output
    for command in ("show", "stats"):
        shown = _run("deck", command, deck)
        assert shown.exit_code == 0 and "my-squad" in shown.stdout, shown.output
    out = tmp_path / "my-squad.txt"
    assert _run("deck", "convert", deck, "--to", "text", "--out", out).exit_code == 0
    assert "# name: my-squad" in out.read_text(encoding="utf-8").splitlines()
    web = _web(pool, "en", deck=data)  # the builder's deck: its own default name
    assert web.legal and web.deck.title() == "New deck", [f.message for f in web.findings]


def test_the_deck_schema_does_not_require_a_name() -> None:
    from toolkit import schemagen

    generated = json.loads(schemagen.generate()["deck.schema.json"])
    assert "name" in generated["properties"] and "name" not in generated["required"], generated["required"]
    assert {"game", "mode"} <= set(generated["required"])
    written = json.loads((ROOT / "schema" / "deck.schema.json").read_text(encoding="utf-8"))
    assert written == generated  # (regenerated)


def test_a_json_deck_with_an_empty_name_is_still_told(tmp_path: Path) -> None:
    data = {**json.loads(DUO.read_text(encoding="utf-8")), "name": ""}
    deck = tmp_path / "empty.json"
    deck.write_text(json.dumps(data), encoding="utf-8")
    assert [f["code"] for f in _findings(_run("deck", "validate", deck, "-f", "json"))] == ["deck.schema"]


# --- 3. an unknown --banlist: the deck's finding (exit 1), as the docs say --------------------------------------


def test_an_unknown_banlist_is_the_deck_s_finding_and_the_docs_say_so() -> None:
    checked = _run("deck", "validate", "--banlist", "foo", HB)
    assert checked.exit_code == 1 and "error deck.banlist.unknown: --banlist 'foo'" in checked.stdout, checked.output
    shown = _run("deck", "show", "--banlist", "foo", HB)
    assert shown.exit_code == 2, shown.output
    english = (ROOT / "docs" / "reference" / "decks.md").read_text(encoding="utf-8")
    chinese = (ROOT / "docs" / "reference" / "decks.zh.md").read_text(encoding="utf-8")
    assert "one the format lacks is exit 2" not in english and "赛制没有的表退出码为 2" not in chinese
    flat = " ".join(english.split())
    assert "`deck validate` reports it as that deck's error `deck.banlist.unknown` (exit 1" in flat, flat
    assert "`deckvalidate`把它报为该牌组的错误`deck.banlist.unknown`（退出码1" in "".join(chinese.split())
    helped = _run("deck", "validate", "--help")
    assert "--banlist" in " ".join(helped.stdout.split()).split("Exit 0", 1)[1], helped.stdout


# --- 4. a netrunner JSON deck's identity among its cards -----------------------------------------------------------


def _identity_among_cards() -> dict[str, Any]:
    data = json.loads(HB.read_text(encoding="utf-8"))
    data.pop("$schema")
    return {**data, "identity": None, "cards": {**data["cards"], data["identity"]: 1}}


def test_an_identity_among_a_json_deck_s_cards_is_taken_as_its_identity(tmp_path: Path) -> None:
    data = _identity_among_cards()
    deck = tmp_path / "hb.json"
    deck.write_text(json.dumps({k: v for k, v in data.items() if v is not None}), encoding="utf-8")
    checked = _run("deck", "validate", deck, "-f", "json")
    findings = _findings(checked)
    assert checked.exit_code == 0, checked.output
    assert [(f["code"], f["severity"]) for f in findings] == [("deck.identity.listed", "warning")], findings
    assert "Haas-Bioroid: Tireless Hands" in findings[0]["message"] and "'identity'" in findings[0]["message"]
    out = tmp_path / "fixed.json"
    assert _run("deck", "convert", deck, "--to", "json", "--out", out).exit_code == 0
    fixed = json.loads(out.read_text(encoding="utf-8"))
    assert fixed["identity"] == "hb_tireless_hands" and "hb_tireless_hands" not in fixed["cards"], fixed


def test_a_deck_without_an_identity_but_one_among_its_cards_is_told_once() -> None:
    from toolkit.cli.deck import load_pool
    from toolkit.models.deck import Deck
    from validators.deck import validate_deck

    rules = load_pool(None).rules
    report = validate_deck(Deck.model_validate(_identity_among_cards()), rules)
    told = [f for f in report.findings if f.code.startswith("deck.identity")]
    assert [f.code for f in told] == ["deck.identity.missing"], [(f.code, f.message) for f in report.findings]
    assert "Haas-Bioroid: Tireless Hands" in told[0].message and "'identity'" in told[0].message, told[0].message
    assert told[0].pointer == "/cards/hb_tireless_hands"
    assert report.summary["size"] == (45, 45) and not [f for f in report.findings if f.code == "deck.size.min"]


# --- 5. a tactics or crossfire list's unread line; ``名称*2`` ----------------------------------------------------------


def test_an_unread_line_is_told_in_its_game_s_words(tmp_path: Path) -> None:
    tactics = tmp_path / "t.txt"
    tactics.write_text("# game: tactics\n# mode: duel\n1x 雾刃\n10x smoke_grenade\nwhat is this\n", "utf-8")
    said = [f["message"] for f in _findings(_run("deck", "validate", tactics, "-f", "json"))
            if f["code"] == "deck.line.unplaced"]  # fmt: skip
    assert said == ["'what is this' was not read: it is not a card or agent line (1x Name) or the deck's name"], said
    crossfire = tmp_path / "c.txt"
    roles = "1x VIP\n1x 刺客\n1x 旁观者\n1x 特工\n1x 红诱饵\n"
    crossfire.write_text(f"# game: crossfire\n# mode: crossfire\n# players: 5\n{roles}what is this\n", "utf-8")
    said = [f["message"] for f in _findings(_run("deck", "validate", crossfire, "-f", "json"))
            if f["code"] == "deck.line.unplaced"]  # fmt: skip
    assert said == ["'what is this' was not read: it is not a role line (1x Name) or the role set's name"], said
    netrunner = _run("deck", "validate", EX / "netrunner" / "runner-criminal-fingers-list.txt", "-f", "json")
    assert not [f for f in _findings(netrunner) if f["code"] == "deck.line.unplaced"]


COUNTED = ["夜视仪*2", "夜视仪 * 2", "夜视仪* 2", "夜视仪 *2", "夜视仪×2", "夜视仪x2", "夜视仪 x2", "Night Vision Goggles*2",
           "Night Vision Goggles x2", "2x 夜视仪", "2*夜视仪"]  # fmt: skip


@pytest.mark.parametrize("line", COUNTED)
def test_a_count_after_a_name_with_or_without_spaces(tmp_path: Path, line: str) -> None:
    from toolkit.cli.deck import _read, load_pool

    deck = tmp_path / "t.txt"
    deck.write_text(f"# game: tactics\n# mode: duel\n1x 雾刃\n{line}\n", "utf-8")
    loaded = _read(deck, load_pool(None))
    assert loaded.deck is not None and loaded.deck.cards == {"night_vision_goggles": 2}, loaded.findings
    assert not loaded.findings, loaded.findings


def test_an_x_glued_to_a_latin_name_is_part_of_the_name(tmp_path: Path) -> None:
    from toolkit.decks.formats import _count_last

    assert _count_last("Box2") is None and _count_last("Matrix2") is None  # (no count: the name ends so)
    assert _count_last("Night Vision Goggles*2") == ("2", "Night Vision Goggles")


def test_the_docs_name_the_count_forms() -> None:
    for doc in ("decks.md", "decks.zh.md"):
        text = (ROOT / "docs" / "reference" / doc).read_text(encoding="utf-8")
        assert "`名称*3`" in text and "`名称 * 3`" in text, doc


# --- 6. the fields of other games' decks ------------------------------------------------------------------------------


def _foreign(tmp_path: Path, **fields: Any) -> Path:
    deck = tmp_path / "foreign.json"
    data = json.loads(DUO.read_text(encoding="utf-8"))
    data.pop("$schema")
    deck.write_text(json.dumps({**data, **fields}, ensure_ascii=False), encoding="utf-8")
    return deck


def test_every_field_of_another_game_is_named_at_once(tmp_path: Path) -> None:
    deck = _foreign(tmp_path, identity="hb_tireless_hands", players=4)
    [finding] = _findings(_run("deck", "validate", deck, "-f", "json"))
    assert finding["message"] == (
        "/identity: 'identity' (netrunner), 'players' (crossfire) are for other games' decks, not tactics"
    ), finding
    [chinese] = _findings(_run("deck", "validate", deck, "-f", "json", lang="zh-Hans"))
    assert chinese["message"] == (
        "/identity：'identity'（矩阵潜袭）、'players'（谍战特工）只用于其他游戏的牌组，不用于特工战术"
    ), chinese


def test_one_field_of_another_game_is_named_with_the_game_s_name(tmp_path: Path) -> None:
    deck = _foreign(tmp_path, players=4)
    [english] = _findings(_run("deck", "validate", deck, "-f", "json"))
    assert english["message"] == "/players: 'players' is for crossfire decks, not tactics", english
    [chinese] = _findings(_run("deck", "validate", deck, "-f", "json", lang="zh-Hans"))
    assert chinese["message"] == "/players：'players' 只用于谍战特工牌组，不用于特工战术", chinese


# --- 7. the crossfire role-set message's Chinese -------------------------------------------------------------------


def test_the_role_set_message_with_special_roles_has_no_space_in_its_brackets(tmp_path: Path) -> None:
    deck = tmp_path / "c5.json"
    cards = {"assassin": 1, "bystander": 2, "enforcer": 1, "vip": 1}
    deck.write_text(json.dumps({"game": "crossfire", "mode": "crossfire", "name": "c5", "players": 5,
                                "cards": cards}), encoding="utf-8")  # fmt: skip
    said = [f["message"] for f in _findings(_run("deck", "validate", deck, "-f", "json", lang="zh-Hans"))
            if f["code"] == "deck.roles.composition"]  # fmt: skip
    assert len(said) == 1 and "（含执行者）" in said[0] and not re.search(r"（含 | ）|多出 |缺少 ", said[0]), said


# --- 8. a deck without an identity: how to give one ---------------------------------------------------------------


def test_a_jinteki_list_without_an_identity_is_told_how_to_give_one(tmp_path: Path) -> None:
    jinteki = tmp_path / "hb.txt"
    assert _run("deck", "convert", HB, "--to", "jinteki", "--out", jinteki).exit_code == 0
    [missing] = [f for f in _findings(_run("deck", "validate", jinteki, "-f", "json"))
                 if f["code"] == "deck.identity.missing"]  # fmt: skip
    assert "jinteki.net" in missing["message"] and "a line of its own" in missing["message"], missing
    with_identity = tmp_path / "hb2.txt"
    with_identity.write_text("Haas-Bioroid: Tireless Hands\n" + jinteki.read_text(encoding="utf-8"), "utf-8")
    checked = _run("deck", "validate", with_identity)
    assert checked.exit_code == 0, checked.output  # (as the finding says to)


# --- 9. "Generic" -----------------------------------------------------------------------------------------------------


def test_cards_of_no_agent_are_labelled_generic(pool: Any) -> None:
    from toolkit.web import deckwork

    with i18n.use_lang("en"):
        deck = deckwork.read_json_deck(pool, json.loads(DUO.read_text(encoding="utf-8"))).deck
        labels = deckwork.stats(pool, deck, "en")["labels"]["by_faction"]
    assert labels["generic"] == "Generic" and labels["egret"] == "Egret", labels
    assert deckwork.stats(pool, deck, "zh-Hans")["labels"]["by_faction"]["generic"] == "通用"
    shown = _run("deck", "stats", DUO)
    assert "Generic 8" in shown.stdout and "generic" not in shown.stdout, shown.output
