"""Card scripts: the behaviour of imported Netrunner cards whose printed text no template reads.

A card script is a small Python function per card id (NetrunnerDB's id), kept with the
other scripts of its set in one module of this package (``system_gateway.py``, …), each
next to the test that shows it working (``tests/scripts/test_<module>.py``). It says which
paragraphs of the printed English it implements, and builds the card's behaviour from
parts the engine already knows:

- ``b.play(fn)``: what an operation or event does when played;
- ``b.paid(costs, fn)``: a paid ability (``[click], 2[credit]: ...``), once per turn if asked;
- ``b.subroutine(fn)``: a subroutine of a piece of ice, in printed order;
- ``b.when(timing, fn)``: a triggered ability (timings: :data:`TIMINGS`);
- ``b.text(zh)``: an ability written in the ability language (read by the grammar like any card text);
- static hooks the engine asks of active cards (each a :class:`Builder` method): strength, costs (install,
  rez, play, clicks to play), restrictions (may_install, may_play, may_run, may_score, install servers,
  hosts, untrashable, unbreakable), additional costs (rez_requires, steal_requires), hosted credits that
  pay (spend_hosted), agenda requirements and points, limits (hand size, memory, link), runs kept going,
  extra damage, a bioroid's click-break;
- frames many cards print, as functions: :func:`load`, :func:`current`, :func:`one_console`,
  :func:`one_region`, :func:`on_installed_ice`, :func:`threat`; :func:`breaker_usable` for when a scripted
  icebreaker's paid break can do something.

A part's ``fn`` gets an :class:`Exec`: the game, who acts (``x.side``), the card (``x.card``),
the run and the event that fired it (``x.event``), ``x.do(zh)`` to run ability-language text, and
the shared steps of many cards (``x.pick``, ``x.break_subroutines``, ``x.install_from``, ``x.run_on``,
``x.bypass``, ``x.instead_of_breach``, ``x.when_run_ends``, ``x.lasting``, ``x.forbid``, …). Every
choice goes through the game's decisions (``x.choose``, ``x.may``, ``x.pick``), so a scripted card
plays in replays, scenarios and the step-by-step terminal like any other.

The import (:func:`toolkit.importers.nrdb_text.read_card`) counts a paragraph a script
implements as read (the record's ``reading.scripted``); the engine runs a script's parts only
for those paragraphs of records that say so, so a bundled card of the same id never runs one.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from toolkit.engine.phrase import Phrase, Term
from toolkit.i18n.words import N_
from toolkit.text import ast as A
from toolkit.text import parse_cached
from toolkit.text import vocab as V

if TYPE_CHECKING:
    from ..game import NetrunnerGame
    from ..state import Card, Context, Encounter, Side

# Timings a script may trigger on: the ability language's Netrunner timings (fired to the card itself, or to
# the active cards of the side whose turn it is) and the timings only scripts use (toolkit.text.vocab's
# SCRIPT_TIMINGS), fired to every active card (and first to the card concerned: the ice encountered or passed,
# the card accessed or trashed). ``x.event`` carries what happened: ``ice``, ``card``, ``server``, ``run``,
# ``successful``, ``amount``, ``by``.
TIMINGS: tuple[str, ...] = (
    "installed",
    "rezzed",
    "agenda_scored",
    "agenda_stolen",
    "your_turn_start",
    "your_turn_end",
    "run_begins",
    "run_successful",
    *V.SCRIPT_TIMINGS,
)


class ScriptError(Exception):
    """A script that cannot be built (an unknown timing, text the grammar refuses)."""


@dataclass(frozen=True)
class Part:
    """One ability a script adds: an :class:`~toolkit.text.ast.Ability` whose effect is the script's ``fn``."""

    kind: str  # effect (play), paid, subroutine, triggered
    paragraph: int
    fn: Callable[[Exec], None] | None = None
    costs: tuple[A.Cost, ...] = ()
    timing: str | None = None
    once_per_turn: bool = False
    role: str | None = None  # paid: "break" or "boost" (an icebreaker's ability, for the players' choices)
    zone: str = "play"  # where the part works: "play" (active), "hand", "discard", "stolen" (runner's score area)
    ability_text: str | None = None  # b.text(): ability-language text instead of fn
    usable: Callable[[NetrunnerGame, Card, str], bool] | None = None  # paid: whether it does anything now
    only: Callable[[Exec], bool] | None = None  # triggered: whether this event concerns it (else it stays silent)


