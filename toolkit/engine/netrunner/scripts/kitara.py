"""Card scripts of the Kitara cycle: the corp and runner cards and identities first printed in it that the
templates do not read.

Frames the cycle prints often, each a helper here:

- "fully break a piece of ice" (Amina, Cyberdelia, Takobi, Hippo, Anansi): every subroutine of the ice being
  encountered is broken (:func:`_fully_broken`), by this card alone where the text says so (:func:`_breakers`);
- "the first time each turn": counted from the log's events of the turn, or once a turn on the card
  (``x.once_per_turn``) where only the card's own use counts;
- "While the Runner is accessing this card in R&D, they must reveal it" (the ambush upgrades of the cycle, Kill
  Switch): the access is logged as a public reveal when the card is accessed in R&D (:func:`_reveal_in_rnd`);
- "add this card to your score area as an agenda worth N points" (Echo Chamber, Gene Splicer, False Flag, Kasi
  String): the card leaves play into the score area (:func:`_into_score_area`) and its ``points`` hook counts it
  there;
- "add an installed Runner card to the grip" (Sandman, Amani Senai, Self-Growth Program, Intake):
  :func:`_to_grip`, the cards it hosts trashed as it leaves play;
- gray ops and reprisals that look at the runner's last turn: the shared ``last_turn`` of the log;
- events that last for the rest of the turn (Black Hat, By Any Means) or come back to the grip (Marathon): they
  stay in play after resolving (``stays_in_play``) and leave when their part says so.

Cards whose text needs what the engine does not model are left out; the report of the cycle's scripts lists
them (face-down runner cards, a draw timing, a run moved to another server or back to its ice, abilities of
cards in the runner's score area, memory usable only by some programs, runner abilities the corp uses, an install
ban for the rest of the turn, credits that pay only for one hosted program, an expose timing, the server a
trashed card left).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from toolkit.engine.phrase import Phrase, Term
from toolkit.i18n.words import N_
from toolkit.text import parse_cached

from ..decisions import Option
from ..run import gain_subroutines
from ..state import CENTRALS, SEATS, Card, Context
from . import (
    Builder,
    Exec,
    breaker_usable,
    card,
    click,
    counters,
    current,
    load,
    on_installed_ice,
    one_region,
    this_card,
    this_ice,
    trash_self,
)

if TYPE_CHECKING:
    from toolkit.engine.core import Event

    from ..game import NetrunnerGame
    from ..state import Side

RUNNER = SEATS["runner"]
CORP = SEATS["corp"]
RIG_TYPES = ("program", "hardware", "resource")
CORP_TYPES = ("agenda", "asset", "ice", "operation", "upgrade")
ETR = "[subroutine] 终止潜袭。"
LOSE_CLICK = "[subroutine] 潜袭者失去 [click]。"
_PLACE_COUNTERS = N_("{card}: add {n} to its {kind}?")  # ({kind}: "virus counters"; 在本牌上放置 {n} 个{kind})


# ---------------------------------------------------------------- what several cards ask


def _by_runner() -> Phrase:
    """The reason the engine gives to a card the runner trashes (the gray ops read it back from the log)."""
    return Phrase(N_("trashed by the {side}"), side=Term("side", "runner"))


def _encountering(g: NetrunnerGame) -> Any:
    run = g.current_run
    return run.encounter if run is not None and not run.ended else None


def _mine_this_turn(g: NetrunnerGame, kind: str, seat: int) -> list[Event]:
    """The log's ``kind`` events of ``seat`` since the current turn began."""
    return [e for e in list(g.log)[g.turn_started_at :] if e.kind == kind and e.player == seat]


def _since(g: NetrunnerGame, kind: str, **where: Any) -> int:
    """The log's position just after its last ``kind`` event whose data match ``where`` (0: none)."""
    events = list(g.log)
    for i in range(len(events) - 1, -1, -1):
        e = events[i]
        if e.kind == kind and all(e.data.get(k) == v for k, v in where.items()):
            return i + 1
    return 0


def _shuffle(g: NetrunnerGame, side: Side) -> None:
    player = g.player(side)
    g.rng.shuffle(player.deck)
    g.log.add("shuffle", player.seat, zone="rnd" if side == "corp" else "stack")


def _reveal(g: NetrunnerGame, cards: Sequence[Card], zone: str, seat: int = CORP) -> None:
    """``cards`` shown to both players."""
    for c in cards:
        g.log.add("reveal", seat, card=str(c), type=c.type, zone=zone)


def _reveal_in_rnd(x: Exec, accessed: Card) -> None:
    """"While the Runner is accessing this card in R&D, they must reveal it"."""
    if accessed in x.game.corp.deck:
        _reveal(x.game, [accessed], "rnd", RUNNER)


def _top(g: NetrunnerGame, side: Side, n: int) -> list[Card]:
    """The top ``n`` cards of R&D or the stack, the top one first."""
    deck = g.player(side).deck
    return list(reversed(deck[-n:])) if n > 0 else []


def _ask(x: Exec, prompt: Any, choices: Sequence[tuple[str, Any, Any]], side: Side | None = None) -> Any:
    """One of ``choices`` (label, text, value) chosen by ``side`` (default: the card's side)."""
    options = [Option(label, text, value) for label, text, value in choices]
    return x.game.ask(side or x.side, "target", prompt, options).value


def _name_type(x: Exec, types: Sequence[str], side: Side | None = None) -> str:
    """A card type named by ``side`` (default: the card's side); the name is public."""
    chosen = str(_ask(x, Phrase(N_("choose a card type")), [(t, Term("type", t), t) for t in types], side))
    x.game.log.add("named", x.game.player(side or x.side).seat, card=str(x.card), type=Term("card_type", chosen))
    return chosen


def _amount(x: Exec, prompt: Any, most: int, side: Side | None = None, least: int = 0) -> int:
    """A number from ``least`` to ``most`` chosen by ``side`` (labels ``0``, ``1``, …)."""
    return int(x.choose(prompt, list(range(least, most + 1)), side=side, kind="target"))


def _to_grip(g: NetrunnerGame, c: Card, why: Any) -> None:
    """An installed runner card back to the grip (the cards it hosts are trashed as it leaves play)."""
    for hosted in list(c.hosted):
        g.trash(hosted, Phrase(N_("its host {card} left play"), card=str(c)))
    if c in g.runner.rig:
        g.runner.rig.remove(c)
    c.leave_play()
    g.runner.hand.append(c)
    g.log.add("move", RUNNER, card=str(c), to=Term("zone", "grip"), reason=why)
    g.check_memory()


def _to_stack(g: NetrunnerGame, c: Card, why: Any, bottom: bool = False) -> None:
    """An installed runner card onto the top (or the bottom) of the stack."""
    for hosted in list(c.hosted):
        g.trash(hosted, Phrase(N_("its host {card} left play"), card=str(c)))
    if c in g.runner.rig:
        g.runner.rig.remove(c)
    c.leave_play()
    if bottom:
        g.runner.deck.insert(0, c)
    else:
        g.runner.deck.append(c)
    g.log.add("move", RUNNER, card=str(c), to=Term("zone", "stack"), reason=why)
    g.check_memory()


def _to_hq(g: NetrunnerGame, c: Card, why: Any) -> None:
    """An installed corp card back to HQ (named to the runner only if it was face up)."""
    seen = c.rezzed
    g.trash_from_server(c)
    c.leave_play()
    c.faceup = False
    g.corp.hand.append(c)
    told = g.log.add("move", CORP, visible="all" if seen else [CORP], card=str(c), to=Term("zone", "hq"), reason=why)
    if not seen:
        g.apart(told, g.log.add("move_facedown", CORP, to=Term("zone", "hq"), reason=why))


def _into_score_area(g: NetrunnerGame, c: Card, side: Side, points: int) -> None:
    """``c`` leaves play into ``side``'s score area as an agenda worth ``points`` (neither scored nor stolen)."""
    if g.server_of(c) is not None:
        g.trash_from_server(c)
    if c in g.runner.rig:
        g.runner.rig.remove(c)
    c.leave_play()
    player = g.player(side)
    c.rezzed = side == "corp"
    c.faceup = True
    player.score_area.append(c)
    g.log.add("to_score_area", player.seat, card=str(c), points=points)
    g.check_memory()
    g.check_points()


def _worth(points: int) -> Callable[[NetrunnerGame, Card, str], int]:
    """The points hook of a card worth ``points`` agenda points in whichever score area it is."""
    return lambda g, this, side: points if this in g.player(side).score_area else 0  # type: ignore[arg-type]


def _installed_corp(g: NetrunnerGame, c: Card) -> bool:
    return g.server_of(c) is not None


def _trace(x: Exec, base: int) -> tuple[bool, int]:
    """Trace[``base``] for this card: whether it succeeded, and by how much the corp's strength beat the link."""
    g = x.game
    ok = g.interp.trace(max(0, min(base, 50)), x.ctx)
    x.ctx.trace = ok
    event = next((e for e in reversed(list(g.log)) if e.kind == "trace"), None)
    margin = 0 if event is None else int(event.data.get("strength", 0)) - int(event.data.get("link_strength", 0))
    return ok, max(0, margin)


def _arrange(x: Exec, cards: Sequence[Card], side: Side = "corp") -> None:
    """Put ``cards`` (the top cards of ``side``'s deck) back on top in the order ``side`` chooses."""
    g = x.game
    deck = g.player(side).deck
    for c in cards:
        deck.remove(c)
    left = list(cards)
    order: list[Card] = []
    while len(left) > 1:
        chosen = x.choose(Phrase(N_("which card goes next from the top")), left, side=side)
        left.remove(chosen)
        order.append(chosen)
    order += left
    deck.extend(reversed(order))
    g.log.add("arranged", g.player(side).seat, cards=len(order), zone="rnd" if side == "corp" else "stack")


def _look(g: NetrunnerGame, cards: Sequence[Card], seat: int = CORP) -> None:
    """``cards`` seen by one player (named to that player only)."""
    g.log.add("look", seat, visible=[seat], cards=[str(c) for c in cards])


def _fully_broken(g: NetrunnerGame, ice: Any) -> bool:
    """Every subroutine of ``ice``, the ice being encountered, is broken."""
    enc = _encountering(g)
    return enc is not None and enc.ice is ice and bool(enc.subs) and all(s.broken for s in enc.subs)


def _breakers(g: NetrunnerGame, ice: Card) -> set[str]:
    """What broke subroutines of ``ice`` in its current (or last) encounter, as the log names them."""
    out: set[str] = set()
    for e in reversed(list(g.log)):
        if e.kind == "encounter" and e.data.get("ice") == str(ice):
            break
        if e.kind == "break" and e.data.get("ice") == str(ice):
            out.add(str(e.data.get("by")))
    return out


def _last_encounter_broken(g: NetrunnerGame, ice: Card) -> bool:
    """Whether the runner broke every subroutine of ``ice`` in its last encounter, as the log tells."""
    events = list(g.log)
    start = _since(g, "encounter", ice=str(ice))
    if not start:
        return False
    total = int(events[start - 1].data.get("subroutines", 0))
    broken = {e.data.get("index") for e in events[start:] if e.kind == "break" and e.data.get("ice") == str(ice)}
    return total > 0 and len(broken) >= total and not any(
        e.kind == "bypass" and e.data.get("ice") == str(ice) for e in events[start:]
    )


def _last_turn(g: NetrunnerGame, side: Side = "runner") -> list[Any]:
    """The log's events of ``side``'s last ended turn (the shared helper's)."""
    return Exec(g, Context(side)).last_turn(side)


def _ran_last_turn(g: NetrunnerGame) -> bool:
    """The runner made a successful run during their last turn."""
    return any(e.kind == "run_end" and e.data.get("successful") for e in _last_turn(g))


def _trashed_corp_card_last_turn(g: NetrunnerGame) -> bool:
    """The runner trashed a corp card during their last turn (the engine's "trashed by the runner")."""
    return any(
        e.kind == "trashed" and e.player == CORP and e.data.get("reason") == "trashed by the runner"
        for e in _last_turn(g)
    )


def _successful_central_this_turn(g: NetrunnerGame) -> bool:
    return any(t == g.turns and ok and s in CENTRALS for t, s, ok in g.run_history)


def _tagged(g: NetrunnerGame, c: Card) -> bool:
    return g.runner.tags > 0


def _runner_trashed_corp_card(x: Exec) -> bool:
    """The event: the runner trashed a corp card."""
    c = x.event.get("card")
    return isinstance(c, Card) and c.side == "corp" and x.event.get("by") == "runner"


def _first_click(g: NetrunnerGame, c: Card) -> bool:
    """"Play only as your first [click]": the runner has spent no click this turn (but the one of the play action
    under way: the action's click is spent before the card is played)."""
    events = list(g.log)[g.turn_started_at :]
    spent = [i for i, e in enumerate(events) if e.kind == "clicks" and e.player == RUNNER and "reason" in e.data
             and int(e.data.get("amount", 0)) < 0]  # fmt: skip
    if not spent:
        return True
    last = spent[-1]
    playing = events[last].data.get("reason") == "runner_play" and not any(e.kind == "play" for e in events[last:])
    return len(spent) == 1 and playing


def _installable(g: NetrunnerGame, c: Card, less: int = 0, free: bool = False) -> bool:
    """Whether the runner could install ``c`` now (paying its install cost less ``less`` unless ``free``)."""
    if c.type not in RIG_TYPES or not g.may_install(c):
        return False
    if c.type == "program" and int(c.record.memory_cost or 0) > g.memory_limit():
        return False
    return free or g.can_pay("runner", max(0, g.install_cost(c) - less), "install")


