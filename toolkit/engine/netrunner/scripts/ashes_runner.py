"""Card scripts of the Ashes cycle (Downfall, Uprising, Uprising Booster Pack): the runner cards and runner
identities.

Frames several cards share: credits that must come from stealth cards (:func:`_stealth_credits`,
:func:`_pay_stealth`), whether a card can be installed from a zone other than the grip or at a discount
(:func:`_installable`; the package's ``x.install_from`` installs it), and what happened earlier in the turn or
the run, read from the log (:func:`_turn`, :func:`_this_run`).

Left out, for what the engine does not model: an effect that outlives its card as a trigger (Always Have a
Backup Plan, Boomerang, Climactic Showdown, In the Groove, Whistleblower), an ice gaining a subtype (Pelangi),
blanking identities (Direct Access), preventing the end of a run (Lucky Charm), an interrupt on draws or traces
(The Class Act, Flip Switch), a lowered trash cost (Demolisher), the zone a trashed card left (Buffer Drive),
credits that pay only for some cards or kinds of use (Mantle, Mystic Maemi, Paladin Poemu, Trickster Taka) or a
moment when credits are spent (Keiko), and flipping an identity (Hoshiko Shiro).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from toolkit.engine.phrase import Phrase, Term
from toolkit.i18n.words import N_
from toolkit.text import ast as A

from ..decisions import Option
from ..state import CENTRALS, SEATS, Card, Encounter
from . import Builder, Exec, card, click, credit, load, on_installed_ice, one_console, trash_self

if TYPE_CHECKING:
    from toolkit.engine.core import Event

    from ..game import NetrunnerGame

RUNNER = SEATS["runner"]
CORP = SEATS["corp"]
RIG_TYPES = ("program", "hardware", "resource")


# ---------------------------------------------------------------- what happened before


def _turn(g: NetrunnerGame) -> list[Event]:
    """The logged events of the current turn."""
    return list(g.log)[g.turn_started_at :]


def _this_run(g: NetrunnerGame) -> list[Event]:
    """The logged events since the last run began (the run in progress, or the last one)."""
    events = list(g.log)
    for index in range(len(events) - 1, -1, -1):
        if events[index].kind == "run":
            return events[index:]
    return []


def _runner_cards(g: NetrunnerGame) -> list[Card]:
    runner = g.runner
    cards = [*runner.rig, *runner.hand, *runner.deck, *runner.discard, *g.removed]
    return cards + [h for c in runner.rig for h in c.hosted if h not in cards]


def _find(g: NetrunnerGame, name: object) -> Card | None:
    """The runner card a log entry names (``name#uid``), wherever it is now."""
    return next((c for c in _runner_cards(g) if str(c) == name), None)


def _installs_this_turn(g: NetrunnerGame) -> list[Card]:
    """The runner's cards installed this turn, in order."""
    found = [_find(g, e.data.get("card")) for e in _turn(g) if e.kind == "install" and e.player == RUNNER]
    return [c for c in found if c is not None]


def _installed_this_turn(g: NetrunnerGame, c: Card) -> bool:
    return any(e.kind == "install" and e.data.get("card") == str(c) for e in _turn(g))


# ---------------------------------------------------------------- choices and installs


def _installable(g: NetrunnerGame, c: Card, less: int = 0) -> bool:
    """Whether the runner can install ``c`` now (wherever it is), paying ``less`` less (more when negative)."""
    if c.type not in RIG_TYPES or not g.may_install(c):
        return False
    if c.type == "program" and int(c.record.memory_cost or 0) > g.memory_limit():
        return False
    return g.can_pay("runner", max(0, g.install_cost(c) - less), "install")


def _uninstall(g: NetrunnerGame, c: Card) -> None:
    """``c`` leaves play (to a zone the caller puts it in); the cards it hosts are trashed."""
    for hosted in list(c.hosted):
        g.trash(hosted, Phrase(N_("its host {card} left play"), card=str(c)))
    if c in g.runner.rig:
        g.runner.rig.remove(c)
    c.leave_play()


def _shuffle_stack(g: NetrunnerGame) -> None:
    g.rng.shuffle(g.runner.deck)
    g.log.add("shuffle", RUNNER, zone="stack")


def _trashed_by(c: Card) -> str:
    return Phrase(N_("trashed by {card}"), card=str(c))


# ---------------------------------------------------------------- breaking


def _encountering(g: NetrunnerGame) -> Encounter | None:
    run = g.current_run
    return run.encounter if run is not None else None


def _breakable(g: NetrunnerGame, breaker: Card, subtype: str) -> Encounter | None:
    """The encounter in progress, when ``breaker`` is strong enough to break its ice of ``subtype`` and some
    subroutine is still unbroken."""
    enc = _encountering(g)
    if enc is None or enc.bypassed or not any(not s.broken for s in enc.subs) or subtype not in enc.ice.subtypes:
        return None
    if g.strength_of(breaker) < g.strength_of(enc.ice) or not g.may_break(enc.ice, breaker):
        return None
    return enc


def _break_one(x: Exec) -> None:
    x.break_subroutines(1)


def _fully_broke(g: NetrunnerGame, breaker: Card, ice: Card) -> bool:
    """Whether ``breaker`` has now broken every subroutine of ``ice`` in the encounter in progress."""
    enc = _encountering(g)
    if enc is None or enc.ice is not ice or not enc.subs or any(not s.broken for s in enc.subs):
        return False
    events = list(g.log)
    start = next((i for i in range(len(events) - 1, -1, -1) if events[i].kind == "encounter"), 0)
    breaks = [e for e in events[start:] if e.kind == "break" and e.data.get("ice") == str(ice)]
    return len(breaks) == len(enc.subs) and all(e.data.get("by") == str(breaker) for e in breaks)


def _virtual_resources(g: NetrunnerGame) -> int:
    return sum(1 for c in g.runner.rig if c.type == "resource" and "virtual" in c.subtypes)


def _boost(x: Exec, amount: int) -> None:
    x.card.strength_bonus += amount
    x.game.log.add("strength", RUNNER, card=str(x.card), delta=amount, strength=x.game.strength_of(x.card))


def _weaker(g: NetrunnerGame, breaker: Card) -> bool:
    """An encounter is on and ``breaker`` is weaker than its ice (a boost does something)."""
    enc = _encountering(g)
    return enc is not None and not enc.bypassed and g.strength_of(breaker) < g.strength_of(enc.ice)


# ---------------------------------------------------------------- credits from stealth cards


def _stealth_credits(g: NetrunnerGame, purpose: str | None) -> list[tuple[Card, str, int]]:
    """``(card, "recurring" or "hosted", credits)`` of the runner's stealth cards whose credits may pay for
    ``purpose`` now."""
    out: list[tuple[Card, str, int]] = []
    for c in g.active_cards("runner"):
        if "stealth" not in c.subtypes:
            continue
        if c.recurring > 0 and any(use == purpose for _, use in g.recurring_uses(c)):
            out.append((c, "recurring", c.recurring))
        if c.credits > 0 and any(fn(g, c, purpose) for _, fn in g.script_hooks("spend_hosted", [c])):
            out.append((c, "hosted", c.credits))
    return out


def _stealth_total(g: NetrunnerGame, purpose: str | None) -> int:
    return sum(n for _, _, n in _stealth_credits(g, purpose))


def _pay_stealth(x: Exec, amount: int, purpose: str | None) -> bool:
    """Pay ``amount`` with credits of stealth cards only (the runner picks the cards); False if they fall short."""
    g = x.game
    if _stealth_total(g, purpose) < amount:
        return False
    left = amount
    while left > 0:
        sources = _stealth_credits(g, purpose)
        source = sources[0]
        if len(sources) > 1:
            options = [Option(f"{c.ref}/{kind}", Phrase(N_("{card} ({n}{credit})"), card=str(c), n=n, credit="[credit]"),
                              (c, kind, n)) for c, kind, n in sources]  # fmt: skip
            source = g.ask("runner", "pay", Phrase(N_("pay with the credits of which stealth card")), options).value
        c, kind, have = source
        used = min(have, left)
        left -= used
        if kind == "recurring":
            c.recurring -= used
            g.log.add("recurring", RUNNER, card=str(c), spent=used, left=c.recurring, reason=str(x.card))
        else:
            c.credits -= used
            g.log.add("take_credits", RUNNER, card=str(c), amount=used, hosted=c.credits)
            g.check_empty(c)
    g.log.add("pay", RUNNER, side="runner", credits=amount, from_pool=0, credits_left=g.runner.credits,
              reason=str(x.card))  # fmt: skip  (stealth credits alone: the pool paid nothing)
    return True


def _stealth_boost(b: Builder, amount: int) -> None:
    """"1[credit]: +``amount`` strength. Use this ability only by spending a credit from a stealth card." """

    def boost(x: Exec) -> None:
        if _pay_stealth(x, 1, "icebreaker"):
            _boost(x, amount)

    def usable(g: NetrunnerGame, c: Card, window: str) -> bool:
        return window == "encounter" and _weaker(g, c) and _stealth_total(g, "icebreaker") >= 1

    b.paid([], boost, usable=usable, role="boost")


# ---------------------------------------------------------------- events


def _trash_installed_to_play(b: Builder, kind: str) -> None:
    """"As an additional cost to play this event, trash 1 installed <kind>"."""

    def pay(x: Exec) -> None:
        g = x.game
        options = [c for c in g.runner.rig if c.type == kind]
        if options:
            chosen = x.choose(Phrase(N_("trash a {type}"), type=Term("card_type", kind)), options, kind="cost")
            g.trash(chosen, Phrase(N_("an additional cost of {card}"), card=str(x.card)), by="runner")

    b.may_play(lambda g, c: any(o.type == kind for o in g.runner.rig))
    b.play(pay)


@card("isolation", paragraphs=(0,), summary="Played only by trashing one of your installed resources.")
def _isolation(b: Builder) -> None:
    _trash_installed_to_play(b, "resource")


@card("spec_work", paragraphs=(0,), summary="Played only by trashing one of your installed programs.")
def _spec_work(b: Builder) -> None:
    _trash_installed_to_play(b, "program")


@card("moshing", paragraphs=(0,), summary="Played only by trashing 3 cards from your grip.")
def _moshing(b: Builder) -> None:
    def pay(x: Exec) -> None:
        g = x.game
        chosen = g.choose_many("runner", "cost", Phrase(N_("trash a card from your grip")), list(g.runner.hand), 3)
        for c in chosen:
            g.trash(c, Phrase(N_("an additional cost of {card}"), card=str(x.card)), by="runner")

    b.may_play(lambda g, c: sum(1 for o in g.runner.hand if o is not c) >= 3)
    b.play(pay)


@card("rejig", paragraphs=(0, 1), summary="Played by returning an installed program or hardware to the grip; then "
      "install a program or hardware from the grip for that card's printed cost less.")  # fmt: skip
def _rejig(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        options = [c for c in g.runner.rig if c.type in ("program", "hardware")]
        if not options:
            return
        back = x.choose(Phrase(N_("add an installed program or hardware to your grip")), options, kind="cost")
        less = int(back.record.cost or 0)
        _uninstall(g, back)
        g.runner.hand.append(back)
        g.log.add("move", RUNNER, card=str(back), to=Term("zone", "grip"), source=str(x.card))
        g.check_memory()
        fits = [c for c in g.runner.hand if c.type in ("program", "hardware") and _installable(g, c, less)]
        if fits:
            prompt = Phrase(N_("install which card, paying {n}{credit} less"), n=less, credit="[credit]")
            x.install_from(x.choose(prompt, fits, kind="install"), less=less)

    b.may_play(lambda g, c: any(o.type in ("program", "hardware") for o in g.runner.rig))
    b.play(play)


@card("harmony_ar_therapy", paragraphs=(0, 1), summary="Shuffle up to 5 differently named cards from the heap "
      "into the stack; the event is then removed from the game.")  # fmt: skip
def _harmony(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        runner = g.runner
        chosen: list[Card] = []
        while len(chosen) < 5:
            names = {c.id for c in chosen}
            options: list[Card] = []
            for c in reversed(runner.discard):
                if c.id not in names and all(c.id != o.id for o in options):
                    options.append(c)
            prompt = Phrase(N_("shuffle a card from your heap into your stack ({n}/{count})"), n=len(chosen) + 1,
                            count=5)  # fmt: skip
            pick = x.pick(prompt, options)
            if pick is None:
                break
            chosen.append(pick)
        for c in chosen:
            runner.discard.remove(c)
            c.faceup = False
            runner.deck.append(c)
            g.log.add("move", RUNNER, card=str(c), to=Term("zone", "stack"), source=str(x.card))
        if chosen:
            _shuffle_stack(g)

    b.play(play)
    b.paragraph(1).play(lambda x: x.remove_from_game())


@card("blueberry_diesel", paragraphs=(0,), summary="Look at the top 2 cards of the stack, may put one of them "
      "at the bottom, then draw 2 cards.")  # fmt: skip
def _blueberry(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        deck = g.runner.deck
        top = list(reversed(deck[-2:]))
        if top:
            g.log.add("reveal", RUNNER, visible=[RUNNER], cards=[str(c) for c in top], zone=Term("zone", "stack"))
            pick = x.pick(Phrase(N_("add one of them to the bottom of your stack?")), top)
            if pick is not None:
                deck.remove(pick)
                deck.insert(0, pick)
                g.log.add("move", RUNNER, visible=[RUNNER], card=str(pick), to=Term("zone", "stack"))
        x.do("你抽 2 张牌。")

    b.play(play)


@card("bravado", paragraphs=(0,), summary="Run a server with ice; when the run ends, gain 6 credits and 1 more for "
      "each piece of ice passed in it.")  # fmt: skip
def _bravado(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        options = [name for name, server in g.servers.items() if server.ice]
        if not options:
            return
        server = x.choose(Phrase(N_("run on which server")), options, kind="server")
        start = len(g.log)
        run = x.run_on(str(server))
        if g.current_run is run:
            g.runs.finish_run()  # the run ends here (access included): what follows is "when that run ends"
        if g.over:
            return
        passed = sum(1 for e in g.log if e.seq > start and e.kind == "pass")
        g.gain_credits("runner", 6 + passed, x.why)

    b.may_play(lambda g, c: any(s.ice for s in g.servers.values()))
    b.play(play)


@card("khusyuk", paragraphs=(0,), summary="Run R&D; if successful, instead of breaching it, name an install cost "
      "above 0: the corp shows as many top cards of R&D as you have installed cards of that printed cost (6 at "
      "most), you access one of them, and R&D is shuffled.")  # fmt: skip
def _khusyuk(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game

        def printed(c: Card) -> int:
            return int(getattr(c.record, "cost", 0) or 0)

        def instead() -> None:
            costs = sorted({printed(c) for c in g.runner.rig if printed(c) > 0})
            if not costs:
                g.log.add("access", RUNNER, server="rnd", cards=0)
                return
            options = [Option(f"cost:{n}", Phrase(N_("install cost {n}{credit}"), n=n, credit="[credit]"), n)
                       for n in costs]  # fmt: skip
            cost = int(g.ask("runner", "choice", Phrase(N_("choose an install cost")), options).value)
            count = min(6, sum(1 for c in g.runner.rig if printed(c) == cost))
            aside = list(reversed(g.corp.deck[-count:]))
            g.log.add("reveal", CORP, cards=[str(c) for c in aside], zone=Term("zone", "rnd"))
            chosen = x.pick(Phrase(N_("access which card")), aside, optional=False)
            if chosen is not None:
                g.runs.access_card(chosen, "rnd")
            g.rng.shuffle(g.corp.deck)
            g.log.add("shuffle", CORP, zone="rnd")

        x.run_on("rnd")
        x.instead_of_breach(instead)

    b.play(play)


# ---------------------------------------------------------------- icebreakers


@card("euler", paragraphs=(0,), summary="For nothing, break 1 code gate subroutine, on the turn it was installed.")
def _euler(b: Builder) -> None:
    def usable(g: NetrunnerGame, c: Card, window: str) -> bool:
        return window == "encounter" and _installed_this_turn(g, c) and _breakable(g, c, "code_gate") is not None

    b.paid([], _break_one, usable=usable, role="break")


@card("penrose", paragraphs=(0, 2), summary="1 credit breaks a barrier subroutine on the turn it was installed; a "
      "credit from a stealth card gives +3 strength.")  # fmt: skip
def _penrose(b: Builder) -> None:
    def usable(g: NetrunnerGame, c: Card, window: str) -> bool:
        return window == "encounter" and _installed_this_turn(g, c) and _breakable(g, c, "barrier") is not None

    b.paid([credit(1)], _break_one, usable=usable, role="break")
    _stealth_boost(b.paragraph(2), 3)


@card("odore", paragraphs=(1,), summary="For nothing, break 1 sentry subroutine while 3 or more virtual resources "
      "are installed.")  # fmt: skip
def _odore(b: Builder) -> None:
    def usable(g: NetrunnerGame, c: Card, window: str) -> bool:
        return window == "encounter" and _virtual_resources(g) >= 3 and _breakable(g, c, "sentry") is not None

    b.paragraph(1).paid([], _break_one, usable=usable, role="break")


@card("utae", paragraphs=(0, 1), summary="X credits break X code gate subroutines, once a run; with 3 or more "
      "virtual resources installed, 1 credit breaks 1 code gate subroutine.")  # fmt: skip
def _utae(b: Builder) -> None:
    def many(x: Exec) -> None:
        g = x.game
        enc = x.ctx.encounter or _encountering(g)
        if enc is None:
            return
        x.card.notes["run"] = g.current_run
        most = min(sum(1 for s in enc.subs if not s.broken), g.available("runner", "icebreaker"))
        options = [Option(f"pay:{n}", Phrase(N_("pay {n}{credit}"), n=n, credit="[credit]"), n) for n in range(1, most + 1)]
        amount = int(g.ask("runner", "break", Phrase(N_("break how many subroutines of {ice}"), ice=str(enc.ice)),
                           options).value)  # fmt: skip
        g.pay("runner", amount, str(x.card), "icebreaker")
        x.break_subroutines(amount)

    def many_usable(g: NetrunnerGame, c: Card, window: str) -> bool:
        return (
            window == "encounter"
            and c.notes.get("run") is not g.current_run
            and _breakable(g, c, "code_gate") is not None
            and g.can_pay("runner", 1, "icebreaker")
        )

    def one_usable(g: NetrunnerGame, c: Card, window: str) -> bool:
        return window == "encounter" and _virtual_resources(g) >= 3 and _breakable(g, c, "code_gate") is not None

    b.paid([], many, usable=many_usable, role="break")
    b.paragraph(1).paid([credit(1)], _break_one, usable=one_usable, role="break")


def _pays_for_full_breaks(b: Builder, amount: int) -> None:
    """"The first time each turn this program fully breaks a piece of ice, gain ``amount``[credit]"."""

    def broken(x: Exec) -> None:
        ice = x.event.get("ice")
        if x.event.get("by") is not x.card or ice is None or not _fully_broke(x.game, x.card, ice):
            return
        if x.once_per_turn("fully_broke"):
            x.game.gain_credits("runner", amount, x.why)

    b.when("subroutine_broken", broken)


@card("bukhgalter", paragraphs=(2,), summary="The first time each turn it breaks every subroutine of a piece of ice, "
      "gain 2 credits.")  # fmt: skip
def _bukhgalter(b: Builder) -> None:
    _pays_for_full_breaks(b, 2)


@card("makler", paragraphs=(2,), summary="The first time each turn it breaks every subroutine of a piece of ice, "
      "gain 1 credit.")  # fmt: skip
def _makler(b: Builder) -> None:
    _pays_for_full_breaks(b, 1)


@card("gauss", paragraphs=(0,), summary="+3 strength for the rest of the turn it is installed.")
def _gauss(b: Builder) -> None:
    def installed(x: Exec) -> None:
        x.card.notes["installed"] = x.game.turns
        x.game.log.add("strength", RUNNER, card=str(x.card), delta=3, strength=x.game.strength_of(x.card))

    b.strength(lambda g, c: 3 if c.notes.get("installed") == g.turns else 0)
    b.when("installed", installed)


@card("afterimage", paragraphs=(0, 2), summary="Once a turn, on meeting a sentry, 2 credits from stealth cards "
      "bypass it; a credit from a stealth card gives +2 strength.")  # fmt: skip
def _afterimage(b: Builder) -> None:
    def encounter(x: Exec) -> None:
        g = x.game
        ice = x.event.get("ice")
        if ice is None or "sentry" not in ice.subtypes or not g.is_installed(x.card):
            return
        if x.card.notes.get("bypassed") == g.turns or _stealth_total(g, "icebreaker") < 2:
            return
        prompt = Phrase(N_("{card}: pay {n}{credit} from stealth cards to bypass {ice}?"), card=str(x.card), n=2,
                        credit="[credit]", ice=str(ice))  # fmt: skip
        if x.may(prompt) and _pay_stealth(x, 2, "icebreaker"):
            x.card.notes["bypassed"] = g.turns
            x.bypass()

    b.when("encounter", encounter)
    _stealth_boost(b.paragraph(2), 2)


# ---------------------------------------------------------------- other programs


@card("self_modifying_code", paragraphs=(0,), summary="2 credits and trash it: find a program in the stack and "
      "install it, then shuffle.")  # fmt: skip
def _smc(b: Builder) -> None:
    def use(x: Exec) -> None:
        g = x.game
        deck = g.runner.deck
        options = [c for c in reversed(deck) if c.type == "program" and _installable(g, c)]
        if options:
            prompt = Phrase(N_("search the {zone} for a {type}"), zone=Term("zone", "stack"), type=Term("card_type", "program"))
            found = x.choose(prompt, options, kind="search")
            g.log.add("search", RUNNER, card=str(found), zone="stack")
            x.install_from(found, deck)
        else:
            g.log.add("search_failed", RUNNER, zone="stack", type="program")
        _shuffle_stack(g)

    b.paid([credit(2), trash_self()], use, usable=lambda g, c, w: any(p.type == "program" for p in g.runner.deck))


@card("cordyceps", paragraphs=(1,), summary="Once a turn, after a successful run on a central server, a virus "
      "counter swaps a piece of ice of that server with another installed piece of ice.")  # fmt: skip
def _cordyceps(b: Builder) -> None:
    def successful(x: Exec) -> None:
        g = x.game
        run = x.run
        if run is None or run.server not in CENTRALS or x.card.counters.get("virus", 0) < 1:
            return
        if x.card.notes.get("swapped") == g.turns or not g.is_installed(x.card):
            return
        here = list(g.servers[run.server].ice)
        every = [ice for server in g.servers.values() for ice in server.ice]
        if not here or len(every) < 2:
            return
        if not x.may(Phrase(N_("{card}: remove 1 virus counter to swap 2 pieces of ice?"), card=str(x.card))):
            return
        x.card.notes["swapped"] = g.turns
        g.add_counters(x.card, "virus", -1)
        first = _choose_ice(x, Phrase(N_("swap which piece of ice protecting this server")), here)
        second = _choose_ice(x, Phrase(N_("swap it with which piece of ice")), [i for i in every if i is not first])
        one, two = g.server_of(first), g.server_of(second)
        assert one is not None and two is not None
        names = _ice_name(g, first), _ice_name(g, second)  # as they were seen before the swap
        i, j = one.ice.index(first), two.ice.index(second)
        one.ice[i], two.ice[j] = second, first
        g.log.add("move", RUNNER, card=names[0], to=Term("zone", two.name), source=str(x.card))
        g.log.add("move", RUNNER, card=names[1], to=Term("zone", one.name), source=str(x.card))

    b.paragraph(1).when("run_successful", successful)


def _ice_name(g: NetrunnerGame, ice: Card) -> str:
    """A piece of ice as the runner may see it: its name once rezzed, else the server it protects."""
    if ice.rezzed:
        return str(ice)
    server = g.server_of(ice)
    return Phrase(N_("a face-down card in {server}"), server=Term("zone", server.name if server else ""))


def _choose_ice(x: Exec, prompt: str, ices: Sequence[Card]) -> Card:
    chosen = x.pick(prompt, ices, optional=False)
    assert chosen is not None
    return chosen


@card("chisel", paragraphs=(0, 1, 2), summary="Installed on a piece of ice, which has 1 less strength for each virus "
      "counter on it; encountering its host trashes the host at strength 0 or less, else adds a virus counter.")  # fmt: skip
def _chisel(b: Builder) -> None:
    def encounter(x: Exec) -> None:
        g = x.game
        host: Card | None = x.event.get("ice")
        if host is None or host is not x.card.host or not g.is_installed(x.card):
            return
        if g.strength_of(host) <= 0:
            g.trash(host, _trashed_by(x.card), by="runner")
        else:
            x.do("在本牌上放置 1 个病毒指示物。")

    on_installed_ice(b)
    b.paragraph(1).strength_all(lambda g, this, c: -this.counters.get("virus", 0) if c is this.host else 0)
    b.paragraph(2).when("encounter", encounter)


@card("stargate", paragraphs=(0,), summary="Once a turn, click: run R&D; if successful, instead of breaching it, "
      "reveal its top 3 cards and trash 1 of them.")  # fmt: skip
def _stargate(b: Builder) -> None:
    def use(x: Exec) -> None:
        g = x.game

        def instead() -> None:
            top = list(reversed(g.corp.deck[-3:]))
            if not top:
                return
            g.log.add("reveal", RUNNER, cards=[str(c) for c in top], zone=Term("zone", "rnd"))
            victim = x.pick(Phrase(N_("trash which revealed card")), top, optional=False)
            if victim is not None:
                g.trash(victim, _trashed_by(x.card), by="runner")

        x.run_on("rnd")
        x.instead_of_breach(instead)

    b.paid([click()], use, once_per_turn=True, usable=lambda g, c, w: w == "action" and g.current_run is None)


# ---------------------------------------------------------------- hardware


@card("supercorridor", paragraphs=(2, 3), summary="At the end of your turn, with as many credits as the corp, you "
      "may gain 2 credits; one console per player.")  # fmt: skip
def _supercorridor(b: Builder) -> None:
    def turn_end(x: Exec) -> None:
        g = x.game
        prompt = Phrase(N_("{card}: gain {n}{credit}?"), card=str(x.card), n=2, credit="[credit]")
        if g.runner.credits == g.corp.credits and x.may(prompt):
            x.do("你获得 2[credit]。")

    b.paragraph(2).when("your_turn_end", turn_end)
    one_console(b.paragraph(3))


@card("swift", paragraphs=(1, 2), summary="The first run event you play each turn gives you a click; one console "
      "per player.")  # fmt: skip
def _swift(b: Builder) -> None:
    def played(x: Exec) -> None:
        g = x.game
        c = x.event.get("card")
        if c is None or c.type != "event" or "run" not in c.subtypes:
            return
        plays = [_find(g, e.data.get("card")) for e in _turn(g) if e.kind == "play" and e.player == RUNNER]
        runs = [p for p in plays if p is not None and p.type == "event" and "run" in p.subtypes]
        if runs and runs[0] is c:
            x.do("你获得 [click]。")

    b.paragraph(1).when("played", played)
    one_console(b.paragraph(2))


@card("aniccam", paragraphs=(1, 2), summary="The first time each turn an event is trashed, draw 1 card; one "
      "console per player.")  # fmt: skip
def _aniccam(b: Builder) -> None:
    def times(g: NetrunnerGame) -> list[list[Card]]:
        """Each time this turn one or more events were trashed (a damage, or a trash): the events trashed then."""
        found: list[list[Card]] = []
        for e in _turn(g):
            if e.kind == "damage" and e.player == RUNNER:
                names = list(e.data.get("trashed", []))
            elif e.kind == "trashed" and e.player == RUNNER and e.data.get("reason") != "played":
                names = [e.data.get("card")]
            else:
                continue
            events = [c for c in (_find(g, name) for name in names) if c is not None and c.type == "event"]
            if events:
                found.append(events)
        return found

    def trashed(x: Exec) -> None:
        # a damage fires "trashed" for each card it trashes: one draw, with the first event of the first time
        c = x.event.get("card")
        first = times(x.game)
        if c is not None and c.side == "runner" and c.type == "event" and len(first) == 1 and first[0][0] is c:
            x.do("你抽 1 张牌。")

    b.paragraph(1).when("trashed", trashed)
    one_console(b.paragraph(2))


@card("masterwork_v37", paragraphs=(1, 2, 3), summary="The first hardware you install each turn draws you a card; "
      "as a run begins you may install hardware from the grip for 1 credit more; one console per player.")  # fmt: skip
def _masterwork(b: Builder) -> None:
    def installed(x: Exec) -> None:
        c = x.event.get("card")
        if c is None or c.side != "runner" or c.type != "hardware":
            return
        hardware = [h for h in _installs_this_turn(x.game) if h.type == "hardware"]
        if hardware and hardware[0] is c and len(hardware) == 1:
            x.do("你抽 1 张牌。")

    def run_begins(x: Exec) -> None:
        g = x.game
        options = [c for c in g.runner.hand if c.type == "hardware" and _installable(g, c, -1)]
        prompt = Phrase(N_("install a {type} from your grip, paying {n}{credit} more?"), type=Term("card_type", "hardware"),
                        n=1, credit="[credit]")  # fmt: skip
        chosen = x.pick(prompt, options, kind="install")
        if chosen is not None:
            x.install_from(chosen, less=-1)

    b.paragraph(1).when("any_installed", installed)
    b.paragraph(2).when("run_begins", run_begins)
    one_console(b.paragraph(3))


@card("devil_charm", paragraphs=(0,), summary="On meeting a piece of ice you may remove it from the game: that ice "
      "has 6 less strength for the rest of the run.")  # fmt: skip
def _devil_charm(b: Builder) -> None:
    def encounter(x: Exec) -> None:
        g = x.game
        ice = x.event.get("ice")
        if ice is None or not g.is_installed(x.card):
            return
        if x.may(Phrase(N_("remove {card} from the game to give {ice} -{n} strength for this run?"), card=str(x.card),
                        ice=str(ice), n=6)):  # fmt: skip
            x.lasting("strength_all", lambda g, this, c: -6 if c is ice else 0, until="run")
            x.remove_from_game()
            g.log.add("strength", RUNNER, card=str(ice), delta=-6, strength=g.strength_of(ice))

    b.when("encounter", encounter)


@card("gachapon", paragraphs=(0,), summary="Trash it: set aside the top 6 cards of the stack; you may install a "
      "program or virtual resource among them for 2 credits less; shuffle 3 of the rest back, remove the others "
      "from the game.")  # fmt: skip
def _gachapon(b: Builder) -> None:
    def use(x: Exec) -> None:
        g = x.game
        deck = g.runner.deck
        aside = [deck.pop() for _ in range(min(6, len(deck)))]
        for c in aside:
            c.faceup = True
        g.log.add("reveal", RUNNER, cards=[str(c) for c in aside], zone=Term("zone", "stack"))
        fits = [c for c in aside if (c.type == "program" or (c.type == "resource" and "virtual" in c.subtypes))
                and _installable(g, c, 2)]  # fmt: skip
        chosen = x.pick(Phrase(N_("install a card paying {n}{credit} less"), n=2, credit="[credit]"), fits,
                        kind="install")  # fmt: skip
        if chosen is not None:
            x.install_from(chosen, aside, less=2)
        back = aside if len(aside) <= 3 else g.choose_many(
            "runner", "target", Phrase(N_("shuffle a set-aside card into your stack")), aside, 3)  # fmt: skip
        for c in list(back):
            aside.remove(c)
            c.faceup = False
            deck.append(c)
        _shuffle_stack(g)
        for c in list(aside):
            x.remove_from_game(c)

    b.paid([trash_self()], use, usable=lambda g, c, w: bool(g.runner.deck))


@card("simulchip", paragraphs=(0, 1), summary="Trash it and an installed program (no program needed if an installed "
      "one was trashed this turn): install a program from the heap for 3 credits less.")  # fmt: skip
def _simulchip(b: Builder) -> None:
    def free(g: NetrunnerGame) -> bool:
        """An installed program was trashed this turn."""
        installed: set[object] = set()
        first = g.turn_started_at
        for index, e in enumerate(g.log):
            if e.kind == "install" and e.player == RUNNER and e.data.get("type") == "program":
                installed.add(e.data.get("card"))
            elif e.kind == "trashed" and e.player == RUNNER and e.data.get("card") in installed:
                if index >= first:
                    return True
                installed.discard(e.data.get("card"))
        return False

    def use(x: Exec) -> None:
        g = x.game
        if not free(g):
            programs = [c for c in g.runner.rig if c.type == "program"]
            if not programs:
                return
            victim = x.choose(Phrase(N_("trash a {type}"), type=Term("card_type", "program")), programs, kind="cost")
            g.trash(victim, Phrase(N_("an additional cost of {card}"), card=str(x.card)), by="runner")
        options = [c for c in reversed(g.runner.discard) if c.type == "program" and _installable(g, c, 3)]
        if options:
            chosen = x.choose(Phrase(N_("install a program from your heap")), options, kind="install")
            x.install_from(chosen, g.runner.discard, less=3)

    def usable(g: NetrunnerGame, c: Card, window: str) -> bool:
        cost_free = free(g)
        installed = [p for p in g.runner.rig if p.type == "program"]
        if not cost_free and not installed:
            return False
        heap = [p for p in g.runner.discard if p.type == "program"]
        return any(_installable(g, p, 3) for p in heap + ([] if cost_free else installed))

    b.paragraph(1).paid([trash_self()], use, usable=usable)


@card("prognostic_q_loop", paragraphs=(0, 1), summary="At the first run each turn you may look at the top 2 cards of "
      "the stack; once a turn, 1 credit reveals the top card, which you may install if it is a program or "
      "hardware.")  # fmt: skip
def _q_loop(b: Builder) -> None:
    def run_begins(x: Exec) -> None:
        g = x.game
        if sum(1 for e in _turn(g) if e.kind == "run") != 1 or not g.runner.deck:
            return
        if x.may(Phrase(N_("{card}: look at the top 2 cards of your stack?"), card=str(x.card))):
            top = list(reversed(g.runner.deck[-2:]))
            g.log.add("reveal", RUNNER, visible=[RUNNER], cards=[str(c) for c in top], zone=Term("zone", "stack"))

    def use(x: Exec) -> None:
        g = x.game
        deck = g.runner.deck
        if not deck:
            return
        top = deck[-1]
        g.log.add("reveal", RUNNER, card=str(top), zone=Term("zone", "stack"))
        wanted = top.type in ("program", "hardware") and _installable(g, top)
        if wanted and x.may(Phrase(N_("install {card}?"), card=str(top))):
            x.install_from(top, deck)

    b.when("run_begins", run_begins)
    b.paragraph(1).paid([credit(1)], use, once_per_turn=True, usable=lambda g, c, w: bool(g.runner.deck))


@card("mu_safecracker", paragraphs=(0, 1, 2), summary="After a successful run on HQ (1 credit) or R&D (2 credits), "
      "credits from stealth cards buy 1 more access.")  # fmt: skip
def _mu_safecracker(b: Builder) -> None:
    def successful(x: Exec) -> None:
        g = x.game
        run = x.run
        cost = {"hq": 1, "rnd": 2}.get(run.server if run is not None else "")
        if cost is None or not g.is_installed(x.card) or _stealth_total(g, None) < cost:
            return
        prompt = Phrase(N_("{card}: pay {n}{credit} from stealth cards to access 1 additional card?"),
                        card=str(x.card), n=cost, credit="[credit]")  # fmt: skip
        if x.may(prompt) and _pay_stealth(x, cost, None):
            x.do("你额外读取 1 张牌。")

    b.when("run_successful", successful)


# ---------------------------------------------------------------- resources


@card("daily_casts", paragraphs=(0,), summary="Loaded with 8 credits when installed; trashed once empty.")
def _daily_casts(b: Builder) -> None:
    load(b, "credit", 8, on="installed")


@card("penumbral_toolkit", paragraphs=(0, 1, 2), summary="2 credits cheaper after a successful HQ run this turn; "
      "loaded with 4 credits, trashed once empty; its credits pay for anything during a run.")  # fmt: skip
def _penumbral_toolkit(b: Builder) -> None:
    def cheaper(g: NetrunnerGame, this: Card, other: Card) -> int:
        hq = any(turn == g.turns and server == "hq" and ok for turn, server, ok in g.run_history)
        return -2 if other is this and hq else 0

    b.own_install_cost(cheaper)
    b.paragraph(1)
    load(b, "credit", 4, on="installed")
    b.paragraph(2).spend_hosted(lambda g, c, purpose: g.current_run is not None)


@card("fencer_fueno", paragraphs=(0, 1, 2), summary="A credit placed on it at each turn start and each steal; its "
      "credits pay for anything once a run is successful; ending a turn with 3 or more on it costs 1 credit or "
      "the card.")  # fmt: skip
def _fencer_fueno(b: Builder) -> None:
    def place(x: Exec) -> None:
        x.do("在本牌上放置 1[credit]。")

    def stolen(x: Exec) -> None:
        c = x.event.get("card")
        if c is not None and c in x.game.runner.score_area:
            place(x)

    def spendable(g: NetrunnerGame, c: Card, purpose: str | None) -> bool:
        run = g.current_run
        return run is not None and run.successful and not run.ended

    def turn_end(x: Exec) -> None:
        g = x.game
        if x.card.credits < 3:
            return
        prompt = Phrase(N_("pay {n}{credit} to keep {card}?"), card=str(x.card), n=1, credit="[credit]")
        texts = (Phrase(N_("pay {n}{credit}"), n=1, credit="[credit]"), Phrase(N_("trash {card}"), card=str(x.card)))
        pay = g.can_pay("runner", 1) and g.confirm("runner", "cost", prompt, yes="pay", no="trash", texts=texts)
        if pay:
            g.pay("runner", 1, str(x.card))
        else:
            g.trash(x.card, x.why, by="runner")

    b.when("your_turn_start", place).when("any_stolen", stolen)
    b.paragraph(1).spend_hosted(spendable)
    b.paragraph(2).when("your_turn_end", turn_end)


@card("cybertrooper_talut", paragraphs=(1,), summary="Each icebreaker that is not an AI you install has 2 more "
      "strength for the rest of the turn.")  # fmt: skip
def _talut(b: Builder) -> None:
    def installed(x: Exec) -> None:
        c = x.event.get("card")
        if c is None or c.side != "runner" or c.type != "program" or "icebreaker" not in c.subtypes:
            return
        if "ai" in c.subtypes:
            return
        x.lasting("strength_all", lambda g, this, other: 2 if other is c else 0, until="turn")
        x.game.log.add("strength", RUNNER, card=str(c), delta=2, strength=x.game.strength_of(c))

    b.paragraph(1).when("any_installed", installed)


@card("dreamnet", paragraphs=(0,), summary="Your first successful run each turn draws a card, and gains a credit "
      "with a digital identity or 2 or more link.")  # fmt: skip
def _dreamnet(b: Builder) -> None:
    def successful(x: Exec) -> None:
        g = x.game
        if x.ran_this_turn(successful=True):
            return
        x.do("你抽 1 张牌。")
        if "digital" in g.runner.identity.subtypes or g.link() >= 2:
            x.do("你获得 1[credit]。")

    b.when("run_successful", successful)


@card("the_artist", paragraphs=(0, 1), summary="Once a turn each: a click for 2 credits; a click to install a "
      "program or hardware from the grip for 1 credit less.")  # fmt: skip
def _the_artist(b: Builder) -> None:
    def fits(g: NetrunnerGame) -> list[Card]:
        return [c for c in g.runner.hand if c.type in ("program", "hardware") and _installable(g, c, 1)]

    def install(x: Exec) -> None:
        options = fits(x.game)
        if options:
            prompt = Phrase(N_("install which card, paying {n}{credit} less"), n=1, credit="[credit]")
            x.install_from(x.choose(prompt, options, kind="install"), less=1)

    b.paid([click()], lambda x: x.do("你获得 2[credit]。"), once_per_turn=True, usable=lambda g, c, w: w == "action")
    b.paragraph(1).paid([click()], install, once_per_turn=True, usable=lambda g, c, w: w == "action" and bool(fits(g)))


@card("paules_cafe", paragraphs=(0, 1), summary="Click: host a program or hardware from the grip on it; 1 credit: "
      "install a hosted card, the first of your turn 1 credit cheaper for each unique connection resource "
      "installed.")  # fmt: skip
def _paules_cafe(b: Builder) -> None:
    def host(x: Exec) -> None:
        g = x.game
        options = [c for c in g.runner.hand if c.type in ("program", "hardware")]
        if not options:
            return
        chosen = x.choose(Phrase(N_("host a card on {card}"), card=str(x.card)), options, kind="host")
        g.runner.hand.remove(chosen)
        chosen.faceup = True
        chosen.host = x.card
        x.card.hosted.append(chosen)
        g.log.add("host", RUNNER, card=str(chosen), host=str(x.card))

    def discount(g: NetrunnerGame, c: Card) -> int:
        if g.active != "runner" or c.notes.get("discounted") == g.turns:
            return 0
        return sum(1 for r in g.runner.rig if r.type == "resource" and "connection" in r.subtypes and r.record.unique)

    def waiting(g: NetrunnerGame, c: Card, paid: int) -> list[Card]:
        """Hosted cards not installed that the runner can afford after paying ``paid`` for the ability."""
        less = discount(g, c)
        return [
            h
            for h in c.hosted
            if h not in g.runner.rig
            and _installable(g, h, less)
            and g.can_pay("runner", paid + max(0, g.install_cost(h) - less), "install")
        ]

    def install(x: Exec) -> None:
        g = x.game
        options = waiting(g, x.card, 0)
        if not options:
            return
        less = discount(g, x.card)
        chosen = x.choose(Phrase(N_("install a card hosted on {card}"), card=str(x.card)), options, kind="install")
        if g.active == "runner":
            x.card.notes["discounted"] = g.turns
        chosen.host = None  # hosted here without being installed
        x.install_from(chosen, x.card.hosted, less=less)

    b.paid([click()], host, usable=lambda g, c, w: w == "action" and any(h.type in ("program", "hardware")
                                                                        for h in g.runner.hand))  # fmt: skip
    b.paragraph(1).paid([credit(1)], install, usable=lambda g, c, w: g.can_pay("runner", 1) and bool(waiting(g, c, 1)))


@card("baklan_bochkin", paragraphs=(0, 1), summary="A power counter at the first encounter of each run; trash it "
      "and spend its counters (all of them) to derez the ice encountered if its strength is at most that many, "
      "then take a tag.")  # fmt: skip
def _baklan(b: Builder) -> None:
    def encounter(x: Exec) -> None:
        g = x.game
        if g.is_installed(x.card) and sum(1 for e in _this_run(g) if e.kind == "encounter") == 1:
            x.do("在本牌上放置 1 个能量指示物。")

    def use(x: Exec) -> None:
        g = x.game
        enc = _encountering(g)
        if enc is None or not g.is_installed(x.card):
            return
        spent = x.card.counters.get("power", 0)
        g.add_counters(x.card, "power", -spent)  # the X counters, paid with the trash: X is what it holds
        g.trash(x.card, Phrase(N_("trash cost")), by="runner")
        ice = enc.ice
        if ice.rezzed and g.is_installed(ice) and g.strength_of(ice) <= spent:
            g.derez(ice, x.why)
            enc.bypassed = True  # a derezzed ice's encounter is over: none of its subroutines fires
        g.gain_tags(1)

    def usable(g: NetrunnerGame, c: Card, window: str) -> bool:
        enc = _encountering(g)
        return (
            window == "encounter"
            and enc is not None
            and not enc.bypassed
            and enc.ice.rezzed
            and g.strength_of(enc.ice) <= c.counters.get("power", 0)
        )

    b.when("encounter", encounter)
    b.paragraph(1).paid([], use, usable=usable)


@card("the_nihilist", paragraphs=(0, 1), summary="The first virus program you install each turn puts 2 virus "
      "counters on it; at your turn start you may spend 2 virus counters to draw 2 cards, unless the corp trashes "
      "the top card of R&D.")  # fmt: skip
def _nihilist(b: Builder) -> None:
    def installed(x: Exec) -> None:
        c = x.event.get("card")
        if c is None or c.side != "runner" or c.type != "program" or "virus" not in c.subtypes:
            return
        viruses = [p for p in _installs_this_turn(x.game) if p.type == "program" and "virus" in p.subtypes]
        if viruses and viruses[0] is c and len(viruses) == 1:
            x.do("在本牌上放置 2 个病毒指示物。")

    def turn_start(x: Exec) -> None:
        g = x.game
        if sum(c.counters.get("virus", 0) for c in g.runner.rig) < 2:
            return
        if not x.may(Phrase(N_("{card}: remove 2 virus counters to draw 2 cards?"), card=str(x.card))):
            return
        for _ in range(2):
            holders = [c for c in g.runner.rig if c.counters.get("virus", 0)]
            source = x.choose(Phrase(N_("remove a virus counter from which card")), holders)
            g.add_counters(source, "virus", -1)
        prompt = Phrase(N_("trash the top card of R&D, or the runner draws {n} cards?"), n=2)
        texts = (Phrase(N_("trash the top card of R&D")), Phrase(N_("draw {n} cards"), n=2))
        if g.corp.deck and g.confirm("corp", "optional", prompt, yes="trash", no="draw", texts=texts):
            g.trash(g.corp.deck[-1], _trashed_by(x.card), by="corp")
        else:
            x.do("你抽 2 张牌。")

    b.when("any_installed", installed)
    b.paragraph(1).when("your_turn_start", turn_start)


@card("the_back", paragraphs=(0, 1), summary="A power counter the first time each turn you use hardware during a "
      "run; click and remove it from the game: shuffle up to 2 heap cards with trash abilities into the stack for "
      "each counter.")  # fmt: skip
def _the_back(b: Builder) -> None:
    def ended(x: Exec) -> None:
        g = x.game
        runs: list[bool] = []  # each run of the turn: was hardware used during it
        inside = False
        for e in _turn(g):
            if e.kind == "run":
                inside = True
                runs.append(False)
            elif e.kind == "run_end":
                inside = False
            elif e.kind == "use" and inside and e.player == RUNNER and runs:
                used = _find(g, e.data.get("card"))
                runs[-1] = runs[-1] or (used is not None and used.type == "hardware")
        if runs and runs[-1] and not any(runs[:-1]) and g.is_installed(x.card):
            x.do("在本牌上放置 1 个能量指示物。")

    def cards(g: NetrunnerGame) -> list[Card]:
        return [c for c in reversed(g.runner.discard) if _has_trash_ability(g, c)]

    def use(x: Exec) -> None:
        g = x.game
        most = 2 * x.card.counters.get("power", 0)
        x.remove_from_game()
        chosen: list[Card] = []
        while len(chosen) < most:
            prompt = Phrase(N_("shuffle a card from your heap into your stack ({n}/{count})"), n=len(chosen) + 1,
                            count=most)  # fmt: skip
            pick = x.pick(prompt, [c for c in cards(g) if c not in chosen])
            if pick is None:
                break
            chosen.append(pick)
        for c in chosen:
            g.runner.discard.remove(c)
            c.faceup = False
            g.runner.deck.append(c)
            g.log.add("move", RUNNER, card=str(c), to=Term("zone", "stack"), source=str(x.card))
        _shuffle_stack(g)

    def usable(g: NetrunnerGame, c: Card, window: str) -> bool:
        return window == "action" and c.counters.get("power", 0) > 0 and bool(cards(g))

    b.when("run_ends", ended)
    b.paragraph(1).paid([click()], use, usable=usable)


_TRASH_IN_SCRIPT = {"baklan_bochkin"}  # scripts whose [trash] ability trashes the card in its function


def _has_trash_ability(g: NetrunnerGame, c: Card) -> bool:
    """A card with a paid ability whose cost trashes it (``[trash]``)."""
    if c.id in _TRASH_IN_SCRIPT and g.script_of(c) is not None:
        return True
    return any(isinstance(cost, A.TrashCost) for a in g.abilities(c) if a.kind == "paid" for cost in a.costs)


# ---------------------------------------------------------------- identities


def _az_qualifies(c: Card) -> bool:
    if c.side != "runner":
        return False
    return c.type == "hardware" or (c.type == "resource" and bool({"job", "connection"} & set(c.subtypes)))


@card("az_mccaffrey_mechanical_prodigy", paragraphs=(0,), summary="The first job or connection resource or hardware "
      "you install each turn costs 1 credit less.")  # fmt: skip
def _az(b: Builder) -> None:
    def cheaper(g: NetrunnerGame, this: Card, other: Card) -> int:
        if not _az_qualifies(other) or any(_az_qualifies(c) for c in _installs_this_turn(g)):
            return 0
        return -1

    b.install_cost(cheaper)


@card("lat_ethical_freelancer", paragraphs=(0,), summary="After your discard phase, with as many cards in the grip "
      "as the corp has in HQ, you may draw 1 card.")  # fmt: skip
def _lat(b: Builder) -> None:
    def turn_end(x: Exec) -> None:
        g = x.game
        even = len(g.runner.hand) == len(g.corp.hand) and bool(g.runner.deck)
        if even and x.may(Phrase(N_("{card}: draw 1 card?"), card=str(x.card))):
            x.do("你抽 1 张牌。")

    b.when("your_turn_end", turn_end)