@dataclass
class CardScript:
    """What a script builds for one card."""

    card: str
    paragraphs: tuple[int, ...]
    summary: str
    replaces: tuple[int, ...] = ()  # paragraphs a template reads that the script implements instead
    parts: list[Part] = field(default_factory=list)
    hooks: dict[str, Any] = field(default_factory=dict)  # a static hook's function (or runner_break's numbers)
    loads: tuple[str, int] | None = None  # what the card is loaded with (:func:`load`) and the paragraph saying so

    def placed(self, paragraphs: Sequence[int]) -> list[tuple[int, A.Ability]]:
        """``(paragraph, ability)`` for the parts of ``paragraphs``: the abilities the engine runs."""
        out: list[tuple[int, A.Ability]] = []
        for number, part in enumerate(self.parts):
            if part.paragraph not in paragraphs:
                continue
            if part.ability_text is not None:
                out.append((part.paragraph, parse_cached(part.ability_text)))
                continue
            node = A.Scripted(self.card, part.paragraph, number)
            kind: Any = part.kind
            out.append((part.paragraph, A.Ability(kind, (A.Sentence((node,)),), timing=part.timing, costs=part.costs)))
        return out


class Builder:
    """What a script function is handed: it adds the card's parts (see the module's docstring)."""

    def __init__(self, script: CardScript) -> None:
        self.script = script
        self._paragraph = script.paragraphs[0] if script.paragraphs else 0

    def paragraph(self, index: int) -> Builder:
        """The parts added next implement paragraph ``index`` (default: the script's first)."""
        if index not in self.script.paragraphs:
            raise ScriptError(f"{self.script.card}: paragraph {index} is not among {self.script.paragraphs}")
        self._paragraph = index
        return self

    def _add(self, part: Part) -> Builder:
        self.script.parts.append(part)
        return self

    def play(self, fn: Callable[[Exec], None]) -> Builder:
        return self._add(Part("effect", self._paragraph, fn))

    def paid(
        self,
        costs: Sequence[A.Cost],
        fn: Callable[[Exec], None],
        once_per_turn: bool = False,
        usable: Callable[[NetrunnerGame, Card, str], bool] | None = None,
        role: str | None = None,
        zone: str = "play",
    ) -> Builder:
        """A paid ability. ``usable(game, card, window)`` (window: ``action``, ``run``, ``encounter``) says
        when it does anything, so players are not offered it uselessly (default: whenever its costs are paid).
        ``role``: ``break`` (it breaks subroutines of the ice encountered) or ``boost`` (it raises this card's
        strength), so the heuristic runner uses it as it uses a read icebreaker's; ``prevent_damage``,
        ``prevent_tags`` or ``prevent_trash``: offered only in that prevention window (``x.game.window`` says
        what is about to happen: ``what``, ``kind``, ``amount``, ``card``), and it prevents with
        ``x.game.prevent(what, amount, x.card, kind)``. ``zone``: where the card must be for the ability to be
        offered in the action phase: ``hand`` (HQ, the grip: "reveal and trash this card from HQ: ..."; its ``fn``
        trashes it as its text says), ``discard`` (Archives, the heap), ``stolen`` (a corp card's ability used
        by the corp while the card is in the runner's score area); default ``play`` (active)."""
        part = Part(
            "paid", self._paragraph, fn, tuple(costs), once_per_turn=once_per_turn, usable=usable, role=role, zone=zone
        )
        return self._add(part)

    def subroutine(self, fn: Callable[[Exec], None]) -> Builder:
        return self._add(Part("subroutine", self._paragraph, fn))

    def when(
        self, timing: str, fn: Callable[[Exec], None], only: Callable[[Exec], bool] | None = None, zone: str = "play"
    ) -> Builder:
        """A triggered part. ``only(x)`` says whether the event concerns this card (``x.event``: the ice
        encountered is this one, the agenda scored came from this server, ...): when it does not, the part is
        not triggered at all (no log line, no order to choose among triggers). ``zone``: where the card must be for
        it to trigger (``play``: active; ``hand``, ``discard``: its player's hand or discard; ``stolen``: a corp
        card in the runner's score area)."""
        if timing not in TIMINGS:
            raise ScriptError(f"{self.script.card}: unknown timing {timing!r}; timings: {', '.join(TIMINGS)}")
        return self._add(Part("triggered", self._paragraph, fn, timing=timing, only=only, zone=zone))

    def loads(self, what: str) -> Builder:
        """This card (the current paragraph) is loaded with ``what`` (``credit`` or a counter kind) and empties once
        none is left (its loading part sets ``notes["loaded"]``): a scenario placing it with some of ``what`` places
        it loaded. :func:`load` says so; a script loading its card its own way says it too."""
        self.script.loads = (what, self._paragraph)
        return self

    def text(self, zh: str) -> Builder:
        parse_cached(zh)  # refuse text the grammar does not read now, not during a game
        return self._add(Part("text", self._paragraph, ability_text=zh))

    def _hook(self, name: str, fn: Any) -> Builder:
        self.script.hooks[name] = fn
        return self

    def strength(self, fn: Callable[[NetrunnerGame, Card], int]) -> Builder:
        """``fn(game, card)``: a change to this card's strength."""
        return self._hook("strength", fn)

    def install_cost(self, fn: Callable[[NetrunnerGame, Card, Card], int]) -> Builder:
        """``fn(game, this, card)``: while this card is active, a change to the install cost of ``card``."""
        return self._hook("install_cost", fn)

    def strength_all(self, fn: Callable[[NetrunnerGame, Card, Card], int]) -> Builder:
        """``fn(game, this, card)``: while this card is active, a change to the strength of ``card`` (any card)."""
        return self._hook("strength_all", fn)

    def own_rez_cost(self, fn: Callable[[NetrunnerGame, Card, Card], int]) -> Builder:
        """``fn(game, this, this)``: a change to this card's own rez cost (asked before it is rezzed)."""
        return self._hook("own_rez_cost", fn)

    def requirement(self, fn: Callable[[NetrunnerGame, Card, Card], int]) -> Builder:
        """``fn(game, this, agenda)``: while this card is active, a change to an agenda's advancement requirement."""
        return self._hook("requirement", fn)

    def own_requirement(self, fn: Callable[[NetrunnerGame, Card, Card], int]) -> Builder:
        """``fn(game, this, this)``: a change to this agenda's own advancement requirement."""
        return self._hook("own_requirement", fn)

    def points(self, fn: Callable[[NetrunnerGame, Card, str], int]) -> Builder:
        """``fn(game, this, side)``: while this card is active, points it adds to ``side``'s agenda points."""
        return self._hook("points", fn)

    def limit(self, fn: Callable[[NetrunnerGame, Card, str, str], int]) -> Builder:
        """``fn(game, this, side, stat)``: while this card is active, a change to ``side``'s ``hand_size``,
        ``memory`` or ``link`` (a changing amount: "+1 hand size for each power counter")."""
        return self._hook("limit", fn)

    def unbreakable(self, fn: Callable[[NetrunnerGame, Card, Card], bool]) -> Builder:
        """``fn(game, this_ice, breaker)``: True where ``breaker`` may not break this ice's subroutines."""
        return self._hook("unbreakable", fn)

    def install_servers(self, fn: Callable[[NetrunnerGame, Card, str], bool]) -> Builder:
        """``fn(game, card, server)``: whether the corp may install this card in ``server`` (a server name or
        ``new remote``): "Remote server only", "Install only in the root of HQ"."""
        return self._hook("install_servers", fn)

    def own_install_cost(self, fn: Callable[[NetrunnerGame, Card, Card], int]) -> Builder:
        """``fn(game, this, this)``: a change to this card's own install cost, asked while it is in the hand."""
        return self._hook("own_install_cost", fn)

    def rez_cost(self, fn: Callable[[NetrunnerGame, Card, Card], int]) -> Builder:
        """``fn(game, this, card)``: while this card is active, a change to the rez cost of ``card``."""
        return self._hook("rez_cost", fn)

    def play_cost(self, fn: Callable[[NetrunnerGame, Card], int]) -> Builder:
        """``fn(game, card)``: a change to this card's own play cost (an operation or event)."""
        return self._hook("play_cost", fn)

    def play_clicks(self, clicks: int) -> Builder:
        """"As an additional cost to play this card, spend ``clicks``[click]": the play action costs that much more."""
        return self._hook("play_clicks", lambda game, card: clicks)

    def stays_in_play(self) -> Builder:
        """An operation or event that stays in play after it resolves (its other parts active) until its own
        parts take it out (``game.leave_in_play``); a current is :func:`current`."""
        return self._hook("stays_in_play", True)

    def may_install(self, fn: Callable[[NetrunnerGame, Card], bool]) -> Builder:
        """``fn(game, card)``: whether this card may be installed now (a restriction printed on it)."""
        return self._hook("may_install", fn)

    def may_install_all(self, fn: Callable[[NetrunnerGame, Card, Card], bool]) -> Builder:
        """``fn(game, this, card)``: while this card is active (or as a lasting hook: "the runner cannot install
        cards for the remainder of the turn"), whether ``card`` may be installed."""
        return self._hook("may_install_all", fn)

    def may_play(self, fn: Callable[[NetrunnerGame, Card], bool]) -> Builder:
        """``fn(game, card)``: whether this card may be played now ("Play only if ...")."""
        return self._hook("may_play", fn)

    def runner_break(self, clicks: int = 1, count: int = 1) -> Builder:
        """Ice: "Lose ``clicks``[click]: Break up to ``count`` subroutines on this ice. Only the runner can use
        this ability" (offered to the runner while encountering it, beside the icebreakers' breaks)."""
        return self._hook("runner_break", (clicks, count))

    def spend_hosted(self, fn: Callable[[NetrunnerGame, Card, str | None], bool]) -> Builder:
        """``fn(game, this, purpose)``: whether credits hosted on this card may pay for ``purpose`` now (``install``,
        ``rez``, ``icebreaker``, ``trace``, ``trash`` (an accessed card's trash cost) or None: anything else)."""
        return self._hook("spend_hosted", fn)

    def rez_requires(
        self, can: Callable[[NetrunnerGame, Card], bool], pay: Callable[[NetrunnerGame, Card], None]
    ) -> Builder:
        """"As an additional cost to rez this card, ...": the corp may rez it only while ``can(game, card)``, and
        ``pay(game, card)`` pays that cost after the credits (a rez "ignoring all costs" pays neither)."""
        return self._hook("rez_requires", (can, pay))

    def may_score(self, fn: Callable[[NetrunnerGame, Card, Card], bool]) -> Builder:
        """``fn(game, this, agenda)``: while this card is active, whether the corp may score ``agenda`` now."""
        return self._hook("may_score", fn)

    def steal_requires(
        self, can: Callable[[NetrunnerGame, Card], bool], pay: Callable[[NetrunnerGame, Card], None]
    ) -> Builder:
        """"As an additional cost to steal this agenda / an agenda, the runner must ...": on this agenda (or, on
        another active card, on every agenda) the runner may steal only if ``can(game, agenda)`` and pays with
        ``pay(game, agenda)``; the runner may also decline, leaving the agenda. ``can`` returns None where the
        cost does not apply (an upgrade's cost for the agendas of its own server only)."""
        return self._hook("steal_requires", (can, pay))

    def unbreakable_all(self, fn: Callable[[NetrunnerGame, Card, Card, Card], bool]) -> Builder:
        """``fn(game, this, ice, breaker)``: while this card is active (or as a lasting hook), True where
        ``breaker`` may not break ``ice``'s subroutines."""
        return self._hook("unbreakable_all", fn)

    def damage_bonus(self, fn: Callable[[NetrunnerGame, Card, str, int], int]) -> Builder:
        """``fn(game, this, kind, amount)``: while this card is active, extra damage of ``kind`` added to any
        damage done ("If the runner would take meat damage, they take 1 more")."""
        return self._hook("damage_bonus", fn)

    def may_run(self, fn: Callable[[NetrunnerGame, Card, str], bool]) -> Builder:
        """``fn(game, this, server)``: while this card is active, whether the runner may run ``server`` now."""
        return self._hook("may_run", fn)

    def all_install_servers(self, fn: Callable[[NetrunnerGame, Card, Card, str], bool]) -> Builder:
        """``fn(game, this, card, server)``: while this card is active, whether the corp may install ``card`` in
        ``server`` ("Limit 2 remote servers")."""
        return self._hook("all_install_servers", fn)

    def keep_run(self, fn: Callable[[NetrunnerGame, Card, Card | None], bool]) -> Builder:
        """``fn(game, this, by)``: while this card is active, True keeps the run from ending when ``by`` (the card
        ending it, e.g. the ice whose subroutine fired; None: a rule) would end it. For an effect lasting an
        encounter, a run or a turn: ``x.lasting("keep_run", fn, until="encounter")``."""
        return self._hook("keep_run", fn)

    def draw_bonus(self, fn: Callable[[NetrunnerGame, Card, str, int], int]) -> Builder:
        """``fn(game, this, side, count)``: while this card is active, more (or fewer) cards ``side`` draws when it
        draws ``count`` ("draw 1 additional card"); the ``cards_drawn`` timing (side, cards) follows every draw."""
        return self._hook("draw_bonus", fn)

    def trash_cost(self, fn: Callable[[NetrunnerGame, Card, Card], int]) -> Builder:
        """``fn(game, this, card)``: while this card is active (or as a lasting hook), a change to ``card``'s trash
        cost when the runner accesses it; ``own_trash_cost`` for this card's own."""
        return self._hook("trash_cost", fn)

    def own_trash_cost(self, fn: Callable[[NetrunnerGame, Card, Card], int]) -> Builder:
        return self._hook("own_trash_cost", fn)

    def trash_resource_requires(
        self, can: Callable[[NetrunnerGame, Card], bool | None], pay: Callable[[NetrunnerGame, Card], None]
    ) -> Builder:
        """While this card is active, an additional cost on the corp's basic action of trashing a resource:
        ``can(game, resource)`` (None: not this resource's), paid by ``pay(game, resource)``."""
        return self._hook("trash_resource_requires", (can, pay))

    def blocks_success(self, fn: Callable[[NetrunnerGame, Card, Any], bool]) -> Builder:
        """``fn(game, this, run)``: while this card is active, True keeps the run from becoming successful (it
        ends without a breach, not by being ended)."""
        return self._hook("blocks_success", fn)

    def untrashable(self, fn: Callable[[NetrunnerGame, Card, str | None], bool] | None = None) -> Builder:
        """"This card cannot be trashed" (where ``fn(game, card, by)`` holds, if given: ``by`` is the side trashing
        it, None for a rule or a cost)."""
        return self._hook("untrashable", fn or (lambda game, card, by: True))

    def hosts(self, fn: Callable[[NetrunnerGame, Card], list[Card]]) -> Builder:
        """``fn(game, card)``: the cards this card must be installed on ("Install only on ..."); none, no install."""
        return self._hook("hosts", fn)


