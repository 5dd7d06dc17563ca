"""Card scripts of the Borealis cycle (Midnight Sun, Parhelion, Midnight Sun Booster Pack): the runner cards and
runner identities.

The cycle's keywords are frames here: the mark (:func:`_identify`: a random central server that stays the runner's
mark until the turn ends, kept on the runner's identity with how many runs had been made when it was chosen, since
"the first successful run on your mark" counts only runs made after that), sabotage (:func:`_sabotage`: the corp
trashes cards from HQ of its choice and the rest from the top of R&D, face down) and charge (:func:`_charge`: one
more power counter on an installed card that has one).

Brain damage suffered as an additional cost is not prevented (:func:`_suffer_core`). Breaking "up to N"
subroutines breaks N, as the templates read it (breaking never hurts the breaker).

Cards whose text needs what the engine does not model (blanking a card's abilities, changing another card's play
cost or the hand size by counters, breaching outside a run, a timing for a subroutine being broken, for credits
spent from a card or for a card trashed from the grip by damage, a deck-building restriction of an identity) are
left out; the report of the cycle's scripts lists them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from toolkit.engine.phrase import Phrase, Term
from toolkit.i18n import Nn_
from toolkit.i18n.words import N_
from toolkit.text import parse_cached

from ..decisions import Option
from ..state import CENTRALS, SEATS, Card, Encounter
from . import Builder, Exec, card, click, counters, credit, load, one_console, this_card, trash_self

if TYPE_CHECKING:
    from toolkit.engine.core import Event

    from ..game import NetrunnerGame

RUNNER = SEATS["runner"]
CORP = SEATS["corp"]
RIG_TYPES = ("program", "hardware", "resource")
MARK = "borealis:mark"  # the runner identity's note: (turn, server, runs made before it was chosen)


# ---------------------------------------------------------------- what several cards ask


def _since(g: NetrunnerGame, kinds: Sequence[str]) -> list[Event]:
    """The logged events after the last one of ``kinds`` (all of them when there is none)."""
    events = list(g.log)
    for index in range(len(events) - 1, -1, -1):
        if events[index].kind in kinds:
            return events[index + 1 :]
    return events


def _successful(run: Any) -> bool:
    return run is not None and bool(run.successful) and not run.ended


def _ran(g: NetrunnerGame, server: str | Sequence[str] | None = None, successful: bool | None = True) -> bool:
    """Whether a run (on ``server``, or one of them) that ended this turn was successful (or as asked)."""
    where = (server,) if isinstance(server, str) else server
    return any(
        turn == g.turns and (where is None or s in where) and (successful is None or ok == successful)
        for turn, s, ok in g.run_history
    )


def _first_success(g: NetrunnerGame, server: str | Sequence[str] | None = None) -> bool:
    """At a run's success: it is on ``server`` (or one of them) and no earlier run of the turn on it succeeded."""
    run = g.current_run
    where = (server,) if isinstance(server, str) else server
    if run is None or (where is not None and run.server not in where):
        return False
    return not _ran(g, where)


def _encountering(g: NetrunnerGame) -> Encounter | None:
    run = g.current_run
    return run.encounter if run is not None and not run.ended else None


def _has_strength(c: Card) -> bool:
    return getattr(c.record, "strength", None) is not None


def _breakable(g: NetrunnerGame, breaker: Card, subtype: str | None = None) -> Encounter | None:
    """The encounter in progress, when ``breaker`` could break a subroutine of its ice (of ``subtype``) now: some
    subroutine is unbroken and an icebreaker is strong enough (a card without strength breaks at any)."""
    enc = _encountering(g)
    if enc is None or not any(not s.broken for s in enc.subs):
        return None
    if subtype is not None and subtype not in enc.ice.subtypes:
        return None
    if _has_strength(breaker) and g.strength_of(breaker) < g.strength_of(enc.ice):
        return None
    return enc


def _breaker(b: Builder, costs: Sequence[Any], count: int, subtype: str | None = None) -> None:
    """An interface: ``costs`` break ``count`` subroutines (of ``subtype`` ice)."""

    def usable(g: NetrunnerGame, c: Card, window: str) -> bool:
        return window == "encounter" and _breakable(g, c, subtype) is not None

    def use(x: Exec) -> None:
        x.break_subroutines(count, subtype)

    b.paid(costs, use, usable=usable, role="break")


def _fully_broke(g: NetrunnerGame, breaker: Card, ice: Card) -> bool:
    """Whether ``breaker`` broke every subroutine of ``ice`` in the encounter that just ended."""
    last = next((e for e in reversed(list(g.log)) if e.kind == "encounter"), None)
    if last is None or last.data.get("ice") != str(ice):
        return False
    subs = int(last.data.get("subroutines", 0))
    events = [e for e in _since(g, ("encounter",)) if e.kind == "break" and e.data.get("ice") == str(ice)]
    broken = {e.data.get("index") for e in events}
    mine = {e.data.get("index") for e in events if e.data.get("by") == str(breaker)}
    return bool(subs) and len(broken) == subs and mine == broken


def _on_full_break(b: Builder, fn: Any) -> None:
    """"The first time each turn this program fully breaks a piece of ice": ``fn(x)`` once a turn, when it passes
    a piece of ice it broke every subroutine of."""

    def passed(x: Exec) -> None:
        ice = x.event.get("ice")
        if ice is None or not x.game.is_installed(x.card) or not _fully_broke(x.game, x.card, ice):
            return
        if x.once_per_turn("fully_broke"):
            fn(x)

    b.when("pass_ice", passed)


def _installable(g: NetrunnerGame, c: Card, less: int = 0) -> bool:
    """Whether the runner can install ``c`` now (wherever it is), paying ``less`` less."""
    if c.type not in RIG_TYPES or not g.may_install(c):
        return False
    if c.type == "program" and int(c.record.memory_cost or 0) > g.memory_limit():
        return False
    return g.can_pay("runner", max(0, g.install_cost(c) - less), "install")


