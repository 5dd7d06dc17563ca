"""Card scripts of System Update 2021: the runner cards and runner identities.

A run whose success counts on another server (Sneakdoor Beta) tells the engine before the run is made
(``x.success_on``); the cards an identity sets aside before the starting hand (Ayla "Bios" Rahim) are the game's
``set_aside`` cards of the runner, shown in the log to the runner alone.

Hosted credits that pay trash costs (Paricia, Scrubber) are the cards' recurring credits, refilled by their
scripts; the engine spends recurring credits only on the uses the ability language names, so the scripts
offer the trash themselves while the card is accessed, paying with those credits first. A trojan that gives its
host ice subtypes (Egret) records them on the ice and takes them back when it is trashed; an event whose text
works after it resolves (Inside Job during its run, Test Run until the turn ends, Networking's return to the
grip) stays in play until then.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from toolkit.engine.phrase import Phrase, Term
from toolkit.i18n.words import N_
from toolkit.text.render import render

from ..decisions import Option
from ..state import SEATS, Card, Encounter
from . import Builder, Exec, card, click, credit, load, trash_self

if TYPE_CHECKING:
    from ..game import NetrunnerGame

RUNNER = SEATS["runner"]
RIG_TYPES = ("program", "hardware", "resource")


# ---------------------------------------------------------------- what several cards ask


def _ice(g: NetrunnerGame) -> list[Card]:
    return [ice for server in g.servers.values() for ice in server.ice]


def _ice_text(g: NetrunnerGame) -> Callable[[Card], Any]:
    """How a piece of ice is shown when the runner picks it: unrezzed ice by where it is, not by its name."""

    def text(ice: Card) -> Any:
        if ice.rezzed:
            return Phrase(N_("{card} ({type})"), card=str(ice), type=Term("type", ice.type))
        server = g.server_of(ice)
        assert server is not None
        return Phrase(N_("unrezzed ice of {server}, position {n} from the server"), server=Term("zone", server.name),
                      n=server.ice.index(ice) + 1)  # fmt: skip

    return text


def _encountering(g: NetrunnerGame) -> Encounter | None:
    run = g.current_run
    return run.encounter if run is not None else None


def _unbroken(g: NetrunnerGame, subtype: str | None = None) -> Encounter | None:
    """The encounter in progress when some subroutine of its ice is unbroken (and the ice has ``subtype``)."""
    enc = _encountering(g)
    if enc is None or not any(not s.broken for s in enc.subs):
        return None
    if subtype is not None and subtype not in enc.ice.subtypes:
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


def _break_one(x: Exec) -> None:
    _break(x, 1)


def _installable(g: NetrunnerGame, c: Card, less: int = 0) -> bool:
    """Whether the runner may install ``c`` now (wherever it is), paying ``less`` less."""
    if c.type not in RIG_TYPES or not g.may_install(c):
        return False
    if c.type == "program" and int(c.record.memory_cost or 0) > g.memory_limit():
        return False
    return g.can_pay("runner", max(0, g.install_cost(c) - less), "install")


def _install(g: NetrunnerGame, c: Card, zone: list[Card], less: int = 0) -> None:
    """Install ``c`` from ``zone``, paying ``less`` less."""
    if c in zone:
        zone.remove(c)
    cost = max(0, g.install_cost(c) - less)
    g.pay("runner", cost, Phrase(N_("installing {card}"), card=str(c)), "install")
    g.install("runner", c, pay=False)


def _to_grip(g: NetrunnerGame, c: Card) -> None:
    """An installed runner card returns to the grip (the cards it hosts are trashed)."""
    for hosted in list(c.hosted):
        g.trash(hosted, Phrase(N_("its host {card} left play"), card=str(c)))
    if c in g.runner.rig:
        g.runner.rig.remove(c)
    c.leave_play()
    g.runner.hand.append(c)
    g.log.add("move", RUNNER, card=str(c), to=Term("zone", "grip"))
    g.check_memory()


def _successful_run_this_turn(g: NetrunnerGame, server: str | None = None) -> bool:
    return any(turn == g.turns and ok and server in (None, where) for turn, where, ok in g.run_history)


def _successful(run: object) -> bool:
    return bool(getattr(run, "successful", False)) and not getattr(run, "ended", True)


def _by_runner() -> Any:
    return Phrase(N_("trashed by the {side}"), side=Term("side", "runner"))


def _accessible(g: NetrunnerGame, c: Card) -> bool:
    """A card being accessed that can still be trashed: installed, or in HQ or R&D (not in Archives)."""
    return g.is_installed(c) or c in g.corp.hand or c in g.corp.deck


# ---------------------------------------------------------------- events


@card("career_fair", paragraphs=(0,), summary="Install a resource from the grip for 3 credits less.")
def _career_fair(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        options = [c for c in g.runner.hand if c.type == "resource" and _installable(g, c, 3)]
        if not options:
            g.log.add("install_failed", RUNNER, reason=Phrase(N_("no {type} in the hand can be installed"),
                                                               type=Term("card_type", "resource")))  # fmt: skip
            return
        prompt = Phrase(N_("install which card, paying {n}{credit} less"), n=3, credit="[credit]")
        _install(g, x.choose(prompt, options, kind="install"), g.runner.hand, less=3)

    b.play(play)


@card("dirty_laundry", paragraphs=(0,), summary="Run any server; once that run is over, gain 5 credits if it was "
      "successful.")  # fmt: skip
def _dirty_laundry(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        run = x.run_on("any")
        if g.current_run is run:
            g.runs.finish_run()  # the run ends here, access included; the credits come after
        if _successful(run):
            x.do("你获得 5[credit]。")

    b.play(play)


@card("emergency_shutdown", paragraphs=(0, 1), summary="Only after a successful HQ run this turn: derez a piece of "
      "ice.")  # fmt: skip
def _emergency_shutdown(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        targets = [c for c in _ice(g) if c.rezzed]
        if not targets:
            g.log.add("no_target", RUNNER, card=str(x.card), reason=Phrase(N_("no rezzed ice is installed")))
            return
        chosen = x.choose(Phrase(N_("derez which ice")), targets)
        g.derez(chosen, Phrase(N_("derezzed by {card}"), card=str(x.card)))

    b.paragraph(0).may_play(lambda g, c: _successful_run_this_turn(g, "hq"))
    b.paragraph(1).play(play)


def _passed_in_last_run(g: NetrunnerGame) -> list[Card]:
    """The pieces of ice passed during the runner's last run, found by their positions in its log (none when the
    server's ice has changed in number since)."""
    events = list(g.log)
    start = next((i for i in range(len(events) - 1, -1, -1) if events[i].kind == "run"), None)
    if start is None:
        return []
    server = g.servers.get(str(events[start].data.get("server")))
    first: int | None = None
    position: int | None = None
    passed: list[int] = []
    for e in events[start + 1 :]:
        if e.kind == "run_end":
            break
        if e.kind == "approach":
            position = int(e.data.get("position", 0))
            first = position if first is None else first
        elif e.kind == "pass" and position is not None:
            passed.append(position)
    if server is None or first is None or len(server.ice) != first:
        return []
    return [server.ice[p - 1] for p in passed if 0 < p <= len(server.ice)]


