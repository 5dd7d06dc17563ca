"""Card scripts of Terminal Directive: the campaign box's cards and identities first printed there.

Frames several cards share: breaking subroutines of the ice being encountered with a breaker strong enough for it
(:func:`_break`, :func:`_breaker`), a breaker's strength from the unused memory, bypassing the ice encountered by
trashing the breaker (:func:`_bypass_by_trashing`), the moment the runner has passed all of the ice protecting a
server (:func:`_passed_all_ice`: passing its innermost ice, or the run's start on a server without ice), a choice
of two outcomes (:func:`_either`), and a resource the runner adds to its score area as a 0-point agenda to use it
(Investigator Inez Delgado, :func:`_inez`).

Left out, for want of what the engine offers (the report of the set's scripts lists them): an additional cost to
break subroutines and to jack out (Armored Servers), to use icebreakers (Net Watchlist) and to advance (Security
Leak); a card that cannot be rezzed for a turn even for free (Careful Planning); programs installed onto another
program (Dhegdheer); a successful run counted as one on another server (both Sneakdoor Primes); a trigger on drawing
a card (Shadow Team); fewer cards accessed in servers whose cards are all accessed (Lt. Todachine 2's second
paragraph); a trigger on the runner losing or spending clicks (Seidr Laboratories); and the campaign's own rules,
which act between games, not in one (what follows a game won with Evidence Collection, Corporate Oversight or
Investigator Inez Delgado in a score area).

Programs a BMI Buffer keeps are moved onto it from the heap as they are trashed from the grip (the engine has no
replacement for the trash itself): hosted but not installed, they go to the heap with it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from toolkit.engine.phrase import Phrase, Term
from toolkit.i18n.words import N_
from toolkit.text import ast as A

from ..decisions import Option
from ..state import SEATS, Card, Context, Encounter
from . import Builder, Exec, breaker_usable, card, click, counters, credit, one_console, this_card, trash_self

if TYPE_CHECKING:
    from ..game import NetrunnerGame

CORP = SEATS["corp"]
RUNNER = SEATS["runner"]
CORP_INSTALLABLE = ("ice", "asset", "upgrade", "agenda")


# ---------------------------------------------------------------- frames


def _by(side: str) -> Any:
    return Phrase(N_("trashed by the {side}"), side=Term("side", side))


def _encounter(g: NetrunnerGame) -> Encounter | None:
    run = g.current_run
    return run.encounter if run is not None and not run.ended else None


def _successful(run: Any) -> bool:
    return run is not None and bool(run.successful) and not run.ended


def _unused_memory(g: NetrunnerGame) -> int:
    return max(0, g.memory_limit() - g.memory_used())


def _icebreakers(g: NetrunnerGame) -> list[Card]:
    return [c for c in g.runner.rig if "icebreaker" in c.subtypes]


def _shuffle(g: NetrunnerGame, side: str) -> None:
    player = g.corp if side == "corp" else g.runner
    g.rng.shuffle(player.deck)
    g.log.add("shuffle", player.seat, zone="rnd" if side == "corp" else "stack")


def _breaker(b: Builder, costs: list[Any], counts: Callable[[Card], int]) -> Builder:
    """An icebreaker's "Interface → <costs>: break" ability: ``counts(ice)`` subroutines of the ice encountered
    (0: not ice this breaker breaks), when this breaker is as strong as the ice."""

    usable = breaker_usable(lambda g, c, enc: not enc.bypassed and counts(enc.ice) > 0)

    def breaks(x: Exec) -> None:
        g = x.game
        enc = x.ctx.encounter or _encounter(g)
        if enc is None or counts(enc.ice) <= 0:
            g.log.add("break_failed", RUNNER, reason=Phrase(N_("no ice is being encountered")))
            return
        _break(x, counts(enc.ice))

    return b.paid(costs, breaks, usable=usable, role="break")


def _break(x: Exec, count: int) -> int:
    """Break up to ``count`` subroutines of the ice encountered (the runner picks them), if this breaker is strong
    enough; how many broke."""
    g = x.game
    enc = x.ctx.encounter or _encounter(g)
    if enc is not None and g.strength_of(x.card) < g.strength_of(enc.ice):
        strength, needed = g.strength_of(x.card), g.strength_of(enc.ice)
        reason = Phrase(N_("strength {strength} is below {needed}"), strength=strength, needed=needed)
        g.log.add("break_failed", RUNNER, ice=str(enc.ice), reason=reason)
        return 0
    return x.break_subroutines(count)


def _bypass_by_trashing(b: Builder, subtype: str) -> Builder:
    """"[trash]: Bypass the <subtype> you are encountering"."""

    def usable(g: NetrunnerGame, c: Card, window: str) -> bool:
        enc = _encounter(g)
        return window == "encounter" and enc is not None and not enc.bypassed and subtype in enc.ice.subtypes

    def bypass(x: Exec) -> None:
        enc = _encounter(x.game)
        if enc is None or subtype not in enc.ice.subtypes:
            x.game.log.add("bypass_failed", RUNNER, reason=Phrase(N_("no ice is being encountered")))
            return
        x.bypass()

    return b.paid([trash_self()], bypass, usable=usable)


def _passed_all_ice(x: Exec, server_name: str | None) -> bool:
    """Whether the event is the runner passing all of the ice protecting ``server_name`` in a run on it: passing its
    innermost piece of ice (``pass_ice``), or, on a server with no ice, the run's start (``run_begins``)."""
    g = x.game
    run = g.current_run
    if server_name is None or run is None or run.ended or run.server != server_name or server_name not in g.servers:
        return False
    ice_list = g.servers[server_name].ice
    passed = x.event.get("ice")
    if passed is None:
        return not ice_list
    return bool(ice_list) and passed is ice_list[0] and run.position == 1


def _either(g: NetrunnerGame, side: Any, prompt: Any, choices: list[tuple[str, Any, bool]]) -> str | None:
    """``side`` picks one of ``choices`` (label, text, possible): an option it cannot carry out at all is not
    offered; None when none is possible."""
    options = [Option(label, text, label) for label, text, possible in choices if possible]
    if not options:
        return None
    value: str = g.ask(side, "target", prompt, options).value
    return value


def _add_to_score_area(g: NetrunnerGame, c: Card) -> None:
    """The runner's card leaves the rig for its score area, as an agenda worth no points."""
    if c in g.runner.rig:
        g.runner.rig.remove(c)
    c.leave_play()
    c.faceup = True
    g.runner.score_area.append(c)
    g.log.add("score_area", RUNNER, card=str(c), points=0)
    g.check_memory()


def _swap(g: NetrunnerGame, corps: Card, runners: Card) -> None:
    """``corps`` (in the corp's score area) and ``runners`` (in the runner's) change score areas."""
    g.corp.score_area.remove(corps)
    g.runner.score_area.remove(runners)
    corps.rezzed = False
    corps.faceup = True
    runners.rezzed = True
    g.corp.score_area.append(runners)
    g.runner.score_area.append(corps)
    g.log.add("swap", CORP, corp=str(runners), runner=str(corps))
    g.check_points()


