"""Card scripts of System Gateway: the Anarch and Criminal cards and identities.

Breakers that break "up to" some subroutines ask after the first break whether to break another;
the viruses that sit on a piece of ice are installed through the ``hosts`` hook; Leech's lowering of
the encountered ice's strength is undone when the encounter is over (the ice passed, or the run ended).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from toolkit.engine.phrase import Phrase, Term
from toolkit.i18n import Nn_
from toolkit.i18n.words import N_
from toolkit.text import ast as A

from . import Builder, Exec, breaker_usable, card, click, counters, credit, on_installed_ice, one_console

if TYPE_CHECKING:
    from ..game import NetrunnerGame
    from ..state import Card, Encounter, Sub

# ---------------------------------------------------------------- shared pieces


def _encounter(g: NetrunnerGame) -> Encounter | None:
    run = g.current_run
    return run.encounter if run is not None and not run.ended else None


def _unbroken(enc: Encounter) -> list[Sub]:
    return [s for s in enc.subs if not s.broken]


def _of(subtype: str) -> Callable[[NetrunnerGame, Card, Encounter], bool]:
    """A ``fits`` of :func:`breaker_usable`: the ice encountered is a ``subtype``."""
    return lambda g, c, enc: subtype in enc.ice.subtypes


def _mark_broken(x: Exec, enc: Encounter, sub: Sub) -> None:
    x.game.runs.mark_broken(enc.ice, sub, x.card)


def _break_up_to(x: Exec, subtype: str, most: int) -> None:
    """Break up to ``most`` ``subtype`` subroutines: the first as any breaker does (strength and subtype
    checked), each further one only if the runner wants to (so Buzzsaw and Cleaver replace the template's
    reading of "break up to 2", which breaks 2)."""
    g = x.game
    enc = x.ctx.encounter
    before = 0 if enc is None else len(_unbroken(enc))
    g.runs.break_with(x.ctx, A.BreakSubroutine(1, subtype))
    if enc is None or len(_unbroken(enc)) == before:
        return
    for _ in range(most - 1):
        left = _unbroken(enc)
        if not left or not x.may(Phrase(N_("break another subroutine of {ice}?"), ice=str(enc.ice))):
            return
        prompt = Phrase(N_("break a subroutine of {ice}"), ice=str(enc.ice))
        for sub in g.choose_many("runner", "subroutine", prompt, left, 1, label=lambda s: f"sub:{s.index}"):
            _mark_broken(x, enc, sub)






def _place_virus(x: Exec) -> None:
    x.game.add_counters(x.card, "virus", 1)


def _on_install_and_turn_start(b: Builder, fn: Callable[[Exec], None]) -> None:
    """When this program is installed, and when the runner's turn begins: ``fn``."""
    b.when("installed", fn).when("your_turn_start", fn)


# ---------------------------------------------------------------- icebreakers


@card("buzzsaw", paragraphs=(0,), replaces=(0,), summary="1 credit: break one code gate subroutine, then a second one if wanted.")
def _buzzsaw(b: Builder) -> None:
    b.paid(
        [credit(1)],
        lambda x: _break_up_to(x, "code_gate", 2),
        usable=breaker_usable(_of("code_gate")),
    )


@card("cleaver", paragraphs=(0,), replaces=(0,), summary="1 credit: break one barrier subroutine, then a second one if wanted.")
def _cleaver(b: Builder) -> None:
    b.paid(
        [credit(1)],
        lambda x: _break_up_to(x, "barrier", 2),
        usable=breaker_usable(_of("barrier")),
    )


def _marjanah_cost(g: NetrunnerGame) -> int:
    successful = any(turn == g.turns and ok for turn, _, ok in g.run_history)
    return 1 if successful else 2


@card("carmen", paragraphs=(0,), summary="Costs 2 credits less to install after a successful run this turn.")
def _carmen(b: Builder) -> None:
    b.own_install_cost(lambda g, this, c: -2 if any(t == g.turns and ok for t, _, ok in g.run_history) else 0)


