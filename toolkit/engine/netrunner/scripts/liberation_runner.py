"""Card scripts of the Liberation cycle (The Automata Initiative, Rebellion Without Rehearsal): the runner
cards and runner identities.

Cards whose text needs what the engine does not model (bypassing ice, derezzing, removing a card from the
game, spending hosted credits, replacing a breach, events when tags are removed or counters purged) are left
out; the report of the cycle's scripts lists them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from toolkit.engine.phrase import Phrase, Term
from toolkit.i18n.words import N_
from toolkit.text.render import render

from ..decisions import Option
from ..state import CENTRALS, SEATS, Card, Encounter
from . import Builder, Exec, card, click, counters, credit, on_installed_ice, one_console, trash_self

if TYPE_CHECKING:
    from toolkit.engine.core import Event

    from ..game import NetrunnerGame

RUNNER = SEATS["runner"]
CORP = SEATS["corp"]


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
    if g.strength_of(breaker) < g.strength_of(enc.ice):
        return None
    return enc


def _break(x: Exec, count: int) -> int:
    """Break ``count`` unbroken subroutines of the ice encountered (the runner picks them); how many broke."""
    g = x.game
    enc = x.ctx.encounter or _encountering(g)
    if enc is None:
        g.log.add("break_failed", RUNNER, reason=Phrase(N_("no ice is being encountered")))
        return 0
    ice = enc.ice
    unbroken = [s for s in enc.subs if not s.broken]
    prompt = Phrase(N_("break a subroutine of {ice}"), ice=str(ice))
    chosen = g.choose_many("runner", "subroutine", prompt, unbroken, count, label=lambda s: f"sub:{s.index}")
    for sub in chosen:
        sub.broken = True
        g.log.add("break", RUNNER, ice=str(ice), index=sub.index, by=str(x.card), text=render(sub.ability))
    return len(chosen)


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
    if c in zone:
        zone.remove(c)
    if not free:
        cost = max(0, g.install_cost(c) - less)
        g.pay("runner", cost, Phrase(N_("installing {card}"), card=str(c)), "install")
    g.install("runner", c, pay=False, host=host)


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


@card("manuel_lattes_de_moura", paragraphs=(0,), summary="Breaching HQ or R&D while tagged accesses one more "
      "card.")  # fmt: skip
def _manuel(b: Builder) -> None:
    def breach(x: Exec) -> None:
        if x.event.get("server") in ("hq", "rnd") and x.game.runner.tags:
            x.do("你额外读取 1 张牌。")

    b.when("breach", breach)


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


@card("valentina_ferreira_carvalho", paragraphs=(1,), summary="With 3 or more agenda points on some side, installing "
      "it in your turn lets you remove a tag or gain 2 credits.")  # fmt: skip
def _valentina(b: Builder) -> None:
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


@card("sebastiao_souza_pessoa_activist_organizer", paragraphs=(0,), summary="When you take tags while you had none, "
      "you may install a connection resource from your grip for 2 credits less.")  # fmt: skip
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

    b.when("tags_taken", tagged)


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
                                        type=Term("type", "resource")), matches, kind="search")  # fmt: skip
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


@card("eye_for_an_eye", paragraphs=(0, 1), summary="Only while untagged: run HQ; if successful, take a tag and "
      "access one more card.")  # fmt: skip
def _eye_for_an_eye(b: Builder) -> None:
    def play(x: Exec) -> None:
        if x.run_on("hq").successful:
            x.game.gain_tags(1)
            x.do("你额外读取 1 张牌。")

    b.paragraph(0).may_play(lambda g, c: not g.runner.tags)
    b.paragraph(1).play(play)


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


@card("curupira", paragraphs=(1,), summary="A power counter each time it breaks every subroutine of a piece of "
      "ice.")  # fmt: skip
def _curupira(b: Builder) -> None:
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
            prompt = Phrase(N_("search your stack, heap or grip for a {type}"), type=Term("type", "program"))
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
        chosen = x.choose(Phrase(N_("install a {type}"), type=Term("type", "program")), options, kind="install")
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

