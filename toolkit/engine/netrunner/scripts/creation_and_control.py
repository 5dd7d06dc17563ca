"""Card scripts of Creation and Control: the cards and identities first printed there (Haas-Bioroid, the Shaper
cards and the neutral ones).

Frames several cards share: the encounter in progress (:func:`_encounter`), whether a program could be installed
from anywhere paying less (:func:`_installable`), an icebreaker's boost or break usable only when it does
something (:func:`_weak_against`, :func:`_strong_against`), and the corp installing a card from HQ or Archives
(:func:`_corp_install`).

Left out (the set's report lists them): hosting ice on an upgrade and forcing an encounter (Awakening Center), a
card worth agenda points in the runner's score area (Director Haas), forbidding the corp to advance cards
(Efficiency Committee), an asset that can be advanced only while unrezzed (Haas Arcology AI), hosted or recurring
credits that pay for installing programs only (Ice Analyzer, Sahasrara), a host whose program's memory does not
count (Omni-drive), interrupts on breaking subroutines (Tyr's Hand), the zone an installed card came from
(Exile), set-up before the first turn (NEXT Design) and deck-building rules (Custom Biotics, The Professor).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from toolkit.engine.phrase import Phrase, Term
from toolkit.i18n.words import N_
from toolkit.text import parse_cached

from ..decisions import Option
from ..run import gain_subroutines
from ..state import SEATS, Card, Context, Encounter
from . import Builder, Exec, card, click, counters, credit, one_console, this_card, trash_self

if TYPE_CHECKING:
    from ..game import NetrunnerGame

CORP = SEATS["corp"]
RUNNER = SEATS["runner"]
CORP_INSTALLABLE = ("ice", "asset", "upgrade", "agenda")


# ---------------------------------------------------------------- frames


def _encounter(g: NetrunnerGame) -> Encounter | None:
    run = g.current_run
    return run.encounter if run is not None and not run.ended else None


def _unbroken(g: NetrunnerGame, breaker: Card, subtype: str) -> Encounter | None:
    """The encounter in progress, when its ice is of ``subtype``, has an unbroken subroutine and ``breaker`` may
    break it."""
    enc = _encounter(g)
    if enc is None or enc.bypassed or subtype not in enc.ice.subtypes or not g.may_break(enc.ice, breaker):
        return None
    return enc if any(not s.broken for s in enc.subs) else None


def _weak_against(g: NetrunnerGame, breaker: Card, subtype: str) -> bool:
    """A boost does something: ``breaker`` is weaker than the ``subtype`` ice it encounters."""
    enc = _unbroken(g, breaker, subtype)
    return enc is not None and g.strength_of(breaker) < g.strength_of(enc.ice)


def _strong_against(g: NetrunnerGame, breaker: Card, subtype: str) -> bool:
    """A break does something: ``breaker`` is as strong as the ``subtype`` ice it encounters."""
    enc = _unbroken(g, breaker, subtype)
    return enc is not None and g.strength_of(breaker) >= g.strength_of(enc.ice)


def _installable(g: NetrunnerGame, c: Card, less: int = 0) -> bool:
    """Whether the runner may install the program ``c`` now (wherever it is), paying ``less`` less."""
    if c.type != "program" or not g.may_install(c):
        return False
    if int(c.record.memory_cost or 0) > g.memory_limit():
        return False
    return g.can_pay("runner", max(0, g.install_cost(c) - less), "install")


def _corp_install(g: NetrunnerGame, c: Card, server: str) -> None:
    """The corp installs ``c`` (from HQ or Archives) in ``server`` (a name or ``new remote``), ignoring its install
    cost."""
    if c in g.corp.discard:
        g.corp.discard.remove(c)
    c.faceup = False
    g.install("corp", c, server, pay=False)


def _corp_installed(x: Exec) -> bool:
    """The card an ``any_installed`` event is about is the corp's."""
    placed = x.event.get("card")
    return placed is not None and placed.side == "corp"


# ---------------------------------------------------------------- ice


@card("heimdall_2_0", paragraphs=(0,), summary="The runner may lose 2 clicks to break up to 2 of its subroutines.")
def _heimdall_2(b: Builder) -> None:
    b.runner_break(clicks=2, count=2)


@card("ichi_2_0", paragraphs=(0,), summary="The runner may lose 2 clicks to break up to 2 of its subroutines.")
def _ichi_2(b: Builder) -> None:
    b.runner_break(clicks=2, count=2)


