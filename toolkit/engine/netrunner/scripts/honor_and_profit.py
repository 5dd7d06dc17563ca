"""Card scripts of Honor and Profit: the Jinteki and criminal cards, the neutral cards and the five identities.

Frames several cards share: a breaker that "cannot interface with ice protecting a remote server" (:func:`_central`:
the printed break, scripted in place of the template so that it is offered against ice of the central servers only);
a card that goes to the runner's score area "as an agenda" (:func:`_to_runner_score_area`: its points count for as
long as it stays there, as a hook lasting the game); whether a trashed runner card was installed
(:func:`_was_installed`: read from the log, since the ``trashed`` timing also fires for cards trashed from the grip or
the stack).

Cards whose text needs what the engine does not model (a timing for the corp drawing cards or for advancement counters
placed by any means, another card's play cost, ice that cannot be bypassed, ice that stops breaking on other ice or
stops jacking out, moving a run to another server, a rez or score restriction on one card, replacing damage about to
be done, a steal forbidden for one access, exposing as a timing, a timing for revealed psi bids, the agenda points
needed to win, recurring credits for playing run events) are left out; the report of the set's scripts lists them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from toolkit.engine.phrase import Phrase, Term
from toolkit.i18n.words import N_
from toolkit.text import ast as A
from toolkit.text import parse_cached

from ..decisions import Option
from ..run import gain_subroutines
from ..state import SEATS, Card, Context, Encounter, Sub
from . import Builder, Exec, card, click, counters, credit, one_console, this_card, trash_self

if TYPE_CHECKING:
    from ..game import NetrunnerGame

RUNNER = SEATS["runner"]
CORP = SEATS["corp"]
RUNNER_TYPES = ("event", "hardware", "program", "resource")
NET_SUB = "[subroutine] 造成 1 点网域伤害。"


# ---------------------------------------------------------------- what several cards ask


def _encountering(g: NetrunnerGame) -> Encounter | None:
    run = g.current_run
    return run.encounter if run is not None and not run.ended else None


def _breakable(
    g: NetrunnerGame, breaker: Card, subtype: str | None = None, which: Callable[[Card, Sub], bool] | None = None
) -> Encounter | None:
    """The encounter in progress when ``breaker`` could break one of its ice's subroutines now (of ``subtype`` ice;
    only subroutines ``which`` holds for): one is unbroken, the ice lets it, and an icebreaker is strong enough."""
    enc = _encountering(g)
    if enc is None or (subtype is not None and subtype not in enc.ice.subtypes) or not g.may_break(enc.ice, breaker):
        return None
    if not any(not s.broken and (which is None or which(enc.ice, s)) for s in enc.subs):
        return None
    if getattr(breaker.record, "strength", None) is not None and g.strength_of(breaker) < g.strength_of(enc.ice):
        return None
    return enc


def _protects_remote(g: NetrunnerGame, ice: Card) -> bool:
    server = g.server_of(ice)
    return server is not None and server.remote


def _central(b: Builder, cost: int, count: int, subtype: str) -> None:
    """"Interface → ``cost``[credit]: break up to ``count`` ``subtype`` subroutines", offered only while the ice
    encountered does not protect a remote server ("This program cannot interface with ice protecting a remote
    server")."""

    def usable(g: NetrunnerGame, c: Card, window: str) -> bool:
        enc = _breakable(g, c, subtype)
        return window == "encounter" and enc is not None and not _protects_remote(g, enc.ice)

    def use(x: Exec) -> None:
        enc = _encountering(x.game)
        if enc is not None and _protects_remote(x.game, enc.ice):
            x.game.log.add("break_failed", RUNNER, ice=str(enc.ice),
                           reason=Phrase(N_("{card} cannot interface with ice protecting a remote server"),
                                         card=str(x.card)))  # fmt: skip
            return
        x.break_subroutines(count, subtype)

    b.paragraph(0).paid([credit(cost)], use, usable=usable, role="break")


def _ran_this_turn(g: NetrunnerGame, server: str, successful: bool = True) -> bool:
    return any(turn == g.turns and where == server and ok == successful for turn, where, ok in g.run_history)


def _was_installed(g: NetrunnerGame, c: Card) -> bool:
    """Whether ``c``, a runner card just trashed (its ``trashed`` event the last one naming it), was installed then:
    the last event before that naming it put it in the rig (an install) rather than elsewhere (drawn, searched,
    trashed, discarded); with neither, whether it was in use (a card laid out in the rig by a scenario)."""
    name = str(c)
    leave = {"trashed", "discarded", "draw", "search", "removed_from_game"}
    in_use = {"use", "counter", "place_credits", "take_credits", "recurring", "strength", "break", "host"}
    current = False
    used = False
    for e in reversed(list(g.log)):
        if e.data.get("card") != name and e.data.get("by") != name:
            continue
        if not current and e.kind == "trashed":
            current = True
            continue
        if e.kind == "install":
            return True
        if e.kind in leave:
            return False
        used = used or e.kind in in_use
    return used


def _being_accessed(g: NetrunnerGame, c: Card) -> bool:
    """Whether ``c`` is the card being accessed now: the last access since the run, the action or the turn ended."""
    for e in reversed(list(g.log)):
        if e.kind == "access" and "card" in e.data:
            return bool(e.data["card"] == str(c))
        if e.kind in ("run_end", "turn_end", "action"):
            return False
    return False


def _to_runner_score_area(g: NetrunnerGame, c: Card, points: int) -> None:
    """``c`` leaves where it is for the runner's score area as an agenda worth ``points`` (for as long as it stays
    there: a points hook lasting the game)."""
    server = g.server_of(c)
    if server is not None:
        g.trash_from_server(c)
    for zone in (g.corp.hand, g.corp.deck, g.corp.discard):
        if c in zone:
            zone.remove(c)
    c.leave_play()
    c.faceup = True
    g.runner.score_area.append(c)
    g.log.add("move", RUNNER, card=str(c), reason=Phrase(N_("to the runner's score area as an agenda worth {n}"),
                                                          n=points))  # fmt: skip
    if not any(entry[0] == "points" and entry[1] is c for entry in g.lasting):

        def worth(game: NetrunnerGame, this: Card, side: str) -> int:
            return points if side == "runner" and this in game.runner.score_area else 0

        g.add_lasting("points", c, worth, "game")  # never lifted: only a run's or a turn's end lifts hooks
    g.check_points()


def _amount(g: NetrunnerGame, side: Any, prompt: Any, most: int, kind: str = "bid") -> int:
    """A number of credits from 0 to ``most`` that ``side`` chooses to spend (``kind``: ``psi`` for a secret one)."""
    options = [Option(f"pay:{n}", Phrase(N_("pay {n}{credit}"), n=n, credit="[credit]"), n) for n in range(most + 1)]
    return int(g.ask(side, kind, prompt, options).value)


def _psi_differs(x: Exec) -> bool:
    x.do("进行心灵博弈。")
    return x.ctx.psi_equal is False


# ---------------------------------------------------------------- icebreakers and other programs


@card("alias", paragraphs=(0, 2), replaces=(0,), summary="1 credit breaks 1 sentry subroutine, on ice protecting a "
      "central server only.")  # fmt: skip
def _alias(b: Builder) -> None:
    _central(b, 1, 1, "sentry")


@card("breach", paragraphs=(0, 2), replaces=(0,), summary="2 credits break up to 3 barrier subroutines, on ice "
      "protecting a central server only.")  # fmt: skip
def _breach(b: Builder) -> None:
    _central(b, 2, 3, "barrier")


@card("passport", paragraphs=(0, 2), replaces=(0,), summary="1 credit breaks 1 code gate subroutine, on ice "
      "protecting a central server only.")  # fmt: skip
def _passport(b: Builder) -> None:
    _central(b, 1, 1, "code_gate")


def _tracer(ice: Card, sub: Sub) -> bool:
    """A subroutine that starts a trace: its text holds one (a scripted one: its printed paragraph names a trace)."""
    for node in A.walk(sub.ability):
        if isinstance(node, A.Trace):
            return True
        if isinstance(node, A.Scripted):
            printed = getattr(ice.record, "printed_text", None)
            paragraphs = list(getattr(printed, "en", None) or [])
            if 0 <= node.paragraph < len(paragraphs) and "trace" in paragraphs[node.paragraph].lower():
                return True
    return False


@card("gingerbread", paragraphs=(0,), summary="1 credit breaks 1 subroutine that starts a trace.")
def _gingerbread(b: Builder) -> None:
    def usable(g: NetrunnerGame, c: Card, window: str) -> bool:
        return window == "encounter" and _breakable(g, c, which=_tracer) is not None

    def use(x: Exec) -> None:
        g = x.game
        enc = _breakable(g, x.card, which=_tracer)
        if enc is None:
            g.log.add("break_failed", RUNNER, reason=Phrase(N_("no trace subroutine to break")))
            return
        subs = [s for s in enc.subs if not s.broken and _tracer(enc.ice, s)]
        prompt = Phrase(N_("break a subroutine of {ice}"), ice=str(enc.ice))
        for sub in g.choose_many("runner", "subroutine", prompt, subs, 1, label=lambda s: f"sub:{s.index}"):
            g.runs.mark_broken(enc.ice, sub, x.card)

    b.paid([credit(1)], use, usable=usable, role="break")


@card("grappling_hook", paragraphs=(0,), summary="Trash it: break every subroutine of the ice encountered but the one "
      "the runner keeps.")  # fmt: skip
def _grappling_hook(b: Builder) -> None:
    def usable(g: NetrunnerGame, c: Card, window: str) -> bool:
        enc = _encountering(g)
        return (
            window == "encounter"
            and enc is not None
            and g.may_break(enc.ice, c)
            and sum(1 for s in enc.subs if not s.broken) >= 2
        )

    def use(x: Exec) -> None:
        g = x.game
        enc = _encountering(g)
        if enc is None:
            g.log.add("break_failed", RUNNER, reason=Phrase(N_("no ice is being encountered")))
            return
        unbroken = [s for s in enc.subs if not s.broken]
        if not unbroken:
            return
        prompt = Phrase(N_("leave which subroutine of {ice} unbroken"), ice=str(enc.ice))
        keep = g.choose("runner", "subroutine", prompt, unbroken, label=lambda s: f"sub:{s.index}")
        for sub in unbroken:
            if sub is not keep:
                g.runs.mark_broken(enc.ice, sub, x.card)

    b.paid([trash_self()], use, usable=usable, role="break")


@card("overmind", paragraphs=(0, 1), summary="Installed with a power counter for each free MU; a hosted power counter "
      "breaks 1 subroutine.")  # fmt: skip
def _overmind(b: Builder) -> None:
    def installed(x: Exec) -> None:
        g = x.game
        if x.event.get("card") is not x.card:
            return
        free = g.memory_limit() - g.memory_used()
        if free > 0:
            g.add_counters(x.card, "power", free)

    def usable(g: NetrunnerGame, c: Card, window: str) -> bool:
        return window == "encounter" and _breakable(g, c) is not None

    def use(x: Exec) -> None:
        x.break_subroutines(1)

    b.when("installed", installed)
    b.paragraph(1).paid([counters("power", 1)], use, usable=usable, role="break")


# ---------------------------------------------------------------- runner events


@card("calling_in_favors", paragraphs=(0,), summary="1 credit for each installed connection resource.")
def _calling_in_favors(b: Builder) -> None:
    def play(x: Exec) -> None:
        n = sum(1 for c in x.game.runner.rig if c.type == "resource" and "connection" in c.subtypes)
        if n:
            x.game.gain_credits("runner", n, x.why)

    b.play(play)


def _first_click(g: NetrunnerGame, c: Card) -> bool:
    """No click of the runner's was spent this turn (or only the one spent to play this card, just now)."""
    spent = [e for e in g.events_this_turn("clicks") if e.get("side") == "runner" and e.get("amount", 0) < 0]
    if not spent:
        return True
    events = list(g.log)
    playing = bool(events) and events[-1].kind == "action" and events[-1].data.get("action") == "runner_play"
    return len(spent) == 1 and spent[0].get("reason") == "runner_play" and playing


@card("early_bird", paragraphs=(0, 1), summary="Played only as the first click of the turn: gain a click and run any "
      "server.")  # fmt: skip
def _early_bird(b: Builder) -> None:
    def play(x: Exec) -> None:
        x.do("你获得 [click]。")
        x.run_on("any")

    b.may_play(_first_click)
    b.paragraph(1).play(play)


@card("express_delivery", paragraphs=(0,), summary="One of the top 4 cards of the stack to the grip; the stack is "
      "shuffled.")  # fmt: skip
def _express_delivery(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        top = list(reversed(g.runner.deck[-4:]))
        chosen = x.pick(Phrase(N_("add which card to your grip")), top, optional=False)
        if chosen is not None:
            g.runner.deck.remove(chosen)
            g.runner.hand.append(chosen)
            g.log.add("search", RUNNER, visible=[RUNNER], card=str(chosen), zone="stack")
        g.rng.shuffle(g.runner.deck)
        g.log.add("shuffle", RUNNER, zone="stack")

    b.play(play)


@card("feint", paragraphs=(0,), summary="Run HQ, bypassing the first 2 pieces of ice encountered; a successful run "
      "does not breach HQ.")  # fmt: skip
def _feint(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        x.card.notes["bypassed"] = 0
        g.in_play.append(x.card)  # in play while its run goes on: it bypasses the ice met
        try:
            run = x.run_on("hq")
            x.instead_of_breach(lambda: None)
            if g.current_run is run:
                g.runs.finish_run()
        finally:
            if x.card in g.in_play:
                g.in_play.remove(x.card)

    def met(x: Exec) -> None:
        if x.card not in x.game.in_play or x.card.notes.get("bypassed", 2) >= 2:
            return
        x.card.notes["bypassed"] += 1
        x.bypass()

    b.play(play).when("encounter", met)


@card("mass_install", paragraphs=(0,), summary="Install up to 3 programs from the grip, paying for each.")
def _mass_install(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        for _ in range(3):
            options = [c for c in g.runner.hand if c.type == "program" and g.can_install(c)]
            chosen = x.pick(Phrase(N_("install a {type}"), type=Term("card_type", "program")), options)
            if chosen is None:
                return
            g.install("runner", chosen)

    b.play(play)


@card("planned_assault", paragraphs=(0, 1), summary="Costs an extra click; play a run event found in the stack, paying "
      "its play cost only; the stack is shuffled.")  # fmt: skip
def _planned_assault(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        runner = g.runner
        found = [c for c in reversed(runner.deck) if c.type == "event" and "run" in c.subtypes]
        playable = [c for c in found if g.may_play(c) and g.can_pay("runner", g.play_cost(c))]
        chosen = x.pick(Phrase(N_("play which run event from your stack")), playable)
        if chosen is not None:
            runner.deck.remove(chosen)
            g.log.add("search", RUNNER, card=str(chosen), zone="stack")
            runner.hand.append(chosen)
            g.actions.play_card("runner", chosen)
        g.rng.shuffle(runner.deck)
        g.log.add("shuffle", RUNNER, zone="stack")

    b.play_clicks(1)
    b.paragraph(1).play(play)


@card("push_your_luck", paragraphs=(0,), summary="The runner secretly spends credits, the corp guesses even or odd; a "
      "wrong guess gives the runner twice the amount.")  # fmt: skip
def _push_your_luck(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        amount = _amount(g, "runner", Phrase(N_("{card}: credits to spend in secret"), card=str(x.card)),
                         g.runner.credits, kind="psi")  # fmt: skip
        even = g.confirm("corp", "psi", Phrase(N_("{card}: did the runner spend an even or an odd amount?"),
                                                  card=str(x.card)), yes="even", no="odd",
                         texts=(Phrase(N_("even")), Phrase(N_("odd"))))  # fmt: skip
        g.pay("runner", amount, x.why)
        right = (amount % 2 == 0) == even
        parity = Phrase(N_("even")) if amount % 2 == 0 else Phrase(N_("odd"))
        g.log.add("reveal", RUNNER, card=str(x.card), amount=amount, result=parity)
        if not right and amount:
            g.gain_credits("runner", 2 * amount, x.why)

    b.play(play)


# ---------------------------------------------------------------- runner hardware and resources


@card("logos", paragraphs=(2, 3), summary="Whenever the corp scores an agenda, the runner may take any card of the "
      "stack into the grip and shuffle; one console per player.")  # fmt: skip
def _logos(b: Builder) -> None:
    def scored(x: Exec) -> None:
        g = x.game
        if not g.is_installed(x.card) or not g.runner.deck:
            return
        if not x.may(Phrase(N_("{card}: search your stack for a card?"), card=str(x.card))):
            return
        chosen = x.pick(Phrase(N_("add which card to your grip")), list(reversed(g.runner.deck)), optional=False)
        if chosen is not None:
            g.runner.deck.remove(chosen)
            g.runner.hand.append(chosen)
            g.log.add("search", RUNNER, visible=[RUNNER], card=str(chosen), zone="stack")
        g.rng.shuffle(g.runner.deck)
        g.log.add("shuffle", RUNNER, zone="stack")

    b.paragraph(2).when("any_scored", scored)
    one_console(b.paragraph(3))


@card("q_coherence_chip", paragraphs=(1,), summary="Trashed as soon as an installed program is trashed.")
def _q_coherence_chip(b: Builder) -> None:
    def trashed(x: Exec) -> None:
        g = x.game
        gone = x.event.get("card")
        if not isinstance(gone, Card) or gone.type != "program" or not g.is_installed(x.card):
            return
        if _was_installed(g, gone):
            g.trash(x.card, Phrase(N_("an installed program was trashed")))

    b.when("trashed", trashed)


@card("unregistered_s_w_35", paragraphs=(0, 1), summary="After a successful run on HQ this turn, 2 clicks trash a "
      "rezzed bioroid, clone, executive or sysop in the root of a remote server.")  # fmt: skip
def _unregistered(b: Builder) -> None:
    kinds = {"bioroid", "clone", "executive", "sysop"}

    def targets(g: NetrunnerGame) -> list[Card]:
        return [c for s in g.servers.values() if s.remote for c in s.root if c.rezzed and kinds & set(c.subtypes)]

    def usable(g: NetrunnerGame, c: Card, window: str) -> bool:
        return window == "action" and _ran_this_turn(g, "hq") and bool(targets(g))

    def use(x: Exec) -> None:
        g = x.game
        chosen = x.pick(Phrase(N_("trash which card")), targets(g), optional=False)
        if chosen is not None:
            g.trash(chosen, Phrase(N_("trashed by the {side}"), side=Term("side", "runner")), by="runner")

    b.paragraph(1).paid([click(2)], use, usable=usable)


@card("window", paragraphs=(0,), summary="Click: draw the bottom card of the stack.")
def _window(b: Builder) -> None:
    def use(x: Exec) -> None:
        g = x.game
        if not g.runner.deck:
            g.log.add("draw_failed", RUNNER, reason=Phrase(N_("the stack is empty")))
            return
        bottom = g.runner.deck.pop(0)
        g.runner.hand.append(bottom)
        g.log.add("draw", RUNNER, visible=[RUNNER], card=str(bottom))
        g.log.add("drew", RUNNER, side="runner", cards=1, hand=len(g.runner.hand))

    b.paid([click()], use, usable=lambda g, c, w: w == "action" and bool(g.runner.deck))


@card("oracle_may", paragraphs=(0, 1), summary="Once a turn, click: name a card type and reveal the top of the stack; "
      "draw it and gain 2 credits if it is of that type, else trash it.")  # fmt: skip
def _oracle_may(b: Builder) -> None:
    def use(x: Exec) -> None:
        g = x.game
        if not g.runner.deck:
            g.log.add("draw_failed", RUNNER, reason=Phrase(N_("the stack is empty")))
            return
        options = [Option(t, Term("type", t), t) for t in RUNNER_TYPES]
        named = str(g.ask("runner", "choice", Phrase(N_("choose a card type")), options).value)
        top = g.runner.deck[-1]
        g.log.add("reveal", RUNNER, card=str(top), type=top.type, zone="stack")
        if top.type == named:
            g.draw("runner", 1)
            x.do("你获得 2[credit]。")
        else:
            g.trash(top, x.why, by="runner")

    b.paragraph(1).paid([click()], use, once_per_turn=True,
                        usable=lambda g, c, w: w == "action" and bool(g.runner.deck))  # fmt: skip


@card("theophilius_bagbiter", paragraphs=(0, 1), summary="Installing it loses every credit of the pool; the runner's "
      "hand size is the credits in the pool.")  # fmt: skip
def _theophilius(b: Builder) -> None:
    def installed(x: Exec) -> None:
        if this_card(x):
            x.game.lose_credits("runner", x.game.runner.credits)

    def limit(g: NetrunnerGame, this: Card, side: str, stat: str) -> int:
        # the value it sets, which other changes (brain damage, other cards) then raise or lower
        return g.runner.credits - g.rules.hand_size if side == "runner" and stat == "hand_size" else 0

    b.when("installed", installed)
    b.paragraph(1).limit(limit)


@card("tri_maf_contact", paragraphs=(0, 1, 2), replaces=(1,), summary="Click, once a turn: gain 2 credits; the "
      "runner suffers 3 meat damage when it is trashed.")  # fmt: skip
def _tri_maf_contact(b: Builder) -> None:
    def trashed(x: Exec) -> None:
        if this_card(x) and _was_installed(x.game, x.card):
            x.game.damage("meat", 3)

    b.paragraph(1).paid([click()], lambda x: x.do("你获得 2[credit]。"), once_per_turn=True,
                        usable=lambda g, c, w: w == "action")  # fmt: skip
    b.paragraph(2).when("trashed", trashed)


# ---------------------------------------------------------------- runner identities


@card("iain_stirling_retired_spook", paragraphs=(0,), summary="At the start of the turn, 2 credits if the corp has "
      "more agenda points than the runner.")  # fmt: skip
def _iain_stirling(b: Builder) -> None:
    def start(x: Exec) -> None:
        if x.game.agenda_points("corp") > x.game.agenda_points("runner"):
            x.do("你获得 2[credit]。")

    b.when("your_turn_start", start)


@card("silhouette_stealth_operative", paragraphs=(0,), summary="At the first successful run on HQ of each turn, the "
      "runner may expose 1 installed card.")  # fmt: skip
def _silhouette(b: Builder) -> None:
    def successful(x: Exec) -> None:
        g = x.game
        if x.event.get("server") != "hq" or _ran_this_turn(g, "hq"):
            return
        facedown = [c for c in g.installed("corp") if not c.rezzed]
        chosen = x.pick(Phrase(N_("expose which card")), facedown, side="runner")
        if chosen is not None:
            server = g.server_of(chosen)
            g.log.add("exposed", RUNNER, card=str(chosen), type=chosen.type, server=server.name if server else None)

    b.when("run_successful", successful)


# ---------------------------------------------------------------- corp operations


@card("cerebral_cast", paragraphs=(0, 1), summary="Played after a successful run of the runner's last turn: a psi "
      "game; if the bids differ the runner takes 1 brain damage or 1 tag, as it chooses.")  # fmt: skip
def _cerebral_cast(b: Builder) -> None:
    def may_play(g: NetrunnerGame, c: Card) -> bool:
        events = Exec(g, Context("corp", c)).last_turn("runner")
        return any(e.kind == "run_end" and e.data.get("successful") for e in events)

    def play(x: Exec) -> None:
        g = x.game
        if not _psi_differs(x):
            return
        texts = (Phrase(N_("take {n} {damage}"), n=1, damage=Term("damage", "brain")), Phrase(N_("take 1 tag")))
        prompt = Phrase(N_("{card}: brain damage or a tag?"), card=str(x.card))
        if g.confirm("runner", "choice", prompt, yes="damage", no="tag", texts=texts):
            g.damage("brain", 1)
        else:
            g.gain_tags(1)

    b.may_play(may_play)
    b.paragraph(1).play(play)


@card("diversified_portfolio", paragraphs=(0,), summary="1 credit for each remote server with a card in its root.")
def _diversified_portfolio(b: Builder) -> None:
    def play(x: Exec) -> None:
        n = sum(1 for s in x.game.servers.values() if s.remote and s.root)
        if n:
            x.game.gain_credits("corp", n, x.why)

    b.play(play)


@card("medical_research_fundraiser", paragraphs=(0,), summary="The corp gains 8 credits, the runner 3.")
def _medical_research_fundraiser(b: Builder) -> None:
    def play(x: Exec) -> None:
        x.do("你获得 8[credit]。")
        x.game.gain_credits("runner", 3, x.why)

    b.play(play)


# ---------------------------------------------------------------- agendas


@card("medical_breakthrough", paragraphs=(0,), summary="Needs 1 advancement less for each other Medical Breakthrough "
      "in either score area.")  # fmt: skip
def _medical_breakthrough(b: Builder) -> None:
    def requirement(g: NetrunnerGame, this: Card, agenda: Card) -> int:
        scored = [*g.corp.score_area, *g.runner.score_area]
        return -sum(1 for c in scored if c.id == this.id and c is not this)

    b.own_requirement(requirement)


# paragraph 1 ("limit 1 per deck", naming the card) is the record's deck_limit of 1, which the deck validators enforce
@card("philotic_entanglement", paragraphs=(0, 1), summary="When scored, 1 net damage for each agenda in the runner's "
      "score area; one copy a deck.")  # fmt: skip
def _philotic_entanglement(b: Builder) -> None:
    def scored(x: Exec) -> None:
        n = len(x.game.runner.score_area)
        if this_card(x) and n:
            x.game.damage("net", n)

    b.when("agenda_scored", scored)


# ---------------------------------------------------------------- assets and upgrades


@card("chairman_hiro", paragraphs=(0, 1), summary="The runner's hand size is 2 less; trashed while accessed, it goes "
      "to the runner's score area as an agenda worth 2 points.")  # fmt: skip
def _chairman_hiro(b: Builder) -> None:
    def limit(g: NetrunnerGame, this: Card, side: str, stat: str) -> int:
        return -2 if side == "runner" and stat == "hand_size" else 0

    def trashed(x: Exec) -> None:
        g = x.game
        if this_card(x) and x.card in g.corp.discard and _being_accessed(g, x.card):
            _to_runner_score_area(g, x.card, 2)

    b.limit(limit)
    b.paragraph(1).when("trashed", trashed)


@card("plan_b", paragraphs=(1,), summary="When accessed, the corp may reveal and score an agenda from HQ needing no "
      "more advancement than the counters on it.")  # fmt: skip
def _plan_b(b: Builder) -> None:
    def accessed(x: Exec) -> None:
        g = x.game
        if x.event.get("card") is not x.card or g.forbidden("score"):
            return
        most = x.card.advancement
        agendas = [c for c in g.corp.hand if c.type == "agenda" and (g.advancement_requirement(c) or 0) <= most]
        if not agendas or not x.may(Phrase(N_("{card}: score an agenda from HQ?"), card=str(x.card))):
            return
        chosen = x.pick(Phrase(N_("score which agenda")), agendas, optional=False)
        if chosen is None:
            return
        g.log.add("reveal", CORP, card=str(chosen), zone="hq")
        g.corp.hand.remove(chosen)
        g.add_to_score_area(chosen, "corp")

    b.when("access", accessed)


@card("shi_kyu", paragraphs=(0,), summary="Accessed outside R&D: the corp spends any credits; the runner takes that "
      "much net damage or puts it in its score area as an agenda worth -1.")  # fmt: skip
def _shi_kyu(b: Builder) -> None:
    def accessed(x: Exec) -> None:
        g = x.game
        if x.event.get("card") is not x.card or x.card in g.corp.deck:
            return
        n = _amount(g, "corp", Phrase(N_("{card}: credits to spend"), card=str(x.card)), g.corp.credits)
        if not n:
            return
        g.pay("corp", n, x.why)
        g.log.add("reveal", CORP, card=str(x.card), amount=n)
        prompt = Phrase(N_("{card}: take {n} {damage} or add it to your score area as -1 agenda point?"),
                        card=str(x.card), n=n, damage=Term("damage", "net"))  # fmt: skip
        texts = (Phrase(N_("take {n} {damage}"), n=n, damage=Term("damage", "net")),
                 Phrase(N_("add it to your score area")))  # fmt: skip
        if g.confirm("runner", "choice", prompt, yes="damage", no="score", texts=texts):
            g.damage("net", n)
        else:
            _to_runner_score_area(g, x.card, -1)

    b.when("access", accessed)


@card("tenma_line", paragraphs=(0,), summary="Click: swap two installed pieces of ice.")
def _tenma_line(b: Builder) -> None:
    def ices(g: NetrunnerGame) -> list[Card]:
        return [c for c in g.installed("corp") if c.type == "ice"]

    def use(x: Exec) -> None:
        g = x.game
        chosen = g.choose_many("corp", "target", Phrase(N_("swap which pieces of ice")), ices(g), 2)
        if len(chosen) < 2:
            return
        first, second = chosen
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

    b.paid([click()], use, usable=lambda g, c, w: w == "action" and len(ices(g)) >= 2)


# ---------------------------------------------------------------- ice


@card("komainu", paragraphs=(0,), summary="When encountered it gains, for the rest of the run, a net damage "
      "subroutine for each card in the grip.")  # fmt: skip
def _komainu(b: Builder) -> None:
    def met(x: Exec) -> None:
        g = x.game
        enc = _encountering(g)
        if x.event.get("ice") is not x.card or enc is None or enc.ice is not x.card:
            return
        before = x.card.notes.get("gained", 0) if x.card.notes.get("run") is g.current_run else 0
        total = before + len(g.runner.hand)
        x.card.notes["run"], x.card.notes["gained"] = g.current_run, total
        gain_subroutines(g, enc, [parse_cached(NET_SUB)] * total)

    b.when("encounter", met)


@card("pup", paragraphs=(0, 1), summary="Two subroutines: 1 net damage unless the runner pays 1 credit.")
def _pup(b: Builder) -> None:
    def sub(x: Exec) -> None:
        g = x.game
        prompt = Phrase(N_("pay {n}{credit} to prevent {amount} {damage}?"), n=1, credit="[credit]", amount=1,
                        damage=Term("damage", "net"))  # fmt: skip
        if g.can_pay("runner", 1) and x.may(prompt, side="runner"):
            g.pay("runner", 1, str(x.card))
        else:
            g.damage("net", 1)

    b.paragraph(0).subroutine(sub)
    b.paragraph(1).subroutine(sub)


@card("shiro", paragraphs=(0, 1), summary="Subroutines: the corp orders the top 3 cards of R&D; the corp may pay 1 "
      "credit, else the runner breaches R&D, accessing none of its root.")  # fmt: skip
def _shiro(b: Builder) -> None:
    def arrange(x: Exec) -> None:
        g = x.game
        deck = g.corp.deck
        top = list(reversed(deck[-3:]))
        if not top:
            return
        order = g.choose_many("corp", "order", Phrase(N_("which card goes on top of R&D")), top, len(top))
        del deck[-len(top) :]
        deck.extend(reversed(order))
        g.log.add("reveal", CORP, visible=[CORP], cards=[str(c) for c in order], zone="rnd")
        g.log.add("move", CORP, cards=len(order), zone="rnd", reason=Phrase(N_("the corp arranged the top of R&D")))

    def breach(x: Exec) -> None:
        g = x.game
        run = g.current_run
        prompt = Phrase(N_("{card}: pay {n}{credit} to keep the runner out of R&D?"), card=str(x.card), n=1,
                        credit="[credit]")  # fmt: skip
        if g.can_pay("corp", 1) and x.may(prompt):
            g.pay("corp", 1, str(x.card))
            return
        g.log.add("effect", RUNNER, card=str(x.card), server="rnd", reason=Phrase(N_("the runner breaches R&D")))
        extra = 0
        if run is not None:  # what adds to a breach of R&D counts for this one
            saved, run.extra_access = run.extra_access, 0
            g.announce("breach", server="rnd")
            extra, run.extra_access = run.extra_access, saved
        cards = list(reversed(g.corp.deck[-(1 + extra) :]))
        if not cards:
            g.log.add("access", RUNNER, server="rnd", cards=0)
        for c in cards:
            if g.over:
                break
            g.runs.access_card(c, "rnd")

    b.paragraph(0).subroutine(arrange)
    b.paragraph(1).subroutine(breach)


# ---------------------------------------------------------------- corp identities


@card("tennin_institute_the_secrets_within", paragraphs=(0,), summary="At the start of the turn, after a runner turn "
      "without a successful run, the corp may place 1 advancement counter on an installed card.")  # fmt: skip
def _tennin_institute(b: Builder) -> None:
    def start(x: Exec) -> None:
        g = x.game
        if any(e.kind == "run_end" and e.data.get("successful") for e in x.last_turn("runner")):
            return
        chosen = x.pick(Phrase(N_("place 1 advancement counter on which card")), g.installed("corp"))
        if chosen is not None:
            g.place_advancement(chosen, 1)

    b.when("your_turn_start", start)
