"""Card scripts of the original Core Set: the cards and identities first printed there and not reprinted in the
sets other modules cover.

Frames several cards share: breaking subroutines of the ice being encountered by a breaker strong enough
(:func:`_break`), a strength change for the rest of a run or of one encounter (lasting
``strength_all`` hooks, lifted when the run ends), exposing an installed card (:func:`_expose`), what happened
during the runner's last turn (:func:`_ran_last_turn`), and an event that is in play while the run it makes
lasts (:func:`_in_play_for_run`: its access ability and hosted credits work during that run).

Left out (the report of the set's scripts lists them): hosted credits that pay the basic action to remove a tag
(Crash Space's first two paragraphs), recurring credits for installing virus programs only (Cyberfeeder), hosted
programs whose memory does not count (Djinn's first two), a prevention usable only the first time each turn
(Net Shield), a trash prevention limited to programs and hardware (Sacrificial Construct), and an interrupt on
exposing cards (Zaibatsu Loyalty).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from toolkit.engine.phrase import Phrase, Term
from toolkit.i18n import Nn_
from toolkit.i18n.words import N_

from ..decisions import Option
from ..state import CENTRALS, SEATS, Card, Encounter
from . import Builder, Exec, breaker_usable, card, click, counters, credit, load, one_console, this_card, this_ice

if TYPE_CHECKING:
    from ..game import NetrunnerGame

CORP = SEATS["corp"]
RUNNER = SEATS["runner"]
CORP_INSTALLABLE = ("ice", "asset", "upgrade", "agenda")


# ---------------------------------------------------------------- frames


def _by(side: str) -> Any:
    return Phrase(N_("trashed by the {side}"), side=Term("side", side))


def _virus_program(x: Exec) -> bool:
    """The card just installed is a virus program of the runner's."""
    c = x.event.get("card")
    return c is not None and c.side == "runner" and c.type == "program" and "virus" in c.subtypes


def _encounter(g: NetrunnerGame) -> Encounter | None:
    run = g.current_run
    return run.encounter if run is not None and not run.ended else None


def _break(x: Exec, count: int) -> int:
    """Break ``count`` unbroken subroutines of the ice encountered (the runner picks them), when this breaker is
    strong enough; how many broke."""
    g = x.game
    enc = x.ctx.encounter or _encounter(g)
    if enc is not None and g.strength_of(x.card) < g.strength_of(enc.ice):
        strength, needed = g.strength_of(x.card), g.strength_of(enc.ice)
        reason = Phrase(N_("strength {strength} is below {needed}"), strength=strength, needed=needed)
        g.log.add("break_failed", RUNNER, ice=str(enc.ice), reason=reason)
        return 0
    return x.break_subroutines(count)


def _boost_for_run(b: Builder, cost: int) -> Builder:
    """"N[credit]: +1 strength for the remainder of this run" (used while encountering ice)."""

    def boost(x: Exec) -> None:
        g = x.game
        if g.current_run is None:
            g.log.add("strength_failed", RUNNER, reason=Phrase(N_("no icebreaker is encountering ice")))
            return
        x.lasting("strength_all", lambda g, this, c: 1 if c is this and c in g.runner.rig else 0, until="run")
        g.log.add("strength", RUNNER, card=str(x.card), delta=1, strength=g.strength_of(x.card))

    def usable(g: NetrunnerGame, c: Card, window: str) -> bool:
        enc = _encounter(g)
        return window == "encounter" and enc is not None and g.strength_of(c) < g.strength_of(enc.ice)

    return b.paid([credit(cost)], boost, usable=usable, role="boost")


def _weaken_encountered(x: Exec) -> None:
    """The ice being encountered gets -1 strength until that encounter is over."""
    g = x.game
    enc = x.ctx.encounter or _encounter(g)
    if enc is None:
        g.log.add("strength_failed", RUNNER, reason=Phrase(N_("no ice is being encountered")))
        return

    def weaker(g: NetrunnerGame, this: Card, c: Card, enc: Encounter = enc) -> int:
        return -1 if c is enc.ice and _encounter(g) is enc else 0

    x.lasting("strength_all", weaker, until="run")
    g.log.add("strength", RUNNER, card=str(enc.ice), delta=-1, strength=g.strength_of(enc.ice), source=str(x.card))
    _check_parasites(g)


def _successful(run: Any) -> bool:
    return run is not None and bool(run.successful) and not run.ended


def _ran_last_turn(g: NetrunnerGame, successful: bool | None = None) -> bool:
    """Whether the runner made a run (a successful one, if asked) during its last turn (the turn before this
    one when the corp's turn is in progress: the sides take turns in alternation)."""
    last = g.turns - 1 if g.active == "corp" else g.turns - 2
    return any(turn == last and successful in (None, ok) for turn, _, ok in g.run_history)


def _shuffle(g: NetrunnerGame, side: str) -> None:
    player = g.corp if side == "corp" else g.runner
    g.rng.shuffle(player.deck)
    g.log.add("shuffle", player.seat, zone="rnd" if side == "corp" else "stack")


def _search_stack(x: Exec, fits: Callable[[Card], bool], prompt: Any) -> None:
    """Search the stack for a card that ``fits``, reveal it, add it to the grip; shuffle the stack."""
    g = x.game
    runner = g.runner
    found = [c for c in reversed(runner.deck) if fits(c)]
    picked = g.choose_many("runner", "search", prompt, found, 1)
    for c in picked:
        runner.deck.remove(c)
        runner.hand.append(c)
        g.log.add("search", RUNNER, card=str(c), zone="stack")
    if not picked:
        g.log.add("search_failed", RUNNER, zone="stack")
    _shuffle(g, "runner")


def _accessible(g: NetrunnerGame, c: Card) -> bool:
    """A card being accessed that can still be trashed: installed, or in HQ or R&D (not in Archives)."""
    return g.is_installed(c) or c in g.corp.hand or c in g.corp.deck