@card("viktor_2_0", paragraphs=(0,), summary="The runner may lose 2 clicks to break up to 2 of its subroutines.")
def _viktor_2(b: Builder) -> None:
    b.runner_break(clicks=2, count=2)


def _lost_a_click_to_break(g: NetrunnerGame) -> bool:
    """Whether the runner lost clicks to break a subroutine during the run in progress (a break made by the ice's
    own ability, as ``runner_break`` logs it)."""
    events = list(g.log)
    start = next((i for i in range(len(events) - 1, -1, -1) if events[i].kind == "run"), len(events))
    return any(e.kind == "break" and e.data.get("by") == e.data.get("ice") for e in events[start:])


@card("zed_1_0", paragraphs=(0, 1, 2), summary="The runner may lose a click to break 1 of its subroutines; each "
      "subroutine does 1 brain damage if the runner has lost clicks to break a subroutine during this run.")  # fmt: skip
def _zed_1(b: Builder) -> None:
    def sub(x: Exec) -> None:
        if _lost_a_click_to_break(x.game):
            x.do("造成 1 点脑部伤害。")

    b.paragraph(0).runner_break(clicks=1, count=1)
    b.paragraph(1).subroutine(sub)
    b.paragraph(2).subroutine(sub)


@card("datapike", paragraphs=(0,), summary="Subroutine: the runner pays 2 credits when it can; otherwise the run "
      "ends.")  # fmt: skip
def _datapike(b: Builder) -> None:
    def sub(x: Exec) -> None:
        g = x.game
        if g.can_pay("runner", 2):
            g.pay("runner", 2, x.why)
        else:
            x.do("终止潜袭。")

    b.subroutine(sub)


@card("minelayer", paragraphs=(0,), summary="Subroutine: the corp may install a piece of ice from HQ protecting this "
      "server, ignoring its install cost.")  # fmt: skip
def _minelayer(b: Builder) -> None:
    def sub(x: Exec) -> None:
        g = x.game
        server = g.server_of(x.card)
        if server is None:
            return
        options = [c for c in g.corp.hand if c.type == "ice" and server.name in g.server_options(c)]
        prompt = Phrase(N_("install a piece of ice from HQ protecting {server}?"), server=Term("zone", server.name))
        chosen = x.pick(prompt, options)
        if chosen is not None:
            g.install("corp", chosen, server.name, pay=False)

    b.subroutine(sub)


@card("howler", paragraphs=(0,), summary="Subroutine: the corp may install and rez a bioroid ice from HQ or Archives "
      "directly behind this ice, ignoring all costs; after the run it is derezzed and this ice trashed.")  # fmt: skip
def _howler(b: Builder) -> None:
    def sub(x: Exec) -> None:
        g = x.game
        server = g.server_of(x.card)
        run = g.current_run
        if server is None or run is None:
            return
        options = [c for c in [*g.corp.hand, *g.corp.discard] if c.type == "ice" and "bioroid" in c.subtypes]
        prompt = Phrase(N_("install and rez a {subtype} ice behind {card}?"), subtype=Term("subtypes", "bioroid"),
                        card=str(x.card))  # fmt: skip
        chosen = x.pick(prompt, options)
        if chosen is None:
            return
        _corp_install(g, chosen, server.name)
        if chosen not in server.ice or x.card not in server.ice:
            return
        server.ice.remove(chosen)  # installed outermost: moved to just inside this ice
        behind = server.ice.index(x.card)
        server.ice.insert(behind, chosen)
        if run.server == server.name and run.position == behind + 1:  # this ice stays the one being passed
            run.position += 1
        g.rez(chosen, free=True)
        howler, why = x.card, x.why

        def after(run: Any, successful: bool) -> None:
            g.derez(chosen, why)
            if g.is_installed(howler):
                g.trash(howler, why, by="corp")

        x.when_run_ends(after)

    b.subroutine(sub)


# ---------------------------------------------------------------- assets and upgrades


@card("alix_t4lb07", paragraphs=(0, 1), summary="A power counter whenever the corp installs a card; click, trash: "
      "2 credits for each power counter it had.")  # fmt: skip
