"""Card scripts of the Red Sand cycle (Earth's Scion, Blood and Water, Free Mars, Crimson Dust, Sovereign Sight,
Down the White Nile): the corp and runner cards and identities first printed there.

Frames several cards share: a conditional icebreaker's break (:func:`_break`; the package's :func:`breaker_usable`
says when it can be used), the moment an access is over ("access a card and do not steal or trash it":
:func:`_after_access`, settled at the next access or the run's end), an event that stays in play while its own run
goes on (:func:`_during`), and swaps of installed corp cards (:func:`_swap`).

Left out, for what the engine cannot do yet: a runner moved to another server mid-run (AgInfusion, Miraju, Sand
Storm), a timing after the corp's mandatory draw (Open Forum), for the grip becoming empty (Respirocytes) or the
credit pool reaching 0 (Dadiana Chacon), for the runner avoiding tags (Net Analytics), for who derezzed a card
(Keros Mcintyre), for the server a trashed card left (Warroid Tracker), the paid ability window after damage
(Salvaged Vanadis Armory), play-cost changes on other cards (Rolling Brownout), the server in an install-cost
change (Network Exchange) and the card in a rez payment (Khondi Plaza), installs forbidden to every card (Signal
Jamming), an alternative rez cost (Tithonium), extra tags counted without tags (MCA Informant), agendas installed
face up and conditions hosted on them (Transparency Initiative), fewer accesses than one (Sync BRE), strength
boosts lasting past the encounter (System Seizure), subroutines that do not resolve without being broken (Mass
Driver), and exposing as an event (Aumakua).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from toolkit.engine.phrase import Phrase, Term
from toolkit.i18n import Nn_
from toolkit.i18n.words import N_
from toolkit.text import ast as A

from ..decisions import Option
from ..run import gain_subroutines
from ..state import CENTRALS, SEATS, Card, Context, Encounter
from . import (
    Builder,
    Exec,
    breaker_usable,
    card,
    click,
    counters,
    credit,
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


# ---------------------------------------------------------------- frames


def _this_rezzed_ice(x: Exec) -> bool:
    """The event is about this piece of ice (encountered, passed) while it is rezzed."""
    return this_ice(x) and x.card.rezzed


def _encounter(g: NetrunnerGame) -> Encounter | None:
    run = g.current_run
    return run.encounter if run is not None and not run.ended else None


def _ices(g: NetrunnerGame) -> list[Card]:
    return [c for c in g.installed("corp") if c.type == "ice"]


def _agendas(cards: Sequence[Card]) -> list[Card]:
    return [c for c in cards if c.type == "agenda"]


def _points(c: Card) -> int:
    return int(getattr(c.record, "agenda_points", 0) or 0)


def _shuffle(g: NetrunnerGame, side: Side) -> None:
    player = g.player(side)
    g.rng.shuffle(player.deck)
    g.log.add("shuffle", player.seat, zone="rnd" if side == "corp" else "stack")


def _take_tags(g: NetrunnerGame, n: int) -> None:
    """The runner takes ``n`` tags as a cost (no window to avoid them)."""
    g.runner.tags += n
    g.log.add("tags", RUNNER, amount=n, tags=g.runner.tags)
    g.announce("tags_taken", amount=n)


def _lose_clicks(g: NetrunnerGame, side: Side, n: int, why: Any) -> None:
    player = g.player(side)
    lost = min(n, player.clicks)
    player.clicks -= lost
    g.log.add("clicks", player.seat, side=side, amount=-lost, clicks=player.clicks, reason=why)


def _gain_clicks(g: NetrunnerGame, side: Side, n: int) -> None:
    player = g.player(side)
    player.clicks += n
    g.log.add("clicks", player.seat, side=side, amount=n, clicks=player.clicks)


def _bad_publicity(g: NetrunnerGame, change: int) -> int:
    """The corp takes (or, negative, removes) bad publicity; the change made."""
    before = g.corp.bad_publicity
    g.corp.bad_publicity = max(0, before + change)
    done = g.corp.bad_publicity - before
    if done:
        g.log.add("bad_publicity", CORP, amount=done, bad_publicity=g.corp.bad_publicity)
    return done


def _ask(x: Exec, prompt: Any, choices: Sequence[tuple[str, Any]], side: Side | None = None) -> str:
    """One of ``choices`` (``(label, text)``) answered by ``side`` (default the card's): its label."""
    options = [Option(label, text, label) for label, text in choices]
    return str(x.game.ask(side or x.side, "target", prompt, options).value)


def _order(x: Exec, cards: Sequence[Card], side: Side | None = None) -> list[Card]:
    """``cards`` in the order ``side`` (default the card's) puts them, the first chosen first."""
    left = list(cards)
    out: list[Card] = []
    while len(left) > 1:
        chosen = x.choose(Phrase(N_("which card goes next ({n}/{count})"), n=len(out) + 1, count=len(cards)),
                          left, side=side)  # fmt: skip
        left.remove(chosen)
        out.append(chosen)
    return out + left


def _swap(g: NetrunnerGame, a: Card, b: Card) -> None:
    """Two installed corp cards trade places (ice with ice, a root card with a root card)."""
    sa, sb = g.server_of(a), g.server_of(b)
    if sa is None or sb is None or a is b:
        return
    la = sa.ice if a in sa.ice else sa.root
    lb = sb.ice if b in sb.ice else sb.root
    ia, ib = la.index(a), lb.index(b)
    la[ia], lb[ib] = b, a
    if g.hidden_from_runner(a) or g.hidden_from_runner(b):
        g.log.add("move", CORP, visible=[CORP], card=str(a), to=str(b))
        g.log.add("move", CORP, zone=sa.name, to=sb.name, position=ia)
    else:
        g.log.add("move", CORP, card=str(a), to=str(b))


def _rig_to(g: NetrunnerGame, c: Card, zone: str) -> None:
    """An installed runner card back to the grip (``grip``) or onto the top of the stack (``stack``)."""
    for hosted in list(c.hosted):
        g.trash(hosted, Phrase(N_("its host {card} left play"), card=str(c)))
    if c in g.runner.rig:
        g.runner.rig.remove(c)
    c.leave_play()
    c.faceup = False
    (g.runner.hand if zone == "grip" else g.runner.deck).append(c)
    g.log.add("move", RUNNER, card=str(c), zone="rig", to=zone)
    g.check_memory()


def _to_runner_score_area(g: NetrunnerGame, c: Card, points: int) -> None:
    """``c`` (an event in play) goes to the runner's score area as an agenda worth ``points``."""
    if c in g.in_play:
        g.in_play.remove(c)
    c.leave_play()
    c.faceup = True
    g.runner.score_area.append(c)
    g.log.add("move", RUNNER, card=str(c), reason=Phrase(N_("to the runner's score area as an agenda worth {n}"),
                                                          n=points))  # fmt: skip

    def worth(game: NetrunnerGame, this: Card, side: str) -> int:
        return points if side == "runner" and this in game.runner.score_area else 0

    g.add_lasting("points", c, worth, "game")  # never lifted: only a run's or a turn's end lifts hooks
    g.check_points()


def _strong(g: NetrunnerGame, breaker: Card, ice: Card) -> bool:
    return g.strength_of(breaker) >= g.strength_of(ice)


def _break(x: Exec, count: int) -> int:
    """Break up to ``count`` subroutines of the ice encountered if this breaker is strong enough."""
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
    return x.break_subroutines(count)


def _after_access(b: Builder, wants: Callable[[Exec, Card], bool], then: Callable[[Exec, Card], None]) -> None:
    """"Whenever you access a card ... and do not steal or trash it": the access of a card ``wants`` is noted, and
    once it is over (the next access, the end of the run or of the turn) ``then`` learns where the card went."""

    def settle(x: Exec) -> None:
        pending = x.card.notes.pop("accessed", None)
        if isinstance(pending, Card):
            then(x, pending)

    def access(x: Exec) -> None:
        settle(x)
        accessed = x.event.get("card")
        if isinstance(accessed, Card) and wants(x, accessed):
            x.card.notes["accessed"] = accessed

    pending = lambda x: "accessed" in x.card.notes  # noqa: E731
    b.when("access", access).when("run_ends", settle, only=pending).when("turn_ends", settle, only=pending)


def _kept(g: NetrunnerGame, c: Card) -> bool:
    """After its access, ``c`` was neither stolen nor trashed."""
    return c not in g.runner.score_area and c not in g.corp.discard and c not in g.removed


def _in_archives(g: NetrunnerGame, c: Card) -> bool:
    return c in g.corp.discard or c in g.servers["archives"].root


def _during(x: Exec, server: str = "any") -> bool:
    """Run ``server`` now with this event in play (its triggers work meanwhile), to the run's end; whether the run
    was successful."""
    g = x.game
    g.in_play.append(x.card)
    try:
        run = x.run_on(server)
        if g.current_run is run:
            g.runs.finish_run()
    finally:
        if x.card in g.in_play:
            g.in_play.remove(x.card)
    return bool(run.successful and not run.ended)


def _run(x: Exec, server: str = "any") -> bool:
    """Run ``server`` now, to the run's end; whether it was successful."""
    g = x.game
    run = x.run_on(server)
    if g.current_run is run:
        g.runs.finish_run()
    return bool(run.successful and not run.ended)


def _icebreakers_stronger(x: Exec, amount: int) -> None:
    """Every icebreaker has +``amount`` strength until the run ends."""

    def stronger(g: NetrunnerGame, this: Card, c: Card) -> int:
        return amount if c.type == "program" and "icebreaker" in c.subtypes and c in g.runner.rig else 0

    x.lasting("strength_all", stronger, until="run")


def _advanceable(g: NetrunnerGame) -> list[Card]:
    return [c for c in g.installed("corp") if g.can_advance(c)]


def _forfeit_one(g: NetrunnerGame, why: Any) -> Card | None:
    """The corp forfeits one agenda of its score area (its choice); the agenda, or None with none to forfeit."""
    agendas = _agendas(g.corp.score_area)
    if not agendas:
        return None
    chosen: Card = g.choose("corp", "target", Phrase(N_("forfeit which agenda")), agendas)
    g.forfeit(chosen, why)
    return chosen


def _ran_successfully(g: NetrunnerGame, servers: Sequence[str]) -> bool:
    return any(turn == g.turns and where in servers and ok for turn, where, ok in g.run_history)


def _type_choice(x: Exec, types: Sequence[str], side: Side | None = None) -> str:
    return _ask(x, Phrase(N_("{card}: choose a card type"), card=str(x.card)),
                [(t, Term("type", t)) for t in types], side=side)  # fmt: skip


# ---------------------------------------------------------------- identities


@card(
    "alice_merchant_clan_agitator",
    paragraphs=(0,),
    summary="The first successful run on Archives each turn makes the corp trash a card of HQ it chooses.",
)
def _alice(b: Builder) -> None:
    def hit(x: Exec) -> None:
        g = x.game
        if not x.once_per_turn("archives"):
            return
        chosen = x.pick(Phrase(N_("trash a card from HQ")), list(g.corp.hand), optional=False, side="corp")
        if chosen is not None:
            g.trash(chosen, x.why, by="corp")

    b.when("run_successful", hit, only=lambda x: x.event.get("server") == "archives")


@card("los_data_hijacker", paragraphs=(0,), summary="The first piece of ice the corp rezzes each turn pays 2 credits.")
def _los(b: Builder) -> None:
    def rezzed(x: Exec) -> None:
        if x.once_per_turn("ice"):
            x.game.gain_credits("runner", 2, x.why)

    b.when("any_rezzed", rezzed, only=lambda x: getattr(x.event.get("card"), "type", None) == "ice")


@card(
    "jemison_astronautics_sacrifice_audacity_success",
    paragraphs=(0,),
    summary="Each agenda the corp forfeits puts its points plus 1 in advancement counters on an installed card.",
)
def _jemison(b: Builder) -> None:
    def forfeited(x: Exec) -> None:
        g = x.game
        agenda = x.event.get("card")
        last = next((e for e in reversed(list(g.log)) if e.kind == "forfeit"), None)
        if not isinstance(agenda, Card) or last is None or last.player != CORP:
            return
        n = _points(agenda) + 1
        target = x.pick(Phrase(N_("place advancement counters on")), g.installed("corp"),
                        optional=False)  # fmt: skip
        if target is not None:
            g.place_advancement(target, n)

    b.when("forfeited", forfeited)


# ---------------------------------------------------------------- runner: icebreakers and programs


@card(
    "adjusted_matrix",
    paragraphs=(0, 1),
    summary="Goes on an icebreaker, which becomes an AI and may lose a click to break 1 subroutine of any ice.",
)
def _adjusted_matrix(b: Builder) -> None:
    b.hosts(lambda g, c: [o for o in g.runner.rig if o.type == "program" and "icebreaker" in o.subtypes])

    def installed(x: Exec) -> None:
        host = x.card.host
        if host is not None and "ai" not in host.subtypes:
            x.gain_subtypes(host, ["ai"])
            host.notes["ai_from"] = x.card.uid

    def left(x: Exec) -> None:
        for c in x.game.runner.rig:
            if c.notes.get("ai_from") == x.card.uid:
                del c.notes["ai_from"]
                if "ai" in c.gained_subtypes:
                    c.gained_subtypes.remove("ai")

    def usable(g: NetrunnerGame, c: Card, window: str) -> bool:
        host = c.host
        return host is not None and g.runner.clicks > 0 and breaker_usable()(g, host, window)

    def brk(x: Exec) -> None:
        g = x.game
        host, enc = x.card.host, _encounter(g)
        if host is None or enc is None:
            return
        _lose_clicks(g, "runner", 1, str(host))
        unbroken = [s for s in enc.subs if not s.broken]
        if not unbroken:
            return
        sub = g.choose("runner", "subroutine", Phrase(N_("break a subroutine of {ice}"), ice=str(enc.ice)), unbroken,
                       label=lambda s: f"sub:{s.index}")  # fmt: skip
        g.runs.mark_broken(enc.ice, sub, host)

    b.paragraph(1).when("installed", installed, only=this_card).when("trashed", left, only=this_card)
    b.paid([], brk, usable=usable, role="break")


@card(
    "berserker",
    paragraphs=(0,),
    summary="Encountering a barrier, it gets +1 strength per subroutine of that barrier for the encounter.",
)
def _berserker(b: Builder) -> None:
    def met(x: Exec) -> None:
        g = x.game
        enc = _encounter(g)
        if enc is None:
            return
        x.card.strength_bonus += len(enc.subs)
        g.log.add("strength", RUNNER, card=str(x.card), delta=len(enc.subs), strength=g.strength_of(x.card))

    b.when("encounter", met, only=lambda x: "barrier" in getattr(x.event.get("ice"), "subtypes", ()))


@card(
    "dedicated_processor",
    paragraphs=(0, 1),
    summary="Goes on an icebreaker that is not an AI; 2 credits: that icebreaker gets +4 strength for the encounter.",
)
def _dedicated_processor(b: Builder) -> None:
    b.hosts(lambda g, c: [o for o in g.runner.rig if o.type == "program" and "icebreaker" in o.subtypes
                          and "ai" not in o.subtypes])  # fmt: skip

    def usable(g: NetrunnerGame, c: Card, window: str) -> bool:
        enc, host = _encounter(g), c.host
        return (
            window == "encounter"
            and enc is not None
            and host is not None
            and any(not s.broken for s in enc.subs)
            and g.strength_of(host) < g.strength_of(enc.ice)
        )

    def boost(x: Exec) -> None:
        g = x.game
        host = x.card.host
        if host is None or _encounter(g) is None:
            g.log.add("strength_failed", RUNNER, reason=Phrase(N_("no icebreaker is encountering ice")))
            return
        host.strength_bonus += 4
        g.log.add("strength", RUNNER, card=str(host), delta=4, strength=g.strength_of(host))

    b.paragraph(1).paid([credit(2)], boost, usable=usable, role="boost")


@card(
    "flashbang",
    paragraphs=(0,),
    summary="6 credits: derez the sentry being encountered (the encounter ends).",
)
def _flashbang(b: Builder) -> None:
    def derez(x: Exec) -> None:
        g = x.game
        enc = _encounter(g)
        if enc is None or "sentry" not in enc.ice.subtypes or not _strong(g, x.card, enc.ice):
            g.log.add("break_failed", RUNNER, reason=Phrase(N_("no ice is being encountered")))
            return
        g.derez(enc.ice, x.why)
        enc.bypassed = True  # derezzed, the ice is no longer encountered

    usable = breaker_usable(lambda g, c, enc: "sentry" in enc.ice.subtypes)
    b.paid([credit(6)], derez, usable=usable, role="break")


@card(
    "god_of_war",
    paragraphs=(0, 1),
    summary="At the start of the turn the runner may take 1 tag for 2 virus counters on it; a virus counter breaks "
    "1 subroutine.",
)
def _god_of_war(b: Builder) -> None:
    def start(x: Exec) -> None:
        if x.may(Phrase(N_("{card}: take 1 tag to place 2 virus counters on it?"), card=str(x.card))):
            _take_tags(x.game, 1)
            x.game.add_counters(x.card, "virus", 2)

    def brk(x: Exec) -> None:
        _break(x, 1)

    b.paragraph(0).when("your_turn_start", start)
    b.paragraph(1).paid([counters("virus", 1)], brk, usable=breaker_usable(), role="break")


@card(
    "inversificator",
    paragraphs=(0,),
    summary="The first time each turn the runner passes ice it fully broke, it may swap that ice with another "
    "installed piece of ice.",
)
def _inversificator(b: Builder) -> None:
    def broke(x: Exec) -> None:
        enc = _encounter(x.game)
        if enc is None:
            return
        mine = x.card.notes.get("broke")
        if not isinstance(mine, tuple) or mine[0] is not enc:
            mine = (enc, set())
        mine[1].add(x.event.get("index"))
        x.card.notes["broke"] = mine

    def ended(x: Exec) -> None:
        mine = x.card.notes.pop("broke", None)
        if not isinstance(mine, tuple):
            return
        enc, indexes = mine
        if enc.ice is x.event.get("ice") and enc.subs and all(s.broken and s.index in indexes for s in enc.subs):
            x.card.notes["full"] = enc.ice

    def passed(x: Exec) -> None:
        g = x.game
        ice = x.card.notes.pop("full", None)
        if ice is not x.event.get("ice") or not isinstance(ice, Card) or not x.once_per_turn("swap"):
            return
        others = [c for c in _ices(g) if c is not ice]
        chosen = x.pick(Phrase(N_("{card}: swap {ice} with which piece of ice"), card=str(x.card), ice=str(ice)),
                        others)  # fmt: skip
        if chosen is not None and g.server_of(ice) is not None:
            _swap(g, ice, chosen)

    b.when("subroutine_broken", broke, only=lambda x: x.event.get("by") is x.card)
    b.when("encounter_ends", ended, only=lambda x: "broke" in x.card.notes)
    b.when("pass_ice", passed, only=lambda x: x.card.notes.get("full") is not None)


@card(
    "maven",
    paragraphs=(0, 1),
    summary="+1 strength for each installed program; 2 credits: break 1 subroutine of any ice.",
)
def _maven(b: Builder) -> None:
    def brk(x: Exec) -> None:
        _break(x, 1)

    b.strength(lambda g, c: sum(1 for o in g.runner.rig if o.type == "program") if c in g.runner.rig else 0)
    b.paragraph(1).paid([credit(2)], brk, usable=breaker_usable(), role="break")


@card(
    "na_not_k",
    paragraphs=(0,),
    summary="During a run it has +1 strength for each piece of ice protecting the server attacked.",
)
def _na_not_k(b: Builder) -> None:
    def strength(g: NetrunnerGame, c: Card) -> int:
        run = g.current_run
        if run is None or run.server not in g.servers or c not in g.runner.rig:
            return 0
        return len(g.servers[run.server].ice)

    b.strength(strength)


@card(
    "persephone",
    paragraphs=(2,),
    summary="Passing a sentry it encountered, the runner may trash the top card of its stack to trash a card from "
    "the top of R&D for each of that sentry's subroutines that fired.",
)
def _persephone(b: Builder) -> None:
    def passed(x: Exec) -> None:
        g = x.game
        ice = x.event.get("ice")
        fired = 0
        met = False
        for e in reversed(list(g.log)):
            if e.kind == "encounter" and e.data.get("ice") == str(ice):
                met = True
                break
            if e.kind in ("approach", "run"):
                break
            if e.kind == "subroutine" and e.data.get("ice") == str(ice):
                fired += 1
        if not met or not g.runner.deck:
            return
        if not x.may(Phrase(Nn_("{card}: trash the top card of your stack to trash {n} card from R&D?",
                                "{card}: trash the top card of your stack to trash {n} cards from R&D?"),
                            card=str(x.card), n=fired)):  # fmt: skip
            return
        g.trash(g.runner.deck[-1], x.why, by="runner")
        for _ in range(fired):
            if not g.corp.deck:
                break
            g.trash(g.corp.deck[-1], x.why, by="runner")

    b.when("pass_ice", passed, only=lambda x: "sentry" in getattr(x.event.get("ice"), "subtypes", ()))


@card(
    "customized_secretary",
    paragraphs=(0, 1),
    summary="Installed, it shows the top 5 cards of the stack and hosts any programs among them (the stack is then "
    "shuffled); click: install a hosted program, paying for it.",
)
def _customized_secretary(b: Builder) -> None:
    def installed(x: Exec) -> None:
        g = x.game
        top = list(reversed(g.runner.deck[-5:]))
        g.log.add("reveal", RUNNER, cards=[str(c) for c in top], zone="stack")
        programs = [c for c in top if c.type == "program"]
        while programs:
            chosen = x.pick(Phrase(N_("{card}: host which revealed program"), card=str(x.card)), programs)
            if chosen is None:
                break
            programs.remove(chosen)
            g.runner.deck.remove(chosen)
            chosen.faceup = True
            chosen.host = x.card
            x.card.hosted.append(chosen)
            g.log.add("host", RUNNER, card=str(chosen), host=str(x.card))
        _shuffle(g, "runner")

    def can_install(g: NetrunnerGame, c: Card) -> bool:
        return (
            g.may_install(c)
            and int(c.record.memory_cost or 0) <= g.memory_limit()
            and g.can_pay("runner", g.install_cost(c), "install")
        )

    def usable(g: NetrunnerGame, c: Card, window: str) -> bool:
        return window == "action" and any(can_install(g, h) for h in c.hosted if h not in g.runner.rig)

    def install(x: Exec) -> None:
        g = x.game
        hosted = [h for h in x.card.hosted if h not in g.runner.rig and can_install(g, h)]
        chosen = x.pick(Phrase(N_("install a card hosted on {card}"), card=str(x.card)), hosted, optional=False)
        if chosen is None:
            return
        x.card.hosted.remove(chosen)
        chosen.host = None
        chosen.faceup = False
        g.install("runner", chosen)

    b.paragraph(0).when("installed", installed, only=this_card)
    b.paragraph(1).paid([click()], install, usable=usable)


@card(
    "rosetta_2_0",
    paragraphs=(0,),
    summary="Click, remove an installed program from the game: install a non-virus program from the stack (then "
    "shuffled) for that program's cost less.",
)
def _rosetta(b: Builder) -> None:
    def usable(g: NetrunnerGame, c: Card, window: str) -> bool:
        return window == "action" and any(o.type == "program" for o in g.runner.rig)

    def swap(x: Exec) -> None:
        g = x.game
        programs = [o for o in g.runner.rig if o.type == "program"]
        gone = x.pick(Phrase(N_("remove which program from the game")), programs, optional=False)
        if gone is None:
            return
        less = int(gone.record.cost or 0)
        x.remove_from_game(gone)
        found = [
            c
            for c in reversed(g.runner.deck)
            if c.type == "program"
            and "virus" not in c.subtypes
            and g.may_install(c)
            and int(c.record.memory_cost or 0) <= g.memory_limit()
            and g.can_pay("runner", max(0, g.install_cost(c) - less), "install")
        ]
        chosen = x.pick(Phrase(N_("search the {zone} for a {type}"), zone=Term("zone", "stack"),
                               type=Term("card_type", "program")), found)  # fmt: skip
        if chosen is not None:
            g.runner.deck.remove(chosen)
            g.log.add("search", RUNNER, card=str(chosen), zone="stack")
        _shuffle(g, "runner")
        if chosen is not None:
            x.install_from(chosen, less=less)

    b.paid([click()], swap, usable=usable)


# ---------------------------------------------------------------- runner: hardware


@card(
    "daredevil",
    paragraphs=(1, 2),
    summary="The first run each turn on a server with 2 or more pieces of ice draws 2 cards; one console per player.",
)
def _daredevil(b: Builder) -> None:
    def run(x: Exec) -> None:
        g = x.game
        run = g.current_run
        if run is None or run.server not in g.servers or len(g.servers[run.server].ice) < 2:
            return
        if x.once_per_turn("run"):
            g.draw("runner", 2)

    b.paragraph(1).when("run_begins", run)
    one_console(b.paragraph(2))


@card(
    "maui",
    paragraphs=(1, 2, 3),
    summary="Recurring credits, one per piece of ice protecting HQ, spent during runs on HQ; one console per player.",
)
def _maui(b: Builder) -> None:
    def refill(x: Exec) -> None:
        g = x.game
        n = len(g.servers["hq"].ice)
        x.card.credits = n
        g.log.add("recurring", RUNNER, card=str(x.card), credits=n, reason="turn start")

    b.paragraph(1).when("installed", refill, only=this_card).when("your_turn_start", refill)
    b.paragraph(2).spend_hosted(lambda g, c, purpose: g.current_run is not None and g.current_run.server == "hq")
    one_console(b.paragraph(3))


@card(
    "maw",
    paragraphs=(1, 2),
    summary="The first card each turn accessed outside Archives and neither stolen nor trashed makes the corp trash "
    "a random card of HQ; one console per player.",
)
def _maw(b: Builder) -> None:
    def then(x: Exec, accessed: Card) -> None:
        g = x.game
        if not _kept(g, accessed) or not x.once_per_turn("maw") or not g.corp.hand:
            return
        g.trash(g.rng.choice(g.corp.hand), x.why, by="corp")

    _after_access(b.paragraph(1), lambda x, c: not _in_archives(x.game, c), then)
    one_console(b.paragraph(2))


@card(
    "rubicon_switch",
    paragraphs=(0,),
    summary="Once a turn, click and X credits: derez a piece of ice rezzed this turn whose printed rez cost is X.",
)
def _rubicon(b: Builder) -> None:
    def targets(g: NetrunnerGame) -> list[Card]:
        names = {e.get("card") for e in g.events_this_turn("rez")}
        return [c for c in _ices(g) if c.rezzed and str(c) in names
                and g.can_pay("runner", int(c.record.rez_cost or 0))]  # fmt: skip

    def derez(x: Exec) -> None:
        g = x.game
        chosen = x.pick(Phrase(N_("derez which ice")), targets(g), optional=False)
        if chosen is None:
            return
        g.pay("runner", int(chosen.record.rez_cost or 0), x.why)
        g.derez(chosen, x.why)

    b.paid([click()], derez, once_per_turn=True, usable=lambda g, c, w: w == "action" and bool(targets(g)))


@card(
    "severnius_stim_implant",
    paragraphs=(0,),
    summary="Click: trash 2 or more cards from the grip and run HQ or R&D, accessing 1 more card for every 2 "
    "trashed.",
)
def _severnius(b: Builder) -> None:
    def use(x: Exec) -> None:
        g = x.game
        trashed = 0
        while g.runner.hand:
            chosen = x.pick(Phrase(N_("trash a card from your grip ({n} so far)"), n=trashed), list(g.runner.hand),
                            optional=trashed >= 2)  # fmt: skip
            if chosen is None:
                break
            g.trash(chosen, x.why, by="runner")
            trashed += 1
        server = _ask(x, Phrase(N_("run on which server")), [(s, Term("zone", s)) for s in ("hq", "rnd")])
        run = x.run_on(server)
        if run.successful and not run.ended and trashed // 2:
            run.extra_access += trashed // 2
            g.log.add("extra_access", RUNNER, cards=trashed // 2, server=run.server)

    usable = lambda g, c, w: w == "action" and len(g.runner.hand) >= 2  # noqa: E731
    b.paid([click()], use, usable=usable)


# ---------------------------------------------------------------- runner: resources


@card(
    "aeneas_informant",
    paragraphs=(0,),
    summary="Each card with a trash cost accessed outside Archives and not trashed may be revealed for 1 credit.",
)
def _aeneas(b: Builder) -> None:
    def wants(x: Exec, c: Card) -> bool:
        return getattr(c.record, "trash_cost", None) is not None and not _in_archives(x.game, c)

    def then(x: Exec, accessed: Card) -> None:
        g = x.game
        if accessed in g.corp.discard or accessed in g.removed:
            return
        if x.may(Phrase(N_("reveal {card} to gain {n}{credit}?"), card=str(accessed), n=1, credit="[credit]")):
            g.log.add("reveal", RUNNER, card=str(accessed))
            g.gain_credits("runner", 1, x.why)

    _after_access(b, wants, then)


@card(
    "bio_modeled_network",
    paragraphs=(0,),
    summary="Trash it as net damage is about to be done: all but 1 of that damage is prevented.",
)
def _bio_modeled_network(b: Builder) -> None:
    def usable(g: NetrunnerGame, c: Card, window: str) -> bool:
        w = g.window
        return w is not None and w["what"] == "damage" and w["kind"] == "net" and w["amount"] > 1

    def prevent(x: Exec) -> None:
        w = x.game.window
        if w is not None:
            x.game.prevent("damage", w["amount"] - 1, x.card, "net")

    b.paid([trash_self()], prevent, usable=usable, role="prevent_damage")


@card("bloo_moose", paragraphs=(0,), summary="At the start of the turn the runner may remove a heap card from the game "
      "for 2 credits.")  # fmt: skip
def _bloo_moose(b: Builder) -> None:
    def start(x: Exec) -> None:
        g = x.game
        chosen = x.pick(Phrase(N_("{card}: remove a card of your heap from the game to gain {n}{credit}?"),
                               card=str(x.card), n=2, credit="[credit]"), list(g.runner.discard))  # fmt: skip
        if chosen is not None:
            x.remove_from_game(chosen)
            g.gain_credits("runner", 2, x.why)

    b.when("your_turn_start", start, only=lambda x: bool(x.game.runner.discard))


@card(
    "bug_out_bag",
    paragraphs=(0, 1),
    summary="Installed for X credits, it holds X power counters; at the end of a turn with an empty grip it draws 1 "
    "card per counter and is trashed.",
)
def _bug_out_bag(b: Builder) -> None:
    def installed(x: Exec) -> None:
        g = x.game
        most = g.available("runner", "install")
        n = int(x.choose(Phrase(N_("{card}: pay how many credits (X)"), card=str(x.card)), list(range(most + 1)),
                         kind="bid")) if most else 0  # fmt: skip
        if n:
            g.pay("runner", n, Phrase(N_("installing {card}"), card=str(x.card)), "install")
            g.add_counters(x.card, "power", n)

    def end(x: Exec) -> None:
        g = x.game
        g.draw("runner", x.card.counters.get("power", 0))
        g.trash(x.card, x.why)

    b.paragraph(0).when("installed", installed, only=this_card)
    b.paragraph(1).when("your_turn_end", end, only=lambda x: not x.game.runner.hand)


@card("caldera", paragraphs=(0,), summary="3 credits: prevent 1 core or net damage.")
def _caldera(b: Builder) -> None:
    def usable(g: NetrunnerGame, c: Card, window: str) -> bool:
        w = g.window
        return w is not None and w["what"] == "damage" and w["kind"] in ("brain", "net")

    def prevent(x: Exec) -> None:
        w = x.game.window
        if w is not None:
            x.game.prevent("damage", 1, x.card, w["kind"])

    b.paid([credit(3)], prevent, usable=usable, role="prevent_damage")


@card(
    "clan_vengeance",
    paragraphs=(0, 1),
    summary="A power counter each time the runner suffers damage; trash it: the corp trashes 1 random HQ card per "
    "counter.",
)
def _clan_vengeance(b: Builder) -> None:
    def hurt(x: Exec) -> None:
        x.game.add_counters(x.card, "power", 1)

    def burn(x: Exec) -> None:
        g = x.game
        n = int(x.card.last_known.get("counters", {}).get("power", 0))
        for c in g.rng.sample(g.corp.hand, min(n, len(g.corp.hand))):
            g.trash(c, x.why, by="runner")

    b.paragraph(0).when("damage_done", hurt)
    usable = lambda g, c, w: bool(c.counters.get("power")) and bool(g.corp.hand)  # noqa: E731
    b.paragraph(1).paid([trash_self()], burn, usable=usable)


@card("corporate_defector", paragraphs=(0,), summary="Each card the corp draws with its draw action is revealed.")
def _corporate_defector(b: Builder) -> None:
    def drew(x: Exec) -> None:
        g = x.game
        if g.corp.hand:
            g.log.add("reveal", RUNNER, card=str(g.corp.hand[-1]), zone="hq")

    b.when("action_taken", drew, only=lambda x: x.event.get("side") == "corp" and x.event.get("action") == "draw")


@card(
    "dummy_box",
    paragraphs=(0,),
    summary="As the corp is about to trash an installed card, trashing a grip card of the same type prevents it.",
)
def _dummy_box(b: Builder) -> None:
    def target(g: NetrunnerGame) -> Card | None:
        w = g.window
        return w["card"] if w is not None and w["what"] == "trash" and isinstance(w.get("card"), Card) else None

    def usable(g: NetrunnerGame, c: Card, window: str) -> bool:
        doomed = target(g)
        return doomed is not None and any(h.type == doomed.type for h in g.runner.hand)

    def prevent(x: Exec) -> None:
        g = x.game
        doomed = target(g)
        if doomed is None:
            return
        same = [h for h in g.runner.hand if h.type == doomed.type]
        chosen = x.pick(Phrase(N_("trash a card from your grip")), same, optional=False)
        if chosen is None:
            return
        g.trash(chosen, x.why, by="runner")
        g.prevent("trash", 1, x.card)

    b.paid([], prevent, usable=usable, role="prevent_trash")


@card(
    "counter_surveillance",
    paragraphs=(0,),
    summary="Click, trash it: run any server; if successful, instead of breaching it pay 1 credit per tag to access "
    "up to that many cards in or in the root of that server.",
)
def _counter_surveillance(b: Builder) -> None:
    def use(x: Exec) -> None:
        g = x.game
        run = x.run_on("any")

        def instead() -> None:
            tags = g.runner.tags
            if not g.can_pay("runner", tags):
                return
            g.pay("runner", tags, x.why)
            n = int(x.choose(Phrase(N_("{card}: access how many more cards"), card=str(x.card)), list(range(tags + 1)),
                             kind="bid")) if tags else 0  # fmt: skip
            _access_some(x, run.server, n)

        x.instead_of_breach(instead)

    usable = lambda g, c, w: w == "action" and g.current_run is None  # noqa: E731
    b.paid([click(), trash_self()], use, usable=usable)


def _access_some(x: Exec, server: str, n: int) -> None:
    """Access ``n`` cards of ``server`` one by one, each in its root or in the server itself (R&D from the top, HQ at
    random, Archives any), the runner choosing where."""
    g = x.game
    seen: list[Card] = []
    for _ in range(n):
        where = g.servers.get(server)
        if where is None or g.over:
            return
        inside: list[Card] = []
        if server == "rnd":
            inside = [c for c in reversed(g.corp.deck) if c not in seen][:1]
        elif server == "hq":
            left = [c for c in g.corp.hand if c not in seen]
            inside = [g.rng.choice(left)] if left else []
        elif server == "archives":
            inside = [c for c in g.corp.discard if c not in seen]
        root = [c for c in where.root if c not in seen]
        options = [Option(c.ref, Phrase(N_("{card} ({type})"), card=str(c), type=Term("type", c.type)), c)
                   for c in root]  # fmt: skip
        if server == "archives":
            options += [Option(c.ref, Phrase(N_("{card} ({type})"), card=str(c), type=Term("type", c.type)), c)
                        for c in inside]  # fmt: skip
        elif inside:
            options.append(Option(server, Term("zone", server), inside[0]))
        if not options:
            return
        if server == "archives":
            for c in inside:
                c.faceup = True
        chosen = g.ask("runner", "target", Phrase(N_("access which card")), options).value
        seen.append(chosen)
        g.runs.access_card(chosen, server)


@card(
    "jarogniew_mercs",
    paragraphs=(0, 1, 2),
    summary="Installing it gives 1 tag and loads it with tags plus 3 power counters (trashed once empty); the corp "
    "cannot trash it while another resource is installed; a counter prevents 1 meat damage.",
)
def _jarogniew(b: Builder) -> None:
    def installed(x: Exec) -> None:
        g = x.game
        g.gain_tags(1)
        g.add_counters(x.card, "power", g.runner.tags + 3)
        x.card.notes["loaded"] = "power"

    def emptied(x: Exec) -> None:
        if x.game.is_installed(x.card):
            x.game.trash(x.card, Phrase(N_("it is empty")), by="runner")

    def usable(g: NetrunnerGame, c: Card, window: str) -> bool:
        w = g.window
        return w is not None and w["what"] == "damage" and w["kind"] == "meat"

    def prevent(x: Exec) -> None:
        g = x.game
        g.prevent("damage", 1, x.card, "meat")
        if not x.card.counters.get("power") and g.is_installed(x.card):
            g.trash(x.card, Phrase(N_("it is empty")), by="runner")

    b.paragraph(0).loads("power").when("installed", installed, only=this_card).when("emptied", emptied)
    b.paragraph(1).untrashable(lambda g, c, by: by == "corp" and any(o.type == "resource" and o is not c
                                                                     for o in g.runner.rig))  # fmt: skip
    b.paragraph(2).paid([counters("power", 1)], prevent, usable=usable, role="prevent_damage")


@card(
    "the_archivist",
    paragraphs=(1,),
    summary="Each initiative or security agenda the corp scores makes it trace[1]; failing, it takes 1 bad "
    "publicity.",
)
def _the_archivist(b: Builder) -> None:
    def scored(x: Exec) -> None:
        g = x.game
        if not g.interp.trace(1, x.ctx):
            _bad_publicity(g, 1)

    def fits(x: Exec) -> bool:
        agenda = x.event.get("card")
        return isinstance(agenda, Card) and bool({"initiative", "security"} & set(agenda.subtypes))

    b.when("any_scored", scored, only=fits)


# ---------------------------------------------------------------- runner: events


@card(
    "dianas_hunt",
    paragraphs=(0,),
    summary="Run any server; at each piece of ice encountered a program may be installed from the grip for free; "
    "those programs are trashed when the run ends.",
)
def _dianas_hunt(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        installed: list[Card] = []
        x.card.notes["installed"] = installed

        def ended(run: Any, successful: bool) -> None:
            for c in installed:
                if c in g.runner.rig:
                    g.trash(c, x.why, by="runner")

        x.when_run_ends(ended)
        _during(x)

    def met(x: Exec) -> None:
        g = x.game
        programs = [c for c in g.runner.hand if c.type == "program" and g.may_install(c)
                    and int(c.record.memory_cost or 0) <= g.memory_limit()]  # fmt: skip
        chosen = x.pick(Phrase(N_("install a card from your grip for free")), programs)
        if chosen is None:
            return
        g.install("runner", chosen, pay=False)
        installed = x.card.notes.get("installed")
        if isinstance(installed, list):
            installed.append(chosen)

    b.play(play)
    b.when("encounter", met, only=lambda x: x.card in x.game.in_play)


@card(
    "exploit",
    paragraphs=(0, 1),
    summary="Played only after successful runs on R&D, HQ and Archives this turn: derez up to 3 pieces of ice.",
)
def _exploit(b: Builder) -> None:
    def all_three(g: NetrunnerGame, c: Card) -> bool:
        return all(_ran_successfully(g, (s,)) for s in ("rnd", "hq", "archives"))

    def play(x: Exec) -> None:
        g = x.game
        for _ in range(3):
            chosen = x.pick(Phrase(N_("derez which ice")), [c for c in _ices(g) if c.rezzed])
            if chosen is None:
                break
            g.derez(chosen, x.why)

    b.paragraph(0).may_play(all_three)
    b.paragraph(1).play(play)


@card(
    "lean_and_mean",
    paragraphs=(0,),
    summary="Run any server; with 3 or fewer programs installed, icebreakers have +2 strength during the run.",
)
def _lean_and_mean(b: Builder) -> None:
    def play(x: Exec) -> None:
        if sum(1 for c in x.game.runner.rig if c.type == "program") <= 3:
            _icebreakers_stronger(x, 2)
        x.run_on("any")

    b.play(play)


@card(
    "pushing_the_envelope",
    paragraphs=(0,),
    summary="Run any server; with 2 or fewer cards in the grip, icebreakers have +2 strength until the run ends.",
)
def _pushing_the_envelope(b: Builder) -> None:
    def play(x: Exec) -> None:
        if len(x.game.runner.hand) <= 2:
            _icebreakers_stronger(x, 2)
        x.run_on("any")

    b.play(play)


@card(
    "leave_no_trace",
    paragraphs=(0,),
    summary="Run any server; when the run ends, the ice rezzed during it is derezzed.",
)
def _leave_no_trace(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        start = len(g.log)

        def ended(run: Any, successful: bool) -> None:
            names = {e.data.get("card") for e in list(g.log)[start:] if e.kind == "rez"}
            for ice in _ices(g):
                if ice.rezzed and str(ice) in names:
                    g.derez(ice, x.why)

        x.when_run_ends(ended)
        x.run_on("any")

    b.play(play)


@card(
    "mad_dash",
    paragraphs=(0,),
    summary="Run any server; if an agenda was stolen in it, this event goes to the score area worth 1 agenda "
    "point, otherwise the runner suffers 1 meat damage.",
)
def _mad_dash(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        start = len(g.log)
        me = x.card

        def ended(run: Any, successful: bool) -> None:
            if any(e.kind == "steal" for e in list(g.log)[start:]):
                me.notes["score"] = True
            else:
                g.damage("meat", 1)

        x.when_run_ends(ended)
        _run(x)

    def after(x: Exec) -> None:
        if x.card.notes.pop("score", False):
            _to_runner_score_area(x.game, x.card, 1)
        else:
            x.game.leave_in_play(x.card, "played")

    b.play(play)
    b.stays_in_play()
    b.when("played", after, only=this_card)


@card(
    "mars_for_martians",
    paragraphs=(0, 1),
    summary="Played only as the turn's first click: draw 1 card per installed clan resource, gain 1 credit per tag.",
)
def _mars_for_martians(b: Builder) -> None:
    def first(g: NetrunnerGame, c: Card) -> bool:
        spent = [e for e in g.events_this_turn("clicks")
                 if e.get("side") == "runner" and e.get("amount", 0) < 0 and "reason" in e]  # fmt: skip
        return g.active == "runner" and not spent

    def play(x: Exec) -> None:
        g = x.game
        clans = sum(1 for c in g.runner.rig if c.type == "resource" and "clan" in c.subtypes)
        if clans:
            g.draw("runner", clans)
        if g.runner.tags:
            g.gain_credits("runner", g.runner.tags, x.why)

    b.paragraph(0).may_play(first)
    b.paragraph(1).play(play)


@card(
    "mining_accident",
    paragraphs=(0, 1),
    summary="Played only after a successful run on a central server this turn: the corp pays 5 credits or takes 1 "
    "bad publicity; the event is removed from the game.",
)
def _mining_accident(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        x.remove_from_game()
        if g.can_pay("corp", 5):
            prompt = Phrase(N_("{card}: pay {n}{credit} or {other}"), card=str(x.card), n=5, credit="[credit]",
                            other=Phrase(N_("take 1 bad publicity")))  # fmt: skip
            texts = (Phrase(N_("pay {n}{credit}"), n=5, credit="[credit]"), Phrase(N_("take 1 bad publicity")))
            if g.confirm("corp", "choice", prompt, yes="pay", no="bad_publicity", texts=texts):
                g.pay("corp", 5, x.why)
                return
        _bad_publicity(g, 1)

    b.paragraph(0).may_play(lambda g, c: _ran_successfully(g, CENTRALS))
    b.paragraph(1).play(play)


@card(
    "mobius",
    paragraphs=(0,),
    summary="Run R&D; if successful the runner may run R&D again, and a second success gains 4 credits.",
)
def _mobius(b: Builder) -> None:
    def play(x: Exec) -> None:
        if not _run(x, "rnd") or x.game.over:
            return
        if not x.may(Phrase(N_("{card}: run R&D again?"), card=str(x.card))):
            return
        if _run(x, "rnd"):
            x.game.gain_credits("runner", 4, x.why)

    b.play(play)


@card(
    "reshape",
    paragraphs=(0,),
    summary="Two unrezzed pieces of ice trade places.",
)
def _reshape(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        unrezzed = [c for c in _ices(g) if not c.rezzed]
        first = x.pick(Phrase(N_("swap which piece of ice")), unrezzed, optional=False)
        second = x.pick(Phrase(N_("swap which piece of ice")), [c for c in unrezzed if c is not first],
                        optional=False)  # fmt: skip
        if first is not None and second is not None:
            _swap(g, first, second)

    b.play(play)


@card(
    "rip_deal",
    paragraphs=(0, 1),
    summary="Run HQ; breaching it the runner may take as many heap cards into the grip as cards it would access in "
    "HQ, then accesses none there (the root still); removed from the game after the run.",
)
def _rip_deal(b: Builder) -> None:
    def play(x: Exec) -> None:
        _during(x, "hq")
        x.remove_from_game()

    def breach(x: Exec) -> None:
        g = x.game
        run = g.current_run
        if run is None or not g.runner.discard:
            return
        n = 1 + run.extra_access
        instead = Nn_("{card}: add {n} card from your heap to your grip instead of accessing HQ?",
                      "{card}: add {n} cards from your heap to your grip instead of accessing HQ?")
        if n <= 0 or not x.may(Phrase(instead, card=str(x.card), n=n)):
            return
        prompt = Phrase(N_("add a card from your heap to your grip"))
        for c in g.choose_many("runner", "target", prompt, list(g.runner.discard), n):
            g.runner.discard.remove(c)
            g.runner.hand.append(c)
            g.log.add("move", RUNNER, card=str(c), zone="heap", to="grip")
        run.extra_access = -1  # no card of HQ itself is accessed; its root still is

    b.play(play)  # paragraph 1 too: after its run the event leaves the game
    b.when("breach", breach, only=lambda x: x.card in x.game.in_play and x.event.get("server") == "hq")


@card(
    "spot_the_prey",
    paragraphs=(0,),
    summary="Expose an installed corp card that is not ice, then run any server.",
)
def _spot_the_prey(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        cards = [c for c in g.installed("corp") if c.type != "ice"]
        chosen = x.pick(Phrase(N_("expose which card")), cards, optional=False)
        if chosen is not None:
            server = g.server_of(chosen)
            g.log.add("exposed", RUNNER, card=str(chosen), type=chosen.type, server=server.name if server else None)
        x.run_on("any")

    b.play(play)


# ---------------------------------------------------------------- corp: ice


@card(
    "authenticator",
    paragraphs=(0,),
    summary="Encountering it, the runner may take 1 tag to bypass it.",
)
def _authenticator(b: Builder) -> None:
    def met(x: Exec) -> None:
        if x.may(Phrase(N_("{card}: take 1 tag to bypass it?"), card=str(x.card)), side="runner"):
            _take_tags(x.game, 1)
            x.bypass()

    b.when("encounter", met, only=_this_rezzed_ice)


@card(
    "bloom",
    paragraphs=(0, 1),
    summary="Subroutines: the corp may install an ice from HQ on another server for free; it may install an ice "
    "from HQ just inward of this one for free.",
)
def _bloom(b: Builder) -> None:
    def elsewhere(x: Exec) -> None:
        g = x.game
        here = g.server_of(x.card)
        ices = [c for c in g.corp.hand if c.type == "ice" and g.may_install(c)]
        chosen = x.pick(Phrase(N_("install a piece of ice from HQ protecting another server")), ices)
        if chosen is None:
            return
        servers = [s for s in g.server_options(chosen) if here is None or s != here.name]
        server = x.choose(Phrase(N_("install {card} in"), card=str(chosen)), servers, kind="server")
        g.install("corp", chosen, server, pay=False)

    def inward(x: Exec) -> None:
        g = x.game
        here = g.server_of(x.card)
        ices = [c for c in g.corp.hand if c.type == "ice" and g.may_install(c) and here is not None
                and here.name in g.server_options(c)]  # fmt: skip
        if here is None:
            return
        prompt = Phrase(N_("install a piece of ice from HQ protecting {server}?"), server=Term("zone", here.name))
        chosen = x.pick(prompt, ices)
        if chosen is None:
            return
        g.install("corp", chosen, here.name, pay=False)
        if chosen not in here.ice or x.card not in here.ice:
            return
        here.ice.remove(chosen)
        place = here.ice.index(x.card)
        here.ice.insert(place, chosen)
        run = g.current_run
        if run is not None and run.server == here.name and run.position > place:
            run.position += 1  # the new ice is still ahead of the runner

    b.paragraph(0).subroutine(elsewhere)
    b.paragraph(1).subroutine(inward)


@card(
    "conundrum",
    paragraphs=(0, 1),
    summary="+3 strength while an AI is installed; subroutine: the runner trashes one of its installed programs.",
)
def _conundrum(b: Builder) -> None:
    def trash(x: Exec) -> None:
        g = x.game
        programs = [c for c in g.runner.rig if c.type == "program"]
        chosen = x.pick(Phrase(N_("trash a {type}"), type=Term("card_type", "program")), programs, optional=False,
                        side="runner")  # fmt: skip
        if chosen is not None:
            g.trash(chosen, x.why, by="runner")

    def strength(g: NetrunnerGame, c: Card) -> int:
        return 3 if any("ai" in o.subtypes for o in g.installed("runner") + g.installed("corp")) else 0

    b.paragraph(0).strength(strength)
    b.paragraph(1).subroutine(trash)


@card(
    "data_loop",
    paragraphs=(0,),
    summary="Encountering it, the runner puts 2 cards of the grip on top of the stack.",
)
def _data_loop(b: Builder) -> None:
    def met(x: Exec) -> None:
        g = x.game
        prompt = Phrase(N_("put a card from your grip on top of your stack"))
        for c in g.choose_many("runner", "target", prompt, list(g.runner.hand), 2):
            g.runner.hand.remove(c)
            g.runner.deck.append(c)
            g.log.add("move", RUNNER, visible=[RUNNER], card=str(c), zone="grip", to="stack")
            g.log.add("move", RUNNER, cards=1, zone="grip", to="stack")

    b.when("encounter", met, only=_this_rezzed_ice)


@card("kakugo", paragraphs=(0,), summary="When the runner passes it, 1 net damage.")
def _kakugo(b: Builder) -> None:
    b.when("pass_ice", lambda x: x.game.damage("net", 1), only=_this_rezzed_ice)


@card(
    "loki",
    paragraphs=(0, 1),
    summary="Encountered, it takes the subtypes and, ahead of its own, the subroutines of another rezzed ice the corp "
    "chooses for the run; subroutine: the runner ends the run or shuffles the grip into the stack.",
)
def _loki(b: Builder) -> None:
    def met(x: Exec) -> None:
        g = x.game
        enc = _encounter(g)
        if enc is None:
            return
        others = [c for c in _ices(g) if c.rezzed and c is not x.card]
        chosen = x.pick(Phrase(N_("{card}: choose a piece of ice"), card=str(x.card)), others, optional=False)
        if chosen is None:
            return
        x.gain_subtypes(x.card, list(chosen.subtypes), until="run")
        before = x.card.notes.get("gained")
        gained: list[A.Ability] = list(before[1]) if isinstance(before, tuple) and before[0] is g.current_run else []
        gained += [a for a in g.abilities(chosen) if a.kind == "subroutine"]
        x.card.notes["gained"] = (g.current_run, gained)
        gain_subroutines(g, enc, gained, first=True)
        g.log.add("rule", CORP, card=str(x.card), reason=Phrase(N_("{card} gains the subroutines of {other}"),
                                                                card=str(x.card), other=str(chosen)))  # fmt: skip

    def either(x: Exec) -> None:
        g = x.game
        prompt = Phrase(N_("{card}: end the run or shuffle your grip into your stack?"), card=str(x.card))
        texts = (Phrase(N_("end the run")), Phrase(N_("shuffle your grip into your stack")))
        if g.confirm("runner", "choice", prompt, yes="end", no="shuffle", texts=texts):
            g.runs.end_run(x.why, by=x.card)
            return
        g.runner.deck.extend(g.runner.hand)
        moved = len(g.runner.hand)
        g.runner.hand.clear()
        g.log.add("move", RUNNER, cards=moved, zone="grip", to="stack")
        _shuffle(g, "runner")

    b.paragraph(0).when("encounter", met, only=_this_rezzed_ice)
    b.paragraph(1).subroutine(either)


@card(
    "metamorph",
    paragraphs=(0,),
    summary="Subroutine: the corp swaps 2 other installed pieces of ice, or 2 of its installed cards that are not "
    "ice.",
)
def _metamorph(b: Builder) -> None:
    def swap(x: Exec) -> None:
        g = x.game
        ices = [c for c in _ices(g) if c is not x.card]
        roots = [c for c in g.installed("corp") if c.type != "ice"]
        modes = ([("ice", Term("type", "ice"))] if len(ices) >= 2 else []) + (
            [("root", Phrase(N_("installed cards that are not ice")))] if len(roots) >= 2 else []
        )
        if not modes:
            return
        mode = _ask(x, Phrase(N_("{card}: swap which cards"), card=str(x.card)), modes) if len(modes) > 1 else modes[0][0]
        pool = ices if mode == "ice" else roots
        first = x.pick(Phrase(N_("swap which card")), pool, optional=False)
        if first is None:
            return
        rest = [c for c in pool if c is not first and (mode == "ice" or _root_swap_ok(g, first, c))]
        second = x.pick(Phrase(N_("swap which card")), rest, optional=False)
        if second is not None:
            _swap(g, first, second)

    b.subroutine(swap)


def _root_swap_ok(g: NetrunnerGame, a: Card, b: Card) -> bool:
    """Two root cards may trade servers: assets and agendas stay in remote servers, one card apart from upgrades."""
    sa, sb = g.server_of(a), g.server_of(b)
    if sa is None or sb is None or sa is sb:
        return False
    return all(c.type == "upgrade" or s.remote for c, s in ((a, sb), (b, sa)))


@card(
    "nerine_2_0",
    paragraphs=(0,),
    summary="The runner may lose 2 clicks to break up to 2 of its subroutines.",
)
def _nerine(b: Builder) -> None:
    b.runner_break(clicks=2, count=2)


@card(
    "next_opal",
    paragraphs=(0,),
    summary="Encountered, it has one subroutine per rezzed NEXT ice: the corp may install a card from HQ.",
)
def _next_opal(b: Builder) -> None:
    def install(x: Exec) -> None:
        g = x.game
        cards = [c for c in g.corp.hand if c.type in CORP_INSTALLABLE and g.can_install(c)]
        chosen = x.pick(Phrase(N_("install a card from HQ")), cards)
        if chosen is not None:
            x.install_from(chosen)

    part = len(b.script.parts)
    b.when("emptied", install, only=lambda x: False)  # never triggered: the subroutines' effect
    sub = A.Ability("subroutine", (A.Sentence((A.Scripted("next_opal", 0, part),)),))

    def met(x: Exec) -> None:
        g = x.game
        enc = _encounter(g)
        if enc is None:
            return
        gain_subroutines(g, enc, [sub] * sum(1 for c in _ices(g) if c.rezzed and "next" in c.subtypes))

    b.when("encounter", met, only=_this_rezzed_ice)


@card("owl", paragraphs=(0,), summary="Subroutine: an installed program of the corp's choice goes on top of the stack.")
def _owl(b: Builder) -> None:
    def sub(x: Exec) -> None:
        g = x.game
        programs = [c for c in g.runner.rig if c.type == "program"]
        chosen = x.pick(Phrase(N_("add a program to the top of the stack")), programs, optional=False)
        if chosen is not None:
            _rig_to(g, chosen, "stack")

    b.subroutine(sub)


@card(
    "seidr_adaptive_barrier",
    paragraphs=(0,),
    summary="+1 strength for each piece of ice protecting its server.",
)
def _seidr(b: Builder) -> None:
    def strength(g: NetrunnerGame, c: Card) -> int:
        server = g.server_of(c)
        return len(server.ice) if server is not None and c in server.ice else 0

    b.strength(strength)


@card(
    "self_adapting_code_wall",
    paragraphs=(0,),
    summary="Its strength cannot be lowered.",
)
def _self_adapting(b: Builder) -> None:
    def strength(g: NetrunnerGame, c: Card) -> int:
        return -sum(min(0, hook(g, source, c)) for source, hook in g.script_hooks("strength_all"))

    b.strength(strength)


@card(
    "watchtower",
    paragraphs=(0,),
    summary="Subroutine: the corp searches R&D for a card for HQ; R&D is shuffled.",
)
def _watchtower(b: Builder) -> None:
    def sub(x: Exec) -> None:
        g = x.game
        chosen = x.pick(Phrase(N_("search R&D for a card to add to HQ")), list(reversed(g.corp.deck)))
        if chosen is not None:
            g.corp.deck.remove(chosen)
            g.corp.hand.append(chosen)
            g.log.add("search", CORP, visible=[CORP], card=str(chosen), zone="rnd")
            g.log.add("search", CORP, cards=1, zone="rnd")
        _shuffle(g, "corp")

    b.subroutine(sub)


@card(
    "zed_2_0",
    paragraphs=(0, 3),
    summary="The runner may lose 2 clicks to break up to 2 of its subroutines; last subroutine: 2 brain damage if the "
    "runner lost clicks to break subroutines this run.",
)
def _zed(b: Builder) -> None:
    def clicked(g: NetrunnerGame) -> bool:
        for e in reversed(list(g.log)):
            if e.kind == "run":
                return False
            if (e.kind == "clicks" and e.data.get("side") == "runner" and e.data.get("amount", 0) < 0
                    and "reason" in e.data):  # fmt: skip
                return True
        return False

    def sub(x: Exec) -> None:
        if clicked(x.game):
            x.game.damage("brain", 2)

    b.paragraph(0).runner_break(clicks=2, count=2)
    b.paragraph(3).subroutine(sub)


# ---------------------------------------------------------------- corp: assets and upgrades


@card(
    "bamboo_dome",
    paragraphs=(0, 1, 2),
    summary="Installed in the root of R&D only; click: show the top 3 cards of R&D, put one in HQ secretly and the "
    "others back on top in any order; one region per server.",
)
def _bamboo_dome(b: Builder) -> None:
    def look(x: Exec) -> None:
        g = x.game
        top = list(reversed(g.corp.deck[-3:]))
        g.log.add("reveal", CORP, cards=[str(c) for c in top], zone="rnd")
        chosen = x.pick(Phrase(N_("add which revealed card to HQ")), top, optional=False)
        if chosen is None:
            return
        g.corp.deck.remove(chosen)
        g.corp.hand.append(chosen)
        g.log.add("move", CORP, visible=[CORP], card=str(chosen), zone="rnd", to="hq")
        g.log.add("move", CORP, cards=1, zone="rnd", to="hq")
        rest = [c for c in top if c is not chosen]
        order = _order(x, rest)
        for c in rest:
            g.corp.deck.remove(c)
        for c in reversed(order):  # the first chosen ends on top
            g.corp.deck.append(c)

    b.paragraph(0).install_servers(lambda g, c, server: server == "rnd")
    b.paragraph(1).paid([click()], look, usable=lambda g, c, w: w == "action" and bool(g.corp.deck))
    one_region(b.paragraph(2))


@card(
    "ben_musashi",
    paragraphs=(0,),
    summary="To steal an agenda from its server the runner also suffers 2 net damage, for the rest of the run even "
    "if it trashes this upgrade.",
)
def _ben_musashi(b: Builder) -> None:
    def pay(g: NetrunnerGame, agenda: Card) -> None:
        g.damage("net", 2, preventable=False)

    def can(g: NetrunnerGame, agenda: Card) -> bool | None:
        bens = [c for c in g.active_cards("corp") if c.id == "ben_musashi"]
        server = g.server_of(bens[0]) if bens else None
        return True if server is not None and _from_server(g, agenda, server.name) else None

    def trashed(x: Exec) -> None:
        g = x.game
        run = g.current_run
        if run is None or run.ended or x.event.get("by") != "runner" or not x.event.get("rezzed"):
            return
        name = run.server

        def still(game: NetrunnerGame, agenda: Card) -> bool | None:
            return True if _from_server(game, agenda, name) else None

        g.add_lasting("steal_requires", x.card, (still, pay), "run")

    b.steal_requires(can, pay)  # type: ignore[arg-type]
    b.when("trashed", trashed, only=this_card)


def _from_server(g: NetrunnerGame, c: Card, server: str) -> bool:
    """``c`` is in ``server`` (its root) or, for a central server, in its zone."""
    where = g.server_of(c)
    if where is not None:
        return where.name == server
    zones = {"rnd": g.corp.deck, "hq": g.corp.hand, "archives": g.corp.discard}
    return server in zones and c in zones[server]


@card(
    "bioroid_work_crew",
    paragraphs=(0,),
    summary="Trash it, right after an operation was played and resolved: install a card from HQ, paying for it.",
)
def _bioroid_work_crew(b: Builder) -> None:
    def after_operation(g: NetrunnerGame) -> bool:
        actions = g.events_this_turn("action")
        return g.active == "corp" and bool(actions) and actions[-1].get("action") == "corp_play"

    def usable(g: NetrunnerGame, c: Card, window: str) -> bool:
        return window == "action" and after_operation(g) and any(
            h.type in CORP_INSTALLABLE and g.can_install(h) for h in g.corp.hand
        )

    def install(x: Exec) -> None:
        g = x.game
        cards = [c for c in g.corp.hand if c.type in CORP_INSTALLABLE and g.can_install(c)]
        chosen = x.pick(Phrase(N_("install a card from HQ")), cards, optional=False)
        if chosen is not None:
            x.install_from(chosen)

    b.paid([trash_self()], install, usable=usable)


@card(
    "breached_dome",
    paragraphs=(0, 1),
    summary="Accessed in R&D it is revealed; accessed anywhere, 1 meat damage and the top card of the stack is "
    "trashed.",
)
def _breached_dome(b: Builder) -> None:
    def accessed(x: Exec) -> None:
        g = x.game
        if x.card in g.corp.deck:
            g.log.add("reveal", CORP, card=str(x.card), zone="rnd")
        g.damage("meat", 1)
        if g.runner.deck and not g.over:
            g.trash(g.runner.deck[-1], x.why, by="corp")

    b.paragraph(1).when("access", accessed, only=this_card)  # paragraph 0 too: revealed first when in R&D


@card(
    "clyde_van_rite",
    paragraphs=(0,),
    summary="At the start of the corp's turn the runner pays 1 credit or trashes the top card of its stack.",
)
def _clyde(b: Builder) -> None:
    def start(x: Exec) -> None:
        g = x.game
        can_pay, can_trash = g.can_pay("runner", 1), bool(g.runner.deck)
        if can_pay and can_trash:
            prompt = Phrase(N_("{card}: pay {n}{credit} or {other}"), card=str(x.card), n=1, credit="[credit]",
                            other=Phrase(N_("trash the top card of your stack")))  # fmt: skip
            texts = (Phrase(N_("pay {n}{credit}"), n=1, credit="[credit]"), Phrase(N_("trash the top card of your stack")))
            can_trash = not g.confirm("runner", "choice", prompt, yes="pay", no="trash", texts=texts)
        if can_trash:
            g.trash(g.runner.deck[-1], x.why, by="runner")
        elif can_pay:
            g.pay("runner", 1, x.why)

    b.when("your_turn_start", start)


@card(
    "cpc_generator",
    paragraphs=(0,),
    summary="The first time each turn the runner clicks for a credit, the corp gains 1 credit.",
)
def _cpc(b: Builder) -> None:
    def credit_action(x: Exec) -> None:
        clicks = [e for e in x.this_turn("action") if e.get("action") == "runner_credit"]
        if len(clicks) == 1:
            x.game.gain_credits("corp", 1, x.why)

    b.when("action_taken", credit_action,
           only=lambda x: x.event.get("side") == "runner" and x.event.get("action") == "credit")  # fmt: skip


@card(
    "defense_construct",
    paragraphs=(1,),
    summary="Trash it during a run on Archives: a face-down card of Archives goes to HQ per advancement counter it "
    "had.",
)
def _defense_construct(b: Builder) -> None:
    def usable(g: NetrunnerGame, c: Card, window: str) -> bool:
        run = g.current_run
        return (
            run is not None
            and run.server == "archives"
            and c.advancement > 0
            and any(not d.faceup for d in g.corp.discard)
        )

    def back(x: Exec) -> None:
        g = x.game
        n = int(x.card.last_known.get("counters", {}).get("advancement", 0))
        facedown = [c for c in g.corp.discard if not c.faceup]
        for c in g.choose_many("corp", "target", Phrase(N_("add which card of Archives to HQ")), facedown, n):
            g.corp.discard.remove(c)
            g.corp.hand.append(c)
            g.log.add("move", CORP, visible=[CORP], card=str(c), zone="archives", to="hq")
            g.log.add("move", CORP, cards=1, zone="archives", to="hq")

    b.paid([trash_self()], back, usable=usable)


@card(
    "fractal_threat_matrix",
    paragraphs=(0,),
    summary="Each time every subroutine of a piece of ice protecting its server is broken, the top 2 cards of the "
    "stack are trashed.",
)
def _fractal(b: Builder) -> None:
    def broke(x: Exec) -> None:
        g = x.game
        enc = _encounter(g)
        if enc is None or enc.ice is not x.event.get("ice") or x.card.notes.get("done") is enc:
            return
        if enc.subs and all(s.broken for s in enc.subs):
            x.card.notes["done"] = enc
            for _ in range(2):
                if g.runner.deck:
                    g.trash(g.runner.deck[-1], x.why, by="corp")

    def here(x: Exec) -> bool:
        ice = x.event.get("ice")
        server = x.game.server_of(x.card)
        return isinstance(ice, Card) and server is not None and ice in server.ice

    b.when("subroutine_broken", broke, only=here)


@card(
    "helheim_servers",
    paragraphs=(0,),
    summary="During a run on its server, trash a card from HQ: the ice protecting that server has +2 strength for "
    "the run.",
)
def _helheim(b: Builder) -> None:
    def usable(g: NetrunnerGame, c: Card, window: str) -> bool:
        run, server = g.current_run, g.server_of(c)
        return run is not None and not run.ended and server is not None and run.server == server.name and bool(
            g.corp.hand
        )

    def use(x: Exec) -> None:
        g = x.game
        server = g.server_of(x.card)
        chosen = x.pick(Phrase(N_("trash a card from HQ")), list(g.corp.hand), optional=False)
        if chosen is None or server is None:
            return
        g.trash(chosen, x.why, by="corp")
        name = server.name

        def stronger(game: NetrunnerGame, this: Card, c: Card) -> int:
            where = game.servers.get(name)
            return 2 if where is not None and c in where.ice else 0

        x.lasting("strength_all", stronger, until="run")

    b.paid([], use, usable=usable)


@card(
    "henry_phillips",
    paragraphs=(0,),
    summary="Each subroutine the runner breaks in a run on its server pays the corp 2 credits while the runner is "
    "tagged.",
)
def _henry(b: Builder) -> None:
    def broke(x: Exec) -> None:
        if x.game.runner.tags:
            x.game.gain_credits("corp", 2, x.why)

    def here(x: Exec) -> bool:
        run, server = x.game.current_run, x.game.server_of(x.card)
        return run is not None and server is not None and run.server == server.name

    b.when("subroutine_broken", broke, only=here)


@card(
    "mca_austerity_policy",
    paragraphs=(0, 1),
    summary="Once a turn, click: a power counter on it and the runner's next turn has 1 click less; click, trash it "
    "with 3 power counters: gain 4 clicks.",
)
def _mca_austerity(b: Builder) -> None:
    def squeeze(x: Exec) -> None:
        x.game.add_counters(x.card, "power", 1)
        x.next_turn_clicks("runner", -1)

    def cash(x: Exec) -> None:
        _gain_clicks(x.game, "corp", 4)

    b.paragraph(0).paid([click()], squeeze, once_per_turn=True, usable=lambda g, c, w: w == "action")
    b.paragraph(1).paid([click(), counters("power", 3), trash_self()], cash, usable=lambda g, c, w: w == "action")


@card(
    "oberth_protocol",
    paragraphs=(0, 1),
    summary="Rezzing it also forfeits an agenda; the first card in or protecting its server advanced each turn gets "
    "1 more advancement counter.",
)
def _oberth(b: Builder) -> None:
    def can(g: NetrunnerGame, c: Card) -> bool:
        return bool(_agendas(g.corp.score_area))

    def pay(g: NetrunnerGame, c: Card) -> None:
        _forfeit_one(g, Phrase(N_("the text of {card}"), card=str(c)))

    def advanced(x: Exec) -> None:
        target = x.event.get("card")
        if isinstance(target, Card) and x.once_per_turn("advance"):
            x.game.place_advancement(target, 1)

    def here(x: Exec) -> bool:
        target = x.event.get("card")
        server = x.game.server_of(x.card)
        return isinstance(target, Card) and server is not None and x.game.server_of(target) is server

    b.paragraph(0).rez_requires(can, pay)
    b.paragraph(1).when("advanced", advanced, only=here)


@card(
    "quarantine_system",
    paragraphs=(0,),
    summary="Forfeit an agenda: rez up to 3 pieces of ice, each for 2 credits less per printed point of that "
    "agenda.",
)
def _quarantine(b: Builder) -> None:
    def usable(g: NetrunnerGame, c: Card, window: str) -> bool:
        return bool(_agendas(g.corp.score_area)) and any(not i.rezzed for i in _ices(g))

    def use(x: Exec) -> None:
        g = x.game
        agenda = _forfeit_one(g, x.why)
        if agenda is None:
            return
        less = 2 * _points(agenda)

        def cheaper(game: NetrunnerGame, this: Card, c: Card) -> int:
            return -less if c.type == "ice" else 0

        for _ in range(3):
            entry = ("rez_cost", x.card, cheaper, "turn")
            g.lasting.append(entry)
            try:
                ices = [i for i in _ices(g) if not i.rezzed and g.can_rez(i)]
                chosen = x.pick(Phrase(N_("rez a piece of ice for {n}{credit} less"), n=less, credit="[credit]"), ices)
                if chosen is not None:
                    g.rez(chosen)
            finally:
                g.lasting.remove(entry)
            if chosen is None:
                break

    b.paid([], use, usable=usable)


@card(
    "traffic_analyzer",
    paragraphs=(0,),
    summary="Each piece of ice the corp rezzes protecting its server: trace[2], and on success the corp gains 1 "
    "credit.",
)
def _traffic_analyzer(b: Builder) -> None:
    def rezzed(x: Exec) -> None:
        if x.game.interp.trace(2, x.ctx):
            x.game.gain_credits("corp", 1, x.why)

    def here(x: Exec) -> bool:
        ice = x.event.get("card")
        server = x.game.server_of(x.card)
        return isinstance(ice, Card) and ice.type == "ice" and server is not None and ice in server.ice

    b.when("any_rezzed", rezzed, only=here)


@card(
    "synth_dna_modification",
    paragraphs=(0,),
    summary="The first subroutine of AP ice broken each turn does 1 net damage.",
)
def _synth_dna(b: Builder) -> None:
    def broke(x: Exec) -> None:
        if x.once_per_turn("ap"):
            x.game.damage("net", 1)

    b.when("subroutine_broken", broke, only=lambda x: "ap" in getattr(x.event.get("ice"), "subtypes", ()))


@card(
    "whampoa_reclamation",
    paragraphs=(0,),
    summary="Once a turn, trash a card from HQ: a card of Archives goes to the bottom of R&D.",
)
def _whampoa(b: Builder) -> None:
    def use(x: Exec) -> None:
        g = x.game
        chosen = x.pick(Phrase(N_("trash a card from HQ")), list(g.corp.hand), optional=False)
        if chosen is None:
            return
        g.trash(chosen, x.why, by="corp")
        back = x.pick(Phrase(N_("put which card of Archives on the bottom of R&D")), list(g.corp.discard),
                      optional=False)  # fmt: skip
        if back is None:
            return
        g.corp.discard.remove(back)
        back.faceup = False
        g.corp.deck.insert(0, back)
        g.log.add("move", CORP, card=str(back), zone="archives", to="rnd", where="bottom")

    b.paid([], use, once_per_turn=True, usable=lambda g, c, w: bool(g.corp.hand))


# ---------------------------------------------------------------- corp: agendas


@card(
    "ar_enhanced_security",
    paragraphs=(0,),
    summary="The first corp card the runner trashes each turn gives the runner 1 tag.",
)
def _ar_enhanced(b: Builder) -> None:
    def trashed(x: Exec) -> None:
        if x.once_per_turn("tag"):
            x.game.gain_tags(1)

    def fits(x: Exec) -> bool:
        c = x.event.get("card")
        return x.event.get("by") == "runner" and isinstance(c, Card) and c.side == "corp"

    b.when("trashed", trashed, only=fits)


@card("cfc_excavation_contract", paragraphs=(0,), summary="Scored: 2 credits per rezzed bioroid.")
def _cfc(b: Builder) -> None:
    def scored(x: Exec) -> None:
        g = x.game
        n = sum(1 for c in g.installed("corp") if c.rezzed and "bioroid" in c.subtypes)
        if n:
            g.gain_credits("corp", 2 * n, x.why)

    b.when("agenda_scored", scored, only=this_card)


@card("escalate_vitriol", paragraphs=(0,), summary="Once a turn, click: 1 credit per tag the runner has.")
def _escalate_vitriol(b: Builder) -> None:
    def use(x: Exec) -> None:
        if x.game.runner.tags:
            x.game.gain_credits("corp", x.game.runner.tags, x.why)

    b.paid([click()], use, once_per_turn=True, usable=lambda g, c, w: w == "action" and g.runner.tags > 0)


@card(
    "mandatory_seed_replacement",
    paragraphs=(0,),
    summary="Scored: the corp rearranges any number of pieces of installed ice (swapping them two by two).",
)
def _mandatory_seed(b: Builder) -> None:
    def scored(x: Exec) -> None:
        g = x.game
        for _ in range(2 * len(_ices(g))):  # every arrangement is a series of swaps
            ices = _ices(g)
            first = x.pick(Phrase(N_("swap which piece of ice")), ices)
            if first is None:
                return
            second = x.pick(Phrase(N_("swap which piece of ice")), [c for c in ices if c is not first])
            if second is None:
                return
            _swap(g, first, second)

    b.when("agenda_scored", scored, only=lambda x: this_card(x) and len(_ices(x.game)) >= 2)


@card(
    "meteor_mining",
    paragraphs=(0,),
    summary="Scored: the corp may gain 7 credits or, if the runner has 2 or more tags, do 7 meat damage instead.",
)
def _meteor_mining(b: Builder) -> None:
    def scored(x: Exec) -> None:
        g = x.game
        choices = [("credits", Phrase(N_("gain {n}{credit}"), n=7, credit="[credit]"))]
        if g.runner.tags >= 2:
            choices.append(("damage", Phrase(N_("do {n} {damage}"), n=7, damage=Term("damage", "meat"))))
        choices.append(("none", Phrase(N_("neither"))))
        chosen = _ask(x, Phrase(N_("{card}: choose one"), card=str(x.card)), choices)
        if chosen == "credits":
            g.gain_credits("corp", 7, x.why)
        elif chosen == "damage":
            g.damage("meat", 7)

    b.when("agenda_scored", scored, only=this_card)


@card(
    "next_wave_2",
    paragraphs=(0,),
    summary="Scored with a rezzed NEXT ice installed: the corp may do 1 brain damage.",
)
def _next_wave_2(b: Builder) -> None:
    def scored(x: Exec) -> None:
        g = x.game
        if not any(c.rezzed and "next" in c.subtypes for c in _ices(g)):
            return
        if x.may(Phrase(N_("{card}: do {n} {damage}?"), card=str(x.card), n=1, damage=Term("damage", "brain"))):
            g.damage("brain", 1)

    b.when("agenda_scored", scored, only=this_card)


@card(
    "obokata_protocol",
    paragraphs=(0,),
    summary="To steal it the runner also suffers 4 net damage.",
)
def _obokata(b: Builder) -> None:
    def can(g: NetrunnerGame, agenda: Card) -> bool | None:
        if agenda.id != "obokata_protocol":
            return None
        # a scored copy is active and asked too: the cost is this agenda's, paid once per access
        access = next((e for e in reversed(list(g.log)) if e.kind == "access"), None)
        if access is not None and agenda.notes.get("obokata") is access:
            return None
        agenda.notes["obokata"] = access
        return True

    def pay(g: NetrunnerGame, agenda: Card) -> None:
        g.damage("net", 4, preventable=False)

    b.steal_requires(can, pay)  # type: ignore[arg-type]


@card(
    "reeducation",
    paragraphs=(0,),
    summary="Scored: any number of HQ cards go under R&D and the corp draws as many; a runner holding at least that "
    "many puts as many random grip cards under the stack.",
)
def _reeducation(b: Builder) -> None:
    def scored(x: Exec) -> None:
        g = x.game
        moved = 0
        while g.corp.hand:
            chosen = x.pick(Phrase(N_("put which card of HQ on the bottom of R&D")), list(g.corp.hand))
            if chosen is None:
                break
            g.corp.hand.remove(chosen)
            g.corp.deck.insert(0, chosen)
            moved += 1
            g.log.add("move", CORP, visible=[CORP], card=str(chosen), zone="hq", to="rnd", where="bottom")
        if not moved:
            return
        g.log.add("move", CORP, cards=moved, zone="hq", to="rnd", where="bottom")
        g.draw("corp", moved)
        if len(g.runner.hand) >= moved:
            for c in g.rng.sample(g.runner.hand, moved):
                g.runner.hand.remove(c)
                g.runner.deck.insert(0, c)
            g.log.add("move", RUNNER, cards=moved, zone="grip", to="stack", where="bottom")

    b.when("agenda_scored", scored, only=this_card)


@card(
    "standoff",
    paragraphs=(0,),
    summary="Scored: the runner may trash one of its installed cards; if not, the corp draws 1 and gains 5 credits; "
    "if so, the corp may trash one of its own to start again.",
)
def _standoff(b: Builder) -> None:
    def scored(x: Exec) -> None:
        g = x.game
        while not g.over:
            mine = x.pick(Phrase(N_("{card}: trash one of your installed cards?"), card=str(x.card)),
                          list(g.runner.rig), side="runner")  # fmt: skip
            if mine is None:
                g.draw("corp", 1)
                g.gain_credits("corp", 5, x.why)
                return
            g.trash(mine, x.why, by="runner")
            theirs = x.pick(Phrase(N_("{card}: trash one of your installed cards?"), card=str(x.card)),
                            g.installed("corp"))  # fmt: skip
            if theirs is None:
                return
            g.trash(theirs, x.why, by="corp")

    b.when("agenda_scored", scored, only=this_card)


@card(
    "water_monopoly",
    paragraphs=(0,),
    summary="Resources that are not virtual cost 1 more to install.",
)
def _water_monopoly(b: Builder) -> None:
    b.install_cost(lambda g, this, c: 1 if c.type == "resource" and "virtual" not in c.subtypes else 0)


# ---------------------------------------------------------------- corp: operations


@card(
    "audacity",
    paragraphs=(0, 1),
    summary="Played with at least 2 other cards in HQ: trash all of HQ, then place 2 advancement counters on cards "
    "that can be advanced.",
)
def _audacity(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        for c in list(g.corp.hand):
            g.trash(c, x.why, by="corp")
        for _ in range(2):
            target = x.pick(Phrase(N_("place advancement counters on")), _advanceable(g), optional=False)
            if target is not None:
                g.place_advancement(target, 1)

    b.paragraph(0).may_play(lambda g, c: len([h for h in g.corp.hand if h is not c]) >= 2)
    b.paragraph(1).play(play)


@card(
    "biased_reporting",
    paragraphs=(0,),
    summary="Name resource, hardware or program: the runner may trash such cards for 1 credit each; the corp gains "
    "2 credits per such card still installed.",
)
def _biased_reporting(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        kind = _type_choice(x, ("resource", "hardware", "program"))
        trashed = 0
        while True:
            mine = [c for c in g.runner.rig if c.type == kind]
            chosen = x.pick(Phrase(N_("{card}: trash one of your installed cards?"), card=str(x.card)), mine,
                            side="runner")  # fmt: skip
            if chosen is None:
                break
            if g.trash(chosen, x.why, by="runner"):
                trashed += 1
        if trashed:
            g.gain_credits("runner", trashed, x.why)
        left = sum(1 for c in g.runner.rig if c.type == kind)
        if left:
            g.gain_credits("corp", 2 * left, x.why)

    b.play(play)


@card("load_testing", paragraphs=(0,), summary="The runner's next turn starts with 1 click less.")
def _load_testing(b: Builder) -> None:
    b.play(lambda x: x.next_turn_clicks("runner", -1))


@card(
    "mass_commercialization",
    paragraphs=(0,),
    summary="2 credits for each installed card with an advancement counter.",
)
def _mass_commercialization(b: Builder) -> None:
    def play(x: Exec) -> None:
        n = sum(1 for c in x.game.installed("corp") + x.game.installed("runner") if c.advancement > 0)
        if n:
            x.game.gain_credits("corp", 2 * n, x.why)

    b.play(play)


@card(
    "o_shortage",
    paragraphs=(0,),
    summary="The runner may trash a random grip card; if not, the corp gains 2 clicks.",
)
def _o_shortage(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        if g.runner.hand:
            prompt = Phrase(N_("{card}: trash a random card of your grip, or the corp gains {click}?"),
                            card=str(x.card), click="[click][click]")  # fmt: skip
            texts = (Phrase(N_("trash a random card")), Phrase(N_("let the corp gain {click}"), click="[click][click]"))
            if g.confirm("runner", "choice", prompt, yes="trash", no="refuse", texts=texts):
                g.trash(g.rng.choice(g.runner.hand), x.why, by="runner")
                return
        _gain_clicks(g, "corp", 2)

    b.play(play)


@card(
    "priority_construction",
    paragraphs=(0, 1),
    summary="Costs one more click: install an ice from HQ on a remote server for free, with 3 advancement counters.",
)
def _priority_construction(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        ices = [c for c in g.corp.hand if c.type == "ice" and g.may_install(c)]
        chosen = x.pick(Phrase(N_("install a card from HQ")), ices, optional=False)
        if chosen is None:
            return
        servers = [s for s in g.server_options(chosen) if s == "new remote" or g.servers[s].remote]
        server = x.choose(Phrase(N_("install {card} in"), card=str(chosen)), servers, kind="server")
        g.install("corp", chosen, server, pay=False)
        if g.is_installed(chosen):
            g.place_advancement(chosen, 3)

    b.paragraph(0).play_clicks(1)
    b.paragraph(1).play(play)


@card(
    "red_planet_couriers",
    paragraphs=(0, 1),
    summary="Costs 2 more clicks: every advancement counter on installed cards moves to one card that can be "
    "advanced.",
)
def _red_planet(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        target = x.pick(Phrase(N_("place advancement counters on")), _advanceable(g), optional=False)
        if target is None:
            return
        total = 0
        for c in g.installed("corp"):
            if c is not target and c.advancement:
                total += -g.add_counters(c, "advancement", -c.advancement)
        if total:
            g.add_counters(target, "advancement", total)

    b.paragraph(0).play_clicks(2)
    b.paragraph(1).play(play)


@card(
    "replanting",
    paragraphs=(0, 1),
    summary="Costs one more click: an installed card goes back to HQ, then 2 cards are installed from HQ for free.",
)
def _replanting(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        back = x.pick(Phrase(N_("add which installed card to HQ")), g.installed("corp"), optional=False)
        if back is not None:
            for hosted in list(back.hosted):
                g.trash(hosted, Phrase(N_("its host {card} left play"), card=str(back)))
            g.trash_from_server(back)
            back.leave_play()
            back.faceup = False
            g.corp.hand.append(back)
            g.log.add("move", CORP, visible=[CORP], card=str(back), to="hq")
            g.log.add("move", CORP, cards=1, to="hq")
        for _ in range(2):
            cards = [c for c in g.corp.hand if c.type in CORP_INSTALLABLE and g.may_install(c) and g.server_options(c)]
            chosen = x.pick(Phrase(N_("install a card from HQ")), cards, optional=False)
            if chosen is None:
                break
            g.install("corp", chosen, pay=False)

    b.paragraph(0).play_clicks(1)
    b.paragraph(1).play(play)


@card(
    "restore",
    paragraphs=(0,),
    summary="Install and rez a card from Archives, paying for both; its other copies in Archives leave the game.",
)
def _restore(b: Builder) -> None:
    def affordable(g: NetrunnerGame, c: Card) -> bool:
        if c.type not in ("ice", "asset", "upgrade") or not g.may_install(c):
            return False
        return any(g.can_pay("corp", g.install_cost(c, s) + g.rez_cost(c), "install") for s in g.server_options(c))

    def play(x: Exec) -> None:
        g = x.game
        cards = [c for c in g.corp.discard if affordable(g, c)]
        chosen = x.pick(Phrase(N_("install and rez which card of Archives")), cards, optional=False)
        if chosen is None:
            return
        x.install_from(chosen, zone=g.corp.discard)
        if g.is_installed(chosen) and g.can_rez(chosen):
            g.rez(chosen)
        for other in [c for c in g.corp.discard if c.id == chosen.id]:
            x.remove_from_game(other)

    b.play(play)


@card(
    "sacrifice",
    paragraphs=(0, 1),
    summary="Also forfeits an agenda: 1 bad publicity removed per point it was worth, and 1 credit per bad "
    "publicity removed.",
)
def _sacrifice(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        agenda = _forfeit_one(g, x.why)
        if agenda is None:
            return
        removed = -_bad_publicity(g, -_points(agenda))
        if removed:
            g.gain_credits("corp", removed, x.why)

    b.paragraph(0).may_play(lambda g, c: bool(_agendas(g.corp.score_area)))
    b.paragraph(1).play(play)


@card(
    "shipment_from_tennin",
    paragraphs=(0, 1),
    summary="Played only if the runner made no successful run in its last turn: 2 advancement counters on an "
    "installed card.",
)
def _shipment(b: Builder) -> None:
    def quiet(g: NetrunnerGame, c: Card) -> bool:
        last = Exec(g, Context("corp", c)).last_turn("runner")
        return not any(e.kind == "run_end" and e.data.get("successful") for e in last)

    def play(x: Exec) -> None:
        g = x.game
        target = x.pick(Phrase(N_("place advancement counters on")), g.installed("corp"),
                        optional=False)  # fmt: skip
        if target is not None:
            g.place_advancement(target, 2)

    b.paragraph(0).may_play(quiet)
    b.paragraph(1).play(play)


@card(
    "success",
    paragraphs=(0, 1),
    summary="Also forfeits an agenda and costs 2 more clicks: advance a card as many times as that agenda's "
    "advancement requirement.",
)
def _success(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        agenda = _forfeit_one(g, x.why)
        if agenda is None:
            return
        times = int(getattr(agenda.record, "advancement_requirement", 0) or 0)
        target = x.pick(Phrase(N_("place advancement counters on")), _advanceable(g), optional=False)
        if target is None:
            return
        for _ in range(times):
            if not g.is_installed(target):
                break
            g.place_advancement(target, 1)
            g.announce("advanced", card=target)

    b.paragraph(0).play_clicks(2).may_play(lambda g, c: bool(_agendas(g.corp.score_area)))
    b.paragraph(1).play(play)


@card(
    "threat_level_alpha",
    paragraphs=(0, 1),
    summary="Costs one more click: trace[1]; on success the runner takes as many tags as it has, or 1 with none.",
)
def _threat_level_alpha(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        x.ctx.trace = g.interp.trace(1, x.ctx)
        if x.ctx.trace:
            g.gain_tags(max(1, g.runner.tags))

    b.paragraph(0).play_clicks(1)
    b.paragraph(1).play(play)


@card(
    "rover_algorithm",
    paragraphs=(0,),
    summary="Stays on a rezzed piece of ice: that ice has +1 strength per power counter here, and each time the "
    "runner passes it a power counter is added.",
)
def _rover_algorithm(b: Builder) -> None:
    def host(g: NetrunnerGame, c: Card) -> Card | None:
        h = c.notes.get("host")
        return h if isinstance(h, Card) and g.is_installed(h) else None

    def play(x: Exec) -> None:
        g = x.game
        chosen = x.pick(Phrase(N_("host it on which piece of ice")), [c for c in _ices(g) if c.rezzed], optional=False)
        if chosen is not None:
            x.card.notes["host"] = chosen
            g.log.add("host", CORP, card=str(x.card), host=str(chosen))

    def passed(x: Exec) -> None:
        x.game.add_counters(x.card, "power", 1)

    def gone(x: Exec) -> None:
        if host(x.game, x.card) is None:
            x.game.leave_in_play(x.card, Phrase(N_("its host {card} left play"), card=str(x.card.notes.get("host", ""))))

    def stronger(g: NetrunnerGame, this: Card, c: Card) -> int:
        return this.counters.get("power", 0) if c is host(g, this) else 0

    b.may_play(lambda g, c: any(i.rezzed for i in _ices(g)))
    b.play(play)
    b.stays_in_play()
    b.strength_all(stronger)
    b.when("pass_ice", passed, only=lambda x: x.event.get("ice") is host(x.game, x.card))
    b.when("trashed", gone, only=lambda x: x.event.get("card") is x.card.notes.get("host"))
    b.when("turn_ends", gone, only=lambda x: x.card in x.game.in_play and host(x.game, x.card) is None)
