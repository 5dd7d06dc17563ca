"""Decisions as data for tactics: every choice the engine asks for as a :class:`~toolkit.engine.decisions.Decision`
with stable labels, a game as its set-up plus its decisions, and what a seat may see.

The engine asks its decider (``choose``, ``confirm``, ``choose_many``) wherever a rule needs a choice. A
:class:`DecisionDecider` stands in that place: it turns each question into a decision for the seat that makes it,
with the options labelled the same way in every replay (:func:`label`), and has it answered by the seat's player
of the machine (a :class:`~toolkit.engine.core.Decider`, the tactician say), by the labels of a saved game, or,
for a seat nobody plays, by waiting: :class:`TacticsSession` runs the game in a
:class:`~toolkit.engine.decisions.Stepper` until such a decision, hands it out (``pending``) and goes on with
``apply(label)``. ``choose_many`` becomes as many decisions, one pick each.

What a seat is shown passes through :func:`mask`: a unit hidden from that seat (an enemy agent face down, a hidden
scene obstacle, §8.4, T23) is named ``hidden#N`` in prompts, option labels and texts, the log and the view
(:func:`view`), never by its agent nor by its uid (N is its alias, :func:`~.state.hidden_alias`: a uid would tell
the order the units were made in, so which agent of a squad it is), and a log entry about it keeps its cells, never
its facing, HP, 移速 or shields (:data:`IDENTIFYING`), nor a field that is its name (a minion's own attack, named
after the minion); the entries its own ability writes as it resolves (a trigger's condition, an attack's modifier,
its targets as written: :func:`causes`) quote nothing of that ability nor name its record; the other players'
hands, decks and deck order are counts only; log entries the seat may not see (another player's draws and
mortgages) are left out.
"""

from __future__ import annotations

import contextlib
import dataclasses
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, TypeVar

from toolkit.i18n import DEFAULT_LANG, current_lang, tr
from toolkit.i18n.words import N_
from toolkit.text import ast as A

from ..core import Decider, EngineError, Event, Pending, rendered
from ..decisions import Decision, generic_options
from ..phrase import Phrase
from .attack import Profile
from .game import BASIC_ACTIONS, Action, TacticsGame
from .state import Card, Unit, hidden_from
from .tactician import bind_each

T = TypeVar("T")

KINDS = (  # a decision's kind, from the start of the engine's prompt
    ("choose an action", "action"), ("move ", "move"), ("facing of", "facing"), ("attack of", "attack"),
    ("counterattack of", "counterattack"), ("target of", "target"), ("respond", "respond"),
    ("special ability", "special"), ("target:", "target"), ("choose:", "choose"), ("cell:", "cell"),
    ("which opponent", "opponent"), ("attach ", "attach"), ("mulligan", "mulligan"), ("mortgage", "mortgage"),
    ("discard", "discard"), ("self-destruct", "self_destruct"), ("switch ", "switch"), ("deployment die", "deployment_die"),
    ("deploy", "deploy"), ("starting agent", "starting_agent"), ("standby agent", "standby"),
    ("where ", "displace"), ("draft", "draft"), ("squad from the draft", "draft_squad"), ("lost-agent relief", "resupply"),
)  # fmt: skip


def kind_of(prompt: str) -> str:
    for start, kind in KINDS:
        if prompt.startswith(start):
            return kind
    return "choice"


def _every_unit(game: TacticsGame) -> list[Unit]:
    units = [u for p in game.players for u in (*p.units, *p.standby) if isinstance(u, Unit)]
    units += [u for p in game.players for u in p.lost if isinstance(u, Unit)]
    return units + list(game.obstacles)


class Masks(dict[str, str]):
    """:func:`masks`: each name and id label of a unit hidden from a seat → ``hidden#N``; and what :func:`mask_data`
    needs to hide what those units' own abilities write in the log (worked out once for the table)."""

    def __init__(self, game: TacticsGame, seat: int) -> None:
        super().__init__()
        self.game, self.seat = game, seat
        self._causes: Mapping[int, Unit] | None = None
        self._quoted: dict[str, frozenset[str]] = {}

    @property
    def causes(self) -> Mapping[int, Unit]:
        """:func:`causes` of the game."""
        if self._causes is None:
            self._causes = causes(self.game)
        return self._causes

    def quoted(self, unit: Unit) -> frozenset[str]:
        """What the log may quote of ``unit``'s abilities (:func:`quotes`), and its record's id and name."""
        key = str(getattr(unit.record, "id", unit.id))
        found = self._quoted.get(key)
        if found is None:
            try:
                abilities = tuple(ability for _, ability in self.game.indexed_abilities(unit))
            except EngineError:  # (a text that does not parse resolves nothing either)
                abilities = ()
            found = self._quoted[key] = quotes(abilities) | {key, unit.name}
        return found


