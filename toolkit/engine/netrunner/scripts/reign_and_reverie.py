"""Card scripts of Reign and Reverie: the cards and identities the set first printed whose text no template reads.

Frames several cards share: a pile of cards shuffled into R&D (:func:`_into_rnd`), agendas revealed from HQ and/or
Archives (:func:`_reveal_agendas`), a breach of HQ or R&D that accesses none of the server's root (:func:`_breach_pile`:
the accesses other cards add to that breach count), a card of the corp going to the runner's score area as an
agenda (:func:`_to_runner_score_area`), installed runner cards shuffled into the stack (:func:`_into_stack`), and the
card being accessed now (:func:`_accessed_now`, read from the log).

Cards left out need what the engine does not model: a tag the runner is only considered to have (Acme Consulting),
a card that may not be rezzed until a later turn (Saraswati Mnemonics), a timing for taking bad publicity (The
Outfit) or for avoided tags (Thunder Art Gallery), runner cards installed face down (Reboot), an identity hosted
on a card (DJ Fenris), who trashed a card in the log of a past turn (Hangeki), an interrupt before a play or an
install is paid (Patchwork's first ability), and an unrezzed card that answers the runner's approach to any server
(Formicary: that event reaches active cards only).
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
from ..state import CENTRALS, SEATS, Card, Context, RunState, Server
from . import (
    Builder,
    Exec,
    card,
    click,
    counters,
    credit,
    current,
    load,
    on_installed_ice,
    one_console,
    one_region,
    this_card,
    this_ice,
    trash_self,
)

if TYPE_CHECKING:
    from ..game import NetrunnerGame

RUNNER = SEATS["runner"]
CORP = SEATS["corp"]
RUNNER_TYPES = ("event", "hardware", "program", "resource")
CORP_INSTALLABLE = ("agenda", "asset", "ice", "upgrade")
_PLACE_POWER = Nn_("{card}: place {n} power counter on it?", "{card}: place {n} power counters on it?")


# ---------------------------------------------------------------- what several cards ask


def _encounter(g: NetrunnerGame) -> Any:
    run = g.current_run
    return run.encounter if run is not None and not run.ended else None


def _count(g: NetrunnerGame, side: Any, prompt: Any, most: int, text: Callable[[int], Any], least: int = 0) -> int:
    """A number from ``least`` to ``most`` that ``side`` chooses (the largest offered first)."""
    options = [Option(f"n:{n}", text(n), n) for n in range(most, least - 1, -1)]
    if not options:
        return 0
    return int(g.ask(side, "target", prompt, options).value)


def _first_success(g: NetrunnerGame, servers: Sequence[str] | None = None) -> bool:
    """No successful run (on one of ``servers``) has ended this turn: the run successful now is the first."""
    return not any(
        turn == g.turns and ok and (servers is None or where in servers) for turn, where, ok in g.run_history
    )


def _points(c: Card) -> int:
    return int(getattr(c.record, "agenda_points", 0) or 0)


def _into_rnd(g: NetrunnerGame, cards: Sequence[Card]) -> None:
    """``cards`` (from HQ or Archives) shuffled into R&D."""
    for c in cards:
        for zone in (g.corp.hand, g.corp.discard):
            if c in zone:
                zone.remove(c)
        c.faceup = False
        g.corp.deck.append(c)
    g.rng.shuffle(g.corp.deck)
    g.log.add("shuffle", CORP, zone="rnd", cards=len(cards))


def _reveal_agendas(x: Exec, most: int) -> list[Card]:
    """Up to ``most`` agendas of HQ and/or Archives the corp reveals, one decision each."""
    g = x.game
    chosen: list[Card] = []
    for _ in range(most):
        left = [c for c in [*g.corp.hand, *g.corp.discard] if c.type == "agenda" and c not in chosen]
        pick = x.pick(Phrase(N_("reveal which agenda")), left, side="corp")
        if pick is None:
            break
        chosen.append(pick)
        g.log.add("reveal", CORP, card=str(pick), zone="hq" if pick in g.corp.hand else "archives")
    return chosen


def _accessed_now(g: NetrunnerGame) -> str | None:
    """The card being accessed now (as the log names it): the last access since a run, an action or a turn ended."""
    for e in reversed(list(g.log)):
        if e.kind == "access" and "card" in e.data:
            return str(e.data["card"])
        if e.kind in ("run_end", "turn_end", "action"):
            return None
    return None


def _breach_pile(g: NetrunnerGame, run: RunState, server: str) -> None:
    """The runner breaches HQ or R&D (``server``) without accessing any card in its root: the accesses other cards
    add to that breach (``breach`` triggers) count for it."""
    saved, run.extra_access = run.extra_access, 0
    g.announce("breach", server=server)
    count = 1 + run.extra_access
    run.extra_access = saved
    if g.over or run.ended:
        return
    if server == "rnd":
        cards = list(reversed(g.corp.deck[-count:]))
    else:
        cards = g.rng.sample(g.corp.hand, min(count, len(g.corp.hand)))
    if not cards:
        g.log.add("access", RUNNER, server=server, cards=0)
    for c in cards:
        if g.over or run.ended:
            break
        g.runs.access_card(c, server)


def _to_runner_score_area(g: NetrunnerGame, c: Card, points: int) -> None:
    """``c`` leaves where it is for the runner's score area as an agenda worth ``points`` while it stays there."""
    for hosted in list(c.hosted):
        g.trash(hosted, Phrase(N_("its host {card} left play"), card=str(c)))
    g.trash_from_server(c)
    for zone in (g.corp.hand, g.corp.deck, g.corp.discard):
        if c in zone:
            zone.remove(c)
    c.leave_play()
    c.faceup = True
    g.runner.score_area.append(c)
    g.log.add("move", RUNNER, card=str(c), reason=Phrase(N_("to the runner's score area as an agenda worth {n}"),
                                                          n=points))  # fmt: skip

    def worth(game: NetrunnerGame, this: Card, side: str) -> int:
        return points if side == "runner" and this in game.runner.score_area else 0

    if not any(entry[0] == "points" and entry[1] is c for entry in g.lasting):
        g.add_lasting("points", c, worth, "game")  # only a run's or a turn's end lifts lasting hooks
    g.check_points()