def _alix(b: Builder) -> None:
    def installed(x: Exec) -> None:
        x.game.add_counters(x.card, "power", 1)

    def cash(x: Exec) -> None:
        power = int(x.card.last_known.get("counters", {}).get("power", 0))
        if power:
            x.game.gain_credits("corp", 2 * power, x.why)

    b.paragraph(0).when("any_installed", installed, only=_corp_installed)
    b.paragraph(1).paid([click(), trash_self()], cash,
                        usable=lambda g, c, w: w == "action" and c.counters.get("power", 0) > 0)  # fmt: skip


@card("thomas_haas", paragraphs=(1,), summary="Trash: 2 credits for each advancement counter it had.")
def _thomas_haas(b: Builder) -> None:
    def cash(x: Exec) -> None:
        tokens = int(x.card.last_known.get("counters", {}).get("advancement", 0))
        if tokens:
            x.game.gain_credits("corp", 2 * tokens, x.why)

    b.paid([trash_self()], cash, usable=lambda g, c, w: c.advancement > 0)


@card("server_diagnostics", paragraphs=(1,), summary="Trashed when the corp installs a piece of ice.")
def _server_diagnostics(b: Builder) -> None:
    def installed(x: Exec) -> None:
        if x.game.is_installed(x.card):
            x.game.trash(x.card, x.why, by="corp")

    b.when("any_installed", installed, only=lambda x: _corp_installed(x) and x.event["card"].type == "ice")


@card("levy_university", paragraphs=(0,), summary="Click, 1 credit: search R&D for a piece of ice, reveal it, add it "
      "to HQ, shuffle R&D.")  # fmt: skip
def _levy_university(b: Builder) -> None:
    b.text("[click]，1[credit]：你从研发中心搜寻 1 张防火墙，展示后加入你的手牌。")


# ---------------------------------------------------------------- operations and agendas


def _unsuccessful_last_turn(g: NetrunnerGame, c: Card) -> bool:
    """Whether the runner made a run that was not successful during its last turn."""
    events = Exec(g, Context("corp", c)).last_turn("runner")
    return any(e.kind == "run_end" and not e.data.get("successful") for e in events)


@card("successful_demonstration", paragraphs=(0,), summary="Played only if the runner made an unsuccessful run during "
      "its last turn.")  # fmt: skip
def _successful_demonstration(b: Builder) -> None:
    b.may_play(_unsuccessful_last_turn)


@card("sentinel_defense_program", paragraphs=(0,), summary="Whenever the runner suffers brain damage, 1 net damage.")
def _sentinel_defense_program(b: Builder) -> None:
    def damaged(x: Exec) -> None:
        x.do("造成 1 点网域伤害。")

    b.when("damage_done", damaged,
           only=lambda x: x.event.get("kind") == "brain" and int(x.event.get("amount", 0)) >= 1)  # fmt: skip


@card("director_haas_pet_project", paragraphs=(0,), summary="When scored, the corp may make a new remote server of up "
      "to 3 cards from HQ or Archives (in its root or protecting it), ignoring all install costs.")  # fmt: skip
def _pet_project(b: Builder) -> None:
    def scored(x: Exec) -> None:
        g = x.game
        server: str | None = None
        for _ in range(3):
            where = server or "new remote"
            options = [c for c in [*g.corp.hand, *g.corp.discard]
                       if c.type in CORP_INSTALLABLE and where in g.server_options(c)]  # fmt: skip
            if server is None:
                prompt = Phrase(N_("create a new remote server with a card from HQ or Archives?"))
            else:
                prompt = Phrase(N_("install another card in {server}?"), server=Term("zone", server))
            chosen = x.pick(prompt, options)
            if chosen is None:
                return
            _corp_install(g, chosen, where)
            placed = g.server_of(chosen)
            if placed is None:
                return
            server = placed.name

    b.when("agenda_scored", scored, only=this_card)


@card("project_wotan", paragraphs=(1,), summary="An agenda counter: the rezzed bioroid ice being approached gains an "
      "end-the-run subroutine after its others for the rest of the run.")  # fmt: skip