def _in_play_for_run(x: Exec, server: str) -> None:
    """Run ``server`` with this event in play until the run is over (its access ability, its hosted credits)."""
    g = x.game
    g.in_play.append(x.card)
    try:
        run = x.run_on(server)
        if g.current_run is run:
            g.runs.finish_run()  # access and the run's end happen while the event is in play
    finally:
        if x.card in g.in_play:
            g.in_play.remove(x.card)


def _exposable(g: NetrunnerGame) -> list[Card]:
    return [c for c in g.installed("corp") if not c.rezzed]


def _expose(x: Exec) -> None:
    """The runner exposes an installed face-down card: both players see it, and it stays as it is."""
    g = x.game
    cards = _exposable(g)
    if not cards:
        g.log.add("no_target", RUNNER, card=str(x.card), reason=Phrase(N_("no unrezzed card is installed")))
        return
    chosen = x.pick(Phrase(N_("expose which card")), cards, optional=False, side="runner")
    assert chosen is not None
    server = g.server_of(chosen)
    g.log.add("exposed", RUNNER, card=str(chosen), type=chosen.type, server=server.name if server else None)


def _check_parasites(g: NetrunnerGame) -> None:
    """Parasite: a host ice whose strength is 0 or less is trashed (checked whenever a script may have lowered
    it, and by each Parasite's own triggers)."""
    for parasite in [c for c in g.runner.rig if c.id == "parasite"]:
        host = parasite.host
        scripted = getattr(getattr(parasite.record, "reading", None), "scripted", None) or []
        if 3 not in scripted or host is None or not g.is_installed(host) or g.strength_of(host) > 0:
            continue
        g.trash(host, Phrase(N_("its strength is {n}"), n=g.strength_of(host)), by="runner")


# ---------------------------------------------------------------- ice


def _advanceable_ice(b: Builder) -> None:
    b.text("本牌可以被推进。")
    b.strength(lambda g, c: c.advancement)


@card("hadrians_wall", paragraphs=(0,), summary="Can be advanced; +1 strength for each advancement counter on it.")
def _hadrians_wall(b: Builder) -> None:
    _advanceable_ice(b)


@card("shadow", paragraphs=(0,), summary="Can be advanced; +1 strength for each advancement counter on it.")
def _shadow(b: Builder) -> None:
    _advanceable_ice(b)


@card("heimdall_1_0", paragraphs=(0,), summary="The runner may lose a click to break one of its subroutines.")
def _heimdall(b: Builder) -> None:
    b.runner_break(clicks=1, count=1)


@card("ichi_1_0", paragraphs=(0,), summary="The runner may lose a click to break one of its subroutines.")
def _ichi(b: Builder) -> None:
    b.runner_break(clicks=1, count=1)


@card("viktor_1_0", paragraphs=(0,), summary="The runner may lose a click to break one of its subroutines.")
def _viktor(b: Builder) -> None:
    b.runner_break(clicks=1, count=1)


@card("data_mine", paragraphs=(0,), summary="Subroutine: 1 net damage, then the ice trashes itself.")
def _data_mine(b: Builder) -> None:
    def sub(x: Exec) -> None:
        x.do("造成 1 点网域伤害。")
        if x.game.is_installed(x.card):
            x.game.trash(x.card, x.why, by="corp")

    b.subroutine(sub)


@card("data_raven", paragraphs=(0,), summary="When encountered, the runner takes 1 tag or ends the run.")
def _data_raven(b: Builder) -> None:
    def met(x: Exec) -> None:
        g = x.game
        prompt = Phrase(N_("{card}: take 1 tag or end the run"), card=str(x.card))
        texts = (Phrase(N_("take 1 tag")), Phrase(N_("end the run")))
        if g.confirm("runner", "optional", prompt, yes="tag", no="end_run", texts=texts):
            g.gain_tags(1)
        else:
            g.end_run(str(x.card))

    b.when("encounter", met, only=this_ice)


@card("matrix_analyzer", paragraphs=(0,), summary="When encountered, the corp may pay 1 credit to place an "
      "advancement counter on a card that can be advanced.")  # fmt: skip
def _matrix_analyzer(b: Builder) -> None:
    def met(x: Exec) -> None:
        g = x.game
        targets = [c for c in g.installed("corp") if g.can_advance(c)]
        if not targets or not g.can_pay("corp", 1):
            return
        if not x.may(Phrase(N_("{card}: pay {n}{credit} to place 1 advancement counter?"), card=str(x.card), n=1,
                            credit="[credit]")):  # fmt: skip
            return
        g.pay("corp", 1, str(x.card))
        target = x.choose(Phrase(N_("place 1 advancement counter on")), targets)
        g.place_advancement(target, 1)

    b.when("encounter", met, only=this_ice)


@card("cell_portal", paragraphs=(0,), summary="Subroutine: the runner goes back to the outermost position of the "
      "server (it may jack out before approaching again) and the ice is derezzed.")  # fmt: skip
def _cell_portal(b: Builder) -> None:
    def sub(x: Exec) -> None:
        g = x.game
        run = x.run
        if run is None or run.ended:
            return
        server = g.servers.get(run.server)
        if server is not None:
            # the engine passes this ice and moves one position in next: the movement step that follows lets the
            # runner jack out, and the run goes on with the outermost ice
            run.position = len(server.ice) + 1
            g.log.add("move", RUNNER, server=run.server, position=len(server.ice), reason=x.why)
        g.derez(x.card, x.why)

    b.subroutine(sub)


@card("chum", paragraphs=(0,), summary="Subroutine: the next ice encountered in this run has +2 strength; when "
      "that encounter ends with a subroutine unbroken, 3 net damage.")  # fmt: skip
