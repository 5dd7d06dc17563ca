"""Card scripts of the Liberation cycle (The Automata Initiative, Rebellion Without Rehearsal): the runner
cards and runner identities.

Some frames recur: a run event that stays in play while its run goes on, so that its own triggers, paid
abilities and hosted credits work during the run (:func:`_event_run`); a breach of another server instead of
the one run (:func:`_breach_instead`); tags taken as a cost, which nothing can avoid (:func:`_tag_as_cost`);
whether the runner is accessing a card (:func:`_accessing`) or has just bypassed the ice it passes
(:func:`_bypassed`). Cards whose text needs what the engine does not model are left out; the report of the
cycle's scripts lists them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from toolkit.engine.phrase import Phrase, Term
from toolkit.i18n import Nn_
from toolkit.i18n.words import N_
from toolkit.text import ast as A
from toolkit.text.render import render

from ..decisions import Option
from ..state import CENTRALS, SEATS, Card, Encounter, RunState
from . import Builder, Exec, card, click, counters, credit, load, on_installed_ice, one_console, trash_self

if TYPE_CHECKING:
    from toolkit.engine.core import Event

    from ..game import NetrunnerGame

RUNNER = SEATS["runner"]
CORP = SEATS["corp"]
_SPEND_POWER = Nn_("{card}: spend {n} power counter to bypass {ice}?",
                   "{card}: spend {n} power counters to bypass {ice}?")


# ---------------------------------------------------------------- what several cards ask


def _threat(g: NetrunnerGame, points: int) -> bool:
    """Threat N: some player has N or more agenda points."""
    return any(g.agenda_points(side) >= points for side in ("corp", "runner"))


def _since(g: NetrunnerGame, kinds: Sequence[str]) -> list[Event]:
    """The logged events after the last one of ``kinds`` (all of them when there is none)."""
    events = list(g.log)
    for index in range(len(events) - 1, -1, -1):
        if events[index].kind in kinds:
            return events[index + 1 :]
    return events


def _this_turn(g: NetrunnerGame) -> list[Event]:
    return _since(g, ("turn_start", "scenario"))


def _this_run(g: NetrunnerGame) -> list[Event]:
    """The events of the run in progress (or of the last run)."""
    return _since(g, ("run",))


def _encountering(g: NetrunnerGame) -> Encounter | None:
    run = g.current_run
    return run.encounter if run is not None else None


def _breakable(g: NetrunnerGame, breaker: Card, subtype: str | None = None) -> Encounter | None:
    """The encounter in progress, when ``breaker`` is strong enough to break its ice (of ``subtype``) and some
    subroutine is still unbroken."""
    enc = _encountering(g)
    if enc is None or not any(not s.broken for s in enc.subs):
        return None
    if subtype is not None and subtype not in enc.ice.subtypes:
        return None
    if g.strength_of(breaker) < g.strength_of(enc.ice) or not g.may_break(enc.ice, breaker):
        return None
    return enc


def _break(x: Exec, count: int) -> int:
    """Break ``count`` unbroken subroutines of the ice encountered (the runner picks them); how many broke."""
    return x.break_subroutines(count)


def _fully_broke(g: NetrunnerGame, breaker: Card, ice: Card) -> bool:
    """Whether ``breaker`` broke every subroutine of ``ice`` in the encounter that just ended."""
    last = next((e for e in reversed(list(g.log)) if e.kind == "encounter"), None)
    if last is None or last.data.get("ice") != str(ice):
        return False
    subs = int(last.data.get("subroutines", 0))
    events = _since(g, ("encounter",))
    broken = {e.data.get("index") for e in events if e.kind == "break" and e.data.get("ice") == str(ice)}
    mine = {
        e.data.get("index")
        for e in events
        if e.kind == "break" and e.data.get("ice") == str(ice) and e.data.get("by") == str(breaker)
    }
    return bool(subs) and len(broken) == subs and mine == broken


def _ice(g: NetrunnerGame) -> list[Card]:
    return [ice for server in g.servers.values() for ice in server.ice]


def _trojan(b: Builder) -> None:
    """"Install only on a piece of ice": the hosts are the installed ice."""
    on_installed_ice(b)


def _pick(x: Exec, prompt: str, options: Sequence[tuple[str, str]], kind: str = "choice") -> str:
    """One of ``options`` (``(label, text)``), decided by the card's side; the chosen label."""
    return str(x.game.ask(x.side, kind, prompt, [Option(label, text, label) for label, text in options]).value)


def _installable(g: NetrunnerGame, c: Card, less: int = 0, free: bool = False) -> bool:
    """Whether the runner may install ``c`` now (wherever it is), paying ``less`` less (or nothing when ``free``)."""
    if c.type not in ("program", "hardware", "resource") or not g.may_install(c):
        return False
    if c.type == "program" and int(c.record.memory_cost or 0) > g.memory_limit():
        return False
    return free or g.can_pay("runner", max(0, g.install_cost(c) - less), "install")


def _install(g: NetrunnerGame, c: Card, zone: list[Card], less: int = 0, free: bool = False, host: Card | None = None) -> None:
    """Install ``c`` from ``zone`` (the grip, stack or heap), paying ``less`` less, or nothing when ``free``."""
    runner = g.runner
    origin = {id(runner.hand): "hand", id(runner.deck): "deck", id(runner.discard): "discard"}.get(id(zone), "other")
    if c in zone:
        zone.remove(c)
    if not free:
        cost = max(0, g.install_cost(c) - less)
        g.pay("runner", cost, Phrase(N_("installing {card}"), card=str(c)), "install")
    g.install("runner", c, pay=False, host=host, origin=origin)


def _uninstall(g: NetrunnerGame, c: Card) -> None:
    """``c`` leaves play (to another zone, which the caller puts it in); the cards it hosts are trashed."""
    for hosted in list(c.hosted):
        g.trash(hosted, Phrase(N_("its host {card} left play"), card=str(c)))
    if c in g.runner.rig:
        g.runner.rig.remove(c)
    g.trash_from_server(c)
    c.leave_play()


def _ran_every_central(g: NetrunnerGame) -> bool:
    """A successful run on HQ, on R&D and on Archives this turn."""
    return all(any(t == g.turns and s == c and ok for t, s, ok in g.run_history) for c in CENTRALS)


def _draw_prompt(c: Card) -> str:
    return Phrase(N_("{card}: draw 1 card?"), card=str(c))


def _won(run: RunState) -> bool:
    return run.successful and not run.ended


def _event_run(x: Exec, server: str, success: Callable[[Exec, RunState], None] | None = None) -> None:
    """A run event's run on ``server``: the event stays in play (active) while the run goes on, so its own
    triggers, paid abilities and hosted credits work during it; ``success(x, run)`` once the run is successful
    (before the breach); the run ends here, access included."""
    g = x.game
    g.in_play.append(x.card)
    try:
        run: RunState = x.run_on(server)
        if success is not None and _won(run) and not g.over:
            success(x, run)
        if g.current_run is run:
            g.runs.finish_run()
    finally:
        if x.card in g.in_play:
            g.in_play.remove(x.card)


def _breach_instead(x: Exec, server: str, extra: int = 0) -> None:
    """Breach the central ``server`` instead of the server run (a card's "instead of breaching ..., breach"),
    accessing ``extra`` more cards; the breach triggers learn the server breached."""
    g = x.game
    run = g.current_run
    if run is None:
        return
    run.extra_access = extra
    g.announce("breach", server=server)
    if g.over:
        return
    count = 1 + run.extra_access
    corp = g.corp
    if server == "rnd":
        cards = list(reversed(corp.deck[-count:]))
    else:
        cards = g.rng.sample(corp.hand, min(count, len(corp.hand)))
    cards += list(g.servers[server].root)
    if not cards:
        g.log.add("access", RUNNER, server=server, cards=0)
    for c in cards:
        if g.over:
            break
        g.runs.access_card(c, server)


def _breach_outside_run(g: NetrunnerGame, server: str) -> None:
    """The runner breaches the central ``server`` (its pile and its root) outside a run: a run stands for it while
    the breach goes on, so that what adds accesses to a breach has one to add them to."""
    outside = g.current_run is None
    run = g.current_run if g.current_run is not None else RunState(server, step="access", successful=True)
    g.log.add("effect", RUNNER, server=server, reason=Phrase(N_("the runner breaches {server}"),
                                                             server=Term("zone", server)))  # fmt: skip
    if outside:
        g.current_run = run
    try:
        saved, run.extra_access = run.extra_access, 0
        g.announce("breach", server=server)
        count = 1 + run.extra_access
        run.extra_access = saved
        corp = g.corp
        if server == "rnd":
            cards = list(reversed(corp.deck[-count:]))
        elif server == "hq":
            cards = g.rng.sample(corp.hand, min(count, len(corp.hand)))
        else:
            for c in corp.discard:  # the runner turns every card of Archives face up
                c.faceup = True
            cards = list(corp.discard)
        cards += list(g.servers[server].root)
        if not cards:
            g.log.add("access", RUNNER, server=server, cards=0)
        for c in cards:
            if g.over or run.ended:
                break
            g.runs.access_card(c, server)
    finally:
        if outside:
            g.current_run = None
            g.lift("run")


def _tag_as_cost(g: NetrunnerGame) -> None:
    """"Take 1 tag" as a cost: nothing prevents or avoids it."""
    g.runner.tags += 1
    g.log.add("tags", RUNNER, amount=1, tags=g.runner.tags)
    g.announce("tags_taken", amount=1)


def _accessing(g: NetrunnerGame, c: Card) -> bool:
    """Whether the runner is accessing ``c`` now (the last card accessed in the run in progress)."""
    run = g.current_run
    if run is None or run.step != "access":
        return False
    for e in reversed(list(g.log)):
        if e.kind == "run":
            return False
        if e.kind == "access" and "card" in e.data:
            return bool(e.data["card"] == str(c))
    return False


def _trashable_accessed(g: NetrunnerGame, c: Card) -> bool:
    """A corp card being accessed that the runner's card may trash (not already in Archives)."""
    return c.side == "corp" and c not in g.corp.discard and not g.forbidden("trash_accessed") and g.may_trash(c)


def _bypassed(g: NetrunnerGame) -> bool:
    """Whether the ice passed now was bypassed (the log since it was approached says so)."""
    for e in reversed(list(g.log)):
        if e.kind == "approach":
            return False
        if e.kind == "bypass":
            return True
    return False


