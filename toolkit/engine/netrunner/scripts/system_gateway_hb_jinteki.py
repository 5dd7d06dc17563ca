"""Card scripts of System Gateway: the Haas-Bioroid and Jinteki cards and identities."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from toolkit.engine.phrase import Phrase, Term
from toolkit.i18n.words import N_

from ..decisions import Option
from ..state import SEATS
from . import Builder, Exec, ask_none, card, load

if TYPE_CHECKING:
    from ..game import NetrunnerGame
    from ..state import Card, Side


# ---------------------------------------------------------------- shared pieces


def _label(value: Any) -> str:
    return "done" if value is None else str(value.ref)


def _text(value: Any) -> str:
    if value is None:
        return Phrase(N_("done"))
    return Phrase(N_("{card} ({type})"), card=str(value), type=Term("type", value.type))


def _pick(x: Exec, prompt: str, cards: Iterable[Card], side: Side | None = None, skip: str | None = "last",
          hidden: bool = False) -> Any:  # fmt: skip
    """One of ``cards`` chosen by ``side`` (default the card's); with ``skip`` (``first`` or ``last``) a ``done``
    option, which gives None. None too when there is nothing to choose (``hidden``: cards the other side cannot see,
    then a pick with ``skip`` is asked all the same in a game of two people: :func:`ask_none`)."""
    values: list[Any] = list(cards)
    if not values and skip is not None:
        ask_none(x.game, side or x.side, "target", prompt, hidden)
        return None
    if skip == "first":
        values.insert(0, None)
    elif skip == "last":
        values.append(None)
    if not values:
        return None
    return x.game.choose(side or x.side, "target", prompt, values, label=_label, text=_text)


def _this_turn(g: NetrunnerGame) -> list[Any]:
    """The log's events since the current turn began (a laid-out position: since the log began)."""
    events = list(g.log)
    starts = [i for i, e in enumerate(events) if e.kind == "turn_start"]
    return events[starts[-1] + 1 :] if starts else events


def _trash_from_hq(x: Exec, cards: Iterable[Card]) -> None:
    """Trash cards of HQ: face down into Archives."""
    g = x.game
    for target in cards:
        if target in g.corp.hand:
            g.corp.hand.remove(target)
        g.to_discard(target, str(x.card), faceup=False)
        g.announce("trashed", target, card=target, by="corp")


def _into_rnd(x: Exec, cards: Iterable[Card]) -> None:
    """Shuffle cards of HQ or Archives into R&D (R&D is shuffled even when no card goes in)."""
    g = x.game
    seat = SEATS["corp"]
    for moved in cards:
        zone = "hq" if moved in g.corp.hand else "archives"
        seen: Any = "all" if zone == "archives" and moved.faceup else [seat]
        (g.corp.hand if zone == "hq" else g.corp.discard).remove(moved)
        moved.faceup = False
        g.corp.deck.append(moved)
        g.log.add("move", seat, visible=seen, card=str(moved), zone=zone, to="rnd")
    g.rng.shuffle(g.corp.deck)
    g.log.add("shuffle", seat, zone="rnd")


def _on_approach(x: Exec) -> bool:
    """Whether the event is the runner approaching the server this card is installed in."""
    server = x.game.server_of(x.card)
    return server is not None and x.event.get("server") == server.name and x.run is not None and not x.run.ended


# ---------------------------------------------------------------- Haas-Bioroid


@card(
    "ansel_1_0",
    paragraphs=(0, 1, 2, 3),
    summary="The runner may lose a click to break one of its subroutines; subroutines: trash an installed runner "
    "card; the corp may install a card from HQ or Archives (paying for it); for the rest of the run the runner "
    "steals and trashes no corp card.",
)
def _ansel(b: Builder) -> None:
    b.runner_break(clicks=1, count=1)

    def trash_one(x: Exec) -> None:
        g = x.game
        target = _pick(x, Phrase(N_("trash an installed card of the runner")), g.installed("runner"), skip=None)
        if target is None:
            g.log.add("trash_failed", SEATS["corp"], reason=Phrase(N_("the runner has no installed card")))
            return
        g.trash(target, Phrase(N_("trashed by the {side}"), side=Term("side", "corp")), by="corp")

    def install_one(x: Exec) -> None:
        g = x.game
        cards = [c for c in [*g.corp.hand, *g.corp.discard] if g.can_install(c)]
        chosen = _pick(x, Phrase(N_("install a card from HQ or Archives")), cards)
        if chosen is None:
            return
        if chosen in g.corp.discard:
            g.corp.discard.remove(chosen)
            chosen.faceup = False
        g.install("corp", chosen)

    def untouchable(x: Exec) -> None:
        x.forbid("steal", "run")
        x.forbid("trash_accessed", "run")

    b.paragraph(1).subroutine(trash_one)
    b.paragraph(2).subroutine(install_one)
    b.paragraph(3).subroutine(untouchable)


@card(
    "bran_1_0",
    paragraphs=(0, 1),
    summary="The runner may lose a click to break one of its subroutines; first subroutine: the corp may install "
    "a piece of ice from HQ or Archives just inside this one, free.",
)
def _bran(b: Builder) -> None:
    b.runner_break(clicks=1, count=1)

    def install_inward(x: Exec) -> None:
        g = x.game
        server = g.server_of(x.card)
        if server is None:
            return
        cards = [c for c in [*g.corp.hand, *g.corp.discard] if c.type == "ice" and g.may_install(c)]
        prompt = Phrase(N_("install a piece of ice from HQ or Archives inward of {ice}"), ice=str(x.card))
        chosen = _pick(x, prompt, cards)
        if chosen is None:
            return
        if chosen in g.corp.discard:
            g.corp.discard.remove(chosen)
            chosen.faceup = False
        g.install("corp", chosen, server.name, pay=False)
        if chosen in server.ice and x.card in server.ice:  # installed outermost: move it just inside this ice
            server.ice.remove(chosen)
            server.ice.insert(server.ice.index(x.card), chosen)
            run = x.run
            if run is not None and run.server == server.name and not run.ended:
                run.position += 1  # this ice moved one place out: the new ice is the next one approached

    b.paragraph(1).subroutine(install_inward)


@card("luminal_transubstantiation", paragraphs=(0,), summary="When scored: gain 3 clicks; the corp scores no more "
      "agendas this turn.")  # fmt: skip
def _luminal(b: Builder) -> None:
    def scored(x: Exec) -> None:
        x.do("你获得 [click][click][click]。")
        x.forbid("score", "turn")

    b.when("agenda_scored", scored)


@card("manegarm_skunkworks", paragraphs=(0,), summary="When the runner approaches this server, the run ends unless "
      "the runner spends 2 clicks or pays 5 credits.")  # fmt: skip
def _manegarm(b: Builder) -> None:
    def toll(x: Exec) -> None:
        g = x.game
        if not _on_approach(x):
            return
        options = []
        if g.can_pay("runner", 5):
            options.append(Option("pay", Phrase(N_("pay {n}{credit}"), n=5, credit="[credit]"), "pay"))
        if g.runner.clicks >= 2:
            options.append(Option("spend", Phrase(N_("spend {clicks}"), clicks="[click][click]"), "spend"))
        options.append(Option("end", Phrase(N_("end the run")), "end"))
        prompt = Phrase(N_("{card}: spend {clicks} or pay {n}{credit}, or the run ends"), card=str(x.card),
                        clicks="[click][click]", n=5, credit="[credit]")  # fmt: skip
        answer = g.ask("runner", "toll", prompt, options).value
        if answer == "pay":
            g.pay("runner", 5, str(x.card))
        elif answer == "spend":
            g.spend_clicks("runner", 2, str(x.card))
        else:
            x.do("终止潜袭。")

    b.when("approach_server", toll)


@card("nico_campaign", paragraphs=(0,), summary="Loaded with 9 credits when rezzed; once empty it is trashed and "
      "the corp draws 1 card.")  # fmt: skip
def _nico(b: Builder) -> None:
    load(b, "credit", 9, on="rezzed", then=lambda x: x.do("你抽 1 张牌。"))


@card("seamless_launch", paragraphs=(0,), summary="Place 2 advancement counters on an installed corp card that was "
      "not installed this turn.")  # fmt: skip
def _seamless(b: Builder) -> None:
    def targets(g: NetrunnerGame) -> list[Card]:
        fresh = {e.data.get("card") for e in _this_turn(g) if e.kind == "install" and e.player == SEATS["corp"]}
        return [c for c in g.installed("corp") if str(c) not in fresh]

    def launch(x: Exec) -> None:
        prompt = Phrase(N_("place {n} advancement counters on a card not installed this turn"), n=2)
        target = _pick(x, prompt, targets(x.game), skip=None)
        if target is not None:
            x.game.place_advancement(target, 2)

    b.may_play(lambda g, c: bool(targets(g))).play(launch)


@card("sprint", paragraphs=(0,), summary="Draw 3 cards, then shuffle 2 cards of HQ into R&D.")
def _sprint(b: Builder) -> None:
    def sprint(x: Exec) -> None:
        g = x.game
        x.do("你抽 3 张牌。")
        prompt = Phrase(N_("shuffle a card from HQ into R&D"))
        _into_rnd(x, g.choose_many("corp", "target", prompt, list(g.corp.hand), 2))

    b.play(sprint)


@card("haas_bioroid_precision_design", paragraphs=(1,), summary="Whenever the corp scores an agenda, it may take "
      "1 card of Archives into HQ.")  # fmt: skip
def _precision_design(b: Builder) -> None:
    def recover(x: Exec) -> None:
        g = x.game
        chosen = _pick(x, Phrase(N_("add a card from Archives to HQ")), reversed(g.corp.discard))
        if chosen is None:
            return
        seen: Any = "all" if chosen.faceup else [SEATS["corp"]]
        g.corp.discard.remove(chosen)
        chosen.faceup = False
        g.corp.hand.append(chosen)
        g.log.add("move", SEATS["corp"], visible=seen, card=str(chosen), zone="archives", to="hq")

    b.paragraph(1).when("any_scored", recover)


# ---------------------------------------------------------------- Jinteki


@card("anoetic_void", paragraphs=(0,), summary="When the runner approaches this server, the corp may pay 2 credits "
      "and trash 2 cards of HQ to end the run.")  # fmt: skip
def _anoetic_void(b: Builder) -> None:
    def void(x: Exec) -> None:
        g = x.game
        if not _on_approach(x) or not g.can_pay("corp", 2) or len(g.corp.hand) < 2:
            return
        ask = Phrase(N_("{card}: pay {n}{credit} and trash {count} cards from HQ to end the run?"), card=str(x.card),
                     n=2, credit="[credit]", count=2)  # fmt: skip
        if not x.may(ask):
            return
        g.pay("corp", 2, str(x.card))
        _trash_from_hq(x, g.choose_many("corp", "target", Phrase(N_("trash a card from HQ")), list(g.corp.hand), 2))
        x.do("终止潜袭。")

    b.when("approach_server", void)


@card("diviner", paragraphs=(0,), summary="Subroutine: 1 net damage; if the card it trashes has an odd printed "
      "play or install cost, the run ends.")  # fmt: skip
def _diviner(b: Builder) -> None:
    def divine(x: Exec) -> None:
        g = x.game
        start = len(g.log)
        g.damage("net", 1)
        names = {n for e in list(g.log)[start:] if e.kind == "damage" for n in e.data.get("trashed", [])}
        trashed = [c for c in g.runner.discard if str(c) in names]
        if any(isinstance(c.record.cost, int) and c.record.cost % 2 == 1 for c in trashed):
            x.do("终止潜袭。")

    b.subroutine(divine)


@card("hansei_review", paragraphs=(0,), summary="Gain 10 credits, then trash 1 card of HQ if there is any.")
def _hansei(b: Builder) -> None:
    def review(x: Exec) -> None:
        g = x.game
        x.do("你获得 10[credit]。")
        target = _pick(x, Phrase(N_("trash a card from HQ")), g.corp.hand, skip=None)
        if target is not None:
            _trash_from_hq(x, [target])

    b.play(review)


@card("karuna", paragraphs=(0,), summary="First subroutine: 2 net damage, then the runner may jack out.")
def _karuna(b: Builder) -> None:
    def hurt(x: Exec) -> None:
        g, run = x.game, x.run
        g.damage("net", 2)
        if g.over or run is None or run.ended:
            return
        prompt = Phrase(N_("run on {server}: continue or jack out?"), server=Term("zone", run.server))
        if g.confirm("runner", "jack_out", prompt, yes="continue", no="jack_out"):
            return
        encounter, run.encounter = run.encounter, None  # this subroutine lets the runner jack out mid-encounter
        try:
            g.runs.jack_out(str(x.card))
        finally:
            run.encounter = encounter

    b.subroutine(hurt)


@card("longevity_serum", paragraphs=(0,), summary="When scored: trash any number of cards of HQ, then shuffle up "
      "to 3 cards of Archives into R&D.")  # fmt: skip
def _longevity(b: Builder) -> None:
    def serum(x: Exec) -> None:
        g = x.game
        while g.corp.hand and not g.over:
            chosen = _pick(x, Phrase(N_("trash any number of cards from HQ")), g.corp.hand, skip="first")
            if chosen is None:
                break
            _trash_from_hq(x, [chosen])
        back: list[Card] = []
        while len(back) < 3:
            left = [c for c in reversed(g.corp.discard) if c not in back]
            chosen = _pick(x, Phrase(N_("shuffle a card from Archives into R&D")), left)
            if chosen is None:
                break
            back.append(chosen)
        _into_rnd(x, back)

    b.when("agenda_scored", serum)


@card("neurospike", paragraphs=(0,), summary="Net damage equal to the printed agenda points of the agendas the "
      "corp scored this turn.")  # fmt: skip
def _neurospike(b: Builder) -> None:
    def spike(x: Exec) -> None:
        g = x.game
        points = sum(int(e.data.get("points") or 0) for e in _this_turn(g) if e.kind == "score")
        if points > 0:
            g.damage("net", points)

    b.play(spike)


@card("urtica_cipher", paragraphs=(1,), summary="Accessed while installed: 2 net damage, plus 1 for each "
      "advancement counter on it.")  # fmt: skip
def _urtica(b: Builder) -> None:
    def sting(x: Exec) -> None:
        if x.event.get("card") is x.card and x.game.is_installed(x.card):
            x.game.damage("net", 2 + x.card.advancement)

    b.paragraph(1).when("access", sting)


@card("jinteki_restoring_humanity", paragraphs=(0,), summary="At the end of the corp's discard phase, gain 1 "
      "credit if Archives holds a face-down card.")  # fmt: skip
def _restoring_humanity(b: Builder) -> None:
    def humanity(x: Exec) -> None:
        if x.game.active == "corp" and any(not c.faceup for c in x.game.corp.discard):
            x.do("你获得 1[credit]。")

    b.when("your_turn_end", humanity)