def _chum(b: Builder) -> None:
    def sub(x: Exec) -> None:
        run = x.run
        if run is None or run.ended:
            return
        held = x.card.notes.get("armed")
        times = held[1] + 1 if held is not None and held[0] is run else 1
        x.card.notes["armed"] = (run, times)

    def armed(x: Exec) -> bool:
        held = x.card.notes.get("armed")
        return held is not None and held[0] is x.run and x.run.encounter is not None

    def met(x: Exec) -> None:
        run = x.run
        held = x.card.notes.pop("armed")
        x.card.notes["target"] = (run.encounter, held[1])

    def stronger(g: NetrunnerGame, this: Card, c: Card) -> int:
        held = this.notes.get("target")
        enc = _encounter(g)
        return 2 * held[1] if held is not None and enc is held[0] and c is enc.ice else 0

    def pending(x: Exec) -> bool:
        return "target" in x.card.notes or (x.event.get("run") is not None and "armed" in x.card.notes)

    def over(x: Exec) -> None:
        g = x.game
        if x.event.get("run") is not None:
            x.card.notes.pop("armed", None)  # the run is over: no next encounter
        held = x.card.notes.get("target")
        run = g.current_run
        if held is None or (run is not None and run.encounter is held[0]):
            return
        del x.card.notes["target"]
        enc, times = held
        if not enc.subs or enc.bypassed or any(not s.broken for s in enc.subs):
            g.damage("net", 3 * times)

    b.subroutine(sub)
    b.when("encounter", met, only=armed).when("pass_ice", over, only=pending).when("run_ends", over, only=pending)
    b.strength_all(stronger)


# ---------------------------------------------------------------- assets and upgrades


@card("adonis_campaign", paragraphs=(0,), summary="Loaded with 12 credits when rezzed; trashed once empty.")
def _adonis(b: Builder) -> None:
    load(b, "credit", 12, on="rezzed")


def _ambush(b: Builder, cost: int, prompt: Any, hit: Callable[[Exec, int], None]) -> None:
    """"If you pay ``cost`` when the runner accesses this card": the corp may pay, then ``hit`` with the number of
    advancement counters on it (asked only when it has some)."""

    def concerned(x: Exec) -> bool:
        return this_card(x) and x.game.is_installed(x.card) and x.card.advancement > 0 and x.game.can_pay("corp", cost)

    def accessed(x: Exec) -> None:
        g = x.game
        tokens = x.card.advancement
        if not x.may(Phrase(prompt, card=str(x.card), n=cost, m=tokens, credit="[credit]")):
            return
        if cost:
            g.pay("corp", cost, str(x.card))
        hit(x, tokens)

    b.when("access", accessed, only=concerned)


@card("aggressive_secretary", paragraphs=(1,), summary="When accessed, the corp may pay 2 credits to trash 1 "
      "program for each advancement counter on it.")  # fmt: skip
def _aggressive_secretary(b: Builder) -> None:
    def hit(x: Exec, tokens: int) -> None:
        g = x.game
        programs = [c for c in g.runner.rig if c.type == "program"]
        prompt = Phrase(N_("trash a {type}"), type=Term("card_type", "program"))
        for c in g.choose_many("corp", "target", prompt, programs, tokens):
            if c in g.runner.rig:
                g.trash(c, _by("corp"), by="corp")

    _ambush(b.paragraph(1), 2, Nn_("{card}: pay {n}{credit} to trash {m} program?",
                                   "{card}: pay {n}{credit} to trash {m} programs?", count="m"), hit)  # fmt: skip


@card("ghost_branch", paragraphs=(1,), summary="When accessed, the corp may give the runner 1 tag for each "
      "advancement counter on it.")  # fmt: skip
def _ghost_branch(b: Builder) -> None:
    _ambush(b.paragraph(1), 0, Nn_("{card}: give the runner {m} tag?", "{card}: give the runner {m} tags?", count="m"),
            lambda x, n: x.game.gain_tags(n))  # fmt: skip


@card("project_junebug", paragraphs=(1,), summary="When accessed, the corp may pay 1 credit to do 2 net damage for "
      "each advancement counter on it.")  # fmt: skip
def _project_junebug(b: Builder) -> None:
    _ambush(b.paragraph(1), 1, Nn_("{card}: pay {n}{credit} to do 2 net damage for each of its {m} advancement "
                                   "counter?", "{card}: pay {n}{credit} to do 2 net damage for each of its {m} "
                                   "advancement counters?", count="m"),
            lambda x, n: x.game.damage("net", 2 * n))  # fmt: skip


@card("red_herrings", paragraphs=(0,), summary="In a run on its server, stealing an agenda costs 5 credits more, for "
      "the whole run even once the upgrade is trashed.")  # fmt: skip
def _red_herrings(b: Builder) -> None:
    def on_its_server(x: Exec) -> bool:
        run = x.game.current_run
        server = x.game.server_of(x.card)
        return (
            run is not None
            and not run.ended
            and x.card.rezzed
            and server is not None
            and run.server == server.name
            and x.card.notes.get("run") is not run
        )

    def persist(x: Exec) -> None:
        g = x.game
        x.card.notes["run"] = g.current_run
        why = Phrase(N_("the additional cost of {card}"), card=str(x.card))

        def can(g: NetrunnerGame, agenda: Card) -> bool:
            return g.can_pay("runner", 5)

        def pay(g: NetrunnerGame, agenda: Card) -> None:
            g.pay("runner", 5, why)

        # a cost of the run, not of the card: it stays for the rest of the run even once the card is trashed
        g.add_lasting("steal_requires", x.card, (can, pay), "run")

    b.when("run_begins", persist, only=on_its_server)
    b.when("rezzed", persist, only=lambda x: this_card(x) and on_its_server(x))


@card("akitaro_watanabe", paragraphs=(0,), summary="Ice protecting its server costs 2 credits less to rez.")
def _akitaro(b: Builder) -> None:
    def cheaper(g: NetrunnerGame, this: Card, c: Card) -> int:
        server = g.server_of(this)
        return -2 if server is not None and c in server.ice else 0

    b.rez_cost(cheaper)


@card("experiential_data", paragraphs=(0,), summary="Ice protecting its server has +1 strength.")
def _experiential_data(b: Builder) -> None:
    def stronger(g: NetrunnerGame, this: Card, c: Card) -> int:
        server = g.server_of(this)
        return 1 if server is not None and c in server.ice else 0

    b.strength_all(stronger)