def _corp_cards_trashed_by_runner(g: NetrunnerGame) -> int:
    """Corp cards the runner trashed this turn, as the log tells (the engine's own "trashed by the runner")."""
    names = {str(c) for c in g.corp.discard}
    return sum(1 for e in g.events_this_turn("trashed") if e.get("card") in names
               and e.get("reason") == "trashed by the runner")  # fmt: skip


def _runner_trashed_corp_card(x: Exec) -> bool:
    """A trashed event about a corp card the runner trashed."""
    c = x.event.get("card")
    return c is not None and c.side == "corp" and x.event.get("by") == "runner"


def _first_of_turn(x: Exec, key: str, earlier: int) -> bool:
    """The first time this turn (``earlier``: how many times it happened this turn, this time included, as the
    log tells), once a turn on this card."""
    if earlier > 1 or x.card.notes.get(key) == x.game.turns:
        return False
    x.card.notes[key] = x.game.turns
    return True


def _installed_to_grip(g: NetrunnerGame, c: Card) -> None:
    _uninstall(g, c)
    c.faceup = False
    g.runner.hand.append(c)
    g.log.add("move", RUNNER, card=str(c), to=Term("zone", "grip"))


def _trash_to_bypass(b: Builder, fits: Callable[[NetrunnerGame, Card, Card], bool]) -> Builder:
    """"Whenever you encounter ice (that ``fits(game, this, ice)``), you may trash this card to bypass it"."""

    def encounter(x: Exec) -> None:
        g = x.game
        ice = x.event.get("ice")
        enc = _encountering(g)
        if ice is None or enc is None or enc.bypassed or not g.is_installed(x.card) or not fits(g, x.card, ice):
            return
        if x.may(Phrase(N_("trash {card} to bypass {ice}?"), card=str(x.card), ice=str(ice))):
            g.trash(x.card, Phrase(N_("the text of {card}"), card=str(x.card)), by="runner")
            x.bypass()

    return b.when("encounter", encounter, only=lambda x: fits(x.game, x.card, x.event["ice"]))


# ---------------------------------------------------------------- static changes


@card("shibboleth", paragraphs=(0,), summary="While some player has 4 or more agenda points, this breaker has 2 "
      "less strength.")  # fmt: skip
def _shibboleth(b: Builder) -> None:
    b.strength(lambda g, c: -2 if _threat(g, 4) else 0)


# ---------------------------------------------------------------- paid abilities


@card("coalescence", paragraphs=(1,), summary="Spend a hosted power counter to gain 2 credits, during your own turn "
      "only.")  # fmt: skip
def _coalescence(b: Builder) -> None:
    b.paragraph(1).paid(
        [counters("power", 1)], lambda x: x.do("你获得 2[credit]。"), usable=lambda g, c, w: g.active == "runner"
    )


@card("friend_of_a_friend", paragraphs=(1,), summary="Click and trash it, while untagged: gain 9 credits and take a "
      "tag.")  # fmt: skip
def _friend_of_a_friend(b: Builder) -> None:
    def use(x: Exec) -> None:
        x.do("你获得 9[credit]。")
        x.game.gain_tags(1)

    b.paragraph(1).paid([click(), trash_self()], use, usable=lambda g, c, w: w == "action" and not g.runner.tags)


@card("pressure_spike", paragraphs=(2,), summary="With 4 or more agenda points on some side, 2 credits give this "
      "breaker +9 strength, once in a run.")  # fmt: skip
def _pressure_spike(b: Builder) -> None:
    def boost(x: Exec) -> None:
        x.card.notes["spiked"] = x.game.current_run
        x.card.strength_bonus += 9
        x.game.log.add("strength", RUNNER, card=str(x.card), delta=9, strength=x.game.strength_of(x.card))

    def usable(g: NetrunnerGame, c: Card, window: str) -> bool:
        enc = _encountering(g)
        return (
            window == "encounter"
            and enc is not None
            and _threat(g, 4)
            and c.notes.get("spiked") is not g.current_run
            and g.strength_of(c) < g.strength_of(enc.ice)
        )

    b.paragraph(2).paid([credit(2)], boost, usable=usable)


@card("hannah_wheels_pilintra", paragraphs=(0,), summary="Once a turn, click: gain a click and run a remote "
      "server; if that run is unsuccessful, take a tag when it ends.")  # fmt: skip
def _hannah(b: Builder) -> None:
    def run(x: Exec) -> None:
        x.do("你获得 [click]。")
        x.card.notes["run"] = x.run_on("remote")

    def ended(x: Exec) -> None:
        if x.event.get("run") is not None and x.event.get("run") is x.card.notes.get("run"):
            del x.card.notes["run"]
            if not x.event.get("successful"):
                x.game.gain_tags(1)

    def usable(g: NetrunnerGame, c: Card, window: str) -> bool:
        return window == "action" and g.current_run is None and any(s.remote for s in g.servers.values())

    b.paragraph(0).paid([click()], run, once_per_turn=True, usable=usable)
    b.when("run_ends", ended)


# ---------------------------------------------------------------- consoles




@card("lilypad", paragraphs=(1, 2), summary="The first program you install each turn lets you draw a card; one "
      "console at a time.")  # fmt: skip
def _lilypad(b: Builder) -> None:
    def installed(x: Exec) -> None:
        c = x.event.get("card")
        if c is None or c.side != "runner" or c.type != "program":
            return
        programs = [e for e in _this_turn(x.game) if e.kind == "install" and e.player == RUNNER
                    and e.data.get("type") == "program"]  # fmt: skip
        if len(programs) == 1 and x.me.deck and x.may(_draw_prompt(x.card)):
            x.do("你抽 1 张牌。")

    b.paragraph(1).when("any_installed", installed)
    b.paragraph(2)
    one_console(b)


@card("hermes", paragraphs=(1, 2), summary="Each time an agenda is scored or stolen, the runner returns an "
      "unrezzed installed corp card to HQ; one console at a time.")  # fmt: skip
def _hermes(b: Builder) -> None:
    def bounce(x: Exec) -> None:
        g = x.game
        options = [c for c in g.installed("corp") if not c.rezzed]
        if not options:
            g.log.add("no_target", RUNNER, card=str(x.card), reason=Phrase(N_("no unrezzed card is installed")))
            return
        target = x.choose(Phrase(N_("add which unrezzed card to HQ")), options)
        _uninstall(g, target)
        target.faceup = False
        g.corp.hand.append(target)
        g.log.add("move", RUNNER, card=Phrase(N_("an unrezzed card")), to=Term("zone", "hq"), source=str(x.card))

    b.paragraph(1).when("any_scored", bounce).when("any_stolen", bounce)
    b.paragraph(2)
    one_console(b)


# ---------------------------------------------------------------- triggered abilities


@card("lago_paranoa_shelter", paragraphs=(0,), summary="The first time each turn the corp installs a card in a "
      "server's root, you may trash your stack's top card to draw a card.")  # fmt: skip
def _lago(b: Builder) -> None:
    def installed(x: Exec) -> None:
        c = x.event.get("card")
        if c is None or c.side != "corp" or c.type == "ice":
            return
        roots = [e for e in _this_turn(x.game) if e.kind == "install_facedown" and e.data.get("type") == "card"]
        deck = x.me.deck
        if len(roots) == 1 and deck and x.may(Phrase(N_("{card}: trash the top card of your stack to draw 1 card?"),
                                                     card=str(x.card))):  # fmt: skip
            x.game.to_discard(deck.pop(), Phrase(N_("trashed by {card}"), card=str(x.card)))
            x.do("你抽 1 张牌。")

    b.when("any_installed", installed)


def _extra_access_prompt(c: Card) -> str:
    return Phrase(N_("{card}: access 1 additional card?"), card=str(c))


def _hq_card_cost(g: NetrunnerGame, resource: Card) -> None:
    """An additional cost of the corp's basic action of trashing ``resource``: the corp trashes a card of HQ (its
    choice)."""
    if not g.corp.hand:
        return
    prompt = Phrase(N_("trash a card from {zone} to trash {card}"), zone=Term("zone", "hq"), card=str(resource))
    chosen = g.choose("corp", "target", prompt, list(g.corp.hand))
    g.trash(chosen, Phrase(N_("the cost of trashing {card}"), card=str(resource)), by="corp")


@card("manuel_lattes_de_moura", paragraphs=(0, 1), summary="Breaching HQ or R&D while tagged accesses one more "
      "card; at threat 3, the corp trashing it with the basic action must also trash a card from HQ.")  # fmt: skip
def _manuel(b: Builder) -> None:
    def breach(x: Exec) -> None:
        if x.event.get("server") in ("hq", "rnd") and x.game.runner.tags:
            x.do("你额外读取 1 张牌。")

    def can(g: NetrunnerGame, resource: Card) -> bool | None:
        if resource.id != "manuel_lattes_de_moura" or not _threat(g, 3):  # unique: the one installed is this one
            return None
        return bool(g.corp.hand)

    b.when("breach", breach)
    b.paragraph(1).trash_resource_requires(can, _hq_card_cost)


@card("pretty_mary_da_silva", paragraphs=(0,), summary="When breaching R&D with at least 2 cards to access, you may "
      "access one more.")  # fmt: skip
def _pretty_mary(b: Builder) -> None:
    def breach(x: Exec) -> None:
        run = x.game.current_run
        wanted = x.event.get("server") == "rnd" and run is not None and 1 + run.extra_access >= 2
        if wanted and x.may(_extra_access_prompt(x.card)):
            x.do("你额外读取 1 张牌。")

    b.when("breach", breach)


@card("mercury_chrome_libertador", paragraphs=(0,), summary="Once a turn, breaching HQ or R&D in a run in which you "
      "broke no subroutine, you may access one more card.")  # fmt: skip
def _mercury(b: Builder) -> None:
    def breach(x: Exec) -> None:
        g = x.game
        if x.event.get("server") not in ("hq", "rnd") or x.card.notes.get("used") == g.turns:
            return
        if any(e.kind == "break" for e in _this_run(g)):
            return
        if x.may(_extra_access_prompt(x.card)):
            x.card.notes["used"] = g.turns
            x.do("你额外读取 1 张牌。")

    b.when("breach", breach)