@dataclass
class Exec:
    """What a part's function gets: the game and the context it runs in."""

    game: NetrunnerGame
    ctx: Context

    @property
    def side(self) -> Side:
        return self.ctx.side

    @property
    def card(self) -> Card:
        assert self.ctx.card is not None
        return self.ctx.card

    @property
    def event(self) -> dict[str, Any]:
        return self.ctx.event or {}

    @property
    def run(self) -> Any:
        return self.game.current_run

    @property
    def me(self) -> Any:
        return self.game.player(self.side)

    @property
    def opponent(self) -> Any:
        from ..state import other

        return self.game.player(other(self.side))

    @property
    def why(self) -> Phrase:
        """"the text of <this card>": the reason logged for what this card's text does."""
        return Phrase(N_("the text of {card}"), card=str(self.card))

    def do(self, zh: str) -> None:
        """Run ability-language text as this card (its effects only; costs are the script's)."""
        ability = parse_cached(zh)
        for sentence in ability.sentences:
            self.game.interp.effects(sentence.effects, self.ctx)

    def may(self, prompt: Any, side: Side | None = None) -> bool:
        """A yes-or-no decision of ``side`` (default: the card's side)."""
        return self.game.confirm(side or self.side, "optional", prompt)

    def choose(self, prompt: Any, values: Sequence[Any], side: Side | None = None, kind: str = "target") -> Any:
        return self.game.choose(side or self.side, kind, prompt, list(values))

    def pick(
        self,
        prompt: Any,
        cards: Sequence[Card],
        optional: bool = True,
        side: Side | None = None,
        kind: str = "target",
        hidden: bool = False,
    ) -> Card | None:
        """One of ``cards`` chosen by ``side`` (default: this card's side); None when there is none or, when
        ``optional``, the player answers ``done``. A face-down corp card is shown to the runner only as a card
        in its server (its name stays hidden). ``hidden``: the candidates come from cards the other side cannot
        see (the grip, HQ, a face-down card…): an optional pick with none is asked all the same in a game of two
        people (:func:`ask_none`)."""
        if not cards:
            if optional:
                ask_none(self.game, side or self.side, kind, prompt, hidden)
            return None
        from ..decisions import Option

        chooser = side or self.side
        g = self.game

        def shown(c: Card) -> Any:
            if chooser == "runner" and g.hidden_from_runner(c):
                where = g.server_of(c)
                return Phrase(N_("a face-down card in {server}"), server=Term("zone", where.name if where else ""))
            return Phrase(N_("{card} ({type})"), card=str(c), type=Term("type", c.type))

        options = [Option(c.ref, shown(c), c) for c in cards]
        if optional:
            options.append(Option("done", Phrase(N_("done")), None))
        value: Card | None = g.ask(chooser, kind, prompt, options).value
        return value

    def break_subroutines(self, count: int, subtype: str | None = None) -> int:
        """Break up to ``count`` unbroken subroutines of the ice being encountered (the runner picks them), if it
        is of ``subtype`` (any ice when None); how many broke."""
        g = self.game
        run = g.current_run
        enc = self.ctx.encounter or (run.encounter if run is not None else None)
        if enc is None or (subtype is not None and subtype not in enc.ice.subtypes) or not g.may_break(enc.ice, self.card):
            g.log.add("break_failed", g.runner.seat, reason=Phrase(N_("no ice is being encountered")))
            return 0
        unbroken = [s for s in enc.subs if not s.broken]
        prompt = Phrase(N_("break a subroutine of {ice}"), ice=str(enc.ice))
        chosen = g.choose_many("runner", "subroutine", prompt, unbroken, count, label=lambda s: f"sub:{s.index}")
        for sub in chosen:
            g.runs.mark_broken(enc.ice, sub, self.card)
        return len(chosen)

    def install_from(self, card: Card, zone: list[Card] | None = None, less: int = 0, free: bool = False) -> None:
        """Install ``card`` out of ``zone`` (the hand by default; a deck, a discard, cards set aside), paying its
        install cost less ``less`` (nothing when ``free``); the corp chooses where as for any install."""
        g = self.game
        owner = g.player(card.side)
        named = {id(owner.hand): "hand", id(owner.deck): "deck", id(owner.discard): "discard"}
        origin = None
        for where in (zone, owner.hand, owner.deck, owner.discard):
            if where is not None and card in where:
                origin = named.get(id(where), "other")
                where.remove(card)
                break
        card.faceup = False
        if free:
            g.install(card.side, card, pay=False, origin=origin)
            return
        if card.side == "runner":
            cost = max(0, g.install_cost(card) - less)
            g.pay("runner", cost, Phrase(N_("installing {card}"), card=str(card)), "install")
            g.install("runner", card, pay=False, origin=origin)
            return
        options = [s for s in g.server_options(card) if g.can_pay("corp", max(0, g.install_cost(card, s) - less), "install")]
        server = g.choose("corp", "server", Phrase(N_("install {card} in"), card=str(card)), options)
        g.pay("corp", max(0, g.install_cost(card, server) - less), g.install_reason(card, server), "install")
        g.install("corp", card, server, pay=False, origin=origin)

    def last_turn(self, side: Side) -> list[Any]:
        """The log's events of ``side``'s last turn that has ended (the runner's last turn, for the corp)."""
        events = list(self.game.log)
        end = next((i for i in range(len(events) - 1, -1, -1)
                    if events[i].kind == "turn_end" and events[i].data.get("side") == side), None)  # fmt: skip
        if end is None:
            return []
        start = next((i for i in range(end, -1, -1)
                      if events[i].kind == "turn_start" and events[i].data.get("side") == side), 0)  # fmt: skip
        return events[start : end + 1]

    def run_on(self, server: str = "any") -> Any:
        """Make a run (the runner): on ``server`` (``hq``, ``rnd``, ``archives``, a remote's name), ``central``,
        ``remote`` or ``any`` (the runner chooses). Access and the run's end follow when the part is done,
        as for a run effect of ability text; read ``x.ctx.run.successful`` meanwhile."""
        g = self.game
        from ..state import RunState

        if server == "any":
            allowed = [s for s in g.servers if g.may_run(s)]
            if not allowed:
                self.ctx.run = RunState(server, ended=True)
                return self.ctx.run
            server = str(g.choose("runner", "server", Phrase(N_("run on which server")), allowed))
        target = g.runs.choose_server(server)
        if target is None:
            self.ctx.run = RunState(server, ended=True)
        else:
            self.ctx.run = g.runs.make_run(target)
            self.ctx.owns_run = True
        return self.ctx.run

    def ran_this_turn(self, server: str | None = None, successful: bool | None = None) -> bool:
        """Whether a run (on ``server``; successful or not as asked) ended this turn."""
        return any(
            turn == self.game.turns and server in (None, where) and successful in (None, ok)
            for turn, where, ok in self.game.run_history
        )

    def this_turn(self, kind: str) -> list[dict[str, Any]]:
        """The logged ``kind`` events of this turn (``install``, ``rez``, ``score``, ``steal``, ``run_end``, …)."""
        return self.game.events_this_turn(kind)

    def lasting(self, hook: str, fn: Callable[..., Any], until: str = "run") -> None:
        """A static hook (``rez_cost``, ``install_cost``: ``fn(game, this, card)``) in force until the end of the
        ``encounter``, ``run`` or ``turn``, even after this card is gone (an event played for its run)."""
        self.game.add_lasting(hook, self.card, fn, until)

    def next_turn_clicks(self, side: Side, change: int) -> None:
        """``side`` gets ``change`` more (or, negative, fewer) allotted clicks for its next turn."""
        g = self.game
        g.next_turn_clicks[side] = g.next_turn_clicks.get(side, 0) + change
        g.log.add("next_turn_clicks", g.player(side).seat, side=side, change=change)

    def forbid(self, what: str, until: str) -> None:
        """``score``, ``steal`` or ``trash_accessed`` forbidden until the end of the ``turn`` or ``run``."""
        self.game.forbid(what, until, Phrase(N_("the text of {card}"), card=str(self.card)))

    def jack_out(self) -> None:
        """The runner jacks out now, even while encountering ice (a card that says so)."""
        self.game.runs.jack_out(Phrase(N_("the text of {card}"), card=str(self.card)), anytime=True)

    def remove_from_game(self, card: Any = None) -> None:
        """``card`` (default: this card) leaves every zone and the game."""
        self.game.remove_from_game(card or self.card, Phrase(N_("the text of {card}"), card=str(self.card)))

    def instead_of_breach(self, fn: Callable[[], None]) -> None:
        """If the run made now (``x.ctx.run``) is successful, ``fn()`` happens instead of breaching the server:
        no breach, no access."""
        run = self.ctx.run or self.game.current_run
        if run is not None:
            run.instead_of_breach = fn

    def when_run_ends(self, fn: Callable[[Any, bool], None]) -> None:
        """``fn(run, successful)`` once the current run ends, even if this card has left play meanwhile
        ("persistent" abilities, "when that run ends")."""
        self.game.at_run_end.append(fn)

    def gain_subtypes(self, card: Card, subtypes: Sequence[str], until: str | None = None) -> None:
        """``card`` gains ``subtypes`` until the end of the ``run`` or ``turn`` (None: while it stays in play)."""
        for subtype in subtypes:
            if subtype not in card.subtypes:
                card.gained_subtypes.append(subtype)
                if until is not None:
                    self.game.grants.append((card, subtype, until))

    def blank(self, card: Card, until: str = "run") -> None:
        """``card`` loses its abilities until the end of the ``run``, ``turn`` or ``game``."""
        self.game.blanks[card.uid] = until
        self.game.log.add("blank", self.game.player(card.side).seat, card=str(card), until=until)

    def move_run(self, server: str) -> None:
        """Move the run in progress to ``server`` (the runner at its outermost position)."""
        self.game.runs.move_run(server)

    def success_on(self, server: str) -> None:
        """If the run in progress (or, before it starts, the next run this card makes) is successful, it is a
        successful run on ``server`` instead (and breaches it)."""
        run = self.game.current_run
        if run is not None:
            run.redirect = server
        else:
            self.game.next_redirect = server

    def bypass(self) -> None:
        """The runner bypasses the ice it is encountering now (no more breaks; its subroutines do not fire), or,
        outside an encounter, the next ice it approaches (passed without an encounter)."""
        run = self.game.current_run
        if run is None or run.ended:
            return
        if run.encounter is not None:
            run.encounter.bypassed = True
            self.game.log.add("bypass", self.game.runner.seat, ice=str(run.encounter.ice))
        else:
            run.bypass_next = True

    def once_per_turn(self, key: str = "used") -> bool:
        """True the first time this is asked for ``key`` on this card in a turn (and from then on False)."""
        notes = self.card.notes
        if notes.get(key) == self.game.turns:
            return False
        notes[key] = self.game.turns
        return True


