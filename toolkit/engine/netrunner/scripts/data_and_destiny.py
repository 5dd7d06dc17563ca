"""Card scripts of Data and Destiny (the NBN, Sunny Lebeau and mini-faction deluxe): the corp and runner cards
and identities whose text no template reads.

Left out, for what the engine does not model: runner cards turned face down (Apocalypse, Harbinger, Hunting
Grounds, Apex's install), a paid ability of a card in the runner's score area (15 Minutes), a corp card gaining
the text of another (Media Blitz), a static blank of the corp identity tied to a current staying in play
(Employee Strike), a subtype every asset gains wherever it is (Rebranding Team), the base strength of a trace
(Improved Tracers' second paragraph, Rutherford Grid), the order in which a trace's bids are made (Surveillance
Sweep), a program's memory cost (the GS programs), credits that pay only for using programs (Multithreader),
restricting what the first click of a turn is spent on (Always Be Running), the cost of the basic action to
remove a tag and flipping an identity (SYNC), a runner card installed before the game starts (Adam),
restricting what other cards may be installed (Apex) and encountering ice that is not installed (Archangel's
second paragraph).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from toolkit.engine.phrase import Phrase, Term
from toolkit.i18n.words import N_
from toolkit.text import ast as A
from toolkit.text import parse_cached

from ..run import gain_subroutines
from ..state import SEATS, Card, Context, Encounter, Sub
from . import Builder, Exec, card, click, load, one_console, one_region, this_card, this_ice, trash_self

if TYPE_CHECKING:
    from ..game import NetrunnerGame

CORP = SEATS["corp"]
RUNNER = SEATS["runner"]
ETR = parse_cached("[subroutine] 终止潜袭。")
_MOVES = ("install", "host", "draw", "move", "search", "trashed", "discarded", "removed_from_game")


# ---------------------------------------------------------------- shared pieces


def _encountering(g: NetrunnerGame) -> Encounter | None:
    run = g.current_run
    return run.encounter if run is not None and not run.ended else None


def _reveal(g: NetrunnerGame, c: Card, zone: str, seat: int = CORP) -> None:
    """``c`` shown to both players."""
    g.log.add("reveal", seat, card=str(c), type=c.type, zone=zone)


def _reveal_in_rnd(x: Exec) -> None:
    """"While the runner is accessing this card in R&D, they must reveal it"."""
    if x.card in x.game.corp.deck:
        _reveal(x.game, x.card, "rnd", RUNNER)


def _out_of_zones(g: NetrunnerGame, c: Card) -> None:
    """``c`` leaves wherever it is (a server, the rig, a hand, a deck, a discard)."""
    if g.server_of(c) is not None:
        g.trash_from_server(c)
    for zone in (g.runner.rig, g.corp.hand, g.corp.deck, g.corp.discard, g.runner.hand, g.runner.deck,
                 g.runner.discard):  # fmt: skip
        if c in zone:
            zone.remove(c)


def _to_score_area(g: NetrunnerGame, c: Card, side: str, points: int) -> None:
    """``c`` goes to ``side``'s score area as an agenda worth ``points`` (neither scored nor stolen: no trigger of
    either fires)."""
    _out_of_zones(g, c)
    c.leave_play()
    player = g.corp if side == "corp" else g.runner
    c.rezzed = side == "corp"
    c.faceup = True
    player.score_area.append(c)
    g.log.add("to_score_area", player.seat, card=str(c), points=points)
    g.check_memory()
    g.check_points()


def _was_installed(g: NetrunnerGame, c: Card) -> bool:
    """The runner card ``c``, just trashed, was trashed from the rig: the log's last event that moved it before
    this trash installed it (a card drawn, searched or never moved was in the grip or the stack)."""
    name = str(c)
    moved = [e for e in g.log if e.data.get("card") == name and e.kind in _MOVES]
    if moved and moved[-1].kind == "trashed":
        moved.pop()
    return bool(moved) and moved[-1].kind in ("install", "host")


def _is_etr(ability: A.Ability) -> bool:
    """A subroutine that only ends the run."""
    effects = [e for s in ability.sentences for e in s.effects]
    return len(effects) == 1 and isinstance(effects[0], A.EndRun)


def _amount(x: Exec, prompt: Any, most: int) -> int:
    """A number from 0 to ``most`` chosen by the card's side."""
    if most <= 0:
        return 0
    return int(x.choose(prompt, list(range(most + 1)), kind="amount"))


def _trashable_rig(g: NetrunnerGame) -> list[Card]:
    return [c for c in g.runner.rig if g.may_trash(c, "runner")]