@card("valentina_ferreira_carvalho", paragraphs=(0, 1), summary="Removing tags gains 1 credit; with 3 or more "
      "agenda points on some side, installing it in your turn lets you remove a tag or gain 2 credits.")  # fmt: skip
def _valentina(b: Builder) -> None:
    b.paragraph(0).when("tags_removed", lambda x: x.do("你获得 1[credit]。"))

    def installed(x: Exec) -> None:
        g = x.game
        if g.active != "runner" or not _threat(g, 3):
            return
        options = [("credits", Phrase(N_("gain {n}{credit}"), n=2, credit="[credit]")), ("no", Phrase(N_("no")))]
        if g.runner.tags:
            options.insert(0, ("tag", Phrase(N_("remove 1 tag"))))
        chosen = _pick(x, Phrase(N_("{card}: remove 1 tag or gain {n}{credit}?"), card=str(x.card), n=2,
                                 credit="[credit]"), options)  # fmt: skip
        if chosen == "tag":
            x.do("你移除 1 个锁定标记。")
        elif chosen == "credits":
            x.do("你获得 2[credit]。")

    b.paragraph(1).when("installed", installed)


@card("sebastiao_souza_pessoa_activist_organizer", paragraphs=(0, 1), summary="When you take tags while you had "
      "none, you may install a connection resource from your grip for 2 credits less; the corp trashing a "
      "connection with the basic action must also trash a card from HQ.")  # fmt: skip
def _sebastiao(b: Builder) -> None:
    def tagged(x: Exec) -> None:
        g = x.game
        if g.runner.tags != int(x.event.get("amount", 0)):
            return
        options = [c for c in g.runner.hand if c.type == "resource" and "connection" in c.subtypes
                   and _installable(g, c, less=2)]  # fmt: skip
        if not options:
            return
        if not x.may(Phrase(N_("install a {subtype} resource from your grip, paying {n}{credit} less?"),
                            subtype=Term("subtypes", "connection"), n=2, credit="[credit]")):  # fmt: skip
            return
        chosen = x.choose(Phrase(N_("install which card, paying {n}{credit} less"), n=2, credit="[credit]"), options,
                          kind="install")  # fmt: skip
        _install(g, chosen, g.runner.hand, less=2)

    def can(g: NetrunnerGame, resource: Card) -> bool | None:
        return bool(g.corp.hand) if "connection" in resource.subtypes else None

    b.when("tags_taken", tagged)
    b.paragraph(1).trash_resource_requires(can, _hq_card_cost)


@card("amelia_earhart", paragraphs=(0, 1), summary="A power counter after each run on HQ or R&D that accessed 3 or "
      "more cards; at the start of your turn 3 of them and the card itself make the corp lose 10 credits.")  # fmt: skip
def _amelia(b: Builder) -> None:
    def ended(x: Exec) -> None:
        if x.event.get("server") not in ("hq", "rnd"):
            return
        accessed = [e for e in _this_run(x.game) if e.kind == "access" and "card" in e.data]
        if len(accessed) >= 3:
            x.do("在本牌上放置 1 个能量指示物。")

    def start(x: Exec) -> None:
        g = x.game
        if x.card.counters.get("power", 0) < 3 or not g.is_installed(x.card):
            return
        prompt = Phrase(N_("{card}: remove 3 power counters and trash it to make the corp lose {n}{credit}?"),
                        card=str(x.card), n=10, credit="[credit]")  # fmt: skip
        if x.may(prompt):
            g.add_counters(x.card, "power", -3)
            g.trash(x.card, Phrase(N_("trashed by the {side}"), side=Term("side", "runner")), by="runner")
            x.do("公司失去 10[credit]。")

    b.paragraph(0).when("run_ends", ended)
    b.paragraph(1).when("your_turn_start", start)


# ---------------------------------------------------------------- events


@card("chrysopoeian_skimming", paragraphs=(0,), summary="The corp may reveal an agenda from HQ to give the runner a "
      "click and a card; if it does not, the runner looks at the top 3 cards of R&D.")  # fmt: skip