def _virtual(c: Card) -> bool:
    return "virtual" in c.subtypes


def _virus_cards(g: NetrunnerGame) -> list[Card]:
    return [c for c in g.runner.rig if c.counters.get("virus", 0) > 0]


def _spend_virus(x: Exec, n: int) -> None:
    """Remove ``n`` virus counters from the runner's installed cards (the runner picks each one's card)."""
    g = x.game
    for _ in range(n):
        holder = x.pick(Phrase(N_("remove a virus counter from which card")), _virus_cards(g), optional=False,
                        side="runner")  # fmt: skip
        if holder is None:
            return
        g.add_counters(holder, "virus", -1)


def _may_gain(x: Exec, n: int) -> None:
    """"You may gain ``n``[credit]"."""
    if x.may(Phrase(N_("{card}: gain {n}{credit}?"), card=str(x.card), n=n, credit="[credit]")):
        x.game.gain_credits(x.side, n, x.why)


def _may_counter(x: Exec, kind: str, n: int = 1) -> None:
    """"You may place ``n`` ``kind`` counters on this card"."""
    prompt = Phrase(_PLACE_COUNTERS, card=str(x.card), n=n, kind=Term("counter", kind))
    if x.may(prompt):
        x.game.add_counters(x.card, kind, n)


def _runner_pays_or(x: Exec, n: int, otherwise: Callable[[], None]) -> None:
    """"… unless the Runner pays ``n``[credit]": the runner decides; if it does not pay, ``otherwise``."""
    g = x.game
    prompt = Phrase(N_("{card}: pay {n}{credit} or the run ends"), card=str(x.card), n=n, credit="[credit]")
    if g.can_pay("runner", n) and x.may(prompt, side="runner"):
        g.pay("runner", n, x.why)
    else:
        otherwise()


def _end_the_run(x: Exec) -> None:
    x.game.runs.end_run(str(x.card), by=x.card)


def _still_in_play(x: Exec) -> bool:
    return x.card in x.game.in_play


def _leave(x: Exec) -> None:
    x.game.leave_in_play(x.card, Phrase(N_("the turn ended")))


def _breaks_usable(subtype: str) -> Callable[[NetrunnerGame, Card, str], bool]:
    """A breaker's break: an encounter with ice of ``subtype`` is on (not bypassed), the breaker is strong enough,
    and a subroutine is still unbroken."""
    return breaker_usable(lambda g, c, enc: not enc.bypassed and subtype in enc.ice.subtypes)


def _weaker(g: NetrunnerGame, c: Card, window: str) -> bool:
    """A boost does something: an encounter is on and ``c`` is weaker than its ice."""
    enc = _encountering(g)
    return window == "encounter" and enc is not None and not enc.bypassed and g.strength_of(c) < g.strength_of(enc.ice)


def _boost(x: Exec, card_: Card, amount: int) -> None:
    card_.strength_bonus += amount
    x.game.log.add("strength", RUNNER, card=str(card_), delta=amount, strength=x.game.strength_of(card_))


# ================================================================ runner: hardware


@card("acacia", paragraphs=(0,), summary="When the corp purges virus counters, you may trash it to gain 1 credit for "
      "each counter purged.")  # fmt: skip
def _acacia(b: Builder) -> None:
    def purged(x: Exec) -> None:
        g = x.game
        n = int(x.event.get("removed", 0))
        if x.may(Phrase(N_("{card}: trash it to gain {n}{credit}?"), card=str(x.card), n=n, credit="[credit]")):
            g.gain_credits("runner", n, x.why)
            g.trash(x.card, x.why)

    b.when("purged", purged, only=lambda x: int(x.event.get("removed", 0)) > 0 and x.game.is_installed(x.card))


@card("cyberdelia", paragraphs=(1,), summary="The first time each turn you fully break a piece of ice, gain 1 credit.")
def _cyberdelia(b: Builder) -> None:
    def broken(x: Exec) -> None:
        if x.once_per_turn("full_break"):
            x.game.gain_credits("runner", 1, x.why)

    b.when("subroutine_broken", broken, only=lambda x: _fully_broken(x.game, x.event.get("ice")))


@card("friday_chip", paragraphs=(0, 1), summary="When you trash a corp card, you may place a virus counter on it; "
      "when your turn begins, you may move one of them to a virus program.")  # fmt: skip
def _friday_chip(b: Builder) -> None:
    def move(x: Exec) -> None:
        g = x.game
        programs = [c for c in g.runner.rig if c.type == "program" and "virus" in c.subtypes]
        target = x.pick(Phrase(N_("{card}: move 1 virus counter to which program"), card=str(x.card)), programs)
        if target is not None:
            g.add_counters(x.card, "virus", -1)
            g.add_counters(target, "virus", 1)

    def movable(x: Exec) -> bool:
        g = x.game
        has = x.card.counters.get("virus", 0) > 0
        return has and any(c.type == "program" and "virus" in c.subtypes for c in g.runner.rig)

    b.paragraph(0).when("trashed", lambda x: _may_counter(x, "virus"), only=_runner_trashed_corp_card)
    b.paragraph(1).when("your_turn_start", move, only=movable)


@card("gebrselassie", paragraphs=(0, 1), summary="Click: host it on an installed non-AI icebreaker; what raises the "
      "host's strength lasts for the rest of the turn.")  # fmt: skip
def _gebrselassie(b: Builder) -> None:
    def breakers(g: NetrunnerGame, this: Card) -> list[Card]:
        return [c for c in g.runner.rig if "icebreaker" in c.subtypes and "ai" not in c.subtypes and c is not this.host]

    def host_on(x: Exec) -> None:
        g = x.game
        chosen = x.pick(Phrase(N_("host {card} on which icebreaker"), card=str(x.card)), breakers(g, x.card),
                        optional=False)  # fmt: skip
        if chosen is None:
            return
        if x.card.host is not None and x.card in x.card.host.hosted:
            x.card.host.hosted.remove(x.card)
        x.card.host = chosen
        chosen.hosted.append(x.card)
        g.log.add("host", RUNNER, card=str(x.card), host=str(chosen))

    def keep(x: Exec) -> None:
        g = x.game
        host = x.card.host
        ice = x.event["ice"]
        if host is None:
            return
        events = list(g.log)[_since(g, "encounter", ice=str(ice)) :]
        gained = sum(max(0, int(e.data.get("delta", 0))) for e in events if e.kind == "strength"
                     and e.data.get("card") == str(host))  # fmt: skip
        if gained:
            x.lasting("strength_all", lambda gg, this, c: gained if c is host else 0, until="turn")
            g.log.add("lasting_strength", RUNNER, card=str(host), amount=gained, until=Term("until", "turn_end"))

    b.paragraph(0).paid([click()], host_on, usable=lambda g, c, w: w == "action" and bool(breakers(g, c)))
    b.paragraph(1).when("encounter_ends", keep, only=lambda x: x.card.host is not None and x.card in x.game.runner.rig)


@card("hippo", paragraphs=(0,), summary="The first time each turn you fully break the outermost ice of the attacked "
      "server, you may remove this hardware from the game to trash that ice.")  # fmt: skip
def _hippo(b: Builder) -> None:
    def outermost(x: Exec) -> bool:
        g = x.game
        ice = x.event.get("ice")
        run = g.current_run
        server = g.servers.get(run.server) if run is not None else None
        return server is not None and bool(server.ice) and server.ice[-1] is ice and _fully_broken(g, ice)

    def broken(x: Exec) -> None:
        g = x.game
        ice = x.event["ice"]
        if not x.once_per_turn("hippo"):
            return
        if x.may(Phrase(N_("{card}: remove it from the game to trash {ice}?"), card=str(x.card), ice=str(ice))):
            x.remove_from_game()
            g.trash(ice, _by_runner(), by="runner")

    b.when("subroutine_broken", broken, only=outermost)


@card("zer0", paragraphs=(0,), summary="Once per turn, click and take 1 net damage: gain 1 credit and draw 2 cards.")
def _zer0(b: Builder) -> None:
    def use(x: Exec) -> None:
        g = x.game
        g.damage("net", 1, preventable=False)
        if not g.over:
            g.gain_credits("runner", 1, x.why)
            g.draw("runner", 2)

    b.paid([click()], use, once_per_turn=True, usable=lambda g, c, w: w == "action" and bool(g.runner.hand))


# ================================================================ runner: programs


@card("amina", paragraphs=(2,), summary="The first time each turn this program alone fully breaks a piece of ice, the "
      "corp loses 1 credit.")  # fmt: skip
def _amina(b: Builder) -> None:
    def broken(x: Exec) -> None:
        g = x.game
        ice = x.event["ice"]
        if _breakers(g, ice) == {str(x.card)} and x.once_per_turn("amina"):
            g.lose_credits("corp", 1)

    b.when("subroutine_broken", broken,
           only=lambda x: x.event.get("by") is x.card and _fully_broken(x.game, x.event.get("ice")))  # fmt: skip


def _gain_subtype_on_encounter(b: Builder, subtype: str) -> None:
    """"Once per turn → When you encounter a piece of ice, you may pay 2[credit]. If you do, it gains ``subtype``
    for the remainder of that encounter"."""

    def encountered(x: Exec) -> None:
        g = x.game
        ice = x.event["ice"]
        prompt = Phrase(N_("{card}: pay {n}{credit} so that {ice} is a {subtype} for this encounter?"), card=str(x.card),
                        n=2, credit="[credit]", ice=str(ice), subtype=Term("subtypes", subtype))  # fmt: skip
        if not x.may(prompt):
            return
        x.once_per_turn("gain_subtype")
        g.pay("runner", 2, x.why, "icebreaker")
        x.gain_subtypes(ice, [subtype], until="encounter")
        g.log.add("gain_subtype", RUNNER, ice=str(ice), subtype=Term("subtypes", subtype), card=str(x.card))

    def offered(x: Exec) -> bool:
        g = x.game
        ice = x.event.get("ice")
        return (
            isinstance(ice, Card)
            and subtype not in ice.subtypes
            and x.card.notes.get("gain_subtype") != g.turns
            and g.can_pay("runner", 2, "icebreaker")
        )

    b.when("encounter", encountered, only=offered)


@card("engolo", paragraphs=(0,), summary="Once per turn, when you encounter ice, you may pay 2 credits: it is a code "
      "gate for that encounter.")  # fmt: skip
def _engolo(b: Builder) -> None:
    _gain_subtype_on_encounter(b, "code_gate")


@card("laamb", paragraphs=(0,), summary="Once per turn, when you encounter ice, you may pay 2 credits: it is a barrier "
      "for that encounter.")  # fmt: skip
def _laamb(b: Builder) -> None:
    _gain_subtype_on_encounter(b, "barrier")


@card("consume", paragraphs=(0, 1), summary="When you trash a corp card, you may place a virus counter on it; click: "
      "gain 2 credits for each of its virus counters, then remove them all.")  # fmt: skip
def _consume(b: Builder) -> None:
    def cash(x: Exec) -> None:
        g = x.game
        n = x.card.counters.get("virus", 0)
        g.gain_credits("runner", 2 * n, x.why)
        g.add_counters(x.card, "virus", -n)

    b.paragraph(0).when("trashed", lambda x: _may_counter(x, "virus"), only=_runner_trashed_corp_card)
    b.paragraph(1).paid([click()], cash, usable=lambda g, c, w: w == "action" and c.counters.get("virus", 0) > 0)


@card("exer", paragraphs=(0, 1), summary="Access 1 more card whenever you breach R&D; trashed when the corp purges.")
def _exer(b: Builder) -> None:
    def more(x: Exec) -> None:
        run = x.game.current_run
        if run is not None:
            run.extra_access += 1
            x.game.log.add("extra_access", RUNNER, cards=1, server=run.server)

    def purged(x: Exec) -> None:
        x.game.trash(x.card, x.why)

    b.paragraph(0).when("breach", more, only=lambda x: x.event.get("server") == "rnd")
    b.paragraph(1).when("purged", purged, only=lambda x: x.game.is_installed(x.card))


def _virus_breaker(b: Builder, subtype: str) -> None:
    """"Interface → Any virus counter: Break 1 ``subtype`` subroutine." and "Any virus counter: +1 strength.":
    each use removes a virus counter from any installed card of the runner."""
    can_break = _breaks_usable(subtype)

    def breaks(x: Exec) -> None:
        _spend_virus(x, 1)
        x.break_subroutines(1, subtype)

    def boost(x: Exec) -> None:
        _spend_virus(x, 1)
        _boost(x, x.card, 1)

    b.paragraph(1).paid([], breaks, role="break", usable=lambda g, c, w: bool(_virus_cards(g)) and can_break(g, c, w))
    b.paragraph(2).paid([], boost, role="boost", usable=lambda g, c, w: bool(_virus_cards(g)) and _weaker(g, c, w))


@card("musaazi", paragraphs=(1, 2), summary="Spend any virus counter: break 1 sentry subroutine, or +1 strength.")
def _musaazi(b: Builder) -> None:
    _virus_breaker(b, "sentry")


@card("yusuf", paragraphs=(1, 2), summary="Spend any virus counter: break 1 barrier subroutine, or +1 strength.")
def _yusuf(b: Builder) -> None:
    _virus_breaker(b, "barrier")