def _shuffle_stack(g: NetrunnerGame) -> None:
    g.rng.shuffle(g.runner.deck)
    g.log.add("shuffle", RUNNER, zone="stack")


def _suffer_core(x: Exec, amount: int) -> None:
    """Brain damage the runner suffers as a cost (paid, so not prevented): random cards from the grip to the heap,
    the hand size lowered for good; a flatline when the grip holds fewer cards."""
    g = x.game
    runner = g.runner
    runner.brain_damage += amount
    trashed = g.rng.sample(runner.hand, min(amount, len(runner.hand)))
    for c in trashed:
        runner.hand.remove(c)
        c.faceup = True
        runner.discard.append(c)
    g.log.add("damage", RUNNER, damage="brain", amount=amount, trashed=[str(c) for c in trashed],
              hand=len(runner.hand), hand_size=g.hand_size("runner"), reason=Phrase(N_("the cost of {card}"),
                                                                                   card=str(x.card)))  # fmt: skip
    g.announce("damage_done", kind="brain", amount=amount, cards=trashed)
    if amount > len(trashed) and not g.over:
        g.flatline(Phrase(Nn_("{amount} {damage} with {n} card in the grip",
                              "{amount} {damage} with {n} cards in the grip"),
                          amount=amount, damage=Term("damage", "brain"), n=len(trashed)))  # fmt: skip
    else:
        g.check_memory()


# ---------------------------------------------------------------- the mark, sabotage, charge


def _mark_note(g: NetrunnerGame) -> tuple[int, str, int] | None:
    note = g.runner.identity.notes.get(MARK)
    return note if note is not None and note[0] == g.turns else None


def _mark(g: NetrunnerGame) -> str | None:
    note = _mark_note(g)
    return note[1] if note is not None else None


def _identify(x: Exec) -> str:
    """"Identify your mark": with no mark this turn, a random central server becomes it until the turn ends."""
    g = x.game
    mark = _mark(g)
    if mark is not None:
        return mark
    mark = g.rng.choice(CENTRALS)
    g.runner.identity.notes[MARK] = (g.turns, mark, len(g.run_history))
    g.log.add("effect", RUNNER, card=str(x.card), reason=Phrase(N_("{server} is the runner's mark this turn"),
                                                               server=Term("zone", mark)))  # fmt: skip
    return mark


def _identify_now(x: Exec) -> None:
    _identify(x)


def _identify_at_turn_start(b: Builder) -> None:
    b.when("your_turn_start", _identify_now)


def _first_success_on_mark(g: NetrunnerGame) -> bool:
    """At a run's success: it is on the mark and no run on the mark since it was chosen succeeded."""
    note = _mark_note(g)
    run = g.current_run
    if note is None or run is None or run.server != note[1]:
        return False
    return not any(t == g.turns and s == note[1] and ok for t, s, ok in g.run_history[note[2] :])


def _sabotage(x: Exec, amount: int) -> None:
    """Sabotage ``amount``: the corp trashes that many cards, those it chooses from HQ and the rest from the top
    of R&D (as many from HQ as R&D cannot give; everything when both together hold fewer), all face down."""
    g = x.game
    corp = g.corp
    chosen: list[Card] = []
    if len(corp.hand) + len(corp.deck) <= amount:
        chosen = list(corp.hand)
        rnd = list(corp.deck)
    else:
        least = max(0, amount - len(corp.deck))  # cards HQ must give
        while len(chosen) < amount:
            left = [c for c in corp.hand if c not in chosen]
            options = [Option(c.ref, Phrase(N_("{card} ({type})"), card=str(c), type=Term("type", c.type)), c)
                       for c in left]  # fmt: skip
            rest = amount - len(chosen)
            if len(chosen) >= least:
                options.append(Option("rnd", Phrase(N_("the other {n} from the top of R&D"), n=rest), None))
            prompt = Phrase(N_("sabotage {n}: trash a card from HQ, or the rest from the top of R&D"), n=amount)
            pick = g.ask("corp", "target", prompt, options).value
            if pick is None:
                break
            chosen.append(pick)
        rest = amount - len(chosen)
        rnd = list(corp.deck[-rest:]) if rest else []
    why = Phrase(N_("sabotaged by {card}"), card=str(x.card))
    g.log.add("effect", RUNNER, card=str(x.card), reason=Phrase(N_("sabotage {n}: {hq} from HQ, {rnd} from R&D"),
                                                               n=amount, hq=len(chosen), rnd=len(rnd)))  # fmt: skip
    for c in [*chosen, *rnd]:
        if c in corp.hand or c in corp.deck:
            g.trash(c, why, by="corp")


def _chargeable(g: NetrunnerGame, but: Card | None = None) -> list[Card]:
    return [c for c in g.runner.rig if c is not but and c.counters.get("power", 0) > 0]


def _charge(x: Exec, optional: bool = True, cards: Sequence[Card] | None = None) -> Card | None:
    """Charge 1 of the runner's installed cards (of ``cards``): a power counter on one that has one already."""
    g = x.game
    options = [c for c in (cards if cards is not None else g.runner.rig) if c.counters.get("power", 0) > 0]
    if not options:
        g.log.add("no_target", RUNNER, card=str(x.card), reason=Phrase(N_("no installed card has a power counter")))
        return None
    chosen = x.pick(Phrase(N_("charge which card (1 more power counter)")), options, optional=optional)
    if chosen is None:
        return None
    g.add_counters(chosen, "power", 1)
    _testing_full(g)
    return chosen


def _may_charge(x: Exec) -> None:
    _charge(x)