def _rig_to_grip(g: NetrunnerGame, moved: Card) -> None:
    """An installed runner card back to the grip (the cards it hosts are trashed)."""
    for hosted in list(moved.hosted):
        g.trash(hosted, Phrase(N_("its host {card} left play"), card=str(moved)))
    if moved in g.runner.rig:
        g.runner.rig.remove(moved)
    moved.leave_play()
    g.runner.hand.append(moved)
    g.log.add("move", RUNNER, card=str(moved), zone="rig", to="grip")
    g.check_memory()


# ---------------------------------------------------------------- corp: ice


@card("special_offer", paragraphs=(0,), summary="Subroutine: the corp gains 5 credits, then this ice is trashed.")
def _special_offer(b: Builder) -> None:
    def sub(x: Exec) -> None:
        g = x.game
        g.gain_credits("corp", 5)
        if g.is_installed(x.card):
            g.trash(x.card, x.why, by="corp")

    b.subroutine(sub)


@card("resistor", paragraphs=(0,), summary="It is 1 stronger for each tag the runner has.")
def _resistor(b: Builder) -> None:
    b.strength(lambda g, c: g.runner.tags)


@card("turnpike", paragraphs=(0,), summary="When the runner encounters it, the runner loses 1 credit.")
def _turnpike(b: Builder) -> None:
    b.when("encounter", lambda x: x.do("潜袭者失去 1[credit]。"), only=this_ice)


@card("news_hound", paragraphs=(0,), summary="While a current is in play, it has a last subroutine that ends the run.")
def _news_hound(b: Builder) -> None:
    def met(x: Exec) -> None:
        g = x.game
        enc = _encountering(g)
        if enc is None or not any("current" in c.subtypes for c in g.in_play):
            return
        gain_subroutines(g, enc, [ETR])

    b.when("encounter", met, only=this_ice)