class Scopes:
    """Which unit's own ability each entry of a game's log comes of (its ``causes``: seq → unit), told the entries
    one by one as they are written (:meth:`heard`). An entry that begins an ability's resolution has an ``ability``
    (a trigger, an ability used, a response): it names whose it is, and the entries written while it resolves come
    of it; a trigger resolves at the depth of the triggers being resolved (``depth``: the game's
    ``triggers.depth`` as the entry is written), so what the triggers it sets off write is theirs, and what it writes
    after them, its own again. Told no depth (0 for each entry), an ability's entries run to the next that begins
    one."""

    def __init__(self, game: TacticsGame) -> None:
        self.game = game
        self.causes: dict[int, Unit] = {}
        self._open: list[tuple[int, Unit | None]] = []  # (depth, whose own ability) of each ability resolving

    def heard(self, event: Event, depth: int = 0) -> None:
        opened = self._open
        while opened and opened[-1][0] > depth:  # (the triggers it set off have resolved)
            opened.pop()
        if "ability" in event.data:
            while opened and opened[-1][0] >= depth:
                opened.pop()
            opened.append((depth, self._owner(event.data)))
        if opened and opened[-1][1] is not None:
            self.causes[event.seq] = opened[-1][1]

    def _owner(self, data: Mapping[str, Any]) -> Unit | None:
        """The unit whose own ability an entry begins: the unit it names (its ``card`` or ``unit``), when its
        ``source`` is that unit's record (an equipment's, a weapon's or the rules' ability on it is theirs)."""
        named = {str(data.get(key)) for key in ("card", "unit")}
        for unit in _every_unit(self.game):
            if str(unit) in named and data.get("source") == getattr(unit.record, "id", unit.id):
                return unit
        return None


def causes(game: TacticsGame) -> Mapping[int, Unit]:
    """Each entry of ``game``'s log (by seq) that a unit's own ability wrote → that unit: :class:`Scopes` told each
    entry as it was written, with the depth of the triggers then, by the game's :class:`DecisionDecider`; for a game
    it does not decide, worked out from the log alone (to the next entry that begins an ability)."""
    decider = getattr(game, "decider", None)
    if isinstance(decider, DecisionDecider) and decider.game is game and decider.scopes is not None:
        return decider.scopes.causes
    scopes = Scopes(game)
    for event in game.log:
        scopes.heard(event)
    return scopes.causes


def quotes(abilities: Iterable[A.Node]) -> frozenset[str]:
    """Every piece of ``abilities`` a log entry may quote: the text of each of their nodes as the engine writes it
    (:func:`~toolkit.engine.core.rendered`: the ability, a sentence, an effect, a condition, a reference to units
    or cells, what 你可以 offers) and the codes in them (a timing, a stat, a noun)."""
    out: set[str] = set()
    stack: list[Any] = list(abilities)
    while stack:
        node = stack.pop()
        if isinstance(node, A.Node):
            for sentence in (False, True) if isinstance(node, A.YouMay) else (False,):
                with contextlib.suppress(ValueError, KeyError, NotImplementedError, AttributeError, TypeError):
                    out.add(rendered(node, sentence))  # (a node that is not text by itself is passed over)
            stack.extend(getattr(node, f.name) for f in dataclasses.fields(node))
        elif isinstance(node, tuple | list):
            stack.extend(node)
        elif isinstance(node, str) and node:
            out.add(node)
    return frozenset(out)


def masks(game: TacticsGame, seat: int) -> Masks:
    """Each name (``寒鸦#3``) and id label (``jackdaw#3``) of a unit hidden from ``seat`` → ``hidden#N`` (its alias)."""
    out = Masks(game, seat)
    for unit in _every_unit(game):
        if hidden_from(unit, seat):
            out[str(unit)] = out[f"{unit.id}#{unit.uid}"] = f"hidden#{unit.alias}"
    return out