# ---------------------------------------------------------------- costs a script names


def ask_none(game: NetrunnerGame, side: Side, kind: str, prompt: Any, hidden: bool) -> None:
    """An optional pick with nothing to pick: asked all the same, ``done`` its only option, when its candidates
    would come from cards the other side cannot see (``hidden``: HQ, R&D, the grip, the stack, face-down cards) in
    a game of two people (:attr:`~.game.NetrunnerGame.people`), so that whether ``side`` is asked (the
    other side sees it wait) tells nothing of those cards; otherwise not asked, as in every other game. Every
    script's pick helper calls it where its list is empty (:meth:`Exec.pick`, the modules' ``_pick``)."""
    if hidden and game.people:
        from ..decisions import Option

        game.ask(side, kind, prompt, [Option("done", Phrase(N_("done")), None)], force=True)


def click(count: int = 1) -> A.ClickCost:
    return A.ClickCost(count)


def credit(count: int) -> A.CreditCost:
    return A.CreditCost(count)


def trash_self() -> A.TrashCost:
    return A.TrashCost()


def counters(kind: str, count: int = 1) -> A.CounterCost:
    return A.CounterCost(kind, count)  # type: ignore[arg-type]


# ---------------------------------------------------------------- frames many cards print


def load(b: Builder, what: str, amount: int, on: str, then: Callable[[Exec], None] | None = None) -> Builder:
    """"When <on>, load ``amount`` ``what`` (``credit`` or a counter kind) onto this card. When it is empty,
    trash it (and ``then``)": the loading, and the trashing once nothing of it is left."""

    def loading(x: Exec) -> None:
        if what == "credit":
            x.card.credits += amount
            x.game.log.add("place_credits", x.game.player(x.side).seat, card=str(x.card), amount=amount,
                           hosted=x.card.credits)  # fmt: skip
        else:
            x.game.add_counters(x.card, what, amount)
        x.card.notes["loaded"] = what

    def emptied(x: Exec) -> None:
        if x.game.is_installed(x.card):
            x.game.trash(x.card, Phrase(N_("it is empty")), by=x.side)
        if then is not None:
            then(x)

    return b.loads(what).when(on, loading).when("emptied", emptied)