@card(
    "marjanah",
    paragraphs=(0,),
    summary="Breaks one barrier subroutine for 2 credits, or for 1 credit after a successful run this turn.",
)
def _marjanah(b: Builder) -> None:
    def use(x: Exec) -> None:
        g = x.game
        g.pay(x.side, _marjanah_cost(g), str(x.card), "icebreaker")
        g.runs.break_with(x.ctx, A.BreakSubroutine(1, "barrier"))

    b.paid(
        [],
        use,
        usable=breaker_usable(
            lambda g, c, enc: "barrier" in enc.ice.subtypes and g.can_pay("runner", _marjanah_cost(g), "icebreaker")
        ),
    )


# ---------------------------------------------------------------- viruses


@card(
    "botulus",
    paragraphs=(0, 1, 2),
    summary="Installed on a piece of ice; gains a virus counter when installed and each turn; a counter "
    "breaks one subroutine of its host.",
)
def _botulus(b: Builder) -> None:
    on_installed_ice(b)
    b.paragraph(1)
    _on_install_and_turn_start(b, _place_virus)

    def use(x: Exec) -> None:
        g = x.game
        enc = x.ctx.encounter
        if enc is None or enc.ice is not x.card.host:
            g.log.add("break_failed", x.me.seat, reason=Phrase(N_("no ice is being encountered")))
            return
        prompt = Phrase(N_("break a subroutine of {ice}"), ice=str(enc.ice))
        for sub in g.choose_many("runner", "subroutine", prompt, _unbroken(enc), 1, label=lambda s: f"sub:{s.index}"):
            _mark_broken(x, enc, sub)

    def usable(g: NetrunnerGame, c: Card, window: str) -> bool:
        enc = _encounter(g)
        return window == "encounter" and enc is not None and enc.ice is c.host and bool(_unbroken(enc))

    b.paragraph(2).paid([counters("virus", 1)], use, usable=usable)


@card(
    "tranquilizer",
    paragraphs=(0, 1),
    summary="Installed on a piece of ice; gains a virus counter when installed and each turn, and from 3 "
    "counters on derezzes its host.",
)
def _tranquilizer(b: Builder) -> None:
    on_installed_ice(b)

    def grow(x: Exec) -> None:
        _place_virus(x)
        host = x.card.host
        if x.card.counters.get("virus", 0) >= 3 and host is not None and host.rezzed and x.game.is_installed(host):
            host.rezzed = False
            x.game.log.add("effect", x.me.seat, card=str(host), reason=Phrase(N_("derezzed by {card}"), card=str(x.card)))

    _on_install_and_turn_start(b.paragraph(1), grow)


@card(
    "fermenter",
    paragraphs=(0, 1),
    summary="Gains a virus counter when installed and each turn; click and trash it: 2 credits per counter.",
)
def _fermenter(b: Builder) -> None:
    _on_install_and_turn_start(b, _place_virus)

    def cash_in(x: Exec) -> None:
        hosted = x.card.counters.get("virus", 0)  # counted before the trash cost clears them
        x.game.trash(x.card, "trash cost")
        if hosted:
            x.game.gain_credits(x.side, 2 * hosted)

    # the [trash] of the cost is paid first thing in cash_in: the engine's trash cost would clear the counters
    # before the effect counts them
    b.paragraph(1).paid(
        [click()], cash_in, usable=lambda g, c, w: w == "action" and c.counters.get("virus", 0) > 0 and g.is_installed(c)
    )


_LEECH = "leech_strength"  # on a piece of ice: how much strength Leech took from it for this encounter


def _leech_restore(g: NetrunnerGame) -> None:
    for ice in g.installed("corp"):
        taken = ice.notes.pop(_LEECH, 0)
        if taken:
            ice.strength_bonus += taken
            g.log.add("strength", g.corp.seat, card=str(ice), delta=taken, strength=g.strength_of(ice))