def _scoring_ability(g: NetrunnerGame, agenda: Card) -> None:
    """Resolve the "when scored" abilities of ``agenda`` (wherever it is now)."""
    g.fire("agenda_scored", [agenda], card=agenda, server=None, advancement=agenda.advancement)


def _reveal_in_rnd(x: Exec) -> None:
    """"While the runner accesses this card in R&D, it is revealed": shown to both players."""
    if x.event.get("server") == "rnd":
        x.game.log.add("reveal", RUNNER, card=str(x.card), zone=Term("zone", "rnd"))


# ---------------------------------------------------------------- ice


@card("bloodletter", paragraphs=(0,), summary="Subroutine: the runner trashes 1 installed program or the top 2 cards "
      "of its stack, as it chooses.")  # fmt: skip
def _bloodletter(b: Builder) -> None:
    def sub(x: Exec) -> None:
        g = x.game
        programs = [c for c in g.runner.rig if c.type == "program"]
        prompt = Phrase(N_("{card}: trash 1 installed program or the top 2 cards of your stack"), card=str(x.card))
        choice = _either(g, "runner", prompt, [
            ("program", Phrase(N_("trash 1 installed program")), bool(programs)),
            ("stack", Phrase(N_("trash the top 2 cards of your stack")), bool(g.runner.deck)),
        ])  # fmt: skip
        if choice == "program":
            chosen = x.pick(Phrase(N_("trash a {type}"), type=Term("card_type", "program")), programs, optional=False,
                            side="runner")  # fmt: skip
            if chosen is not None:
                g.trash(chosen, x.why, by="runner")
        elif choice == "stack":
            for c in list(reversed(g.runner.deck[-2:])):
                g.trash(c, x.why, by="runner")

    b.subroutine(sub)


@card("eli_2_0", paragraphs=(0,), summary="The runner may lose 2 clicks to break up to 2 of its subroutines.")
def _eli_2(b: Builder) -> None:
    b.runner_break(clicks=2, count=2)


@card("hailstorm", paragraphs=(0,), summary="Subroutine: the corp removes a card of the heap from the game.")
def _hailstorm(b: Builder) -> None:
    def sub(x: Exec) -> None:
        g = x.game
        heap = list(reversed(g.runner.discard))
        if not heap:
            g.log.add("no_target", CORP, card=str(x.card), reason=Phrase(N_("the heap is empty")))
            return
        chosen = x.pick(Phrase(N_("remove which card of the heap from the game")), heap, optional=False)
        if chosen is not None:
            x.remove_from_game(chosen)

    b.subroutine(sub)


@card("holmegaard", paragraphs=(0, 1), summary="Subroutine: trace 4, if successful the runner neither breaches the "
      "server nor accesses cards for the rest of the run; subroutine: trash 1 installed icebreaker.")  # fmt: skip
def _holmegaard(b: Builder) -> None:
    def trace(x: Exec) -> None:
        g = x.game
        x.do("追踪[4]。")
        run = g.current_run
        if not x.ctx.trace or run is None or run.ended:
            return
        why = x.why

        def no_breach() -> None:
            g.log.add("no_breach", RUNNER, server=run.server, reason=why)

        run.instead_of_breach = no_breach
        run.extra_access = 0
        g.log.add("effect", CORP, server=run.server, reason=Phrase(N_("{card}: no breach and no access for the rest of "
                                                                      "the run"), card=str(x.card)))  # fmt: skip

    def trash_breaker(x: Exec) -> None:
        g = x.game
        breakers = [c for c in _icebreakers(g) if g.may_trash(c, "corp")]
        if not breakers:
            g.log.add("trash_failed", CORP, reason=Phrase(N_("no icebreaker is installed")))
            return
        chosen = x.pick(Phrase(N_("trash which icebreaker")), breakers, optional=False)
        if chosen is not None:
            g.trash(chosen, _by("corp"), by="corp")

    b.paragraph(0).subroutine(trace)
    b.paragraph(1).subroutine(trash_breaker)


@card("tapestry", paragraphs=(1, 2), summary="Subroutine: the corp may draw 1 card; subroutine: the corp may put 1 "
      "card from HQ on top of R&D.")  # fmt: skip
def _tapestry(b: Builder) -> None:
    def draw(x: Exec) -> None:
        if x.game.corp.deck and x.may(Phrase(N_("draw 1 card?"))):
            x.game.draw("corp", 1)

    def stack(x: Exec) -> None:
        g = x.game
        chosen = x.pick(Phrase(N_("add which card from HQ to the top of R&D")), list(g.corp.hand))
        if chosen is None:
            return
        g.corp.hand.remove(chosen)
        chosen.faceup = False
        g.corp.deck.append(chosen)
        told = g.log.add("to_deck", CORP, visible=[CORP], card=str(chosen), zone="rnd")
        g.apart(told, g.log.add("to_deck_facedown", CORP, cards=1, zone="rnd"))

    b.paragraph(1).subroutine(draw)
    b.paragraph(2).subroutine(stack)


@card("weir", paragraphs=(1,), summary="Subroutine: the runner trashes 1 card of its choice from the grip.")
def _weir(b: Builder) -> None:
    def sub(x: Exec) -> None:
        g = x.game
        chosen = x.pick(Phrase(N_("trash a card from your grip")), list(g.runner.hand), optional=False, side="runner")
        if chosen is not None:
            g.trash(chosen, x.why, by="runner")

    b.paragraph(1).subroutine(sub)


# ---------------------------------------------------------------- assets and upgrades


@card("black_level_clearance", paragraphs=(0,), summary="On a successful run on its server the runner suffers 1 brain "
      "damage or jacks out; if it jacks out, the corp gains 5 credits and draws 1 card and the upgrade is "
      "trashed.")  # fmt: skip
def _black_level_clearance(b: Builder) -> None:
    def on_this_server(x: Exec) -> bool:
        server = x.game.server_of(x.card)
        return server is not None and x.event.get("server") == server.name and _successful(x.game.current_run)

    def successful(x: Exec) -> None:
        g = x.game
        prompt = Phrase(N_("{card}: suffer 1 brain damage or jack out"), card=str(x.card))
        texts = (Phrase(N_("suffer 1 brain damage")), Phrase(N_("jack out")))
        if g.confirm("runner", "target", prompt, yes="damage", no="jack_out", texts=texts):
            g.damage("brain", 1)
            return
        g.runs.jack_out(x.why, anytime=True)
        x.do("你获得 5[credit]。你抽 1 张牌。")
        if g.is_installed(x.card):
            g.trash(x.card, x.why, by="corp")

    b.when("run_successful", successful, only=on_this_server)


@card("estelle_moon", paragraphs=(0, 1), summary="A power counter on it for each card the corp installs in the root "
      "of a remote server; trash it: 2 credits and 1 card for each power counter it had.")  # fmt: skip