def _testing_full(g: NetrunnerGame) -> None:
    """Environmental Testing: with 4 or more power counters on it, it is trashed and the runner gains 9 credits."""
    for c in [c for c in g.runner.rig if c.id == "environmental_testing" and g.script_of(c) is not None]:
        if c.counters.get("power", 0) >= 4 and c in g.runner.rig:
            g.trash(c, Phrase(N_("it holds {n} power counters"), n=c.counters.get("power", 0)), by="runner")
            g.gain_credits("runner", 9, Phrase(N_("the text of {card}"), card=str(c)))


# ---------------------------------------------------------------- static changes


@card("cats_cradle", paragraphs=(0,), summary="Rezzing a code gate costs 1 credit more.")
def _cats_cradle(b: Builder) -> None:
    b.rez_cost(lambda g, this, c: 1 if c.type == "ice" and "code_gate" in c.subtypes else 0)


@card("hyperbaric", paragraphs=(1,), summary="+1 strength for each power counter on it.")
def _hyperbaric(b: Builder) -> None:
    b.strength(lambda g, c: c.counters.get("power", 0))


@card("k2cp_turbine", paragraphs=(0,), summary="Each installed icebreaker that is not an AI has +2 strength.")
def _k2cp(b: Builder) -> None:
    def stronger(g: NetrunnerGame, this: Card, c: Card) -> int:
        breaker = c.type == "program" and "icebreaker" in c.subtypes and "ai" not in c.subtypes
        return 2 if breaker and c in g.runner.rig else 0

    b.strength_all(stronger)


@card("begemot", paragraphs=(1,), summary="+1 strength for each brain damage the runner has taken.")
def _begemot(b: Builder) -> None:
    b.strength(lambda g, c: g.runner.brain_damage)


@card("basilar_synthgland_2kvj", paragraphs=(1,), summary="One more click at the start of each of the runner's "
      "turns.")  # fmt: skip
def _basilar(b: Builder) -> None:
    b.when("your_turn_start", lambda x: x.do("你获得 [click]。"))


# ---------------------------------------------------------------- additional costs


@card("running_hot", paragraphs=(0,), summary="Playing it costs 1 brain damage too, which cannot be prevented.")
def _running_hot(b: Builder) -> None:
    b.play(lambda x: _suffer_core(x, 1))


@card("finality", paragraphs=(0,), summary="Playing it costs 1 brain damage too, which cannot be prevented.")
def _finality(b: Builder) -> None:
    b.play(lambda x: _suffer_core(x, 1))


# ---------------------------------------------------------------- loaded cards


@card("dr_nuka_vrolyck", paragraphs=(0,), summary="Loaded with 2 power counters when installed; trashed once empty.")
def _dr_nuka(b: Builder) -> None:
    load(b, "power", 2, on="installed")


@card("nga", paragraphs=(0, 1), summary="Loaded with 3 power counters when installed, trashed once empty; at the "
      "first successful run of each turn, a counter of it may sabotage 1.")  # fmt: skip
def _nga(b: Builder) -> None:
    def successful(x: Exec) -> None:
        g = x.game
        if not _first_success(g) or x.card.counters.get("power", 0) < 1 or not g.is_installed(x.card):
            return
        if x.may(Phrase(N_("{card}: remove a power counter to sabotage {n}?"), card=str(x.card), n=1)):
            g.add_counters(x.card, "power", -1)
            _sabotage(x, 1)

    load(b, "power", 3, on="installed")
    b.paragraph(1).when("run_successful", successful)


@card("poison_vial", paragraphs=(0, 1), summary="Loaded with 3 power counters when installed, trashed once empty; a "
      "counter breaks up to 2 subroutines of ice that already had one broken in this encounter.")  # fmt: skip
def _poison_vial(b: Builder) -> None:
    def usable(g: NetrunnerGame, c: Card, window: str) -> bool:
        enc = _breakable(g, c)
        if window != "encounter" or enc is None:
            return False
        return any(e.kind == "break" and e.data.get("ice") == str(enc.ice) for e in _since(g, ("encounter",)))

    def use(x: Exec) -> None:
        x.break_subroutines(2)

    load(b, "power", 3, on="installed")
    b.paragraph(1).paid([counters("power", 1)], use, usable=usable, role="break")


# ---------------------------------------------------------------- consoles


@card("endurance", paragraphs=(2, 3, 4), summary="A power counter at the first successful run of each turn; 2 of "
      "them break up to 2 subroutines; one console per player.")  # fmt: skip
def _endurance(b: Builder) -> None:
    def successful(x: Exec) -> None:
        if _first_success(x.game):
            x.do("在本牌上放置 1 个能量指示物。")

    b.paragraph(2).when("run_successful", successful)
    _breaker(b.paragraph(3), [counters("power", 2)], 2)
    one_console(b.paragraph(4))


@card("marrow", paragraphs=(3, 4), summary="Each time the corp scores an agenda, sabotage 1; one console per "
      "player.")  # fmt: skip
def _marrow(b: Builder) -> None:
    b.paragraph(3).when("any_scored", lambda x: _sabotage(x, 1))
    one_console(b.paragraph(4))


# ---------------------------------------------------------------- hardware and resources that trigger


@card("zenit_chip_jz_2mj", paragraphs=(1,), summary="The first successful run on a central server each turn draws "
      "a card.")  # fmt: skip
def _zenit(b: Builder) -> None:
    def successful(x: Exec) -> None:
        if _first_success(x.game, CENTRALS):
            x.do("你抽 1 张牌。")

    b.when("run_successful", successful)


@card("pan_weave", paragraphs=(1,), summary="The first successful HQ run each turn takes 1 credit from the corp to "
      "the runner.")  # fmt: skip
def _pan_weave(b: Builder) -> None:
    def successful(x: Exec) -> None:
        g = x.game
        if _first_success(g, "hq") and g.lose_credits("corp", 1):
            g.gain_credits("runner", 1, x.why)

    b.when("run_successful", successful)


@card("wake_implant_v2a_jrj", paragraphs=(2,), summary="Breaching R&D, up to 3 of its power counters may be "
      "removed to access as many more cards.")  # fmt: skip
