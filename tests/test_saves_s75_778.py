"""Saved games, sweep 75f (helper 778): a save never tells a seat what it may not see, and a damaged save is one line.

1. A saved decision that no longer fits names its label only when it is the person's own: a machine's is sealed in
   the person's file (a tactics card mortgaged face down, the ice the corp installed face down).
2. The cards changed since a tactics game was saved are named only when the person's seat could see them: the
   squad and deck the machine made up for itself are counted.
3. A tactics save's ``lang``, a broken ``cards`` fingerprint, a limit above ``--turns``' most, an empty squad and a
   saved deck no command would take are refused naming the field.
4. A game loaded at its turn limit says that ``--turns`` raises it, as ``simulate`` says it.
5. A destroyed obstacle is no player's: it is logged destroyed, never lost.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from tests.conftest import ROOT
from tests.tactics_util import board_game, events, obstacle, put
from tests.test_tactics_decisions import RECORDS, _setup
from toolkit.cli import app
from toolkit.engine.tactics.session import SavedMisfit, TacticsSession, seal

EXAMPLES = ROOT / "examples" / "decks"
DUEL = EXAMPLES / "tactics" / "duel.json"
CORP = EXAMPLES / "netrunner" / "corp-weyland-skyward.json"
RUNNER = EXAMPLES / "netrunner" / "runner-anarch-rust.json"


def _run(*args: str | Path, answers: str = "") -> Any:
    return CliRunner().invoke(app, [*map(str, args)], input=answers)


def _one_line(result: Any, code: int, *said: str) -> str:
    lines = result.output.strip().splitlines()
    assert result.exit_code == code, result.output
    assert len(lines) == 1 and "Traceback" not in result.output, result.output
    for part in said:
        assert part in lines[0], lines[0]
    return str(lines[0])


def _write(path: Path, data: Any) -> Path:
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def tactics_save(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """A duel saved by `play tactics` after a few decisions, the machine's deck made up for it (sealed)."""
    saved = tmp_path_factory.mktemp("t") / "t.json"
    made = _run("play", "tactics", "--decks", DUEL, "--seed", "5", "--plain", "--save", saved, "--lang", "en",
                answers="1\n" * 12)  # fmt: skip
    assert made.exit_code == 0, made.output
    return dict(json.loads(saved.read_text(encoding="utf-8")))