@card("en_passant", paragraphs=(0, 1), summary="Only after a successful run this turn: trash an unrezzed piece of "
      "ice passed during the last run.")  # fmt: skip
def _en_passant(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        targets = [c for c in _passed_in_last_run(g) if not c.rezzed and g.is_installed(c)]
        if not targets:
            g.log.add("no_target", RUNNER, card=str(x.card), reason=Phrase(N_("no unrezzed ice was passed in the last "
                                                                              "run")))  # fmt: skip
            return
        chosen = g.choose("runner", "target", Phrase(N_("trash which ice")), targets, text=_ice_text(g))
        g.trash(chosen, Phrase(N_("trashed by {card}"), card=str(x.card)), by="runner")

    b.paragraph(0).may_play(lambda g, c: _successful_run_this_turn(g))
    b.paragraph(1).play(play)


@card("forged_activation_orders", paragraphs=(0,), summary="Pick an unrezzed piece of ice: the corp rezzes it or "
      "trashes it.")  # fmt: skip
def _forged_activation_orders(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        targets = [c for c in _ice(g) if not c.rezzed]
        if not targets:
            g.log.add("no_target", RUNNER, card=str(x.card), reason=Phrase(N_("no unrezzed ice is installed")))
            return
        chosen = g.choose("runner", "target", Phrase(N_("choose an unrezzed piece of ice")), targets,
                          text=_ice_text(g))  # fmt: skip
        prompt = Phrase(N_("rez the chosen ice? If you do not, it is trashed"))
        if g.can_pay("corp", g.rez_cost(chosen), "rez") and x.may(prompt, side="corp"):
            g.rez(chosen)
        else:
            g.trash(chosen, Phrase(N_("not rezzed for {card}"), card=str(x.card)), by="corp")

    b.play(play)


# ---------------------------------------------------------------- programs


@card("atman", paragraphs=(0, 1, 2), summary="When installed, any number of credits buy as many power counters; "
      "+1 strength per power counter; 1 credit breaks any subroutine of ice of exactly its strength.")  # fmt: skip
def _atman(b: Builder) -> None:
    def installed(x: Exec) -> None:
        g = x.game
        most = g.runner.credits
        options = [Option(f"pay:{n}", Phrase(N_("pay {n}{credit}"), n=n, credit="[credit]"), n) for n in range(most + 1)]
        prompt = Phrase(N_("{card}: credits to spend on power counters"), card=str(x.card))
        amount = int(g.ask("runner", "pay", prompt, options).value)
        if amount:
            g.pay("runner", amount, str(x.card))
            g.add_counters(x.card, "power", amount)

    def usable(g: NetrunnerGame, c: Card, window: str) -> bool:
        enc = _unbroken(g)
        return window == "encounter" and enc is not None and g.strength_of(c) == g.strength_of(enc.ice)

    b.paragraph(0).when("installed", installed)
    b.paragraph(1).strength(lambda g, c: c.counters.get("power", 0))
    b.paragraph(2).paid([credit(1)], _break_one, usable=usable, role="break")


_SUBTYPES = ("barrier", "code_gate", "sentry")


@card("chameleon", paragraphs=(0, 1, 2), summary="Names barrier, code gate or sentry when installed; back to the grip "
      "when your turn ends; 1 credit breaks a subroutine of ice of the named subtype.")  # fmt: skip
def _chameleon(b: Builder) -> None:
    def installed(x: Exec) -> None:
        g = x.game
        options = [Option(s, Term("subtypes", s), s) for s in _SUBTYPES]
        chosen = str(g.ask("runner", "choice", Phrase(N_("choose a subtype")), options).value)
        x.card.notes["subtype"] = chosen
        g.log.add("effect", RUNNER, card=str(x.card), subtypes=Term("subtypes", chosen))

    def turn_end(x: Exec) -> None:
        if x.card in x.game.runner.rig:
            _to_grip(x.game, x.card)

    def usable(g: NetrunnerGame, c: Card, window: str) -> bool:
        subtype = c.notes.get("subtype")
        enc = _unbroken(g, subtype) if subtype else None
        return window == "encounter" and enc is not None and g.strength_of(c) >= g.strength_of(enc.ice)

    b.paragraph(0).when("installed", installed)
    b.paragraph(1).when("your_turn_end", turn_end)
    b.paragraph(2).paid([credit(1)], _break_one, usable=usable, role="break")


@card("gordian_blade", paragraphs=(1,), summary="1 credit: +1 strength until the run is over.")
def _gordian_blade(b: Builder) -> None:
    def boost(x: Exec) -> None:
        g = x.game
        held = x.card.notes.get("run_boost")
        amount = held[1] + 1 if held is not None and held[0] is g.current_run else 1
        x.card.notes["run_boost"] = (g.current_run, amount)
        g.log.add("strength", RUNNER, card=str(x.card), delta=1, strength=g.strength_of(x.card))

    def strength(g: NetrunnerGame, c: Card) -> int:
        held = c.notes.get("run_boost")
        return int(held[1]) if held is not None and g.current_run is not None and held[0] is g.current_run else 0

    b.paragraph(1).strength(strength)
    b.paid([credit(1)], boost, role="boost", usable=lambda g, c, w: w == "encounter" and _encountering(g) is not None)


@card("imp", paragraphs=(1,), summary="Once a turn, a virus counter trashes the card being accessed.")
def _imp(b: Builder) -> None:
    def unforbid(g: NetrunnerGame, c: Card) -> None:
        """Lift the steal forbidden for the agenda trashed at the last access (unless something forbade it since)."""
        held = c.notes.pop("unforbid", None)
        if held is None or held[0] is not g.current_run or g.forbidden_now.get("steal") != "run":
            return
        if not any(e.seq > held[1] and e.kind == "forbidden" and e.data.get("what") == "steal" for e in g.log):
            del g.forbidden_now["steal"]

    def access(x: Exec) -> None:
        g = x.game
        unforbid(g, x.card)
        target = x.event.get("card")
        if target is None or target.side != "corp" or not g.is_installed(x.card) or not _accessible(g, target):
            return
        if g.forbidden("trash_accessed") or x.card.counters.get("virus", 0) < 1 or x.card.notes.get("imp") == g.turns:
            return
        prompt = Phrase(N_("{card}: spend a virus counter to trash {target}?"), card=str(x.card), target=str(target))
        options = [Option("continue", Phrase(N_("continue")), False),
                   Option(f"trash:{target.ref}", Phrase(N_("trash {card}"), card=str(target)), True)]  # fmt: skip
        # an agenda is asked as a kind of its own: a heuristic player goes on and steals it
        if not g.ask("runner", "optional" if target.type != "agenda" else "trash_agenda", prompt, options).value:
            return
        x.card.notes["imp"] = g.turns
        g.add_counters(x.card, "virus", -1)
        g.trash(target, _by_runner(), by="runner")
        if target.type == "agenda" and not g.forbidden("steal"):
            # the access goes on with the agenda in Archives, where the engine would still steal it: no steal for
            # the rest of this access (lifted at the next access, or when the run ends)
            x.forbid("steal", "run")
            x.card.notes["unforbid"] = (g.current_run, len(g.log))

    b.paragraph(1).when("access", access)


@card("ice_carver", paragraphs=(0,), summary="The ice being encountered has 1 less strength.")
def _ice_carver(b: Builder) -> None:
    key = "ice_carver"

    def restore(g: NetrunnerGame) -> None:
        for ice in _ice(g):
            taken = ice.notes.pop(key, 0)
            if taken:
                ice.strength_bonus += taken
                g.log.add("strength", g.corp.seat, card=str(ice), delta=taken, strength=g.strength_of(ice))

    def encounter(x: Exec) -> None:
        g = x.game
        ice = x.event.get("ice")
        if ice is None or not g.is_installed(x.card) or key in ice.notes:
            return
        ice.strength_bonus -= 1
        ice.notes[key] = 1
        g.log.add("strength", RUNNER, card=str(ice), delta=-1, strength=g.strength_of(ice), source=str(x.card))

    def left_play(x: Exec) -> None:
        if x.event.get("card") is x.card:
            restore(x.game)

    b.when("encounter", encounter)
    b.when("pass_ice", lambda x: restore(x.game)).when("run_ends", lambda x: restore(x.game))
    b.when("trashed", left_play)


# ---------------------------------------------------------------- hosted credits for trash costs


def _recurring(b: Builder, amount: int) -> Builder:
    """N recurring credits the script keeps: filled when the card is installed and when your turn begins."""

    def refill(x: Exec) -> None:
        if x.game.is_installed(x.card):
            x.card.recurring = amount
            x.game.log.add("recurring", RUNNER, card=str(x.card), credits=amount,
                           reason=Phrase(N_("the text of {card}"), card=str(x.card)))  # fmt: skip

    return b.when("installed", refill).when("your_turn_start", refill)


_PAYS_TRASH: dict[str, Callable[[Card], bool]] = {  # card id -> which accessed cards its hosted credits trash
    "paricia": lambda c: c.type == "asset",
    "scrubber": lambda c: True,
}


def _trash_with_hosted(x: Exec) -> None:
    """While a card with a trash cost is accessed: offer to trash it paying with the hosted credits of the rig's
    cards that may pay for it (asked once, by the first of them), then with the runner's own."""
    g = x.game
    target = x.event.get("card")
    if target is None or target.side != "corp" or not _accessible(g, target) or g.forbidden("trash_accessed"):
        return
    cost = getattr(target.record, "trash_cost", None)
    if not cost:
        return
    sources = [c for c in g.runner.rig if c.recurring > 0 and c.id in _PAYS_TRASH and _PAYS_TRASH[c.id](target)]
    if not sources or sources[0] is not x.card:
        return
    hosted = sum(c.recurring for c in sources)
    if hosted + g.available("runner") < cost:
        return
    prompt = Phrase(N_("trash {card} for {n}{credit}, paying up to {m}{credit} with hosted credits?"),
                    card=str(target), n=cost, m=min(hosted, cost), credit="[credit]")  # fmt: skip
    texts = (Phrase(N_("trash {card}"), card=str(target)), Phrase(N_("leave it")))
    if not g.confirm("runner", "trash", prompt, yes=f"trash:{target.ref}", no="leave", texts=texts):
        return
    why = Phrase(N_("trashing {card}"), card=str(target))
    left = cost
    for source in sources:
        used = min(source.recurring, left)
        source.recurring -= used
        left -= used
        g.log.add("recurring", RUNNER, card=str(source), spent=used, left=source.recurring, reason=why)
        if not left:
            break
    g.pay("runner", left, why)
    g.trash(target, _by_runner(), by="runner")


@card("paricia", paragraphs=(0, 1), summary="2 recurring credits that pay only the trash costs of assets.")
def _paricia(b: Builder) -> None:
    _recurring(b, 2)
    b.paragraph(1).when("access", _trash_with_hosted)


@card("scrubber", paragraphs=(0, 1), summary="2 recurring credits that pay only trash costs.")
def _scrubber(b: Builder) -> None:
    _recurring(b, 2)
    b.paragraph(1).when("access", _trash_with_hosted)


# ---------------------------------------------------------------- resources


@card("aesops_pawnshop", paragraphs=(0,), summary="When your turn begins, may trash another installed card of yours "
      "to gain 3 credits.")  # fmt: skip
def _aesops_pawnshop(b: Builder) -> None:
    def turn_start(x: Exec) -> None:
        g = x.game
        others = [c for c in g.runner.rig if c is not x.card]
        if not g.is_installed(x.card) or not others:
            return
        # "done" first: a heuristic player keeps its rig
        options = [Option("done", Phrase(N_("done")), None)]
        options += [Option(c.ref, Phrase(N_("{card} ({type})"), card=str(c), type=Term("type", c.type)), c)
                    for c in others]  # fmt: skip
        prompt = Phrase(N_("{card}: trash another installed card of yours to gain {n}{credit}?"), card=str(x.card), n=3,
                        credit="[credit]")  # fmt: skip
        chosen = g.ask("runner", "target", prompt, options).value
        if chosen is not None and g.trash(chosen, Phrase(N_("trashed by {card}"), card=str(x.card)), by="runner"):
            x.do("你获得 3[credit]。")

    b.when("your_turn_start", turn_start)


@card("earthrise_hotel", paragraphs=(0,), summary="Loaded with 3 power counters when installed; trashed once empty.")
def _earthrise_hotel(b: Builder) -> None:
    load(b, "power", 3, on="installed")


@card("liberated_account", paragraphs=(0,), summary="Loaded with 16 credits when installed; trashed once empty.")
def _liberated_account(b: Builder) -> None:
    load(b, "credit", 16, on="installed")


@card("xanadu", paragraphs=(0,), summary="Rezzing a piece of ice costs 1 credit more.")
def _xanadu(b: Builder) -> None:
    b.rez_cost(lambda g, this, c: 1 if c.type == "ice" else 0)


# ---------------------------------------------------------------- identities


def _is_run_event(g: NetrunnerGame, shown: str) -> bool:
    """Whether the card logged as ``shown`` (``name#uid``) is a run event (by the name of its record)."""
    name = shown.rsplit("#", 1)[0]
    return any(
        r.kind == "card" and r.type == "event" and "run" in (r.subtypes or ()) and r.name.zh_hans == name
        for r in g.records
    )


@card("ken_express_tenma_disappeared_clone", paragraphs=(0,), summary="The first run event played each turn gives "
      "1 credit (as its run begins, or once it is played when it makes none).")  # fmt: skip
def _ken(b: Builder) -> None:
    def gain(x: Exec) -> None:
        if x.once_per_turn("run_event"):
            x.do("你获得 1[credit]。")

    def run_begins(x: Exec) -> None:
        g = x.game
        for e in reversed(list(g.log)):  # the play this run begins in: no other action, ability or run since
            if e.kind in ("action", "use", "run_end"):
                return
            if e.kind == "play":
                if e.player == RUNNER and _is_run_event(g, str(e.data.get("card", ""))):
                    gain(x)
                return

    def played(x: Exec) -> None:
        c = x.event.get("card")
        if c is not None and c.side == "runner" and c.type == "event" and "run" in c.subtypes:
            gain(x)

    b.when("run_begins", run_begins).when("played", played)


@card("quetzal_free_spirit", paragraphs=(0,), summary="Once a turn, for nothing: break a barrier subroutine.")
def _quetzal(b: Builder) -> None:
    def usable(g: NetrunnerGame, c: Card, window: str) -> bool:
        return window == "encounter" and _unbroken(g, "barrier") is not None

    b.paid([], _break_one, once_per_turn=True, usable=usable, role="break")


@card("reina_roja_freedom_fighter", paragraphs=(0,), summary="The first piece of ice rezzed each turn costs 1 credit "
      "more.")  # fmt: skip
def _reina_roja(b: Builder) -> None:
    def rezzed(x: Exec) -> None:
        c = x.event.get("card")
        if c is not None and c.type == "ice":
            x.card.notes["ice_rezzed"] = x.game.turns

    b.rez_cost(lambda g, this, c: 1 if c.type == "ice" and this.notes.get("ice_rezzed") != g.turns else 0)
    b.when("any_rezzed", rezzed)


@card("steve_cambridge_master_grifter", paragraphs=(0,), summary="At the first successful HQ run each turn, may pick "
      "2 heap cards: the corp removes one from the game, the other goes to the grip.")  # fmt: skip
def _steve_cambridge(b: Builder) -> None:
    def successful(x: Exec) -> None:
        g = x.game
        run = x.run
        if run is None or run.server != "hq" or x.ran_this_turn("hq", True) or not x.once_per_turn("hq"):
            return
        heap = g.runner.discard
        if len(heap) < 2 or not x.may(Phrase(N_("{card}: choose 2 cards in your heap, 1 for the corp to remove from "
                                                "the game and 1 for your grip?"), card=str(x.card))):  # fmt: skip
            return
        chosen: Sequence[Card] = g.choose_many("runner", "target", Phrase(N_("choose a card in your heap")),
                                               list(reversed(heap)), 2)  # fmt: skip
        gone: Card = x.choose(Phrase(N_("remove which card from the game")), chosen, side="corp")
        kept = next(c for c in chosen if c is not gone)
        x.remove_from_game(gone)
        heap.remove(kept)
        g.runner.hand.append(kept)
        g.log.add("move", RUNNER, card=str(kept), to=Term("zone", "grip"))

    b.when("run_successful", successful)


# ---------------------------------------------------------------- third pass: what several cards ask


def _shown_ice(g: NetrunnerGame, ice: Card) -> Any:
    """A piece of ice named in the log: by its name once rezzed, else as unrezzed ice."""
    return str(ice) if ice.rezzed else Phrase(N_("unrezzed ice"))


def _free_install(g: NetrunnerGame, c: Card) -> bool:
    """Whether the runner may install ``c`` ignoring all costs (its memory still has to fit)."""
    if c.type not in RIG_TYPES or not g.may_install(c):
        return False
    return c.type != "program" or int(c.record.memory_cost or 0) <= g.memory_limit()


def _in_play_for_run(x: Exec, server: str) -> Any:
    """A run event's run on ``server`` with the event in play while the run goes on (its triggers work during it);
    the run ends here, access included."""
    g = x.game
    g.in_play.append(x.card)
    try:
        run = x.run_on(server)
        if g.current_run is run:
            g.runs.finish_run()
    finally:
        if x.card in g.in_play:
            g.in_play.remove(x.card)
    return run


def _host_subtypes(b: Builder, subtypes: Sequence[str]) -> Builder:
    """"Host ice gains ``subtypes``": given to the host when this card is installed on it (what it does not have
    printed is recorded on the ice, by this card's uid), taken back when this card is trashed unless another card
    still gives it."""

    def installed(x: Exec) -> None:
        g = x.game
        host = x.card.host
        if host is None or not g.is_installed(host):
            return
        given = [s for s in subtypes if s not in tuple(getattr(host.record, "subtypes", ()) or ())]
        host.notes.setdefault("given_subtypes", {})[x.card.uid] = given
        x.gain_subtypes(host, given)
        g.log.add("effect", RUNNER, card=_shown_ice(g, host), subtypes=[Term("subtypes", s) for s in given],
                  source=str(x.card))  # fmt: skip

    def trashed(x: Exec) -> None:
        for ice in _ice(x.game):
            grants = ice.notes.get("given_subtypes", {})
            given = grants.pop(x.card.uid, None)
            if given is None:
                continue
            for subtype in given:
                if subtype in ice.gained_subtypes and not any(subtype in other for other in grants.values()):
                    ice.gained_subtypes.remove(subtype)

    b.when("installed", installed, only=lambda x: x.event.get("card") is x.card)
    return b.when("trashed", trashed, only=lambda x: x.event.get("card") is x.card)


# ---------------------------------------------------------------- third pass: events


@card("inside_job", paragraphs=(0,), summary="Run any server; the first piece of ice encountered in that run is "
      "bypassed.")  # fmt: skip
def _inside_job(b: Builder) -> None:
    def play(x: Exec) -> None:
        x.card.notes["met"] = False
        _in_play_for_run(x, "any")

    def encounter(x: Exec) -> None:
        enc = _encountering(x.game)
        x.card.notes["met"] = True
        if enc is not None and not enc.bypassed:
            x.bypass()

    b.play(play)
    b.when("encounter", encounter, only=lambda x: x.card in x.game.in_play and x.card.notes.get("met") is False)


@card("networking", paragraphs=(0,), summary="Remove 1 tag; then 1 credit may return this event to the grip instead "
      "of the heap.")  # fmt: skip
def _networking(b: Builder) -> None:
    def played(x: Exec) -> None:
        g = x.game
        if x.card not in g.in_play:
            return
        g.in_play.remove(x.card)
        prompt = Phrase(N_("pay {n}{credit} to add {card} to your grip?"), n=1, credit="[credit]", card=str(x.card))
        if g.can_pay("runner", 1) and x.may(prompt):
            g.pay("runner", 1, str(x.card))
            x.card.leave_play()
            x.card.faceup = False
            g.runner.hand.append(x.card)
            g.log.add("move", RUNNER, card=str(x.card), to=Term("zone", "grip"))
        else:
            g.to_discard(x.card, "played", faceup=True)

    b.stays_in_play()  # after it resolves, until its "then" is done: it goes to the grip or the heap
    b.play(lambda x: x.do("你移除 1 个锁定标记。"))
    b.when("played", played, only=lambda x: x.event.get("card") is x.card)


@card("retrieval_run", paragraphs=(0,), summary="Run Archives; if successful, instead of the breach you may install a "
      "program from the heap, ignoring all costs.")  # fmt: skip
def _retrieval_run(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        if not _successful(x.run_on("archives")):
            return
        options = [c for c in reversed(g.runner.discard) if c.type == "program" and _free_install(g, c)]
        prompt = Phrase(N_("instead of breaching Archives, install a program from your heap, ignoring all costs?"))
        chosen = x.pick(prompt, options, kind="install")
        if chosen is not None:
            x.instead_of_breach(lambda: x.install_from(chosen, g.runner.discard, free=True))

    b.play(play)


@card("test_run", paragraphs=(0,), summary="Install a program from the stack or the heap, ignoring all costs; when "
      "your turn ends, if it is still installed, it goes on top of the stack.")  # fmt: skip
def _test_run(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        runner = g.runner
        piles = {"stack": runner.deck, "heap": runner.discard}
        found = {z: [c for c in reversed(p) if c.type == "program" and _free_install(g, c)] for z, p in piles.items()}
        zones = [z for z, cards in found.items() if cards]
        if not zones:
            g.log.add("search_failed", RUNNER, zone="stack", type="program")
            if runner.deck:
                g.rng.shuffle(runner.deck)
                g.log.add("shuffle", RUNNER, zone="stack")
            return
        options = [Option(z, Term("zone", z), z) for z in zones]
        zone = str(g.ask("runner", "choice", Phrase(N_("search which zone for a program")), options).value)
        prompt = Phrase(N_("search the {zone} for a {type}"), zone=Term("zone", zone), type=Term("card_type", "program"))
        chosen: Card = x.choose(prompt, found[zone], kind="search")
        piles[zone].remove(chosen)
        g.log.add("search", RUNNER, card=str(chosen), zone=zone)
        if zone == "stack":
            g.rng.shuffle(runner.deck)
            g.log.add("shuffle", RUNNER, zone="stack")
        x.install_from(chosen, free=True)
        if chosen in runner.rig:
            chosen.notes["test_run"] = x.card.uid

    def tested(g: NetrunnerGame, this: Card) -> list[Card]:
        return [c for c in g.runner.rig if c.notes.get("test_run") == this.uid]

    def turn_end(x: Exec) -> None:
        g = x.game
        for c in tested(g, x.card):
            for hosted in list(c.hosted):
                g.trash(hosted, Phrase(N_("its host {card} left play"), card=str(c)))
            g.runner.rig.remove(c)
            c.leave_play()
            c.faceup = False
            g.runner.deck.append(c)
            g.log.add("move", RUNNER, card=str(c), to=Term("zone", "stack"), source=str(x.card))
        g.check_memory()
        g.leave_in_play(x.card, "played")

    def played(x: Exec) -> None:
        if not tested(x.game, x.card):  # nothing to take back: no reason to stay in play
            x.game.leave_in_play(x.card, "played")

    b.stays_in_play()  # in play until the turn ends, for "when your turn ends"
    b.play(play)
    b.when("played", played, only=lambda x: x.event.get("card") is x.card)
    b.when("your_turn_end", turn_end, only=lambda x: x.card in x.game.in_play)


# ---------------------------------------------------------------- third pass: programs


@card("abagnale", paragraphs=(2,), summary="Trash it: bypass the code gate being encountered.")
def _abagnale(b: Builder) -> None:
    def usable(g: NetrunnerGame, c: Card, window: str) -> bool:
        enc = _encountering(g)
        return window == "encounter" and enc is not None and not enc.bypassed and "code_gate" in enc.ice.subtypes

    b.paragraph(2).paid([trash_self()], lambda x: x.bypass(), usable=usable)


@card("clot", paragraphs=(0, 1), summary="The corp cannot score an agenda in the turn it installed it; trashed when "
      "the corp purges.")  # fmt: skip
def _clot(b: Builder) -> None:
    def may_score(g: NetrunnerGame, this: Card, agenda: Card) -> bool:
        return str(agenda) not in {e.get("card") for e in g.events_this_turn("install")}

    def purged(x: Exec) -> None:
        if x.game.is_installed(x.card):
            x.game.trash(x.card, Phrase(N_("the text of {card}"), card=str(x.card)))

    b.paragraph(0).may_score(may_score)
    b.paragraph(1).when("purged", purged)


@card("egret", paragraphs=(0, 1), summary="Installed on a rezzed piece of ice, which gains barrier, code gate and "
      "sentry.")  # fmt: skip
def _egret(b: Builder) -> None:
    b.paragraph(0).hosts(lambda g, c: [ice for ice in _ice(g) if ice.rezzed])
    _host_subtypes(b.paragraph(1), _SUBTYPES)


@card("femme_fatale", paragraphs=(2, 3), summary="Chooses a piece of ice when installed; encountering it, 1 credit "
      "per subroutine may bypass it.")  # fmt: skip
def _femme_fatale(b: Builder) -> None:
    def installed(x: Exec) -> None:
        g = x.game
        chosen = x.pick(Phrase(N_("{card}: choose a piece of ice"), card=str(x.card)), _ice(g), optional=False)
        if chosen is not None:
            x.card.notes["target"] = chosen.uid
            g.log.add("effect", RUNNER, card=str(x.card), target=_shown_ice(g, chosen))

    def encounter(x: Exec) -> None:
        g = x.game
        enc = _encountering(g)
        if enc is None or enc.bypassed or not g.is_installed(x.card):
            return
        cost = len(enc.subs)
        prompt = Phrase(N_("pay {n}{credit} to bypass {ice}?"), n=cost, credit="[credit]", ice=str(enc.ice))
        if g.can_pay("runner", cost, "icebreaker") and x.may(prompt):
            g.pay("runner", cost, str(x.card), "icebreaker")
            x.bypass()

    def chosen(x: Exec) -> bool:
        ice = x.event.get("ice")
        return ice is not None and ice.uid == x.card.notes.get("target")

    b.paragraph(2).when("installed", installed, only=lambda x: x.event.get("card") is x.card)
    b.paragraph(3).when("encounter", encounter, only=chosen)


# ---------------------------------------------------------------- third pass: hardware and resources


@card("prepaid_voicepad", paragraphs=(0, 1), summary="1 recurring credit (refilled when installed and as your turn "
      "begins) that pays only for playing events.")  # fmt: skip
def _prepaid_voicepad(b: Builder) -> None:
    def refill(x: Exec) -> None:
        if x.game.is_installed(x.card):
            x.card.credits = 1
            x.game.log.add("recurring", RUNNER, card=str(x.card), credits=1, reason=Phrase(N_("refilled")))

    b.paragraph(0).when("installed", refill).when("your_turn_start", refill)
    b.paragraph(1).spend_hosted(lambda g, c, purpose: purpose == "play")


@card("security_testing", paragraphs=(0, 1), summary="As your turn begins you may choose a server; the first "
      "successful run on it each turn gains 2 credits instead of the breach.")  # fmt: skip
def _security_testing(b: Builder) -> None:
    def start(x: Exec) -> None:
        g = x.game
        x.card.notes.pop("server", None)
        options = [Option(name, Term("zone", name), name) for name in g.servers]
        options.append(Option("done", Phrase(N_("done")), None))
        chosen = g.ask("runner", "target", Phrase(N_("{card}: choose a server"), card=str(x.card)), options).value
        if chosen is not None:
            x.card.notes["server"] = chosen
            g.log.add("effect", RUNNER, card=str(x.card), server=Term("zone", str(chosen)))

    def successful(x: Exec) -> None:
        server = x.card.notes.get("server")
        if x.ran_this_turn(server, successful=True) or not x.once_per_turn("testing"):
            return
        x.instead_of_breach(lambda: x.do("你获得 2[credit]。"))

    def on_chosen(x: Exec) -> bool:
        run = x.run
        return run is not None and run.server == x.card.notes.get("server")

    b.paragraph(0).when("your_turn_start", start)
    b.paragraph(1).when("run_successful", successful, only=on_chosen)


# ---------------------------------------------------------------- third pass: identities


@card("rielle_kit_peddler_transhuman", paragraphs=(0,), summary="The first piece of ice encountered each turn gains "
      "code gate for the rest of the run.")  # fmt: skip
def _rielle(b: Builder) -> None:
    def encounter(x: Exec) -> None:
        ice = x.event.get("ice")
        if ice is None or not x.once_per_turn("kit"):
            return
        x.gain_subtypes(ice, ["code_gate"], until="run")
        x.game.log.add("effect", RUNNER, card=str(ice), subtypes=[Term("subtypes", "code_gate")], source=str(x.card))

    b.when("encounter", encounter, only=lambda x: len(x.game.events_this_turn("encounter")) == 1)


# ---------------------------------------------------------------- fourth pass


@card("sneakdoor_beta", paragraphs=(0,), summary="Click: run Archives; if that run would be successful, it goes on "
      "as a run on HQ instead.")  # fmt: skip
def _sneakdoor_beta(b: Builder) -> None:
    def run(x: Exec) -> None:
        g = x.game
        x.success_on("hq")
        x.run_on("archives")
        if g.current_run is None:  # no run was made (a card forbids running Archives): nothing is left pending
            g.next_redirect = None

    def usable(g: NetrunnerGame, c: Card, window: str) -> bool:
        return window == "action" and g.current_run is None and g.may_run("archives")

    b.paid([click()], run, usable=usable)


def _set_aside_by(g: NetrunnerGame, identity: Card) -> list[Card]:
    """The runner's cards set aside by ``identity`` and still aside."""
    mine = identity.notes.get("set_aside", [])
    return [c for c in g.set_aside["runner"] if c.uid in mine]


@card("ayla_bios_rahim_simulant_specialist", paragraphs=(0, 1), summary="Before the starting hand the top 6 cards "
      "of the stack are set aside face down (the runner may look at them), and 2 of them shuffled back; click: one "
      "of the cards still aside goes to the grip.")  # fmt: skip
def _ayla(b: Builder) -> None:
    def setup(x: Exec) -> None:
        g = x.game
        runner = g.runner
        aside = [runner.deck.pop() for _ in range(min(6, len(runner.deck)))]
        g.log.add("move", RUNNER, visible=[RUNNER], cards=[str(c) for c in aside], zone="stack", to="set_aside")
        g.log.add("move", RUNNER, count=len(aside), zone="stack", to="set_aside")
        prompt = Phrase(N_("shuffle a set-aside card into your stack"))
        back = g.choose_many("runner", "target", prompt, aside, 2)
        for c in back:
            aside.remove(c)
            runner.deck.append(c)
        g.rng.shuffle(runner.deck)
        g.log.add("shuffle", RUNNER, zone="stack")
        g.set_aside["runner"].extend(aside)
        x.card.notes["set_aside"] = [c.uid for c in aside]

    def take(x: Exec) -> None:
        g = x.game
        chosen = x.pick(Phrase(N_("add a set-aside card to your grip")), _set_aside_by(g, x.card), optional=False)
        if chosen is None:
            return
        g.set_aside["runner"].remove(chosen)
        g.runner.hand.append(chosen)
        g.log.add("move", RUNNER, visible=[RUNNER], card=str(chosen), zone="set_aside", to="grip")
        g.log.add("move", RUNNER, cards=1, zone="set_aside", to="grip")

    def usable(g: NetrunnerGame, c: Card, window: str) -> bool:
        return window == "action" and bool(_set_aside_by(g, c))

    b.when("setup", setup)
    b.paragraph(1).paid([click()], take, usable=usable)