@card(
    "tl_dr",
    paragraphs=(0,),
    summary="Subroutine: the next ice the runner encounters in this run has each of its subroutines twice (each "
    "copy right after the original) for that encounter.",
)
def _tl_dr(b: Builder) -> None:
    def sub(x: Exec) -> None:
        if x.run is not None:
            x.card.notes["tldr"] = x.run

    def pending(x: Exec) -> bool:
        run = x.game.current_run
        return run is not None and x.card.notes.get("tldr") is run

    def met(x: Exec) -> None:
        g = x.game
        x.card.notes.pop("tldr", None)
        enc = _encountering(g)
        if enc is None:
            return
        doubled = [a for s in enc.subs for a in (s.ability, s.ability)]
        enc.subs[:] = [Sub(i, a) for i, a in enumerate(doubled, start=1)]
        g.log.add("gain_subroutines", CORP, ice=str(enc.ice), count=len(doubled) // 2, subroutines=len(enc.subs))

    b.subroutine(sub)
    b.when("encounter", met, only=pending)


@card(
    "archangel",
    paragraphs=(0, 2),
    summary="Revealed while accessed in R&D. Subroutine: trace 6; if successful the corp adds 1 installed runner "
    "card to the grip.",
)
def _archangel(b: Builder) -> None:
    def sub(x: Exec) -> None:
        g = x.game
        x.ctx.trace = ok = g.interp.trace(6, x.ctx)
        if not ok:
            return
        chosen = x.pick(Phrase(N_("add an installed card of the runner to the grip")), list(g.runner.rig),
                        optional=False)  # fmt: skip
        if chosen is not None:
            _rig_to_grip(g, chosen)

    b.when("access", _reveal_in_rnd, only=this_card)
    b.paragraph(2).subroutine(sub)


# ---------------------------------------------------------------- corp: agendas


@card("global_food_initiative", paragraphs=(0,), summary="Worth 1 point less in the runner's score area.")
def _global_food_initiative(b: Builder) -> None:
    b.points(lambda g, this, side: -1 if side == "runner" and this in g.runner.score_area else 0)


@card(
    "quantum_predictive_model",
    paragraphs=(0, 1),
    summary="Revealed while accessed in R&D; accessed while the runner is tagged, it goes to the corp's score area "
    "(not scored).",
)
def _quantum_predictive_model(b: Builder) -> None:
    def accessed(x: Exec) -> None:
        g = x.game
        _reveal_in_rnd(x)
        if g.runner.tags > 0:
            _to_score_area(g, x.card, "corp", int(x.card.record.agenda_points or 0))

    b.when("access", accessed, only=this_card)


@card("improved_tracers", paragraphs=(0,), summary="Every tracer ice is 1 stronger.")
def _improved_tracers(b: Builder) -> None:
    b.strength_all(lambda g, this, c: 1 if c.type == "ice" and "tracer" in c.subtypes else 0)


# ---------------------------------------------------------------- corp: assets and upgrades


@card("launch_campaign", paragraphs=(0,), summary="Loaded with 6 credits when rezzed; trashed once empty.")
def _launch_campaign(b: Builder) -> None:
    load(b, "credit", 6, on="rezzed")


@card(
    "lily_lockwell",
    paragraphs=(1,),
    summary="Click and remove a runner's tag: search R&D for an operation, reveal it, shuffle R&D and put the "
    "operation on top.",
)
def _lily_lockwell(b: Builder) -> None:
    def use(x: Exec) -> None:
        g = x.game
        g.remove_tags(1)
        deck = g.corp.deck
        options = [c for c in reversed(deck) if c.type == "operation"]
        prompt = Phrase(N_("search the {zone} for an {type}"), zone=Term("zone", "rnd"), type=Term("card_type", "operation"))
        chosen = x.pick(prompt, options, optional=False)
        if chosen is not None:
            deck.remove(chosen)
            _reveal(g, chosen, "rnd")
        g.rng.shuffle(deck)
        g.log.add("shuffle", CORP, zone="rnd")
        if chosen is not None:
            deck.append(chosen)
            g.log.add("move", CORP, card=str(chosen), zone="rnd", to="rnd")

    b.paragraph(1).paid([click()], use, usable=lambda g, c, w: w == "action" and g.runner.tags > 0)


@card(
    "shannon_claire",
    paragraphs=(0, 1),
    summary="Click: draw the bottom card of R&D. Trash it: search R&D or Archives for an agenda, reveal it, "
    "shuffle R&D if it came from there, and put the agenda at the bottom of R&D.",
)
def _shannon_claire(b: Builder) -> None:
    def draw(x: Exec) -> None:
        g = x.game
        if not g.corp.deck:
            return
        drawn = g.corp.deck.pop(0)
        g.corp.hand.append(drawn)
        g.log.add("draw", CORP, visible=[CORP], card=str(drawn))
        g.log.add("drew", CORP, side="corp", cards=1, hand=len(g.corp.hand))

    def agendas(g: NetrunnerGame) -> list[Card]:
        return [c for c in [*reversed(g.corp.deck), *g.corp.discard] if c.type == "agenda"]

    def search(x: Exec) -> None:
        g = x.game
        chosen = x.pick(Phrase(N_("search R&D or Archives for an agenda")), agendas(g), optional=False)
        if chosen is None:
            return
        from_rnd = chosen in g.corp.deck
        _reveal(g, chosen, "rnd" if from_rnd else "archives")
        if from_rnd:
            g.corp.deck.remove(chosen)
            g.rng.shuffle(g.corp.deck)
            g.log.add("shuffle", CORP, zone="rnd")
        else:
            g.corp.discard.remove(chosen)
        chosen.faceup = False
        g.corp.deck.insert(0, chosen)
        g.log.add("move", CORP, card=str(chosen), zone="rnd" if from_rnd else "archives", to="rnd")

    b.paid([click()], draw, usable=lambda g, c, w: w == "action" and bool(g.corp.deck))
    b.paragraph(1).paid([trash_self()], search, usable=lambda g, c, w: bool(agendas(g)))


@card(
    "keegan_lane",
    paragraphs=(0,),
    summary="During a run on its server, trash it and remove a runner's tag: trash 1 program.",
)
def _keegan_lane(b: Builder) -> None:
    def usable(g: NetrunnerGame, c: Card, window: str) -> bool:
        run = g.current_run
        server = g.server_of(c)
        return (
            run is not None
            and not run.ended
            and server is not None
            and run.server == server.name
            and g.runner.tags > 0
            and any(p.type == "program" for p in g.runner.rig)
        )

    def use(x: Exec) -> None:
        x.game.remove_tags(1)
        x.game.interp.trash_type(x.ctx, 1, "program")

    b.paid([trash_self()], use, usable=usable)


@card(
    "news_team",
    paragraphs=(0, 1),
    summary="Revealed while accessed in R&D; when accessed the runner takes 2 tags or puts it in their score area "
    "as an agenda worth -1 point.",
)
def _news_team(b: Builder) -> None:
    def accessed(x: Exec) -> None:
        g = x.game
        _reveal_in_rnd(x)
        tags = g.confirm(
            "runner", "target", Phrase(N_("{card}: take 2 tags, or add it to your score area as -1 point?"),
                                       card=str(x.card)),
            yes="tags", no="score_area",
            texts=(Phrase(N_("take {n} tags"), n=2), Phrase(N_("add it to your score area"))),
        )  # fmt: skip
        if tags:
            g.gain_tags(2)
        else:
            _to_score_area(g, x.card, "runner", -1)

    b.when("access", accessed, only=this_card)
    b.points(lambda g, this, side: -1 if side == "runner" and this in g.runner.score_area else 0)


@card(
    "victoria_jenkins",
    paragraphs=(0, 1),
    summary="The runner has 1 click less each turn; trashed while accessed, it goes to the runner's score area as "
    "an agenda worth 2 points.",
)
def _victoria_jenkins(b: Builder) -> None:
    def turn(x: Exec) -> None:
        g = x.game
        before = g.runner.clicks
        g.runner.clicks = max(0, before - 1)
        g.log.add("clicks", RUNNER, side="runner", amount=g.runner.clicks - before, clicks=g.runner.clicks,
                  reason=x.why)  # fmt: skip

    def accessed_now(x: Exec) -> bool:
        g = x.game
        run = g.current_run
        if not this_card(x) or run is None or run.step != "access":
            return False
        last = next((e for e in reversed(list(g.log)) if e.kind == "access"), None)
        return last is not None and last.data.get("card") == str(x.card)

    def trashed(x: Exec) -> None:
        _to_score_area(x.game, x.card, "runner", 2)

    b.when("turn_begins", turn, only=lambda x: x.event.get("side") == "runner" and x.game.is_installed(x.card))
    b.paragraph(1).when("trashed", trashed, only=accessed_now)
    b.points(lambda g, this, side: 2 if side == "runner" and this in g.runner.score_area else 0)


@card("rutherford_grid", paragraphs=(1,), summary="Only 1 region per server.")
def _rutherford_grid(b: Builder) -> None:
    one_region(b.paragraph(1))


# ---------------------------------------------------------------- corp: operations


@card(
    "24_7_news_cycle",
    paragraphs=(0, 1),
    summary="Played by forfeiting an agenda: the \"when scored\" ability of an agenda in the corp's score area "
    "resolves again.",
)
def _news_cycle(b: Builder) -> None:
    def scored_abilities(g: NetrunnerGame, agenda: Card) -> list[A.Ability]:
        return [a for a in g.abilities(agenda) if a.kind == "triggered" and a.timing == "agenda_scored"]

    def play(x: Exec) -> None:
        g = x.game
        forfeited = x.pick(Phrase(N_("forfeit which agenda")), list(g.corp.score_area), optional=False)
        if forfeited is None:
            return
        g.forfeit(forfeited, x.why)
        options = [c for c in g.corp.score_area if scored_abilities(g, c)]
        chosen = x.pick(Phrase(N_("resolve the \"when scored\" ability of which agenda")), options, optional=False)
        if chosen is None:
            return
        for ability in scored_abilities(g, chosen):
            if g.over:
                return
            g.log.add("resolve", CORP, card=str(chosen), source=str(x.card))
            event = {"card": chosen, "server": None, "advancement": chosen.advancement}
            g.interp.execute(ability, Context("corp", chosen, g.current_run, event=event), pay=False)

    b.may_play(lambda g, c: bool(g.corp.score_area))
    b.play(play)


@card(
    "ad_blitz",
    paragraphs=(0, 1),
    summary="Costs an extra click and X credits: install and rez, paying all costs, up to X advertisements from HQ "
    "or Archives, as many as the corp can.",
)
def _ad_blitz(b: Builder) -> None:
    def cheapest(g: NetrunnerGame, c: Card) -> int | None:
        costs = [g.install_cost(c, s) for s in g.server_options(c)]
        return min(costs) + g.rez_cost(c) if costs and g.may_install(c) else None

    def options(g: NetrunnerGame) -> list[Card]:
        out = []
        for c in [*g.corp.hand, *reversed(g.corp.discard)]:
            cost = cheapest(g, c) if "advertisement" in c.subtypes and c.type in ("asset", "upgrade", "ice") else None
            if cost is not None and g.can_pay("corp", cost, "install"):
                out.append(c)
        return out

    def play(x: Exec) -> None:
        g = x.game
        count = _amount(x, Phrase(N_("{card}: choose X"), card=str(x.card)), g.available("corp", "play"))
        g.pay("corp", count, Phrase(N_("playing {card}"), card=str(x.card)), "play")
        for number in range(count):
            left = options(g)
            if not left or g.over:
                break
            prompt = Phrase(N_("install and rez an advertisement ({n}/{most})"), n=number + 1, most=count)
            chosen = x.pick(prompt, left, optional=False)
            if chosen is None:
                break
            zone = g.corp.discard if chosen in g.corp.discard else g.corp.hand
            x.install_from(chosen, zone)
            if g.is_installed(chosen) and not chosen.rezzed and g.can_rez(chosen):
                g.rez(chosen)

    b.play_clicks(1)
    b.paragraph(1).play(play)


@card(
    "the_all_seeing_i",
    paragraphs=(0, 1),
    summary="Only while the runner is tagged: every resource is trashed, unless the runner removes 1 of the "
    "corp's bad publicity to prevent it.",
)
def _the_all_seeing_i(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        if g.corp.bad_publicity > 0 and x.may(
            Phrase(N_("{card}: remove 1 bad publicity to keep your resources?"), card=str(x.card)), side="runner"
        ):
            g.corp.bad_publicity -= 1
            g.log.add("bad_publicity", RUNNER, amount=-1, bad_publicity=g.corp.bad_publicity)
            return
        for c in [c for c in g.runner.rig if c.type == "resource"]:
            if c in g.runner.rig and not g.over:
                g.trash(c, x.why, by="corp")

    b.may_play(lambda g, c: g.runner.tags > 0)
    b.paragraph(1).play(play)


# ---------------------------------------------------------------- corp: identities


@card(
    "new_angeles_sol_your_news",
    paragraphs=(0,),
    summary="When an agenda is scored or stolen, the corp may play a current from HQ or Archives, paying its cost.",
)
def _new_angeles_sol(b: Builder) -> None:
    def currents(g: NetrunnerGame) -> list[Card]:
        return [
            c
            for c in [*g.corp.hand, *reversed(g.corp.discard)]
            if c.type == "operation" and "current" in c.subtypes and g.may_play(c)
            and g.can_pay("corp", g.play_cost(c), "play")
        ]  # fmt: skip

    def scored(x: Exec) -> None:
        g = x.game
        chosen = x.pick(Phrase(N_("play a current from HQ or Archives?")), currents(g))
        if chosen is None:
            return
        if chosen in g.corp.discard:
            g.corp.discard.remove(chosen)
            chosen.faceup = False
            g.corp.hand.append(chosen)
            g.log.add("move", CORP, card=str(chosen), zone="archives", to="hq")
        g.actions.play_card("corp", chosen)

    for timing in ("any_scored", "any_stolen"):
        b.when(timing, scored, only=lambda x: bool(currents(x.game)))


@card(
    "spark_agency_worldswide_reach",
    paragraphs=(0,),
    summary="The first time each turn the corp rezzes an advertisement, the runner loses 1 credit.",
)
def _spark_agency(b: Builder) -> None:
    def rezzed(x: Exec) -> None:
        if x.once_per_turn("advertisement"):
            x.do("潜袭者失去 1[credit]。")

    def advertisement(x: Exec) -> bool:
        c = x.event.get("card")
        return isinstance(c, Card) and c.side == "corp" and "advertisement" in c.subtypes

    b.when("any_rezzed", rezzed, only=advertisement)


# ---------------------------------------------------------------- runner: hardware


@card(
    "brain_chip",
    paragraphs=(0, 1, 2, 3),
    summary="Memory and maximum hand size each raised by the runner's agenda points; 1 console per player.",
)
def _brain_chip(b: Builder) -> None:
    def limit(g: NetrunnerGame, this: Card, side: str, stat: str) -> int:
        if side != "runner" or stat not in ("memory", "hand_size"):
            return 0
        return g.agenda_points("runner")

    b.limit(limit)
    one_console(b.paragraph(3))


@card(
    "heartbeat",
    paragraphs=(1, 2),
    summary="Trash 1 of your installed cards: prevent 1 damage; 1 console per player.",
)
def _heartbeat(b: Builder) -> None:
    def window(g: NetrunnerGame) -> bool:
        w = g.window
        return w is not None and w.get("what") == "damage" and bool(_trashable_rig(g))

    def prevent(x: Exec) -> None:
        g = x.game
        chosen = x.pick(Phrase(N_("trash 1 of your installed cards")), _trashable_rig(g), optional=False)
        if chosen is None or not g.trash(chosen, x.why, by="runner"):
            return
        g.prevent("damage", 1, x.card)

    b.paragraph(1).paid([], prevent, role="prevent_damage", usable=lambda g, c, w: window(g))
    one_console(b.paragraph(2))


@card(
    "security_nexus",
    paragraphs=(1, 2),
    summary="Once per turn, on encountering ice, the runner may have the corp trace 5: if successful 1 tag and "
    "the run ends, else the ice is bypassed; 1 console per player.",
)
def _security_nexus(b: Builder) -> None:
    def met(x: Exec) -> None:
        g = x.game
        if not x.may(Phrase(N_("{card}: have the corp trace[{n}] to bypass {ice}?"), card=str(x.card), n=5,
                            ice=str(x.event.get("ice")))):  # fmt: skip
            return
        x.card.notes["nexus"] = g.turns
        x.ctx.trace = ok = g.interp.trace(5, x.ctx)
        if ok:
            g.gain_tags(1)
            g.end_run(x.why)
        else:
            x.bypass()

    def fresh(x: Exec) -> bool:
        return x.card.notes.get("nexus") != x.game.turns and x.card in x.game.runner.rig

    b.paragraph(1).when("encounter", met, only=fresh)
    one_console(b.paragraph(2))


@card(
    "security_chip",
    paragraphs=(0,),
    summary="During a run, trash it: one icebreaker (or any number of cloud icebreakers) gets +1 strength for "
    "each link for the rest of the run.",
)
def _security_chip(b: Builder) -> None:
    def breakers(g: NetrunnerGame) -> list[Card]:
        return [c for c in g.runner.rig if c.type == "program" and "icebreaker" in c.subtypes]

    def use(x: Exec) -> None:
        g = x.game
        first = x.pick(Phrase(N_("choose an icebreaker")), breakers(g), optional=False)
        if first is None:
            return
        chosen = [first]
        while "cloud" in first.subtypes:
            more = [c for c in breakers(g) if "cloud" in c.subtypes and c not in chosen]
            extra = x.pick(Phrase(N_("choose another cloud icebreaker")), more)
            if extra is None:
                break
            chosen.append(extra)

        def stronger(game: NetrunnerGame, this: Card, c: Card) -> int:
            return game.link() if c in chosen else 0

        x.lasting("strength_all", stronger, until="run")
        for c in chosen:
            g.log.add("strength", RUNNER, card=str(c), delta=g.link(), strength=g.strength_of(c))

    def usable(g: NetrunnerGame, c: Card, window: str) -> bool:
        run = g.current_run
        return run is not None and not run.ended and bool(breakers(g))

    b.paid([trash_self()], use, usable=usable)


# ---------------------------------------------------------------- runner: programs


@card(
    "endless_hunger",
    paragraphs=(0,),
    summary="Trash 1 of your installed cards: break 1 subroutine that only ends the run.",
)
def _endless_hunger(b: Builder) -> None:
    def targets(g: NetrunnerGame, c: Card) -> list[Sub]:
        enc = _encountering(g)
        if enc is None or enc.bypassed or not g.may_break(enc.ice, c):
            return []
        if g.strength_of(c) < g.strength_of(enc.ice):
            return []
        return [s for s in enc.subs if not s.broken and _is_etr(s.ability)]

    def use(x: Exec) -> None:
        g = x.game
        enc = x.ctx.encounter or _encountering(g)
        subs = targets(g, x.card)
        if enc is None or not subs:
            return
        cost = x.pick(Phrase(N_("trash 1 of your installed cards")), _trashable_rig(g), optional=False)
        if cost is None or not g.trash(cost, x.why, by="runner"):
            return
        prompt = Phrase(N_("break a subroutine of {ice}"), ice=str(enc.ice))
        sub = g.choose("runner", "subroutine", prompt, subs, label=lambda s: f"sub:{s.index}")
        g.runs.mark_broken(enc.ice, sub, x.card)

    def usable(g: NetrunnerGame, c: Card, window: str) -> bool:
        return window == "encounter" and bool(targets(g, c)) and bool(_trashable_rig(g))

    b.paid([], use, usable=usable, role="break")


# ---------------------------------------------------------------- runner: resources


@card(
    "dr_lovegood",
    paragraphs=(0,),
    summary="When the runner's turn begins, 1 of their installed cards (their choice) loses its abilities for the "
    "turn.",
)
def _dr_lovegood(b: Builder) -> None:
    def start(x: Exec) -> None:
        chosen = x.pick(Phrase(N_("choose an installed card to lose its abilities this turn")), list(x.game.runner.rig),
                        optional=False)  # fmt: skip
        if chosen is not None:
            x.blank(chosen, until="turn")

    b.when("your_turn_start", start)


@card(
    "safety_first",
    paragraphs=(1,),
    summary="When the runner's turn ends, they draw 1 card if the grip holds fewer cards than their maximum hand "
    "size.",
)
def _safety_first(b: Builder) -> None:
    def end(x: Exec) -> None:
        g = x.game
        if len(g.runner.hand) < g.hand_size("runner"):
            g.draw("runner", 1)

    b.paragraph(1).when("your_turn_end", end)


@card(
    "globalsec_security_clearance",
    paragraphs=(0, 1),
    summary="Installed only with 2 link or more; when the runner's turn begins they may lose a click to look at "
    "the top card of R&D.",
)
def _globalsec(b: Builder) -> None:
    def start(x: Exec) -> None:
        g = x.game
        if not g.runner.clicks or not x.may(Phrase(N_("{card}: lose {click} to look at the top card of R&D?"),
                                                   card=str(x.card), click="[click]")):  # fmt: skip
            return
        x.do("潜袭者失去 [click]。")
        if g.corp.deck:
            g.log.add("look", RUNNER, visible=[RUNNER], cards=[str(g.corp.deck[-1])], zone="rnd")

    b.may_install(lambda g, c: g.link() >= 2)
    b.paragraph(1).when("your_turn_start", start)


@card(
    "jak_sinclair",
    paragraphs=(0, 1),
    summary="Costs 1 less to install for each link; when the runner's turn begins they may make a run in which "
    "their programs have no abilities.",
)
def _jak_sinclair(b: Builder) -> None:
    def start(x: Exec) -> None:
        g = x.game
        if g.current_run is not None or not x.may(Phrase(N_("{card}: make a run without using programs?"),
                                                         card=str(x.card))):  # fmt: skip
            return
        for c in g.runner.rig:
            if c.type == "program":
                x.blank(c, until="run")
        this = x.card
        this.notes["jak"] = g.turns
        x.when_run_ends(lambda run, successful: this.notes.pop("jak", None))
        x.run_on("any")

    def installed(x: Exec) -> None:
        c = x.event.get("card")
        if isinstance(c, Card):
            x.blank(c, until="run")

    def during(x: Exec) -> bool:
        c = x.event.get("card")
        run = x.game.current_run
        return isinstance(c, Card) and c.type == "program" and run is not None and x.card.notes.get("jak") == x.game.turns

    b.own_install_cost(lambda g, this, c: -g.link())
    b.paragraph(1).when("your_turn_start", start).when("any_installed", installed, only=during)


@card(
    "technical_writer",
    paragraphs=(0, 1),
    summary="1 credit goes on it whenever the runner installs hardware or a program; click and trash it: take "
    "every credit on it.",
)
def _technical_writer(b: Builder) -> None:
    def gear(x: Exec) -> bool:
        c = x.event.get("card")
        return isinstance(c, Card) and c.side == "runner" and c.type in ("hardware", "program")

    def take(x: Exec) -> None:
        amount = int(x.card.last_known.get("credits", 0))
        if amount:
            x.game.gain_credits("runner", amount, Phrase(N_("taken from {card}"), card=str(x.card)))

    b.when("any_installed", lambda x: x.do("在本牌上放置 1[credit]。"), only=gear)
    b.paragraph(1).paid([click(), trash_self()], take, usable=lambda g, c, w: w == "action" and c.credits > 0)


@card(
    "neutralize_all_threats",
    paragraphs=(0, 1),
    summary="The first card with a trash cost the runner accesses each turn is revealed and must be trashed, "
    "paying its cost, if they can; each breach of HQ accesses 1 more card.",
)
def _neutralize_all_threats(b: Builder) -> None:
    def with_cost(x: Exec) -> bool:
        c = x.event.get("card")
        return (
            isinstance(c, Card)
            and getattr(c.record, "trash_cost", None) is not None
            and x.card.notes.get("first") != x.game.turns
        )

    def accessed(x: Exec) -> None:
        g = x.game
        c: Card = x.event["card"]
        x.card.notes["first"] = g.turns
        zone = "archives" if c in g.corp.discard else str(x.event.get("server") or "")
        _reveal(g, c, zone, RUNNER)
        cost = int(c.record.trash_cost or 0)
        if (
            g.forbidden("trash_accessed")
            or c in g.corp.discard
            or not g.may_trash(c, "runner")
            or not g.can_pay("runner", cost, "trash")
        ):
            return
        why = Phrase(N_("trashed by the {side}"), side=Term("side", "runner"))
        g.pay("runner", cost, Phrase(N_("trashing {card}"), card=str(c)), "trash")
        if g.is_installed(c):
            g.trash(c, why, by="runner")
            return
        for zone_cards in (g.corp.deck, g.corp.hand):
            if c in zone_cards:
                zone_cards.remove(c)
        g.to_discard(c, why, faceup=True)
        g.announce("trashed", c, card=c, by="runner")

    def breach(x: Exec) -> None:
        run = x.game.current_run
        if run is not None:
            run.extra_access += 1
            x.game.log.add("extra_access", RUNNER, cards=1, server="hq")

    b.when("access", accessed, only=with_cost)
    b.paragraph(1).when("breach", breach, only=lambda x: x.event.get("server") == "hq")


@card(
    "wasteland",
    paragraphs=(0,),
    summary="The first time each turn the runner trashes one of their installed cards, they gain 1 credit.",
)
def _wasteland(b: Builder) -> None:
    def concerns(x: Exec) -> bool:
        c = x.event.get("card")
        return (
            isinstance(c, Card)
            and c.side == "runner"
            and x.event.get("by") != "corp"
            and x.card.notes.get("first") != x.game.turns
            and _was_installed(x.game, c)
        )

    def trashed(x: Exec) -> None:
        x.card.notes["first"] = x.game.turns
        x.game.gain_credits("runner", 1, x.why)

    b.when("trashed", trashed, only=concerns)


# ---------------------------------------------------------------- runner: events


@card(
    "windfall",
    paragraphs=(0,),
    summary="Shuffle the stack, trash its top card and gain credits equal to that card's install cost.",
)
def _windfall(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        g.rng.shuffle(g.runner.deck)
        g.log.add("shuffle", RUNNER, zone="stack")
        if not g.runner.deck:
            return
        top = g.runner.deck[-1]
        g.trash(top, x.why, by="runner")
        amount = int(top.record.cost or 0) if top.type in ("program", "hardware", "resource") else 0
        if amount:
            g.gain_credits("runner", amount, x.why)

    b.play(play)


@card(
    "independent_thinking",
    paragraphs=(0,),
    summary="Trash up to 5 of your installed cards and draw 1 card for each (2 for each if a directive was among "
    "them).",
)
def _independent_thinking(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        chosen: list[Card] = []
        while len(chosen) < 5:
            left = [c for c in _trashable_rig(g) if c not in chosen]
            prompt = Phrase(N_("trash an installed card ({n}/{most})"), n=len(chosen) + 1, most=5)
            pick = x.pick(prompt, left)
            if pick is None:
                break
            chosen.append(pick)
        directive = any("directive" in c.subtypes for c in chosen)
        trashed = sum(1 for c in chosen if c in g.runner.rig and g.trash(c, x.why, by="runner"))
        if trashed:
            g.draw("runner", trashed * (2 if directive else 1))

    b.play(play)


@card(
    "prey",
    paragraphs=(0,),
    summary="Run any server; once in that run, on passing a rezzed ice, the runner may trash as many of their "
    "installed cards as its strength to trash that ice.",
)
def _prey(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        x.card.notes["prey"] = "ready"
        g.in_play.append(x.card)  # in play while its run goes on: it sees the ice passed
        try:
            x.run_on("any")
        finally:
            if x.card in g.in_play:
                g.in_play.remove(x.card)
            x.card.notes.pop("prey", None)

    def ready(x: Exec) -> bool:
        ice = x.event.get("ice")
        g = x.game
        return (
            x.card.notes.get("prey") == "ready"
            and isinstance(ice, Card)
            and ice.rezzed
            and g.is_installed(ice)
            and g.may_trash(ice, "runner")
            and len(_trashable_rig(g)) >= g.strength_of(ice)
        )

    def passed(x: Exec) -> None:
        g = x.game
        ice: Card = x.event["ice"]
        n = max(0, g.strength_of(ice))
        if not x.may(Phrase(N_("{card}: trash {n} of your installed cards to trash {ice}?"), card=str(x.card), n=n,
                            ice=str(ice))):  # fmt: skip
            return
        x.card.notes["prey"] = "used"
        chosen = g.choose_many("runner", "target", Phrase(N_("trash 1 of your installed cards")),
                               _trashable_rig(g), n)  # fmt: skip
        for c in chosen:
            if c in g.runner.rig:
                g.trash(c, x.why, by="runner")
        if g.is_installed(ice):
            g.trash(ice, x.why, by="runner")

    b.play(play)
    b.when("pass_ice", passed, only=ready)
