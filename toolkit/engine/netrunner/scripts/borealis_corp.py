"""Card scripts of the Borealis cycle (Midnight Sun, Parhelion, the Midnight Sun Booster Pack): the corp cards
and corp identities.

Frames several cards share: "when you rez this ice during a run against this server" (:func:`_run_here`), and
what the log keeps of a card that has left play: the server it was installed in (:func:`_installed_before`) and
whether it was rezzed (:func:`_was_rezzed`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from toolkit.engine.phrase import Phrase, Term
from toolkit.i18n.words import N_
from toolkit.text import parse_cached

from ..run import gain_subroutines
from ..state import CENTRALS, SEATS, Context, Sub
from . import Builder, Exec, card, counters, one_region, this_card, this_ice

if TYPE_CHECKING:
    from ..game import NetrunnerGame
    from ..state import Card

CORP = SEATS["corp"]
RUNNER = SEATS["runner"]
_ETR = "[subroutine] 终止潜袭。"
_REZZABLE = ("ice", "asset", "upgrade")


# ---------------------------------------------------------------- frames


def _by_corp() -> Phrase:
    return Phrase(N_("trashed by the {side}"), side=Term("side", "corp"))


def _server_name(g: NetrunnerGame, c: Card) -> str | None:
    server = g.server_of(c)
    return server.name if server is not None else None


def _run_here(g: NetrunnerGame, c: Card) -> bool:
    """A run is in progress against the server this card is installed in (or protecting)."""
    run = g.current_run
    return run is not None and not run.ended and run.server == _server_name(g, c)


def _advanceable(g: NetrunnerGame) -> list[Card]:
    return [c for c in g.installed("corp") if g.can_advance(c)]


def _rezzed_harmonic(g: NetrunnerGame) -> int:
    return sum(1 for c in g.installed("corp") if c.type == "ice" and c.rezzed and "harmonic" in c.subtypes)


def _reveal(g: NetrunnerGame, shown: Sequence[Card], zone: str) -> None:
    if shown:
        g.log.add("reveal", SEATS[shown[0].side], cards=[str(c) for c in shown], zone=zone)


def _trash_from_hq(x: Exec, chosen: Card) -> None:
    x.game.trash(chosen, Phrase(N_("trashed by {card}"), card=str(x.card)), by="corp")


def _installed_before(g: NetrunnerGame, c: Card) -> str | None:
    """The server ``c`` (just trashed or scored) was installed in, as the log tells: its last install, or its last
    access in a remote server's root (or an upgrade's in any root); None when it was not installed."""
    name = str(c)
    for e in reversed(list(g.log)):
        if e.data.get("card") != name:
            continue
        if e.kind == "install":
            return str(e.data.get("server"))
        if e.kind == "access":
            server = e.data.get("server")
            return str(server) if server not in CENTRALS or c.type == "upgrade" else None
        if e.kind in ("draw", "search", "play"):
            return None
    return None


def _was_rezzed(g: NetrunnerGame, c: Card) -> bool:
    """Whether ``c``, just trashed from a server, was rezzed there: its last rez, derez or install in the log
    says; a card a scenario laid out has none, and then its face in Archives tells."""
    name = str(c)
    for e in reversed(list(g.log)):
        if e.data.get("card") != name:
            continue
        if e.kind == "rez":
            return True
        if e.kind in ("derez", "install"):
            return False
    return c.faceup


_REGION_TRASH = "only 1 region per server"  # the reason one_region gives the region it replaces


def _trashed_installing(g: NetrunnerGame, c: Card) -> bool:
    """Whether ``c`` was just trashed as part of an installation (a region replaced by another, as the log's reason
    for its trash says)."""
    name = str(c)
    for e in reversed(list(g.log)):
        if e.data.get("card") == name and e.kind in ("trashed", "discarded"):
            return str(e.data.get("reason")) == _REGION_TRASH
    return False


def _runner_stole_last_turn(g: NetrunnerGame) -> bool:
    """Whether the runner stole an agenda during their last turn (a position laid out in the runner's turn counts
    from the log's start)."""
    events = list(g.log)
    starts = [
        i
        for i, e in enumerate(events)
        if (e.kind == "turn_start" and e.data.get("side") == "runner")
        or (e.kind == "scenario" and e.data.get("active") == "runner")
    ]
    if not starts:
        return False
    for event in events[starts[-1] + 1 :]:
        if event.kind == "turn_end" and event.data.get("side") == "runner":
            break
        if event.kind == "steal":
            return True
    return False


def _resolve_subroutine(x: Exec, ice: Card) -> None:
    """The corp resolves one subroutine of ``ice`` (its choice), as that ice."""
    g = x.game
    subs = [Sub(i, a) for i, a in enumerate((a for a in g.abilities(ice) if a.kind == "subroutine"), start=1)]
    if not subs:
        return
    prompt = Phrase(N_("resolve which subroutine of {ice}"), ice=str(ice))
    sub = g.choose("corp", "subroutine", prompt, subs, label=lambda s: f"sub:{s.index}")
    g.log.add("subroutine", CORP, ice=str(ice), index=sub.index, source=str(x.card))
    g.execute(sub.ability, Context("corp", ice, x.run, encounter=x.ctx.encounter), pay=False)


def _gain_etr(x: Exec, count: int, first: bool) -> None:
    """The ice encountered gains ``count`` "[subroutine] End the run." (before its printed ones if ``first``)."""
    run = x.run
    if run is None or run.encounter is None or count <= 0:
        return
    gain_subroutines(x.game, run.encounter, [parse_cached(_ETR)] * count, first=first)


# ---------------------------------------------------------------- operations


@card("nonequivalent_exchange", paragraphs=(0,), summary="Gain 5 credits; the corp may then have both players gain "
      "2 credits each.")  # fmt: skip
def _nonequivalent_exchange(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        g.gain_credits("corp", 5)
        if x.may(Phrase(N_("have each player gain {n}{credit}?"), n=2, credit="[credit]")):
            g.gain_credits("corp", 2)
            g.gain_credits("runner", 2)

    b.play(play)


@card("extract", paragraphs=(0,), summary="Gain 6 credits; the corp may trash one of its installed cards for 3 "
      "credits more.")  # fmt: skip
def _extract(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        g.gain_credits("corp", 6)
        prompt = Phrase(N_("trash one of your installed cards to gain {n}{credit}?"), n=3, credit="[credit]")
        chosen = x.pick(prompt, g.installed("corp"))
        if chosen is not None and g.trash(chosen, _by_corp(), by="corp"):
            g.gain_credits("corp", 3)

    b.play(play)


def _remove_tag_to_play(b: Builder) -> None:
    """"As an additional cost to play this operation, remove 1 tag": playable while the runner is tagged."""

    def pay(x: Exec) -> None:
        x.game.remove_tags(1)

    b.may_play(lambda g, c: g.runner.tags > 0).play(pay)


@card("end_of_the_line", paragraphs=(0,), summary="Playable only while the runner is tagged: removing a tag is an "
      "extra cost.")  # fmt: skip
def _end_of_the_line(b: Builder) -> None:
    _remove_tag_to_play(b)


@card("distributed_tracing", paragraphs=(0, 1), summary="Costs a second click to play, and only after a runner turn "
      "in which an agenda was stolen.")  # fmt: skip
def _distributed_tracing(b: Builder) -> None:
    b.play_clicks(1)
    b.paragraph(1).may_play(lambda g, c: _runner_stole_last_turn(g))


@card("big_deal", paragraphs=(0, 1, 2), summary="Ends the action phase; 4 advancement counters on one installed "
      "card, which the corp may then score if it can; removed from the game afterwards.")  # fmt: skip
def _big_deal(b: Builder) -> None:
    def end(x: Exec) -> None:
        x.game.end_action_phase = True

    def advance(x: Exec) -> None:
        g = x.game
        chosen = x.pick(Phrase(N_("place {n} advancement counters on"), n=4), g.installed("corp"), optional=False)
        if chosen is None:
            return
        g.place_advancement(chosen, 4)
        if g.scorable(chosen) and x.may(Phrase(N_("score {card}?"), card=str(chosen))):
            g.score(chosen)

    b.play(end)
    b.paragraph(1).play(advance)
    b.paragraph(2).play(lambda x: x.remove_from_game())


@card("mutually_assured_destruction", paragraphs=(0, 1), summary="Costs two more clicks to play; trash any number "
      "of your rezzed cards, and the runner takes a tag for each.")  # fmt: skip
def _mutually_assured_destruction(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        trashed = 0
        while not g.over:
            rezzed = [c for c in g.installed("corp") if c.rezzed]
            chosen = x.pick(Phrase(N_("trash a rezzed card")), rezzed)
            if chosen is None:
                break
            trashed += bool(g.trash(chosen, _by_corp(), by="corp"))
        if trashed:
            g.gain_tags(trashed)

    b.play_clicks(2)
    b.paragraph(1).play(play)


@card("shipment_from_vladisibirsk", paragraphs=(0, 1), summary="Playable only while the runner has 2 tags or more: "
      "4 advancement counters shared among installed cards that can be advanced.")  # fmt: skip
def _shipment(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        for n in range(4):
            prompt = Phrase(N_("place advancement counter {n} of {count} on"), n=n + 1, count=4)
            chosen = x.pick(prompt, _advanceable(g), optional=False)
            if chosen is None:
                break
            g.place_advancement(chosen, 1)

    b.may_play(lambda g, c: g.runner.tags >= 2)
    b.paragraph(1).play(play)


@card("simulation_reset", paragraphs=(0, 1), summary="Trash up to 5 cards from HQ, shuffle as many cards from "
      "Archives into R&D and draw as many; removed from the game afterwards.")  # fmt: skip
def _simulation_reset(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        count = 0
        for n in range(5):
            prompt = Phrase(N_("trash a card from HQ ({n}/{most})"), n=n + 1, most=5)
            chosen = x.pick(prompt, list(g.corp.hand))
            if chosen is None:
                break
            _trash_from_hq(x, chosen)
            count += 1
        moved = 0
        for n in range(count):
            prompt = Phrase(N_("shuffle a card from Archives into R&D ({n}/{most})"), n=n + 1, most=count)
            chosen = x.pick(prompt, list(reversed(g.corp.discard)), optional=False)
            if chosen is None:
                break
            g.corp.discard.remove(chosen)
            seen: Any = "all" if chosen.faceup else [CORP]
            chosen.faceup = False
            g.corp.deck.append(chosen)
            g.log.add("move", CORP, visible=seen, card=str(chosen), zone="archives", to="rnd")
            moved += 1
        if moved:
            g.rng.shuffle(g.corp.deck)
            g.log.add("shuffle", CORP, zone="rnd")
        if count:
            g.draw("corp", count)

    b.play(play)
    b.paragraph(1).play(lambda x: x.remove_from_game())


@card("trust_operation", paragraphs=(0, 1), summary="Playable only while the runner is tagged: trash an installed "
      "resource, then install and rez a card from Archives, ignoring all costs.")  # fmt: skip
def _trust_operation(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        resource = x.pick(Phrase(N_("trash a {type}"), type=Term("card_type", "resource")),
                          [c for c in g.runner.rig if c.type == "resource"], optional=False)  # fmt: skip
        if resource is not None:
            g.trash(resource, _by_corp(), by="corp")
        options = [c for c in reversed(g.corp.discard) if c.type in _REZZABLE and g.may_install(c)]
        chosen = x.pick(Phrase(N_("install and rez a card from Archives, ignoring all costs")), options, optional=False)
        if chosen is None:
            return
        g.corp.discard.remove(chosen)
        chosen.faceup = False
        g.install("corp", chosen, pay=False)
        if g.is_installed(chosen) and not chosen.rezzed:
            g.rez(chosen, free=True)

    b.may_play(lambda g, c: g.runner.tags > 0)
    b.paragraph(1).play(play)


# ---------------------------------------------------------------- agendas


@card("elivagar_bifurcation", paragraphs=(0,), summary="When scored, the corp may derez one installed card.")
def _elivagar_bifurcation(b: Builder) -> None:
    def scored(x: Exec) -> None:
        g = x.game
        rezzed = [c for c in g.installed("corp") if c.rezzed]
        chosen = x.pick(Phrase(N_("derez which card")), rezzed)
        if chosen is not None:
            g.derez(chosen, x.why)

    b.when("agenda_scored", scored)


@card("hybrid_release", paragraphs=(0,), summary="When scored, the corp may install one face-down card from "
      "Archives.")  # fmt: skip
def _hybrid_release(b: Builder) -> None:
    def scored(x: Exec) -> None:
        g = x.game
        options = [c for c in reversed(g.corp.discard) if not c.faceup and g.can_install(c)]
        chosen = x.pick(Phrase(N_("install a face-down card from Archives")), options, kind="install")
        if chosen is None:
            return
        g.corp.discard.remove(chosen)
        g.install("corp", chosen)

    b.when("agenda_scored", scored)


@card("kimberlite_field", paragraphs=(0,), summary="When scored, the corp may trash one of its rezzed cards to trash "
      "an installed runner card whose printed install cost is at most that card's printed rez cost.")  # fmt: skip
def _kimberlite_field(b: Builder) -> None:
    def scored(x: Exec) -> None:
        g = x.game
        rezzed = [c for c in g.installed("corp") if c.rezzed]
        chosen = x.pick(Phrase(N_("trash one of your rezzed cards?")), rezzed)
        if chosen is None:
            return
        limit = int(getattr(chosen.record, "rez_cost", None) or 0)
        if not g.trash(chosen, _by_corp(), by="corp"):
            return
        targets = [c for c in g.runner.rig if int(getattr(c.record, "cost", None) or 0) <= limit]
        prompt = Phrase(N_("trash an installed runner card with an install cost of {n} or less"), n=limit)
        target = x.pick(prompt, targets, optional=False)
        if target is not None:
            g.trash(target, _by_corp(), by="corp")

    b.when("agenda_scored", scored)


@card("regenesis", paragraphs=(0,), summary="When scored, if no corp card went to Archives this turn, the corp may "
      "reveal a face-down agenda in Archives and add it to its score area.")  # fmt: skip
def _regenesis(b: Builder) -> None:
    def scored(x: Exec) -> None:
        g = x.game
        to_archives = [
            e for e in list(g.log)[g.turn_started_at :] if e.kind in ("trashed", "discarded") and e.player == CORP
        ]
        if to_archives:
            return
        agendas = [c for c in reversed(g.corp.discard) if c.type == "agenda" and not c.faceup]
        chosen = x.pick(Phrase(N_("add a face-down agenda from Archives to your score area")), agendas)
        if chosen is None:
            return
        g.corp.discard.remove(chosen)
        chosen.faceup = True
        chosen.rezzed = True
        g.corp.score_area.append(chosen)
        _reveal(g, [chosen], "archives")
        g.log.add("move", CORP, card=str(chosen), zone="archives", to="score_area")
        g.check_points()

    b.when("agenda_scored", scored)


@card("midnight_3_arcology", paragraphs=(0,), summary="When scored, draw 3 cards; the corp skips its discard step "
      "this turn.")  # fmt: skip
def _midnight_3_arcology(b: Builder) -> None:
    def scored(x: Exec) -> None:
        x.game.draw("corp", 3)
        x.game.skip_discard("corp", x.card)  # (its maximum hand size stays what it is: no discard, that is all)

    b.when("agenda_scored", scored)


# ---------------------------------------------------------------- assets


@card("bladderwort", paragraphs=(0,), summary="When the corp's turn begins: gain 1 credit, then 1 net damage if the "
      "corp has 4 credits or less.")  # fmt: skip
def _bladderwort(b: Builder) -> None:
    b.text("你的回合开始时：你获得 1[credit]。如果你的信用点不多于 4，造成 1 点网域伤害。")


@card("ubiquitous_vig", paragraphs=(1,), summary="When the corp's turn begins, gain 1 credit per advancement counter "
      "on it.")  # fmt: skip
def _ubiquitous_vig(b: Builder) -> None:
    b.text("你的回合开始时：本牌上每有 1 个推进标记，你获得 1[credit]。")


@card("reaper_function", paragraphs=(0,), summary="When the corp's turn begins, it may trash this asset to do 2 net "
      "damage.")  # fmt: skip
def _reaper_function(b: Builder) -> None:
    def begins(x: Exec) -> None:
        g = x.game
        prompt = Phrase(N_("{card}: trash it to do {n} {damage}?"), card=str(x.card), n=2, damage=Term("damage", "net"))
        if g.is_installed(x.card) and x.may(prompt) and g.trash(x.card, Phrase(N_("its own ability")), by="corp"):
            g.damage("net", 2)

    b.when("your_turn_start", begins)


@card("chekist_scion", paragraphs=(1,), summary="Accessed while installed: the runner takes 1 tag plus 1 per "
      "advancement counter on it.")  # fmt: skip
def _chekist_scion(b: Builder) -> None:
    def accessed(x: Exec) -> None:
        g = x.game
        if this_card(x) and g.is_installed(x.card):
            g.gain_tags(1 + x.card.advancement)

    b.when("access", accessed)


@card("drago_ivanov", paragraphs=(1,), summary="During the corp's turn, 2 advancement counters on it: the runner "
      "takes 1 tag.")  # fmt: skip
def _drago_ivanov(b: Builder) -> None:
    b.paid([counters("advancement", 2)], lambda x: x.game.gain_tags(1),
           usable=lambda g, c, w: g.active == "corp" and w in ("action", "run"))  # fmt: skip


@card("gaslight", paragraphs=(0,), summary="When the corp's turn begins it may trash this asset to search R&D for an "
      "operation, reveal it and add it to HQ.")  # fmt: skip
def _gaslight(b: Builder) -> None:
    def begins(x: Exec) -> None:
        g = x.game
        prompt = Phrase(N_("{card}: trash it to search R&D for an operation?"), card=str(x.card))
        if g.is_installed(x.card) and x.may(prompt) and g.trash(x.card, Phrase(N_("its own ability")), by="corp"):
            g.search_type("corp", "rnd", 1, "operation")

    b.when("your_turn_start", begins)


@card("svyatogor_excavator", paragraphs=(0,), summary="When the corp's turn begins it may trash another of its "
      "installed cards to gain 3 credits.")  # fmt: skip
def _svyatogor_excavator(b: Builder) -> None:
    def begins(x: Exec) -> None:
        g = x.game
        others = [c for c in g.installed("corp") if c is not x.card]
        prompt = Phrase(N_("trash one of your installed cards to gain {n}{credit}?"), n=3, credit="[credit]")
        chosen = x.pick(prompt, others)
        if chosen is not None and g.trash(chosen, _by_corp(), by="corp"):
            g.gain_credits("corp", 3)

    b.when("your_turn_start", begins)


@card("superdeep_borehole", paragraphs=(0, 1), summary="Loaded with 6 bad publicity counters when rezzed; each turn "
      "the corp takes one as bad publicity; when it is empty the corp wins.")  # fmt: skip
def _superdeep_borehole(b: Builder) -> None:
    def rezzed(x: Exec) -> None:
        x.game.add_counters(x.card, "bad_publicity", 6)
        x.card.notes["loaded"] = "bad_publicity"

    def emptied(x: Exec) -> None:
        x.game.game_over("corp", Phrase(N_("{card} is empty"), card=str(x.card)))

    def begins(x: Exec) -> None:
        if x.card.counters.get("bad_publicity", 0) <= 0:
            return
        x.do("你获得 1 个负面声誉。")
        x.game.add_counters(x.card, "bad_publicity", -1)

    b.loads("bad_publicity").when("rezzed", rezzed).when("emptied", emptied)
    b.paragraph(1).when("your_turn_start", begins)


@card("vera_ivanovna_shuyskaya", paragraphs=(0,), summary="Whenever an agenda is scored or stolen, the corp may "
      "reveal the grip and trash one card of it.")  # fmt: skip
def _vera(b: Builder) -> None:
    def agenda(x: Exec) -> None:
        g = x.game
        grip = list(g.runner.hand)
        if not grip or not x.may(Phrase(N_("{card}: reveal the grip and trash a card of it?"), card=str(x.card))):
            return
        _reveal(g, grip, "grip")
        chosen = x.pick(Phrase(N_("trash a card from the grip")), grip, optional=False)
        if chosen is not None:
            g.trash(chosen, Phrase(N_("trashed by {card}"), card=str(x.card)), by="corp")

    b.when("any_scored", agenda).when("any_stolen", agenda)


@card("moon_pool", paragraphs=(0,), summary="Remove it from the game: trash up to 2 cards from HQ, shuffle up to 2 "
      "revealed face-down cards of Archives into R&D, and for each agenda among them the corp may place an "
      "advancement counter on an installed card.")  # fmt: skip
def _moon_pool(b: Builder) -> None:
    def use(x: Exec) -> None:
        g = x.game
        x.remove_from_game()
        for n in range(2):
            prompt = Phrase(N_("trash a card from HQ ({n}/{most})"), n=n + 1, most=2)
            chosen = x.pick(prompt, list(g.corp.hand))
            if chosen is None:
                break
            _trash_from_hq(x, chosen)
        revealed: list[Card] = []
        for n in range(2):
            prompt = Phrase(N_("reveal a face-down card in Archives ({n}/{most})"), n=n + 1, most=2)
            facedown = [c for c in reversed(g.corp.discard) if not c.faceup and c not in revealed]
            chosen = x.pick(prompt, facedown)
            if chosen is None:
                break
            revealed.append(chosen)
        if revealed:
            _reveal(g, revealed, "archives")
            for moved in revealed:
                g.corp.discard.remove(moved)
                g.corp.deck.append(moved)
                g.log.add("move", CORP, card=str(moved), zone="archives", to="rnd")
            g.rng.shuffle(g.corp.deck)
            g.log.add("shuffle", CORP, zone="rnd")
        for _ in [c for c in revealed if c.type == "agenda"]:
            target = x.pick(Phrase(N_("place 1 advancement counter on")), g.installed("corp"))
            if target is not None:
                g.place_advancement(target, 1)

    def usable(g: NetrunnerGame, c: Card, window: str) -> bool:
        return window in ("action", "run") and (bool(g.corp.hand) or any(not d.faceup for d in g.corp.discard))

    b.paid([], use, usable=usable)


@card("hostile_architecture", paragraphs=(0,), summary="The first time each turn the runner trashes an installed "
      "corp card (this one included), 2 meat damage.")  # fmt: skip
def _hostile_architecture(b: Builder) -> None:
    def trashed(x: Exec) -> None:
        g = x.game
        victim = x.event.get("card")
        if victim is None or victim.side != "corp" or x.event.get("by") != "runner":
            return
        if victim is x.card:
            installed = _installed_before(g, victim) is not None and _was_rezzed(g, victim)
        else:
            installed = x.card.rezzed and _installed_before(g, victim) is not None
        if not installed:
            return
        notes = g.corp.identity.notes  # the turn's first such trash, shared by every copy of this asset
        first = notes.get("borealis:runner_trashed_installed")
        if first is not None and first[0] == g.turns and first[1] != victim.uid:
            return
        notes["borealis:runner_trashed_installed"] = (g.turns, victim.uid)
        g.damage("meat", 2)

    b.when("trashed", trashed)


# ---------------------------------------------------------------- upgrades


@card("djupstad_grid", paragraphs=(0, 1), summary="Whenever the corp scores an agenda from the root of its server, "
      "1 brain damage; limit 1 region per server.")  # fmt: skip
def _djupstad_grid(b: Builder) -> None:
    def scored(x: Exec) -> None:
        g = x.game
        agenda = x.event.get("card")
        here = _server_name(g, x.card)
        if agenda is not None and here is not None and _installed_before(g, agenda) == here:
            g.damage("brain", 1)

    b.when("any_scored", scored)
    one_region(b.paragraph(1))


@card("mavirus", paragraphs=(0, 1), summary="Revealed when accessed in R&D; when accessed, the corp may purge virus "
      "counters, and if it is rezzed, 1 net damage.")  # fmt: skip
def _mavirus(b: Builder) -> None:
    def accessed(x: Exec) -> None:  # one trigger for both paragraphs: the reveal comes first
        g = x.game
        if x.event.get("card") is not x.card:
            return
        if x.event.get("server") == "rnd":
            _reveal(g, [x.card], "rnd")
        if x.may(Phrase(N_("{card}: purge virus counters?"), card=str(x.card))):
            g.purge()
        if x.card.rezzed and g.is_installed(x.card):
            g.damage("net", 1)

    b.when("access", accessed)


@card("mr_hendrik", paragraphs=(0,), summary="Accessed while installed: the corp may pay 2 credits for 1 brain "
      "damage, which the runner may prevent by losing all its remaining clicks.")  # fmt: skip
def _mr_hendrik(b: Builder) -> None:
    def accessed(x: Exec) -> None:
        g = x.game
        if x.event.get("card") is not x.card or not g.is_installed(x.card) or not g.can_pay("corp", 2):
            return
        prompt = Phrase(N_("{card}: pay {n}{credit} to do {m} {damage}?"), card=str(x.card), n=2, credit="[credit]",
                        m=1, damage=Term("damage", "brain"))  # fmt: skip
        if not x.may(prompt):
            return
        g.pay("corp", 2, str(x.card))
        runner = g.runner
        ask = Phrase(N_("{card}: lose all your remaining {click} to prevent the damage?"), card=str(x.card),
                     click="[click]")  # fmt: skip
        if runner.clicks > 0 and x.may(ask, side="runner"):
            lost = runner.clicks
            runner.clicks = 0
            g.log.add("clicks", RUNNER, side="runner", amount=-lost, clicks=0, reason=str(x.card))
            return
        g.damage("brain", 1)

    b.when("access", accessed)


@card("nanisivik_grid", paragraphs=(0, 1), summary="When the runner approaches its server, the corp may turn a "
      "face-down piece of ice in Archives face up and resolve one of its subroutines; limit 1 region per server.")  # fmt: skip
def _nanisivik_grid(b: Builder) -> None:
    def approached(x: Exec) -> None:
        g = x.game
        if x.event.get("server") != _server_name(g, x.card) or not x.card.rezzed:
            return
        ice = [c for c in reversed(g.corp.discard) if c.type == "ice" and not c.faceup]
        chosen = x.pick(Phrase(N_("turn a face-down piece of ice in Archives face up")), ice)
        if chosen is None:
            return
        chosen.faceup = True
        _reveal(g, [chosen], "archives")
        _resolve_subroutine(x, chosen)

    b.when("approach_server", approached)
    one_region(b.paragraph(1))


@card("vladisibirsk_city_grid", paragraphs=(1, 2), summary="Once per turn, 2 advancement counters on it: 2 "
      "advancement counters on another card that can be advanced in its server's root; limit 1 region per "
      "server.")  # fmt: skip
def _vladisibirsk_city_grid(b: Builder) -> None:
    def others(g: NetrunnerGame, c: Card) -> list[Card]:
        server = g.server_of(c)
        return [] if server is None else [o for o in server.root if o is not c and g.can_advance(o)]

    def use(x: Exec) -> None:
        g = x.game
        target = x.pick(Phrase(N_("place {n} advancement counters on"), n=2), others(g, x.card), optional=False)
        if target is not None:
            g.place_advancement(target, 2)

    b.paid([counters("advancement", 2)], use, once_per_turn=True,
           usable=lambda g, c, w: w in ("action", "run") and bool(others(g, c)))  # fmt: skip
    one_region(b.paragraph(2))


@card("zato_city_grid", paragraphs=(1, 2), summary="As the runner encounters a piece of ice protecting its server, the "
      "corp chooses one of its subroutines and may trash the ice to resolve it; limit 1 region per server.")  # fmt: skip
def _zato_city_grid(b: Builder) -> None:
    def met(x: Exec) -> None:
        g, run = x.game, x.run
        ice = x.event.get("ice")
        server = g.server_of(x.card)
        if ice is None or server is None or ice not in server.ice or run is None or run.encounter is None:
            return
        subs = [s for s in run.encounter.subs if not s.broken]
        if not subs:
            return
        prompt = Phrase(N_("{card}: choose a subroutine of {ice}"), card=str(x.card), ice=str(ice))
        sub = g.choose("corp", "subroutine", prompt, subs, label=lambda s: f"sub:{s.index}")
        if not x.may(Phrase(N_("trash {ice} to resolve that subroutine?"), ice=str(ice))):
            return
        if not g.trash(ice, Phrase(N_("trashed by {card}"), card=str(x.card)), by="corp"):
            return
        g.log.add("subroutine", CORP, ice=str(ice), index=sub.index, source=str(x.card))
        g.execute(sub.ability, Context("corp", ice, run, encounter=run.encounter), pay=False)

    b.when("encounter", met)
    one_region(b.paragraph(2))


@card("yakov_erikovich_avdakov", paragraphs=(0,), summary="Whenever a card is trashed from its server's root or "
      "from protecting it (this one included), gain 2 credits.")  # fmt: skip
def _yakov(b: Builder) -> None:
    def trashed(x: Exec) -> None:
        g = x.game
        victim = x.event.get("card")
        if victim is None or victim.side != "corp" or _trashed_installing(g, victim):
            return
        if victim is x.card:
            if not _was_rezzed(g, victim) or _installed_before(g, victim) is None:
                return
        else:
            here = _server_name(g, x.card)
            if not x.card.rezzed or here is None or _installed_before(g, victim) != here:
                return
        g.gain_credits("corp", 2, x.why)

    b.when("trashed", trashed)


# ---------------------------------------------------------------- ice


@card("bathynomus", paragraphs=(0,), summary="+3 strength while protecting Archives.")
def _bathynomus(b: Builder) -> None:
    b.strength(lambda g, c: 3 if c in g.servers["archives"].ice else 0)


@card("anemone", paragraphs=(0,), summary="Rezzed during a run on its server: the corp may trash a card from HQ to "
      "do 2 net damage.")  # fmt: skip
def _anemone(b: Builder) -> None:
    def rezzed(x: Exec) -> None:
        g = x.game
        if not _run_here(g, x.card):
            return
        prompt = Phrase(N_("trash a card from HQ to do {n} {damage}?"), n=2, damage=Term("damage", "net"))
        chosen = x.pick(prompt, list(g.corp.hand))
        if chosen is not None:
            _trash_from_hq(x, chosen)
            g.damage("net", 2)

    b.when("rezzed", rezzed)


@card("pulse", paragraphs=(0, 1, 2), summary="Rezzed during a run on its server: the runner loses a click; "
      "subroutines: the runner loses 1 credit per rezzed harmonic ice; end the run unless the runner spends a "
      "click.")  # fmt: skip
def _pulse(b: Builder) -> None:
    def rezzed(x: Exec) -> None:
        if _run_here(x.game, x.card):
            x.do("潜袭者失去 [click]。")

    def drain(x: Exec) -> None:
        count = _rezzed_harmonic(x.game)
        if count:
            x.game.lose_credits("runner", count)

    def stop(x: Exec) -> None:
        g = x.game
        prompt = Phrase(N_("{card}: spend {click}, or the run ends"), card=str(x.card), click="[click]")
        if g.runner.clicks > 0 and x.may(prompt, side="runner"):
            g.spend_clicks("runner", 1, str(x.card))
        else:
            x.do("终止潜袭。")

    b.when("rezzed", rezzed)
    b.paragraph(1).subroutine(drain)
    b.paragraph(2).subroutine(stop)


@card("wave", paragraphs=(0, 1), summary="Rezzed during a run on its server: the corp may search R&D for a piece of "
      "ice and add it to HQ; subroutine: gain 1 credit per rezzed harmonic ice.")  # fmt: skip
def _wave(b: Builder) -> None:
    def rezzed(x: Exec) -> None:
        g = x.game
        if _run_here(g, x.card) and x.may(Phrase(N_("{card}: search R&D for a piece of ice?"), card=str(x.card))):
            g.search_type("corp", "rnd", 1, "ice")

    def sub(x: Exec) -> None:
        count = _rezzed_harmonic(x.game)
        if count:
            x.game.gain_credits("corp", count)

    b.when("rezzed", rezzed)
    b.paragraph(1).subroutine(sub)


@card("echo", paragraphs=(0, 1), summary="A power counter whenever the corp rezzes a harmonic ice (this one "
      "included); an end-the-run subroutine per power counter.")  # fmt: skip
def _echo(b: Builder) -> None:
    def rezzed(x: Exec) -> None:
        other = x.event.get("card")
        if other is not None and other.type == "ice" and "harmonic" in other.subtypes:
            x.game.add_counters(x.card, "power", 1)

    def met(x: Exec) -> None:
        if this_ice(x):
            _gain_etr(x, x.card.counters.get("power", 0), first=False)

    b.when("any_rezzed", rezzed)
    b.paragraph(1).when("encounter", met)


@card("envelopment", paragraphs=(2, 3), summary="An end-the-run subroutine per power counter, before its printed "
      "one; subroutine: trash this ice.")  # fmt: skip
def _envelopment(b: Builder) -> None:
    def met(x: Exec) -> None:
        if this_ice(x):
            _gain_etr(x, x.card.counters.get("power", 0), first=True)

    def sub(x: Exec) -> None:
        if x.game.is_installed(x.card):
            x.game.trash(x.card, Phrase(N_("its own subroutine")), by="corp")

    b.when("encounter", met)
    b.paragraph(3).subroutine(sub)


@card("stavka", paragraphs=(0,), summary="When rezzed, the corp may trash another of its installed cards: +5 "
      "strength for the rest of the run.")  # fmt: skip
def _stavka(b: Builder) -> None:
    def rezzed(x: Exec) -> None:
        g = x.game
        others = [c for c in g.installed("corp") if c is not x.card]
        prompt = Phrase(N_("trash another installed card for {n} strength this run?"), n="+5")
        chosen = x.pick(prompt, others)
        if chosen is not None and g.trash(chosen, _by_corp(), by="corp"):
            x.card.notes["boosted_run"] = g.current_run

    def strength(g: NetrunnerGame, c: Card) -> int:
        run = g.current_run
        return 5 if run is not None and c.notes.get("boosted_run") is run else 0

    b.when("rezzed", rezzed).strength(strength)


@card("mestnichestvo", paragraphs=(1,), summary="When encountered, the corp may remove an advancement counter from "
      "it: the runner loses 3 credits.")  # fmt: skip
def _mestnichestvo(b: Builder) -> None:
    def met(x: Exec) -> None:
        g = x.game
        if x.event.get("ice") is not x.card or not x.card.advancement:
            return
        prompt = Phrase(N_("{card}: remove 1 advancement counter to make the runner lose {n}{credit}?"),
                        card=str(x.card), n=3, credit="[credit]")  # fmt: skip
        if x.may(prompt):
            g.add_counters(x.card, "advancement", -1)
            g.lose_credits("runner", 3)

    b.when("encounter", met)


@card("vasilisa", paragraphs=(0,), summary="When encountered, the corp may pay 1 credit to place an advancement "
      "counter on an installed card that can be advanced.")  # fmt: skip
def _vasilisa(b: Builder) -> None:
    def met(x: Exec) -> None:
        g = x.game
        if x.event.get("ice") is not x.card or not g.can_pay("corp", 1) or not _advanceable(g):
            return
        prompt = Phrase(N_("{card}: pay {n}{credit} to place 1 advancement counter?"), card=str(x.card), n=1,
                        credit="[credit]")  # fmt: skip
        if not x.may(prompt):
            return
        g.pay("corp", 1, str(x.card))
        target = x.pick(Phrase(N_("place 1 advancement counter on")), _advanceable(g), optional=False)
        if target is not None:
            g.place_advancement(target, 1)

    b.when("encounter", met)


@card("vampyronassa", paragraphs=(3,), summary="Fourth subroutine: the corp may draw 1 or 2 cards.")
def _vampyronassa(b: Builder) -> None:
    def sub(x: Exec) -> None:
        g = x.game
        most = min(2, len(g.corp.deck))
        if most <= 0:
            return
        count = int(g.choose("corp", "target", Phrase(N_("draw how many cards")), list(range(most + 1)), label=str,
                             text=str))  # fmt: skip
        if count:
            g.draw("corp", count)

    b.subroutine(sub)


@card("anvil", paragraphs=(2,), summary="Second subroutine: the runner trashes one of its installed cards.")
def _anvil(b: Builder) -> None:
    def sub(x: Exec) -> None:
        g = x.game
        chosen = x.pick(Phrase(N_("trash one of your installed cards")), list(g.runner.rig), optional=False,
                        side="runner")  # fmt: skip
        if chosen is not None:
            g.trash(chosen, Phrase(N_("trashed by the {side}"), side=Term("side", "runner")), by="runner")

    b.subroutine(sub)


@card("hakarl_1_0", paragraphs=(1,), summary="The runner may lose a click to break one of its subroutines.")
def _hakarl(b: Builder) -> None:
    b.runner_break(clicks=1, count=1)


# ---------------------------------------------------------------- identities


@card("ob_superheavy_logistics_extract_export_excel", paragraphs=(0,), summary="Once per turn, when the corp trashes "
      "a rezzed card, it may search R&D for a card whose printed rez cost is 1 less, and install and rez it "
      "without paying credits.")  # fmt: skip
def _ob_superheavy(b: Builder) -> None:
    def trashed(x: Exec) -> None:
        g = x.game
        gone = x.event.get("card")
        if gone is None or gone.side != "corp" or x.event.get("by") == "runner" or gone is x.card:
            return
        cost = getattr(gone.record, "rez_cost", None)
        if cost is None or x.card.notes.get("used") == g.turns or not _was_rezzed(g, gone):
            return
        if _trashed_installing(g, gone):
            return
        wanted = int(cost) - 1
        prompt = Phrase(N_("{card}: search R&D for a card with a rez cost of {n}?"), card=str(x.card), n=wanted)
        if wanted < 0 or not x.may(prompt):
            return
        x.card.notes["used"] = g.turns
        matches = [c for c in reversed(g.corp.deck) if getattr(c.record, "rez_cost", None) == wanted
                   and c.type in _REZZABLE and g.may_install(c)]  # fmt: skip
        chosen = x.pick(Phrase(N_("search R&D for a card to install")), matches, optional=False, kind="search")
        if chosen is not None:
            g.corp.deck.remove(chosen)
            _reveal(g, [chosen], "rnd")
            g.install("corp", chosen, pay=False)
            if g.is_installed(chosen) and not chosen.rezzed:
                g.rez(chosen, free=True)
        else:
            g.log.add("search_failed", CORP, zone="rnd", type="card")
        g.rng.shuffle(g.corp.deck)
        g.log.add("shuffle", CORP, zone="rnd")

    b.when("trashed", trashed)


@card("pravdivost_consulting_political_solutions", paragraphs=(0,), summary="The first time each turn the runner "
      "makes a successful run, the corp may place an advancement counter on an installed card that can be "
      "advanced.")  # fmt: skip
def _pravdivost(b: Builder) -> None:
    def breach(x: Exec) -> None:
        g = x.game
        if x.ran_this_turn(successful=True) or not x.once_per_turn("successful_run"):
            return
        target = x.pick(Phrase(N_("place 1 advancement counter on")), _advanceable(g))
        if target is not None:
            g.place_advancement(target, 1)

    b.when("breach", breach)


@card("thule_subsea_safety_below", paragraphs=(0,), summary="Whenever the runner steals an agenda, 1 brain damage "
      "unless the runner spends a click and 2 credits.")  # fmt: skip
def _thule_subsea(b: Builder) -> None:
    def stolen(x: Exec) -> None:
        g = x.game
        prompt = Phrase(N_("{card}: spend {click} and {n}{credit}, or take {m} {damage}"), card=str(x.card),
                        click="[click]", n=2, credit="[credit]", m=1, damage=Term("damage", "brain"))  # fmt: skip
        if g.runner.clicks > 0 and g.can_pay("runner", 2) and x.may(prompt, side="runner"):
            g.spend_clicks("runner", 1, str(x.card))
            g.pay("runner", 2, str(x.card))
        else:
            g.damage("brain", 1)

    b.when("any_stolen", stolen)

