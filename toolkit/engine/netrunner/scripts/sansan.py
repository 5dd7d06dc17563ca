"""Card scripts of the SanSan cycle (The Valley, Breaker Bay, Chrome City, The Underway, Old Hollywood, The Universe
of Tomorrow): the corp and runner cards and identities the templates do not read.

Frames the cycle prints often:

- "While the Runner is accessing this card in R&D, they must reveal it" (the NBN sensies): the access is logged
  as a public reveal when the card was accessed from R&D (:func:`_reveal`);
- "Install this agenda faceup" (the renovations): the engine's only face-up installed corp card is a rezzed one,
  so such an agenda is marked rezzed as it is installed (seen by both players; its abilities active while
  installed, as its own "whenever you advance" needs), without a rez. Casting Call installs any agenda, whose text
  must stay inactive until it is scored: that install is announced to both players but the agenda stays unrezzed;
- "add this card to your score area as an agenda worth N points" (Public Support, Franchise City, Fan Site): the
  card leaves play into the score area and its ``points`` hook counts it there;
- "the first time each turn ...": counted from the log's events of the turn (:func:`_mine_this_turn`).

Cards whose text needs what the engine does not model (forbidding a jack out, a rez or a draw, a steal or trash
cost, an interrupt on damage or tags, a card's memory or trash cost changing, exposing as an event, corp cards
hosting cards, face-down cards hosted on a runner card) are left out; the report of the cycle's scripts lists them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from toolkit.engine.phrase import Phrase, Term
from toolkit.i18n import Nn_
from toolkit.i18n.words import N_
from toolkit.text.render import render

from ..state import CENTRALS, SEATS, Card, Context, Sub
from . import (
    Builder,
    Exec,
    card,
    click,
    credit,
    current,
    one_console,
    one_region,
    place_of,
    this_card,
    this_ice,
    trash_self,
)

if TYPE_CHECKING:
    from toolkit.engine.core import Event

    from ..game import NetrunnerGame

RUNNER = SEATS["runner"]
CORP = SEATS["corp"]
RIG_TYPES = ("program", "hardware", "resource")
CORP_INSTALLABLE = ("ice", "asset", "upgrade", "agenda")


# ---------------------------------------------------------------- what several cards ask


def _mine_this_turn(g: NetrunnerGame, kind: str, seat: int) -> list[Event]:
    """The log's ``kind`` events of ``seat`` since the current turn began."""
    return [e for e in list(g.log)[g.turn_started_at :] if e.kind == kind and e.player == seat]


def _shuffle(g: NetrunnerGame, side: str) -> None:
    player = g.corp if side == "corp" else g.runner
    g.rng.shuffle(player.deck)
    g.log.add("shuffle", player.seat, zone="rnd" if side == "corp" else "stack")


def _reveal(g: NetrunnerGame, cards: Sequence[Card], zone: str, seat: int = CORP) -> None:
    """``cards`` shown to both players (a public log entry naming them)."""
    for c in cards:
        g.log.add("reveal", seat, card=str(c), type=c.type, zone=zone)


def _reveal_if_in_rnd(x: Exec) -> None:
    """"While the Runner is accessing this card in R&D, they must reveal it"."""
    accessed = x.event.get("card")
    if isinstance(accessed, Card) and accessed in x.game.corp.deck:
        _reveal(x.game, [accessed], "rnd", RUNNER)


def _left_the_rig(x: Exec) -> bool:
    """The event is this runner card being trashed from the rig (not from the grip or the stack, where its text is
    not active): the log's last event that moved it, before this trash, installed it. A card laid out by a
    scenario has no such event; it counts as installed."""
    if x.event.get("card") is not x.card:
        return False
    name = str(x.card)
    moved = [e for e in x.game.log if e.data.get("card") == name and e.kind in _MOVES]
    if moved and moved[-1].kind == "trashed":
        moved.pop()  # this trash
    return not moved or moved[-1].kind in ("install", "host")


_MOVES = ("install", "host", "draw", "move", "search", "trashed", "discarded", "removed_from_game")


def _first_success(g: NetrunnerGame, where: Sequence[str] | None = None) -> bool:
    """At a run's success: it is on one of ``where`` (any server when None) and no earlier run of the turn on one
    of them was successful."""
    run = g.current_run
    if run is None or (where is not None and run.server not in where):
        return False
    return not any(t == g.turns and ok and (where is None or s in where) for t, s, ok in g.run_history)


def _installable(g: NetrunnerGame, c: Card, free: bool = False) -> bool:
    """Whether the runner could install ``c`` now (paying its install cost unless ``free``)."""
    if c.type not in RIG_TYPES or not g.may_install(c):
        return False
    if c.type == "program" and int(c.record.memory_cost or 0) > g.memory_limit():
        return False
    return free or g.can_pay("runner", g.install_cost(c), "install")


def _corp_installable(g: NetrunnerGame, c: Card, free: bool = False) -> bool:
    """Whether the corp could install ``c`` somewhere now (paying its install cost unless ``free``)."""
    if c.type not in CORP_INSTALLABLE or not g.may_install(c):
        return False
    return any(free or g.can_pay("corp", g.install_cost(c, s), "install") for s in g.server_options(c))


def _into_score_area(g: NetrunnerGame, c: Card, side: str, points: int) -> None:
    """``c`` leaves play (a server or the rig) into ``side``'s score area as an agenda worth ``points`` (neither
    scored nor stolen: no trigger of either fires)."""
    server = g.server_of(c)
    if server is not None:
        g.trash_from_server(c)
    if c in g.runner.rig:
        g.runner.rig.remove(c)
    c.leave_play()
    player = g.corp if side == "corp" else g.runner
    c.rezzed = side == "corp"
    c.faceup = True
    player.score_area.append(c)
    g.log.add("to_score_area", player.seat, card=str(c), points=points)
    g.check_memory()
    g.check_points()


def _worth_one(g: NetrunnerGame, this: Card, side: str) -> int:
    """The points hook of a card worth 1 agenda point in its score area."""
    return 1 if side == "corp" and this in g.corp.score_area else 0


def _install_faceup(b: Builder) -> None:
    """"Install this agenda faceup": it is face up (rezzed, without a rez) as soon as it is installed."""

    def installed(x: Exec) -> None:
        _faceup(x.game, x.card)

    b.when("installed", installed, only=this_card)


def _faceup(g: NetrunnerGame, c: Card) -> None:
    server = g.server_of(c)
    if server is None or c.rezzed:
        return
    c.rezzed = True
    g.log.add("install_faceup", CORP, card=str(c), server=server.name)


def _encountering(g: NetrunnerGame) -> Any:
    run = g.current_run
    return run.encounter if run is not None and not run.ended else None


def _strength_for_each_breaker(b: Builder) -> None:
    """"This program gets +1 strength for each installed icebreaker"."""
    b.strength(lambda g, c: sum(1 for o in g.runner.rig if "icebreaker" in o.subtypes))


def _protecting(server: str) -> Any:
    """"+3 strength while protecting ``server``" (``remote``: any remote server)."""

    def stronger(g: NetrunnerGame, c: Card) -> int:
        where = g.server_of(c)
        if where is None or c not in where.ice:
            return 0
        return 3 if (where.remote if server == "remote" else where.name == server) else 0

    return stronger


# ================================================================ runner cards


@card("beach_party", paragraphs=(0,), summary="At the start of each of your turns, you lose a click.")
def _beach_party(b: Builder) -> None:
    b.when("your_turn_start", lambda x: x.do("潜袭者失去 [click]。"))


@card("drug_dealer", paragraphs=(1,), summary="At the start of each corp turn, draw 1 card.")
def _drug_dealer(b: Builder) -> None:
    b.when("turn_begins", lambda x: x.do("你抽 1 张牌。"), only=lambda x: x.event.get("side") == "corp")


@card("crowbar", paragraphs=(1,), summary="+1 strength for each installed icebreaker.")
def _crowbar(b: Builder) -> None:
    _strength_for_each_breaker(b)