def _project_wotan(b: Builder) -> None:
    def approached(g: NetrunnerGame) -> Card | None:
        run = g.current_run
        if run is None or run.ended or run.step != "approach" or run.server not in g.servers:
            return None
        ice = g.servers[run.server].ice
        if not 0 < run.position <= len(ice):
            return None
        target = ice[run.position - 1]
        return target if target.rezzed and "bioroid" in target.subtypes else None

    def use(x: Exec) -> None:
        g = x.game
        target = approached(g)
        if target is None:
            return
        run, gained = x.card.notes.get("wotan", (None, []))
        if run is not g.current_run:
            gained = []
        x.card.notes["wotan"] = (g.current_run, [*gained, target])
        g.log.add("effect", CORP, card=str(x.card), ice=str(target), subroutines=len(x.card.notes["wotan"][1]))

    def gained(x: Exec) -> int:
        """How many end-the-run subroutines the ice encountered now gained this run."""
        run, ice = x.card.notes.get("wotan", (None, []))
        enc = _encounter(x.game)
        if run is not x.game.current_run or enc is None or enc.ice is not x.event.get("ice"):
            return 0
        return sum(1 for c in ice if c is enc.ice)

    def encounter(x: Exec) -> None:
        enc = _encounter(x.game)
        assert enc is not None
        gain_subroutines(x.game, enc, [parse_cached("[subroutine] 终止潜袭。")] * gained(x), by=x.card)

    b.paid([counters("agenda", 1)], use, usable=lambda g, c, w: w == "run" and approached(g) is not None)
    b.when("encounter", encounter, only=lambda x: gained(x) > 0)


@card("bioroid_efficiency_research", paragraphs=(0,), summary="Rez a bioroid ice free and host this on it as a "
      "condition: when all of that ice's subroutines are broken in one encounter, this is trashed and the ice "
      "derezzed.")  # fmt: skip
def _bioroid_efficiency_research(b: Builder) -> None:
    def targets(g: NetrunnerGame) -> list[Card]:
        return [c for c in g.installed("corp") if c.type == "ice" and not c.rezzed and "bioroid" in c.subtypes]

    def play(x: Exec) -> None:
        g = x.game
        ice = x.pick(Phrase(N_("rez which {subtype} ice, ignoring all costs"), subtype=Term("subtypes", "bioroid")),
                     targets(g), optional=False)  # fmt: skip
        if ice is None:
            return
        g.rez(ice, free=True)
        x.card.host = ice
        ice.hosted.append(x.card)
        g.log.add("host", CORP, card=str(x.card), host=str(ice))

    def all_broken(x: Exec) -> bool:
        enc = _encounter(x.game)
        host = x.card.host
        return (
            host is not None
            and x.event.get("ice") is host
            and enc is not None
            and enc.ice is host
            and all(s.broken for s in enc.subs)
        )

    def broken(x: Exec) -> None:
        host = x.card.host
        assert host is not None
        x.game.leave_in_play(x.card, Phrase(N_("every subroutine of {ice} was broken"), ice=str(host)))
        x.game.derez(host, x.why)

    def trashed(x: Exec) -> None:  # its host left play and took it along
        if x.card in x.game.in_play:
            x.game.in_play.remove(x.card)

    b.may_play(lambda g, c: bool(targets(g)))
    b.stays_in_play()
    b.play(play).when("subroutine_broken", broken, only=all_broken).when("trashed", trashed, only=this_card)


# ---------------------------------------------------------------- the corp identity


@card("cerebral_imaging_infinite_frontiers", paragraphs=(0,), summary="The corp's maximum hand size is the credits "
      "in its pool.")  # fmt: skip
def _cerebral_imaging(b: Builder) -> None:
    b.limit(lambda g, this, side, stat: g.corp.credits - g.rules.hand_size if (side, stat) == ("corp", "hand_size")
            else 0)  # fmt: skip


# ---------------------------------------------------------------- programs


@card("chakana", paragraphs=(1,), summary="With 3 or more virus counters, every agenda needs 1 more advancement.")
def _chakana(b: Builder) -> None:
    b.requirement(lambda g, this, agenda: 1 if this.counters.get("virus", 0) >= 3 else 0)


@card("inti", paragraphs=(1,), summary="2 credits: +1 strength for the rest of the run.")
def _inti(b: Builder) -> None:
    def boost(x: Exec) -> None:
        g = x.game
        held = x.card.notes.get("run_boost")
        amount = held[1] + 1 if held is not None and held[0] is g.current_run else 1
        x.card.notes["run_boost"] = (g.current_run, amount)
        g.log.add("strength", RUNNER, card=str(x.card), delta=1, strength=g.strength_of(x.card))

    def strength(g: NetrunnerGame, c: Card) -> int:
        held = c.notes.get("run_boost")
        return int(held[1]) if held is not None and g.current_run is not None and held[0] is g.current_run else 0

    b.strength(strength)
    b.paid([credit(2)], boost, role="boost",
           usable=lambda g, c, w: w == "encounter" and _weak_against(g, c, "barrier"))  # fmt: skip


