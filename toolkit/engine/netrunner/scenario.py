"""Scenarios: a position laid out from a file, the decisions it lists taken, the state checked.

:func:`set_up` lays a :class:`~toolkit.models.scenario.Scenario` on the table (nothing is
shuffled: decks are as listed, top card first). :func:`run_scenario` plays on from the
active side's action phase, answering decisions with the scenario's labels, and stops
at the first decision it has no label for (``pending``) or when the game ends. Each
``expect`` entry is checked against the final state.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from toolkit.i18n import tr, trn
from toolkit.models.deck import Deck
from toolkit.models.scenario import PlacedCard, Scenario, SideSetup

from ..core import EngineError, said, type_word
from .decisions import Decision, Stepper
from .game import NetrunnerGame
from .state import SEATS, Card, Server, Side

MAX_TURNS = 500


@dataclass
class ScenarioResult:
    game: NetrunnerGame
    pending: Decision | None
    taken: int
    checks: list[dict[str, Any]] = field(default_factory=list)

    @property
    def passed(self) -> bool:
        return all(c["ok"] for c in self.checks)

    def to_json(self) -> dict[str, Any]:
        return {
            "decisions_taken": self.taken,
            "pending": self.pending.to_json() if self.pending is not None else None,
            "result": self.game.result(),
            "state": self.game.view(),
            "expect": self.checks,
            "passed": self.passed,
        }


def set_up(records: Any, scenario: Scenario) -> NetrunnerGame:
    """A game at the scenario's position (no policies: every decision comes from the scenario or waits)."""
    empty = {
        side: Deck(game="netrunner", mode=scenario.format, name=f"scenario {side}", identity=setup.identity, cards={})
        for side, setup in (("corp", scenario.corp), ("runner", scenario.runner))
    }
    game = NetrunnerGame(records, seed=scenario.seed, decks=empty, fmt=scenario.format, opening_hand=False, policies={},
                         announce=False)  # fmt: skip
    for side, setup in (("corp", scenario.corp), ("runner", scenario.runner)):
        _lay_out(game, side, setup)  # type: ignore[arg-type]
    for side in ("corp", "runner"):  # (the log says the scenario's deck and credits, not a new game's)
        game.announce_identity(side)  # type: ignore[arg-type]
    game.active = scenario.active
    game.phase = "turns"
    game.turns = 1
    if scenario.active == "runner" and scenario.runner.clicks is None:
        game.runner.clicks = game.rules.clicks["runner"]
    if scenario.active == "corp" and scenario.corp.clicks is None:
        game.corp.clicks = game.rules.clicks["corp"]
    game.log.add("scenario", SEATS[scenario.active], name=scenario.name, active=scenario.active)
    game.check_memory()
    return game


