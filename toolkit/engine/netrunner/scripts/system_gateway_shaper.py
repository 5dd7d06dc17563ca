"""Card scripts of System Gateway: the Shaper and neutral runner cards and identities."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from toolkit.engine.phrase import Phrase, Term
from toolkit.i18n.words import N_

from . import Builder, Exec, breaker_usable, card, click, credit, load, one_console

if TYPE_CHECKING:
    from ..game import NetrunnerGame
    from ..state import Card

RUNNER_SEAT = 2


def _icebreakers(g: NetrunnerGame) -> int:
    """Installed icebreakers (the rig holds hosted cards too)."""
    return sum(1 for c in g.runner.rig if "icebreaker" in c.subtypes)


def _lose_a_click_if_any(x: Exec) -> None:
    if x.me.clicks > 0:
        x.do("潜袭者失去 [click]。")


def _encounter(g: NetrunnerGame) -> Any:
    run = g.current_run
    return run.encounter if run is not None and not run.ended else None


# ---------------------------------------------------------------- events


@card("creative_commission", paragraphs=(0,), summary="Gain 5 credits; then lose a click if any click is left.")
def _creative_commission(b: Builder) -> None:
    def play(x: Exec) -> None:
        x.do("你获得 5[credit]。")
        _lose_a_click_if_any(x)

    b.play(play)


@card("vrcation", paragraphs=(0,), summary="Draw 4 cards; then lose a click if any click is left.")
def _vrcation(b: Builder) -> None:
    def play(x: Exec) -> None:
        x.do("你抽 4 张牌。")
        _lose_a_click_if_any(x)

    b.play(play)


@card(
    "jailbreak",
    paragraphs=(0,),
    summary="Run HQ or R&D; on success draw 1 card and access 1 more card at the breach.",
)
def _jailbreak(b: Builder) -> None:
    def play(x: Exec) -> None:
        target = x.choose(Phrase(N_("run on which server")), ["hq", "rnd"], kind="server")
        run = x.run_on(target)
        if run.successful and not run.ended:
            x.do("你抽 1 张牌。")
            x.do("你额外读取 1 张牌。")

    b.play(play)


# ---------------------------------------------------------------- programs


@card(
    "conduit",
    paragraphs=(0, 1),
    summary="After a successful R&D run, may add a virus counter; click: run R&D, accessing 1 more card per "
    "virus counter on it.",
)
def _conduit(b: Builder) -> None:
    def after_run(x: Exec) -> None:
        if x.event.get("server") != "rnd" or not x.event.get("successful"):
            return
        if x.may(Phrase(N_("place 1 virus counter on {card}?"), card=str(x.card))):
            x.do("在本牌上放置 1 个病毒指示物。")

    b.when("run_ends", after_run)

    def run(x: Exec) -> None:
        state = x.run_on("rnd")
        extra = x.card.counters.get("virus", 0)
        if state.successful and not state.ended and extra > 0:
            x.do(f"你额外读取 {extra} 张牌。")

    b.paragraph(1).paid([click()], run, usable=lambda g, c, w: w == "action" and g.current_run is None)


@card("echelon", paragraphs=(0,), summary="+1 strength for each installed icebreaker, itself included.")
def _echelon(b: Builder) -> None:
    b.strength(lambda g, c: _icebreakers(g))


@card(
    "unity",
    paragraphs=(1,),
    summary="1 credit: +X strength for the encounter, X being the number of installed icebreakers.",
)
def _unity(b: Builder) -> None:
    def boost(x: Exec) -> None:
        g = x.game
        if x.ctx.encounter is None:
            g.log.add("strength_failed", x.me.seat, reason=Phrase(N_("no icebreaker is encountering ice")))
            return
        delta = _icebreakers(g)
        x.card.strength_bonus += delta
        g.log.add("strength", x.me.seat, card=str(x.card), delta=delta, strength=g.strength_of(x.card))

    def usable(g: NetrunnerGame, c: Card, window: str) -> bool:
        enc = _encounter(g)
        return window == "encounter" and enc is not None and g.strength_of(c) < g.strength_of(enc.ice)

    b.paid([credit(1)], boost, usable=usable)


@card(
    "mayfly",
    paragraphs=(0,),
    summary="While encountering ice, 1 credit: break 1 subroutine of any kind; once used, it is trashed when "
    "that run ends.",
)
def _mayfly(b: Builder) -> None:
    def breaks(x: Exec) -> None:
        g = x.game
        enc = x.ctx.encounter
        if enc is None:
            g.log.add("break_failed", x.me.seat, reason=Phrase(N_("no ice is being encountered")))
            return
        ice = enc.ice
        strength, needed = g.strength_of(x.card), g.strength_of(ice)
        x.card.notes["trash_when_run_ends"] = True
        if strength < needed:
            reason = Phrase(N_("strength {strength} is below {needed}"), strength=strength, needed=needed)
            g.log.add("break_failed", x.me.seat, ice=str(ice), reason=reason)
            return
        unbroken = [s for s in enc.subs if not s.broken]
        prompt = Phrase(N_("break a subroutine of {ice}"), ice=str(ice))
        for sub in g.choose_many("runner", "subroutine", prompt, unbroken, 1, label=lambda s: f"sub:{s.index}"):
            g.runs.mark_broken(ice, sub, x.card)

    def run_over(x: Exec) -> None:
        if x.card.notes.pop("trash_when_run_ends", False) and x.game.is_installed(x.card):
            x.game.trash(x.card, Phrase(N_("the run it was used in ended")), by="runner")

    b.paid([credit(1)], breaks, usable=breaker_usable()).when("run_ends", run_over)


# ---------------------------------------------------------------- hardware


def _program_installed_this_turn(g: NetrunnerGame) -> bool:
    """Whether the runner installed a program earlier this turn (read back from the log to the turn's start)."""
    for event in reversed(list(g.log)):
        if event.kind in ("turn_start", "scenario", "setup"):
            return False
        if event.kind == "install" and event.player == RUNNER_SEAT and event.data.get("type") == "program":
            return True
    return False


@card("dzmz_optimizer", paragraphs=(1,), summary="The first program installed each turn costs 1 credit less.")
def _dzmz(b: Builder) -> None:
    def installed(x: Exec) -> None:
        # this card came into play: remember whether a program was installed before it this turn
        if _program_installed_this_turn(x.game):
            x.card.notes["program_turn"] = x.game.turns

    def any_installed(x: Exec) -> None:
        other = x.event.get("card")
        if other is not None and other.side == "runner" and other.type == "program":
            x.card.notes["program_turn"] = x.game.turns

    def cheaper(g: NetrunnerGame, this: Card, other: Card) -> int:
        if other.side != "runner" or other.type != "program":
            return 0
        return 0 if this.notes.get("program_turn") == g.turns else -1

    b.when("installed", installed).when("any_installed", any_installed).install_cost(cheaper)




@card(
    "pantograph",
    paragraphs=(1, 2),
    summary="When any agenda is scored or stolen: gain 1 credit, then may install a card from the grip. "
    "Cannot be installed while another console is.",
)
def _pantograph(b: Builder) -> None:
    def agenda(x: Exec) -> None:
        g = x.game
        x.do("你获得 1[credit]。")
        options = [c for c in x.me.hand if g.can_install(c)]
        if not options or not x.may(Phrase(N_("install a card from your grip?"))):
            return
        chosen = x.choose(Phrase(N_("install which card from your grip")), options, kind="install")
        g.install("runner", chosen)

    b.when("any_scored", agenda).when("any_stolen", agenda)
    one_console(b.paragraph(2))


# ---------------------------------------------------------------- resources


@card(
    "telework_contract",
    paragraphs=(0, 1),
    summary="Loaded with 9 credits when installed, trashed once empty; once per turn, click: take 3 credits "
    "from it.",
)
def _telework(b: Builder) -> None:
    load(b, "credit", 9, on="installed")
    b.paragraph(1).paid(
        [click()],
        lambda x: x.do("从本牌上拿取 3[credit]。"),
        once_per_turn=True,
        usable=lambda g, c, w: w == "action" and c.credits > 0,
    )


# ---------------------------------------------------------------- identities


def _ice_text(g: NetrunnerGame) -> Any:
    """How a piece of ice is shown when the runner picks it: unrezzed ice by where it is, not by its name."""

    def text(ice: Card) -> Any:
        if ice.rezzed:
            return Phrase(N_("{card} ({type})"), card=str(ice), type=Term("type", ice.type))
        server = g.server_of(ice)
        assert server is not None
        position = server.ice.index(ice) + 1
        return Phrase(N_("unrezzed ice of {server}, position {n} from the server"),
                      server=Term("zone", server.name), n=position)  # fmt: skip

    return text


def _swap(x: Exec, first: Card, second: Card) -> None:
    g = x.game
    a, b = g.server_of(first), g.server_of(second)
    assert a is not None and b is not None
    i, j = a.ice.index(first), b.ice.index(second)
    a.ice[i], b.ice[j] = second, first
    for ice, server, index in ((first, b, j), (second, a, i)):
        shown = str(ice) if ice.rezzed else Phrase(N_("unrezzed ice"))
        g.log.add("move", x.me.seat, ice=shown, server=server.name, position=index + 1)


@card(
    "tao_salonga_telepresence_magician",
    paragraphs=(0,),
    summary="When any agenda is scored or stolen, may swap the places of 2 installed pieces of ice.",
)
def _tao(b: Builder) -> None:
    def agenda(x: Exec) -> None:
        g = x.game
        ice = [c for s in g.servers.values() for c in s.ice]
        if len(ice) < 2 or not x.may(Phrase(N_("swap 2 installed pieces of ice?"))):
            return
        text = _ice_text(g)
        first = g.choose("runner", "target", Phrase(N_("swap which ice")), ice, text=text)
        rest = [c for c in ice if c is not first]
        second = g.choose("runner", "target", Phrase(N_("swap it with which ice")), rest, text=text)
        _swap(x, first, second)

    b.when("any_scored", agenda).when("any_stolen", agenda)
