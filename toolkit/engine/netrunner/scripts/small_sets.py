"""Card scripts of the small sets: Magnum Opus, the Draft set and NAPD Multiplayer (cards and identities first
printed there).

The draft identities act only while their side has more cards of the identity's faction installed (the runner) or
rezzed (the corp) than of any other faction (:func:`_leads`); their "Draft format only" line is a format rule, not
a game effect, and stays unread, as does the draft identity with no other text and the deck-building line of
another.

Left out (the report of the set's scripts lists them), for what the engine cannot do yet: triggers of a card in
the heap (Crowdfunding's last paragraph), an effect lasting the whole game on the accesses of later runs (Watch
the World Burn's copies removed from the game) and NAPD Multiplayer's set-up steps and flipped identity (Cyber
Bureau).
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from toolkit.engine.phrase import Phrase, Term
from toolkit.i18n.words import N_

from ..state import SEATS, Card
from . import Builder, Exec, card, counters, load, this_ice, trash_self

if TYPE_CHECKING:
    from ..game import NetrunnerGame
    from ..state import Side

CORP = SEATS["corp"]
RUNNER = SEATS["runner"]


def _neutral(g: NetrunnerGame, faction: str) -> bool:
    record = g.by_id.get(("faction", faction))
    return bool(getattr(record, "neutral", False)) if record is not None else faction.startswith("neutral")


def _leads(g: NetrunnerGame, this: Card, side: Side) -> bool:
    """Whether ``side`` has more cards of ``this`` identity's faction installed (the runner) or rezzed (the corp)
    than of any other faction (neutral cards belong to none)."""
    cards = g.installed(side) if side == "runner" else [c for c in g.installed("corp") if c.rezzed]
    count = Counter(str(c.record.faction) for c in cards if not _neutral(g, str(c.record.faction)))
    mine = str(this.record.faction)
    return count[mine] > max((n for f, n in count.items() if f != mine), default=0)


def _in_run_on_own_server(g: NetrunnerGame, this: Card) -> bool:
    run, server = g.current_run, g.server_of(this)
    return run is not None and not run.ended and server is not None and run.server == server.name


def _shuffle(g: NetrunnerGame, side: Side) -> None:
    player = g.player(side)
    g.rng.shuffle(player.deck)
    g.log.add("shuffle", player.seat, zone="rnd" if side == "corp" else "stack")


# ---------------------------------------------------------------- Magnum Opus


@card(
    "border_control",
    paragraphs=(0, 1),
    summary="Trash it during a run on its server to end that run; subroutine: the corp gains 1 credit per piece of "
    "ice protecting its server.",
)
def _border_control(b: Builder) -> None:
    def sub(x: Exec) -> None:
        server = x.game.server_of(x.card)
        count = len(server.ice) if server is not None else 0
        if count:
            x.game.gain_credits("corp", count, x.why)

    b.paid([trash_self()], lambda x: x.do("终止潜袭。"), usable=lambda g, c, w: _in_run_on_own_server(g, c))
    b.paragraph(1).subroutine(sub)


@card(
    "crowdfunding",
    paragraphs=(0,),
    summary="Loaded with 3 credits when installed; once empty it is trashed and the runner draws 1 card.",
)
def _crowdfunding(b: Builder) -> None:
    load(b, "credit", 3, on="installed", then=lambda x: x.do("你抽 1 张牌。"))


@card(
    "embolus",
    paragraphs=(0, 1, 2),
    summary="At the start of the corp's turn it may pay 1 credit for a power counter here; each successful run "
    "removes one; spend one to end a run on this server.",
)
def _embolus(b: Builder) -> None:
    def charge(x: Exec) -> None:
        g = x.game
        if not g.can_pay("corp", 1):
            return
        if x.may(Phrase(N_("pay {n}{credit} to place 1 power counter on {card}?"), n=1, credit="[credit]",
                        card=str(x.card))):  # fmt: skip
            g.pay("corp", 1, x.why)
            g.add_counters(x.card, "power", 1)

    def drain(x: Exec) -> None:
        x.game.add_counters(x.card, "power", -1)

    def here(x: Exec) -> bool:
        server = x.game.server_of(x.card)
        return server is not None and x.event.get("server") == server.name

    def elsewhere(x: Exec) -> bool:  # a successful run on another server: seen when it ends
        run = x.event.get("run")
        return run is not None and run.successful and not here(x) and x.card.counters.get("power", 0) > 0

    b.when("your_turn_start", charge)
    b.paragraph(1).when("run_successful", drain, only=lambda x: here(x) and x.card.counters.get("power", 0) > 0)
    b.when("run_ends", drain, only=elsewhere)
    b.paragraph(2).paid([counters("power", 1)], lambda x: x.do("终止潜袭。"),
                        usable=lambda g, c, w: _in_run_on_own_server(g, c))  # fmt: skip


@card(
    "hired_help",
    paragraphs=(0,),
    summary="Unless the runner ran HQ successfully this turn, running this server costs the runner an agenda of "
    "their score area, trashed.",
)
def _hired_help(b: Builder) -> None:
    def applies(g: NetrunnerGame, this: Card, server: str) -> bool:
        here = g.server_of(this)
        hq = any(turn == g.turns and where == "hq" and ok for turn, where, ok in g.run_history)
        return here is not None and here.name == server and not hq

    def payable(g: NetrunnerGame) -> list[Card]:
        return [c for c in g.runner.score_area if c.type == "agenda" and g.may_trash(c, "runner")]

    def may_run(g: NetrunnerGame, this: Card, server: str) -> bool:
        return not applies(g, this, server) or bool(payable(g))

    def begins(x: Exec) -> None:
        g = x.game
        agendas = payable(g)
        if not agendas:  # a run made by a card's effect, which the cost should have stopped
            g.runs.end_run(Phrase(N_("the runner cannot trash an agenda for {card}"), card=str(x.card)))
            return
        chosen = x.pick(Phrase(N_("trash which agenda of your score area")), agendas, optional=False, side="runner")
        if chosen is None:
            return
        g.runner.score_area.remove(chosen)
        g.trash(chosen, x.why, by="runner")

    b.may_run(may_run)
    b.when("run_begins", begins, only=lambda x: x.run is not None and applies(x.game, x.card, x.run.server))


@card(
    "labor_rights",
    paragraphs=(0,),
    summary="Trash the top 3 cards of the stack, shuffle 3 heap cards into it, draw 1; the event is then removed "
    "from the game.",
)
def _labor_rights(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        runner = g.runner
        for _ in range(3):
            if not runner.deck:
                break
            g.trash(runner.deck[-1], x.why, by="runner")
        chosen = g.choose_many("runner", "target", Phrase(N_("shuffle a card from your heap into your stack")),
                               list(reversed(runner.discard)), 3)  # fmt: skip
        for c in chosen:
            runner.discard.remove(c)
            c.faceup = False
            runner.deck.append(c)
            g.log.add("move", RUNNER, card=str(c), zone="heap", to="stack")
        _shuffle(g, "runner")
        x.do("你抽 1 张牌。")
        x.remove_from_game()

    b.play(play)


@card(
    "slot_machine",
    paragraphs=(0, 2, 3),
    summary="On encounter the runner's top card goes to the bottom of the stack and the next 3 are revealed; "
    "subroutines: 3 credits if 2 of them share a type, 3 advancement counters on an installed card if all 3 do.",
)
def _slot_machine(b: Builder) -> None:
    def encounter(x: Exec) -> None:
        g = x.game
        deck = g.runner.deck
        if deck:
            deck.insert(0, deck.pop())
            g.log.add("move", RUNNER, cards=1, zone="stack", to="bottom")
        shown = list(reversed(deck[-3:]))
        if shown:
            g.log.add("reveal", CORP, cards=[str(c) for c in shown], zone=Term("zone", "stack"))
        same = max(Counter(c.type for c in shown).values(), default=0)
        x.card.notes["slot"] = (x.run.encounter if x.run is not None else None, same)

    def matched(x: Exec, least: int) -> bool:
        enc, same = x.card.notes.get("slot", (None, 0))
        return enc is not None and enc is x.ctx.encounter and same >= least

    def credits(x: Exec) -> None:
        if matched(x, 2):
            x.game.gain_credits("corp", 3, x.why)

    def advance(x: Exec) -> None:
        g = x.game
        if not matched(x, 3):
            return
        cards = [*g.installed("corp"), *g.installed("runner")]
        chosen = x.pick(Phrase(N_("place advancement counters on")), cards, optional=False)
        if chosen is not None:
            g.place_advancement(chosen, 3)

    b.when("encounter", encounter, only=this_ice)
    b.paragraph(2).subroutine(credits)
    b.paragraph(3).subroutine(advance)


@card(
    "timely_public_release",
    paragraphs=(1,),
    summary="Spend a hosted agenda counter: install a piece of ice from HQ or Archives at any position protecting "
    "any server, ignoring all costs.",
)
def _timely_public_release(b: Builder) -> None:
    def candidates(g: NetrunnerGame) -> list[Card]:
        return [c for c in [*g.corp.hand, *g.corp.discard] if c.type == "ice" and g.server_options(c)]

    def use(x: Exec) -> None:
        g = x.game
        ice = x.pick(Phrase(N_("install a piece of ice from HQ or Archives, ignoring all costs")), candidates(g),
                     optional=False)  # fmt: skip
        if ice is None:
            return
        x.install_from(ice, free=True)
        server = g.server_of(ice)
        if server is None or len(server.ice) < 2:
            return
        prompt = Phrase(N_("at which position protecting {server} (1 is the innermost)"),
                        server=Term("zone", server.name))  # fmt: skip
        position = int(x.choose(prompt, list(range(1, len(server.ice) + 1))))
        _move_ice(g, ice, server.name, position - 1)

    def usable(g: NetrunnerGame, this: Card, window: str) -> bool:
        return window in ("action", "run") and bool(candidates(g))

    b.paragraph(1).paid([counters("agenda", 1)], use, usable=usable)


def _move_ice(g: NetrunnerGame, ice: Card, name: str, index: int) -> None:
    """Move ``ice`` (just installed outermost in server ``name``) to ``index`` (0 innermost); a run on that server
    keeps its place: ice moved inward of the runner is still to be approached."""
    server = g.servers[name]
    server.ice.remove(ice)
    server.ice.insert(index, ice)
    g.log.add("move", CORP, ice=Phrase(N_("unrezzed ice")), server=name, position=index + 1)
    run = g.current_run
    if run is None or run.ended or run.server != name:
        return
    # approaching or encountering ice[position - 1]: ice put inside it comes later; between two pieces of ice
    # (the movement step, position already past the last ice), ice put at or inside the next one comes next
    reach = run.position if run.step == "movement" else run.position - 1
    if index <= reach:
        run.position += 1


@card(
    "watch_the_world_burn",
    paragraphs=(0, 1),
    summary="Run a remote server; the first non-agenda card accessed in it is removed from the game; the action "
    "phase then ends.",
)
def _watch_the_world_burn(b: Builder) -> None:
    def end(x: Exec) -> None:
        x.game.end_action_phase = True

    def play(x: Exec) -> None:
        g = x.game
        g.in_play.append(x.card)  # in play while its run goes on: its access trigger watches that run
        try:
            run = x.run_on("remote")
            x.card.notes["run"] = run
            if g.current_run is run:
                g.runs.finish_run()
        finally:
            x.card.notes.pop("run", None)
            if x.card in g.in_play:
                g.in_play.remove(x.card)

    def accessed(x: Exec) -> None:
        x.card.notes["done"] = True
        x.remove_from_game(x.event.get("card"))

    def first(x: Exec) -> bool:
        c, g = x.event.get("card"), x.game
        return (
            c is not None
            and c.type != "agenda"
            and x.card in g.in_play
            and not x.card.notes.get("done")
            and x.card.notes.get("run") is g.current_run
        )

    b.play(end)
    b.paragraph(1).play(play)
    b.may_play(lambda g, c: any(s.remote for s in g.servers.values()))
    b.when("access", accessed, only=first)


# ---------------------------------------------------------------- Draft identities


@card(
    "boris_syfr_kovac_crafty_veteran",
    paragraphs=(1,),
    summary="While most installed cards are criminal, remove 1 tag when the runner's turn begins.",
)
def _boris(b: Builder) -> None:
    b.paragraph(1).when("your_turn_start", lambda x: x.do("你移除 1 个锁定标记。"),
                        only=lambda x: x.game.runner.tags > 0 and _leads(x.game, x.card, "runner"))  # fmt: skip


@card(
    "fringe_applications_tomorrow_today",
    paragraphs=(1,),
    summary="While most rezzed cards are Weyland, place 1 advancement counter on a piece of ice when the runner's "
    "turn begins.",
)
def _fringe(b: Builder) -> None:
    def place(x: Exec) -> None:
        g = x.game
        ice = [c for c in g.installed("corp") if c.type == "ice"]
        chosen = x.pick(Phrase(N_("place 1 advancement counter on a piece of ice")), ice, optional=False)
        if chosen is not None:
            g.place_advancement(chosen, 1)

    def only(x: Exec) -> bool:
        g = x.game
        return x.event.get("side") == "runner" and _leads(g, x.card, "corp") and any(
            c.type == "ice" for c in g.installed("corp")
        )

    b.paragraph(1).when("turn_begins", place, only=only)


@card(
    "information_dynamics_all_you_need_to_know",
    paragraphs=(1,),
    summary="While most rezzed cards are NBN, the runner takes 1 tag whenever an agenda is scored or stolen.",
)
def _information_dynamics(b: Builder) -> None:
    def tag(x: Exec) -> None:
        x.game.gain_tags(1)

    def only(x: Exec) -> bool:
        return _leads(x.game, x.card, "corp")

    b.paragraph(1).when("any_scored", tag, only=only).when("any_stolen", tag, only=only)


@card(
    "jamie_bzzz_micken_techno_savant",
    paragraphs=(1,),
    summary="While most installed cards are shaper, the runner's first install of each turn draws 1 card.",
)
def _jamie(b: Builder) -> None:
    def only(x: Exec) -> bool:
        g = x.game
        c = x.event.get("card")
        if c is None or c.side != "runner":
            return False
        installs = [e for e in list(g.log)[g.turn_started_at :] if e.kind == "install" and e.player == RUNNER]
        return len(installs) == 1 and _leads(g, x.card, "runner")

    b.paragraph(1).when("any_installed", lambda x: x.do("你抽 1 张牌。"), only=only)


@card(
    "strategic_innovations_future_forward",
    paragraphs=(1,),
    summary="While most rezzed cards are Haas-Bioroid, shuffle 1 card of Archives into R&D when the runner's turn "
    "ends.",
)
def _strategic_innovations(b: Builder) -> None:
    def shuffle(x: Exec) -> None:
        g = x.game
        chosen = x.pick(Phrase(N_("shuffle which card of Archives into R&D")), list(g.corp.discard), optional=False)
        if chosen is None:
            return
        g.corp.discard.remove(chosen)
        shown = chosen.faceup
        chosen.faceup = False
        g.corp.deck.append(chosen)
        g.log.add("move", CORP, card=str(chosen) if shown else Phrase(N_("a face-down card")), zone="archives",
                  to="rnd")  # fmt: skip
        _shuffle(g, "corp")

    def only(x: Exec) -> bool:
        g = x.game
        return x.event.get("side") == "runner" and bool(g.corp.discard) and _leads(g, x.card, "corp")

    b.paragraph(1).when("turn_ends", shuffle, only=only)


@card(
    "synthetic_systems_the_world_re_imagined",
    paragraphs=(1,),
    summary="While most rezzed cards are Jinteki, the corp may swap 2 installed pieces of ice when its turn begins.",
)
def _synthetic_systems(b: Builder) -> None:
    def swap(x: Exec) -> None:
        g = x.game
        ice = [c for s in g.servers.values() for c in s.ice]
        if not x.may(Phrase(N_("swap 2 installed pieces of ice?"))):
            return
        first = x.pick(Phrase(N_("swap which ice")), ice, optional=False)
        second = x.pick(Phrase(N_("swap it with which ice")), [c for c in ice if c is not first], optional=False)
        if first is None or second is None:
            return
        a, z = g.server_of(first), g.server_of(second)
        if a is None or z is None:
            return
        i, j = a.ice.index(first), z.ice.index(second)
        a.ice[i], z.ice[j] = second, first
        for moved, server, index in ((first, z, j), (second, a, i)):
            shown = str(moved) if moved.rezzed else Phrase(N_("unrezzed ice"))
            g.log.add("move", CORP, ice=shown, server=server.name, position=index + 1)

    def only(x: Exec) -> bool:
        g = x.game
        return sum(len(s.ice) for s in g.servers.values()) >= 2 and _leads(g, x.card, "corp")

    b.paragraph(1).when("your_turn_start", swap, only=only)


@card(
    "wyvern_chemically_enhanced",
    paragraphs=(1, 2),
    summary="The heap keeps the order cards reach it (nothing reorders it); while most installed cards are anarch, "
    "each corp card the runner trashes shuffles the heap's top card into the stack.",
)
def _wyvern(b: Builder) -> None:
    def recycle(x: Exec) -> None:
        g = x.game
        runner = g.runner
        if not runner.discard:
            return
        top = runner.discard.pop()
        top.faceup = False
        runner.deck.append(top)
        g.log.add("move", RUNNER, card=str(top), zone="heap", to="stack")
        _shuffle(g, "runner")

    def only(x: Exec) -> bool:
        c = x.event.get("card")
        return (
            c is not None
            and c.side == "corp"
            and x.event.get("by") == "runner"
            and bool(x.game.runner.discard)
            and _leads(x.game, x.card, "runner")
        )

    b.paragraph(2).when("trashed", recycle, only=only)
