"""Card scripts of the Genesis cycle (What Lies Ahead, Trace Amount, Cyber Exodus, A Study in Static, Humanity's
Shadow, Future Proof): the corp and runner cards and identities no template reads whole."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from toolkit.engine.phrase import Phrase, Term
from toolkit.i18n.words import N_
from toolkit.text import parse_cached
from toolkit.text.limits import MAX_COUNT

from ..decisions import Option
from ..run import gain_subroutines
from ..state import CENTRALS, SEATS, Context
from . import (
    Builder,
    Exec,
    card,
    click,
    credit,
    current,
    load,
    one_console,
    one_region,
    this_card,
    this_ice,
    trash_self,
)

if TYPE_CHECKING:
    from ..game import NetrunnerGame
    from ..state import Card, Side

CORP = SEATS["corp"]
RUNNER = SEATS["runner"]
END_THE_RUN = "[subroutine] 终止潜袭。"


# ---------------------------------------------------------------- shared pieces


def _trace(x: Exec, base: int) -> tuple[bool, int]:
    """Trace[``base``] as this card: whether it succeeded, and by how much the corp's strength beat the link."""
    x.do(f"追踪[{base}]。")
    margin = 0
    for event in reversed(list(x.game.log)):
        if event.kind == "trace":
            margin = int(event.data.get("strength", 0)) - int(event.data.get("link_strength", 0))
            break
    return bool(x.ctx.trace), max(0, margin)


def _order(x: Exec, cards: Sequence[Card], prompt: Any, side: Side | None = None) -> list[Card]:
    """``cards`` in an order ``side`` chooses, one decision per place (the first chosen comes first)."""
    left = list(cards)
    out: list[Card] = []
    while len(left) > 1:
        chosen = x.choose(prompt, left, side=side)
        left.remove(chosen)
        out.append(chosen)
    return out + left


def _arrange_top(x: Exec, deck: list[Card], cards: Sequence[Card], prompt: Any, side: Side | None = None) -> None:
    """Put ``cards`` (now at the top of ``deck``, whose top is its end) back on top in an order ``side`` chooses."""
    for c in cards:
        deck.remove(c)
    order = _order(x, cards, prompt, side)
    deck.extend(reversed(order))  # the first chosen ends on top
    x.game.log.add("move", x.game.player(side or x.side).seat, cards=len(order), to="deck")


def _encounter_of(g: NetrunnerGame) -> Any:
    run = g.current_run
    return run.encounter if run is not None else None


def _unbroken(g: NetrunnerGame) -> bool:
    enc = _encounter_of(g)
    return enc is not None and any(not s.broken for s in enc.subs)


def _exec(g: NetrunnerGame, c: Card) -> Exec:
    """An Exec for a static hook (``may_play``, ``may_install``) that wants the shared helpers."""
    return Exec(g, Context(c.side, c, g.current_run))


def _refill(x: Exec, amount: int) -> None:
    """Recurring credits kept as hosted credits (their use is the card's ``spend_hosted``): back to ``amount``."""
    x.card.credits = amount
    x.game.log.add("recurring", x.game.player(x.side).seat, card=str(x.card), credits=amount, reason="turn start")


def _to_stack_top(g: NetrunnerGame, program: Card, why: Any) -> None:
    """An installed runner card to the top of the stack (the cards it hosts are trashed)."""
    for hosted in list(program.hosted):
        g.trash(hosted, Phrase(N_("its host {card} left play"), card=str(program)))
    if program in g.runner.rig:
        g.runner.rig.remove(program)
    program.leave_play()
    g.runner.deck.append(program)
    g.log.add("move", RUNNER, card=str(program), zone="rig", to="stack", reason=why)
    g.check_memory()


def _expose(g: NetrunnerGame, c: Card) -> None:
    server = g.server_of(c)
    g.log.add("exposed", RUNNER, card=str(c), type=c.type, server=server.name if server else None)


def _on_this_server(x: Exec) -> bool:
    """A successful run on the server this card is installed in."""
    here = x.game.server_of(x.card)
    return x.run is not None and here is not None and here.name == x.run.server


def _when_turn_begins(b: Builder, fn: Callable[[Exec], None]) -> Builder:
    return b.when("your_turn_start", fn)


# ---------------------------------------------------------------- corp: operations


@card("big_brother", paragraphs=(0,), summary="Playable only while the runner is tagged.")
def _big_brother(b: Builder) -> None:
    b.may_play(lambda g, c: g.runner.tags > 0)