@card("cyber_cypher", paragraphs=(0, 1, 2), replaces=(1, 2), summary="Names a server when installed and is used only "
      "during runs on it: 1 credit breaks a code gate subroutine; 1 credit: +1 strength.")  # fmt: skip
def _cyber_cypher(b: Builder) -> None:
    def installed(x: Exec) -> None:
        g = x.game
        chosen = str(x.choose(Phrase(N_("choose a server")), list(g.servers), kind="server"))
        x.card.notes["server"] = chosen
        g.log.add("effect", RUNNER, card=str(x.card), server=Term("zone", chosen))

    def on_its_server(g: NetrunnerGame, c: Card) -> bool:
        run = g.current_run
        return run is not None and not run.ended and run.server == c.notes.get("server")

    def break_one(x: Exec) -> None:
        if _strong_against(x.game, x.card, "code_gate") and on_its_server(x.game, x.card):
            x.break_subroutines(1, "code_gate")

    def boost(x: Exec) -> None:
        if on_its_server(x.game, x.card):
            x.do("强度 +1。")

    b.paragraph(0).when("installed", installed, only=this_card)
    b.paragraph(1).paid([credit(1)], break_one, role="break",
                        usable=lambda g, c, w: on_its_server(g, c) and _strong_against(g, c, "code_gate"))  # fmt: skip
    b.paragraph(2).paid([credit(1)], boost, role="boost",
                        usable=lambda g, c, w: on_its_server(g, c) and _weak_against(g, c, "code_gate"))  # fmt: skip


def _stealth_credits(g: NetrunnerGame) -> list[tuple[Card, str, int]]:
    """``(card, "recurring" or "hosted", credits)`` of the runner's stealth cards whose credits may pay for an
    icebreaker's ability now."""
    out: list[tuple[Card, str, int]] = []
    for c in g.active_cards("runner"):
        if "stealth" not in c.subtypes:
            continue
        if c.recurring > 0 and any(use == "icebreaker" for _, use in g.recurring_uses(c)):
            out.append((c, "recurring", c.recurring))
        if c.credits > 0 and any(fn(g, c, "icebreaker") for _, fn in g.script_hooks("spend_hosted", [c])):
            out.append((c, "hosted", c.credits))
    return out


@card("dagger", paragraphs=(1,), summary="1 credit from a stealth card: +5 strength.")
def _dagger(b: Builder) -> None:
    def boost(x: Exec) -> None:
        g = x.game
        sources = _stealth_credits(g)
        if not sources:
            g.log.add("strength_failed", RUNNER, reason=Phrase(N_("no stealth card has a credit to spend")))
            return
        options = [Option(f"{c.ref}/{kind}", Phrase(N_("{card} ({n}{credit})"), card=str(c), n=n, credit="[credit]"),
                          (c, kind)) for c, kind, n in sources]  # fmt: skip
        source, kind = g.ask("runner", "pay", Phrase(N_("pay with the credits of which stealth card")), options).value
        if kind == "recurring":
            source.recurring -= 1
            g.log.add("recurring", RUNNER, card=str(source), spent=1, left=source.recurring, reason=str(x.card))
        else:
            source.credits -= 1
            g.log.add("take_credits", RUNNER, card=str(source), amount=1, hosted=source.credits)
            g.check_empty(source)
        x.do("强度 +5。")

    b.paid([], boost, role="boost",
           usable=lambda g, c, w: w == "encounter" and _weak_against(g, c, "sentry") and bool(_stealth_credits(g)))  # fmt: skip


# ---------------------------------------------------------------- hardware


@card("clone_chip", paragraphs=(0,), summary="Trash: install a program from the heap, paying its install cost.")
def _clone_chip(b: Builder) -> None:
    def use(x: Exec) -> None:
        g = x.game
        options = [c for c in g.runner.discard if _installable(g, c)]
        chosen = x.pick(Phrase(N_("install which program from your heap")), options, optional=False)
        if chosen is not None:
            x.install_from(chosen, zone=g.runner.discard)

    b.paid([trash_self()], use, usable=lambda g, c, w: any(_installable(g, p) for p in g.runner.discard))