def _into_stack(g: NetrunnerGame, cards: Sequence[Card]) -> None:
    """Installed runner ``cards`` shuffled into the stack (the cards they host and that go with them are trashed)."""
    moved = 0
    for c in cards:
        if c not in g.runner.rig:
            continue
        for hosted in list(c.hosted):
            if hosted not in cards:
                g.trash(hosted, Phrase(N_("its host {card} left play"), card=str(c)))
        g.runner.rig.remove(c)
        c.leave_play()
        c.faceup = False
        g.runner.deck.append(c)
        g.log.add("move", RUNNER, card=str(c), zone="stack")
        moved += 1
    if moved:
        g.rng.shuffle(g.runner.deck)
        g.log.add("shuffle", RUNNER, zone="stack")
    g.check_memory()


def _swap_ice(g: NetrunnerGame, first: Card, second: Card) -> None:
    """Two installed pieces of ice trade places (a face-down one is named to the corp only)."""
    where = []
    for c in (first, second):
        server = g.server_of(c)
        assert server is not None
        where.append((server, server.ice.index(c)))
    (s1, i1), (s2, i2) = where
    s1.ice[i1], s2.ice[i2] = second, first
    g.log.add("move", CORP, visible=[CORP], cards=[str(first), str(second)])
    g.log.add("move", CORP, servers=[s1.name, s2.name], position=[i1 + 1, i2 + 1],
              reason=Phrase(N_("two pieces of ice swapped")))  # fmt: skip


# ---------------------------------------------------------------- runner: events