@card(
    "leech",
    paragraphs=(1,),
    summary="A virus counter lowers the encountered ice's strength by 1 until the encounter is over.",
)
def _leech(b: Builder) -> None:
    def use(x: Exec) -> None:
        g = x.game
        enc = x.ctx.encounter
        if enc is None:
            g.log.add("strength_failed", x.me.seat, reason=Phrase(N_("no ice is being encountered")))
            return
        ice = enc.ice
        ice.strength_bonus -= 1
        ice.notes[_LEECH] = ice.notes.get(_LEECH, 0) + 1
        g.log.add("strength", x.me.seat, card=str(ice), delta=-1, strength=g.strength_of(ice))

    def usable(g: NetrunnerGame, c: Card, window: str) -> bool:
        enc = _encounter(g)
        return window == "encounter" and enc is not None and bool(_unbroken(enc)) and g.strength_of(enc.ice) > 0

    def over(x: Exec) -> None:
        _leech_restore(x.game)

    def left_play(x: Exec) -> None:
        if x.event.get("card") is x.card:
            _leech_restore(x.game)

    b.paid([counters("virus", 1)], use, usable=usable)
    b.when("pass_ice", over).when("run_ends", over).when("trashed", left_play)


@card("cookbook", paragraphs=(0,), summary="When a virus program is installed, may put a virus counter on it.")
def _cookbook(b: Builder) -> None:
    def installed(x: Exec) -> None:
        program = x.event.get("card")
        if program is None or program.side != "runner" or program.type != "program" or "virus" not in program.subtypes:
            return
        if x.game.is_installed(program) and x.may(Phrase(N_("place 1 virus counter on {card}?"), card=str(program))):
            x.game.add_counters(program, "virus", 1)

    b.when("any_installed", installed)


# ---------------------------------------------------------------- hardware and events


def _accessing(g: NetrunnerGame, card: Card) -> bool:
    """Whether the runner is accessing ``card`` now (the last card accessed in the run in progress)."""
    run = g.current_run
    if run is None or run.step != "access":
        return False
    for event in reversed(list(g.log)):
        if event.kind == "run":
            return False
        if event.kind == "access" and "card" in event.data:
            return bool(event.data["card"] == str(card))
    return False


@card(
    "carnivore",
    paragraphs=(1, 2),
    summary="Once a turn, while accessing a corp card, 2 cards trashed from the grip trash it; one console only.",
)
def _carnivore(b: Builder) -> None:
    def access(x: Exec) -> None:
        g = x.game
        target = x.event.get("card")
        if (
            target is None
            or target.side != "corp"
            or target in g.corp.discard
            or g.forbidden("trash_accessed")
            or not g.may_trash(target)
            or len(g.runner.hand) < 2
            or x.card.notes.get("used") == g.turns
        ):
            return
        prompt = Phrase(Nn_("{card}: trash {n} card from your grip to trash {target}?",
                            "{card}: trash {n} cards from your grip to trash {target}?"),
                        card=str(x.card), n=2, target=str(target))  # fmt: skip
        if not x.may(prompt):
            return
        x.card.notes["used"] = g.turns
        why = Phrase(N_("the text of {card}"), card=str(x.card))
        for c in g.choose_many("runner", "target", Phrase(N_("trash which card from your grip")), g.runner.hand, 2):
            g.trash(c, why, by="runner")
        g.trash(target, Phrase(N_("trashed by the {side}"), side=Term("side", "runner")), by="runner")

    b.paragraph(1).when("access", access, only=lambda x: getattr(x.event.get("card"), "side", None) == "corp")
    one_console(b.paragraph(2))


@card("tread_lightly", paragraphs=(0,), summary="Run any server; during that run each piece of ice costs 3 credits more "
      "to rez.")  # fmt: skip
def _tread_lightly(b: Builder) -> None:
    def play(x: Exec) -> None:
        x.lasting("rez_cost", lambda g, this, c: 3 if c.type == "ice" else 0, until="run")
        x.run_on("any")

    b.play(play)


@card(
    "pennyshaver",
    paragraphs=(2, 3),
    summary="Click: put 1 credit on it, then take every credit it holds. One console only.",
)
def _pennyshaver(b: Builder) -> None:
    def cash_out(x: Exec) -> None:
        x.do("在本牌上放置 1[credit]。")
        held, x.card.credits = x.card.credits, 0
        x.game.log.add("take_credits", x.me.seat, card=str(x.card), amount=held, hosted=0)
        x.game.gain_credits(x.side, held, Phrase(N_("taken from {card}"), card=str(x.card)))

    b.paragraph(2).paid([click()], cash_out, usable=lambda g, c, w: w == "action")
    one_console(b)