@pytest.fixture(scope="module")
def netrunner_save(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """A game `play netrunner` saved, the person the runner: the corp's decisions sealed."""
    saved = tmp_path_factory.mktemp("n") / "n.json"
    made = _run("play", "netrunner", "--decks", CORP, "--decks", RUNNER, "--side", "runner", "--seed", "3", "--plain",
                "--save", saved, "--lang", "en", answers="1\n" * 6)  # fmt: skip
    assert made.exit_code == 0, made.output
    return dict(json.loads(saved.read_text(encoding="utf-8")))


# ---------------------------------------------------------------- 1. a misfit names a sealed decision by its kind only


def test_a_tactics_misfit_of_the_machines_decision_keeps_its_label_sealed() -> None:
    setup = _setup("duel", ["human", "heuristic"], seed=3)
    session = TacticsSession(RECORDS, setup)
    for _ in range(8):
        assert session.pending is not None
        session.apply(session.pending.options[0].label)
    asked = session.decider.asked
    data = session.to_json(sealed=True)
    machine = next(i for i, seat in enumerate(asked) if seat == 2)
    person = next(i for i, seat in enumerate(asked) if seat == 1)
    broken = copy.deepcopy(data)
    broken["decisions"][machine] = seal("secret_card#99", setup.seed, f"decision:{machine}")
    with pytest.raises(SavedMisfit) as refused:
        TacticsSession.from_json(RECORDS, broken)
    said = str(refused.value)
    assert f"decision {machine + 1} (P2, " in said and "the sealed decision is not an option" in said, said
    assert "secret_card" not in said
    mine = copy.deepcopy(data)
    mine["decisions"][person] = "my_own#98"
    with pytest.raises(SavedMisfit) as refused:
        TacticsSession.from_json(RECORDS, mine)
    assert "(P1, " in str(refused.value) and "'my_own#98' is not an option" in str(refused.value)


def test_a_netrunner_misfit_of_the_corps_sealed_decision_keeps_its_label_sealed(
    tmp_path: Path, netrunner_save: dict[str, Any]
) -> None:
    data = copy.deepcopy(netrunner_save)
    sealed = [i for i, x in enumerate(data["decisions"]) if x.startswith("sealed:")]
    own = [i for i, x in enumerate(data["decisions"]) if not x.startswith("sealed:")]
    assert sealed and own
    data["decisions"][sealed[-1]] = seal("install:secret_ice#44@new", data["seed"], f"decision:{sealed[-1]}")
    line = _one_line(_run("play", "netrunner", "--load", _write(tmp_path / "c.json", data), "--lang", "en"), 1,
                     f"decision {sealed[-1] + 1} (corp, ", "the sealed decision is not an option")  # fmt: skip
    assert "secret_ice" not in line
    data = copy.deepcopy(netrunner_save)
    data["decisions"][own[-1]] = "zzz"
    _one_line(_run("play", "netrunner", "--load", _write(tmp_path / "r.json", data), "--lang", "en"), 1,
              "(runner, ", "'zzz' is not an option")  # fmt: skip


# ---------------------------------------------------------------- 2. changed cards: the machine's sealed ones counted


def _changed(records: list[Any], ids: set[str]) -> list[Any]:
    """``records`` with each card of ``ids`` changed in a field that plays (its cost, or else a new one)."""
    out = []
    for record in records:
        if getattr(record, "id", None) in ids and getattr(record, "kind", None) in ("card", "agent"):
            data = record.model_dump(mode="json", by_alias=True, exclude_none=True)
            data["tags"] = [*data.get("tags", []), "changed-since"]
            out.append(data)
        else:
            out.append(record)
    return out


def test_the_cards_changed_name_only_what_the_persons_seat_could_see() -> None:
    from toolkit.cli.play import _refuse_changed_cards
    from toolkit.errors import DossierError

    setup = _setup("duel", ["human", "heuristic"], seed=3)
    mine, theirs = set(setup.squads[0]) | set(setup.decks[0]), set(setup.squads[1]) | set(setup.decks[1])
    only_theirs = sorted(theirs - mine)
    assert len(only_theirs) >= 2
    data = TacticsSession(RECORDS, setup, made_up=frozenset({2})).to_json(sealed=True)
    one_of_mine = sorted(mine - theirs)[0]
    records = _changed(list(RECORDS), {*only_theirs[:2], one_of_mine})
    with pytest.raises(DossierError) as refused:
        _refuse_changed_cards(Path("g.json"), records, data, force=False)
    said = str(refused.value)
    assert f"({one_of_mine} and 2 of the machine's cards)" in said, said
    assert not any(card in said for card in only_theirs), said
    with pytest.raises(DossierError) as refused:  # (none of the person's: counted only)
        _refuse_changed_cards(Path("g.json"), _changed(list(RECORDS), set(only_theirs[:2])), data, force=False)
    assert "(2 of the machine's cards)" in str(refused.value), str(refused.value)
    # the machine's deck given by the person (not made up, not sealed): every card named
    data = TacticsSession(RECORDS, setup).to_json(sealed=True)
    with pytest.raises(DossierError) as refused:
        _refuse_changed_cards(Path("g.json"), _changed(list(RECORDS), set(only_theirs[:2])), data, force=False)
    assert all(card in str(refused.value) for card in only_theirs[:2]), str(refused.value)


# ---------------------------------------------------------------- 3. damaged saves: one line naming the field


@pytest.mark.parametrize(
    ("path", "value", "said"),
    [
        (("lang",), "fr", "/lang: 'fr': choose one of en, zh-Hans"),
        (("cards",), "x", "/cards: not a fingerprint"),
        (("cards",), "sealed:abc", "/cards: not a fingerprint"),
        (("cards",), {"mistblade": 3}, "/cards: not a fingerprint"),
        (("setup", "rounds"), 9999, "/setup/rounds: expected a number of at most 500"),
        (("setup", "squads", 0), [], "/setup/squads/0: 0 agents in the squad"),
        (("setup", "decks", 0), [], "/setup/decks/0: "),
    ],
)
def test_a_damaged_tactics_save_is_one_line(tmp_path: Path, tactics_save: dict[str, Any], path: tuple[Any, ...],
                                            value: Any, said: str) -> None:  # fmt: skip
    data = copy.deepcopy(tactics_save)
    where = data
    for key in path[:-1]:
        where = where[key]
    where[path[-1]] = value
    line = _one_line(_run("play", "tactics", "--load", _write(tmp_path / "g.json", data), "--lang", "en"), 1, said)
    assert "a change to the rules" not in line and "decision" not in line


def test_the_machines_sealed_deck_that_is_not_legal_is_refused_without_its_cards(
    tmp_path: Path, tactics_save: dict[str, Any]
) -> None:
    data = copy.deepcopy(tactics_save)
    seed = data["setup"]["seed"]
    data["setup"]["decks"][1] = seal(json.dumps(["med_kit"] * 9), seed, "decks:2")
    data.pop("cards")  # (its fingerprint named the cards of the deck that was)
    line = _one_line(_run("play", "tactics", "--load", _write(tmp_path / "g.json", data), "--lang", "en"), 1,
                     "/setup/decks/1: the machine's sealed squad or deck is not legal")  # fmt: skip
    assert "med_kit" not in line and "Med" not in line


@pytest.mark.parametrize(
    ("path", "value", "said"),
    [
        (("cards",), "x", "/cards: not a fingerprint"),
        (("turns",), 9999, "/turns: expected a number of at most 500"),
        (("turns",), "x", "/turns: expected a whole number"),
        (("decks", "runner", "cards", "gray_rat"), 9, "/decks/runner/cards/gray_rat: 9 copies of"),
    ],
)
def test_a_damaged_netrunner_save_is_one_line(tmp_path: Path, netrunner_save: dict[str, Any],
                                              path: tuple[Any, ...], value: Any, said: str) -> None:  # fmt: skip
    data = copy.deepcopy(netrunner_save)
    where = data
    for key in path[:-1]:
        where = where[key]
    where[path[-1]] = value
    _one_line(_run("play", "netrunner", "--load", _write(tmp_path / "g.json", data), "--lang", "en"), 1, said)


# ---------------------------------------------------------------- 4. the turn limit, and how to raise it


def test_a_game_loaded_at_its_turn_limit_says_turns_raises_it(tmp_path: Path) -> None:
    saved = tmp_path / "s.json"
    made = _run("simulate", "netrunner", "--decks", CORP, "--decks", RUNNER, "--seed", "1", "--turns", "2", "--save",
                saved, "--lang", "en")  # fmt: skip
    assert made.exit_code == 0, made.output
    again = _run("play", "netrunner", "--load", saved, "--plain", "--lang", "en")
    assert again.exit_code == 0, again.output
    last = again.output.strip().splitlines()[-1]
    assert last == "stopped at the turn limit (2 turns); no winner (--turns raises the limit)", last


def test_a_tactics_game_at_its_round_limit_says_turns_raises_it(tmp_path: Path) -> None:
    saved = tmp_path / "t.json"
    made = _run("play", "tactics", "--decks", DUEL, "--seed", "4", "--turns", "1", "--plain", "--save", saved,
                "--lang", "en", answers="1\n" * 400)  # fmt: skip
    assert made.exit_code == 0, made.output
    again = _run("play", "tactics", "--load", saved, "--plain", "--lang", "zh-Hans")
    assert again.exit_code == 0, again.output
    assert "--turns" in again.output.strip().splitlines()[-1], again.output


# ---------------------------------------------------------------- 5. an obstacle destroyed is not lost


def test_a_destroyed_obstacle_is_logged_destroyed_and_never_lost() -> None:
    """Seed §14.2: "当 1 个单位被消灭后，会成为失联状态，将该单位牌和他的棋子以正面朝上摆放在你的失联区" — a player's
    lost zone (T11: the owner's); §14.6 "每个玩家的弃牌区、移除区、失联区相互独立": an obstacle is no player's, so it has
    none and is never logged as lost (the sweep saw "lost (unit: 文件柜#70, controller: 0)")."""
    game = board_game()
    put(game, 1, "gale", (2, 3), "e")
    rack = obstacle(game, "server_rack", (3, 3))
    game.destroy(rack, by=1)
    assert rack.gone and rack not in game.obstacles
    assert [e.data["unit"] for e in events(game, "destroyed")] == [str(rack)]
    assert not events(game, "lost")
    jackdaw = put(game, 2, "jackdaw", (5, 5), "w")
    game.destroy(jackdaw, by=1)
    assert [e.data["unit"] for e in events(game, "lost")] == [str(jackdaw)]  # (an agent still is)