def _estelle_moon(b: Builder) -> None:
    def remote_root(x: Exec) -> bool:
        c = x.event.get("card")
        server = x.game.server_of(c) if c is not None else None
        return c is not None and c is not x.card and server is not None and server.remote and c in server.root

    def count(x: Exec) -> None:
        x.game.add_counters(x.card, "power", 1)

    def cash(x: Exec) -> None:
        g = x.game
        n = int(x.card.last_known.get("counters", {}).get("power", 0))
        if n:
            g.gain_credits("corp", 2 * n, x.why)
            g.draw("corp", n)

    b.paragraph(0).when("any_installed", count, only=remote_root)
    b.paragraph(1).paid([trash_self()], cash, usable=lambda g, c, w: c.counters.get("power", 0) > 0)


@card("honeyfarm", paragraphs=(0, 1), summary="Revealed when accessed in R&D; when accessed, the runner loses 1 "
      "credit.")  # fmt: skip
def _honeyfarm(b: Builder) -> None:
    def accessed(x: Exec) -> None:
        _reveal_in_rnd(x)
        x.do("潜袭者失去 1[credit]。")

    b.paragraph(1).when("access", accessed, only=this_card)  # one trigger for both paragraphs


@card("illegal_arms_factory", paragraphs=(0,), summary="The corp takes 1 bad publicity when the runner trashes it "
      "while it is installed.")  # fmt: skip
def _illegal_arms_factory(b: Builder) -> None:
    def installed_trash(x: Exec) -> bool:
        return this_card(x) and x.event.get("by") == "runner" and x.event.get("zone") == "installed"

    b.when("trashed", lambda x: x.do("你获得 1 个负面声誉。"), only=installed_trash)


@card("investigator_inez_delgado_a", paragraphs=(0,), summary="When the corp scores an agenda it may swap it with an "
      "agenda of at least 1 point in the runner's score area, then resolve that agenda's scoring ability.")  # fmt: skip
def _inez_a(b: Builder) -> None:
    def theirs(g: NetrunnerGame) -> list[Card]:
        return [c for c in g.runner.score_area if c.type == "agenda" and int(c.record.agenda_points or 0) >= 1]

    def concerned(x: Exec) -> bool:
        agenda = x.event.get("card")
        return agenda is not None and agenda in x.game.corp.score_area and bool(theirs(x.game))

    def scored(x: Exec) -> None:
        g = x.game
        agenda = x.event["card"]
        if not x.may(Phrase(N_("{card}: swap {agenda} with an agenda in the runner's score area?"), card=str(x.card),
                            agenda=str(agenda))):  # fmt: skip
            return
        other = x.pick(Phrase(N_("swap with which agenda")), theirs(g), optional=False)
        if other is None or agenda not in g.corp.score_area:
            return
        _swap(g, agenda, other)
        _scoring_ability(g, other)

    b.when("any_scored", scored, only=concerned)


@card("investigator_inez_delgado_a_2", paragraphs=(0,), summary="When the runner steals an agenda the corp may "
      "resolve its scoring ability, then swap it with an agenda in the corp's score area.")  # fmt: skip
def _inez_a_2(b: Builder) -> None:
    def concerned(x: Exec) -> bool:
        agenda = x.event.get("card")
        return agenda is not None and agenda in x.game.runner.score_area

    def stolen(x: Exec) -> None:
        g = x.game
        agenda = x.event["card"]
        if not x.may(Phrase(N_("{card}: resolve the scoring ability of {agenda}, then swap it with an agenda in your "
                               "score area?"), card=str(x.card), agenda=str(agenda))):  # fmt: skip
            return
        _scoring_ability(g, agenda)
        ours = [c for c in g.corp.score_area if c.type == "agenda"]
        if g.over or agenda not in g.runner.score_area or not ours:
            return
        other = x.pick(Phrase(N_("swap with which agenda")), ours, optional=False)
        if other is not None:
            _swap(g, other, agenda)

    b.when("any_stolen", stolen, only=concerned)


@card("k_p_lynn", paragraphs=(0,), summary="When the runner has passed all of the ice protecting its server, it "
      "takes 1 tag or ends the run.")  # fmt: skip
def _k_p_lynn(b: Builder) -> None:
    def concerned(x: Exec) -> bool:
        server = x.game.server_of(x.card)
        return _passed_all_ice(x, server.name if server is not None else None)

    def demand(x: Exec) -> None:
        g = x.game
        prompt = Phrase(N_("{card}: take 1 tag or end the run"), card=str(x.card))
        texts = (Phrase(N_("take 1 tag")), Phrase(N_("end the run")))
        if g.confirm("runner", "target", prompt, yes="tag", no="end_run", texts=texts):
            g.gain_tags(1)
        else:
            g.end_run(str(x.card))

    b.when("pass_ice", demand, only=concerned).when("run_begins", demand, only=concerned)


@card("long_term_investment", paragraphs=(0,), summary="2 credits on it as each corp turn begins; with 8 or more on "
      "it, click: take any number of them.")  # fmt: skip
def _long_term_investment(b: Builder) -> None:
    def take(x: Exec) -> None:
        g = x.game
        most = x.card.credits
        if most < 8:
            g.log.add("take_failed", CORP, card=str(x.card), reason=Phrase(N_("fewer than {n}{credit} on it"), n=8,
                                                                           credit="[credit]"))  # fmt: skip
            return
        prompt = Phrase(N_("take how many credits from {card}"), card=str(x.card))
        amount = int(g.choose("corp", "amount", prompt, list(range(most, -1, -1)), label=lambda v: f"x:{v}", text=str))
        if amount:
            x.do(f"从本牌上拿取 {amount}[credit]。")

    b.when("your_turn_start", lambda x: x.do("在本牌上放置 2[credit]。"))
    b.paid([click()], take, usable=lambda g, c, w: w == "action" and c.credits >= 8)


def _todachine(b: Builder) -> None:
    def ice_rezzed(x: Exec) -> bool:
        c = x.event.get("card")
        return c is not None and c.type == "ice"

    b.when("any_rezzed", lambda x: x.game.gain_tags(1), only=ice_rezzed)


@card("lt_todachine", paragraphs=(0,), summary="Each piece of ice the corp rezzes gives the runner 1 tag.")
def _lt_todachine(b: Builder) -> None:
    _todachine(b)


@card("lt_todachine_2", paragraphs=(0,), summary="Each piece of ice the corp rezzes gives the runner 1 tag.")
def _lt_todachine_2(b: Builder) -> None:
    _todachine(b)


@card("mason_bellamy", paragraphs=(0,), summary="When an encounter with ice protecting its server ends with a "
      "subroutine broken by the runner, the runner loses a click.")  # fmt: skip
def _mason_bellamy(b: Builder) -> None:
    def protecting(x: Exec) -> bool:
        ice = x.event.get("ice")
        server = x.game.server_of(x.card)
        return ice is not None and server is not None and ice in server.ice

    def met(x: Exec) -> None:
        x.card.notes.pop("broke", None)

    def broke(x: Exec) -> None:
        x.card.notes["broke"] = x.event["ice"].uid

    def broken_this_encounter(x: Exec) -> bool:
        return protecting(x) and x.card.notes.get("broke") == x.event["ice"].uid

    def over(x: Exec) -> None:
        x.card.notes.pop("broke", None)
        x.do("潜袭者失去 [click]。")

    b.when("encounter", met, only=protecting).when("subroutine_broken", broke, only=protecting)
    b.when("encounter_ends", over, only=broken_this_encounter)