def _wake(b: Builder) -> None:
    def breach(x: Exec) -> None:
        g = x.game
        most = min(3, x.card.counters.get("power", 0))
        if x.event.get("server") != "rnd" or not most or not g.is_installed(x.card):
            return
        options = [Option(f"remove:{n}", Phrase(Nn_("remove {n} power counter", "remove {n} power counters"), n=n), n)
                   for n in range(most, -1, -1)]  # fmt: skip
        prompt = Phrase(N_("{card}: remove power counters to access as many more cards?"), card=str(x.card))
        n = int(g.ask("runner", "target", prompt, options).value)
        if n:
            g.add_counters(x.card, "power", -n)
            x.do(f"你额外读取 {n} 张牌。")

    b.when("breach", breach)


@card("time_bomb", paragraphs=(0, 1), summary="Installed only after a successful central run this turn, with a "
      "power counter; at each turn start another, or with 3 it is trashed to sabotage 3.")  # fmt: skip
def _time_bomb(b: Builder) -> None:
    def turn_start(x: Exec) -> None:
        g = x.game
        if not g.is_installed(x.card):
            return
        if x.card.counters.get("power", 0) >= 3:
            g.trash(x.card, x.why, by="runner")
            _sabotage(x, 3)
        else:
            x.do("在本牌上放置 1 个能量指示物。")

    b.may_install(lambda g, c: _ran(g, CENTRALS))
    b.when("installed", lambda x: x.do("在本牌上放置 1 个能量指示物。"))
    b.paragraph(1).when("your_turn_start", turn_start)


@card("environmental_testing", paragraphs=(0, 1), summary="A power counter for each program or hardware the runner "
      "installs; with 4 it is trashed and the runner gains 9 credits.")  # fmt: skip
def _environmental_testing(b: Builder) -> None:
    def installed(x: Exec) -> None:
        c = x.event.get("card")
        if c is None or c.side != "runner" or c.type not in ("program", "hardware") or x.card not in x.game.runner.rig:
            return
        x.do("在本牌上放置 1 个能量指示物。")
        _testing_full(x.game)

    b.when("any_installed", installed)  # paragraph 1 is the check _testing_full makes after each new counter


@card("avgustina_ivanovskaya", paragraphs=(0,), summary="The first virus program the runner installs each turn "
      "sabotages 1.")  # fmt: skip
def _avgustina(b: Builder) -> None:
    def installed(x: Exec) -> None:
        g = x.game
        c = x.event.get("card")
        if c is None or c.side != "runner" or c.type != "program" or "virus" not in c.subtypes:
            return
        runner = g.runner
        everywhere = {str(o): o for o in [*runner.rig, *runner.discard, *runner.hand, *runner.deck, *g.removed]}
        viruses = [
            e for e in x.this_turn("install")
            if e.get("type") == "program" and (o := everywhere.get(str(e.get("card")))) is not None
            and o.side == "runner" and "virus" in o.subtypes
        ]  # fmt: skip
        if len(viruses) == 1:
            _sabotage(x, 1)

    b.when("any_installed", installed)


@card("daeg_first_net_cat", paragraphs=(0,), summary="Each time an agenda is scored or stolen, the runner may charge "
      "an installed card.")  # fmt: skip
def _daeg(b: Builder) -> None:
    b.when("any_scored", _may_charge).when("any_stolen", _may_charge)


@card("stoneship_chart_room", paragraphs=(1,), summary="Trash it: charge an installed card.")
def _stoneship(b: Builder) -> None:
    def use(x: Exec) -> None:
        _charge(x, optional=False)

    b.paragraph(1).paid([trash_self()], use, usable=lambda g, c, w: bool(_chargeable(g, c)))


@card("cezve", paragraphs=(0, 1), summary="Refilled to 2 hosted credits when installed and as the runner's turn "
      "begins; they pay for anything during runs on central servers.")  # fmt: skip
def _cezve(b: Builder) -> None:
    def refill(x: Exec) -> None:
        missing = 2 - x.card.credits
        if missing > 0 and x.game.is_installed(x.card):
            x.do(f"在本牌上放置 {missing}[credit]。")

    def central_run(g: NetrunnerGame, this: Card, purpose: str | None) -> bool:
        run = g.current_run
        return run is not None and not run.ended and run.server in CENTRALS

    b.when("installed", refill).when("your_turn_start", refill)
    b.paragraph(1).spend_hosted(central_run)


@card("asmund_pudlat", paragraphs=(0, 1), summary="When installed, hosts up to 2 virus or weapon cards of different "
      "names from the stack (not installed); at each turn start one may go to the grip, and with none left it is "
      "trashed.")  # fmt: skip
def _asmund(b: Builder) -> None:
    def installed(x: Exec) -> None:
        g = x.game
        deck = g.runner.deck
        found: list[Card] = []
        for _ in range(2):
            names = {c.id for c in found}
            options = [c for c in reversed(deck) if c not in found and c.id not in names
                       and ("virus" in c.subtypes or "weapon" in c.subtypes)]  # fmt: skip
            prompt = Phrase(N_("search your stack for a {a} or {b} card to host on {card}"),
                            a=Term("subtypes", "virus"), b=Term("subtypes", "weapon"), card=str(x.card))  # fmt: skip
            chosen = x.pick(prompt, options, kind="search")
            if chosen is None:
                break
            found.append(chosen)
        for c in found:
            deck.remove(c)
            c.faceup = True
            c.host = x.card
            x.card.hosted.append(c)
            g.log.add("host", RUNNER, card=str(c), host=str(x.card))
        _shuffle_stack(g)

    def turn_start(x: Exec) -> None:
        g = x.game
        if not g.is_installed(x.card):
            return
        chosen = x.pick(Phrase(N_("add a card hosted on {card} to your grip?"), card=str(x.card)),
                       list(x.card.hosted))  # fmt: skip
        if chosen is not None:
            x.card.hosted.remove(chosen)
            chosen.host = None
            g.runner.hand.append(chosen)
            g.log.add("move", RUNNER, card=str(chosen), to=Term("zone", "grip"), source=str(x.card))
        if not x.card.hosted:
            g.trash(x.card, Phrase(N_("it hosts no card")), by="runner")

    b.when("installed", installed)
    b.paragraph(1).when("your_turn_start", turn_start)


