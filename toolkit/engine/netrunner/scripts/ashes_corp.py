"""Card scripts of the Ashes cycle (Downfall, Uprising, the Uprising Booster Pack): the corp cards.

Frames several cards share: a choice among labelled answers (:func:`_ask`), what the runner did during its last
turn (:func:`_runner_last_turn`), installing a card from any zone in the servers a card allows (:func:`_install`),
"end the run unless the runner pays" (:func:`_end_unless_paid`), a lockdown operation that stays in play until the
corp's next turn (:func:`_lockdown`), and trashing or moving cards of the runner's rig (:func:`_trash_runner_card`,
:func:`_rig_to_grip`).

Cards whose text needs what the engine does not model are left out (the cycle's report lists them):
additional costs to run a server or to steal an agenda, what breaks subroutines (a non-icebreaker card), an
identity's limit on other cards' servers, a stolen agenda's text (the runner's score area is not active), corp-side
damage interrupts, moving the runner back out of a server, and timings for reveals, breaks or credits lost.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any

from toolkit.engine.phrase import Phrase, Term
from toolkit.i18n.words import N_
from toolkit.models.netrunner import side_of_type
from toolkit.text import ast as A
from toolkit.text import parse_cached

from ..decisions import Option
from ..run import gain_subroutines
from ..state import CENTRALS, INSTALLABLE, SEATS
from . import Builder, Exec, card, click, counters, installed_place, one_region, place_of, this_card, this_ice

if TYPE_CHECKING:
    from ...core import Event
    from ..game import NetrunnerGame
    from ..state import Card, Side

CORP = SEATS["corp"]
RUNNER = SEATS["runner"]
RUNNER_CARD_TYPES = ("event", "hardware", "program", "resource")  # the card types of the grip
RIG_TYPES = ("hardware", "program", "resource")  # the card types installed in the rig


# ---------------------------------------------------------------- frames


def _ask(x: Exec, prompt: str, choices: Sequence[tuple[str, str]], side: Side | None = None) -> str:
    """One of ``choices`` (``(label, text)``), answered by ``side`` (default: the card's): its label."""
    options = [Option(label, text, label) for label, text in choices]
    return str(x.game.ask(side or x.side, "target", prompt, options).value)


def _card_type(x: Exec, types: Sequence[str]) -> str:
    """A card type of ``types`` the corp chooses."""
    prompt = Phrase(N_("choose a card type"))
    return _ask(x, prompt, [(t, Term("type", t)) for t in types], side="corp")


def _by_corp() -> Phrase:
    return Phrase(N_("trashed by the {side}"), side=Term("side", "corp"))


def _server_name(g: NetrunnerGame, c: Card) -> str | None:
    server = g.server_of(c)
    return server.name if server is not None else None


def _reveal(g: NetrunnerGame, cards: Sequence[Card], zone: str, visible: Any = "all") -> None:
    """Show ``cards`` of ``zone`` (to ``visible``: everyone unless told)."""
    if cards:
        seat = g.player(cards[0].side).seat
        g.log.add("reveal", seat, visible=visible, cards=[str(c) for c in cards], zone=zone)


def _runner_last_turn(g: NetrunnerGame) -> list[Event]:
    """The log's events of the runner's last turn (a position laid out in the runner's turn: since then)."""
    events = list(g.log)
    starts = [
        i
        for i, e in enumerate(events)
        if (e.kind == "turn_start" and e.data.get("side") == "runner")
        or (e.kind == "scenario" and e.data.get("active") == "runner")
    ]
    if not starts:
        return []
    out: list[Event] = []
    for event in events[starts[-1] + 1 :]:
        if event.kind == "turn_end" and event.data.get("side") == "runner":
            break
        out.append(event)
    return out


def _ran_last_turn(g: NetrunnerGame, server: str | None = None) -> bool:
    """Whether the runner made a successful run (on ``server``) during its last turn."""
    return any(
        e.kind == "run_end" and e.data.get("successful") and server in (None, e.data.get("server"))
        for e in _runner_last_turn(g)
    )


def _stole_last_turn(g: NetrunnerGame) -> bool:
    return any(e.kind == "steal" for e in _runner_last_turn(g))


def _servers_for(g: NetrunnerGame, c: Card, pay: bool, allow: Callable[[str], bool] | None) -> list[str]:
    return [
        s
        for s in g.server_options(c)
        if (allow is None or allow(s)) and (not pay or g.can_pay("corp", g.install_cost(c, s), "install"))
    ]


def _installable(g: NetrunnerGame, c: Card, pay: bool = True, allow: Callable[[str], bool] | None = None) -> bool:
    """Whether the corp may install ``c`` now in a server ``allow`` accepts (paying its cost, if ``pay``)."""
    if c.side != "corp" or c.type not in INSTALLABLE or not g.may_install(c):
        return False
    return bool(_servers_for(g, c, pay, allow))


def _install(x: Exec, chosen: Card, pay: bool = True, allow: Callable[[str], bool] | None = None) -> bool:
    """Install ``chosen`` (from HQ, Archives or R&D) in a server of the corp's choice that ``allow`` accepts,
    paying its install cost unless not ``pay``; whether it was installed."""
    g = x.game
    options = _servers_for(g, chosen, pay, allow)
    if not options:
        return False
    server = g.choose("corp", "server", Phrase(N_("install {card} in"), card=str(chosen)), options)
    for zone in (g.corp.discard, g.corp.deck):
        if chosen in zone:
            zone.remove(chosen)
            chosen.faceup = False
    g.install("corp", chosen, server, pay=pay)
    return g.is_installed(chosen)


def _install_one(x: Exec, cards: Iterable[Card], prompt: str, pay: bool = True, optional: bool = True,
                 allow: Callable[[str], bool] | None = None) -> Card | None:  # fmt: skip
    """The corp installs one of ``cards`` (may decline when ``optional``); the card installed, if any."""
    g = x.game
    chosen = x.pick(prompt, [c for c in cards if _installable(g, c, pay, allow)], optional=optional, kind="install")
    if chosen is None or not _install(x, chosen, pay, allow):
        return None
    return chosen


def _remote_root(s: str) -> bool:
    """A server filter: the root of a remote server (a new one included)."""
    return s not in CENTRALS


def _to_hq(g: NetrunnerGame, moved: Card, zone: str) -> None:
    """A corp card from Archives (``archives``) or R&D (``rnd``) to HQ; everyone sees which when it was face up
    in Archives, the corp only otherwise."""
    seen: Any = "all" if zone == "archives" and moved.faceup else [CORP]
    for pile in (g.corp.discard, g.corp.deck):
        if moved in pile:
            pile.remove(moved)
    moved.faceup = False
    g.corp.hand.append(moved)
    g.log.add("move", CORP, visible=seen, card=str(moved), zone=zone, to="hq")


def _end_unless_paid(x: Exec, amount: int) -> None:
    """The run ends unless the runner pays ``amount`` (its choice, when it can pay)."""
    g = x.game
    prompt = Phrase(N_("{card}: pay {n}{credit} or the run ends"), card=str(x.card), n=amount, credit="[credit]")
    texts = (Phrase(N_("pay {n}{credit}"), n=amount, credit="[credit]"), Phrase(N_("end the run")))
    if g.can_pay("runner", amount) and g.confirm("runner", "optional", prompt, yes="pay", no="end_run", texts=texts):
        g.pay("runner", amount, str(x.card))
    else:
        g.end_run(str(x.card))


def _lockdown(b: Builder) -> Builder:
    """"Play only if there is no active lockdown. This operation is not trashed until your next turn begins": it
    stays in play (active) until the corp's next turn begins."""

    def leave(x: Exec) -> None:
        x.game.leave_in_play(x.card, Phrase(N_("the corp's next turn began")))

    b.may_play(lambda g, c: not any("lockdown" in o.subtypes for o in g.in_play))
    b.stays_in_play()
    return b.when("your_turn_start", leave)


def _trash_runner_card(x: Exec, options: Sequence[Card], prompt: str) -> Card | None:
    """The corp trashes one of ``options`` (cards of the rig); the card chosen, if any."""
    g = x.game
    chosen = x.pick(prompt, options, optional=False)
    if chosen is None:
        g.log.add("trash_failed", CORP, reason=Phrase(N_("no card of that kind is installed")))
        return None
    g.trash(chosen, _by_corp(), by="corp")
    return chosen


def _trash_of_type(x: Exec, card_type: str) -> None:
    options = [c for c in x.game.runner.rig if c.type == card_type]
    _trash_runner_card(x, options, Phrase(N_("trash a {type}"), type=Term("card_type", card_type)))


def _rig_to_grip(g: NetrunnerGame, moved: Card) -> None:
    """An installed runner card back to the grip (the cards it hosts are trashed)."""
    for hosted in list(moved.hosted):
        g.trash(hosted, Phrase(N_("its host {card} left play"), card=str(moved)))
    if moved in g.runner.rig:
        g.runner.rig.remove(moved)
    moved.leave_play()
    g.runner.hand.append(moved)
    g.log.add("move", RUNNER, card=str(moved), zone="rig", to="grip")
    g.check_memory()


def _damage_trashing(g: NetrunnerGame, kind: str, amount: int) -> list[Card]:
    """Do damage; the cards of the grip it trashed."""
    before = list(g.runner.hand)
    g.damage(kind, amount)
    return [c for c in before if c not in g.runner.hand]


def _trashed_by_runner(x: Exec) -> bool:
    """A ``trashed`` event: this card, trashed by the runner (from wherever it was)."""
    return this_card(x) and x.event.get("by") == "runner"


def _last_server(g: NetrunnerGame, c: Card) -> str | None:
    """The server ``c`` was last accessed in or installed in (by the log), once it has left it."""
    name = str(c)
    for event in reversed(list(g.log)):
        if event.data.get("card") == name and event.kind in ("access", "install"):
            server = event.data.get("server")
            return str(server) if server else None
    return None


def _advancement_when_scored(x: Exec) -> int:
    """The advancement counters the agenda of a scoring trigger held: its counters are gone once it is in the
    score area, so the last count of them the log keeps since it was installed says."""
    if "advancement" in x.event:
        return int(x.event["advancement"])
    name = str(x.card)
    for event in reversed(list(x.game.log)):
        if event.data.get("card") != name:
            continue
        if event.kind == "counter" and event.data.get("kind") == "advancement":
            return int(event.data.get("total") or 0)
        if event.kind == "install":
            return 0
    return 0


def _encountering(x: Exec) -> bool:
    """An ``encounter`` event of this ice, during a run still going."""
    run = x.run
    return this_ice(x) and run is not None and not run.ended and run.encounter is not None


# ---------------------------------------------------------------- ice


def _printed_subroutines(g: NetrunnerGame, ice: Card) -> int:
    """How many subroutines the ice prints (those an encounter adds come after them)."""
    return sum(1 for a in g.abilities(ice) if a.kind == "subroutine")


def _one_break(b: Builder, applies: Callable[[NetrunnerGame, Card], bool]) -> Builder:
    """"The runner cannot break more than 1 of its printed subroutines during each encounter" (while ``applies``):
    once one of them is broken, no card of the runner breaks any more of them in that encounter."""

    def unbreakable(g: NetrunnerGame, ice: Card, breaker: Card) -> bool:
        run = g.current_run
        enc = run.encounter if run is not None else None
        if enc is None or enc.ice is not ice or not applies(g, ice):
            return False
        printed = _printed_subroutines(g, ice)
        return any(s.broken and s.index <= printed for s in enc.subs)

    return b.unbreakable(unbreakable)


@card(
    "afshar",
    paragraphs=(0,),
    summary="While protecting HQ, no more than one of its printed subroutines can be broken in an encounter.",
)
def _afshar(b: Builder) -> None:
    _one_break(b, lambda g, c: _server_name(g, c) == "hq")


@card(
    "akhet",
    paragraphs=(1, 2),
    summary="With 3 or more advancement counters, +3 strength and no more than one of its printed subroutines "
    "broken in an encounter; first subroutine: gain 1 credit and place an advancement counter on an installed "
    "card.",
)
def _akhet(b: Builder) -> None:
    b.strength(lambda g, c: 3 if c.advancement >= 3 else 0)
    _one_break(b, lambda g, c: c.advancement >= 3)
    b.paragraph(2).subroutine(lambda x: x.do("你获得 1[credit]。在 1 张已安装的牌上放置 1 个推进标记。"))


@card(
    "colossus",
    paragraphs=(0, 1, 2),
    summary="Can be advanced, +1 strength per advancement counter; subroutines: 1 tag (2 with 3 or more "
    "advancement counters); trash a program (and also a resource with 3 or more advancement counters).",
)
def _colossus(b: Builder) -> None:
    b.text("本牌可以被推进。")
    b.strength(lambda g, c: c.advancement)

    def tags(x: Exec) -> None:
        x.game.gain_tags(2 if x.card.advancement >= 3 else 1)

    def trash(x: Exec) -> None:
        _trash_of_type(x, "program")
        if x.card.advancement >= 3:
            _trash_of_type(x, "resource")

    b.paragraph(1).subroutine(tags)
    b.paragraph(2).subroutine(trash)


@card(
    "congratulations",
    paragraphs=(0, 1),
    summary="When the runner passes it, gain 1 credit; subroutine: gain 2 credits and the runner gains 1.",
)
def _congratulations(b: Builder) -> None:
    def passed(x: Exec) -> None:
        if this_ice(x) and x.card.rezzed:
            x.game.gain_credits("corp", 1)

    def sub(x: Exec) -> None:
        x.game.gain_credits("corp", 2)
        x.game.gain_credits("runner", 1)

    b.paragraph(0).when("pass_ice", passed)
    b.paragraph(1).subroutine(sub)


@card(
    "drafter",
    paragraphs=(0, 1),
    summary="Subroutines: the corp may add a card from Archives to HQ; the corp may install a card from Archives "
    "or HQ, ignoring all costs.",
)
def _drafter(b: Builder) -> None:
    def fetch(x: Exec) -> None:
        g = x.game
        chosen = x.pick(Phrase(N_("add a card from Archives to HQ")), list(reversed(g.corp.discard)))
        if chosen is not None:
            _to_hq(g, chosen, "archives")

    def install(x: Exec) -> None:
        g = x.game
        prompt = Phrase(N_("install a card from HQ or Archives, ignoring all costs"))
        _install_one(x, [*g.corp.hand, *reversed(g.corp.discard)], prompt, pay=False)

    b.paragraph(0).subroutine(fetch)
    b.paragraph(1).subroutine(install)


@card(
    "engram_flush",
    paragraphs=(0, 1, 2),
    summary="When encountered, the corp names a card type; two subroutines: reveal the grip, and the corp may "
    "trash a revealed card of the named type.",
)
def _engram_flush(b: Builder) -> None:
    def met(x: Exec) -> None:
        if _encountering(x):
            x.card.notes["named"] = (x.run.encounter, _card_type(x, RUNNER_CARD_TYPES))

    def sub(x: Exec) -> None:
        g = x.game
        grip = list(g.runner.hand)
        _reveal(g, grip, "grip")
        named = x.card.notes.get("named")
        if named is None or named[0] is not x.ctx.encounter:
            return
        matching = [c for c in grip if c.type == named[1]]
        chosen = x.pick(Phrase(N_("trash a revealed card from the grip")), matching)
        if chosen is not None:
            g.trash(chosen, _by_corp(), by="corp")

    b.paragraph(0).when("encounter", met)
    b.paragraph(1).subroutine(sub)
    b.paragraph(2).subroutine(sub)


@card(
    "f2p",
    paragraphs=(0, 1),
    summary="While untagged, the runner may pay 2 credits to break a subroutine of it; first subroutine: an "
    "installed runner card goes back to the grip.",
)
def _f2p(b: Builder) -> None:
    def offer(x: Exec) -> None:
        g, run = x.game, x.run
        if not _encountering(x):
            return
        enc = run.encounter
        while not g.over and not run.ended and not g.runner.tags and g.can_pay("runner", 2):
            unbroken = [s for s in enc.subs if not s.broken]
            if not unbroken:
                return
            ask = Phrase(N_("pay {n}{credit} to break a subroutine of {ice}?"), n=2, credit="[credit]", ice=str(x.card))
            if not x.may(ask, side="runner"):
                return
            prompt = Phrase(N_("break a subroutine of {ice}"), ice=str(x.card))
            sub = g.choose("runner", "subroutine", prompt, unbroken, label=lambda s: f"sub:{s.index}")
            g.pay("runner", 2, str(x.card))
            g.runs.mark_broken(x.card, sub, x.card)

    def sub(x: Exec) -> None:
        g = x.game
        chosen = x.pick(Phrase(N_("add an installed card of the runner to the grip")), g.runner.rig, optional=False)
        if chosen is not None:
            _rig_to_grip(g, chosen)

    b.paragraph(0).when("encounter", offer)
    b.paragraph(1).subroutine(sub)


@card(
    "gold_farmer",
    paragraphs=(0, 1, 2),
    summary="Each printed subroutine of it the runner breaks costs them 1 credit; two subroutines: end the run "
    "unless the runner pays 3 credits.",
)
def _gold_farmer(b: Builder) -> None:
    def broken(x: Exec) -> None:
        if this_ice(x) and int(x.event.get("index") or 0) <= _printed_subroutines(x.game, x.card):
            x.game.lose_credits("runner", 1)

    b.paragraph(0).when("subroutine_broken", broken)
    b.paragraph(1).subroutine(lambda x: _end_unless_paid(x, 3))
    b.paragraph(2).subroutine(lambda x: _end_unless_paid(x, 3))


@card(
    "hagen",
    paragraphs=(0, 1),
    summary="-1 strength per installed icebreaker; subroutine: trash a program that is not a decoder, fracter or "
    "killer.",
)
def _hagen(b: Builder) -> None:
    b.strength(lambda g, c: -sum(1 for p in g.runner.rig if "icebreaker" in p.subtypes))

    def sub(x: Exec) -> None:
        breakers = {"decoder", "fracter", "killer"}
        options = [c for c in x.game.runner.rig if c.type == "program" and not breakers & set(c.subtypes)]
        _trash_runner_card(x, options, Phrase(N_("trash a program that is not a decoder, fracter or killer")))

    b.paragraph(1).subroutine(sub)


@card(
    "konjin",
    paragraphs=(0,),
    summary="When encountered, a psi game; if the bids differ the corp may make the runner encounter another "
    "rezzed piece of ice, then the encounter with this one goes on.",
)
def _konjin(b: Builder) -> None:
    def met(x: Exec) -> None:
        g, run = x.game, x.run
        if not _encountering(x):
            return
        x.do("进行心灵博弈。")
        if x.ctx.psi_equal is not False or run.ended or g.over:
            return
        others = [c for c in g.installed("corp") if c.type == "ice" and c.rezzed and c is not x.card]
        prompt = Phrase(N_("{card}: make the runner encounter another piece of ice"), card=str(x.card))
        chosen = x.pick(prompt, others)
        if chosen is None:
            return
        outer = run.encounter
        g.runs.encounter(run, chosen)
        run.encounter, run.step = outer, "encounter"

    b.when("encounter", met)


@card(
    "loot_box",
    paragraphs=(0, 1),
    summary="Subroutines: end the run unless the runner pays 2 credits; reveal the top 3 cards of the stack, one "
    "of them goes to the grip and the corp gains its cost, the stack is shuffled and this ice trashed.",
)
def _loot_box(b: Builder) -> None:
    def loot(x: Exec) -> None:
        g = x.game
        top = list(reversed(g.runner.deck[-3:]))
        _reveal(g, top, "stack")
        chosen = x.pick(Phrase(N_("add one of the revealed cards to the grip")), top, optional=False)
        if chosen is not None:
            g.runner.deck.remove(chosen)
            g.runner.hand.append(chosen)
            g.log.add("move", RUNNER, card=str(chosen), zone="stack", to="grip")
            cost = int(getattr(chosen.record, "cost", 0) or 0)
            if cost:
                g.gain_credits("corp", cost)
        g.rng.shuffle(g.runner.deck)
        g.log.add("shuffle", RUNNER, zone="stack")
        if g.is_installed(x.card):
            g.trash(x.card, x.why, by="corp")

    b.paragraph(0).subroutine(lambda x: _end_unless_paid(x, 2))
    b.paragraph(1).subroutine(loot)


@card(
    "saisentan",
    paragraphs=(0, 1, 2, 3),
    replaces=(1, 2, 3),  # its subroutines read alone do 1 damage; with paragraph 0 they must report what they trash
    summary="When encountered, the corp names a card type; three subroutines of 1 net damage each, and 1 more net "
    "damage each time they trash a card of the named type.",
)
def _saisentan(b: Builder) -> None:
    # the subroutines are scripted too: they tell the encounter's ability which cards their damage trashed
    def met(x: Exec) -> None:
        if _encountering(x):
            x.card.notes["named"] = (x.run.encounter, _card_type(x, RUNNER_CARD_TYPES))

    def sub(x: Exec) -> None:
        g = x.game
        trashed = _damage_trashing(g, "net", 1)
        named = x.card.notes.get("named")
        if named is None or named[0] is not x.ctx.encounter or g.over:
            return
        if any(c.type == named[1] for c in trashed):
            g.damage("net", 1)

    b.paragraph(0).when("encounter", met)
    for index in (1, 2, 3):
        b.paragraph(index).subroutine(sub)


@card(
    "sandstone",
    paragraphs=(0, 1),
    summary="When encountered, a virus counter goes on it; -1 strength per virus counter on it.",
)
def _sandstone(b: Builder) -> None:
    def met(x: Exec) -> None:
        if this_ice(x):
            x.game.add_counters(x.card, "virus", 1)

    b.paragraph(0).when("encounter", met)
    b.paragraph(1).strength(lambda g, c: -c.counters.get("virus", 0))


@card(
    "trebuchet",
    paragraphs=(1, 2),
    summary="Subroutines: trash an installed runner card; trace 6, if successful the runner cannot steal or trash "
    "corp cards for the rest of the run.",
)
def _trebuchet(b: Builder) -> None:
    def trash(x: Exec) -> None:
        _trash_runner_card(x, x.game.runner.rig, Phrase(N_("trash an installed card of the runner")))

    def trace(x: Exec) -> None:
        x.do("追踪[6]。")
        if x.ctx.trace:
            x.forbid("steal", "run")
            x.forbid("trash_accessed", "run")

    b.paragraph(1).subroutine(trash)
    b.paragraph(2).subroutine(trace)


@card(
    "tyr",
    paragraphs=(0, 2),
    summary="The runner may lose a click to break one of its subroutines, and the corp then gains a click when its "
    "next turn begins; second subroutine: trash an installed runner card and gain 3 credits.",
)
def _tyr(b: Builder) -> None:
    b.runner_break(clicks=1, count=1)

    def begins(x: Exec) -> None:
        g = x.game
        events = list(g.log)
        starts = [i for i, e in enumerate(events) if e.kind == "turn_start" and e.data.get("side") == "corp"]
        since = starts[-2] + 1 if len(starts) >= 2 else 0  # since the corp's previous turn began
        name = str(x.card)
        broken = sum(
            1 for e in events[since:] if e.kind == "break" and e.data.get("ice") == name and e.data.get("by") == name
        )
        if broken:
            x.do("你获得 " + "[click]" * broken + "。")

    def sub(x: Exec) -> None:
        _trash_runner_card(x, x.game.runner.rig, Phrase(N_("trash an installed card of the runner")))
        x.game.gain_credits("corp", 3)

    b.paragraph(0).when("your_turn_start", begins)
    b.paragraph(2).subroutine(sub)


@card(
    "rime",
    paragraphs=(1,),
    summary="While rezzed, each piece of ice protecting its server (itself included) gets +1 strength.",
)
def _rime(b: Builder) -> None:
    def stronger(g: NetrunnerGame, this: Card, other: Card) -> int:
        server = g.server_of(this)
        return 1 if server is not None and other in server.ice else 0

    b.strength_all(stronger)


_HQ_TRACE = "[subroutine] 追踪[3]。如果追踪成功，终止潜袭。"


@card(
    "winchester",
    paragraphs=(2,),
    summary="While protecting HQ, an encounter with it has one more subroutine after the others: trace 3, if "
    "successful end the run.",
)
def _winchester(b: Builder) -> None:
    def met(x: Exec) -> None:
        if _encountering(x) and _server_name(x.game, x.card) == "hq":
            gain_subroutines(x.game, x.run.encounter, [parse_cached(_HQ_TRACE)])

    b.when("encounter", met)


# ---------------------------------------------------------------- assets


@card(
    "calvin_b4l3y",
    paragraphs=(0, 1),
    summary="Once a turn, click: draw 2 cards; when the runner trashes it, the corp may draw 2 cards.",
)
def _calvin(b: Builder) -> None:
    def trashed(x: Exec) -> None:
        if _trashed_by_runner(x) and x.may(Phrase(N_("{card}: draw {n} cards?"), card=str(x.card), n=2)):
            x.game.draw("corp", 2)

    b.paragraph(0).paid([click()], lambda x: x.do("你抽 2 张牌。"), once_per_turn=True,
                        usable=lambda g, c, w: w == "action")  # fmt: skip
    b.paragraph(1).when("trashed", trashed)


@card(
    "nanoetching_matrix",
    paragraphs=(0, 1),
    summary="Once a turn, click: gain 2 credits; when the runner trashes it, the corp may gain 2 credits.",
)
def _nanoetching(b: Builder) -> None:
    def trashed(x: Exec) -> None:
        if _trashed_by_runner(x) and x.may(Phrase(N_("{card}: gain {n}{credit}?"), card=str(x.card), n=2,
                                                  credit="[credit]")):  # fmt: skip
            x.game.gain_credits("corp", 2)

    b.paragraph(0).paid([click()], lambda x: x.game.gain_credits("corp", 2), once_per_turn=True,
                        usable=lambda g, c, w: w == "action")  # fmt: skip
    b.paragraph(1).when("trashed", trashed)


@card(
    "cerebral_overwriter",
    paragraphs=(1,),
    summary="When the runner accesses it while it is installed, the corp may pay 3 credits to do 1 brain damage "
    "per advancement counter on it.",
)
def _cerebral_overwriter(b: Builder) -> None:
    def accessed(x: Exec) -> None:
        g = x.game
        amount = x.card.advancement
        if x.event.get("card") is not x.card or not g.is_installed(x.card) or not amount or not g.can_pay("corp", 3):
            return
        if x.may(Phrase(N_("{card}: pay {n}{credit} to do {m} {damage}?"), card=str(x.card), n=3, credit="[credit]",
                        m=amount, damage=Term("damage", "brain"))):  # fmt: skip
            g.pay("corp", 3, str(x.card))
            g.damage("brain", amount)

    b.when("access", accessed)


@card(
    "daily_quest",
    paragraphs=(0, 1, 2),
    summary="Rezzed only in the corp's action phase; each successful run on its server gives the runner 2 credits; "
    "when the corp's turn begins, it gains 3 credits unless the runner ran its server successfully during their "
    "last turn.",
)
def _daily_quest(b: Builder) -> None:
    b.rez_requires(lambda g, c: g.active == "corp" and g.current_run is None, lambda g, c: None)

    def success(x: Exec) -> None:
        run = x.run
        if run is not None and run.server == _server_name(x.game, x.card):
            x.game.gain_credits("runner", 2)

    def begins(x: Exec) -> None:
        g = x.game
        server = _server_name(g, x.card)
        if server is not None and not _ran_last_turn(g, server):
            g.gain_credits("corp", 3)

    b.paragraph(1).when("run_successful", success)
    b.paragraph(2).when("your_turn_start", begins)


@card(
    "public_health_portal",
    paragraphs=(0,),
    summary="When the corp's turn begins, the top card of R&D is revealed and the corp gains 2 credits.",
)
def _public_health_portal(b: Builder) -> None:
    def begins(x: Exec) -> None:
        g = x.game
        _reveal(g, g.corp.deck[-1:], "rnd")
        g.gain_credits("corp", 2)

    b.when("your_turn_start", begins)


@card(
    "roughneck_repair_squad",
    paragraphs=(0,),
    summary="Three clicks: gain 6 credits, then the corp may remove a bad publicity.",
)
def _roughneck(b: Builder) -> None:
    def use(x: Exec) -> None:
        g = x.game
        g.gain_credits("corp", 6)
        if g.corp.bad_publicity and x.may(Phrase(N_("remove 1 bad publicity?"))):
            g.corp.bad_publicity -= 1
            g.log.add("bad_publicity", CORP, amount=-1, bad_publicity=g.corp.bad_publicity)

    b.paid([click(3)], use, usable=lambda g, c, w: w == "action")


@card(
    "tiered_subscription",
    paragraphs=(0,),
    summary="The first time each turn a run begins, gain 1 credit.",
)
def _tiered_subscription(b: Builder) -> None:
    def begins(x: Exec) -> None:
        if len(x.this_turn("run")) == 1:
            x.game.gain_credits("corp", 1)

    b.when("run_begins", begins)


@card(
    "vaporframe_fabricator",
    paragraphs=(0, 1),
    summary="Once a turn, click: install a card from HQ, ignoring all costs; when the runner trashes it, the corp "
    "may install a card from HQ, ignoring all costs, but not in the root of its server.",
)
def _vaporframe(b: Builder) -> None:
    prompt = Phrase(N_("install a card from HQ, ignoring all costs"))

    def use(x: Exec) -> None:
        _install_one(x, x.game.corp.hand, prompt, pay=False, optional=False)

    def usable(g: NetrunnerGame, c: Card, window: str) -> bool:
        return window == "action" and any(_installable(g, h, pay=False) for h in g.corp.hand)

    def trashed(x: Exec) -> None:
        if not _trashed_by_runner(x):
            return
        old = _last_server(x.game, x.card)

        def allow(s: str) -> bool:
            return s != old

        for_ice = [c for c in x.game.corp.hand if c.type == "ice"]
        others = [c for c in x.game.corp.hand if c.type != "ice"]
        options = [c for c in for_ice if _installable(x.game, c, pay=False)]
        options += [c for c in others if _installable(x.game, c, pay=False, allow=allow)]
        chosen = x.pick(prompt, options, kind="install")
        if chosen is not None:
            _install(x, chosen, pay=False, allow=None if chosen.type == "ice" else allow)

    b.paragraph(0).paid([click()], use, once_per_turn=True, usable=usable)
    b.paragraph(1).when("trashed", trashed)


@card(
    "storgotic_resonator",
    paragraphs=(0,),
    summary="The first time each turn the corp trashes a card of the runner's identity's faction (by damage too), a "
    "power counter goes on it.",
)
def _storgotic_resonator(b: Builder) -> None:
    def hit(x: Exec, cards: Iterable[Card]) -> None:
        faction = getattr(x.game.runner.identity.record, "faction", None)
        if any(c.side == "runner" and c.record.faction == faction for c in cards) and x.once_per_turn("resonated"):
            x.game.add_counters(x.card, "power", 1)

    def trashed(x: Exec) -> None:
        hurt = x.event.get("card")
        if hurt is not None and x.event.get("by") == "corp":
            hit(x, [hurt])

    b.when("trashed", trashed)
    b.when("damage_done", lambda x: hit(x, x.event.get("cards") or []))


_WALL_MODES = ("draw", "credit", "advance", "hq")


@card(
    "wall_to_wall",
    paragraphs=(0,),
    summary="When the corp's turn begins, it resolves one of: draw a card, gain 1 credit, an advancement counter "
    "on installed ice, this asset back to HQ; up to three different ones, in any order, when it has no other "
    "rezzed asset.",
)
def _wall_to_wall(b: Builder) -> None:
    texts = {
        "draw": Phrase(N_("draw {n} cards"), n=1),
        "credit": Phrase(N_("gain {n}{credit}"), n=1, credit="[credit]"),
        "advance": Phrase(N_("place 1 advancement counter on a piece of ice")),
    }

    def begins(x: Exec) -> None:
        g = x.game
        others = any(c.type == "asset" and c.rezzed and c is not x.card for c in g.installed("corp"))
        most = 1 if others else 3
        done: list[str] = []
        while len(done) < most and not g.over:
            ice = [c for c in g.installed("corp") if c.type == "ice"]
            left = [m for m in _WALL_MODES if m not in done and (m != "advance" or ice)
                    and (m != "hq" or g.is_installed(x.card))]  # fmt: skip
            if not left:
                return
            choices = [(m, texts[m] if m in texts else Phrase(N_("add {card} to HQ"), card=str(x.card))) for m in left]
            if not others:
                choices.append(("done", Phrase(N_("done"))))
            mode = _ask(x, Phrase(N_("{card}: choose one"), card=str(x.card)), choices)
            if mode == "done":
                return
            done.append(mode)
            if mode == "draw":
                g.draw("corp", 1)
            elif mode == "credit":
                g.gain_credits("corp", 1)
            elif mode == "advance":
                target = x.pick(Phrase(N_("place 1 advancement counter on a piece of ice")), ice, optional=False)
                if target is not None:
                    g.place_advancement(target, 1)
            else:
                server = g.server_of(x.card)
                if server is not None:
                    place = place_of(g, x.card)
                    g.trash_from_server(x.card)
                    x.card.leave_play()
                    g.corp.hand.append(x.card)
                    g.log.add("move", CORP, card=str(x.card), zone=place, to="hq")

    b.when("your_turn_start", begins)


# ---------------------------------------------------------------- upgrades


@card(
    "cayambe_grid",
    paragraphs=(0, 1, 2),
    summary="When the corp's turn begins, an advancement counter goes on a piece of ice protecting its server; "
    "when the runner approaches its server, the run ends unless they pay 2 credits per advanced piece of ice "
    "protecting it; 1 region per server.",
)
def _cayambe_grid(b: Builder) -> None:
    def begins(x: Exec) -> None:
        g = x.game
        server = g.server_of(x.card)
        if server is None or not server.ice:
            return
        target = x.pick(Phrase(N_("place 1 advancement counter on a piece of ice")), list(reversed(server.ice)),
                        optional=False)  # fmt: skip
        if target is not None:
            g.place_advancement(target, 1)

    def approached(x: Exec) -> None:
        g, run = x.game, x.run
        server = g.server_of(x.card)
        if server is None or run is None or run.ended or run.server != server.name:
            return
        advanced = sum(1 for c in server.ice if c.advancement)
        if advanced:
            _end_unless_paid(x, 2 * advanced)

    b.paragraph(0).when("your_turn_start", begins)
    b.paragraph(1).when("approach_server", approached)
    one_region(b.paragraph(2))


def _remote_only(b: Builder) -> Builder:
    """"Remote server only": installed in a remote server (a new one included)."""
    return b.install_servers(lambda g, c, s: _remote_root(s))


@card(
    "la_costa_grid",
    paragraphs=(0, 1, 2),
    summary="Remote servers only; when the corp's turn begins, an advancement counter goes on a card in the root "
    "of its server; 1 region per server.",
)
def _la_costa_grid(b: Builder) -> None:
    _remote_only(b)

    def begins(x: Exec) -> None:
        g = x.game
        server = g.server_of(x.card)
        if server is None:
            return
        target = x.pick(Phrase(N_("place 1 advancement counter on a card in the root of {server}"),
                               server=Term("zone", server.name)), server.root, optional=False)  # fmt: skip
        if target is not None:
            g.place_advancement(target, 1)

    b.paragraph(1).when("your_turn_start", begins)
    one_region(b.paragraph(2))


@card(
    "tranquility_home_grid",
    paragraphs=(0, 1, 2),
    summary="Remote servers only; the first time each turn a card is installed in the root of its server, the "
    "corp gains 2 credits or draws a card; 1 region per server.",
)
def _tranquility_home_grid(b: Builder) -> None:
    _remote_only(b)

    def installed(x: Exec) -> None:
        g = x.game
        new, server = x.event.get("card"), g.server_of(x.card)
        if new is None or server is None or new not in server.root:
            return
        into = [e for e in x.this_turn("install_facedown") if e.get("server") == server.name and e.get("type") == "card"]
        if len(into) != 1:  # not the first install in its root this turn
            return
        choices = [("credits", Phrase(N_("gain {n}{credit}"), n=2, credit="[credit]")),
                   ("draw", Phrase(N_("draw {n} cards"), n=1))]  # fmt: skip
        if _ask(x, Phrase(N_("{card}: choose one"), card=str(x.card)), choices) == "credits":
            g.gain_credits("corp", 2)
        else:
            g.draw("corp", 1)

    b.paragraph(1).when("any_installed", installed)
    one_region(b.paragraph(2))


@card(
    "increased_drop_rates",
    paragraphs=(0, 1),
    summary="Revealed when accessed in R&D; when accessed, the corp removes a bad publicity unless the runner "
    "takes a tag.",
)
def _increased_drop_rates(b: Builder) -> None:
    def accessed(x: Exec) -> None:  # both paragraphs in one trigger: no order to choose between them
        g = x.game
        if x.event.get("card") is not x.card:
            return
        if x.card in g.corp.deck:
            _reveal(g, [x.card], "rnd")
        if not g.corp.bad_publicity:
            return
        prompt = Phrase(N_("{card}: take 1 tag, or the corp removes 1 bad publicity"), card=str(x.card))
        texts = (Phrase(N_("take 1 tag")), Phrase(N_("remove 1 bad publicity")))
        if g.confirm("runner", "optional", prompt, yes="tag", no="refuse", texts=texts):
            g.gain_tags(1)
        else:
            g.corp.bad_publicity -= 1
            g.log.add("bad_publicity", CORP, amount=-1, bad_publicity=g.corp.bad_publicity)

    b.when("access", accessed)


# ---------------------------------------------------------------- agendas


@card(
    "architect_deployment_test",
    paragraphs=(0,),
    summary="When scored, the corp looks at the top 5 cards of R&D and may install and rez one of them, ignoring "
    "all costs.",
)
def _architect(b: Builder) -> None:
    def scored(x: Exec) -> None:
        g = x.game
        top = list(reversed(g.corp.deck[-5:]))
        _reveal(g, top, "rnd", visible=[CORP])
        prompt = Phrase(N_("install and rez one of the top cards of R&D, ignoring all costs"))
        chosen = _install_one(x, top, prompt, pay=False)
        if chosen is not None and chosen.type != "agenda" and not chosen.rezzed:
            g.rez(chosen, free=True)

    b.when("agenda_scored", scored)


@card(
    "cyberdex_sandbox",
    paragraphs=(0,),
    summary="The first time each turn the corp purges virus counters, it gains 4 credits.",
)
def _cyberdex_sandbox(b: Builder) -> None:
    def purged(x: Exec) -> None:
        if len(x.this_turn("purge")) == 1:
            x.game.gain_credits("corp", 4)

    b.when("purged", purged)


@card(
    "megaprix_qualifier",
    paragraphs=(0, 1),
    summary="When scored with another copy of it in either score area, an agenda counter goes on it; while it has "
    "one, it is worth 1 more agenda point.",
)
def _megaprix_qualifier(b: Builder) -> None:
    def scored(x: Exec) -> None:
        g = x.game
        if any(c.id == x.card.id and c is not x.card for c in [*g.corp.score_area, *g.runner.score_area]):
            g.add_counters(x.card, "agenda", 1)

    def points(g: NetrunnerGame, this: Card, side: str) -> int:
        owner = "corp" if this in g.corp.score_area else "runner" if this in g.runner.score_area else None
        return 1 if owner == side and this.counters.get("agenda") else 0

    b.paragraph(0).when("agenda_scored", scored)
    b.paragraph(1).points(points)


@card(
    "project_yagi_uda",
    paragraphs=(0, 1),
    summary="When scored, an agenda counter for each advancement counter past 3; during a run, for one of them, "
    "the corp swaps a card of HQ with a card in the root of or protecting the attacked server (not the ice being "
    "approached), and the runner may jack out.",
)
def _project_yagi_uda(b: Builder) -> None:
    def scored(x: Exec) -> None:
        extra = _advancement_when_scored(x) - 3
        if extra > 0:
            x.game.add_counters(x.card, "agenda", extra)

    def targets(g: NetrunnerGame) -> list[Card]:
        """The cards of the attacked server that a card of HQ can take the place of."""
        run = g.current_run
        if run is None or run.server not in g.servers:
            return []
        server = g.servers[run.server]
        approached = None  # the ice being approached keeps its place: the run is at it now
        if run.step == "approach" and 0 < run.position <= len(server.ice):
            approached = server.ice[run.position - 1]
        return [c for c in [*server.ice, *server.root] if c is not approached and swaps(g, c)]

    def swaps(g: NetrunnerGame, out: Card) -> list[Card]:
        """The cards of HQ that may take the place of ``out``."""
        server = g.server_of(out)
        if server is None:
            return []
        if out in server.ice:
            return [c for c in g.corp.hand if c.type == "ice"]
        others = [c for c in server.root if c is not out and c.type != "upgrade"]
        types = {"upgrade"} if not server.remote or others else {"upgrade", "asset", "agenda"}
        return [c for c in g.corp.hand if c.type in types]

    def use(x: Exec) -> None:
        g = x.game
        out = x.pick(Phrase(N_("swap which card of the attacked server with a card of HQ")), targets(g), optional=False)
        if out is None:
            return
        into = x.pick(Phrase(N_("swap {card} with which card of HQ"), card=str(out)), swaps(g, out), optional=False)
        server = g.server_of(out)
        if into is None or server is None:
            return
        for hosted in list(out.hosted):
            g.trash(hosted, Phrase(N_("its host {card} left play"), card=str(out)))
        pile = server.ice if out in server.ice else server.root
        place = installed_place(server.name, pile is server.ice)
        pile[pile.index(out)] = into
        g.corp.hand.remove(into)
        shown = str(out) if out.rezzed else Term("card_type", "card")
        out.leave_play()
        out.faceup = False
        g.corp.hand.append(out)
        g.log.add("move", CORP, visible=[CORP], card=str(out), zone=place, to="hq")
        g.log.add("move", CORP, visible=[CORP], card=str(into), zone="hq", to=place)
        g.log.add("move", CORP, visible=[RUNNER], card=shown, zone=place, to="hq")
        g.log.add("move", CORP, visible=[RUNNER], card=Term("card_type", "card"), zone="hq", to=place)
        if x.may(Phrase(N_("jack out?")), side="runner"):
            x.jack_out()

    def usable(g: NetrunnerGame, c: Card, window: str) -> bool:
        run = g.current_run
        return window == "run" and run is not None and not run.ended and bool(targets(g))

    b.paragraph(0).when("agenda_scored", scored)
    b.paragraph(1).paid([counters("agenda", 1)], use, usable=usable)


@card(
    "divested_trust",
    paragraphs=(0,),
    summary="Each time the runner steals another agenda, the corp may forfeit this one to gain 5 credits and take "
    "the stolen agenda into HQ.",
)
def _divested_trust(b: Builder) -> None:
    def stolen(x: Exec) -> None:
        g = x.game
        agenda = x.event.get("card")
        if agenda is None or agenda is x.card or agenda not in g.runner.score_area or x.card not in g.corp.score_area:
            return
        if g.agenda_points("runner") >= g.rules.agenda_points_to_win:  # the runner has won already
            return
        if not x.may(Phrase(N_("forfeit {card} to gain {n}{credit} and add {agenda} to HQ?"), card=str(x.card), n=5,
                            credit="[credit]", agenda=str(agenda))):  # fmt: skip
            return
        g.forfeit(x.card, x.why)
        g.gain_credits("corp", 5)
        g.runner.score_area.remove(agenda)
        agenda.leave_play()
        agenda.faceup = False
        g.corp.hand.append(agenda)
        g.log.add("move", CORP, card=str(agenda), zone="score_area", to="hq")

    b.when("any_stolen", stolen)


@card(
    "false_lead",
    paragraphs=(0,),
    summary="Forfeit it: the runner loses 2 clicks if they have 2 or more left.",
)
def _false_lead(b: Builder) -> None:
    def use(x: Exec) -> None:
        g = x.game
        g.forfeit(x.card, x.why)
        if g.runner.clicks >= 2:
            x.do("潜袭者失去 [click][click]。")

    def usable(g: NetrunnerGame, c: Card, window: str) -> bool:
        return window in ("action", "run") and c in g.corp.score_area and g.runner.clicks >= 2

    b.paid([], use, usable=usable)


@card(
    "flower_sermon",
    paragraphs=(1,),
    summary="Once a turn, for one of its agenda counters: the top card of R&D is revealed, the corp draws 2 cards "
    "and puts a card from HQ on top of R&D.",
)
def _flower_sermon(b: Builder) -> None:
    def use(x: Exec) -> None:
        g = x.game
        _reveal(g, g.corp.deck[-1:], "rnd")
        g.draw("corp", 2)
        chosen = x.pick(Phrase(N_("add a card from HQ to the top of R&D")), g.corp.hand, optional=False)
        if chosen is not None:
            g.corp.hand.remove(chosen)
            g.corp.deck.append(chosen)
            g.log.add("move", CORP, visible=[CORP], card=str(chosen), zone="hq", to="rnd")

    b.paid([counters("agenda", 1)], use, once_per_turn=True,
           usable=lambda g, c, w: w in ("action", "run") and len(g.corp.deck) >= 2)  # fmt: skip


@card(
    "remastered_edition",
    paragraphs=(1,),
    summary="For one of its agenda counters: an advancement counter on an installed card.",
)
def _remastered_edition(b: Builder) -> None:
    b.text("移除本牌上 1 个议案指示物：在 1 张已安装的牌上放置 1 个推进标记。")


@card(
    "sting",
    paragraphs=(0,),
    summary="When scored or stolen, 1 net damage plus 1 per copy of it in the other player's score area.",
)
def _sting(b: Builder) -> None:
    def hurt(x: Exec, other: list[Card]) -> None:
        x.game.damage("net", 1 + sum(1 for c in other if c.id == x.card.id))

    b.when("agenda_scored", lambda x: hurt(x, x.game.runner.score_area))
    b.when("agenda_stolen", lambda x: hurt(x, x.game.corp.score_area))


@card(
    "transport_monopoly",
    paragraphs=(1,),
    summary="Once a turn during a run, for one of its agenda counters: that run cannot be successful (it ends "
    "unsuccessfully when it reaches the server).",
)
def _transport_monopoly(b: Builder) -> None:
    def use(x: Exec) -> None:
        x.card.notes["blocked"] = x.game.current_run

    def usable(g: NetrunnerGame, c: Card, window: str) -> bool:
        run = g.current_run
        return window == "run" and run is not None and not run.ended and c.notes.get("blocked") is not run

    def approached(x: Exec) -> None:
        run = x.run
        if run is not None and not run.ended and x.card.notes.get("blocked") is run:
            x.game.end_run(Phrase(N_("{card}: the run cannot be successful"), card=str(x.card)))

    b.paid([counters("agenda", 1)], use, once_per_turn=True, usable=usable)
    b.when("approach_server", approached)


# ---------------------------------------------------------------- operations


@card(
    "argus_crackdown",
    paragraphs=(0, 1),
    summary="A lockdown (played when none is active, it stays until the corp's next turn); meanwhile each "
    "successful run on a server protected by ice costs the runner 2 meat damage.",
)
def _argus_crackdown(b: Builder) -> None:
    _lockdown(b.paragraph(0))

    def iced(x: Exec, server: str) -> bool:
        target = x.game.servers.get(server)
        return target is not None and bool(target.ice)

    def breach(x: Exec) -> None:
        run = x.run
        if run is not None and iced(x, run.server):
            x.card.notes["hit"] = run
            x.game.damage("meat", 2)

    def ended(x: Exec) -> None:  # a successful run whose breach something replaced
        run = x.event.get("run")
        if x.event.get("successful") and run is not None and x.card.notes.get("hit") is not run and iced(x, run.server):
            x.game.damage("meat", 2)

    b.paragraph(1).when("breach", breach).when("run_ends", ended)


@card(
    "hyoubu_precog_manifold",
    paragraphs=(0, 1, 2),
    summary="A lockdown (played when none is active, it stays until the corp's next turn); the corp chooses a "
    "server, and a successful run there ends after a psi game with different bids.",
)
def _hyoubu_precog_manifold(b: Builder) -> None:
    _lockdown(b.paragraph(0))

    def chosen(x: Exec) -> None:
        x.card.notes["server"] = x.choose(Phrase(N_("{card}: choose a server"), card=str(x.card)), list(x.game.servers),
                                          kind="server")  # fmt: skip

    def approached(x: Exec) -> None:  # just before the run is successful; the breach is what it replaces
        g, run = x.game, x.run
        if run is None or run.ended or run.server != x.card.notes.get("server"):
            return
        x.do("进行心灵博弈。")
        if x.ctx.psi_equal is False:
            x.instead_of_breach(lambda: g.end_run(str(x.card)))

    b.paragraph(1).play(chosen)
    b.paragraph(2).when("approach_server", approached)


@card(
    "kakurenbo",
    paragraphs=(0, 1, 2),
    summary="Costs two more clicks to play; trash any cards of HQ, turn Archives face down, and the corp may "
    "install a card of Archives in the root of a remote server with 2 advancement counters; then it leaves the "
    "game.",
)
def _kakurenbo(b: Builder) -> None:
    b.play_clicks(2)

    def play(x: Exec) -> None:
        g = x.game
        while g.corp.hand:
            chosen = x.pick(Phrase(N_("trash a card from HQ")), g.corp.hand)
            if chosen is None:
                break
            g.trash(chosen, x.why, by="corp")
        for c in g.corp.discard:
            c.faceup = False
        cards = [c for c in reversed(g.corp.discard) if c.type != "ice"]
        prompt = Phrase(N_("install a card from Archives in the root of a remote server"))
        installed = _install_one(x, cards, prompt, allow=_remote_root)
        if installed is not None:
            g.place_advancement(installed, 2)

    b.paragraph(1).play(play)
    b.paragraph(2).play(lambda x: x.remove_from_game())


@card(
    "next_activation_command",
    paragraphs=(0, 1),
    summary="A lockdown (played when none is active, it stays until the corp's next turn); meanwhile every piece "
    "of ice gets +2 strength.",
)
def _next_activation_command(b: Builder) -> None:
    _lockdown(b.paragraph(0))
    b.paragraph(1).strength_all(lambda g, this, other: 2 if other.type == "ice" else 0)


@card(
    "sync_rerouting",
    paragraphs=(0, 1),
    summary="A lockdown (played when none is active, it stays until the corp's next turn); meanwhile each run "
    "that begins gives the runner a tag unless they pay 4 credits.",
)
def _sync_rerouting(b: Builder) -> None:
    _lockdown(b.paragraph(0))

    def begins(x: Exec) -> None:
        g = x.game
        prompt = Phrase(N_("{card}: pay {n}{credit} or take 1 tag"), card=str(x.card), n=4, credit="[credit]")
        texts = (Phrase(N_("pay {n}{credit}"), n=4, credit="[credit]"), Phrase(N_("take 1 tag")))
        if g.can_pay("runner", 4) and g.confirm("runner", "optional", prompt, yes="pay", no="tag", texts=texts):
            g.pay("runner", 4, str(x.card))
        else:
            g.gain_tags(1)

    b.paragraph(1).when("run_begins", begins)


@card(
    "complete_image",
    paragraphs=(0, 1, 2),
    summary="Playable when the runner has 3 or more agenda points and ran successfully during their last turn; "
    "ends the action phase; the corp names a card and does 1 net damage, again as long as the card trashed has "
    "that name.",
)
def _complete_image(b: Builder) -> None:
    b.may_play(lambda g, c: g.agenda_points("runner") >= 3 and _ran_last_turn(g))

    def end(x: Exec) -> None:
        x.game.end_action_phase = True

    def names(g: NetrunnerGame) -> list[Any]:
        """The runner's card records, those the corp has seen in the rig or heap first."""
        records = sorted((r for r in g.records if r.kind == "card" and side_of_type(r.type) == "runner"),
                         key=lambda r: r.id)  # fmt: skip
        seen = {c.id for c in [*g.runner.rig, *g.runner.discard]}
        return [r for r in records if r.id in seen] + [r for r in records if r.id not in seen]

    def damage(x: Exec) -> None:
        g = x.game
        records = names(g)
        while not g.over:  # an empty grip does not stop it: the damage then flatlines the runner
            named = g.choose("corp", "target", Phrase(N_("name a card")), records, label=lambda r: r.id,
                             text=lambda r: Term("record", r.id))  # fmt: skip
            g.log.add("effect", CORP, card=str(x.card), named=Term("record", named.id))
            trashed = _damage_trashing(g, "net", 1)
            if not any(c.record.name.en == named.name.en for c in trashed):
                return

    b.paragraph(1).play(end)
    b.paragraph(2).play(damage)


@card(
    "digital_rights_management",
    paragraphs=(0, 1, 2),
    summary="Playable unless the runner ran HQ successfully during their last turn; search R&D for an agenda and "
    "add it to HQ, then the corp may install a card from HQ in the root of a remote server; no agenda can be "
    "scored for the rest of the turn.",
)
def _digital_rights_management(b: Builder) -> None:
    b.may_play(lambda g, c: not _ran_last_turn(g, "hq"))

    def play(x: Exec) -> None:
        x.do("你从研发中心搜寻 1 张议案，展示后加入你的手牌。")
        cards = [c for c in x.game.corp.hand if c.type != "ice"]
        _install_one(x, cards, Phrase(N_("install a card from HQ in the root of a remote server")),
                     allow=_remote_root)  # fmt: skip

    b.paragraph(1).play(play)
    b.paragraph(2).play(lambda x: x.forbid("score", "turn"))


@card(
    "focus_group",
    paragraphs=(0, 1),
    summary="Playable after a successful run in the runner's last turn; the corp names a card type, the grip is "
    "revealed, and the corp may pay X credits, X up to the revealed cards of that type, to place X advancement "
    "counters on an installed card.",
)
def _focus_group(b: Builder) -> None:
    b.may_play(lambda g, c: _ran_last_turn(g))

    def play(x: Exec) -> None:
        g = x.game
        named = _card_type(x, RUNNER_CARD_TYPES)
        grip = list(g.runner.hand)
        _reveal(g, grip, "grip")
        most = min(sum(1 for c in grip if c.type == named), g.corp.credits)
        installed = g.installed("corp")
        if not most or not installed:
            return
        prompt = Phrase(N_("pay how many credits to place as many advancement counters"))
        amount = int(g.choose("corp", "target", prompt, list(range(most + 1)), label=str, text=str))
        if not amount:
            return
        target = x.pick(Phrase(N_("place advancement counters on")), installed, optional=False)
        if target is not None:
            g.pay("corp", amount, str(x.card))
            g.place_advancement(target, amount)

    b.paragraph(1).play(play)


@card(
    "fully_operational",
    paragraphs=(0,),
    summary="Gain 2 credits or draw 2 cards, once more for each remote server with a card in its root and ice "
    "protecting it.",
)
def _fully_operational(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        times = 1 + sum(1 for s in g.servers.values() if s.remote and s.root and s.ice)
        for _ in range(times):
            if g.over:
                return
            mode = _ask(x, Phrase(N_("{card}: choose one"), card=str(x.card)), [
                ("credits", Phrase(N_("gain {n}{credit}"), n=2, credit="[credit]")),
                ("draw", Phrase(N_("draw {n} cards"), n=2)),
            ])  # fmt: skip
            if mode == "credits":
                g.gain_credits("corp", 2)
            else:
                g.draw("corp", 2)

    b.play(play)


@card(
    "game_over",
    paragraphs=(0, 1),
    summary="Playable after the runner stole an agenda during their last turn; the corp names a type of installed "
    "runner card and every installed card of it that is not an icebreaker is trashed, unless the runner pays "
    "3 credits for it.",
)
def _game_over(b: Builder) -> None:
    b.may_play(lambda g, c: _stole_last_turn(g))

    def play(x: Exec) -> None:
        g = x.game
        named = _card_type(x, RIG_TYPES)
        for target in [c for c in g.runner.rig if c.type == named and "icebreaker" not in c.subtypes]:
            if g.over or target not in g.runner.rig:
                continue
            prompt = Phrase(N_("pay {n}{credit} to keep {card}?"), n=3, credit="[credit]", card=str(target))
            if g.can_pay("runner", 3) and x.may(prompt, side="runner"):
                g.pay("runner", 3, str(x.card))
            else:
                g.trash(target, _by_corp(), by="corp")

    b.paragraph(1).play(play)


_RED_LEVEL_MODES = ("draw", "credits", "install", "click")


@card(
    "red_level_clearance",
    paragraphs=(0,),
    summary="Two different of, in any order: draw 2 cards; gain 2 credits; install a card from HQ that is not an "
    "agenda; gain a click.",
)
def _red_level_clearance(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        texts = {
            "draw": Phrase(N_("draw {n} cards"), n=2),
            "credits": Phrase(N_("gain {n}{credit}"), n=2, credit="[credit]"),
            "install": Phrase(N_("install a card from HQ that is not an agenda")),
            "click": Phrase(N_("gain {click}"), click="[click]"),
        }
        done: list[str] = []
        for _ in range(2):
            # only a mode that can change the game is offered: a card in R&D to draw, a card of HQ to install
            left = [m for m in _RED_LEVEL_MODES if m not in done and (m != "draw" or g.corp.deck)
                    and (m != "install" or any(c.type != "agenda" and _installable(g, c) for c in g.corp.hand))]  # fmt: skip
            if g.over or not left:
                return
            mode = _ask(x, Phrase(N_("{card}: choose one"), card=str(x.card)), [(m, texts[m]) for m in left])
            done.append(mode)
            if mode == "draw":
                g.draw("corp", 2)
            elif mode == "credits":
                g.gain_credits("corp", 2)
            elif mode == "click":
                x.do("你获得 [click]。")
            else:
                cards = [c for c in g.corp.hand if c.type != "agenda"]
                _install_one(x, cards, texts["install"], optional=False)

    b.play(play)


@card(
    "scapenet",
    paragraphs=(0, 1),
    summary="Playable after a successful run in the runner's last turn; trace 7, if successful an installed chip "
    "or virtual card is removed from the game.",
)
def _scapenet(b: Builder) -> None:
    b.may_play(lambda g, c: _ran_last_turn(g))

    def play(x: Exec) -> None:
        x.do("追踪[7]。")
        if not x.ctx.trace:
            return
        options = [c for c in x.game.runner.rig if {"chip", "virtual"} & set(c.subtypes)]
        chosen = x.pick(Phrase(N_("remove a chip or virtual card from the game")), options, optional=False)
        if chosen is not None:
            x.remove_from_game(chosen)

    b.paragraph(1).play(play)


@card(
    "secure_and_protect",
    paragraphs=(0, 1),
    summary="Costs a second click to play; search R&D for a piece of ice and install it protecting a central "
    "server, paying 3 credits less.",
)
def _secure_and_protect(b: Builder) -> None:
    b.play_clicks(1)

    def cost(g: NetrunnerGame, ice: Card, server: str) -> int:
        return max(0, g.install_cost(ice, server) - 3)

    def play(x: Exec) -> None:
        g = x.game
        options = [
            c
            for c in reversed(g.corp.deck)
            if c.type == "ice" and g.may_install(c) and any(g.can_pay("corp", cost(g, c, s), "install") for s in CENTRALS)
        ]
        chosen = x.pick(Phrase(N_("search the {zone} for an {type}"), zone=Term("zone", "rnd"),
                               type=Term("card_type", "ice")), options)  # fmt: skip
        if chosen is not None:
            g.corp.deck.remove(chosen)
            _reveal(g, [chosen], "rnd")
            g.log.add("search", CORP, card=str(chosen), zone="rnd")
            servers = [s for s in CENTRALS if g.can_pay("corp", cost(g, chosen, s), "install")]
            server = str(g.choose("corp", "server", Phrase(N_("install {card} in"), card=str(chosen)), servers))
            g.pay("corp", cost(g, chosen, server), g.install_reason(chosen, server), "install")
            g.install("corp", chosen, server, pay=False)
        else:
            g.log.add("search_failed", CORP, zone="rnd", type="ice")
        g.rng.shuffle(g.corp.deck)
        g.log.add("shuffle", CORP, zone="rnd")

    b.paragraph(1).play(play)


# ---------------------------------------------------------------- identities


def _card_by_uid(g: NetrunnerGame, uid: int) -> Card | None:
    """The corp card of ``uid``, wherever it is (an ability's card may have left play as its cost)."""
    corp = g.corp
    zones = [[corp.identity], g.installed("corp"), corp.score_area, corp.hand, corp.discard, g.in_play, g.removed]
    return next((c for zone in zones for c in zone if c.uid == uid), None)


def _action_key(g: NetrunnerGame, label: str) -> str | None:
    """What tells a corp action apart from another (a basic action, or one card's ability), from its decision
    label; None for what is not an action with a click (rezzing, scoring, an ability without a click)."""
    kind, _, rest = label.partition(":")
    if kind in ("rez", "score", "end"):
        return None
    if kind != "use":
        return kind
    ref, _, index = rest.rpartition("/")
    uid = ref.rpartition("#")[2]
    used = _card_by_uid(g, int(uid)) if uid.isdigit() else None
    if used is None or not index.isdigit():
        return None
    abilities = g.abilities(used)
    number = int(index)
    if number >= len(abilities) or not any(isinstance(c, A.ClickCost) for c in abilities[number].costs):
        return None
    return f"{ref}/{index}"


@card(
    "mirrormorph_endless_iteration",
    paragraphs=(0,),
    summary="When the corp's first three actions of a turn are all different, after the third it may gain 1 credit "
    "or take a fourth, different action for a click less.",
)
def _mirrormorph(b: Builder) -> None:
    def taken(x: Exec) -> None:
        g = x.game
        if x.event.get("side") != "corp":
            return
        key = _action_key(g, str(x.event.get("action", "")))
        if key is None:
            return
        notes = x.card.notes
        if notes.get("turn") != g.turns:
            notes["turn"], notes["actions"] = g.turns, []
        actions: list[str] = notes["actions"]
        actions.append(key)
        if len(actions) != 3 or len(set(actions)) != 3 or g.over:
            return
        choices = [("credit", Phrase(N_("gain {n}{credit}"), n=1, credit="[credit]"))]
        player = g.corp
        player.clicks += 1  # the action taken now costs a click less
        others = [] if g.end_action_phase else [
            o for o in g.actions.options("corp") if o.value.clicks >= 1 and _action_key(g, o.label) not in actions
        ]  # fmt: skip
        player.clicks -= 1
        if others:
            choices.append(("action", Phrase(N_("take another different action, paying {click} less"),
                                             click="[click]")))  # fmt: skip
        choices.append(("no", Phrase(N_("no"))))
        answer = _ask(x, Phrase(N_("{card}: choose one"), card=str(x.card)), choices)
        if answer == "credit":
            g.gain_credits("corp", 1)
        elif answer == "action":
            player.clicks += 1
            option = g.ask("corp", "target", Phrase(N_("take another different action, paying {click} less"),
                                                    click="[click]"), others)  # fmt: skip
            before = player.clicks
            g.actions.take(option.value)
            if player.clicks >= before:  # it spent no click after all: the one given back goes
                player.clicks -= 1

    b.when("action_taken", taken)