@card("feedback_filter", paragraphs=(0, 1), summary="3 credits: prevent 1 net damage; trash: prevent up to 2 brain "
      "damage.")  # fmt: skip
def _feedback_filter(b: Builder) -> None:
    b.paragraph(0).text("3[credit]：防止 1 点网域伤害。")
    b.paragraph(1).text("[trash]：防止 2 点脑部伤害。")


@card("monolith", paragraphs=(1, 2, 3), summary="When installed, install up to 3 programs from the grip, each 4 "
      "credits cheaper; a program trashed from the grip prevents 1 core or net damage; only 1 console per player.")  # fmt: skip
def _monolith(b: Builder) -> None:
    def installed(x: Exec) -> None:
        g = x.game
        for _ in range(3):
            options = [c for c in g.runner.hand if _installable(g, c, 4)]
            prompt = Phrase(N_("install which card, paying {n}{credit} less"), n=4, credit="[credit]")
            chosen = x.pick(prompt, options)
            if chosen is None:
                return
            x.install_from(chosen, less=4)

    def damage_window(g: NetrunnerGame) -> bool:
        window = g.window
        return window is not None and window.get("what") == "damage" and window.get("kind") in ("brain", "net")

    def prevent(x: Exec) -> None:
        g = x.game
        if not damage_window(g):
            return
        kind = g.window["kind"] if g.window else None
        programs = [c for c in g.runner.hand if c.type == "program"]
        chosen = x.pick(Phrase(N_("trash which program from your grip")), programs, optional=False)
        if chosen is None:
            return
        g.trash(chosen, x.why, by="runner")
        g.prevent("damage", 1, x.card, kind)

    b.paragraph(1).when("installed", installed, only=this_card)
    b.paragraph(2).paid([], prevent, role="prevent_damage",
                        usable=lambda g, c, w: damage_window(g) and any(p.type == "program" for p in g.runner.hand))  # fmt: skip
    one_console(b.paragraph(3))


# ---------------------------------------------------------------- events


@card("freelance_coding_contract", paragraphs=(0,), summary="Trash up to 5 programs from the grip; 2 credits for "
      "each.")  # fmt: skip