def mask(text: str, game: TacticsGame, seat: int, table: Mapping[str, str] | None = None) -> str:
    """``text`` with every unit hidden from ``seat`` named ``hidden#N`` (a whole name only: ``寒鸦#3`` is not
    ``寒鸦#31``)."""
    table = masks(game, seat) if table is None else table
    if not table or "#" not in text:
        return text
    if isinstance(text, Phrase):  # (an engine's sentence: its fields masked, so that it is still put in words)
        fields = {k: mask(v, game, seat, table) if isinstance(v, str) else v for k, v in text.fields.items()}
        return Phrase(text.message, **fields)
    pattern = re.compile("(?:" + "|".join(re.escape(k) for k in sorted(table, key=len, reverse=True)) + r")(?!\d)")
    return pattern.sub(lambda m: table[m.group(0)], text)


IDENTIFYING = (  # log fields that name a unit's record or quote its text, or tell what only its player knows of it
    "record", "source", "ability", "text",  # which unit it is
    "facing", "hp", "hp_left", "allowance", "amount", "shield", "equipment_shield", "temp_hp",  # its facing, HP, 移速, shields
)  # fmt: skip
# a basic ability (行进, 袭击, 瞄准, 物资补充, 增援) is every unit's alike: using it names no unit (§8.4), and an action is
# announced (§14.8, the response window's question names it), so the entry of its use keeps what it quotes of it
BASIC_QUOTES = ("source", "ability", "text")


def mask_data(value: Any, game: TacticsGame, seat: int, table: Mapping[str, str] | None = None,
              seq: int | None = None) -> Any:
    """:func:`mask` through a log entry's data (strings, lists, dicts). ``seq``: the entry's, when ``value`` is a
    whole entry; where a unit hidden from ``seat`` wrote it with its own ability (:func:`causes`), whatever in it
    quotes the ability (a condition, a reference to its targets, an effect's text, a stat or timing of it) or names
    the unit's record is ``hidden`` too: what it did in the open (a unit exposed, damage dealt) stays."""
    table = masks(game, seat) if table is None else table
    out = _masked(value, game, seat, table)
    if seq is None or not isinstance(out, dict):
        return out
    if not isinstance(table, Masks):
        table = masks(game, seat)
    cause = table.causes.get(seq)
    if cause is not None and hidden_from(cause, seat):
        quoted = table.quoted(cause)
        for key, shown in out.items():
            out[key] = _unquoted(shown, quoted)
    return out


def _unquoted(value: Any, quoted: frozenset[str]) -> Any:
    """``value`` with what it quotes of ``quoted`` ``hidden`` (a sentence of the engine keeps its words)."""
    if isinstance(value, Phrase):
        if not any(isinstance(v, str) and v in quoted for v in value.fields.values()):
            return value
        return Phrase(value.message, **{k: "hidden" if isinstance(v, str) and v in quoted else v
                                        for k, v in value.fields.items()})  # fmt: skip
    if isinstance(value, str):
        return "hidden" if value in quoted else value
    if isinstance(value, list):
        return [_unquoted(v, quoted) for v in value]
    return value


def _masked(value: Any, game: TacticsGame, seat: int, table: Mapping[str, str]) -> Any:
    if isinstance(value, str):
        return mask(value, game, seat, table)
    if isinstance(value, list | tuple):
        return [_masked(v, game, seat, table) for v in value]
    if isinstance(value, dict):
        out = {k: _masked(v, game, seat, table) for k, v in value.items()}
        for key in ("unit", "card"):
            who = out.get(key)
            if isinstance(who, str) and who.startswith("hidden#") and who != value.get(key):
                # an entry about a unit hidden here (deployed face down, moved, healed, its own text triggered): what
                # would tell which unit it is, or what its player alone knows of it, goes too; its cells stay
                basic = value.get("source") in BASIC_ACTIONS
                for field in IDENTIFYING:
                    if field in out and not (basic and field in BASIC_QUOTES):
                        out[field] = "hidden"
                # a field that is the unit's own name (a minion's attack is named after it, ``attack: 外包安保员``);
                # an agent's built-in attacks (格斗, 制式手枪) and a weapon, named after no unit, stay
                name = str(value[key]).rpartition("#")[0]
                for field, shown in value.items():
                    if field not in ("unit", "card") and name and shown == name:
                        out[field] = "hidden"
        return out
    return value