# ---------------------------------------------------------------- the mark


@card("nyusha_sable_sintashta_symphonic_prodigy", paragraphs=(0, 1), summary="Identifies the mark at the start of "
      "the turn; the first successful run on the mark each turn gives a click.")  # fmt: skip
def _nyusha(b: Builder) -> None:
    def successful(x: Exec) -> None:
        if _first_success_on_mark(x.game):
            x.do("你获得 [click]。")

    _identify_at_turn_start(b)
    b.paragraph(1).when("run_successful", successful)


@card("carpe_diem", paragraphs=(0, 1), summary="Identify the mark, gain 4 credits, and the runner may run the "
      "mark.")  # fmt: skip
def _carpe_diem(b: Builder) -> None:
    def play(x: Exec) -> None:
        mark = _mark(x.game) or _identify(x)
        x.do("你获得 4[credit]。")
        if x.may(Phrase(N_("run your mark, {server}?"), server=Term("zone", mark))):
            x.run_on(mark)

    b.play(_identify_now)
    b.paragraph(1).play(play)


@card("info_bounty", paragraphs=(0, 1), summary="Identifies the mark at the start of the turn; when the first run "
      "on the mark each turn ends, 2 credits if it breached the server.")  # fmt: skip
def _info_bounty(b: Builder) -> None:
    def breach(x: Exec) -> None:
        x.card.notes["breached"] = x.game.current_run

    def ended(x: Exec) -> None:
        g = x.game
        note = _mark_note(g)
        run = x.event.get("run")
        if note is None or run is None or run.server != note[1] or not g.is_installed(x.card):
            return
        on_mark = [1 for t, s, _ in g.run_history[note[2] :] if t == g.turns and s == note[1]]
        if len(on_mark) == 1 and x.card.notes.get("breached") is run:
            x.do("你获得 2[credit]。")

    _identify_at_turn_start(b)
    b.paragraph(1).when("breach", breach).when("run_ends", ended)


@card("tunnel_vision", paragraphs=(0, 1), summary="Identifies the mark at the start of the turn; 2 credits break up "
      "to 2 subroutines of ice protecting the mark.")  # fmt: skip
def _tunnel_vision(b: Builder) -> None:
    def usable(g: NetrunnerGame, c: Card, window: str) -> bool:
        enc = _breakable(g, c)
        if window != "encounter" or enc is None:
            return False
        server = g.server_of(enc.ice)
        return server is not None and enc.ice in server.ice and server.name == _mark(g)

    def use(x: Exec) -> None:
        x.break_subroutines(2)

    _identify_at_turn_start(b)
    b.paragraph(1).paid([credit(2)], use, usable=usable, role="break")


@card("backstitching", paragraphs=(0, 1), summary="Identifies the mark at the start of the turn; encountering ice "
      "in a run on the mark, the runner may trash it to bypass that ice.")  # fmt: skip
def _backstitching(b: Builder) -> None:
    def encounter(x: Exec) -> None:
        g = x.game
        run = g.current_run
        ice = x.event.get("ice")
        if ice is None or run is None or run.server != _mark(g) or not g.is_installed(x.card):
            return
        if x.may(Phrase(N_("{card}: trash it to bypass {ice}?"), card=str(x.card), ice=str(ice))):
            g.trash(x.card, x.why, by="runner")
            x.bypass()

    _identify_at_turn_start(b)
    b.paragraph(1).when("encounter", encounter)


# ---------------------------------------------------------------- icebreakers


@card("abaasy", paragraphs=(0,), summary="The first time each turn it breaks every subroutine of a piece of ice, the "
      "runner may trash a card from the grip to draw one.")  # fmt: skip
def _abaasy(b: Builder) -> None:
    def cycle(x: Exec) -> None:
        g = x.game
        prompt = Phrase(N_("{card}: trash a card from your grip to draw 1 card?"), card=str(x.card))
        chosen = x.pick(prompt, list(g.runner.hand))
        if chosen is not None:
            g.trash(chosen, x.why, by="runner")
            x.do("你抽 1 张牌。")

    _on_full_break(b, cycle)


@card("orca", paragraphs=(0,), summary="The first time each turn it breaks every subroutine of a piece of ice, the "
      "runner may charge a card.")  # fmt: skip
def _orca(b: Builder) -> None:
    _on_full_break(b, _may_charge)


@card("revolver", paragraphs=(1,), summary="Trashing it, or spending one of its power counters, breaks a sentry "
      "subroutine.")  # fmt: skip
def _revolver(b: Builder) -> None:
    _breaker(b, [trash_self()], 1, "sentry")
    _breaker(b, [counters("power", 1)], 1, "sentry")


@card("nanuq", paragraphs=(0, 1, 2), summary="Removed from the game instead of staying in the heap, and when an "
      "agenda is scored or stolen; 2 credits break up to 2 subroutines.")  # fmt: skip
def _nanuq(b: Builder) -> None:
    def trashed(x: Exec) -> None:
        if this_card(x) and x.card in x.game.runner.discard:
            x.remove_from_game()

    def agenda(x: Exec) -> None:
        if x.game.is_installed(x.card):
            x.remove_from_game()

    b.when("trashed", trashed)
    b.paragraph(1).when("any_scored", agenda).when("any_stolen", agenda)
    _breaker(b.paragraph(2), [credit(2)], 2)