@card("nyashia", paragraphs=(1,), summary="Whenever you breach R&D, you may remove a power counter from it to access 1 "
      "more card.")  # fmt: skip
def _nyashia(b: Builder) -> None:
    def breach(x: Exec) -> None:
        g = x.game
        run = g.current_run
        prompt = Phrase(N_("{card}: remove a power counter to access 1 more card?"), card=str(x.card))
        if run is not None and x.may(prompt):
            g.add_counters(x.card, "power", -1)
            run.extra_access += 1
            g.log.add("extra_access", RUNNER, cards=1, server=run.server)

    b.when("breach", breach, only=lambda x: x.event.get("server") == "rnd" and x.card.counters.get("power", 0) > 0)


@card("plague", paragraphs=(0, 1), summary="When installed, choose a server; whenever you run it successfully, you may "
      "place 2 virus counters on it.")  # fmt: skip
def _plague(b: Builder) -> None:
    def installed(x: Exec) -> None:
        g = x.game
        chosen = str(x.choose(Phrase(N_("{card}: choose a server"), card=str(x.card)), list(g.servers), kind="server"))
        x.card.notes["server"] = chosen
        g.log.add("chosen_server", RUNNER, card=str(x.card), server=Term("zone", chosen))

    b.paragraph(0).when("installed", installed, only=this_card)
    b.paragraph(1).when("run_successful", lambda x: _may_counter(x, "virus", 2),
                        only=lambda x: x.event.get("server") == x.card.notes.get("server"))  # fmt: skip


@card("puffer", paragraphs=(0, 3), summary="+1 strength and +1 memory cost for each power counter on it; click: place "
      "or remove a power counter.")  # fmt: skip
def _puffer(b: Builder) -> None:
    def power(c: Card) -> int:
        return c.counters.get("power", 0)

    def memory(g: NetrunnerGame, this: Card, side: str, stat: str) -> int:
        return -power(this) if side == "runner" and stat == "memory" else 0

    def use(x: Exec) -> None:
        g = x.game
        add = not power(x.card) or bool(_ask(x, Phrase(N_("{card}: place or remove a power counter"), card=str(x.card)), [
            ("place", Phrase(N_("place 1 power counter")), True),
            ("remove", Phrase(N_("remove 1 power counter")), False),
        ]))  # fmt: skip
        g.add_counters(x.card, "power", 1 if add else -1)

    b.paragraph(0).strength(lambda g, c: power(c)).limit(memory)
    b.paragraph(3).paid([click()], use, usable=lambda g, c, w: w == "action")


@card("takobi", paragraphs=(0, 1), summary="When you fully break a piece of ice, you may place a power counter on it; "
      "2 of them: a non-AI icebreaker gets +3 strength for this encounter.")  # fmt: skip
def _takobi(b: Builder) -> None:
    def breakers(g: NetrunnerGame) -> list[Card]:
        return [c for c in g.runner.rig if "icebreaker" in c.subtypes and "ai" not in c.subtypes]

    def boost(x: Exec) -> None:
        chosen = x.pick(Phrase(N_("{card}: which icebreaker gets +{n} strength"), card=str(x.card), n=3),
                        breakers(x.game), optional=False)  # fmt: skip
        if chosen is not None:
            _boost(x, chosen, 3)

    def usable(g: NetrunnerGame, c: Card, window: str) -> bool:
        return window == "encounter" and _encountering(g) is not None and bool(breakers(g))

    b.paragraph(0).when("subroutine_broken", lambda x: _may_counter(x, "power"),
                        only=lambda x: _fully_broken(x.game, x.event.get("ice")))  # fmt: skip
    b.paragraph(1).paid([counters("power", 2)], boost, usable=usable)


@card("trypano", paragraphs=(0, 2), summary="Installed only on a piece of ice; once it holds 5 or more virus counters, "
      "its host ice is trashed.")  # fmt: skip
def _trypano(b: Builder) -> None:
    def check(x: Exec) -> None:
        host = x.card.host
        if host is not None and x.game.is_installed(host):
            x.game.trash(host, _by_runner(), by="runner")

    def full(x: Exec) -> bool:
        host = x.card.host
        return x.card.counters.get("virus", 0) >= 5 and host is not None and host.type == "ice"

    on_installed_ice(b.paragraph(0))
    for timing in ("turn_begins", "action_taken", "run_ends", "ability_used"):
        b.paragraph(2).when(timing, check, only=full)


@card("upya", paragraphs=(1,), summary="Once per turn, click and 3 power counters from it: gain 2 clicks.")
def _upya(b: Builder) -> None:
    b.paid([click(), counters("power", 3)], lambda x: x.do("你获得 [click][click]。"), once_per_turn=True,
           usable=lambda g, c, w: w == "action")  # fmt: skip


@card("crypt", paragraphs=(1,), summary="Click, trash it and 3 virus counters from it: search your stack for a virus "
      "program and install it, paying its cost; shuffle.")  # fmt: skip
def _crypt(b: Builder) -> None:
    def search(x: Exec) -> None:
        g = x.game
        options = [c for c in g.runner.deck if c.type == "program" and "virus" in c.subtypes and _installable(g, c)]
        chosen = x.pick(Phrase(N_("search your stack for a {subtype} program to install"),
                               subtype=Term("subtypes", "virus")), options)  # fmt: skip
        if chosen is not None:
            x.install_from(chosen, zone=g.runner.deck)
        _shuffle(g, "runner")

    b.paid([click(), counters("virus", 3), trash_self()], search, usable=lambda g, c, w: w == "action")


# ================================================================ runner: resources


def _break_one(b: Builder, which: int) -> None:
    """"[trash]: Break the first (``which`` 0) / last (-1) subroutine on the encountered piece of ice"."""

    def use(x: Exec) -> None:
        g = x.game
        enc = _encountering(g)
        if enc is not None and enc.subs and not enc.subs[which].broken:
            g.runs.mark_broken(enc.ice, enc.subs[which], x.card)

    def usable(g: NetrunnerGame, c: Card, window: str) -> bool:
        enc = _encountering(g)
        if window != "encounter" or enc is None or enc.bypassed or not enc.subs or enc.subs[which].broken:
            return False
        return g.may_break(enc.ice, c)

    b.paid([trash_self()], use, usable=usable, role="break")


@card("gbahali", paragraphs=(0,), summary="Trash it: break the last subroutine of the ice you are encountering.")
def _gbahali(b: Builder) -> None:
    _break_one(b, -1)


@card("kongamato", paragraphs=(0,), summary="Trash it: break the first subroutine of the ice you are encountering.")
def _kongamato(b: Builder) -> None:
    _break_one(b, 0)


@card("jackpot", paragraphs=(1,), summary="When an agenda is added to your score area, you may take any of its credits; "
      "if you do, trash it.")  # fmt: skip
def _jackpot(b: Builder) -> None:
    def added(x: Exec) -> None:
        g = x.game
        n = _amount(x, Phrase(N_("{card}: take how many credits"), card=str(x.card)), x.card.credits)
        if n:
            x.card.credits -= n
            g.log.add("take_credits", RUNNER, card=str(x.card), amount=n, hosted=x.card.credits)
            g.gain_credits("runner", n, Phrase(N_("taken from {card}"), card=str(x.card)))
            g.trash(x.card, x.why)

    b.when("any_stolen", added, only=lambda x: x.card.credits > 0)


@card("kasi_string", paragraphs=(0, 1), summary="The first time each turn a successful remote run ends with a breach and "
      "no agenda stolen, you may place a power counter on it; at 4 it becomes a 1-point agenda in your score area.")  # fmt: skip
def _kasi_string(b: Builder) -> None:
    def ended(x: Exec) -> None:
        g = x.game
        _may_counter(x, "power")
        if x.card.counters.get("power", 0) >= 4:
            _into_score_area(g, x.card, "runner", 1)

    def qualifies(x: Exec) -> bool:
        g = x.game
        server = str(x.event.get("server"))
        if not x.event.get("successful") or server in CENTRALS:
            return False
        remote_wins = [1 for t, s, ok in g.run_history if t == g.turns and ok and s not in CENTRALS]
        events = list(g.log)[_since(g, "run", server=server) :]
        stole = any(e.kind in ("steal", "breach_replaced") for e in events)
        return len(remote_wins) == 1 and not stole and x.game.is_installed(x.card)

    b.when("run_ends", ended, only=qualifies)
    b.points(_worth(1))


@card("no_one_home", paragraphs=(0,), summary="The first time each turn you would take tags or net damage, you may "
      "trash it: the corp traces 0, and if it fails all those tags or all that net damage are prevented.")  # fmt: skip
def _no_one_home(b: Builder) -> None:
    def first(g: NetrunnerGame, c: Card, what: str) -> bool:
        """This prevention window (of tags, or of net damage) is the first of the turn: nothing of the kind was
        taken or prevented before it this turn (as the log tells), remembered on the card for the window."""
        window = g.window
        if window is None or window["what"] != what or (what == "damage" and window["kind"] != "net"):
            return False
        if c.notes.get("window") is not window:
            earlier = [e for e in list(g.log)[g.turn_started_at :] if (e.kind == "tags" and e.data.get("amount", 0) > 0)
                       or (e.kind == "damage" and e.data.get("damage") == "net")
                       or (e.kind == "prevent" and (e.data.get("what") == "tags" or e.data.get("damage") == "net"))]
            c.notes["window"] = window
            c.notes["first"] = not earlier and c.notes.get("turn") != g.turns
            c.notes["turn"] = g.turns
        return bool(c.notes.get("first"))

    def prevent(what: str) -> Callable[[Exec], None]:
        def use(x: Exec) -> None:
            g = x.game
            ok, _ = _trace(x, 0)
            if not ok and g.window is not None:
                g.prevent(what, int(g.window["amount"]), x.card, "net" if what == "damage" else None)

        return use

    b.paid([trash_self()], prevent("tags"), role="prevent_tags", usable=lambda g, c, w: first(g, c, "tags"))
    b.paid([trash_self()], prevent("damage"), role="prevent_damage", usable=lambda g, c, w: first(g, c, "damage"))


@card("lewi_guilherme", paragraphs=(0,), summary="When your turn begins, lose 1 credit or trash it.")
def _lewi(b: Builder) -> None:
    def begins(x: Exec) -> None:
        g = x.game
        choices = [("trash", Phrase(N_("trash {card}"), card=str(x.card)), False)]
        if g.runner.credits >= 1:
            choices.insert(0, ("lose", Phrase(N_("lose {n}{credit}"), n=1, credit="[credit]"), True))
        if _ask(x, Phrase(N_("{card}: choose one"), card=str(x.card)), choices):
            g.lose_credits("runner", 1)
        else:
            g.trash(x.card, x.why)

    b.when("your_turn_start", begins)


@card("logic_bomb", paragraphs=(0,), summary="Trash it: bypass the ice you are encountering and lose your remaining "
      "clicks.")  # fmt: skip
def _logic_bomb(b: Builder) -> None:
    def use(x: Exec) -> None:
        g = x.game
        x.bypass()
        lost = g.runner.clicks
        g.runner.clicks = 0
        g.log.add("clicks", RUNNER, side="runner", amount=-lost, clicks=0)

    def usable(g: NetrunnerGame, c: Card, window: str) -> bool:
        enc = _encountering(g)
        return window == "encounter" and enc is not None and not enc.bypassed

    b.paid([trash_self()], use, usable=usable)


@card("reclaim", paragraphs=(0,), summary="Click, trash it and a card from your grip: install a program, hardware or "
      "virtual resource from your heap, paying its cost.")  # fmt: skip
def _reclaim(b: Builder) -> None:
    def use(x: Exec) -> None:
        g = x.game
        cost = x.pick(Phrase(N_("trash a card from your grip")), list(g.runner.hand), optional=False)
        if cost is not None:
            g.trash(cost, x.why, by="runner")
        options = [c for c in g.runner.discard if (c.type != "resource" or _virtual(c)) and _installable(g, c)]
        chosen = x.pick(Phrase(N_("install which card from your heap")), options)
        if chosen is not None:
            x.install_from(chosen, zone=g.runner.discard)

    b.paid([click(), trash_self()], use, usable=lambda g, c, w: w == "action" and bool(g.runner.hand))


@card("rogue_trading", paragraphs=(0,), summary="Loaded with 18 credits when installed; trashed once empty.")
def _rogue_trading(b: Builder) -> None:
    load(b, "credit", 18, on="installed")


# ================================================================ runner: events


@card("because_i_can", paragraphs=(0,), summary="Run a remote server; if successful, you may shuffle every card in its "
      "root into R&D instead of breaching it.")  # fmt: skip