def _unit_label(unit: Unit, seat: int) -> str:
    return f"hidden#{unit.alias}" if hidden_from(unit, seat) else f"{unit.id}#{unit.uid}"


def label(value: Any, seat: int) -> str:
    """The stable label of an option offered to ``seat``: the same choice gets the same label in every replay."""
    if value is None:
        return "none"
    if value is True:
        return "yes"
    if value is False:
        return "no"
    if isinstance(value, str):
        return value
    if isinstance(value, int):
        return str(value)
    if isinstance(value, tuple) and len(value) == 2 and all(isinstance(v, int) for v in value):
        return f"cell:{value[0]},{value[1]}"
    if isinstance(value, Unit):
        return _unit_label(value, seat)
    if isinstance(value, Card):
        return f"{value.id}#{value.uid}"
    if isinstance(value, Profile):
        if value.weapon is not None:
            return f"attack:{value.weapon.id}#{value.weapon.uid}"
        return f"attack:{value.record.id}" if value.record is not None else "attack:own"
    if isinstance(value, Action):
        return _action_label(value, seat)
    if isinstance(value, Pending) and value.key is not None:
        return value.key
    return str(value)


def _action_label(action: Action, seat: int) -> str:
    unit = _unit_label(action.unit, seat) if action.unit is not None else "-"
    if action.kind == "end":
        return "end"
    if action.kind == "play" and action.card is not None:
        face = ":reverse" if action.face == "reverse" else ""
        return f"play:{action.card.id}#{action.card.uid}{face}@{unit}"
    if action.kind == "scavenge":
        target = _unit_label(action.target, seat) if action.target is not None else "-"
        return f"scavenge:{unit}>{target}"
    if action.kind == "expose":
        return f"expose:{unit}"
    source = action.source
    if isinstance(source, Unit):
        owner = _unit_label(source, seat)
    elif isinstance(source, Card):
        owner = f"{source.id}#{source.uid}"
    else:
        owner = str(getattr(getattr(source, "record", None), "id", None) or source)
    return f"ability:{unit}:{owner}:{action.index}"


def record_names(records: Iterable[Any]) -> Callable[[str], str]:
    """A name as the engine writes it (a record's zh-Hans name, ``雾刃``, or a unit or card in play, ``雾刃#1``) →
    the same in the current language (:func:`toolkit.names.english_names`: the record's English name); a name two
    records share with different English names, and anything else, as it is."""
    from toolkit.names import english_names

    names = (getattr(record, "name", None) for record in records)
    english = english_names((getattr(name, "zh_hans", None), getattr(name, "en", None)) for name in names)

    def name(value: str) -> str:
        if current_lang() == DEFAULT_LANG:
            return value
        head, sep, tail = value.rpartition("#")
        base, number = (head, sep + tail) if sep and tail.isdigit() else (value, "")
        return english[base] + number if base in english else value

    return name


def decision_for(game: TacticsGame, seat: int, prompt: str, values: Sequence[Any], number: int) -> Decision:
    """The decision ``seat`` is asked (prompt and option texts masked for that seat)."""
    table = masks(game, seat)
    options = generic_options(values, lambda v: mask(label(v, seat), game, seat, table),
                              lambda v: mask(str(v), game, seat, table))  # fmt: skip
    return Decision(seat, kind_of(prompt), mask(prompt, game, seat, table), options, number)


