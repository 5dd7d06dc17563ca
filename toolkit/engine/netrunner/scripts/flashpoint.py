"""Card scripts of the Flashpoint cycle (23 Seconds, Blood Money, Escalation, Intervention, Martial Law, Quorum):
the corp and runner cards and identities first printed there.

Frames several cards share: the terminal operations (:func:`_terminal`), the runner choosing which of their
installed cards to trash (:func:`_runner_trashes`), "pay or trash" subroutines (:func:`_pay_or_trash`), a piece of
ice an icebreaker fully broke, as the log tells (:func:`_fully_broke`, :func:`_encounter_log`), credits that must
come from stealth cards (:func:`_pay_with_stealth`), credits moved onto a card at the start of the turn and growing
there (:func:`_savings`), an event in play for the run it makes (:func:`_in_play_for_the_run`).

Left out, for what the engine cannot do yet: an additional turn (Encore), a timing for the secretly spent credits
being revealed and a limit on the bids (Fumiko Yamamori, Hyoubu Research Facility, Government Investigations), a
timing for draws (Find the Truth, System Outage), encountering ice that is accessed rather than installed
(Chrysalis, Sapper, Herald's first paragraphs), an additional cost to jack out (Mind Game), a subroutine kept from
resolving (Tracker), a ban on rezzing some cards (Interdiction), hosting icebreakers whose abilities the host gains
(Baba Yaga), a timing for credits spent from a stealth card (Net Mercur), the credits spent on a trace's link (Net
Quarantine's second paragraph) and an additional rez cost that active cards put on other cards (Hernando Cortez).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from toolkit.engine.phrase import Phrase, Term
from toolkit.i18n import Nn_
from toolkit.i18n.words import N_
from toolkit.text import parse_cached
from toolkit.text.render import render

from ..decisions import Option
from ..run import gain_subroutines
from ..state import CENTRALS, SEATS, Card, Context, Encounter, RunState
from . import (
    Builder,
    Exec,
    breaker_usable,
    card,
    click,
    counters,
    credit,
    current,
    installed_place,
    one_console,
    one_region,
    place_of,
    this_card,
    this_ice,
    trash_self,
)

if TYPE_CHECKING:
    from ..game import NetrunnerGame
    from ..state import Side

CORP = SEATS["corp"]
RUNNER = SEATS["runner"]
CORP_INSTALLABLE = ("ice", "asset", "upgrade", "agenda")


# ---------------------------------------------------------------- frames


def _encounter(g: NetrunnerGame) -> Encounter | None:
    run = g.current_run
    return run.encounter if run is not None and not run.ended else None


def _my_server(x: Exec) -> bool:
    """The event's server is the one this card is installed in."""
    server = x.game.server_of(x.card)
    return server is not None and x.event.get("server") == server.name


def _has_ai(g: NetrunnerGame) -> bool:
    return any(c.type == "program" and "ai" in c.subtypes for c in g.runner.rig)


def _count(x: Exec, prompt: Any, most: int, least: int = 0, side: Side | None = None) -> int:
    """A number from ``least`` to ``most`` chosen by ``side`` (default the card's)."""
    if most <= least:
        return least
    return int(x.choose(prompt, list(range(least, most + 1)), side=side))


def _last_turn(g: NetrunnerGame, side: Side) -> list[Any]:
    return Exec(g, Context(side)).last_turn(side)


def _terminal(b: Builder) -> None:
    """"After you resolve this operation, your action phase ends"."""

    def end(x: Exec) -> None:
        x.game.end_action_phase = True

    b.play(end)


def _shuffle(g: NetrunnerGame, side: Side) -> None:
    player = g.player(side)
    g.rng.shuffle(player.deck)
    g.log.add("shuffle", player.seat, zone="rnd" if side == "corp" else "stack")


def _to_grip(g: NetrunnerGame, moved: Card) -> None:
    """An installed runner card back to the grip (the cards it hosts are trashed)."""
    for hosted in list(moved.hosted):
        g.trash(hosted, Phrase(N_("its host {card} left play"), card=str(moved)))
    if moved in g.runner.rig:
        g.runner.rig.remove(moved)
    moved.leave_play()
    g.runner.hand.append(moved)
    g.log.add("move", RUNNER, card=str(moved), zone="rig", to="grip")
    g.check_memory()


def _to_stack_bottom(g: NetrunnerGame, moved: Card) -> None:
    """An installed runner card to the bottom of the stack (the cards it hosts are trashed)."""
    for hosted in list(moved.hosted):
        g.trash(hosted, Phrase(N_("its host {card} left play"), card=str(moved)))
    if moved in g.runner.rig:
        g.runner.rig.remove(moved)
    moved.leave_play()
    g.runner.deck.insert(0, moved)
    g.log.add("move", RUNNER, card=str(moved), zone="rig", to="stack")
    g.check_memory()


def _runner_trashes(x: Exec, cards: Sequence[Card], prompt: Any) -> Card | None:
    """The runner trashes one of ``cards`` (its choice); the card trashed, or None when there is none."""
    chosen = x.pick(prompt, list(cards), optional=False, side="runner")
    if chosen is not None:
        x.game.trash(chosen, Phrase(N_("trashed by the {side}"), side=Term("side", "runner")), by="runner")
    return chosen


def _trash_own(x: Exec) -> None:
    """"The runner trashes 1 of their installed cards"."""
    _runner_trashes(x, x.game.installed("runner"), Phrase(N_("trash 1 of your installed cards")))


def _pay_or_trash(x: Exec, amount: int) -> None:
    """"The runner must pay ``amount`` or trash 1 of their installed cards" (its choice)."""
    g = x.game
    options = []
    if g.can_pay("runner", amount):
        options.append(Option("pay", Phrase(N_("pay {n}{credit}"), n=amount, credit="[credit]"), None))
    options += [Option(c.ref, Phrase(N_("trash {card}"), card=str(c)), c) for c in g.installed("runner")]
    if not options:
        return
    prompt = Phrase(N_("{card}: pay {n}{credit} or trash 1 of your installed cards"), card=str(x.card), n=amount,
                    credit="[credit]")  # fmt: skip
    chosen = g.ask("runner", "target", prompt, options).value
    if chosen is None:
        g.pay("runner", amount, x.why)
    else:
        g.trash(chosen, Phrase(N_("trashed by the {side}"), side=Term("side", "runner")), by="runner")


def _end_unless_paid(x: Exec, amount: int) -> None:
    """The run ends unless the runner pays ``amount`` (its choice, when it can pay)."""
    g = x.game
    prompt = Phrase(N_("{card}: pay {n}{credit} or the run ends"), card=str(x.card), n=amount, credit="[credit]")
    texts = (Phrase(N_("pay {n}{credit}"), n=amount, credit="[credit]"), Phrase(N_("end the run")))
    if g.can_pay("runner", amount) and g.confirm("runner", "optional", prompt, yes="pay", no="end_run", texts=texts):
        g.pay("runner", amount, x.why)
    else:
        x.do("终止潜袭。")


def _trace(x: Exec, base: int) -> bool:
    """Trace[``base``]: whether it was successful."""
    x.do(f"追踪[{base}]。")
    return bool(x.ctx.trace)


def _mill(g: NetrunnerGame, n: int, why: Any) -> None:
    """The top ``n`` cards of the stack are trashed."""
    for _ in range(n):
        if not g.runner.deck:
            return
        g.trash(g.runner.deck[-1], why, by="corp")


def _move_to_deck(g: NetrunnerGame, moved: Card, zone: list[Card]) -> None:
    """A corp card of ``zone`` (HQ, Archives) onto R&D, face down."""
    zone.remove(moved)
    moved.faceup = False
    g.corp.deck.append(moved)


def _corp_installable(g: NetrunnerGame, c: Card) -> bool:
    if c.type not in CORP_INSTALLABLE or not g.may_install(c):
        return False
    return any(g.can_pay("corp", g.install_cost(c, s), "install") for s in g.server_options(c))


def _runner_installable(g: NetrunnerGame, c: Card, less: int = 0) -> bool:
    if c.type not in ("program", "hardware", "resource") or not g.may_install(c):
        return False
    if c.type == "program" and int(c.record.memory_cost or 0) > g.memory_limit():
        return False
    return g.can_pay("runner", max(0, g.install_cost(c) - less), "install")


# ---------------------------------------------------------------- corp: operations


@card("boom", paragraphs=(0, 1), summary="Playable only while the runner has 2 tags or more; playing it costs an "
      "extra click.")  # fmt: skip
def _boom(b: Builder) -> None:
    b.paragraph(0).may_play(lambda g, c: g.runner.tags >= 2)
    b.paragraph(1).play_clicks(1)


@card("violet_level_clearance", paragraphs=(0,), summary="The corp's action phase ends once it resolves.")
def _violet_level_clearance(b: Builder) -> None:
    _terminal(b)


@card("hard_hitting_news", paragraphs=(0, 1), summary="The corp's action phase ends once it resolves; playable "
      "only if the runner made a run during their last turn.")  # fmt: skip
def _hard_hitting_news(b: Builder) -> None:
    _terminal(b)
    b.paragraph(1).may_play(lambda g, c: any(e.kind == "run" for e in _last_turn(g, "runner")))


@card("stock_buy_back", paragraphs=(0, 1), summary="The corp's action phase ends once it resolves; the corp gains 3 "
      "credits for each agenda in the runner's score area.")  # fmt: skip
def _stock_buy_back(b: Builder) -> None:
    _terminal(b)

    def gain(x: Exec) -> None:
        g = x.game
        agendas = sum(1 for c in g.runner.score_area if c.type == "agenda")
        g.gain_credits("corp", 3 * agendas, x.why)

    b.paragraph(1).play(gain)


@card("preemptive_action", paragraphs=(0, 1), summary="The corp's action phase ends once it resolves; 3 cards of "
      "Archives (the corp's choice) are shuffled into R&D, and this operation leaves the game.")  # fmt: skip
def _preemptive_action(b: Builder) -> None:
    _terminal(b)

    def shuffle(x: Exec) -> None:
        g = x.game
        chosen = g.choose_many("corp", "target", Phrase(N_("shuffle which card of Archives into R&D")),
                               list(g.corp.discard), 3)  # fmt: skip
        for moved in chosen:
            seen: Any = "all" if moved.faceup else [CORP]  # a face-down card of Archives stays unknown to the runner
            _move_to_deck(g, moved, g.corp.discard)
            g.log.add("move", CORP, visible=seen, card=str(moved), zone="archives", to="rnd")
        _shuffle(g, "corp")
        x.remove_from_game()

    b.paragraph(1).play(shuffle)


@card("friends_in_high_places", paragraphs=(0, 1), summary="The corp's action phase ends once it resolves; the corp "
      "may install up to 2 cards from Archives, paying their install costs.")  # fmt: skip
def _friends_in_high_places(b: Builder) -> None:
    _terminal(b)

    def install(x: Exec) -> None:
        g = x.game
        for _ in range(2):
            options = [c for c in g.corp.discard if _corp_installable(g, c)]
            chosen = x.pick(Phrase(N_("install which card from Archives")), options)
            if chosen is None:
                return
            x.install_from(chosen, zone=g.corp.discard)

    b.paragraph(1).play(install)


@card("psychokinesis", paragraphs=(0, 1), summary="The corp's action phase ends once it resolves; the corp looks at "
      "the top 5 cards of R&D and may install an agenda, asset or upgrade among them in a remote server.")  # fmt: skip
def _psychokinesis(b: Builder) -> None:
    _terminal(b)

    def look(x: Exec) -> None:
        g = x.game
        top = list(reversed(g.corp.deck[-5:]))
        g.log.add("reveal", CORP, visible=[CORP], cards=[str(c) for c in top], zone=Term("zone", "rnd"))

        def remote(c: Card) -> list[str]:
            return [s for s in g.server_options(c) if (s == "new remote" or g.servers[s].remote)
                    and g.can_pay("corp", g.install_cost(c, s), "install")]  # fmt: skip

        options = [c for c in top if c.type in ("agenda", "asset", "upgrade") and g.may_install(c) and remote(c)]
        chosen = x.pick(Phrase(N_("install which card in a remote server")), options)
        if chosen is None:
            return
        server = x.choose(Phrase(N_("install {card} in"), card=str(chosen)), remote(chosen), kind="server")
        g.corp.deck.remove(chosen)
        g.install("corp", chosen, server)

    b.paragraph(1).play(look)