@card("guinea_pig", paragraphs=(0,), summary="Every card of the grip is trashed.")
def _guinea_pig(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        for c in list(g.runner.hand):
            g.trash(c, x.why, by="runner")

    b.play(play)


@card("office_supplies", paragraphs=(0, 1), summary="Costs 1 credit less for each point of link; the runner gains "
      "4 credits or draws 4 cards.")  # fmt: skip
def _office_supplies(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        texts = (Phrase(N_("gain {n}{credit}"), n=4, credit="[credit]"), Phrase(N_("draw {n} cards"), n=4))
        prompt = Phrase(N_("{card}: gain credits or draw cards?"), card=str(x.card))
        if g.confirm("runner", "choice", prompt, yes="credits", no="draw", texts=texts):
            x.do("你获得 4[credit]。")
        else:
            x.do("你抽 4 张牌。")

    b.play_cost(lambda g, c: -g.link())
    b.paragraph(1).play(play)


@card("insight", paragraphs=(0, 1, 2), summary="Costs an extra click; the corp orders the top 4 cards of R&D, which "
      "are then revealed.")  # fmt: skip
def _insight(b: Builder) -> None:
    def arrange(x: Exec) -> None:
        g = x.game
        deck = g.corp.deck
        top = list(reversed(deck[-4:]))
        if len(top) < 2:
            return
        order = g.choose_many("corp", "order", Phrase(N_("which card goes on top of R&D")), top, len(top))
        del deck[-len(top) :]
        deck.extend(reversed(order))
        g.log.add("move", CORP, cards=len(order), zone="rnd", reason=Phrase(N_("the corp arranged the top of R&D")))

    def reveal(x: Exec) -> None:
        g = x.game
        top = list(reversed(g.corp.deck[-4:]))
        g.log.add("reveal", RUNNER, cards=[str(c) for c in top], zone="rnd")

    b.play_clicks(1)
    b.paragraph(1).play(arrange)
    b.paragraph(2).play(reveal)


@card("divide_and_conquer", paragraphs=(0,), summary="Run Archives; if successful, after breaching it the runner "
      "breaches HQ and then R&D, accessing no card in their roots.")  # fmt: skip
def _divide_and_conquer(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        run = x.run_on("archives")

        def breaches() -> None:
            g.announce("breach", server="archives")
            if not g.over and not run.ended:
                g.runs.access(run)
            for server in ("hq", "rnd"):
                if g.over or run.ended:
                    return
                _breach_pile(g, run, server)

        x.instead_of_breach(breaches)

    b.play(play)


# ---------------------------------------------------------------- runner: programs


@card("algernon", paragraphs=(0,), summary="At the start of the turn the runner may pay 2 credits for a click; then, "
      "with no successful run that turn, it is trashed at the end of the turn.")  # fmt: skip
def _algernon(b: Builder) -> None:
    def start(x: Exec) -> None:
        g = x.game
        prompt = Phrase(N_("pay {n}{credit} to gain {click}?"), n=2, credit="[credit]", click="[click]")
        if g.can_pay("runner", 2) and x.may(prompt):
            g.pay("runner", 2, x.why)
            x.do("你获得 [click]。")
            x.card.notes["used"] = g.turns

    def end(x: Exec) -> None:
        g = x.game
        if x.card.notes.get("used") == g.turns and not x.ran_this_turn(successful=True):
            g.trash(x.card, Phrase(N_("no successful run this turn")), by="runner")

    b.when("your_turn_start", start).when("your_turn_end", end)


@card("bankroll", paragraphs=(0, 1), summary="After each successful run the runner may place 1 credit on it; trash "
      "it: take all of them.")  # fmt: skip
def _bankroll(b: Builder) -> None:
    def success(x: Exec) -> None:
        if x.may(Phrase(N_("{card}: place {n}{credit} on it?"), card=str(x.card), n=1, credit="[credit]")):
            x.do("在本牌上放置 1[credit]。")

    def take(x: Exec) -> None:
        n = int(x.card.last_known.get("credits", 0))  # the trash cost cleared the card first
        if n:
            x.game.gain_credits("runner", n, Phrase(N_("taken from {card}"), card=str(x.card)))

    b.when("run_successful", success)
    b.paragraph(1).paid([trash_self()], take, usable=lambda g, c, w: c.credits > 0)


@card("cradle", paragraphs=(0,), summary="-1 strength for each card in the grip (never below 0).")
def _cradle(b: Builder) -> None:
    def strength(g: NetrunnerGame, c: Card) -> int:
        own = int(getattr(c.record, "strength", 0) or 0) + c.strength_bonus
        return -min(len(g.runner.hand), max(0, own))

    b.strength(strength)


def _ika_breakable(g: NetrunnerGame, c: Card) -> bool:
    """Ika may break now: it is encountering its host, a sentry with an unbroken subroutine, and is strong enough."""
    enc = _encounter(g)
    return (
        enc is not None
        and c.host is not None
        and enc.ice is c.host
        and "sentry" in enc.ice.subtypes
        and g.may_break(enc.ice, c)
        and any(not s.broken for s in enc.subs)
        and g.strength_of(c) >= g.strength_of(enc.ice)
    )


@card("ika", paragraphs=(0, 1), summary="2 credits: host it on a piece of ice; 1 credit: break up to 2 subroutines "
      "of its host, if that is a sentry.")  # fmt: skip
def _ika(b: Builder) -> None:
    def ices(g: NetrunnerGame, c: Card) -> list[Card]:
        return [o for o in g.installed("corp") if o.type == "ice" and o is not c.host]

    def usable_host(g: NetrunnerGame, c: Card, window: str) -> bool:
        if window == "action":  # onto ice that may be a sentry: it breaks nothing else
            return any(not o.rezzed or "sentry" in o.subtypes for o in ices(g, c))
        enc = _encounter(g)
        return window == "encounter" and enc is not None and enc.ice is not c.host and "sentry" in enc.ice.subtypes

    def host(x: Exec) -> None:
        g = x.game
        prompt = Phrase(N_("host {card} on which piece of ice"), card=str(x.card))
        ice = x.pick(prompt, ices(g, x.card), optional=False)
        if ice is None:
            return
        old = x.card.host
        if old is not None and x.card in old.hosted:
            old.hosted.remove(x.card)
        x.card.host = ice
        ice.hosted.append(x.card)
        where = g.server_of(ice)
        shown = str(ice) if ice.rezzed else Phrase(N_("a face-down card in {server}"),
                                                   server=Term("zone", where.name if where else ""))  # fmt: skip
        g.log.add("host", RUNNER, card=str(x.card), host=shown)

    def brk(x: Exec) -> None:
        if not _ika_breakable(x.game, x.card):
            x.game.log.add("break_failed", RUNNER, reason=Phrase(N_("it is not encountering its host sentry")))
            return
        x.break_subroutines(2, "sentry")

    b.paid([credit(2)], host, usable=usable_host)
    b.paragraph(1).paid([credit(1)], brk, usable=lambda g, c, w: w == "encounter" and _ika_breakable(g, c),
                        role="break")  # fmt: skip


@card("kyuban", paragraphs=(0, 1), summary="Installed on a piece of ice; passing its host gains the runner 2 "
      "credits.")  # fmt: skip
def _kyuban(b: Builder) -> None:
    on_installed_ice(b)
    b.paragraph(1).when("pass_ice", lambda x: x.do("你获得 2[credit]。"),
                        only=lambda x: x.card.host is not None and x.event.get("ice") is x.card.host)  # fmt: skip


@card("tycoon", paragraphs=(2,), summary="After an encounter in which it broke a subroutine, the corp gains 2 "
      "credits.")  # fmt: skip
def _tycoon(b: Builder) -> None:
    def broke(x: Exec) -> None:
        x.card.notes["broke"] = x.event.get("ice")

    def ended(x: Exec) -> None:
        x.card.notes.pop("broke", None)
        x.game.gain_credits("corp", 2, x.why)

    b.when("subroutine_broken", broke, only=lambda x: x.event.get("by") is x.card)
    b.when("encounter_ends", ended,
           only=lambda x: x.card.notes.get("broke") is not None and x.card.notes.get("broke") is x.event.get("ice"))


# ---------------------------------------------------------------- runner: hardware


@card("hijacked_router", paragraphs=(0, 1), summary="The corp loses 1 credit whenever it creates a server; after a "
      "successful run on Archives the runner may trash it to make the corp lose 3 credits.")  # fmt: skip
def _hijacked_router(b: Builder) -> None:
    def new_server(x: Exec) -> bool:
        c = x.event.get("card")
        server = x.game.server_of(c) if isinstance(c, Card) else None
        return server is not None and server.remote and [*server.ice, *server.root] == [c]

    def created(x: Exec) -> None:
        x.game.lose_credits("corp", 1)

    def success(x: Exec) -> None:
        g = x.game
        prompt = Phrase(N_("{card}: trash it to make the corp lose {n}{credit}?"), card=str(x.card), n=3,
                        credit="[credit]")  # fmt: skip
        if x.may(prompt) and g.trash(x.card, x.why, by="runner"):
            g.lose_credits("corp", 3)

    b.when("any_installed", created, only=new_server)
    b.paragraph(1).when("run_successful", success, only=lambda x: x.event.get("server") == "archives")


@card("mache", paragraphs=(0, 1), summary="The first accessed card the runner trashes each turn may put as many power "
      "counters on it as its trash cost; 3 of them: draw 1 card.")  # fmt: skip
def _mache(b: Builder) -> None:
    def accessed_trash(x: Exec) -> bool:
        c = x.event.get("card")
        return x.event.get("by") == "runner" and isinstance(c, Card) and _accessed_now(x.game) == str(c)

    def trashed(x: Exec) -> None:
        g = x.game
        if x.card.notes.get("turn") == g.turns:
            return
        x.card.notes["turn"] = g.turns
        cost = int(getattr(x.event["card"].record, "trash_cost", 0) or 0)
        if cost and x.may(Phrase(_PLACE_POWER, card=str(x.card), n=cost)):
            g.add_counters(x.card, "power", cost)

    b.when("trashed", trashed, only=accessed_trash)
    b.paragraph(1).paid([counters("power", 3)], lambda x: x.do("你抽 1 张牌。"),
                        usable=lambda g, c, w: bool(g.runner.deck))  # fmt: skip


@card("minds_eye", paragraphs=(2, 3), summary="Click and 3 power counters: breach R&D, accessing no card in its root; "
      "1 console per player.")  # fmt: skip
def _minds_eye(b: Builder) -> None:
    def use(x: Exec) -> None:
        g = x.game
        outside = g.current_run is None
        run = g.current_run if g.current_run is not None else RunState("rnd", step="access", successful=True)
        g.log.add("effect", RUNNER, card=str(x.card), server="rnd", reason=Phrase(N_("the runner breaches R&D")))
        if outside:
            g.current_run = run  # a breach outside a run: what adds accesses to it needs one to add them to
        try:
            _breach_pile(g, run, "rnd")
        finally:
            if outside:
                g.current_run = None
                g.lift("run")

    b.paid([click(), counters("power", 3)], use, usable=lambda g, c, w: w == "action" and g.current_run is None)
    one_console(b.paragraph(3))


@card("paragon", paragraphs=(1, 2), summary="At the first successful run of the turn the runner may gain 1 credit and "
      "look at the top card of the stack, and may put it at the bottom; 1 console per player.")  # fmt: skip
def _paragon(b: Builder) -> None:
    def success(x: Exec) -> None:
        g = x.game
        prompt = Phrase(N_("{card}: gain {n}{credit} and look at the top card of your stack?"), card=str(x.card), n=1,
                        credit="[credit]")  # fmt: skip
        if not _first_success(g) or not x.may(prompt):
            return
        g.gain_credits("runner", 1, x.why)
        if not g.runner.deck:
            return
        top = g.runner.deck[-1]
        g.log.add("look", RUNNER, visible=[RUNNER], card=str(top), zone="stack")
        if x.may(Phrase(N_("add {card} to the bottom of your stack?"), card=str(top))):
            g.runner.deck.remove(top)
            g.runner.deck.insert(0, top)
            g.log.add("move", RUNNER, cards=1, zone="stack", reason=Phrase(N_("add a card to the bottom of your stack")))

    b.when("run_successful", success)
    one_console(b.paragraph(2))


@card("patchwork", paragraphs=(2,), summary="1 console per player.")
def _patchwork(b: Builder) -> None:
    one_console(b)


# ---------------------------------------------------------------- runner: resources


@card("district_99", paragraphs=(0, 1), summary="The first time each turn a program or hardware is trashed, 1 power "
      "counter on it, if the runner wants; click and 3 of them: a card of the identity's faction from the heap to "
      "the grip.")  # fmt: skip
def _district_99(b: Builder) -> None:
    def gear(cards: Sequence[Any]) -> bool:
        return any(isinstance(c, Card) and c.side == "runner" and c.type in ("program", "hardware") for c in cards)

    def chance(x: Exec) -> None:
        g = x.game
        if x.card.notes.get("turn") == g.turns:
            return
        x.card.notes["turn"] = g.turns
        if x.may(Phrase(_PLACE_POWER, card=str(x.card), n=1)):
            g.add_counters(x.card, "power", 1)

    def faction_cards(g: NetrunnerGame) -> list[Card]:
        faction = getattr(g.runner.identity.record, "faction", None)
        return [c for c in g.runner.discard if getattr(c.record, "faction", None) == faction]

    def fetch(x: Exec) -> None:
        g = x.game
        chosen = x.pick(Phrase(N_("add which card to your grip")), faction_cards(g), optional=False)
        if chosen is None:
            return
        g.runner.discard.remove(chosen)
        g.runner.hand.append(chosen)
        g.log.add("move", RUNNER, card=str(chosen), zone="grip", reason=x.why)

    b.when("trashed", chance, only=lambda x: gear([x.event.get("card")]))
    b.when("damage_done", chance, only=lambda x: gear(list(x.event.get("cards") or [])))
    b.paragraph(1).paid([click(), counters("power", 3)], fetch,
                        usable=lambda g, c, w: w == "action" and bool(faction_cards(g)))  # fmt: skip


@card("miss_bones", paragraphs=(0, 1), summary="Loaded with 12 credits when installed, trashed once empty; they pay "
      "only to trash installed cards the runner accesses.")  # fmt: skip
def _miss_bones(b: Builder) -> None:
    def spend(g: NetrunnerGame, this: Card, purpose: str | None) -> bool:
        if purpose != "trash":  # an accessed card's trash cost, and only an installed card's
            return False
        name = _accessed_now(g)
        return name is not None and any(str(c) == name for c in g.installed("corp"))

    load(b, "credit", 12, on="installed")
    b.paragraph(1).spend_hosted(spend)


@card("psych_mike", paragraphs=(0,), summary="When the first successful run on R&D of the turn ends, the runner may "
      "gain 1 credit for each card of R&D accessed in it.")  # fmt: skip
def _psych_mike(b: Builder) -> None:
    def accessed(x: Exec) -> None:
        notes = x.card.notes
        if notes.get("run") is not x.run:
            notes["run"], notes["accessed"] = x.run, 0
        notes["accessed"] += 1

    def from_rnd(x: Exec) -> bool:
        return x.run is not None and x.event.get("server") == "rnd" and x.event.get("card") in x.game.corp.deck

    def ended(x: Exec) -> None:
        g = x.game
        notes = x.card.notes
        n = int(notes.get("accessed", 0)) if notes.get("run") is x.event.get("run") else 0
        notes.pop("run", None)
        notes.pop("accessed", None)
        earlier = g.run_history[:-1]  # this run is the last one recorded
        if any(turn == g.turns and where == "rnd" and ok for turn, where, ok in earlier):
            return
        if n and x.may(Phrase(N_("gain {n}{credit} for the cards accessed in this run?"), n=n, credit="[credit]")):
            g.gain_credits("runner", n, x.why)

    b.when("access", accessed, only=from_rnd)
    b.when("run_ends", ended, only=lambda x: x.event.get("server") == "rnd" and bool(x.event.get("successful")))


# ---------------------------------------------------------------- runner: identities


@card("akiko_nisei_head_case", paragraphs=(0,), summary="Breaching R&D, a psi game: with equal bids the runner "
      "accesses 1 more card.")  # fmt: skip
def _akiko(b: Builder) -> None:
    def breach(x: Exec) -> None:
        run = x.run
        if run is None:
            return
        x.do("进行心灵博弈。")
        if x.ctx.psi_equal:
            run.extra_access += 1
            x.game.log.add("extra_access", RUNNER, cards=1, server="rnd")

    b.when("breach", breach, only=lambda x: x.event.get("server") == "rnd")


@card("liza_talking_thunder_prominent_legislator", paragraphs=(0,), summary="At the first successful run on a central "
      "server of each turn, the runner draws 2 cards and takes 1 tag.")  # fmt: skip
def _liza(b: Builder) -> None:
    def success(x: Exec) -> None:
        if _first_success(x.game, CENTRALS):
            x.do("你抽 2 张牌。")
            x.game.gain_tags(1)

    b.when("run_successful", success, only=lambda x: x.event.get("server") in CENTRALS)


@card("nathaniel_gnat_hall_one_of_a_kind", paragraphs=(0,), summary="At the start of the turn, 1 credit if the grip "
      "holds 2 cards or fewer.")  # fmt: skip
def _gnat(b: Builder) -> None:
    def start(x: Exec) -> None:
        if len(x.game.runner.hand) <= 2:
            x.do("你获得 1[credit]。")

    b.when("your_turn_start", start)


# ---------------------------------------------------------------- corp: operations


@card("attitude_adjustment", paragraphs=(0,), summary="Draw 2 cards; reveal up to 2 agendas from HQ and/or Archives "
      "for 2 credits each and shuffle them into R&D.")  # fmt: skip
def _attitude_adjustment(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        x.do("你抽 2 张牌。")
        shown = _reveal_agendas(x, 2)
        if shown:
            g.gain_credits("corp", 2 * len(shown), x.why)
            _into_rnd(g, shown)

    b.play(play)


@card("building_blocks", paragraphs=(0,), summary="A barrier revealed from HQ is installed and rezzed, ignoring all "
      "costs.")  # fmt: skip
def _building_blocks(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        barriers = [c for c in g.corp.hand if c.type == "ice" and "barrier" in c.subtypes and g.may_install(c)]
        chosen = x.pick(Phrase(N_("reveal which barrier from HQ")), barriers, optional=False)
        if chosen is None:
            g.log.add("install_failed", CORP, visible=[CORP],
                      reason=Phrase(N_("no {type} in the hand can be installed"), type=Term("card_type", "ice")))
            return
        g.log.add("reveal", CORP, card=str(chosen), zone="hq")
        g.install("corp", chosen, pay=False)
        if g.is_installed(chosen) and not chosen.rezzed:
            g.rez(chosen, free=True)

    b.play(play)


@card("divert_power", paragraphs=(0,), summary="Derez any number of cards, then the corp may rez a card for 3 "
      "credits less for each.")  # fmt: skip
def _divert_power(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        derezzed = 0
        while True:
            rezzed = [c for c in g.installed("corp") if c.rezzed]
            chosen = x.pick(Phrase(N_("derez which card")), rezzed)
            if chosen is None:
                break
            g.derez(chosen, x.why)
            derezzed += 1
        less = 3 * derezzed
        target: list[Card] = []  # the card rezzed: the only one the reduction applies to once it is chosen

        def cheaper(game: NetrunnerGame, this: Card, c: Card) -> int:
            return -less if not target or c is target[0] else 0

        x.lasting("rez_cost", cheaper, until="turn")
        try:
            options = [c for c in g.installed("corp") if not c.rezzed and c.type != "agenda" and g.can_rez(c)]
            chosen = x.pick(Phrase(N_("rez which card, for {n}{credit} less"), n=less, credit="[credit]"), options)
            if chosen is not None:
                target.append(chosen)
                g.rez(chosen)
        finally:
            g.lasting = [entry for entry in g.lasting if entry[2] is not cheaper]

    b.play(play)


@card("fast_break", paragraphs=(0,), summary="X is the agendas in the runner's score area: gain X credits, draw up to X "
      "cards, install up to X cards in or protecting one remote server.")  # fmt: skip
def _fast_break(b: Builder) -> None:
    def places(g: NetrunnerGame, c: Card, target: str | None) -> list[str]:
        options = g.server_options(c)
        if target is None:
            options = [s for s in options if s == "new remote" or g.servers[s].remote]
        else:
            options = [s for s in options if s == target]
        return [s for s in options if g.can_pay("corp", g.install_cost(c, s), "install")]

    def play(x: Exec) -> None:
        g = x.game
        n = len(g.runner.score_area)
        if not n:
            return
        g.gain_credits("corp", n, x.why)
        draws = _count(g, "corp", Phrase(N_("draw how many cards")), min(n, len(g.corp.deck)),
                       lambda k: Phrase(Nn_("draw {n} card", "draw {n} cards"), n=k))  # fmt: skip
        if draws:
            g.draw("corp", draws)
        target: str | None = None
        for _ in range(n):
            options = [c for c in g.corp.hand if c.type in CORP_INSTALLABLE and g.may_install(c) and places(g, c, target)]
            chosen = x.pick(Phrase(N_("install which card in or protecting one remote server")), options)
            if chosen is None:
                break
            where = places(g, chosen, target)
            server = where[0] if len(where) == 1 else g.choose("corp", "server", Phrase(N_("install {card} in"),
                                                                                        card=str(chosen)), where)  # fmt: skip
            g.install("corp", chosen, server)
            placed = g.server_of(chosen)
            if placed is not None:
                target = placed.name

    b.play(play)


@card("game_changer", paragraphs=(0,), summary="A click for each agenda in the runner's score area; it is removed from "
      "the game instead of trashed.")  # fmt: skip
def _game_changer(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        n = len(g.runner.score_area)
        if n:
            g.corp.clicks += n
            g.log.add("clicks", CORP, side="corp", amount=n, clicks=g.corp.clicks, reason=x.why)
        x.remove_from_game()

    b.play(play)


@card("too_big_to_fail", paragraphs=(0,), summary="Played only with fewer than 10 credits.")
def _too_big_to_fail(b: Builder) -> None:
    b.may_play(lambda g, c: g.corp.credits < 10)


def _accessed_last_turn(g: NetrunnerGame, c: Card) -> bool:
    events = Exec(g, Context("corp", c)).last_turn("runner")
    return any(e.kind == "access" and "card" in e.data for e in events)


@card("under_the_bus", paragraphs=(0, 1), summary="Played after a runner turn with an access: trash 1 installed "
      "connection resource and take 1 bad publicity.")  # fmt: skip
def _under_the_bus(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        options = [c for c in g.runner.rig if c.type == "resource" and "connection" in c.subtypes and g.may_trash(c, "corp")]
        chosen = x.pick(Phrase(N_("trash which connection")), options, optional=False)
        if chosen is not None:
            g.trash(chosen, x.why, by="corp")
        x.do("你获得 1 个负面声誉。")

    b.may_play(_accessed_last_turn)
    b.paragraph(1).play(play)


@card("eavesdrop", paragraphs=(0,), summary="Hosted on a piece of ice as a condition: whenever the runner encounters "
      "its host, trace 3, and a tag if successful.")  # fmt: skip
def _eavesdrop(b: Builder) -> None:
    def ices(g: NetrunnerGame) -> list[Card]:
        return [c for c in g.installed("corp") if c.type == "ice"]

    def host_of(x: Exec) -> Card | None:
        host = x.card.notes.get("host")
        return host if isinstance(host, Card) and x.card in x.game.in_play else None

    def play(x: Exec) -> None:
        g = x.game
        ice = x.pick(Phrase(N_("host {card} on which piece of ice"), card=str(x.card)), ices(g), optional=False)
        if ice is None:
            return
        x.card.notes["host"] = ice
        where = g.server_of(ice)
        g.log.add("host", CORP, visible=[CORP], card=str(x.card), host=str(ice))
        g.log.add("host", CORP, card=str(x.card), server=where.name if where else None,
                  position=where.ice.index(ice) + 1 if where else None)  # fmt: skip

    def met(x: Exec) -> None:
        x.do("追踪[3]。如果追踪成功，潜袭者获得 1 个锁定标记。")

    def gone(x: Exec) -> bool:
        host = host_of(x)
        return host is not None and not x.game.is_installed(host)

    def leave(x: Exec) -> None:
        x.game.leave_in_play(x.card, Phrase(N_("its host left play")))

    current(b, until=())  # it stays in play, hosted, until its host leaves play
    b.may_play(lambda g, c: bool(ices(g)))
    b.play(play)
    b.when("encounter", met, only=lambda x: host_of(x) is not None and x.event.get("ice") is host_of(x))
    for timing in ("trashed", "run_ends", "turn_ends", "any_installed"):
        b.when(timing, leave, only=gone)


# ---------------------------------------------------------------- corp: agendas


@card("broad_daylight", paragraphs=(0, 1), summary="Scored, the corp may take 1 bad publicity, then it gets an agenda "
      "counter for each bad publicity; once a turn, click and 1 of them: 2 meat damage.")  # fmt: skip
def _broad_daylight(b: Builder) -> None:
    def scored(x: Exec) -> None:
        g = x.game
        if x.may(Phrase(N_("{card}: take 1 bad publicity?"), card=str(x.card))):
            x.do("你获得 1 个负面声誉。")
        if g.corp.bad_publicity > 0:
            g.add_counters(x.card, "agenda", g.corp.bad_publicity)

    b.when("agenda_scored", scored, only=this_card)
    b.paragraph(1).paid([click(), counters("agenda", 1)], lambda x: x.do("造成 2 点肢体伤害。"), once_per_turn=True,
                        usable=lambda g, c, w: w == "action")  # fmt: skip


@card("hyperloop_extension", paragraphs=(0,), summary="Scored or stolen, the corp gains 3 credits.")
def _hyperloop_extension(b: Builder) -> None:
    def gain(x: Exec) -> None:
        x.game.gain_credits("corp", 3, x.why)

    b.when("agenda_scored", gain, only=this_card).when("agenda_stolen", gain, only=this_card)


@card("jumon", paragraphs=(0,), summary="At the end of the corp's turn, 2 advancement counters on a card in the root "
      "of a remote server.")  # fmt: skip
def _jumon(b: Builder) -> None:
    def end(x: Exec) -> None:
        g = x.game
        options = [c for s in g.servers.values() if s.remote for c in s.root]
        which = Nn_("{card}: place {n} advancement counter on which card?",
                    "{card}: place {n} advancement counters on which card?")
        chosen = x.pick(Phrase(which, card=str(x.card), n=2), options, optional=False)
        if chosen is not None:
            g.place_advancement(chosen, 2)

    b.when("your_turn_end", end)


# ---------------------------------------------------------------- corp: assets and upgrades


@card("api_s_keeper_isobel", paragraphs=(0,), summary="At the start of the turn the corp may remove 1 advancement "
      "counter from an installed card to gain 3 credits.")  # fmt: skip
def _isobel(b: Builder) -> None:
    def start(x: Exec) -> None:
        g = x.game
        options = [c for c in g.installed("corp") if c.advancement > 0]
        prompt = Phrase(N_("{card}: remove 1 advancement counter from which card to gain {n}{credit}"), card=str(x.card),
                        n=3, credit="[credit]")  # fmt: skip
        chosen = x.pick(prompt, options)
        if chosen is not None:
            g.add_counters(chosen, "advancement", -1)
            x.do("你获得 3[credit]。")

    b.when("your_turn_start", start)


@card("drudge_work", paragraphs=(0, 1), summary="Rezzed with 3 power counters, trashed once empty; click and 1 of them: "
      "reveal an agenda from HQ or Archives, gain its points in credits and shuffle it into R&D.")  # fmt: skip
def _drudge_work(b: Builder) -> None:
    def agendas(g: NetrunnerGame) -> list[Card]:
        return [c for c in [*g.corp.hand, *g.corp.discard] if c.type == "agenda"]

    def use(x: Exec) -> None:
        g = x.game
        chosen = x.pick(Phrase(N_("reveal which agenda")), agendas(g), optional=False)
        if chosen is None:
            return
        g.log.add("reveal", CORP, card=str(chosen), zone="hq" if chosen in g.corp.hand else "archives")
        if _points(chosen) > 0:
            g.gain_credits("corp", _points(chosen), x.why)
        _into_rnd(g, [chosen])

    load(b, "power", 3, on="rezzed")
    b.paragraph(1).paid([click(), counters("power", 1)], use, usable=lambda g, c, w: w == "action" and bool(agendas(g)))


@card("lady_liberty", paragraphs=(1, 2), summary="Three clicks: an agenda from HQ worth exactly its power counters "
      "goes to the corp's score area; 1 region per server.")  # fmt: skip
def _lady_liberty(b: Builder) -> None:
    def matching(g: NetrunnerGame, c: Card) -> list[Card]:
        n = c.counters.get("power", 0)
        return [a for a in g.corp.hand if a.type == "agenda" and _points(a) == n]

    def use(x: Exec) -> None:
        g = x.game
        chosen = x.pick(Phrase(N_("add an agenda from HQ to your score area")), matching(g, x.card), optional=False)
        if chosen is None:
            return
        g.corp.hand.remove(chosen)
        chosen.rezzed = chosen.faceup = True
        g.corp.score_area.append(chosen)  # added, not scored: no "when scored" ability fires
        g.log.add("move", CORP, card=str(chosen), zone="score_area", points=_points(chosen), reason=x.why)
        g.check_points()

    b.paragraph(1).paid([click(3)], use, usable=lambda g, c, w: w == "action" and bool(matching(g, c)))
    one_region(b.paragraph(2))


@card("siu", paragraphs=(0,), summary="At the start of the turn the corp may trash it to trace 3: a tag if "
      "successful.")  # fmt: skip
def _siu(b: Builder) -> None:
    def start(x: Exec) -> None:
        g = x.game
        if x.may(Phrase(N_("{card}: trash it to start a trace?"), card=str(x.card))) and g.trash(x.card, x.why,
                                                                                                  by="corp"):  # fmt: skip
            x.do("追踪[3]。如果追踪成功，潜袭者获得 1 个锁定标记。")

    b.when("your_turn_start", start)


@card("neurostasis", paragraphs=(1,), summary="Accessed, the corp may pay 3 credits: the runner shuffles 1 installed "
      "card the corp chooses into the stack for each advancement counter on it.")  # fmt: skip
def _neurostasis(b: Builder) -> None:
    def accessed(x: Exec) -> None:
        g = x.game
        n = x.card.advancement
        prompt = Phrase(N_("{card}: pay {n}{credit} to shuffle installed runner cards into the stack?"),
                        card=str(x.card), n=3, credit="[credit]")  # fmt: skip
        if not n or not g.runner.rig or not g.can_pay("corp", 3) or not x.may(prompt):
            return
        g.pay("corp", 3, x.why)
        prompt = Phrase(N_("shuffle which installed runner card into the stack"))
        _into_stack(g, g.choose_many("corp", "target", prompt, list(g.runner.rig), n))

    b.when("access", accessed, only=this_card)


@card("arella_salvatore", paragraphs=(0,), summary="When an agenda is scored from its server, the corp may install a "
      "card from HQ ignoring all costs and place 1 advancement counter on it.")  # fmt: skip
def _arella(b: Builder) -> None:
    def here(x: Exec) -> bool:
        server = x.game.server_of(x.card)
        return server is not None and x.event.get("server") == server.name

    def scored(x: Exec) -> None:
        g = x.game
        options = [c for c in g.corp.hand if c.type in CORP_INSTALLABLE and g.may_install(c) and g.server_options(c)]
        chosen = x.pick(Phrase(N_("install which card, ignoring all costs")), options)
        if chosen is None:
            return
        g.install("corp", chosen, pay=False)
        if g.is_installed(chosen):
            g.place_advancement(chosen, 1)

    b.when("any_scored", scored, only=here)


@card("giordano_memorial_field", paragraphs=(0,), summary="A successful run on its server ends unless the runner pays 2 "
      "credits for each agenda in their score area.")  # fmt: skip
def _giordano(b: Builder) -> None:
    def here(x: Exec) -> bool:
        server = x.game.server_of(x.card)
        return server is not None and x.event.get("server") == server.name

    def success(x: Exec) -> None:
        g = x.game
        n = 2 * len(g.runner.score_area)
        if not n:
            return
        prompt = Phrase(N_("{card}: pay {n}{credit} or the run ends"), card=str(x.card), n=n, credit="[credit]")
        texts = (Phrase(N_("pay {n}{credit}"), n=n, credit="[credit]"), Phrase(N_("end the run")))
        if g.can_pay("runner", n) and g.confirm("runner", "choice", prompt, yes="pay", no="end", texts=texts):
            g.pay("runner", n, x.why)
        else:
            g.end_run(x.why)

    b.when("run_successful", success, only=here)


def _may_sit(g: NetrunnerGame, c: Card, server: Server | None, leaving: Card) -> bool:
    """Whether ``c`` may be in the root of ``server`` (None: HQ, the hand) once ``leaving`` has left it."""
    if server is None or c.type == "upgrade":
        return True
    others = [o for o in server.root if o is not leaving and o is not c]
    return server.remote and c.type in ("asset", "agenda") and not any(o.type != "upgrade" for o in others)


@card("daruma", paragraphs=(0,), summary="When the runner approaches its server the corp may trash it to swap a card "
      "in its root with a card in another root or an agenda, asset or upgrade of HQ; the runner may then jack out.")  # fmt: skip
def _daruma(b: Builder) -> None:
    def here(x: Exec) -> bool:
        server = x.game.server_of(x.card)
        return server is not None and x.event.get("server") == server.name

    def approach(x: Exec) -> None:
        g = x.game
        home = g.server_of(x.card)
        assert home is not None
        name = home.name
        if not x.may(Phrase(N_("{card}: trash it to swap a card into this server?"), card=str(x.card))):
            return
        if not g.trash(x.card, x.why, by="corp"):
            return
        server = g.servers.get(name)
        if server is None or not server.root:
            return
        outside: list[tuple[Card, Server | None]] = [(c, s) for s in g.servers.values() if s is not server
                                                      for c in s.root]  # fmt: skip
        outside += [(c, None) for c in g.corp.hand if c.type in ("agenda", "asset", "upgrade")]
        pairs = [(a, src, m) for a, src in outside for m in server.root
                 if _may_sit(g, a, server, m) and _may_sit(g, m, src, a)]  # fmt: skip
        incoming = [a for a, _, _ in pairs]
        chosen = x.pick(Phrase(N_("swap which card into {server}"), server=Term("zone", name)),
                        list(dict.fromkeys(incoming)))  # fmt: skip
        if chosen is None:
            return
        src = next(s for a, s, _ in pairs if a is chosen)
        outgoing = list(dict.fromkeys(m for a, _, m in pairs if a is chosen))
        mine = outgoing[0] if len(outgoing) == 1 else x.pick(
            Phrase(N_("swap {card} with which card"), card=str(chosen)), outgoing, optional=False)  # fmt: skip
        if mine is None:
            return
        i = server.root.index(mine)
        if src is None:
            g.corp.hand.remove(chosen)
            chosen.faceup = chosen.rezzed = False
            server.root[i] = chosen
            g.hide(chosen)
            mine.leave_play()
            mine.faceup = False
            g.corp.hand.append(mine)
        else:
            j = src.root.index(chosen)
            server.root[i], src.root[j] = chosen, mine
        g.log.add("move", CORP, visible=[CORP], cards=[str(chosen), str(mine)])
        g.log.add("move", CORP, servers=[src.name if src else "hq", name], reason=Phrase(N_("two cards swapped")))
        prompt = Phrase(N_("run on {server}: continue or jack out?"), server=Term("zone", name))
        if g.current_run is not None and not g.confirm("runner", "jack_out", prompt, yes="continue", no="jack_out"):
            x.jack_out()

    b.when("approach_server", approach, only=here)


# ---------------------------------------------------------------- corp: ice


def _tagged_or_tag(effect: str) -> Callable[[Exec], None]:
    """A subroutine: ``effect`` (ability language) if the runner is tagged; otherwise the runner takes 1 tag."""

    def sub(x: Exec) -> None:
        if x.game.runner.tags > 0:
            x.do(effect)
        else:
            x.game.gain_tags(1)

    return sub


@card("hydra", paragraphs=(0, 1, 2), summary="Subroutines, each giving a tag to an untagged runner: 3 net damage, 5 "
      "credits, end the run, if tagged.")  # fmt: skip
def _hydra(b: Builder) -> None:
    b.paragraph(0).subroutine(_tagged_or_tag("造成 3 点网域伤害。"))
    b.paragraph(1).subroutine(_tagged_or_tag("你获得 5[credit]。"))
    b.paragraph(2).subroutine(_tagged_or_tag("终止潜袭。"))


@card("meridian", paragraphs=(0,), summary="Subroutine: the corp gains 4 credits and the run ends, unless the runner "
      "adds this ice to their score area as an agenda worth -1.")  # fmt: skip
def _meridian(b: Builder) -> None:
    def sub(x: Exec) -> None:
        g = x.game
        prompt = Phrase(N_("{card}: add it to your score area as an agenda worth -1, or the corp gains {n}{credit} "
                           "and the run ends?"), card=str(x.card), n=4, credit="[credit]")  # fmt: skip
        texts = (Phrase(N_("add it to your score area")), Phrase(N_("end the run")))
        if g.confirm("runner", "choice", prompt, yes="score", no="end", texts=texts):
            _to_runner_score_area(g, x.card, -1)
        else:
            x.do("你获得 4[credit]。终止潜袭。")

    b.subroutine(sub)


@card("gatekeeper", paragraphs=(0, 1), summary="+6 strength on the turn the corp rezzed it; subroutine: draw up to 3 "
      "cards, then shuffle up to 3 agendas revealed from HQ and/or Archives into R&D.")  # fmt: skip
def _gatekeeper(b: Builder) -> None:
    def strength(g: NetrunnerGame, c: Card) -> int:
        return 6 if c.rezzed and any(e.get("card") == str(c) for e in g.events_this_turn("rez")) else 0

    def sub(x: Exec) -> None:
        g = x.game
        n = _count(g, "corp", Phrase(N_("draw how many cards")), min(3, len(g.corp.deck)),
                   lambda k: Phrase(Nn_("draw {n} card", "draw {n} cards"), n=k))  # fmt: skip
        if n:
            g.draw("corp", n)
        shown = _reveal_agendas(x, 3)
        if shown:
            _into_rnd(g, shown)

    b.strength(strength)
    b.paragraph(1).subroutine(sub)


@card("otoroshi", paragraphs=(0,), summary="Subroutine: the corp may place up to 3 advancement counters on a card in "
      "a remote server's root; the runner then accesses it unless they pay 3 credits.")  # fmt: skip
def _otoroshi(b: Builder) -> None:
    def sub(x: Exec) -> None:
        g = x.game
        options = [c for s in g.servers.values() if s.remote for c in s.root]
        chosen = x.pick(Phrase(N_("place advancement counters on")), options)
        if chosen is None:
            return
        n = _count(g, "corp", Phrase(N_("how many advancement counters")), 3,
                   lambda k: Phrase(Nn_("{n} advancement counter", "{n} advancement counters"), n=k),
                   least=1)  # fmt: skip
        g.place_advancement(chosen, n)
        server = g.server_of(chosen)
        if server is None:
            return
        prompt = Phrase(N_("pay {n}{credit}, or access a card in {server}?"), n=3, credit="[credit]",
                        server=Term("zone", server.name))  # fmt: skip
        texts = (Phrase(N_("pay {n}{credit}"), n=3, credit="[credit]"), Phrase(N_("access it")))
        if g.can_pay("runner", 3) and g.confirm("runner", "choice", prompt, yes="pay", no="access", texts=texts):
            g.pay("runner", 3, x.why)
        else:
            g.runs.access_card(chosen, server.name)

    b.subroutine(sub)


@card("thimblerig", paragraphs=(0,), summary="At the start of the corp's turn and whenever the runner passes it, the "
      "corp may swap it with another installed piece of ice.")  # fmt: skip
def _thimblerig(b: Builder) -> None:
    def swap(x: Exec) -> None:
        g = x.game
        if not x.card.rezzed or g.server_of(x.card) is None:
            return
        others = [c for c in g.installed("corp") if c.type == "ice" and c is not x.card]
        other = x.pick(Phrase(N_("swap it with which piece of ice")), others)
        if other is not None:
            _swap_ice(g, x.card, other)

    b.when("your_turn_start", swap).when("pass_ice", swap, only=lambda x: this_ice(x) and x.card.rezzed)


@card("peeping_tom", paragraphs=(0,), summary="Encountered, the corp names a card type and the grip is revealed; for "
      "the rest of the run it has a subroutine \"end the run unless the runner takes 1 tag\" for each card of that "
      "type.")  # fmt: skip
def _peeping_tom(b: Builder) -> None:
    part = len(b.script.parts)

    def toll(x: Exec) -> None:  # the subroutine it gains: run only through those
        g = x.game
        prompt = Phrase(N_("{card}: take 1 tag or end the run"), card=str(x.card))
        texts = (Phrase(N_("take 1 tag")), Phrase(N_("end the run")))
        before = g.runner.tags
        if g.confirm("runner", "choice", prompt, yes="tag", no="end", texts=texts):
            g.gain_tags(1)
        if g.runner.tags <= before:  # declined, or the tag was avoided: it was not taken
            x.do("终止潜袭。")

    def met(x: Exec) -> None:
        g = x.game
        enc = _encounter(g)
        if enc is None or enc.ice is not x.card:
            return
        options = [Option(t, Term("type", t), t) for t in RUNNER_TYPES]
        named = str(g.ask("corp", "choice", Phrase(N_("choose a card type")), options).value)
        g.log.add("reveal", RUNNER, cards=[str(c) for c in g.runner.hand], zone="grip", type=named)
        run = g.current_run
        before = int(x.card.notes.get("gained", 0)) if x.card.notes.get("run") is run else 0
        total = before + sum(1 for c in g.runner.hand if c.type == named)
        x.card.notes["run"], x.card.notes["gained"] = run, total
        ability = A.Ability("subroutine", (A.Sentence((A.Scripted(x.card.id, 0, part),)),))
        gain_subroutines(g, enc, [ability] * total)

    b.play(toll)
    b.when("encounter", met, only=this_ice)


@card("blockchain", paragraphs=(0,), summary="Before its other subroutines it has one more copy of its credit "
      "subroutine for every 2 face-up transaction operations in Archives.")  # fmt: skip
def _blockchain(b: Builder) -> None:
    def met(x: Exec) -> None:
        g = x.game
        enc = _encounter(g)
        if enc is None or enc.ice is not x.card:
            return
        ops = sum(1 for c in g.corp.discard if c.faceup and c.type == "operation" and "transaction" in c.subtypes)
        subs = [a for a in g.abilities(x.card) if a.kind == "subroutine"]
        n = ops // 2
        if not n or not subs:
            return
        gain_subroutines(g, enc, [subs[0]] * n, first=True)

    b.when("encounter", met, only=this_ice)


# ---------------------------------------------------------------- corp: identities


@card("sportsmetal_go_big_or_go_home", paragraphs=(0,), summary="Whenever an agenda is scored or stolen, the corp "
      "gains 2 credits or draws 2 cards.")  # fmt: skip
def _sportsmetal(b: Builder) -> None:
    def either(x: Exec) -> None:
        g = x.game
        texts = (Phrase(N_("gain {n}{credit}"), n=2, credit="[credit]"), Phrase(N_("draw {n} cards"), n=2))
        prompt = Phrase(N_("{card}: gain credits or draw cards?"), card=str(x.card))
        if g.confirm("corp", "choice", prompt, yes="credits", no="draw", texts=texts):
            x.do("你获得 2[credit]。")
        else:
            x.do("你抽 2 张牌。")

    b.when("any_scored", either).when("any_stolen", either)