class DecisionDecider(Decider):
    """The engine's decider when a game is its decisions (see the module docstring). ``players``: each seat's
    player of the machine, or None for a seat a person plays; ``script``: the labels of a saved game, answered
    first (a machine player is still asked, so that its own state moves on as in an unbroken game, but the
    script's label is taken; a player with a ``follow(player, prompt, options, pick)`` method is told the script's
    pick instead, as the searcher is: it would think again for nothing). ``taken``: every decision's label so far."""

    def __init__(self, players: Mapping[int, Decider | None], script: Sequence[str] = ()) -> None:
        self.players = dict(players)
        self.script = list(script)
        self.taken: list[str] = []
        self.waiter: Callable[[Decision], str] | None = None  # set by the Stepper: a person's seat waits
        self.game: TacticsGame | None = None
        self.asked: list[int] = []  # the seat of each decision taken
        self._names: Callable[[str], str] | None = None
        self.scopes: Scopes | None = None  # which unit's own ability each entry of the game's log comes of
        self._listening = contextlib.ExitStack()

    def bind(self, game: TacticsGame) -> DecisionDecider:
        self.game = game
        bind_each(self.players.values(), game)
        self._listening.close()
        scopes = self.scopes = Scopes(game)
        for event in game.log:  # (written before: no trigger resolves then)
            scopes.heard(event)
        self._listening.enter_context(game.log.listening(lambda event: scopes.heard(event, game.triggers.depth)))
        return self

    def prompt_names(self, value: str) -> str:
        """A name the engine writes (``雾刃#1``) in the current language, for an error's words (:func:`record_names`
        of the game's records, made at the first call)."""
        if self._names is None:
            self._names = record_names(self.game.records if self.game is not None else ())
        return self._names(value)

    def _seat(self, player: int) -> int:
        """Who answers for ``player``: seat 0 (an obstacle that moves) is the active player."""
        if player in self.players or self.game is None:
            return player
        return self.game.active

    def _decide(
        self,
        player: int,
        prompt: str,
        values: Sequence[Any],
        proposal: Callable[[], Any] | None,
        follow: Callable[[Any], None] | None = None,
    ) -> Any:
        if self.game is None:
            raise EngineError(tr("no game to decide in"))
        seat = self._seat(player)
        decision = decision_for(self.game, seat, prompt, values, len(self.taken))
        scripted = self.script[len(self.taken)] if len(self.taken) < len(self.script) else None
        if scripted is not None and follow is not None:  # a player that can be told its choice: not asked again
            answer = scripted
            follow(decision.find(answer, self.prompt_names).value)
        elif proposal is not None:
            pick = proposal()  # asked even when the script answers: the player's own state moves on
            found = next((o.label for o, v in zip(decision.options, values, strict=True) if v is pick), None)
            if found is None:
                found = next((o.label for o, v in zip(decision.options, values, strict=True) if v == pick), None)
            if scripted is not None:  # the record wins (its machine player may have picked otherwise)
                answer = scripted
            elif found is None:
                raise EngineError(tr("decision {number}: the player of seat {seat} chose {pick}, not an option",
                                     number=len(self.taken) + 1, seat=seat, pick=repr(pick)))  # fmt: skip
            else:
                answer = found
        elif scripted is not None:
            answer = scripted
        elif self.waiter is not None:
            answer = self.waiter(decision)
        else:
            raise EngineError(tr("decision {number}: nobody decides for seat {seat}", number=len(self.taken) + 1,
                                 seat=seat))  # fmt: skip
        option = decision.find(answer, self.prompt_names)
        self.taken.append(option.label)
        self.asked.append(seat)
        return option.value

    def choose(self, player: int, prompt: str, options: Sequence[T]) -> T:
        values = list(options)
        if not values:
            raise EngineError(tr("no option to choose from: {prompt}", prompt=prompt))
        machine = self.players.get(self._seat(player))
        proposal = (lambda: machine.choose(player, prompt, values)) if machine is not None else None
        follow = getattr(machine, "follow", None)
        told = (lambda value: follow(player, prompt, values, value)) if callable(follow) else None
        return self._decide(player, prompt, values, proposal, told)

    def confirm(self, player: int, prompt: str) -> bool:
        machine = self.players.get(self._seat(player))
        proposal = (lambda: bool(machine.confirm(player, prompt))) if machine is not None else None
        return bool(self._decide(player, prompt, [True, False], proposal))

    def choose_many(self, player: int, prompt: str, options: Sequence[T], count: int) -> list[T]:
        left = list(options)
        wanted = min(count, len(left))
        machine = self.players.get(self._seat(player))
        picks = list(machine.choose_many(player, prompt, left, count)) if machine is not None and wanted else []
        chosen: list[T] = []
        for i in range(wanted):
            proposal: Callable[[], Any] | None = None
            if machine is not None:  # its pick, or where it picked fewer, the first left
                offered = picks[i] if i < len(picks) else left[0]
                proposal = lambda offered=offered: offered  # noqa: E731
            step = Phrase(N_("{prompt} ({n}/{count})"), prompt=prompt, n=i + 1, count=wanted)
            pick = self._decide(player, step, left, proposal)
            chosen.append(pick)
            left = [v for v in left if v is not pick]
        return chosen