@card("trojan", paragraphs=(0, 1), summary="Revealed when accessed in R&D; when accessed (not in Archives) the corp "
      "loses 2 credits, trashes a random card from HQ and Trojan is removed from the game.")  # fmt: skip
def _trojan(b: Builder) -> None:
    def accessed(x: Exec) -> None:
        g = x.game
        _reveal_in_rnd(x)
        x.do("你失去 2[credit]。")
        others = [c for c in g.corp.hand if c is not x.card]
        if others:
            g.trash(g.rng.choice(others), x.why, by="corp")
        x.remove_from_game()

    b.paragraph(1).when("access", accessed, only=lambda x: this_card(x) and x.event.get("server") != "archives")


# ---------------------------------------------------------------- agendas


@card("brain_rewiring", paragraphs=(0,), summary="When scored, the corp may spend credits: the runner puts that many "
      "random cards of its grip at the bottom of its stack, then draws 1 card.")  # fmt: skip
def _brain_rewiring(b: Builder) -> None:
    def scored(x: Exec) -> None:
        g = x.game
        most = min(g.corp.credits, len(g.runner.hand))
        if most <= 0:
            return
        prompt = Phrase(N_("{card}: spend how many credits"), card=str(x.card))
        amount = int(g.choose("corp", "amount", prompt, list(range(0, most + 1)), label=lambda v: f"x:{v}", text=str))
        if amount <= 0:
            return
        g.pay("corp", amount, str(x.card))
        for c in g.rng.sample(g.runner.hand, amount):
            g.runner.hand.remove(c)
            g.runner.deck.insert(0, c)
        g.log.add("to_deck", RUNNER, cards=amount, zone=Term("zone", "stack"), where="bottom")
        g.draw("runner", 1)

    b.when("agenda_scored", scored)


def _oversight(b: Builder, remote: bool) -> None:
    def scored(x: Exec) -> None:
        g = x.game
        ice = [c for c in reversed(g.corp.deck) if c.type == "ice"]
        if not x.may(Phrase(N_("search R&D for a piece of ice to install and rez, ignoring all costs?"))):
            return
        chosen = x.pick(Phrase(N_("search R&D for a piece of ice")), ice)
        if chosen is not None:
            servers = [s for s in g.server_options(chosen) if s != "new remote" and g.servers[s].remote == remote]
            if remote and "new remote" in g.server_options(chosen):
                servers.append("new remote")
            if servers:
                where = g.choose("corp", "server", Phrase(N_("install {card} in"), card=str(chosen)), servers)
                g.corp.deck.remove(chosen)
                g.log.add("search", CORP, visible=[CORP], card=str(chosen), zone="rnd")
                g.install("corp", chosen, where, pay=False)
                if g.is_installed(chosen) and not chosen.rezzed:
                    g.rez(chosen, free=True)
        _shuffle(g, "corp")

    b.when("agenda_scored", scored)


@card("corporate_oversight_a", paragraphs=(0,), summary="When scored, the corp may search R&D for a piece of ice and "
      "install and rez it protecting a remote server, ignoring all costs; R&D is shuffled.")  # fmt: skip
def _corporate_oversight_a(b: Builder) -> None:
    _oversight(b, remote=True)


@card("corporate_oversight_b", paragraphs=(0,), summary="When scored, the corp may search R&D for a piece of ice and "
      "install and rez it protecting a central server, ignoring all costs; R&D is shuffled.")  # fmt: skip
def _corporate_oversight_b(b: Builder) -> None:
    _oversight(b, remote=False)


@card("elective_upgrade", paragraphs=(1,), summary="Once per turn, click and an agenda counter: gain 2 clicks.")
def _elective_upgrade(b: Builder) -> None:
    b.paragraph(1).paid([click(), counters("agenda", 1)], lambda x: x.do("你获得 [click][click]。"), once_per_turn=True,
                        usable=lambda g, c, w: w == "action")  # fmt: skip


@card("evidence_collection_4", paragraphs=(0,), summary="Worth 1 agenda point less in the runner's score area.")
def _evidence_collection_4(b: Builder) -> None:
    b.points(lambda g, this, side: -1 if side == "runner" and this in g.runner.score_area else 0)


@card("graft", paragraphs=(0,), summary="When scored, the corp may search R&D for up to 3 cards, reveal them and "
      "add them to HQ; R&D is shuffled.")  # fmt: skip
def _graft(b: Builder) -> None:
    def scored(x: Exec) -> None:
        g = x.game
        if not g.corp.deck or not x.may(Phrase(N_("search R&D for up to {n} cards?"), n=3)):
            return
        for number in range(1, 4):
            prompt = Phrase(N_("search R&D for a card to add to HQ ({n}/{most})"), n=number, most=3)
            chosen = x.pick(prompt, list(reversed(g.corp.deck)))
            if chosen is None:
                break
            g.corp.deck.remove(chosen)
            g.corp.hand.append(chosen)
            g.log.add("search", CORP, card=str(chosen), zone="rnd")
        _shuffle(g, "corp")

    b.when("agenda_scored", scored)


@card("illicit_sales", paragraphs=(0,), summary="When scored, the corp may take 1 bad publicity, then gains 3 credits "
      "for each bad publicity it has.")  # fmt: skip
def _illicit_sales(b: Builder) -> None:
    def scored(x: Exec) -> None:
        g = x.game
        if x.may(Phrase(N_("take 1 bad publicity?"))):
            x.do("你获得 1 个负面声誉。")
        if g.corp.bad_publicity > 0:
            g.gain_credits("corp", 3 * g.corp.bad_publicity, x.why)

    b.when("agenda_scored", scored)


@card("paper_trail", paragraphs=(0,), summary="When scored, trace 6: if successful, every connection and job "
      "resource is trashed.")  # fmt: skip
def _paper_trail(b: Builder) -> None:
    def scored(x: Exec) -> None:
        g = x.game
        x.do("追踪[6]。")
        if not x.ctx.trace:
            return
        for c in [c for c in g.runner.rig if c.type == "resource" and {"connection", "job"} & set(c.subtypes)]:
            if c in g.runner.rig:
                g.trash(c, _by("corp"), by="corp")

    b.when("agenda_scored", scored)


@card("successful_field_test", paragraphs=(0,), summary="When scored, the corp installs any number of cards from HQ, "
      "ignoring all costs.")  # fmt: skip
def _successful_field_test(b: Builder) -> None:
    def scored(x: Exec) -> None:
        g = x.game
        number = 0
        while not g.over:
            options = [c for c in g.corp.hand if c.type in CORP_INSTALLABLE and g.may_install(c)]
            number += 1
            chosen = x.pick(Phrase(N_("install a card from HQ, ignoring all costs ({n})"), n=number), options)
            if chosen is None:
                return
            g.install("corp", chosen, pay=False)

    b.when("agenda_scored", scored)


# ---------------------------------------------------------------- operations


@card("hunter_seeker", paragraphs=(0, 1, 2), summary="Costs a click more to play; only if the runner stole an agenda "
      "during its last turn; trash 1 installed card.")  # fmt: skip