@card("research_station", paragraphs=(0,), summary="Installed only in the root of HQ.")
def _research_station(b: Builder) -> None:
    b.install_servers(lambda g, c, server: server == "hq")


@card("security_subcontract", paragraphs=(0,), summary="Click, trash a rezzed piece of ice: gain 4 credits.")
def _security_subcontract(b: Builder) -> None:
    def rezzed_ice(g: NetrunnerGame) -> list[Card]:
        return [c for c in g.installed("corp") if c.type == "ice" and c.rezzed]

    def sell(x: Exec) -> None:
        g = x.game
        ice = rezzed_ice(g)
        if not ice:
            g.log.add("no_target", CORP, card=str(x.card), reason=Phrase(N_("no rezzed ice is installed")))
            return
        chosen = x.choose(Phrase(N_("trash which ice")), ice)
        g.trash(chosen, Phrase(N_("the cost of {card}"), card=str(x.card)), by="corp")
        x.do("你获得 4[credit]。")

    b.paid([click()], sell, usable=lambda g, c, w: w == "action" and bool(rezzed_ice(g)))


# ---------------------------------------------------------------- agendas


@card("accelerated_beta_test", paragraphs=(0,), summary="When scored, the corp may look at the top 3 cards of R&D, "
      "install and rez any ice among them for free, and trash the rest.")  # fmt: skip
def _accelerated_beta_test(b: Builder) -> None:
    def scored(x: Exec) -> None:
        g = x.game
        if not g.corp.deck or not x.may(Phrase(N_("look at the top {n} cards of R&D?"), n=3)):
            return
        top = list(reversed(g.corp.deck[-3:]))  # the top card first
        for c in top:
            g.log.add("effect", CORP, visible=[CORP], card=str(c), zone="rnd", reason=x.why)
        for c in top:
            if c.type != "ice" or c not in g.corp.deck:
                continue
            if x.may(Phrase(N_("install and rez {card}, ignoring all costs?"), card=str(c))):
                g.corp.deck.remove(c)
                g.install("corp", c, pay=False)
                if g.is_installed(c) and not c.rezzed:
                    g.rez(c, free=True)
        for c in top:
            if c in g.corp.deck:
                g.trash(c, x.why, by="corp")

    b.when("agenda_scored", scored)


@card("astroscript_pilot_program", paragraphs=(1,), summary="An agenda counter: place 1 advancement counter on an "
      "installed card that can be advanced.")  # fmt: skip
def _astroscript(b: Builder) -> None:
    def advance(x: Exec) -> None:
        g = x.game
        targets = [c for c in g.installed("corp") if g.can_advance(c)]
        if not targets:
            g.log.add("advance_failed", CORP, reason=Phrase(N_("no installed card can be advanced")))
            return
        g.place_advancement(x.choose(Phrase(N_("place 1 advancement counter on")), targets), 1)

    b.paragraph(1).paid([counters("agenda", 1)], advance,
                        usable=lambda g, c, w: any(g.can_advance(o) for o in g.installed("corp")))  # fmt: skip


@card("breaking_news", paragraphs=(1,), summary="When a turn in which it was scored ends (after the discard "
      "phase), the runner removes 2 tags.")  # fmt: skip
def _breaking_news(b: Builder) -> None:
    def scored_this_turn(x: Exec) -> bool:
        name = str(x.card)
        return x.card in x.game.corp.score_area and any(e.get("card") == name for e in x.game.events_this_turn("score"))

    def shed(x: Exec) -> None:
        x.game.remove_tags(2)

    b.paragraph(1).when("turn_ends", shed, only=scored_this_turn)


@card("posted_bounty", paragraphs=(0,), summary="When scored, the corp may forfeit it: the runner takes 1 tag and "
      "the corp 1 bad publicity.")  # fmt: skip
def _posted_bounty(b: Builder) -> None:
    def scored(x: Exec) -> None:
        g = x.game
        prompt = Phrase(N_("forfeit {card} to give the runner 1 tag and take 1 bad publicity?"), card=str(x.card))
        options = [Option("keep", Phrase(N_("keep it")), False),
                   Option("forfeit", Phrase(N_("forfeit {card}"), card=str(x.card)), True)]  # fmt: skip
        if not g.ask("corp", "target", prompt, options).value:
            return
        g.forfeit(x.card, x.why)
        g.gain_tags(1)
        x.do("你获得 1 个负面声誉。")

    b.when("agenda_scored", scored)


@card("priority_requisition", paragraphs=(0,), summary="When scored, the corp may rez a piece of ice for free.")
def _priority_requisition(b: Builder) -> None:
    def scored(x: Exec) -> None:
        g = x.game
        ice = [c for c in g.installed("corp") if c.type == "ice" and not c.rezzed]
        chosen = x.pick(Phrase(N_("rez a piece of ice, ignoring all costs")), ice)
        if chosen is not None:
            g.rez(chosen, free=True)

    b.when("agenda_scored", scored)


@card("private_security_force", paragraphs=(0,), summary="While the runner is tagged, click: 1 meat damage.")
def _private_security_force(b: Builder) -> None:
    def hurt(x: Exec) -> None:
        if x.game.runner.tags > 0:
            x.do("造成 1 点肢体伤害。")

    b.paid([click()], hurt, usable=lambda g, c, w: w == "action" and g.runner.tags > 0)


# ---------------------------------------------------------------- operations


@card("aggressive_negotiation", paragraphs=(0, 1), summary="Only after scoring an agenda this turn: search R&D for "
      "any card and add it to HQ.")  # fmt: skip
def _aggressive_negotiation(b: Builder) -> None:
    def fetch(x: Exec) -> None:
        g = x.game
        if not g.corp.deck:
            g.log.add("search_failed", CORP, zone="rnd")
            return
        found = g.choose("corp", "search", Phrase(N_("search R&D for a card to add to HQ")), list(reversed(g.corp.deck)))
        g.corp.deck.remove(found)
        g.corp.hand.append(found)
        g.log.add("search", CORP, visible=[CORP], card=str(found), zone="rnd")
        _shuffle(g, "corp")

    b.paragraph(0).may_play(lambda g, c: bool(g.events_this_turn("score")))
    b.paragraph(1).play(fetch)