def _freelance_coding_contract(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        trashed = 0
        for _ in range(5):
            options = [c for c in g.runner.hand if c.type == "program"]
            chosen = x.pick(Phrase(N_("trash which program from your grip")), options)
            if chosen is None:
                break
            if g.trash(chosen, x.why, by="runner"):
                trashed += 1
        if trashed:
            g.gain_credits("runner", 2 * trashed, x.why)

    b.play(play)


@card("levy_ar_lab_access", paragraphs=(0,), summary="Shuffle the grip and heap into the stack, draw 5 cards; then "
      "this event is removed from the game.")  # fmt: skip
def _levy_ar_lab_access(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        runner = g.runner
        moved = [*runner.hand, *runner.discard]
        runner.hand.clear()
        runner.discard.clear()
        for c in moved:
            c.faceup = False
        runner.deck.extend(moved)
        g.rng.shuffle(runner.deck)
        g.log.add("shuffle", RUNNER, zone="stack", cards=len(moved))
        g.draw("runner", 5)
        x.remove_from_game()

    b.play(play)


@card("exploratory_romp", paragraphs=(0,), summary="Run any server; if successful, instead of breaching it remove up "
      "to 3 advancement counters from 1 card in its root or protecting it.")  # fmt: skip
def _exploratory_romp(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        run = x.run_on("any")

        def instead() -> None:
            server = g.servers.get(run.server)
            if server is None:
                return
            options = [c for c in [*server.ice, *server.root] if c.advancement > 0]
            prompt = Phrase(N_("remove advancement counters from which card"))
            chosen = x.pick(prompt, options, side="runner")
            if chosen is None:
                return
            amounts = list(range(min(3, chosen.advancement), 0, -1))
            n = int(g.choose("runner", "amount", Phrase(N_("remove how many advancement counters")), amounts))
            g.add_counters(chosen, "advancement", -n)

        x.instead_of_breach(instead)

    b.play(play)


@card("escher", paragraphs=(0,), summary="Run HQ; if successful, instead of breaching it rearrange the installed ice "
      "(each server keeps as many pieces as it had).")  # fmt: skip
def _escher(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        x.run_on("hq")

        def where(ice: Card) -> tuple[str, int]:
            server = g.server_of(ice)
            assert server is not None
            return server.name, server.ice.index(ice)

        def instead() -> None:
            for _ in range(50):  # a swap at a time: any arrangement is reached
                ice = [c for s in g.servers.values() for c in s.ice]
                if len(ice) < 2:
                    return
                first = x.pick(Phrase(N_("swap which piece of ice")), ice, side="runner")
                if first is None:
                    return
                second = x.pick(Phrase(N_("swap it with which piece of ice")), [c for c in ice if c is not first],
                                optional=False, side="runner")  # fmt: skip
                if second is None:
                    return
                (s1, i1), (s2, i2) = where(first), where(second)
                g.servers[s1].ice[i1], g.servers[s2].ice[i2] = second, first
                g.log.add("move", RUNNER, server=s1, position=i1 + 1, to=Term("zone", s2), index=i2 + 1)

        x.instead_of_breach(instead)

    b.play(play)


@card("scavenge", paragraphs=(0, 1), summary="An installed program is trashed to play it; then install a program from "
      "the grip or heap paying that program's install cost less.")  # fmt: skip
def _scavenge(b: Builder) -> None:
    def trashable(g: NetrunnerGame) -> list[Card]:
        return [c for c in g.runner.rig if c.type == "program" and g.may_trash(c, "runner")]

    def pay(x: Exec) -> None:
        g = x.game
        chosen = x.pick(Phrase(N_("trash which installed program")), trashable(g), optional=False)
        if chosen is None:
            return
        x.card.notes["less"] = g.install_cost(chosen)
        g.trash(chosen, x.why, by="runner")

    def install(x: Exec) -> None:
        g = x.game
        less = int(x.card.notes.pop("less", 0))
        options = [c for c in [*g.runner.hand, *g.runner.discard] if _installable(g, c, less)]
        prompt = Phrase(N_("install which card, paying {n}{credit} less"), n=less, credit="[credit]")
        chosen = x.pick(prompt, options, optional=False)
        if chosen is not None:
            x.install_from(chosen, zone=g.runner.discard if chosen in g.runner.discard else None, less=less)

    b.may_play(lambda g, c: bool(trashable(g)))
    b.paragraph(0).play(pay)
    b.paragraph(1).play(install)


# ---------------------------------------------------------------- resources


@card("same_old_thing", paragraphs=(0,), summary="2 clicks, trash: play an event from the heap, paying its play "
      "cost.")  # fmt: skip
def _same_old_thing(b: Builder) -> None:
    def playable(g: NetrunnerGame, c: Card, clicks: int) -> bool:
        return (
            c.type == "event"
            and g.may_play(c)
            and g.runner.clicks - clicks >= g.play_clicks(c)
            and g.can_pay("runner", g.play_cost(c), "play")
        )

    def use(x: Exec) -> None:
        g = x.game
        options = [c for c in g.runner.discard if playable(g, c, 0)]
        chosen = x.pick(Phrase(N_("play which event from your heap")), options, optional=False)
        if chosen is None:
            return
        more = g.play_clicks(chosen)
        if more:
            g.spend_clicks("runner", more, str(chosen))
        g.runner.discard.remove(chosen)
        g.runner.hand.append(chosen)  # played as from the grip: its play cost, then its text, then the heap
        g.actions.play_card("runner", chosen)

    b.paid([click(2), trash_self()], use,
           usable=lambda g, c, w: w == "action" and any(playable(g, e, 2) for e in g.runner.discard))  # fmt: skip


@card("the_source", paragraphs=(0, 1, 2), summary="Every agenda needs 1 more advancement; stealing one costs 3 more "
      "credits; trashed once an agenda is scored or stolen.")  # fmt: skip
def _the_source(b: Builder) -> None:
    def pay(g: NetrunnerGame, agenda: Card) -> None:
        g.pay("runner", 3, Phrase(N_("the additional cost to steal {card}"), card=str(agenda)))

    def gone(x: Exec) -> None:
        if x.game.is_installed(x.card):
            x.game.trash(x.card, x.why)

    b.paragraph(0).requirement(lambda g, this, agenda: 1)
    b.paragraph(1).steal_requires(lambda g, agenda: g.can_pay("runner", 3), pay)
    b.paragraph(2).when("any_scored", gone).when("any_stolen", gone)