@card("special_report", paragraphs=(0,), summary="The corp shuffles any number of cards from HQ into R&D, then draws "
      "as many.")  # fmt: skip
def _special_report(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        moved = 0
        while g.corp.hand:
            chosen = x.pick(Phrase(N_("shuffle which card of HQ into R&D")), list(g.corp.hand))
            if chosen is None:
                break
            _move_to_deck(g, chosen, g.corp.hand)
            moved += 1
        if not moved:
            return
        g.log.add("move", CORP, visible=[CORP], cards=moved, zone="hq", to="rnd")
        _shuffle(g, "corp")
        g.draw("corp", moved)

    b.play(play)


@card("hasty_relocation", paragraphs=(0, 1), summary="Playing it trashes the top card of R&D; the corp draws 3 cards, "
      "then puts 3 cards from HQ on top of R&D in the order it chooses.")  # fmt: skip
def _hasty_relocation(b: Builder) -> None:
    def cost(x: Exec) -> None:
        g = x.game
        g.trash(g.corp.deck[-1], Phrase(N_("an additional cost of {card}"), card=str(x.card)), by="corp")

    def play(x: Exec) -> None:
        g = x.game
        g.draw("corp", 3)
        prompt = Phrase(N_("put which card of HQ on top of R&D (the first one chosen ends on top)"))
        chosen = g.choose_many("corp", "target", prompt, list(g.corp.hand), 3)
        for moved in reversed(chosen):
            _move_to_deck(g, moved, g.corp.hand)
        if chosen:
            g.log.add("move", CORP, visible=[CORP], cards=[str(c) for c in chosen], zone="hq", to="rnd")

    b.paragraph(0).may_play(lambda g, c: bool(g.corp.deck))
    b.play(cost)
    b.paragraph(1).play(play)


@card("enforcing_loyalty", paragraphs=(0, 1), summary="Playing it costs an extra click; trace 3: if successful, the "
      "corp trashes an installed runner card not of the runner identity's faction.")  # fmt: skip
def _enforcing_loyalty(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        if not _trace(x, 3):
            return
        faction = getattr(g.runner.identity.record, "faction", None)
        options = [c for c in g.runner.rig if getattr(c.record, "faction", None) != faction]
        chosen = x.pick(Phrase(N_("trash which installed card")), options, optional=False)
        if chosen is not None:
            g.trash(chosen, x.why, by="corp")

    b.paragraph(0).play_clicks(1)
    b.paragraph(1).play(play)


@card("hatchet_job", paragraphs=(0, 1), summary="Playing it costs an extra click; trace 5: if successful, an "
      "installed non-virtual runner card goes back to the grip.")  # fmt: skip
def _hatchet_job(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        if not _trace(x, 5):
            return
        options = [c for c in g.runner.rig if "virtual" not in c.subtypes]
        chosen = x.pick(Phrase(N_("add which installed card to the grip")), options, optional=False)
        if chosen is not None:
            _to_grip(g, chosen)

    b.paragraph(0).play_clicks(1)
    b.paragraph(1).play(play)


@card("liquidation", paragraphs=(0, 1), summary="Playing it costs an extra click; the corp trashes any number of its "
      "rezzed cards and gains 3 credits for each.")  # fmt: skip
def _liquidation(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        chosen: list[Card] = []
        while True:
            options = [c for c in g.installed("corp") if c.rezzed and c not in chosen]
            pick = x.pick(Phrase(N_("trash which rezzed card")), options)
            if pick is None:
                break
            chosen.append(pick)
        trashed = sum(1 for c in chosen if g.trash(c, x.why, by="corp"))
        if trashed:
            g.gain_credits("corp", 3 * trashed, x.why)

    b.paragraph(0).play_clicks(1)
    b.paragraph(1).play(play)


def _accessed_and_trashed(events: Sequence[Any]) -> bool:
    """Whether the runner trashed a card while accessing it among ``events`` (its trash follows its access)."""
    accessed: set[str] = set()
    for e in events:
        if e.kind == "access" and e.data.get("card"):
            accessed.add(str(e.data["card"]))
        elif e.kind == "trashed" and e.player == CORP and str(e.data.get("card")) in accessed:
            return True
    return False


@card("hellion_beta_test", paragraphs=(0, 1), summary="Playable only if the runner trashed a card they accessed "
      "during their last turn; trace 2: if successful the corp trashes 2 installed non-program cards, otherwise "
      "it takes 1 bad publicity.")  # fmt: skip
def _hellion_beta_test(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        if not _trace(x, 2):
            x.do("你获得 1 个负面声誉。")
            return
        options = [c for c in g.runner.rig if c.type != "program"] + g.installed("corp")
        for target in g.choose_many("corp", "target", Phrase(N_("trash which installed card")), options, 2):
            g.trash(target, x.why, by="corp")

    b.paragraph(0).may_play(lambda g, c: _accessed_and_trashed(_last_turn(g, "runner")))
    b.paragraph(1).play(play)


@card("observe_and_destroy", paragraphs=(0, 1, 2), summary="Playable only while the runner has fewer than 6 credits "
      "and a tag; playing it removes 1 tag; the corp trashes 1 installed card.")  # fmt: skip
def _observe_and_destroy(b: Builder) -> None:
    def cost(x: Exec) -> None:
        x.game.remove_tags(1)

    def play(x: Exec) -> None:
        g = x.game
        options = g.installed("runner") + g.installed("corp")
        chosen = x.pick(Phrase(N_("trash which installed card")), options, optional=False)
        if chosen is not None:
            g.trash(chosen, x.why, by="corp")

    b.paragraph(0).may_play(lambda g, c: g.runner.credits < 6 and g.runner.tags >= 1)
    b.paragraph(1).play(cost)
    b.paragraph(2).play(play)


@card("best_defense", paragraphs=(0,), summary="The corp trashes 1 installed card whose install cost is at most the "
      "runner's tags (a runner card's printed cost; assets, upgrades and agendas cost nothing to install).")  # fmt: skip
def _best_defense(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        tags = g.runner.tags
        options = [c for c in g.runner.rig if int(c.record.cost or 0) <= tags]
        options += [c for c in g.installed("corp") if c.type != "ice"]
        chosen = x.pick(Phrase(N_("trash which installed card")), options, optional=False)
        if chosen is not None:
            g.trash(chosen, x.why, by="corp")

    b.play(play)


@card("financial_collapse", paragraphs=(0, 1), summary="Playable only while the runner has 6 credits or more; the "
      "runner loses 2 credits for each installed resource unless they trash a resource.")  # fmt: skip
def _financial_collapse(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        resources = [c for c in g.runner.rig if c.type == "resource"]
        if not resources:
            return
        prompt = Phrase(N_("{card}: trash a resource, or lose {n}{credit}"), card=str(x.card), n=2 * len(resources),
                        credit="[credit]")  # fmt: skip
        chosen = x.pick(prompt, resources, side="runner")
        if chosen is not None and g.trash(chosen, x.why, by="runner"):
            return
        g.lose_credits("runner", 2 * len(resources))

    b.paragraph(0).may_play(lambda g, c: g.runner.credits >= 6)
    b.paragraph(1).play(play)


@card("ark_lockdown", paragraphs=(0,), summary="The corp names a card in the heap; every copy of it there is removed "
      "from the game.")  # fmt: skip
def _ark_lockdown(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        ids = sorted({c.id for c in g.runner.discard})
        if not ids:
            g.log.add("no_target", CORP, card=str(x.card), reason=Phrase(N_("the heap is empty")))
            return
        options = [Option(cid, Phrase(N_("{card} ({type})"), card=Term("record", cid),
                                      type=Term("type", next(c.type for c in g.runner.discard if c.id == cid))), cid)
                   for cid in ids]  # fmt: skip
        named = g.ask("corp", "target", Phrase(N_("name a card")), options).value
        g.log.add("named", CORP, card=Term("record", named))
        for copy in [c for c in g.runner.discard if c.id == named]:
            x.remove_from_game(copy)

    b.play(play)


@card("door_to_door", paragraphs=(0, 1), summary="A current (until another current or a steal): when the runner's "
      "turn begins, trace 1; if successful 1 meat damage if the runner is tagged, otherwise 1 tag.")  # fmt: skip
def _door_to_door(b: Builder) -> None:
    def trace(x: Exec) -> None:
        g = x.game
        if not _trace(x, 1):
            return
        if g.runner.tags:
            g.damage("meat", 1, by="corp")
        else:
            g.gain_tags(1)

    current(b, until=("any_stolen",))
    b.paragraph(1).when("turn_begins", trace, only=lambda x: x.event.get("side") == "runner")


@card("enforced_curfew", paragraphs=(0, 1), replaces=(1,), summary="A current (until another current or a steal): "
      "the runner's maximum hand size is 1 lower while it is in play.")  # fmt: skip
def _enforced_curfew(b: Builder) -> None:
    current(b, until=("any_stolen",))
    b.paragraph(1).limit(lambda g, this, side, stat: -1 if side == "runner" and stat == "hand_size" else 0)


@card("scarcity_of_resources", paragraphs=(0, 1), summary="A current (until another current or a steal): resources "
      "cost 2 more to install.")  # fmt: skip
def _scarcity_of_resources(b: Builder) -> None:
    current(b, until=("any_stolen",))
    b.paragraph(1).install_cost(lambda g, this, c: 2 if c.type == "resource" else 0)


# ---------------------------------------------------------------- corp: agendas


@card("crisis_management", paragraphs=(0,), summary="While the runner is tagged: 1 meat damage when the corp's turn "
      "begins.")  # fmt: skip
def _crisis_management(b: Builder) -> None:
    b.when("your_turn_start", lambda x: x.game.damage("meat", 1, by="corp"), only=lambda x: x.game.runner.tags > 0)


@card("sensor_net_activation", paragraphs=(1,), summary="An agenda counter from it: rez a bioroid ignoring all costs; "
      "it is derezzed when the turn ends.")  # fmt: skip
def _sensor_net_activation(b: Builder) -> None:
    def bioroids(g: NetrunnerGame) -> list[Card]:
        return [c for c in g.installed("corp") if not c.rezzed and "bioroid" in c.subtypes and c.type != "agenda"]

    def rez(x: Exec) -> None:
        g = x.game
        chosen = x.pick(Phrase(N_("rez which bioroid, ignoring all costs")), bioroids(g), optional=False)
        if chosen is None:
            return
        g.rez(chosen, free=True)
        x.card.notes.setdefault("rezzed", []).append(chosen)

    def derez(x: Exec) -> None:
        g = x.game
        for rezzed in x.card.notes.pop("rezzed", []):
            g.derez(rezzed, x.why)

    b.paid([counters("agenda", 1)], rez, usable=lambda g, c, w: bool(bioroids(g)))
    b.when("turn_ends", derez, only=lambda x: bool(x.card.notes.get("rezzed")))


# ---------------------------------------------------------------- corp: assets and upgrades


@card("anson_rose", paragraphs=(1,), summary="When the corp rezzes a piece of ice, it may move any number of "
      "advancement counters from this asset onto it.")  # fmt: skip
def _anson_rose(b: Builder) -> None:
    def move(x: Exec) -> None:
        g = x.game
        ice = x.event["card"]
        prompt = Phrase(N_("{card}: move how many advancement counters onto {target}"), card=str(x.card),
                        target=str(ice))  # fmt: skip
        n = _count(x, prompt, x.card.advancement)
        if n:
            g.add_counters(x.card, "advancement", -n)
            g.place_advancement(ice, n)

    b.when("any_rezzed", move,
           only=lambda x: getattr(x.event.get("card"), "type", None) == "ice" and x.card.advancement > 0)  # fmt: skip


@card("drone_screen", paragraphs=(0,), summary="While the runner is tagged, a run on this server starts with a trace "
      "3: if successful 1 meat damage that cannot be prevented.")  # fmt: skip
def _drone_screen(b: Builder) -> None:
    def trace(x: Exec) -> None:
        if _trace(x, 3):
            x.game.damage("meat", 1, preventable=False, by="corp")

    def here(x: Exec) -> bool:
        server = x.game.server_of(x.card)
        run = x.run
        return x.game.runner.tags > 0 and server is not None and run is not None and run.server == server.name

    b.when("run_begins", trace, only=here)


@card("georgia_emelyov", paragraphs=(0, 1), summary="1 net damage whenever a run on this server is unsuccessful; "
      "2 credits: move this upgrade to another server.")  # fmt: skip
def _georgia_emelyov(b: Builder) -> None:
    def elsewhere(g: NetrunnerGame, c: Card) -> list[str]:
        server = g.server_of(c)
        return [s for s in g.servers if server is None or s != server.name]

    def move(x: Exec) -> None:
        g = x.game
        options = elsewhere(g, x.card)
        if not options:
            return
        target = x.choose(Phrase(N_("move {card} to which server"), card=str(x.card)), options, kind="server")
        old = place_of(g, x.card)
        g.trash_from_server(x.card)
        g.servers[target].root.append(x.card)
        g.log.add("move", CORP, card=str(x.card), zone=old, to=installed_place(target, False))

    b.paragraph(0).when("run_ends", lambda x: x.game.damage("net", 1, by="corp"),
                        only=lambda x: _my_server(x) and not x.event.get("successful"))  # fmt: skip
    b.paragraph(1).paid([credit(2)], move, usable=lambda g, c, w: bool(elsewhere(g, c)))


@card("manta_grid", paragraphs=(0, 1), summary="When a successful run on this server ends with the runner holding "
      "fewer than 6 credits or no clicks, the corp gets 1 more click next turn; 1 region per server.")  # fmt: skip
def _manta_grid(b: Builder) -> None:
    def more(x: Exec) -> None:
        g = x.game
        if g.runner.credits < 6 or g.runner.clicks <= 0:
            x.next_turn_clicks("corp", 1)

    b.paragraph(0).when("run_ends", more, only=lambda x: _my_server(x) and bool(x.event.get("successful")))
    one_region(b.paragraph(1))


@card("nihongai_grid", paragraphs=(0, 1), summary="On a successful run here by a runner without both 2 grip cards and "
      "6 credits, the corp may look at the top 5 cards of R&D and swap one with a card of HQ; 1 region per "
      "server.")  # fmt: skip
def _nihongai_grid(b: Builder) -> None:
    def swap(x: Exec) -> None:
        g = x.game
        if (len(g.runner.hand) >= 2 and g.runner.credits >= 6) or not g.corp.deck or not g.corp.hand:
            return
        if not x.may(Phrase(N_("{card}: look at the top 5 cards of R&D to swap one with a card of HQ?"),
                            card=str(x.card))):  # fmt: skip
            return
        top = list(reversed(g.corp.deck[-5:]))
        g.log.add("reveal", CORP, visible=[CORP], cards=[str(c) for c in top], zone=Term("zone", "rnd"))
        out = x.pick(Phrase(N_("swap which card of R&D")), top)
        if out is None:
            return
        into = x.pick(Phrase(N_("swap {card} with which card of HQ"), card=str(out)), list(g.corp.hand), optional=False)
        if into is None:
            return
        where = g.corp.deck.index(out)
        g.corp.hand.remove(into)
        into.faceup = False
        g.corp.deck[where] = into
        g.corp.hand.append(out)
        g.log.add("move", CORP, visible=[CORP], card=str(out), zone="rnd", to="hq")
        g.log.add("move", CORP, visible=[CORP], card=str(into), zone="hq", to="rnd")

    b.paragraph(0).when("run_successful", swap, only=_my_server)
    one_region(b.paragraph(1))


@card("prisec", paragraphs=(0,), summary="When the runner accesses it while it is installed, the corp may pay 2 "
      "credits to give them 1 tag and do 1 meat damage.")  # fmt: skip
def _prisec(b: Builder) -> None:
    def access(x: Exec) -> None:
        g = x.game
        if not g.is_installed(x.card) or not g.can_pay("corp", 2):
            return
        if x.may(Phrase(N_("{card}: pay {n}{credit} to give the runner 1 tag and do {m} {damage}?"), card=str(x.card),
                        n=2, credit="[credit]", m=1, damage=Term("damage", "meat"))):  # fmt: skip
            g.pay("corp", 2, x.why)
            g.gain_tags(1)
            g.damage("meat", 1, by="corp")

    b.when("access", access, only=this_card)


@card("sandburg", paragraphs=(0,), summary="While the corp has 10 credits or more, each piece of ice has +1 strength "
      "for every 5 credits in its pool.")  # fmt: skip
def _sandburg(b: Builder) -> None:
    def stronger(g: NetrunnerGame, this: Card, c: Card) -> int:
        credits = g.corp.credits
        return credits // 5 if c.type == "ice" and credits >= 10 else 0

    b.strength_all(stronger)


def _ice_rezzed_this_turn(g: NetrunnerGame) -> bool:
    """Whether the corp rezzed a piece of ice this turn (as the log tells)."""
    names = {str(c) for c in g.installed("corp") + g.corp.discard + g.corp.hand + g.corp.deck + g.removed
             if c.type == "ice"}  # fmt: skip
    return any(str(e.get("card")) in names for e in g.events_this_turn("rez"))


@card("watchdog", paragraphs=(0,), summary="The first piece of ice the corp rezzes each turn costs 1 credit less to "
      "rez for each tag the runner has.")  # fmt: skip
def _watchdog(b: Builder) -> None:
    def cheaper(g: NetrunnerGame, this: Card, c: Card) -> int:
        if c.type != "ice" or not g.runner.tags or _ice_rezzed_this_turn(g):
            return 0
        return -g.runner.tags

    b.rez_cost(cheaper)


# ---------------------------------------------------------------- corp: ice


@card("aiki", paragraphs=(0,), summary="Subroutine: a psi game; if the bids differ the runner draws 2 cards.")
def _aiki(b: Builder) -> None:
    def sub(x: Exec) -> None:
        x.do("进行心灵博弈。")
        if x.ctx.psi_equal is False:
            x.game.draw("runner", 2)

    b.subroutine(sub)


@card("bulwark", paragraphs=(1, 2), summary="When encountered, the corp gains 2 credits if an AI program is "
      "installed; subroutine: the runner trashes 1 of their installed programs.")  # fmt: skip
def _bulwark(b: Builder) -> None:
    def programs(x: Exec) -> None:
        options = [c for c in x.game.runner.rig if c.type == "program"]
        _runner_trashes(x, options, Phrase(N_("trash which installed program")))

    b.paragraph(1).when("encounter", lambda x: x.game.gain_credits("corp", 2, x.why),
                        only=lambda x: this_ice(x) and _has_ai(x.game))  # fmt: skip
    b.paragraph(2).subroutine(programs)


@card("chiyashi", paragraphs=(0,), summary="Whenever the runner breaks one of its subroutines while an AI is "
      "installed, the top 2 cards of the stack are trashed.")  # fmt: skip
def _chiyashi(b: Builder) -> None:
    b.when("subroutine_broken", lambda x: _mill(x.game, 2, x.why),
           only=lambda x: this_ice(x) and _has_ai(x.game))  # fmt: skip


@card("data_ward", paragraphs=(0,), summary="When encountered, the runner takes 1 tag unless they pay 3 credits.")
def _data_ward(b: Builder) -> None:
    def met(x: Exec) -> None:
        g = x.game
        prompt = Phrase(N_("pay {n}{credit} to avoid taking a tag?"), n=3, credit="[credit]")
        if g.can_pay("runner", 3) and x.may(prompt, side="runner"):
            g.pay("runner", 3, x.why)
        else:
            g.gain_tags(1)

    b.when("encounter", met, only=this_ice)


@card("ip_block", paragraphs=(0,), summary="When encountered, the runner takes 1 tag if an AI program is installed.")
def _ip_block(b: Builder) -> None:
    b.when("encounter", lambda x: x.game.gain_tags(1), only=lambda x: this_ice(x) and _has_ai(x.game))


@card("thoth", paragraphs=(0, 1, 2), summary="When encountered, the runner takes 1 tag; subroutines: trace 4, 1 net "
      "damage for each tag; trace 4, the runner loses 1 credit for each tag.")  # fmt: skip
def _thoth(b: Builder) -> None:
    def damage(x: Exec) -> None:
        if _trace(x, 4) and x.game.runner.tags:
            x.game.damage("net", x.game.runner.tags, by="corp")

    def credits(x: Exec) -> None:
        if _trace(x, 4) and x.game.runner.tags:
            x.game.lose_credits("runner", x.game.runner.tags)

    b.paragraph(0).when("encounter", lambda x: x.game.gain_tags(1), only=this_ice)
    b.paragraph(1).subroutine(damage)
    b.paragraph(2).subroutine(credits)


@card("tribunal", paragraphs=(0, 1, 2), summary="Three subroutines: the runner trashes 1 of their installed cards.")
def _tribunal(b: Builder) -> None:
    for index in (0, 1, 2):
        b.paragraph(index).subroutine(_trash_own)


@card("mausolus", paragraphs=(1, 2, 3), summary="Subroutines: gain 1 credit (3 with 3 advancement counters or more); "
      "1 net damage (3 with 3 or more); 1 tag (and the run ends with 3 or more).")  # fmt: skip
def _mausolus(b: Builder) -> None:
    def advanced(x: Exec) -> bool:
        return x.card.advancement >= 3

    def gain(x: Exec) -> None:
        x.game.gain_credits("corp", 3 if advanced(x) else 1, x.why)

    def damage(x: Exec) -> None:
        x.game.damage("net", 3 if advanced(x) else 1, by="corp")

    def tag(x: Exec) -> None:
        big = advanced(x)
        x.game.gain_tags(1)
        if big:
            x.do("终止潜袭。")

    b.paragraph(1).subroutine(gain)
    b.paragraph(2).subroutine(damage)
    b.paragraph(3).subroutine(tag)


@card("macrophage", paragraphs=(1, 2), summary="Subroutines: trace 3, trash 1 virus program; trace 2, remove a virus "
      "in the heap from the game.")  # fmt: skip
def _macrophage(b: Builder) -> None:
    def trash_virus(x: Exec) -> None:
        g = x.game
        if not _trace(x, 3):
            return
        options = [c for c in g.runner.rig if c.type == "program" and "virus" in c.subtypes]
        chosen = x.pick(Phrase(N_("trash which virus")), options, optional=False)
        if chosen is not None:
            g.trash(chosen, x.why, by="corp")

    def remove_virus(x: Exec) -> None:
        g = x.game
        if not _trace(x, 2):
            return
        options = [c for c in g.runner.discard if "virus" in c.subtypes]
        chosen = x.pick(Phrase(N_("remove which virus in the heap from the game")), options, optional=False)
        if chosen is not None:
            x.remove_from_game(chosen)

    b.paragraph(1).subroutine(trash_virus)
    b.paragraph(2).subroutine(remove_virus)


@card("sherlock_2_0", paragraphs=(0, 1, 2), summary="The runner may lose 2 clicks to break up to 2 of its "
      "subroutines; subroutines: trace 4, an installed program goes to the bottom of the stack (twice).")  # fmt: skip
def _sherlock_2_0(b: Builder) -> None:
    def bottom(x: Exec) -> None:
        g = x.game
        if not _trace(x, 4):
            return
        options = [c for c in g.runner.rig if c.type == "program"]
        chosen = x.pick(Phrase(N_("add which installed program to the bottom of the stack")), options, optional=False)
        if chosen is not None:
            _to_stack_bottom(g, chosen)

    b.paragraph(0).runner_break(clicks=2, count=2)
    b.paragraph(1).subroutine(bottom)
    b.paragraph(2).subroutine(bottom)


@card("fairchild", paragraphs=(0, 1, 2, 3), summary="Subroutines: the run ends unless the runner pays 4 credits "
      "(twice); unless they trash 1 of their installed cards; unless they suffer 1 brain damage.")  # fmt: skip
def _fairchild(b: Builder) -> None:
    def trash(x: Exec) -> None:
        g = x.game
        cards = g.installed("runner")
        if cards and x.may(Phrase(N_("trash 1 of your installed cards, or the run ends?")), side="runner"):
            _runner_trashes(x, cards, Phrase(N_("trash 1 of your installed cards")))
        else:
            x.do("终止潜袭。")

    def core(x: Exec) -> None:
        g = x.game
        prompt = Phrase(N_("{card}: suffer {n} {damage}, or the run ends?"), card=str(x.card), n=1,
                        damage=Term("damage", "brain"))  # fmt: skip
        if x.may(prompt, side="runner"):
            before = g.runner.brain_damage
            g.damage("brain", 1, by="corp")
            if g.runner.brain_damage > before or g.over:
                return
        x.do("终止潜袭。")

    b.paragraph(0).subroutine(lambda x: _end_unless_paid(x, 4))
    b.paragraph(1).subroutine(lambda x: _end_unless_paid(x, 4))
    b.paragraph(2).subroutine(trash)
    b.paragraph(3).subroutine(core)


@card("fairchild_1_0", paragraphs=(0, 1, 2), summary="The runner may lose 1 click to break 1 of its subroutines; "
      "subroutines: the runner pays 1 credit or trashes 1 of their installed cards (twice).")  # fmt: skip
def _fairchild_1_0(b: Builder) -> None:
    b.paragraph(0).runner_break(clicks=1, count=1)
    b.paragraph(1).subroutine(lambda x: _pay_or_trash(x, 1))
    b.paragraph(2).subroutine(lambda x: _pay_or_trash(x, 1))


@card("fairchild_2_0", paragraphs=(0, 1, 2), summary="The runner may lose 2 clicks to break up to 2 of its "
      "subroutines; subroutines: the runner pays 2 credits or trashes 1 of their installed cards (twice).")  # fmt: skip
def _fairchild_2_0(b: Builder) -> None:
    b.paragraph(0).runner_break(clicks=2, count=2)
    b.paragraph(1).subroutine(lambda x: _pay_or_trash(x, 2))
    b.paragraph(2).subroutine(lambda x: _pay_or_trash(x, 2))


@card("fairchild_3_0", paragraphs=(0, 1, 2, 3), summary="The runner may lose 3 clicks to break up to 3 of its "
      "subroutines; subroutines: the runner pays 3 credits or trashes 1 of their installed cards (twice); the "
      "corp does 1 brain damage or ends the run.")  # fmt: skip
def _fairchild_3_0(b: Builder) -> None:
    def either(x: Exec) -> None:
        g = x.game
        prompt = Phrase(N_("{card}: do {n} {damage}, or end the run?"), card=str(x.card), n=1,
                        damage=Term("damage", "brain"))  # fmt: skip
        texts = (Phrase(N_("do {n} {damage}"), n=1, damage=Term("damage", "brain")), Phrase(N_("end the run")))
        if g.confirm("corp", "optional", prompt, yes="damage", no="end_run", texts=texts):
            g.damage("brain", 1, by="corp")
        else:
            x.do("终止潜袭。")

    b.paragraph(0).runner_break(clicks=3, count=3)
    b.paragraph(1).subroutine(lambda x: _pay_or_trash(x, 3))
    b.paragraph(2).subroutine(lambda x: _pay_or_trash(x, 3))
    b.paragraph(3).subroutine(either)


# ---------------------------------------------------------------- corp: identities


@card("jinteki_potential_unleashed", paragraphs=(0,), summary="Whenever the runner takes net damage, the top card of "
      "the stack is trashed.")  # fmt: skip
def _potential_unleashed(b: Builder) -> None:
    b.when("damage_done", lambda x: _mill(x.game, 1, x.why),
           only=lambda x: x.event.get("kind") == "net" and int(x.event.get("amount") or 0) >= 1)  # fmt: skip


@card("weyland_consortium_builder_of_nations", paragraphs=(0,), summary="The first time each turn an encounter with "
      "an advanced piece of ice ends, 1 meat damage.")  # fmt: skip
def _builder_of_nations(b: Builder) -> None:
    def ended(x: Exec) -> None:
        x.card.notes["turn"] = x.game.turns
        x.game.damage("meat", 1, by="corp")

    def first(x: Exec) -> bool:
        ice = x.event.get("ice")
        return ice is not None and ice.advancement > 0 and x.card.notes.get("turn") != x.game.turns

    b.when("encounter_ends", ended, only=first)


# ---------------------------------------------------------------- runner: events


@card("peace_in_our_time", paragraphs=(0, 1), summary="Playable only as the runner's first click, after a corp turn "
      "without a score; the runner gains 10 credits, the corp 5, and the runner cannot run this turn.")  # fmt: skip
def _peace_in_our_time(b: Builder) -> None:
    def playable(g: NetrunnerGame, c: Card) -> bool:
        spent = any(e.get("side") == "runner" and int(e.get("amount") or 0) < 0 for e in g.events_this_turn("clicks"))
        return not spent and g.active == "runner" and not any(e.kind == "score" for e in _last_turn(g, "corp"))

    def play(x: Exec) -> None:
        g = x.game
        g.gain_credits("runner", 10, x.why)
        g.gain_credits("corp", 5, x.why)
        x.lasting("may_run", lambda g, this, server: False, until="turn")

    b.paragraph(0).may_play(playable)
    b.paragraph(1).play(play)


@card("frantic_coding", paragraphs=(0,), summary="The runner looks at the top 10 cards of the stack, may install a "
      "program among them for 5 credits less, and trashes the rest.")  # fmt: skip
def _frantic_coding(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        top = list(reversed(g.runner.deck[-10:]))
        g.log.add("reveal", RUNNER, visible=[RUNNER], cards=[str(c) for c in top], zone=Term("zone", "stack"))
        options = [c for c in top if c.type == "program" and _runner_installable(g, c, 5)]
        prompt = Phrase(N_("install a program from your stack for {n}{credit} less"), n=5, credit="[credit]")
        chosen = x.pick(prompt, options)
        if chosen is not None:
            x.install_from(chosen, zone=g.runner.deck, less=5)
        for rest in top:
            if rest in g.runner.deck:
                g.trash(rest, x.why, by="runner")

    b.play(play)


@card("injection_attack", paragraphs=(0,), summary="The runner picks an installed icebreaker and runs any server; "
      "that icebreaker has +2 strength during the run.")  # fmt: skip
def _injection_attack(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        breakers = [c for c in g.runner.rig if "icebreaker" in c.subtypes]
        chosen = x.pick(Phrase(N_("which icebreaker gets +{n} strength"), n=2), breakers, optional=False)
        if chosen is not None:
            x.lasting("strength_all", lambda g, this, c: 2 if c is chosen else 0, until="run")
        x.run_on("any")

    b.play(play)


# ---------------------------------------------------------------- runner: hardware


@card("mirror", paragraphs=(1, 2), summary="After a successful run on R&D, the runner may refill 1 spent recurring "
      "credit; 1 console per player.")  # fmt: skip
def _mirror(b: Builder) -> None:
    def spent(g: NetrunnerGame) -> list[Card]:
        return [c for c in g.active_cards("runner") if g.recurring_uses(c) and c.recurring < g.recurring_uses(c)[0][0]]

    def refill(x: Exec) -> None:
        chosen = x.pick(Phrase(N_("replace a spent recurring credit on which card")), spent(x.game))
        if chosen is not None:
            chosen.recurring += 1
            x.game.log.add("recurring", RUNNER, card=str(chosen), credits=chosen.recurring, reason=x.why)

    b.paragraph(1).when("run_successful", refill,
                        only=lambda x: x.event.get("server") == "rnd" and bool(spent(x.game)))  # fmt: skip
    one_console(b.paragraph(2))


@card("recon_drone", paragraphs=(0,), summary="X credits, trash: prevent X damage while accessing a card.")
def _recon_drone(b: Builder) -> None:
    def prevent(x: Exec) -> None:
        g = x.game
        window = g.window or {}
        most = min(int(window.get("amount") or 0), g.runner.credits)
        if most <= 0:
            return
        n = _count(x, Phrase(N_("{card}: how many credits to pay"), card=str(x.card)), most, least=1)
        g.pay("runner", n, x.why)
        g.prevent("damage", n, x.card, window.get("kind"))

    def usable(g: NetrunnerGame, c: Card, window: str) -> bool:
        run = g.current_run
        return (g.window is not None and g.window.get("what") == "damage" and run is not None
                and run.step == "access" and g.runner.credits >= 1)  # fmt: skip

    b.paid([trash_self()], prevent, usable=usable, role="prevent_damage")


# ---------------------------------------------------------------- runner: programs


@card("misdirection", paragraphs=(0,), summary="2 clicks and X credits: remove X tags.")
def _misdirection(b: Builder) -> None:
    def remove(x: Exec) -> None:
        g = x.game
        most = min(g.runner.tags, g.runner.credits)
        if most <= 0:
            return
        n = _count(x, Phrase(N_("{card}: how many credits to pay"), card=str(x.card)), most, least=1)
        g.pay("runner", n, x.why)
        g.remove_tags(n)

    b.paid([click(2)], remove, usable=lambda g, c, w: w == "action" and g.runner.tags > 0 and g.runner.credits > 0)


@card("reaver", paragraphs=(0,), summary="The first time each turn the runner trashes an installed card, they draw "
      "1 card.")  # fmt: skip
def _reaver(b: Builder) -> None:
    def draw(x: Exec) -> None:
        x.card.notes["turn"] = x.game.turns
        x.game.draw("runner", 1)

    def mine(x: Exec) -> bool:
        trashed, by = x.event.get("card"), x.event.get("by")
        if trashed is None or x.event.get("zone") != "installed" or x.card.notes.get("turn") == x.game.turns:
            return False
        return by == "runner" or (by is None and trashed.side == "runner")

    b.when("trashed", draw, only=mine)


@card("tapwrm", paragraphs=(0, 1, 2), summary="Installed only after a successful run on a central server this turn; "
      "when the runner's turn begins they gain 1 credit for every 5 the corp has; trashed when the corp purges "
      "virus counters.")  # fmt: skip
def _tapwrm(b: Builder) -> None:
    def central_this_turn(g: NetrunnerGame, c: Card) -> bool:
        return any(turn == g.turns and server in CENTRALS and ok for turn, server, ok in g.run_history)

    def gain(x: Exec) -> None:
        n = x.game.corp.credits // 5
        if n:
            x.game.gain_credits("runner", n, x.why)

    def purged(x: Exec) -> None:
        if x.game.is_installed(x.card):
            x.game.trash(x.card, x.why)

    b.paragraph(0).may_install(central_this_turn)
    b.paragraph(1).when("your_turn_start", gain)
    b.paragraph(2).when("purged", purged)


# ---------------------------------------------------------------- runner: resources


@card("aaron_marron", paragraphs=(0,), summary="Whenever an agenda is scored or stolen, 2 power counters go on it.")
def _aaron_marron(b: Builder) -> None:
    def place(x: Exec) -> None:
        x.game.add_counters(x.card, "power", 2)

    b.when("any_scored", place).when("any_stolen", place)


@card("beth_kilrain_chang", paragraphs=(0, 1, 2), summary="When the runner's turn begins: with the corp at 5-9 "
      "credits gain 1 credit, at 10-14 draw 1 card, at 15 or more gain a click.")  # fmt: skip
def _beth_kilrain_chang(b: Builder) -> None:
    def between(low: int, high: int) -> Callable[[Exec], bool]:
        return lambda x: low <= x.game.corp.credits <= high

    b.paragraph(0).when("your_turn_start", lambda x: x.game.gain_credits("runner", 1, x.why),
                        only=between(5, 9))  # fmt: skip
    b.paragraph(1).when("your_turn_start", lambda x: x.do("你抽 1 张牌。"), only=between(10, 14))
    b.paragraph(2).when("your_turn_start", lambda x: x.do("你获得 [click]。"), only=between(15, 10**6))


@card("blockade_runner", paragraphs=(0,), summary="2 clicks: draw 3 cards, then shuffle 1 card of the grip into the "
      "stack.")  # fmt: skip
def _blockade_runner(b: Builder) -> None:
    def use(x: Exec) -> None:
        g = x.game
        g.draw("runner", 3)
        chosen = x.pick(Phrase(N_("shuffle which card of your grip into your stack")), list(g.runner.hand),
                        optional=False)  # fmt: skip
        if chosen is None:
            return
        g.runner.hand.remove(chosen)
        g.runner.deck.append(chosen)
        g.log.add("move", RUNNER, visible=[RUNNER], card=str(chosen), zone="grip", to="stack")
        _shuffle(g, "runner")

    b.paid([click(2)], use, usable=lambda g, c, w: w == "action")


@card("citadel_sanctuary", paragraphs=(0, 1), summary="When the runner's discard phase ends while tagged, the corp "
      "traces 1; if unsuccessful 1 tag is removed. Trash it and the grip: prevent all meat damage.")  # fmt: skip
def _citadel_sanctuary(b: Builder) -> None:
    def trace(x: Exec) -> None:
        if not _trace(x, 1):
            x.game.remove_tags(1)

    def prevent(x: Exec) -> None:
        g = x.game
        for discarded in list(g.runner.hand):
            g.trash(discarded, x.why, by="runner")
        window = g.window or {}
        g.prevent("damage", int(window.get("amount") or 0), x.card, "meat")

    def meat(g: NetrunnerGame, c: Card, window: str) -> bool:
        return g.window is not None and g.window.get("what") == "damage" and g.window.get("kind") == "meat"

    b.paragraph(0).when("your_turn_end", trace, only=lambda x: x.game.runner.tags > 0)
    b.paragraph(1).paid([trash_self()], prevent, usable=meat, role="prevent_damage")


# ---------------------------------------------------------------- runner: identities


@card("khan_savvy_skiptracer", paragraphs=(0,), summary="The first time each turn the runner passes a piece of ice, "
      "they may install an icebreaker from the grip for 1 credit less.")  # fmt: skip
def _khan(b: Builder) -> None:
    def install(x: Exec) -> None:
        g = x.game
        options = [c for c in g.runner.hand if "icebreaker" in c.subtypes and _runner_installable(g, c, 1)]
        prompt = Phrase(N_("install which icebreaker, paying {n}{credit} less"), n=1, credit="[credit]")
        chosen = x.pick(prompt, options, hidden=True)  # (the grip: asked with none in a game of two people)
        if chosen is not None:
            x.install_from(chosen, less=1)

    def first(x: Exec) -> bool:
        return sum(1 for _ in x.this_turn("pass")) == 1

    b.when("pass_ice", install, only=first)


@card("null_whistleblower", paragraphs=(0,), summary="Once per turn, on encountering a piece of ice, the runner may "
      "trash a card from the grip to give that ice -2 strength for the rest of the run.")  # fmt: skip
def _null_whistleblower(b: Builder) -> None:
    def met(x: Exec) -> None:
        g = x.game
        ice = x.event["ice"]
        prompt = Phrase(N_("{card}: trash a card from your grip to give {ice} -{n} strength for the run?"),
                        card=str(x.card), ice=str(ice), n=2)  # fmt: skip
        if not x.may(prompt):
            return
        chosen = x.pick(Phrase(N_("trash which card from your grip")), list(g.runner.hand), optional=False)
        if chosen is None:
            return
        x.card.notes["turn"] = g.turns
        g.trash(chosen, x.why, by="runner")
        x.lasting("strength_all", lambda g, this, c: -2 if c is ice else 0, until="run")
        g.log.add("strength", RUNNER, card=str(ice), delta=-2, strength=g.strength_of(ice))

    b.when("encounter", met, only=lambda x: x.card.notes.get("turn") != x.game.turns and bool(x.game.runner.hand))


# ---------------------------------------------------------------- what the log tells of encounters


def _encounter_log(g: NetrunnerGame, since: int = 0) -> list[tuple[str, int, set[Any], set[str]]]:
    """The encounters logged since ``since`` (a log index): ``(ice, subroutines, indexes broken, breakers)``."""
    out: list[tuple[str, int, set[Any], set[str]]] = []
    for e in list(g.log)[since:]:
        if e.kind == "encounter":
            out.append((str(e.data.get("ice")), int(e.data.get("subroutines") or 0), set(), set()))
        elif e.kind == "break" and out and str(e.data.get("ice")) == out[-1][0]:
            out[-1][2].add(e.data.get("index"))
            out[-1][3].add(str(e.data.get("by")))
    return out


def _fully_broke(g: NetrunnerGame, breaker: Card, ice: Card) -> bool:
    """``breaker`` alone has broken every subroutine of ``ice``, the ice being encountered now."""
    enc = _encounter(g)
    if enc is None or enc.ice is not ice or not enc.subs or any(not s.broken for s in enc.subs):
        return False
    logged = _encounter_log(g)
    return bool(logged) and logged[-1][0] == str(ice) and logged[-1][3] == {str(breaker)}


def _run_start(g: NetrunnerGame) -> int:
    """The log index of the current (or last) run's start."""
    events = list(g.log)
    return next((i for i in range(len(events) - 1, -1, -1) if events[i].kind == "run"), 0)


# ---------------------------------------------------------------- corp: more operations, assets, upgrades


def _savings(b: Builder, costs: Sequence[Any]) -> None:
    """"When your turn begins, you may move up to 3[credit] from your credit pool to this card. When your turn
    begins, place 2[credit] on it from the bank if there are at least 6[credit] on it. <costs>: take all credits
    from it" (paragraphs 0, 1, 2)."""

    def move(x: Exec) -> None:
        g = x.game
        prompt = Phrase(N_("move how many credits onto {card}"), card=str(x.card))
        n = _count(x, prompt, min(3, x.me.credits))
        if n:
            g.lose_credits(x.side, n)
            x.card.credits += n
            g.log.add("place_credits", x.me.seat, card=str(x.card), amount=n, hosted=x.card.credits)

    def grow(x: Exec) -> None:
        if x.card.credits >= 6:
            x.do("在本牌上放置 2[credit]。")

    def take(x: Exec) -> None:
        n = int(x.card.last_known.get("credits") or 0)
        if n:
            x.game.gain_credits(x.side, n, Phrase(N_("taken from {card}"), card=str(x.card)))

    b.paragraph(0).when("your_turn_start", move, only=lambda x: x.me.credits > 0)
    b.paragraph(1).when("your_turn_start", grow)
    b.paragraph(2).paid(costs, take, usable=lambda g, c, w: c.credits > 0)


@card("c_i_fund", paragraphs=(0, 1, 2), summary="When the corp's turn begins it may move up to 3 credits from its "
      "pool onto this asset, which then grows by 2 credits if it holds 6 or more; 2 credits, trash: take them "
      "all.")  # fmt: skip
def _c_i_fund(b: Builder) -> None:
    _savings(b, [credit(2), trash_self()])


@card("alexa_belsky", paragraphs=(0,), summary="Trash: HQ is shuffled into R&D, but for every 2 credits the runner "
      "pays one random card of HQ stays there.")  # fmt: skip
def _alexa_belsky(b: Builder) -> None:
    def shuffle(x: Exec) -> None:
        g = x.game
        hand = g.corp.hand
        most = min(len(hand), g.runner.credits // 2)
        prompt = Phrase(N_("{card}: how many credits to pay"), card=str(x.card))
        paid = int(x.choose(prompt, [2 * n for n in range(most + 1)], side="runner")) if most else 0
        if paid:
            g.pay("runner", paid, x.why)
        kept = g.rng.sample(hand, paid // 2)
        moved = [c for c in hand if c not in kept]
        for c in moved:
            _move_to_deck(g, c, hand)
        g.log.add("move", CORP, cards=len(moved), zone="hq", to="rnd")
        _shuffle(g, "corp")

    b.paid([trash_self()], shuffle, usable=lambda g, c, w: bool(g.corp.hand))


@card("bryan_stinson", paragraphs=(0,), summary="While the runner has fewer than 6 credits: click, play a "
      "transaction operation from Archives ignoring all costs, then remove it from the game.")  # fmt: skip
def _bryan_stinson(b: Builder) -> None:
    def options(g: NetrunnerGame) -> list[Card]:
        return [c for c in g.corp.discard if c.type == "operation" and "transaction" in c.subtypes and g.may_play(c)]

    def use(x: Exec) -> None:
        g = x.game
        chosen = x.pick(Phrase(N_("play which transaction from Archives")), options(g), optional=False)
        if chosen is None:
            return
        g.corp.discard.remove(chosen)
        chosen.faceup = True
        g.log.add("play", CORP, card=str(chosen), reason=x.why)
        for ability in g.abilities(chosen):
            if ability.kind == "effect":
                g.interp.execute(ability, Context("corp", chosen, g.current_run), pay=False)
        if chosen not in g.removed:
            x.remove_from_game(chosen)
        g.announce("played", card=chosen)

    b.paid([click()], use, usable=lambda g, c, w: w == "action" and g.runner.credits < 6 and bool(options(g)))


@card("chief_slee", paragraphs=(0, 1), summary="When an encounter ends, 1 power counter for each subroutine of that "
      "ice left unbroken; click, 5 power counters: 5 meat damage.")  # fmt: skip
def _chief_slee(b: Builder) -> None:
    def met(x: Exec) -> None:
        run = x.run
        x.card.notes["encounter"] = run.encounter if run is not None else None

    def count(x: Exec) -> None:
        g = x.game
        ice = x.event.get("ice")
        enc = x.card.notes.pop("encounter", None)
        if enc is not None and enc.ice is ice:  # the encounter itself: subroutines it gained count too
            unbroken = sum(1 for s in enc.subs if not s.broken)
        else:  # rezzed during the encounter: as the log tells
            logged = [e for e in _encounter_log(g, _run_start(g)) if e[0] == str(ice)]
            if not logged:
                return
            _, subs, broken, _ = logged[-1]
            unbroken = subs - len(broken)
        if unbroken > 0:
            g.add_counters(x.card, "power", unbroken)

    b.paragraph(0).when("encounter", met)
    b.when("encounter_ends", count)
    b.paragraph(1).paid([click(), counters("power", 5)], lambda x: x.game.damage("meat", 5, by="corp"),
                        usable=lambda g, c, w: w == "action")  # fmt: skip


def _unavoidable_tag(g: NetrunnerGame) -> None:
    """1 tag for the runner that cannot be avoided (no prevention window)."""
    g.runner.tags += 1
    g.log.add("tags", RUNNER, amount=1, tags=g.runner.tags)
    g.announce("tags_taken", amount=1)


@card("nbn_controlling_the_message", paragraphs=(0,), summary="The first time each turn the runner trashes an "
      "installed corp card, the corp may trace 4: if successful 1 tag that cannot be avoided.")  # fmt: skip
def _controlling_the_message(b: Builder) -> None:
    def trashed(x: Exec) -> None:
        x.card.notes["turn"] = x.game.turns
        if x.may(Phrase(N_("{card}: trace[{n}]?"), card=str(x.card), n=4)) and _trace(x, 4):
            _unavoidable_tag(x.game)

    def first(x: Exec) -> bool:
        c = x.event.get("card")
        return (c is not None and c.side == "corp" and x.event.get("by") == "runner"
                and x.event.get("zone") == "installed" and x.card.notes.get("turn") != x.game.turns)  # fmt: skip

    b.when("trashed", trashed, only=first)


@card("service_outage", paragraphs=(0, 1), summary="A current (until another current or a steal): the runner's first "
      "run in each of their turns costs them 1 credit more.")  # fmt: skip
def _service_outage(b: Builder) -> None:
    def first(g: NetrunnerGame) -> bool:
        return g.active == "runner" and not g.events_this_turn("run")

    def pay(x: Exec) -> None:
        g = x.game
        if g.can_pay("runner", 1):
            g.pay("runner", 1, Phrase(N_("an additional cost of {card}"), card=str(x.card)))

    current(b, until=("any_stolen",))
    b.paragraph(1).when("run_begins", pay,
                        only=lambda x: x.game.active == "runner" and len(x.this_turn("run")) == 1)  # fmt: skip
    b.may_run(lambda g, this, server: not first(g) or g.can_pay("runner", 1))


# ---------------------------------------------------------------- runner: more events


@card("another_day_another_paycheck", paragraphs=(0, 1), summary="A current (until another current or a score): "
      "whenever the runner steals an agenda the corp traces 0; if unsuccessful the runner gains a credit for "
      "each agenda point in both score areas.")  # fmt: skip
def _another_day(b: Builder) -> None:
    def stolen(x: Exec) -> None:
        g = x.game
        if not _trace(x, 0):
            points = g.agenda_points("corp") + g.agenda_points("runner")
            if points:
                g.gain_credits("runner", points, x.why)

    current(b, until=("any_scored",))
    b.paragraph(1).when("any_stolen", stolen)


def _in_play_for_the_run(x: Exec, server: str) -> None:
    """Run ``server`` with this event in play (active) until the run is over, access included."""
    g = x.game
    g.in_play.append(x.card)
    try:
        run = x.run_on(server)
        if g.current_run is run:
            g.runs.finish_run()
    finally:
        if x.card in g.in_play:
            g.in_play.remove(x.card)


@card("cold_read", paragraphs=(0,), summary="4 credits on it pay for anything during a run on any server; when the "
      "run ends the runner trashes 1 installed program they used during it (it cannot be prevented).")  # fmt: skip
def _cold_read(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        x.do("在本牌上放置 4[credit]。")
        start = len(g.log)
        _in_play_for_the_run(x, "any")
        used = {str(e.data.get("card")) for e in list(g.log)[start:] if e.kind == "use" and e.player == RUNNER}
        options = [c for c in g.runner.rig if c.type == "program" and str(c) in used]
        _runner_trashes(x, options, Phrase(N_("trash which installed program")))

    b.play(play)
    b.spend_hosted(lambda g, c, purpose: c in g.in_play and g.current_run is not None)


@card("credit_crash", paragraphs=(0,), summary="Run any server; the first non-agenda card accessed is trashed for "
      "free unless the corp pays its rez or play cost.")  # fmt: skip
def _credit_crash(b: Builder) -> None:
    def access(x: Exec) -> None:
        g = x.game
        accessed: Card = x.event["card"]
        x.card.notes["done"] = True
        if accessed in g.corp.discard:
            return
        cost = g.play_cost(accessed) if accessed.type == "operation" else g.rez_cost(accessed)
        prompt = Phrase(N_("pay {n}{credit} to keep {card}?"), n=cost, credit="[credit]", card=str(accessed))
        if g.can_pay("corp", cost) and x.may(prompt, side="corp"):
            g.pay("corp", cost, x.why)
            return
        g.trash(accessed, x.why, by="runner")

    def first(x: Exec) -> bool:
        accessed = x.event.get("card")
        return (x.card in x.game.in_play and not x.card.notes.get("done") and accessed is not None
                and accessed.type != "agenda")  # fmt: skip

    b.play(lambda x: _in_play_for_the_run(x, "any"))
    b.when("access", access, only=first)


@card("data_breach", paragraphs=(0,), summary="Run R&D; if successful the runner may run R&D again once it ends.")
def _data_breach(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        run = x.run_on("rnd")
        if g.current_run is run:
            g.runs.finish_run()
        if not g.run_history or not g.run_history[-1][2] or g.over:
            return
        if x.may(Phrase(N_("{card}: make another run on {server}?"), card=str(x.card), server=Term("zone", "rnd"))):
            x.run_on("rnd")

    b.play(play)


@card("deuces_wild", paragraphs=(0,), summary="Two of, in the order the runner picks: gain 3 credits; draw 2 cards; "
      "remove 1 tag; expose a piece of ice, then run any server.")  # fmt: skip
def _deuces_wild(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        choices = {
            "credits": Phrase(N_("gain {n}{credit}"), n=3, credit="[credit]"),
            "draw": Phrase(Nn_("draw {n} card", "draw {n} cards"), n=2),
            "tag": Phrase(N_("remove 1 tag")),
            "run": Phrase(N_("expose 1 piece of ice, then make a run")),
        }
        for number in (1, 2):
            options = [Option(label, text, label) for label, text in choices.items()]
            prompt = Phrase(N_("{card}: resolve which ({n}/{count})"), card=str(x.card), n=number, count=2)
            chosen = str(g.ask("runner", "target", prompt, options).value)
            del choices[chosen]
            if chosen == "credits":
                g.gain_credits("runner", 3, x.why)
            elif chosen == "draw":
                g.draw("runner", 2)
            elif chosen == "tag":
                g.remove_tags(1)
            else:
                ice = [c for c in g.installed("corp") if c.type == "ice" and not c.rezzed]
                exposed = x.pick(Phrase(N_("expose which card")), ice, optional=False)
                if exposed is not None:
                    server = g.server_of(exposed)
                    g.log.add("exposed", RUNNER, card=str(exposed), type=exposed.type,
                              server=server.name if server else None)  # fmt: skip
                run = x.run_on("any")
                if g.current_run is run:
                    g.runs.finish_run()
            if g.over:
                return

    b.play(play)


@card("equivocation", paragraphs=(0,), summary="After a successful run on R&D the runner may reveal its top card, "
      "then may make the corp draw it.")  # fmt: skip
def _equivocation(b: Builder) -> None:
    def reveal(x: Exec) -> None:
        g = x.game
        if not x.may(Phrase(N_("{card}: reveal the top card of R&D?"), card=str(x.card))):
            return
        top = g.corp.deck[-1]
        g.log.add("reveal", RUNNER, cards=[str(top)], zone=Term("zone", "rnd"))
        if x.may(Phrase(N_("{card}: make the corp draw {target}?"), card=str(x.card), target=str(top))):
            g.draw("corp", 1)

    b.when("run_successful", reveal, only=lambda x: x.event.get("server") == "rnd" and bool(x.game.corp.deck))


# ---------------------------------------------------------------- runner: more hardware and resources


@card("gpi_net_tap", paragraphs=(0,), summary="Approaching a face-down piece of ice, the runner may expose it, then "
      "may trash this hardware to jack out.")  # fmt: skip
def _gpi_net_tap(b: Builder) -> None:
    def approach(x: Exec) -> None:
        g = x.game
        ice: Card = x.event["ice"]
        if not x.may(Phrase(N_("{card}: expose the ice you approach?"), card=str(x.card))):
            return
        server = g.server_of(ice)
        g.log.add("exposed", RUNNER, card=str(ice), type=ice.type, server=server.name if server else None)
        if x.may(Phrase(N_("{card}: trash it to jack out?"), card=str(x.card))):
            g.trash(x.card, x.why, by="runner")
            x.jack_out()

    b.when("approach_ice", approach, only=lambda x: not getattr(x.event.get("ice"), "rezzed", True))


@card("obelus", paragraphs=(1, 2, 3), summary="+1 maximum hand size per tag; the first successful HQ or R&D run each "
      "turn draws a card per card accessed; 1 console per player.")  # fmt: skip
def _obelus(b: Builder) -> None:
    def draw(x: Exec) -> None:
        g = x.game
        accessed = sum(1 for e in list(g.log)[_run_start(g):] if e.kind == "access" and e.data.get("card"))
        if accessed:
            g.draw("runner", accessed)

    def first(x: Exec) -> bool:
        g = x.game
        if not x.event.get("successful") or x.event.get("server") not in ("hq", "rnd"):
            return False
        return sum(1 for t, s, ok in g.run_history if t == g.turns and ok and s in ("hq", "rnd")) == 1

    b.paragraph(1).limit(lambda g, this, side, stat: g.runner.tags if side == "runner" and stat == "hand_size" else 0)
    b.paragraph(2).when("run_ends", draw, only=first)
    one_console(b.paragraph(3))


@card("sifr", paragraphs=(1, 2), summary="Once per turn, on encountering a piece of ice, the runner may take -1 "
      "maximum hand size until their next turn begins to make that ice's strength 0 for the encounter; 1 console "
      "per player.")  # fmt: skip
def _sifr(b: Builder) -> None:
    def met(x: Exec) -> None:
        g = x.game
        ice: Card = x.event["ice"]
        if not x.may(Phrase(N_("{card}: -1 maximum hand size to make the strength of {ice} 0?"), card=str(x.card),
                            ice=str(ice))):  # fmt: skip
            return
        x.card.notes["turn"] = g.turns
        end = g.turns + (2 if g.active == "runner" else 1)  # the turn number of the runner's next turn
        x.lasting("limit", lambda g, this, side, stat: -1 if side == "runner" and stat == "hand_size"
                  and g.turns < end else 0, until="game")  # fmt: skip
        inside: list[int] = []

        def zero(g: NetrunnerGame, this: Card, c: Card) -> int:
            if c is not ice or inside:
                return 0
            inside.append(1)
            try:
                strength = g.strength_of(c)
            finally:
                inside.pop()
            return -strength if strength > 0 else 0

        x.lasting("strength_all", zero, until="encounter")
        g.log.add("strength", RUNNER, card=str(ice), delta=0, strength=g.strength_of(ice))

    b.paragraph(1).when("encounter", met, only=lambda x: x.card.notes.get("turn") != x.game.turns)
    one_console(b.paragraph(2))


@card("the_gauntlet", paragraphs=(1, 2), summary="Breaching HQ, the runner accesses 1 more card for each piece of ice "
      "protecting HQ they fully broke during the run; 1 console per player.")  # fmt: skip
def _the_gauntlet(b: Builder) -> None:
    def broke(x: Exec) -> None:
        run, ice = x.run, x.event["ice"]
        if x.card.notes.get("run") is not run:
            x.card.notes.update(run=run, broken=[])
        x.card.notes["broken"].append(ice)

    def fully(x: Exec) -> bool:
        enc = _encounter(x.game)
        return enc is not None and enc.ice is x.event.get("ice") and bool(enc.subs) and all(s.broken for s in enc.subs)

    def breach(x: Exec) -> None:
        g = x.game
        run: RunState | None = g.current_run
        if x.card.notes.get("run") is not run or run is None or "hq" not in g.servers:
            return
        broken = x.card.notes.get("broken", [])
        more = sum(1 for ice in g.servers["hq"].ice if ice in broken)
        if more:
            run.extra_access += more
            g.log.add("extra_access", RUNNER, cards=more, server="hq")

    b.paragraph(1).when("subroutine_broken", broke, only=fully)
    b.when("breach", breach, only=lambda x: x.event.get("server") == "hq")
    one_console(b.paragraph(2))


@card("top_hat", paragraphs=(0,), summary="After a successful run on R&D the runner may, instead of breaching it, "
      "access 1 of its top 5 cards (chosen by position).")  # fmt: skip
def _top_hat(b: Builder) -> None:
    def success(x: Exec) -> None:
        g = x.game
        if not x.may(Phrase(N_("{card}: access 1 of the top 5 cards of R&D instead of breaching it?"),
                            card=str(x.card))):  # fmt: skip
            return

        def access() -> None:
            n = min(5, len(g.corp.deck))
            if not n:
                return
            prompt = Phrase(N_("{card}: access which of the top {n} cards of R&D (1 is the top)"), card=str(x.card), n=n)
            position = int(x.choose(prompt, list(range(1, n + 1))))
            g.runs.access_card(g.corp.deck[-position], "rnd")

        x.instead_of_breach(access)

    b.when("run_successful", success, only=lambda x: x.event.get("server") == "rnd" and bool(x.game.corp.deck))


@card("algo_trading", paragraphs=(0, 1, 2), summary="When the runner's turn begins they may move up to 3 credits from "
      "their pool onto this resource, which then grows by 2 credits if it holds 6 or more; click, trash: take them "
      "all.")  # fmt: skip
def _algo_trading(b: Builder) -> None:
    _savings(b, [click(), trash_self()])


@card("first_responders", paragraphs=(0,), summary="2 credits: draw 1 card, once the runner has taken damage this "
      "turn.")  # fmt: skip
def _first_responders(b: Builder) -> None:
    b.paid([credit(2)], lambda x: x.do("你抽 1 张牌。"),
           usable=lambda g, c, w: bool(g.events_this_turn("damage")) and bool(g.runner.deck))  # fmt: skip


@card("temujin_contract", paragraphs=(0, 1), summary="When installed the runner names a server and 20 credits go on "
      "it (trashed once empty); each successful run on that server takes 4 of them.")  # fmt: skip
def _temujin_contract(b: Builder) -> None:
    def installed(x: Exec) -> None:
        g = x.game
        server = x.choose(Phrase(N_("{card}: choose a server"), card=str(x.card)), list(g.servers), kind="server")
        x.card.notes["server"] = server
        g.log.add("named", RUNNER, card=str(x.card), server=Term("zone", server))
        x.card.credits += 20
        x.card.notes["loaded"] = "credit"
        g.log.add("place_credits", RUNNER, card=str(x.card), amount=20, hosted=x.card.credits)

    def emptied(x: Exec) -> None:
        if x.game.is_installed(x.card):
            x.game.trash(x.card, Phrase(N_("it is empty")), by="runner")

    b.paragraph(0).loads("credit").when("installed", installed, only=this_card)
    b.when("emptied", emptied)
    b.paragraph(1).when("run_successful", lambda x: x.do("从本牌上拿取 4[credit]。"),
                        only=lambda x: x.event.get("server") == x.card.notes.get("server") and x.card.credits > 0)  # fmt: skip


@card("on_the_lam", paragraphs=(0,), summary="Hosted on an installed resource: trash it to prevent up to 3 tags or "
      "up to 3 damage.")  # fmt: skip
def _on_the_lam(b: Builder) -> None:
    def host(x: Exec) -> None:
        g = x.game
        resources = [c for c in g.runner.rig if c.type == "resource"]
        chosen = x.pick(Phrase(N_("host {card} on which card"), card=str(x.card)), resources, optional=False)
        if chosen is None:
            return
        x.card.host = chosen
        chosen.hosted.append(x.card)
        g.log.add("host", RUNNER, card=str(x.card), host=str(chosen))

    def prevent(what: str) -> Callable[[Exec], None]:
        def use(x: Exec) -> None:
            g = x.game
            window = g.window or {}
            g.prevent(what, min(3, int(window.get("amount") or 0)), x.card, window.get("kind"))
            g.leave_in_play(x.card, x.why)

        return use

    def gone(x: Exec) -> None:  # trashed with its host: out of play too
        if x.card in x.game.in_play:
            x.game.in_play.remove(x.card)

    def hosted(g: NetrunnerGame, c: Card, window: str) -> bool:
        return c in g.in_play and c.host is not None and g.window is not None

    b.may_play(lambda g, c: any(o.type == "resource" for o in g.runner.rig))
    b.stays_in_play()
    b.play(host)
    b.paid([], prevent("tags"), usable=hosted, role="prevent_tags")
    b.paid([], prevent("damage"), usable=hosted, role="prevent_damage")
    b.when("trashed", gone, only=this_card)
    b.when("played", lambda x: x.game.leave_in_play(x.card, x.why),
           only=lambda x: this_card(x) and x.card.host is None)  # fmt: skip


# ---------------------------------------------------------------- runner: icebreakers


def _weaker(g: NetrunnerGame, breaker: Card) -> bool:
    enc = _encounter(g)
    return enc is not None and not enc.bypassed and g.strength_of(breaker) < g.strength_of(enc.ice)


def _unbroken(g: NetrunnerGame, subtype: str | None = None) -> bool:
    enc = _encounter(g)
    return (enc is not None and not enc.bypassed and any(not s.broken for s in enc.subs)
            and (subtype is None or subtype in enc.ice.subtypes))  # fmt: skip


def _stealth_sources(g: NetrunnerGame) -> list[tuple[Card, str, int]]:
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


def _stealth_total(g: NetrunnerGame) -> int:
    return sum(n for _, _, n in _stealth_sources(g))


def _pay_with_stealth(x: Exec, total: int, stealth: int) -> bool:
    """Pay ``total`` for this icebreaker's ability, ``stealth`` of it with credits of stealth cards (the runner
    picks the cards), the rest as usual; False (nothing paid) if that cannot be done."""
    g = x.game
    if _stealth_total(g) < stealth or not g.can_pay("runner", total, "icebreaker"):
        return False
    left = stealth
    while left > 0:
        sources = _stealth_sources(g)
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
    if total > stealth:
        g.pay("runner", total - stealth, str(x.card), "icebreaker")
    else:
        g.log.add("pay", RUNNER, side="runner", credits=total, from_pool=0, credits_left=g.runner.credits,
                  reason=str(x.card))  # fmt: skip  (stealth credits alone: the pool paid nothing)
    return True


def _boost_for_the_run(x: Exec, amount: int) -> None:
    """This icebreaker gets +``amount`` strength for the rest of the run."""
    me = x.card
    x.lasting("strength_all", lambda g, this, c: amount if c is me else 0, until="run")
    x.game.log.add("strength", RUNNER, card=str(me), delta=amount, strength=x.game.strength_of(me))


def _stealth_run_boost(b: Builder, cost: int, amount: int) -> None:
    """"``cost``[credit]: +``amount`` strength for the remainder of this run. Use this ability only by spending at
    least 1[credit] from a stealth card"."""

    def boost(x: Exec) -> None:
        if _pay_with_stealth(x, cost, 1):
            _boost_for_the_run(x, amount)

    def usable(g: NetrunnerGame, c: Card, window: str) -> bool:
        return (window == "encounter" and _weaker(g, c) and _stealth_total(g) >= 1
                and g.can_pay("runner", cost, "icebreaker"))  # fmt: skip

    b.paid([], boost, usable=usable, role="boost")


@card("blackstone", paragraphs=(1,), summary="3 credits, at least 1 of them from a stealth card: +4 strength for the "
      "rest of the run.")  # fmt: skip
def _blackstone(b: Builder) -> None:
    _stealth_run_boost(b, 3, 4)


@card("houdini", paragraphs=(1,), summary="2 credits, at least 1 of them from a stealth card: +4 strength for the "
      "rest of the run.")  # fmt: skip
def _houdini(b: Builder) -> None:
    _stealth_run_boost(b, 2, 4)


@card("fawkes", paragraphs=(1,), summary="X credits, at least 1 of them from a stealth card: +X strength for the "
      "rest of the run.")  # fmt: skip
def _fawkes(b: Builder) -> None:
    def boost(x: Exec) -> None:
        g = x.game
        most = g.available("runner", "icebreaker")
        n = _count(x, Phrase(N_("{card}: how many credits to pay"), card=str(x.card)), most, least=1)
        if _pay_with_stealth(x, n, 1):
            _boost_for_the_run(x, n)

    def usable(g: NetrunnerGame, c: Card, window: str) -> bool:
        return window == "encounter" and _weaker(g, c) and _stealth_total(g) >= 1

    b.paid([], boost, usable=usable, role="boost")


@card("dai_v", paragraphs=(0,), summary="Interface: 2 credits, all from stealth cards, break every subroutine of the "
      "ice encountered.")  # fmt: skip
def _dai_v(b: Builder) -> None:
    def break_all(x: Exec) -> None:
        g = x.game
        enc = _encounter(g)
        if enc is None or not _pay_with_stealth(x, 2, 2):
            return
        for sub in [s for s in enc.subs if not s.broken]:
            g.runs.mark_broken(enc.ice, sub, x.card)

    usable = breaker_usable(lambda g, c, enc: not enc.bypassed and _stealth_total(g) >= 2)
    b.paid([], break_all, usable=usable, role="break")


def _full_break_counters(b: Builder) -> None:
    """"Whenever this program fully breaks a piece of ice, place 1 power counter on it. It gets +1 strength for
    each power counter on it" (paragraphs 0 and 1)."""

    def broke(x: Exec) -> None:
        x.game.add_counters(x.card, "power", 1)

    b.paragraph(0).when("subroutine_broken", broke,
                        only=lambda x: x.event.get("by") is x.card and _fully_broke(x.game, x.card, x.event["ice"]))  # fmt: skip
    b.paragraph(1).strength(lambda g, c: c.counters.get("power", 0))


@card("nfr", paragraphs=(0, 1), summary="A power counter each time it fully breaks a piece of ice; +1 strength for "
      "each power counter.")  # fmt: skip
def _nfr(b: Builder) -> None:
    _full_break_counters(b)


@card("sunya", paragraphs=(0, 1), summary="A power counter each time it fully breaks a piece of ice; +1 strength for "
      "each power counter.")  # fmt: skip
def _sunya(b: Builder) -> None:
    _full_break_counters(b)


def _derez_broken(b: Builder, subtype: str) -> None:
    """"2[credit], add this program to your grip: Derez 1 <subtype> this program fully broke during this
    encounter"."""

    def use(x: Exec) -> None:
        g = x.game
        enc = _encounter(g)
        ice = enc.ice if enc is not None else None
        _to_grip(g, x.card)
        if ice is not None:
            g.derez(ice, x.why)

    def usable(g: NetrunnerGame, c: Card, window: str) -> bool:
        enc = _encounter(g)
        return (window == "encounter" and enc is not None and subtype in enc.ice.subtypes and enc.ice.rezzed
                and _fully_broke(g, c, enc.ice))  # fmt: skip

    b.paid([credit(2)], use, usable=usable)


@card("golden", paragraphs=(2,), summary="2 credits, back to the grip: derez the sentry it fully broke in this "
      "encounter.")  # fmt: skip
def _golden(b: Builder) -> None:
    _derez_broken(b, "sentry")


@card("saker", paragraphs=(2,), summary="2 credits, back to the grip: derez the barrier it fully broke in this "
      "encounter.")  # fmt: skip
def _saker(b: Builder) -> None:
    _derez_broken(b, "barrier")


@card("peregrine", paragraphs=(2,), summary="2 credits, back to the grip: derez the code gate it fully broke in this "
      "encounter.")  # fmt: skip
def _peregrine(b: Builder) -> None:
    _derez_broken(b, "code_gate")


def _break_up_to(x: Exec, count: int, subtype: str) -> None:
    """"Then, if this program can interface with the <subtype> you are encountering, break up to ``count``
    subroutines": the runner picks them one by one and may stop."""
    g = x.game
    enc = _encounter(g)
    if (enc is None or subtype not in enc.ice.subtypes or not g.may_break(enc.ice, x.card)
            or g.strength_of(x.card) < g.strength_of(enc.ice)):  # fmt: skip
        return
    for _ in range(count):
        unbroken = [s for s in enc.subs if not s.broken]
        if not unbroken:
            return
        options = [Option(f"sub:{s.index}", Phrase(N_("subroutine {index}: {text}"), index=s.index, text=render(s.ability)), s)
                   for s in unbroken]  # fmt: skip
        options.append(Option("done", Phrase(N_("done")), None))
        sub = g.ask("runner", "subroutine", Phrase(N_("break a subroutine of {ice}"), ice=str(enc.ice)), options).value
        if sub is None:
            return
        g.runs.mark_broken(enc.ice, sub, x.card)


def _boost_and_break(b: Builder, subtype: str, cost: int, amount: int, count: int) -> None:
    """"``cost``[credit]: +``amount`` strength. Then, if this program can interface with the <subtype> you are
    encountering, break up to ``count`` subroutines"."""

    def use(x: Exec) -> None:
        x.card.strength_bonus += amount
        x.game.log.add("strength", RUNNER, card=str(x.card), delta=amount, strength=x.game.strength_of(x.card))
        _break_up_to(x, count, subtype)

    b.paid([credit(cost)], use, usable=lambda g, c, w: w == "encounter" and _unbroken(g, subtype), role="break")


def _install_from_heap(b: Builder, subtype: str) -> None:
    """"Whenever you encounter a <subtype>, you may install this program from your heap" (paying its cost)."""

    def install(x: Exec) -> None:
        if x.may(Phrase(N_("{card}: install it from your heap?"), card=str(x.card))):
            x.install_from(x.card, zone=x.game.runner.discard)

    def meets(x: Exec) -> bool:
        ice = x.event.get("ice")
        return ice is not None and subtype in ice.subtypes and _runner_installable(x.game, x.card)

    b.paragraph(0).when("encounter", install, only=meets, zone="discard")


@card("black_orchestra", paragraphs=(0, 1), summary="Encountering a code gate, the runner may install it from the "
      "heap; 3 credits: +2 strength, then, interfacing with the code gate encountered, break up to 2 of its "
      "subroutines.")  # fmt: skip
def _black_orchestra(b: Builder) -> None:
    _install_from_heap(b, "code_gate")
    _boost_and_break(b.paragraph(1), "code_gate", 3, 2, 2)


@card("mkultra", paragraphs=(0, 1), summary="Encountering a sentry, the runner may install it from the heap; 3 "
      "credits: +2 strength, then, interfacing with the sentry encountered, break up to 2 of its subroutines.")  # fmt: skip
def _mkultra(b: Builder) -> None:
    _install_from_heap(b, "sentry")
    _boost_and_break(b.paragraph(1), "sentry", 3, 2, 2)


@card("paperclip", paragraphs=(0, 1), summary="Encountering a barrier, the runner may install it from the heap; X "
      "credits: +X strength, then, interfacing with the barrier encountered, break up to X of its subroutines.")  # fmt: skip
def _paperclip(b: Builder) -> None:
    def use(x: Exec) -> None:
        g = x.game
        most = g.available("runner", "icebreaker")
        n = _count(x, Phrase(N_("{card}: how many credits to pay"), card=str(x.card)), most, least=1)
        g.pay("runner", n, str(x.card), "icebreaker")
        x.card.strength_bonus += n
        g.log.add("strength", RUNNER, card=str(x.card), delta=n, strength=g.strength_of(x.card))
        _break_up_to(x, n, "barrier")

    _install_from_heap(b, "barrier")
    b.paragraph(1).paid([], use, role="break",
                        usable=lambda g, c, w: w == "encounter" and _unbroken(g, "barrier")
                        and g.can_pay("runner", 1, "icebreaker"))  # fmt: skip


@card("herald", paragraphs=(3,), summary="Subroutine: the corp may pay up to 2 credits to place as many advancement "
      "counters on 1 installed card it can advance.")  # fmt: skip
def _herald(b: Builder) -> None:
    def sub(x: Exec) -> None:
        g = x.game
        most = min(2, g.corp.credits)
        options = [c for c in g.installed("corp") if g.can_advance(c)]
        if not most or not options:
            return
        chosen = x.pick(Phrase(N_("place advancement counters on")), options)
        if chosen is None:
            return
        n = _count(x, Phrase(N_("{card}: how many credits to pay"), card=str(x.card)), most)
        if n:
            g.pay("corp", n, x.why)
            g.place_advancement(chosen, n)

    b.subroutine(sub)


@card("net_quarantine", paragraphs=(0,), summary="For the first trace each turn the runner's link counts as 0 (they "
      "may still spend credits to raise it).")  # fmt: skip
def _net_quarantine(b: Builder) -> None:
    inside: list[int] = []

    def zero(g: NetrunnerGame, this: Card, side: str, stat: str) -> int:
        if side != "runner" or stat != "link" or g.tracing is None or inside or g.events_this_turn("trace"):
            return 0
        inside.append(1)
        try:
            link = g.link()
        finally:
            inside.pop()
        return -link

    b.limit(zero)


@card("omar_keung_conspiracy_theorist", paragraphs=(0,), summary="Once per turn, click: run Archives; if the run "
      "would be successful it becomes a successful run on HQ or R&D (the runner's choice).")  # fmt: skip
def _omar_keung(b: Builder) -> None:
    def run(x: Exec) -> None:
        x.card.notes["running"] = True
        try:
            x.run_on("archives")
        finally:
            x.card.notes.pop("running", None)

    def redirect(x: Exec) -> None:
        prompt = Phrase(N_("{card}: the run becomes a run on which server"), card=str(x.card))
        x.success_on(str(x.choose(prompt, [s for s in ("hq", "rnd") if s in x.game.servers], kind="server")))

    def usable(g: NetrunnerGame, c: Card, window: str) -> bool:
        return window == "action" and g.current_run is None and g.may_run("archives")

    b.paid([click()], run, once_per_turn=True, usable=usable)
    b.when("approach_server", redirect,
           only=lambda x: bool(x.card.notes.get("running")) and x.event.get("server") == "archives")  # fmt: skip


def _gain_source(g: NetrunnerGame) -> str | None:
    """What the credits just gained came from, as the log tells: the basic action's id (``corp_credit``), or the
    card whose ability was triggered, used or played last before them (None: nothing the log names)."""
    events = list(g.log)
    last = next((i for i in range(len(events) - 1, -1, -1) if events[i].kind == "credits"), None)
    if last is None:
        return None
    reason = str(events[last].data.get("reason") or "")
    if reason.endswith("_credit"):
        return reason
    for e in reversed(events[:last]):
        if e.kind == "trigger":
            return str(e.data.get("source"))
        if e.kind in ("use", "play", "subroutine"):
            return str(e.data.get("card") or e.data.get("ice"))
        if e.kind == "action":
            return str(e.data.get("action"))
    return None


@card("nasx", paragraphs=(1, 2), summary="Whenever the corp gains credits through a card ability other than this "
      "asset's, it may pay up to 2 credits for as many power counters here; click, trash: 2 credits per power "
      "counter.")  # fmt: skip
def _nasx(b: Builder) -> None:
    def save(x: Exec) -> None:
        g = x.game
        prompt = Phrase(N_("{card}: how many credits to pay (as many power counters)"), card=str(x.card))
        n = _count(x, prompt, min(2, g.corp.credits))
        if n:
            g.pay("corp", n, x.why)
            g.add_counters(x.card, "power", n)

    def through_a_card(x: Exec) -> bool:
        g = x.game
        if x.event.get("side") != "corp" or not g.corp.credits:
            return False
        source = _gain_source(g)
        return source is not None and not source.endswith("_credit") and source != str(x.card)

    def cash(x: Exec) -> None:
        n = int((x.card.last_known.get("counters") or {}).get("power", 0))
        if n:
            x.game.gain_credits("corp", 2 * n, x.why)

    b.paragraph(1).when("credits_gained", save, only=through_a_card)
    b.paragraph(2).paid([click(), trash_self()], cash,
                        usable=lambda g, c, w: w == "action" and c.counters.get("power", 0) > 0)  # fmt: skip


# ---------------------------------------------------------------- subroutines given to ice

_NET_SUB = "[subroutine] 造成 1 点网域伤害。"
_CORE_SUB = "[subroutine] 造成 1 点脑部伤害。"


@card("project_kusanagi", paragraphs=(0, 1), summary="When scored, 1 agenda counter for each advancement counter over "
      "2; an agenda counter from it: a piece of ice gains a last subroutine doing 1 net damage for the rest of the "
      "run.")  # fmt: skip
def _project_kusanagi(b: Builder) -> None:
    def scored(x: Exec) -> None:
        n = int(x.event.get("advancement") or 0) - 2
        if n > 0:
            x.game.add_counters(x.card, "agenda", n)

    def gained(g: NetrunnerGame, enc: Encounter) -> None:
        gain_subroutines(g, enc, [parse_cached(_NET_SUB)])

    def choose(x: Exec) -> None:
        g = x.game
        ice = x.pick(Phrase(N_("which ice gains the subroutine")), [c for c in g.installed("corp") if c.type == "ice"],
                     optional=False)  # fmt: skip
        if ice is None:
            return
        if x.card.notes.get("run") is not g.current_run:
            x.card.notes.update(run=g.current_run, ice=[])
        x.card.notes["ice"].append(ice)
        enc = _encounter(g)
        if enc is not None and enc.ice is ice:
            gained(g, enc)

    def met(x: Exec) -> None:
        g = x.game
        enc = _encounter(g)
        if enc is None:
            return
        for _ in range(sum(1 for c in x.card.notes.get("ice", []) if c is enc.ice)):
            gained(g, enc)

    def usable(g: NetrunnerGame, c: Card, window: str) -> bool:
        return g.current_run is not None and any(o.type == "ice" for o in g.installed("corp"))

    b.paragraph(0).when("agenda_scored", scored, only=this_card)
    b.paragraph(1).paid([counters("agenda", 1)], choose, usable=usable)
    b.when("encounter", met, only=lambda x: x.card.notes.get("run") is x.run
           and any(c is x.event.get("ice") for c in x.card.notes.get("ice", [])))  # fmt: skip


@card("wetwork_refit", paragraphs=(0,), summary="Hosted on a rezzed bioroid ice as a condition: that ice gains a "
      "first subroutine doing 1 brain damage.")  # fmt: skip
def _wetwork_refit(b: Builder) -> None:
    def bioroids(g: NetrunnerGame) -> list[Card]:
        return [c for c in g.installed("corp") if c.type == "ice" and c.rezzed and "bioroid" in c.subtypes]

    def host(x: Exec) -> None:
        g = x.game
        chosen = x.pick(Phrase(N_("host {card} on which card"), card=str(x.card)), bioroids(g), optional=False)
        if chosen is None:
            return
        x.card.host = chosen
        chosen.hosted.append(x.card)
        g.log.add("host", CORP, card=str(x.card), host=str(chosen))

    def met(x: Exec) -> None:
        g = x.game
        enc = _encounter(g)
        if enc is None:
            return
        gain_subroutines(g, enc, [parse_cached(_CORE_SUB)], first=True, by=x.card)

    def gone(x: Exec) -> None:  # trashed with its host: out of play too
        if x.card in x.game.in_play:
            x.game.in_play.remove(x.card)

    b.may_play(lambda g, c: bool(bioroids(g)))
    b.stays_in_play()
    b.play(host)
    b.when("encounter", met, only=lambda x: x.card.host is not None and x.event.get("ice") is x.card.host)
    b.when("trashed", gone, only=this_card)
    b.when("played", lambda x: x.game.leave_in_play(x.card, x.why),
           only=lambda x: this_card(x) and x.card.host is None)  # fmt: skip


@card("rumor_mill", paragraphs=(0, 1), summary="A current (until another current or a score): every unique asset and "
      "upgrade that is not a region loses its abilities.")  # fmt: skip
def _rumor_mill(b: Builder) -> None:
    def tag(c: Card) -> str:
        return f"rumor_mill#{c.uid}"  # how long they stay blank: while this card is in play

    def silence(x: Exec) -> None:
        g = x.game
        cards = [*g.corp.deck, *g.corp.hand, *g.corp.discard, *g.installed("corp"), *g.removed]
        hit = [c for c in cards if c.side == "corp" and c.type in ("asset", "upgrade") and c.record.unique
               and "region" not in c.subtypes and c.uid not in g.blanks]  # fmt: skip
        for c in hit:
            g.blanks[c.uid] = tag(x.card)
        g.log.add("blank", RUNNER, cards=len(hit), until=Phrase(N_("while {card} is in play"), card=str(x.card)))

    def restore(x: Exec) -> None:
        g = x.game
        g.blanks = {uid: until for uid, until in g.blanks.items() if until != tag(x.card)}

    def scored(x: Exec) -> None:
        restore(x)
        x.game.leave_in_play(x.card, Phrase(N_("its current ended")))

    current(b, until=())
    b.when("any_scored", scored)
    b.paragraph(1).play(silence)
    b.when("played", restore, zone="discard",
           only=lambda x: x.card not in x.game.in_play and tag(x.card) in x.game.blanks.values())  # fmt: skip