@card("shiv", paragraphs=(1,), summary="+1 strength for each installed icebreaker.")
def _shiv(b: Builder) -> None:
    _strength_for_each_breaker(b)


@card("spike", paragraphs=(1,), summary="+1 strength for each installed icebreaker.")
def _spike(b: Builder) -> None:
    _strength_for_each_breaker(b)


@card("study_guide", paragraphs=(0,), summary="+1 strength for each power counter on it.")
def _study_guide(b: Builder) -> None:
    b.strength(lambda g, c: c.counters.get("power", 0))


@card("tyson_observatory", paragraphs=(0,), summary="Two clicks: fetch a hardware from the stack into the grip.")
def _tyson(b: Builder) -> None:
    b.text("[click]，[click]：你从存储栈搜寻 1 张硬件，展示后加入你的手牌。")


@card("forger", paragraphs=(1, 3), summary="Trash it to avoid 1 tag; one console per player.")
def _forger(b: Builder) -> None:
    b.paragraph(1).text("[trash]：避免 1 个锁定标记。")
    one_console(b.paragraph(3))


@card("hyperdriver", paragraphs=(0,), summary="At the start of your turn, you may remove it from the game for 3 "
      "more clicks.")  # fmt: skip
def _hyperdriver(b: Builder) -> None:
    def start(x: Exec) -> None:
        if x.may(Phrase(N_("{card}: remove it from the game to gain {clicks}?"), card=str(x.card),
                        clicks="[click][click][click]")):  # fmt: skip
            x.remove_from_game()
            x.do("你获得 [click][click][click]。")

    b.when("your_turn_start", start)