def _hunter_seeker(b: Builder) -> None:
    def stole_last_turn(g: NetrunnerGame, c: Card) -> bool:
        return any(e.kind == "steal" for e in Exec(g, Context("corp", c)).last_turn("runner"))

    def play(x: Exec) -> None:
        g = x.game
        targets = [c for c in [*g.installed("corp"), *g.runner.rig] if g.may_trash(c, "corp")]
        if not targets:
            g.log.add("trash_failed", CORP, reason=Phrase(N_("no card is installed")))
            return
        chosen = x.pick(Phrase(N_("trash which installed card")), targets, optional=False)
        if chosen is not None:
            g.trash(chosen, _by("corp"), by="corp")

    b.paragraph(0).play_clicks(1)
    b.paragraph(1).may_play(stole_last_turn)
    b.paragraph(2).play(play)


@card("ipo", paragraphs=(0,), summary="Once it has resolved, the corp's action phase ends.")
def _ipo(b: Builder) -> None:
    def play(x: Exec) -> None:
        x.game.end_action_phase = True

    b.play(play)


@card("ultraviolet_clearance", paragraphs=(0, 1), summary="Costs 2 clicks more to play; gain 10 credits, draw 4 "
      "cards, then the corp may install 1 card from HQ.")  # fmt: skip
