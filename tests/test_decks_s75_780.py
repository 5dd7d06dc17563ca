"""s75 sweep of deck reading and validation (helper 780). The netrunner formats are small fixtures written here on
the test fixture pool:

1. a text list's footer names its format or ban list by a name of several words (`Format: System Gateway`,
   `Ban list: Standard Ban List 25.04`), as a `# format:` line does; a footer line that names nothing is told;
2. a deck whose ban list is another format's: checked as that format when it names none (NetrunnerDB's `mwl_code`,
   a list's ban list line) and no --mode is given; with one, the warning names the list's format and its --mode;
3. `deck.pool` quotes names as the findings beside it do (Chinese: 「」);
4. `deck.points.over` is at the line of the first title carrying points;
5. `deck stats` shows a tactics card's mortgage as the card prints its cost (-2), in text and JSON;
6. the English help of `draft` has no Chinese word in it."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from tests.conftest import NETRUNNER_POOL, ROOT
from toolkit import i18n
from toolkit.cli import app

# A runner deck of the fixture pool (12 cards at least); Glasswing's only set is second_wave.
RUNNER_LINES = ["3x Ember Script", "3x Static Hymn", "2x Kiln Rig", "3x Backroom Ledger", "3x Quiet Wire"]
RUNNER_CODES = {"50001": 1, "50002": 3, "50006": 3, "51003": 2, "50008": 3, "50007": 3}
# The Chinese of the messages this sweep adds (in the catalog once it is updated): the tests read them as they will be.
ZH = {
    ("card in its set", "{card} ({set})"): "「{card}」（{set}）",
}


def _run(*args: Any, lang: str = "en") -> Any:
    return CliRunner().invoke(app, [str(a) for a in args], env={"DOSSIER_LANG": lang, "COLUMNS": "200"})


def _ban(list_id: str, name: str, **more: Any) -> dict[str, Any]:
    return {"id": list_id, "name": {"en": name, "zh-Hans": name}, "date_start": "2024-01-01", "banned": [],
            "restricted": [], "restricted_limit": 1, **more}  # fmt: skip


@pytest.fixture(scope="module")
def pool(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The fixture pool with formats standard (two named lists; Glasswing banned by the older), startup (one list,
    first_light only) and its snapshot startup_7 of the same list, system_gateway (no list) and eternal (a points
    list: Static Hymn 1, Kiln Rig 1, at most 1)."""
    folder = tmp_path_factory.mktemp("s75_780") / "pool"
    shutil.copytree(NETRUNNER_POOL, folder)
    base = json.loads((folder / "modes" / "standard.json").read_text(encoding="utf-8"))
    for key in ("banned", "restricted", "restricted_limit"):
        base.pop(key, None)

    def write(mode_id: str, name: str, lists: list[dict[str, Any]], **more: Any) -> None:
        data = {**base, "id": mode_id, "name": {"en": name, "zh-Hans": name}, "ban_lists": lists,
                "ban_list": lists[-1]["id"] if lists else None, **more}  # fmt: skip
        (folder / "modes" / f"{mode_id}.json").write_text(json.dumps(data), encoding="utf-8")

    write("standard", "Standard", [_ban("standard_ban_list_25_04", "Standard Ban List 25.04", banned=["glasswing"]),
                                   _ban("standard_ban_list_25_10", "Standard Ban List 25.10")])  # fmt: skip
    rules = [*base["deck_rules"], {"rule": "card_pool"}]
    startup = [_ban("startup_ban_list_24_09", "Startup Ban List 24.09")]
    write("startup", "Startup", startup, sets=["first_light"], deck_rules=rules, pool_name="Today")
    write("startup_7", "Startup 2024-09-20", startup, sets=["first_light"], deck_rules=rules, snapshot_of="startup",
          pool_name="Then")  # fmt: skip
    write("system_gateway", "System Gateway", [], sets=["first_light"], deck_rules=rules, pool_name="Gateway")
    points = _ban("eternal_points_list_1", "Eternal Points List 1", points={"static_hymn": 1, "kiln_rig": 1},
                  point_limit=1)  # fmt: skip
    write("eternal", "Eternal", [points])
    return folder


def _list(tmp_path: Path, *footer: str, cards: list[str] = RUNNER_LINES, name: str = "deck.txt") -> Path:
    path = tmp_path / name
    path.write_text("\n".join(["Spark", "", "Nell Ashgrove: Spark Thief", "", *cards, "", *footer]) + "\n",
                    encoding="utf-8")  # fmt: skip
    return path


def _summary(result: Any) -> str:
    return result.stdout.strip().splitlines()[-1]


# --- 1. a footer's format and ban list by a name of several words -----------------------------------------------