def current(b: Builder, until: Sequence[str] = ("any_scored", "any_stolen")) -> Builder:
    """"This card is not trashed until another current is played or an agenda is scored/stolen": after it
    resolves the card stays in play (active: its other parts work) until one of the ``until`` timings."""

    def leave(x: Exec) -> None:
        x.game.leave_in_play(x.card, Phrase(N_("its current ended")))

    b.stays_in_play()
    for timing in until:
        b.when(timing, leave)
    return b


def this_card(x: Exec) -> bool:
    """An ``only`` test: the event is about this card itself (``x.event["card"]``: installed, scored, accessed...)."""
    return x.event.get("card") is x.card


def this_ice(x: Exec) -> bool:
    """An ``only`` test: the event is this piece of ice's own (``x.event["ice"]``: encountered, passed...)."""
    return x.event.get("ice") is x.card


def threat(game: NetrunnerGame) -> int:
    """The threat level ("Threat N →"): the most agenda points either player has."""
    return max(game.agenda_points("corp"), game.agenda_points("runner"))


def breaker_usable(
    fits: Callable[[NetrunnerGame, Card, Encounter], bool] | None = None,
) -> Callable[[NetrunnerGame, Card, str], bool]:
    """The ``usable`` of a scripted icebreaker's paid break (``b.paid(costs, fn, usable=breaker_usable(...),
    role="break")``): true in the encounter window of a run still going, while the ice encountered has an
    unbroken subroutine, the card may break it (``game.may_break``) and is at least as strong as it, and
    ``fits(game, card, encounter)`` (the card's own condition: the ice's subtype, where it stands...) holds."""

    def usable(game: NetrunnerGame, card: Card, window: str) -> bool:
        run = game.current_run
        enc = run.encounter if run is not None and not run.ended else None
        return (
            window == "encounter"
            and enc is not None
            and any(not s.broken for s in enc.subs)
            and game.may_break(enc.ice, card)
            and game.strength_of(card) >= game.strength_of(enc.ice)
            and (fits is None or fits(game, card, enc))
        )

    return usable


