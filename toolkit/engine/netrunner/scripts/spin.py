"""Card scripts of the Spin cycle (Opening Moves, Second Thoughts, Mala Tempora, True Colors, Fear and Loathing,
Double Time): corp and runner cards.

Bad publicity given or removed by a card is counted here as the ability language counts it (the corp's total,
logged). The Caïssa programs (Bishop, Knight, Rook, Pawn) are installed in the rig and move onto a piece of ice
with their [click] ability: the ice hosts them (they go to the heap with it) while they stay the runner's
installed programs. GRNDL's starting credits and bad publicity come as the corp's first turn begins (the engine
deals the starting credits before any card is in play; nothing between uses them).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from toolkit.engine.phrase import Phrase, Term
from toolkit.i18n.words import N_
from toolkit.text import ast as A
from toolkit.text import parse_cached

from ..decisions import Option
from ..run import gain_subroutines
from ..state import SEATS, Context
from . import (
    Builder,
    Exec,
    breaker_usable,
    card,
    click,
    counters,
    credit,
    load,
    one_console,
    place_of,
    script_for,
    this_card,
    this_ice,
    trash_self,
)

if TYPE_CHECKING:
    from ..game import NetrunnerGame
    from ..state import Card, Encounter, Side

CORP = SEATS["corp"]
RUNNER = SEATS["runner"]
_ETR = "[subroutine] 终止潜袭。"


# ---------------------------------------------------------------- shared pieces


def _reveal(g: NetrunnerGame, cards: Sequence[Card], zone: str, visible: Any = "all") -> None:
    """Show ``cards`` of ``zone`` (to ``visible``: everyone unless told)."""
    if cards:
        seat = g.player(cards[0].side).seat
        g.log.add("reveal", seat, visible=visible, cards=[str(c) for c in cards], zone=Term("zone", zone))


def _look(g: NetrunnerGame, side: Side, cards: Sequence[Card], zone: str) -> None:
    """``side`` looks at ``cards`` of ``zone`` (nobody else sees them)."""
    seat = SEATS[side]
    if cards:
        g.log.add("look", seat, visible=[seat], cards=[str(c) for c in cards], zone=Term("zone", zone))
        g.log.add("look_count", seat, cards=len(cards), zone=Term("zone", zone))


def _bad_publicity(g: NetrunnerGame, change: int, why: Any) -> int:
    """The corp takes (``change`` > 0) or removes bad publicity; how much changed."""
    corp = g.corp
    change = max(change, -corp.bad_publicity)
    if change:
        corp.bad_publicity += change
        g.log.add("bad_publicity", CORP, amount=change, bad_publicity=corp.bad_publicity, reason=why)
    return change


def _ask(x: Exec, prompt: Any, choices: Sequence[tuple[str, Any]], side: Side | None = None) -> str:
    """One of ``choices`` (``(label, text)``), answered by ``side`` (default: the card's side): its label."""
    options = [Option(label, text, label) for label, text in choices]
    return str(x.game.ask(side or x.side, "target", prompt, options).value)


def _number(x: Exec, prompt: Any, values: Sequence[int], side: Side | None = None) -> int:
    """One of the numbers ``values`` (in the order offered), chosen by ``side`` (default: the card's side)."""
    return int(x.game.choose(side or x.side, "amount", prompt, list(values), label=str, text=str))


def _encountering(g: NetrunnerGame) -> Encounter | None:
    run = g.current_run
    if run is None or run.ended or run.encounter is None or run.encounter.bypassed:
        return None
    return run.encounter


def _trash_hosted(g: NetrunnerGame, host: Card) -> None:
    for hosted in list(host.hosted):
        g.trash(hosted, Phrase(N_("its host {card} left play"), card=str(host)))


def _to_hq(g: NetrunnerGame, moved: Card, why: Any) -> None:
    """An installed corp card back to HQ (the cards it hosts are trashed)."""
    seen: Any = "all" if moved.rezzed else [CORP]
    where = place_of(g, moved)
    _trash_hosted(g, moved)
    g.trash_from_server(moved)
    moved.leave_play()
    moved.faceup = False
    g.corp.hand.append(moved)
    told = g.log.add("move", CORP, visible=seen, card=str(moved), zone=where, to="hq", reason=why)
    if seen != "all":
        g.apart(told, g.log.add("move_facedown", CORP, zone=where, to="hq", reason=why))


def _to_stack_top(g: NetrunnerGame, moved: Card, why: Any) -> None:
    """An installed runner card on top of the stack (the cards it hosts are trashed)."""
    _trash_hosted(g, moved)
    if moved in g.runner.rig:
        g.runner.rig.remove(moved)
    moved.leave_play()
    g.runner.deck.append(moved)
    g.log.add("move", RUNNER, card=str(moved), to="stack", reason=why)
    g.check_memory()


def _runner_last_turn(g: NetrunnerGame) -> list[Any]:
    """The log's events of the runner's last ended turn (for a "Play only if" restriction)."""
    return Exec(g, Context("corp")).last_turn("runner")


def _shuffle(g: NetrunnerGame, side: Side) -> None:
    g.rng.shuffle(g.player(side).deck)
    g.log.add("shuffle", SEATS[side], zone=Term("zone", "rnd" if side == "corp" else "stack"))


def _gain_subroutines(x: Exec, abilities: Sequence[A.Ability]) -> None:
    """The ice being encountered gains ``abilities`` as subroutines after its others (logged: gain_subroutines)."""
    if x.run is not None and x.run.encounter is not None:
        gain_subroutines(x.game, x.run.encounter, abilities)


def _extra_click(b: Builder) -> None:
    """"As an additional cost to play this card, spend [click]"."""
    b.play_clicks(1)


# ---------------------------------------------------------------- operations and events: additional clicks


@card("blue_level_clearance", paragraphs=(0,), summary="Playing it costs one more click.")
def _blue_level_clearance(b: Builder) -> None:
    _extra_click(b)


@card("lucky_find", paragraphs=(0,), summary="Playing it costs one more click.")
def _lucky_find(b: Builder) -> None:
    _extra_click(b)


@card("lawyer_up", paragraphs=(0, 1), summary="Costs one more click to play; up to 2 tags go, then 3 draws.")
def _lawyer_up(b: Builder) -> None:
    _extra_click(b)
    b.paragraph(1).text("你移除 2 个锁定标记。你抽 3 张牌。")


@card("witness_tampering", paragraphs=(0, 1), summary="Costs one more click to play; sheds up to 2 bad publicity.")
def _witness_tampering(b: Builder) -> None:
    def play(x: Exec) -> None:
        _bad_publicity(x.game, -2, x.why)

    _extra_click(b)
    b.paragraph(1).play(play)


@card("corporate_shuffle", paragraphs=(0, 1), summary="Costs one more click to play; HQ is shuffled into R&D, then "
      "draw 5 cards.")  # fmt: skip
def _corporate_shuffle(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        moved = len(g.corp.hand)
        g.corp.deck.extend(g.corp.hand)
        g.corp.hand.clear()
        g.log.add("move", CORP, cards=moved, zone=Term("zone", "hq"), to="rnd", reason=x.why)
        _shuffle(g, "corp")
        g.draw("corp", 5)

    _extra_click(b)
    b.paragraph(1).play(play)


@card("power_nap", paragraphs=(0, 1), summary="Costs one more click to play; gain 2 credits and 1 more for each "
      "double event in the heap.")  # fmt: skip
def _power_nap(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        doubles = sum(1 for c in g.runner.discard if c.type == "event" and "double" in c.subtypes)
        g.gain_credits("runner", 2 + doubles, x.why)

    _extra_click(b)
    b.paragraph(1).play(play)


@card("executive_wiretaps", paragraphs=(0, 1), summary="Costs one more click to play; every card in HQ is revealed.")
def _executive_wiretaps(b: Builder) -> None:
    _extra_click(b)
    b.paragraph(1).play(lambda x: _reveal(x.game, list(x.game.corp.hand), "hq"))


@card("sweeps_week", paragraphs=(0,), summary="The corp gains a credit per card the runner holds.")
def _sweeps_week(b: Builder) -> None:
    b.play(lambda x: x.game.gain_credits("corp", len(x.game.runner.hand), x.why))


@card("frame_job", paragraphs=(0, 1), summary="Costs one more click to play; forfeit one of your agendas, and if "
      "you do the corp takes 1 bad publicity.")  # fmt: skip
def _frame_job(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        agenda = x.pick(Phrase(N_("forfeit which agenda")), list(g.runner.score_area), optional=False)
        if agenda is None:
            return
        g.forfeit(agenda, x.why)
        _bad_publicity(g, 1, x.why)

    _extra_click(b)
    b.paragraph(1).play(play)


@card("eureka", paragraphs=(0, 1), summary="Costs one more click to play; reveal the top card of the stack: you may "
      "install it for 10 credits less if you can, otherwise it is trashed.")  # fmt: skip
def _eureka(b: Builder) -> None:
    def installable(g: NetrunnerGame, c: Card) -> bool:
        if c.type not in ("program", "hardware", "resource") or not g.may_install(c):
            return False
        if c.type == "program" and int(c.record.memory_cost or 0) > g.memory_limit():
            return False
        return g.can_pay("runner", max(0, g.install_cost(c) - 10), "install")

    def play(x: Exec) -> None:
        g = x.game
        if not g.runner.deck:
            return
        top = g.runner.deck[-1]
        _reveal(g, [top], "stack")
        prompt = Phrase(N_("install {card}, paying {n}{credit} less?"), card=str(top), n=10, credit="[credit]")
        if installable(g, top) and x.may(prompt):
            x.install_from(top, g.runner.deck, less=10)
        else:
            g.trash(top, x.why, by="runner")

    _extra_click(b)
    b.paragraph(1).play(play)


@card("hostage", paragraphs=(0, 1), summary="Costs one more click to play; search the stack for a connection, reveal "
      "it and add it to the grip, and you may install it; shuffle the stack.")  # fmt: skip
def _hostage(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        found = [c for c in reversed(g.runner.deck) if "connection" in c.subtypes]
        chosen = x.pick(Phrase(N_("search your stack for a connection")), found, optional=False)
        if chosen is not None:
            g.runner.deck.remove(chosen)
            g.runner.hand.append(chosen)
            _reveal(g, [chosen], "stack")
            g.log.add("search", RUNNER, card=str(chosen), zone=Term("zone", "stack"))
            if g.can_install(chosen) and x.may(Phrase(N_("install {card}?"), card=str(chosen))):
                g.install("runner", chosen)
        _shuffle(g, "runner")

    _extra_click(b)
    b.paragraph(1).play(play)


@card("interns", paragraphs=(0, 1), summary="Costs one more click to play; install a card that is not an operation "
      "from HQ or Archives, free of its install cost.")  # fmt: skip
def _interns(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        options = [c for c in [*g.corp.hand, *reversed(g.corp.discard)] if c.type != "operation" and g.may_install(c)]
        chosen = x.pick(Phrase(N_("install which card from HQ or Archives")), options, optional=False)
        if chosen is not None:
            zone = g.corp.discard if chosen in g.corp.discard else g.corp.hand
            x.install_from(chosen, zone, free=True)

    _extra_click(b)
    b.paragraph(1).play(play)


@card("shipment_from_sansan", paragraphs=(0, 1), summary="Costs one more click to play; place up to 2 advancement "
      "counters on a card that can be advanced.")  # fmt: skip
def _shipment_from_sansan(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        options = sorted((c for c in g.installed("corp") if g.can_advance(c)), key=lambda c: c.type != "agenda")
        chosen = x.pick(Phrase(N_("place advancement counters on")), options, optional=False)
        if chosen is not None:
            amount = _number(x, Phrase(N_("how many advancement counters")), [2, 1, 0])
            if amount:
                g.place_advancement(chosen, amount)

    _extra_click(b)
    b.paragraph(1).play(play)


@card("reclamation_order", paragraphs=(0, 1), summary="Costs one more click to play; name another card: reveal any "
      "number of its copies in Archives and add them to HQ.")  # fmt: skip
def _reclamation_order(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        named: dict[str, Card] = {}
        for c in reversed(g.corp.discard):
            if c.id != x.card.id:
                named.setdefault(c.id, c)
        chosen = x.pick(Phrase(N_("name a card")), list(named.values()), optional=False)
        if chosen is None:
            return
        copies = [c for c in g.corp.discard if c.id == chosen.id]
        n = _number(x, Phrase(N_("add how many copies of {card} to HQ"), card=str(chosen)),
                    list(range(len(copies), -1, -1)))  # fmt: skip
        moved = copies[:n]
        _reveal(g, moved, "archives")
        for c in moved:
            g.corp.discard.remove(c)
            c.faceup = False
            g.corp.hand.append(c)
            g.log.add("move", CORP, card=str(c), zone=Term("zone", "archives"), to="hq", reason=x.why)

    _extra_click(b)
    b.paragraph(1).play(play)


# ---------------------------------------------------------------- corp operations


@card("accelerated_diagnostics", paragraphs=(0,), summary="Look at the top 3 cards of R&D: play any of the operations "
      "among them, paying their play costs but no additional cost; the rest are trashed.")  # fmt: skip
def _accelerated_diagnostics(b: Builder) -> None:
    def playable(g: NetrunnerGame, c: Card) -> bool:
        return c.type == "operation" and g.may_play(c) and g.can_pay("corp", g.play_cost(c))

    def play(x: Exec) -> None:
        g = x.game
        looked = list(reversed(g.corp.deck[-3:]))  # the top card first
        _look(g, "corp", looked, "rnd")
        while not g.over:
            options = [c for c in looked if c in g.corp.deck and playable(g, c)]
            chosen = x.pick(Phrase(N_("play which of the operations you looked at")), options)
            if chosen is None:
                break
            g.corp.deck.remove(chosen)
            g.corp.hand.append(chosen)  # played from there at once: its play cost only
            g.actions.play_card("corp", chosen)
        for c in looked:
            if c in g.corp.deck:
                g.trash(c, x.why, by="corp")

    b.play(play)


@card("power_shutdown", paragraphs=(0, 1), summary="Only after a runner turn with a run; trash any number of cards "
      "from the top of R&D, then the runner trashes an installed program or hardware costing no more than that.")  # fmt: skip
def _power_shutdown(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        n = _number(x, Phrase(N_("trash how many cards from the top of R&D")), list(range(len(g.corp.deck) + 1)))
        for c in list(reversed(g.corp.deck[-n:])) if n else []:
            g.trash(c, x.why, by="corp")
        options = [c for c in g.runner.rig if c.type in ("program", "hardware") and int(c.record.cost or 0) <= n]
        prompt = Phrase(N_("trash a program or hardware with an install cost of {n} or less"), n=n)
        chosen = x.pick(prompt, options, optional=False, side="runner")
        if chosen is not None:
            g.trash(chosen, x.why, by="runner")

    b.may_play(lambda g, c: any(e.kind == "run" for e in _runner_last_turn(g)))
    b.paragraph(1).play(play)


@card("hellion_alpha_test", paragraphs=(0, 1), summary="Only after a runner turn that installed a resource; trace 2: "
      "on success an installed resource goes on top of the stack, otherwise take 1 bad publicity.")  # fmt: skip
def _hellion_alpha_test(b: Builder) -> None:
    def installed_resource(g: NetrunnerGame, c: Card) -> bool:
        return any(e.kind == "install" and e.player == RUNNER and e.data.get("type") == "resource"
                   for e in _runner_last_turn(g))  # fmt: skip

    def play(x: Exec) -> None:
        g = x.game
        x.do("追踪[2]。")
        if x.ctx.trace:
            options = [c for c in g.runner.rig if c.type == "resource"]
            chosen = x.pick(Phrase(N_("put which resource on top of the stack")), options, optional=False)
            if chosen is not None:
                _to_stack_top(g, chosen, x.why)
        else:
            _bad_publicity(g, 1, x.why)

    b.may_play(installed_resource)
    b.paragraph(1).play(play)


@card("invasion_of_privacy", paragraphs=(0, 1), summary="Costs one more click to play; trace 2: on success reveal "
      "the grip and trash up to as many resources and events from it as the trace beat the link by; otherwise "
      "take 1 bad publicity.")  # fmt: skip
def _invasion_of_privacy(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        x.do("追踪[2]。")
        if not x.ctx.trace:
            _bad_publicity(g, 1, x.why)
            return
        trace = next(e for e in reversed(list(g.log)) if e.kind == "trace")
        margin = int(trace.data["strength"]) - int(trace.data["link_strength"])
        _reveal(g, list(g.runner.hand), "grip")
        for n in range(margin):
            options = [c for c in g.runner.hand if c.type in ("resource", "event")]
            prompt = Phrase(N_("trash a resource or event from the grip ({n}/{most})"), n=n + 1, most=margin)
            chosen = x.pick(prompt, options)
            if chosen is None:
                break
            g.trash(chosen, x.why, by="corp")

    _extra_click(b)
    b.paragraph(1).play(play)


@card("restoring_face", paragraphs=(0,), summary="Trash one of your installed sysops, executives or clones; if you "
      "do, remove up to 2 bad publicity.")  # fmt: skip
def _restoring_face(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        options = [c for c in g.installed("corp") if {"sysop", "executive", "clone"} & set(c.subtypes)]
        chosen = x.pick(Phrase(N_("trash a sysop, executive or clone")), options, optional=False)
        if chosen is not None and g.trash(chosen, x.why, by="corp"):
            _bad_publicity(g, -2, x.why)

    b.play(play)


# ---------------------------------------------------------------- runner events


@card("singularity", paragraphs=(0, 1), summary="Costs one more click to play; run a remote server, and if "
      "successful trash every card in its root instead of breaching it.")  # fmt: skip
def _singularity(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        run = x.run_on("remote")
        server = run.server

        def trash_root() -> None:
            where = g.servers.get(server)
            for c in list(where.root) if where is not None else []:
                g.trash(c, x.why, by="runner")

        x.instead_of_breach(trash_root)

    _extra_click(b)
    b.paragraph(1).play(play)


@card("running_interference", paragraphs=(0, 1), summary="Costs one more click to play; make a run during which "
      "rezzing a piece of ice costs the corp its rez cost again.")  # fmt: skip
def _running_interference(b: Builder) -> None:
    def play(x: Exec) -> None:
        busy = [False]

        def more(g: NetrunnerGame, this: Card, c: Card) -> int:
            if c.type != "ice" or busy[0]:
                return 0
            busy[0] = True  # the rez cost the ice has without this
            try:
                return g.rez_cost(c)
            finally:
                busy[0] = False

        x.lasting("rez_cost", more, until="run")
        x.run_on("any")

    _extra_click(b)
    b.paragraph(1).play(play)


@card("quest_completed", paragraphs=(0, 1), summary="Only after successful runs on R&D, HQ and Archives this turn; "
      "access an installed card that is not ice.")  # fmt: skip
def _quest_completed(b: Builder) -> None:
    def ran_all(g: NetrunnerGame, c: Card) -> bool:
        done = {where for turn, where, ok in g.run_history if turn == g.turns and ok}
        return {"hq", "rnd", "archives"} <= done

    def play(x: Exec) -> None:
        g = x.game
        options = [c for s in g.servers.values() for c in s.root]
        chosen = x.pick(Phrase(N_("access which installed card")), options, optional=False)
        if chosen is not None:
            server = g.server_of(chosen)
            g.runs.access_card(chosen, server.name if server is not None else "")

    b.may_play(ran_all)
    b.paragraph(1).play(play)


# ---------------------------------------------------------------- agendas


@card("character_assassination", paragraphs=(0,), summary="On scoring, a resource of the runner is trashed, with no "
      "prevention possible.")  # fmt: skip
def _character_assassination(b: Builder) -> None:
    def scored(x: Exec) -> None:
        g = x.game
        options = [c for c in g.runner.rig if c.type == "resource"]
        chosen = x.pick(Phrase(N_("trash a resource")), options, optional=False)
        if chosen is not None:
            g.trash(chosen, x.why)  # not by="corp": no prevention window

    b.when("agenda_scored", scored)


@card("clone_retirement", paragraphs=(0,), summary="On scoring, the corp may shed 1 bad publicity.")
def _clone_retirement(b: Builder) -> None:
    def scored(x: Exec) -> None:
        if x.game.corp.bad_publicity and x.may(Phrase(N_("remove {n} bad publicity?"), n=1)):
            _bad_publicity(x.game, -1, x.why)

    b.when("agenda_scored", scored)


@card("veterans_program", paragraphs=(0,), summary="On scoring, the corp may shed up to 2 bad publicity.")
def _veterans_program(b: Builder) -> None:
    def scored(x: Exec) -> None:
        if x.game.corp.bad_publicity and x.may(Phrase(N_("remove {n} bad publicity?"), n=2)):
            _bad_publicity(x.game, -2, x.why)

    b.when("agenda_scored", scored)


@card("profiteering", paragraphs=(0,), summary="On scoring, the corp may take 0-3 bad publicity for 5 credits apiece.")
def _profiteering(b: Builder) -> None:
    def scored(x: Exec) -> None:
        n = _number(x, Phrase(N_("take how many bad publicity ({n}{credit} each)"), n=5, credit="[credit]"),
                    [3, 2, 1, 0])  # fmt: skip
        if n:
            _bad_publicity(x.game, n, x.why)
            x.game.gain_credits("corp", 5 * n, x.why)

    b.when("agenda_scored", scored)


@card("project_ares", paragraphs=(0,), summary="When scored, the runner trashes one installed card for each "
      "advancement counter past 4 on it; if any is trashed, take 1 bad publicity.")  # fmt: skip
def _project_ares(b: Builder) -> None:
    def scored(x: Exec) -> None:
        g = x.game
        trashed = 0
        for n in range(max(0, int(x.event.get("advancement") or 0) - 4)):
            prompt = Phrase(N_("trash one of your installed cards ({n}/{most})"), n=n + 1,
                            most=int(x.event.get("advancement") or 0) - 4)  # fmt: skip
            chosen = x.pick(prompt, list(g.runner.rig), optional=False, side="runner")
            if chosen is None:
                break
            trashed += g.trash(chosen, x.why, by="runner")
        if trashed:
            _bad_publicity(g, 1, x.why)

    b.when("agenda_scored", scored)


@card("market_research", paragraphs=(0, 1), summary="When scored while the runner is tagged, it gets an agenda "
      "counter; with one it is worth 1 more agenda point.")  # fmt: skip
def _market_research(b: Builder) -> None:
    def scored(x: Exec) -> None:
        if x.game.runner.tags:
            x.game.add_counters(x.card, "agenda", 1)

    def points(g: NetrunnerGame, this: Card, side: str) -> int:
        return int(side == "corp" and this in g.corp.score_area and this.counters.get("agenda", 0) > 0)

    b.when("agenda_scored", scored)
    b.paragraph(1).points(points)


@card("napd_contract", paragraphs=(0, 1), summary="Its advancement requirement is 1 higher for each bad publicity of "
      "the corp; stealing it costs the runner 4 credits more.")  # fmt: skip
def _napd_contract(b: Builder) -> None:
    def pay(g: NetrunnerGame, agenda: Card) -> None:
        g.pay("runner", 4, Phrase(N_("the additional cost to steal {card}"), card=str(agenda)))

    b.own_requirement(lambda g, this, agenda: g.corp.bad_publicity)
    b.paragraph(1).steal_requires(lambda g, agenda: g.can_pay("runner", 4), pay)


# ---------------------------------------------------------------- assets and upgrades


@card("city_surveillance", paragraphs=(0,), summary="At the start of the runner's turn they pay 1 credit or take a "
      "tag.")  # fmt: skip
def _city_surveillance(b: Builder) -> None:
    def begins(x: Exec) -> None:
        g = x.game
        prompt = Phrase(N_("pay {n}{credit} to avoid taking a tag?"), n=1, credit="[credit]")
        if g.can_pay("runner", 1) and x.may(prompt, side="runner"):
            g.pay("runner", 1, x.why)
        else:
            g.gain_tags(1)

    b.when("turn_begins", begins, only=lambda x: x.event.get("side") == "runner")


@card("elizabeth_mills", paragraphs=(0, 1), summary="When rezzed, remove 1 bad publicity; click, trash: trash a "
      "location and take 1 bad publicity.")  # fmt: skip
def _elizabeth_mills(b: Builder) -> None:
    def locations(g: NetrunnerGame) -> list[Card]:
        return [c for c in [*g.installed("runner"), *g.installed("corp")] if "location" in c.subtypes]

    def rezzed(x: Exec) -> None:
        _bad_publicity(x.game, -1, x.why)

    def use(x: Exec) -> None:
        g = x.game
        chosen = x.pick(Phrase(N_("trash a location")), locations(g), optional=False)
        if chosen is not None:
            g.trash(chosen, x.why, by="corp")
        _bad_publicity(g, 1, x.why)

    b.when("rezzed", rezzed, only=this_card)
    b.paragraph(1).paid([click(), trash_self()], use, usable=lambda g, c, w: w == "action" and bool(locations(g)))


@card("grndl_refinery", paragraphs=(1,), summary="Click, trash it: 4 credits per advancement counter that was on it.")
def _grndl_refinery(b: Builder) -> None:
    def use(x: Exec) -> None:
        had = int(x.card.last_known.get("counters", {}).get("advancement", 0))
        x.game.gain_credits("corp", 4 * had, x.why)

    b.paid([click(), trash_self()], use, usable=lambda g, c, w: w == "action" and c.advancement > 0)


@card("isabel_mcguire", paragraphs=(0,), summary="Click: one of the corp's installed cards returns to HQ.")
def _isabel_mcguire(b: Builder) -> None:
    def use(x: Exec) -> None:
        chosen = x.pick(Phrase(N_("add which installed card to HQ")), x.game.installed("corp"), optional=False)
        if chosen is not None:
            _to_hq(x.game, chosen, x.why)

    b.paid([click()], use, usable=lambda g, c, w: w == "action")


@card("jackson_howard", paragraphs=(1,), summary="Leaving the game, it sends up to 3 Archives cards back into R&D, "
      "shuffled.")  # fmt: skip
def _jackson_howard(b: Builder) -> None:
    def use(x: Exec) -> None:
        g = x.game
        x.remove_from_game()
        for n in range(3):
            prompt = Phrase(N_("shuffle a card from Archives into R&D ({n}/{most})"), n=n + 1, most=3)
            chosen = x.pick(prompt, list(reversed(g.corp.discard)))
            if chosen is None:
                break
            g.corp.discard.remove(chosen)
            g.log.add("move", CORP, visible="all" if chosen.faceup else [CORP], card=str(chosen),
                      zone=Term("zone", "archives"), to="rnd", reason=x.why)  # fmt: skip
            chosen.faceup = False
            g.corp.deck.append(chosen)
        _shuffle(g, "corp")

    b.paid([], use, usable=lambda g, c, w: g.is_installed(c) and bool(g.corp.discard))


@card("panic_button", paragraphs=(0, 1), summary="Installed only in the root of HQ; 1 credit: draw 1 card, only "
      "during a run on HQ.")  # fmt: skip
def _panic_button(b: Builder) -> None:
    def usable(g: NetrunnerGame, c: Card, window: str) -> bool:
        run = g.current_run
        return run is not None and not run.ended and run.server == "hq" and bool(g.corp.deck)

    def use(x: Exec) -> None:
        x.game.draw("corp", 1)

    b.install_servers(lambda g, c, server: server == "hq")
    b.paragraph(1).paid([credit(1)], use, usable=usable)


@card("rex_campaign", paragraphs=(0,), summary="Loaded with 3 power counters when rezzed; when none are left it is "
      "trashed, and you remove 1 bad publicity or gain 5 credits.")  # fmt: skip
def _rex_campaign(b: Builder) -> None:
    def emptied(x: Exec) -> None:
        g = x.game
        choices = [("credits", Phrase(N_("gain {n}{credit}"), n=5, credit="[credit]"))]
        if g.corp.bad_publicity:
            choices.insert(0, ("bad_publicity", Phrase(N_("remove {n} bad publicity"), n=1)))
        if _ask(x, Phrase(N_("{card} is empty"), card=str(x.card)), choices) == "bad_publicity":
            _bad_publicity(g, -1, x.why)
        else:
            g.gain_credits("corp", 5, x.why)

    load(b, "power", 3, on="rezzed", then=emptied)


@card("toshiyuki_sakai", paragraphs=(1,), summary="When accessed while installed, you may swap it with an agenda or "
      "asset from HQ, which takes its advancement counters; the runner may then access the new card.")  # fmt: skip
def _toshiyuki_sakai(b: Builder) -> None:
    def accessed(x: Exec) -> None:
        g = x.game
        server = g.server_of(x.card)
        if server is None:
            return
        options = [c for c in g.corp.hand if c.type in ("agenda", "asset")]
        if not options or not x.may(Phrase(N_("swap {card} with an agenda or asset from HQ?"), card=str(x.card))):
            return
        chosen = x.pick(Phrase(N_("swap in which card")), options, optional=False)
        if chosen is None:
            return
        tokens = x.card.advancement
        place = server.root.index(x.card)
        server.root[place] = chosen
        g.corp.hand.remove(chosen)
        g.hide(chosen)
        x.card.leave_play()
        x.card.faceup = False
        g.corp.hand.append(x.card)
        chosen.rezzed = False
        if tokens:
            chosen.counters["advancement"] = tokens
        told = g.log.add("swap", CORP, visible=[CORP], card=str(x.card), new=str(chosen), server=server.name)
        g.apart(told, g.log.add("swap_facedown", CORP, card=str(x.card), server=server.name, advancement=tokens))
        prompt = Phrase(N_("access the card swapped into {server}?"), server=Term("zone", server.name))
        if x.may(prompt, side="runner"):
            g.runs.access_card(chosen, server.name)

    b.when("access", accessed, only=lambda x: this_card(x) and x.game.server_of(x.card) is not None)


@card("shock", paragraphs=(0, 1), summary="Shown when accessed in R&D; accessing it deals 1 net damage.")
def _shock(b: Builder) -> None:
    def accessed(x: Exec) -> None:  # one trigger: shown (in R&D) while accessed, then the effect
        if x.event.get("server") == "rnd":
            _reveal(x.game, [x.card], "rnd")
        x.do("造成 1 点网域伤害。")

    b.paragraph(1).when("access", accessed, only=this_card)


@card("tgtbt", paragraphs=(0, 1), summary="Shown when accessed in R&D; accessing it tags the runner once.")
def _tgtbt(b: Builder) -> None:
    def accessed(x: Exec) -> None:  # one trigger: shown (in R&D) while accessed, then the effect
        if x.event.get("server") == "rnd":
            _reveal(x.game, [x.card], "rnd")
        x.game.gain_tags(1)

    b.paragraph(1).when("access", accessed, only=this_card)


@card("caprice_nisei", paragraphs=(0,), summary="When the runner has passed all the ice of this server (at once when "
      "it has none), a psi game: different bids end the run.")  # fmt: skip
def _caprice_nisei(b: Builder) -> None:
    def mine(x: Exec) -> Any:
        server = x.game.server_of(x.card)
        run = x.run
        if server is None or run is None or run.ended or run.server != server.name:
            return None
        return server

    def past_the_last(x: Exec) -> bool:
        server = mine(x)
        return server is not None and bool(server.ice) and x.event.get("ice") is server.ice[0]

    def no_ice(x: Exec) -> bool:
        server = mine(x)
        return server is not None and not server.ice

    def psi(x: Exec) -> None:
        x.do("进行心灵博弈。如果双方出价不同，终止潜袭。")

    b.when("pass_ice", psi, only=past_the_last).when("run_begins", psi, only=no_ice)


# ---------------------------------------------------------------- ice


def _server_ice(g: NetrunnerGame, ice: Card) -> list[Card]:
    server = g.server_of(ice)
    return server.ice if server is not None else []


@card("curtain_wall", paragraphs=(0,), summary="+4 strength while it is the outermost ice of its server.")
def _curtain_wall(b: Builder) -> None:
    b.strength(lambda g, c: 4 if _server_ice(g, c)[-1:] == [c] else 0)


@card("next_bronze", paragraphs=(0,), summary="Its strength rises by 1 per rezzed NEXT ice.")
def _next_bronze(b: Builder) -> None:
    b.strength(lambda g, c: sum(1 for o in g.installed("corp") if o.type == "ice" and o.rezzed and "next" in o.subtypes))


@card("himitsu_bako", paragraphs=(0,), summary="1 credit: it goes back to HQ.")
def _himitsu_bako(b: Builder) -> None:
    def use(x: Exec) -> None:
        _to_hq(x.game, x.card, x.why)

    b.paid([credit(1)], use, usable=lambda g, c, w: g.is_installed(c))


@card("gyri_labyrinth", paragraphs=(0,), summary="Subroutine: the runner's maximum hand size is 2 less until the "
      "corp's next turn begins.")  # fmt: skip
def _gyri_labyrinth(b: Builder) -> None:
    def sub(x: Exec) -> None:
        g = x.game

        def smaller(game: NetrunnerGame, this: Card, side: str, stat: str) -> int:
            return -2 if side == "runner" and stat == "hand_size" else 0

        # the runner's hand size only counts at the end of the runner's turn, which comes before the corp's
        x.lasting("limit", smaller, until="turn")
        g.log.add("limit", RUNNER, stat="hand_size", delta=-2, value=g.hand_size("runner"), reason=x.why)

    b.subroutine(sub)


@card("ireress", paragraphs=(0,), summary="When encountered it has a subroutine \"the runner loses 1 credit\" for each "
      "bad publicity of the corp.")  # fmt: skip
def _ireress(b: Builder) -> None:
    def met(x: Exec) -> None:
        lose = parse_cached("[subroutine] 潜袭者失去 1[credit]。")
        _gain_subroutines(x, [lose] * x.game.corp.bad_publicity)

    b.when("encounter", met, only=lambda x: this_ice(x) and x.game.corp.bad_publicity > 0)


@card("hive", paragraphs=(0,), summary="When encountered it has one end-the-run subroutine fewer for each agenda point "
      "in the corp's score area.")  # fmt: skip
def _hive(b: Builder) -> None:
    def met(x: Exec) -> None:
        g, run = x.game, x.run
        if run is None or run.encounter is None:
            return
        printed = sum(1 for a in g.abilities(x.card) if a.kind == "subroutine")
        lost = min(g.agenda_points("corp"), printed)
        subs = run.encounter.subs
        subs[:] = subs[: printed - lost] + subs[printed:]
        for index, s in enumerate(subs, start=1):
            s.index = index
        g.log.add("subroutines_lost", CORP, ice=str(x.card), lost=lost, reason=x.why)

    b.when("encounter", met, only=lambda x: this_ice(x) and x.game.agenda_points("corp") > 0)


@card("marker", paragraphs=(0,), summary="Subroutine: the next ice the runner encounters this run gains an "
      "end-the-run subroutine after its others.")  # fmt: skip
def _marker(b: Builder) -> None:
    def sub(x: Exec) -> None:
        x.card.notes["marker"] = {"run": x.run, "ice": None}

    def marked(x: Exec) -> bool:
        """A subroutine of it fired this run, and this is the next ice encountered (or that ice again)."""
        mark = x.card.notes.get("marker")
        if not mark or x.run is None or mark["run"] is not x.run:
            return False
        if mark["ice"] is None:
            mark["ice"] = x.event.get("ice")
        return mark["ice"] is x.event.get("ice")

    def met(x: Exec) -> None:
        _gain_subroutines(x, [parse_cached(_ETR)])

    b.subroutine(sub).when("encounter", met, only=marked)


@card("tsurugi", paragraphs=(0,), summary="Subroutine: the corp either pays 1 credit or the run ends.")
def _tsurugi(b: Builder) -> None:
    def sub(x: Exec) -> None:
        g = x.game
        if g.can_pay("corp", 1) and x.may(Phrase(N_("pay {n}{credit} so the run does not end?"), n=1, credit="[credit]")):
            g.pay("corp", 1, x.why)
        else:
            x.do("终止潜袭。")

    b.subroutine(sub)


@card("wotan", paragraphs=(0, 1, 2, 3), summary="Subroutines, each ending the run unless the runner: spends 2 clicks; "
      "pays 3 credits; trashes an installed program; takes 1 brain damage.")  # fmt: skip
def _wotan(b: Builder) -> None:
    def clicks(x: Exec) -> None:
        g = x.game
        prompt = Phrase(N_("spend {clicks} so the run does not end?"), clicks="[click][click]")
        if g.runner.clicks >= 2 and x.may(prompt, side="runner"):
            g.spend_clicks("runner", 2, x.why)
        else:
            x.do("终止潜袭。")

    def pays(x: Exec) -> None:
        g = x.game
        prompt = Phrase(N_("pay {n}{credit} so the run does not end?"), n=3, credit="[credit]")
        if g.can_pay("runner", 3) and x.may(prompt, side="runner"):
            g.pay("runner", 3, x.why)
        else:
            x.do("终止潜袭。")

    def program(x: Exec) -> None:
        g = x.game
        programs = [c for c in g.runner.rig if c.type == "program"]
        prompt = Phrase(N_("trash a program so the run does not end"))
        chosen = x.pick(prompt, programs, side="runner")
        if chosen is not None and g.trash(chosen, x.why, by="runner"):
            return
        x.do("终止潜袭。")

    def core(x: Exec) -> None:
        g = x.game
        before = g.runner.brain_damage
        if x.may(Phrase(N_("take {n} brain damage so the run does not end?"), n=1), side="runner"):
            g.damage("brain", 1, preventable=False)
        if g.runner.brain_damage == before and not g.over:
            x.do("终止潜袭。")

    b.subroutine(clicks)
    b.paragraph(1).subroutine(pays)
    b.paragraph(2).subroutine(program)
    b.paragraph(3).subroutine(core)


@card("yagura", paragraphs=(0,), summary="Subroutine: look at the top card of R&D; you may put it on the bottom.")
def _yagura(b: Builder) -> None:
    def sub(x: Exec) -> None:
        g = x.game
        if not g.corp.deck:
            return
        top = g.corp.deck[-1]
        _look(g, "corp", [top], "rnd")
        if x.may(Phrase(N_("put {card} on the bottom of R&D?"), card=str(top))):
            g.corp.deck.remove(top)
            g.corp.deck.insert(0, top)
            g.log.add("move", CORP, visible=[CORP], card=str(top), zone=Term("zone", "rnd"), to="bottom")
            g.log.add("bottom_of_rnd", CORP, cards=1)

    b.subroutine(sub)


@card("snoop", paragraphs=(0, 1), summary="When encountered, the runner's grip is revealed; a hosted power counter: "
      "reveal the grip and trash one of its cards.")  # fmt: skip
def _snoop(b: Builder) -> None:
    def met(x: Exec) -> None:
        _reveal(x.game, list(x.game.runner.hand), "grip")

    def use(x: Exec) -> None:
        g = x.game
        _reveal(g, list(g.runner.hand), "grip")
        chosen = x.pick(Phrase(N_("trash a card from the grip")), list(g.runner.hand), optional=False)
        if chosen is not None:
            g.trash(chosen, x.why, by="corp")

    b.when("encounter", met, only=this_ice)
    b.paragraph(1).paid([counters("power", 1)], use, usable=lambda g, c, w: bool(g.runner.hand))


@card("paper_wall", paragraphs=(0,), summary="Trashed once the runner has broken all of its subroutines.")
def _paper_wall(b: Builder) -> None:
    def fully_broken(x: Exec) -> bool:
        enc = _encountering(x.game)
        return this_ice(x) and enc is not None and enc.ice is x.card and all(s.broken for s in enc.subs)

    def broken(x: Exec) -> None:
        if x.game.is_installed(x.card):
            x.game.trash(x.card, Phrase(N_("every subroutine of it was broken")), by="corp")

    b.when("subroutine_broken", broken, only=fully_broken)


@card("swarm", paragraphs=(1,), summary="It can be advanced, and when encountered has a subroutine \"trash a program "
      "unless the runner pays 3 credits\" for each advancement counter on it.")  # fmt: skip
def _swarm(b: Builder) -> None:
    def unless(x: Exec) -> None:
        g = x.game
        prompt = Phrase(N_("pay {n}{credit} so that no program is trashed?"), n=3, credit="[credit]")
        programs = [c for c in g.runner.rig if c.type == "program"]
        if not programs:
            return
        if g.can_pay("runner", 3) and x.may(prompt, side="runner"):
            g.pay("runner", 3, x.why)
            return
        chosen = x.pick(Phrase(N_("trash a {type}"), type=Term("card_type", "program")), programs, optional=False, side="corp")
        if chosen is not None:
            g.trash(chosen, x.why, by="corp")

    def met(x: Exec) -> None:
        script = script_for(x.card.id)
        number = next(i for i, p in enumerate(script.parts) if p.fn is unless) if script else 0
        node = A.Scripted(x.card.id, 1, number)
        gained = A.Ability("subroutine", (A.Sentence((node,)),))
        _gain_subroutines(x, [gained] * x.card.advancement)

    b.text("本牌可以被推进。")
    b.play(unless)  # the gained subroutine's effect (an ice's effect part runs only through those subroutines)
    b.when("encounter", met, only=lambda x: this_ice(x) and x.card.advancement > 0)


# ---------------------------------------------------------------- runner resources


@card("activist_support", paragraphs=(0, 1), summary="Untagged at the start of the corp's turn, you take a tag; at the "
      "start of yours, a corp free of bad publicity takes 1.")  # fmt: skip
def _activist_support(b: Builder) -> None:
    def corp_turn(x: Exec) -> None:
        x.game.gain_tags(1)

    def runner_turn(x: Exec) -> None:
        _bad_publicity(x.game, 1, x.why)

    b.when("turn_begins", corp_turn, only=lambda x: x.event.get("side") == "corp" and not x.game.runner.tags)
    b.paragraph(1).when("your_turn_start", runner_turn, only=lambda x: not x.game.corp.bad_publicity)


@card("hard_at_work", paragraphs=(0,), summary="At the start of your turn: 2 credits more, one click fewer.")
def _hard_at_work(b: Builder) -> None:
    def begins(x: Exec) -> None:
        g = x.game
        g.gain_credits("runner", 2, x.why)
        before = g.runner.clicks
        g.runner.clicks = max(0, before - 1)
        g.log.add("clicks", RUNNER, side="runner", amount=g.runner.clicks - before, clicks=g.runner.clicks,
                  reason=x.why)  # fmt: skip

    b.when("your_turn_start", begins)


@card("grifter", paragraphs=(0,), summary="At your turn's end: 1 credit if one of your runs succeeded this turn, else "
      "it goes to the heap.")  # fmt: skip
def _grifter(b: Builder) -> None:
    def ends(x: Exec) -> None:
        if x.ran_this_turn(successful=True):
            x.game.gain_credits("runner", 1, x.why)
        else:
            x.game.trash(x.card, x.why, by="runner")

    b.when("your_turn_end", ends)


@card("john_masanori", paragraphs=(0, 1), summary="A card drawn on your first successful run of a turn; a tag on your "
      "first failed run of a turn.")  # fmt: skip
def _john_masanori(b: Builder) -> None:
    def first_success(x: Exec) -> bool:  # this run is not in the history yet
        g = x.game
        return not any(turn == g.turns and ok for turn, _, ok in g.run_history)

    def first_failure(x: Exec) -> bool:  # this run is the last of the history
        g = x.game
        failed = sum(1 for turn, _, ok in g.run_history if turn == g.turns and not ok)
        return not x.event.get("successful") and failed == 1

    def draw(x: Exec) -> None:
        x.game.draw("runner", 1)

    def tag(x: Exec) -> None:
        x.game.gain_tags(1)

    b.when("run_successful", draw, only=first_success)
    b.paragraph(1).when("run_ends", tag, only=first_failure)


@card("motivation", paragraphs=(0,), summary="At the start of your turn you may peek at the top card of your stack.")
def _motivation(b: Builder) -> None:
    def begins(x: Exec) -> None:
        g = x.game
        if g.runner.deck and x.may(Phrase(N_("look at the top card of your stack?"))):
            _look(g, "runner", [g.runner.deck[-1]], "stack")

    b.when("your_turn_start", begins)


@card("woman_in_the_red_dress", paragraphs=(0,), summary="At the start of your turn R&D's top card is shown; the corp "
      "may draw it.")  # fmt: skip
def _woman_in_the_red_dress(b: Builder) -> None:
    def begins(x: Exec) -> None:
        g = x.game
        if not g.corp.deck:
            return
        top = g.corp.deck[-1]
        _reveal(g, [top], "rnd")
        if x.may(Phrase(N_("draw {card}?"), card=str(top)), side="corp"):
            g.draw("corp", 1)

    b.when("your_turn_start", begins)


@card("tallie_perrault", paragraphs=(0, 1), summary="When a gray ops or black ops operation goes to Archives after "
      "resolving, you may give the corp 1 bad publicity and take 1 tag; trash: draw 1 card for each bad publicity "
      "of the corp.")  # fmt: skip
def _tallie_perrault(b: Builder) -> None:
    def ops_trashed(x: Exec) -> bool:
        op = x.event.get("card")
        return (
            op is not None
            and op.type == "operation"
            and bool({"gray_ops", "black_ops"} & set(op.subtypes))
            and op in x.game.corp.discard
        )

    def played(x: Exec) -> None:
        if x.may(Phrase(N_("give the corp 1 bad publicity and take 1 tag?"))):
            _bad_publicity(x.game, 1, x.why)
            x.game.gain_tags(1)

    def use(x: Exec) -> None:
        x.game.draw("runner", x.game.corp.bad_publicity)

    b.when("played", played, only=ops_trashed)
    b.paragraph(1).paid([trash_self()], use, usable=lambda g, c, w: g.corp.bad_publicity > 0 and bool(g.runner.deck))


# ---------------------------------------------------------------- runner programs and hardware


@card("gorman_drip_v1", paragraphs=(0, 1), summary="A virus counter each time the corp clicks to draw or to gain a "
      "credit; click, trash: gain 1 credit for each virus counter.")  # fmt: skip
def _gorman_drip_v1(b: Builder) -> None:
    def clicked(x: Exec) -> bool:
        return x.event.get("side") == "corp" and x.event.get("action") in ("draw", "credit")

    def taken(x: Exec) -> None:
        x.game.add_counters(x.card, "virus", 1)

    def use(x: Exec) -> None:
        had = int(x.card.last_known.get("counters", {}).get("virus", 0))
        x.game.gain_credits("runner", had, x.why)

    b.when("action_taken", taken, only=clicked)
    b.paragraph(1).paid([click(), trash_self()], use, usable=lambda g, c, w: w == "action" and c.counters.get("virus", 0) > 0)


@card("hemorrhage", paragraphs=(1,), summary="Click and 2 of its virus counters: the corp picks a card of HQ to trash.")
def _hemorrhage(b: Builder) -> None:
    def use(x: Exec) -> None:
        g = x.game
        chosen = x.pick(Phrase(N_("trash a card from HQ")), list(g.corp.hand), optional=False, side="corp")
        if chosen is not None:
            g.trash(chosen, x.why, by="corp")

    b.paid([click(), counters("virus", 2)], use, usable=lambda g, c, w: w == "action" and bool(g.corp.hand))


@card("capstone", paragraphs=(0,), summary="Click: trash any number of cards from the grip, then draw 1 card for each "
      "of them with another copy installed.")  # fmt: skip
def _capstone(b: Builder) -> None:
    def use(x: Exec) -> None:
        g = x.game
        trashed: list[Card] = []
        while g.runner.hand:
            chosen = x.pick(Phrase(N_("trash a card from your grip")), list(g.runner.hand))
            if chosen is None:
                break
            if g.trash(chosen, x.why, by="runner"):
                trashed.append(chosen)
        copies = sum(1 for c in trashed if any(o.id == c.id for o in g.runner.rig))
        if copies:
            g.draw("runner", copies)

    b.paid([click()], use, usable=lambda g, c, w: w == "action" and bool(g.runner.hand))


@card("llds_processor", paragraphs=(0,), summary="Icebreakers installed while it is out are 1 stronger for the rest of "
      "that turn.")  # fmt: skip
def _llds_processor(b: Builder) -> None:
    def breaker(x: Exec) -> bool:
        new = x.event.get("card")
        return new is not None and new.side == "runner" and "icebreaker" in new.subtypes

    def installed(x: Exec) -> None:
        new: Card = x.event["card"]

        def stronger(g: NetrunnerGame, this: Card, c: Card) -> int:
            return 1 if c is new else 0

        x.lasting("strength_all", stronger, until="turn")
        x.game.log.add("strength", RUNNER, card=str(new), delta=1, strength=x.game.strength_of(new), reason=x.why)

    b.when("any_installed", installed, only=breaker)


@card("savoir_faire", paragraphs=(0, 1), summary="Once a turn, 2 credits: install a program from the grip, paying its "
      "install cost.")  # fmt: skip
def _savoir_faire(b: Builder) -> None:
    def programs(g: NetrunnerGame) -> list[Card]:
        return [c for c in g.runner.hand if c.type == "program" and g.may_install(c)
                and int(c.record.memory_cost or 0) <= g.memory_limit()
                and g.can_pay("runner", 2 + g.install_cost(c), "install")]  # fmt: skip

    def use(x: Exec) -> None:
        g = x.game
        options = [c for c in g.runner.hand if c.type == "program" and g.can_install(c)]
        chosen = x.pick(Phrase(N_("install a {type}"), type=Term("card_type", "program")), options, optional=False)
        if chosen is not None:
            g.install("runner", chosen)

    b.paragraph(1).paid([credit(2)], use, once_per_turn=True, usable=lambda g, c, w: bool(programs(g)))


def _interface(b: Builder, cost: int, allowed: Callable[[NetrunnerGame, Card, Card], bool]) -> None:
    """"Interface → ``cost``[credit]: Break 1 subroutine" on the ice encountered when ``allowed(g, breaker, ice)``."""
    usable = breaker_usable(lambda g, c, enc: allowed(g, c, enc.ice))

    def use(x: Exec) -> None:
        x.break_subroutines(1)

    b.paid([credit(cost)], use, usable=usable, role="break")


@card("alpha", paragraphs=(0, 2), summary="1 credit: break 1 subroutine of any kind, on the outermost ice of a "
      "server only.")  # fmt: skip
def _alpha(b: Builder) -> None:
    _interface(b, 1, lambda g, c, ice: _server_ice(g, ice)[-1:] == [ice])


@card("omega", paragraphs=(0, 2), summary="1 credit: break 1 subroutine of any kind, on the innermost ice of a "
      "server only.")  # fmt: skip
def _omega(b: Builder) -> None:
    _interface(b, 1, lambda g, c, ice: _server_ice(g, ice)[:1] == [ice])


@card("sharpshooter", paragraphs=(0,), summary="Trashing it breaks as many destroyer subroutines as the runner likes.")
def _sharpshooter(b: Builder) -> None:
    usable = breaker_usable(lambda g, c, enc: "destroyer" in enc.ice.subtypes)

    def use(x: Exec) -> None:
        enc = _encountering(x.game)
        if enc is not None:
            x.break_subroutines(sum(1 for s in enc.subs if not s.broken), "destroyer")

    b.paid([trash_self()], use, usable=usable, role="break")


def _run_then(b: Builder, server: str, instead: Callable[[Exec], None], optional: bool, prompt: Any = None) -> None:
    """"[click]: Run ``server``. If successful, instead of breaching it, <instead>" (the runner may decline when
    ``optional``)."""

    def use(x: Exec) -> None:
        run = x.run_on(server)
        if run.successful and not run.ended and (not optional or x.may(prompt)):
            x.instead_of_breach(lambda: instead(x))

    b.paid([click()], use, usable=lambda g, c, w: w == "action" and g.current_run is None)


@card("keyhole", paragraphs=(0,), summary="Click: run R&D; if successful, instead of breaching it look at its top 3 "
      "cards, trash one of them, and the corp shuffles R&D.")  # fmt: skip
def _keyhole(b: Builder) -> None:
    def instead(x: Exec) -> None:
        g = x.game
        top = list(reversed(g.corp.deck[-3:]))
        _look(g, "runner", top, "rnd")
        chosen = x.pick(Phrase(N_("trash which of those cards")), top, optional=False)
        if chosen is not None:
            g.trash(chosen, x.why, by="runner")
        _shuffle(g, "corp")

    _run_then(b, "rnd", instead, optional=False)


@card("expert_schedule_analyzer", paragraphs=(0,), summary="Click: run HQ; if successful, instead of breaching it you "
      "may reveal every card in HQ.")  # fmt: skip
def _expert_schedule_analyzer(b: Builder) -> None:
    def instead(x: Exec) -> None:
        _reveal(x.game, list(x.game.corp.hand), "hq")

    _run_then(b, "hq", instead, optional=True, prompt=Phrase(N_("reveal every card in HQ instead of breaching it?")))


@card("record_reconstructor", paragraphs=(0,), summary="After a successful run on Archives, instead of breaching it "
      "you may put a face-up card of Archives on top of R&D.")  # fmt: skip
def _record_reconstructor(b: Builder) -> None:
    def concerned(x: Exec) -> bool:
        run = x.game.current_run
        return (
            x.event.get("server") == "archives"
            and run is not None
            and (run.instead_of_breach is None or getattr(run.instead_of_breach, "limited", False))
            and any(c.faceup for c in x.game.corp.discard)
        )

    def successful(x: Exec) -> None:
        g = x.game
        if not x.may(Phrase(N_("put a face-up card of Archives on top of R&D instead of breaching Archives?"))):
            return

        def instead() -> None:
            options = [c for c in reversed(g.corp.discard) if c.faceup]
            chosen = x.pick(Phrase(N_("put which card on top of R&D")), options, optional=False)
            if chosen is not None:
                g.corp.discard.remove(chosen)
                chosen.faceup = False
                g.corp.deck.append(chosen)
                g.log.add("move", RUNNER, card=str(chosen), zone=Term("zone", "archives"), to="rnd", reason=x.why)

        x.instead_of_breach(instead)

    b.when("run_successful", successful, only=concerned)


@card("false_echo", paragraphs=(0,), summary="When you pass unrezzed ice, you may trash it: the corp then rezzes that "
      "ice or adds it to HQ.")  # fmt: skip
def _false_echo(b: Builder) -> None:
    def unrezzed(x: Exec) -> bool:
        ice = x.event.get("ice")
        return ice is not None and not ice.rezzed and x.game.is_installed(ice) and x.game.is_installed(x.card)

    def passed(x: Exec) -> None:
        g = x.game
        ice = x.event["ice"]
        if not x.may(Phrase(N_("trash {card}: the corp rezzes the ice passed or adds it to HQ?"), card=str(x.card))):
            return
        if not g.trash(x.card, x.why, by="runner"):
            return
        choices = [("hq", Phrase(N_("add {card} to HQ"), card=str(ice)))]
        if g.can_rez(ice):
            choices.insert(0, ("rez", Phrase(N_("rez {card} for {n}{credit}"), card=str(ice), n=g.rez_cost(ice),
                                             credit="[credit]")))  # fmt: skip
        if _ask(x, Phrase(N_("rez {card} or add it to HQ"), card=str(ice)), choices, side="corp") == "rez":
            g.rez(ice)
        else:
            _to_hq(g, ice, x.why)

    b.when("pass_ice", passed, only=unrezzed)


# ---------------------------------------------------------------- Caïssa programs: hosted on ice


def _caissa_free(ice: Card) -> bool:
    return not any("caissa" in h.subtypes for h in ice.hosted)


def _host_on(g: NetrunnerGame, program: Card, ice: Card) -> None:
    """``program`` (installed) moves onto ``ice``, which hosts it from now on."""
    if program.host is not None and program in program.host.hosted:
        program.host.hosted.remove(program)
    program.host = ice
    ice.hosted.append(program)
    where = g.server_of(ice)
    g.log.add("host", RUNNER, card=str(program), host=str(ice) if ice.rezzed else Phrase(N_("unrezzed ice")),
              server=where.name if where else None)  # fmt: skip


def _host_ice(g: NetrunnerGame, program: Card) -> Card | None:
    """The installed piece of ice hosting ``program``, if any."""
    host = program.host
    return host if host is not None and host.type == "ice" and g.is_installed(host) else None


def _position(g: NetrunnerGame, ice: Card) -> tuple[str, int]:
    """The server ``ice`` protects and its position there, counted from the innermost (0)."""
    server = g.server_of(ice)
    return (server.name, server.ice.index(ice)) if server is not None else ("", -1)


_HOSTING: dict[str, tuple[Callable[[Exec], None], Callable[[NetrunnerGame, Card], list[Card]]]] = {}
"""Card id -> the effect of a Caïssa program's [click] ability and the ice it may move onto (Deep Red uses it)."""


def _hosting(b: Builder, allowed: Callable[[NetrunnerGame, Card, Card], bool], caissa_free: bool = True) -> None:
    """"[click]: Host this program on a piece of ice (not hosting a Caïssa program)" where ``allowed(g, this, ice)``."""

    def targets(g: NetrunnerGame, c: Card) -> list[Card]:
        return [
            ice
            for ice in g.installed("corp")
            if ice.type == "ice"
            and ice is not c.host
            and (not caissa_free or _caissa_free(ice))
            and allowed(g, c, ice)
        ]

    def use(x: Exec) -> None:
        prompt = Phrase(N_("host {card} on which piece of ice"), card=str(x.card))
        chosen = x.pick(prompt, targets(x.game, x.card), optional=False)
        if chosen is not None:
            _host_on(x.game, x.card, chosen)

    _HOSTING[b.script.card] = (use, targets)
    b.paid([click()], use, usable=lambda g, c, w: w == "action" and g.is_installed(c) and bool(targets(g, c)))


@card("bishop", paragraphs=(0, 1, 2), summary="Its host ice has -2 strength; click: move onto a piece of ice hosting "
      "no Caïssa, protecting a remote server if it is now on central ice and a central one if on remote ice.")  # fmt: skip
def _bishop(b: Builder) -> None:
    def weaker(g: NetrunnerGame, this: Card, c: Card) -> int:
        return -2 if c.type == "ice" and _host_ice(g, this) is c else 0

    def allowed(g: NetrunnerGame, this: Card, ice: Card) -> bool:
        host = _host_ice(g, this)
        if host is None:
            return True
        server, _ = _position(g, host)
        return g.servers[server].remote != g.servers[_position(g, ice)[0]].remote

    b.strength_all(weaker)
    b.paragraph(1)
    _hosting(b, allowed)


@card("knight", paragraphs=(0, 1, 2), summary="2 credits: break 1 subroutine of its host ice; click: move onto a piece "
      "of ice hosting no Caïssa that is not next to its host in the same server.")  # fmt: skip
def _knight(b: Builder) -> None:
    def allowed(g: NetrunnerGame, this: Card, ice: Card) -> bool:
        host = _host_ice(g, this)
        if host is None:
            return True
        (server, at), (there, to) = _position(g, host), _position(g, ice)
        return server != there or abs(at - to) != 1

    _interface(b, 2, lambda g, c, ice: _host_ice(g, c) is ice)
    b.paragraph(1)
    _hosting(b, allowed)


@card("rook", paragraphs=(0, 1, 2), summary="While on ice, each ice of that server costs 2 more to rez; click: move "
      "onto a piece of ice hosting no Caïssa in the same server or at the same position.")  # fmt: skip
def _rook(b: Builder) -> None:
    def dearer(g: NetrunnerGame, this: Card, c: Card) -> int:
        host = _host_ice(g, this)
        return 2 if host is not None and c.type == "ice" and c in _server_ice(g, host) else 0

    def allowed(g: NetrunnerGame, this: Card, ice: Card) -> bool:
        host = _host_ice(g, this)
        if host is None:
            return True
        (server, at), (there, to) = _position(g, host), _position(g, ice)
        return server == there or at == to

    b.rez_cost(dearer)
    b.paragraph(1)
    _hosting(b, allowed)


@card("pawn", paragraphs=(0, 1), summary="Click: move onto the outermost ice of a central server; after each "
      "successful run it moves to the next inward ice, or when there is none it is trashed and another Caïssa from "
      "the grip or heap is installed for free.")  # fmt: skip
def _pawn(b: Builder) -> None:
    def outermost(g: NetrunnerGame, this: Card, ice: Card) -> bool:
        server, at = _position(g, ice)
        return server in ("hq", "rnd", "archives") and at == len(g.servers[server].ice) - 1

    def successful(x: Exec) -> None:
        g = x.game
        host = _host_ice(g, x.card)
        if host is None:
            return
        server, at = _position(g, host)
        if at > 0:
            _host_on(g, x.card, g.servers[server].ice[at - 1])
            return
        g.trash(x.card, x.why, by="runner")
        options = [c for c in [*g.runner.hand, *reversed(g.runner.discard)]
                   if "caissa" in c.subtypes and c is not x.card and c.type == "program" and g.may_install(c)
                   and int(c.record.memory_cost or 0) <= g.memory_limit()]  # fmt: skip
        chosen = x.pick(Phrase(N_("install a Caïssa program from your grip or heap")), options, optional=False)
        if chosen is not None:
            x.install_from(chosen, free=True)

    _hosting(b, outermost, caissa_free=False)
    b.paragraph(1).when("run_successful", successful, only=lambda x: _host_ice(x.game, x.card) is not None)


# ---------------------------------------------------------------- paragraphs of cards the engine cannot play whole


@card("blackguard", paragraphs=(2,), summary="Only one console per player.")
def _blackguard(b: Builder) -> None:
    one_console(b)


@card("deep_red", paragraphs=(2, 3), summary="A Caïssa program you install may use its click ability at once without "
      "the click; only one console per player.")  # fmt: skip
def _deep_red(b: Builder) -> None:
    def caissa(x: Exec) -> bool:
        new = x.event.get("card")
        return (
            new is not None
            and new.side == "runner"
            and new.id in _HOSTING
            and x.game.is_installed(new)
            and bool(_HOSTING[new.id][1](x.game, new))
        )

    def installed(x: Exec) -> None:
        new: Card = x.event["card"]
        use, _ = _HOSTING[new.id]
        if x.may(Phrase(N_("use the {click} ability of {card} without spending {click}?"), card=str(new),
                        click="[click]")):  # fmt: skip
            use(Exec(x.game, Context("runner", new, x.game.current_run)))

    b.paragraph(2).when("any_installed", installed, only=caissa)
    b.paragraph(3)
    one_console(b)


@card("starlight_crusade_funding", paragraphs=(0,), summary="One click fewer at the start of your turn.")
def _starlight_crusade_funding(b: Builder) -> None:
    def begins(x: Exec) -> None:
        g = x.game
        before = g.runner.clicks
        g.runner.clicks = max(0, before - 1)
        g.log.add("clicks", RUNNER, side="runner", amount=g.runner.clicks - before, clicks=g.runner.clicks,
                  reason=x.why)  # fmt: skip

    b.when("your_turn_start", begins)


@card("off_the_grid", paragraphs=(0, 2), summary="Installed only in a remote server; trashed when the runner makes a "
      "successful run on HQ.")  # fmt: skip
def _off_the_grid(b: Builder) -> None:
    def hq(x: Exec) -> bool:
        return bool(x.event.get("successful")) and x.event.get("server") == "hq" and x.game.is_installed(x.card)

    def ends(x: Exec) -> None:  # the card is not told of a success elsewhere: at the end of that run
        x.game.trash(x.card, x.why, by="corp")

    b.install_servers(lambda g, c, server: server not in ("hq", "rnd", "archives"))
    b.paragraph(2).when("run_ends", ends, only=hq)


@card("paintbrush", paragraphs=(0,), summary="Click: a rezzed piece of ice gains sentry, code gate or barrier until "
      "the end of the next run this turn.")  # fmt: skip
def _paintbrush(b: Builder) -> None:
    kinds = ("sentry", "code_gate", "barrier")

    def targets(g: NetrunnerGame) -> list[Card]:
        return [c for c in g.installed("corp") if c.type == "ice" and c.rezzed and not set(kinds) <= set(c.subtypes)]

    def use(x: Exec) -> None:
        g = x.game
        ice = x.pick(Phrase(N_("choose a rezzed piece of ice")), targets(g), optional=False)
        if ice is None:
            return
        choices = [(k, Term("subtypes", k)) for k in kinds if k not in ice.subtypes]
        gained = _ask(x, Phrase(N_("{card} gains which subtype"), card=str(ice)), choices)
        x.gain_subtypes(ice, [gained], until="run")
        x.card.notes.setdefault("painted", []).append((ice, gained))
        g.log.add("gain_subtype", RUNNER, card=str(ice), subtype=Term("subtypes", gained), reason=x.why)

    def ends(x: Exec) -> None:  # no run came this turn: what it gave is gone at the turn's end
        g = x.game
        for ice, gained in x.card.notes.pop("painted", []):
            if (ice, gained, "run") in g.grants:
                g.grants.remove((ice, gained, "run"))
                if gained in ice.gained_subtypes:
                    ice.gained_subtypes.remove(gained)

    b.paid([click()], use, usable=lambda g, c, w: w == "action" and bool(targets(g)))
    b.when("your_turn_end", ends, only=lambda x: bool(x.card.notes.get("painted")))


@card("hudson_1_0", paragraphs=(0, 1, 2), summary="The runner may lose a click to break one of its subroutines; "
      "subroutines: the runner accesses no more than 1 card this run (twice).")  # fmt: skip
def _hudson_1_0(b: Builder) -> None:
    def one_card(x: Exec) -> None:
        g, run = x.game, x.run
        if run is None or run.ended or getattr(run.instead_of_breach, "limited", False):
            return
        if run.instead_of_breach is not None:  # a card replaced the breach already: no access to limit
            return

        def breach() -> None:  # the breach, with 1 card accessed at most (the runner picks which)
            g.announce("breach", server=run.server)
            if g.over:
                return
            server = g.servers.get(run.server)
            options: list[Option] = []
            if run.server == "rnd" and g.corp.deck:
                options.append(Option("rnd", Phrase(N_("the top card of R&D")), "rnd"))
            elif run.server == "hq" and g.corp.hand:
                options.append(Option("hq", Phrase(N_("a random card from HQ")), "hq"))
            elif run.server == "archives":
                for c in g.corp.discard:
                    c.faceup = True
                options += [Option(c.ref, Phrase(N_("{card} ({type})"), card=str(c), type=Term("type", c.type)), c)
                            for c in g.corp.discard]  # fmt: skip
            for c in server.root if server is not None else []:
                options.append(Option(c.ref, Phrase(N_("{card} ({type})"), card=str(c), type=Term("type", c.type)), c))
            g.log.add("access_limited", RUNNER, server=run.server, most=1, reason=x.why)
            if not options:
                g.log.add("access", RUNNER, server=run.server, cards=0)
                return
            chosen = g.ask("runner", "target", Phrase(N_("access which card (1 at most)")), options).value
            if chosen == "rnd":
                chosen = g.corp.deck[-1]
            elif chosen == "hq":
                chosen = g.rng.choice(g.corp.hand)
            g.runs.access_card(chosen, run.server)

        breach.limited = True  # type: ignore[attr-defined]
        run.instead_of_breach = breach

    b.runner_break(clicks=1, count=1)
    b.paragraph(1).subroutine(one_card)
    b.paragraph(2).subroutine(one_card)


@card("fall_guy", paragraphs=(0,), summary="Trash it to save another installed resource from being trashed.")
def _fall_guy(b: Builder) -> None:
    def usable(g: NetrunnerGame, c: Card, window: str) -> bool:
        w = g.window
        target = w.get("card") if w is not None and w.get("what") == "trash" else None
        return target is not None and target is not c and target.type == "resource" and g.is_installed(target)

    def prevent(x: Exec) -> None:
        x.game.prevent("trash", 1, x.card)

    b.paid([trash_self()], prevent, usable=usable, role="prevent_trash")


# ---------------------------------------------------------------- identities


@card("grndl_power_unleashed", paragraphs=(0,), summary="The corp starts with 10 credits and 1 bad publicity (given "
      "as its first turn begins, before anything else of the game uses credits).")  # fmt: skip
def _grndl_power_unleashed(b: Builder) -> None:
    def first_turn(x: Exec) -> bool:
        g = x.game
        events = list(g.log)
        if x.event.get("side") != "corp" or any(e.kind == "scenario" for e in events):
            return False
        return sum(1 for e in events if e.kind == "turn_start" and e.data.get("side") == "corp") == 1

    def start(x: Exec) -> None:
        g = x.game
        g.gain_credits("corp", 10 - int(g.rules.starting_credits), x.why)
        _bad_publicity(g, 1, x.why)

    b.when("turn_begins", start, only=first_turn)
