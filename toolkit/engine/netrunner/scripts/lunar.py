"""Card scripts of the Lunar cycle (Upstalk, The Spaces Between, First Contact, Up and Over, All That Remains,
The Source): the corp and runner cards and identities.

Frames several cards share: ice that gains subroutines when the runner encounters it (:func:`_gain`, and the
grail ice lending theirs: :func:`_grail`), traces whose strength matters (:func:`_trace`), credits that come
from stealth cards (:func:`_stealth_total`, :func:`_spend_stealth`, :func:`_pay_breaker`), "play only as your
first click" (:func:`_first_click`) and a server an install created (:func:`_created_server`).

Left out, for what the engine does not model: a delayed trigger outliving its event (Social Engineering, Three
Steps Ahead), forbidding runs, rezzes, installs, jacking out or playing a kind of card (Excalibur, Cyber Threat,
Unscheduled Maintenance, The News Now Hour, Labyrinthine Servers' counter), extra costs on the basic run
action, on jacking out or on icebreaker abilities (Enhanced Login Protocol, Port Anson Grid, Midway Station
Grid), ice losing a subtype (Changeling, Lycan, Wendigo) or gaining those of other ice (Mother Goddess), a
program that cannot be used (Wendigo), blanking the runner's identity while a current stays (Cerebral Static),
hosting programs on a program (Leprechaun), events when credits are lost or run out, when clicks are lost and
when a trace starts (Ixodidae, Order of Sol, Heinlein Grid, Power Tap), credits that pay only for programs or
for advancing (CyberSoft MacroDrive, The Root), which hardware a trash prevention is for (LLDS Energy
Regulator), a trash cost changed by a card (Industrial Genomics), installing a card from the grip on a
trigger (the shards' first paragraph) and where an installed program came from (Autoscripter's click).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from toolkit.engine.phrase import Phrase, Term
from toolkit.i18n import Nn_
from toolkit.i18n.words import N_
from toolkit.text import ast as A
from toolkit.text import parse_cached

from ..decisions import Option
from ..run import gain_subroutines
from ..state import CENTRALS, SEATS, Card, Context, Encounter, Server
from . import (
    Builder,
    Exec,
    card,
    click,
    counters,
    credit,
    current,
    load,
    one_console,
    place_of,
    this_card,
    this_ice,
    trash_self,
)

if TYPE_CHECKING:
    from toolkit.engine.core import Event

    from ..game import NetrunnerGame

CORP = SEATS["corp"]
RUNNER = SEATS["runner"]
CORP_INSTALLABLE = ("agenda", "asset", "ice", "upgrade")
RIG_TYPES = ("program", "hardware", "resource")
ETR = parse_cached("[subroutine] 终止潜袭。")


# ---------------------------------------------------------------- shared pieces


def _ignore(result: object) -> None:
    """What an engine call returns, dropped (a part's function returns nothing)."""


def _turn(g: NetrunnerGame) -> list[Event]:
    return list(g.log)[g.turn_started_at :]


def _this_run(g: NetrunnerGame) -> list[Event]:
    """The logged events since the last run began."""
    events = list(g.log)
    for index in range(len(events) - 1, -1, -1):
        if events[index].kind == "run":
            return events[index:]
    return []


def _first_click(g: NetrunnerGame) -> bool:
    """"Play only as your first click": the runner spent no click this turn (but the one of this play action,
    when asked again once it is spent)."""
    events = _turn(g)
    spent = [
        i
        for i, e in enumerate(events)
        if e.kind == "clicks" and e.data.get("side") == "runner" and e.data.get("amount", 0) < 0 and "reason" in e.data
    ]
    if not spent:
        return True
    tail = events[spent[0] :]
    return len(spent) == 1 and events[spent[0]].data.get("reason") == "runner_play" and all(
        e.kind in ("clicks", "action") for e in tail
    )


def _created_server(g: NetrunnerGame, c: Card | None) -> bool:
    """The corp card ``c`` just installed created its server: a remote holding nothing else (an empty remote
    does not stay)."""
    if c is None or c.side != "corp":
        return False
    server = g.server_of(c)
    return server is not None and server.remote and [*server.ice, *server.root] == [c]


def _encountering(g: NetrunnerGame) -> Encounter | None:
    run = g.current_run
    return run.encounter if run is not None and not run.ended else None


def _breakable(g: NetrunnerGame, breaker: Card, subtypes: Sequence[str]) -> bool:
    """An encounter is on with ice of one of ``subtypes`` that ``breaker`` is strong enough to break, and some
    subroutine is still unbroken."""
    enc = _encountering(g)
    if enc is None or enc.bypassed or not any(not s.broken for s in enc.subs):
        return False
    if not any(s in enc.ice.subtypes for s in subtypes) or not g.may_break(enc.ice, breaker):
        return False
    return g.strength_of(breaker) >= g.strength_of(enc.ice)


def _weaker(g: NetrunnerGame, breaker: Card) -> bool:
    """An encounter is on and ``breaker`` is weaker than its ice (a boost does something)."""
    enc = _encountering(g)
    return enc is not None and not enc.bypassed and g.strength_of(breaker) < g.strength_of(enc.ice)


def _boost(x: Exec, amount: int) -> None:
    x.card.strength_bonus += amount
    x.game.log.add("strength", RUNNER, card=str(x.card), delta=amount, strength=x.game.strength_of(x.card))


def _gain(x: Exec, abilities: Sequence[A.Ability]) -> None:
    """The ice being encountered gains ``abilities`` (subroutines) after its own for this encounter."""
    enc = _encountering(x.game)
    if enc is not None:
        gain_subroutines(x.game, enc, abilities)


def _trace(x: Exec, base: int) -> int | None:
    """Trace[``base``]: the corp's trace strength when it succeeds, None when it fails."""
    g = x.game
    ok = g.interp.trace(base, x.ctx)
    x.ctx.trace = ok
    if not ok:
        return None
    event = next(e for e in reversed(list(g.log)) if e.kind == "trace")
    return int(event.data["strength"])


def _runner_trashes_one(x: Exec) -> None:
    """The runner trashes 1 of their installed cards (of their choice)."""
    g = x.game
    options = [c for c in g.runner.rig if g.may_trash(c, "runner")]
    chosen = x.pick(Phrase(N_("trash 1 of your installed cards")), options, optional=False, side="runner")
    if chosen is not None:
        g.trash(chosen, x.why, by="runner")


def _corp_installable(g: NetrunnerGame, c: Card, pay: bool = True) -> bool:
    """Whether the corp may install ``c`` now somewhere (paying its install cost, if ``pay``)."""
    if c.type not in CORP_INSTALLABLE or not g.may_install(c):
        return False
    return any(not pay or g.can_pay("corp", g.install_cost(c, s), "install") for s in g.server_options(c))


def _runner_installable(g: NetrunnerGame, c: Card, less: int = 0) -> bool:
    if c.type not in RIG_TYPES or not g.may_install(c):
        return False
    if c.type == "program" and int(c.record.memory_cost or 0) > g.memory_limit():
        return False
    return g.can_pay("runner", max(0, g.install_cost(c) - less), "install")


def _may_rez(g: NetrunnerGame, c: Card, less: int = 0) -> bool:
    """The corp can rez ``c`` now for ``less`` credits less (and pay whatever else its text asks)."""
    if c.rezzed or c.type == "agenda" or g.server_of(c) is None:
        return False
    if not g.can_pay("corp", max(0, g.rez_cost(c) - less), "rez"):
        return False
    return all(can(g, c) for _, (can, _pay) in g.script_hooks("rez_requires", [c]))


def _to_hq(g: NetrunnerGame, c: Card) -> None:
    """An installed corp card back to HQ (a face-down one named to the corp only)."""
    where = place_of(g, c)
    seen = c.rezzed
    g.trash_from_server(c)
    c.leave_play()
    c.faceup = False
    g.corp.hand.append(c)
    if seen:
        g.log.add("move", CORP, card=str(c), zone=where, to="hq")
    else:
        told = g.log.add("move", CORP, visible=[CORP], card=str(c), zone=where, to="hq")
        g.apart(told, g.log.add("move_facedown", CORP, zone=where, to="hq"))


def _in_play(g: NetrunnerGame) -> list[Card]:
    """Every card in play: installed cards (hosted ones too), identities, score areas, currents."""
    return [
        g.corp.identity,
        g.runner.identity,
        *g.installed("corp"),
        *g.runner.rig,
        *g.corp.score_area,
        *g.runner.score_area,
        *g.in_play,
    ]


def _amount(x: Exec, prompt: Any, most: int, side: Any = None, least: int = 0) -> int:
    """A number from ``least`` to ``most`` chosen by ``side`` (default the card's): labels are the numbers."""
    if most <= least:
        return max(least, most)
    return int(x.choose(prompt, list(range(least, most + 1)), side=side, kind="amount"))


# ---------------------------------------------------------------- credits from stealth cards


def _stealth_sources(g: NetrunnerGame) -> list[tuple[Card, str, int]]:
    """``(card, "recurring" or "hosted", credits)`` of the runner's stealth cards whose credits may pay for an
    icebreaker's ability now."""
    out: list[tuple[Card, str, int]] = []
    for c in g.active_cards("runner"):
        if "stealth" not in c.subtypes:
            continue
        if c.recurring > 0 and any(use == "icebreaker" for _, use in g.recurring_uses(c)):
            out.append((c, "recurring", c.recurring))
        if c.credits > 0 and any(fn(g, c, "icebreaker") for _, fn in g.script_hooks("spend_hosted", [c])):
            out.append((c, "hosted", c.credits))
    return out


def _stealth_total(g: NetrunnerGame) -> int:
    return sum(n for _, _, n in _stealth_sources(g))


def _spend_stealth(x: Exec, amount: int) -> None:
    """Pay ``amount`` with credits of stealth cards only (the runner picks the cards; the caller checked there
    are enough)."""
    g = x.game
    left = amount
    while left > 0:
        sources = _stealth_sources(g)
        if not sources:
            break
        source = sources[0]
        if len(sources) > 1:
            options = [Option(f"{c.ref}/{kind}", Phrase(N_("{card} ({n}{credit})"), card=str(c), n=n, credit="[credit]"),
                              (c, kind, n)) for c, kind, n in sources]  # fmt: skip
            source = g.ask("runner", "pay", Phrase(N_("pay with the credits of which stealth card")), options).value
        c, kind, have = source
        used = min(have, left)
        left -= used
        if kind == "recurring":
            c.recurring -= used
            g.log.add("recurring", RUNNER, card=str(c), spent=used, left=c.recurring, reason=str(x.card))
        else:
            c.credits -= used
            g.log.add("take_credits", RUNNER, card=str(c), amount=used, hosted=c.credits)
            g.check_empty(c)
    g.log.add("pay", RUNNER, side="runner", credits=amount, from_pool=0, credits_left=g.runner.credits,
              reason=str(x.card))  # fmt: skip  (stealth credits alone: the pool paid nothing)


def _pay_breaker(x: Exec, amount: int) -> bool:
    """Pay ``amount`` for an icebreaker's ability; whether a credit of a stealth card went into it (the runner
    may choose to spend one when it could pay without)."""
    g = x.game
    before = _stealth_total(g)
    use = before > 0
    if use and g.available("runner", "icebreaker") - before >= amount:
        use = x.may(Phrase(N_("{card}: spend a credit from a stealth card?"), card=str(x.card)))
    if use:
        _spend_stealth(x, 1)
        amount -= 1
    g.pay("runner", amount, str(x.card), "icebreaker")
    return use or _stealth_total(g) < before


# ---------------------------------------------------------------- ice


@card(
    "architect",
    paragraphs=(0, 1, 2),
    summary="No player can trash it. Subroutines: look at the top 5 cards of R&D and you may install one of them "
    "for free; you may install a card from HQ or Archives.",
)
def _architect(b: Builder) -> None:
    def look(x: Exec) -> None:
        g = x.game
        top = list(reversed(g.corp.deck[-5:]))
        g.log.add("look", CORP, visible=[CORP], cards=[str(c) for c in top], zone="rnd")
        options = [c for c in top if _corp_installable(g, c, pay=False)]
        chosen = x.pick(Phrase(N_("install a card from the top of R&D, ignoring its install cost")), options)
        if chosen is not None:
            x.install_from(chosen, g.corp.deck, free=True)

    def install(x: Exec) -> None:
        g = x.game
        options = [c for c in [*g.corp.hand, *reversed(g.corp.discard)] if _corp_installable(g, c)]
        chosen = x.pick(Phrase(N_("install a card from HQ or Archives")), options)
        if chosen is not None:
            x.install_from(chosen, g.corp.discard if chosen in g.corp.discard else g.corp.hand)

    b.untrashable()
    b.paragraph(1).subroutine(look)
    b.paragraph(2).subroutine(install)


@card("ashigaru", paragraphs=(0,), summary="When encountered, it has one \"end the run\" subroutine for each card in HQ.")
def _ashigaru(b: Builder) -> None:
    b.when("encounter", lambda x: _gain(x, [ETR] * len(x.game.corp.hand)), only=this_ice)


@card(
    "next_silver",
    paragraphs=(0,),
    summary="When encountered, it has one \"end the run\" subroutine for each rezzed NEXT ice.",
)
def _next_silver(b: Builder) -> None:
    def met(x: Exec) -> None:
        g = x.game
        count = sum(1 for c in g.installed("corp") if c.type == "ice" and c.rezzed and "next" in c.subtypes)
        _gain(x, [ETR] * count)

    b.when("encounter", met, only=this_ice)


@card(
    "information_overload",
    paragraphs=(0, 1),
    summary="When encountered: trace 1, a tag if successful; then it has a subroutine \"the runner trashes 1 of "
    "their installed cards\" for each tag the runner has.",
)
def _information_overload(b: Builder) -> None:
    part = len(b.script.parts)

    def met(x: Exec) -> None:
        if _trace(x, 1) is not None:
            x.game.gain_tags(1)
        node = A.Scripted(x.card.id, 1, part)
        _gain(x, [A.Ability("subroutine", (A.Sentence((node,)),))] * x.game.runner.tags)

    b.paragraph(1).play(_runner_trashes_one)  # the gained subroutine's effect: ice run effects only through those
    b.paragraph(0).when("encounter", met, only=this_ice)


def _grail(b: Builder) -> None:
    """"When the runner encounters this ice, you may reveal up to 2 grail ice from HQ; for the rest of the run it
    gains their subroutines in the order you choose"."""

    def met(x: Exec) -> None:
        g = x.game
        notes = x.card.notes
        kept: list[A.Ability] = list(notes.get("grail", [])) if notes.get("grail_run") is x.run else []
        revealed: list[Card] = []
        while len(revealed) < 2:
            options = [c for c in g.corp.hand if c.type == "ice" and "grail" in c.subtypes and c not in revealed]
            prompt = Phrase(N_("reveal a grail ice from HQ ({n}/{most})"), n=len(revealed) + 1, most=2)
            chosen = x.pick(prompt, options)
            if chosen is None:
                break
            revealed.append(chosen)
            g.log.add("reveal", CORP, card=str(chosen), zone="hq")
        gained = kept + [a for c in revealed for a in g.abilities(c) if a.kind == "subroutine"]
        notes["grail_run"] = x.run
        notes["grail"] = gained
        _gain(x, gained)

    b.when("encounter", met, only=this_ice)


@card("galahad", paragraphs=(0,), summary="When encountered, the corp may reveal up to 2 grail ice from HQ; it gains "
      "their subroutines for the rest of the run.")  # fmt: skip
def _galahad(b: Builder) -> None:
    _grail(b)


@card("lancelot", paragraphs=(0,), summary="When encountered, the corp may reveal up to 2 grail ice from HQ; it "
      "gains their subroutines for the rest of the run.")  # fmt: skip
def _lancelot(b: Builder) -> None:
    _grail(b)


@card("merlin", paragraphs=(0,), summary="When encountered, the corp may reveal up to 2 grail ice from HQ; it gains "
      "their subroutines for the rest of the run.")  # fmt: skip
def _merlin(b: Builder) -> None:
    _grail(b)


@card("errand_boy", paragraphs=(0, 1, 2), summary="Three subroutines, each: the corp gains 1 credit or draws 1 card.")
def _errand_boy(b: Builder) -> None:
    def sub(x: Exec) -> None:
        g = x.game
        options = [Option("credit", Phrase(N_("gain {n}{credit}"), n=1, credit="[credit]"), "credit"),
                   Option("draw", Phrase(Nn_("draw {n} card", "draw {n} cards"), n=1), "draw")]  # fmt: skip
        if g.ask("corp", "target", Phrase(N_("{card}: choose one"), card=str(x.card)), options).value == "draw":
            g.draw("corp", 1)
        else:
            g.gain_credits("corp", 1)

    for paragraph in (0, 1, 2):
        b.paragraph(paragraph).subroutine(sub)


def _trace_sub(b: Builder, effect: Callable[[Exec, int], None]) -> None:
    """"[subroutine] Trace[2]. If successful, <effect>. If your trace strength is 5 or greater, <effect> once
    more" (the second once a successful trace reaches 5)."""

    def sub(x: Exec) -> None:
        strength = _trace(x, 2)
        if strength is not None:
            effect(x, 2 if strength >= 5 else 1)

    b.subroutine(sub)


@card("gemini", paragraphs=(0,), summary="Subroutine: trace 2; if successful 1 net damage, 2 at trace strength 5 or "
      "more.")  # fmt: skip
def _gemini(b: Builder) -> None:
    _trace_sub(b, lambda x, n: x.game.damage("net", n))


@card("sagittarius", paragraphs=(0,), summary="Subroutine: trace 2; if successful trash 1 program, 2 at trace "
      "strength 5 or more.")  # fmt: skip
def _sagittarius(b: Builder) -> None:
    _trace_sub(b, lambda x, n: x.game.interp.trash_type(x.ctx, n, "program"))


@card("taurus", paragraphs=(0,), summary="Subroutine: trace 2; if successful trash 1 piece of hardware, 2 at trace "
      "strength 5 or more.")  # fmt: skip
def _taurus(b: Builder) -> None:
    _trace_sub(b, lambda x, n: x.game.interp.trash_type(x.ctx, n, "hardware"))


@card("virgo", paragraphs=(0,), summary="Subroutine: trace 2; if successful 1 tag, 2 at trace strength 5 or more.")
def _virgo(b: Builder) -> None:
    _trace_sub(b, lambda x, n: x.game.gain_tags(n))


@card(
    "iq",
    paragraphs=(0, 1),
    summary="Its rez cost and its strength are each raised by 1 for each card in HQ.",
)
def _iq(b: Builder) -> None:
    b.own_rez_cost(lambda g, this, c: len(g.corp.hand))
    b.paragraph(1).strength(lambda g, c: len(g.corp.hand))


@card(
    "kitsune",
    paragraphs=(0,),
    summary="Subroutine: the corp may choose a card in HQ; the runner then accesses that card (a breach of HQ), "
    "after which this ice is trashed.",
)
def _kitsune(b: Builder) -> None:
    def sub(x: Exec) -> None:
        g = x.game
        chosen = x.pick(Phrase(N_("choose a card in HQ for the runner to access")), list(g.corp.hand))
        if chosen is None:
            return
        g.log.add("breach", RUNNER, server="hq", reason=x.why)
        g.announce("breach", server="hq")
        if not g.over and chosen in g.corp.hand:
            g.runs.access_card(chosen, "hq")
        if not g.over and g.is_installed(x.card):
            g.trash(x.card, x.why, by="corp")

    b.subroutine(sub)


@card(
    "mamba",
    paragraphs=(0, 2),
    summary="A power counter on it: 1 net damage, during a run only. Subroutine: a psi game; with different bids "
    "it gets a power counter.",
)
def _mamba(b: Builder) -> None:
    def usable(g: NetrunnerGame, c: Card, window: str) -> bool:
        return g.current_run is not None and not g.current_run.ended

    b.paid([counters("power", 1)], lambda x: x.game.damage("net", 1), usable=usable)
    b.paragraph(2).text("[subroutine] 进行心灵博弈。如果双方出价不同，在本牌上放置 1 个能量指示物。")


@card(
    "markus_1_0",
    paragraphs=(0, 1),
    summary="The runner may lose a click to break one of its subroutines. Subroutine: the runner trashes 1 of "
    "their installed cards.",
)
def _markus(b: Builder) -> None:
    b.runner_break(clicks=1, count=1)
    b.paragraph(1).subroutine(_runner_trashes_one)


@card(
    "troll",
    paragraphs=(0,),
    summary="When encountered: trace 2; if successful the runner loses a click or the run ends (their choice).",
)
def _troll(b: Builder) -> None:
    def met(x: Exec) -> None:
        g = x.game
        if _trace(x, 2) is None:
            return
        if g.runner.clicks > 0 and g.confirm(
            "runner", "target", Phrase(N_("{card}: lose {click}, or the run ends?"), card=str(x.card), click="[click]"),
            yes="lose_click", no="end_run",
            texts=(Phrase(N_("lose {click}"), click="[click]"), Phrase(N_("end the run"))),
        ):  # fmt: skip
            x.do("潜袭者失去 [click]。")
        else:
            x.do("终止潜袭。")

    b.when("encounter", met, only=this_ice)


@card(
    "universal_connectivity_fee",
    paragraphs=(0,),
    summary="Subroutine: an untagged runner loses 1 credit; a tagged one loses every credit of the pool and the "
    "ice is trashed.",
)
def _ucf(b: Builder) -> None:
    def sub(x: Exec) -> None:
        g = x.game
        if not g.runner.tags:
            g.lose_credits("runner", 1)
            return
        g.lose_credits("runner", g.runner.credits)
        if g.is_installed(x.card):
            g.trash(x.card, x.why, by="corp")

    b.subroutine(sub)


# ---------------------------------------------------------------- corp: assets and upgrades


@card("docklands_crackdown", paragraphs=(1,), summary="The first card the runner installs each turn costs 1 more "
      "for each power counter on it.")  # fmt: skip
def _docklands(b: Builder) -> None:
    def more(g: NetrunnerGame, this: Card, c: Card) -> int:
        if c.side != "runner" or any(e.kind == "install" and e.player == RUNNER for e in _turn(g)):
            return 0
        return this.counters.get("power", 0)

    b.install_cost(more)


@card("elizas_toybox", paragraphs=(0,), summary="Three clicks: rez a card, ignoring all costs.")
def _elizas_toybox(b: Builder) -> None:
    def options(g: NetrunnerGame) -> list[Card]:
        return [c for c in g.installed("corp") if not c.rezzed and c.type != "agenda"]

    def rez(x: Exec) -> None:
        chosen = x.pick(Phrase(N_("rez a card, ignoring all costs")), options(x.game), optional=False)
        if chosen is not None:
            x.game.rez(chosen, free=True)

    b.paid([click(), click(), click()], rez, usable=lambda g, c, w: w == "action" and bool(options(g)))


@card(
    "executive_boot_camp",
    paragraphs=(0, 1),
    summary="When the corp's turn begins it may rez a card for 1 credit less; 1 credit and trash it: search R&D "
    "for an asset, reveal it and add it to HQ.",
)
def _executive_boot_camp(b: Builder) -> None:
    def start(x: Exec) -> None:
        g = x.game
        options = [c for c in g.installed("corp") if _may_rez(g, c, 1)]
        chosen = x.pick(Phrase(N_("rez a card, paying {n}{credit} less?"), n=1, credit="[credit]"), options)
        if chosen is None:
            return

        def less(g: NetrunnerGame, this: Card, c: Card) -> int:
            return -1 if c is chosen else 0

        x.lasting("rez_cost", less, until="turn")
        g.rez(chosen)

    b.when("your_turn_start", start, only=lambda x: any(_may_rez(x.game, c, 1) for c in x.game.installed("corp")))
    b.paragraph(1).text("1[credit]，[trash]：你从研发中心搜寻 1 张资产，展示后加入你的手牌。")


@card(
    "hostile_infrastructure",
    paragraphs=(0,),
    summary="Each corp card the runner trashes, this one too, does 1 net damage.",
)
def _hostile_infrastructure(b: Builder) -> None:
    def concerns(x: Exec) -> bool:
        trashed = x.event.get("card")
        if x.event.get("by") != "runner" or trashed is None or trashed.side != "corp":
            return False
        return trashed is not x.card or bool(x.event.get("rezzed"))

    b.when("trashed", lambda x: x.game.damage("net", 1), only=concerns)


@card(
    "it_department",
    paragraphs=(1,),
    summary="A power counter on it: a rezzed ice of the corp's choice gets +1 strength until the end of the turn "
    "for each power counter it had (the one spent included).",
)
def _it_department(b: Builder) -> None:
    def rezzed_ice(g: NetrunnerGame) -> list[Card]:
        return [c for c in g.installed("corp") if c.type == "ice" and c.rezzed]

    def boost(x: Exec) -> None:
        g = x.game
        amount = x.card.counters.get("power", 0) + 1
        prompt = Phrase(N_("give which rezzed ice +{n} strength until the end of the turn"), n=amount)
        chosen = x.pick(prompt, rezzed_ice(g), optional=False)
        if chosen is None:
            return

        def stronger(g: NetrunnerGame, this: Card, c: Card) -> int:
            return amount if c is chosen else 0

        x.lasting("strength_all", stronger, until="turn")
        g.log.add("strength", CORP, card=str(chosen), delta=amount, strength=g.strength_of(chosen))

    b.paid([counters("power", 1)], boost, usable=lambda g, c, w: bool(rezzed_ice(g)))


@card(
    "sealed_vault",
    paragraphs=(0, 1, 2),
    summary="1 credit: move any number of credits from the pool onto it; click: take any number of them; trash "
    "it: take any number of them.",
)
def _sealed_vault(b: Builder) -> None:
    def store(x: Exec) -> None:
        g = x.game
        amount = _amount(x, Phrase(N_("move how many credits onto {card}"), card=str(x.card)), g.corp.credits)
        if amount:
            g.corp.credits -= amount
            x.card.credits += amount
            g.log.add("place_credits", CORP, card=str(x.card), amount=amount, hosted=x.card.credits)

    def take(x: Exec) -> None:
        amount = _amount(x, Phrase(N_("take how many credits from {card}"), card=str(x.card)), x.card.credits)
        if amount:
            x.card.credits -= amount
            x.game.log.add("take_credits", CORP, card=str(x.card), amount=amount, hosted=x.card.credits)
            x.game.gain_credits("corp", amount, Phrase(N_("taken from {card}"), card=str(x.card)))

    def cash_out(x: Exec) -> None:
        had = int(x.card.last_known.get("credits", 0))
        amount = _amount(x, Phrase(N_("take how many credits from {card}"), card=str(x.card)), had)
        if amount:
            x.game.gain_credits("corp", amount, Phrase(N_("taken from {card}"), card=str(x.card)))

    b.paid([credit(1)], store, usable=lambda g, c, w: g.corp.credits >= 2)
    b.paragraph(1).paid([click()], take, usable=lambda g, c, w: w == "action" and c.credits > 0)
    b.paragraph(2).paid([trash_self()], cash_out, usable=lambda g, c, w: c.credits > 0)


@card(
    "self_destruct",
    paragraphs=(0, 1),
    summary="Remote servers only. Trash it during a run on its server: trash every card of that server, then trace "
    "X (the cards trashed); if successful 3 net damage.",
)
def _self_destruct(b: Builder) -> None:
    def blow(x: Exec) -> None:
        g = x.game
        run = g.current_run
        server = g.servers.get(run.server) if run is not None else None
        count = 0
        for c in [*server.root, *server.ice] if server is not None else []:
            if g.trash(c, x.why, by="corp"):
                count += 1
        if _trace(x, count) is not None:
            g.damage("net", 3)

    def usable(g: NetrunnerGame, c: Card, window: str) -> bool:
        run, server = g.current_run, g.server_of(c)
        return run is not None and not run.ended and server is not None and run.server == server.name

    b.install_servers(lambda g, c, s: s not in CENTRALS)
    b.paragraph(1).paid([trash_self()], blow, usable=usable)


@card(
    "shattered_remains",
    paragraphs=(1,),
    summary="When the runner accesses it, the corp may pay 1 credit to trash 1 piece of hardware for each "
    "advancement counter on it.",
)
def _shattered_remains(b: Builder) -> None:
    def accessed(x: Exec) -> None:
        g = x.game
        count = x.card.advancement
        if not count or not g.can_pay("corp", 1):
            return
        prompt = Phrase(N_("{card}: pay {n}{credit} to trash {m} hardware?"), card=str(x.card), n=1, credit="[credit]",
                        m=count)  # fmt: skip
        if x.may(prompt):
            g.pay("corp", 1, str(x.card))
            g.interp.trash_type(x.ctx, count, "hardware")

    b.when("access", accessed, only=this_card)


@card(
    "shell_corporation",
    paragraphs=(0, 1, 2),
    replaces=(1,),
    summary="Once per turn, one of: click: put 3 credits on it; click: take every credit on it.",
)
def _shell_corporation(b: Builder) -> None:
    def fresh(g: NetrunnerGame, c: Card) -> bool:
        return c.notes.get("used") != g.turns

    def place(x: Exec) -> None:
        x.card.notes["used"] = x.game.turns
        x.do("在本牌上放置 3[credit]。")

    def take(x: Exec) -> None:
        x.card.notes["used"] = x.game.turns
        x.do(f"从本牌上拿取 {x.card.credits}[credit]。")

    b.paragraph(1).paid([click()], place, usable=lambda g, c, w: w == "action" and fresh(g, c))
    b.paragraph(2).paid([click()], take, usable=lambda g, c, w: w == "action" and fresh(g, c) and c.credits > 0)


@card("turtlebacks", paragraphs=(0,), summary="The corp gains 1 credit each time it creates a server.")
def _turtlebacks(b: Builder) -> None:
    b.when("any_installed", lambda x: x.game.gain_credits("corp", 1, x.why),
           only=lambda x: _created_server(x.game, x.event.get("card")))  # fmt: skip


@card(
    "will_o_the_wisp",
    paragraphs=(0,),
    summary="After a successful run on its server the corp may trash it; then an installed icebreaker that broke a "
    "subroutine in that run goes to the bottom of the stack.",
)
def _will_o_the_wisp(b: Builder) -> None:
    def success(x: Exec) -> None:
        g = x.game
        names = {e.data.get("by") for e in _this_run(g) if e.kind == "break"}
        breakers = [c for c in g.runner.rig if "icebreaker" in c.subtypes and str(c) in names]
        if not breakers or not x.may(Phrase(N_("{card}: trash it to put an icebreaker at the bottom of the stack?"),
                                            card=str(x.card))):  # fmt: skip
            return
        g.trash(x.card, x.why, by="corp")
        chosen = x.pick(Phrase(N_("put which icebreaker at the bottom of the stack")), breakers, optional=False)
        if chosen is None:
            return
        for hosted in list(chosen.hosted):
            g.trash(hosted, Phrase(N_("its host {card} left play"), card=str(chosen)))
        g.runner.rig.remove(chosen)
        chosen.leave_play()
        chosen.faceup = False
        g.runner.deck.insert(0, chosen)
        g.log.add("move", RUNNER, card=str(chosen), zone="rig", to="stack", reason=x.why)
        g.check_memory()

    def here(x: Exec) -> bool:
        server = x.game.server_of(x.card)
        return server is not None and x.event.get("server") == server.name

    b.when("run_successful", success, only=here)


# ---------------------------------------------------------------- corp: operations


@card("bad_times", paragraphs=(0, 1), summary="Only while the runner is tagged: the runner's memory limit is 2 "
      "lower until the end of the turn.")  # fmt: skip
def _bad_times(b: Builder) -> None:
    def play(x: Exec) -> None:
        def lower(g: NetrunnerGame, this: Card, side: str, stat: str) -> int:
            return -2 if side == "runner" and stat == "memory" else 0

        x.lasting("limit", lower, until="turn")
        x.game.log.add("limit", RUNNER, stat="memory", delta=-2, value=x.game.memory_limit())
        x.game.check_memory()

    b.may_play(lambda g, c: g.runner.tags > 0)
    b.paragraph(1).play(play)


@card(
    "mutate",
    paragraphs=(0, 1),
    summary="Played by trashing a rezzed ice; R&D is revealed from the top until an ice, which is installed and "
    "rezzed for free where the trashed ice was; R&D is shuffled.",
)
def _mutate(b: Builder) -> None:
    def rezzed_ice(g: NetrunnerGame) -> list[Card]:
        return [c for c in g.installed("corp") if c.type == "ice" and c.rezzed]

    def play(x: Exec) -> None:
        g = x.game
        options = [c for c in rezzed_ice(g) if g.may_trash(c, "corp")]
        if not options:
            return
        old = x.choose(Phrase(N_("trash an {type}"), type=Term("card_type", "ice")), options, kind="cost")
        server = g.server_of(old)
        assert server is not None
        name, position = server.name, server.ice.index(old)
        g.trash(old, Phrase(N_("an additional cost of {card}"), card=str(x.card)), by="corp")
        found = None
        for c in reversed(g.corp.deck):
            g.log.add("reveal", CORP, card=str(c), zone="rnd")
            if c.type == "ice":
                found = c
                break
        if found is not None:
            g.corp.deck.remove(found)
            target = g.servers.get(name)
            if target is None:  # the remote left empty was gone: the ice goes back where it was
                target = g.servers[name] = Server(name)
            g.install("corp", found, name, pay=False)
            target.ice.remove(found)
            target.ice.insert(min(position, len(target.ice)), found)
            g.rez(found, free=True)
        g.rng.shuffle(g.corp.deck)
        g.log.add("shuffle", CORP, zone="rnd")

    b.may_play(lambda g, c: bool(rezzed_ice(g)))
    b.paragraph(1).play(play)


@card("peak_efficiency", paragraphs=(0,), summary="The corp gains 1 credit for each rezzed ice.")
def _peak_efficiency(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        count = sum(1 for c in g.installed("corp") if c.type == "ice" and c.rezzed)
        if count:
            g.gain_credits("corp", count)

    b.play(play)


@card(
    "reuse",
    paragraphs=(0, 1),
    summary="Costs one more click to play; trash any number of cards from HQ and gain 2 credits for each.",
)
def _reuse(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        count = 0
        while g.corp.hand:
            prompt = Phrase(N_("trash a card from HQ for {n}{credit}"), n=2, credit="[credit]")
            chosen = x.pick(prompt, list(g.corp.hand))
            if chosen is None:
                break
            g.trash(chosen, x.why, by="corp")
            count += 1
        if count:
            g.gain_credits("corp", 2 * count)

    b.play_clicks(1)
    b.paragraph(1).play(play)


@card(
    "shoot_the_moon",
    paragraphs=(0, 1),
    summary="Costs one more click to play; rez up to 1 ice for each tag of the runner, ignoring all costs.",
)
def _shoot_the_moon(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        for number in range(g.runner.tags):
            options = [c for c in g.installed("corp") if c.type == "ice" and not c.rezzed]
            prompt = Phrase(N_("rez an ice, ignoring all costs ({n}/{most})"), n=number + 1, most=g.runner.tags)
            chosen = x.pick(prompt, options)
            if chosen is None:
                break
            g.rez(chosen, free=True)

    b.play_clicks(1)
    b.paragraph(1).play(play)


@card(
    "snatch_and_grab",
    paragraphs=(0,),
    summary="Trace 3; if successful a connection resource is trashed, unless the runner takes 1 tag instead.",
)
def _snatch_and_grab(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        if _trace(x, 3) is None:
            return
        options = [c for c in g.runner.rig if c.type == "resource" and "connection" in c.subtypes]
        chosen = x.pick(Phrase(N_("trash which connection")), options, optional=False)
        if chosen is None:
            return
        if x.may(Phrase(N_("take 1 tag so that {card} is not trashed?"), card=str(chosen)), side="runner"):
            g.gain_tags(1)
        else:
            g.trash(chosen, x.why, by="corp")

    b.play(play)


@card("lag_time", paragraphs=(0, 1), summary="A current (until another current or a steal): every ice has +1 "
      "strength.")  # fmt: skip
def _lag_time(b: Builder) -> None:
    current(b, until=("any_stolen",))
    b.paragraph(1).strength_all(lambda g, this, c: 1 if c.type == "ice" else 0)


@card(
    "manhunt",
    paragraphs=(0, 1),
    summary="A current (until another current or a steal): at the runner's first successful run each turn, trace "
    "2; if successful 1 tag.",
)
def _manhunt(b: Builder) -> None:
    current(b, until=("any_stolen",))
    b.paragraph(1).when("run_successful", lambda x: x.do("追踪[2]。如果追踪成功，潜袭者获得 1 个锁定标记。"),
                        only=lambda x: not x.ran_this_turn(successful=True))  # fmt: skip


@card(
    "paywall_implementation",
    paragraphs=(0, 1),
    summary="A current (until another current or a steal): the corp gains 1 credit at each successful run.",
)
def _paywall(b: Builder) -> None:
    current(b, until=("any_stolen",))
    b.paragraph(1).when("run_successful", lambda x: x.game.gain_credits("corp", 1, x.why))


@card(
    "targeted_marketing",
    paragraphs=(0, 1),
    summary="A current (until another current or a steal): the corp names a runner card and gains 10 credits "
    "whenever the runner plays or installs a copy of it.",
)
def _targeted_marketing(b: Builder) -> None:
    def name(x: Exec) -> None:
        g = x.game
        names = sorted({r.id: r for r in g.records if r.kind == "card" and r.type in ("event", *RIG_TYPES)}.items())
        options = [Option(cid, Phrase(N_("{card} ({type})"), card=Term("record", cid), type=Term("type", r.type)), cid)
                   for cid, r in names]  # fmt: skip
        named = g.ask("corp", "target", Phrase(N_("name a card")), options).value
        x.card.notes["named"] = named
        g.log.add("named", CORP, card=Term("record", named))

    def copy(x: Exec) -> bool:
        c = x.event.get("card")
        return c is not None and c.side == "runner" and c.id == x.card.notes.get("named")

    current(b, until=("any_stolen",))
    b.paragraph(1).play(name)
    b.when("played", lambda x: x.game.gain_credits("corp", 10, x.why), only=copy)
    b.when("any_installed", lambda x: x.game.gain_credits("corp", 10, x.why), only=copy)


# ---------------------------------------------------------------- corp: agendas


@card(
    "bifrost_array",
    paragraphs=(0,),
    summary="When scored, the corp may resolve the scoring ability of another agenda in its score area (not a "
    "Bifrost Array).",
)
def _bifrost_array(b: Builder) -> None:
    def scoring(g: NetrunnerGame, c: Card) -> list[A.Ability]:
        return [a for a in g.abilities(c) if a.kind == "triggered" and a.timing == "agenda_scored"]

    def scored(x: Exec) -> None:
        g = x.game
        options = [c for c in g.corp.score_area if c.id != x.card.id and scoring(g, c)]
        chosen = x.pick(Phrase(N_("resolve the scoring ability of which agenda")), options)
        if chosen is None:
            return
        for ability in scoring(g, chosen):
            g.interp.execute(ability, Context("corp", chosen, g.current_run, event={"card": chosen}), pay=False)

    b.when("agenda_scored", scored)


@card("chronos_project", paragraphs=(0,), summary="When scored, every card in the heap is removed from the game.")
def _chronos_project(b: Builder) -> None:
    def scored(x: Exec) -> None:
        for c in list(x.game.runner.discard):
            x.remove_from_game(c)

    b.when("agenda_scored", scored)


@card("domestic_sleepers", paragraphs=(1,), summary="Worth 1 agenda point while it has an agenda counter.")
def _domestic_sleepers(b: Builder) -> None:
    def points(g: NetrunnerGame, this: Card, side: str) -> int:
        return 1 if side == "corp" and this in g.corp.score_area and this.counters.get("agenda", 0) >= 1 else 0

    b.points(points)


def _security(b: Builder, subtype: str) -> None:
    """"All <subtype> ice have +1 strength. When you score this, gain 1 credit for each rezzed <subtype>"."""

    def scored(x: Exec) -> None:
        g = x.game
        count = sum(1 for c in g.installed("corp") if c.type == "ice" and c.rezzed and subtype in c.subtypes)
        if count:
            g.gain_credits("corp", count, x.why)

    b.strength_all(lambda g, this, c: 1 if c.type == "ice" and subtype in c.subtypes else 0)
    b.paragraph(1).when("agenda_scored", scored)


@card("encrypted_portals", paragraphs=(0, 1), summary="Code gates have +1 strength; when scored, 1 credit for each "
      "rezzed code gate.")  # fmt: skip
def _encrypted_portals(b: Builder) -> None:
    _security(b, "code_gate")


@card("superior_cyberwalls", paragraphs=(0, 1), summary="Barriers have +1 strength; when scored, 1 credit for each "
      "rezzed barrier.")  # fmt: skip
def _superior_cyberwalls(b: Builder) -> None:
    _security(b, "barrier")


@card("eden_fragment", paragraphs=(0,), summary="The first ice the corp installs each turn costs nothing to install.")
def _eden_fragment(b: Builder) -> None:
    def free(g: NetrunnerGame, this: Card, c: Card) -> int:
        if c.type != "ice" or any(e.kind == "install_facedown" and e.data.get("type") == "ice" for e in _turn(g)):
            return 0
        return -1000  # ignored: whatever it would cost, nothing

    b.install_cost(free)


@card("hades_fragment", paragraphs=(0,), summary="When the corp's turn begins it may put a card from Archives at the "
      "bottom of R&D.")  # fmt: skip
def _hades_fragment(b: Builder) -> None:
    def start(x: Exec) -> None:
        g = x.game
        chosen = x.pick(Phrase(N_("add a card from Archives to the bottom of R&D")), list(reversed(g.corp.discard)))
        if chosen is None:
            return
        seen = chosen.faceup
        g.corp.discard.remove(chosen)
        chosen.faceup = False
        g.corp.deck.insert(0, chosen)
        if seen:
            g.log.add("move", CORP, card=str(chosen), zone="archives", to="rnd")
        else:
            told = g.log.add("move", CORP, visible=[CORP], card=str(chosen), zone="archives", to="rnd")
            g.apart(told, g.log.add("move_facedown", CORP, zone="archives", to="rnd"))

    b.when("your_turn_start", start, only=lambda x: bool(x.game.corp.discard))


@card(
    "helium_3_deposit",
    paragraphs=(0,),
    summary="When scored, up to 2 power counters on a card that has at least one.",
)
def _helium_3_deposit(b: Builder) -> None:
    def scored(x: Exec) -> None:
        g = x.game
        options = [c for c in _in_play(g) if c.counters.get("power", 0) >= 1]
        chosen = x.pick(Phrase(N_("place power counters on which card")), options)
        if chosen is None:
            return
        amount = _amount(x, Phrase(N_("how many power counters on {card}"), card=str(chosen)), 2, least=1)
        g.add_counters(chosen, "power", amount)

    b.when("agenda_scored", scored)


@card(
    "utopia_fragment",
    paragraphs=(0,),
    summary="To steal an agenda the runner must also pay 2 credits for each advancement counter on it.",
)
def _utopia_fragment(b: Builder) -> None:
    def price(agenda: Card) -> int:
        return 0 if agenda.id == "utopia_fragment" else 2 * agenda.advancement  # its own text is off in a server

    b.steal_requires(lambda g, agenda: g.can_pay("runner", price(agenda)),
                     lambda g, agenda: g.pay("runner", price(agenda), Phrase(N_("stealing {card}"),
                                                                              card=str(agenda))))  # fmt: skip


# ---------------------------------------------------------------- corp identities


@card(
    "blue_sun_powering_the_future",
    paragraphs=(0,),
    summary="When the corp's turn begins it may return a rezzed card to HQ and gain credits equal to its rez cost.",
)
def _blue_sun(b: Builder) -> None:
    def start(x: Exec) -> None:
        g = x.game
        options = [c for c in g.installed("corp") if c.rezzed]
        chosen = x.pick(Phrase(N_("add a rezzed card to HQ and gain its rez cost?")), options)
        if chosen is None:
            return
        cost = g.rez_cost(chosen)
        _to_hq(g, chosen)
        if cost:
            g.gain_credits("corp", cost, x.why)

    b.when("your_turn_start", start, only=lambda x: any(c.rezzed for c in x.game.installed("corp")))


@card(
    "the_foundry_refining_the_process",
    paragraphs=(0,),
    summary="The first time each turn the corp rezzes an ice, it may search R&D for another copy, reveal it and "
    "add it to HQ, then shuffle R&D.",
)
def _the_foundry(b: Builder) -> None:
    def rezzed(x: Exec) -> None:
        g = x.game
        ice = x.event["card"]
        x.card.notes["ice_rezzed"] = g.turns
        copies = [c for c in reversed(g.corp.deck) if c.id == ice.id]
        if not copies or not x.may(Phrase(N_("search R&D for another copy of {card}?"), card=str(ice))):
            return
        found = copies[0]
        g.corp.deck.remove(found)
        g.corp.hand.append(found)
        g.log.add("search", CORP, card=str(found), zone="rnd")
        g.rng.shuffle(g.corp.deck)
        g.log.add("shuffle", CORP, zone="rnd")

    def first(x: Exec) -> bool:
        ice = x.event.get("card")
        return ice is not None and ice.type == "ice" and x.card.notes.get("ice_rezzed") != x.game.turns

    b.when("any_rezzed", rezzed, only=first)


# ---------------------------------------------------------------- runner: events


@card(
    "bribery",
    paragraphs=(0,),
    summary="Costs X credits of the runner's choice; run any server, and the first unrezzed ice approached in it "
    "costs the corp X more to rez.",
)
def _bribery(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        bribe = _amount(x, Phrase(N_("{card}: how many credits to pay"), card=str(x.card)),
                        g.available("runner", "play"))  # fmt: skip
        g.pay("runner", bribe, Phrase(N_("playing {card}"), card=str(x.card)), "play")
        first: list[Card] = []

        def more(g: NetrunnerGame, this: Card, c: Card) -> int:
            run = g.current_run
            if run is None or c.type != "ice":
                return 0
            server = g.servers.get(run.server)
            approached = server.ice[run.position - 1] if server is not None and 0 < run.position <= len(server.ice) else None
            if not first and run.step == "approach" and c is approached and not c.rezzed:
                first.append(c)
            return bribe if first and c is first[0] else 0

        x.lasting("rez_cost", more, until="run")
        x.run_on("any")

    b.play(play)


@card(
    "code_siphon",
    paragraphs=(0,),
    summary="Run R&D; if successful the runner may, instead of breaching it, search the stack for a program and "
    "install it for 3 credits less per ice protecting R&D, then take 1 tag.",
)
def _code_siphon(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        run = x.run_on("rnd")
        if not run.successful or run.ended:
            return
        less = 3 * len(g.servers["rnd"].ice)
        prompt = Phrase(N_("{card}: search your stack for a program instead of breaching R&D?"), card=str(x.card))
        if not x.may(prompt):
            return

        def instead() -> None:
            deck = g.runner.deck
            options = [c for c in reversed(deck) if c.type == "program" and _runner_installable(g, c, less)]
            found = x.pick(Phrase(N_("install a program from your stack for {n}{credit} less"), n=less,
                                  credit="[credit]"), options, optional=False)  # fmt: skip
            if found is not None:
                g.log.add("search", RUNNER, card=str(found), zone="stack")
                x.install_from(found, deck, less=less)
            g.rng.shuffle(deck)
            g.log.add("shuffle", RUNNER, zone="stack")
            g.gain_tags(1)

        x.instead_of_breach(instead)

    b.play(play)


@card(
    "inject",
    paragraphs=(0,),
    summary="Reveal the top 4 cards of the stack: the programs are trashed for 1 credit each, the rest go to the "
    "grip.",
)
def _inject(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        top = list(reversed(g.runner.deck[-4:]))
        for c in top:
            g.log.add("reveal", RUNNER, card=str(c), zone="stack")
        trashed = 0
        for c in top:
            if c.type == "program":
                trashed += g.trash(c, x.why, by="runner")
            else:
                g.runner.deck.remove(c)
                g.runner.hand.append(c)
                g.log.add("move", RUNNER, card=str(c), zone="stack", to="grip")
        if trashed:
            g.gain_credits("runner", trashed, x.why)

    b.play(play)


@card("paper_tripping", paragraphs=(0, 1), summary="Only as the runner's first click: remove every tag.")
def _paper_tripping(b: Builder) -> None:
    b.may_play(lambda g, c: _first_click(g))
    b.paragraph(1).play(lambda x: _ignore(x.game.remove_tags(x.game.runner.tags)))


@card(
    "trade_in",
    paragraphs=(0, 1),
    summary="Played by trashing an installed hardware: gain half its install cost (rounded down), then search the "
    "stack for a hardware, reveal it and add it to the grip.",
)
def _trade_in(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        options = [c for c in g.runner.rig if c.type == "hardware" and g.may_trash(c, "runner")]
        if not options:
            return
        old = x.choose(Phrase(N_("trash a {type}"), type=Term("card_type", "hardware")), options, kind="cost")
        cost = int(old.record.cost or 0)
        g.trash(old, Phrase(N_("an additional cost of {card}"), card=str(x.card)), by="runner")
        if cost // 2:
            g.gain_credits("runner", cost // 2, x.why)
        g.search_type("runner", "stack", 1, "hardware")

    b.may_play(lambda g, c: any(o.type == "hardware" and g.may_trash(o, "runner") for o in g.runner.rig))
    b.paragraph(1).play(play)


@card(
    "net_celebrity",
    paragraphs=(0, 1, 2),
    summary="A current (until another current or a score) with 1 recurring credit, to be spent during runs.",
)
def _net_celebrity(b: Builder) -> None:
    def refill(x: Exec) -> None:
        x.card.credits = 1
        x.game.log.add("recurring", RUNNER, card=str(x.card), credits=1, reason=x.why)

    current(b, until=("any_scored",))
    b.paragraph(1).play(refill)
    b.when("your_turn_start", refill)
    b.paragraph(2).spend_hosted(lambda g, c, purpose: g.current_run is not None and not g.current_run.ended)


@card(
    "scrubbed",
    paragraphs=(0, 1),
    summary="A current (until another current or a score): the first ice encountered each turn has -2 strength "
    "for the rest of that run.",
)
def _scrubbed(b: Builder) -> None:
    def first(x: Exec) -> bool:
        return x.event.get("ice") is not None and sum(1 for e in _turn(x.game) if e.kind == "encounter") == 1

    def met(x: Exec) -> None:
        ice = x.event["ice"]

        def weaker(g: NetrunnerGame, this: Card, c: Card) -> int:
            return -2 if c is ice else 0

        x.lasting("strength_all", weaker, until="run")
        x.game.log.add("strength", RUNNER, card=str(ice), delta=-2, strength=x.game.strength_of(ice))

    current(b, until=("any_scored",))
    b.paragraph(1).when("encounter", met, only=first)


# ---------------------------------------------------------------- runner: programs


@card("au_revoir", paragraphs=(0,), summary="The runner gains 1 credit whenever they jack out.")
def _au_revoir(b: Builder) -> None:
    b.when("run_ends", lambda x: x.game.gain_credits("runner", 1, x.why),
           only=lambda x: bool(getattr(x.event.get("run"), "jacked_out", False)))  # fmt: skip


@card(
    "blackat",
    paragraphs=(0, 1),
    summary="Fracter: 1 credit breaks 1 barrier subroutine, up to 3 if a stealth card's credit paid; 2 credits: +1 "
    "strength, +2 if a stealth card's credit paid.",
)
def _blackat(b: Builder) -> None:
    def brk(x: Exec) -> None:
        stealth = _pay_breaker(x, 1)
        x.break_subroutines(3 if stealth else 1, "barrier")

    def boost(x: Exec) -> None:
        _boost(x, 2 if _pay_breaker(x, 2) else 1)

    b.paid([], brk, role="break", usable=lambda g, c, w: w == "encounter" and _breakable(g, c, ("barrier",))
           and g.can_pay("runner", 1, "icebreaker"))  # fmt: skip
    b.paragraph(1).paid([], boost, role="boost", usable=lambda g, c, w: w == "encounter" and _weaker(g, c)
                        and g.can_pay("runner", 2, "icebreaker"))  # fmt: skip


@card("collective_consciousness", paragraphs=(0,), summary="The runner draws 1 card whenever the corp rezzes an ice.")
def _collective_consciousness(b: Builder) -> None:
    b.when("any_rezzed", lambda x: _ignore(x.game.draw("runner", 1)),
           only=lambda x: getattr(x.event.get("card"), "type", None) == "ice")  # fmt: skip


@card("d4v1d", paragraphs=(1,), summary="A power counter on it breaks a subroutine of an ice of strength 5 or more.")
def _d4v1d(b: Builder) -> None:
    def usable(g: NetrunnerGame, c: Card, window: str) -> bool:
        enc = _encountering(g)
        return (
            window == "encounter"
            and enc is not None
            and not enc.bypassed
            and any(not s.broken for s in enc.subs)
            and g.strength_of(enc.ice) >= 5
            and g.may_break(enc.ice, c)
        )

    b.paid([counters("power", 1)], lambda x: _ignore(x.break_subroutines(1)), usable=usable, role="break")


@card(
    "incubator",
    paragraphs=(1,),
    summary="Click, trash it: its virus counters move to another installed virus program.",
)
def _incubator(b: Builder) -> None:
    def others(g: NetrunnerGame, c: Card) -> list[Card]:
        return [o for o in g.runner.rig if o is not c and o.type == "program" and "virus" in o.subtypes]

    def move(x: Exec) -> None:
        g = x.game
        count = int(x.card.last_known.get("counters", {}).get("virus", 0))
        chosen = x.pick(Phrase(N_("move the virus counters to which program")), others(g, x.card), optional=False)
        if chosen is not None and count:
            g.add_counters(chosen, "virus", count)

    b.paid([click(), trash_self()], move, usable=lambda g, c, w: w == "action" and bool(others(g, c)))


def _trash_on_purge(b: Builder) -> None:
    """"Trash this card if the corp purges virus counters"."""

    def purged(x: Exec) -> None:
        if x.game.is_installed(x.card):
            x.game.trash(x.card, x.why, by="runner")

    b.when("purged", purged)


@card("ixodidae", paragraphs=(1,), summary="Trashed when the corp purges virus counters.")
def _ixodidae(b: Builder) -> None:
    _trash_on_purge(b)


@card("lamprey", paragraphs=(1,), summary="Trashed when the corp purges virus counters.")
def _lamprey(b: Builder) -> None:
    _trash_on_purge(b)


@card("origami", paragraphs=(0,), summary="+1 hand size for each copy of it installed.")
def _origami(b: Builder) -> None:
    def more(g: NetrunnerGame, this: Card, side: str, stat: str) -> int:
        if side != "runner" or stat != "hand_size":
            return 0
        return sum(1 for c in g.runner.rig if c.id == this.id)

    b.limit(more)


@card("refractor", paragraphs=(1,), summary="1 credit from a stealth card: +3 strength.")
def _refractor(b: Builder) -> None:
    def boost(x: Exec) -> None:
        _spend_stealth(x, 1)
        _boost(x, 3)

    b.paid([], boost, role="boost", usable=lambda g, c, w: w == "encounter" and _weaker(g, c)
           and _stealth_total(g) >= 1)  # fmt: skip


@card(
    "sage",
    paragraphs=(0, 1),
    summary="+1 strength for each unused MU; 2 credits: break 1 code gate or barrier subroutine.",
)
def _sage(b: Builder) -> None:
    def brk(x: Exec) -> None:
        enc = _encountering(x.game)
        subtype = next((s for s in ("code_gate", "barrier") if enc is not None and s in enc.ice.subtypes), None)
        x.break_subroutines(1, subtype)

    b.strength(lambda g, c: max(0, g.memory_limit() - g.memory_used()))
    b.paragraph(1).paid([credit(2)], brk, role="break",
                        usable=lambda g, c, w: w == "encounter" and _breakable(g, c, ("code_gate", "barrier")))


@card(
    "switchblade",
    paragraphs=(0, 1),
    summary="Killer: 1 credit from a stealth card breaks any number of sentry subroutines; 1 credit from a stealth "
    "card: +7 strength.",
)
def _switchblade(b: Builder) -> None:
    def brk(x: Exec) -> None:
        _spend_stealth(x, 1)
        enc = _encountering(x.game)
        x.break_subroutines(sum(1 for s in enc.subs if not s.broken) if enc is not None else 0, "sentry")

    b.paid([], brk, role="break", usable=lambda g, c, w: w == "encounter" and _breakable(g, c, ("sentry",))
           and _stealth_total(g) >= 1)  # fmt: skip
    def boost(x: Exec) -> None:
        _spend_stealth(x, 1)
        _boost(x, 7)

    b.paragraph(1).paid([], boost, role="boost",
                        usable=lambda g, c, w: w == "encounter" and _weaker(g, c) and _stealth_total(g) >= 1)


# ---------------------------------------------------------------- runner: hardware


@card("astrolabe", paragraphs=(1, 2), summary="The runner draws 1 card whenever the corp creates a server; one "
      "console only.")  # fmt: skip
def _astrolabe(b: Builder) -> None:
    b.paragraph(1).when("any_installed", lambda x: _ignore(x.game.draw("runner", 1)),
                        only=lambda x: _created_server(x.game, x.event.get("card")))  # fmt: skip
    one_console(b.paragraph(2))


@card("autoscripter", paragraphs=(1,), summary="Trashed when the runner makes an unsuccessful run.")
def _autoscripter(b: Builder) -> None:
    def failed(x: Exec) -> None:
        if x.game.is_installed(x.card):
            x.game.trash(x.card, x.why, by="runner")

    b.when("run_ends", failed, only=lambda x: not x.event.get("successful"))


@card("box_e", paragraphs=(2,), summary="One console only.")
def _box_e(b: Builder) -> None:
    one_console(b.paragraph(2))


@card(
    "ekomind",
    paragraphs=(0, 1),
    summary="The runner's memory limit is the number of cards in the grip (other memory changes still count); one "
    "console only.",
)
def _ekomind(b: Builder) -> None:
    def memory(g: NetrunnerGame, this: Card, side: str, stat: str) -> int:
        return len(g.runner.hand) - int(g.rules.base_memory) if side == "runner" and stat == "memory" else 0

    def recheck(x: Exec) -> None:
        x.game.check_memory()

    b.limit(memory)
    for timing in ("damage_done", "action_taken", "turn_ends"):  # the grip shrank: programs over the limit go
        b.when(timing, recheck, only=lambda x: x.game.memory_used() > x.game.memory_limit())
    one_console(b.paragraph(1))


# ---------------------------------------------------------------- runner: resources


@card(
    "angel_arena",
    paragraphs=(0, 1),
    summary="Installed for X credits of the runner's choice, with X power counters, and trashed once it has none; "
    "a power counter: reveal the top card of the stack and you may put it at the bottom.",
)
def _angel_arena(b: Builder) -> None:
    def installed(x: Exec) -> None:
        g = x.game
        prompt = Phrase(N_("{card}: how many credits to pay (as many power counters)"), card=str(x.card))
        amount = _amount(x, prompt, g.available("runner", "install"))
        g.pay("runner", amount, Phrase(N_("installing {card}"), card=str(x.card)), "install")
        x.card.notes["loaded"] = "power"
        if amount:
            g.add_counters(x.card, "power", amount)
        else:
            g.check_empty(x.card)

    def emptied(x: Exec) -> None:
        if x.game.is_installed(x.card):
            x.game.trash(x.card, Phrase(N_("it is empty")), by="runner")

    def reveal(x: Exec) -> None:
        g = x.game
        deck = g.runner.deck
        if not deck:
            return
        top = deck[-1]
        g.log.add("reveal", RUNNER, card=str(top), zone="stack")
        if x.may(Phrase(N_("add {card} to the bottom of your stack?"), card=str(top))):
            deck.remove(top)
            deck.insert(0, top)
            g.log.add("move", RUNNER, card=str(top), zone="stack", to="stack")

    b.loads("power").when("installed", installed).when("emptied", emptied)
    b.paragraph(1).paid([counters("power", 1)], reveal, usable=lambda g, c, w: bool(g.runner.deck))


@card(
    "ghost_runner",
    paragraphs=(0, 1),
    summary="Loaded with 3 credits when installed and trashed once empty; they pay for anything during a run.",
)
def _ghost_runner(b: Builder) -> None:
    load(b, "credit", 3, on="installed")
    b.paragraph(1).spend_hosted(lambda g, c, purpose: g.current_run is not None and not g.current_run.ended)


@card("fester", paragraphs=(0,), summary="Whenever the corp purges virus counters, it loses 2 credits if it has 2.")
def _fester(b: Builder) -> None:
    b.when("purged", lambda x: _ignore(x.game.lose_credits("corp", 2)), only=lambda x: x.game.corp.credits >= 2)


def _trash_if_tagged(b: Builder) -> None:
    """"If you are tagged, trash this card" (when it is installed tagged, or the runner takes a tag)."""

    def check(x: Exec) -> None:
        g = x.game
        if g.runner.tags > 0 and g.is_installed(x.card):
            g.trash(x.card, Phrase(N_("the runner is tagged")), by="runner")

    def tagged(x: Exec) -> bool:
        return x.game.runner.tags > 0

    b.when("tags_taken", check, only=tagged).when("installed", check, only=tagged)


@card(
    "rachel_beckman",
    paragraphs=(0, 1),
    summary="One more click each turn of the runner; trashed whenever the runner is tagged.",
)
def _rachel_beckman(b: Builder) -> None:
    b.when("your_turn_start", lambda x: x.do("你获得 [click]。"))
    _trash_if_tagged(b.paragraph(1))


@card("zona_sul_shipping", paragraphs=(1, 2), summary="Click: take every credit on it; trashed whenever the runner "
      "is tagged.")  # fmt: skip
def _zona_sul_shipping(b: Builder) -> None:
    b.paragraph(1).paid([click()], lambda x: x.do(f"从本牌上拿取 {x.card.credits}[credit]。"),
                        usable=lambda g, c, w: w == "action" and c.credits > 0)  # fmt: skip
    _trash_if_tagged(b.paragraph(2))


@card(
    "the_supplier",
    paragraphs=(0, 1),
    summary="Click: host a resource or hardware from the grip on it (not installed); when the runner's turn "
    "begins they may install a hosted card for 2 credits less.",
)
def _the_supplier(b: Builder) -> None:
    def host(x: Exec) -> None:
        g = x.game
        options = [c for c in g.runner.hand if c.type in ("resource", "hardware")]
        chosen = x.pick(Phrase(N_("host a card on {card}"), card=str(x.card)), options, optional=False)
        if chosen is None:
            return
        g.runner.hand.remove(chosen)
        chosen.faceup = True
        chosen.host = x.card
        x.card.hosted.append(chosen)
        g.log.add("host", RUNNER, card=str(chosen), host=str(x.card))

    def waiting(g: NetrunnerGame, c: Card) -> list[Card]:
        return [h for h in c.hosted if h not in g.runner.rig and _runner_installable(g, h, 2)]

    def start(x: Exec) -> None:
        g = x.game
        chosen = x.pick(Phrase(N_("install a card hosted on {card}"), card=str(x.card)), waiting(g, x.card))
        if chosen is None:
            return
        x.card.hosted.remove(chosen)
        chosen.host = None
        x.install_from(chosen, less=2)

    b.paid([click()], host, usable=lambda g, c, w: w == "action" and any(h.type in ("resource", "hardware")
                                                                        for h in g.runner.hand))  # fmt: skip
    b.paragraph(1).when("your_turn_start", start, only=lambda x: bool(waiting(x.game, x.card)))


def _shard_trash(b: Builder, fn: Callable[[Exec], None], usable: Callable[[NetrunnerGame, Card, str], bool]) -> None:
    b.paid([trash_self()], fn, usable=usable)


@card("eden_shard", paragraphs=(1,), summary="Trash it: the corp draws 2 cards.")
def _eden_shard(b: Builder) -> None:
    _shard_trash(b.paragraph(1), lambda x: _ignore(x.game.draw("corp", 2)), lambda g, c, w: True)


@card("hades_shard", paragraphs=(1,), summary="Trash it: breach Archives, without the cards in its root.")
def _hades_shard(b: Builder) -> None:
    def breach(x: Exec) -> None:
        g = x.game
        g.log.add("breach", RUNNER, server="archives", reason=x.why)
        g.announce("breach", server="archives")
        for c in g.corp.discard:
            c.faceup = True
        for c in list(g.corp.discard):
            if g.over:
                break
            g.runs.access_card(c, "archives")

    _shard_trash(b.paragraph(1), breach, lambda g, c, w: bool(g.corp.discard))


@card("utopia_shard", paragraphs=(1,), summary="Trash it: the corp discards 2 random cards from HQ.")
def _utopia_shard(b: Builder) -> None:
    def discard(x: Exec) -> None:
        g = x.game
        for c in g.rng.sample(g.corp.hand, min(2, len(g.corp.hand))):
            g.corp.hand.remove(c)
            g.to_discard(c, "discarded", faceup=False)

    _shard_trash(b.paragraph(1), discard, lambda g, c, w: bool(g.corp.hand))


# ---------------------------------------------------------------- runner identities


@card(
    "leela_patel_trained_pragmatist",
    paragraphs=(0,),
    summary="Whenever an agenda is scored or stolen, the runner adds an unrezzed installed corp card to HQ.",
)
def _leela(b: Builder) -> None:
    def bounce(x: Exec) -> None:
        g = x.game
        options = [c for c in g.installed("corp") if not c.rezzed]
        chosen = x.pick(Phrase(N_("add which unrezzed card to HQ")), options, optional=False)
        if chosen is not None:
            _to_hq(g, chosen)

    def some(x: Exec) -> bool:
        return any(not c.rezzed for c in x.game.installed("corp"))

    b.when("any_scored", bounce, only=some).when("any_stolen", bounce, only=some)


@card(
    "nasir_meidan_cyber_explorer",
    paragraphs=(0,),
    summary="Encountering an ice rezzed during its approach, the runner loses the whole credit pool and gains "
    "credits equal to that ice's rez cost.",
)
def _nasir(b: Builder) -> None:
    def rezzed_in_approach(x: Exec) -> bool:
        """The ice met was rezzed after the runner approached it (the log since that approach tells)."""
        ice = x.event.get("ice")
        events = list(x.game.log)
        start = next((i for i in range(len(events) - 1, -1, -1) if events[i].kind == "approach"), None)
        return ice is not None and start is not None and any(
            e.kind == "rez" and e.data.get("card") == str(ice) for e in events[start:]
        )

    def met(x: Exec) -> None:
        g = x.game
        ice = x.event["ice"]
        g.lose_credits("runner", g.runner.credits)
        cost = g.rez_cost(ice)
        if cost:
            g.gain_credits("runner", cost, x.why)

    b.when("encounter", met, only=rezzed_in_approach)
