"""Scenarios: a position laid out from a file, the decisions it lists taken, the state checked.

:func:`set_up` lays a :class:`~toolkit.models.scenario.Scenario` on the table (nothing is
shuffled: decks are as listed, top card first). :func:`run_scenario` plays on from the
active side's action phase, answering decisions with the scenario's labels, and stops
at the first decision it has no label for (``pending``) or when the game ends. Each
``expect`` entry is checked against the final state.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import UnionType
from typing import Any, Union, get_args, get_origin

from pydantic import BaseModel

from toolkit.i18n import tr, trn
from toolkit.i18n.words import N_
from toolkit.models.common import Model
from toolkit.models.deck import Deck
from toolkit.models.scenario import NetrunnerState, PlacedCard, Scenario, SideSetup

from ..core import EngineError, said, side_word, type_word
from ..logwords import EVENTS
from .decisions import Decision, Stepper
from .game import NetrunnerGame, identity_record
from .state import SEATS, Card, Server, Side

MAX_TURNS = 500


class ScenarioError(EngineError):
    """A position the rules do not allow, or a card or identity the pool lacks: the message names the place
    (``/corp/servers/hq/root/0: …``), and ``pointer`` is that place in the file (RFC 6901)."""

    def __init__(self, message: str, pointer: str) -> None:
        super().__init__(message)
        self.pointer = pointer


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
    """A game at the scenario's position (no policies: every decision comes from the scenario or waits). A
    position the rules do not allow is refused (:class:`ScenarioError`, naming the place)."""
    for side, setup in (("corp", scenario.corp), ("runner", scenario.runner)):
        try:
            identity_record(records, side, setup.identity)  # type: ignore[arg-type]
        except EngineError as exc:
            raise _at(f"/{side}/identity", str(exc)) from None
    empty = {
        side: Deck(game="netrunner", mode=scenario.format, name=f"scenario {side}", identity=setup.identity, cards={})
        for side, setup in (("corp", scenario.corp), ("runner", scenario.runner))
    }
    game = NetrunnerGame(records, seed=scenario.seed, decks=empty, fmt=scenario.format, opening_hand=False, policies={},
                         announce=False)  # fmt: skip
    for side, setup in (("corp", scenario.corp), ("runner", scenario.runner)):
        _lay_out(game, side, setup)  # type: ignore[arg-type]
        identity = game.player(side).identity  # type: ignore[arg-type]  # (N10: as a turn's start fills them)
        if game.recurring_uses(identity):
            game.refill_recurring(identity, "scenario")
    # the corp's cards face down to the runner get the uids the runner sees them by, once every card has its own
    for card in [*game.installed("corp"), *(c for c in game.corp.discard if not c.faceup)]:
        game.hide(card)
    for side in ("corp", "runner"):  # (the log says the scenario's deck and credits, not a new game's)
        game.announce_identity(side)  # type: ignore[arg-type]
    game.active = scenario.active
    game.phase = "turns"
    game.turns = 1
    if scenario.active == "runner" and scenario.runner.clicks is None:
        game.runner.clicks = game.rules.clicks["runner"]
    if scenario.active == "corp" and scenario.corp.clicks is None:
        game.corp.clicks = game.rules.clicks["corp"]
    # a name in both languages is logged with both ({"zh-Hans": …, "en": …}): the reader's is shown
    name = scenario.name if isinstance(scenario.name, str) else scenario.name.model_dump(by_alias=True, exclude_none=True)
    game.log.add("scenario", SEATS[scenario.active], name=name, active=scenario.active)
    if game.memory_used() > game.memory_limit():  # (no one is there to trash a program: the position is refused)
        raise _refused("/runner/rig", N_("{where}: the programs use {used} memory units; the limit is {limit}"),
                       used=game.memory_used(), limit=game.memory_limit())  # fmt: skip
    return game


def _at(pointer: str, problem: str) -> ScenarioError:
    """A :class:`ScenarioError` at ``pointer`` (its message: the place, then the problem)."""
    return ScenarioError(tr("{where}: {problem}", where=pointer, problem=problem), pointer)


def _refused(pointer: str, message: str, **fields: Any) -> ScenarioError:
    """A :class:`ScenarioError` at ``pointer``; ``message`` (a message id) starts with ``{where}``, the place."""
    return ScenarioError(tr(message, where=pointer, **fields), pointer)


def _new(game: NetrunnerGame, card_id: str, side: Side | None, pointer: str) -> Card:
    """A card of the scenario, from the pool (an unknown id, or a card of the other side, is refused there)."""
    try:
        return game.new_card(card_id, side)
    except EngineError as exc:
        raise _at(pointer, str(exc)) from None


# fields of a side's setup that belong to the other side: the runner's heap is always face up (seed 001), only the
# corp takes bad publicity, only the runner tags and brain damage
_NOT_FOR: dict[str, tuple[str, ...]] = {"runner": ("bad_publicity", "discard_facedown"),
                                        "corp": ("tags", "brain_damage")}  # fmt: skip


def _lay_out(game: NetrunnerGame, side: Side, setup: SideSetup) -> None:
    player = game.player(side)
    if setup.credits is not None:
        player.credits = setup.credits
    if setup.clicks is not None:
        player.clicks = setup.clicks
    player.hand = [_new(game, cid, side, f"/{side}/hand/{i}") for i, cid in enumerate(setup.hand)]
    top_first = [_new(game, cid, side, f"/{side}/deck/{i}") for i, cid in enumerate(setup.deck)]
    player.deck = top_first[::-1]  # top = last
    for i, cid in enumerate(setup.discard):
        card = _new(game, cid, side, f"/{side}/discard/{i}")
        card.faceup = True
        player.discard.append(card)
    for i, cid in enumerate(setup.discard_facedown):
        player.discard.append(_new(game, cid, side, f"/{side}/discard_facedown/{i}"))
    for i, cid in enumerate(setup.score_area):
        card = _new(game, cid, None, f"/{side}/score_area/{i}")
        if card.type != "agenda":
            raise _refused(f"/{side}/score_area/{i}", N_("{where}: {id} ({type}) is not an agenda"), id=repr(cid),
                           type=type_word(card.type))  # fmt: skip
        card.rezzed = True
        player.score_area.append(card)
    other = "corp" if side == "runner" else "runner"
    for name, given in (("tags", setup.tags), ("brain_damage", setup.brain_damage),
                        ("bad_publicity", setup.bad_publicity), ("discard_facedown", setup.discard_facedown)):  # fmt: skip
        if given and name in _NOT_FOR[side]:  # (a field of the other side's: refused, never silently dropped)
            raise _refused(f"/{side}/{name}", N_("{where}: only the {side} has {field}"), side=side_word(other),
                           field=name)  # fmt: skip
    player.tags, player.brain_damage, player.bad_publicity = setup.tags, setup.brain_damage, setup.bad_publicity
    if side == "runner":
        if setup.servers:
            raise _refused("/runner/servers", N_("{where}: servers are the corp's"))
        for i, placed in enumerate(setup.rig):
            _place_runner(game, placed, None, f"/runner/rig/{i}")
    else:
        if setup.rig:
            raise _refused("/corp/rig", N_("{where}: the rig is the runner's"))
        for name, server_setup in setup.servers.items():
            server = game.servers.get(name)
            if server is None:
                server = game.servers[name] = Server(name)
                game._remotes = max(game._remotes, int(name.removeprefix("remote")))
            if server.remote and not server_setup.ice and not server_setup.root:  # (the game has none: it goes)
                raise _refused(f"/corp/servers/{name}", N_("{where}: a remote server holds a card at least (ice, or "
                                                           "a card in its root)"))  # fmt: skip
            for where, items in (("ice", server_setup.ice), ("root", server_setup.root)):
                for i, placed in enumerate(items):
                    pointer = f"/corp/servers/{name}/{where}/{i}"
                    card = _placed(game, placed, "corp", pointer)
                    _check_place(game, server, where, card, pointer)
                    if where == "root" and (others := game.regions_besides(card, name)):  # (NetrunnerGame's rule)
                        raise _refused(pointer, N_("{where}: {id} is a region, and the root of {server} holds the "
                                                   "region {other} (1 region per server)"), id=repr(card.id),
                                       server=repr(name), other=repr(others[0].id))  # fmt: skip
                    (server.ice if where == "ice" else server.root).append(card)
                    if placed.rezzed and card.type == "agenda":
                        raise _refused(f"{pointer}/rezzed", N_("{where}: {id} is an agenda, and agendas are never "
                                                               "rezzed"), id=repr(card.id))  # fmt: skip
                    card.rezzed = placed.rezzed  # (before the cards it hosts: a Parasite goes on rezzed ice only)
                    for j, inner in enumerate(placed.hosted):  # runner cards on it (a Parasite on a piece of ice)
                        _place_runner(game, inner, card, f"{pointer}/hosted/{j}")
                    if card.rezzed:
                        _check_unique(game, card, [c for c in game.installed("corp") if c.rezzed], pointer)
                        game.refill_recurring(card, "scenario")


def _check_place(game: NetrunnerGame, server: Server, where: str, card: Card, pointer: str) -> None:
    """Ice protects a server; a root holds upgrades, and in a remote one agenda or asset besides."""
    kind, named = type_word(card.type), repr(card.id)
    if where == "ice" and card.type != "ice":
        raise _refused(pointer, N_("{where}: {id} ({type}) is not ice"), id=named, type=kind)
    if where == "root" and card.type not in ("asset", "upgrade", "agenda"):
        raise _refused(pointer, N_("{where}: {id} ({type}) cannot be in a root"), id=named, type=kind)
    if where == "root" and card.type != "upgrade" and not server.remote:
        raise _refused(pointer, N_("{where}: {id} ({type}) cannot be in the root of a central server; only upgrades "
                                   "can"), id=named, type=kind)  # fmt: skip
    held = next((c for c in server.root if c.type != "upgrade"), None)
    if where == "root" and card.type != "upgrade" and held is not None:
        raise _refused(pointer, N_("{where}: {id} ({type}) cannot join {other} in the root of a remote server, which "
                                   "holds one agenda or asset"), id=named, type=kind, other=repr(held.id))  # fmt: skip


def _check_unique(game: NetrunnerGame, card: Card, active: list[Card], pointer: str) -> None:
    """A unique card is not active twice (installing or rezzing a second copy trashes the first: NetrunnerGame)."""
    if card.record.unique and any(c.id == card.id and c is not card for c in active):
        raise _refused(pointer, N_("{where}: {id} is unique, and another copy is active already"), id=repr(card.id))


def _placed(game: NetrunnerGame, placed: PlacedCard, side: Side, pointer: str, host: Card | None = None) -> Card:
    """The card ``placed`` on the table (a corp server's, the rig, hosted on ``host``): a card of the other side is
    refused naming where it was put, not a deck (:meth:`~.game.NetrunnerGame.new_card` says the deck)."""
    card = _new(game, placed.card, None, f"{pointer}/card")
    if card.side != side:
        owner = side_word(card.side)
        if side == "corp":
            raise _refused(f"{pointer}/card", N_("{where}: {id} is a {owner} card; the corp's servers hold only corp "
                                                 "cards"), id=repr(placed.card), owner=owner)  # fmt: skip
        if host is None:
            raise _refused(f"{pointer}/card", N_("{where}: {id} is a {owner} card; the rig holds only runner cards"),
                           id=repr(placed.card), owner=owner)  # fmt: skip
        raise _refused(f"{pointer}/card", N_("{where}: {id} is a {owner} card; only runner cards can be hosted on "
                                             "{host}"), id=repr(placed.card), owner=owner, host=repr(host.id))  # fmt: skip
    card.counters = {k: v for k, v in placed.counters.items() if v}
    if card.counters.get("advancement") and not game.holds_advancement(card):  # (NetrunnerGame's rule)
        raise _refused(f"{pointer}/counters/advancement", N_("{where}: {id} is a {owner} card; advancement counters "
                                                             "go on corp cards only"), id=repr(placed.card),
                       owner=side_word(card.side))  # fmt: skip
    card.credits = placed.credits
    # a card its text loads (“when it is empty, trash it”) placed with some of its load (its credits, or counters of
    # the kind it is loaded with) was loaded: it empties as in a game once none is left. Placed with none of it, it is
    # not loaded (its loading is not done by laying it out: an unrezzed campaign the game rezzes is loaded then)
    load = game.load_of(card)
    if load is not None and (card.credits if load == "credit" else card.counters.get(load, 0)) > 0:
        card.notes["loaded"] = load
    return card


def _place_runner(game: NetrunnerGame, placed: PlacedCard, host: Card | None, pointer: str) -> None:
    card = _placed(game, placed, "runner", pointer, host)
    if card.type not in ("program", "hardware", "resource"):
        raise _refused(pointer, N_("{where}: {id} ({type}) cannot be in the rig, which holds programs, hardware and resources"),
                       id=repr(placed.card), type=type_word(card.type))  # fmt: skip
    _check_unique(game, card, game.runner.rig, pointer)
    try:
        game.check_console(card)  # one console per player (NetrunnerGame.consoles_besides)
    except EngineError as exc:
        raise _at(pointer, str(exc)) from None
    if host is not None and not game.may_host(host, card):  # (as the engine hosts cards: NetrunnerGame.may_host)
        raise _refused(pointer, N_("{where}: {id} cannot be hosted on {host} (neither card's text hosts it there)"),
                       id=repr(placed.card), host=repr(host.id))  # fmt: skip
    game.runner.rig.append(card)
    card.host = host
    if host is not None:
        host.hosted.append(card)
    game.refill_recurring(card, "scenario")
    for i, inner in enumerate(placed.hosted):
        _place_runner(game, inner, card, f"{pointer}/hosted/{i}")


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


class _Result(Model):
    """``result`` in the state a scenario checks: :meth:`~.game.NetrunnerGame.result`."""

    winners: list[str]
    winner: str | None
    reason: str | None
    turns: int
    agenda_points: int  # (a win on agenda points only: a required field, absent otherwise)


class _CheckedState(NetrunnerState):
    """The state a scenario's ``expect`` names places of: the game's (``schema/netrunner/state.schema.json``) and
    its ``result``."""

    result: _Result


_ABSENT = object()  # what :func:`_value` finds at a place the state has no value at


def _value(state: dict[str, Any], path: str) -> Any:
    """The value at ``path`` (a place :func:`_names_nothing` accepts) in ``state``: a field the view leaves out
    when it has its default (a card's ``credits`` 0, ``counters`` {}) is that default, as the state's schema says;
    :data:`_ABSENT` where the state has nothing (an item past the end of a list, a field of a null ``run``, a
    counter a card does not have)."""
    value: Any = state
    model: Any = _CheckedState
    for part in path.split("."):
        model = _inner(model)
        if isinstance(value, list):
            if not part.lstrip("-").isdigit() or not -len(value) <= int(part) < len(value):
                return _ABSENT
            value = value[int(part)]
        elif isinstance(value, dict) and part in value:
            value = value[part]
        elif isinstance(value, dict) and isinstance(model, type) and issubclass(model, BaseModel):
            found = _fields(model).get(part)  # (the field the view leaves out: its default, if it has one)
            if found is None or found.is_required():
                return _ABSENT
            value = found.get_default(call_default_factory=True)
        else:
            return _ABSENT
        model = _step(model, part)
    return value


def _inner(model: Any) -> Any:
    """``model`` without its ``| None``."""
    if get_origin(model) in (Union, UnionType):
        inner = [arg for arg in get_args(model) if arg is not type(None)]
        return inner[0] if len(inner) == 1 else Any
    return model


def _fields(model: type[BaseModel]) -> dict[str, Any]:
    """The fields of ``model`` by the key the state writes them with (``zh-Hans``, ``credits``)."""
    return {field.alias or name: field for name, field in model.model_fields.items()}


def _step(model: Any, part: str) -> Any:
    """The type of the value ``part`` names inside a value of type ``model`` (which names it)."""
    if isinstance(model, type) and issubclass(model, BaseModel):
        return _fields(model)[part].annotation
    if get_origin(model) in (list, dict):
        return get_args(model)[-1]
    return Any


def _names_nothing(path: str) -> tuple[str, str, str, list[str]] | None:
    """None when the dotted ``path`` names a place of a scenario's final state (:class:`_CheckedState`); else what
    holds the part that names nothing (``fields``, ``list`` or ``value``), the path up to that part (empty: the
    top), the part, and the fields there (of ``fields``)."""
    parts = path.split(".")
    model: Any = _CheckedState
    for index, part in enumerate(parts):
        model = _inner(model)
        at = ".".join(parts[:index])
        if isinstance(model, type) and issubclass(model, BaseModel):
            keys = list(_fields(model))
            if part not in keys:
                return "fields", at, part, keys
        elif get_origin(model) is list:
            if not part.lstrip("-").isdigit():
                return "list", at, part, []
        elif get_origin(model) is not dict and model is not Any:  # a number, a text, a switch: nothing inside it
            return "value", at, part, []
        model = _step(model, part)
    return None


def _expect_pointer(path: str) -> str:
    """The place of the ``expect`` entry ``path`` in the file (RFC 6901)."""
    return "/expect/" + path.replace("~", "~0").replace("/", "~1")


def check(game: NetrunnerGame, expect: dict[str, Any]) -> list[dict[str, Any]]:
    """Each ``expect`` entry checked against the game's final state; a path that names nothing in a state (a
    misspelt field, an event the log never has) is refused naming its entry (:class:`ScenarioError`), never a
    check that fails (or passes). A place the state has no value at now fails, whatever is expected there:
    ``got`` is null and ``absent`` true."""
    from toolkit.decks.formats import suggest_ids

    state = game.view()
    state["result"] = game.result()
    out = []
    for path, want in expect.items():
        if path.startswith("log."):
            if path[4:] not in EVENTS:  # (a misspelt event would be counted 0 times and pass a check of 0)
                raise _refused(_expect_pointer(path), N_("{where}: the log has no event {event}{suggestion}"),
                               event=repr(path[4:]), suggestion=suggest_ids(path[4:], EVENTS))  # fmt: skip
            got: Any = sum(1 for e in game.log if e.kind == path[4:])
        else:
            unknown = _names_nothing(path)
            if unknown is not None:  # (else it would fail as a value missing, and a check of that value would pass)
                holder, at, part, keys = unknown
                ptr, field_name = _expect_pointer(path), repr(part)
                if holder == "fields" and not at:
                    raise _refused(ptr, N_("{where}: the state has no field {field}{suggestion}"), field=field_name,
                                   suggestion=suggest_ids(part, keys))  # fmt: skip
                if holder == "fields":
                    raise _refused(ptr, N_("{where}: {place} has no field {field}{suggestion}"), place=at,
                                   field=field_name, suggestion=suggest_ids(part, keys))  # fmt: skip
                if holder == "list":
                    raise _refused(ptr, N_("{where}: {place} is a list; name its items by number (0 the first), not "
                                           "{field}"), place=at, field=field_name)  # fmt: skip
                raise _refused(ptr, N_("{where}: {place} is a single value; nothing is inside it to name with "
                                       "{field}"), place=at, field=field_name)  # fmt: skip
            got = _value(state, path)
            if got is _ABSENT:
                out.append({"path": path, "want": want, "got": None, "absent": True, "ok": False})
                continue
        out.append({"path": path, "want": want, "got": got, "ok": got == want})
    return out