@card("docklands_pass", paragraphs=(0,), summary="The first breach of HQ in a turn accesses one more card.")
def _docklands_pass(b: Builder) -> None:
    def breach(x: Exec) -> None:
        if x.event.get("server") == "hq" and not x.ran_this_turn("hq", successful=True):
            x.do("你额外读取 1 张牌。")

    b.when("breach", breach)


@card(
    "mutual_favor",
    paragraphs=(0,),
    summary="Finds an icebreaker in the stack and shows it; after a successful run this turn it may be "
    "installed, else it goes to the grip.",
)
def _mutual_favor(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        runner = g.runner
        found = [c for c in reversed(runner.deck) if c.type == "program" and "icebreaker" in c.subtypes]
        picked = g.choose_many("runner", "search", Phrase(N_("search your stack for an icebreaker")), found, 1)
        for program in picked:
            runner.deck.remove(program)
            g.log.add("search", runner.seat, card=str(program), zone="stack")
        if not picked:
            g.log.add("search_failed", runner.seat, zone="stack", type="program")
        g.rng.shuffle(runner.deck)
        g.log.add("shuffle", runner.seat, zone="stack")
        for program in picked:
            if (
                x.ran_this_turn(successful=True)
                and g.can_install(program)
                and x.may(Phrase(N_("install {card}?"), card=str(program)))
            ):
                g.install("runner", program)
            else:
                runner.hand.append(program)

    b.play(play)


@card("wildcat_strike", paragraphs=(0,), summary="The corp chooses: the runner gains 6 credits or draws 4 cards.")
def _wildcat_strike(b: Builder) -> None:
    def play(x: Exec) -> None:
        prompt = Phrase(N_("{card}: choose what the runner gets"), card=str(x.card))
        texts = (Phrase(N_("gain {n}{credit}"), n=6, credit="[credit]"), Phrase(N_("draw {n} cards"), n=4))
        if x.game.confirm("corp", "target", prompt, yes="credits", no="cards", texts=texts):
            x.do("你获得 6[credit]。")
        else:
            x.do("你抽 4 张牌。")

    b.play(play)


# ---------------------------------------------------------------- identities


def _accessed_in_run(g: NetrunnerGame) -> int:
    """Cards accessed in the run that is ending (the log since the run began)."""
    accessed = 0
    for event in reversed(list(g.log)):
        if event.kind == "run":
            break
        if event.kind == "access" and "card" in event.data:
            accessed += 1
    return accessed


@card(
    "zahya_sadeghi_versatile_smuggler",
    paragraphs=(0,),
    summary="Once per turn, when a run on HQ or R&D ends, may gain 1 credit per card accessed in it.",
)
def _zahya(b: Builder) -> None:
    def run_ends(x: Exec) -> None:
        g = x.game
        if x.event.get("server") not in ("hq", "rnd") or x.card.notes.get("zahya") == g.turns:
            return
        accessed = _accessed_in_run(g)
        if not accessed:
            return
        if x.may(Phrase(N_("gain {n}{credit} for the cards accessed in this run?"), n=accessed, credit="[credit]")):
            x.once_per_turn("zahya")
            g.gain_credits(x.side, accessed)

    b.when("run_ends", run_ends)


@card(
    "rene_loup_arcemont_party_animal",
    paragraphs=(0,),
    summary="The first time each turn you trash a card you are accessing, gain 1 credit and draw 1 card.",
)
def _rene_loup(b: Builder) -> None:
    def trashed(x: Exec) -> None:
        target = x.event.get("card")
        if target is None or target.side != "corp" or x.event.get("by") != "runner":
            return
        if _accessing(x.game, target) and x.once_per_turn("rene"):
            x.do("你获得 1[credit]。")
            x.do("你抽 1 张牌。")

    b.when("trashed", trashed, only=lambda x: getattr(x.event.get("card"), "side", None) == "corp"
           and x.event.get("by") == "runner")  # fmt: skip
