"""s72 sweep of deck building and validation (s72d): a netrunner deck's size counts the identity's side only; one
finding per fault (no deck.agenda.faction for the other side's agendas, no deck.names.duplicate for tokens and
shop cards); `deck stats` shows agenda points for corp decks only; a game named by its name in a text list's
``# game:`` and ``deck new --game``; ``deck validate --mode`` a mode one deck's game lacks is that deck's finding;
``deck new`` for a mode the rules leave unspecified warns as `deck validate` would. Bundled cards, written here."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from toolkit.cli import app

ADA_RUNNER = {  # 44 runner cards for Ada Voss: Tinker (45 minimum)
    "cog_key": 2, "falcon_protocol": 3, "frame_hammer": 3, "nightly_compiler": 3, "cortex_sleeve": 3,
    "lattice_memory": 3, "debug_lamp": 3, "bench_night": 3, "field_assembly": 3, "spark_of_insight": 3,
    "garage_lab": 3, "data_ramble": 3, "late_night_dig": 3, "night_shift_bonus": 3, "overnight_takeout": 3,
}  # fmt: skip
IRON_LEDGER = {  # 40 corp cards for Weyland Consortium: Iron Ledger Division (40 minimum), 18 agenda points
    "weyland_debt_covenant": 3, "weyland_mineral_rights": 3, "weyland_skyhook_expansion": 2, "weyland_crane_arm": 3,
    "weyland_customs_checkpoint": 3, "weyland_searchlight_tower": 3, "weyland_slag_rampart": 3,
    "weyland_watchdog_drone": 3, "weyland_cargo_dividend": 3, "weyland_asset_seizure": 2, "weyland_ore_refinery": 3,
    "weyland_tracking_bureau": 3, "neutral_budget_reallocation": 3, "neutral_patrol_script": 3,
}  # fmt: skip
TACTICS_15 = [
    "corridor_dash", "dazzled", "med_kit", "smoke_grenade", "tactical_roll", "silent_takedown", "steady_aim",
    "suppressive_fire", "field_first_aid", "night_vision_goggles", "intel_dossier", "heightened_alert",
    "supply_crate", "flashbang", "frag_grenade",
]  # fmt: skip


def _run(*args: Any, lang: str = "en") -> Any:
    return CliRunner().invoke(app, [str(a) for a in args], env={"DOSSIER_LANG": lang, "COLUMNS": "120"})


def _deck(tmp_path: Path, name: str, **fields: Any) -> Path:
    path = tmp_path / name
    path.write_text(json.dumps({"name": name.split(".")[0], **fields}, ensure_ascii=False), encoding="utf-8")
    return path


def _netrunner(tmp_path: Path, name: str, identity: str, cards: dict[str, int]) -> Path:
    return _deck(tmp_path, name, game="netrunner", mode="standard", identity=identity, cards=cards)


def _codes(result: Any) -> list[str]:
    assert result.exit_code in (0, 1), result.output
    return [f["code"] for f in json.loads(result.stdout)[0]["findings"]]


# --- 1. a netrunner deck's size: the identity's side only -------------------------------------------------------


def test_runner_deck_size_leaves_out_a_corp_card(tmp_path: Path) -> None:
    deck = _netrunner(tmp_path, "ada.json", "ada_voss_tinker", {**ADA_RUNNER, "neutral_patrol_script": 1})
    result = _run("deck", "validate", deck, "-f", "json")
    codes = _codes(result)
    assert codes.count("deck.side") == 1 and "deck.size.min" in codes, codes
    summary = json.loads(result.stdout)[0]["summary"]
    assert summary.startswith("44 cards (min 45)"), summary


def test_corp_agenda_band_leaves_out_runner_cards(tmp_path: Path) -> None:
    cards = {**IRON_LEDGER, "weyland_debt_covenant": 2, "neutral_patrol_script": 2, "data_ramble": 3}  # 38 + 3
    result = _run("deck", "validate", _netrunner(tmp_path, "il.json", "weyland_iron_ledger", cards), "-f", "json")
    findings = json.loads(result.stdout)[0]["findings"]
    messages = {f["code"]: f["message"] for f in findings}
    assert "41-card" not in messages.get("deck.agenda.points", ""), messages
    assert "counts as 40 cards" in messages["deck.agenda.points"], messages
    assert messages["deck.size.min"].startswith("38 cards;"), messages


# --- 2. one finding per fault ----------------------------------------------------------------------------------


def test_other_side_agendas_are_deck_side_only(tmp_path: Path) -> None:
    result = _run("deck", "validate", _netrunner(tmp_path, "x.json", "ada_voss_tinker", IRON_LEDGER), "-f", "json")
    codes = _codes(result)
    assert codes.count("deck.side") == len(IRON_LEDGER), codes
    assert "deck.agenda.faction" not in codes, codes


def test_out_of_faction_agenda_of_the_own_side_is_still_refused(tmp_path: Path) -> None:
    cards = {**IRON_LEDGER, "weyland_debt_covenant": 2, "hb_cortex_mapping": 1}
    codes = _codes(_run("deck", "validate", _netrunner(tmp_path, "c.json", "weyland_iron_ledger", cards), "-f", "json"))
    assert "deck.agenda.faction" in codes, codes


def test_tokens_and_shop_cards_are_not_name_duplicates(tmp_path: Path) -> None:
    cards = {card: 1 for card in TACTICS_15} | {"holo_decoy": 2, "coil_railgun": 2}
    deck = _deck(tmp_path, "tok2.json", game="tactics", mode="duo", agents=["mistblade", "egret"], cards=cards)
    codes = _codes(_run("deck", "validate", deck, "-f", "json"))
    assert "deck.token" in codes and "deck.shop" in codes, codes
    assert "deck.names.duplicate" not in codes, codes


# --- 3. deck stats: agenda points of a corp deck only ----------------------------------------------------------


def test_stats_agenda_points_row_only_for_corp_decks(tmp_path: Path) -> None:
    runner = _netrunner(tmp_path, "r.json", "ada_voss_tinker", ADA_RUNNER)
    corp = _netrunner(tmp_path, "c.json", "weyland_iron_ledger", IRON_LEDGER)
    for lang, row in (("en", "agenda points"), ("zh-Hans", "议案分数")):
        shown = _run("deck", "stats", runner, lang=lang)
        assert shown.exit_code == 0 and row not in shown.stdout, shown.output
        shown = _run("deck", "stats", corp, lang=lang)
        assert shown.exit_code == 0 and row in shown.stdout, shown.output


# --- 4. a game by its name ---------------------------------------------------------------------------------------


def test_text_list_game_by_its_name(tmp_path: Path) -> None:
    roles = "1 agent\n2 assassin\n1 blue_decoy\n1 bystander\n1 vip\n"
    by_id = tmp_path / "id.txt"
    by_id.write_text("# game: crossfire\n# mode: crossfire\n# players: 6\n" + roles, encoding="utf-8")
    expected = json.loads(_run("deck", "validate", by_id, "-f", "json").stdout)[0]["summary"]
    for name in ("谍战特工", "Crossfire", "CROSSFIRE"):
        path = tmp_path / "named.txt"
        path.write_text(f"# game: {name}\n# mode: crossfire\n# players: 6\n" + roles, encoding="utf-8")
        result = _run("deck", "validate", path, "-f", "json")
        assert result.exit_code == 0, result.output
        assert json.loads(result.stdout)[0]["summary"] == expected


def test_text_list_game_by_its_record_name(tmp_path: Path) -> None:
    lines = "".join(f"{n} {card}\n" for card, n in IRON_LEDGER.items())
    for name in ("Android: Netrunner", "安卓纪元：矩阵潜袭", "矩阵潜袭"):
        path = tmp_path / "nr.txt"
        path.write_text(f"# game: {name}\nweyland_iron_ledger\n" + lines, encoding="utf-8")
        result = _run("deck", "validate", path, "-f", "json")
        assert result.exit_code == 0, result.output


def test_unknown_game_lists_games_in_the_language(tmp_path: Path) -> None:
    path = tmp_path / "x.txt"
    path.write_text("# game: chess\n1 agent\n", encoding="utf-8")
    result = _run("deck", "validate", path, lang="zh-Hans")
    assert result.exit_code != 0
    assert "tactics、netrunner、crossfire" in result.output, result.output


def test_deck_new_game_by_its_name(tmp_path: Path) -> None:
    for i, name in enumerate(("谍战特工", "Crossfire")):
        out = tmp_path / f"c{i}.json"
        result = _run("deck", "new", "--game", name, "--mode", "crossfire", "--players", 6, "--out", out)
        assert result.exit_code == 0, result.output
        assert json.loads(out.read_text(encoding="utf-8"))["game"] == "crossfire"
    out = tmp_path / "n.json"
    result = _run("deck", "new", "--game", "Android: Netrunner", "--mode", "standard", "--out", out)
    assert result.exit_code == 0, result.output
    assert json.loads(out.read_text(encoding="utf-8"))["game"] == "netrunner"
    unknown = _run("deck", "new", "--game", "chess", "--mode", "x", "--out", tmp_path / "x.json")
    assert unknown.exit_code == 2 and "no such game" in unknown.output, unknown.output


# --- 5. deck validate --mode a mode one deck's game lacks ----------------------------------------------------------


def test_validate_mode_missing_in_one_game_goes_on(tmp_path: Path) -> None:
    duel = _deck(tmp_path, "duel.json", game="tactics", mode="duel", agents=["mistblade"],
                 cards={card: 1 for card in TACTICS_15[:10]})  # fmt: skip
    corp = _netrunner(tmp_path, "il.json", "weyland_iron_ledger", IRON_LEDGER)
    roles = _deck(tmp_path, "c6.json", game="crossfire", mode="crossfire", players=6,
                  cards={"agent": 1, "assassin": 2, "blue_decoy": 1, "bystander": 1, "vip": 1})  # fmt: skip
    result = _run("deck", "validate", "--mode", "duo", duel, corp, roles)
    assert result.exit_code == 1, result.output
    lines = result.stdout.splitlines()
    assert sum(1 for line in lines if "has no such mode" in line) == 2, result.stdout
    assert any(line.startswith(f"{corp}: error deck.mode.unknown: --mode 'duo'") for line in lines), result.stdout
    for path in (duel, corp, roles):
        assert any(line.startswith(f"{path}: ") and ("legal" in line) for line in lines), result.stdout
    as_json = _run("deck", "validate", "--mode", "duo", duel, corp, roles, "-f", "json")
    assert as_json.exit_code == 1 and len(json.loads(as_json.stdout)) == 3, as_json.output


# --- 7. deck new for a mode the rules leave unspecified ------------------------------------------------------------


def test_deck_new_incomplete_mode_warns_as_validate_does(tmp_path: Path) -> None:
    out = tmp_path / "n.json"
    agents = [a for name in ("mistblade", "egret", "gale", "anvil", "lynx") for a in ("--agent", name)]
    result = _run("deck", "new", "--game", "tactics", "--mode", "nightmare", *agents, "--out", out)
    assert out.exists(), result.output
    assert "no deck can be verified" in result.stderr, result.output
    checked = _run("deck", "validate", out)
    assert "no deck can be verified" in checked.stdout, checked.output
    quiet = _run("deck", "new", "--game", "tactics", "--mode", "duo", "--agent", "gale", "--out", tmp_path / "d.json")
    assert quiet.exit_code == 0 and quiet.stderr == "", quiet.output