def _because_i_can(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        run = x.run_on("remote")
        server = g.servers.get(run.server)
        if not run.successful or run.ended or server is None or not server.root:
            return
        prompt = Phrase(N_("shuffle the cards in the root of {server} into R&D instead of breaching it?"),
                        server=Term("zone", run.server))  # fmt: skip
        if x.may(prompt):
            x.instead_of_breach(lambda: _shuffle_root(x, run.server))

    b.play(play)


def _shuffle_root(x: Exec, name: str) -> None:
    g = x.game
    server = g.servers.get(name)
    cards = list(server.root) if server is not None else []
    for c in cards:
        g.trash_from_server(c)
        c.leave_play()
        c.faceup = False
        g.corp.deck.append(c)
    g.log.add("shuffled_into", RUNNER, cards=len(cards), zone=Term("zone", "rnd"), reason=x.why)
    _shuffle(g, "corp")


@card("black_hat", paragraphs=(0,), summary="The corp traces 4; if it fails, you access 2 more cards whenever you breach "
      "HQ or R&D this turn.")  # fmt: skip
def _black_hat(b: Builder) -> None:
    def play(x: Exec) -> None:
        ok, _ = _trace(x, 4)
        if not ok:
            x.card.notes["turn"] = x.game.turns

    def settle(x: Exec) -> None:
        if x.card.notes.get("turn") != x.game.turns:
            x.game.leave_in_play(x.card, Phrase(N_("the trace succeeded")))

    def more(x: Exec) -> None:
        run = x.game.current_run
        if run is not None:
            run.extra_access += 2
            x.game.log.add("extra_access", RUNNER, cards=2, server=run.server)

    def active(x: Exec) -> bool:
        return _still_in_play(x) and x.card.notes.get("turn") == x.game.turns

    b.play(play).stays_in_play()
    b.when("played", settle, only=this_card)
    b.when("breach", more, only=lambda x: active(x) and x.event.get("server") in ("hq", "rnd"))
    b.when("turn_ends", _leave, only=_still_in_play)


@card("by_any_means", paragraphs=(0, 1), summary="Only as your first click; for the rest of the turn, each card you "
      "access outside Archives is trashed and you take 1 meat damage.")  # fmt: skip
def _by_any_means(b: Builder) -> None:
    def accessed(x: Exec) -> None:
        g = x.game
        c = x.event["card"]
        g.trash(c, _by_runner(), by="runner")
        g.damage("meat", 1)

    def concerns(x: Exec) -> bool:
        c = x.event.get("card")
        return _still_in_play(x) and isinstance(c, Card) and c not in x.game.corp.discard

    b.paragraph(0).may_play(_first_click)
    b.paragraph(1).stays_in_play()
    b.when("access", accessed, only=concerns)
    b.when("turn_ends", _leave, only=_still_in_play)


@card("compile", paragraphs=(0,), summary="Run any server; at the first ice encountered you may install a program from "
      "your stack or heap for free, and it goes to the bottom of your stack when the run ends.")  # fmt: skip
def _compile(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        g.in_play.append(x.card)  # in play while its run goes on: its encounter trigger works
        try:
            run = x.run_on("any")
            if g.current_run is run:
                g.runs.finish_run()
        finally:
            if x.card in g.in_play:
                g.in_play.remove(x.card)

    def encountered(x: Exec) -> None:
        g = x.game
        x.card.notes["encountered"] = True
        options = [c for c in [*reversed(g.runner.deck), *g.runner.discard] if c.type == "program"
                   and _installable(g, c, free=True)]  # fmt: skip
        prompt = Phrase(N_("{card}: install a program from your stack or heap, ignoring all costs?"), card=str(x.card))
        if not options or not x.may(prompt):
            return
        chosen = x.pick(Phrase(N_("install which program")), options, optional=False)
        if chosen is None:
            return
        from_stack = chosen in g.runner.deck
        x.install_from(chosen, free=True)
        if from_stack:
            _shuffle(g, "runner")

        def back(run: Any, successful: bool) -> None:
            if chosen in g.runner.rig:
                _to_stack(g, chosen, x.why, bottom=True)

        x.when_run_ends(back)

    b.play(play)
    b.when("encounter", encountered, only=lambda x: _still_in_play(x) and not x.card.notes.get("encountered"))


@card("contaminate", paragraphs=(0,), summary="Place 3 virus counters on an installed card of yours that has none.")
def _contaminate(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        options = [c for c in g.runner.rig if not c.counters.get("virus")]
        chosen = x.pick(Phrase(N_("place {n} virus counters on which card"), n=3), options, optional=False)
        if chosen is not None:
            g.add_counters(chosen, "virus", 3)

    b.play(play)


@card("corporate_grant", paragraphs=(0, 1), summary="A current until another is played or an agenda is scored; the "
      "first time you install a card each turn, the corp loses 1 credit.")  # fmt: skip
def _corporate_grant(b: Builder) -> None:
    def installed(x: Exec) -> None:
        x.game.lose_credits("corp", 1)

    def first(x: Exec) -> bool:
        c = x.event.get("card")
        return isinstance(c, Card) and c.side == "runner" and len(_mine_this_turn(x.game, "install", RUNNER)) == 1

    current(b.paragraph(0), until=("any_scored",))
    b.paragraph(1).when("any_installed", installed, only=first)


@card("credit_kiting", paragraphs=(0, 1), summary="Only after a successful central run this turn: install a card from "
      "your grip paying 8 credits less, and take 1 tag.")  # fmt: skip
def _credit_kiting(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        options = [c for c in g.runner.hand if _installable(g, c, less=8)]
        chosen = x.pick(Phrase(N_("install which card from your grip")), options, optional=False)
        if chosen is not None:
            x.install_from(chosen, less=8)
        g.gain_tags(1)

    b.paragraph(0).may_play(lambda g, c: _successful_central_this_turn(g))
    b.paragraph(1).play(play)


@card("diversion_of_funds", paragraphs=(0, 1), summary="Costs one more click; run HQ, and if successful you may make "
      "the corp lose up to 5 credits instead of breaching, gaining as many.")  # fmt: skip
def _diversion_of_funds(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        run = x.run_on("hq")
        if not run.successful or run.ended:
            return

        def siphon() -> None:
            lost = g.lose_credits("corp", 5)
            g.gain_credits("runner", lost, x.why)

        if x.may(Phrase(N_("make the corp lose up to {n}{credit} instead of breaching HQ?"), n=5, credit="[credit]")):
            x.instead_of_breach(siphon)

    b.paragraph(0).play_clicks(1)
    b.paragraph(1).play(play)


@card("embezzle", paragraphs=(0,), summary="Run HQ; if successful, instead of breaching, name a corp card type, reveal 2 "
      "random cards of HQ, trash those of that type and gain 4 credits for each.")  # fmt: skip
def _embezzle(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        run = x.run_on("hq")
        if not run.successful or run.ended:
            return

        def instead() -> None:
            named = _name_type(x, ("asset", "ice", "operation", "upgrade"))
            revealed = g.rng.sample(g.corp.hand, min(2, len(g.corp.hand)))
            _reveal(g, revealed, "hq")
            hits = [c for c in revealed if c.type == named]
            for c in hits:
                g.trash(c, _by_runner(), by="runner")
            if hits:
                g.gain_credits("runner", 4 * len(hits), x.why)

        x.instead_of_breach(instead)

    b.play(play)


@card("emergent_creativity", paragraphs=(0, 1), summary="Costs one more click; trash programs and hardware from your "
      "grip, then install a program or hardware from your stack paying that much less; shuffle.")  # fmt: skip
def _emergent_creativity(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        less = 0
        while True:
            options = [c for c in g.runner.hand if c.type in ("program", "hardware")]
            chosen = x.pick(Phrase(N_("trash a program or hardware from your grip")), options)
            if chosen is None:
                break
            less += int(chosen.record.cost or 0)
            g.trash(chosen, x.why, by="runner")
        options = [c for c in reversed(g.runner.deck) if c.type in ("program", "hardware") and _installable(g, c, less)]
        chosen = x.pick(Phrase(N_("search your stack for a program or hardware to install, paying {n}{credit} less"),
                               n=less, credit="[credit]"), options, optional=False)  # fmt: skip
        if chosen is not None:
            x.install_from(chosen, zone=g.runner.deck, less=less)
        _shuffle(g, "runner")

    b.paragraph(0).play_clicks(1)
    b.paragraph(1).play(play)


@card("falsified_credentials", paragraphs=(0,), summary="Name a card type and expose a card in a remote server; gain 5 "
      "credits if it has that type.")  # fmt: skip
def _falsified_credentials(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        named = _name_type(x, ("agenda", "asset", "ice", "upgrade"))
        options = [c for s in g.servers.values() if s.remote for c in [*s.ice, *s.root] if not c.rezzed]
        chosen = x.pick(Phrase(N_("expose which card")), options, optional=False)
        if chosen is None:
            return
        server = g.server_of(chosen)
        g.log.add("exposed", RUNNER, card=str(chosen), type=chosen.type, server=server.name if server else None)
        if chosen.type == named:
            g.gain_credits("runner", 5, x.why)

    b.play(play)


@card("glut_cipher", paragraphs=(0,), summary="Run Archives; if successful, instead of breaching, the corp adds exactly 5 "
      "cards from Archives to HQ if it can, then trashes 5 random cards from HQ.")  # fmt: skip
def _glut_cipher(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        run = x.run_on("archives")
        if not run.successful or run.ended:
            return

        def instead() -> None:
            if len(g.corp.discard) < 5:
                g.log.add("no_effect", RUNNER, card=str(x.card), reason=Phrase(N_("Archives holds fewer than 5 cards")))
                return
            chosen = g.choose_many("corp", "target", Phrase(N_("add a card from Archives to HQ")), list(g.corp.discard), 5)
            for c in chosen:
                g.corp.discard.remove(c)
                g.log.add("move", CORP, visible="all" if c.faceup else [CORP], card=str(c), to=Term("zone", "hq"),
                          reason=x.why)  # fmt: skip
                c.faceup = False
                g.corp.hand.append(c)
            for c in g.rng.sample(g.corp.hand, min(5, len(g.corp.hand))):
                g.trash(c, x.why)

        x.instead_of_breach(instead)

    b.play(play)


@card("marathon", paragraphs=(0,), summary="Run a remote server; you cannot run it again this turn, and if the run is "
      "successful you gain a click and this event returns to your grip.")  # fmt: skip
def _marathon(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        run = x.run_on("remote")
        if g.current_run is run:
            g.runs.finish_run()
        if run.server != "remote":  # a remote server was run (not: the corp had none)
            name = run.server
            x.lasting("may_run", lambda gg, this, server: server != name, until="turn")
        if run.successful and not run.ended:
            x.do("你获得 [click]。")
            x.card.notes["back"] = True

    def settle(x: Exec) -> None:
        g = x.game
        if x.card in g.in_play:
            g.in_play.remove(x.card)
        if x.card.notes.pop("back", False):
            g.runner.hand.append(x.card)
            g.log.add("move", RUNNER, card=str(x.card), to=Term("zone", "grip"), reason=x.why)
        else:
            g.to_discard(x.card, "played", faceup=True)

    b.play(play).stays_in_play()
    b.when("played", settle, only=this_card)


@card("white_hat", paragraphs=(0, 1), summary="Only after a successful central run this turn: the corp traces 3; if it "
      "fails, HQ is revealed and you shuffle up to 2 of its cards into R&D.")  # fmt: skip
def _white_hat(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        ok, _ = _trace(x, 3)
        if ok:
            return
        _reveal(g, g.corp.hand, "hq")
        for n in range(2):
            prompt = Phrase(N_("shuffle a card from {zone} into {deck}"), zone=Term("zone", "hq"), deck=Term("zone", "rnd"))
            chosen = x.pick(Phrase(N_("{prompt} ({n}/{count})"), prompt=prompt, n=n + 1, count=2), list(g.corp.hand))
            if chosen is None:
                break
            g.corp.hand.remove(chosen)
            g.corp.deck.append(chosen)
            g.log.add("move", RUNNER, card=str(chosen), to=Term("zone", "rnd"), reason=x.why)
        _shuffle(g, "corp")

    b.paragraph(0).may_play(lambda g, c: _successful_central_this_turn(g))
    b.paragraph(1).play(play)


# ================================================================ corp: ice


@card("aimor", paragraphs=(0,), summary="Subroutine: trash the top 3 cards of the stack, then trash this ice.")
def _aimor(b: Builder) -> None:
    def sub(x: Exec) -> None:
        g = x.game
        for c in _top(g, "runner", 3):
            g.trash(c, x.why, by="corp")
        g.trash(x.card, x.why, by="corp")

    b.subroutine(sub)


@card("anansi", paragraphs=(0, 1, 2), summary="An encounter with it that the runner did not fully break does 3 net "
      "damage; subroutines: arrange the top 5 cards of R&D; you may draw 1 card and the runner may pay 2 credits to "
      "draw 1.")  # fmt: skip
def _anansi(b: Builder) -> None:
    def ended(x: Exec) -> None:
        g = x.game
        if not _last_encounter_broken(g, x.card):
            g.damage("net", 3)

    def arrange(x: Exec) -> None:
        g = x.game
        cards = _top(g, "corp", 5)
        _look(g, cards)
        _arrange(x, cards)

    def draws(x: Exec) -> None:
        g = x.game
        if g.corp.deck and x.may(Phrase(N_("{card}: draw {n} cards?"), card=str(x.card), n=1)):
            g.draw("corp", 1)
        prompt = Phrase(N_("{card}: pay {n}{credit} to draw 1 card?"), card=str(x.card), n=2, credit="[credit]")
        if g.can_pay("runner", 2) and x.may(prompt, side="runner"):
            g.pay("runner", 2, x.why)
            g.draw("runner", 1)

    alive = lambda x: this_ice(x) and x.game.is_installed(x.card) and x.card.rezzed  # noqa: E731
    b.paragraph(0).when("encounter_ends", ended, only=alive)
    b.paragraph(1).subroutine(arrange)
    b.paragraph(2).subroutine(draws)


@card("endless_eula", paragraphs=(0, 1, 2, 3, 4, 5), summary="Six subroutines, each ending the run unless the runner "
      "pays 1 credit.")  # fmt: skip
def _endless_eula(b: Builder) -> None:
    for i in range(6):
        b.paragraph(i).subroutine(lambda x: _runner_pays_or(x, 1, lambda: _end_the_run(x)))


@card("kamali_1_0", paragraphs=(0, 1, 2, 3), summary="The runner may lose a click to break 1 of its subroutines; each "
      "does 1 brain damage unless the runner trashes an installed resource, hardware, or program in turn.")  # fmt: skip
def _kamali(b: Builder) -> None:
    def unless_trash(kind: str) -> Callable[[Exec], None]:
        def sub(x: Exec) -> None:
            g = x.game
            options = [c for c in g.runner.rig if c.type == kind and g.may_trash(c, "runner")]
            prompt = Phrase(N_("trash a {type} to avoid {n} {damage}?"), type=Term("card_type", kind), n=1,
                            damage=Term("damage", "brain"))  # fmt: skip
            chosen = x.pick(prompt, options, side="runner")
            if chosen is not None:
                g.trash(chosen, x.why, by="runner")
            else:
                g.damage("brain", 1)

        return sub

    b.paragraph(0).runner_break(1, 1)
    for i, kind in enumerate(("resource", "hardware", "program"), start=1):
        b.paragraph(i).subroutine(unless_trash(kind))


@card("masvingo", paragraphs=(2,), summary="It has an end-the-run subroutine for each advancement counter on it.")
def _masvingo(b: Builder) -> None:
    def encountered(x: Exec) -> None:
        g = x.game
        enc = _encountering(g)
        if enc is None:
            return
        gain_subroutines(g, enc, [parse_cached(ETR)] * x.card.advancement)

    b.when("encounter", encountered, only=lambda x: this_ice(x) and x.card.advancement > 0)


@card("mganga", paragraphs=(0,), summary="Subroutine: a psi game; 2 net damage if the bids differ, 1 if they are equal; "
      "then trash this ice.")  # fmt: skip
def _mganga(b: Builder) -> None:
    def sub(x: Exec) -> None:
        g = x.game
        x.do("进行心灵博弈。")
        g.damage("net", 1 if x.ctx.psi_equal else 2)
        if g.is_installed(x.card):
            g.trash(x.card, x.why, by="corp")

    b.subroutine(sub)


@card("mlinzi", paragraphs=(0, 1, 2), summary="Subroutines: 1, 2, then 3 net damage, each unless the runner trashes the "
      "top 2, 3, then 4 cards of the stack.")  # fmt: skip
def _mlinzi(b: Builder) -> None:
    def sub(damage: int, mill: int) -> Callable[[Exec], None]:
        def run(x: Exec) -> None:
            g = x.game
            prompt = Phrase(N_("trash the top {n} cards of your stack to avoid {m} {damage}?"), n=mill, m=damage,
                            damage=Term("damage", "net"))  # fmt: skip
            if len(g.runner.deck) >= mill and x.may(prompt, side="runner"):
                for c in _top(g, "runner", mill):
                    g.trash(c, x.why, by="runner")
            else:
                g.damage("net", damage)

        return run

    for i, (damage, mill) in enumerate(((1, 2), (2, 3), (3, 4))):
        b.paragraph(i).subroutine(sub(damage, mill))


@card("najja_1_0", paragraphs=(0,), summary="The runner may lose a click to break 1 of its subroutines.")
def _najja(b: Builder) -> None:
    b.runner_break(1, 1)


def _next_ice(g: NetrunnerGame) -> list[Card]:
    return [c for c in g.installed("corp") if c.type == "ice" and c.rezzed and "next" in c.subtypes]


@card("next_diamond", paragraphs=(0, 3), summary="Costs 1 credit less to rez for each other rezzed NEXT ice; subroutine: "
      "trash 1 installed runner card.")  # fmt: skip
def _next_diamond(b: Builder) -> None:
    def trash_one(x: Exec) -> None:
        g = x.game
        chosen = x.pick(Phrase(N_("trash an installed card of the runner")), list(g.runner.rig), optional=False)
        if chosen is not None:
            g.trash(chosen, x.why, by="corp")

    b.paragraph(0).own_rez_cost(lambda g, this, c: -sum(1 for o in _next_ice(g) if o is not this))
    b.paragraph(3).subroutine(trash_one)


@card("next_sapphire", paragraphs=(0, 1, 2, 3), summary="X is the number of rezzed NEXT ice; subroutines: draw up to X "
      "cards; add up to X cards from Archives to HQ; shuffle up to X cards from HQ into R&D.")  # fmt: skip
def _next_sapphire(b: Builder) -> None:
    def draw(x: Exec) -> None:
        g = x.game
        n = _amount(x, Phrase(N_("{card}: draw how many cards"), card=str(x.card)), min(len(_next_ice(g)), len(g.corp.deck)))
        if n:
            g.draw("corp", n)

    def from_archives(x: Exec) -> None:
        g = x.game
        most = len(_next_ice(g))
        for n in range(most):
            prompt = Phrase(N_("{prompt} ({n}/{count})"), prompt=Phrase(N_("add a card from Archives to HQ")), n=n + 1,
                            count=most)  # fmt: skip
            chosen = x.pick(prompt, list(g.corp.discard))
            if chosen is None:
                break
            g.corp.discard.remove(chosen)
            g.corp.hand.append(chosen)
            g.log.add("move", CORP, visible="all" if chosen.faceup else [CORP], card=str(chosen),
                      to=Term("zone", "hq"), reason=x.why)  # fmt: skip
            chosen.faceup = False

    def into_rnd(x: Exec) -> None:
        g = x.game
        most = len(_next_ice(g))
        moved = 0
        for n in range(most):
            prompt = Phrase(N_("{prompt} ({n}/{count})"), n=n + 1, count=most,
                            prompt=Phrase(N_("shuffle a card from {zone} into {deck}"), zone=Term("zone", "hq"),
                                          deck=Term("zone", "rnd")))  # fmt: skip
            chosen = x.pick(prompt, list(g.corp.hand))
            if chosen is None:
                break
            g.corp.hand.remove(chosen)
            g.corp.deck.append(chosen)
            moved += 1
        g.log.add("shuffled_into", CORP, cards=moved, zone=Term("zone", "rnd"), reason=x.why)
        _shuffle(g, "corp")

    b.paragraph(1).subroutine(draw)
    b.paragraph(2).subroutine(from_archives)
    b.paragraph(3).subroutine(into_rnd)


@card("nightdancer", paragraphs=(0, 1), summary="Subroutines, twice: the runner loses a click, if able, and you have an "
      "extra click next turn.")  # fmt: skip
def _nightdancer(b: Builder) -> None:
    def sub(x: Exec) -> None:
        x.do("潜袭者失去 [click]。")
        x.next_turn_clicks("corp", 1)

    b.paragraph(0).subroutine(sub)
    b.paragraph(1).subroutine(sub)


@card("oduduwa", paragraphs=(0,), summary="When encountered, it gets an advancement counter, and you may place as many "
      "as it has on another piece of ice.")  # fmt: skip
def _oduduwa(b: Builder) -> None:
    def encountered(x: Exec) -> None:
        g = x.game
        g.place_advancement(x.card, 1)
        n = x.card.advancement
        others = [c for c in g.installed("corp") if c.type == "ice" and c is not x.card]
        chosen = x.pick(Phrase(N_("place {n} advancement counters on"), n=n), others)
        if chosen is not None:
            g.place_advancement(chosen, n)

    b.when("encounter", encountered, only=this_ice)


@card("sadaka", paragraphs=(0, 1), summary="Subroutines: look at the top 3 cards of R&D and arrange them or shuffle R&D, "
      "then you may draw 1 card; you may trash a card from HQ to trash a resource, then trash this ice.")  # fmt: skip
def _sadaka(b: Builder) -> None:
    def look(x: Exec) -> None:
        g = x.game
        cards = _top(g, "corp", 3)
        _look(g, cards)
        if _ask(x, Phrase(N_("{card}: choose one"), card=str(x.card)), [
            ("arrange", Phrase(N_("arrange them")), True),
            ("shuffle", Phrase(N_("shuffle R&D")), False),
        ]):  # fmt: skip
            _arrange(x, cards)
        else:
            _shuffle(g, "corp")
        if g.corp.deck and x.may(Phrase(N_("{card}: draw {n} cards?"), card=str(x.card), n=1)):
            g.draw("corp", 1)

    def trade(x: Exec) -> None:
        g = x.game
        chosen = x.pick(Phrase(N_("{card}: trash a card from HQ to trash a resource?"), card=str(x.card)),
                        list(g.corp.hand))  # fmt: skip
        if chosen is not None:
            g.trash(chosen, x.why, by="corp")
            x.do("销毁 1 个资源。")
        if g.is_installed(x.card):
            g.trash(x.card, x.why, by="corp")

    b.paragraph(0).subroutine(look)
    b.paragraph(1).subroutine(trade)


@card("sandman", paragraphs=(0, 1), summary="Subroutines, twice: add an installed runner card to the grip.")
def _sandman(b: Builder) -> None:
    def sub(x: Exec) -> None:
        g = x.game
        chosen = x.pick(Phrase(N_("add an installed card of the runner to the grip")), list(g.runner.rig),
                        optional=False)  # fmt: skip
        if chosen is not None:
            _to_grip(g, chosen, x.why)

    b.paragraph(0).subroutine(sub)
    b.paragraph(1).subroutine(sub)


@card("surveyor", paragraphs=(0, 1, 2), summary="Strength and trace X, twice the number of ice protecting its server; "
      "subroutines: trace X for 2 tags; trace X to end the run.")  # fmt: skip
def _surveyor(b: Builder) -> None:
    def x_of(g: NetrunnerGame, c: Card) -> int:
        server = g.server_of(c)
        return 2 * len(server.ice) if server is not None else 0

    def tags(x: Exec) -> None:
        if _trace(x, x_of(x.game, x.card))[0]:
            x.game.gain_tags(2)

    def end(x: Exec) -> None:
        if _trace(x, x_of(x.game, x.card))[0]:
            _end_the_run(x)

    b.paragraph(0).strength(x_of)
    b.paragraph(1).subroutine(tags)
    b.paragraph(2).subroutine(end)


# ================================================================ corp: assets


@card("amani_senai", paragraphs=(0,), summary="When an agenda is scored or stolen, you may trace X (its advancement "
      "requirement) to add an installed runner card to the grip.")  # fmt: skip
def _amani_senai(b: Builder) -> None:
    def agenda(x: Exec) -> None:
        g = x.game
        scored = x.event["card"]
        if not x.may(Phrase(N_("{card}: trace to add an installed runner card to the grip?"), card=str(x.card))):
            return
        if _trace(x, g.advancement_requirement(scored) or 0)[0]:
            chosen = x.pick(Phrase(N_("add an installed card of the runner to the grip")), list(g.runner.rig),
                            optional=False)  # fmt: skip
            if chosen is not None:
                _to_grip(g, chosen, x.why)

    has_rig = lambda x: bool(x.game.runner.rig) and isinstance(x.event.get("card"), Card)  # noqa: E731
    b.when("any_scored", agenda, only=has_rig).when("any_stolen", agenda, only=has_rig)


@card("echo_chamber", paragraphs=(0,), summary="Three clicks: it becomes a 1-point agenda in your score area.")
def _echo_chamber(b: Builder) -> None:
    b.paid([click(3)], lambda x: _into_score_area(x.game, x.card, "corp", 1),
           usable=lambda g, c, w: w == "action" and _installed_corp(g, c))  # fmt: skip
    b.points(_worth(1))


@card("false_flag", paragraphs=(1, 2), summary="Accessed: 1 tag for every 2 advancement counters on it; click and 7 "
      "advancement counters: it becomes a 3-point agenda in your score area.")  # fmt: skip
def _false_flag(b: Builder) -> None:
    def accessed(x: Exec) -> None:
        n = x.card.advancement // 2
        if n:
            x.game.gain_tags(n)

    b.paragraph(1).when("access", accessed, only=this_card)
    b.paragraph(2).paid([click(), counters("advancement", 7)], lambda x: _into_score_area(x.game, x.card, "corp", 3),
                        usable=lambda g, c, w: w == "action" and _installed_corp(g, c))  # fmt: skip
    b.points(_worth(3))


@card("gene_splicer", paragraphs=(1, 2), summary="Accessed: 1 net damage for each advancement counter on it; click and "
      "3 advancement counters: it becomes a 1-point agenda in your score area.")  # fmt: skip
def _gene_splicer(b: Builder) -> None:
    def accessed(x: Exec) -> None:
        if x.card.advancement:
            x.game.damage("net", x.card.advancement)

    b.paragraph(1).when("access", accessed, only=this_card)
    b.paragraph(2).paid([click(), counters("advancement", 3)], lambda x: _into_score_area(x.game, x.card, "corp", 1),
                        usable=lambda g, c, w: w == "action" and _installed_corp(g, c))  # fmt: skip
    b.points(_worth(1))


@card("kuwinda_k4h1u3", paragraphs=(0,), summary="When your turn begins, you may trace X (its power counters): success "
      "does 1 brain damage and trashes it, failure adds a power counter.")  # fmt: skip
def _kuwinda(b: Builder) -> None:
    def begins(x: Exec) -> None:
        g = x.game
        if not x.may(Phrase(N_("{card}: trace {n}?"), card=str(x.card), n=x.card.counters.get("power", 0))):
            return
        if _trace(x, x.card.counters.get("power", 0))[0]:
            g.damage("brain", 1)
            if g.is_installed(x.card):
                g.trash(x.card, x.why, by="corp")
        else:
            g.add_counters(x.card, "power", 1)

    b.when("your_turn_start", begins)


@card("malia_z0l0k4", paragraphs=(0, 1), summary="When rezzed, choose an installed non-virtual resource: it loses its "
      "abilities while this asset stays rezzed.")  # fmt: skip
def _malia(b: Builder) -> None:
    def rezzed(x: Exec) -> None:
        g = x.game
        options = [c for c in g.runner.rig if c.type == "resource" and not _virtual(c)]
        chosen = x.pick(Phrase(N_("{card}: choose a resource to lose its abilities"), card=str(x.card)), options,
                        optional=False)  # fmt: skip
        if chosen is not None:
            x.card.notes["chosen"] = chosen.uid
            chosen.notes["malia"] = x.card.uid
            x.blank(chosen, until="game")

    def release(x: Exec) -> None:
        g = x.game
        for c in g.runner.rig:
            if c.notes.get("malia") == x.card.uid:
                c.notes.pop("malia", None)
                if g.blanks.pop(c.uid, None) is not None:
                    g.log.add("unblank", RUNNER, card=str(c), reason=x.why)

    def gone(x: Exec) -> None:
        c = x.event["card"]
        x.game.blanks.pop(c.uid, None)
        x.card.notes.pop("chosen", None)

    b.when("rezzed", rezzed, only=this_card)
    b.when("trashed", release, only=this_card).when("derezzed", release, only=this_card)
    b.when("trashed", gone, only=lambda x: getattr(x.event.get("card"), "uid", None) == x.card.notes.get("chosen"))


@card("personalized_portal", paragraphs=(0,), summary="When your turn begins, the runner draws 1 card; you may gain 1 "
      "credit for every 2 cards in the grip.")  # fmt: skip
def _personalized_portal(b: Builder) -> None:
    def begins(x: Exec) -> None:
        g = x.game
        g.draw("runner", 1)
        n = len(g.runner.hand) // 2
        if n:
            _may_gain(x, n)

    b.when("your_turn_start", begins)


@card("rashida_jaheem", paragraphs=(0,), summary="When your turn begins, you may trash it to gain 3 credits and draw 3 "
      "cards.")  # fmt: skip
def _rashida(b: Builder) -> None:
    def begins(x: Exec) -> None:
        g = x.game
        if x.may(Phrase(N_("{card}: trash it to gain {n}{credit} and draw {m} cards?"), card=str(x.card), n=3,
                        credit="[credit]", m=3)):  # fmt: skip
            g.trash(x.card, x.why, by="corp")
            g.gain_credits("corp", 3, x.why)
            g.draw("corp", 3)

    b.when("your_turn_start", begins)


@card("reconstruction_contract", paragraphs=(0, 1), summary="When the runner takes meat damage, you may place an "
      "advancement counter on it; trash it: move any of them to a card that can be advanced.")  # fmt: skip
def _reconstruction_contract(b: Builder) -> None:
    def damaged(x: Exec) -> None:
        if x.may(Phrase(_PLACE_COUNTERS, card=str(x.card), n=1, kind=Term("counter", "advancement"))):
            x.game.place_advancement(x.card, 1)

    def move(x: Exec) -> None:
        g = x.game
        have = int(x.card.last_known.get("counters", {}).get("advancement", 0))
        options = [c for c in g.installed("corp") if g.can_advance(c)]
        target = x.pick(Phrase(N_("move advancement counters onto")), options, optional=False)
        if target is None:
            return
        n = _amount(x, Phrase(N_("move how many advancement counters from {card}"), card=str(x.card)), have)
        if n:
            g.place_advancement(target, n)

    def usable(g: NetrunnerGame, c: Card, window: str) -> bool:
        return c.advancement > 0 and any(g.can_advance(o) for o in g.installed("corp") if o is not c)

    b.paragraph(0).when("damage_done", damaged, only=lambda x: x.event.get("kind") == "meat")
    b.paragraph(1).paid([trash_self()], move, usable=usable)


@card("urban_renewal", paragraphs=(0,), summary="Loaded with 3 power counters when rezzed; once it has none, it is "
      "trashed and does 4 meat damage.")  # fmt: skip
def _urban_renewal(b: Builder) -> None:
    load(b, "power", 3, on="rezzed", then=lambda x: x.game.damage("meat", 4))


@card("warden_fatuma", paragraphs=(0,), summary="Each rezzed bioroid ice has a first subroutine that makes the runner "
      "lose a click, if able.")  # fmt: skip
def _warden_fatuma(b: Builder) -> None:
    def encountered(x: Exec) -> None:
        g = x.game
        enc = _encountering(g)
        if enc is None:
            return
        gain_subroutines(g, enc, [parse_cached(LOSE_CLICK)], first=True)

    def bioroid(x: Exec) -> bool:
        ice = x.event.get("ice")
        return isinstance(ice, Card) and ice.rezzed and "bioroid" in ice.subtypes

    b.when("encounter", encountered, only=bioroid)


# ================================================================ corp: upgrades


@card("bio_vault", paragraphs=(0, 2), summary="Remote servers only; during a run, trash it and 2 advancement counters "
      "from it: end the run.")  # fmt: skip
def _bio_vault(b: Builder) -> None:
    b.paragraph(0).install_servers(lambda g, c, server: server not in CENTRALS)
    b.paragraph(2).paid([counters("advancement", 2), trash_self()], _end_the_run,
                        usable=lambda g, c, w: g.current_run is not None and not g.current_run.ended)  # fmt: skip


@card("calibration_testing", paragraphs=(0, 1), summary="Remote servers only; trash it: place 1 advancement counter on "
      "a card in the root of its server.")  # fmt: skip
def _calibration_testing(b: Builder) -> None:
    def use(x: Exec) -> None:
        g = x.game
        server = g.server_of(x.card)
        if server is None:
            return
        others = [c for c in server.root if c is not x.card]
        g.trash(x.card, x.why, by="corp")
        prompt = Phrase(N_("place 1 advancement counter on a card in the root of {server}"), server=Term("zone", server.name))
        target = x.pick(prompt, others, optional=False)
        if target is not None:
            g.place_advancement(target, 1)

    def usable(g: NetrunnerGame, c: Card, window: str) -> bool:
        server = g.server_of(c)
        return window in ("action", "run") and server is not None and any(o is not c for o in server.root)

    b.paragraph(0).install_servers(lambda g, c, server: server not in CENTRALS)
    b.paragraph(1).paid([], use, usable=usable)


@card("code_replicator", paragraphs=(0,), summary="When the runner passes rezzed ice of its server, you may trash it to "
      "make the runner approach that ice again (they may jack out).")  # fmt: skip
def _code_replicator(b: Builder) -> None:
    def passed(x: Exec) -> None:
        g = x.game
        ice = x.event["ice"]
        run = g.current_run
        prompt = Phrase(N_("{card}: trash it to make the runner approach {ice} again?"), card=str(x.card), ice=str(ice))
        if run is None or not x.may(prompt):
            return
        g.trash(x.card, x.why, by="corp")
        run.position += 1  # the run's next step approaches the same ice once more
        g.log.add("approach_again", CORP, ice=str(ice), card=str(x.card))

    def concerns(x: Exec) -> bool:
        g = x.game
        ice = x.event.get("ice")
        server = g.server_of(x.card)
        run = g.current_run
        return (
            isinstance(ice, Card)
            and ice.rezzed
            and server is not None
            and ice in server.ice
            and run is not None
            and run.server == server.name
        )

    b.when("pass_ice", passed, only=concerns)


def _ambush_trace(b: Builder, base: int, hit: Callable[[Exec], None]) -> None:
    """"While the Runner is accessing this upgrade in R&D, they must reveal it. When the Runner accesses this
    upgrade anywhere except in Archives, Trace[``base``]. If successful, ``hit``"."""

    def accessed(x: Exec) -> None:
        _reveal_in_rnd(x, x.card)
        if x.card not in x.game.corp.discard and _trace(x, base)[0]:
            hit(x)

    b.paragraph(1).when("access", accessed, only=this_card)


@card("forced_connection", paragraphs=(0, 1), summary="Revealed when accessed in R&D; accessed outside Archives: trace 3 "
      "for 2 tags.")  # fmt: skip
def _forced_connection(b: Builder) -> None:
    _ambush_trace(b, 3, lambda x: x.game.gain_tags(2))


@card("intake", paragraphs=(0, 1), summary="Revealed when accessed in R&D; accessed outside Archives: trace 4 to add an "
      "installed program or virtual resource to the grip.")  # fmt: skip
def _intake(b: Builder) -> None:
    def hit(x: Exec) -> None:
        g = x.game
        options = [c for c in g.runner.rig if c.type == "program" or (c.type == "resource" and _virtual(c))]
        chosen = x.pick(Phrase(N_("add an installed card of the runner to the grip")), options, optional=False)
        if chosen is not None:
            _to_grip(g, chosen, x.why)

    _ambush_trace(b, 4, hit)


@card("tempus", paragraphs=(0, 1), summary="Revealed when accessed in R&D; accessed outside Archives: trace 3, and the "
      "runner loses 2 clicks or takes 1 brain damage.")  # fmt: skip
def _tempus(b: Builder) -> None:
    def hit(x: Exec) -> None:
        g = x.game
        choices = [("damage", Phrase(N_("take {n} {damage}"), n=1, damage=Term("damage", "brain")), False)]
        if g.runner.clicks >= 2:
            choices.insert(0, ("clicks", Phrase(N_("lose {clicks}"), clicks="[click][click]"), True))
        if _ask(x, Phrase(N_("{card}: choose one"), card=str(x.card)), choices, side="runner"):
            x.do("潜袭者失去 [click][click]。")
        else:
            g.damage("brain", 1)

    _ambush_trace(b, 3, hit)


@card("mwanza_city_grid", paragraphs=(0, 1, 2), summary="Only in the root of HQ or R&D; a breach of its server accesses "
      "3 more cards, and you gain 2 credits for each card accessed in it; 1 region per server.")  # fmt: skip
def _mwanza(b: Builder) -> None:
    def breach(x: Exec) -> None:
        g = x.game
        run = g.current_run
        if run is None:
            return
        run.extra_access += 3
        g.log.add("extra_access", RUNNER, cards=3, server=run.server)
        start = len(g.log)

        def ended(run_: Any, successful: bool) -> None:
            accessed = sum(1 for e in list(g.log)[start:] if e.kind == "access" and "card" in e.data)
            if accessed:
                g.gain_credits("corp", 2 * accessed, x.why)

        x.when_run_ends(ended)

    def here(x: Exec) -> bool:
        server = x.game.server_of(x.card)
        return server is not None and x.event.get("server") == server.name

    b.paragraph(0).install_servers(lambda g, c, server: server in ("hq", "rnd"))
    b.paragraph(1).when("breach", breach, only=here)
    one_region(b.paragraph(2))


# ================================================================ corp: agendas


@card("armed_intimidation", paragraphs=(0,), summary="When scored, the runner takes 5 meat damage or 2 tags.")
def _armed_intimidation(b: Builder) -> None:
    def scored(x: Exec) -> None:
        g = x.game
        if _ask(x, Phrase(N_("{card}: choose one"), card=str(x.card)), [
            ("damage", Phrase(N_("take {n} {damage}"), n=5, damage=Term("damage", "meat")), True),
            ("tags", Phrase(N_("take {n} tags"), n=2), False),
        ], side="runner"):  # fmt: skip
            g.damage("meat", 5)
        else:
            g.gain_tags(2)

    b.when("agenda_scored", scored)


@card("bacterial_programming", paragraphs=(0,), summary="When scored or stolen, you may look at the top 7 cards of R&D, "
      "add any to HQ, trash any, and arrange the rest.")  # fmt: skip
def _bacterial_programming(b: Builder) -> None:
    def look(x: Exec) -> None:
        g = x.game
        cards = _top(g, "corp", 7)
        if not cards or not x.may(Phrase(N_("look at the top {n} cards of R&D?"), n=len(cards))):
            return
        _look(g, cards)
        kept: list[Card] = []
        for c in cards:
            where = _ask(x, Phrase(N_("{card}: add it to HQ, trash it, or keep it on R&D"), card=str(c)), [
                ("hq", Phrase(N_("add it to HQ")), "hq"),
                ("trash", Phrase(N_("trash it")), "trash"),
                ("keep", Phrase(N_("keep it on R&D")), "keep"),
            ])  # fmt: skip
            if where == "hq":
                g.corp.deck.remove(c)
                g.corp.hand.append(c)
                g.log.add("move", CORP, visible=[CORP], card=str(c), to=Term("zone", "hq"), reason=x.why)
            elif where == "trash":
                g.trash(c, x.why, by="corp")
            else:
                kept.append(c)
        _arrange(x, kept)

    b.when("agenda_scored", look).when("agenda_stolen", look)


@card("better_citizen_program", paragraphs=(0,), summary="The first time each turn the runner plays a run event or "
      "installs an icebreaker, you may give them 1 tag.")  # fmt: skip
def _better_citizen(b: Builder) -> None:
    def first(x: Exec) -> None:
        if x.once_per_turn("bcp") and x.may(Phrase(N_("{card}: give the runner 1 tag?"), card=str(x.card))):
            x.game.gain_tags(1)

    def run_event(x: Exec) -> bool:
        c = x.event.get("card")
        return isinstance(c, Card) and c.type == "event" and "run" in c.subtypes

    def icebreaker(x: Exec) -> bool:
        c = x.event.get("card")
        return isinstance(c, Card) and c.type == "program" and "icebreaker" in c.subtypes

    b.when("played", first, only=run_event).when("any_installed", first, only=icebreaker)


@card("city_works_project", paragraphs=(0, 1), summary="Installed face up; accessed while installed: 2 meat damage plus "
      "1 for each advancement counter on it.")  # fmt: skip
def _city_works(b: Builder) -> None:
    def installed(x: Exec) -> None:
        g = x.game
        server = g.server_of(x.card)
        if server is not None and not x.card.rezzed:
            x.card.rezzed = True  # face up (the engine's face-up installed corp card), without a rez
            g.log.add("install_faceup", CORP, card=str(x.card), server=server.name)

    def accessed(x: Exec) -> None:
        x.game.damage("meat", 2 + x.card.advancement)

    b.paragraph(0).when("installed", installed, only=this_card)
    b.paragraph(1).when("access", accessed, only=lambda x: this_card(x) and _installed_corp(x.game, x.card))


@card("degree_mill", paragraphs=(0,), summary="To steal it, the runner must also shuffle 2 of their installed cards "
      "into the stack.")  # fmt: skip
def _degree_mill(b: Builder) -> None:
    def can(g: NetrunnerGame, agenda: Card) -> Any:
        return None if agenda.id != "degree_mill" else len(g.runner.rig) >= 2

    def pay(g: NetrunnerGame, agenda: Card) -> None:
        prompt = Phrase(N_("shuffle which installed card into your stack"))
        for c in g.choose_many("runner", "target", prompt, list(g.runner.rig), 2):
            if c in g.runner.rig:
                _to_stack(g, c, Phrase(N_("the additional cost of {card}"), card=str(agenda)))
        _shuffle(g, "runner")

    b.steal_requires(can, pay)


@card("ikawah_project", paragraphs=(0,), summary="To steal it, the runner must also spend a click and pay 2 credits.")
def _ikawah_project(b: Builder) -> None:
    def can(g: NetrunnerGame, agenda: Card) -> Any:
        return None if agenda.id != "ikawah_project" else g.runner.clicks >= 1 and g.can_pay("runner", 2)

    def pay(g: NetrunnerGame, agenda: Card) -> None:
        why = Phrase(N_("the additional cost of {card}"), card=str(agenda))
        g.spend_clicks("runner", 1, why)
        g.pay("runner", 2, why)

    b.steal_requires(can, pay)


@card("remote_enforcement", paragraphs=(0,), summary="When scored, you may search R&D for a piece of ice, install it "
      "protecting a remote server (paying its install cost) and rez it for free; shuffle R&D.")  # fmt: skip
def _remote_enforcement(b: Builder) -> None:
    def scored(x: Exec) -> None:
        g = x.game

        def remotes(c: Card) -> list[str]:
            return [s for s in g.server_options(c) if s not in CENTRALS and g.can_pay("corp", g.install_cost(c, s), "install")]

        options = [c for c in reversed(g.corp.deck) if c.type == "ice" and remotes(c)]
        if not options or not x.may(Phrase(N_("{card}: search R&D for a piece of ice to install?"), card=str(x.card))):
            return
        chosen = x.pick(Phrase(N_("search R&D for a piece of ice")), options, optional=False)
        if chosen is not None:
            server = str(x.choose(Phrase(N_("install {card} in"), card=str(chosen)), remotes(chosen), kind="server"))
            g.corp.deck.remove(chosen)
            g.install("corp", chosen, server)
            if g.is_installed(chosen) and not chosen.rezzed:
                g.rez(chosen, free=True)
        _shuffle(g, "corp")

    b.when("agenda_scored", scored)


@card("viral_weaponization", paragraphs=(0,), summary="When the turn it was scored in ends, 1 net damage for each card "
      "in the grip.")  # fmt: skip
def _viral_weaponization(b: Builder) -> None:
    def scored(x: Exec) -> None:
        x.card.notes["scored_turn"] = x.game.turns

    def ends(x: Exec) -> None:
        g = x.game
        x.card.notes.pop("scored_turn", None)
        if g.runner.hand:
            g.damage("net", len(g.runner.hand))

    b.when("agenda_scored", scored)
    b.when("turn_ends", ends, only=lambda x: x.card.notes.get("scored_turn") == x.game.turns)


# ================================================================ corp: operations


@card("death_and_taxes", paragraphs=(0, 1), summary="A current until another is played or an agenda is stolen; whenever "
      "the runner installs a card or trashes an installed card, you may gain 1 credit.")  # fmt: skip
def _death_and_taxes(b: Builder) -> None:
    def runner_install(x: Exec) -> bool:
        c = x.event.get("card")
        return isinstance(c, Card) and c.side == "runner"

    def runner_trash(x: Exec) -> bool:
        c = x.event.get("card")
        by = x.event.get("by")
        return (
            isinstance(c, Card)
            and x.event.get("zone") == "installed"
            and (by == "runner" or (by is None and c.side == "runner"))
        )

    current(b.paragraph(0), until=("any_stolen",))
    b.paragraph(1).when("any_installed", lambda x: _may_gain(x, 1), only=runner_install)
    b.paragraph(1).when("trashed", lambda x: _may_gain(x, 1), only=runner_trash)


@card("distract_the_masses", paragraphs=(0,), summary="The runner gains 2 credits; trash up to 2 cards from HQ, shuffle "
      "up to 2 from Archives into R&D; then it is removed from the game.")  # fmt: skip
def _distract_the_masses(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        g.gain_credits("runner", 2, x.why)
        for n in range(2):
            chosen = x.pick(Phrase(N_("trash a card from HQ ({n}/{most})"), n=n + 1, most=2), list(g.corp.hand))
            if chosen is None:
                break
            g.trash(chosen, x.why, by="corp")
        _archives_into_rnd(x, 2)
        x.remove_from_game()

    b.play(play)


def _archives_into_rnd(x: Exec, most: int) -> None:
    """Shuffle up to ``most`` cards of Archives (the corp's choice) into R&D."""
    g = x.game
    moved = 0
    for n in range(most):
        prompt = Phrase(N_("shuffle a card from Archives into R&D ({n}/{most})"), n=n + 1, most=most)
        chosen = x.pick(prompt, list(g.corp.discard))
        if chosen is None:
            break
        g.corp.discard.remove(chosen)
        g.log.add("move", CORP, visible="all" if chosen.faceup else [CORP], card=str(chosen),
                  to=Term("zone", "rnd"), reason=x.why)  # fmt: skip
        chosen.faceup = False
        g.corp.deck.append(chosen)
        moved += 1
    g.log.add("shuffled_into", CORP, cards=moved, zone=Term("zone", "rnd"), reason=x.why)
    _shuffle(g, "corp")


@card("economic_warfare", paragraphs=(0, 1), summary="Only after a successful run in the runner's last turn: a runner "
      "with 4 credits or more loses 4.")  # fmt: skip
def _economic_warfare(b: Builder) -> None:
    def play(x: Exec) -> None:
        if x.game.runner.credits >= 4:
            x.game.lose_credits("runner", 4)

    b.paragraph(0).may_play(lambda g, c: _ran_last_turn(g))
    b.paragraph(1).play(play)


@card("genotyping", paragraphs=(0,), summary="Trash the top 2 cards of R&D, shuffle up to 4 cards from Archives into "
      "R&D; then it is removed from the game.")  # fmt: skip
def _genotyping(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        for c in _top(g, "corp", 2):
            g.trash(c, x.why, by="corp")
        _archives_into_rnd(x, 4)
        x.remove_from_game()

    b.play(play)


@card("high_profile_target", paragraphs=(0, 1), summary="Only while the runner is tagged: 2 meat damage for each tag.")
def _high_profile_target(b: Builder) -> None:
    b.paragraph(0).may_play(_tagged)
    b.paragraph(1).play(lambda x: x.game.damage("meat", 2 * x.game.runner.tags))


@card("kill_switch", paragraphs=(0, 1, 2), summary="A current until another is played or an agenda is stolen; agendas "
      "accessed in R&D are revealed; whenever an agenda is accessed or scored, trace 3 for 1 brain damage.")  # fmt: skip
def _kill_switch(b: Builder) -> None:
    def traced(x: Exec) -> None:
        if _trace(x, 3)[0]:
            x.game.damage("brain", 1)

    def accessed(x: Exec) -> None:
        _reveal_in_rnd(x, x.event["card"])
        traced(x)

    def agenda(x: Exec) -> bool:
        c = x.event.get("card")
        return _still_in_play(x) and isinstance(c, Card) and c.type == "agenda"

    current(b.paragraph(0), until=("any_stolen",))
    b.paragraph(1).when("access", accessed, only=agenda)
    b.paragraph(2).when("any_scored", traced, only=agenda)


@card("market_forces", paragraphs=(0, 1), summary="Only while the runner is tagged: they lose 3 credits for each tag and "
      "you gain what they lost.")  # fmt: skip
def _market_forces(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        lost = g.lose_credits("runner", 3 * g.runner.tags)
        if lost:
            g.gain_credits("corp", lost, x.why)

    b.paragraph(0).may_play(_tagged)
    b.paragraph(1).play(play)


@card("reverse_infection", paragraphs=(0,), summary="Either purge virus counters, trashing the top card of the stack for "
      "every 3 removed, or gain 2 credits.")  # fmt: skip
def _reverse_infection(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        if _ask(x, Phrase(N_("{card}: choose one"), card=str(x.card)), [
            ("purge", Phrase(N_("purge virus counters")), True),
            ("credits", Phrase(N_("gain {n}{credit}"), n=2, credit="[credit]"), False),
        ]):  # fmt: skip
            g.purge()
            event = next((e for e in reversed(list(g.log)) if e.kind == "purge"), None)
            removed = int(event.data.get("removed", 0)) if event is not None else 0
            for c in _top(g, "runner", removed // 3):
                g.trash(c, x.why, by="corp")
        else:
            g.gain_credits("corp", 2, x.why)

    b.play(play)


def _reprisal(b: Builder, may_play: Callable[[NetrunnerGame, Card], bool], play: Callable[[Exec], None]) -> None:
    """A reprisal: "Play only if ..." (paragraph 0), what it does (1), then "Remove this operation from the game" (2)."""

    def resolve(x: Exec) -> None:
        play(x)
        x.remove_from_game()

    b.paragraph(0).may_play(may_play)
    b.paragraph(1).play(resolve)


@card("riot_suppression", paragraphs=(0, 1, 2), summary="Only after the runner trashed a corp card last turn: the "
      "runner takes 1 brain damage or gets 3 fewer clicks next turn; then it is removed from the game.")  # fmt: skip
def _riot_suppression(b: Builder) -> None:
    def play(x: Exec) -> None:
        if x.may(Phrase(N_("{card}: take {n} {damage}? If not, 3 fewer clicks next turn"), card=str(x.card), n=1,
                        damage=Term("damage", "brain")), side="runner"):  # fmt: skip
            x.game.damage("brain", 1)
        else:
            x.next_turn_clicks("runner", -3)

    _reprisal(b, lambda g, c: _trashed_corp_card_last_turn(g), play)


@card("threat_assessment", paragraphs=(0, 1, 2), summary="Only after the runner trashed a corp card last turn: choose an "
      "installed runner card; the runner takes 2 tags or puts it on top of the stack; then it is removed from the "
      "game.")  # fmt: skip
def _threat_assessment(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        chosen = x.pick(Phrase(N_("choose an installed card of the runner")), list(g.runner.rig), optional=False)
        if chosen is None:
            return
        if _ask(x, Phrase(N_("{card}: choose one"), card=str(x.card)), [
            ("tags", Phrase(N_("take {n} tags"), n=2), True),
            ("stack", Phrase(N_("put {card} on top of the stack"), card=str(chosen)), False),
        ], side="runner"):  # fmt: skip
            g.gain_tags(2)
        else:
            _to_stack(g, chosen, x.why)

    _reprisal(b, lambda g, c: _trashed_corp_card_last_turn(g) and bool(g.runner.rig), play)


@card("wake_up_call", paragraphs=(0, 1, 2), summary="Only after the runner trashed a corp card last turn: choose an "
      "installed hardware or non-virtual resource; the runner trashes it or takes 4 meat damage; then it is removed "
      "from the game.")  # fmt: skip
def _wake_up_call(b: Builder) -> None:
    def targets(g: NetrunnerGame) -> list[Card]:
        return [c for c in g.runner.rig if c.type == "hardware" or (c.type == "resource" and not _virtual(c))]

    def play(x: Exec) -> None:
        g = x.game
        chosen = x.pick(Phrase(N_("choose an installed card of the runner")), targets(g), optional=False)
        if chosen is None:
            return
        if _ask(x, Phrase(N_("{card}: choose one"), card=str(x.card)), [
            ("trash", Phrase(N_("trash {card}"), card=str(chosen)), True),
            ("damage", Phrase(N_("take {n} {damage}"), n=4, damage=Term("damage", "meat")), False),
        ], side="runner"):  # fmt: skip
            g.trash(chosen, x.why, by="runner")
        else:
            g.damage("meat", 4)

    _reprisal(b, lambda g, c: _trashed_corp_card_last_turn(g) and bool(targets(g)), play)


@card("self_growth_program", paragraphs=(0, 1), summary="Only while the runner is tagged: add 2 installed runner cards "
      "to the grip.")  # fmt: skip
def _self_growth_program(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        prompt = Phrase(N_("add an installed card of the runner to the grip"))
        for c in g.choose_many("corp", "target", prompt, list(g.runner.rig), 2):
            if c in g.runner.rig:
                _to_grip(g, c, x.why)

    b.paragraph(0).may_play(_tagged)
    b.paragraph(1).play(play)


@card("standard_procedure", paragraphs=(0, 1), summary="Only after a successful run in the runner's last turn: name a "
      "card type, reveal the grip, gain 2 credits for each card of that type.")  # fmt: skip
def _standard_procedure(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        named = _name_type(x, ("event", "hardware", "program", "resource"))
        _reveal(g, g.runner.hand, "grip", RUNNER)
        n = sum(1 for c in g.runner.hand if c.type == named)
        if n:
            g.gain_credits("corp", 2 * n, x.why)

    b.paragraph(0).may_play(lambda g, c: _ran_last_turn(g))
    b.paragraph(1).play(play)


@card("trojan_horse", paragraphs=(0, 1), summary="Only after the runner accessed a card last turn: trace 4; if it "
      "succeeds, trash a program whose install cost is at most the margin.")  # fmt: skip
def _trojan_horse(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        ok, margin = _trace(x, 4)
        if not ok:
            return
        options = [c for c in g.runner.rig if c.type == "program" and int(c.record.cost or 0) <= margin]
        prompt = Phrase(N_("trash a program with an install cost of {n} or less"), n=margin)
        chosen = x.pick(prompt, options, optional=False)
        if chosen is not None:
            g.trash(chosen, x.why, by="corp")

    def accessed(g: NetrunnerGame, c: Card) -> bool:
        return any(e.kind == "access" and "card" in e.data for e in _last_turn(g))

    b.paragraph(0).may_play(accessed)
    b.paragraph(1).play(play)


# ================================================================ identities


@card("419_amoral_scammer", paragraphs=(0,), summary="The first time the corp installs a card each turn, you may expose "
      "it unless the corp pays 1 credit.")  # fmt: skip
def _419(b: Builder) -> None:
    def installed(x: Exec) -> None:
        g = x.game
        c = x.event["card"]
        where = g.server_of(c)
        shown = Phrase(N_("a face-down card in {server}"), server=Term("zone", where.name if where else ""))
        if not x.may(Phrase(N_("{card}: expose {target} unless the corp pays {n}{credit}?"), card=str(x.card),
                            target=shown, n=1, credit="[credit]")):  # fmt: skip
            return
        prompt = Phrase(N_("pay {n}{credit} so that {card} is not exposed?"), n=1, credit="[credit]", card=str(c))
        if g.can_pay("corp", 1) and x.may(prompt, side="corp"):
            g.pay("corp", 1, x.why)
            return
        g.log.add("exposed", RUNNER, card=str(c), type=c.type, server=where.name if where else None)

    def first(x: Exec) -> bool:
        c = x.event.get("card")
        g = x.game
        return (
            isinstance(c, Card)
            and c.side == "corp"
            and not c.rezzed
            and g.server_of(c) is not None
            and len(_mine_this_turn(g, "install", CORP)) == 1
        )

    b.when("any_installed", installed, only=first)


@card("asa_group_security_through_vigilance", paragraphs=(0,), summary="The first time each turn you install a card, "
      "you may install a non-agenda card from HQ in or protecting the same server.")  # fmt: skip
def _asa_group(b: Builder) -> None:
    def installed(x: Exec) -> None:
        g = x.game
        where = g.server_of(x.event["card"])
        if where is None:
            return
        name = where.name
        options = [c for c in g.corp.hand if c.type in ("ice", "asset", "upgrade") and g.may_install(c)
                   and name in g.server_options(c) and g.can_pay("corp", g.install_cost(c, name), "install")]  # fmt: skip
        chosen = x.pick(Phrase(N_("{card}: install a card from HQ in {server}?"), card=str(x.card),
                               server=Term("zone", name)), options)  # fmt: skip
        if chosen is not None:
            g.install("corp", chosen, name)

    def first(x: Exec) -> bool:
        c = x.event.get("card")
        return isinstance(c, Card) and c.side == "corp" and len(_mine_this_turn(x.game, "install", CORP)) == 1

    b.when("any_installed", installed, only=first)


@card("azmari_edtech_shaping_the_future", paragraphs=(0,), summary="When your turn ends, you may name a card type; the "
      "first time each turn the runner plays or installs a card of the last type named, gain 2 credits.")  # fmt: skip
def _azmari(b: Builder) -> None:
    def ends(x: Exec) -> None:
        if x.may(Phrase(N_("{card}: name a card type?"), card=str(x.card))):
            x.card.notes["named"] = _name_type(x, ("event", "hardware", "program", "resource"))

    def gain(x: Exec) -> None:
        if x.once_per_turn("azmari"):
            x.game.gain_credits("corp", 2, x.why)

    def named(x: Exec) -> bool:
        c = x.event.get("card")
        return (
            isinstance(c, Card)
            and c.side == "runner"
            and c.type == x.card.notes.get("named")
            and x.card.notes.get("azmari") != x.game.turns
        )

    b.when("your_turn_end", ends)
    b.when("played", gain, only=named).when("any_installed", gain, only=named)


@card("freedom_khumalo_crypto_anarchist", paragraphs=(0,), summary="Once per turn, while accessing a non-agenda card, "
      "you may spend as many virus counters as its rez or play cost to trash it.")  # fmt: skip
def _freedom_khumalo(b: Builder) -> None:
    def cost(c: Card, g: NetrunnerGame) -> int | None:
        if c.type == "operation":
            return g.play_cost(c)
        if c.type in ("ice", "asset", "upgrade"):
            return g.rez_cost(c)
        return None

    def accessed(x: Exec) -> None:
        g = x.game
        c = x.event["card"]
        n = cost(c, g) or 0
        prompt = Phrase(N_("{card}: spend {n} virus counters to trash {target}?"), card=str(x.card), n=n, target=str(c))
        if not x.may(prompt):
            return
        x.once_per_turn("freedom")
        _spend_virus(x, n)
        g.trash(c, _by_runner(), by="runner")

    def offered(x: Exec) -> bool:
        g = x.game
        c = x.event.get("card")
        if not isinstance(c, Card) or c in g.corp.discard or x.card.notes.get("freedom") == g.turns:
            return False
        n = cost(c, g)
        return n is not None and sum(o.counters.get("virus", 0) for o in g.runner.rig) >= n and g.may_trash(c, "runner")

    b.when("access", accessed, only=offered)


@card("kabonesa_wu_netspace_thrillseeker", paragraphs=(0,), summary="Click: search your stack for a non-virus program, "
      "install it paying 1 credit less and shuffle; if it is still installed when your turn ends, it is removed from the "
      "game.")  # fmt: skip
def _kabonesa(b: Builder) -> None:
    def use(x: Exec) -> None:
        g = x.game
        options = [c for c in reversed(g.runner.deck) if c.type == "program" and "virus" not in c.subtypes
                   and _installable(g, c, less=1)]  # fmt: skip
        chosen = x.pick(Phrase(N_("search your stack for a non-{subtype} program to install"),
                               subtype=Term("subtypes", "virus")), options)  # fmt: skip
        if chosen is not None:
            x.install_from(chosen, zone=g.runner.deck, less=1)
            x.card.notes.setdefault("kabonesa", []).append(chosen)
        _shuffle(g, "runner")

    def ends(x: Exec) -> None:
        g = x.game
        for c in x.card.notes.pop("kabonesa", []):
            if c in g.runner.rig:
                x.remove_from_game(c)

    b.paid([click()], use, usable=lambda g, c, w: w == "action")
    b.when("your_turn_end", ends, only=lambda x: bool(x.card.notes.get("kabonesa")))


@card("sso_industries_fueling_innovation", paragraphs=(0,), summary="When your turn ends, you may place 1 advancement "
      "counter on a piece of ice with none for each agenda point of the installed face-up agendas.")  # fmt: skip
def _sso_industries(b: Builder) -> None:
    def points(g: NetrunnerGame) -> int:
        return sum(int(c.record.agenda_points or 0) for c in g.installed("corp") if c.type == "agenda" and c.rezzed)

    def ends(x: Exec) -> None:
        g = x.game
        n = points(g)
        options = [c for c in g.installed("corp") if c.type == "ice" and not c.advancement]
        chosen = x.pick(Phrase(N_("place {n} advancement counters on"), n=n), options)
        if chosen is not None:
            g.place_advancement(chosen, n)

    b.when("your_turn_end", ends, only=lambda x: points(x.game) > 0)


# ================================================================ more of the cycle


@card("ngo_front", paragraphs=(1, 2), summary="Trash it and 1 advancement counter: gain 5 credits; trash it and 2: gain "
      "8 credits.")  # fmt: skip
def _ngo_front(b: Builder) -> None:
    b.paragraph(1).paid([counters("advancement", 1), trash_self()], lambda x: x.do("你获得 5[credit]。"))
    b.paragraph(2).paid([counters("advancement", 2), trash_self()], lambda x: x.do("你获得 8[credit]。"))


@card("technoco", paragraphs=(0, 1), summary="Programs, hardware and virtual resources cost 1 credit more to install; "
      "whenever the runner installs one, you may gain 1 credit.")  # fmt: skip
def _technoco(b: Builder) -> None:
    def taxed(c: Any) -> bool:
        return isinstance(c, Card) and c.side == "runner" and (c.type in ("program", "hardware") or (
            c.type == "resource" and _virtual(c)))  # fmt: skip

    b.paragraph(0).install_cost(lambda g, this, c: 1 if taxed(c) else 0)
    b.paragraph(1).when("any_installed", lambda x: _may_gain(x, 1), only=lambda x: taxed(x.event.get("card")))


@card("wari", paragraphs=(0,), summary="The first time each turn you run HQ successfully, you may trash it to name a "
      "subtype and expose a piece of ice, which goes to HQ if it has that subtype.")  # fmt: skip
def _wari(b: Builder) -> None:
    def success(x: Exec) -> None:
        g = x.game
        if not x.may(Phrase(N_("{card}: trash it to name an ice subtype and expose a piece of ice?"), card=str(x.card))):
            return
        g.trash(x.card, x.why)
        named = str(_ask(x, Phrase(N_("choose a subtype")), [(s, Term("subtypes", s), s) for s in
                                                             ("sentry", "code_gate", "barrier")]))  # fmt: skip
        g.log.add("named", RUNNER, card=str(x.card), subtype=Term("subtypes", named))
        options = [c for c in g.installed("corp") if c.type == "ice" and not c.rezzed]
        chosen = x.pick(Phrase(N_("expose which card")), options, optional=False)
        if chosen is None:
            return
        server = g.server_of(chosen)
        g.log.add("exposed", RUNNER, card=str(chosen), type=chosen.type, server=server.name if server else None)
        if named in chosen.subtypes:
            _to_hq(g, chosen, x.why)

    def first(x: Exec) -> bool:
        g = x.game  # the run succeeding now is not yet in the history
        return x.event.get("server") == "hq" and not any(t == g.turns and ok and s == "hq" for t, s, ok in g.run_history)

    b.when("run_successful", success, only=first)


@card("rng_key", paragraphs=(0,), summary="The first time each turn you run HQ or R&D successfully, you may name a "
      "number; the next card you access is revealed, and if one of its costs or its requirement is that number, gain 3 "
      "credits or draw 2 cards.")  # fmt: skip
def _rng_key(b: Builder) -> None:
    def success(x: Exec) -> None:
        g = x.game
        if not x.may(Phrase(N_("{card}: name a number?"), card=str(x.card))):
            return
        n = _amount(x, Phrase(N_("{card}: name a number"), card=str(x.card)), 15)
        g.log.add("named", RUNNER, card=str(x.card), number=n)
        x.card.notes["number"] = (n, id(g.current_run))

    def accessed(x: Exec) -> None:
        g = x.game
        n, _ = x.card.notes.pop("number")
        c = x.event["card"]
        _reveal(g, [c], str(x.event.get("server")), RUNNER)
        record = c.record
        values = [getattr(record, "rez_cost", None), getattr(record, "advancement_requirement", None)]
        if c.type == "operation":
            values.append(getattr(record, "cost", None))
        if n not in values:
            return
        if _ask(x, Phrase(N_("{card}: choose one"), card=str(x.card)), [
            ("credits", Phrase(N_("gain {n}{credit}"), n=3, credit="[credit]"), True),
            ("draw", Phrase(N_("draw {n} cards"), n=2), False),
        ]):  # fmt: skip
            g.gain_credits("runner", 3, x.why)
        else:
            g.draw("runner", 2)

    def first(x: Exec) -> bool:
        g = x.game  # the run succeeding now is not yet in the history
        earlier = any(t == g.turns and ok and s in ("hq", "rnd") for t, s, ok in g.run_history)
        return x.event.get("server") in ("hq", "rnd") and not earlier

    def named(x: Exec) -> bool:
        mark = x.card.notes.get("number")
        return mark is not None and mark[1] == id(x.game.current_run)

    b.when("run_successful", success, only=first)
    b.when("access", accessed, only=named)