@card(
    "freelancer",
    paragraphs=(0, 1),
    summary="Playable only while the runner is tagged; the corp trashes up to 2 of the runner's resources.",
)
def _freelancer(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        for _ in range(2):
            resources = [c for c in g.runner.rig if c.type == "resource"]
            chosen = x.pick(Phrase(N_("trash a resource")), resources, optional=True)
            if chosen is None:
                return
            g.trash(chosen, Phrase(N_("trashed by {card}"), card=str(x.card)), by="corp")

    b.may_play(lambda g, c: g.runner.tags > 0)
    b.paragraph(1).play(play)


@card("commercialization", paragraphs=(0,), summary="Gain 1 credit per advancement counter on a chosen piece of ice.")
def _commercialization(b: Builder) -> None:
    def play(x: Exec) -> None:
        ice = [c for c in x.game.installed("corp") if c.type == "ice"]
        chosen = x.pick(Phrase(N_("choose a piece of ice")), ice, optional=False)
        if chosen is not None and chosen.advancement:
            x.game.gain_credits("corp", chosen.advancement, str(x.card))

    b.play(play)


@card("rework", paragraphs=(0,), summary="Shuffle a card of HQ into R&D.")
def _rework(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        chosen = x.pick(Phrase(N_("shuffle a card from HQ into R&D")), g.corp.hand, optional=False)
        if chosen is None:
            return
        g.corp.hand.remove(chosen)
        g.corp.deck.append(chosen)
        g.log.add("move", CORP, visible=[CORP], card=str(chosen), zone="hq", to="rnd")
        g.rng.shuffle(g.corp.deck)
        g.log.add("shuffle", CORP, zone="rnd")

    b.play(play)


@card("sunset", paragraphs=(0,), summary="Put the ice protecting a chosen server in a new order.")
def _sunset(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        names = [n for n, s in g.servers.items() if len(s.ice) > 1]
        if not names:
            return
        name = x.choose(Phrase(N_("{card}: choose a server"), card=str(x.card)), names, kind="server")
        server = g.servers[str(name)]
        prompt = Phrase(N_("{card}: which ice goes next, innermost first"), card=str(x.card))
        server.ice[:] = _order(x, server.ice, prompt)
        g.log.add("move", CORP, cards=len(server.ice), zone=server.name, to=server.name)

    b.play(play)


def _runner_hit(g: NetrunnerGame, c: Card, kind: str) -> bool:
    """Whether the runner's last turn logged a ``kind`` event (``steal``; ``run_end`` counts successful runs)."""
    events = _exec(g, c).last_turn("runner")
    if kind == "run_end":
        return any(e.kind == "run_end" and e.data.get("successful") for e in events)
    return any(e.kind == kind for e in events)


@card(
    "midseason_replacements",
    paragraphs=(0, 1),
    summary="Playable after a runner turn with a steal; Trace 6: the runner takes 1 tag per point the trace "
    "strength beat the link strength.",
)
def _midseason(b: Builder) -> None:
    def play(x: Exec) -> None:
        ok, margin = _trace(x, 6)
        if ok and margin:
            x.game.gain_tags(margin)

    b.may_play(lambda g, c: _runner_hit(g, c, "steal"))
    b.paragraph(1).play(play)


@card(
    "power_grid_overload",
    paragraphs=(0, 1),
    summary="Playable after a runner turn with a successful run; Trace 2: trash a piece of hardware whose install "
    "cost is at most what the trace strength beat the link strength by.",
)
def _power_grid_overload(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        ok, margin = _trace(x, 2)
        if not ok:
            return
        hardware = [c for c in g.runner.rig if c.type == "hardware" and int(c.record.cost or 0) <= margin]
        chosen = x.pick(Phrase(N_("trash a {type}"), type=Term("card_type", "hardware")), hardware, optional=False)
        if chosen is not None:
            g.trash(chosen, Phrase(N_("trashed by {card}"), card=str(x.card)), by="corp")

    b.may_play(lambda g, c: _runner_hit(g, c, "run_end"))
    b.paragraph(1).play(play)


@card("foxfire", paragraphs=(0,), summary="Trace 7: trash a virtual resource or a link card of the runner.")
def _foxfire(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        ok, _ = _trace(x, 7)
        if not ok:
            return
        targets = [
            c for c in g.runner.rig if (c.type == "resource" and "virtual" in c.subtypes) or "link" in c.subtypes
        ]
        chosen = x.pick(Phrase(N_("trash a virtual resource or a link card")), targets, optional=False)
        if chosen is not None:
            g.trash(chosen, Phrase(N_("trashed by {card}"), card=str(x.card)), by="corp")

    b.play(play)


@card(
    "oversight_ai",
    paragraphs=(0,),
    summary="Rez a piece of ice for free and stay on it; once the runner breaks every subroutine of it in one "
    "encounter, that ice is trashed.",
)
def _oversight_ai(b: Builder) -> None:
    def host_of(x: Exec) -> Card | None:
        host: Card | None = x.card.notes.get("host")
        return host

    def leave(x: Exec) -> None:
        x.game.leave_in_play(x.card, Phrase(N_("its host {card} left play"), card=str(host_of(x))))

    def play(x: Exec) -> None:
        g = x.game
        options = [c for c in g.installed("corp") if c.type == "ice" and not c.rezzed]
        ice = x.pick(Phrase(N_("rez a card, ignoring all costs")), options, optional=False)
        if ice is None:
            return
        g.rez(ice, free=True)
        x.card.notes["host"] = ice
        g.log.add("host", CORP, card=str(x.card), host=str(ice))

    def met(x: Exec) -> None:
        x.card.notes["encounter"] = x.run.encounter if x.run is not None else None

    def ended(x: Exec) -> None:
        g = x.game
        host = host_of(x)
        enc = x.card.notes.pop("encounter", None)
        if host is None or not g.is_installed(host):
            leave(x)
        elif enc is not None and enc.subs and all(s.broken for s in enc.subs):
            g.trash(host, Phrase(N_("trashed by {card}"), card=str(x.card)), by="corp")
            if x.card in g.in_play:
                leave(x)

    def concerns(key: str) -> Callable[[Exec], bool]:
        return lambda x: x.card in x.game.in_play and x.event.get(key) is host_of(x)

    current(b, until=())
    b.may_play(lambda g, c: any(i.type == "ice" and not i.rezzed for i in g.installed("corp")))
    b.play(play)
    b.when("encounter", met, only=concerns("ice")).when("encounter_ends", ended, only=concerns("ice"))
    b.when("trashed", leave, only=concerns("card"))


# ---------------------------------------------------------------- corp: agendas


@card(
    "corporate_war",
    paragraphs=(0,),
    summary="When scored: with 7 credits or more, gain 7 credits; with fewer, lose every credit.",
)
def _corporate_war(b: Builder) -> None:
    def scored(x: Exec) -> None:
        g = x.game
        if g.corp.credits >= 7:
            x.do("你获得 7[credit]。")
        else:
            g.lose_credits("corp", g.corp.credits)

    b.when("agenda_scored", scored)


@card(
    "executive_retreat",
    paragraphs=(0,),
    summary="When scored: an agenda counter on it, and HQ shuffled into R&D.",
)
def _executive_retreat(b: Builder) -> None:
    def scored(x: Exec) -> None:
        g = x.game
        g.add_counters(x.card, "agenda", 1)
        moved = len(g.corp.hand)
        g.corp.deck.extend(g.corp.hand)
        g.corp.hand.clear()
        g.rng.shuffle(g.corp.deck)
        g.log.add("move", CORP, cards=moved, zone="hq", to="rnd")
        g.log.add("shuffle", CORP, zone="rnd")

    b.when("agenda_scored", scored)


@card(
    "mandatory_upgrades",
    paragraphs=(0,),
    summary="While scored, the corp has one more click each turn (one at once when scored in its own turn).",
)
def _mandatory_upgrades(b: Builder) -> None:
    def scored(x: Exec) -> None:
        if x.game.active == "corp":
            x.do("你获得 [click]。")

    b.when("agenda_scored", scored)
    _when_turn_begins(b, lambda x: x.do("你获得 [click]。"))


@card(
    "braintrust",
    paragraphs=(0, 1),
    summary="When scored: an agenda counter for every 2 advancement counters beyond 3; each counter makes ice cost "
    "1 credit less to rez.",
)
def _braintrust(b: Builder) -> None:
    def scored(x: Exec) -> None:
        extra = max(0, int(x.event.get("advancement") or 0) - 3) // 2
        if extra:
            x.game.add_counters(x.card, "agenda", extra)

    b.when("agenda_scored", scored)
    b.paragraph(1).rez_cost(lambda g, this, c: -this.counters.get("agenda", 0) if c.type == "ice" else 0)


@card(
    "fetal_ai",
    paragraphs=(0, 1, 2),
    summary="Shown to both players when accessed in R&D; accessed anywhere but Archives it does 2 net damage; "
    "stealing it costs the runner 2 credits more.",
)
def _fetal_ai(b: Builder) -> None:
    def accessed(x: Exec) -> None:
        g = x.game
        if x.card in g.corp.deck:  # accessed in R&D: shown to both players
            g.log.add("reveal", CORP, card=str(x.card), zone=Term("zone", "rnd"))
        if x.card not in g.corp.discard:
            g.damage("net", 2)

    b.paragraph(1).when("access", accessed, only=this_card)
    b.paragraph(2).steal_requires(
        lambda g, c: g.can_pay("runner", 2),
        lambda g, c: g.pay("runner", 2, Phrase(N_("the additional cost of {card}"), card=str(c))),
    )


# ---------------------------------------------------------------- corp: assets and upgrades


@card("eve_campaign", paragraphs=(0,), summary="Loaded with 16 credits when rezzed; trashed once empty.")
def _eve_campaign(b: Builder) -> None:
    load(b, "credit", 16, on="rezzed")


@card("private_contracts", paragraphs=(0,), summary="Loaded with 14 credits when rezzed; trashed once empty.")
def _private_contracts(b: Builder) -> None:
    load(b, "credit", 14, on="rezzed")


@card(
    "marked_accounts",
    paragraphs=(0, 1),
    summary="As the corp's turn begins, take 1 credit from it if it holds any; click: place 3 credits on it.",
)
def _marked_accounts(b: Builder) -> None:
    b.text("你的回合开始时：从本牌上拿取 1[credit]。")
    b.paragraph(1).text("[click]：在本牌上放置 3[credit]。")


@card(
    "dedicated_response_team",
    paragraphs=(0,),
    summary="While the runner is tagged, each successful run ends with 2 meat damage.",
)
def _dedicated_response_team(b: Builder) -> None:
    b.when("run_ends", lambda x: x.do("造成 2 点肢体伤害。"),
           only=lambda x: bool(x.event.get("successful")) and x.game.runner.tags > 0)


@card(
    "edge_of_world",
    paragraphs=(0,),
    summary="When the runner accesses it installed, the corp may pay 3 credits for 1 brain damage per piece of ice "
    "protecting its server.",
)
def _edge_of_world(b: Builder) -> None:
    def accessed(x: Exec) -> None:
        g = x.game
        server = g.server_of(x.card)
        if x.event.get("card") is not x.card or server is None or not g.can_pay("corp", 3):
            return
        n = len(server.ice)
        prompt = Phrase(N_("{card}: pay {n}{credit} to do {m} {damage}?"), card=str(x.card), n=3, credit="[credit]",
                        m=n, damage=Term("damage", "brain"))  # fmt: skip
        if x.may(prompt):
            g.pay("corp", 3, str(x.card))
            if n:
                g.damage("brain", n)

    b.when("access", accessed, only=this_card)


@card(
    "net_police",
    paragraphs=(0, 1),
    summary="Recurring credits for traces, as many as the runner's link strength.",
)
def _net_police(b: Builder) -> None:
    b.when("rezzed", lambda x: _refill(x, x.game.link()))
    _when_turn_begins(b, lambda x: _refill(x, x.game.link()))
    b.paragraph(1).spend_hosted(lambda g, c, purpose: purpose == "trace")


@card(
    "amazon_industrial_zone",
    paragraphs=(0, 1),
    summary="When ice is installed protecting its server, the corp may rez that ice for 3 credits less; one region "
    "per server.",
)
def _amazon_industrial_zone(b: Builder) -> None:
    def protects_here(x: Exec) -> bool:
        ice = x.event.get("card")
        here = x.game.server_of(x.card)
        return ice is not None and ice.type == "ice" and not ice.rezzed and here is not None and (
            x.game.server_of(ice) is here)

    def installed(x: Exec) -> None:
        g = x.game
        ice = x.event["card"]

        def cheaper(game: NetrunnerGame, this: Card, c: Card) -> int:
            return -3 if c is ice else 0

        g.add_lasting("rez_cost", x.card, cheaper, "turn")
        try:
            if g.can_rez(ice) and x.may(Phrase(N_("rez {card} for {n}{credit}"), card=str(ice), n=g.rez_cost(ice),
                                               credit="[credit]")):  # fmt: skip
                g.rez(ice)
        finally:
            g.lasting = [entry for entry in g.lasting if entry[2] is not cheaper]

    b.when("any_installed", installed, only=protects_here)
    one_region(b.paragraph(1))


@card(
    "ash_2x3zb9cy",
    paragraphs=(0,),
    summary="On a successful run on its server, Trace 4: if it succeeds, the runner accesses only this upgrade "
    "in this run.",
)
def _ash(b: Builder) -> None:
    def successful(x: Exec) -> None:
        g = x.game
        run = x.run
        here = g.server_of(x.card)
        if run is None or here is None or here.name != run.server:
            return
        ok, _ = _trace(x, 4)
        if not ok:
            return
        ash = x.card

        def only_ash() -> None:
            g.announce("breach", server=run.server)
            if not g.over and g.server_of(ash) is here:
                g.runs.access_card(ash, run.server)

        x.instead_of_breach(only_ash)

    b.when("run_successful", successful, only=_on_this_server)


@card(
    "bernice_mai",
    paragraphs=(0,),
    summary="On a successful run on its server, Trace 5: the runner takes a tag if it succeeds; if it fails, "
    "this upgrade is trashed.",
)
def _bernice_mai(b: Builder) -> None:
    def successful(x: Exec) -> None:
        g = x.game
        run = x.run
        here = g.server_of(x.card)
        if run is None or here is None or here.name != run.server:
            return
        ok, _ = _trace(x, 5)
        if ok:
            g.gain_tags(1)
        elif g.is_installed(x.card):
            g.trash(x.card, x.why, by="corp")

    b.when("run_successful", successful, only=_on_this_server)


# ---------------------------------------------------------------- corp: ice


@card("janus_1_0", paragraphs=(0,), summary="The runner may lose a click to break one of its subroutines.")
def _janus(b: Builder) -> None:
    b.runner_break(clicks=1, count=1)


@card(
    "sherlock_1_0",
    paragraphs=(0, 1, 2),
    summary="The runner may lose a click to break one of its subroutines; two subroutines, each Trace 4: an "
    "installed program goes on top of the stack.",
)
def _sherlock(b: Builder) -> None:
    def sub(x: Exec) -> None:
        g = x.game
        ok, _ = _trace(x, 4)
        if not ok:
            return
        programs = [c for c in g.runner.rig if c.type == "program"]
        chosen = x.pick(Phrase(N_("add a program to the top of the stack")), programs, optional=False)
        if chosen is not None:
            _to_stack_top(g, chosen, str(x.card))

    b.runner_break(clicks=1, count=1)
    b.paragraph(1).subroutine(sub)
    b.paragraph(2).subroutine(sub)


@card("burke_bugs", paragraphs=(0,), summary="Subroutine: Trace 0; if it succeeds the runner trashes a program.")
def _burke_bugs(b: Builder) -> None:
    def sub(x: Exec) -> None:
        g = x.game
        ok, _ = _trace(x, 0)
        if not ok:
            return
        programs = [c for c in g.runner.rig if c.type == "program"]
        prompt = Phrase(N_("trash a {type}"), type=Term("card_type", "program"))
        chosen = x.pick(prompt, programs, optional=False, side="runner")
        if chosen is not None:
            g.trash(chosen, x.why, by="runner")

    b.subroutine(sub)


@card(
    "data_hound",
    paragraphs=(0,),
    summary="Subroutine: Trace 2; if it succeeds the corp looks at as many top stack cards as the trace beat the "
    "link by, trashes one and puts the rest back in any order.",
)
def _data_hound(b: Builder) -> None:
    def sub(x: Exec) -> None:
        g = x.game
        ok, margin = _trace(x, 2)
        deck = g.runner.deck
        if not ok or not margin or not deck:
            return
        top = list(reversed(deck[-min(margin, len(deck)) :]))
        g.log.add("reveal", CORP, visible=[CORP], cards=[str(c) for c in top], zone=Term("zone", "stack"))
        victim = x.pick(Phrase(N_("trash a card from the top of the stack")), top, optional=False)
        if victim is None:
            return
        top.remove(victim)
        g.trash(victim, x.why, by="corp")
        if top:
            _arrange_top(x, deck, top, Phrase(N_("which card goes next from the top of the stack")))

    b.subroutine(sub)


@card("snowflake", paragraphs=(0,), summary="Subroutine: a psi game; the run ends if the bids differ.")
def _snowflake(b: Builder) -> None:
    b.text("[subroutine] 进行心灵博弈。如果双方出价不同，终止潜袭。")


@card(
    "tmi",
    paragraphs=(0,),
    summary="When rezzed, Trace 2; if it fails the ice is derezzed again.",
)
def _tmi(b: Builder) -> None:
    def rezzed(x: Exec) -> None:
        ok, _ = _trace(x, 2)
        if not ok:
            x.game.derez(x.card, x.why)

    b.when("rezzed", rezzed)


@card(
    "draco",
    paragraphs=(0, 1),
    summary="When rezzed, the corp may pay any credits for as many power counters; +1 strength per power counter.",
)
def _draco(b: Builder) -> None:
    def rezzed(x: Exec) -> None:
        g = x.game
        top = min(g.corp.credits, MAX_COUNT)
        if top <= 0:
            return
        amount = int(x.choose(Phrase(N_("{card}: credits to spend on power counters"), card=str(x.card)),
                              list(range(top + 1))))  # fmt: skip
        if amount:
            g.pay("corp", amount, str(x.card))
            g.add_counters(x.card, "power", amount)

    b.when("rezzed", rezzed)
    b.paragraph(1).strength(lambda g, c: c.counters.get("power", 0))


@card(
    "flare",
    paragraphs=(0,),
    summary="Subroutine: Trace 6; if it succeeds, trash a piece of hardware, do 2 meat damage that cannot be "
    "prevented and end the run.",
)
def _flare(b: Builder) -> None:
    def sub(x: Exec) -> None:
        g = x.game
        ok, _ = _trace(x, 6)
        if not ok:
            return
        hardware = [c for c in g.runner.rig if c.type == "hardware"]
        chosen = x.pick(Phrase(N_("trash a {type}"), type=Term("card_type", "hardware")), hardware, optional=False)
        if chosen is not None:
            g.trash(chosen, x.why, by="corp")
        g.damage("meat", 2, preventable=False)
        x.do("终止潜袭。")

    b.subroutine(sub)


@card(
    "chimera",
    paragraphs=(0, 1),
    summary="When rezzed the corp makes it a sentry, code gate or barrier until it is derezzed; it is derezzed "
    "as each turn ends.",
)
def _chimera(b: Builder) -> None:
    def drop(c: Card) -> None:
        old = c.notes.pop("subtype", None)
        if old in c.gained_subtypes:
            c.gained_subtypes.remove(old)

    def rezzed(x: Exec) -> None:
        options = [Option(s, Term("subtypes", s), s) for s in ("sentry", "code_gate", "barrier")]
        prompt = Phrase(N_("{card}: choose a subtype"), card=str(x.card))
        chosen = str(x.game.ask("corp", "target", prompt, options).value)
        drop(x.card)
        x.gain_subtypes(x.card, [chosen])
        x.card.notes["subtype"] = chosen
        x.game.log.add("effect", CORP, card=str(x.card), subtype=Term("subtypes", chosen))

    def ends(x: Exec) -> None:
        x.game.derez(x.card, x.why)
        drop(x.card)

    b.when("rezzed", rezzed)
    b.paragraph(1).when("turn_ends", ends, only=lambda x: x.card.rezzed)


@card(
    "sensei",
    paragraphs=(0,),
    summary="Subroutine: for the rest of the run, every other piece of ice encountered gets an extra last "
    "subroutine that ends the run.",
)
def _sensei(b: Builder) -> None:
    def sub(x: Exec) -> None:
        x.card.notes["run"] = x.run

    def met(x: Exec) -> None:
        run = x.run
        if run is None or x.card.notes.get("run") is not run or this_ice(x):
            return
        enc = _encounter_of(x.game)
        if enc is not None:
            gain_subroutines(x.game, enc, [parse_cached(END_THE_RUN)], by=x.card)

    b.subroutine(sub).when("encounter", met, only=lambda x: x.card.notes.get("run") is x.run is not None)


# ---------------------------------------------------------------- corp: identities


@card("haas_bioroid_stronger_together", paragraphs=(0,), summary="Bioroid ice has +1 strength.")
def _stronger_together(b: Builder) -> None:
    b.strength_all(lambda g, this, c: 1 if c.type == "ice" and "bioroid" in c.subtypes else 0)


# ---------------------------------------------------------------- runner: events


@card("kraken", paragraphs=(0, 1), summary="Playable after a steal this turn; the corp trashes a piece of ice "
      "protecting a server the runner chooses.")  # fmt: skip
def _kraken(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        names = [n for n, s in g.servers.items() if s.ice]
        if not names:
            return
        name = x.choose(Phrase(N_("{card}: choose a server"), card=str(x.card)), names, kind="server")
        ice = g.servers[str(name)].ice
        chosen = x.pick(Phrase(N_("trash a piece of ice")), ice, optional=False, side="corp")
        if chosen is not None:
            g.trash(chosen, Phrase(N_("trashed by {card}"), card=str(x.card)), by="corp")

    b.may_play(lambda g, c: bool(g.events_this_turn("steal")))
    b.paragraph(1).play(play)


def _virus_placed(g: NetrunnerGame) -> list[Card]:
    """The installed programs that got virus counters this turn."""
    names = {
        e.get("card") for e in g.events_this_turn("counter") if e.get("kind") == "virus" and (e.get("change") or 0) > 0
    }
    return [c for c in g.runner.rig if c.type == "program" and str(c) in names]


@card("surge", paragraphs=(0, 1), summary="Playable after placing a virus counter on a program this turn; 2 more "
      "virus counters on that program.")  # fmt: skip
def _surge(b: Builder) -> None:
    def play(x: Exec) -> None:
        chosen = x.pick(Phrase(N_("place 2 virus counters on which program")), _virus_placed(x.game), optional=False)
        if chosen is not None:
            x.game.add_counters(chosen, "virus", 2)

    b.may_play(lambda g, c: bool(_virus_placed(g)))
    b.paragraph(1).play(play)


@card("satellite_uplink", paragraphs=(0,), summary="Expose up to 2 installed face-down corp cards.")
def _satellite_uplink(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        shown: list[Card] = []
        for _ in range(2):
            options = [c for c in g.installed("corp") if not c.rezzed and c not in shown]
            chosen = x.pick(Phrase(N_("expose which card")), options, optional=True)
            if chosen is None:
                return
            shown.append(chosen)
            _expose(g, chosen)

    b.play(play)


def _breach_prompt(x: Exec, server: str) -> Phrase:
    return Phrase(N_("instead of breaching {server}, use {card}?"), server=Term("zone", server), card=str(x.card))


@card(
    "vamp",
    paragraphs=(0,),
    summary="Run HQ; on success the runner may, instead of breaching, spend X credits: the corp loses X credits and "
    "the runner takes a tag.",
)
def _vamp(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        run = x.run_on("hq")
        if not run.successful or run.ended or g.available("runner") <= 0:
            return

        def drain() -> None:
            top = min(g.available("runner"), MAX_COUNT)
            prompt = Phrase(N_("{card}: how many credits the corp loses"), card=str(x.card))
            amount = int(x.choose(prompt, list(range(1, top + 1))))
            g.pay("runner", amount, str(x.card))
            g.lose_credits("corp", amount)
            g.gain_tags(1)

        if x.may(_breach_prompt(x, "hq")):
            x.instead_of_breach(drain)

    b.play(play)


@card(
    "indexing",
    paragraphs=(0,),
    summary="Run R&D; on success the runner may, instead of breaching, look at the top 5 cards of R&D and put them "
    "back in any order.",
)
def _indexing(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        run = x.run_on("rnd")
        if not run.successful or run.ended:
            return

        def arrange() -> None:
            deck = g.corp.deck
            top = list(reversed(deck[-5:]))
            if not top:
                return
            g.log.add("reveal", RUNNER, visible=[RUNNER], cards=[str(c) for c in top], zone=Term("zone", "rnd"))
            _arrange_top(x, deck, top, Phrase(N_("which card goes next from the top of R&D")))

        if x.may(_breach_prompt(x, "rnd")):
            x.instead_of_breach(arrange)

    b.play(play)


# ---------------------------------------------------------------- runner: programs


def _breaks(subtype: str | None = None, strength: bool = True) -> Callable[[NetrunnerGame, Card, str], bool]:
    """``usable`` of a scripted break: encountering ice (of ``subtype``) with unbroken subroutines, and (when its
    ``strength`` matters) at least as strong as that ice."""

    def usable(g: NetrunnerGame, c: Card, window: str) -> bool:
        enc = _encounter_of(g)
        if window != "encounter" or enc is None or not _unbroken(g):
            return False
        if subtype is not None and subtype not in enc.ice.subtypes:
            return False
        return not strength or g.strength_of(c) >= g.strength_of(enc.ice)

    return usable


@card(
    "darwin",
    paragraphs=(0, 1, 2),
    summary="2 credits: break 1 subroutine of any ice; strength equal to its virus counters; as the runner's turn "
    "begins, 1 credit may buy it a virus counter.",
)
def _darwin(b: Builder) -> None:
    def breaks(x: Exec) -> None:
        x.break_subroutines(1)

    def grow(x: Exec) -> None:
        g = x.game
        if g.can_pay("runner", 1) and x.may(Phrase(N_("{card}: pay {n}{credit} to place 1 virus counter?"),
                                                   card=str(x.card), n=1, credit="[credit]")):  # fmt: skip
            g.pay("runner", 1, str(x.card))
            g.add_counters(x.card, "virus", 1)

    b.paid([credit(2)], breaks, usable=_breaks(), role="break")
    b.paragraph(1).strength(lambda g, c: c.counters.get("virus", 0))
    _when_turn_begins(b.paragraph(2), grow)


@card("faerie", paragraphs=(2,), summary="Trashed when an encounter in which it broke a subroutine ends.")
def _faerie(b: Builder) -> None:
    def broke(x: Exec) -> None:
        x.card.notes["broke"] = True

    def ended(x: Exec) -> None:
        g = x.game
        if x.card.notes.pop("broke", False) and g.is_installed(x.card):
            g.trash(x.card, x.why, by="runner")

    b.when("subroutine_broken", broke, only=lambda x: x.event.get("by") is x.card)
    b.when("encounter_ends", ended, only=lambda x: bool(x.card.notes.get("broke")))


@card("snowball", paragraphs=(2,), summary="+1 strength for the rest of the run for each subroutine it breaks.")
def _snowball(b: Builder) -> None:
    def broke(x: Exec) -> None:
        run, count = x.card.notes.get("broken", (None, 0))
        x.card.notes["broken"] = (x.run, count + 1 if run is x.run else 1)

    def bonus(g: NetrunnerGame, c: Card) -> int:
        run, count = c.notes.get("broken", (None, 0))
        return int(count) if run is not None and run is g.current_run else 0

    b.when("subroutine_broken", broke, only=lambda x: x.event.get("by") is x.card and x.run is not None)
    b.strength(bonus)


@card(
    "deep_thought",
    paragraphs=(1,),
    summary="With 3 or more virus counters, the runner may look at the top card of R&D as their turn begins.",
)
def _deep_thought(b: Builder) -> None:
    def look(x: Exec) -> None:
        g = x.game
        if x.card.counters.get("virus", 0) < 3 or not g.corp.deck:
            return
        if x.may(Phrase(N_("{card}: look at the top card of R&D?"), card=str(x.card))):
            g.log.add("reveal", RUNNER, visible=[RUNNER], card=str(g.corp.deck[-1]), zone=Term("zone", "rnd"))

    _when_turn_begins(b, look)


@card(
    "nerve_agent",
    paragraphs=(1,),
    summary="Breaching HQ, access up to one fewer additional cards than its virus counters.",
)
def _nerve_agent(b: Builder) -> None:
    def breach(x: Exec) -> None:
        run = x.run
        most = x.card.counters.get("virus", 0) - 1
        if run is None or x.event.get("server") != "hq" or most <= 0:
            return
        amount = int(x.choose(Phrase(N_("{card}: access how many more cards"), card=str(x.card)),
                              list(range(min(most, MAX_COUNT) + 1))))  # fmt: skip
        if amount:
            run.extra_access += amount
            x.game.log.add("extra_access", RUNNER, cards=amount, server=run.server)

    b.when("breach", breach, only=lambda x: x.event.get("server") == "hq")


@card(
    "deus_x",
    paragraphs=(0, 1),
    summary="Trash it: break any number of AP subroutines; or trash it to prevent any amount of net damage.",
)
def _deus_x(b: Builder) -> None:
    def breaks(x: Exec) -> None:
        g = x.game
        enc = x.ctx.encounter or _encounter_of(g)
        if enc is None:
            return
        left = sum(1 for s in enc.subs if not s.broken)
        prompt = Phrase(N_("break how many subroutines of {ice}"), ice=str(enc.ice))
        amount = int(x.choose(prompt, list(range(1, left + 1)), side="runner")) if left > 1 else left
        x.break_subroutines(amount, "ap")

    b.paid([trash_self()], breaks, usable=_breaks("ap", strength=False), role="break")
    b.paragraph(1).text(f"[trash]：防止 {MAX_COUNT} 点网域伤害。")


@card(
    "crescentus",
    paragraphs=(0,),
    summary="Trash it: derez the ice being encountered once every one of its subroutines is broken.",
)
def _crescentus(b: Builder) -> None:
    def derez(x: Exec) -> None:
        enc = x.ctx.encounter or _encounter_of(x.game)
        if enc is not None:
            x.game.derez(enc.ice, Phrase(N_("derezzed by {card}"), card=str(x.card)))

    def usable(g: NetrunnerGame, c: Card, window: str) -> bool:
        enc = _encounter_of(g)
        return window == "encounter" and enc is not None and bool(enc.subs) and all(s.broken for s in enc.subs)

    b.paid([trash_self()], derez, usable=usable)


@card(
    "snitch",
    paragraphs=(0,),
    summary="Once a run, approaching unrezzed ice, the runner may expose it and then may jack out.",
)
def _snitch(b: Builder) -> None:
    def approach(x: Exec) -> None:
        g = x.game
        ice = x.event.get("ice")
        run = x.run
        if ice is None or ice.rezzed or run is None or x.card.notes.get("run") is run:
            return
        if not x.may(Phrase(N_("{card}: expose the ice you approach?"), card=str(x.card))):
            return
        x.card.notes["run"] = run
        _expose(g, ice)
        prompt = Phrase(N_("run on {server}: continue or jack out?"), server=Term("zone", run.server))
        if not g.confirm("runner", "jack_out", prompt, yes="continue", no="jack_out"):
            x.jack_out()

    b.when("approach_ice", approach, only=lambda x: not getattr(x.event.get("ice"), "rezzed", True))


# ---------------------------------------------------------------- runner: hardware


def _one_more_access(server: str) -> Callable[[Exec], None]:
    def breach(x: Exec) -> None:
        run = x.run
        if run is None or x.event.get("server") != server:
            return
        run.extra_access += 1
        x.game.log.add("extra_access", RUNNER, cards=1, server=run.server)

    return breach


@card("hq_interface", paragraphs=(0,), summary="Breaching HQ, access 1 additional card.")
def _hq_interface(b: Builder) -> None:
    b.when("breach", _one_more_access("hq"), only=lambda x: x.event.get("server") == "hq")


@card("r_d_interface", paragraphs=(0,), summary="Breaching R&D, access 1 additional card.")
def _r_d_interface(b: Builder) -> None:
    b.when("breach", _one_more_access("rnd"), only=lambda x: x.event.get("server") == "rnd")


class _AdditionalRezCost:
    """A lasting ``rez_cost`` hook for "the corp must pay N more as an additional cost to rez that ice": added after
    every change to the rez cost itself (a reduction cannot lower it), and ignored by a rez that ignores costs."""

    def __init__(self, target: Card, amount: int) -> None:
        self.target = target
        self.amount = amount

    def __call__(self, g: NetrunnerGame, this: Card, c: Card) -> int:
        if c is not self.target:
            return 0
        extras = [fn for _, fn in g.script_hooks("rez_cost") if isinstance(fn, _AdditionalRezCost) and fn.target is c]
        if extras[0] is not self:
            return self.amount  # the first of them makes up for a cost below 0
        others = sum(fn(g, src, c) for src, fn in g.script_hooks("rez_cost") if not isinstance(fn, _AdditionalRezCost))
        return self.amount + max(0, -(int(c.record.rez_cost or 0) + others))


@card(
    "cortez_chip",
    paragraphs=(0,),
    summary="Trash it: a chosen piece of ice costs the corp 2 credits more to rez this turn.",
)
def _cortez_chip(b: Builder) -> None:
    def use(x: Exec) -> None:
        ice = [c for c in x.game.installed("corp") if c.type == "ice"]
        chosen = x.pick(Phrase(N_("choose a piece of ice")), ice, optional=False)
        if chosen is not None:
            x.lasting("rez_cost", _AdditionalRezCost(chosen, 2), until="turn")

    def usable(g: NetrunnerGame, c: Card, window: str) -> bool:
        return any(i.type == "ice" and not i.rezzed for i in g.installed("corp"))

    b.paid([trash_self()], use, usable=usable)


@card(
    "e3_feedback_implants",
    paragraphs=(0,),
    summary="After the runner breaks a subroutine of the ice encountered, 1 credit breaks another of its "
    "subroutines.",
)
def _e3(b: Builder) -> None:
    def breaks(x: Exec) -> None:
        x.break_subroutines(1)

    def usable(g: NetrunnerGame, c: Card, window: str) -> bool:
        enc = _encounter_of(g)
        return window == "encounter" and enc is not None and _unbroken(g) and any(s.broken for s in enc.subs)

    b.paid([credit(1)], breaks, usable=usable, role="break")


@card(
    "replicator",
    paragraphs=(0,),
    summary="Installing hardware, the runner may search the stack for another copy of it and add it to the grip.",
)
def _replicator(b: Builder) -> None:
    def installed(x: Exec) -> None:
        g = x.game
        c = x.event.get("card")
        if c is None or c.type != "hardware" or c.side != "runner":
            return
        copies = [d for d in reversed(g.runner.deck) if d.id == c.id]
        if not copies or not x.may(Phrase(N_("{card}: search your stack for another copy of {other}?"),
                                          card=str(x.card), other=str(c))):  # fmt: skip
            return
        found = copies[0]
        g.runner.deck.remove(found)
        g.runner.hand.append(found)
        g.log.add("search", RUNNER, card=str(found), zone="stack")
        g.log.add("reveal", RUNNER, card=str(found), zone=Term("zone", "stack"))
        g.rng.shuffle(g.runner.deck)
        g.log.add("shuffle", RUNNER, zone="stack")

    b.when("any_installed", installed, only=lambda x: getattr(x.event.get("card"), "type", None) == "hardware")


@card(
    "plascrete_carapace",
    paragraphs=(0, 1),
    summary="Loaded with 4 power counters when installed, trashed once empty; a counter prevents 1 meat damage.",
)
def _plascrete(b: Builder) -> None:
    load(b, "power", 4, on="installed")
    b.paragraph(1).text("移除本牌上 1 个能量指示物：防止 1 点肢体伤害。")


@card(
    "doppelganger",
    paragraphs=(1, 2),
    summary="Once a turn, after a successful run ends, the runner may run any server; one console at a time.",
)
def _doppelganger(b: Builder) -> None:
    def ended(x: Exec) -> None:
        g = x.game
        if x.event.get("successful") and x.card.notes.get("used") != g.turns and g.is_installed(x.card):
            x.card.notes["pending"] = True

    def after(x: Exec) -> None:
        g = x.game
        if not x.card.notes.pop("pending", False) or g.active != "runner" or g.current_run is not None:
            return
        if x.card.notes.get("used") == g.turns:
            return
        if x.may(Phrase(N_("{card}: run any server?"), card=str(x.card))):
            x.card.notes["used"] = g.turns
            x.run_on("any")

    b.when("run_ends", ended, only=lambda x: bool(x.event.get("successful")))
    b.when("action_taken", after, only=lambda x: bool(x.card.notes.get("pending")))
    one_console(b.paragraph(2))


# ---------------------------------------------------------------- runner: resources


@card("compromised_employee", paragraphs=(2,), summary="The runner gains 1 credit whenever the corp rezzes ice.")
def _compromised_employee(b: Builder) -> None:
    b.when("any_rezzed", lambda x: x.do("你获得 1[credit]。"),
           only=lambda x: getattr(x.event.get("card"), "type", None) == "ice")


@card(
    "data_leak_reversal",
    paragraphs=(0, 1),
    summary="Installed only after a successful central run this turn; while the runner is tagged, click: the corp "
    "trashes the top card of R&D.",
)
def _data_leak_reversal(b: Builder) -> None:
    def mill(x: Exec) -> None:
        g = x.game
        if g.runner.tags and g.corp.deck:
            g.trash(g.corp.deck[-1], Phrase(N_("trashed by {card}"), card=str(x.card)), by="corp")

    def may_install(g: NetrunnerGame, c: Card) -> bool:
        x = _exec(g, c)
        return any(x.ran_this_turn(s, successful=True) for s in CENTRALS)

    b.may_install(may_install)
    b.paragraph(1).paid([click()], mill, usable=lambda g, c, w: w == "action" and g.runner.tags > 0 and
                        bool(g.corp.deck))  # fmt: skip


@card("joshua_b", paragraphs=(0,), summary="As the runner's turn begins, they may gain a click and take a tag "
      "when that turn ends.")  # fmt: skip
def _joshua_b(b: Builder) -> None:
    def begins(x: Exec) -> None:
        if x.may(Phrase(N_("{card}: gain {click}?"), card=str(x.card), click="[click]")):
            x.do("你获得 [click]。")
            x.card.notes["tag"] = x.game.turns

    def ends(x: Exec) -> None:
        if x.card.notes.pop("tag", None) == x.game.turns:
            x.game.gain_tags(1)

    _when_turn_begins(b, begins).when("your_turn_end", ends)


@card(
    "kati_jones",
    paragraphs=(0, 1, 2),
    replaces=(1,),
    summary="Once a turn, one of: click to place 3 credits on it, or click to take every credit on it.",
)
def _kati_jones(b: Builder) -> None:
    def free(g: NetrunnerGame, c: Card) -> bool:
        return c.notes.get("used") != g.turns

    def place(x: Exec) -> None:
        x.card.notes["used"] = x.game.turns
        x.do("在本牌上放置 3[credit]。")

    def take(x: Exec) -> None:
        g = x.game
        x.card.notes["used"] = g.turns
        amount = x.card.credits
        x.card.credits = 0
        g.log.add("take_credits", RUNNER, card=str(x.card), amount=amount, hosted=0)
        g.gain_credits("runner", amount, Phrase(N_("taken from {card}"), card=str(x.card)))

    b.paragraph(1).paid([click()], place, usable=lambda g, c, w: w == "action" and free(g, c))
    b.paragraph(2).paid([click()], take, usable=lambda g, c, w: w == "action" and free(g, c) and c.credits > 0)


@card(
    "mr_li",
    paragraphs=(0,),
    summary="Click: draw 2 cards, then one of them goes to the bottom of the stack.",
)
def _mr_li(b: Builder) -> None:
    def use(x: Exec) -> None:
        g = x.game
        hand = g.runner.hand
        drawn = g.draw("runner", 2)
        new = hand[len(hand) - drawn :] if drawn else []
        chosen = x.pick(Phrase(N_("add a card to the bottom of your stack")), new, optional=False)
        if chosen is not None:
            hand.remove(chosen)
            g.runner.deck.insert(0, chosen)
            g.log.add("move", RUNNER, visible=[RUNNER], card=str(chosen), zone="grip", to="stack")
            g.log.add("move", RUNNER, cards=1, zone="grip", to="stack")

    b.paid([click()], use, usable=lambda g, c, w: w == "action" and bool(g.runner.deck))


@card(
    "new_angeles_city_hall",
    paragraphs=(0, 1),
    summary="2 credits: avoid 1 tag; trashed when the runner steals an agenda.",
)
def _new_angeles_city_hall(b: Builder) -> None:
    def stolen(x: Exec) -> None:
        if x.game.is_installed(x.card):
            x.game.trash(x.card, x.why, by="runner")

    b.text("2[credit]：避免 1 个锁定标记。")
    b.paragraph(1).when("any_stolen", stolen)


@card(
    "the_helpful_ai",
    paragraphs=(1,),
    summary="Trash it: an icebreaker of the runner's choice gets +2 strength for the rest of the turn.",
)
def _the_helpful_ai(b: Builder) -> None:
    def use(x: Exec) -> None:
        breakers = [c for c in x.game.runner.rig if "icebreaker" in c.subtypes]
        chosen = x.pick(Phrase(N_("choose an icebreaker")), breakers, optional=False)
        if chosen is not None:
            x.lasting("strength_all", lambda g, this, c: 2 if c is chosen else 0, until="turn")
            x.game.log.add("strength", RUNNER, card=str(chosen), delta=2, strength=x.game.strength_of(chosen))

    def usable(g: NetrunnerGame, c: Card, window: str) -> bool:
        return any("icebreaker" in o.subtypes for o in g.runner.rig)

    b.paid([trash_self()], use, usable=usable)


@card(
    "underworld_contact",
    paragraphs=(0,),
    summary="As the runner's turn begins, gain 1 credit with a link strength of 2 or more.",
)
def _underworld_contact(b: Builder) -> None:
    def begins(x: Exec) -> None:
        if x.game.link() >= 2:
            x.do("你获得 1[credit]。")

    _when_turn_begins(b, begins)


@card(
    "pheromones",
    paragraphs=(0, 1),
    summary="Recurring credits for runs on HQ, as many as its virus counters.",
)
def _pheromones(b: Builder) -> None:
    _when_turn_begins(b, lambda x: _refill(x, x.card.counters.get("virus", 0)))

    def spend(g: NetrunnerGame, c: Card, purpose: str | None) -> bool:
        return g.current_run is not None and g.current_run.server == "hq"

    b.paragraph(1).spend_hosted(spend)


# ---------------------------------------------------------------- runner: identities


@card("whizzard_master_gamer", paragraphs=(0, 1), summary="3 recurring credits for trash costs.")
def _whizzard(b: Builder) -> None:
    _when_turn_begins(b, lambda x: _refill(x, 3))
    b.paragraph(1).spend_hosted(lambda g, c, purpose: purpose == "trash")