@card("tremolo", paragraphs=(0,), summary="3 credits, 1 less for each installed cybernetic hardware, break up to 2 "
      "barrier subroutines.")  # fmt: skip
def _tremolo(b: Builder) -> None:
    def cost(g: NetrunnerGame) -> int:
        return max(0, 3 - sum(1 for c in g.runner.rig if c.type == "hardware" and "cybernetic" in c.subtypes))

    def use(x: Exec) -> None:
        g = x.game
        g.pay("runner", cost(g), str(x.card), "icebreaker")
        x.break_subroutines(2, "barrier")

    def usable(g: NetrunnerGame, c: Card, window: str) -> bool:
        return window == "encounter" and _breakable(g, c, "barrier") is not None and g.can_pay(
            "runner", cost(g), "icebreaker"
        )

    b.paid([], use, usable=usable, role="break")


@card("matryoshka", paragraphs=(0, 1, 2), summary="Click: host a Matryoshka from the grip on it, face up; X credits "
      "and turning a hosted copy face down break X subroutines; the copies turn face up at the start of the "
      "turn.")  # fmt: skip
def _matryoshka(b: Builder) -> None:
    def turn_start(x: Exec) -> None:
        down = [h for h in x.card.hosted if not h.faceup]
        for h in down:
            h.faceup = True
        if down:
            turned = Phrase(Nn_("{n} hosted card turned face up", "{n} hosted cards turned face up"), n=len(down))
            x.game.log.add("effect", RUNNER, card=str(x.card), reason=turned)

    def host(x: Exec) -> None:
        g = x.game
        copy = next((c for c in g.runner.hand if c.id == x.card.id), None)
        if copy is None:
            return
        g.runner.hand.remove(copy)
        copy.faceup = True
        copy.host = x.card
        x.card.hosted.append(copy)
        g.log.add("host", RUNNER, card=str(copy), host=str(x.card))

    def faceup(c: Card) -> list[Card]:
        return [h for h in c.hosted if h.id == c.id and h.faceup]

    def use(x: Exec) -> None:
        g = x.game
        enc = x.ctx.encounter or _encountering(g)
        copies = faceup(x.card)
        if enc is None or not copies:
            return
        most = min(sum(1 for s in enc.subs if not s.broken), g.available("runner", "icebreaker"))
        options = [Option(f"pay:{n}", Phrase(N_("pay {n}{credit}"), n=n, credit="[credit]"), n)
                   for n in range(1, most + 1)]  # fmt: skip
        amount = int(g.ask("runner", "break", Phrase(N_("break how many subroutines of {ice}"), ice=str(enc.ice)),
                           options).value)  # fmt: skip
        g.pay("runner", amount, str(x.card), "icebreaker")
        copies[0].faceup = False
        turned = Phrase(Nn_("{n} hosted card turned face down", "{n} hosted cards turned face down"), n=1)
        g.log.add("effect", RUNNER, card=str(x.card), reason=turned)
        x.break_subroutines(amount)

    def usable(g: NetrunnerGame, c: Card, window: str) -> bool:
        return window == "encounter" and bool(faceup(c)) and _breakable(g, c) is not None and g.can_pay(
            "runner", 1, "icebreaker"
        )

    b.when("your_turn_start", turn_start)
    b.paragraph(1).paid([click()], host, usable=lambda g, c, w: w == "action" and any(h.id == c.id
                                                                                      for h in g.runner.hand))  # fmt: skip
    b.paragraph(2).paid([], use, usable=usable, role="break")


# ---------------------------------------------------------------- programs that trigger


@card("world_tree", paragraphs=(0,), summary="At the first successful run of each turn, the runner may trash another "
      "installed card to find one of the same type in the stack and install it 3 credits cheaper.")  # fmt: skip
def _world_tree(b: Builder) -> None:
    def successful(x: Exec) -> None:
        g = x.game
        if not _first_success(g) or not g.is_installed(x.card):
            return
        others = [c for c in g.runner.rig if c is not x.card]
        prompt = Phrase(N_("{card}: trash another installed card to find one of its type?"), card=str(x.card))
        chosen = x.pick(prompt, others)
        if chosen is None:
            return
        g.trash(chosen, x.why, by="runner")
        deck = g.runner.deck
        options = [c for c in reversed(deck) if c.type == chosen.type and _installable(g, c, 3)]
        prompt = Phrase(N_("search the {zone} for a {type}"), zone=Term("zone", "stack"), type=Term("card_type", chosen.type))
        found = x.pick(prompt, options, kind="search")
        if found is not None:
            g.log.add("search", RUNNER, card=str(found), zone="stack")
            x.install_from(found, deck, less=3)
        else:
            g.log.add("search_failed", RUNNER, zone="stack", type=chosen.type)
        _shuffle_stack(g)

    b.when("run_successful", successful)


# ---------------------------------------------------------------- events