def one_region(b: Builder) -> Builder:
    """"Limit 1 region per server": installing this region trashes any other region in the same server. The engine's
    reading, which it applies to every card of the region subtype as it is installed
    (:meth:`NetrunnerGame.regions_besides`, :meth:`NetrunnerGame.make_room`): this finds none left then, and is
    kept for a region placed in a server some other way."""

    def installed(x: Exec) -> None:
        g = x.game
        server = g.server_of(x.card)
        if x.event.get("card") is not x.card or server is None:
            return
        for old in g.regions_besides(x.card, server.name):
            g.trash(old, Phrase(N_("only 1 region per server")), by="corp")

    return b.when("installed", installed)


def one_console(b: Builder) -> Builder:
    """"Limit 1 console per player": not installed while its player has another console installed (the engine's
    reading, which it applies to every card of the console subtype: :meth:`NetrunnerGame.consoles_besides`)."""
    return b.may_install(lambda g, c: not g.consoles_besides(c))


def on_installed_ice(b: Builder) -> Builder:
    """"Install only on a piece of ice": hosted on an installed piece of ice, rezzed or not."""
    return b.hosts(lambda g, c: [o for o in g.installed("corp") if o.type == "ice"])


def installed_place(server: str, ice: bool) -> Phrase:
    """Where an installed corp card is (``ice``: protecting ``server``, else in its root), as the log of a move says
    where it left or went (its ``zone``, its ``to``): never the server's name alone, which for HQ or R&D reads as the
    corp's hand or deck (a piece of ice from HQ back to HQ)."""
    if ice:
        return Phrase(N_("ice protecting {server}"), server=Term("zone", server))
    return Phrase(N_("the root of {server}"), server=Term("zone", server))


