"""Card scripts of the Mumbad cycle (Kala Ghoda, Business First, Democracy and Dogma, Salsette Island, The
Liberated Mind, Fear the Masses): the corp and runner cards and identities first printed there.

Frames several cards share: the deva icebreakers (a conditional break and the swap with a deva from the grip:
:func:`_deva`), the political assets that act only while no ice protects their server (:func:`_no_ice`), an
event or operation that waits in play for its lingering effect (:func:`current` with no ending timing), and a
card worth points in the runner's score area (a lasting ``points`` hook: :func:`_worth`).

Left out (the report of the set's scripts lists them), for what the engine cannot do yet: the alliance
paragraphs' influence rule (a deck-building rule), a timing for a successful trace (Aryabhata Tech), for draws
(Political Dealings, Raman Rai, Pālanā Foods), for searching the stack or installing from the heap (Personality
Profiles) and for where an installed card came from (Bazaar); rezzes forbidden to particular cards (Councilman,
EMP Device), additional costs on breaking (Interrupt 0) or on installing in one server (Diwan), choosing the
cards accessed from HQ (Dedicated Neural Net), a ban on using programs (Vikram 1.0's subroutine), on advancing
(The Price of Freedom), on paid abilities (Navi Mumbai City Grid), on winning (The Black File) and on stealing one
agenda (Lakshmi Smartfabrics), hosting by corp cards or with free memory (Full Immersion RecStudio, NetChip), an
agenda installed face up (New Construction), forced preventions (Guru Davinder, Jesminder Sareen, The Noble
Path), a grip played revealed (Harishchandra Ent.), triggers from the heap (Out of the Ashes' second paragraph),
the order unbroken subroutines resolve in (Street Magic), the moment an access is finished (Maya) and what counts
as the same action (Jeeves Model Bioroids), and bad publicity a card in play adds (Corporate Scandal).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from toolkit.engine.phrase import Phrase, Term
from toolkit.i18n import Nn_
from toolkit.i18n.words import N_
from toolkit.models.netrunner import side_of_type
from toolkit.text import ast as A
from toolkit.text import parse_cached

from ..decisions import Option
from ..run import gain_subroutines
from ..state import SEATS, Card, Context, Encounter, Sub
from . import (
    Builder,
    Exec,
    breaker_usable,
    card,
    click,
    counters,
    credit,
    current,
    one_console,
    one_region,
    this_card,
    this_ice,
    trash_self,
)

if TYPE_CHECKING:
    from ..game import NetrunnerGame
    from ..state import Side

CORP = SEATS["corp"]
RUNNER = SEATS["runner"]
CORP_INSTALLABLE = ("ice", "asset", "upgrade", "agenda")
RUNNER_INSTALLABLE = ("program", "hardware", "resource")
RUNNER_TYPES = ("event", "hardware", "program", "resource")


# ---------------------------------------------------------------- frames


def _no_ice(g: NetrunnerGame, c: Card) -> bool:
    """No ice protects the server this card is installed in."""
    server = g.server_of(c)
    return server is not None and not server.ice


def _encounter(g: NetrunnerGame) -> Encounter | None:
    run = g.current_run
    return run.encounter if run is not None and not run.ended else None


def _shuffle(g: NetrunnerGame, side: Side) -> None:
    player = g.player(side)
    g.rng.shuffle(player.deck)
    g.log.add("shuffle", player.seat, zone="rnd" if side == "corp" else "stack")


def _ask(x: Exec, prompt: Any, choices: Sequence[tuple[str, Any]], side: Side | None = None) -> str:
    """One of ``choices`` (``(label, text)``), answered by ``side`` (default the card's): its label."""
    options = [Option(label, text, label) for label, text in choices]
    return str(x.game.ask(side or x.side, "target", prompt, options).value)


def _count(x: Exec, prompt: Any, most: int, least: int = 0, side: Side | None = None) -> int:
    """A number from ``least`` to ``most`` chosen by ``side`` (default the card's)."""
    if most <= least:
        return least
    return int(x.choose(prompt, list(range(least, most + 1)), side=side))


def _order(x: Exec, cards: Sequence[Card], prompt: Callable[[int], Any], side: Side | None = None) -> list[Card]:
    """``cards`` in an order ``side`` chooses, one decision per place (``prompt(n)`` for place ``n``)."""
    left = list(cards)
    out: list[Card] = []
    while len(left) > 1:
        chosen = x.choose(prompt(len(out) + 1), left, side=side)
        left.remove(chosen)
        out.append(chosen)
    return out + left


def _corp_installable(g: NetrunnerGame, c: Card) -> bool:
    """Whether the corp may install ``c`` now somewhere, paying its install cost."""
    if c.type not in CORP_INSTALLABLE or not g.may_install(c):
        return False
    return any(g.can_pay("corp", g.install_cost(c, s), "install") for s in g.server_options(c))


def _runner_installable(g: NetrunnerGame, c: Card, less: int = 0) -> bool:
    """Whether the runner may install ``c`` now, paying its install cost less ``less``."""
    if c.type not in RUNNER_INSTALLABLE or not g.may_install(c):
        return False
    if c.type == "program" and int(c.record.memory_cost or 0) > g.memory_limit():
        return False
    return g.can_pay("runner", max(0, g.install_cost(c) - less), "install")


def _playable(g: NetrunnerGame, c: Card) -> bool:
    """Whether the corp may play the operation ``c`` through an effect now (its cost, any extra clicks)."""
    return (
        c.type == "operation"
        and g.may_play(c)
        and g.can_pay("corp", g.play_cost(c), "play")
        and g.corp.clicks >= g.play_clicks(c)
    )


def _play(g: NetrunnerGame, c: Card) -> None:
    """Play the operation ``c`` (from HQ, or from R&D once it is revealed) through an effect, paying its cost."""
    if c in g.corp.deck:
        g.corp.deck.remove(c)
        g.corp.hand.append(c)
    if g.play_clicks(c):
        g.spend_clicks("corp", g.play_clicks(c), Phrase(N_("playing {card}"), card=str(c)))
    g.actions.play_card("corp", c)


def _reveal(g: NetrunnerGame, seat: int, shown: Card, zone: str) -> None:
    g.log.add("reveal", seat, card=str(shown), zone=zone)


def _hq_to_rnd(g: NetrunnerGame, moved: Card, top: bool) -> None:
    """A card of HQ onto the top (or the bottom) of R&D, seen by the corp only."""
    g.corp.hand.remove(moved)
    moved.faceup = False
    if top:
        g.corp.deck.append(moved)
    else:
        g.corp.deck.insert(0, moved)
    where = "top" if top else "bottom"
    told = g.log.add("move", CORP, visible=[CORP], card=str(moved), zone="hq", to="rnd", where=where)
    g.apart(told, g.log.add("move_facedown", CORP, cards=1, zone="hq", to="rnd", where=where))


def _trash_top_of_rnd(g: NetrunnerGame, n: int, why: Any) -> None:
    """The corp trashes the top ``n`` cards of R&D (face down into Archives)."""
    for _ in range(n):
        if not g.corp.deck:
            return
        g.trash(g.corp.deck[-1], why, by="corp")


def _worth(g: NetrunnerGame, c: Card, points: int) -> None:
    """``c`` is worth ``points`` more agenda points while it is in the runner's score area (a lasting hook: cards
    there are not active)."""
    if any(hook == "points" and source is c for hook, source, _, _ in g.lasting):
        return

    def worth(g: NetrunnerGame, this: Card, side: str) -> int:
        return points if side == "runner" and this in g.runner.score_area else 0

    g.add_lasting("points", c, worth, "game")


def _to_runner_score_area(g: NetrunnerGame, c: Card, points: int) -> None:
    """A runner card from the rig or from play into the runner's score area, worth ``points`` there."""
    if c in g.runner.rig:
        g.runner.rig.remove(c)
    if c in g.in_play:
        g.in_play.remove(c)
    c.leave_play()
    c.faceup = True
    g.runner.score_area.append(c)
    g.log.add("to_score_area", RUNNER, card=str(c), points=points)
    _worth(g, c, points)
    g.check_points()


def _agendas(cards: Sequence[Card]) -> list[Card]:
    return [c for c in cards if c.type == "agenda"]


# ---------------------------------------------------------------- icebreakers


def _strong(g: NetrunnerGame, breaker: Card, ice: Card) -> bool:
    return g.strength_of(breaker) >= g.strength_of(ice)


Fits = Callable[["NetrunnerGame", Card, Encounter], bool]


def _break(x: Exec, count: int, fits: Fits) -> int:
    """Break up to ``count`` subroutines of the ice encountered when it ``fits`` and this breaker is strong enough."""
    g = x.game
    enc = x.ctx.encounter or _encounter(g)
    if enc is None:
        g.log.add("break_failed", RUNNER, reason=Phrase(N_("no ice is being encountered")))
        return 0
    if not _strong(g, x.card, enc.ice):
        strength, needed = g.strength_of(x.card), g.strength_of(enc.ice)
        reason = Phrase(N_("strength {strength} is below {needed}"), strength=strength, needed=needed)
        g.log.add("break_failed", RUNNER, ice=str(enc.ice), reason=reason)
        return 0
    if not fits(g, x.card, enc):
        g.log.add("break_failed", RUNNER, ice=str(enc.ice), reason=Phrase(N_("{card} cannot break it"), card=str(x.card)))
        return 0
    return x.break_subroutines(count)


def _deva(b: Builder, fits: Fits) -> None:
    """A deva: paragraph 0 breaks 1 subroutine of ice that ``fits`` for 1 credit; paragraph 2 swaps it with a
    deva program from the grip for 2 credits (the deva is installed without its install cost)."""

    def brk(x: Exec) -> None:
        _break(x, 1, fits)

    def swap(x: Exec) -> None:
        g = x.game
        runner = g.runner
        devas = [c for c in runner.hand if c.type == "program" and "deva" in c.subtypes]
        chosen = x.pick(Phrase(N_("swap {card} with which deva program"), card=str(x.card)), devas, optional=False)
        me = x.card
        if chosen is None or me not in runner.rig:
            return
        for hosted in list(me.hosted):
            g.trash(hosted, Phrase(N_("its host {card} left play"), card=str(me)))
        runner.rig.remove(me)
        me.leave_play()
        me.faceup = False
        runner.hand.append(me)
        g.log.add("move", RUNNER, card=str(me), zone="rig", to="grip")
        g.install("runner", chosen, pay=False)
        g.check_memory()

    def has_deva(g: NetrunnerGame, c: Card, window: str) -> bool:
        return any(o.type == "program" and "deva" in o.subtypes for o in g.runner.hand)

    b.paragraph(0).paid([credit(1)], brk, usable=breaker_usable(fits), role="break")
    b.paragraph(2).paid([credit(2)], swap, usable=has_deva)


@card(
    "aghora",
    paragraphs=(0, 2),
    summary="1 credit: break 1 subroutine of ice whose rez cost is 5 or more; 2 credits: swap it with a deva "
    "program from the grip.",
)
def _aghora(b: Builder) -> None:
    _deva(b, lambda g, c, enc: g.rez_cost(enc.ice) >= 5)


@card(
    "sadyojata",
    paragraphs=(0, 2),
    summary="1 credit: break 1 subroutine of ice with 3 or more subtypes; 2 credits: swap it with a deva program "
    "from the grip.",
)
def _sadyojata(b: Builder) -> None:
    _deva(b, lambda g, c, enc: len(enc.ice.subtypes) >= 3)


@card(
    "vamadeva",
    paragraphs=(0, 2),
    summary="1 credit: break the subroutine of ice that has exactly 1; 2 credits: swap it with a deva program "
    "from the grip.",
)
def _vamadeva(b: Builder) -> None:
    _deva(b, lambda g, c, enc: len(enc.subs) == 1)


@card(
    "brahman",
    paragraphs=(0, 2),
    summary="1 credit: break up to 2 subroutines of any ice; after an encounter in which it broke one, an "
    "installed non-virus program goes on top of the stack.",
)
def _brahman(b: Builder) -> None:
    def brk(x: Exec) -> None:
        _break(x, 2, lambda g, c, enc: True)

    def broke(x: Exec) -> None:
        x.card.notes["broke_on"] = x.event.get("ice")

    def ended(x: Exec) -> None:
        g = x.game
        x.card.notes.pop("broke_on", None)
        programs = [c for c in g.runner.rig if c.type == "program" and "virus" not in c.subtypes]
        chosen = x.pick(Phrase(N_("add a program to the top of the stack")), programs, optional=False)
        if chosen is None:
            return
        for hosted in list(chosen.hosted):
            g.trash(hosted, Phrase(N_("its host {card} left play"), card=str(chosen)))
        g.runner.rig.remove(chosen)
        chosen.leave_play()
        chosen.faceup = False
        g.runner.deck.append(chosen)
        g.log.add("move", RUNNER, card=str(chosen), zone="rig", to="stack")
        g.check_memory()

    b.paragraph(0).paid([credit(1)], brk, usable=breaker_usable(), role="break")
    b.paragraph(2).when("subroutine_broken", broke, only=lambda x: x.event.get("by") is x.card)
    b.when("encounter_ends", ended, only=lambda x: x.card.notes.get("broke_on") is not None
           and x.card.notes.get("broke_on") is x.event.get("ice"))  # fmt: skip


@card(
    "ankusa",
    paragraphs=(0,),
    summary="When it has broken every subroutine of a barrier, that barrier goes back to HQ.",
)
def _ankusa(b: Builder) -> None:
    def broke(x: Exec) -> None:
        g = x.game
        enc = _encounter(g)
        ice = x.event.get("ice")
        if enc is None or ice is not enc.ice:
            return
        mine = x.card.notes.get("broke")
        if not isinstance(mine, tuple) or mine[0] is not enc:
            mine = (enc, set())
        mine[1].add(x.event.get("index"))
        x.card.notes["broke"] = mine
        if "barrier" not in ice.subtypes or not all(s.broken and s.index in mine[1] for s in enc.subs):
            return
        x.card.notes.pop("broke", None)
        if g.server_of(ice) is None:
            return
        g.trash_from_server(ice)
        ice.leave_play()
        ice.faceup = False
        g.corp.hand.append(ice)
        g.log.add("move", RUNNER, card=str(ice), zone="ice", to="hq", reason=x.why)

    b.when("subroutine_broken", broke, only=lambda x: x.event.get("by") is x.card)


@card(
    "mongoose",
    paragraphs=(0, 1),
    replaces=(1,),
    summary="1 credit: break up to 2 sentry subroutines, but in a run only on the first piece of ice it broke "
    "subroutines on.",
)
def _mongoose(b: Builder) -> None:
    def fits(g: NetrunnerGame, c: Card, enc: Encounter) -> bool:
        used = c.notes.get("run_ice")
        return "sentry" in enc.ice.subtypes and (
            not isinstance(used, tuple) or used[0] is not g.current_run or used[1] is enc.ice
        )

    def broke(x: Exec) -> None:
        x.card.notes["run_ice"] = (x.game.current_run, x.event.get("ice"))

    def brk(x: Exec) -> None:
        _break(x, 2, fits)

    b.paragraph(0).when("subroutine_broken", broke, only=lambda x: x.event.get("by") is x.card)
    b.paragraph(1).paid([credit(1)], brk, usable=breaker_usable(fits), role="break")


# ---------------------------------------------------------------- ice


@card("bailiff", paragraphs=(0,), summary="The corp gains 1 credit each time the runner breaks one of its subroutines.")
def _bailiff(b: Builder) -> None:
    b.when("subroutine_broken", lambda x: x.game.gain_credits("corp", 1, x.why), only=this_ice)


@card(
    "brainstorm",
    paragraphs=(0,),
    summary="On encounter it gains a '1 brain damage' subroutine for each card in the grip, for the rest of the run.",
)
def _brainstorm(b: Builder) -> None:
    damage = parse_cached("[subroutine] 造成 1 点脑部伤害。")

    def gain(x: Exec) -> None:
        g = x.game
        enc = _encounter(g)
        if enc is None or enc.ice is not x.card:
            return
        before = x.card.notes.get("gained")
        earlier = before[1] if isinstance(before, tuple) and before[0] is g.current_run else 0
        total = earlier + len(g.runner.hand)
        x.card.notes["gained"] = (g.current_run, total)
        gain_subroutines(g, enc, [damage] * total)

    b.when("encounter", gain, only=this_ice)


@card(
    "chetana",
    paragraphs=(0, 1),
    summary="Subroutines: each player gains 2 credits; a psi game, and on different bids 1 net damage per card in "
    "the grip.",
)
def _chetana(b: Builder) -> None:
    def credits(x: Exec) -> None:
        x.game.gain_credits("corp", 2, x.why)
        x.game.gain_credits("runner", 2, x.why)

    def psi(x: Exec) -> None:
        x.do("进行心灵博弈。")
        grip = len(x.game.runner.hand)
        if x.ctx.psi_equal is False and grip:
            x.game.damage("net", grip)

    b.paragraph(0).subroutine(credits)
    b.paragraph(1).subroutine(psi)


def _draw_then_discard(x: Exec) -> None:
    """The runner draws 3 cards, then discards down to the maximum hand size."""
    g = x.game
    g.draw("runner", 3)
    limit = g.hand_size("runner")
    while len(g.runner.hand) > max(0, limit) and not g.over:
        chosen = g.choose("runner", "discard", Phrase(N_("discard down to {n}"), n=limit), list(g.runner.hand))
        g.runner.hand.remove(chosen)
        g.to_discard(chosen, "discarded", faceup=True)


@card("harvester", paragraphs=(0, 1), summary="Two subroutines: the runner draws 3 cards, then discards down to "
      "the maximum hand size.")  # fmt: skip
def _harvester(b: Builder) -> None:
    b.paragraph(0).subroutine(_draw_then_discard)
    b.paragraph(1).subroutine(_draw_then_discard)


@card("red_tape", paragraphs=(0,), summary="Subroutine: every piece of ice has +3 strength for the rest of the run.")
def _red_tape(b: Builder) -> None:
    def stronger(x: Exec) -> None:
        x.lasting("strength_all", lambda g, this, c: 3 if c.type == "ice" else 0, until="run")
        x.game.log.add("strength_all", CORP, type=Term("card_type", "ice"), delta=3, source=str(x.card))

    b.subroutine(stronger)


@card(
    "upayoga",
    paragraphs=(0, 1),
    summary="Subroutines: a psi game, the runner losing 2 credits on different bids; resolve a subroutine of a "
    "rezzed psi ice.",
)
def _upayoga(b: Builder) -> None:
    def borrowed(a: A.Ability) -> bool:
        """Not this ice's own subroutine that resolves another (no endless loop)."""
        return not any(isinstance(n, A.Scripted) and n.card == "upayoga" and n.paragraph == 1 for n in A.walk(a))

    def resolve(x: Exec) -> None:
        g = x.game
        psi = [c for c in g.installed("corp") if c.type == "ice" and c.rezzed and "psi" in c.subtypes]
        options = [(ice, a) for ice in psi for a in g.abilities(ice) if a.kind == "subroutine" and borrowed(a)]
        if not options:
            g.log.add("no_target", CORP, card=str(x.card), reason=Phrase(N_("no rezzed {subtype}"),
                                                                         subtype=Term("subtypes", "psi")))  # fmt: skip
            return
        ice = x.pick(Phrase(N_("resolve a subroutine of which {subtype}"), subtype=Term("subtypes", "psi")),
                     list(dict.fromkeys(ice for ice, _ in options)), optional=False)  # fmt: skip
        if ice is None:
            return
        subs = [Sub(i, a) for i, a in enumerate((a for owner, a in options if owner is ice), start=1)]
        sub = g.choose("corp", "subroutine", Phrase(N_("resolve which subroutine of {ice}"), ice=str(ice)), subs,
                       label=lambda s: f"sub:{s.index}")  # fmt: skip
        g.log.add("subroutine", CORP, ice=str(ice), index=sub.index, text=str(sub), source=str(x.card))
        g.execute(sub.ability, Context("corp", ice, x.ctx.run, encounter=x.ctx.encounter), pay=False)

    b.paragraph(0).text("[subroutine] 进行心灵博弈。如果双方出价不同，潜袭者失去 2[credit]。")
    b.paragraph(1).subroutine(resolve)


@card("vikram_1_0", paragraphs=(0,), summary="The runner may lose a click to break one of its subroutines.")
def _vikram(b: Builder) -> None:
    b.runner_break(clicks=1, count=1)


def _trace_margin(x: Exec, base: int) -> int:
    """Trace[``base``] as this card: by how much the corp's strength beat the link (0 when it failed)."""
    x.do(f"追踪[{base}]。")
    if not x.ctx.trace:
        return 0
    for event in reversed(list(x.game.log)):
        if event.kind == "trace":
            return max(0, int(event.data.get("strength", 0)) - int(event.data.get("link_strength", 0)))
    return 0


@card(
    "waiver",
    paragraphs=(0,),
    summary="Subroutine: trace 5; if it succeeds the grip is revealed and each card costing no more than the "
    "trace beat the link by is trashed.",
)
def _waiver(b: Builder) -> None:
    def sub(x: Exec) -> None:
        g = x.game
        margin = _trace_margin(x, 5)
        if not x.ctx.trace:
            return
        for shown in list(g.runner.hand):
            _reveal(g, RUNNER, shown, "grip")
        for victim in [c for c in g.runner.hand if int(getattr(c.record, "cost", 0) or 0) <= margin]:
            g.runner.hand.remove(victim)
            g.to_discard(victim, x.why, faceup=True)

    b.subroutine(sub)


# ---------------------------------------------------------------- assets and upgrades


@card(
    "advanced_assembly_lines",
    paragraphs=(1,),
    summary="Trash it (not during a run): install a card that is not an agenda from HQ, paying its install cost.",
)
def _advanced_assembly_lines(b: Builder) -> None:
    def fits(g: NetrunnerGame, c: Card) -> bool:
        return c.type != "agenda" and _corp_installable(g, c)

    def install(x: Exec) -> None:
        g = x.game
        chosen = x.pick(Phrase(N_("install a card from HQ that is not an agenda")),
                        [c for c in g.corp.hand if fits(g, c)], optional=False)  # fmt: skip
        if chosen is not None:
            x.install_from(chosen)

    def usable(g: NetrunnerGame, c: Card, window: str) -> bool:
        return g.current_run is None and any(fits(g, o) for o in g.corp.hand)

    b.paid([trash_self()], install, usable=usable)


def _political(b: Builder, fn: Callable[[Exec], None]) -> None:
    """"When your turn begins, ... if there is no ice protecting this server"."""
    b.when("your_turn_start", fn, only=lambda x: _no_ice(x.game, x.card))


@card("bio_ethics_association", paragraphs=(0,), summary="When the corp's turn begins, 1 net damage if no ice "
      "protects its server.")  # fmt: skip
def _bio_ethics(b: Builder) -> None:
    _political(b, lambda x: x.game.damage("net", 1))


@card("commercial_bankers_group", paragraphs=(0,), summary="When the corp's turn begins, gain 3 credits if no ice "
      "protects its server.")  # fmt: skip
def _bankers(b: Builder) -> None:
    _political(b, lambda x: x.game.gain_credits("corp", 3, x.why))


@card(
    "clone_suffrage_movement",
    paragraphs=(0,),
    summary="When the corp's turn begins, if no ice protects its server, the corp may add an operation from "
    "Archives to HQ.",
)
def _clone_suffrage(b: Builder) -> None:
    def fetch(x: Exec) -> None:
        g = x.game
        ops = [c for c in reversed(g.corp.discard) if c.type == "operation"]
        chosen = x.pick(Phrase(N_("add a card from Archives to HQ")), ops)
        if chosen is None:
            return
        seen: Any = "all" if chosen.faceup else [CORP]
        g.corp.discard.remove(chosen)
        chosen.faceup = False
        g.corp.hand.append(chosen)
        g.log.add("move", CORP, visible=seen, card=str(chosen), zone="archives", to="hq")

    _political(b, fetch)


@card(
    "sensie_actors_union",
    paragraphs=(0,),
    summary="When the corp's turn begins, if no ice protects its server, the corp may draw 3 cards and then puts a "
    "card from HQ at the bottom of R&D.",
)
def _sensie(b: Builder) -> None:
    def draw(x: Exec) -> None:
        g = x.game
        if not x.may(Phrase(N_("draw {n} cards"), n=3)):
            return
        g.draw("corp", 3)
        chosen = x.pick(Phrase(N_("add a card from HQ to the bottom of R&D")), g.corp.hand, optional=False)
        if chosen is not None:
            _hq_to_rnd(g, chosen, top=False)

    _political(b, draw)


@card("palana_agroplex", paragraphs=(0,), summary="When the corp's turn begins, each player draws 1 card.")
def _palana_agroplex(b: Builder) -> None:
    def draw(x: Exec) -> None:
        x.game.draw("corp", 1)
        x.game.draw("runner", 1)

    b.when("your_turn_start", draw)


@card(
    "kala_ghoda_real_tv",
    paragraphs=(0, 1),
    summary="When the corp's turn begins it may look at the top card of the stack; trash it: the runner trashes "
    "the top card of the stack.",
)
def _kala_ghoda(b: Builder) -> None:
    def look(x: Exec) -> None:
        g = x.game
        if g.runner.deck and x.may(Phrase(N_("look at the top card of the stack?"))):
            g.log.add("look", CORP, visible=[CORP], cards=[str(g.runner.deck[-1])], zone="stack")

    def mill(x: Exec) -> None:
        g = x.game
        if g.runner.deck:
            g.trash(g.runner.deck[-1], x.why, by="corp")

    b.paragraph(0).when("your_turn_start", look)
    b.paragraph(1).paid([trash_self()], mill, usable=lambda g, c, w: bool(g.runner.deck))


@card(
    "mumbad_construction_co",
    paragraphs=(1,),
    summary="2 credits: move 1 advancement counter from it to another face-up card.",
)
def _mumbad_construction(b: Builder) -> None:
    def targets(g: NetrunnerGame, c: Card) -> list[Card]:
        return [o for o in g.installed("corp") if o.rezzed and o is not c]

    def move(x: Exec) -> None:
        g = x.game
        chosen = x.pick(Phrase(N_("move 1 advancement counter to")), targets(g, x.card), optional=False)
        if chosen is None or not x.card.advancement:
            return
        g.add_counters(x.card, "advancement", -1)
        g.place_advancement(chosen, 1)

    b.paid([credit(2)], move, usable=lambda g, c, w: c.advancement > 0 and bool(targets(g, c)))


@card(
    "mumbad_city_hall",
    paragraphs=(0,),
    summary="Click: search R&D for an alliance card, reveal it, and play or install it paying its costs; shuffle "
    "R&D.",
)
def _mumbad_city_hall(b: Builder) -> None:
    def fetch(x: Exec) -> None:
        g = x.game
        found = [c for c in reversed(g.corp.deck) if "alliance" in c.subtypes
                 and (_playable(g, c) if c.type == "operation" else _corp_installable(g, c))]  # fmt: skip
        chosen = x.pick(Phrase(N_("search R&D for a card")), found)
        if chosen is None:
            g.log.add("search_failed", CORP, zone="rnd")
        else:
            _reveal(g, CORP, chosen, "rnd")
            if chosen.type == "operation":
                _play(g, chosen)
            else:
                x.install_from(chosen, zone=g.corp.deck)
        _shuffle(g, "corp")

    b.paid([click()], fetch, usable=lambda g, c, w: w == "action")


@card(
    "mumbad_city_grid",
    paragraphs=(0, 1),
    summary="When the runner passes ice protecting its server the corp may swap that ice with another protecting "
    "it; 1 region per server.",
)
def _mumbad_city_grid(b: Builder) -> None:
    def passed(x: Exec) -> bool:
        server = x.game.server_of(x.card)
        ice = x.event.get("ice")
        return server is not None and ice in server.ice and len(server.ice) > 1

    def swap(x: Exec) -> None:
        g = x.game
        server = g.server_of(x.card)
        ice = x.event.get("ice")
        if server is None or ice not in server.ice:
            return
        others = [c for c in server.ice if c is not ice]
        chosen = x.pick(Phrase(N_("swap it with which piece of ice")), others)
        if chosen is None:
            return
        a, b_ = server.ice.index(ice), server.ice.index(chosen)
        server.ice[a], server.ice[b_] = chosen, ice
        g.log.add("swap_ice", CORP, server=server.name, positions=[a, b_], reason=x.why)

    b.paragraph(0).when("pass_ice", swap, only=passed)
    one_region(b.paragraph(1))


@card(
    "surat_city_grid",
    paragraphs=(0, 1),
    summary="When another card of its server is rezzed the corp may rez a card paying 2 credits less; 1 region per "
    "server.",
)
def _surat(b: Builder) -> None:
    def here(x: Exec) -> bool:
        rezzed = x.event.get("card")
        server = x.game.server_of(x.card)
        return rezzed is not x.card and server is not None and (rezzed in server.ice or rezzed in server.root)

    def rez(x: Exec) -> None:
        g = x.game
        target: list[Card] = []  # the card the 2 credits off are for (while it is weighed, then rezzed)

        def cheaper(g: NetrunnerGame, this: Card, c: Card) -> int:
            return -2 if target and c is target[0] else 0

        entry = ("rez_cost", x.card, cheaper, "turn")
        g.lasting.append(entry)
        try:
            fits = []
            for c in [c for c in g.installed("corp") if not c.rezzed and c.type != "agenda"]:
                target[:] = [c]
                if g.can_rez(c):
                    fits.append(c)
            target.clear()
            chosen = x.pick(Phrase(N_("rez a card, paying {n}{credit} less?"), n=2, credit="[credit]"), fits)
            if chosen is not None:
                target.append(chosen)
                g.rez(chosen)
        finally:
            if entry in g.lasting:
                g.lasting.remove(entry)

    b.paragraph(0).when("any_rezzed", rez, only=here)
    one_region(b.paragraph(1))


@card(
    "disposable_hq",
    paragraphs=(0, 1),
    summary="Accessed in R&D it is revealed; when accessed the corp may put any number of HQ cards at the bottom of "
    "R&D.",
)
def _disposable_hq(b: Builder) -> None:
    def accessed(x: Exec) -> None:
        g = x.game
        if x.card in g.corp.deck:
            _reveal(g, RUNNER, x.card, "rnd")
        while g.corp.hand:
            chosen = x.pick(Phrase(N_("add a card from HQ to the bottom of R&D")), g.corp.hand)
            if chosen is None:
                return
            _hq_to_rnd(g, chosen, top=False)

    b.paragraph(0).when("access", accessed, only=this_card)


@card(
    "mumbad_virtual_tour",
    paragraphs=(1,),
    summary="The runner accessing it while it is installed must trash it if able.",
)
def _mumbad_virtual_tour(b: Builder) -> None:
    def accessed(x: Exec) -> None:
        g = x.game
        cost = int(getattr(x.card.record, "trash_cost", 0) or 0)
        if (
            g.is_installed(x.card)
            and not g.forbidden("trash_accessed")
            and g.may_trash(x.card, "runner")
            and g.can_pay("runner", cost, "trash")
        ):
            g.pay("runner", cost, Phrase(N_("trashing {card}"), card=str(x.card)), "trash")
            g.trash(x.card, Phrase(N_("trashed by the {side}"), side=Term("side", "runner")), by="runner")

    b.when("access", accessed, only=this_card)


@card(
    "museum_of_history",
    paragraphs=(1,),
    summary="When the corp's turn begins it may shuffle a card from Archives into R&D.",
)
def _museum(b: Builder) -> None:
    def shuffle(x: Exec) -> None:
        g = x.game
        chosen = x.pick(Phrase(N_("shuffle a card from Archives into R&D")), list(reversed(g.corp.discard)))
        if chosen is None:
            return
        seen: Any = "all" if chosen.faceup else [CORP]
        g.corp.discard.remove(chosen)
        chosen.faceup = False
        g.corp.deck.append(chosen)
        g.log.add("move", CORP, visible=seen, card=str(chosen), zone="archives", to="rnd")
        _shuffle(g, "corp")

    b.when("your_turn_start", shuffle, only=lambda x: bool(x.game.corp.discard))


@card(
    "executive_search_firm",
    paragraphs=(1,),
    summary="Click: search R&D for an executive, sysop or character, reveal it and add it to HQ; shuffle R&D.",
)
def _executive_search_firm(b: Builder) -> None:
    def fetch(x: Exec) -> None:
        g = x.game
        wanted = ("executive", "sysop", "character")
        found = [c for c in reversed(g.corp.deck) if any(s in c.subtypes for s in wanted)]
        chosen = x.pick(Phrase(N_("search R&D for a card to reveal and add to HQ")), found)
        if chosen is None:
            g.log.add("search_failed", CORP, zone="rnd")
        else:
            g.corp.deck.remove(chosen)
            g.corp.hand.append(chosen)
            _reveal(g, CORP, chosen, "rnd")
            g.log.add("search", CORP, card=str(chosen), zone="rnd")
        _shuffle(g, "corp")

    b.paid([click()], fetch, usable=lambda g, c, w: w == "action")


@card(
    "ibrahim_salem",
    paragraphs=(1, 2),
    summary="Rezzing it also costs an agenda from the corp's score area; when the corp's turn begins it names a "
    "card type, looks at the grip and trashes a card of that type from it.",
)
def _ibrahim_salem(b: Builder) -> None:
    def can(g: NetrunnerGame, c: Card) -> bool:
        return bool(_agendas(g.corp.score_area))

    def pay(g: NetrunnerGame, c: Card) -> None:
        prompt = Phrase(N_("forfeit which agenda to rez {card}"), card=str(c))
        chosen = g.choose("corp", "target", prompt, _agendas(g.corp.score_area))
        g.forfeit(chosen, Phrase(N_("an additional cost of {card}"), card=str(c)))

    def name(x: Exec) -> None:
        g = x.game
        kind = g.choose("corp", "target", Phrase(N_("choose a card type")), list(RUNNER_TYPES),
                        text=lambda t: Term("type", t))  # fmt: skip
        g.log.add("named", CORP, card=str(x.card), type=Term("card_type", kind))
        g.log.add("look", CORP, visible=[CORP], cards=[str(c) for c in g.runner.hand], zone="grip")
        trash = N_("trash an {type}") if kind == "event" else N_("trash a {type}")
        victim = x.pick(Phrase(trash, type=Term("card_type", kind)),
                        [c for c in g.runner.hand if c.type == kind], optional=False)  # fmt: skip
        if victim is not None:
            g.runner.hand.remove(victim)
            g.to_discard(victim, x.why, faceup=True)

    b.paragraph(1).rez_requires(can, pay)
    b.paragraph(2).when("your_turn_start", name)


@card(
    "mumba_temple",
    paragraphs=(1, 2),
    summary="2 recurring credits that pay only for rezzing.",
)
def _mumba_temple(b: Builder) -> None:
    b.paragraph(1).text("本牌有 2 点循环信用点，只能用于激活。")


@card(
    "pad_factory",
    paragraphs=(1,),
    summary="Click: place 1 advancement counter on an installed card, which cannot be scored this turn.",
)
def _pad_factory(b: Builder) -> None:
    def place(x: Exec) -> None:
        g = x.game
        chosen = x.pick(Phrase(N_("place 1 advancement counter on which card")), g.installed("corp"), optional=False)
        if chosen is None:
            return
        g.place_advancement(chosen, 1)
        x.lasting("may_score", lambda g, this, agenda, c=chosen: agenda is not c, until="turn")

    b.paid([click()], place, usable=lambda g, c, w: w == "action")


@card(
    "zealous_judge",
    paragraphs=(0,),
    summary="Can be rezzed only while the runner is tagged.",
)
def _zealous_judge(b: Builder) -> None:
    b.rez_requires(lambda g, c: g.runner.tags > 0, lambda g, c: None)


@card(
    "indian_union_stock_exchange",
    paragraphs=(0,),
    summary="The corp gains 1 credit whenever it rezzes or plays a card of another faction (this one included).",
)
def _indian_union(b: Builder) -> None:
    def foreign(x: Exec) -> bool:
        g = x.game
        c = x.event.get("card")
        if not isinstance(c, Card) or c.side != "corp":
            return False
        faction = str(getattr(c.record, "faction", "") or "")
        return not faction.startswith("neutral") and faction != str(g.corp.identity.record.faction)

    def gain(x: Exec) -> None:
        x.game.gain_credits("corp", 1, x.why)

    b.when("any_rezzed", gain, only=foreign)
    b.when("played", gain, only=lambda x: foreign(x) and x.event["card"].type == "operation")


# ---------------------------------------------------------------- agendas


@card(
    "advanced_concept_hopper",
    paragraphs=(0,),
    summary="The first time the runner starts a run each turn, the corp may draw 1 card or gain 1 credit.",
)
def _hopper(b: Builder) -> None:
    def pick(x: Exec) -> None:
        g = x.game
        choice = _ask(x, Phrase(N_("{card}: choose one"), card=str(x.card)), [
            ("draw", Phrase(Nn_("draw {n} card", "draw {n} cards"), n=1)),
            ("credit", Phrase(N_("gain {n}{credit}"), n=1, credit="[credit]")),
            ("done", Phrase(N_("done"))),
        ])  # fmt: skip
        if choice == "draw":
            g.draw("corp", 1)
        elif choice == "credit":
            g.gain_credits("corp", 1, x.why)

    b.when("run_begins", pick, only=lambda x: len(x.this_turn("run")) == 1)


@card(
    "corporate_sales_team",
    paragraphs=(0, 1),
    summary="Scored, it holds 10 credits; when either player's turn begins the corp takes 1 of them.",
)
def _corporate_sales_team(b: Builder) -> None:
    def load(x: Exec) -> None:
        x.card.credits += 10
        x.game.log.add("place_credits", CORP, card=str(x.card), amount=10, hosted=x.card.credits)

    b.paragraph(0).when("agenda_scored", load, only=this_card)
    b.paragraph(1).when("turn_begins", lambda x: x.do("从本牌上拿取 1[credit]。"),
                        only=lambda x: x.card.credits > 0 and x.card in x.game.corp.score_area)  # fmt: skip


@card(
    "improved_protein_source",
    paragraphs=(0,),
    summary="When it is scored or stolen, the runner gains 4 credits.",
)
def _improved_protein_source(b: Builder) -> None:
    def gain(x: Exec) -> None:
        x.game.gain_credits("runner", 4, x.why)

    b.when("agenda_scored", gain, only=this_card)
    b.when("agenda_stolen", gain, only=this_card)


@card("merger", paragraphs=(0,), summary="Worth 1 more agenda point in the runner's score area.")
def _merger(b: Builder) -> None:
    def worth(x: Exec) -> None:
        _worth(x.game, x.card, 1)
        x.game.check_points()

    for timing in ("installed", "agenda_scored", "agenda_stolen"):
        b.when(timing, worth, only=this_card)


@card(
    "puppet_master",
    paragraphs=(0,),
    summary="Whenever the runner makes a successful run, the corp may place 1 advancement counter on a card that "
    "can be advanced.",
)
def _puppet_master(b: Builder) -> None:
    def place(x: Exec) -> None:
        g = x.game
        options = [c for c in g.installed("corp") if g.can_advance(c)]
        chosen = x.pick(Phrase(N_("place 1 advancement counter on an installed card you can advance")), options)
        if chosen is not None:
            g.place_advancement(chosen, 1)

    def breach(x: Exec) -> None:
        x.card.notes["run"] = x.game.current_run
        place(x)

    def replaced(x: Exec) -> None:  # a successful run whose breach something replaced
        place(x)

    b.when("breach", breach, only=lambda x: x.card in x.game.corp.score_area)
    b.when("run_ends", replaced, only=lambda x: x.card in x.game.corp.score_area and bool(x.event.get("successful"))
           and x.card.notes.get("run") is not x.event.get("run"))  # fmt: skip


@card(
    "voting_machine_initiative",
    paragraphs=(1,),
    summary="When the runner's turn begins, the corp may spend an agenda counter here: the runner loses a click.",
)
def _voting_machine(b: Builder) -> None:
    def spend(x: Exec) -> None:
        g = x.game
        if not x.may(Phrase(Nn_("remove {n} agenda counter from {card}: the runner loses {click}?",
                                "remove {n} agenda counters from {card}: the runner loses {click}?"),
                            n=1, card=str(x.card), click="[click]")):  # fmt: skip
            return
        g.add_counters(x.card, "agenda", -1)
        x.do("潜袭者失去 [click]。")

    b.when("turn_begins", spend, only=lambda x: x.event.get("side") == "runner"
           and x.card.counters.get("agenda", 0) > 0 and x.card in x.game.corp.score_area)  # fmt: skip


# ---------------------------------------------------------------- operations


@card(
    "clones_are_not_people",
    paragraphs=(0, 1),
    summary="A current until another is played or an agenda is stolen; when the corp scores an agenda it goes to "
    "the corp's score area worth 1 agenda point.",
)
def _clones_are_not_people(b: Builder) -> None:
    def scored(x: Exec) -> None:
        g = x.game
        g.in_play.remove(x.card)
        x.card.rezzed = True
        g.corp.score_area.append(x.card)
        g.log.add("to_score_area", CORP, card=str(x.card), points=1)
        g.check_points()

    current(b.paragraph(0), until=("any_stolen",))
    b.paragraph(1).when("any_scored", scored, only=lambda x: x.card in x.game.in_play)
    b.points(lambda g, this, side: 1 if side == "corp" and this in g.corp.score_area else 0)


@card(
    "consulting_visit",
    paragraphs=(1, 2),
    summary="Costs a second click to play; search R&D for an operation and play it paying its costs; shuffle R&D.",
)
def _consulting_visit(b: Builder) -> None:
    def search(x: Exec) -> None:
        g = x.game
        found = [c for c in reversed(g.corp.deck) if _playable(g, c)]
        chosen = x.pick(Phrase(N_("play an operation from {zone}"), zone=Term("zone", "rnd")), found)
        if chosen is None:
            g.log.add("search_failed", CORP, zone="rnd")
        else:
            _reveal(g, CORP, chosen, "rnd")
            _play(g, chosen)
        _shuffle(g, "corp")

    b.paragraph(1).play_clicks(1)
    b.paragraph(2).play(search)


@card(
    "dedication_ceremony",
    paragraphs=(0,),
    summary="Place 3 advancement counters on a face-up installed card, which cannot be scored this turn.",
)
def _dedication_ceremony(b: Builder) -> None:
    def place(x: Exec) -> None:
        g = x.game
        faceup = [c for c in g.installed("corp") if c.rezzed]
        chosen = x.pick(Phrase(N_("place {n} advancement counters on"), n=3), faceup, optional=False)
        if chosen is None:
            g.log.add("no_target", CORP, card=str(x.card), reason=Phrase(N_("no face-up card is installed")))
            return
        g.place_advancement(chosen, 3)
        x.lasting("may_score", lambda g, this, agenda, c=chosen: agenda is not c, until="turn")

    b.play(place)


@card(
    "election_day",
    paragraphs=(0,),
    summary="Playable with another card in HQ: trash every card of HQ, then draw 5 cards.",
)
def _election_day(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        for c in list(g.corp.hand):
            g.trash(c, x.why, by="corp")
        g.draw("corp", 5)

    b.may_play(lambda g, c: any(o is not c for o in g.corp.hand))
    b.play(play)


@card(
    "exchange_of_information",
    paragraphs=(0, 1),
    summary="Playable while the runner is tagged: swap an agenda of the corp's score area with one of the runner's.",
)
def _exchange_of_information(b: Builder) -> None:
    def swap(x: Exec) -> None:
        g = x.game
        mine = x.pick(Phrase(N_("swap which agenda of your score area")), _agendas(g.corp.score_area), optional=False)
        theirs = x.pick(Phrase(N_("for which agenda of the runner's score area")), _agendas(g.runner.score_area),
                        optional=False)  # fmt: skip
        if mine is None or theirs is None:
            g.log.add("no_target", CORP, card=str(x.card), reason=Phrase(N_("no agenda to swap")))
            return
        g.corp.score_area.remove(mine)
        g.runner.score_area.remove(theirs)
        mine.faceup = True
        theirs.rezzed = True
        g.runner.score_area.append(mine)
        g.corp.score_area.append(theirs)
        g.log.add("swap", CORP, cards=[str(mine), str(theirs)], zone="score_area", reason=x.why)
        g.check_points()

    b.paragraph(0).may_play(lambda g, c: g.runner.tags > 0)
    b.paragraph(1).play(swap)


@card(
    "heritage_committee",
    paragraphs=(1,),
    summary="Draw 3 cards, then put a card from HQ on top of R&D.",
)
def _heritage_committee(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        g.draw("corp", 3)
        chosen = x.pick(Phrase(N_("add a card from HQ to the top of R&D")), g.corp.hand, optional=False)
        if chosen is not None:
            _hq_to_rnd(g, chosen, top=True)

    b.play(play)


@card(
    "lateral_growth",
    paragraphs=(0,),
    summary="Gain 4 credits; the corp may install a card from HQ, paying its install cost.",
)
def _lateral_growth(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        g.gain_credits("corp", 4, x.why)
        chosen = x.pick(Phrase(N_("install a card from HQ")), [c for c in g.corp.hand if _corp_installable(g, c)])
        if chosen is not None:
            x.install_from(chosen)

    b.play(play)


@card(
    "localized_product_line",
    paragraphs=(0,),
    summary="Search R&D for any number of copies of one card, reveal them and add them to HQ; shuffle R&D.",
)
def _localized_product_line(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        firsts = list({c.id: c for c in reversed(g.corp.deck)}.values())
        chosen = x.pick(Phrase(N_("search R&D for a card to add to HQ")), firsts)
        if chosen is not None:
            copies = [c for c in reversed(g.corp.deck) if c.id == chosen.id]
            n = _count(x, Phrase(N_("add how many copies of {card} to HQ"), card=str(chosen)), len(copies), least=1)
            for c in copies[:n]:
                g.corp.deck.remove(c)
                g.corp.hand.append(c)
                _reveal(g, CORP, c, "rnd")
        _shuffle(g, "corp")

    b.play(play)


@card(
    "product_recall",
    paragraphs=(1,),
    summary="Trash a rezzed asset or upgrade and gain credits equal to its trash cost.",
)
def _product_recall(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        options = [c for c in g.installed("corp") if c.rezzed and c.type in ("asset", "upgrade") and g.may_trash(c)]
        chosen = x.pick(Phrase(N_("trash which card")), options, optional=False)
        if chosen is None:
            g.log.add("no_target", CORP, card=str(x.card), reason=Phrase(N_("no card of that kind is installed")))
            return
        cost = int(getattr(chosen.record, "trash_cost", 0) or 0)
        if g.trash(chosen, x.why, by="corp") and cost:
            g.gain_credits("corp", cost, x.why)

    b.play(play)


def _runner_card_records(g: NetrunnerGame) -> list[Any]:
    """The runner's card records, those the corp has seen (rig, heap) first."""
    records = sorted((r for r in g.records if r.kind == "card" and side_of_type(r.type) == "runner"),
                     key=lambda r: r.id)  # fmt: skip
    seen = {c.id for c in [*g.runner.rig, *g.runner.discard]}
    return [r for r in records if r.id in seen] + [r for r in records if r.id not in seen]


@card(
    "salems_hospitality",
    paragraphs=(1,),
    summary="Name a card: the runner reveals the grip and trashes every card of that name.",
)
def _salems_hospitality(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        named = g.choose("corp", "target", Phrase(N_("name a card")), _runner_card_records(g), label=lambda r: r.id,
                         text=lambda r: Term("record", r.id))  # fmt: skip
        g.log.add("named", CORP, card=str(x.card), named=Term("record", named.id))
        for shown in list(g.runner.hand):
            _reveal(g, RUNNER, shown, "grip")
        for victim in [c for c in g.runner.hand if c.record.name.en == named.name.en]:
            g.runner.hand.remove(victim)
            g.to_discard(victim, x.why, faceup=True)

    b.play(play)


@card(
    "subcontract",
    paragraphs=(0, 1),
    summary="Playable while the runner is tagged: play up to 2 operations from HQ, one after the other, paying "
    "their costs.",
)
def _subcontract(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        for n in range(2):
            options = [c for c in g.corp.hand if _playable(g, c)]
            chosen = x.pick(Phrase(N_("play an operation from HQ ({n}/{most})"), n=n + 1, most=2), options)
            if chosen is None or g.over:
                return
            _play(g, chosen)

    b.paragraph(0).may_play(lambda g, c: g.runner.tags > 0)
    b.paragraph(1).play(play)


@card(
    "voter_intimidation",
    paragraphs=(0, 1),
    summary="Playable while the runner has an agenda: a psi game, and on different bids the corp trashes a "
    "resource.",
)
def _voter_intimidation(b: Builder) -> None:
    b.paragraph(0).may_play(lambda g, c: bool(_agendas(g.runner.score_area)))
    b.paragraph(1).play(lambda x: x.do("进行心灵博弈。如果双方出价不同，销毁 1 个资源。"))


# ---------------------------------------------------------------- runner events


@card(
    "cbi_raid",
    paragraphs=(0,),
    summary="Run HQ; if successful, instead of breaching it the corp puts every card of HQ on top of R&D in an "
    "order it chooses.",
)
def _cbi_raid(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game

        def stack() -> None:
            hand = list(g.corp.hand)
            order = _order(x, hand, lambda n: Phrase(N_("which card goes on R&D in place {n} from the top"), n=n),
                           side="corp")  # fmt: skip
            for c in order:
                g.corp.hand.remove(c)
                c.faceup = False
            g.corp.deck.extend(reversed(order))
            told = g.log.add("move", CORP, visible=[CORP], cards=[str(c) for c in order], zone="hq", to="rnd")
            g.apart(told, g.log.add("move_facedown", CORP, cards=len(order), zone="hq", to="rnd"))

        x.run_on("hq")
        x.instead_of_breach(stack)

    b.play(play)


@card(
    "fear_the_masses",
    paragraphs=(0,),
    summary="Run HQ; if successful, instead of breaching it reveal copies of this event from the grip: the corp "
    "trashes 1 card from the top of R&D, and 1 more per copy revealed.",
)
def _fear_the_masses(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game

        def sabotage() -> None:
            copies = [c for c in g.runner.hand if c.id == x.card.id]
            n = _count(x, Phrase(N_("reveal how many copies of {card}"), card=str(x.card)), len(copies))
            for c in copies[:n]:
                _reveal(g, RUNNER, c, "grip")
            _trash_top_of_rnd(g, 1 + n, x.why)

        x.run_on("hq")
        x.instead_of_breach(sabotage)

    b.play(play)


@card(
    "information_sifting",
    paragraphs=(0,),
    summary="Run HQ; if successful, instead of breaching it the corp splits HQ into 2 face-down piles and the runner "
    "accesses every card of the pile it chooses.",
)
def _information_sifting(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        run: Any = None

        def sift() -> None:
            first: list[Card] = []
            left = list(g.corp.hand)
            while left:
                prompt = Phrase(N_("put a card of HQ in the first pile ({n})"), n=len(first) + 1)
                chosen = x.pick(prompt, left, side="corp")
                if chosen is None:
                    break
                left.remove(chosen)
                first.append(chosen)
            g.log.add("piles", CORP, first=len(first), second=len(left))
            pick = _ask(x, Phrase(N_("access which pile")), [
                ("pile:1", Phrase(N_("pile {n} ({m} cards)"), n=1, m=len(first))),
                ("pile:2", Phrase(N_("pile {n} ({m} cards)"), n=2, m=len(left))),
            ], side="runner")  # fmt: skip
            for c in first if pick == "pile:1" else left:
                if g.over or run is None or run.ended:
                    return
                if c in g.corp.hand:
                    g.runs.access_card(c, "hq")

        run = x.run_on("hq")
        x.instead_of_breach(sift)

    b.play(play)


@card(
    "high_stakes_job",
    paragraphs=(0,),
    summary="Run a server protected by at least 1 unrezzed piece of ice; when the run ends, gain 12 credits if it "
    "was successful.",
)
def _high_stakes_job(b: Builder) -> None:
    def servers(g: NetrunnerGame) -> list[str]:
        return [n for n, s in g.servers.items() if any(not i.rezzed for i in s.ice)]

    def play(x: Exec) -> None:
        g = x.game
        options = servers(g)
        if not options:
            return
        target = x.choose(Phrase(N_("run on which server")), options, kind="server")
        x.run_on(str(target))

        def paid(run: Any, successful: bool) -> None:
            if successful:
                g.gain_credits("runner", 12, x.why)

        x.when_run_ends(paid)

    b.may_play(lambda g, c: bool(servers(g)))
    b.play(play)


@card(
    "exclusive_party",
    paragraphs=(0,),
    summary="Draw 1 card and gain 1 credit for each copy of this event in the heap.",
)
def _exclusive_party(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        g.draw("runner", 1)
        copies = sum(1 for c in g.runner.discard if c.id == x.card.id)
        if copies:
            g.gain_credits("runner", copies, x.why)

    b.play(play)


@card(
    "making_an_entrance",
    paragraphs=(0, 1),
    summary="Playable only as the turn's first click: look at the top 6 cards of the stack, trash any of them and "
    "put the rest back in any order.",
)
def _making_an_entrance(b: Builder) -> None:
    def first_click(g: NetrunnerGame, c: Card) -> bool:
        """No click of the runner's spent this turn, but the one spent now on playing this card (the play action
        asks again once it has spent it)."""
        if g.active != "runner":
            return False
        spent = [e for e in g.events_this_turn("clicks") if e.get("side") == "runner" and int(e.get("amount", 0)) < 0]
        if not spent:
            return True
        last = list(g.log)[-1]
        return len(spent) == 1 and last.kind == "action" and last.data.get("action") == "runner_play"

    def play(x: Exec) -> None:
        g = x.game
        deck = g.runner.deck
        top = list(reversed(deck[-6:]))
        g.log.add("look", RUNNER, visible=[RUNNER], cards=[str(c) for c in top], zone="stack")
        while top:
            chosen = x.pick(Phrase(N_("trash which card from the top of your stack")), top)
            if chosen is None:
                break
            top.remove(chosen)
            g.trash(chosen, x.why, by="runner")
        for c in top:
            deck.remove(c)
        order = _order(x, top, lambda n: Phrase(N_("which card goes next from the top of your stack")))
        deck.extend(reversed(order))

    b.paragraph(0).may_play(first_click)
    b.paragraph(1).play(play)


@card("out_of_the_ashes", paragraphs=(0,), summary="Run any server.")
def _out_of_the_ashes(b: Builder) -> None:
    b.play(lambda x: x.run_on("any"))


@card(
    "political_graffiti",
    paragraphs=(0,),
    summary="Run Archives; if successful, instead of breaching it the event is hosted on an agenda of the corp's "
    "score area, which is worth 1 point less until virus counters are purged.",
)
def _political_graffiti(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game

        def host() -> None:
            agendas = _agendas(g.corp.score_area)
            chosen = x.pick(Phrase(N_("host {card} on which agenda"), card=str(x.card)), agendas, optional=False)
            if chosen is None:
                return
            x.card.host = chosen
            chosen.hosted.append(x.card)
            g.log.add("host", RUNNER, card=str(x.card), host=str(chosen))

        x.run_on("archives")
        x.instead_of_breach(host)

    def leave(x: Exec) -> None:
        x.game.leave_in_play(x.card, x.why)

    current(b, until=())  # in play while it is a condition counter
    b.play(play)
    b.when("played", leave, only=lambda x: this_card(x) and x.card.host is None)
    b.when("purged", leave, only=lambda x: x.card in x.game.in_play)
    b.when("forfeited", leave, only=lambda x: x.card.host is not None and x.event.get("card") is x.card.host)
    def less(g: NetrunnerGame, this: Card, side: str) -> int:
        area = g.corp.score_area if side == "corp" else g.runner.score_area
        return -1 if this in g.in_play and this.host is not None and this.host in area else 0

    b.points(less)


@card(
    "populist_rally",
    paragraphs=(0, 1),
    summary="Playable with a seedy card installed: the corp has 1 click fewer in its next turn.",
)
def _populist_rally(b: Builder) -> None:
    def fewer(x: Exec) -> None:
        g = x.game
        g.corp.clicks = max(0, g.corp.clicks - 1)
        g.log.add("clicks", CORP, side="corp", amount=-1, clicks=g.corp.clicks, reason=x.why)
        g.leave_in_play(x.card, Phrase(N_("the corp's next turn began")))

    b.paragraph(0).may_play(lambda g, c: any("seedy" in o.subtypes for o in g.runner.rig))
    current(b.paragraph(1), until=())  # in play until the corp's next turn begins
    b.when("turn_begins", fewer, only=lambda x: x.event.get("side") == "corp" and x.card in x.game.in_play)


@card(
    "rebirth",
    paragraphs=(0,),
    summary="Switch the runner's identity with another identity of the same faction; the event is removed from the "
    "game.",
)
def _rebirth(b: Builder) -> None:
    def switch(x: Exec) -> None:
        g = x.game
        old = g.runner.identity
        options = sorted(r.id for r in g.records if r.kind == "identity" and r.side == "runner"
                         and r.faction == old.record.faction and r.id != old.id)  # fmt: skip
        x.remove_from_game()
        if not options:
            g.log.add("no_target", RUNNER, card=str(x.card), reason=Phrase(N_("no other identity of this faction")))
            return
        chosen = g.choose("runner", "target", Phrase(N_("switch to which identity")), options,
                          text=lambda i: Term("record", i))  # fmt: skip
        g.set_identity("runner", str(chosen))
        g.log.add("identity", RUNNER, side="runner", identity=str(chosen), reason=x.why)
        g.check_memory()

    b.play(switch)


@card(
    "rigged_results",
    paragraphs=(0,),
    summary="Secretly spend up to 2 credits; if the corp guesses wrong, run the server of a piece of ice you choose "
    "and bypass that ice the first time you encounter it.",
)
def _rigged_results(b: Builder) -> None:
    def bids(most: int) -> list[Option]:
        return [Option(f"bid:{n}", Phrase(N_("bid {n}{credit}"), n=n, credit="[credit]"), n) for n in range(most + 1)]

    def play(x: Exec) -> None:
        g = x.game
        spent = int(g.ask("runner", "psi", Phrase(N_("spend how many credits in secret")),
                          bids(min(2, g.runner.credits))).value)  # fmt: skip
        guess = int(g.ask("corp", "psi", Phrase(N_("guess how many credits the runner spent")), bids(2)).value)
        if spent:
            g.pay("runner", spent, x.why)
        g.log.add("guess", CORP, spent=spent, guess=guess, card=str(x.card))
        if guess == spent:
            return
        ice = [c for c in g.installed("corp") if c.type == "ice"]
        chosen = x.pick(Phrase(N_("choose a piece of ice")), ice, optional=False)
        server = g.server_of(chosen) if chosen is not None else None
        if chosen is None or server is None:
            return
        x.card.notes["bypass"] = chosen
        g.in_play.append(x.card)  # in play for its run: its bypass waits for the chosen ice
        try:
            run = x.run_on(server.name)
            if g.current_run is run:
                g.runs.finish_run()
        finally:
            if x.card in g.in_play:
                g.in_play.remove(x.card)
            x.card.notes.pop("bypass", None)

    def bypass(x: Exec) -> None:
        x.card.notes.pop("bypass", None)
        x.bypass()

    b.play(play)
    b.when("encounter", bypass, only=lambda x: x.card.notes.get("bypass") is not None
           and x.event.get("ice") is x.card.notes.get("bypass"))  # fmt: skip


@card(
    "run_amok",
    paragraphs=(0,),
    summary="Run any server; when the run ends, trash a piece of ice rezzed during it.",
)
def _run_amok(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        mark = len(g.log)

        def trash(run: Any, successful: bool) -> None:
            names = {str(e.data.get("card")) for e in list(g.log)[mark:] if e.kind == "rez"}
            rezzed = [c for c in g.installed("corp") if c.type == "ice" and c.rezzed and str(c) in names]
            chosen = x.pick(Phrase(N_("trash an {type}"), type=Term("card_type", "ice")), rezzed, optional=False)
            if chosen is not None:
                g.trash(chosen, x.why, by="runner")

        x.run_on("any")
        x.when_run_ends(trash)

    b.play(play)


# ---------------------------------------------------------------- runner hardware, programs and resources


@card(
    "akshara_sareen",
    paragraphs=(0,),
    summary="Each player has 1 more click in each of their turns.",
)
def _akshara_sareen(b: Builder) -> None:
    def more(x: Exec) -> None:
        side = x.event.get("side")
        if side not in ("corp", "runner"):
            return
        player = x.game.player(side)
        player.clicks += 1
        x.game.log.add("clicks", player.seat, side=side, amount=1, clicks=player.clicks, reason=x.why)

    b.when("turn_begins", more)


@card(
    "artist_colony",
    paragraphs=(0,),
    summary="Forfeit an agenda: search the stack for a program, resource or hardware and install it, paying its "
    "install cost.",
)
def _artist_colony(b: Builder) -> None:
    def fetch(x: Exec) -> None:
        g = x.game
        agenda = x.pick(Phrase(N_("forfeit which agenda")), _agendas(g.runner.score_area), optional=False)
        if agenda is None:
            return
        g.forfeit(agenda, x.why)
        found = [c for c in reversed(g.runner.deck) if _runner_installable(g, c)]
        chosen = x.pick(Phrase(N_("search your stack for a card to install")), found)
        if chosen is None:
            g.log.add("search_failed", RUNNER, zone="stack")
        else:
            g.log.add("search", RUNNER, card=str(chosen), zone="stack")
            x.install_from(chosen, zone=g.runner.deck)
        _shuffle(g, "runner")

    b.paid([], fetch, usable=lambda g, c, w: bool(_agendas(g.runner.score_area)))


@card(
    "bhagat",
    paragraphs=(0,),
    summary="The first successful HQ run each turn makes the corp trash the top card of R&D.",
)
def _bhagat(b: Builder) -> None:
    b.when("run_successful", lambda x: _trash_top_of_rnd(x.game, 1, x.why),
           only=lambda x: x.event.get("server") == "hq" and not x.ran_this_turn("hq", True))  # fmt: skip


@card(
    "chatterjee_university",
    paragraphs=(1,),
    summary="Click: install a program from the grip, 1 credit cheaper per power counter here, and remove a power "
    "counter.",
)
def _chatterjee(b: Builder) -> None:
    def programs(g: NetrunnerGame, c: Card) -> list[Card]:
        less = c.counters.get("power", 0)
        return [p for p in g.runner.hand if p.type == "program" and _runner_installable(g, p, less)]

    def install(x: Exec) -> None:
        g = x.game
        less = x.card.counters.get("power", 0)
        chosen = x.pick(Phrase(N_("install which program")), programs(g, x.card), optional=False)
        if chosen is None:
            return
        x.install_from(chosen, less=less)
        if x.card.counters.get("power", 0):
            g.add_counters(x.card, "power", -1)

    b.paid([click()], install, usable=lambda g, c, w: w == "action" and bool(programs(g, c)))


@card(
    "emptied_mind",
    paragraphs=(0,),
    summary="When the runner's turn begins with an empty grip, gain a click.",
)
def _emptied_mind(b: Builder) -> None:
    b.text("你的回合开始时：如果你没有手牌，你获得 [click]。")


@card(
    "liberated_chela",
    paragraphs=(0,),
    summary="5 clicks and an agenda forfeited: unless the corp forfeits an agenda to remove it from the game, it "
    "goes to the runner's score area worth 2 agenda points.",
)
def _liberated_chela(b: Builder) -> None:
    def use(x: Exec) -> None:
        g = x.game
        agenda = x.pick(Phrase(N_("forfeit which agenda")), _agendas(g.runner.score_area), optional=False)
        if agenda is None:
            return
        g.forfeit(agenda, x.why)
        theirs = _agendas(g.corp.score_area)
        if theirs and x.may(Phrase(N_("forfeit an agenda to remove {card} from the game?"), card=str(x.card)),
                            side="corp"):  # fmt: skip
            chosen = x.pick(Phrase(N_("forfeit which agenda")), theirs, optional=False, side="corp")
            if chosen is not None:
                g.forfeit(chosen, x.why)
                x.remove_from_game()
                return
        _to_runner_score_area(g, x.card, 2)

    b.paid([click(5)], use, usable=lambda g, c, w: w == "action" and bool(_agendas(g.runner.score_area)))


@card(
    "maya",
    paragraphs=(2,),
    summary="Only 1 console per player.",
)
def _maya(b: Builder) -> None:
    one_console(b)


@card(
    "reflection",
    paragraphs=(1, 2),
    summary="Whenever the runner jacks out, the corp reveals a random card of HQ; only 1 console per player.",
)
def _reflection(b: Builder) -> None:
    def reveal(x: Exec) -> None:
        g = x.game
        if g.corp.hand:
            _reveal(g, CORP, g.rng.choice(g.corp.hand), "hq")

    b.paragraph(1).when("run_ends", reveal, only=lambda x: bool(getattr(x.event.get("run"), "jacked_out", False)))
    one_console(b.paragraph(2))


@card(
    "panchatantra",
    paragraphs=(0,),
    summary="Once a turn, on encountering ice, the runner may give it a subtype other than barrier, code gate or "
    "sentry for the rest of the run.",
)
def _panchatantra(b: Builder) -> None:
    def give(x: Exec) -> None:
        g = x.game
        ice = x.event.get("ice")
        if not isinstance(ice, Card):
            return
        subtypes = sorted({s for r in g.records if r.kind == "card" and getattr(r, "type", None) == "ice"
                           for s in (r.subtypes or [])} - {"barrier", "code_gate", "sentry"})  # fmt: skip
        options = [Option(f"subtype:{s}", Term("subtypes", s), s) for s in subtypes]
        options.append(Option("done", Phrase(N_("done")), None))
        chosen = g.ask("runner", "target", Phrase(N_("give {ice} which subtype"), ice=str(ice)), options).value
        if chosen is None:
            return
        x.once_per_turn()
        x.gain_subtypes(ice, [chosen], until="run")
        g.log.add("gain_subtype", RUNNER, card=str(ice), subtype=Term("subtypes", chosen), source=str(x.card))

    b.when("encounter", give, only=lambda x: x.card.notes.get("used") != x.game.turns)


@card(
    "patron",
    paragraphs=(0, 1),
    summary="When the runner's turn begins it may choose a server; the first successful run on it that turn draws "
    "2 cards instead of breaching it.",
)
def _patron(b: Builder) -> None:
    def choose(x: Exec) -> None:
        g = x.game
        options: list[Any] = [*g.servers, None]
        chosen = g.choose("runner", "server", Phrase(N_("choose a server")), options,
                          label=lambda v: "done" if v is None else str(v),
                          text=lambda v: Phrase(N_("done")) if v is None else Term("zone", v))  # fmt: skip
        if chosen is not None:
            x.card.notes["server"] = (g.turns, chosen)
            g.log.add("effect", RUNNER, card=str(x.card), reason=Phrase(N_("{server} is chosen"),
                                                                        server=Term("zone", chosen)))  # fmt: skip

    def chosen_now(x: Exec) -> bool:
        mark = x.card.notes.get("server")
        server = x.event.get("server")
        return (
            isinstance(mark, tuple)
            and mark == (x.game.turns, server)
            and not x.ran_this_turn(str(server), True)
        )

    def draw(x: Exec) -> None:
        g = x.game

        def instead() -> None:
            g.draw("runner", 2)

        x.instead_of_breach(instead)

    b.paragraph(0).when("your_turn_start", choose)
    b.paragraph(1).when("run_successful", draw, only=chosen_now)


@card(
    "political_operative",
    paragraphs=(0, 1),
    summary="Installed only after a successful HQ run this turn; trash it and pay X credits: trash a rezzed card "
    "whose trash cost is X.",
)
def _political_operative(b: Builder) -> None:
    def targets(g: NetrunnerGame) -> list[Card]:
        return [c for c in g.installed("corp") if c.rezzed and getattr(c.record, "trash_cost", None) is not None
                and g.may_trash(c, "runner") and g.can_pay("runner", int(c.record.trash_cost))]  # fmt: skip

    def trash(x: Exec) -> None:
        g = x.game
        chosen = x.pick(Phrase(N_("trash which card")), targets(g), optional=False)
        if chosen is None:
            return
        g.pay("runner", int(chosen.record.trash_cost), x.why)
        g.trash(chosen, Phrase(N_("trashed by the {side}"), side=Term("side", "runner")), by="runner")

    b.paragraph(0).may_install(lambda g, c: any(t == g.turns and s == "hq" and ok for t, s, ok in g.run_history))
    b.paragraph(1).paid([trash_self()], trash, usable=lambda g, c, w: bool(targets(g)))


@card(
    "ramujan_reliant_550_bmi",
    paragraphs=(0,),
    summary="Trash it: prevent up to 1 core or net damage, 1 more per other copy installed, and trash as many cards "
    "from the top of the stack.",
)
def _ramujan(b: Builder) -> None:
    def window(g: NetrunnerGame) -> bool:
        w = g.window
        return w is not None and w.get("what") == "damage" and w.get("kind") in ("brain", "net")

    def prevent(x: Exec) -> None:
        g = x.game
        if not window(g) or g.window is None:
            return
        most = 1 + sum(1 for c in g.runner.rig if c.id == x.card.id and c is not x.card)
        kind = g.window["kind"]
        n = _count(x, Phrase(N_("prevent how much damage")), min(most, int(g.window["amount"])), least=1)
        done = g.prevent("damage", n, x.card, kind)
        for _ in range(done):
            if g.runner.deck:
                g.trash(g.runner.deck[-1], x.why, by="runner")

    b.paid([trash_self()], prevent, role="prevent_damage", usable=lambda g, c, w: window(g))


@card(
    "salsette_slums",
    paragraphs=(0,),
    summary="Once a turn, while accessing a card with a trash cost, the runner may pay that cost to remove the card "
    "from the game.",
)
def _salsette_slums(b: Builder) -> None:
    def cost(c: Any) -> int | None:
        value = getattr(getattr(c, "record", None), "trash_cost", None)
        return None if value is None else int(value)

    def fits(x: Exec) -> bool:
        c = x.event.get("card")
        price = cost(c)
        return (
            isinstance(c, Card)
            and price is not None
            and x.card.notes.get("used") != x.game.turns
            and x.game.can_pay("runner", price, "trash")
        )

    def remove(x: Exec) -> None:
        g = x.game
        c = x.event["card"]
        price = cost(c) or 0
        if not x.may(Phrase(N_("pay {n}{credit} to remove {card} from the game?"), n=price, credit="[credit]",
                            card=str(c))):  # fmt: skip
            return
        x.once_per_turn()
        g.pay("runner", price, x.why, "trash")
        x.remove_from_game(c)

    b.when("access", remove, only=fits)


@card(
    "spy_camera",
    paragraphs=(0, 1),
    summary="Click: look at the top cards of the stack, one per copy installed, and arrange them; trash it: look at "
    "the top card of R&D.",
)
def _spy_camera(b: Builder) -> None:
    def arrange(x: Exec) -> None:
        g = x.game
        n = sum(1 for c in g.runner.rig if c.id == x.card.id)
        deck = g.runner.deck
        top = list(reversed(deck[-n:])) if n else []
        g.log.add("look", RUNNER, visible=[RUNNER], cards=[str(c) for c in top], zone="stack")
        for c in top:
            deck.remove(c)
        order = _order(x, top, lambda k: Phrase(N_("which card goes next from the top of your stack")))
        deck.extend(reversed(order))

    def peek(x: Exec) -> None:
        g = x.game
        if g.corp.deck:
            g.log.add("look", RUNNER, visible=[RUNNER], cards=[str(g.corp.deck[-1])], zone="rnd")

    b.paragraph(0).paid([click()], arrange, usable=lambda g, c, w: w == "action" and bool(g.runner.deck))
    b.paragraph(1).paid([trash_self()], peek, usable=lambda g, c, w: bool(g.corp.deck))


@card(
    "tech_trader",
    paragraphs=(0,),
    summary="Whenever the runner uses an ability whose cost trashes its card, gain 1 credit.",
)
def _tech_trader(b: Builder) -> None:
    def trashing(x: Exec) -> bool:
        c = x.event.get("card")
        index = x.event.get("index")
        if not isinstance(c, Card) or c.side != "runner" or not isinstance(index, int):
            return False
        abilities = x.game.abilities(c)
        return 0 <= index < len(abilities) and any(isinstance(cost, A.TrashCost) for cost in abilities[index].costs)

    b.when("ability_used", lambda x: x.game.gain_credits("runner", 1, x.why), only=trashing)


@card(
    "temple_of_the_liberated_mind",
    paragraphs=(1,),
    summary="Once a turn, during the runner's turn, a power counter here: gain a click.",
)
def _temple(b: Builder) -> None:
    b.paid([counters("power", 1)], lambda x: x.do("你获得 [click]。"), once_per_turn=True,
           usable=lambda g, c, w: g.active == "runner")  # fmt: skip


@card(
    "the_turning_wheel",
    paragraphs=(0, 1),
    summary="A power counter whenever a run on HQ or R&D ends with no agenda stolen; 2 power counters: access 1 "
    "more card when breaching HQ or R&D (your choice) in this run.",
)
def _turning_wheel(b: Builder) -> None:
    def charge(x: Exec) -> None:
        g = x.game
        events = list(g.log)
        start = next((i for i in range(len(events) - 1, -1, -1) if events[i].kind == "run"), 0)
        if any(e.kind == "steal" for e in events[start:]):
            return
        g.add_counters(x.card, "power", 1)

    def more(x: Exec) -> None:
        g = x.game
        run = g.current_run
        chosen = _ask(x, Phrase(N_("access 1 more card when breaching which server")),
                      [(s, Term("zone", s)) for s in ("hq", "rnd")])  # fmt: skip
        if run is not None and run.server == chosen:
            run.extra_access += 1
            g.log.add("extra_access", RUNNER, cards=1, server=chosen)

    def usable(g: NetrunnerGame, c: Card, window: str) -> bool:
        run = g.current_run
        return run is not None and not run.ended and run.step not in ("access", "over") and run.server in ("hq", "rnd")

    b.paragraph(0).when("run_ends", charge, only=lambda x: x.event.get("server") in ("hq", "rnd"))
    b.paragraph(1).paid([counters("power", 2)], more, usable=usable)


# ---------------------------------------------------------------- currents and identities


@card(
    "freedom_through_equality",
    paragraphs=(0, 1),
    summary="A current until another is played or an agenda is scored; when the runner steals an agenda it goes to "
    "the runner's score area worth 1 agenda point.",
)
def _freedom_through_equality(b: Builder) -> None:
    def stolen(x: Exec) -> None:
        _to_runner_score_area(x.game, x.card, 1)

    current(b.paragraph(0), until=("any_scored",))
    b.paragraph(1).when("any_stolen", stolen, only=lambda x: x.card in x.game.in_play)


@card(
    "nero_severn_information_broker",
    paragraphs=(0,),
    summary="Once a turn, on encountering a sentry, the runner may jack out.",
)
def _nero_severn(b: Builder) -> None:
    def jack(x: Exec) -> None:
        if x.may(Phrase(N_("jack out?"))):
            x.once_per_turn()
            x.jack_out()

    def sentry(x: Exec) -> bool:
        ice = x.event.get("ice")
        return isinstance(ice, Card) and "sentry" in ice.subtypes and x.card.notes.get("used") != x.game.turns

    b.when("encounter", jack, only=sentry)