@pytest.mark.parametrize(
    ("footer", "shown"),
    [
        ("Format: System Gateway", "· System Gateway · no ban list ·"),
        ("Format: system_gateway", "· System Gateway · no ban list ·"),
        ("Ban list: Standard Ban List 25.04", "· Standard · Standard Ban List 25.04 ·"),
        ("Ban list: standard_ban_list_25_04", "· Standard · Standard Ban List 25.04 ·"),
    ],
)
def test_a_footer_names_its_format_or_ban_list_by_name_or_id(pool: Path, tmp_path: Path, footer: str,
                                                              shown: str) -> None:  # fmt: skip
    result = _run("deck", "validate", "--cards", pool, _list(tmp_path, "Cards up to First Light", footer))
    assert shown in _summary(result), result.output
    assert "warning" not in result.stdout, result.output


def test_a_footer_ban_list_by_name_is_the_one_checked(pool: Path, tmp_path: Path) -> None:
    deck = _list(tmp_path, "Ban list: Standard Ban List 25.04", cards=[*RUNNER_LINES, "1x Glasswing"])
    result = _run("deck", "validate", "--cards", pool, deck)
    assert result.exit_code == 1 and "error deck.banned: Glasswing is banned" in result.stdout, result.output


@pytest.mark.parametrize("footer", ["Format:", "Ban list:  "])
def test_a_footer_line_that_names_nothing_is_told(pool: Path, tmp_path: Path, footer: str) -> None:
    deck = _list(tmp_path, footer)
    result = _run("deck", "validate", "--cards", pool, deck, "-f", "json")
    findings = json.loads(result.stdout)[0]["findings"]
    told = [f for f in findings if f["code"] == "deck.line.footer"]
    assert len(told) == 1 and told[0]["severity"] == "warning", findings
    assert told[0]["line"] == 11 and repr(footer.strip()) in told[0]["message"], told
    assert result.exit_code == 0, result.output  # (a warning: the deck is still legal)


# --- 2. a ban list of another format ----------------------------------------------------------------------------


def _nrdb(tmp_path: Path, mwl: str) -> Path:
    path = tmp_path / f"nrdb-{mwl}.json"
    inner = {"id": 7, "name": "Spark", "description": "", "mwl_code": mwl, "cards": RUNNER_CODES}
    path.write_text(json.dumps({"data": [inner], "total": 1, "success": True, "version_number": "2.0"}),
                    encoding="utf-8")  # fmt: skip
    return path


@pytest.mark.parametrize("mwl", ["startup_ban_list_24_09", "standard_ban_list_25_04"])
def test_a_netrunnerdb_decklist_is_checked_as_the_format_of_its_ban_list(pool: Path, tmp_path: Path,
                                                                         mwl: str) -> None:  # fmt: skip
    result = _run("deck", "validate", "--cards", pool, _nrdb(tmp_path, mwl))
    assert result.exit_code == 0, result.output
    shown = (
        "· Startup · Startup Ban List 24.09 ·"
        if mwl.startswith("startup")
        else "· Standard · Standard Ban List 25.04 ·"
    )
    assert shown in _summary(result) and "warning" not in result.stdout, result.output


def test_a_text_list_without_a_format_is_checked_as_the_format_of_its_ban_list(pool: Path, tmp_path: Path) -> None:
    result = _run("deck", "validate", "--cards", pool, _list(tmp_path, "Ban list: Startup Ban List 24.09"))
    assert "· Startup · Startup Ban List 24.09 ·" in _summary(result), result.output
    named = _list(tmp_path, "Format: Standard", "Ban list: Startup Ban List 24.09", name="named.txt")
    result = _run("deck", "validate", "--cards", pool, named)  # the list names its format: that one
    assert "· Standard · Standard Ban List 25.10 ·" in _summary(result), result.output
    assert "warning deck.banlist.unknown" in result.stdout and "--mode startup" in result.stdout, result.output


def test_a_ban_list_of_another_format_names_it_and_its_mode(pool: Path, tmp_path: Path) -> None:
    result = _run("deck", "validate", "--cards", pool, "--mode", "standard", _nrdb(tmp_path, "startup_ban_list_24_09"))
    assert "· Standard · Standard Ban List 25.10 ·" in _summary(result), result.output
    [warning] = [line for line in result.stdout.splitlines() if "deck.banlist.unknown" in line]
    assert "'startup_ban_list_24_09', a ban list of Startup, not of Standard" in warning, warning
    assert warning.endswith("(to check it as a Startup deck: --mode startup)"), warning
    assert "standard_ban_list_25_04" not in warning  # (not the format's lists: the list is another's)
    unknown = _run("deck", "validate", "--cards", pool, "--mode", "standard", _nrdb(tmp_path, "nobody_s_list"))
    assert "its ban lists: standard_ban_list_25_04, standard_ban_list_25_10" in unknown.stdout, unknown.output