@card("katorga_breakout", paragraphs=(0,), summary="Run any server; on success a card of the heap goes to the grip.")
def _katorga(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        if not _successful(x.run_on("any")):
            return
        chosen = x.pick(Phrase(N_("add a card from your heap to your grip")), list(reversed(g.runner.discard)),
                       optional=False)  # fmt: skip
        if chosen is not None:
            g.runner.discard.remove(chosen)
            g.runner.hand.append(chosen)
            g.log.add("move", RUNNER, card=str(chosen), to=Term("zone", "grip"), source=str(x.card))

    b.play(play)


@card("chastushka", paragraphs=(0,), summary="Run HQ; on success, sabotage 4 instead of breaching it.")
def _chastushka(b: Builder) -> None:
    def play(x: Exec) -> None:
        x.run_on("hq")
        x.instead_of_breach(lambda: _sabotage(x, 4))

    b.play(play)


@card("pinhole_threading", paragraphs=(0,), summary="Run any server; on success, instead of breaching it, access a "
      "card in the root of another server (an agenda there is neither stolen nor trashed).")  # fmt: skip
def _pinhole(b: Builder) -> None:
    def elsewhere(x: Exec, attacked: str) -> None:
        g = x.game
        roots = [c for name, s in g.servers.items() if name != attacked for c in s.root]
        chosen = x.pick(Phrase(N_("access a card in the root of another server")), roots, optional=False)
        if chosen is None:
            g.log.add("access", RUNNER, server=attacked, cards=0)
            return
        server = g.server_of(chosen)
        if chosen.type == "agenda":
            x.forbid("steal", "run")
            x.forbid("trash_accessed", "run")
        g.runs.access_card(chosen, server.name if server is not None else attacked)

    def play(x: Exec) -> None:
        run = x.run_on("any")
        x.instead_of_breach(lambda: elsewhere(x, run.server))

    b.play(play)


@card("into_the_depths", paragraphs=(0,), summary="Run any server; on success, one different option for each ice "
      "passed: gain 4 credits, install a program found in the stack, or charge a card.")  # fmt: skip
def _into_the_depths(b: Builder) -> None:
    def program(x: Exec) -> None:
        g = x.game
        deck = g.runner.deck
        options = [c for c in reversed(deck) if c.type == "program" and _installable(g, c)]
        found = x.pick(Phrase(N_("search the {zone} for a {type}"), zone=Term("zone", "stack"),
                                type=Term("card_type", "program")), options, kind="search")  # fmt: skip
        if found is not None:
            g.log.add("search", RUNNER, card=str(found), zone="stack")
            x.install_from(found, deck)
        else:
            g.log.add("search_failed", RUNNER, zone="stack", type="program")
        _shuffle_stack(g)

    def play(x: Exec) -> None:
        g = x.game
        start = len(g.log)
        run = x.run_on("any")
        if not _successful(run):
            return
        passed = sum(1 for e in g.log if e.seq > start and e.kind == "pass")
        left = [("credits", Phrase(N_("gain {n}{credit}"), n=4, credit="[credit]")),
                ("program", Phrase(N_("search your stack for a program and install it"))),
                ("charge", Phrase(N_("charge 1 of your installed cards")))]  # fmt: skip
        for _ in range(min(passed, len(left))):
            # only an option that can change the game is offered: a stack to search, a card with a power counter
            # to charge (the credits always can)
            able = [(label, text) for label, text in left if (label != "program" or g.runner.deck)
                    and (label != "charge" or _chargeable(g))]  # fmt: skip
            if g.over or not able:
                return
            options = [Option(label, text, label) for label, text in able]
            chosen = str(g.ask("runner", "target", Phrase(N_("resolve which option")), options).value)
            left = [o for o in left if o[0] != chosen]
            if chosen == "credits":
                x.do("你获得 4[credit]。")
            elif chosen == "program":
                program(x)
            else:
                _charge(x, optional=False)

    b.play(play)


@card("raindrops_cut_stone", paragraphs=(0, 1), summary="Run any server; a power counter on it for each subroutine "
      "resolved during the run; when it ends, a card for each counter and 3 credits.")  # fmt: skip
def _raindrops(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        start = len(g.log)
        run = x.run_on("any")
        if g.current_run is run:
            g.runs.finish_run()  # the run ends here, access included; what follows is "when that run ends"
        if g.over:
            return
        resolved = sum(1 for e in g.log if e.seq > start and e.kind == "subroutine")
        if resolved:
            g.add_counters(x.card, "power", resolved)
        drawn = x.card.counters.get("power", 0)
        if drawn:
            g.draw("runner", drawn)
        x.do("你获得 3[credit]。")

    b.play(play)


@card("reprise", paragraphs=(0, 1), summary="Only after stealing an agenda this turn: an installed corp card goes "
      "back to HQ, and the runner may run any server.")  # fmt: skip
def _reprise(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        chosen = x.pick(Phrase(N_("add which installed corp card to HQ")), g.installed("corp"), optional=False)
        if chosen is not None:
            seen = Phrase(N_("an unrezzed card")) if g.hidden_from_runner(chosen) else str(chosen)
            for hosted in list(chosen.hosted):
                g.trash(hosted, Phrase(N_("its host {card} left play"), card=str(chosen)))
            g.trash_from_server(chosen)
            chosen.leave_play()
            chosen.faceup = False
            g.corp.hand.append(chosen)
            g.log.add("move", RUNNER, card=seen, to=Term("zone", "hq"), source=str(x.card))
        if x.may(Phrase(N_("run any server?"))):
            x.run_on("any")

    b.paragraph(0).may_play(lambda g, c: bool(g.events_this_turn("steal")))
    b.paragraph(1).play(play)


@card("deep_dive", paragraphs=(0, 1), summary="Only after successful runs on HQ, R&D and Archives this turn: the top "
      "8 cards of R&D are shown, the runner accesses 1 and may spend a click to access another, then R&D is "
      "shuffled.")  # fmt: skip
def _deep_dive(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        corp = g.corp
        aside = list(reversed(corp.deck[-8:]))  # kept in R&D while set aside: access takes it from there
        g.log.add("reveal", CORP, cards=[str(c) for c in aside], zone=Term("zone", "rnd"))
        for number in range(2):
            left = [c for c in aside if c in corp.deck]
            if not left or g.over:
                break
            if number:
                if g.runner.clicks < 1 or not x.may(Phrase(N_("spend {click} to access another of them?"),
                                                           click="[click]")):  # fmt: skip
                    break
                g.spend_clicks("runner", 1, str(x.card))
            chosen: Card = x.choose(Phrase(N_("access which card")), left)
            g.runs.access_card(chosen, "rnd")
        g.rng.shuffle(corp.deck)
        g.log.add("shuffle", CORP, zone="rnd")

    b.may_play(lambda g, c: all(_ran(g, s) for s in CENTRALS))
    b.paragraph(1).play(play)


@card("rigging_up", paragraphs=(0,), summary="Install a program or hardware from the grip 3 credits cheaper; it may be "
      "charged.")  # fmt: skip
def _rigging_up(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        options = [c for c in g.runner.hand if c.type in ("program", "hardware") and _installable(g, c, 3)]
        prompt = Phrase(N_("install a card paying {n}{credit} less"), n=3, credit="[credit]")
        chosen = x.pick(prompt, options, kind="install", optional=False)
        if chosen is None:
            g.log.add("install_failed", RUNNER, reason=Phrase(N_("no program or hardware in the grip can be "
                                                                 "installed")))  # fmt: skip
            return
        x.install_from(chosen, g.runner.hand, less=3)
        if chosen in g.runner.rig and chosen.counters.get("power", 0) > 0:
            _charge(x, cards=[chosen])

    b.play(play)


@card("spark_of_inspiration", paragraphs=(0,), summary="Turn over stack cards until a program; it may be installed "
      "10 credits cheaper; the rest are shuffled back.")  # fmt: skip
def _spark(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        deck = g.runner.deck
        aside: list[Card] = []
        while deck and not any(c.type == "program" for c in aside):
            aside.append(deck.pop())
        g.log.add("reveal", RUNNER, cards=[str(c) for c in aside], zone=Term("zone", "stack"))
        found = next((c for c in aside if c.type == "program"), None)
        if found is not None and _installable(g, found, 10) and x.may(
            Phrase(N_("install {card}, paying {n}{credit} less?"), card=str(found), n=10, credit="[credit]")
        ):
            x.install_from(found, aside, less=10)
        deck.extend(aside)
        _shuffle_stack(g)

    b.play(play)


# ---------------------------------------------------------------- identities and the rest


@card("captain_padma_isbister_intrepid_explorer", paragraphs=(0,), summary="At the first run on R&D each turn, the "
      "runner may charge an installed card.")  # fmt: skip
def _padma(b: Builder) -> None:
    def begins(x: Exec) -> None:
        g = x.game
        run = g.current_run
        if run is not None and run.server == "rnd" and not _ran(g, "rnd", None):
            _charge(x)

    b.when("run_begins", begins)


@card("tsakhia_bankhar_gantulga", paragraphs=(0, 1), summary="At the start of the turn the runner may choose a "
      "server; in the turn's first encounter with ice protecting it, each subroutine the corp resolves is 1 net "
      "damage instead.")  # fmt: skip
def _tsakhia(b: Builder) -> None:
    def turn_start(x: Exec) -> None:
        g = x.game
        options = [Option(name, Term("zone", name), name) for name in g.servers]
        options.append(Option("done", Phrase(N_("done")), None))
        chosen = g.ask("runner", "server", Phrase(N_("{card}: choose a server?"), card=str(x.card)), options).value
        if chosen is not None:
            x.card.notes["server"] = (g.turns, chosen)
            g.log.add("effect", RUNNER, card=str(x.card), reason=Phrase(N_("{server} is chosen"),
                                                                       server=Term("zone", chosen)))  # fmt: skip

    def encounter(x: Exec) -> None:
        g = x.game
        note = x.card.notes.get("server")
        ice = x.event.get("ice")
        enc = _encountering(g)
        if note is None or note[0] != g.turns or ice is None or enc is None or enc.ice is not ice:
            return
        server = g.servers.get(note[1])
        if server is None or ice not in server.ice or x.card.notes.get("done") == g.turns:
            return
        x.card.notes["done"] = g.turns
        net = parse_cached("[subroutine] 造成 1 点网域伤害。")
        for sub in enc.subs:
            sub.ability = net
        g.log.add("effect", RUNNER, card=str(x.card), ice=str(ice),
                  reason=Phrase(N_("each subroutine of {ice} does 1 net damage instead"), ice=str(ice)))  # fmt: skip

    b.when("your_turn_start", turn_start)
    b.paragraph(1).when("encounter", encounter)


@card("concerto", paragraphs=(0, 1), summary="Reveal the stack's top card, put as many credits as its printed cost on "
      "this event and take the card; run any server, those credits paying for anything during that run.")  # fmt: skip
def _concerto(b: Builder) -> None:
    def reveal(x: Exec) -> None:
        g = x.game
        deck = g.runner.deck
        if not deck:
            g.log.add("draw_failed", RUNNER, reason=Phrase(N_("the stack is empty")))
            return
        top = deck.pop()
        g.log.add("reveal", RUNNER, card=str(top), zone=Term("zone", "stack"))
        amount = int(top.record.cost or 0)
        if amount:
            x.do(f"在本牌上放置 {amount}[credit]。")
        g.runner.hand.append(top)
        g.log.add("move", RUNNER, card=str(top), to=Term("zone", "grip"), source=str(x.card))

    def run(x: Exec) -> None:
        g = x.game
        g.in_play.append(x.card)  # resolving in the play area, where its hosted credits can pay during its run
        try:
            made = x.run_on("any")
            if g.current_run is made:
                g.runs.finish_run()
        finally:
            if x.card in g.in_play:
                g.in_play.remove(x.card)

    b.play(reveal)
    b.paragraph(1).play(run).spend_hosted(lambda g, this, purpose: g.current_run is not None)


@card("esa_afontov_eco_insurrectionist", paragraphs=(0,), summary="The first time each turn the runner suffers brain "
      "damage, the runner may draw a card and sabotage 2.")  # fmt: skip
def _esa(b: Builder) -> None:
    def damaged(x: Exec) -> None:
        if x.event.get("kind") != "brain":
            return
        if len([e for e in x.this_turn("damage") if e.get("damage") == "brain"]) != 1:
            return
        if x.may(Phrase(N_("{card}: draw 1 card and sabotage {n}?"), card=str(x.card), n=2)):
            x.do("你抽 1 张牌。")
            _sabotage(x, 2)

    b.when("damage_done", damaged)
