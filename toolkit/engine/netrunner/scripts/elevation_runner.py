"""Card scripts of Elevation: the runner cards and runner identities.

Some frames recur here: installing from somewhere other than the grip or at a discount (:func:`_installable`,
:func:`_install`) and a choice that may be declined (:func:`_pick`); a double event's extra click and the
console limit are the package's (``b.play_clicks``, :func:`one_console`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from toolkit.engine.phrase import Phrase, Term
from toolkit.i18n import Nn_
from toolkit.i18n.words import N_

from ..decisions import Option
from . import Builder, Exec, ask_none, card, click, load, on_installed_ice, one_console

if TYPE_CHECKING:
    from ..game import NetrunnerGame
    from ..state import Card

RUNNER_SEAT = 2
RIG_TYPES = ("program", "hardware", "resource")


# ---------------------------------------------------------------- frames


def _pick(x: Exec, prompt: str, cards: Sequence[Card], kind: str = "target", hidden: bool = False) -> Card | None:
    """One of ``cards``, or None when the runner answers ``done`` (a choice the card makes optional) or there are
    none (``hidden``: cards the other side cannot see, then asked all the same in a game of two people:
    :func:`ask_none`)."""
    if not cards:
        ask_none(x.game, x.side, kind, prompt, hidden)
        return None
    options = [Option(c.ref, Phrase(N_("{card} ({type})"), card=str(c), type=Term("type", c.type)), c) for c in cards]
    options.append(Option("done", Phrase(N_("done")), None))
    value: Card | None = x.game.ask(x.side, kind, prompt, options).value
    return value


def _installable(g: NetrunnerGame, c: Card, discount: int = 0) -> bool:
    """Whether the runner can install ``c`` now (wherever it is), paying ``discount`` less."""
    if c.type not in RIG_TYPES or not g.may_install(c):
        return False
    if c.type == "program" and int(c.record.memory_cost or 0) > g.memory_limit():
        return False
    return g.can_pay("runner", max(0, g.install_cost(c) - discount), "install")


def _install(g: NetrunnerGame, c: Card, discount: int = 0) -> None:
    """Install ``c`` from the grip, the heap or a host card (it leaves that place first), ``discount`` less."""
    runner = g.runner
    if c in runner.discard:
        runner.discard.remove(c)
    if c.host is not None and c not in runner.rig:  # hosted, not installed (Madani)
        c.host.hosted.remove(c)
        c.host = None
    if discount:
        cost = max(0, g.install_cost(c) - discount)
        g.pay("runner", cost, Phrase(N_("installing {card}"), card=str(c)), "install")
        g.install("runner", c, pay=False)
    else:
        g.install("runner", c)


def _successful(run: object) -> bool:
    return bool(getattr(run, "successful", False)) and not getattr(run, "ended", True)


# ---------------------------------------------------------------- events


@card("ritual", paragraphs=(0,), summary="Draw as many cards as clicks are left.")
def _ritual(b: Builder) -> None:
    def play(x: Exec) -> None:
        if x.me.clicks > 0:
            x.game.draw(x.side, x.me.clicks)

    b.play(play)


@card("clean_getaway", paragraphs=(0,), summary="Run any server; on success gain 6 credits.")
def _clean_getaway(b: Builder) -> None:
    def play(x: Exec) -> None:
        if _successful(x.run_on("any")):
            x.do("你获得 6[credit]。")

    b.play(play)


@card(
    "transfer_of_wealth",
    paragraphs=(0,),
    summary="Run HQ; on success take a tag, the corp loses 3 credits and the runner gains twice what it lost.",
)
def _transfer_of_wealth(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        if not _successful(x.run_on("hq")):
            return
        g.gain_tags(1)
        lost = g.lose_credits("corp", 3)
        if lost:
            g.gain_credits("runner", 2 * lost)

    b.play(play)


@card(
    "lie_low",
    paragraphs=(0, 1),
    summary="Costs an extra click to play; either draw 4 cards or remove up to 2 tags.",
)
def _lie_low(b: Builder) -> None:
    b.play_clicks(1)

    def play(x: Exec) -> None:
        g = x.game
        options = [Option("draw", Phrase(N_("draw {n} cards"), n=4), 0)]
        most = min(2, g.runner.tags)
        removed = Nn_("remove {n} tag", "remove {n} tags")
        options += [Option(f"tags:{n}", Phrase(removed, n=n), n) for n in range(min(1, most), most + 1)]
        chosen = g.ask(x.side, "target", Phrase(N_("resolve which option")), options)
        if chosen.label == "draw":
            x.do("你抽 4 张牌。")
        elif chosen.value:
            g.remove_tags(int(chosen.value))

    b.paragraph(1).play(play)


@card(
    "maintenance_access",
    paragraphs=(0, 1),
    summary="Costs an extra click to play; run Archives, and when the runner would approach Archives past its ice, "
    "the run goes on against HQ instead and the runner approaches HQ.",
)
def _maintenance_access(b: Builder) -> None:
    b.play_clicks(1)

    def play(x: Exec) -> None:
        g = x.game
        g.in_play.append(x.card)  # in play while its run goes on, until the attacked server changes
        try:
            x.run_on("archives")  # the breach follows once this part is done
        finally:
            if x.card in g.in_play:
                g.in_play.remove(x.card)

    def to_hq(x: Exec) -> None:
        g = x.game
        g.in_play.remove(x.card)
        x.move_run("hq")  # the ice is behind: the runner is at HQ itself
        g.announce("approach_server", server="hq")

    def concerns(x: Exec) -> bool:
        run = x.game.current_run
        return (
            x.card in x.game.in_play
            and run is not None
            and run.server == "archives"
            and x.event.get("server") == "archives"
        )

    b.paragraph(1).play(play)
    b.when("approach_server", to_hq, only=concerns)


@card(
    "scrounge",
    paragraphs=(0, 1),
    summary="Costs an extra click to play; install a program from the heap, then may put a heap program at "
    "the bottom of the stack.",
)
def _scrounge(b: Builder) -> None:
    b.play_clicks(1)

    def play(x: Exec) -> None:
        g = x.game
        runner = g.runner
        options = [c for c in reversed(runner.discard) if c.type == "program" and _installable(g, c)]
        if options:
            chosen = x.choose(Phrase(N_("install a program from your heap")), options, kind="install")
            _install(g, chosen)
        else:
            reason = Phrase(N_("no {type} in the heap can be installed"), type=Term("card_type", "program"))
            g.log.add("install_failed", RUNNER_SEAT, reason=reason)
        programs = [c for c in reversed(runner.discard) if c.type == "program"]
        back = _pick(x, Phrase(N_("add a program from your heap to the bottom of your stack?")), programs)
        if back is not None:
            runner.discard.remove(back)
            back.faceup = False
            runner.deck.insert(0, back)
            g.log.add("move", RUNNER_SEAT, card=str(back), zone=Term("zone", "stack"))

    b.paragraph(1).play(play)


@card(
    "illumination",
    paragraphs=(0,),
    summary="Run R&D; on success install up to 3 cards from the grip one by one, each 1 credit cheaper.",
)
def _illumination(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        if not _successful(x.run_on("rnd")):
            return
        for _ in range(3):
            options = [c for c in g.runner.hand if _installable(g, c, 1)]
            prompt = Phrase(N_("install a card paying {n}{credit} less"), n=1, credit="[credit]")
            chosen = _pick(x, prompt, options, kind="install")
            if chosen is None:
                return
            _install(g, chosen, 1)

    b.play(play)


@card(
    "charm_offensive",
    paragraphs=(0,),
    summary="Run Archives; when the run ends, may trash 1 rezzed card sharing a title with a card accessed "
    "in Archives during it.",
)
def _charm_offensive(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        start = len(g.log)
        run = x.run_on("archives")
        if g.current_run is run:
            g.runs.finish_run()  # the run ends here, access included; what follows is "when that run ends"
        seen = {
            str(e.data.get("card"))
            for e in g.log
            if e.seq > start and e.kind == "access" and e.data.get("server") == "archives" and e.data.get("card")
        }
        corp_cards = [*g.corp.discard, *g.corp.deck, *g.corp.hand, *g.installed("corp"), *g.corp.score_area,
                      *g.runner.score_area]  # fmt: skip
        titles = {c.id for c in corp_cards if str(c) in seen}
        targets = [c for c in g.installed("corp") if c.rezzed and c.id in titles]
        chosen = _pick(x, Phrase(N_("trash a rezzed copy of a card you accessed in Archives?")), targets)
        if chosen is not None:
            g.trash(chosen, Phrase(N_("trashed by the {side}"), side=Term("side", "runner")), by="runner")

    b.play(play)


# ---------------------------------------------------------------- programs


@card("rising_tide", paragraphs=(0,), summary="+1 strength for each fracter in the heap.")
def _rising_tide(b: Builder) -> None:
    b.strength(lambda g, c: sum(1 for h in g.runner.discard if "fracter" in h.subtypes))


@card(
    "devadatta_drone",
    paragraphs=(1,),
    summary="At each R&D breach, may remove 1 of its power counters to access 1 more card.",
)
def _devadatta_drone(b: Builder) -> None:
    def breach(x: Exec) -> None:
        if x.event.get("server") != "rnd" or x.card.counters.get("power", 0) < 1:
            return
        if x.may(Phrase(N_("remove a power counter from {card} to access 1 more card?"), card=str(x.card))):
            x.game.add_counters(x.card, "power", -1)
            x.do("你额外读取 1 张牌。")

    b.when("breach", breach)


@card(
    "gourmand",
    paragraphs=(0,),
    summary="While accessing a non-agenda card, may trash this program to trash that card and draw 1 card.",
)
def _gourmand(b: Builder) -> None:
    def access(x: Exec) -> None:
        g = x.game
        target = x.event.get("card")
        if target is None or target.type == "agenda" or target in g.corp.discard or not g.is_installed(x.card):
            return
        prompt = Phrase(N_("trash {this} to trash {card} and draw 1 card?"), this=str(x.card), card=str(target))
        if not x.may(prompt):
            return
        g.trash(x.card, Phrase(N_("trash cost")))
        why = Phrase(N_("trashed by the {side}"), side=Term("side", "runner"))
        if g.is_installed(target):
            g.trash(target, why, by="runner")
        else:
            for zone in (g.corp.deck, g.corp.hand):
                if target in zone:
                    zone.remove(target)
            g.to_discard(target, why, faceup=True)
        x.do("你抽 1 张牌。")

    b.when("access", access)


@card(
    "azimat",
    paragraphs=(0, 1),
    summary="2 recurring credits on it (refilled when installed and as your turn begins) that pay only trash "
    "costs.",
)
def _azimat(b: Builder) -> None:
    def refill(x: Exec) -> None:
        x.card.credits = 2
        x.game.log.add("recurring", RUNNER_SEAT, card=str(x.card), credits=2, reason=Phrase(N_("refilled")))

    b.when("installed", refill).when("your_turn_start", refill)
    b.paragraph(1).spend_hosted(lambda g, c, purpose: purpose == "trash")


@card(
    "principia",
    paragraphs=(0,),
    summary="Costs 1 credit less to install for each other installed icebreaker (counted when it is paid).",
)
def _principia(b: Builder) -> None:
    b.own_install_cost(lambda g, this, c: -sum(1 for o in g.runner.rig if o is not this and "icebreaker" in o.subtypes))


@card(
    "gamedragon_pro",
    paragraphs=(0, 1),
    summary="When installed and as your turn begins, may be hosted on a non-AI icebreaker, which gets +1 strength "
    "and keeps its strength boosts for the rest of a run.",
)
def _gamedragon(b: Builder) -> None:
    def rehost(x: Exec) -> None:
        g = x.game
        if not g.is_installed(x.card):
            return
        options = [c for c in g.runner.rig if c.type == "program" and "icebreaker" in c.subtypes
                   and "ai" not in c.subtypes and c is not x.card.host]  # fmt: skip
        chosen = _pick(x, Phrase(N_("host {card} on an icebreaker?"), card=str(x.card)), options)
        if chosen is None:
            return
        if x.card.host is not None and x.card in x.card.host.hosted:
            x.card.host.hosted.remove(x.card)
        x.card.host = chosen
        chosen.hosted.append(x.card)
        g.log.add("host", RUNNER_SEAT, card=str(x.card), host=str(chosen))

    def keep(x: Exec) -> None:  # boosts of this run raised the host's strength until the run ends
        g = x.game
        host = x.card.host
        if host is None or host not in g.runner.rig or g.current_run is None:
            return
        total = 0
        for e in reversed(list(g.log)):
            if e.kind == "run":
                break
            if e.kind == "strength" and e.data.get("card") == str(host) and e.data.get("delta", 0) > 0:
                total += int(e.data["delta"])
        if total > host.strength_bonus:
            host.strength_bonus = total
            g.log.add("effect", RUNNER_SEAT, card=str(host), reason=Phrase(N_("its boosts last for the run")))

    def stronger(g: NetrunnerGame, this: Card, c: Card) -> int:
        return 1 if c is this.host and c in g.runner.rig else 0

    b.when("installed", rehost).when("your_turn_start", rehost)
    b.paragraph(1).strength_all(stronger).when("encounter", keep, only=lambda x: x.card.host is not None)


def _host_subtypes(b: Builder, subtypes: Sequence[str]) -> Builder:
    """"Host ice gains ``subtypes``": given to the host when this card is installed on it (what it does not have
    printed is recorded on the ice, by this card's uid), taken back when this card is trashed unless another card
    still gives it."""

    def installed(x: Exec) -> None:
        g = x.game
        host = x.card.host
        if host is None or not g.is_installed(host):
            return
        given = [s for s in subtypes if s not in tuple(getattr(host.record, "subtypes", ()) or ())]
        host.notes.setdefault("given_subtypes", {})[x.card.uid] = given
        x.gain_subtypes(host, given)
        shown = str(host) if host.rezzed else Phrase(N_("unrezzed ice"))
        g.log.add("effect", RUNNER_SEAT, card=shown, subtypes=[Term("subtypes", s) for s in given], source=str(x.card))

    def trashed(x: Exec) -> None:
        for ice in (i for server in x.game.servers.values() for i in server.ice):
            grants = ice.notes.get("given_subtypes", {})
            given = grants.pop(x.card.uid, None)
            if given is None:
                continue
            for subtype in given:
                if subtype in ice.gained_subtypes and not any(subtype in other for other in grants.values()):
                    ice.gained_subtypes.remove(subtype)

    b.when("installed", installed, only=lambda x: x.event.get("card") is x.card)
    return b.when("trashed", trashed, only=lambda x: x.event.get("card") is x.card)


@card("chromatophores", paragraphs=(0, 1), summary="Installed only on a piece of ice, which gains barrier, code gate "
      "and sentry.")  # fmt: skip
def _chromatophores(b: Builder) -> None:
    on_installed_ice(b)
    _host_subtypes(b.paragraph(1), ("barrier", "code_gate", "sentry"))


def _run_event_active(g: NetrunnerGame) -> bool:
    """Whether a run event is active: one staying in play, or one played this turn that is still resolving (it is in
    no zone yet: not back in the grip, the stack, the heap, the rig, a score area, nor removed)."""
    if any(c.type == "event" and "run" in c.subtypes for c in g.in_play):
        return True
    runner = g.runner
    placed = {str(c) for zone in (runner.hand, runner.deck, runner.discard, runner.rig, runner.score_area,
                                  g.corp.score_area, g.removed) for c in zone}  # fmt: skip
    for e in g.events_this_turn("play"):
        shown = str(e.get("card", ""))
        if shown in placed:
            continue
        name = shown.rsplit("#", 1)[0]
        if any(r.kind == "card" and r.type == "event" and "run" in (r.subtypes or ()) and r.name.zh_hans == name
               for r in g.records):  # fmt: skip
            return True
    return False


@card("sang_kancil", paragraphs=(1,), summary="3 credits: +2 strength; 2 credits less while a run event is "
      "active.")  # fmt: skip
def _sang_kancil(b: Builder) -> None:
    def cost(g: NetrunnerGame) -> int:
        return 1 if _run_event_active(g) else 3

    def boost(x: Exec) -> None:
        g = x.game
        g.pay("runner", cost(g), str(x.card), "icebreaker")
        x.card.strength_bonus += 2
        g.log.add("strength", RUNNER_SEAT, card=str(x.card), delta=2, strength=g.strength_of(x.card))

    def usable(g: NetrunnerGame, c: Card, window: str) -> bool:
        run = g.current_run
        enc = run.encounter if run is not None else None
        return (
            window == "encounter"
            and enc is not None
            and g.strength_of(c) < g.strength_of(enc.ice)
            and g.can_pay("runner", cost(g), "icebreaker")
        )

    b.paragraph(1).paid([], boost, usable=usable, role="boost")


# ---------------------------------------------------------------- hardware


@card(
    "maglectric_rapid_748_mod",
    paragraphs=(0,),
    summary="After a successful HQ run, may trash this hardware to derez 1 installed corp card.",
)
def _maglectric(b: Builder) -> None:
    def successful(x: Exec) -> None:
        g = x.game
        if x.run is None or x.run.server != "hq" or not g.is_installed(x.card):
            return
        targets = [c for c in g.installed("corp") if c.rezzed]
        if not targets or not x.may(Phrase(N_("trash {card} to derez a corp card?"), card=str(x.card))):
            return
        g.trash(x.card, Phrase(N_("trash cost")))
        chosen: Card = x.choose(Phrase(N_("derez which card")), targets)
        chosen.rezzed = False
        g.log.add("effect", RUNNER_SEAT, card=str(chosen), reason=Phrase(N_("derezzed by {card}"), card=str(x.card)))

    b.when("run_successful", successful)


@card(
    "madani",
    paragraphs=(0, 1, 2),
    summary="Click: host programs from the grip on it (not installed); once a turn, install one of them paying "
    "its cost; one console per player.",
)
def _madani(b: Builder) -> None:
    def host(x: Exec) -> None:
        g = x.game
        while True:
            programs = [c for c in g.runner.hand if c.type == "program"]
            chosen = _pick(x, Phrase(N_("host a program on {card}"), card=str(x.card)), programs)
            if chosen is None:
                return
            g.runner.hand.remove(chosen)
            chosen.faceup = True
            chosen.host = x.card
            x.card.hosted.append(chosen)
            g.log.add("host", RUNNER_SEAT, card=str(chosen), host=str(x.card))

    def waiting(g: NetrunnerGame, c: Card) -> list[Card]:
        return [h for h in c.hosted if h not in g.runner.rig and _installable(g, h)]

    def install(x: Exec) -> None:
        options = waiting(x.game, x.card)
        if options:
            prompt = Phrase(N_("install a {type} on {card}"), type=Term("card_type", "program"), card=str(x.card))
            _install(x.game, x.choose(prompt, options, kind="install"))

    b.paid([click()], host, usable=lambda g, c, w: w == "action" and any(h.type == "program" for h in g.runner.hand))
    b.paragraph(1).paid([], install, once_per_turn=True, usable=lambda g, c, w: bool(waiting(g, c)))
    one_console(b.paragraph(2))


def _spent_credits_installing(g: NetrunnerGame, c: Card) -> bool:
    """Whether credits were paid to install ``c`` the last time it was installed (the log's ``pay`` for it, logged
    just before the install; a free install or a cost of 0 pays nothing)."""
    events = list(g.log)
    at = next((i for i in range(len(events) - 1, -1, -1)
               if events[i].kind == "install" and events[i].data.get("card") == str(c)), None)  # fmt: skip
    if at is None:
        return False
    wanted = Phrase(N_("installing {card}"), card=str(c))
    for e in reversed(events[:at]):
        if e.kind == "pay":
            if e.data.get("reason") == wanted and int(e.data.get("credits", 0) or 0) > 0:
                return True
        elif e.kind in ("action", "use", "install", "play", "trigger", "turn_start", "run", "scenario"):
            return False
    return False


@card(
    "bling",
    paragraphs=(1, 2, 3, 4),
    summary="Installing a card without spending credits may host the stack's top card face up on it; hosted cards "
    "are played or installed with the basic actions as from the grip; they are trashed as your turn ends; one "
    "console per player.",
)
def _bling(b: Builder) -> None:
    def installed(x: Exec) -> None:
        g = x.game
        c = x.event.get("card")
        deck = g.runner.deck
        if c is None or not g.is_installed(x.card) or not deck or _spent_credits_installing(g, c):
            return
        if not x.may(Phrase(N_("{card}: host the top card of your stack on it?"), card=str(x.card))):
            return
        top = deck.pop()
        top.faceup = True
        top.host = x.card
        x.card.hosted.append(top)
        g.log.add("host", RUNNER_SEAT, card=str(top), host=str(x.card))

    def usable_card(g: NetrunnerGame, h: Card) -> bool:
        clicks = g.runner.clicks
        if h.type == "event":
            return g.may_play(h) and clicks >= 1 + g.play_clicks(h) and g.can_pay("runner", g.play_cost(h), "play")
        return h.type in RIG_TYPES and clicks >= 1 and g.can_install(h)

    def waiting(g: NetrunnerGame, c: Card) -> list[Card]:
        return [h for h in c.hosted if h not in g.runner.rig and usable_card(g, h)]

    def use(x: Exec) -> None:
        g = x.game
        options = waiting(g, x.card)
        if not options:
            return
        chosen: Card = x.choose(Phrase(N_("play or install which card hosted on {card}"), card=str(x.card)), options,
                                kind="install")  # fmt: skip
        x.card.hosted.remove(chosen)
        chosen.host = None
        g.runner.hand.append(chosen)  # as if it were in the grip: the basic action takes it from there
        g.actions.basic("runner", "runner_play" if chosen.type == "event" else "runner_install", chosen)

    def turn_end(x: Exec) -> None:
        g = x.game
        for h in [h for h in x.card.hosted if h not in g.runner.rig]:
            g.trash(h, Phrase(N_("the text of {card}"), card=str(x.card)), by="runner")

    b.paragraph(1).when("any_installed", installed,
                        only=lambda x: getattr(x.event.get("card"), "side", None) == "runner")  # fmt: skip
    b.paragraph(2).paid([], use, usable=lambda g, c, w: w == "action" and bool(waiting(g, c)))
    b.paragraph(3).when("your_turn_end", turn_end, only=lambda x: bool(x.card.hosted))
    one_console(b.paragraph(4))


@card(
    "detente",
    paragraphs=(1, 3),
    summary="At the first successful HQ run of each turn, may host a random HQ card face up on it (not installed); "
    "one console per player.",
)
def _detente(b: Builder) -> None:
    def successful(x: Exec) -> None:
        g = x.game
        run = x.run
        if run is None or run.server != "hq" or x.ran_this_turn("hq", successful=True) or not g.corp.hand:
            return
        if not x.may(Phrase(N_("{card}: host a random card from HQ on it?"), card=str(x.card))):
            return
        chosen = g.rng.choice(g.corp.hand)
        g.corp.hand.remove(chosen)
        chosen.faceup = True
        chosen.host = x.card
        x.card.hosted.append(chosen)
        g.log.add("host", RUNNER_SEAT, card=str(chosen), host=str(x.card))

    b.paragraph(1).when("run_successful", successful, only=lambda x: x.event.get("server") == "hq")
    one_console(b.paragraph(3))


# ---------------------------------------------------------------- resources


@card(
    "side_hustle",
    paragraphs=(0, 1),
    summary="1 credit placed on it when installed and at each run; at 6 or more, take them all, trash it, "
    "draw 1 card.",
)
def _side_hustle(b: Builder) -> None:
    def place(x: Exec) -> None:
        g = x.game
        if not g.is_installed(x.card):
            return
        x.do("在本牌上放置 1[credit]。")
        held = x.card.credits
        if held >= 6:
            x.do(f"从本牌上拿取 {held}[credit]。")
            g.trash(x.card, Phrase(N_("it holds {n}{credit}"), n=held, credit="[credit]"), by="runner")
            x.do("你抽 1 张牌。")

    b.when("installed", place).when("run_begins", place)


@card(
    "knickknack_obrian",
    paragraphs=(0,),
    summary="At the first run of each turn, may trash another installed card of yours to gain its printed "
    "install cost and draw 1 card.",
)
def _knickknack(b: Builder) -> None:
    def run_begins(x: Exec) -> None:
        g = x.game
        if x.ran_this_turn():  # a run of this turn has ended: this one is not the first
            return
        others = [c for c in g.runner.rig if c is not x.card]
        chosen = _pick(x, Phrase(N_("trash another installed card for its install cost and 1 card?")), others)
        if chosen is None:
            return
        g.trash(chosen, Phrase(N_("trashed by the {side}"), side=Term("side", "runner")), by="runner")
        cost = int(chosen.record.cost or 0)
        if cost:
            g.gain_credits("runner", cost, Phrase(N_("the install cost of {card}"), card=str(chosen)))
        x.do("你抽 1 张牌。")

    b.when("run_begins", run_begins)


@card("open_market", paragraphs=(0, 1), summary="Loaded with 6 credits when installed, trashed once empty; its "
      "credits pay for installing connection and job resources.")  # fmt: skip
def _open_market(b: Builder) -> None:
    def pays(g: NetrunnerGame, c: Card, purpose: str | None) -> bool:
        target = g.paying_for
        return (
            purpose == "install"
            and target is not None
            and target.type == "resource"
            and bool({"connection", "job"} & set(target.subtypes))
        )

    load(b, "credit", 6, on="installed")
    b.paragraph(1).spend_hosted(pays)


@card(
    "fransofia_ward",
    paragraphs=(0, 1),
    summary="Rezzing a piece of ice costs 1 credit more; encountering ice while the corp has 15 credits or more, "
    "you may trash it to bypass that ice.",
)
def _fransofia_ward(b: Builder) -> None:
    def encounter(x: Exec) -> None:
        g = x.game
        ice = x.event.get("ice")
        run = g.current_run
        if ice is None or run is None or run.encounter is None or run.encounter.bypassed or g.corp.credits < 15:
            return
        prompt = Phrase(N_("trash {card} to bypass {ice}?"), card=str(x.card), ice=str(ice))
        if g.is_installed(x.card) and x.may(prompt):
            g.trash(x.card, Phrase(N_("the text of {card}"), card=str(x.card)), by="runner")
            x.bypass()

    b.rez_cost(lambda g, this, c: 1 if c.type == "ice" else 0)
    b.paragraph(1).when("encounter", encounter, only=lambda x: x.game.corp.credits >= 15)


@card(
    "cacophony",
    paragraphs=(0, 1),
    summary="A power counter the first time each turn you steal or trash a corp card; as your action phase ends, "
    "2 of them may make the corp trash 3 cards of its choice from HQ and the top of R&D.",
)
def _cacophony(b: Builder) -> None:
    def count(g: NetrunnerGame) -> int:
        names = {str(c) for c in g.corp.discard}
        trashed = [e for e in g.events_this_turn("trashed") if e.get("card") in names
                   and e.get("reason") == "trashed by the runner"]  # fmt: skip
        return len(trashed) + len(g.events_this_turn("steal"))

    def charge(x: Exec) -> None:
        if x.card.notes.get("charged") == x.game.turns or count(x.game) > 1 or not x.game.is_installed(x.card):
            return
        x.card.notes["charged"] = x.game.turns
        x.do("在本牌上放置 1 个能量指示物。")

    def trashed(x: Exec) -> None:
        c = x.event.get("card")
        if c is not None and c.side == "corp" and x.event.get("by") == "runner":
            charge(x)

    def installed(x: Exec) -> None:
        if count(x.game):  # the first steal or trash of the turn came before it
            x.card.notes["charged"] = x.game.turns

    def phase_ends(x: Exec) -> None:
        if x.card.counters.get("power", 0) < 2:
            return
        if x.may(Phrase(N_("{card}: remove 2 power counters to make the corp trash {n} cards?"), card=str(x.card),
                        n=3)):  # fmt: skip
            x.game.add_counters(x.card, "power", -2)
            _sabotage(x, 3)

    b.when("any_stolen", charge).when("installed", installed)
    b.when("trashed", trashed, only=lambda x: getattr(x.event.get("card"), "side", None) == "corp"
           and x.event.get("by") == "runner")  # fmt: skip
    b.paragraph(1).when("action_phase_ends", phase_ends)


def _sabotage(x: Exec, n: int) -> None:
    """Sabotage ``n``: the corp trashes ``n`` cards, those of its choice from HQ and the rest from the top of R&D."""
    g = x.game
    corp = g.corp
    why = Phrase(N_("the text of {card}"), card=str(x.card))
    left = min(n, len(corp.hand) + len(corp.deck))
    while left and corp.hand:
        must = left > len(corp.deck)  # R&D cannot give the rest: HQ must
        chosen = x.pick(Phrase(N_("trash a card from HQ ({n} left; the rest come from the top of R&D)"), n=left),
                        corp.hand, optional=not must, side="corp")  # fmt: skip
        if chosen is None:
            break
        g.trash(chosen, why, by="corp")
        left -= 1
    for _ in range(left):
        if corp.deck:
            g.trash(corp.deck[-1], why, by="corp")


# ---------------------------------------------------------------- identities


@card(
    "muslihat_multifarious_marketeer",
    paragraphs=(0,),
    summary="At the start of the turn, look at the top of the stack; an icebreaker or run event there may be "
    "revealed and taken into the grip.",
)
def _muslihat(b: Builder) -> None:
    def turn_start(x: Exec) -> None:
        runner = x.game.runner
        if not runner.deck:
            return
        top = runner.deck[-1]
        x.game.log.add("reveal", RUNNER_SEAT, visible=[RUNNER_SEAT], card=str(top), zone=Term("zone", "stack"))
        wanted = (top.type == "program" and "icebreaker" in top.subtypes) or (
            top.type == "event" and "run" in top.subtypes
        )
        if wanted and x.may(Phrase(N_("reveal {card} and add it to your grip?"), card=str(top))):
            runner.deck.remove(top)
            runner.hand.append(top)
            x.game.log.add("reveal", RUNNER_SEAT, card=str(top), zone=Term("zone", "grip"))

    b.when("your_turn_start", turn_start)


@card(
    "topan_ormas_leader",
    paragraphs=(0,),
    summary="Once a turn, click: install a card from the grip 2 credits cheaper, then take 1 meat damage.",
)
def _topan(b: Builder) -> None:
    def install(x: Exec) -> None:
        g = x.game
        options = [c for c in g.runner.hand if _installable(g, c, 2)]
        if not options:
            return
        prompt = Phrase(N_("install a card paying {n}{credit} less"), n=2, credit="[credit]")
        _install(g, x.choose(prompt, options, kind="install"), 2)
        g.damage("meat", 1)

    def usable(g: NetrunnerGame, c: Card, window: str) -> bool:
        return window == "action" and any(_installable(g, h, 2) for h in g.runner.hand)

    b.paid([click()], install, once_per_turn=True, usable=usable)


@card(
    "ryo_phoenix_ono_out_of_the_ashes",
    paragraphs=(0,),
    summary="The first run each turn to succeed after a subroutine resolved during it: gain 1 credit and the "
    "corp trashes a card from HQ.",
)
def _ryo(b: Builder) -> None:
    def successful(x: Exec) -> None:
        g = x.game
        began, resolved = 0, 0
        for e in g.log:
            if e.kind == "run":
                began = e.seq
            elif e.kind == "subroutine":
                resolved = e.seq
        if resolved <= began or not x.once_per_turn("phoenix"):
            return
        x.do("你获得 1[credit]。")
        hand = g.corp.hand
        if hand:
            chosen: Card = x.choose(Phrase(N_("trash a card from HQ")), hand, side="corp")
            hand.remove(chosen)
            g.to_discard(chosen, Phrase(N_("trashed by {card}"), card=str(x.card)), faceup=False)

    b.when("run_successful", successful)


@card(
    "magdalene_keino_chemutai_cryptarchitect",
    paragraphs=(0,),
    summary="After discarding down to the hand size, may install a program or hardware from among the "
    "discarded cards.",
)
def _magdalene(b: Builder) -> None:
    def turn_end(x: Exec) -> None:
        g = x.game
        names: set[str] = set()
        for e in g.log:
            if e.kind == "action_phase_end" and e.player == RUNNER_SEAT:
                names = set()
            elif e.kind == "discarded" and e.player == RUNNER_SEAT and e.data.get("reason") == "over hand size":
                names.add(str(e.data.get("card")))
        options = [c for c in g.runner.discard if str(c) in names and c.type in ("program", "hardware")]
        options = [c for c in options if _installable(g, c)]
        chosen = _pick(x, Phrase(N_("install a program or hardware you discarded?")), options, kind="install")
        if chosen is not None:
            _install(g, chosen)

    b.when("your_turn_end", turn_end)


@card(
    "barry_baz_wong_tri_maf_veteran",
    paragraphs=(0,),
    summary="Whenever the corp rezzes a piece of ice, may install a resource or hardware from the grip.",
)
def _barry(b: Builder) -> None:
    def rezzed(x: Exec) -> None:
        g = x.game
        ice = x.event.get("card")
        if ice is None or ice.type != "ice":
            return
        options = [c for c in g.runner.hand if c.type in ("resource", "hardware") and _installable(g, c)]
        chosen = _pick(x, Phrase(N_("install a resource or hardware from your grip?")), options, kind="install")
        if chosen is not None:
            _install(g, chosen)

    b.when("any_rezzed", rezzed, only=lambda x: getattr(x.event.get("card"), "type", None) == "ice")


@card(
    "shred",
    paragraphs=(0,),
    summary="Run any server; the first time the corp would end it, the run goes on unless the corp reveals and "
    "trashes as many random HQ cards as the attacked server's root holds.",
)
def _shred(b: Builder) -> None:
    def play(x: Exec) -> None:
        used: list[bool] = []

        def keep(g: NetrunnerGame, this: Card, by: Card | None) -> bool:
            if used or (by is not None and by.side != "corp"):
                return False
            used.append(True)
            run = g.current_run
            server = g.servers.get(run.server) if run is not None else None
            n = len(server.root) if server is not None else 0
            hand = g.corp.hand
            if n == 0:
                return False  # nothing to trash: the run ends
            prompt = Phrase(Nn_("reveal and trash {n} random card from HQ so that the run ends?",
                                "reveal and trash {n} random cards from HQ so that the run ends?"), n=n)  # fmt: skip
            if len(hand) < n or not x.may(prompt, side="corp"):
                return True
            trashed = g.rng.sample(hand, n)
            g.log.add("reveal", 1, cards=[str(c) for c in trashed], zone=Term("zone", "hq"), source=str(this))
            for c in trashed:
                g.trash(c, Phrase(N_("the text of {card}"), card=str(this)), by="corp")
            return False

        x.lasting("keep_run", keep, until="run")
        x.run_on("any")

    b.play(play)