# --- 3. deck.pool quotes names as its neighbours do -------------------------------------------------------------


@pytest.fixture
def zh_catalog(monkeypatch: pytest.MonkeyPatch) -> None:
    """The Chinese catalog with this sweep's messages, whether or not it has them yet."""
    real = i18n.translations

    class Catalog:
        def __init__(self, lang: str) -> None:
            self.real = real(lang)

        def __getattr__(self, name: str) -> Any:
            return getattr(self.real, name)

        def pgettext(self, context: str, message: str) -> str:
            return ZH.get((context, message)) or str(self.real.pgettext(context, message))

    monkeypatch.setattr(i18n, "translations", Catalog)


def test_deck_pool_quotes_names_in_chinese_as_the_findings_beside_it(pool: Path, tmp_path: Path,
                                                                      zh_catalog: None) -> None:  # fmt: skip
    deck = _list(tmp_path, cards=[*RUNNER_LINES, "1x Glasswing"])
    from toolkit.config import pool_catalog
    from toolkit.decks import read_deck
    from toolkit.decks.names import NameIndex
    from validators.deck import DeckPool, validate_deck

    _source, catalog = pool_catalog([pool])
    names = NameIndex(catalog.records)
    with i18n.use_lang("zh-Hans"):
        loaded = read_deck(deck, names, mode="startup", default_modes={"netrunner": "standard"})
        found = [f.message for f in validate_deck(loaded.deck, DeckPool(catalog.records)).findings
                 if f.code == "deck.pool"]  # fmt: skip
    assert len(found) == 1 and "「Glasswing」（" in found[0], found
    with i18n.use_lang("en"):  # English as it was: no quotes, as deck.banned has none
        found = [f.message for f in validate_deck(loaded.deck, DeckPool(catalog.records)).findings
                 if f.code == "deck.pool"]  # fmt: skip
    assert found and "outside the Startup pool (Today): Glasswing (" in found[0], found


# --- 4. deck.points.over at the first title carrying points -----------------------------------------------------


def test_points_over_is_at_the_line_of_the_first_title_with_points(pool: Path, tmp_path: Path) -> None:
    deck = _list(tmp_path)  # Static Hymn (line 6) 1 point, Kiln Rig (line 7) 1: 2 of 1
    result = _run("deck", "validate", "--cards", pool, "--mode", "eternal", deck, "-f", "json")
    [over] = [f for f in json.loads(result.stdout)[0]["findings"] if f["code"] == "deck.points.over"]
    assert over["line"] == 6 and over["message"].startswith("2 points (Static Hymn 1, Kiln Rig 1)"), over


# --- 5. a tactics cost curve as the cards print their cost ------------------------------------------------------


@pytest.mark.parametrize(("lang", "title"), [("en", "cost curve (cost: cards)"), ("zh-Hans", "费用曲线（费用：张数）")])
def test_deck_stats_shows_a_mortgage_as_the_card_prints_its_cost(lang: str, title: str) -> None:
    duo = ROOT / "examples" / "decks" / "tactics" / "duo.json"
    result = _run("deck", "stats", duo, lang=lang)
    [line] = [line for line in result.stdout.splitlines() if line.startswith(title)]
    assert re.findall(r"(-?\d+)[:：]\s*(\d+)", line[len(title) :]) == [("0", "10"), ("-1", "5"), ("-2", "1")], line
    shown = _run("show", "longbow_sniper_rifle", lang=lang)
    assert re.search(r"(cost|费用) -2\b", shown.stdout), shown.output  # as show says the card of the -2 entry
    data = json.loads(_run("deck", "stats", duo, "-f", "json").stdout)
    assert list(data["cost_curve"].items()) == [("0", 10), ("-1", 5), ("-2", 1)]


def test_a_netrunner_cost_curve_is_still_in_credits() -> None:
    hb = ROOT / "examples" / "decks" / "netrunner" / "corp-hb-tireless-hands.json"
    data = json.loads(_run("deck", "stats", hb, "-f", "json").stdout)
    costs = [key for key in data["cost_curve"] if key != "X"]
    assert costs and all(int(key) >= 0 for key in costs) and costs == sorted(costs, key=int), costs


# --- 6. English help without Chinese glosses --------------------------------------------------------------------


def test_the_english_help_of_draft_has_no_chinese_word() -> None:
    for args in (["--help"], ["draft", "--help"]):
        result = _run(*args)
        assert result.exit_code == 0, result.output
        assert "The tactics draft for two players" in " ".join(result.stdout.split()), result.output
        assert not re.search(r"[\u4e00-\u9fff]", result.stdout.split("Commands")[-1] if args == ["--help"] else
                             result.stdout), result.output  # fmt: skip