@card("game_day", paragraphs=(0, 1), summary="Costs one more click to play; draw up to your maximum hand size.")
def _game_day(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        missing = g.hand_size("runner") - len(g.runner.hand)
        if missing > 0:
            g.draw("runner", missing)

    b.paragraph(0).play_clicks(1)
    b.paragraph(1).play(play)


def _first_click(g: NetrunnerGame, c: Card) -> bool:
    """"Play only as your first [click]": the runner has spent no click this turn (but the one of the play action
    under way: the action's click is spent before the card is played)."""
    events = list(g.log)[g.turn_started_at :]
    spent = [i for i, e in enumerate(events) if e.kind == "clicks" and e.player == RUNNER and "reason" in e.data
             and int(e.data.get("amount", 0)) < 0]  # fmt: skip
    if not spent:
        return True
    last = spent[-1]
    playing = events[last].data.get("reason") == "runner_play" and not any(e.kind == "play" for e in events[last:])
    return len(spent) == 1 and playing


@card("fisk_investment_seminar", paragraphs=(0, 1), summary="Only as your first click of the turn: each player "
      "draws 3 cards.")  # fmt: skip
def _fisk_seminar(b: Builder) -> None:
    def play(x: Exec) -> None:
        x.game.draw("runner", 3)
        x.game.draw("corp", 3)

    b.paragraph(0).may_play(_first_click)
    b.paragraph(1).play(play)


@card("symmetrical_visage", paragraphs=(0,), summary="The first time each turn you take the basic draw action, "
      "gain 1 credit.")  # fmt: skip
def _symmetrical_visage(b: Builder) -> None:
    def drew(x: Exec) -> None:
        draws = [e for e in _mine_this_turn(x.game, "action", RUNNER) if e.data.get("action") == "runner_draw"]
        if len(draws) == 1:
            x.do("你获得 1[credit]。")

    b.when("action_taken", drew, only=lambda x: x.event.get("side") == "runner" and x.event.get("action") == "draw")


@card("synthetic_blood", paragraphs=(0,), summary="The first time you take damage each turn, draw 1 card.")
def _synthetic_blood(b: Builder) -> None:
    def damaged(x: Exec) -> None:
        if len(_mine_this_turn(x.game, "damage", RUNNER)) == 1:
            x.do("你抽 1 张牌。")

    b.when("damage_done", damaged)


@card("enhanced_vision", paragraphs=(0,), summary="At your first successful run each turn, the corp reveals a "
      "random card from HQ.")  # fmt: skip
def _enhanced_vision(b: Builder) -> None:
    def successful(x: Exec) -> None:
        g = x.game
        if g.corp.hand:
            _reveal(g, [g.rng.choice(g.corp.hand)], "hq")

    b.when("run_successful", successful, only=lambda x: _first_success(x.game))


@card("laramy_fisk_savvy_investor", paragraphs=(0,), summary="At the first successful run on a central server "
      "each turn, you may make the corp draw 1 card.")  # fmt: skip
def _laramy_fisk(b: Builder) -> None:
    def successful(x: Exec) -> None:
        if x.may(Phrase(N_("{card}: make the corp draw 1 card?"), card=str(x.card))):
            x.game.draw("corp", 1)

    b.when("run_successful", successful, only=lambda x: _first_success(x.game, CENTRALS))


@card("armand_geist_walker_tech_lord", paragraphs=(0,), summary="Each time you use a trash ability of one of your "
      "cards, draw 1 card.")  # fmt: skip
def _geist(b: Builder) -> None:
    def trash_cost(x: Exec) -> bool:
        c = x.event.get("card")
        if not isinstance(c, Card) or c.side != "runner":
            return False
        last = next((e for e in reversed(list(x.game.log)) if e.kind == "trashed" and e.data.get("card") == str(c)),
                    None)  # fmt: skip
        return last is not None and last.data.get("reason") == "trash cost"

    b.when("trashed", lambda x: x.do("你抽 1 张牌。"), only=trash_cost)


@card("hayley_kaplan_universal_scholar", paragraphs=(0,), summary="After your first install of each turn, you may "
      "install another card of the same type from your grip, paying for it.")  # fmt: skip
def _hayley(b: Builder) -> None:
    def first(x: Exec) -> bool:
        c = x.event.get("card")
        return isinstance(c, Card) and c.side == "runner" and len(_mine_this_turn(x.game, "install", RUNNER)) == 1

    def installed(x: Exec) -> None:
        g = x.game
        kind = x.event["card"].type
        options = [c for c in g.runner.hand if c.type == kind and _installable(g, c)]
        chosen = x.pick(Phrase(N_("install another {type} from your grip?"), type=Term("card_type", kind)), options)
        if chosen is not None:
            x.install_from(chosen)

    b.when("any_installed", installed, only=first)


@card("paige_piper", paragraphs=(0,), summary="After your first install of each turn (this one included), you may "
      "move any number of copies of that card from your stack to your heap, then shuffle.")  # fmt: skip
def _paige_piper(b: Builder) -> None:
    def first(x: Exec) -> bool:
        c = x.event.get("card")
        return isinstance(c, Card) and c.side == "runner" and len(_mine_this_turn(x.game, "install", RUNNER)) == 1

    def installed(x: Exec) -> None:
        g = x.game
        c = x.event["card"]
        copies = [o for o in reversed(g.runner.deck) if o.id == c.id]
        if not copies:
            return
        prompt = Phrase(N_("{card}: how many copies of {other} to move from your stack to your heap?"),
                        card=str(x.card), other=str(c))  # fmt: skip
        count = int(x.choose(prompt, list(range(len(copies) + 1))))
        for o in copies[:count]:
            g.runner.deck.remove(o)
            g.to_discard(o, x.why)
        if count:
            _shuffle(g, "runner")

    b.when("any_installed", installed, only=first)


@card("net_ready_eyes", paragraphs=(1,), summary="When you begin a run, one of your icebreakers gets +1 strength "
      "until the run ends.")  # fmt: skip
def _net_ready_eyes(b: Builder) -> None:
    def begins(x: Exec) -> None:
        g = x.game
        breakers = [c for c in g.runner.rig if c.type == "program" and "icebreaker" in c.subtypes]
        chosen = x.pick(Phrase(N_("{card}: which icebreaker gets +1 strength this run"), card=str(x.card)), breakers,
                        optional=False)  # fmt: skip
        if chosen is None:
            return
        x.lasting("strength_all", lambda g, this, c: 1 if c is chosen else 0, until="run")
        g.log.add("strength", RUNNER, card=str(chosen), delta=1, strength=g.strength_of(chosen))

    b.when("run_begins", begins)


@card("davinci", paragraphs=(1,), summary="Trash it: install from your grip, free, a card whose install cost is at "
      "most its power counters.")  # fmt: skip
def _davinci(b: Builder) -> None:
    def options(g: NetrunnerGame, most: int) -> list[Card]:
        return [c for c in g.runner.hand if _installable(g, c, free=True) and g.install_cost(c) <= most]

    def use(x: Exec) -> None:
        most = int(x.card.last_known.get("counters", {}).get("power", 0))
        chosen = x.pick(Phrase(N_("install a card from your grip for free")), options(x.game, most), optional=False)
        if chosen is not None:
            x.install_from(chosen, free=True)

    b.paid([trash_self()], use, usable=lambda g, c, w: bool(options(g, c.counters.get("power", 0))))


@card("trope", paragraphs=(1,), summary="Click and remove it from the game: shuffle a heap card into the stack for "
      "each power counter it had.")  # fmt: skip
def _trope(b: Builder) -> None:
    def use(x: Exec) -> None:
        g = x.game
        count = x.card.counters.get("power", 0)
        x.remove_from_game()
        prompt = Phrase(N_("shuffle a card from your heap into your stack"))
        chosen = g.choose_many("runner", "target", prompt, list(reversed(g.runner.discard)), count)
        for c in chosen:
            g.runner.discard.remove(c)
            g.runner.deck.append(c)
            g.log.add("move", RUNNER, card=str(c), zone="heap", to="stack")
        _shuffle(g, "runner")

    usable = lambda g, c, w: w == "action" and c.counters.get("power", 0) > 0 and bool(g.runner.discard)  # noqa: E731
    b.paid([click()], use, usable=usable)


@card("rolodex", paragraphs=(0, 1), summary="When installed, put the top 5 cards of your stack in the order you "
      "choose; when trashed, the top 3 cards of your stack are trashed.")  # fmt: skip
def _rolodex(b: Builder) -> None:
    def installed(x: Exec) -> None:
        g = x.game
        deck = g.runner.deck
        top = list(reversed(deck[-5:]))  # the top card first
        if len(top) < 2:
            return
        order: list[Card] = []
        left = list(top)
        while len(left) > 1:
            pick = g.choose("runner", "target", Phrase(N_("which card goes next from the top of your stack")), left)
            left.remove(pick)
            order.append(pick)
        order += left
        del deck[-len(top) :]
        deck.extend(reversed(order))
        g.log.add("arrange", RUNNER, visible=[RUNNER], cards=[str(c) for c in order], zone="stack")
        g.log.add("arranged", RUNNER, cards=len(order), zone="stack")

    def trashed(x: Exec) -> None:
        g = x.game
        for c in list(reversed(g.runner.deck[-3:])):
            g.trash(c, x.why, by="runner")

    b.paragraph(0).when("installed", installed, only=this_card)
    b.paragraph(1).when("trashed", trashed, only=_left_the_rig)


@card("fan_site", paragraphs=(0,), summary="When the corp scores an agenda, it goes to your score area as an agenda "
      "worth no points.")  # fmt: skip
def _fan_site(b: Builder) -> None:
    def scored(x: Exec) -> None:
        if x.card in x.game.runner.rig:
            _into_score_area(x.game, x.card, "runner", 0)

    b.when("any_scored", scored)


@card("gang_sign", paragraphs=(0,), summary="When the corp scores an agenda, breach HQ: access 1 random card of HQ "
      "(not its root).")  # fmt: skip
def _gang_sign(b: Builder) -> None:
    def scored(x: Exec) -> None:
        g = x.game
        if x.card not in g.runner.rig:
            return
        if not g.corp.hand:
            g.log.add("access", RUNNER, server="hq", cards=0)
            return
        g.runs.access_card(g.rng.choice(g.corp.hand), "hq")

    b.when("any_scored", scored)


@card("spoilers", paragraphs=(0,), summary="When the corp scores an agenda, it trashes the top card of R&D.")
def _spoilers(b: Builder) -> None:
    def scored(x: Exec) -> None:
        g = x.game
        if x.card in g.runner.rig and g.corp.deck:
            g.trash(g.corp.deck[-1], x.why, by="corp")

    b.when("any_scored", scored)


@card("turntable", paragraphs=(1, 2), summary="When you steal an agenda, you may swap it with an agenda of the "
      "corp's score area; one console per player.")  # fmt: skip
def _turntable(b: Builder) -> None:
    def stolen(x: Exec) -> None:
        g = x.game
        mine = x.event.get("card")
        if not isinstance(mine, Card) or mine not in g.runner.score_area:
            return
        theirs = [c for c in g.corp.score_area if c.type == "agenda"]
        chosen = x.pick(Phrase(N_("{card}: swap {agenda} with which agenda of the corp?"), card=str(x.card),
                               agenda=str(mine)), theirs)  # fmt: skip
        if chosen is None:
            return
        g.runner.score_area.remove(mine)
        g.corp.score_area.remove(chosen)
        mine.rezzed, chosen.rezzed = True, False
        chosen.faceup = True
        g.corp.score_area.append(mine)
        g.runner.score_area.append(chosen)
        g.log.add("swap", RUNNER, card=str(x.card), runner=str(chosen), corp=str(mine))
        g.check_points()

    b.paragraph(1).when("any_stolen", stolen)
    one_console(b.paragraph(2))


@card("comet", paragraphs=(1, 2), summary="After the first event you play each turn, you may play another event "
      "without spending a click; one console per player.")  # fmt: skip
def _comet(b: Builder) -> None:
    def first_event(x: Exec) -> bool:
        c = x.event.get("card")
        return isinstance(c, Card) and c.type == "event" and len(_mine_this_turn(x.game, "play", RUNNER)) == 1

    def played(x: Exec) -> None:
        g = x.game
        options = [c for c in g.runner.hand if c.type == "event" and g.may_play(c)
                   and g.can_pay("runner", g.play_cost(c)) and g.runner.clicks >= g.play_clicks(c)]  # fmt: skip
        chosen = x.pick(Phrase(N_("{card}: play another event without spending a click?"), card=str(x.card)),
                        options)  # fmt: skip
        if chosen is None:
            return
        more = g.play_clicks(chosen)  # an additional cost in clicks is still paid
        if more:
            g.spend_clicks("runner", more, str(chosen))
        g.actions.play_card("runner", chosen)

    b.paragraph(1).when("played", played, only=first_event)
    one_console(b.paragraph(2))


@card("drive_by", paragraphs=(0, 1), summary="Costs one more click to play; expose a card in the root of a remote "
      "server and trash it if it is an asset or an upgrade.")  # fmt: skip
def _drive_by(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        roots = [c for s in g.servers.values() if s.remote for c in s.root]
        chosen = x.pick(Phrase(N_("expose which card")), roots, optional=False)
        if chosen is None:
            g.log.add("no_target", RUNNER, card=str(x.card), reason=Phrase(N_("no card is in a remote root")))
            return
        where = g.server_of(chosen)
        g.log.add("exposed", RUNNER, card=str(chosen), type=chosen.type, server=where.name if where else None)
        if chosen.type in ("asset", "upgrade"):
            g.trash(chosen, x.why, by="runner")

    b.paragraph(0).play_clicks(1)
    b.paragraph(1).play(play)


@card("analog_dreamers", paragraphs=(0,), summary="Click: run R&D; if successful, instead of breaching it you may "
      "have the corp shuffle an unrezzed, unadvanced non-ice card into R&D.")  # fmt: skip
def _analog_dreamers(b: Builder) -> None:
    def use(x: Exec) -> None:
        g = x.game
        run = x.run_on("rnd")
        if not run.successful or run.ended:
            return
        options = [c for c in g.installed("corp") if not c.rezzed and c.type != "ice" and not c.advancement]
        prompt = Phrase(N_("instead of breaching R&D, shuffle which card into R&D?"))
        chosen = x.pick(prompt, options)
        if chosen is None:
            return

        def shuffle_in() -> None:
            where = g.server_of(chosen)
            if where is None:
                return
            place = place_of(g, chosen)
            g.trash_from_server(chosen)
            chosen.leave_play()
            g.corp.deck.append(chosen)
            told = g.log.add("move", CORP, visible=[CORP], card=str(chosen), zone=place, to="rnd")
            g.apart(told, g.log.add("shuffled_facedown", RUNNER, server=where.name, to="rnd"))
            _shuffle(g, "corp")

        x.instead_of_breach(shuffle_in)

    b.paid([click()], use, usable=lambda g, c, w: w == "action" and g.current_run is None)


@card("immolation_script", paragraphs=(0,), summary="Run Archives; once in that run, as you access a piece of ice "
      "there, you may trash a rezzed installed copy of it instead.")  # fmt: skip
def _immolation_script(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        g.in_play.append(x.card)  # in play while its run goes on: its access ability works
        try:
            run = x.run_on("archives")
            if g.current_run is run:
                g.runs.finish_run()
        finally:
            if x.card in g.in_play:
                g.in_play.remove(x.card)

    def concerns(x: Exec) -> bool:
        c = x.event.get("card")
        return (x.card in x.game.in_play and not x.card.notes.get("used") and isinstance(c, Card)
                and c.type == "ice" and c in x.game.corp.discard)  # fmt: skip

    def access(x: Exec) -> None:
        g = x.game
        ice = x.event["card"]
        copies = [c for c in g.installed("corp") if c.id == ice.id and c.rezzed]
        chosen = x.pick(Phrase(N_("{card}: trash a rezzed copy of {ice}?"), card=str(x.card), ice=str(ice)), copies)
        if chosen is not None:
            x.card.notes["used"] = True
            g.trash(chosen, x.why, by="runner")

    b.play(play)
    b.when("access", access, only=concerns)


@card("surfer", paragraphs=(0,), summary="2 credits: the barrier being encountered swaps places with the ice just "
      "before or after it; the encounter goes on there.")  # fmt: skip
def _surfer(b: Builder) -> None:
    def neighbours(g: NetrunnerGame) -> list[Card]:
        enc = _encountering(g)
        if enc is None or "barrier" not in enc.ice.subtypes:
            return []
        server = g.server_of(enc.ice)
        if server is None or enc.ice not in server.ice:
            return []
        i = server.ice.index(enc.ice)
        return [server.ice[j] for j in (i - 1, i + 1) if 0 <= j < len(server.ice)]

    def use(x: Exec) -> None:
        g = x.game
        run = g.current_run
        other = x.pick(Phrase(N_("swap the barrier with which piece of ice")), neighbours(g), optional=False)
        if other is None or run is None or run.encounter is None:
            return
        ice = run.encounter.ice
        server = g.server_of(ice)
        assert server is not None
        i, j = server.ice.index(ice), server.ice.index(other)
        server.ice[i], server.ice[j] = other, ice
        run.position = j + 1
        shown = str(other) if other.rezzed else Phrase(N_("unrezzed ice"))
        g.log.add("swap_ice", RUNNER, card=str(x.card), ice=str(ice), other=shown, server=server.name)

    b.paid([credit(2)], use, usable=lambda g, c, w: w == "encounter" and bool(neighbours(g)))


def _faust_cost(x: Exec) -> bool:
    """Trash a card of the grip (the runner's choice): Faust's cost."""
    g = x.game
    chosen = x.pick(Phrase(N_("trash a card from your grip")), list(g.runner.hand), optional=False)
    if chosen is None:
        return False
    g.trash(chosen, Phrase(N_("the cost of {card}"), card=str(x.card)), by="runner")
    return True


@card("faust", paragraphs=(0, 1), summary="Trash a grip card: break 1 subroutine; trash a grip card: +2 strength.")
def _faust(b: Builder) -> None:
    def strong(g: NetrunnerGame, c: Card) -> bool:
        enc = _encountering(g)
        return enc is not None and g.strength_of(c) >= g.strength_of(enc.ice)

    def can_break(g: NetrunnerGame, c: Card, window: str) -> bool:
        enc = _encountering(g)
        if window != "encounter" or enc is None or not g.runner.hand or not g.may_break(enc.ice, c):
            return False
        return any(not s.broken for s in enc.subs) and strong(g, c)

    def can_boost(g: NetrunnerGame, c: Card, window: str) -> bool:
        return window == "encounter" and _encountering(g) is not None and bool(g.runner.hand) and not strong(g, c)

    def breaks(x: Exec) -> None:
        if _faust_cost(x):
            x.break_subroutines(1)

    def boosts(x: Exec) -> None:
        if _faust_cost(x):
            x.card.strength_bonus += 2
            x.game.log.add("strength", RUNNER, card=str(x.card), delta=2, strength=x.game.strength_of(x.card))

    b.paragraph(0).paid([], breaks, usable=can_break, role="break")
    b.paragraph(1).paid([], boosts, usable=can_boost, role="boost")


@card("film_critic", paragraphs=(0, 1, 2), summary="Hosts at most one agenda: when you access an agenda you may "
      "host it here instead; two clicks add the hosted agenda to your score area.")  # fmt: skip
def _film_critic(b: Builder) -> None:
    def hosted(c: Card) -> list[Card]:
        return [h for h in c.hosted if h.type == "agenda"]

    def concerns(x: Exec) -> bool:
        c = x.event.get("card")
        return isinstance(c, Card) and c.type == "agenda" and x.card in x.game.runner.rig and not hosted(x.card)

    def access(x: Exec) -> None:
        g = x.game
        agenda = x.event["card"]
        if not x.may(Phrase(N_("{card}: host {agenda} on it?"), card=str(x.card), agenda=str(agenda))):
            return
        if g.server_of(agenda) is not None:
            g.trash_from_server(agenda)
        for zone in (g.corp.deck, g.corp.hand, g.corp.discard):
            if agenda in zone:
                zone.remove(agenda)
        agenda.leave_play()
        agenda.faceup = True
        agenda.host = x.card
        x.card.hosted.append(agenda)
        g.log.add("host", RUNNER, card=str(agenda), host=str(x.card))

    def score(x: Exec) -> None:
        g = x.game
        for agenda in hosted(x.card)[:1]:
            x.card.hosted.remove(agenda)
            agenda.host = None
            g.runner.score_area.append(agenda)
            g.log.add("to_score_area", RUNNER, card=str(agenda), points=agenda.record.agenda_points)
            g.check_points()

    b.paragraph(1).when("access", access, only=concerns)
    b.paragraph(2).paid([click(), click()], score, usable=lambda g, c, w: w == "action" and bool(hosted(c)))


@card("london_library", paragraphs=(0, 1, 2), summary="Click: install a non-virus program from your grip on it "
      "for free; click: return a program on it to your grip; its programs are trashed when your turn ends.")  # fmt: skip
def _london_library(b: Builder) -> None:
    def options(g: NetrunnerGame) -> list[Card]:
        return [c for c in g.runner.hand if c.type == "program" and "virus" not in c.subtypes
                and _installable(g, c, free=True) and g.script_hooks("hosts", [c]) == []]  # fmt: skip

    def programs(c: Card) -> list[Card]:
        return [h for h in c.hosted if h.type == "program"]

    def turn_end(x: Exec) -> None:
        for h in programs(x.card):
            x.game.trash(h, x.why, by="runner")

    def install(x: Exec) -> None:
        chosen = x.pick(Phrase(N_("install a program on {card}"), card=str(x.card)), options(x.game), optional=False)
        if chosen is not None:
            x.game.install("runner", chosen, pay=False, host=x.card)

    def back(x: Exec) -> None:
        g = x.game
        chosen = x.pick(Phrase(N_("add a program on {card} to your grip"), card=str(x.card)), programs(x.card),
                        optional=False)  # fmt: skip
        if chosen is None:
            return
        g.runner.rig.remove(chosen)
        chosen.leave_play()
        g.runner.hand.append(chosen)
        g.log.add("move", RUNNER, card=str(chosen), zone="rig", to="grip")
        g.check_memory()

    b.paragraph(0).when("your_turn_end", turn_end)
    b.paragraph(1).paid([click()], install, usable=lambda g, c, w: w == "action" and bool(options(g)))
    b.paragraph(2).paid([click()], back, usable=lambda g, c, w: w == "action" and bool(programs(c)))


@card("traffic_jam", paragraphs=(0, 1), summary="A current until another current or a scored agenda: each agenda "
      "needs 1 more advancement for each copy of it in the corp's score area.")  # fmt: skip
def _traffic_jam(b: Builder) -> None:
    current(b.paragraph(0), until=("any_scored",))
    b.paragraph(1).requirement(lambda g, this, agenda: sum(1 for c in g.corp.score_area if c.id == agenda.id))


@card("muertos_gang_member", paragraphs=(0, 1), summary="When installed, the corp derezzes a card; when trashed, the "
      "corp may rez a card without paying its rez cost.")  # fmt: skip
def _muertos(b: Builder) -> None:
    def installed(x: Exec) -> None:
        g = x.game
        rezzed = [c for c in g.installed("corp") if c.rezzed and c.type != "agenda"]
        chosen = x.pick(Phrase(N_("derez which card")), rezzed, optional=False, side="corp")
        if chosen is not None:
            g.derez(chosen, x.why)

    def trashed(x: Exec) -> None:
        g = x.game
        options = [c for c in g.installed("corp") if not c.rezzed and c.type != "agenda"
                   and all(can(g, c) for _, (can, _pay) in g.script_hooks("rez_requires", [c]))]  # fmt: skip
        chosen = x.pick(Phrase(N_("rez a card, ignoring its rez cost?")), options, side="corp")
        if chosen is None:
            return
        g.rez(chosen, free=True)
        for _, (_can, pay_more) in g.script_hooks("rez_requires", [chosen]):  # only the rez cost is ignored
            pay_more(g, chosen)

    b.paragraph(0).when("installed", installed, only=this_card)
    b.paragraph(1).when("trashed", trashed, only=_left_the_rig)


# ================================================================ corp cards


@card("gutenberg", paragraphs=(0,), summary="+3 strength while protecting R&D.")
def _gutenberg(b: Builder) -> None:
    b.strength(_protecting("rnd"))


@card("meru_mati", paragraphs=(0,), summary="+3 strength while protecting HQ.")
def _meru_mati(b: Builder) -> None:
    b.strength(_protecting("hq"))


@card("crick", paragraphs=(0, 1), summary="+3 strength while protecting Archives; its subroutine installs a card "
      "from Archives, paying for it.")  # fmt: skip
def _crick(b: Builder) -> None:
    def sub(x: Exec) -> None:
        g = x.game
        options = [c for c in reversed(g.corp.discard) if _corp_installable(g, c)]
        chosen = x.pick(Phrase(N_("install a card from Archives")), options, optional=False)
        if chosen is None:
            g.log.add("install_failed", CORP, visible=[CORP], reason=Phrase(N_("no card in Archives can be installed")))
            return
        x.install_from(chosen, zone=g.corp.discard)

    b.paragraph(0).strength(_protecting("archives"))
    b.paragraph(1).subroutine(sub)


@card("turing", paragraphs=(0, 1, 2), summary="+3 strength while protecting a remote server; AI programs cannot "
      "break it; its subroutine ends the run unless the runner spends 3 clicks.")  # fmt: skip
def _turing(b: Builder) -> None:
    def sub(x: Exec) -> None:
        g = x.game
        prompt = Phrase(N_("spend {clicks} so that the run does not end?"), clicks="[click][click][click]")
        if g.runner.clicks >= 3 and x.may(prompt, side="runner"):
            g.spend_clicks("runner", 3, str(x.card))
            return
        x.do("终止潜袭。")

    b.paragraph(0).strength(_protecting("remote"))
    b.paragraph(1).unbreakable(lambda g, ice, breaker: "ai" in breaker.subtypes)
    b.paragraph(2).subroutine(sub)


@card("quicksand", paragraphs=(0, 1), summary="A power counter each time the runner encounters it; +1 strength for "
      "each power counter.")  # fmt: skip
def _quicksand(b: Builder) -> None:
    b.paragraph(0).when("encounter", lambda x: x.do("在本牌上放置 1 个能量指示物。"),
                        only=this_ice)  # fmt: skip
    b.paragraph(1).strength(lambda g, c: c.counters.get("power", 0))


@card("little_engine", paragraphs=(2,), summary="Its third subroutine gives the runner 5 credits.")
def _little_engine(b: Builder) -> None:
    b.subroutine(lambda x: x.game.gain_credits("runner", 5, x.why))


@card("cortex_lock", paragraphs=(0,), summary="Subroutine: 1 net damage for each unused memory unit of the runner.")
def _cortex_lock(b: Builder) -> None:
    def sub(x: Exec) -> None:
        g = x.game
        unused = max(0, g.memory_limit() - g.memory_used())
        if unused:
            g.damage("net", unused)

    b.subroutine(sub)


@card("bandwidth", paragraphs=(0,), summary="Subroutine: the runner takes a tag, and removes a tag if this run is "
      "successful.")  # fmt: skip
def _bandwidth(b: Builder) -> None:
    def sub(x: Exec) -> None:
        g = x.game
        x.do("潜袭者获得 1 个锁定标记。")

        def ended(run: Any, successful: bool) -> None:
            if successful and g.runner.tags:
                g.remove_tags(1)

        x.when_run_ends(ended)

    b.subroutine(sub)


@card("clairvoyant_monitor", paragraphs=(0,), summary="Subroutine: a psi game; if the bids differ, an advancement "
      "counter on an installed card and the run ends.")  # fmt: skip
def _clairvoyant_monitor(b: Builder) -> None:
    def sub(x: Exec) -> None:
        x.do("进行心灵博弈。")
        if x.ctx.psi_equal is False:
            x.do("在 1 张已安装的牌上放置 1 个推进标记。")
            x.do("终止潜袭。")

    b.subroutine(sub)


@card("lab_dog", paragraphs=(0,), summary="Subroutine: the runner trashes one of its installed hardware, then Lab "
      "Dog is trashed.")  # fmt: skip
def _lab_dog(b: Builder) -> None:
    def sub(x: Exec) -> None:
        g = x.game
        hardware = [c for c in g.runner.rig if c.type == "hardware"]
        chosen = x.pick(Phrase(N_("trash one of your hardware")), hardware, optional=False, side="runner")
        if chosen is not None:
            g.trash(chosen, x.why, by="runner")
        g.trash(x.card, x.why, by="corp")

    b.subroutine(sub)


@card("its_a_trap", paragraphs=(1,), summary="Subroutine: the runner trashes one of its installed cards, then this "
      "ice is trashed.")  # fmt: skip
def _its_a_trap(b: Builder) -> None:
    def sub(x: Exec) -> None:
        g = x.game
        chosen = x.pick(Phrase(N_("trash one of your installed cards")), list(g.runner.rig), optional=False,
                        side="runner")  # fmt: skip
        if chosen is not None:
            g.trash(chosen, x.why, by="runner")
        g.trash(x.card, x.why, by="corp")

    b.subroutine(sub)


def _next_ice(g: NetrunnerGame) -> int:
    return sum(1 for c in g.installed("corp") if c.type == "ice" and c.rezzed and "next" in c.subtypes)


@card("next_gold", paragraphs=(0, 1, 2), summary="X is the number of rezzed NEXT ice: X net damage; the runner's "
      "programs trashed, X of them.")  # fmt: skip
def _next_gold(b: Builder) -> None:
    def damage(x: Exec) -> None:
        count = _next_ice(x.game)
        if count:
            x.game.damage("net", count)

    def programs(x: Exec) -> None:
        g = x.game
        options = [c for c in g.runner.rig if c.type == "program"]
        prompt = Phrase(N_("trash a {type}"), type=Term("card_type", "program"))
        for chosen in g.choose_many("corp", "target", prompt, options, _next_ice(g)):
            if g.is_installed(chosen):
                g.trash(chosen, x.why, by="corp")

    b.paragraph(1).subroutine(damage)
    b.paragraph(2).subroutine(programs)


@card("enforcer_1_0", paragraphs=(0, 1, 4, 5), summary="Rezzing it also forfeits an agenda; the runner may lose a "
      "click to break a subroutine; subroutines trash a console and every virtual resource.")  # fmt: skip
def _enforcer(b: Builder) -> None:
    def can(g: NetrunnerGame, c: Card) -> bool:
        return any(a.type == "agenda" for a in g.corp.score_area)

    def forfeit(g: NetrunnerGame, c: Card) -> None:
        agendas = [a for a in g.corp.score_area if a.type == "agenda"]
        chosen = g.choose("corp", "target", Phrase(N_("forfeit which agenda to rez {card}"), card=str(c)), agendas)
        g.forfeit(chosen, Phrase(N_("the cost of rezzing {card}"), card=str(c)))

    def console(x: Exec) -> None:
        g = x.game
        consoles = [c for c in g.runner.rig if c.type == "hardware" and "console" in c.subtypes]
        chosen = x.pick(Phrase(N_("trash which console")), consoles, optional=False)
        if chosen is not None:
            g.trash(chosen, x.why, by="corp")

    def virtual(x: Exec) -> None:
        g = x.game
        for c in [c for c in g.runner.rig if c.type == "resource" and "virtual" in c.subtypes]:
            if g.is_installed(c):
                g.trash(c, x.why, by="corp")

    b.paragraph(0).rez_requires(can, forfeit)
    b.paragraph(1).runner_break(clicks=1, count=1)
    b.paragraph(4).subroutine(console)
    b.paragraph(5).subroutine(virtual)


@card("brain_taping_warehouse", paragraphs=(0,), summary="Bioroid ice costs 1 credit less to rez for each click "
      "the runner has left.")  # fmt: skip
def _brain_taping(b: Builder) -> None:
    b.rez_cost(lambda g, this, c: -g.runner.clicks if c.type == "ice" and "bioroid" in c.subtypes else 0)


@card("breaker_bay_grid", paragraphs=(0, 1), summary="Cards in the root of its server cost 5 credits less to rez; "
      "one region per server.")  # fmt: skip
def _breaker_bay_grid(b: Builder) -> None:
    def cheaper(g: NetrunnerGame, this: Card, c: Card) -> int:
        server = g.server_of(this)
        return -5 if server is not None and c in server.root else 0

    b.paragraph(0).rez_cost(cheaper)
    one_region(b.paragraph(1))


@card("expo_grid", paragraphs=(0, 1), summary="At the start of your turn, 1 credit if a rezzed asset is in the root "
      "of its server; one region per server.")  # fmt: skip
def _expo_grid(b: Builder) -> None:
    def asset_rezzed(x: Exec) -> bool:
        server = x.game.server_of(x.card)
        return server is not None and any(c.type == "asset" and c.rezzed for c in server.root)

    b.paragraph(0).when("your_turn_start", lambda x: x.do("你获得 1[credit]。"), only=asset_rezzed)
    one_region(b.paragraph(1))


@card("valley_grid", paragraphs=(0, 1), summary="Each time the runner breaks every subroutine of ice protecting its "
      "server, the runner's hand size is 1 lower until the corp's next turn; one region per server.")  # fmt: skip
def _valley_grid(b: Builder) -> None:
    def concerns(x: Exec) -> bool:
        g = x.game
        ice = x.event.get("ice")
        server = g.server_of(x.card)
        enc = _encountering(g)
        if server is None or ice not in server.ice or enc is None or enc.ice is not ice:
            return False
        return all(s.broken for s in enc.subs)

    def fully_broken(x: Exec) -> None:
        x.lasting("limit", lambda g, this, side, stat: -1 if side == "runner" and stat == "hand_size" else 0,
                  until="turn")  # fmt: skip
        x.game.log.add("limit", RUNNER, stat="hand_size", delta=-1, value=x.game.hand_size("runner"))

    b.paragraph(0).when("subroutine_broken", fully_broken, only=concerns)
    one_region(b.paragraph(1))


@card("ryon_knight", paragraphs=(0,), summary="Trash it during a run on its server while the runner has no click "
      "left: 1 brain damage.")  # fmt: skip
def _ryon_knight(b: Builder) -> None:
    def usable(g: NetrunnerGame, c: Card, window: str) -> bool:
        run = g.current_run
        server = g.server_of(c)
        return (window in ("run", "encounter") and run is not None and not run.ended and server is not None
                and run.server == server.name and g.runner.clicks == 0)  # fmt: skip

    b.paid([trash_self()], lambda x: x.do("造成 1 点脑部伤害。"), usable=usable)


@card("marcus_batty", paragraphs=(0,), summary="Trash it during a run on its server: a psi game; if the bids "
      "differ, a subroutine of a rezzed ice protecting the server resolves.")  # fmt: skip
def _marcus_batty(b: Builder) -> None:
    def usable(g: NetrunnerGame, c: Card, window: str) -> bool:
        run = g.current_run
        server = g.server_of(c)
        return (window in ("run", "encounter") and run is not None and not run.ended and server is not None
                and run.server == server.name)  # fmt: skip

    def use(x: Exec) -> None:
        g = x.game
        run = g.current_run
        x.do("进行心灵博弈。")
        if x.ctx.psi_equal is not False or run is None or run.ended or run.server not in g.servers:
            return
        ice = [c for c in g.servers[run.server].ice if c.rezzed]
        chosen = x.pick(Phrase(N_("resolve a subroutine of which ice")), ice, optional=False)
        if chosen is None:
            return
        subs = [Sub(i, a) for i, a in enumerate((a for a in g.abilities(chosen) if a.kind == "subroutine"), start=1)]
        if not subs:
            return
        sub = g.choose("corp", "subroutine", Phrase(N_("resolve which subroutine of {ice}"), ice=str(chosen)), subs,
                       label=lambda s: f"sub:{s.index}")  # fmt: skip
        g.log.add("subroutine", CORP, ice=str(chosen), index=sub.index, text=render(sub.ability))
        g.execute(sub.ability, Context("corp", chosen, run, encounter=run.encounter), pay=False)

    b.paid([trash_self()], use, usable=usable)


@card("contract_killer", paragraphs=(1,), summary="With 2 or more advancement counters: click and trash it to trash "
      "a connection or do 2 meat damage.")  # fmt: skip
def _contract_killer(b: Builder) -> None:
    def connections(g: NetrunnerGame) -> list[Card]:
        return [c for c in g.runner.rig if c.type == "resource" and "connection" in c.subtypes]

    def use(x: Exec) -> None:
        g = x.game
        targets = connections(g)
        texts = (Phrase(N_("trash a connection")), Phrase(N_("do {n} meat damage"), n=2))
        if targets and g.confirm("corp", "target", Phrase(N_("{card}: trash a connection or do damage?"),
                                                          card=str(x.card)), yes="trash", no="damage", texts=texts):
            chosen = x.pick(Phrase(N_("trash which connection")), targets, optional=False)
            if chosen is not None:
                g.trash(chosen, x.why, by="corp")
            return
        x.do("造成 2 点肢体伤害。")

    usable = lambda g, c, w: w == "action" and c.advancement >= 2  # noqa: E731
    b.paid([click(), trash_self()], use, usable=usable)


@card("expose", paragraphs=(1,), summary="Trash it: remove 1 bad publicity for each advancement counter it had.")
def _expose(b: Builder) -> None:
    def use(x: Exec) -> None:
        g = x.game
        count = min(int(x.card.last_known.get("counters", {}).get("advancement", 0)), g.corp.bad_publicity)
        if count:
            g.corp.bad_publicity -= count
            g.log.add("bad_publicity", CORP, amount=-count, bad_publicity=g.corp.bad_publicity)

    b.paid([trash_self()], use, usable=lambda g, c, w: c.advancement > 0 and g.corp.bad_publicity > 0)


@card("test_ground", paragraphs=(1,), summary="Trash it: derez 1 card for each advancement counter it had.")
def _test_ground(b: Builder) -> None:
    def rezzed(g: NetrunnerGame, but: Card | None = None) -> list[Card]:
        return [c for c in g.installed("corp") if c.rezzed and c.type != "agenda" and c is not but]

    def use(x: Exec) -> None:
        g = x.game
        count = int(x.card.last_known.get("counters", {}).get("advancement", 0))
        for chosen in g.choose_many("corp", "target", Phrase(N_("derez which card")), rezzed(g), count):
            g.derez(chosen, x.why)

    b.paid([trash_self()], use, usable=lambda g, c, w: c.advancement > 0 and bool(rezzed(g, c)))


@card("allele_repression", paragraphs=(1,), summary="Trash it: swap a card of HQ with a card of Archives once for "
      "each advancement counter it had.")  # fmt: skip
def _allele_repression(b: Builder) -> None:
    def use(x: Exec) -> None:
        g = x.game
        corp = g.corp
        for _ in range(int(x.card.last_known.get("counters", {}).get("advancement", 0))):
            if not corp.hand or not corp.discard:
                break
            out = x.pick(Phrase(N_("a card from HQ to Archives")), list(corp.hand), optional=False)
            back = x.pick(Phrase(N_("a card from Archives to HQ")), list(reversed(corp.discard)), optional=False)
            if out is None or back is None:
                break
            corp.hand.remove(out)
            corp.discard.remove(back)
            seen: Any = "all" if back.faceup else [CORP]
            told = g.log.add("move", CORP, visible=seen, card=str(back), zone="archives", to="hq")
            if not back.faceup:
                g.apart(told, g.log.add("move_facedown", CORP, zone="archives", to="hq"))
            back.faceup = False
            corp.hand.append(back)
            g.to_discard(out, x.why, faceup=False)

    usable = lambda g, c, w: c.advancement > 0 and bool(g.corp.hand) and bool(g.corp.discard)  # noqa: E731
    b.paid([trash_self()], use, usable=usable)


@card("back_channels", paragraphs=(0,), summary="Choose a card in the root of a remote server: 3 credits for each "
      "advancement counter on it, then trash it.")  # fmt: skip
def _back_channels(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        roots = [c for s in g.servers.values() if s.remote for c in s.root]
        chosen = x.pick(Phrase(N_("choose a card in the root of a remote server")), roots, optional=False)
        if chosen is None:
            g.log.add("no_target", CORP, card=str(x.card), reason=Phrase(N_("no card is in a remote root")))
            return
        if chosen.advancement:
            g.gain_credits("corp", 3 * chosen.advancement, x.why)
        g.trash(chosen, x.why, by="corp")

    b.play(play)


@card("early_premiere", paragraphs=(0,), summary="At the start of your turn, you may pay 1 credit to place an "
      "advancement counter on a card in a server's root that can be advanced.")  # fmt: skip
def _early_premiere(b: Builder) -> None:
    def start(x: Exec) -> None:
        g = x.game
        options = [c for s in g.servers.values() for c in s.root if g.can_advance(c)]
        if not options or not g.can_pay("corp", 1):
            return
        chosen = x.pick(Phrase(N_("{card}: pay {n}{credit} to advance which card?"), card=str(x.card), n=1,
                               credit="[credit]"), options)  # fmt: skip
        if chosen is None:
            return
        g.pay("corp", 1, str(x.card))
        g.place_advancement(chosen, 1)

    b.when("your_turn_start", start)


@card("tech_startup", paragraphs=(0,), summary="At the start of your turn, you may trash it to find an asset in R&D "
      "and install it; R&D is shuffled.")  # fmt: skip
def _tech_startup(b: Builder) -> None:
    def start(x: Exec) -> None:
        g = x.game
        if not x.may(Phrase(N_("{card}: trash it to install an asset from R&D?"), card=str(x.card))):
            return
        g.trash(x.card, x.why, by="corp")
        assets = [c for c in reversed(g.corp.deck) if c.type == "asset" and _corp_installable(g, c)]
        chosen = x.pick(Phrase(N_("search R&D for an asset to install")), assets, optional=False, kind="search")
        if chosen is not None:
            _reveal(g, [chosen], "rnd")
            x.install_from(chosen, zone=g.corp.deck)
        _shuffle(g, "corp")

    b.when("your_turn_start", start)


@card("team_sponsorship", paragraphs=(0,), summary="Each time you score an agenda, you may install a card from "
      "Archives or HQ without paying its install cost.")  # fmt: skip
def _team_sponsorship(b: Builder) -> None:
    def scored(x: Exec) -> None:
        g = x.game
        options = [c for c in [*g.corp.hand, *reversed(g.corp.discard)] if _corp_installable(g, c, free=True)]
        chosen = x.pick(Phrase(N_("{card}: install a card from HQ or Archives for free?"), card=str(x.card)), options)
        if chosen is not None:
            x.install_from(chosen, free=True)

    b.when("any_scored", scored)


@card("ronald_five", paragraphs=(0,), summary="Each time the runner trashes a corp card (this one too), the runner "
      "loses a click.")  # fmt: skip
def _ronald_five(b: Builder) -> None:
    def concerns(x: Exec) -> bool:
        c = x.event.get("card")
        if not isinstance(c, Card) or c.side != "corp" or x.event.get("by") != "runner":
            return False
        return c is not x.card or bool(x.event.get("rezzed"))

    b.when("trashed", lambda x: x.do("潜袭者失去 [click]。"), only=concerns)


@card("public_support", paragraphs=(0,), summary="3 power counters when rezzed; once none is left, it goes to your "
      "score area as an agenda worth 1 point.")  # fmt: skip
def _public_support(b: Builder) -> None:
    def rezzed(x: Exec) -> None:
        x.game.add_counters(x.card, "power", 3)
        x.card.notes["loaded"] = "power"

    def emptied(x: Exec) -> None:
        if x.game.is_installed(x.card):
            _into_score_area(x.game, x.card, "corp", 1)

    b.loads("power").when("rezzed", rezzed, only=this_card)
    b.when("emptied", emptied)
    b.points(_worth_one)


@card("franchise_city", paragraphs=(0, 1), summary="Agendas accessed in R&D are revealed; when the runner accesses "
      "an agenda, this asset goes to your score area as an agenda worth 1 point.")  # fmt: skip
def _franchise_city(b: Builder) -> None:
    def concerns(x: Exec) -> bool:
        c = x.event.get("card")
        return isinstance(c, Card) and c.type == "agenda" and x.game.is_installed(x.card)

    def access(x: Exec) -> None:
        _reveal_if_in_rnd(x)
        _into_score_area(x.game, x.card, "corp", 1)

    b.paragraph(1).when("access", access, only=concerns)
    b.paragraph(1).points(_worth_one)


@card("explode_a_palooza", paragraphs=(0, 1), summary="Revealed when accessed in R&D; when the runner accesses it, "
      "you may gain 5 credits.")  # fmt: skip
def _explode_a_palooza(b: Builder) -> None:
    def access(x: Exec) -> None:
        _reveal_if_in_rnd(x)
        if x.may(Phrase(N_("{card}: gain {n}{credit}?"), card=str(x.card), n=5, credit="[credit]")):
            x.do("你获得 5[credit]。")

    b.paragraph(1).when("access", access, only=this_card)


@card("award_bait", paragraphs=(0, 1), summary="Revealed when accessed in R&D; when the runner accesses it, you may "
      "place up to 2 advancement counters on one installed card you can advance.")  # fmt: skip
def _award_bait(b: Builder) -> None:
    def access(x: Exec) -> None:
        g = x.game
        _reveal_if_in_rnd(x)
        options = [c for c in g.installed("corp") if g.can_advance(c)]
        chosen = x.pick(Phrase(N_("{card}: place advancement counters on which card?"), card=str(x.card)), options)
        if chosen is None:
            return
        count = int(g.choose("corp", "target", Phrase(N_("how many advancement counters")), [1, 2]))
        g.place_advancement(chosen, count)

    b.paragraph(1).when("access", access, only=this_card)


@card("product_placement", paragraphs=(0, 1), summary="Revealed when accessed in R&D; when the runner accesses it "
      "anywhere but Archives, gain 2 credits.")  # fmt: skip
def _product_placement(b: Builder) -> None:
    def access(x: Exec) -> None:
        _reveal_if_in_rnd(x)
        if x.event.get("server") != "archives" and x.card not in x.game.corp.discard:
            x.do("你获得 2[credit]。")

    b.paragraph(1).when("access", access, only=this_card)


@card("ancestral_imager", paragraphs=(0,), summary="Each time the runner jacks out, 1 net damage.")
def _ancestral_imager(b: Builder) -> None:
    def jacked_out(x: Exec) -> bool:
        run = x.event.get("run")
        return run is not None and bool(run.jacked_out) and x.card in x.game.corp.score_area

    b.when("run_ends", lambda x: x.do("造成 1 点网域伤害。"), only=jacked_out)


@card("genetic_resequencing", paragraphs=(0,), summary="When scored, you may place an agenda counter on an agenda "
      "of your score area.")  # fmt: skip
def _genetic_resequencing(b: Builder) -> None:
    def scored(x: Exec) -> None:
        g = x.game
        options = [c for c in g.corp.score_area if c.type == "agenda"]
        chosen = x.pick(Phrase(N_("{card}: place an agenda counter on which agenda?"), card=str(x.card)), options)
        if chosen is not None:
            g.add_counters(chosen, "agenda", 1)

    b.when("agenda_scored", scored)


@card("the_future_is_now", paragraphs=(0,), summary="When scored, fetch any card from R&D into HQ; R&D is shuffled.")
def _the_future_is_now(b: Builder) -> None:
    def scored(x: Exec) -> None:
        g = x.game
        chosen = x.pick(Phrase(N_("search R&D for a card")), list(reversed(g.corp.deck)), optional=False,
                        kind="search")  # fmt: skip
        if chosen is not None:
            g.corp.deck.remove(chosen)
            g.corp.hand.append(chosen)
            g.log.add("search", CORP, visible=[CORP], card=str(chosen), zone="rnd")
        _shuffle(g, "corp")

    b.when("agenda_scored", scored)


@card("research_grant", paragraphs=(0,), summary="When scored, you may score another installed Research Grant.")
def _research_grant(b: Builder) -> None:
    def scored(x: Exec) -> None:
        g = x.game
        others = [c for c in g.installed("corp") if c.id == x.card.id and c is not x.card]
        chosen = x.pick(Phrase(N_("{card}: score another copy?"), card=str(x.card)), others)
        if chosen is not None:
            g.add_to_score_area(chosen, "corp")

    b.when("agenda_scored", scored)


@card("recruiting_trip", paragraphs=(0,), summary="Pay X: fetch up to X sysops of different titles from R&D into "
      "HQ, revealed; R&D is shuffled.")  # fmt: skip
def _recruiting_trip(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        titles = {c.id for c in g.corp.deck if "sysop" in c.subtypes}
        most = min(len(titles), g.corp.credits)
        amount = int(x.choose(Phrase(N_("X: how many sysops to look for")), list(range(most + 1))))
        if amount:
            g.pay("corp", amount, str(x.card))
        found: list[Card] = []
        for _ in range(amount):
            taken = {c.id for c in found}
            options = [c for c in reversed(g.corp.deck) if "sysop" in c.subtypes and c.id not in taken]
            chosen = x.pick(Phrase(N_("search R&D for a sysop")), options, kind="search")
            if chosen is None:
                break
            found.append(chosen)
            g.corp.deck.remove(chosen)
            g.corp.hand.append(chosen)
        _reveal(g, found, "rnd")
        _shuffle(g, "corp")

    b.play(play)


@card("hollywood_renovation", paragraphs=(0, 1), summary="Installed face up; each time it is advanced, you may put "
      "an advancement counter (2 once it has 6 or more) on another card that can be advanced.")  # fmt: skip
def _hollywood_renovation(b: Builder) -> None:
    def advanced(x: Exec) -> None:
        g = x.game
        count = 2 if x.card.advancement >= 6 else 1
        options = [c for c in g.installed("corp") if c is not x.card and g.can_advance(c)]
        which = Nn_("{card}: place {n} advancement counter on which card?",
                    "{card}: place {n} advancement counters on which card?")
        chosen = x.pick(Phrase(which, card=str(x.card), n=count), options)
        if chosen is not None:
            g.place_advancement(chosen, count)

    _install_faceup(b.paragraph(0))
    b.paragraph(1).when("advanced", advanced, only=this_card)


@card("underway_renovation", paragraphs=(0, 1), summary="Installed face up; each time it is advanced, the top card "
      "of the runner's stack is trashed (2 once it has 4 or more advancement counters).")  # fmt: skip
def _underway_renovation(b: Builder) -> None:
    def advanced(x: Exec) -> None:
        g = x.game
        count = 2 if x.card.advancement >= 4 else 1
        for c in list(reversed(g.runner.deck[-count:])):
            g.trash(c, x.why, by="corp")

    _install_faceup(b.paragraph(0))
    b.paragraph(1).when("advanced", advanced, only=this_card)


@card("casting_call", paragraphs=(0,), summary="Install an agenda from HQ face up; this operation stays on it, and "
      "the runner takes 2 tags whenever it accesses that agenda.")  # fmt: skip
def _casting_call(b: Builder) -> None:
    def host(x: Exec) -> Card | None:
        c = x.card.notes.get("host")
        return c if isinstance(c, Card) else None

    def play(x: Exec) -> None:
        g = x.game
        agendas = [c for c in g.corp.hand if c.type == "agenda" and _corp_installable(g, c)]
        chosen = x.pick(Phrase(N_("install which agenda face up")), agendas, optional=False)
        if chosen is None:
            g.log.add("install_failed", CORP, visible=[CORP], reason=Phrase(N_("no agenda in HQ can be installed")))
            return
        x.install_from(chosen)
        where = g.server_of(chosen)  # face up: shown to both players (not made active as a rezzed card would be)
        g.log.add("install_faceup", CORP, card=str(chosen), server=where.name if where else None)
        x.card.notes["host"] = chosen
        g.log.add("host", CORP, card=str(x.card), host=str(chosen))

    def played(x: Exec) -> None:  # with no agenda installed, nothing holds it: it goes to Archives
        agenda = host(x)
        if agenda is None or not x.game.is_installed(agenda):
            x.game.leave_in_play(x.card, Phrase(N_("it hosts nothing")))

    def accessed(x: Exec) -> None:
        x.do("潜袭者获得 2 个锁定标记。")

    def left(x: Exec) -> None:
        x.game.leave_in_play(x.card, Phrase(N_("its host left play")))

    in_play = lambda x: x.card in x.game.in_play  # noqa: E731
    b.stays_in_play()
    b.play(play)
    b.when("played", played, only=this_card)
    b.when("access", accessed, only=lambda x: in_play(x) and host(x) is not None and x.event.get("card") is host(x))
    for timing in ("any_scored", "any_stolen", "trashed"):
        b.when(timing, left, only=lambda x: in_play(x) and host(x) is not None and x.event.get("card") is host(x))


@card("cybernetics_division_humanity_upgraded", paragraphs=(0,), summary="Each player's maximum hand size is 1 "
      "lower.")  # fmt: skip
def _cybernetics_division(b: Builder) -> None:
    b.limit(lambda g, this, side, stat: -1 if stat == "hand_size" else 0)


@card("haarpsichord_studios_entertainment_unleashed", paragraphs=(0,), summary="The runner steals at most one "
      "agenda each turn.")  # fmt: skip
def _haarpsichord(b: Builder) -> None:
    b.when("any_stolen", lambda x: x.forbid("steal", "turn"))