def place_of(game: NetrunnerGame, card: Card) -> Phrase | None:
    """:func:`installed_place` of ``card`` where it is installed now; None when it is not installed."""
    server = game.server_of(card)
    return installed_place(server.name, card in server.ice) if server is not None else None


# ---------------------------------------------------------------- the registry

_REGISTRY: dict[str, CardScript] = {}


def card(
    card_id: str, paragraphs: Sequence[int], summary: str, replaces: Sequence[int] = ()
) -> Callable[[Callable[[Builder], None]], CardScript]:
    """Register the script of ``card_id`` implementing ``paragraphs`` (indexes into the printed English);
    ``summary`` says in our own words what it does. ``replaces``: those of ``paragraphs`` a template would read
    but which the card's other text changes (a restriction on its own subroutines, say), so the script runs
    them instead (tests/test_nrdb_real_pool.py holds every other script off the template-read ones)."""

    def register(build: Callable[[Builder], None]) -> CardScript:
        if card_id in _REGISTRY:
            raise ScriptError(f"card {card_id!r} has two scripts")
        if not set(replaces) <= set(paragraphs):
            raise ScriptError(f"{card_id}: replaces {tuple(replaces)} outside its paragraphs {tuple(paragraphs)}")
        script = CardScript(card_id, tuple(paragraphs), summary, tuple(replaces))
        build(Builder(script))
        if not script.parts and not script.hooks:
            raise ScriptError(f"{card_id}: the script adds nothing")
        _REGISTRY[card_id] = script
        return script

    return register


@lru_cache(maxsize=1)
def _load() -> dict[str, CardScript]:
    for module in sorted(m.name for m in pkgutil.iter_modules(__path__)):
        importlib.import_module(f"{__name__}.{module}")
    return _REGISTRY


def scripts() -> dict[str, CardScript]:
    """Every card script, by card id."""
    return _load()


def script_for(card_id: str) -> CardScript | None:
    return _load().get(card_id)


__all__ = [
    "TIMINGS",
    "Builder",
    "CardScript",
    "Exec",
    "Part",
    "ScriptError",
    "breaker_usable",
    "card",
    "click",
    "counters",
    "credit",
    "current",
    "load",
    "installed_place",
    "on_installed_ice",
    "one_console",
    "one_region",
    "place_of",
    "this_card",
    "this_ice",
    "threat",
    "script_for",
    "scripts",
    "trash_self",
]
