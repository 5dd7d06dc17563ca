"""Card scripts of Order and Chaos (the Weyland Consortium and Anarch deluxe expansion): the cards and identities
no template reads whole.

Some frames recur: ice that can be advanced and whose rez cost falls with each advancement counter
(:func:`_cheaper_when_advanced`); a subroutine that resolves a subroutine of another rezzed piece of ice
(:func:`_resolve_other`); a run event that stays in play while its run goes on, so that its own triggers work
during the run (:func:`_event_run`), used by the sabotage events that trash the first ice of a subtype the
runner fully breaks; a condition operation that stays in play hosted on a piece of ice (:func:`_condition`);
a card that is revealed when accessed in R&D (:func:`_reveal_in_rnd`). Cards whose text needs what the engine
does not model are left out; the report of the set's scripts lists them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from toolkit.engine.phrase import Phrase, Term
from toolkit.i18n.words import N_
from toolkit.text import ast as A
from toolkit.text import parse_cached
from toolkit.text.render import render

from ..run import gain_subroutines
from ..state import SEATS, Card, Context, RunState
from . import (
    Builder,
    Exec,
    breaker_usable,
    card,
    click,
    counters,
    credit,
    current,
    installed_place,
    one_console,
    this_card,
    trash_self,
)

if TYPE_CHECKING:
    from ..game import NetrunnerGame

CORP = SEATS["corp"]
RUNNER = SEATS["runner"]
END_THE_RUN = "[subroutine] 终止潜袭。"


# ---------------------------------------------------------------- shared pieces


def _ice(g: NetrunnerGame) -> list[Card]:
    return [c for c in g.installed("corp") if c.type == "ice"]


def _advanceable_ice(g: NetrunnerGame) -> list[Card]:
    return [c for c in _ice(g) if g.can_advance(c)]


def _won(run: RunState | None) -> bool:
    return run is not None and run.successful and not run.ended


def _encountering(g: NetrunnerGame) -> Any:
    run = g.current_run
    return run.encounter if run is not None else None


def _gain_bad_publicity(g: NetrunnerGame, amount: int) -> None:
    g.corp.bad_publicity += amount
    g.log.add("bad_publicity", CORP, amount=amount, bad_publicity=g.corp.bad_publicity)


def _reveal_in_rnd(x: Exec) -> None:
    """"While the runner is accessing this card in R&D, they must reveal it": shown to both players."""
    if x.card in x.game.corp.deck:
        x.game.log.add("reveal", CORP, cards=[str(x.card)], zone="rnd")


def _cheaper_when_advanced(b: Builder) -> None:
    """"This ice can be advanced and its rez cost is lowered by 3 for each advancement counter on it"."""
    b.text("本牌可以被推进。")
    b.own_rez_cost(lambda g, this, c: -3 * c.advancement)


def _resolve_other(x: Exec) -> None:
    """A subroutine: the corp picks another rezzed piece of ice and one of its subroutines, which resolves now
    (as that ice's, in the encounter in progress)."""
    g = x.game
    others = [c for c in _ice(g) if c.rezzed and c is not x.card and any(a.kind == "subroutine" for a in g.abilities(c))]
    ice = x.pick(Phrase(N_("resolve a subroutine of which piece of ice")), others, optional=False)
    if ice is None:
        g.log.add("effect", CORP, card=str(x.card), reason=Phrase(N_("no other rezzed ice has a subroutine")))
        return
    subs = list(enumerate((a for a in g.abilities(ice) if a.kind == "subroutine"), start=1))
    index, ability = g.choose(
        "corp",
        "subroutine",
        Phrase(N_("resolve which subroutine of {ice}"), ice=str(ice)),
        subs,
        label=lambda s: f"sub:{s[0]}",
        text=lambda s: Phrase(N_("subroutine {index}: {text}"), index=s[0], text=render(s[1])),
    )
    g.log.add("subroutine", CORP, ice=str(ice), index=index, text=render(ability), by=str(x.card))
    g.execute(ability, Context("corp", ice, x.run, encounter=x.ctx.encounter), pay=False)


def _event_run(x: Exec, server: str) -> RunState:
    """A run event's run: the event stays in play (active) while the run goes on, so its own triggers work
    during it; the run ends here, access included."""
    g = x.game
    g.in_play.append(x.card)
    try:
        run: RunState = x.run_on(server)
        if g.current_run is run:
            g.runs.finish_run()
    finally:
        if x.card in g.in_play:
            g.in_play.remove(x.card)
    return run


def _condition(b: Builder, hooked: Callable[[Exec, Card], None] | None = None) -> None:
    """"Install this operation on a rezzed piece of ice as a hosted condition counter": it stays in play on the
    ice the corp picks (``hooked(x, ice)`` then), and goes to Archives when that ice is trashed."""

    def play(x: Exec) -> None:
        g = x.game
        options = [c for c in _ice(g) if c.rezzed]
        ice = x.pick(Phrase(N_("host {card} on which piece of ice"), card=str(x.card)), options, optional=False)
        if ice is None:
            return
        x.card.notes["host"] = ice
        g.log.add("host", CORP, card=str(x.card), host=str(ice))
        if hooked is not None:
            hooked(x, ice)

    def leave(x: Exec) -> None:
        x.game.leave_in_play(x.card, Phrase(N_("its host {card} left play"), card=str(x.event.get("card"))))

    current(b, until=())
    b.may_play(lambda g, c: any(i.rezzed for i in _ice(g)))
    b.play(play)
    b.when("trashed", leave,
           only=lambda x: x.card in x.game.in_play and x.event.get("card") is x.card.notes.get("host"))  # fmt: skip


def _host(g: NetrunnerGame, this: Card) -> Card | None:
    """The ice a condition in play is hosted on."""
    host = this.notes.get("host")
    return host if isinstance(host, Card) and this in g.in_play and g.is_installed(host) else None


# ---------------------------------------------------------------- corp: ice


@card("asteroid_belt", paragraphs=(0,), summary="Can be advanced; its rez cost is 3 lower for each advancement "
      "counter on it.")  # fmt: skip
def _asteroid_belt(b: Builder) -> None:
    _cheaper_when_advanced(b)


@card("nebula", paragraphs=(0,), summary="Can be advanced; its rez cost is 3 lower for each advancement counter "
      "on it.")  # fmt: skip
def _nebula(b: Builder) -> None:
    _cheaper_when_advanced(b)


@card("wormhole", paragraphs=(0, 1), summary="Can be advanced, 3 cheaper to rez for each advancement counter on it; "
      "subroutine: a subroutine of another rezzed piece of ice resolves.")  # fmt: skip
def _wormhole(b: Builder) -> None:
    _cheaper_when_advanced(b)
    b.paragraph(1).subroutine(_resolve_other)


@card("orion", paragraphs=(0, 2), summary="Can be advanced, 3 cheaper to rez for each advancement counter on it; its "
      "second subroutine resolves a subroutine of another rezzed piece of ice.")  # fmt: skip
def _orion(b: Builder) -> None:
    _cheaper_when_advanced(b)
    b.paragraph(2).subroutine(_resolve_other)


@card("fire_wall", paragraphs=(0,), summary="Can be advanced; +1 strength for each advancement counter on it.")
def _fire_wall(b: Builder) -> None:
    b.text("本牌可以被推进。")
    b.strength(lambda g, c: c.advancement)


@card("searchlight", paragraphs=(0, 1, 2), summary="Can be advanced; two subroutines, each a trace whose base "
      "strength is its advancement counters: if successful, the runner takes 1 tag.")  # fmt: skip
def _searchlight(b: Builder) -> None:
    def sub(x: Exec) -> None:
        x.do(f"追踪[{x.card.advancement}]。如果追踪成功，潜袭者获得 1 个锁定标记。")

    b.text("本牌可以被推进。")
    b.paragraph(1).subroutine(sub)
    b.paragraph(2).subroutine(sub)


@card("checkpoint", paragraphs=(1,), summary="Subroutine: trace 5; if successful, 3 meat damage once the run is "
      "successful (as the server is breached, or when the run ends if there is no breach).")  # fmt: skip
def _checkpoint(b: Builder) -> None:
    def pending(x: Exec) -> list[dict[str, Any]]:
        return [p for p in x.card.notes.get("pending", []) if p["run"] is x.run and not p["done"]]

    def hurt(g: NetrunnerGame, promise: dict[str, Any]) -> None:
        if not promise["done"]:
            promise["done"] = True
            g.damage("meat", 3)

    def sub(x: Exec) -> None:
        g = x.game
        x.do("追踪[5]。")
        if not x.ctx.trace or x.run is None:
            return
        promise: dict[str, Any] = {"run": x.run, "done": False}
        x.card.notes.setdefault("pending", []).append(promise)
        x.when_run_ends(lambda run, successful: hurt(g, promise) if successful else None)

    def breached(x: Exec) -> None:
        for promise in pending(x):
            hurt(x.game, promise)

    b.paragraph(1).subroutine(sub).when("breach", breached, only=lambda x: bool(pending(x)))


@card("builder", paragraphs=(0, 1, 2), summary="Click: move it to the outermost position of any server; two "
      "subroutines, each placing 1 advancement counter on a piece of ice of its server that can be advanced.")  # fmt: skip
def _builder(b: Builder) -> None:
    def move(x: Exec) -> None:
        g = x.game
        here = g.server_of(x.card)
        if here is None:
            return
        prompt = Phrase(N_("move {card} to the outermost position of which server"), card=str(x.card))
        name = str(x.choose(prompt, list(g.servers), kind="server"))
        target = g.servers[name]
        here.ice.remove(x.card)
        if target is not here and here.remote and not here.ice and not here.root:
            del g.servers[here.name]
        target.ice.append(x.card)
        g.log.add("move", CORP, card=str(x.card), zone=installed_place(here.name, True),
                  to=installed_place(target.name, True))  # fmt: skip

    def advance(x: Exec) -> None:
        g = x.game
        server = g.server_of(x.card)
        targets = [c for c in server.ice if g.can_advance(c)] if server is not None else []
        chosen = x.pick(Phrase(N_("place 1 advancement counter on a piece of ice")), targets, optional=False)
        if chosen is None:
            g.log.add("advance_failed", CORP, reason=Phrase(N_("no ice of this server can be advanced")))
            return
        g.place_advancement(chosen, 1)

    b.paid([click()], move, usable=lambda g, c, w: w == "action" and g.server_of(c) is not None)
    b.paragraph(1).subroutine(advance)
    b.paragraph(2).subroutine(advance)


# ---------------------------------------------------------------- corp: operations


@card("traffic_accident", paragraphs=(0,), summary="Playable only while the runner has 2 or more tags.")
def _traffic_accident(b: Builder) -> None:
    b.may_play(lambda g, c: g.runner.tags >= 2)


@card("housekeeping", paragraphs=(0, 1), summary="A current (until another current is played or an agenda is "
      "stolen): the first time each turn the runner installs a card, they trash a card from the grip.")  # fmt: skip
def _housekeeping(b: Builder) -> None:
    def installed(x: Exec) -> None:
        g = x.game
        installs = [e for e in list(g.log)[g.turn_started_at :] if e.kind == "install" and e.player == RUNNER]
        if len(installs) != 1 or not g.runner.hand:
            return
        victim = x.choose(Phrase(N_("trash a card from your grip")), list(g.runner.hand), side="runner")
        g.trash(victim, x.why, by="runner")

    current(b, until=("any_stolen",))
    b.paragraph(1).when("any_installed", installed, only=lambda x: getattr(x.event.get("card"), "side", None) == "runner")


@card("patch", paragraphs=(0,), summary="A condition on a rezzed piece of ice: the host ice has +2 strength.")
def _patch(b: Builder) -> None:
    _condition(b)
    b.strength_all(lambda g, this, c: 2 if _host(g, this) is c else 0)


@card("sub_boost", paragraphs=(0,), summary="A condition on a rezzed piece of ice: the host ice gains barrier and "
      "a last subroutine that ends the run.")  # fmt: skip
def _sub_boost(b: Builder) -> None:
    def hooked(x: Exec, ice: Card) -> None:
        x.gain_subtypes(ice, ["barrier"])

    def met(x: Exec) -> None:
        enc = _encountering(x.game)
        if enc is not None and enc.ice is _host(x.game, x.card):
            gain_subroutines(x.game, enc, [parse_cached(END_THE_RUN)], by=x.card)

    _condition(b, hooked)
    b.when("encounter", met, only=lambda x: x.event.get("ice") is _host(x.game, x.card))


# ---------------------------------------------------------------- corp: agendas


@card("firmware_updates", paragraphs=(1,), summary="Once per turn, for one of its agenda counters: 1 advancement "
      "counter on an installed piece of ice that can be advanced.")  # fmt: skip
def _firmware_updates(b: Builder) -> None:
    def place(x: Exec) -> None:
        g = x.game
        chosen = x.pick(Phrase(N_("place 1 advancement counter on a piece of ice")), _advanceable_ice(g), optional=False)
        if chosen is not None:
            g.place_advancement(chosen, 1)

    b.paragraph(1).paid([counters("agenda", 1)], place, once_per_turn=True,
                        usable=lambda g, c, w: bool(_advanceable_ice(g)))  # fmt: skip


@card("high_risk_investment", paragraphs=(1,), summary="Click and one of its agenda counters: gain as many credits "
      "as the runner has.")  # fmt: skip
def _high_risk_investment(b: Builder) -> None:
    def gain(x: Exec) -> None:
        g = x.game
        if g.runner.credits:
            g.gain_credits("corp", g.runner.credits, x.why)

    b.paragraph(1).paid([click(), counters("agenda", 1)], gain, usable=lambda g, c, w: w == "action")


# ---------------------------------------------------------------- corp: assets and upgrades


@card("constellation_protocol", paragraphs=(0,), summary="As the corp's turn begins, it may move an advancement "
      "counter from a piece of ice to another installed piece of ice that can be advanced.")  # fmt: skip
def _constellation_protocol(b: Builder) -> None:
    def targets(g: NetrunnerGame, source: Card) -> list[Card]:
        return [c for c in _advanceable_ice(g) if c is not source]

    def begin(x: Exec) -> None:
        g = x.game
        sources = [c for c in _ice(g) if c.advancement > 0 and targets(g, c)]
        source = x.pick(Phrase(N_("move 1 advancement counter from")), sources)
        if source is None:
            return
        target = x.pick(Phrase(N_("move 1 advancement counter to")), targets(g, source), optional=False)
        if target is None:
            return
        g.add_counters(source, "advancement", -1)
        g.place_advancement(target, 1)

    b.when("your_turn_start", begin)


@card("cyberdex_virus_suite", paragraphs=(0, 1), summary="Revealed when accessed in R&D; when the runner accesses "
      "it, the corp may purge virus counters.")  # fmt: skip
def _cyberdex_virus_suite(b: Builder) -> None:
    def accessed(x: Exec) -> None:  # both paragraphs in one trigger: the reveal comes first
        _reveal_in_rnd(x)
        if x.may(Phrase(N_("{card}: purge virus counters?"), card=str(x.card))):
            x.game.purge()

    b.when("access", accessed, only=this_card)


@card("space_camp", paragraphs=(0, 1), summary="Revealed when accessed in R&D; when the runner accesses it, the "
      "corp may place 1 advancement counter on an installed card it can advance.")  # fmt: skip
def _space_camp(b: Builder) -> None:
    def accessed(x: Exec) -> None:
        g = x.game
        _reveal_in_rnd(x)
        targets = [c for c in g.installed("corp") if g.can_advance(c)]
        chosen = x.pick(Phrase(N_("place 1 advancement counter on an installed card you can advance")), targets)
        if chosen is not None:
            g.place_advancement(chosen, 1)

    b.when("access", accessed, only=this_card)


@card("mark_yale", paragraphs=(0, 1), summary="1 credit for each agenda counter the corp spends; trash it, or spend "
      "an agenda counter from any card, for 2 credits.")  # fmt: skip
def _mark_yale(b: Builder) -> None:
    def spent(g: NetrunnerGame, event: dict[str, Any]) -> int:
        """Agenda counters a corp card's paid ability just spent as its cost."""
        used = event.get("card")
        index = event.get("index")
        if not isinstance(used, Card) or used.side != "corp" or not isinstance(index, int):
            return 0
        abilities = g.abilities(used)
        if not 0 <= index < len(abilities):
            return 0
        costs = abilities[index].costs
        return sum(c.count for c in costs if isinstance(c, A.CounterCost) and c.kind == "agenda")

    def holders(g: NetrunnerGame) -> list[Card]:
        return [c for c in [*g.corp.score_area, *g.installed("corp")] if c.counters.get("agenda", 0) > 0]

    def paid(x: Exec) -> None:
        x.game.gain_credits("corp", spent(x.game, x.event), x.why)

    def trashed(x: Exec) -> None:
        x.game.gain_credits("corp", 2, x.why)

    def any_counter(x: Exec) -> None:
        g = x.game
        source = x.pick(Phrase(N_("spend an agenda counter of which card")), holders(g), optional=False)
        if source is None:
            return
        g.add_counters(source, "agenda", -1)
        g.gain_credits("corp", 2, x.why)
        g.gain_credits("corp", 1, x.why)  # paragraph 0: an agenda counter was spent

    b.when("ability_used", paid, only=lambda x: spent(x.game, x.event) > 0)
    b.paragraph(1).paid([trash_self()], trashed)
    b.paragraph(1).paid([], any_counter, usable=lambda g, c, w: bool(holders(g)))


@card("the_twins", paragraphs=(0,), summary="When the runner passes a rezzed piece of ice of its server, the corp "
      "may reveal and trash another copy of it from HQ to make the runner encounter it again.")  # fmt: skip
def _the_twins(b: Builder) -> None:
    def concerns(x: Exec) -> bool:
        g = x.game
        ice = x.event.get("ice")
        server = g.server_of(x.card)
        run = x.run
        return (
            isinstance(ice, Card)
            and ice.rezzed
            and server is not None
            and ice in server.ice
            and run is not None
            and not run.ended
            and run.server == server.name
            and any(c.id == ice.id for c in g.corp.hand)
        )

    def passed(x: Exec) -> None:
        g, run = x.game, x.run
        ice: Card = x.event["ice"]
        assert run is not None
        copies = [c for c in g.corp.hand if c.id == ice.id]
        prompt = Phrase(N_("{card}: trash a copy of {ice} from HQ to make the runner encounter it again?"),
                        card=str(x.card), ice=str(ice))  # fmt: skip
        chosen = x.pick(prompt, copies)
        if chosen is None:
            return
        g.log.add("reveal", CORP, cards=[str(chosen)], zone="hq")
        g.corp.hand.remove(chosen)
        g.to_discard(chosen, x.why, faceup=True)  # revealed: it goes to Archives face up
        g.announce("trashed", chosen, card=chosen, by="corp", rezzed=False)
        if not g.is_installed(ice) or run.ended or g.over:
            return
        g.runs.encounter(run, ice)
        if not run.ended and not g.over and g.is_installed(ice):
            run.step = "movement"
            g.log.add("pass", RUNNER, ice=str(ice), server=run.server)
            g.announce("pass_ice", ice, ice=ice)

    b.when("pass_ice", passed, only=concerns)


# ---------------------------------------------------------------- corp: identities


@card("argus_security_protection_guaranteed", paragraphs=(0,), summary="Whenever the runner steals an agenda, they "
      "take 1 tag or suffer 2 meat damage, as they choose.")  # fmt: skip
def _argus(b: Builder) -> None:
    def stolen(x: Exec) -> None:
        g = x.game
        prompt = Phrase(N_("{card}: take 1 tag or suffer {n} {damage}?"), card=str(x.card), n=2,
                        damage=Term("damage", "meat"))  # fmt: skip
        texts = (Phrase(N_("take 1 tag")), Phrase(N_("suffer {n} {damage}"), n=2, damage=Term("damage", "meat")))
        if g.confirm("runner", "optional", prompt, yes="tag", no="damage", texts=texts):
            g.gain_tags(1)
        else:
            g.damage("meat", 2)

    b.when("any_stolen", stolen)


@card("titan_transnational_investing_in_your_future", paragraphs=(0,), summary="Whenever the corp scores an agenda, "
      "it may place 1 agenda counter on it.")  # fmt: skip
def _titan(b: Builder) -> None:
    def scored(x: Exec) -> None:
        agenda = x.event.get("card")
        if isinstance(agenda, Card) and x.may(Phrase(N_("place 1 agenda counter on {card}?"), card=str(agenda))):
            x.game.add_counters(agenda, "agenda", 1)

    b.when("any_scored", scored)


# ---------------------------------------------------------------- runner: events


@card("amped_up", paragraphs=(0,), summary="Gain 3 clicks and suffer 1 brain damage that cannot be prevented.")
def _amped_up(b: Builder) -> None:
    def play(x: Exec) -> None:
        x.do("你获得 [click][click][click]。")
        x.game.damage("brain", 1, preventable=False)

    b.play(play)


@card("day_job", paragraphs=(0,), summary="Playing it also costs 3 clicks.")
def _day_job(b: Builder) -> None:
    b.play_clicks(3)


def _sabotage_run(b: Builder, subtype: str) -> None:
    """"Run any server. The first time you fully break a <subtype> during that run, trash it"."""

    def play(x: Exec) -> None:
        x.card.notes["done"] = False
        _event_run(x, "any")

    def broke(x: Exec) -> None:
        g = x.game
        ice = x.event.get("ice")
        enc = _encountering(g)
        if not isinstance(ice, Card) or enc is None or enc.ice is not ice or subtype not in ice.subtypes:
            return
        if not enc.subs or any(not s.broken for s in enc.subs):
            return
        x.card.notes["done"] = True
        g.trash(ice, x.why, by="runner")

    b.play(play)
    b.when("subroutine_broken", broke, only=lambda x: x.card in x.game.in_play and x.card.notes.get("done") is False)


@card("forked", paragraphs=(0,), summary="Run any server; the first sentry fully broken during the run is trashed.")
def _forked(b: Builder) -> None:
    _sabotage_run(b, "sentry")


@card("knifed", paragraphs=(0,), summary="Run any server; the first barrier fully broken during the run is trashed.")
def _knifed(b: Builder) -> None:
    _sabotage_run(b, "barrier")


@card("spooned", paragraphs=(0,), summary="Run any server; the first code gate fully broken during the run is "
      "trashed.")  # fmt: skip
def _spooned(b: Builder) -> None:
    _sabotage_run(b, "code_gate")


@card("showing_off", paragraphs=(0,), summary="Run R&D; if successful, the breach accesses cards from the bottom of "
      "R&D instead of the top.")  # fmt: skip
def _showing_off(b: Builder) -> None:
    def from_bottom(x: Exec, run: RunState) -> None:
        g = x.game
        g.announce("breach", server="rnd")
        if g.over or run.ended:
            return
        count = 1 + run.extra_access
        cards = list(g.corp.deck[:count])  # the bottom card first
        if "rnd" in g.servers:
            cards += list(g.servers["rnd"].root)
        if not cards:
            g.log.add("access", RUNNER, server="rnd", cards=0)
        for c in cards:
            if g.over or run.ended:
                break
            g.runs.access_card(c, "rnd")

    def play(x: Exec) -> None:
        run = x.run_on("rnd")
        if _won(run):
            x.instead_of_breach(lambda: from_bottom(x, run))

    b.play(play)


@card("wanton_destruction", paragraphs=(0,), summary="Run HQ; if successful, instead of breaching it the runner may "
      "spend any number of clicks to make the corp trash that many cards from HQ at random.")  # fmt: skip
def _wanton_destruction(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        run = x.run_on("hq")
        if not _won(run) or g.runner.clicks <= 0:
            return
        ask = Phrase(N_("instead of breaching {server}, spend clicks to make the corp trash cards from it at random?"),
                     server=Term("zone", "hq"))  # fmt: skip
        if not x.may(ask):
            return
        prompt = Phrase(N_("spend how many clicks"))
        amount = int(g.choose("runner", "amount", prompt, list(range(g.runner.clicks, 0, -1)),
                              label=lambda v: f"x:{v}", text=str))  # fmt: skip

        def instead() -> None:
            g.spend_clicks("runner", amount, str(x.card))
            hand = g.corp.hand
            for c in g.rng.sample(hand, min(amount, len(hand))):
                g.trash(c, x.why, by="corp")

        x.instead_of_breach(instead)

    b.play(play)


@card("uninstall", paragraphs=(0,), summary="An installed program or piece of hardware goes back to the grip.")
def _uninstall(b: Builder) -> None:
    def options(g: NetrunnerGame) -> list[Card]:
        return [c for c in g.runner.rig if c.type in ("program", "hardware")]

    def play(x: Exec) -> None:
        g = x.game
        chosen = x.pick(Phrase(N_("add which program or piece of hardware to your grip")), options(g), optional=False)
        if chosen is None:
            return
        for hosted in list(chosen.hosted):
            g.trash(hosted, Phrase(N_("its host {card} left play"), card=str(chosen)))
        if chosen in g.runner.rig:
            g.runner.rig.remove(chosen)
        chosen.leave_play()
        g.runner.hand.append(chosen)
        g.log.add("move", RUNNER, card=str(chosen), zone="rig", to="grip", reason=x.why)
        g.check_memory()

    b.may_play(lambda g, c: bool(options(g)))
    b.play(play)


@card("itinerant_protesters", paragraphs=(0, 1), summary="A current (until another current is played or an agenda "
      "is scored): the corp's hand size is 1 lower for each bad publicity it has.")  # fmt: skip
def _itinerant_protesters(b: Builder) -> None:
    current(b, until=("any_scored",))
    b.paragraph(1).limit(lambda g, this, side, stat: -g.corp.bad_publicity if (side, stat) == ("corp", "hand_size") else 0)


# ---------------------------------------------------------------- runner: programs and hardware


@card("eater", paragraphs=(0,), summary="1 credit: break 1 subroutine of any ice; then no card is accessed for the "
      "rest of the run.")  # fmt: skip
def _eater(b: Builder) -> None:
    def breaks(x: Exec) -> None:
        g = x.game
        x.break_subroutines(1)
        run = g.current_run
        if run is not None and run.instead_of_breach is None:  # the breach still happens; nothing is accessed
            server = run.server
            run.instead_of_breach = lambda: g.announce("breach", server=server)

    b.paid([credit(1)], breaks, usable=breaker_usable(), role="break")


@card("chop_bot_3000", paragraphs=(0,), summary="As the runner's turn begins, they may trash another of their "
      "installed cards to draw 1 card or remove 1 tag.")  # fmt: skip
def _chop_bot(b: Builder) -> None:
    def begin(x: Exec) -> None:
        g = x.game
        others = [c for c in g.runner.rig if c is not x.card]
        victim = x.pick(Phrase(N_("{card}: trash another of your installed cards?"), card=str(x.card)), others)
        if victim is None or not g.trash(victim, x.why, by="runner"):
            return
        texts = (Phrase(N_("draw 1 card")), Phrase(N_("remove 1 tag")))
        if not g.runner.tags or g.confirm("runner", "optional", Phrase(N_("draw 1 card or remove 1 tag?")),
                                          yes="draw", no="remove_tag", texts=texts):  # fmt: skip
            g.draw("runner", 1)
        else:
            g.remove_tags(1)

    b.when("your_turn_start", begin)


@card("archives_interface", paragraphs=(0,), summary="Once each breach of Archives, the runner may remove one of "
      "its cards from the game instead of accessing it.")  # fmt: skip
def _archives_interface(b: Builder) -> None:
    def breached(x: Exec) -> None:
        g = x.game
        cards = list(g.corp.discard)
        for c in cards:  # breaching Archives turns its cards face up before they are accessed
            c.faceup = True
        prompt = Phrase(N_("{card}: remove a card in Archives from the game instead of accessing it?"),
                        card=str(x.card))  # fmt: skip
        chosen = x.pick(prompt, cards)
        if chosen is not None:
            x.remove_from_game(chosen)

    b.when("breach", breached, only=lambda x: x.event.get("server") == "archives" and bool(x.game.corp.discard))


@card("qianju_pt", paragraphs=(0,), summary="As the runner's turn begins, they may lose a click; then, until their "
      "next turn begins, the first time they would take tags, 1 of them is prevented.")  # fmt: skip
def _qianju_pt(b: Builder) -> None:
    def begin(x: Exec) -> None:
        g = x.game
        x.card.notes.pop("armed", None)
        if g.runner.clicks <= 0:
            return
        if x.may(Phrase(N_("{card}: lose {click} to prevent 1 tag the next time you would take tags?"),
                        card=str(x.card), click="[click]")):  # fmt: skip
            g.runner.clicks -= 1
            g.log.add("clicks", RUNNER, side="runner", amount=-1, clicks=g.runner.clicks, reason=str(x.card))
            x.card.notes["armed"] = True

    def prevent(x: Exec) -> None:
        x.card.notes.pop("armed", None)
        x.game.prevent("tags", 1, x.card)

    def taken(x: Exec) -> None:  # the first tags came and went without it: it is spent
        x.card.notes.pop("armed", None)

    b.when("your_turn_start", begin)
    b.paid([], prevent, role="prevent_tags", usable=lambda g, c, w: bool(c.notes.get("armed")))
    b.when("tags_taken", taken, only=lambda x: bool(x.card.notes.get("armed")))


@card("vigil", paragraphs=(1, 2), summary="As the runner's turn begins, 1 card is drawn if HQ holds exactly the "
      "corp's maximum hand size; one console per player.")  # fmt: skip
def _vigil(b: Builder) -> None:
    def begin(x: Exec) -> None:
        g = x.game
        if len(g.corp.hand) == g.hand_size("corp"):
            g.draw("runner", 1)

    b.paragraph(1).when("your_turn_start", begin)
    one_console(b.paragraph(2))


# ---------------------------------------------------------------- runner: resources


@card("data_folding", paragraphs=(0,), summary="As the runner's turn begins, 1 credit if 2 or more MU are unused.")
def _data_folding(b: Builder) -> None:
    def begin(x: Exec) -> None:
        g = x.game
        if g.memory_limit() - g.memory_used() >= 2:
            x.do("你获得 1[credit]。")

    b.when("your_turn_start", begin)


@card("human_first", paragraphs=(0,), summary="Whenever an agenda is scored or stolen, gain as many credits as its "
      "agenda points.")  # fmt: skip
def _human_first(b: Builder) -> None:
    def gain(x: Exec) -> None:
        agenda = x.event.get("card")
        points = int(getattr(agenda.record, "agenda_points", 0) or 0) if isinstance(agenda, Card) else 0
        if points > 0:
            x.game.gain_credits("runner", points, x.why)

    b.when("any_scored", gain).when("any_stolen", gain)


@card("investigative_journalism", paragraphs=(0, 1), summary="Installed only while the corp has bad publicity; 4 "
      "clicks and trashing it give the corp 1 bad publicity.")  # fmt: skip
def _investigative_journalism(b: Builder) -> None:
    b.may_install(lambda g, c: g.corp.bad_publicity >= 1)
    b.paragraph(1).paid([click(4), trash_self()], lambda x: _gain_bad_publicity(x.game, 1),
                        usable=lambda g, c, w: w == "action")  # fmt: skip


@card("sacrificial_clone", paragraphs=(0,), summary="Trash it as damage is about to be done: all of it is prevented, "
      "then the runner trashes their hardware, non-virtual resources and grip, loses every credit and every tag.")  # fmt: skip
def _sacrificial_clone(b: Builder) -> None:
    def damage_window(g: NetrunnerGame) -> bool:
        return g.window is not None and g.window.get("what") == "damage"

    def prevent(x: Exec) -> None:
        g = x.game
        if g.window is None or not damage_window(g):
            return
        g.prevent("damage", int(g.window["amount"]), x.card, "any")
        why = x.why
        for c in [c for c in g.runner.rig if c.type == "hardware" or (c.type == "resource" and "virtual" not in c.subtypes)]:
            if c in g.runner.rig:
                g.trash(c, why, by="runner")
        for c in list(g.runner.hand):
            g.trash(c, why, by="runner")
        g.lose_credits("runner", g.runner.credits)
        g.remove_tags(g.runner.tags)

    b.paid([trash_self()], prevent, role="prevent_damage", usable=lambda g, c, w: damage_window(g))


@card("stim_dealer", paragraphs=(0,), summary="As the runner's turn begins: with 2 or more power counters on it, "
      "they are removed and the runner suffers 1 brain damage that cannot be prevented; otherwise 1 more power "
      "counter and 1 more click.")  # fmt: skip
def _stim_dealer(b: Builder) -> None:
    def begin(x: Exec) -> None:
        g = x.game
        power = x.card.counters.get("power", 0)
        if power >= 2:
            g.add_counters(x.card, "power", -power)
            g.damage("brain", 1, preventable=False)
        else:
            g.add_counters(x.card, "power", 1)
            x.do("你获得 [click]。")

    b.when("your_turn_start", begin)


@card("virus_breeding_ground", paragraphs=(1,), summary="Click: move 1 of its virus counters to another card that "
      "has a virus counter.")  # fmt: skip
def _virus_breeding_ground(b: Builder) -> None:
    def others(g: NetrunnerGame, this: Card) -> list[Card]:
        cards: Sequence[Card] = [*g.installed("runner"), *g.installed("corp")]
        return [c for c in cards if c is not this and c.counters.get("virus", 0) > 0]

    def move(x: Exec) -> None:
        g = x.game
        target = x.pick(Phrase(N_("move the virus counter to which card")), others(g, x.card), optional=False)
        if target is None or not x.card.counters.get("virus"):
            return
        g.add_counters(x.card, "virus", -1)
        g.add_counters(target, "virus", 1)

    def usable(g: NetrunnerGame, c: Card, window: str) -> bool:
        return window == "action" and c.counters.get("virus", 0) > 0 and bool(others(g, c))

    b.paragraph(1).paid([click()], move, usable=usable)


# ---------------------------------------------------------------- runner: identities


@card("edward_kim_humanitys_hammer", paragraphs=(0,), summary="The first operation the runner accesses each turn is "
      "trashed at no cost.")  # fmt: skip
def _edward_kim(b: Builder) -> None:
    def accessed(x: Exec) -> None:
        g = x.game
        operation = x.event.get("card")
        if not isinstance(operation, Card) or not x.once_per_turn("operation"):
            return
        if operation in g.corp.discard:  # already in Archives: the first operation accessed, nothing to trash
            return
        g.trash(operation, x.why, by="runner")

    b.when("access", accessed, only=lambda x: getattr(x.event.get("card"), "type", None) == "operation")


@card("maxx_maximum_punk_rock", paragraphs=(0,), summary="As the runner's turn begins, the top 2 cards of the stack "
      "are trashed, then 1 card is drawn.")  # fmt: skip
def _maxx(b: Builder) -> None:
    def begin(x: Exec) -> None:
        g = x.game
        for c in list(reversed(g.runner.deck[-2:])):
            g.trash(c, x.why, by="runner")
        g.draw("runner", 1)

    b.when("your_turn_start", begin)


@card("valencia_estevez_the_angel_of_cayambe", paragraphs=(0,), summary="The corp begins the game with 1 bad "
      "publicity.")  # fmt: skip
def _valencia(b: Builder) -> None:
    def first(x: Exec) -> None:
        x.card.notes["started"] = True
        _gain_bad_publicity(x.game, 1)

    b.when("turn_begins", first, only=lambda x: x.game.turns == 1 and not x.card.notes.get("started"))