def _lay_out(game: NetrunnerGame, side: Side, setup: SideSetup) -> None:
    player = game.player(side)
    if setup.credits is not None:
        player.credits = setup.credits
    if setup.clicks is not None:
        player.clicks = setup.clicks
    player.hand = [game.new_card(cid, side) for cid in setup.hand]
    player.deck = [game.new_card(cid, side) for cid in reversed(setup.deck)]  # top = last
    for cid in setup.discard:
        card = game.new_card(cid, side)
        card.faceup = True
        player.discard.append(card)
    for cid in setup.discard_facedown:
        player.discard.append(game.new_card(cid, side))
    for cid in setup.score_area:
        card = game.new_card(cid)
        if card.type != "agenda":
            raise EngineError(
                tr(
                    "{where}: {id} is a {type}, not an agenda",
                    where=f"{side}.score_area",
                    id=repr(cid),
                    type=type_word(card.type),
                )
            )
        card.rezzed = True
        player.score_area.append(card)
    player.tags, player.brain_damage, player.bad_publicity = setup.tags, setup.brain_damage, setup.bad_publicity
    if side == "runner":
        if setup.servers:
            raise EngineError(tr("{where}: servers are the corp's", where="runner.servers"))
        for placed in setup.rig:
            _place_runner(game, placed, None)
    else:
        if setup.rig:
            raise EngineError(tr("{where}: the rig is the runner's", where="corp.rig"))
        for name, server_setup in setup.servers.items():
            server = game.servers.get(name)
            if server is None:
                server = game.servers[name] = Server(name)
                game._remotes = max(game._remotes, int(name.removeprefix("remote")))
            for where, items in (("ice", server_setup.ice), ("root", server_setup.root)):
                for placed in items:
                    card = _placed(game, placed, "corp")
                    if where == "ice" and card.type != "ice":
                        raise EngineError(
                            tr(
                                "{where}: {id} is a {type}, not ice",
                                where=f"corp.servers.{name}.ice",
                                id=repr(placed.card),
                                type=type_word(card.type),
                            )
                        )
                    if where == "root" and card.type not in ("asset", "upgrade", "agenda"):
                        raise EngineError(
                            tr(
                                "{where}: {id} ({type}) cannot be in a root",
                                where=f"corp.servers.{name}.root",
                                id=repr(placed.card),
                                type=type_word(card.type),
                            )
                        )
                    (server.ice if where == "ice" else server.root).append(card)
                    card.rezzed = placed.rezzed and card.type != "agenda"
                    if card.rezzed:
                        game.refill_recurring(card, "scenario")


def _placed(game: NetrunnerGame, placed: PlacedCard, side: Side) -> Card:
    card = game.new_card(placed.card, side)
    card.counters = {k: v for k, v in placed.counters.items() if v}
    card.credits = placed.credits
    if placed.hosted and side == "corp":
        raise EngineError(tr("{id}: hosting is modelled for runner cards", id=placed.card))
    return card


def _place_runner(game: NetrunnerGame, placed: PlacedCard, host: Card | None) -> None:
    card = _placed(game, placed, "runner")
    if card.type not in ("program", "hardware", "resource"):
        raise EngineError(
            tr(
                "{where}: {id} is a {type}; the rig holds programs, hardware, resources",
                where="runner.rig",
                id=repr(placed.card),
                type=type_word(card.type),
            )
        )
    game.runner.rig.append(card)
    card.host = host
    if host is not None:
        host.hosted.append(card)
    game.refill_recurring(card, "scenario")
    for inner in placed.hosted:
        _place_runner(game, inner, card)


def run_scenario(records: Any, scenario: Scenario) -> ScenarioResult:
    game = set_up(records, scenario)
    game.replay.extend(scenario.decisions)
    stepper = Stepper(game, lambda: game.play_game(MAX_TURNS, resume=True)).start()
    taken = len(scenario.decisions) - len(game.replay)
    if game.replay:  # the game ended with labels left
        raise EngineError(
            trn(
                "the game ended ({reason}) after decision {taken}; {n} decision left unused",
                "the game ended ({reason}) after decision {taken}; {n} decisions left unused",
                len(game.replay),
                reason=said(game.end_reason),
                taken=taken,
            )
        )
    result = ScenarioResult(game, stepper.pending, taken)
    result.checks = check(game, scenario.expect)
    return result


def lookup(data: Any, path: str) -> Any:
    """The value at a dotted path (list items by index); KeyError when it is not there."""
    value = data
    for part in path.split("."):
        if isinstance(value, list):
            if not part.lstrip("-").isdigit() or not -len(value) <= int(part) < len(value):
                raise KeyError(path)
            value = value[int(part)]
        elif isinstance(value, dict) and part in value:
            value = value[part]
        else:
            raise KeyError(path)
    return value


def check(game: NetrunnerGame, expect: dict[str, Any]) -> list[dict[str, Any]]:
    state = game.view()
    state["result"] = game.result()
    out = []
    for path, want in expect.items():
        if path.startswith("log."):
            got: Any = sum(1 for e in game.log if e.kind == path[4:])
        else:
            try:
                got = lookup(state, path)
            except KeyError:
                got = "<missing>"
        out.append({"path": path, "want": want, "got": got, "ok": got == want})
    return out