@card("closed_accounts", paragraphs=(0, 1), summary="Only while the runner is tagged: it loses all its credits.")
def _closed_accounts(b: Builder) -> None:
    b.paragraph(0).may_play(lambda g, c: g.runner.tags > 0)
    def play(x: Exec) -> None:
        x.game.lose_credits("runner", x.game.runner.credits)

    b.paragraph(1).play(play)


@card("neural_emp", paragraphs=(0,), summary="Only if the runner made a run during its last turn.")
def _neural_emp(b: Builder) -> None:
    b.may_play(lambda g, c: _ran_last_turn(g))


@card("sea_source", paragraphs=(0,), summary="Only if the runner made a successful run during its last turn.")
def _sea_source(b: Builder) -> None:
    b.may_play(lambda g, c: _ran_last_turn(g, successful=True))


@card("scorched_earth", paragraphs=(0,), summary="Only while the runner is tagged.")
def _scorched_earth(b: Builder) -> None:
    b.may_play(lambda g, c: g.runner.tags > 0)


@card("precognition", paragraphs=(0,), summary="Look at the top 5 cards of R&D and put them back in any order.")
def _precognition(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        deck = g.corp.deck
        top = list(reversed(deck[-5:]))  # the top card first
        for c in top:
            g.log.add("effect", CORP, visible=[CORP], card=str(c), zone="rnd", reason=x.why)
        order: list[Card] = []
        left = list(top)
        while len(left) > 1:
            prompt = Phrase(N_("which card goes on R&D in place {n} from the top"), n=len(order) + 1)
            chosen = g.choose("corp", "order", prompt, left)
            left.remove(chosen)
            order.append(chosen)
        order += left
        if top:
            del deck[-len(top) :]
            deck.extend(reversed(order))
            g.log.add("effect", CORP, cards=len(top), zone="rnd", reason=x.why)

    b.play(play)


@card("shipment_from_kaguya", paragraphs=(0,), summary="Place 1 advancement counter on each of up to 2 different "
      "installed cards that can be advanced.")  # fmt: skip
def _shipment_from_kaguya(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        done: list[Card] = []
        while len(done) < 2:
            targets = [c for c in g.installed("corp") if g.can_advance(c) and c not in done]
            prompt = Phrase(N_("place 1 advancement counter on ({n}/{most})"), n=len(done) + 1, most=2)
            chosen = x.pick(prompt, targets)
            if chosen is None:
                break
            g.place_advancement(chosen, 1)
            done.append(chosen)

    b.play(play)


@card("shipment_from_mirrormorph", paragraphs=(0,), summary="Install up to 3 cards from HQ, one at a time, paying "
      "their install costs.")  # fmt: skip
def _shipment_from_mirrormorph(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        for number in range(1, 4):
            options = [c for c in g.corp.hand if c.type in CORP_INSTALLABLE and g.can_install(c)]
            chosen = x.pick(Phrase(N_("install a card from HQ ({n}/{most})"), n=number, most=3), options)
            if chosen is None:
                return
            g.install("corp", chosen)

    b.play(play)


# ---------------------------------------------------------------- events


@card("account_siphon", paragraphs=(0,), summary="Run HQ; if successful, instead of breaching, may make the corp "
      "lose up to 5 credits, gain 2 credits for each one lost and take 2 tags.")  # fmt: skip
def _account_siphon(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        run = x.run_on("hq")
        if not _successful(run):
            return
        ask = Phrase(N_("instead of breaching HQ, make the corp lose up to {n}{credit}, gain 2{credit} for each and "
                        "take 2 tags?"), n=5, credit="[credit]")  # fmt: skip
        if not x.may(ask):
            return

        def siphon() -> None:
            most = min(5, g.corp.credits)
            amount = most
            if most > 0:
                prompt = Phrase(N_("{card}: how many credits the corp loses"), card=str(x.card))
                amount = int(g.choose("runner", "amount", prompt, list(range(most, -1, -1)), label=lambda v: f"x:{v}",
                                      text=str))  # fmt: skip
            lost = g.lose_credits("corp", amount)
            if lost:
                g.gain_credits("runner", 2 * lost, str(x.card))
            g.gain_tags(2)

        x.instead_of_breach(siphon)

    b.play(play)


@card("demolition_run", paragraphs=(0, 1), summary="Run HQ or R&D; during that run the runner may trash any card it "
      "accesses at no cost.")  # fmt: skip
def _demolition_run(b: Builder) -> None:
    def play(x: Exec) -> None:
        target = x.choose(Phrase(N_("run on which server")), ["hq", "rnd"], kind="server")
        _in_play_for_run(x, target)

    def trashable(x: Exec) -> bool:
        g = x.game
        target = x.event.get("card")
        return (
            x.card in g.in_play
            and target is not None
            and target.side == "corp"
            and not g.forbidden("trash_accessed")
            and _accessible(g, target)
            and g.may_trash(target, "runner")
        )

    def accessed(x: Exec) -> None:
        g = x.game
        target = x.event["card"]
        prompt = Phrase(N_("{card}: trash {target} at no cost?"), card=str(x.card), target=str(target))
        texts = (Phrase(N_("trash {card}"), card=str(target)), Phrase(N_("leave it")))
        if g.confirm("runner", "trash", prompt, yes=f"trash:{target.ref}", no="leave", texts=texts):
            g.trash(target, _by("runner"), by="runner")

    b.paragraph(0).play(play)
    b.paragraph(1).when("access", accessed, only=trashable)


@card("stimhack", paragraphs=(0,), summary="Run any server with 9 credits on the event that pay like the runner's "
      "own during the run; when the run ends, 1 brain damage that cannot be prevented.")  # fmt: skip
def _stimhack(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        x.card.credits += 9
        g.log.add("place_credits", RUNNER, card=str(x.card), amount=9, hosted=x.card.credits)
        x.when_run_ends(lambda run, successful: g.damage("brain", 1, preventable=False))
        _in_play_for_run(x, str(g.choose("runner", "server", Phrase(N_("run on which server")), list(g.servers))))
        x.card.credits = 0  # what is left goes back to the bank with the event

    b.play(play)
    b.spend_hosted(lambda g, this, purpose: this in g.in_play and g.current_run is not None)


@card("deja_vu", paragraphs=(0,), summary="Add 1 card from the heap to the grip, or up to 2 virus cards.")
def _deja_vu(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        heap = g.runner.discard
        if not heap:
            g.log.add("no_target", RUNNER, card=str(x.card), reason=Phrase(N_("the heap is empty")))
            return
        first = g.choose("runner", "target", Phrase(N_("add a card from your heap to your grip")), list(reversed(heap)))
        chosen = [first]
        if "virus" in first.subtypes:
            others = [c for c in reversed(heap) if c is not first and "virus" in c.subtypes]
            second = x.pick(Phrase(N_("add another virus card from your heap to your grip")), others)
            if second is not None:
                chosen.append(second)
        for c in chosen:
            heap.remove(c)
            g.runner.hand.append(c)
            g.log.add("move", RUNNER, card=str(c), zone="heap", to=Term("zone", "grip"))

    b.play(play)


@card("infiltration", paragraphs=(0,), summary="Gain 2 credits or expose 1 card.")
def _infiltration(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        prompt = Phrase(N_("{card}: gain credits or expose a card"), card=str(x.card))
        texts = (Phrase(N_("gain {n}{credit}"), n=2, credit="[credit]"), Phrase(N_("expose 1 card")))
        if not _exposable(g) or g.confirm("runner", "target", prompt, yes="credits", no="expose", texts=texts):
            x.do("你获得 2[credit]。")
        else:
            _expose(x)

    b.play(play)


def _installable(g: NetrunnerGame, c: Card, less: int = 0) -> bool:
    """Whether the runner may install ``c`` now, paying ``less`` less."""
    if c.type not in ("program", "hardware", "resource") or not g.may_install(c):
        return False
    if c.type == "program" and int(c.record.memory_cost or 0) > g.memory_limit():
        return False
    return g.can_pay("runner", max(0, g.install_cost(c) - less), "install")


@card("tinkering", paragraphs=(0,), summary="A piece of ice becomes a sentry, a code gate and a barrier until the "
      "end of the turn.")  # fmt: skip
def _tinkering(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        ice = [c for server in g.servers.values() for c in server.ice]
        chosen = x.pick(Phrase(N_("choose a piece of ice")), ice, optional=False)
        if chosen is None:
            g.log.add("no_target", RUNNER, card=str(x.card), reason=Phrase(N_("no ice is installed")))
            return
        x.gain_subtypes(chosen, ["sentry", "code_gate", "barrier"], until="turn")
        server = g.server_of(chosen)
        shown = str(chosen) if chosen.rezzed else Phrase(N_("a face-down card in {server}"),
                                                         server=Term("zone", server.name if server else ""))  # fmt: skip
        g.log.add("effect", RUNNER, card=shown, subtypes=list(chosen.subtypes), reason=x.why)

    b.play(play)


@card("modded", paragraphs=(0,), summary="Install a program or a piece of hardware from the grip for 3 credits less.")
def _modded(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        options = [c for c in g.runner.hand if c.type in ("program", "hardware") and _installable(g, c, 3)]
        if not options:
            g.log.add("install_failed", RUNNER, reason=Phrase(N_("no program or hardware in the grip can be "
                                                                 "installed")))  # fmt: skip
            return
        prompt = Phrase(N_("install which card, paying {n}{credit} less"), n=3, credit="[credit]")
        x.install_from(x.choose(prompt, options, kind="install"), less=3)

    b.play(play)


@card("special_order", paragraphs=(0,), summary="Search the stack for an icebreaker, reveal it, add it to the grip.")
def _special_order(b: Builder) -> None:
    def play(x: Exec) -> None:
        _search_stack(x, lambda c: c.type == "program" and "icebreaker" in c.subtypes,
                      Phrase(N_("search your stack for an icebreaker")))  # fmt: skip

    b.play(play)


# ---------------------------------------------------------------- programs


@card("battering_ram", paragraphs=(1,), summary="1 credit: +1 strength for the rest of the run.")
def _battering_ram(b: Builder) -> None:
    _boost_for_run(b.paragraph(1), 1)


@card("pipeline", paragraphs=(1,), summary="2 credits: +1 strength for the rest of the run.")
def _pipeline(b: Builder) -> None:
    _boost_for_run(b.paragraph(1), 2)


@card("crypsis", paragraphs=(0, 3), summary="1 credit: break 1 subroutine of any ice; after an encounter it broke "
      "a subroutine in, remove 1 of its virus counters or trash it.")  # fmt: skip
def _crypsis(b: Builder) -> None:
    def breaks(x: Exec) -> None:
        if _break(x, 1):
            x.card.notes["broke"] = x.ctx.encounter or _encounter(x.game)

    def encounter_over(x: Exec) -> bool:
        enc = x.card.notes.get("broke")
        run = x.game.current_run
        return enc is not None and (run is None or run.encounter is not enc)

    def over(x: Exec) -> None:
        g = x.game
        del x.card.notes["broke"]
        if x.card.counters.get("virus", 0) > 0:
            g.add_counters(x.card, "virus", -1)
        elif x.card in g.runner.rig:
            g.trash(x.card, x.why, by="runner")

    b.paragraph(0).paid([credit(1)], breaks, role="break",
                        usable=breaker_usable())  # fmt: skip
    b.paragraph(3).when("pass_ice", over, only=encounter_over).when("run_ends", over, only=encounter_over)


@card("wyrm", paragraphs=(0, 1), summary="3 credits: break 1 subroutine of ice with strength 0 or less; 1 credit: "
      "the ice encountered has -1 strength for the encounter.")  # fmt: skip
def _wyrm(b: Builder) -> None:
    usable_break = breaker_usable(lambda g, c, enc: g.strength_of(enc.ice) <= 0)

    def breaks(x: Exec) -> None:
        g = x.game
        enc = x.ctx.encounter or _encounter(g)
        if enc is not None and g.strength_of(enc.ice) > 0:
            reason = Phrase(N_("{ice} has strength {n}"), ice=str(enc.ice), n=g.strength_of(enc.ice))
            g.log.add("break_failed", RUNNER, ice=str(enc.ice), reason=reason)
            return
        _break(x, 1)

    b.paragraph(0).paid([credit(3)], breaks, role="break", usable=usable_break)
    b.paragraph(1).paid([credit(1)], _weaken_encountered,
                        usable=lambda g, c, w: w == "encounter" and _encounter(g) is not None)  # fmt: skip


@card("datasucker", paragraphs=(1,), summary="A virus counter: the ice encountered has -1 strength for the "
      "encounter.")  # fmt: skip
def _datasucker(b: Builder) -> None:
    b.paragraph(1).paid([counters("virus", 1)], _weaken_encountered,
                        usable=lambda g, c, w: w == "encounter" and _encounter(g) is not None)  # fmt: skip


@card("medium", paragraphs=(1,), summary="At each breach of R&D, access as many more cards as the runner picks, "
      "fewer than its virus counters.")  # fmt: skip
def _medium(b: Builder) -> None:
    def breach(x: Exec) -> None:
        g = x.game
        hosted = x.card.counters.get("virus", 0)
        prompt = Phrase(N_("{card}: access how many more cards"), card=str(x.card))
        amount = int(g.choose("runner", "amount", prompt, list(range(hosted - 1, -1, -1)), label=lambda v: f"x:{v}",
                              text=str))  # fmt: skip
        if amount:
            x.do(f"你额外读取 {amount} 张牌。")

    b.paragraph(1).when("breach", breach,
                        only=lambda x: x.event.get("server") == "rnd" and x.card.counters.get("virus", 0) > 1)  # fmt: skip


@card("parasite", paragraphs=(0, 2, 3), summary="Installed on a rezzed piece of ice; the host has -1 strength for "
      "each virus counter on it and is trashed once its strength is 0 or less.")  # fmt: skip
def _parasite(b: Builder) -> None:
    b.paragraph(0).hosts(lambda g, c: [o for o in g.installed("corp") if o.type == "ice" and o.rezzed])
    b.paragraph(2).strength_all(lambda g, this, c: -this.counters.get("virus", 0) if c is this.host else 0)

    def check(x: Exec) -> None:
        _check_parasites(x.game)

    def weak(x: Exec) -> bool:
        host = x.card.host
        return host is not None and x.game.is_installed(host) and x.game.strength_of(host) <= 0

    # the strength is checked whenever it may have changed: once installed, as turns begin (after the turn's
    # virus counter), after each action, and as ice is encountered
    for timing in ("installed", "turn_begins", "action_taken", "encounter"):
        b.paragraph(3).when(timing, check, only=weak)


@card("djinn", paragraphs=(2,), summary="Click, 1 credit: search the stack for a virus program, reveal it, add it "
      "to the grip.")  # fmt: skip
def _djinn(b: Builder) -> None:
    def fetch(x: Exec) -> None:
        _search_stack(x, lambda c: c.type == "program" and "virus" in c.subtypes,
                      Phrase(N_("search your stack for a virus program")))  # fmt: skip

    b.paragraph(2).paid([click(), credit(1)], fetch, usable=lambda g, c, w: w == "action")


# ---------------------------------------------------------------- hardware


@card("desperado", paragraphs=(1, 2), summary="Gain 1 credit after each successful run. One console only.")
def _desperado(b: Builder) -> None:
    b.paragraph(1).text("当潜袭成功时：你获得 1[credit]。")
    one_console(b.paragraph(2))


@card("grimoire", paragraphs=(1, 2), summary="Each virus program installed gets a virus counter. One console only.")
def _grimoire(b: Builder) -> None:
    def installed(x: Exec) -> None:
        program = x.event["card"]
        if program in x.game.runner.rig:
            x.game.add_counters(program, "virus", 1)

    b.paragraph(1).when("any_installed", installed, only=_virus_program)
    one_console(b.paragraph(2))


@card("the_toolbox", paragraphs=(3,), summary="One console only.")
def _the_toolbox(b: Builder) -> None:
    one_console(b.paragraph(3))


@card("lemuria_codecracker", paragraphs=(0,), summary="Click, 1 credit: expose 1 card; only after a successful HQ "
      "run this turn.")  # fmt: skip
def _lemuria(b: Builder) -> None:
    def usable(g: NetrunnerGame, c: Card, window: str) -> bool:
        hq = any(turn == g.turns and where == "hq" and ok for turn, where, ok in g.run_history)
        return window == "action" and hq and bool(_exposable(g))

    b.paid([click(), credit(1)], _expose, usable=usable)


@card("rabbit_hole", paragraphs=(1,), summary="When installed, may search the stack for another copy and install "
      "it, paying its cost.")  # fmt: skip
def _rabbit_hole(b: Builder) -> None:
    def installed(x: Exec) -> None:
        g = x.game
        copies = [c for c in reversed(g.runner.deck) if c.id == x.card.id]
        if not copies or not g.can_install(copies[0]):
            return
        if not x.may(Phrase(N_("search your stack for another copy of {card} and install it?"), card=str(x.card))):
            return
        copy = copies[0]
        g.runner.deck.remove(copy)
        g.log.add("search", RUNNER, card=str(copy), zone="stack")
        g.install("runner", copy)
        _shuffle(g, "runner")

    b.paragraph(1).when("installed", installed, only=this_card)


@card("the_personal_touch", paragraphs=(0, 1), summary="Installed on an icebreaker, which has +1 strength.")
def _the_personal_touch(b: Builder) -> None:
    b.paragraph(0).hosts(lambda g, c: [o for o in g.runner.rig if o.type == "program" and "icebreaker" in o.subtypes])
    b.paragraph(1).strength_all(lambda g, this, c: 1 if c is this.host else 0)


# ---------------------------------------------------------------- resources


@card("armitage_codebusting", paragraphs=(0,), summary="Loaded with 12 credits when installed; trashed once empty.")
def _armitage(b: Builder) -> None:
    load(b, "credit", 12, on="installed")


@card("bank_job", paragraphs=(0, 1), summary="Loaded with 8 credits when installed, trashed once empty; a "
      "successful remote run may take any number of them instead of breaching.")  # fmt: skip
def _bank_job(b: Builder) -> None:
    load(b, "credit", 8, on="installed")

    def remote(x: Exec) -> bool:
        run = x.run
        return (
            run is not None
            and run.server not in CENTRALS
            and run.instead_of_breach is None
            and x.card.credits > 0
            and x.card in x.game.runner.rig
        )

    def successful(x: Exec) -> None:
        g = x.game
        run = x.run
        ask = Phrase(N_("instead of breaching {server}, take credits from {card}?"), server=Term("zone", run.server),
                     card=str(x.card))  # fmt: skip
        if not x.may(ask):
            return

        def take() -> None:
            most = x.card.credits
            if most <= 0:
                return
            prompt = Phrase(N_("take how many credits from {card}"), card=str(x.card))
            amount = int(g.choose("runner", "amount", prompt, list(range(most, 0, -1)), label=lambda v: f"x:{v}",
                                  text=str))  # fmt: skip
            x.card.credits -= amount
            g.log.add("take_credits", RUNNER, card=str(x.card), amount=amount, hosted=x.card.credits)
            g.gain_credits("runner", amount, Phrase(N_("taken from {card}"), card=str(x.card)))
            g.check_empty(x.card)

        x.instead_of_breach(take)

    b.paragraph(1).when("run_successful", successful, only=remote)


@card("crash_space", paragraphs=(2,), summary="Trash it: prevent up to 3 meat damage.")
def _crash_space(b: Builder) -> None:
    b.paragraph(2).text("[trash]：防止 3 点肢体伤害。")


@card("decoy", paragraphs=(0,), summary="Trash it: avoid 1 tag.")
def _decoy(b: Builder) -> None:
    b.text("[trash]：避免 1 个锁定标记。")


@card("data_dealer", paragraphs=(0,), summary="Click, forfeit an agenda: gain 9 credits.")
def _data_dealer(b: Builder) -> None:
    def sell(x: Exec) -> None:
        g = x.game
        if not g.runner.score_area:
            g.log.add("no_target", RUNNER, card=str(x.card), reason=Phrase(N_("no agenda to forfeit")))
            return
        agenda = x.choose(Phrase(N_("forfeit which agenda")), list(g.runner.score_area))
        g.forfeit(agenda, Phrase(N_("the cost of {card}"), card=str(x.card)))
        x.do("你获得 9[credit]。")

    b.paid([click()], sell, usable=lambda g, c, w: w == "action" and bool(g.runner.score_area))


@card("wyldside", paragraphs=(0,), summary="When the runner's turn begins: draw 2 cards, then lose a click.")
def _wyldside(b: Builder) -> None:
    b.text("你的回合开始时：你抽 2 张牌。潜袭者失去 [click]。")


# ---------------------------------------------------------------- identities


@card("gabriel_santiago_consummate_professional", paragraphs=(0,), summary="The first successful HQ run each "
      "turn gives 2 credits.")  # fmt: skip
def _gabriel(b: Builder) -> None:
    def first_hq(x: Exec) -> bool:
        run = x.run
        return (
            run is not None
            and run.server == "hq"
            and not x.ran_this_turn("hq", successful=True)
            and x.card.notes.get("hq") != x.game.turns
        )

    def successful(x: Exec) -> None:
        if x.once_per_turn("hq"):
            x.do("你获得 2[credit]。")

    b.when("run_successful", successful, only=first_hq)


@card("haas_bioroid_engineering_the_future", paragraphs=(0,), summary="The first card the corp installs each turn "
      "gives 1 credit.")  # fmt: skip
def _engineering_the_future(b: Builder) -> None:
    def first(x: Exec) -> bool:
        c = x.event.get("card")
        return c is not None and c.side == "corp" and x.card.notes.get("install") != x.game.turns

    def installed(x: Exec) -> None:
        if x.once_per_turn("install"):
            x.do("你获得 1[credit]。")

    b.when("any_installed", installed, only=first)


@card("kate_mac_mccaffrey_digital_tinker", paragraphs=(0,), summary="The first program or piece of hardware "
      "installed each turn costs 1 credit less.")  # fmt: skip
def _kate(b: Builder) -> None:
    def first(x: Exec) -> bool:
        c = x.event.get("card")
        return (
            c is not None
            and c.side == "runner"
            and c.type in ("program", "hardware")
            and x.card.notes.get("installed") != x.game.turns
        )

    def installed(x: Exec) -> None:
        x.card.notes["installed"] = x.game.turns

    def cheaper(g: NetrunnerGame, this: Card, c: Card) -> int:
        if c.side != "runner" or c.type not in ("program", "hardware"):
            return 0
        return 0 if this.notes.get("installed") == g.turns else -1

    b.when("any_installed", installed, only=first).install_cost(cheaper)


@card("nbn_making_news", paragraphs=(0, 1), summary="2 recurring credits that pay only for traces.")
def _making_news(b: Builder) -> None:
    b.paragraph(0).text("本牌有 2 点循环信用点，只能用于提升追踪强度。")


@card("noise_hacker_extraordinaire", paragraphs=(0,), summary="Each virus program the runner installs trashes the "
      "top card of R&D.")  # fmt: skip
def _noise(b: Builder) -> None:
    def installed(x: Exec) -> None:
        g = x.game
        if g.corp.deck:
            g.trash(g.corp.deck[-1], x.why, by="corp")

    b.when("any_installed", installed, only=_virus_program)