def _skimming(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        agendas = [c for c in g.corp.hand if c.type == "agenda"]
        if agendas and x.may(Phrase(N_("reveal an agenda from HQ?")), side="corp"):
            shown = x.choose(Phrase(N_("reveal which agenda")), agendas, side="corp")
            g.log.add("reveal", CORP, card=str(shown), zone=Term("zone", "hq"))
            x.do("你获得 [click]。")
            x.do("你抽 1 张牌。")
            return
        top = list(reversed(g.corp.deck[-3:]))
        g.log.add("reveal", RUNNER, visible=[RUNNER], cards=[str(c) for c in top], zone=Term("zone", "rnd"))

    b.play(play)


@card("the_price", paragraphs=(0,), summary="Trash the top 4 cards of your stack; you may install one of them for 3 "
      "credits less.")  # fmt: skip
def _the_price(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        deck = g.runner.deck
        trashed = [deck.pop() for _ in range(min(4, len(deck)))]
        for c in trashed:
            g.to_discard(c, Phrase(N_("trashed by {card}"), card=str(x.card)))
        options = [c for c in trashed if c in g.runner.discard and _installable(g, c, less=3)]
        if options and x.may(Phrase(N_("install one of them, paying {n}{credit} less?"), n=3, credit="[credit]")):
            chosen = x.choose(Phrase(N_("install which card, paying {n}{credit} less"), n=3, credit="[credit]"),
                              options, kind="install")  # fmt: skip
            _install(g, chosen, g.runner.discard, less=3)

    b.play(play)


@card("meeting_of_minds", paragraphs=(0, 1), summary="Name connection or virtual; you may fetch a resource of it "
      "from your stack, then gain 1 credit for each card of it you reveal from your grip.")  # fmt: skip
def _meeting_of_minds(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        runner = g.runner
        options = [(s, Term("subtypes", s)) for s in ("connection", "virtual")]
        subtype = _pick(x, Phrase(N_("choose a subtype")), options)
        prompt = Phrase(N_("search your stack for a {subtype} resource?"), subtype=Term("subtypes", subtype))
        if x.may(prompt):
            matches = [c for c in reversed(runner.deck) if c.type == "resource" and subtype in c.subtypes]
            if matches:
                found = x.choose(Phrase(N_("search the {zone} for a {type}"), zone=Term("zone", "stack"),
                                        type=Term("card_type", "resource")), matches, kind="search")  # fmt: skip
                runner.deck.remove(found)
                runner.hand.append(found)
                g.log.add("search", RUNNER, card=str(found), zone="stack")
            else:
                g.log.add("search_failed", RUNNER, zone="stack", type="resource")
            g.rng.shuffle(runner.deck)
            g.log.add("shuffle", RUNNER, zone="stack")
        left = [c for c in runner.hand if subtype in c.subtypes]
        shown: list[Card] = []
        while left:
            prompt = Phrase(N_("reveal a {subtype} card from your grip"), subtype=Term("subtypes", subtype))
            choices = [Option(c.ref, Phrase(N_("{card} ({type})"), card=str(c), type=Term("type", c.type)), c)
                       for c in left]  # fmt: skip
            choices.append(Option("done", Phrase(N_("done")), None))
            pick = g.ask("runner", "reveal", prompt, choices).value
            if pick is None:
                break
            left.remove(pick)
            shown.append(pick)
            g.log.add("reveal", RUNNER, card=str(pick), zone=Term("zone", "grip"))
        if shown:
            g.gain_credits("runner", len(shown), Phrase(N_("revealed by {card}"), card=str(x.card)))

    b.play(play)


@card("eye_for_an_eye", paragraphs=(0, 1, 2), summary="Only while untagged: run HQ; if successful, take a tag and "
      "access one more card; while accessing in that run, a card trashed from the grip trashes the card "
      "accessed.")  # fmt: skip
def _eye_for_an_eye(b: Builder) -> None:
    def success(x: Exec, run: RunState) -> None:
        x.game.gain_tags(1)
        x.do("你额外读取 1 张牌。")

    def access(x: Exec) -> None:
        g = x.game
        target = x.event.get("card")
        if target is None or not _trashable_accessed(g, target) or not g.runner.hand:
            return
        prompt = Phrase(Nn_("{card}: trash {n} card from your grip to trash {target}?",
                            "{card}: trash {n} cards from your grip to trash {target}?"),
                        card=str(x.card), n=1, target=str(target))  # fmt: skip
        if not x.may(prompt):
            return
        cost = x.choose(Phrase(N_("trash which card from your grip")), g.runner.hand)
        g.trash(cost, Phrase(N_("the text of {card}"), card=str(x.card)), by="runner")
        g.trash(target, Phrase(N_("trashed by the {side}"), side=Term("side", "runner")), by="runner")

    b.paragraph(0).may_play(lambda g, c: not g.runner.tags)
    b.paragraph(1).play(lambda x: _event_run(x, "hq", success))
    b.paragraph(2).when("access", access)


# ---------------------------------------------------------------- trojans and icebreakers


@card("slap_vandal", paragraphs=(0, 1), summary="Installed on a piece of ice; 1 credit breaks one subroutine of its "
      "host, once an encounter.")  # fmt: skip
def _slap_vandal(b: Builder) -> None:
    def use(x: Exec) -> None:
        x.card.notes["encounter"] = x.ctx.encounter or _encountering(x.game)
        _break(x, 1)

    def usable(g: NetrunnerGame, c: Card, window: str) -> bool:
        enc = _breakable(g, c)
        return window == "encounter" and enc is not None and enc.ice is c.host and c.notes.get("encounter") is not enc

    _trojan(b)
    b.paragraph(1).paid([credit(1)], use, usable=usable)


@card("living_mural", paragraphs=(0, 1, 2), summary="Installed on a piece of ice; +3 strength for the turn it is "
      "installed with 4 or more agenda points on some side; 1 credit breaks a sentry subroutine on its host's "
      "server.")  # fmt: skip
def _living_mural(b: Builder) -> None:
    def installed(x: Exec) -> None:
        if _threat(x.game, 4):
            x.card.notes["boosted"] = x.game.turns
            x.game.log.add("strength", RUNNER, card=str(x.card), delta=3, strength=x.game.strength_of(x.card))

    def usable(g: NetrunnerGame, c: Card, window: str) -> bool:
        enc = _breakable(g, c, "sentry")
        return (
            window == "encounter"
            and enc is not None
            and c.host is not None
            and g.server_of(c.host) is not None
            and g.server_of(enc.ice) is g.server_of(c.host)
        )

    def use(x: Exec) -> None:
        _break(x, 1)

    _trojan(b)
    b.strength(lambda g, c: 3 if c.notes.get("boosted") == g.turns else 0)
    b.paragraph(1).when("installed", installed)
    b.paragraph(2).paid([credit(1)], use, usable=usable)


@card("umbrella", paragraphs=(0, 1), summary="Interfaces only with ice hosting a trojan; 2 credits break up to 3 code "
      "gate subroutines, and then each player may draw a card.")  # fmt: skip
def _umbrella(b: Builder) -> None:
    def use(x: Exec) -> None:
        if _break(x, 3):
            g = x.game
            if g.runner.deck and x.may(_draw_prompt(x.card)):
                g.draw("runner", 1)
            if g.corp.deck and x.may(_draw_prompt(x.card), side="corp"):
                g.draw("corp", 1)

    def usable(g: NetrunnerGame, c: Card, window: str) -> bool:
        enc = _breakable(g, c, "code_gate")
        return (
            window == "encounter"
            and enc is not None
            and any(h.type == "program" and "trojan" in h.subtypes for h in enc.ice.hosted)
        )

    b.paragraph(1).paid([credit(2)], use, usable=usable)


@card("lobisomem", paragraphs=(0, 2), summary="A power counter when installed and each time it breaks every "
      "subroutine of a code gate; X credits and a power counter break X barrier subroutines.")  # fmt: skip
def _lobisomem(b: Builder) -> None:
    def passed(x: Exec) -> None:
        ice = x.event.get("ice")
        if ice is not None and "code_gate" in ice.subtypes and _fully_broke(x.game, x.card, ice):
            x.do("在本牌上放置 1 个能量指示物。")

    def use(x: Exec) -> None:
        g = x.game
        enc = x.ctx.encounter or _encountering(g)
        if enc is None:
            return
        most = min(sum(1 for s in enc.subs if not s.broken), g.available("runner", "icebreaker"))
        options = [Option(f"pay:{n}", Phrase(N_("pay {n}{credit}"), n=n, credit="[credit]"), n) for n in range(most + 1)]
        amount = int(g.ask("runner", "break", Phrase(N_("break how many subroutines of {ice}"), ice=str(enc.ice)),
                           options).value)  # fmt: skip
        g.pay("runner", amount, str(x.card), "icebreaker")
        _break(x, amount)

    def usable(g: NetrunnerGame, c: Card, window: str) -> bool:
        return window == "encounter" and _breakable(g, c, "barrier") is not None

    b.paragraph(0).when("installed", lambda x: x.do("在本牌上放置 1 个能量指示物。"))
    b.when("pass_ice", passed)
    b.paragraph(2).paid([counters("power", 1)], use, usable=usable)


@card("curupira", paragraphs=(0, 1), summary="Encountering a barrier, 3 of its power counters may bypass it; a "
      "power counter each time it breaks every subroutine of a piece of ice.")  # fmt: skip
def _curupira(b: Builder) -> None:
    def encounter(x: Exec) -> None:
        ice = x.event.get("ice")
        enc = _encountering(x.game)
        if ice is None or enc is None or enc.bypassed or "barrier" not in ice.subtypes:
            return
        if x.card.counters.get("power", 0) < 3:
            return
        prompt = Phrase(_SPEND_POWER, card=str(x.card), n=3, ice=str(ice))
        if x.may(prompt):
            x.game.add_counters(x.card, "power", -3)
            x.bypass()

    b.paragraph(0).when("encounter", encounter, only=lambda x: "barrier" in x.event["ice"].subtypes)

    def passed(x: Exec) -> None:
        ice = x.event.get("ice")
        if ice is not None and _fully_broke(x.game, x.card, ice):
            x.do("在本牌上放置 1 个能量指示物。")

    b.paragraph(1).when("pass_ice", passed)


@card("pichacao", paragraphs=(0, 1), summary="Installed on a piece of ice; passing its host you may gain a click, "
      "and unless that is your first click gained in a run this turn, it returns to your grip.")  # fmt: skip
def _pichacao(b: Builder) -> None:
    def passed(x: Exec) -> None:
        g = x.game
        if x.event.get("ice") is not x.card.host or x.card.host is None:
            return
        if not x.may(Phrase(N_("{card}: gain {click}?"), card=str(x.card), click="[click]")):
            return
        x.do("你获得 [click]。")
        gained, running = 0, False
        for e in _this_turn(g):
            if e.kind == "run":
                running = True
            elif e.kind == "run_end":
                running = False
            elif e.kind == "clicks" and running and e.data.get("side") == "runner" and e.data.get("amount", 0) > 0:
                gained += 1
        if gained > 1:
            _uninstall(g, x.card)
            g.runner.hand.append(x.card)
            g.log.add("move", RUNNER, card=str(x.card), to=Term("zone", "grip"))

    _trojan(b)
    b.paragraph(1).when("pass_ice", passed)


@card("muse", paragraphs=(0,), summary="When installed, find a non-daemon program in your stack, heap or grip and "
      "install it: a trojan on a piece of ice, anything else on this program.")  # fmt: skip
def _muse(b: Builder) -> None:
    def installed(x: Exec) -> None:
        g = x.game
        runner = g.runner
        zones = [runner.deck, runner.discard, runner.hand]

        def fits(c: Card) -> bool:
            if c.type != "program" or "daemon" in c.subtypes or not _installable(g, c):
                return False
            return "trojan" not in c.subtypes or bool(_ice(g))

        options = [c for zone in zones for c in reversed(zone) if fits(c)]
        if options:
            prompt = Phrase(N_("search your stack, heap or grip for a {type}"), type=Term("card_type", "program"))
            found = x.choose(prompt, options, kind="search")
            zone = next(z for z in zones if found in z)
            g.log.add("search", RUNNER, card=str(found), zone="stack" if zone is runner.deck else
                      "heap" if zone is runner.discard else "grip")  # fmt: skip
            if "trojan" in found.subtypes:
                host = x.choose(Phrase(N_("install {card} on"), card=str(found)), _ice(g), kind="host")
            else:
                host = x.card
            _install(g, found, zone, host=host)
        else:
            g.log.add("search_failed", RUNNER, zone="stack", type="program")
        g.rng.shuffle(runner.deck)
        g.log.add("shuffle", RUNNER, zone="stack")

    b.when("installed", installed)


@card("cupellation", paragraphs=(0, 1, 2), summary="Hosts one card: 1 credit hosts the non-agenda card being "
      "accessed; breaching HQ with a corp card hosted, 1 credit and trashing it access 2 more cards.")  # fmt: skip
def _cupellation(b: Builder) -> None:
    def accessed(x: Exec) -> None:
        g = x.game
        target = x.event.get("card")
        if target is None or target.side != "corp" or target.type == "agenda" or x.card.hosted:
            return
        if not g.is_installed(x.card) or not g.can_pay("runner", 1):
            return
        if not x.may(Phrase(N_("{card}: pay {n}{credit} to host {target}?"), card=str(x.card), n=1,
                            credit="[credit]", target=str(target))):  # fmt: skip
            return
        g.pay("runner", 1, str(x.card))
        if g.is_installed(target):
            _uninstall(g, target)
        else:
            for zone in (g.corp.deck, g.corp.hand, g.corp.discard):
                if target in zone:
                    zone.remove(target)
        target.faceup = True
        target.host = x.card
        x.card.hosted.append(target)
        g.log.add("host", RUNNER, card=str(target), host=str(x.card))

    def breach(x: Exec) -> None:
        g = x.game
        if x.event.get("server") != "hq" or not g.is_installed(x.card) or not g.can_pay("runner", 1):
            return
        if not any(h.side == "corp" for h in x.card.hosted):
            return
        if not x.may(Phrase(N_("{card}: pay {n}{credit} and trash it to access 2 additional cards?"),
                            card=str(x.card), n=1, credit="[credit]")):  # fmt: skip
            return
        g.pay("runner", 1, str(x.card))
        for hosted in [h for h in x.card.hosted if h.side == "corp"]:
            x.card.hosted.remove(hosted)
            g.to_discard(hosted, Phrase(N_("its host {card} left play"), card=str(x.card)), faceup=True)
        g.trash(x.card, Phrase(N_("trashed by the {side}"), side=Term("side", "runner")), by="runner")
        x.do("你额外读取 2 张牌。")

    b.paragraph(1).when("access", accessed)
    b.paragraph(2).when("breach", breach)


# ---------------------------------------------------------------- the identity and hardware that install


@card("arissana_rocha_nahu_street_artist", paragraphs=(0,), summary="Once a turn during a run, install a program "
      "from your grip; when the run ends it is trashed unless it is a trojan.")  # fmt: skip
def _arissana(b: Builder) -> None:
    def use(x: Exec) -> None:
        g = x.game
        options = [c for c in g.runner.hand if c.type == "program" and _installable(g, c)]
        if not options:
            return
        chosen = x.choose(Phrase(N_("install a {type}"), type=Term("card_type", "program")), options, kind="install")
        _install(g, chosen, g.runner.hand)
        x.card.notes["installed"] = (chosen, g.current_run)

    def ended(x: Exec) -> None:
        g = x.game
        installed = x.card.notes.get("installed")
        if installed is None or installed[1] is not x.event.get("run"):
            return
        del x.card.notes["installed"]
        program = installed[0]
        if "trojan" not in program.subtypes and program in g.runner.rig:
            g.trash(program, Phrase(N_("{card}: it is not a {subtype}"), card=str(x.card),
                                    subtype=Term("subtypes", "trojan")), by="runner")  # fmt: skip

    def usable(g: NetrunnerGame, c: Card, window: str) -> bool:
        return (
            window in ("run", "encounter")
            and g.current_run is not None
            and any(p.type == "program" and _installable(g, p) for p in g.runner.hand)
        )

    b.paid([], use, once_per_turn=True, usable=usable)
    b.when("run_ends", ended)


@card("the_wizards_chest", paragraphs=(0, 1), summary="After successful runs on HQ, R&D and Archives this turn, "
      "trash it: name a card type, set aside stack cards until 2 of that type, install one of the 2 for free, "
      "shuffle the rest back.")  # fmt: skip
def _wizards_chest(b: Builder) -> None:
    def use(x: Exec) -> None:
        g = x.game
        deck = g.runner.deck
        options = [(t, Term("type", t)) for t in ("hardware", "program", "resource")]
        kind = _pick(x, Phrase(N_("choose a card type")), options)
        aside: list[Card] = []
        while deck and sum(1 for c in aside if c.type == kind) < 2:
            aside.append(deck.pop())
        g.log.add("reveal", RUNNER, cards=[str(c) for c in aside], zone=Term("zone", "stack"))
        found = [c for c in aside if c.type == kind and _installable(g, c, free=True)]
        if found and x.may(Phrase(N_("install one of them, ignoring all costs?"))):
            chosen = x.choose(Phrase(N_("install which card, ignoring all costs")), found, kind="install")
            aside.remove(chosen)
            _install(g, chosen, aside, free=True)
        deck.extend(aside)
        g.rng.shuffle(deck)
        g.log.add("shuffle", RUNNER, zone="stack")

    b.paragraph(1).paid([trash_self()], use, usable=lambda g, c, w: _ran_every_central(g))


# ---------------------------------------------------------------- second pass: hardware


@card("airbladex_jsrf_ed", paragraphs=(0, 1), summary="Loaded with 3 power counters when installed; trashed once "
      "empty; during a run a counter prevents 1 net damage.")  # fmt: skip
def _airbladex(b: Builder) -> None:
    def usable(g: NetrunnerGame, c: Card, window: str) -> bool:
        open_now = g.window
        return (
            window == "damage"
            and open_now is not None
            and open_now.get("kind") == "net"
            and g.current_run is not None
            and not g.current_run.ended
        )

    def prevent(x: Exec) -> None:
        x.game.prevent("damage", 1, x.card, "net")

    load(b, "power", 3, on="installed")
    b.paragraph(1).paid([counters("power", 1)], prevent, usable=usable, role="prevent_damage")


@card("alarm_clock", paragraphs=(0,), summary="As your turn begins you may run HQ; at the first encounter of that "
      "run you may spend 2 clicks to bypass the ice.")  # fmt: skip
def _alarm_clock(b: Builder) -> None:
    def start(x: Exec) -> None:
        if x.may(Phrase(N_("{card}: run {server}?"), card=str(x.card), server=Term("zone", "hq"))):
            x.card.notes["arm"] = True
            x.run_on("hq")

    def begins(x: Exec) -> None:
        if x.card.notes.pop("arm", False):
            x.card.notes["run"] = x.game.current_run

    def encounter(x: Exec) -> None:
        g = x.game
        ice = x.event.get("ice")
        if ice is None or x.card.notes.get("run") is not g.current_run or x.card.notes.get("met"):
            return
        x.card.notes["met"] = True
        enc = _encountering(g)
        if enc is not None and not enc.bypassed and g.runner.clicks >= 2 and x.may(Phrase(N_("spend {clicks} to bypass {ice}?"), clicks="[click][click]",
                                                 ice=str(ice))):  # fmt: skip
            g.spend_clicks("runner", 2, str(x.card))
            x.bypass()

    def ended(x: Exec) -> None:
        if x.event.get("run") is x.card.notes.get("run"):
            x.card.notes.pop("run", None)
            x.card.notes.pop("met", None)

    b.when("your_turn_start", start)
    b.when("run_begins", begins, only=lambda x: bool(x.card.notes.get("arm")))
    b.when("encounter", encounter, only=lambda x: x.card.notes.get("run") is x.game.current_run is not None)
    b.when("run_ends", ended, only=lambda x: x.event.get("run") is x.card.notes.get("run"))


@card("amanuensis", paragraphs=(1, 2, 3), summary="A power counter at the end of your turn while tagged; removing "
      "tags may spend one to draw 2 cards; one console at a time.")  # fmt: skip
def _amanuensis(b: Builder) -> None:
    def turn_end(x: Exec) -> None:
        if x.game.runner.tags:
            x.do("在本牌上放置 1 个能量指示物。")

    def removed(x: Exec) -> None:
        if x.card.counters.get("power", 0) < 1:
            return
        if x.may(Phrase(N_("{card}: remove a power counter to draw {n} cards?"), card=str(x.card), n=2)):
            x.game.add_counters(x.card, "power", -1)
            x.do("你抽 2 张牌。")

    b.paragraph(1).when("your_turn_end", turn_end)
    b.paragraph(2).when("tags_removed", removed, only=lambda x: x.card.counters.get("power", 0) >= 1)
    one_console(b.paragraph(3))


@card("capybara", paragraphs=(0,), summary="Bypassing a piece of ice, you may remove this hardware from the game to "
      "derez that ice.")  # fmt: skip
def _capybara(b: Builder) -> None:
    def passed(x: Exec) -> None:
        g = x.game
        ice = x.event.get("ice")
        if ice is None or not ice.rezzed or not g.is_installed(ice) or not _bypassed(g):
            return
        if x.may(Phrase(N_("remove {card} from the game to derez {ice}?"), card=str(x.card), ice=str(ice))):
            x.remove_from_game()
            g.derez(ice, Phrase(N_("derezzed by {card}"), card=str(x.card)))

    b.when("pass_ice", passed, only=lambda x: _bypassed(x.game))


@card("cataloguer", paragraphs=(0, 1, 2), summary="Loaded with 2 power counters, trashed once empty; after a "
      "successful R&D run, a counter may replace the breach with arranging the top 4 cards of R&D; after one this "
      "turn, a click and a counter breach R&D.")  # fmt: skip
def _cataloguer(b: Builder) -> None:
    def arrange(x: Exec) -> None:
        g = x.game
        deck = g.corp.deck
        top = list(reversed(deck[-4:]))
        g.log.add("reveal", RUNNER, visible=[RUNNER], cards=[str(c) for c in top], zone=Term("zone", "rnd"))
        del deck[len(deck) - len(top) :]
        order: list[Card] = []
        while top:
            chosen = x.choose(Phrase(N_("which card goes next from the top of R&D")), top)
            top.remove(chosen)
            order.append(chosen)
        deck.extend(reversed(order))
        g.log.add("move", RUNNER, cards=len(order), to=Term("zone", "rnd"))

    def successful(x: Exec) -> None:
        g = x.game
        run = g.current_run
        if run is None or run.server != "rnd" or x.card.counters.get("power", 0) < 1:
            return
        if x.may(Phrase(N_("{card}: remove a power counter to arrange the top {n} cards of R&D instead of "
                            "breaching?"), card=str(x.card), n=4)):  # fmt: skip
            x.instead_of_breach(lambda: arrange(x))
            g.add_counters(x.card, "power", -1)

    def usable(g: NetrunnerGame, c: Card, window: str) -> bool:
        ran = any(turn == g.turns and where == "rnd" and ok for turn, where, ok in g.run_history)
        return window == "action" and g.current_run is None and ran

    load(b, "power", 2, on="installed")
    b.paragraph(1).when("run_successful", successful)
    b.paragraph(2).paid([click(), counters("power", 1)], lambda x: _breach_outside_run(x.game, "rnd"), usable=usable)


@card("solidarity_badge", paragraphs=(0, 1), summary="A power counter the first time each turn you trash a corp "
      "card; as your turn begins one may be spent to draw a card or remove a tag.")  # fmt: skip
def _solidarity_badge(b: Builder) -> None:
    def trashed(x: Exec) -> None:
        c = x.event.get("card")
        if c is None or c.side != "corp" or x.event.get("by") != "runner" or not x.game.is_installed(x.card):
            return
        if _first_of_turn(x, "badge", _corp_cards_trashed_by_runner(x.game)):
            x.do("在本牌上放置 1 个能量指示物。")

    def installed(x: Exec) -> None:
        if _corp_cards_trashed_by_runner(x.game):  # the first trash of the turn came before it
            x.card.notes["badge"] = x.game.turns

    def start(x: Exec) -> None:
        g = x.game
        if x.card.counters.get("power", 0) < 1:
            return
        options = [("draw", Phrase(N_("draw {n} cards"), n=1))]
        if g.runner.tags:
            options.append(("tag", Phrase(N_("remove 1 tag"))))
        options.append(("no", Phrase(N_("no"))))
        chosen = _pick(x, Phrase(N_("{card}: remove a power counter to draw 1 card or remove 1 tag?"),
                                 card=str(x.card)), options)  # fmt: skip
        if chosen == "no":
            return
        g.add_counters(x.card, "power", -1)
        if chosen == "draw":
            x.do("你抽 1 张牌。")
        else:
            x.do("你移除 1 个锁定标记。")

    b.paragraph(0).when("trashed", trashed, only=_runner_trashed_corp_card).when("installed", installed)
    b.paragraph(1).when("your_turn_start", start, only=lambda x: x.card.counters.get("power", 0) >= 1)


def _runner_card(g: NetrunnerGame, shown: object) -> Card | None:
    """The runner's card logged as ``shown`` (``name#uid``), wherever it is now."""
    runner = g.runner
    zones = (runner.rig, runner.hand, runner.deck, runner.discard, runner.score_area, g.removed, g.in_play)
    return next((c for zone in zones for c in zone if c.side == "runner" and str(c) == shown), None)


def _resource_actions_this_turn(g: NetrunnerGame) -> int:
    """How many times this turn the runner took an action on an installed resource (used a [click] ability of it),
    as the log's ``use`` events tell."""
    count = 0
    for e in g.events_this_turn("use"):
        c = _runner_card(g, e.get("card"))
        if c is None or c.type != "resource":
            continue
        clicked = [a for a in g.abilities(c) if a.kind == "paid" and any(isinstance(k, A.ClickCost) for k in a.costs)
                   and g.part_zone(c, a) == "play"]  # fmt: skip
        count += any(render(a) == e.get("text") for a in clicked)
    return count


@card("juli_moreira_lee", paragraphs=(0, 1), summary="Loaded with 4 power counters when installed; trashed once "
      "empty; the first action each turn on an installed resource takes a counter from it for a click.")  # fmt: skip
def _juli(b: Builder) -> None:
    def acted(x: Exec) -> None:
        g = x.game
        if not g.is_installed(x.card) or _resource_actions_this_turn(g) != 1 or not x.once_per_turn("juli"):
            return
        g.add_counters(x.card, "power", -1)
        x.do("你获得 [click]。")

    def on_resource(x: Exec) -> bool:
        label = str(x.event.get("action", ""))
        if x.event.get("side") != "runner" or not label.startswith("use:"):
            return False
        ref = label[len("use:") :].rsplit("/", 1)[0]
        return any(c.ref == ref and c.type == "resource" for c in [*x.game.runner.rig, *x.game.runner.discard])

    load(b, "power", 4, on="installed")
    b.paragraph(1).when("action_taken", acted, only=on_resource)


# ---------------------------------------------------------------- second pass: resources


@card("arruaceiras_crew", paragraphs=(0, 1), summary="Once a turn, a tag taken lowers the encountered ice's strength "
      "by 2 for the encounter; trash it and pay 2 credits to trash encountered ice of strength 0 or less.")  # fmt: skip
def _arruaceiras(b: Builder) -> None:
    def weaken(x: Exec) -> None:
        g = x.game
        enc = _encountering(g)
        if enc is None:
            return
        _tag_as_cost(g)
        ice = enc.ice
        x.lasting("strength_all", lambda gg, this, c: -2 if c is ice and _encountering(gg) is enc else 0)
        g.log.add("strength", RUNNER, card=str(ice), delta=-2, strength=g.strength_of(ice))

    def smash(x: Exec) -> None:
        g = x.game
        enc = _encountering(g)
        if enc is not None and g.strength_of(enc.ice) <= 0 and g.is_installed(enc.ice):
            g.trash(enc.ice, Phrase(N_("trashed by the {side}"), side=Term("side", "runner")), by="runner")

    def weak(g: NetrunnerGame, c: Card, window: str) -> bool:
        enc = _encountering(g)
        return window == "encounter" and enc is not None and g.strength_of(enc.ice) <= 0 and g.may_trash(enc.ice)

    b.paid([], weaken, once_per_turn=True, usable=lambda g, c, w: w == "encounter" and _encountering(g) is not None)
    b.paragraph(1).paid([trash_self(), credit(2)], smash, usable=weak)


@card("beatriz_friere_gonzalez", paragraphs=(0,), summary="Two clicks: run HQ; if successful, breach R&D instead, "
      "accessing 1 more card.")  # fmt: skip
def _beatriz(b: Builder) -> None:
    def use(x: Exec) -> None:
        if _won(x.run_on("hq")):
            x.instead_of_breach(lambda: _breach_instead(x, "rnd", extra=1))

    b.paid([click(2)], use, usable=lambda g, c, w: w == "action" and g.current_run is None)


@card("debbie_downtown_moreira", paragraphs=(0, 1, 2), summary="2 credits on it when installed with 4 or more agenda "
      "points on some side; 1 credit on it for each run event played; click: run any server, its credits spendable "
      "during that run.")  # fmt: skip
def _debbie(b: Builder) -> None:
    def installed(x: Exec) -> None:
        if _threat(x.game, 4):
            x.do("在本牌上放置 2[credit]。")

    def played(x: Exec) -> None:
        c = x.event.get("card")
        if c is not None and c.side == "runner" and c.type == "event" and "run" in c.subtypes:
            x.do("在本牌上放置 1[credit]。")

    def run(x: Exec) -> None:
        x.card.notes["arm"] = True
        x.run_on("any")

    def begins(x: Exec) -> None:
        if x.card.notes.pop("arm", False):
            x.card.notes["run"] = x.game.current_run

    b.paragraph(0).when("installed", installed)
    b.paragraph(1).when("played", played, only=lambda x: getattr(x.event.get("card"), "side", None) == "runner")
    b.paragraph(2).paid([click()], run, usable=lambda g, c, w: w == "action" and g.current_run is None)
    b.when("run_begins", begins, only=lambda x: bool(x.card.notes.get("arm")))
    b.spend_hosted(lambda g, c, purpose: g.current_run is not None and c.notes.get("run") is g.current_run)


@card("eru_ayase_pessoa", paragraphs=(0, 1), summary="Once a turn, click and a tag: run Archives and breach R&D "
      "instead; with 3 or more agenda points on some side, breaching R&D in a run on Archives accesses 1 more "
      "card.")  # fmt: skip
def _eru(b: Builder) -> None:
    def use(x: Exec) -> None:
        _tag_as_cost(x.game)
        if _won(x.run_on("archives")):
            x.instead_of_breach(lambda: _breach_instead(x, "rnd"))

    def breach(x: Exec) -> None:
        g = x.game
        run = g.current_run
        if x.event.get("server") == "rnd" and run is not None and run.server == "archives" and _threat(g, 3):
            x.do("你额外读取 1 张牌。")

    b.paid([click()], use, once_per_turn=True, usable=lambda g, c, w: w == "action" and g.current_run is None)
    b.paragraph(1).when("breach", breach, only=lambda x: x.event.get("server") == "rnd")


@card("urban_art_vernissage", paragraphs=(0, 1), summary="As your turn begins, may return an installed trojan that "
      "is not a virus to the grip for 2 credits on it; its credits pay for installs.")  # fmt: skip
def _urban_art(b: Builder) -> None:
    def start(x: Exec) -> None:
        g = x.game
        trojans = [c for c in g.runner.rig
                   if c.type == "program" and "trojan" in c.subtypes and "virus" not in c.subtypes]  # fmt: skip
        chosen = x.pick(Phrase(N_("add an installed {subtype} to your grip?"), subtype=Term("subtypes", "trojan")),
                        trojans)  # fmt: skip
        if chosen is not None:
            _installed_to_grip(g, chosen)
            x.do("在本牌上放置 2[credit]。")

    b.when("your_turn_start", start)
    b.paragraph(1).spend_hosted(lambda g, c, purpose: purpose == "install")


# ---------------------------------------------------------------- second pass: programs


@card("audrey_v2", paragraphs=(0, 1, 2), summary="A virus counter for each card you trash while accessing it; a "
      "virus counter breaks up to 2 subroutines of any ice; trashing a grip card gives +3 strength.")  # fmt: skip
def _audrey(b: Builder) -> None:
    def trashed(x: Exec) -> None:
        c = x.event.get("card")
        if c is not None and c.side == "corp" and x.event.get("by") == "runner" and _accessing(x.game, c):
            x.do("在本牌上放置 1 个病毒指示物。")

    def usable_break(g: NetrunnerGame, c: Card, window: str) -> bool:
        return window == "encounter" and _breakable(g, c) is not None

    def boost(x: Exec) -> None:
        g = x.game
        if _encountering(g) is None or not g.runner.hand:
            return
        cost = x.choose(Phrase(N_("trash which card from your grip")), g.runner.hand)
        g.trash(cost, Phrase(N_("the text of {card}"), card=str(x.card)), by="runner")
        x.card.strength_bonus += 3
        g.log.add("strength", RUNNER, card=str(x.card), delta=3, strength=g.strength_of(x.card))

    def usable_boost(g: NetrunnerGame, c: Card, window: str) -> bool:
        enc = _encountering(g)
        return (
            window == "encounter"
            and enc is not None
            and bool(g.runner.hand)
            and any(not s.broken for s in enc.subs)
            and g.strength_of(c) < g.strength_of(enc.ice)
        )

    b.paragraph(0).when("trashed", trashed, only=_runner_trashed_corp_card)
    def breaks(x: Exec) -> None:
        _break(x, 2)

    b.paragraph(1).paid([counters("virus", 1)], breaks, usable=usable_break, role="break")
    b.paragraph(2).paid([], boost, usable=usable_boost, role="boost")


@card("laser_pointer", paragraphs=(0,), summary="Encountering AP, destroyer or observer ice, you may trash it to "
      "bypass that ice.")  # fmt: skip
def _laser_pointer(b: Builder) -> None:
    _trash_to_bypass(b, lambda g, this, ice: bool({"ap", "destroyer", "observer"} & set(ice.subtypes)))


@card("malandragem", paragraphs=(0, 1, 2), summary="Loaded with 2 power counters, removed from the game once empty; "
      "once a turn a counter bypasses encountered ice of strength 3 or less; with 4 or more agenda points on some "
      "side, removing it from the game bypasses any encountered ice.")  # fmt: skip
def _malandragem(b: Builder) -> None:
    def loading(x: Exec) -> None:
        x.game.add_counters(x.card, "power", 2)
        x.card.notes["loaded"] = "power"

    def emptied(x: Exec) -> None:
        if x.game.is_installed(x.card):
            x.remove_from_game()

    def encounter(x: Exec) -> None:
        g = x.game
        ice = x.event.get("ice")
        enc = _encountering(g)
        if ice is None or enc is None or enc.bypassed or not g.is_installed(x.card):
            return
        if (
            g.strength_of(ice) <= 3
            and x.card.counters.get("power", 0) >= 1
            and x.card.notes.get("used") != g.turns
            and x.may(Phrase(_SPEND_POWER, card=str(x.card), n=1, ice=str(ice)))
        ):
            x.card.notes["used"] = g.turns
            x.bypass()
            g.add_counters(x.card, "power", -1)
            return
        if _threat(g, 4) and x.may(Phrase(N_("remove {card} from the game to bypass {ice}?"), card=str(x.card),
                                          ice=str(ice))):  # fmt: skip
            x.bypass()
            x.remove_from_game()

    b.paragraph(0).loads("power").when("installed", loading).when("emptied", emptied)
    b.paragraph(1).when("encounter", encounter)


@card("monkeywrench", paragraphs=(0, 1), summary="Installed on a piece of ice: its host has 2 less strength, each "
      "other piece of ice of that server 1 less.")  # fmt: skip
def _monkeywrench(b: Builder) -> None:
    def weaker(g: NetrunnerGame, this: Card, c: Card) -> int:
        host = this.host
        if host is None or c.type != "ice" or not g.is_installed(host):
            return 0
        if c is host:
            return -2
        return -1 if g.server_of(c) is g.server_of(host) else 0

    _trojan(b)
    b.paragraph(1).strength_all(weaker)


@card("physarum_entangler", paragraphs=(0, 1, 2), summary="Installed on a piece of ice; encountering its host, unless "
      "a barrier, 1 credit per subroutine bypasses it; a purge trashes it.")  # fmt: skip
def _physarum(b: Builder) -> None:
    def encounter(x: Exec) -> None:
        g = x.game
        ice: Card | None = x.event.get("ice")
        enc = _encountering(g)
        if ice is None or ice is not x.card.host or enc is None or enc.bypassed or "barrier" in ice.subtypes:
            return
        cost = len(enc.subs)
        if g.can_pay("runner", cost) and x.may(Phrase(N_("pay {n}{credit} to bypass {ice}?"), n=cost,
                                                      credit="[credit]", ice=str(ice))):  # fmt: skip
            g.pay("runner", cost, str(x.card))
            x.bypass()

    def purged(x: Exec) -> None:
        if x.game.is_installed(x.card):
            x.game.trash(x.card, Phrase(N_("the text of {card}"), card=str(x.card)))

    _trojan(b)
    b.paragraph(1).when("encounter", encounter, only=lambda x: x.event.get("ice") is x.card.host)
    b.paragraph(2).when("purged", purged)


@card("heliamphora", paragraphs=(0, 1), summary="Once each breach of Archives, a card that would be accessed there "
      "may be hosted face up on it instead; when the corp purges, it trashes 2 random cards from HQ and this program "
      "is trashed.")  # fmt: skip
def _heliamphora(b: Builder) -> None:
    def breach(x: Exec) -> None:
        g = x.game
        if not g.is_installed(x.card) or not g.corp.discard:
            return
        options = []
        for c in reversed(g.corp.discard):  # the runner sees face-down cards of Archives only as such
            if c.faceup:
                options.append(Option(c.ref, Phrase(N_("{card} ({type})"), card=str(c), type=Term("type", c.type)), c))
            else:
                text = Phrase(N_("a face-down card in {server}"), server=Term("zone", "archives"))
                options.append(Option(f"facedown#{c.uid}", text, c))
        options.append(Option("done", Phrase(N_("done")), None))
        prompt = Phrase(N_("{card}: host a card of Archives on it instead of accessing it?"), card=str(x.card))
        chosen: Card | None = g.ask("runner", "target", prompt, options).value
        if chosen is None:
            return
        g.corp.discard.remove(chosen)
        chosen.faceup = True
        chosen.host = x.card
        x.card.hosted.append(chosen)
        g.log.add("host", RUNNER, card=str(chosen), host=str(x.card))

    def purged(x: Exec) -> None:
        g = x.game
        if not g.is_installed(x.card):
            return
        for c in g.rng.sample(g.corp.hand, min(2, len(g.corp.hand))):
            g.trash(c, Phrase(N_("the text of {card}"), card=str(x.card)), by="corp")
        g.trash(x.card, Phrase(N_("the text of {card}"), card=str(x.card)))

    b.paragraph(0).when("breach", breach, only=lambda x: x.event.get("server") == "archives")
    b.paragraph(1).when("purged", purged)


# ---------------------------------------------------------------- second pass: events


@card("ashen_epilogue", paragraphs=(0, 1), summary="Shuffle grip and heap into the stack, remove its top 5 cards from "
      "the game, draw 5; the event itself is removed from the game.")  # fmt: skip
def _ashen_epilogue(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        runner = g.runner
        for c in [*runner.hand, *runner.discard]:
            c.faceup = False
        runner.deck.extend(runner.hand + runner.discard)
        runner.hand.clear()
        runner.discard.clear()
        g.rng.shuffle(runner.deck)
        g.log.add("shuffle", RUNNER, zone="stack")
        for c in list(reversed(runner.deck[-5:])):
            x.remove_from_game(c)
        x.do("你抽 5 张牌。")

    b.play(play)
    b.paragraph(1).play(lambda x: x.remove_from_game())


@card("bahia_bands", paragraphs=(0,), summary="Run any server; if successful, resolve 2 different options: draw 2, "
      "install from the grip 1 credit cheaper, remove a tag, or 4 credits on it to pay trash costs in that "
      "run.")  # fmt: skip
def _bahia_bands(b: Builder) -> None:
    def success(x: Exec, run: RunState) -> None:
        g = x.game
        texts = {
            "draw": Phrase(N_("draw {n} cards"), n=2),
            "install": Phrase(N_("install a card paying {n}{credit} less"), n=1, credit="[credit]"),
            "tag": Phrase(N_("remove 1 tag")),
            "credits": Phrase(N_("place {n}{credit} on {card} to pay trash costs in this run"), n=4,
                              credit="[credit]", card=str(x.card)),
        }
        done: list[str] = []
        for _ in range(2):
            # only an option that can change the game is offered: a card in the stack to draw, a card of the grip
            # to install, a tag to remove (the credits on it always can)
            left = [k for k in texts if k not in done and (k != "draw" or g.runner.deck)
                    and (k != "install" or any(_installable(g, c, less=1) for c in g.runner.hand))
                    and (k != "tag" or g.runner.tags > 0)]  # fmt: skip
            if g.over or not left:
                return
            chosen = _pick(x, Phrase(N_("resolve which option")), [(k, texts[k]) for k in left])
            done.append(chosen)
            if chosen == "draw":
                x.do("你抽 2 张牌。")
            elif chosen == "install":
                options = [c for c in g.runner.hand if _installable(g, c, less=1)]
                if options:
                    prompt = Phrase(N_("install a card paying {n}{credit} less"), n=1, credit="[credit]")
                    _install(g, x.choose(prompt, options, kind="install"), g.runner.hand, less=1)
            elif chosen == "tag":
                g.remove_tags(1)
            else:
                x.do("在本牌上放置 4[credit]。")
                x.card.notes["trash_costs"] = True

    b.play(lambda x: _event_run(x, "any", success))
    b.spend_hosted(lambda g, c, purpose: purpose == "trash" and bool(c.notes.get("trash_costs")))


@card("burner", paragraphs=(0,), summary="Run HQ; if successful, instead of the breach, reveal 3 random HQ cards and "
      "put 2 of them on top of or under R&D.")  # fmt: skip
def _burner(b: Builder) -> None:
    def instead(x: Exec) -> None:
        g = x.game
        hand = g.corp.hand
        shown = g.rng.sample(hand, min(3, len(hand)))
        if not shown:
            return
        g.log.add("reveal", RUNNER, cards=[str(c) for c in shown], zone=Term("zone", "hq"))
        for _ in range(min(2, len(shown))):
            chosen = x.choose(Phrase(N_("add which revealed card to R&D")), shown)
            shown.remove(chosen)
            top = g.confirm("runner", "target", Phrase(N_("put {card} on top of R&D or at the bottom?"),
                                                       card=str(chosen)), yes="top", no="bottom",
                            texts=(Phrase(N_("top")), Phrase(N_("bottom"))))  # fmt: skip
            hand.remove(chosen)
            chosen.faceup = False
            if top:
                g.corp.deck.append(chosen)
            else:
                g.corp.deck.insert(0, chosen)
            g.log.add("move", RUNNER, card=str(chosen), to=Term("zone", "rnd"))

    def play(x: Exec) -> None:
        if _won(x.run_on("hq")):
            x.instead_of_breach(lambda: instead(x))

    b.play(play)



@card("privileged_access", paragraphs=(0, 1, 2, 3), summary="Only while untagged: run Archives; if successful, take a "
      "tag instead of the breach, and then may install a resource from the heap 2 credits cheaper and, with 3 or "
      "more agenda points on some side, a program from the heap.")  # fmt: skip
def _privileged_access(b: Builder) -> None:
    def tagged(x: Exec) -> None:
        g = x.game
        before = g.runner.tags
        g.gain_tags(1)
        if g.runner.tags <= before:  # the tag was avoided: not taken with this event
            return
        heap = g.runner.discard
        resources = [c for c in reversed(heap) if c.type == "resource" and _installable(g, c, less=2)]
        prompt = Phrase(N_("install a {type} from your heap, paying {n}{credit} less?"),
                        type=Term("card_type", "resource"), n=2, credit="[credit]")  # fmt: skip
        chosen = x.pick(prompt, resources, kind="install")
        if chosen is not None:
            _install(g, chosen, heap, less=2)
        if _threat(g, 3):
            programs = [c for c in reversed(heap) if c.type == "program" and _installable(g, c)]
            prompt = Phrase(N_("install a {type} from your heap?"), type=Term("card_type", "program"))
            chosen = x.pick(prompt, programs, kind="install")
            if chosen is not None:
                _install(g, chosen, heap)

    def play(x: Exec) -> None:
        if _won(x.run_on("archives")):
            x.instead_of_breach(lambda: tagged(x))

    b.may_play(lambda g, c: not g.runner.tags)
    b.paragraph(1).play(play)


@card("s_dobrado", paragraphs=(0, 1), summary="Run a central server; the first ice encountered in that run is "
      "bypassed, and with 4 or more agenda points on some side a click may bypass the second.")  # fmt: skip
def _s_dobrado(b: Builder) -> None:
    def encounter(x: Exec) -> None:
        g = x.game
        ice = x.event.get("ice")
        enc = _encountering(g)
        if ice is None or enc is None:
            return
        seen = x.card.notes["met"] = x.card.notes.get("met", 0) + 1
        if enc.bypassed:
            return
        if seen == 1:
            x.bypass()
        elif seen == 2 and _threat(g, 4) and g.runner.clicks >= 1 and x.may(
            Phrase(N_("spend {clicks} to bypass {ice}?"), clicks="[click]", ice=str(ice))
        ):
            g.spend_clicks("runner", 1, str(x.card))
            x.bypass()

    b.play(lambda x: _event_run(x, "central"))
    b.when("encounter", encounter)


@card("spree", paragraphs=(0, 1), summary="3 power counters on it, then run any server; during the run a counter "
      "moves an installed trojan onto a piece of ice protecting the server run.")  # fmt: skip
def _spree(b: Builder) -> None:
    def play(x: Exec) -> None:
        x.do("在本牌上放置 3 个能量指示物。")
        _event_run(x, "any")

    def trojans(g: NetrunnerGame) -> list[Card]:
        return [c for c in g.runner.rig if c.type == "program" and "trojan" in c.subtypes]

    def ice_of_run(g: NetrunnerGame) -> list[Card]:
        run = g.current_run
        server = g.servers.get(run.server) if run is not None and not run.ended else None
        return list(server.ice) if server is not None else []

    def move(x: Exec) -> None:
        g = x.game
        trojan = x.choose(Phrase(N_("move which {subtype}"), subtype=Term("subtypes", "trojan")), trojans(g))
        targets = [i for i in ice_of_run(g) if i is not trojan.host]
        if not targets:
            return
        host = x.choose(Phrase(N_("install {card} on"), card=str(trojan)), targets, kind="host")
        if trojan.host is not None and trojan in trojan.host.hosted:
            trojan.host.hosted.remove(trojan)
        trojan.host = host
        host.hosted.append(trojan)
        shown = str(host) if host.rezzed else Phrase(N_("unrezzed ice"))
        g.log.add("host", RUNNER, card=str(trojan), host=shown)

    def usable(g: NetrunnerGame, c: Card, window: str) -> bool:
        ice = ice_of_run(g)
        return window in ("run", "encounter") and any(i is not t.host for t in trojans(g) for i in ice)

    b.play(play)
    b.paragraph(1).paid([counters("power", 1)], move, usable=usable)


@card("trick_shot", paragraphs=(0, 1, 2), summary="4 credits on it, spendable during runs; run R&D: if successful 2 "
      "more credits on it and 1 more card accessed; when that run ends, may run a remote server.")  # fmt: skip
def _trick_shot(b: Builder) -> None:
    def success(x: Exec, run: RunState) -> None:
        x.do("在本牌上放置 2[credit]。")
        x.do("你额外读取 1 张牌。")

    def play(x: Exec) -> None:
        g = x.game
        x.do("在本牌上放置 4[credit]。")
        g.in_play.append(x.card)  # in play for both runs: its credits pay during them
        try:
            run = x.run_on("rnd")
            if _won(run):
                success(x, run)
            if g.current_run is run:
                g.runs.finish_run()
            remotes = any(s.remote for s in g.servers.values())
            if remotes and not g.over and x.may(Phrase(N_("{card}: run a remote server?"), card=str(x.card))):
                again = x.run_on("remote")
                if g.current_run is again:
                    g.runs.finish_run()
        finally:
            if x.card in g.in_play:
                g.in_play.remove(x.card)

    b.play(play)
    b.spend_hosted(lambda g, c, purpose: g.current_run is not None)


@card("window_of_opportunity", paragraphs=(0, 1), summary="May install a program or hardware from the grip; run any "
      "server, derezzing a piece of ice protecting it as the run begins, which the corp may rez for free when the "
      "run ends.")  # fmt: skip
def _window_of_opportunity(b: Builder) -> None:
    def install(x: Exec) -> None:
        g = x.game
        options = [c for c in g.runner.hand if c.type in ("program", "hardware") and _installable(g, c)]
        chosen = x.pick(Phrase(N_("install a program or hardware from your grip?")), options, kind="install")
        if chosen is not None:
            _install(g, chosen, g.runner.hand)

    def begins(x: Exec) -> None:
        g = x.game
        run = g.current_run
        server = g.servers.get(run.server) if run is not None else None
        rezzed = [i for i in server.ice if i.rezzed] if server is not None else []
        if not rezzed:
            return
        ice = x.choose(Phrase(N_("derez which ice")), rezzed)
        g.derez(ice, Phrase(N_("derezzed by {card}"), card=str(x.card)))

        def rez_again(run: RunState, successful: bool) -> None:
            if ice.rezzed or not g.is_installed(ice):
                return
            if x.may(Phrase(N_("rez {card}, ignoring all costs?"), card=str(ice)), side="corp"):
                g.rez(ice, free=True)

        x.when_run_ends(rez_again)

    b.play(install)
    b.paragraph(1).play(lambda x: _event_run(x, "any")).when("run_begins", begins)


# ---------------------------------------------------------------- third pass


@card("banner", paragraphs=(0,), summary="Interface, 2 credits: for the rest of this encounter the barrier's "
      "subroutines cannot end the run.")  # fmt: skip
def _banner(b: Builder) -> None:
    def use(x: Exec) -> None:
        g = x.game
        enc = _encountering(g)
        if enc is None:
            return
        ice = enc.ice

        def keep(game: NetrunnerGame, this: Card, by: Card | None) -> bool:
            # a scripted subroutine ends the run without naming its ice: during this encounter, it is this ice's
            return _encountering(game) is enc and (by is ice or by is None)

        x.lasting("keep_run", keep, until="encounter")
        g.log.add("effect", RUNNER, card=str(x.card), ice=str(ice),
                  reason=Phrase(N_("its subroutines cannot end the run this encounter")))  # fmt: skip

    def usable(g: NetrunnerGame, c: Card, window: str) -> bool:
        enc = _encountering(g)
        return (
            window == "encounter"
            and enc is not None
            and not enc.bypassed
            and "barrier" in enc.ice.subtypes
            and g.strength_of(c) >= g.strength_of(enc.ice)
            and any(not s.broken for s in enc.subs)
            and not any(hook == "keep_run" and source is c for hook, source, _, _ in g.lasting)
        )

    b.paid([credit(2)], use, usable=usable)


@card("saci", paragraphs=(0, 1), summary="Installed on a piece of ice; each time its host is rezzed or derezzed, "
      "gain 3 credits.")  # fmt: skip
def _saci(b: Builder) -> None:
    def gain(x: Exec) -> None:
        if x.game.is_installed(x.card):
            x.do("你获得 3[credit]。")

    def on_host(x: Exec) -> bool:
        return x.card.host is not None and x.event.get("card") is x.card.host

    _trojan(b)
    b.paragraph(1).when("any_rezzed", gain, only=on_host).when("derezzed", gain, only=on_host)


def _trashed_own_installed(g: NetrunnerGame, this: Card) -> bool:
    """Whether the runner trashed one of its installed cards this turn: seen by ``this`` while it was installed
    (its ``trashed`` note), or, before, paid as a [trash] cost (the log's reason)."""
    if this.notes.get("trashed") == g.turns:
        return True
    heap = {str(c) for c in g.runner.discard}
    return any(e.get("reason") == "trash cost" and e.get("card") in heap for e in g.events_this_turn("trashed"))


@card("boi_tata", paragraphs=(0, 1, 2), replaces=(1, 2), summary="Interface, 2 credits: break up to 2 sentry "
      "subroutines; 3 credits: +3 strength; each costs 1 credit less if you trashed one of your installed cards this "
      "turn.")  # fmt: skip
def _boi_tata(b: Builder) -> None:
    def cost(g: NetrunnerGame, c: Card, printed: int) -> int:
        return max(0, printed - (1 if _trashed_own_installed(g, c) else 0))

    def noted(x: Exec) -> None:
        x.card.notes["trashed"] = x.game.turns

    def own_installed(x: Exec) -> bool:
        c = x.event.get("card")
        return c is not None and c.side == "runner" and x.event.get("zone") == "installed" and x.event.get("by") != "corp"

    def breaks(x: Exec) -> None:
        g = x.game
        g.pay("runner", cost(g, x.card, 2), str(x.card), "icebreaker")
        x.break_subroutines(2, "sentry")

    def boost(x: Exec) -> None:
        g = x.game
        g.pay("runner", cost(g, x.card, 3), str(x.card), "icebreaker")
        x.card.strength_bonus += 3
        g.log.add("strength", RUNNER, card=str(x.card), delta=3, strength=g.strength_of(x.card))

    def can_break(g: NetrunnerGame, c: Card, window: str) -> bool:
        return window == "encounter" and _breakable(g, c, "sentry") is not None and g.can_pay(
            "runner", cost(g, c, 2), "icebreaker"
        )

    def can_boost(g: NetrunnerGame, c: Card, window: str) -> bool:
        enc = _encountering(g)
        return (
            window == "encounter"
            and enc is not None
            and g.strength_of(c) < g.strength_of(enc.ice)
            and g.can_pay("runner", cost(g, c, 3), "icebreaker")
        )

    b.paragraph(0).when("trashed", noted, only=own_installed)
    b.paragraph(1).paid([], breaks, usable=can_break, role="break")
    b.paragraph(2).paid([], boost, usable=can_boost, role="boost")


@card("jeitinho", paragraphs=(0, 1), summary="As your turn ends, after successful runs on HQ, R&D and Archives this "
      "turn, it may go to your score area as a 0-point assassination agenda; 3 of them there win the game. At threat "
      "3, whenever you bypass a piece of ice, you may spend a click to install it from your heap.")  # fmt: skip
def _jeitinho(b: Builder) -> None:
    def turn_end(x: Exec) -> None:
        g = x.game
        prompt = Phrase(N_("{card}: add it to your score area as an agenda worth {n} points?"), card=str(x.card), n=0)
        if not g.is_installed(x.card) or not _ran_every_central(g) or not x.may(prompt):
            return
        _uninstall(g, x.card)
        x.card.faceup = True
        g.runner.score_area.append(x.card)
        x.gain_subtypes(x.card, ["assassination"])
        g.log.add("move", RUNNER, card=str(x.card), reason=Phrase(N_("to the runner's score area as an agenda worth "
                                                                     "{n}"), n=0))  # fmt: skip
        g.check_memory()
        count = sum(1 for c in g.runner.score_area if "assassination" in c.subtypes)
        if count >= 3:
            g.game_over("runner", Phrase(N_("{n} assassination agendas in the runner's score area"), n=count))

    b.when("your_turn_end", turn_end, only=lambda x: _ran_every_central(x.game))

    def bypassed(x: Exec) -> None:
        g = x.game
        prompt = Phrase(N_("spend {click} to install {card} from your heap?"), click="[click]", card=str(x.card))
        if not x.may(prompt):
            return
        g.spend_clicks("runner", 1, str(x.card))
        _install(g, x.card, g.runner.discard)

    def concerns(x: Exec) -> bool:  # the ice passed now was bypassed (passing follows the bypass at once)
        g = x.game
        return _threat(g, 3) and g.runner.clicks >= 1 and _bypassed(g) and _installable(g, x.card)

    b.paragraph(1).when("pass_ice", bypassed, only=concerns, zone="discard")


@card("strike_fund", paragraphs=(1,), summary="Trashed from the grip or the stack, it may gain you 2 credits.")
def _strike_fund(b: Builder) -> None:
    def trashed(x: Exec) -> None:
        if x.may(Phrase(N_("{card}: gain {n}{credit}?"), card=str(x.card), n=2, credit="[credit]")):
            x.do("你获得 2[credit]。")

    def concerns(x: Exec) -> bool:
        return x.event.get("card") is x.card and x.event.get("zone") in ("hand", "deck")

    b.when("trashed", trashed, only=concerns, zone="discard")