def _ultraviolet_clearance(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        x.do("你获得 10[credit]。你抽 4 张牌。")
        options = [c for c in g.corp.hand if c.type in CORP_INSTALLABLE and g.can_install(c)]
        chosen = x.pick(Phrase(N_("install a card from HQ")), options)
        if chosen is not None:
            g.install("corp", chosen)

    b.paragraph(0).play_clicks(2)
    b.paragraph(1).play(play)


# ---------------------------------------------------------------- events


@card("brute_force_hack", paragraphs=(0, 1), summary="Costs a click more to play; pay X credits to derez a piece of "
      "ice whose rez cost is X or less.")  # fmt: skip
def _brute_force_hack(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        ice = [c for c in g.installed("corp") if c.type == "ice" and c.rezzed]
        have = g.available("runner", "play")
        costs = sorted({g.rez_cost(c) for c in ice if g.rez_cost(c) <= have}) or [0]
        prompt = Phrase(N_("{card}: pay how many credits (X)"), card=str(x.card))
        amount = int(g.choose("runner", "amount", prompt, costs, label=lambda v: f"x:{v}", text=str))
        g.pay("runner", amount, Phrase(N_("playing {card}"), card=str(x.card)), "play")
        targets = [c for c in ice if g.is_installed(c) and c.rezzed and g.rez_cost(c) <= amount]
        if not targets:
            g.log.add("no_target", RUNNER, card=str(x.card), reason=Phrase(N_("no rezzed ice has a rez cost of {n} or "
                                                                              "less"), n=amount))  # fmt: skip
            return
        chosen = x.pick(Phrase(N_("derez which ice")), targets, optional=False)
        if chosen is not None:
            g.derez(chosen, x.why)

    b.paragraph(0).play_clicks(1)
    b.paragraph(1).play(play)


@card("deep_data_mining", paragraphs=(0,), summary="Run R&D; if successful, access more cards: as many as the unused "
      "memory, 4 at most.")  # fmt: skip
def _deep_data_mining(b: Builder) -> None:
    def play(x: Exec) -> None:
        run = x.run_on("rnd")
        more = min(4, _unused_memory(x.game))
        if _successful(run) and more:
            x.do(f"你额外读取 {more} 张牌。")

    b.play(play)


@card("spear_phishing", paragraphs=(0,), summary="Run any server; the innermost piece of ice protecting it is "
      "bypassed when encountered.")  # fmt: skip
def _spear_phishing(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        g.in_play.append(x.card)  # in play while its run goes on: its encounter ability works during that run
        try:
            run = x.run_on("any")
            if g.current_run is run:
                g.runs.finish_run()
        finally:
            if x.card in g.in_play:
                g.in_play.remove(x.card)

    def innermost(x: Exec) -> bool:
        g = x.game
        run = g.current_run
        ice = x.event.get("ice")
        server = g.servers.get(run.server) if run is not None else None
        return (
            x.card in g.in_play
            and run is not None
            and ice is not None
            and server is not None
            and bool(server.ice)
            and ice is server.ice[0]
        )

    b.play(play)
    b.when("encounter", lambda x: x.bypass(), only=innermost)


@card("syn_attack", paragraphs=(0, 1), summary="Costs a click more to play; the corp discards 2 cards or draws 4, as "
      "it chooses.")  # fmt: skip
def _syn_attack(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        prompt = Phrase(N_("{card}: discard 2 cards or draw 4 cards"), card=str(x.card))
        choice = _either(g, "corp", prompt, [
            ("discard", Phrase(N_("discard 2 cards")), bool(g.corp.hand)),
            ("draw", Phrase(N_("draw 4 cards")), True),
        ])  # fmt: skip
        if choice == "discard":
            g.discard("corp", 2)
        else:
            g.draw("corp", 4)

    b.paragraph(0).play_clicks(1)
    b.paragraph(1).play(play)


# ---------------------------------------------------------------- programs


def _memory_strength(b: Builder) -> Builder:
    return b.strength(lambda g, c: _unused_memory(g) if c in g.runner.rig else 0)


@card("adept", paragraphs=(0, 1), summary="+1 strength for each unused MU; 2 credits: break 1 subroutine of a "
      "sentry or a barrier.")  # fmt: skip
def _adept(b: Builder) -> None:
    _memory_strength(b.paragraph(0))
    _breaker(b.paragraph(1), [credit(2)], lambda ice: 1 if {"sentry", "barrier"} & set(ice.subtypes) else 0)


@card("savant", paragraphs=(0, 1), summary="+1 strength for each unused MU; 2 credits: break 1 subroutine of a "
      "sentry or 2 of a code gate.")  # fmt: skip
def _savant(b: Builder) -> None:
    def count(ice: Card) -> int:
        return 2 if "code_gate" in ice.subtypes else 1 if "sentry" in ice.subtypes else 0

    _memory_strength(b.paragraph(0))
    _breaker(b.paragraph(1), [credit(2)], count)


@card("demara", paragraphs=(2,), summary="Trash it: bypass the barrier being encountered.")
def _demara(b: Builder) -> None:
    _bypass_by_trashing(b.paragraph(2), "barrier")


@card("lustig", paragraphs=(2,), summary="Trash it: bypass the sentry being encountered.")
def _lustig(b: Builder) -> None:
    _bypass_by_trashing(b.paragraph(2), "sentry")


@card("mammon", paragraphs=(0, 1, 2), summary="As the runner's turn begins it may spend credits for as many power "
      "counters; they are all removed after the discard phase; a power counter: break 1 subroutine.")  # fmt: skip
def _mammon(b: Builder) -> None:
    def load_up(x: Exec) -> None:
        g = x.game
        most = g.runner.credits
        if most <= 0:
            return
        prompt = Phrase(N_("{card}: spend how many credits for power counters"), card=str(x.card))
        amount = int(g.choose("runner", "amount", prompt, list(range(0, most + 1)), label=lambda v: f"x:{v}", text=str))
        if amount:
            g.pay("runner", amount, str(x.card))
            g.add_counters(x.card, "power", amount)

    def unload(x: Exec) -> None:
        x.game.add_counters(x.card, "power", -x.card.counters.get("power", 0))

    b.paragraph(0).when("your_turn_start", load_up)
    b.paragraph(1).when("your_turn_end", unload, only=lambda x: x.card.counters.get("power", 0) > 0)
    _breaker(b.paragraph(2), [counters("power", 1)], lambda ice: 1)


def _click_draw_reveal(b: Builder) -> Builder:
    """"Whenever the corp spends [click] to draw (the basic action or a card's ability), reveal the first card
    drawn": after each corp action that spent a click and drew, the first card it drew is shown to both."""

    def clicked(x: Exec) -> bool:
        g = x.game
        action = str(x.event.get("action") or "")
        if x.event.get("side") != "corp":
            return False
        if action == "draw":
            return True
        if not action.startswith("use:"):
            return False
        ref, _, index = action.removeprefix("use:").rpartition("/")
        used = next((c for c in g.active_cards("corp") if c.ref == ref), None)
        abilities = g.abilities(used) if used is not None and index.isdigit() else []
        return int(index or 0) < len(abilities) and any(isinstance(c, A.ClickCost) for c in abilities[int(index)].costs)

    def action_over(x: Exec) -> None:
        g = x.game
        events = list(g.log)
        spent = next((i for i in range(len(events) - 1, -1, -1) if events[i].kind == "clicks"
                      and "reason" in events[i].data and events[i].data.get("side") == "corp"
                      and events[i].data.get("amount", 0) < 0), None)  # fmt: skip
        if spent is None or spent < g.turn_started_at:
            return
        drawn = next((e for e in events[spent:] if e.kind == "draw" and e.player == CORP), None)
        if drawn is not None:
            g.log.add("reveal", CORP, card=drawn.data.get("card"), zone=Term("zone", "hq"), reason=x.why)

    return b.when("action_taken", action_over, only=clicked)


@card("surveillance_network_key", paragraphs=(0,), summary="The first card the corp draws by spending a click (the "
      "basic action or a card's ability) is revealed.")  # fmt: skip
def _snk(b: Builder) -> None:
    _click_draw_reveal(b)


@card("surveillance_network_key_2", paragraphs=(0, 1), summary="The first card the corp draws by spending a click is "
      "revealed; once per turn, 2 credits during a run on HQ or R&D: access 1 more card there in this run.")  # fmt: skip
def _snk_2(b: Builder) -> None:
    _click_draw_reveal(b.paragraph(0))
    def more(x: Exec) -> None:
        run = x.game.current_run
        if run is None or run.ended or run.server not in ("hq", "rnd"):
            return
        run.extra_access += 1
        x.game.log.add("extra_access", RUNNER, cards=1, server=run.server)

    def usable(g: NetrunnerGame, c: Card, window: str) -> bool:
        run = g.current_run
        return window in ("run", "encounter") and run is not None and not run.ended and run.server in ("hq", "rnd")

    b.paragraph(1).paid([credit(2)], more, once_per_turn=True, usable=usable)


# ---------------------------------------------------------------- hardware


def _bmi_buffer(b: Builder, free: bool) -> None:
    """"Programs trashed from your grip are hosted here instead of going to the heap" and "[click][click]: install a
    hosted program" (paying its costs, or ``free``). The hosted programs are not installed: they wait on the card
    and go to the heap with it."""

    def from_grip(x: Exec) -> list[Card]:
        g = x.game
        if "cards" in x.event:  # damage: random cards of the grip
            cards = list(x.event["cards"])
        elif x.event.get("zone") == "hand":
            cards = [x.event["card"]]
        else:
            return []
        return [c for c in cards if c.side == "runner" and c.type == "program" and c in g.runner.discard]

    def host(x: Exec) -> None:
        g = x.game
        for program in from_grip(x):
            g.runner.discard.remove(program)
            program.faceup = True
            program.host = x.card
            x.card.hosted.append(program)
            g.log.add("host", RUNNER, card=str(program), host=str(x.card))

    def hosted(g: NetrunnerGame, c: Card) -> list[Card]:
        return [p for p in c.hosted if p.type == "program" and p not in g.runner.rig]

    def installable(g: NetrunnerGame, program: Card) -> bool:
        if int(program.record.memory_cost or 0) > g.memory_limit() or not g.may_install(program):
            return False
        return free or g.can_pay("runner", g.install_cost(program), "install")

    def install(x: Exec) -> None:
        g = x.game
        options = [p for p in hosted(g, x.card) if installable(g, p)]
        chosen = x.pick(Phrase(N_("install which hosted program")), options, optional=False)
        if chosen is None:
            return
        x.card.hosted.remove(chosen)
        chosen.host = None
        g.install("runner", chosen, pay=not free)

    def usable(g: NetrunnerGame, c: Card, window: str) -> bool:
        return window == "action" and any(installable(g, p) for p in hosted(g, c))

    b.paragraph(0).when("trashed", host, only=lambda x: bool(from_grip(x)))
    b.paragraph(0).when("damage_done", host, only=lambda x: bool(from_grip(x)))
    b.paragraph(1).paid([click(2)], install, usable=usable)


@card("bmi_buffer", paragraphs=(0, 1), summary="Programs trashed from the grip are hosted on it instead of the heap; "
      "2 clicks: install one of them, paying its costs.")  # fmt: skip
def _bmi(b: Builder) -> None:
    _bmi_buffer(b, free=False)


@card("bmi_buffer_2", paragraphs=(0, 1), summary="Programs trashed from the grip are hosted on it instead of the heap; "
      "2 clicks: install one of them, ignoring all costs.")  # fmt: skip
def _bmi_2(b: Builder) -> None:
    _bmi_buffer(b, free=True)


@card("polyhistor", paragraphs=(1, 2), summary="The first time each turn the runner passes all of HQ's ice, it may "
      "draw 1 card and make the corp draw 1. One console only.")  # fmt: skip
def _polyhistor(b: Builder) -> None:
    def concerned(x: Exec) -> bool:
        return x.card.notes.get("hq") != x.game.turns and _passed_all_ice(x, "hq")

    def passed(x: Exec) -> None:
        g = x.game
        x.card.notes["hq"] = g.turns
        if x.may(Phrase(N_("draw 1 card to make the corp draw 1 card?"))):
            g.draw("runner", 1)
            g.draw("corp", 1)

    b.paragraph(1).when("pass_ice", passed, only=concerned).when("run_begins", passed, only=concerned)
    one_console(b.paragraph(2))


@card("ubax", paragraphs=(2,), summary="One console only.")
def _ubax(b: Builder) -> None:
    one_console(b.paragraph(2))


# ---------------------------------------------------------------- resources


@card("biometric_spoofing", paragraphs=(0,), summary="Trash it: prevent 2 damage.")
def _biometric_spoofing(b: Builder) -> None:
    b.text("[trash]：防止 2 点伤害。")


@card("charlatan", paragraphs=(0,), summary="2 clicks: run any server; at the first rezzed piece of ice approached "
      "in that run the runner may pay its strength in credits to bypass it.")  # fmt: skip
def _charlatan(b: Builder) -> None:
    def use(x: Exec) -> None:
        x.card.notes["armed"] = True
        try:
            x.run_on("any")
        finally:
            x.card.notes.pop("armed", None)

    def first_rezzed(x: Exec) -> bool:
        ice = x.event.get("ice")
        return bool(x.card.notes.get("armed")) and ice is not None and ice.rezzed

    def approach(x: Exec) -> None:
        g = x.game
        ice = x.event["ice"]
        x.card.notes.pop("armed", None)
        cost = max(0, g.strength_of(ice))
        prompt = Phrase(N_("pay {n}{credit} to bypass {ice}?"), n=cost, credit="[credit]",
                        ice=str(ice))  # fmt: skip
        if g.can_pay("runner", cost) and x.may(prompt):
            g.pay("runner", cost, str(x.card))
            x.bypass()

    b.paid([click(2)], use, usable=lambda g, c, w: w == "action" and g.current_run is None)
    b.when("approach_ice", approach, only=first_rezzed)


@card("dean_lister", paragraphs=(0,), summary="Trash it: an icebreaker of the runner's choice has +1 strength for "
      "each card in the grip until the run ends.")  # fmt: skip
def _dean_lister(b: Builder) -> None:
    def use(x: Exec) -> None:
        g = x.game
        chosen = x.pick(Phrase(N_("choose an icebreaker")), _icebreakers(g), optional=False)
        if chosen is None or g.current_run is None:
            return

        def stronger(g: NetrunnerGame, this: Card, c: Card, chosen: Card = chosen) -> int:
            return len(g.runner.hand) if c is chosen else 0

        x.lasting("strength_all", stronger, until="run")
        g.log.add("strength", RUNNER, card=str(chosen), delta=len(g.runner.hand), strength=g.strength_of(chosen))

    def usable(g: NetrunnerGame, c: Card, window: str) -> bool:
        return window in ("run", "encounter") and g.current_run is not None and bool(_icebreakers(g))

    b.paid([trash_self()], use, usable=usable)


def _inez(b: Builder, effect: Callable[[Exec], None]) -> None:
    """"Add this card to your score area as an agenda worth 0 points: <effect>. Only if you stole an agenda this
    turn"."""

    def use(x: Exec) -> None:
        _add_to_score_area(x.game, x.card)
        effect(x)

    def usable(g: NetrunnerGame, c: Card, window: str) -> bool:
        return window in ("action", "run") and c in g.runner.rig and bool(g.events_this_turn("steal"))

    b.paid([], use, usable=usable)


def _reveal_hq(x: Exec) -> None:
    g = x.game
    g.log.add("reveal", CORP, cards=[str(c) for c in g.corp.hand], zone=Term("zone", "hq"), reason=x.why)


def _reveal_rnd(x: Exec, n: int) -> None:
    g = x.game
    top = list(reversed(g.corp.deck[-n:]))
    g.log.add("reveal", CORP, cards=[str(c) for c in top], zone=Term("zone", "rnd"), reason=x.why)


@card("investigator_inez_delgado", paragraphs=(1,), summary="Once the runner stole an agenda this turn: it goes to "
      "the runner's score area as a 0-point agenda and every card in a remote server is exposed.")  # fmt: skip
def _inez_1(b: Builder) -> None:
    def expose(x: Exec) -> None:
        g = x.game
        remotes = [name for name, s in g.servers.items() if s.remote]
        if not remotes:
            g.log.add("no_target", RUNNER, card=str(x.card), reason=Phrase(N_("the corp has no {server} server"),
                                                                           server=Term("server_kind", "remote")))
            return
        name = str(g.choose("runner", "server", Phrase(N_("expose the cards of which server")), remotes))
        server = g.servers[name]
        for c in [c for c in [*server.ice, *server.root] if not c.rezzed]:
            g.log.add("exposed", RUNNER, card=str(c), type=c.type, server=name)

    _inez(b.paragraph(1), expose)


@card("investigator_inez_delgado_2", paragraphs=(1,), summary="Once the runner stole an agenda this turn: it goes to "
      "the runner's score area as a 0-point agenda and the top 3 cards of R&D are revealed.")  # fmt: skip
def _inez_2(b: Builder) -> None:
    _inez(b.paragraph(1), lambda x: _reveal_rnd(x, 3))


@card("investigator_inez_delgado_3", paragraphs=(1,), summary="Once the runner stole an agenda this turn: it goes to "
      "the runner's score area as a 0-point agenda and HQ is revealed.")  # fmt: skip
def _inez_3(b: Builder) -> None:
    _inez(b.paragraph(1), _reveal_hq)


@card("investigator_inez_delgado_4", paragraphs=(0,), summary="Once the runner stole an agenda this turn: it goes to "
      "the runner's score area as a 0-point agenda and HQ and the top card of R&D are revealed.")  # fmt: skip
def _inez_4(b: Builder) -> None:
    def reveal(x: Exec) -> None:
        _reveal_hq(x)
        _reveal_rnd(x, 1)

    _inez(b, reveal)


@card("laguna_velasco_district", paragraphs=(0,), summary="The basic action to draw draws 1 more card.")
def _laguna(b: Builder) -> None:
    def drew(x: Exec) -> bool:
        return x.event.get("side") == "runner" and x.event.get("action") == "draw"

    def more(x: Exec) -> None:
        x.game.draw("runner", 1)

    b.when("action_taken", more, only=drew)


@card("levy_advanced_research_lab", paragraphs=(0,), summary="Click: reveal the top 4 cards of the stack; a program "
      "among them may go to the grip, the rest to the bottom of the stack in any order.")  # fmt: skip
def _levy(b: Builder) -> None:
    def use(x: Exec) -> None:
        g = x.game
        deck = g.runner.deck
        top = list(reversed(deck[-4:]))
        if not top:
            g.log.add("draw_failed", RUNNER, reason=Phrase(N_("the stack is empty")))
            return
        del deck[-len(top) :]
        g.log.add("reveal", RUNNER, cards=[str(c) for c in top], zone=Term("zone", "stack"), reason=x.why)
        programs = [c for c in top if c.type == "program"]
        chosen = x.pick(Phrase(N_("add which program to your grip")), programs)
        if chosen is not None:
            top.remove(chosen)
            g.runner.hand.append(chosen)
            g.log.add("to_hand", RUNNER, card=str(chosen), zone=Term("zone", "stack"))
        bottom: list[Card] = []
        left = list(top)
        while len(left) > 1:
            prompt = Phrase(N_("which card goes in place {n} from the bottom of your stack"), n=len(bottom) + 1)
            pick = g.choose("runner", "order", prompt, left)
            left.remove(pick)
            bottom.append(pick)
        bottom += left
        deck[0:0] = bottom  # the first chosen is the bottom card
        g.log.add("to_deck", RUNNER, cards=len(bottom), zone=Term("zone", "stack"), where="bottom")

    b.paid([click()], use, usable=lambda g, c, w: w == "action" and bool(g.runner.deck))


@card("maxwell_james", paragraphs=(1,), summary="Trash it: derez a piece of ice protecting a remote server; only in "
      "the paid ability window right after a successful HQ run ends.")  # fmt: skip
def _maxwell_james(b: Builder) -> None:
    def remote_ice(g: NetrunnerGame) -> list[Card]:
        return [c for s in g.servers.values() if s.remote for c in s.ice if c.rezzed]

    def hq_run_ended(x: Exec) -> None:
        x.card.notes["window"] = "run"

    def action_over(x: Exec) -> None:
        # the action that made the run ends: its window opens; the next action closes it
        if x.card.notes.get("window") == "run":
            x.card.notes["window"] = "open"
        else:
            x.card.notes.pop("window", None)

    def derez(x: Exec) -> None:
        g = x.game
        chosen = x.pick(Phrase(N_("derez which ice")), remote_ice(g), optional=False)
        if chosen is not None:
            g.derez(chosen, x.why)

    def usable(g: NetrunnerGame, c: Card, window: str) -> bool:
        return window == "action" and c.notes.get("window") == "open" and bool(remote_ice(g))

    b.paragraph(1).when("run_ends", hq_run_ended,
                        only=lambda x: x.event.get("server") == "hq" and bool(x.event.get("successful")))  # fmt: skip
    b.paragraph(1).when("action_taken", action_over, only=lambda x: "window" in x.card.notes)
    b.paragraph(1).paid([trash_self()], derez, usable=usable)


@card("mr_stone", paragraphs=(0,), summary="Whenever the runner takes tags, 1 meat damage.")
def _mr_stone(b: Builder) -> None:
    b.when("tags_taken", lambda x: x.game.damage("meat", 1))


@card("officer_frank", paragraphs=(0,), summary="Trash it and 1 credit: the corp trashes 2 random cards from HQ; only "
      "after the runner suffered meat damage this turn.")  # fmt: skip
def _officer_frank(b: Builder) -> None:
    def use(x: Exec) -> None:
        g = x.game
        for c in g.rng.sample(g.corp.hand, min(2, len(g.corp.hand))):
            g.trash(c, x.why, by="corp")

    def usable(g: NetrunnerGame, c: Card, window: str) -> bool:
        return any(e.get("damage") == "meat" for e in g.events_this_turn("damage")) and bool(g.corp.hand)

    b.paid([trash_self(), credit(1)], use, usable=usable)


@card("the_masque_a", paragraphs=(0,), summary="Click, trash it: gain a click and run any server; if successful, "
      "draw 1 card.")  # fmt: skip
def _the_masque_a(b: Builder) -> None:
    def use(x: Exec) -> None:
        x.do("你获得 [click]。")
        if _successful(x.run_on("any")):
            x.game.draw("runner", 1)

    b.paid([click(), trash_self()], use, usable=lambda g, c, w: w == "action" and g.current_run is None)


@card("the_masque_b", paragraphs=(0,), summary="Click, trash it: gain a click and run any server; if that run ends "
      "successful, the runner may run another server at once.")  # fmt: skip
def _the_masque_b(b: Builder) -> None:
    def use(x: Exec) -> None:
        g = x.game
        x.do("你获得 [click]。")
        first = x.run_on("any")
        if g.current_run is first:
            g.runs.finish_run()
        x.ctx.owns_run = False
        if g.over or not _successful(first):
            return
        others = [s for s in g.servers if s != first.server and g.may_run(s)]
        if others and x.may(Phrase(N_("make another run on another server?"))):
            x.run_on(str(x.choose(Phrase(N_("run on which server")), others, kind="server")))

    b.paid([click(), trash_self()], use, usable=lambda g, c, w: w == "action" and g.current_run is None)


@card("the_shadow_net", paragraphs=(0,), summary="Click, forfeit an agenda: play an event from the heap, ignoring all "
      "costs.")  # fmt: skip
def _the_shadow_net(b: Builder) -> None:
    def playable(g: NetrunnerGame) -> list[Card]:
        return [c for c in reversed(g.runner.discard) if c.type == "event" and g.may_play(c)]

    def use(x: Exec) -> None:
        g = x.game
        agendas = [c for c in g.runner.score_area if c.type == "agenda"]
        agenda = x.pick(Phrase(N_("forfeit which agenda")), agendas, optional=False)
        if agenda is None:
            g.log.add("no_target", RUNNER, card=str(x.card), reason=Phrase(N_("no agenda to forfeit")))
            return
        g.forfeit(agenda, Phrase(N_("the cost of {card}"), card=str(x.card)))
        event = x.pick(Phrase(N_("play which event from your heap")), playable(g), optional=False)
        if event is None:
            return
        g.runner.discard.remove(event)
        g.log.add("play", RUNNER, card=str(event), reason=x.why)
        for ability in g.abilities(event):
            if ability.kind == "effect" and not g.over:
                g.interp.execute(ability, Context("runner", event, g.current_run), pay=False)
        if g.script_hooks("stays_in_play", [event]) and event not in g.removed:
            g.stay_in_play(event)
        elif event not in g.removed and event not in g.runner.discard:
            g.to_discard(event, "played", faceup=True)
        g.announce("played", card=event)

    def usable(g: NetrunnerGame, c: Card, window: str) -> bool:
        return (
            window == "action"
            and g.current_run is None
            and any(a.type == "agenda" for a in g.runner.score_area)
            and bool(playable(g))
        )

    b.paid([click()], use, usable=usable)


# ---------------------------------------------------------------- identities


@card("skorpios_defense_systems_persuasive_power", paragraphs=(0,), summary="Once per turn, when runner cards are "
      "trashed, the corp may remove 1 of them from the game instead of leaving it in the heap.")  # fmt: skip
def _skorpios(b: Builder) -> None:
    def by_damage(g: NetrunnerGame, c: Card) -> bool:
        """The last log line that put ``c`` in the heap is damage's (its "trashed" event is one of that damage's)."""
        for e in reversed(list(g.log)):
            if e.kind == "damage" and str(c) in e.data.get("trashed", []):
                return True
            if e.kind in ("trashed", "discarded") and e.data.get("card") == str(c):
                return False
        return False

    def trashed_cards(x: Exec) -> list[Card]:
        g = x.game
        if "cards" in x.event:  # damage_done: every card the damage trashed at once, one choice among them
            cards = list(x.event["cards"])
        else:  # trashed: one card; a damage's own cards are left to its damage_done, so each is offered once
            c = x.event.get("card")
            cards = [] if c is None or by_damage(g, c) else [c]
        return [c for c in cards if c.side == "runner" and c in g.runner.discard]

    def concerned(x: Exec) -> bool:
        return x.card.notes.get("removed") != x.game.turns and bool(trashed_cards(x))

    def remove(x: Exec) -> None:
        g = x.game
        cards = trashed_cards(x)
        chosen = x.pick(Phrase(N_("{card}: remove which of them from the game"), card=str(x.card)), cards)
        if chosen is not None and chosen in g.runner.discard:
            x.card.notes["removed"] = g.turns
            x.remove_from_game(chosen)

    b.when("trashed", remove, only=concerned).when("damage_done", remove, only=concerned)
