"""Card scripts of the Liberation cycle (The Automata Initiative, Rebellion Without Rehearsal): the corp cards
and identities."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any

from toolkit.engine.phrase import Phrase, Term
from toolkit.i18n.words import N_
from toolkit.text import ast as A
from toolkit.text import parse_cached
from toolkit.text.render import render

from ..decisions import Option
from ..run import gain_subroutines
from ..state import CENTRALS, INSTALLABLE, SEATS
from . import (
    Builder,
    Exec,
    ask_none,
    card,
    click,
    counters,
    credit,
    installed_place,
    one_region,
    place_of,
    trash_self,
)

if TYPE_CHECKING:
    from ..game import NetrunnerGame
    from ..state import Card, Server, Side

CORP = SEATS["corp"]
RUNNER = SEATS["runner"]
CORP_TYPES = ("agenda", "asset", "ice", "operation", "upgrade")


# ---------------------------------------------------------------- shared pieces


def _threat(g: NetrunnerGame, points: int) -> bool:
    """"Threat N →": the ability is on while either player has N or more agenda points."""
    return max(g.agenda_points("corp"), g.agenda_points("runner")) >= points


def _label(value: Any) -> str:
    return "done" if value is None else str(value.ref)


def _text(value: Any) -> str:
    if value is None:
        return Phrase(N_("done"))
    return Phrase(N_("{card} ({type})"), card=str(value), type=Term("type", value.type))


def _pick(x: Exec, prompt: str, cards: Iterable[Card], side: Side | None = None, optional: bool = False,
          hidden: bool = False) -> Any:  # fmt: skip
    """One of ``cards`` chosen by ``side`` (default the card's); ``optional`` adds a ``done`` option (None).
    None too when there is nothing to choose (``hidden``: cards the other side cannot see, then an optional pick is
    asked all the same in a game of two people: :func:`ask_none`)."""
    values: list[Any] = list(cards)
    if not values:
        if optional:
            ask_none(x.game, side or x.side, "target", prompt, hidden)
        return None
    if optional:
        values.append(None)
    return x.game.choose(side or x.side, "target", prompt, values, label=_label, text=_text)


def _ask(x: Exec, prompt: str, choices: Sequence[tuple[str, str]], side: Side | None = None) -> str:
    """One of ``choices`` (``(label, text)``), answered by ``side`` (default the card's): its label."""
    options = [Option(label, text, label) for label, text in choices]
    return str(x.game.ask(side or x.side, "target", prompt, options).value)


def _faceup_types(g: NetrunnerGame) -> set[str]:
    """The card types among the face-up cards of Archives."""
    return {c.type for c in g.corp.discard if c.faceup}


def _this_turn(g: NetrunnerGame) -> list[Any]:
    """The log's events since the current turn began (a laid-out position: since the log began)."""
    events = list(g.log)
    starts = [i for i, e in enumerate(events) if e.kind == "turn_start"]
    return events[starts[-1] + 1 :] if starts else events


def _runner_hit_last_turn(g: NetrunnerGame) -> bool:
    """Whether the runner stole an agenda or trashed a corp card during their last turn (as the log tells; a
    position laid out in the runner's turn counts from the log's start)."""
    events = list(g.log)
    starts = [
        i
        for i, e in enumerate(events)
        if (e.kind == "turn_start" and e.data.get("side") == "runner")
        or (e.kind == "scenario" and e.data.get("active") == "runner")
    ]
    if not starts:
        return False
    for event in events[starts[-1] + 1 :]:
        if event.kind == "turn_end" and event.data.get("side") == "runner":
            break
        if _hit(event):
            return True
    return False


def _hit(event: Any) -> bool:
    """A steal, or a corp card trashed by the runner."""
    if event.kind == "steal":
        return True
    return event.kind == "trashed" and event.player == CORP and event.data.get("reason") == "trashed by the runner"


def _may_play_terminal(b: Builder) -> None:
    """"Play only if the runner stole or trashed a corp card during their last turn."""
    b.may_play(lambda g, c: _runner_hit_last_turn(g))


def _end_action_phase(b: Builder) -> None:
    """"After you resolve this operation, your action phase ends"."""

    def end(x: Exec) -> None:
        x.game.end_action_phase = True

    b.play(end)


def _playable(g: NetrunnerGame, c: Card) -> bool:
    """Whether the corp may play the operation ``c`` from HQ now through an effect (no action spent on it; an
    additional cost in clicks is still paid)."""
    return (
        c.type == "operation"
        and g.may_play(c)
        and g.can_pay("corp", g.play_cost(c))
        and g.corp.clicks >= g.play_clicks(c)
    )


def _play(g: NetrunnerGame, c: Card) -> None:
    """Play the operation ``c`` from HQ through an effect, paying its cost (and any additional clicks)."""
    if g.play_clicks(c):
        g.spend_clicks("corp", g.play_clicks(c), Phrase(N_("playing {card}"), card=str(c)))
    g.actions.play_card("corp", c)


def _trash_from_hq(x: Exec, cards: Iterable[Card]) -> None:
    """Trash cards of HQ: face down into Archives."""
    for target in cards:
        x.game.trash(target, str(x.card), by="corp")


def _to_hq(g: NetrunnerGame, moved: Card) -> None:
    """A corp card from Archives or from play (ice protecting a server, a server's root) to HQ; everyone sees which
    when it was face up there (rezzed, when installed), the corp only otherwise."""
    zone: Any = "archives"
    seen: Any = "all" if moved.faceup else [CORP]
    if moved in g.corp.discard:
        g.corp.discard.remove(moved)
    elif g.is_installed(moved):
        zone, seen = place_of(g, moved), "all" if moved.rezzed else [CORP]
        g.trash_from_server(moved)
        moved.leave_play()
    moved.faceup = False
    g.corp.hand.append(moved)
    g.log.add("move", CORP, visible=seen, card=str(moved), zone=zone, to="hq")


def _archives_to_hq(x: Exec, optional: bool = False) -> None:
    """Add 1 card from Archives to HQ (``optional``: the corp may decline)."""
    g = x.game
    chosen = _pick(x, Phrase(N_("add a card from Archives to HQ")), list(reversed(g.corp.discard)), optional=optional)
    if chosen is not None:
        _to_hq(g, chosen)


def _installable(g: NetrunnerGame, c: Card, pay: bool = True, servers: Callable[[str], bool] | None = None) -> bool:
    """Whether the corp may install ``c`` now in a server ``servers`` allows (paying its install cost, if ``pay``)."""
    if c.type not in INSTALLABLE or not g.may_install(c):
        return False
    return bool(_servers_for(g, c, pay, servers))


def _servers_for(g: NetrunnerGame, c: Card, pay: bool, servers: Callable[[str], bool] | None) -> list[str]:
    return [
        s
        for s in g.server_options(c)
        if (servers is None or servers(s)) and (not pay or g.can_pay("corp", g.install_cost(c, s), "install"))
    ]


def _install(x: Exec, chosen: Card, pay: bool = True, servers: Callable[[str], bool] | None = None) -> None:
    """Install ``chosen`` (from HQ, Archives or R&D) in a server of the corp's choice among those ``servers``
    allows; paying the install cost unless ``pay`` is False."""
    g = x.game
    options = _servers_for(g, chosen, pay, servers)
    if not options:
        return
    source = origin = None
    for name, where, zone in (("archives", "discard", g.corp.discard), ("rnd", "deck", g.corp.deck)):
        if chosen in zone:
            zone.remove(chosen)
            chosen.faceup = False
            source, origin = name, where
    server = g.choose("corp", "server", Phrase(N_("install {card} in"), card=str(chosen)), options)
    g.install("corp", chosen, server, pay=pay, origin=origin)
    if source is not None and g.is_installed(chosen):
        chosen.notes["installed_from"] = source  # not from HQ (what The Holo Man asks)


def _install_from(
    x: Exec,
    cards: Iterable[Card],
    pay: bool = True,
    servers: Callable[[str], bool] | None = None,
    prompt: str | None = None,
) -> Card | None:
    """The corp may install one of ``cards`` (declining is a ``done`` option); the card installed, if any."""
    g = x.game
    options = [c for c in cards if _installable(g, c, pay, servers)]
    chosen = _pick(x, prompt or Phrase(N_("install a card from HQ")), options, optional=True)
    if chosen is None:
        return None
    _install(x, chosen, pay, servers)
    return chosen if g.is_installed(chosen) else None


def _other_servers(g: NetrunnerGame, this: Card) -> Callable[[str], bool]:
    """A server filter: every server but the one ``this`` is installed in (a new remote is another server)."""
    server = g.server_of(this)
    name = server.name if server is not None else None
    return lambda s: s != name


def _move_to_root(x: Exec, optional: bool = True) -> None:
    """The corp may move this card to the root of another server (a remote left empty is gone)."""
    g = x.game
    old = g.server_of(x.card)
    if old is None:
        return
    names = [n for n in g.servers if n != old.name]
    if not names:
        return
    if optional and not x.may(Phrase(N_("{card}: move it to the root of another server?"), card=str(x.card))):
        return
    target = g.choose("corp", "server", Phrase(N_("move {card} to the root of"), card=str(x.card)), names)
    _relocate(g, x.card, old, g.servers[str(target)], root=True)


def _relocate(g: NetrunnerGame, moved: Card, old: Server, new: Server, root: bool) -> None:
    """Move an installed card from ``old`` to ``new`` (its root, or outermost among its ice)."""
    left = installed_place(old.name, moved in old.ice)
    (old.ice if moved in old.ice else old.root).remove(moved)
    (new.root if root else new.ice).append(moved)
    if old.remote and old is not new and not old.ice and not old.root:
        del g.servers[old.name]
    g.log.add("move", CORP, card=str(moved) if moved.rezzed else Term("card_type", "card"), zone=left,
              to=installed_place(new.name, not root))  # fmt: skip


def _advanceable(g: NetrunnerGame) -> list[Card]:
    return [c for c in g.installed("corp") if g.can_advance(c)]


def _reveal(g: NetrunnerGame, shown: Card, zone: str) -> None:
    g.log.add("reveal", CORP, card=str(shown), zone=zone)


def _last_rez_free(g: NetrunnerGame, rezzed: Card) -> bool:
    """Whether the last rez of ``rezzed`` ignored all costs."""
    for event in reversed(list(g.log)):
        if event.kind == "rez" and event.data.get("card") == str(rezzed):
            return bool(event.data.get("free"))
    return False


def _from_hq(x: Exec) -> None:
    """The cost of an ability used from HQ: this card is revealed, then trashed (face down into Archives)."""
    _reveal(x.game, x.card, "hq")
    x.game.trash(x.card, str(x.card), by="corp")


def _hand_ability(b: Builder, fn: Callable[[Exec], None], usable: Callable[[NetrunnerGame], bool] | None = None) -> None:
    """"[click], 1[credit], reveal and trash this card from HQ: ..." (an expendable card's action from HQ)."""

    def use(x: Exec) -> None:
        _from_hq(x)
        fn(x)

    b.paid([click(), credit(1)], use, zone="hand",
           usable=lambda g, c, w: w == "action" and (usable is None or usable(g)))  # fmt: skip


def _rezzable(c: Card) -> bool:
    return c.type in ("ice", "asset", "upgrade")


def _total_cost(g: NetrunnerGame, c: Card, server: str, less: int) -> int:
    """What installing ``c`` in ``server`` and rezzing it costs together, ``less`` credits off the total."""
    return max(0, g.install_cost(c, server) + g.rez_cost(c) - less)


def _rez_allowed(g: NetrunnerGame, c: Card) -> bool:
    return all(can(g, c) for _, (can, _pay) in g.script_hooks("rez_requires", [c]))


def _install_and_rez_servers(g: NetrunnerGame, c: Card, less: int) -> list[str]:
    if not _rezzable(c) or not g.may_install(c) or not _rez_allowed(g, c):
        return []
    return [s for s in g.server_options(c) if g.can_pay("corp", _total_cost(g, c, s, less))]


def _install_and_rez(x: Exec, chosen: Card, less: int) -> None:
    """Install ``chosen`` (from HQ, or from the zone it is in) and rez it, paying ``less`` credits less in all:
    the install cost first, and what is left of the reduction off the rez cost."""
    g = x.game
    options = _install_and_rez_servers(g, chosen, less)
    if not options:
        return
    for zone in (g.corp.hand, g.corp.deck, g.corp.discard):
        if chosen in zone:
            zone.remove(chosen)
    chosen.faceup = False
    server = str(g.choose("corp", "server", Phrase(N_("install {card} in"), card=str(chosen)), options))
    install = g.install_cost(chosen, server)
    g.pay("corp", max(0, install - less), g.install_reason(chosen, server), "install")
    g.install("corp", chosen, server, pay=False)
    left = max(0, less - install)
    if not g.is_installed(chosen) or chosen.rezzed:
        return
    state = {"on": True}
    if left:
        x.lasting("rez_cost", lambda gg, this, c: -left if c is chosen and state["on"] else 0, until="turn")
    try:
        if g.can_rez(chosen):
            g.rez(chosen)
    finally:
        state["on"] = False


def _grip_to_stack_bottom(g: NetrunnerGame, count: int, why: str) -> None:
    """``count`` cards of the grip, at random, to the bottom of the stack (the runner sees which)."""
    for moved in g.rng.sample(g.runner.hand, min(count, len(g.runner.hand))):
        g.runner.hand.remove(moved)
        g.runner.deck.insert(0, moved)
        g.log.add("move", RUNNER, visible=[RUNNER], card=str(moved), zone="grip", to="stack", reason=why)


def _breach_cards(g: NetrunnerGame, server: str, extra: int) -> list[Card]:
    """The cards a breach of ``server`` would access now, in the order the engine's breach takes them."""
    count = 1 + extra
    cards: list[Card] = []
    if server == "rnd":
        cards = list(reversed(g.corp.deck[-count:]))
    elif server == "hq":
        cards = g.rng.sample(g.corp.hand, min(count, len(g.corp.hand)))
    elif server == "archives":
        for seen in g.corp.discard:
            seen.faceup = True
        cards = list(g.corp.discard)
    where = g.servers.get(server)
    return cards + (list(where.root) if where is not None else [])


def _first_remote_install(g: NetrunnerGame) -> bool:
    """Whether the corp has installed exactly one card in (or protecting) a remote server this turn."""
    installs = g.events_this_turn("install")
    return sum(1 for d in installs if d.get("server") is not None and d["server"] not in CENTRALS) == 1


# ---------------------------------------------------------------- operations


@card(
    "armed_asset_protection",
    paragraphs=(0,),
    summary="Gain 3 credits, 1 more for each card type among the face-up cards in Archives, and 2 more if an "
    "agenda is among them.",
)
def _armed_asset_protection(b: Builder) -> None:
    def play(x: Exec) -> None:
        types = _faceup_types(x.game)
        x.game.gain_credits("corp", 3 + len(types) + (2 if "agenda" in types else 0))

    b.play(play)


@card("your_digital_life", paragraphs=(0,), summary="Gain 1 credit for each card in HQ.")
def _your_digital_life(b: Builder) -> None:
    def play(x: Exec) -> None:
        if x.game.corp.hand:
            x.game.gain_credits("corp", len(x.game.corp.hand))

    b.play(play)


@card(
    "mindscaping",
    paragraphs=(0,),
    summary="Either gain 4 credits, draw 2 cards and put a card from HQ on top of R&D; or do 1 net damage per tag "
    "of the runner, 3 at most.",
)
def _mindscaping(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        x_damage = min(g.runner.tags, 3)
        mode = _ask(x, Phrase(N_("{card}: choose one"), card=str(x.card)), [
            ("credits", Phrase(N_("gain {n}{credit} and draw {m} cards"), n=4, credit="[credit]", m=2)),
            ("damage", Phrase(N_("do {n} {damage}"), n=x_damage, damage=Term("damage", "net"))),
        ])  # fmt: skip
        if mode == "damage":
            if x_damage:
                g.damage("net", x_damage)
            return
        g.gain_credits("corp", 4)
        g.draw("corp", 2)
        chosen = _pick(x, Phrase(N_("add a card from HQ to the top of R&D")), g.corp.hand)
        if chosen is not None:
            g.corp.hand.remove(chosen)
            g.corp.deck.append(chosen)
            g.log.add("move", CORP, visible=[CORP], card=str(chosen), zone="hq", to="rnd")

    b.play(play)


@card(
    "greasing_the_palm",
    paragraphs=(0,),
    summary="Gain 5 credits; the corp may install a card from HQ, and then may remove a tag of the runner to "
    "place an advancement counter on it.",
)
def _greasing_the_palm(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        g.gain_credits("corp", 5)
        installed = _install_from(x, g.corp.hand)
        if installed is None or not g.runner.tags:
            return
        if x.may(Phrase(N_("remove 1 tag to place 1 advancement counter on {card}?"), card=str(installed))):
            g.remove_tags(1)
            g.place_advancement(installed, 1)

    b.play(play)


@card(
    "oppo_research",
    paragraphs=(0, 1, 3),
    summary="Playable only after a runner turn in which they stole or trashed a corp card; ends the action phase; "
    "with a threat of 3 the corp may pay 5 credits to give 2 more tags.",
)
def _oppo_research(b: Builder) -> None:
    _may_play_terminal(b)
    b.paragraph(1)
    _end_action_phase(b)

    def threat(x: Exec) -> None:
        g = x.game
        if not _threat(g, 3) or not g.can_pay("corp", 5):
            return
        if x.may(Phrase(N_("pay {n}{credit} to give the runner {m} tags?"), n=5, credit="[credit]", m=2)):
            g.pay("corp", 5, str(x.card))
            g.gain_tags(2)

    b.paragraph(3).play(threat)


@card(
    "active_policing",
    paragraphs=(0, 1, 2, 3),
    summary="Playable only after a runner turn in which they stole or trashed a corp card; ends the action phase; "
    "the corp may install a card from HQ and the runner gets 1 click fewer next turn; with a threat of 3, 2 more "
    "credits take another click.",
)
def _active_policing(b: Builder) -> None:
    _may_play_terminal(b)
    b.paragraph(1)
    _end_action_phase(b)

    def play(x: Exec) -> None:
        _install_from(x, x.game.corp.hand)
        x.next_turn_clicks("runner", -1)

    def threat(x: Exec) -> None:
        g = x.game
        if not _threat(g, 3) or not g.can_pay("corp", 2):
            return
        if x.may(Phrase(N_("pay {n}{credit} so that the runner gets 1 {click} fewer next turn?"), n=2,
                        credit="[credit]", click="[click]")):  # fmt: skip
            g.pay("corp", 2, str(x.card))
            x.next_turn_clicks("runner", -1)

    b.paragraph(2).play(play)
    b.paragraph(3).play(threat)


@card(
    "bring_them_home",
    paragraphs=(0, 1, 2, 3),
    summary="Playable only after a runner turn in which they stole or trashed a corp card; ends the action phase; "
    "2 random grip cards go on top of the stack; with a threat of 3, for 2 credits a random grip card is "
    "shuffled into the stack.",
)
def _bring_them_home(b: Builder) -> None:
    _may_play_terminal(b)
    b.paragraph(1)
    _end_action_phase(b)

    def top(x: Exec) -> None:
        g = x.game
        picked = g.rng.sample(g.runner.hand, min(2, len(g.runner.hand)))
        for moved in picked:
            g.runner.hand.remove(moved)
            g.runner.deck.append(moved)
            g.log.add("reveal", RUNNER, card=str(moved), zone="grip")
            g.log.add("move", RUNNER, card=str(moved), zone="grip", to="stack")

    def threat(x: Exec) -> None:
        g = x.game
        if not _threat(g, 3) or not g.runner.hand or not g.can_pay("corp", 2):
            return
        if not x.may(Phrase(N_("pay {n}{credit} to shuffle a random card of the grip into the stack?"), n=2,
                            credit="[credit]")):  # fmt: skip
            return
        g.pay("corp", 2, str(x.card))
        moved = g.rng.choice(g.runner.hand)
        g.runner.hand.remove(moved)
        g.log.add("reveal", RUNNER, card=str(moved), zone="grip")
        g.runner.deck.append(moved)
        g.rng.shuffle(g.runner.deck)
        g.log.add("move", RUNNER, card=str(moved), zone="grip", to="stack")
        g.log.add("shuffle", RUNNER, zone="stack")

    b.paragraph(2).play(top)
    b.paragraph(3).play(threat)


@card(
    "corporate_hospitality",
    paragraphs=(0, 1),
    summary="Costs a second click to play; gain 6 credits, draw 2 cards and add a card from Archives to HQ.",
)
def _corporate_hospitality(b: Builder) -> None:
    b.play_clicks(1)

    def play(x: Exec) -> None:
        g = x.game
        g.gain_credits("corp", 6)
        g.draw("corp", 2)
        _archives_to_hq(x)

    b.paragraph(1).play(play)


@card(
    "pivot",
    paragraphs=(0, 1, 2),
    summary="Costs a second click to play; search R&D for an operation or agenda and add it to HQ; with a threat "
    "of 3 the corp may then play or install a card from HQ.",
)
def _pivot(b: Builder) -> None:
    b.play_clicks(1)

    def search(x: Exec) -> None:
        g = x.game
        matches = [c for c in reversed(g.corp.deck) if c.type in ("operation", "agenda")]
        chosen = _pick(x, Phrase(N_("search R&D for an operation or an agenda")), matches)
        if chosen is not None:
            g.corp.deck.remove(chosen)
            g.corp.hand.append(chosen)
            _reveal(g, chosen, "rnd")
            g.log.add("search", CORP, card=str(chosen), zone="rnd")
        else:
            g.log.add("search_failed", CORP, zone="rnd", type="operation")
        g.rng.shuffle(g.corp.deck)
        g.log.add("shuffle", CORP, zone="rnd")

    def threat(x: Exec) -> None:
        g = x.game
        if not _threat(g, 3):
            return
        options = [c for c in g.corp.hand if _playable(g, c) or _installable(g, c)]
        chosen = _pick(x, Phrase(N_("play or install a card from HQ")), options, optional=True)
        if chosen is None:
            return
        if chosen.type == "operation":
            _play(g, chosen)
        else:
            _install(x, chosen)

    b.paragraph(1).play(search)
    b.paragraph(2).play(threat)


@card(
    "sudden_commandment",
    paragraphs=(0, 1),
    summary="Draw 2 cards and the corp may play a non-terminal operation from HQ; with a threat of 3, if this is "
    "the first mandate played this turn, the corp may pay 3 credits to gain a click.",
)
def _sudden_commandment(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        plays = [e.data.get("card") for e in _this_turn(g) if e.kind == "play" and e.player == CORP]
        mandates = {str(c) for c in [*g.corp.discard, x.card] if "mandate" in c.subtypes}
        first = sum(1 for p in plays if p in mandates) == 1
        g.draw("corp", 2)
        options = [c for c in g.corp.hand if "terminal" not in c.subtypes and _playable(g, c)]
        chosen = _pick(x, Phrase(N_("play an operation from HQ")), options, optional=True)
        if chosen is not None:
            _play(g, chosen)
        if not first or not _threat(g, 3) or not g.can_pay("corp", 3) or g.over:
            return
        if x.may(Phrase(N_("pay {n}{credit} to gain {click}?"), n=3, credit="[credit]", click="[click]")):
            g.pay("corp", 3, str(x.card))
            x.do("你获得 [click]。")

    b.play(play)


@card(
    "business_as_usual",
    paragraphs=(0, 1),
    summary="Either place an advancement counter on each of up to 2 installed cards that can be advanced, or "
    "remove every virus counter from one installed card; with a threat of 3, the corp may do both.",
)
def _business_as_usual(b: Builder) -> None:
    def advance(x: Exec) -> None:
        g = x.game
        chosen: list[Card] = []
        for _ in range(2):
            options = [c for c in _advanceable(g) if c not in chosen]
            pick = _pick(x, Phrase(N_("place 1 advancement counter on")), options, optional=True)
            if pick is None:
                break
            chosen.append(pick)
            g.place_advancement(pick, 1)

    def clean(x: Exec) -> None:
        g = x.game
        options = [c for c in [*g.installed("corp"), *g.installed("runner")] if c.counters.get("virus")]
        pick = _pick(x, Phrase(N_("remove every virus counter from")), options)
        if pick is not None:
            g.add_counters(pick, "virus", -pick.counters["virus"])

    def play(x: Exec) -> None:
        modes = {"advance": advance, "virus": clean}
        mode = _ask(x, Phrase(N_("{card}: choose one"), card=str(x.card)), [
            ("advance", Phrase(N_("place advancement counters on up to {n} cards"), n=2)),
            ("virus", Phrase(N_("remove every virus counter from 1 installed card"))),
        ])  # fmt: skip
        modes[mode](x)
        if _threat(x.game, 3) and x.may(Phrase(N_("{card}: resolve the other mode too?"), card=str(x.card))):
            modes["virus" if mode == "advance" else "advance"](x)

    b.play(play)


# ---------------------------------------------------------------- agendas


@card("fujii_asset_retrieval", paragraphs=(0,), summary="Does 2 net damage when scored and when stolen.")
def _fujii_asset_retrieval(b: Builder) -> None:
    b.text("当你计分本议案时：造成 2 点网域伤害。")
    b.text("当潜袭者窃取本议案时：造成 2 点网域伤害。")


@card(
    "see_how_they_run",
    paragraphs=(0,),
    summary="When scored: the runner takes a tag, then a psi game: 1 brain damage if the bids differ, 1 net damage "
    "if they match.",
)
def _see_how_they_run(b: Builder) -> None:
    b.text("当你计分本议案时：潜袭者获得 1 个锁定标记。进行心灵博弈。如果双方出价不同，造成 1 点脑部伤害。如果双方出价相同，造成 1 点网域伤害。")


@card("oracle_thinktank", paragraphs=(0, 1), summary="The runner takes a tag when stealing it; while it is in the "
      "runner's score area, the corp may spend a click and remove a tag to shuffle it into R&D.")  # fmt: skip
def _oracle_thinktank(b: Builder) -> None:
    b.text("当潜袭者窃取本议案时：潜袭者获得 1 个锁定标记。")

    def back(x: Exec) -> None:
        g = x.game
        g.remove_tags(1)  # the rest of the cost
        if x.card not in g.runner.score_area:
            return
        g.runner.score_area.remove(x.card)
        x.card.leave_play()
        x.card.faceup = False
        g.corp.deck.append(x.card)
        g.log.add("move", CORP, card=str(x.card), zone="score_area", to="rnd")
        g.rng.shuffle(g.corp.deck)
        g.log.add("shuffle", CORP, zone="rnd")

    def usable(g: NetrunnerGame, c: Card, window: str) -> bool:
        return window == "action" and g.runner.tags > 0

    b.paragraph(1).paid([click()], back, usable=usable, zone="stolen")


@card(
    "salvo_testing",
    paragraphs=(0,),
    summary="Each time the corp scores an agenda (this one included), it may do 1 brain damage.",
)
def _salvo_testing(b: Builder) -> None:
    def scored(x: Exec) -> None:
        if x.may(Phrase(N_("{card}: do {n} {damage}?"), card=str(x.card), n=1, damage=Term("damage", "brain"))):
            x.do("造成 1 点脑部伤害。")

    b.when("any_scored", scored)


@card(
    "kingmaking",
    paragraphs=(0,),
    summary="When scored: draw up to 3 cards, then the corp may put an agenda worth 1 point or less from HQ "
    "into its score area.",
)
def _kingmaking(b: Builder) -> None:
    def scored(x: Exec) -> None:
        g = x.game
        most = min(3, len(g.corp.deck))
        count = int(g.choose("corp", "target", Phrase(N_("draw how many cards")), list(range(most + 1))))
        if count:
            g.draw("corp", count)
        small = [c for c in g.corp.hand if c.type == "agenda" and int(c.record.agenda_points or 0) <= 1]
        chosen = _pick(x, Phrase(N_("add an agenda from HQ to your score area")), small, optional=True)
        if chosen is None:
            return
        g.corp.hand.remove(chosen)
        chosen.rezzed = True
        g.corp.score_area.append(chosen)
        _reveal(g, chosen, "hq")
        g.log.add("move", CORP, card=str(chosen), zone="hq", to="score_area")
        g.check_points()

    b.when("agenda_scored", scored)


@card(
    "the_basalt_spire",
    paragraphs=(0, 2),
    summary="When stolen, the corp may add a card from Archives to HQ; once a turn, for one of its agenda counters "
    "and the top card of R&D trashed, a card from Archives goes to HQ.",
)
def _the_basalt_spire(b: Builder) -> None:
    def stolen(x: Exec) -> None:
        if x.game.corp.discard:
            _archives_to_hq(x, optional=True)

    def fetch(x: Exec) -> None:
        g = x.game
        if g.corp.deck:
            g.trash(g.corp.deck[-1], Phrase(N_("trashed from the top of R&D")), by="corp")
        _archives_to_hq(x)

    b.paragraph(0).when("agenda_stolen", stolen)
    b.paragraph(2).paid([counters("agenda", 1)], fetch, once_per_turn=True,
                        usable=lambda g, c, w: bool(g.corp.deck) and w in ("action", "run"))  # fmt: skip


@card(
    "sisyphus_protocol",
    paragraphs=(0,),
    summary="The first time each turn the runner passes a rezzed code gate or sentry, the corp may pay 1 credit or "
    "trash a card from HQ to make the runner encounter it again.",
)
def _sisyphus_protocol(b: Builder) -> None:
    def passed(x: Exec) -> None:
        g, run = x.game, x.run
        ice = x.event.get("ice")
        if ice is None or not ice.rezzed or not {"code_gate", "sentry"} & set(ice.subtypes):
            return
        if run is None or run.ended or not x.once_per_turn("passed"):
            return
        choices = []
        if g.can_pay("corp", 1):
            choices.append(("pay", Phrase(N_("pay {n}{credit}"), n=1, credit="[credit]")))
        if g.corp.hand:
            choices.append(("trash", Phrase(N_("trash a card from HQ"))))
        if not choices:
            return
        choices.append(("no", Phrase(N_("no"))))
        prompt = Phrase(N_("{card}: make the runner encounter {ice} again?"), card=str(x.card), ice=str(ice))
        answer = _ask(x, prompt, choices)
        if answer == "no":
            return
        if answer == "pay":
            g.pay("corp", 1, str(x.card))
        else:
            _trash_from_hq(x, [_pick(x, Phrase(N_("trash a card from HQ")), g.corp.hand)])
        if not g.is_installed(ice) or run.ended:
            return
        g.runs._encounter(run, ice)
        if not run.ended and not g.over and g.is_installed(ice):
            run.step = "movement"
            g.log.add("pass", RUNNER, ice=str(ice), server=run.server)
            g.announce("pass_ice", ice, ice=ice)

    b.when("pass_ice", passed)


@card(
    "eminent_domain",
    paragraphs=(0, 1),
    summary="From HQ, click, 1 credit, reveal and trash it: install and rez a card from HQ for 5 credits less in "
    "all; when scored, the corp may search R&D for a card and install and rez it, ignoring all costs.",
)
def _eminent_domain(b: Builder) -> None:
    def cheaper(x: Exec) -> None:
        g = x.game
        options = [c for c in g.corp.hand if _install_and_rez_servers(g, c, 5)]
        chosen = _pick(x, Phrase(N_("install and rez a card from HQ for {n}{credit} less"), n=5, credit="[credit]"),
                       options)  # fmt: skip
        if chosen is not None:
            _install_and_rez(x, chosen, 5)

    # offered while some card of HQ can be installed and rezzed with the credit the ability costs paid first
    _hand_ability(b.paragraph(0), cheaper, usable=lambda g: any(_install_and_rez_servers(g, c, 4) for c in g.corp.hand))
    b.paragraph(1)

    def scored(x: Exec) -> None:
        g = x.game
        if not x.may(Phrase(N_("{card}: search R&D for a card to install and rez?"), card=str(x.card))):
            return
        options = [c for c in reversed(g.corp.deck) if _installable(g, c, pay=False)]
        chosen = _pick(x, Phrase(N_("search R&D for a card to install")), options)
        if chosen is not None:
            _reveal(g, chosen, "rnd")
            _install(x, chosen, pay=False)
            if g.is_installed(chosen) and chosen.type != "agenda" and not chosen.rezzed:
                g.rez(chosen, free=True)
        g.rng.shuffle(g.corp.deck)
        g.log.add("shuffle", CORP, zone="rnd")

    b.when("agenda_scored", scored)


@card(
    "slash_and_burn_agriculture",
    paragraphs=(0,),
    summary="From HQ, click, 1 credit, reveal and trash it: place 2 advancement counters on an installed card that "
    "can be advanced.",
)
def _slash_and_burn(b: Builder) -> None:
    def place(x: Exec) -> None:
        target = _pick(x, Phrase(N_("place {n} advancement counters on"), n=2), _advanceable(x.game))
        if target is not None:
            x.game.place_advancement(target, 2)

    _hand_ability(b, place, usable=lambda g: bool(_advanceable(g)))


@card(
    "lightning_laboratory",
    paragraphs=(1,),
    summary="When a run begins, the corp may spend an agenda counter of it to rez up to 2 pieces of ice protecting "
    "the attacked server for free; when that turn ends, 2 pieces of ice protecting that server are derezzed.",
)
def _lightning_laboratory(b: Builder) -> None:
    def begins(x: Exec) -> None:
        g, run = x.game, x.run
        server = g.servers.get(run.server) if run is not None else None
        if server is None or x.card.counters.get("agenda", 0) < 1 or not any(not c.rezzed for c in server.ice):
            return
        prompt = Phrase(N_("{card}: remove 1 agenda counter to rez up to 2 pieces of ice protecting {server}?"),
                        card=str(x.card), server=Term("zone", server.name))  # fmt: skip
        if not x.may(prompt):
            return
        g.add_counters(x.card, "agenda", -1)
        for _ in range(2):
            ice = _pick(x, Phrase(N_("rez a piece of ice, ignoring all costs")),
                        [c for c in server.ice if not c.rezzed], optional=True)  # fmt: skip
            if ice is None:
                break
            g.rez(ice, free=True)
        x.card.notes.setdefault("derez", []).append(server.name)

    def ends(x: Exec) -> None:
        g = x.game
        for name in x.card.notes.pop("derez", []):
            server = g.servers.get(name)
            rezzed = [c for c in server.ice if c.rezzed] if server is not None else []
            prompt = Phrase(N_("derez a piece of ice protecting {server}"), server=Term("zone", name))
            for ice in g.choose_many("corp", "target", prompt, rezzed, 2):
                g.derez(ice, str(x.card))

    b.when("run_begins", begins)
    b.when("turn_ends", ends, only=lambda x: bool(x.card.notes.get("derez")))


@card(
    "stoke_the_embers",
    paragraphs=(0, 1),
    summary="When scored: gain 3 credits and place an advancement counter on an installed card. Installed from "
    "anywhere but HQ, the corp may reveal it to gain 2 credits and place an advancement counter on an installed "
    "card.",
)
def _stoke_the_embers(b: Builder) -> None:
    b.text("当你计分本议案时：你获得 3[credit]。在 1 张已安装的牌上放置 1 个推进标记。")

    def installed(x: Exec) -> None:
        g = x.game
        if not x.may(Phrase(N_("{card}: reveal it to gain {n}{credit} and place 1 advancement counter?"),
                            card=str(x.card), n=2, credit="[credit]")):  # fmt: skip
            return
        where = g.server_of(x.card)
        _reveal(g, x.card, where.name if where is not None else "")
        x.do("你获得 2[credit]。在 1 张已安装的牌上放置 1 个推进标记。")

    def elsewhere(x: Exec) -> bool:  # not from HQ (an effect's install from R&D, Archives, ...)
        return x.event.get("card") is x.card and x.event.get("origin") != "hand"

    b.paragraph(1).when("installed", installed, only=elsewhere)


@card(
    "stegodon_mk_iv",
    paragraphs=(0, 1),
    summary="Once a turn, when a run begins, the corp may derez a piece of ice not protecting the attacked server "
    "to gain 1 credit; in a run where ice was derezzed, icebreakers get -2 strength.",
)
def _stegodon_mk_iv(b: Builder) -> None:
    def weaken(x: Exec) -> None:
        g = x.game
        events = list(g.log)
        starts = [i for i, e in enumerate(events) if e.kind == "run"]
        if x.event.get("ice") is None or not starts or not any(e.kind == "derez" for e in events[starts[-1] :]):
            return
        for breaker in g.runner.rig:
            if "icebreaker" in breaker.subtypes:
                breaker.strength_bonus -= 2  # the encounter's end puts every boost back to 0
                g.log.add("strength", RUNNER, card=str(breaker), delta=-2, strength=g.strength_of(breaker))

    def begins(x: Exec) -> None:
        g, run = x.game, x.run
        if run is None or x.card.notes.get("derezzed") == g.turns:
            return
        attacked = g.servers.get(run.server)
        options = [c for c in g.installed("corp") if c.type == "ice" and c.rezzed and (
            attacked is None or c not in attacked.ice)]  # fmt: skip
        chosen = _pick(x, Phrase(N_("{card}: derez a piece of ice to gain {n}{credit}?"), card=str(x.card), n=1,
                                 credit="[credit]"), options, optional=True)  # fmt: skip
        if chosen is None:
            return
        x.card.notes["derezzed"] = g.turns
        g.derez(chosen, str(x.card))
        g.gain_credits("corp", 1)

    b.paragraph(0).when("encounter", weaken)
    b.paragraph(1).when("run_begins", begins)


# ---------------------------------------------------------------- ice


def _illicit_rez(b: Builder) -> None:
    """"As an additional cost to rez this ice, take 1 bad publicity or remove 1 tag" (not when it is rezzed
    ignoring all costs)."""

    def extra(x: Exec) -> None:
        g = x.game
        if _last_rez_free(g, x.card):
            return
        choices = [("bad_publicity", Phrase(N_("take 1 bad publicity")))]
        if g.runner.tags:
            choices.append(("remove_tag", Phrase(N_("remove 1 tag"))))
        if _ask(x, Phrase(N_("{card}: the additional cost to rez it"), card=str(x.card)), choices) == "remove_tag":
            g.remove_tags(1)
        else:
            x.do("你获得 1 个负面声誉。")

    b.paragraph(0).when("rezzed", extra)


@card(
    "valentao",
    paragraphs=(0, 3),
    summary="Rezzing it also costs a bad publicity or a tag of the runner; last subroutine: end the run if the corp "
    "has more credits than the runner.",
)
def _valentao(b: Builder) -> None:
    _illicit_rez(b)

    def sub(x: Exec) -> None:
        if x.game.corp.credits > x.game.runner.credits:
            x.do("终止潜袭。")

    b.paragraph(3).subroutine(sub)


@card(
    "piranhas",
    paragraphs=(0, 3),
    summary="Rezzing it also costs a bad publicity or a tag of the runner; last subroutine: end the run if HQ holds "
    "more cards than the grip.",
)
def _piranhas(b: Builder) -> None:
    _illicit_rez(b)

    def sub(x: Exec) -> None:
        if len(x.game.corp.hand) > len(x.game.runner.hand):
            x.do("终止潜袭。")

    b.paragraph(3).subroutine(sub)


@card(
    "capacitor",
    paragraphs=(0, 1),
    summary="+2 strength while the runner is tagged; subroutine: gain 1 credit per tag of the runner.",
)
def _capacitor(b: Builder) -> None:
    b.strength(lambda g, c: 2 if g.runner.tags else 0)

    def sub(x: Exec) -> None:
        if x.game.runner.tags:
            x.game.gain_credits("corp", x.game.runner.tags)

    b.paragraph(1).subroutine(sub)


@card(
    "boto",
    paragraphs=(0, 2, 3),
    summary="+2 strength with a threat of 4; two subroutines: the corp may trash a card from HQ to end the run.",
)
def _boto(b: Builder) -> None:
    b.strength(lambda g, c: 2 if _threat(g, 4) else 0)

    def sub(x: Exec) -> None:
        g = x.game
        if not g.corp.hand or not x.may(Phrase(N_("{card}: trash a card from HQ to end the run?"), card=str(x.card))):
            return
        _trash_from_hq(x, [_pick(x, Phrase(N_("trash a card from HQ")), g.corp.hand)])
        x.do("终止潜袭。")

    b.paragraph(2).subroutine(sub)
    b.paragraph(3).subroutine(sub)


@card(
    "logjam",
    paragraphs=(0, 1),
    summary="Can be advanced, +1 strength per advancement counter; when rezzed it gets 1 advancement counter plus 1 "
    "per card type face up in Archives.",
)
def _logjam(b: Builder) -> None:
    b.text("本牌可以被推进。")
    b.strength(lambda g, c: c.advancement)

    def rezzed(x: Exec) -> None:
        x.game.place_advancement(x.card, 1 + len(_faceup_types(x.game)))

    b.paragraph(1).when("rezzed", rezzed)


@card(
    "tree_line",
    paragraphs=(0, 1),
    summary="From HQ, click, 1 credit, reveal and trash it: place 3 advancement counters on an installed piece of "
    "ice; can be advanced, +1 strength per advancement counter.",
)
def _tree_line(b: Builder) -> None:
    def place(x: Exec) -> None:
        ice = [c for c in x.game.installed("corp") if c.type == "ice"]
        target = _pick(x, Phrase(N_("place {n} advancement counters on"), n=3), ice)
        if target is not None:
            x.game.place_advancement(target, 3)

    _hand_ability(b.paragraph(0), place, usable=lambda g: any(c.type == "ice" for c in g.installed("corp")))
    b.paragraph(1).text("本牌可以被推进。")
    b.strength(lambda g, c: c.advancement)


@card(
    "seraph",
    paragraphs=(0,),
    summary="When encountered, the runner loses 3 credits unless they suffer 2 net damage or take a tag.",
)
def _seraph(b: Builder) -> None:
    def met(x: Exec) -> None:
        if x.event.get("ice") is not x.card:
            return
        g = x.game
        answer = _ask(x, Phrase(N_("{card}: choose one"), card=str(x.card)), [
            ("lose", Phrase(N_("lose {n}{credit}"), n=3, credit="[credit]")),
            ("damage", Phrase(N_("suffer {n} {damage}"), n=2, damage=Term("damage", "net"))),
            ("tag", Phrase(N_("take 1 tag"))),
        ], side="runner")  # fmt: skip
        if answer == "lose":
            g.lose_credits("runner", 3)
        elif answer == "damage":
            g.damage("net", 2)
        else:
            g.gain_tags(1)

    b.when("encounter", met)


@card(
    "jaguarundi",
    paragraphs=(0,),
    summary="With a threat of 4, when encountered the runner takes a tag unless they spend a click.",
)
def _jaguarundi(b: Builder) -> None:
    def met(x: Exec) -> None:
        g = x.game
        if x.event.get("ice") is not x.card or not _threat(g, 4):
            return
        prompt = Phrase(N_("{card}: spend {click}, or take 1 tag"), card=str(x.card), click="[click]")
        if g.runner.clicks and x.may(prompt, side="runner"):
            g.spend_clicks("runner", 1, str(x.card))
        else:
            g.gain_tags(1)

    b.when("encounter", met)


@card(
    "phoneutria",
    paragraphs=(0,),
    summary="When the runner passes it, they take a tag if their grip holds 4 or more cards.",
)
def _phoneutria(b: Builder) -> None:
    def passed(x: Exec) -> None:
        if x.event.get("ice") is x.card and x.card.rezzed and len(x.game.runner.hand) >= 4:
            x.game.gain_tags(1)

    b.when("pass_ice", passed)


@card(
    "attini",
    paragraphs=(0, 1, 2, 3),
    summary="Three subroutines: 1 net damage unless the runner pays 2 credits; with a threat of 3 the runner cannot "
    "pay.",
)
def _attini(b: Builder) -> None:
    def sub(x: Exec) -> None:
        g = x.game
        prompt = Phrase(N_("{card}: pay {n}{credit}, or suffer 1 net damage"), card=str(x.card), n=2, credit="[credit]")
        if not _threat(g, 3) and g.can_pay("runner", 2) and x.may(prompt, side="runner"):
            g.pay("runner", 2, str(x.card))
        else:
            g.damage("net", 1)

    for index in (1, 2, 3):
        b.paragraph(index).subroutine(sub)


def _run_on_this_server(g: NetrunnerGame, this: Card) -> bool:
    run, server = g.current_run, g.server_of(this)
    return run is not None and not run.ended and server is not None and run.server == server.name


@card(
    "m_i_c",
    paragraphs=(0,),
    summary="Trash it during a run on its server: the run ends unless the runner spends a click.",
)
def _m_i_c(b: Builder) -> None:
    def use(x: Exec) -> None:
        g = x.game
        prompt = Phrase(N_("{card}: spend {click}, or the run ends"), card=str(x.card), click="[click]")
        if g.runner.clicks and x.may(prompt, side="runner"):
            g.spend_clicks("runner", 1, str(x.card))
        else:
            x.do("终止潜袭。")

    b.paid([trash_self()], use, usable=lambda g, c, w: w == "run" and _run_on_this_server(g, c))


_ETR = "[subroutine] 终止潜袭。"


@card(
    "starlit_knight",
    paragraphs=(0,),
    summary="With a threat of 4, when encountered it gains an end-the-run subroutine per tag of the runner, after "
    "its others, for the rest of the run.",
)
def _starlit_knight(b: Builder) -> None:
    def met(x: Exec) -> None:
        g, run = x.game, x.run
        if x.event.get("ice") is not x.card or run is None or run.encounter is None:
            return
        notes = x.card.notes
        gained = notes["gained"] if notes.get("run") is run else 0
        if _threat(g, 4):
            gained += g.runner.tags
        notes["run"], notes["gained"] = run, gained
        gain_subroutines(g, run.encounter, [parse_cached(_ETR)] * gained)

    b.when("encounter", met)


@card(
    "sorocaban_blade",
    paragraphs=(0, 1, 2, 3),
    replaces=(1, 2, 3),
    summary="Subroutines: trash a resource; trash a piece of hardware; trash a program; no more than 1 runner card "
    "trashed by it in an encounter.",
)
def _sorocaban_blade(b: Builder) -> None:
    def trasher(card_type: str) -> Callable[[Exec], None]:
        def sub(x: Exec) -> None:
            g = x.game
            if x.card.notes.get("trashed_in") is x.ctx.encounter:
                g.log.add("trash_failed", CORP, reason=Phrase(N_("{card} trashed a card this encounter already"),
                                                              card=str(x.card)))  # fmt: skip
                return
            options = [c for c in g.runner.rig if c.type == card_type]
            prompt = Phrase(N_("trash a {type}"), type=Term("card_type", card_type))
            chosen = _pick(x, prompt, options)
            if chosen is None:
                g.log.add("trash_failed", CORP, reason=Phrase(N_("no {type} is installed"),
                                                                 type=Term("card_type", card_type)))  # fmt: skip
                return
            if g.trash(chosen, Phrase(N_("trashed by the {side}"), side=Term("side", "corp")), by="corp"):
                x.card.notes["trashed_in"] = x.ctx.encounter

        return sub

    b.paragraph(1).subroutine(trasher("resource"))
    b.paragraph(2).subroutine(trasher("hardware"))
    b.paragraph(3).subroutine(trasher("program"))


@card(
    "hammer",
    paragraphs=(0, 2, 3),
    summary="In an encounter with it, once 1 of its printed subroutines is broken by anything but a killer, only "
    "killers break more; subroutines: trash a resource or piece of hardware; trash a program that is not a decoder, "
    "fracter or killer.",
)
def _hammer(b: Builder) -> None:
    def printed(g: NetrunnerGame, ice: Card) -> int:
        return sum(1 for a in g.abilities(ice) if a.kind == "subroutine")

    def non_killer_breaks(g: NetrunnerGame, ice: Card) -> int:
        run = g.current_run
        enc = run.encounter if run is not None else None
        noted = ice.notes.get("non_killer")
        return noted[1] if enc is not None and enc.ice is ice and noted is not None and noted[0] is enc else 0

    def broken(x: Exec) -> None:
        g, run = x.game, x.run
        by, index = x.event.get("by"), int(x.event.get("index", 0))
        enc = run.encounter if run is not None else None
        if enc is None or (by is not None and "killer" in by.subtypes) or index > printed(g, x.card):
            return
        count = non_killer_breaks(g, x.card)
        if count >= 1:  # a break of several subroutines at once: the second one stays unbroken
            for sub in enc.subs:
                if sub.index == index:
                    sub.broken = False
            g.log.add("break_failed", RUNNER, ice=str(x.card), reason=Phrase(
                N_("only killers break more than 1 printed subroutine of {ice}"), ice=str(x.card)))  # fmt: skip
            return
        x.card.notes["non_killer"] = (enc, count + 1)

    b.paragraph(0).unbreakable(lambda g, ice, breaker: "killer" not in breaker.subtypes
                               and non_killer_breaks(g, ice) >= 1)  # fmt: skip
    b.when("subroutine_broken", broken, only=lambda x: x.event.get("ice") is x.card)
    b.paragraph(2)

    def trash_among(x: Exec, options: list[Card], prompt: str) -> None:
        g = x.game
        chosen = _pick(x, prompt, options)
        if chosen is None:
            g.log.add("trash_failed", CORP, reason=Phrase(N_("no card of that kind is installed")))
            return
        g.trash(chosen, Phrase(N_("trashed by the {side}"), side=Term("side", "corp")), by="corp")

    def gear(x: Exec) -> None:
        options = [c for c in x.game.runner.rig if c.type in ("resource", "hardware")]
        trash_among(x, options, Phrase(N_("trash a resource or a piece of hardware")))

    def program(x: Exec) -> None:
        breakers = {"decoder", "fracter", "killer"}
        options = [c for c in x.game.runner.rig if c.type == "program" and not breakers & set(c.subtypes)]
        trash_among(x, options, Phrase(N_("trash a program that is not a decoder, fracter or killer")))

    b.paragraph(2).subroutine(gear)
    b.paragraph(3).subroutine(program)


@card(
    "tatu_bola",
    paragraphs=(0,),
    summary="When the runner passes it, the corp may swap it with a piece of ice from HQ (installed unrezzed, "
    "free) and gain 4 credits.",
)
def _tatu_bola(b: Builder) -> None:
    def passed(x: Exec) -> None:
        g = x.game
        if x.event.get("ice") is not x.card or not x.card.rezzed:
            return
        server = g.server_of(x.card)
        options = [c for c in g.corp.hand if c.type == "ice" and g.may_install(c)]
        if server is None:
            return
        prompt = Phrase(N_("{card}: swap it with a piece of ice from HQ?"), card=str(x.card))
        chosen = _pick(x, prompt, options, optional=True, hidden=True)  # (HQ: asked with none, game of two people)
        if chosen is None:
            return
        index = server.ice.index(x.card)
        g.corp.hand.remove(chosen)
        server.ice[index] = chosen
        g.hide(chosen)
        x.card.leave_play()
        g.corp.hand.append(x.card)
        g.log.add("move", CORP, card=str(x.card), zone=installed_place(server.name, True), to="hq")
        told = g.log.add("install", CORP, visible=[CORP], card=str(chosen), server=server.name)
        g.apart(told, g.log.add("install_facedown", CORP, server=server.name, type="ice"))
        g.fire("installed", [chosen])
        g.announce("any_installed", card=chosen)
        g.gain_credits("corp", 4)

    b.when("pass_ice", passed)


@card(
    "ablative_barrier",
    paragraphs=(0,),
    summary="With a threat of 3, when rezzed during a run on its server the corp may install a card that is not "
    "an agenda from HQ or Archives in or protecting another server.",
)
def _ablative_barrier(b: Builder) -> None:
    def rezzed(x: Exec) -> None:
        g = x.game
        if not _threat(g, 3) or not _run_on_this_server(g, x.card):
            return
        cards = [c for c in [*g.corp.hand, *reversed(g.corp.discard)] if c.type != "agenda"]
        prompt = Phrase(N_("install a card from HQ or Archives in another server"))
        _install_from(x, cards, servers=_other_servers(g, x.card), prompt=prompt)

    b.when("rezzed", rezzed)


@card(
    "virtual_service_agent",
    paragraphs=(0,),
    summary="When the runner passes it after an encounter in which no decoder broke its subroutine, they take a "
    "tag.",
)
def _virtual_service_agent(b: Builder) -> None:
    def met(x: Exec) -> None:
        if x.event.get("ice") is x.card:
            x.card.notes["met"] = (x.run, len(x.game.log))

    def passed(x: Exec) -> None:
        g = x.game
        met_in = x.card.notes.get("met")
        if x.event.get("ice") is not x.card or met_in is None or met_in[0] is not x.run:
            return
        del x.card.notes["met"]
        breakers = {str(c): c for c in [*g.runner.rig, *g.runner.discard]}
        for event in list(g.log)[met_in[1] :]:
            if event.kind == "break" and event.data.get("ice") == str(x.card):
                breaker = breakers.get(str(event.data.get("by")))
                if breaker is not None and "decoder" in breaker.subtypes:
                    return
        g.gain_tags(1)

    b.when("encounter", met)
    b.when("pass_ice", passed)


@card(
    "tributary",
    paragraphs=(0, 1, 2),
    summary="The first time each turn a run begins, the corp may move it to the outermost position of the attacked "
    "server; subroutines: the corp may draw a card and may install a piece of ice from HQ protecting another "
    "server, free; every piece of ice gets +2 strength for the rest of the run.",
)
def _tributary(b: Builder) -> None:
    def begins(x: Exec) -> None:
        g, run = x.game, x.run
        earlier = any(turn == g.turns for turn, _, _ in g.run_history)
        if run is None or earlier or not g.is_installed(x.card):
            return
        old, new = g.server_of(x.card), g.servers.get(run.server)
        if old is None or new is None:
            return
        prompt = Phrase(N_("{card}: move it to the outermost position protecting {server}?"), card=str(x.card),
                        server=Term("zone", run.server))  # fmt: skip
        if x.may(prompt):
            _relocate(g, x.card, old, new, root=False)

    def sub(x: Exec) -> None:
        g = x.game
        if g.corp.deck and x.may(Phrase(N_("draw 1 card?"))):
            g.draw("corp", 1)
        ice = [c for c in g.corp.hand if c.type == "ice"]
        prompt = Phrase(N_("install a piece of ice from HQ protecting another server"))
        _install_from(x, ice, pay=False, servers=_other_servers(g, x.card), prompt=prompt)

    def stronger(x: Exec) -> None:
        x.lasting("strength_all", lambda g, this, c: 2 if c.type == "ice" else 0, until="run")

    b.paragraph(0).when("run_begins", begins)
    b.paragraph(1).subroutine(sub)
    b.paragraph(2).subroutine(stronger)


@card(
    "descent",
    paragraphs=(0, 1),
    summary="From HQ, click, 1 credit, reveal and trash it: draw a card, then shuffle up to 2 agendas revealed from "
    "HQ or Archives into R&D; when the corp's turn begins, it may add this ice to HQ.",
)
def _descent(b: Builder) -> None:
    def dig(x: Exec) -> None:
        g = x.game
        g.draw("corp", 1)
        moved: list[Card] = []
        for _ in range(2):
            agendas = [c for c in [*g.corp.hand, *reversed(g.corp.discard)] if c.type == "agenda" and c not in moved]
            chosen = _pick(x, Phrase(N_("reveal an agenda in HQ or Archives to shuffle into R&D")), agendas,
                           optional=True)  # fmt: skip
            if chosen is None:
                break
            moved.append(chosen)
        for agenda in moved:
            zone = "hq" if agenda in g.corp.hand else "archives"
            (g.corp.hand if zone == "hq" else g.corp.discard).remove(agenda)
            _reveal(g, agenda, zone)
            agenda.faceup = False
            g.corp.deck.append(agenda)
            g.log.add("move", CORP, card=str(agenda), zone=zone, to="rnd")
        if moved:
            g.rng.shuffle(g.corp.deck)
            g.log.add("shuffle", CORP, zone="rnd")

    _hand_ability(b.paragraph(0), dig)
    b.paragraph(1)

    def begins(x: Exec) -> None:
        server = x.game.server_of(x.card)
        if server is not None and x.may(Phrase(N_("{card}: add it to HQ?"), card=str(x.card))):
            _to_hq(x.game, x.card)

    b.when("your_turn_start", begins)


_LYCIAN_TYPES = ("barrier", "code_gate", "sentry")


@card(
    "lycian_multi_munition",
    paragraphs=(0, 1, 2, 3, 4),
    summary="When rezzed, the corp chooses 1 or more of barrier, code gate and sentry: it has them while rezzed; "
    "derezzed when a turn ends; subroutines: as a code gate the runner loses a click and 1 credit; as a sentry a "
    "program is trashed; as a barrier the corp gains 1 credit and the run ends.",
)
def _lycian_multi_munition(b: Builder) -> None:
    def rezzed(x: Exec) -> None:
        g = x.game
        chosen: list[str] = []
        while len(chosen) < len(_LYCIAN_TYPES):
            values: list[str | None] = [t for t in _LYCIAN_TYPES if t not in chosen]
            if chosen:
                values.append(None)
            prompt = Phrase(N_("{card}: choose a subtype it gains while rezzed"), card=str(x.card))
            pick = g.choose("corp", "target", prompt, values, label=lambda v: v or "done",
                            text=lambda v: Term("subtypes", v) if v else Phrase(N_("done")))  # fmt: skip
            if pick is None:
                break
            chosen.append(pick)
        gained = [t for t in chosen if t not in x.card.subtypes]
        x.gain_subtypes(x.card, gained)
        x.card.notes["gained"] = gained
        g.log.add("reveal", CORP, card=str(x.card), subtypes=chosen)

    def derezzed(x: Exec) -> None:
        for subtype in x.card.notes.pop("gained", []):
            if subtype in x.card.gained_subtypes:
                x.card.gained_subtypes.remove(subtype)

    def sub(subtype: str, text: str) -> Callable[[Exec], None]:
        def fire(x: Exec) -> None:
            if subtype in x.card.subtypes:
                x.do(text)

        return fire

    b.when("rezzed", rezzed)
    b.when("derezzed", derezzed, only=lambda x: x.event.get("card") is x.card)
    b.paragraph(1).when("turn_ends", lambda x: x.game.derez(x.card, str(x.card)))
    b.paragraph(2).subroutine(sub("code_gate", "潜袭者失去 [click]。潜袭者失去 1[credit]。"))
    b.paragraph(3).subroutine(sub("sentry", "销毁 1 个程序。"))
    b.paragraph(4).subroutine(sub("barrier", "你获得 1[credit]。终止潜袭。"))


@card(
    "cloud_eater",
    paragraphs=(0, 1),
    summary="When an encounter with it ends, if it was rezzed this turn, the runner takes 2 tags or suffers 3 net "
    "damage, or an installed runner card is trashed; subroutine: trash an installed runner card.",
)
def _cloud_eater(b: Builder) -> None:
    def trash_one(x: Exec) -> None:
        g = x.game
        chosen = _pick(x, Phrase(N_("trash an installed card of the runner")), g.runner.rig)
        if chosen is None:
            g.log.add("trash_failed", CORP, reason=Phrase(N_("the runner has no installed card")))
            return
        g.trash(chosen, Phrase(N_("trashed by the {side}"), side=Term("side", "corp")), by="corp")

    def rezzed(x: Exec) -> None:
        x.card.notes["rezzed_on"] = x.game.turns

    def met(x: Exec) -> None:
        if x.event.get("ice") is x.card:
            x.card.notes["meeting"] = x.run

    def ended(x: Exec) -> None:
        g = x.game
        if x.card.notes.pop("meeting", None) is None or x.card.notes.get("rezzed_on") != g.turns:
            return
        answer = _ask(x, Phrase(N_("{card}: choose one"), card=str(x.card)), [
            ("tags", Phrase(N_("take {n} tags"), n=2)),
            ("damage", Phrase(N_("suffer {n} {damage}"), n=3, damage=Term("damage", "net"))),
            ("trash", Phrase(N_("let an installed card be trashed"))),
        ], side="runner")  # fmt: skip
        if answer == "tags":
            g.gain_tags(2)
        elif answer == "damage":
            g.damage("net", 3)
        else:
            trash_one(x)

    def passed(x: Exec) -> None:
        if x.event.get("ice") is x.card:
            ended(x)

    def run_over(x: Exec) -> None:  # the run ended while it was being encountered
        if x.card.notes.get("meeting") is x.event.get("run"):
            ended(x)

    b.paragraph(0).when("rezzed", rezzed).when("encounter", met).when("pass_ice", passed).when("run_ends", run_over)
    b.paragraph(1).subroutine(trash_one)


# ---------------------------------------------------------------- assets


@card(
    "b_1001",
    paragraphs=(0,),
    summary="During a run on another server, remove a tag of the runner: end the run.",
)
def _b_1001(b: Builder) -> None:
    def use(x: Exec) -> None:
        x.game.remove_tags(1)
        x.do("终止潜袭。")

    def usable(g: NetrunnerGame, c: Card, window: str) -> bool:
        run, server = g.current_run, g.server_of(c)
        other_server = server is not None and run is not None and run.server != server.name
        return window == "run" and other_server and not run.ended and g.runner.tags > 0  # type: ignore[union-attr]

    b.paid([], use, usable=usable)


@card(
    "charlotte_cacador",
    paragraphs=(1, 2),
    summary="When the corp's turn begins it may remove an advancement counter from it to gain 4 credits and draw a "
    "card; trash it and spend an advancement counter on it: gain 3 credits.",
)
def _charlotte_cacador(b: Builder) -> None:
    def begins(x: Exec) -> None:
        if not x.card.advancement:
            return
        prompt = Phrase(N_("{card}: remove 1 advancement counter to gain {n}{credit} and draw 1 card?"),
                        card=str(x.card), n=4, credit="[credit]")  # fmt: skip
        if x.may(prompt):
            x.game.add_counters(x.card, "advancement", -1)
            x.game.gain_credits("corp", 4)
            x.game.draw("corp", 1)

    b.paragraph(1).when("your_turn_start", begins)
    b.paragraph(2).paid([counters("advancement", 1), trash_self()], lambda x: x.game.gain_credits("corp", 3))


@card(
    "janaina_jk_dumont_kindelan",
    paragraphs=(1,),
    summary="Click, and this asset back to HQ: take every credit on it, then the corp may install a card from HQ.",
)
def _janaina(b: Builder) -> None:
    def use(x: Exec) -> None:
        g = x.game
        server = g.server_of(x.card)
        taken = x.card.credits
        if server is not None:
            _to_hq(g, x.card)
        if taken:
            g.gain_credits("corp", taken, Phrase(N_("taken from {card}"), card=str(x.card)))
        _install_from(x, g.corp.hand)

    b.paid([click()], use, usable=lambda g, c, w: w == "action")


@card(
    "behold",
    paragraphs=(0, 1),
    summary="Revealed when accessed in R&D; when accessed anywhere but Archives, the corp may pay 4 credits to give "
    "the runner 2 tags.",
)
def _behold(b: Builder) -> None:
    def accessed(x: Exec) -> None:  # both paragraphs: one access, one trigger
        g = x.game
        if x.event.get("card") is not x.card:
            return
        if x.event.get("server") == "rnd":
            _reveal(g, x.card, "rnd")
        if x.event.get("server") == "archives" or not g.can_pay("corp", 4):
            return
        if x.may(Phrase(N_("pay {n}{credit} to give the runner {m} tags?"), n=4, credit="[credit]", m=2)):
            g.pay("corp", 4, str(x.card))
            g.gain_tags(2)

    b.when("access", accessed)


@card(
    "angelique_garza_correa",
    paragraphs=(0, 1),
    summary="With a threat of 3, from HQ, click, 1 credit, reveal and trash it: 1 meat damage; when the runner "
    "accesses it while it is rezzed, the corp may pay 2 credits to do 2 meat damage.",
)
def _angelique(b: Builder) -> None:
    _hand_ability(b.paragraph(0), lambda x: x.game.damage("meat", 1), usable=lambda g: _threat(g, 3))
    b.paragraph(1)

    def accessed(x: Exec) -> None:
        g = x.game
        if x.event.get("card") is not x.card or not x.card.rezzed or not g.can_pay("corp", 2):
            return
        if x.may(Phrase(N_("{card}: pay {n}{credit} to do {m} {damage}?"), card=str(x.card), n=2, credit="[credit]",
                        m=2, damage=Term("damage", "meat"))):  # fmt: skip
            g.pay("corp", 2, str(x.card))
            g.damage("meat", 2)

    b.when("access", accessed, only=lambda x: x.event.get("card") is x.card)


@card(
    "balanced_coverage",
    paragraphs=(0,),
    summary="When the corp's turn begins it may name a card type and look at the top card of R&D; if it is of that "
    "type, the corp may reveal it to gain 2 credits.",
)
def _balanced_coverage(b: Builder) -> None:
    def begins(x: Exec) -> None:
        g = x.game
        if not g.corp.deck:
            return
        values: list[str | None] = [*CORP_TYPES, None]
        prompt = Phrase(N_("{card}: name a card type to look at the top card of R&D"), card=str(x.card))
        named = g.choose("corp", "target", prompt, values, label=lambda v: v or "done",
                         text=lambda v: Term("type", v) if v else Phrase(N_("done")))  # fmt: skip
        if named is None:
            return
        top = g.corp.deck[-1]
        g.log.add("reveal", CORP, visible=[CORP], card=str(top), zone="rnd")
        if top.type == named and x.may(Phrase(N_("reveal {card} to gain {n}{credit}?"), card=str(top), n=2,
                                              credit="[credit]")):  # fmt: skip
            _reveal(g, top, "rnd")
            g.gain_credits("corp", 2)

    b.when("your_turn_start", begins)


@card(
    "federal_fundraising",
    paragraphs=(0,),
    summary="When the corp's turn begins it may look at the top 3 cards of R&D and put them back in any order; "
    "then, if its server has no ice, it may draw a card.",
)
def _federal_fundraising(b: Builder) -> None:
    def begins(x: Exec) -> None:
        g = x.game
        deck = g.corp.deck
        if deck and x.may(Phrase(N_("{card}: look at the top 3 cards of R&D and arrange them?"), card=str(x.card))):
            top = list(reversed(deck[-3:]))  # top card first
            for seen in top:
                g.log.add("reveal", CORP, visible=[CORP], card=str(seen), zone="rnd")
            order: list[Card] = []
            while len(top) > 1:
                chosen = _pick(x, Phrase(N_("the next card from the top of R&D")), top)
                top.remove(chosen)
                order.append(chosen)
            order += top
            del deck[-len(order) :]
            deck.extend(reversed(order))
        server = g.server_of(x.card)
        if server is not None and not server.ice and deck and x.may(Phrase(N_("draw 1 card?"))):
            g.draw("corp", 1)

    b.when("your_turn_start", begins)


@card(
    "cohort_guidance_program",
    paragraphs=(0,),
    summary="When the corp's turn begins it may trash a card from HQ to gain 2 credits and draw a card, or turn a "
    "face-down card of Archives face up to place an advancement counter on an installed card.",
)
def _cohort_guidance_program(b: Builder) -> None:
    def begins(x: Exec) -> None:
        g = x.game
        choices = []
        if g.corp.hand:
            choices.append(("hq", Phrase(N_("trash a card from HQ: gain {n}{credit} and draw 1 card"), n=2,
                                         credit="[credit]")))  # fmt: skip
        facedown = [c for c in g.corp.discard if not c.faceup]
        if facedown:
            choices.append(("archives", Phrase(N_("turn a card in Archives face up: place 1 advancement counter"))))
        if not choices:
            return
        choices.append(("done", Phrase(N_("done"))))
        answer = _ask(x, Phrase(N_("{card}: choose one"), card=str(x.card)), choices)
        if answer == "hq":
            _trash_from_hq(x, [_pick(x, Phrase(N_("trash a card from HQ")), g.corp.hand)])
            g.gain_credits("corp", 2)
            g.draw("corp", 1)
        elif answer == "archives":
            turned = _pick(x, Phrase(N_("turn a card in Archives face up")), facedown)
            turned.faceup = True
            _reveal(g, turned, "archives")
            target = _pick(x, Phrase(N_("place 1 advancement counter on")), g.installed("corp"))
            if target is not None:
                g.place_advancement(target, 1)

    b.when("your_turn_start", begins)


@card(
    "hearts_and_minds",
    paragraphs=(0,),
    summary="When the corp's turn begins it may move an advancement counter between installed cards (onto one "
    "that can be advanced); if its server has no ice, it may also place one on a card that can be advanced.",
)
def _hearts_and_minds(b: Builder) -> None:
    def begins(x: Exec) -> None:
        g = x.game
        sources = [c for c in g.installed("corp") if c.advancement and any(t is not c for t in _advanceable(g))]
        source = _pick(x, Phrase(N_("move 1 advancement counter from")), sources, optional=True)
        if source is not None:
            targets = [c for c in _advanceable(g) if c is not source]
            target = _pick(x, Phrase(N_("move 1 advancement counter to")), targets)
            g.add_counters(source, "advancement", -1)
            g.place_advancement(target, 1)
        server = g.server_of(x.card)
        if server is not None and not server.ice:
            target = _pick(x, Phrase(N_("place 1 advancement counter on")), _advanceable(g), optional=True)
            if target is not None:
                g.place_advancement(target, 1)

    b.when("your_turn_start", begins)


@card(
    "the_powers_that_be",
    paragraphs=(0,),
    summary="Each time the corp scores an agenda, it may install a card from HQ or Archives, ignoring all costs.",
)
def _the_powers_that_be(b: Builder) -> None:
    def scored(x: Exec) -> None:
        g = x.game
        prompt = Phrase(N_("install a card from HQ or Archives, ignoring all costs"))
        _install_from(x, [*g.corp.hand, *reversed(g.corp.discard)], pay=False, prompt=prompt)

    b.when("any_scored", scored)


@card(
    "cybersand_harvester",
    paragraphs=(0, 1, 2),
    summary="Each time the corp rezzes a piece of ice, 2 credits go on it; they may pay install costs; trash it: take "
    "every credit on it.",
)
def _cybersand_harvester(b: Builder) -> None:
    def rezzed(x: Exec) -> None:
        rezzed_card = x.event.get("card")
        if rezzed_card is not None and rezzed_card.type == "ice":
            x.card.credits += 2
            x.game.log.add("place_credits", CORP, card=str(x.card), amount=2, hosted=x.card.credits)

    def cash_out(x: Exec) -> None:  # the [trash] cost first, keeping what it hosted
        g = x.game
        hosted = x.card.credits
        g.trash(x.card, "trash cost")
        if hosted:
            g.gain_credits("corp", hosted, Phrase(N_("taken from {card}"), card=str(x.card)))

    b.paragraph(0).when("any_rezzed", rezzed)
    b.paragraph(1).spend_hosted(lambda g, this, purpose: purpose == "install")
    b.paragraph(2).paid([], cash_out, usable=lambda g, c, w: w in ("action", "run") and c.credits > 0)


@card(
    "working_prototype",
    paragraphs=(0, 2),
    summary="A power counter goes on it each time the corp rezzes a card (itself included); click and 5 of its "
    "power counters: gain 6 credits and put an installed resource on top of the stack.",
)
def _working_prototype(b: Builder) -> None:
    def rezzed(x: Exec) -> None:
        rezzed_card = x.event.get("card")
        if rezzed_card is not None and rezzed_card.side == "corp":
            x.game.add_counters(x.card, "power", 1)

    def payout(x: Exec) -> None:
        g = x.game
        g.gain_credits("corp", 6)
        resource = _pick(x, Phrase(N_("put an installed resource on top of the stack")),
                         [c for c in g.runner.rig if c.type == "resource"])  # fmt: skip
        if resource is None:
            return
        for hosted in list(resource.hosted):
            g.trash(hosted, Phrase(N_("its host {card} left play"), card=str(resource)))
        g.runner.rig.remove(resource)
        resource.leave_play()
        g.runner.deck.append(resource)
        g.log.add("move", RUNNER, card=str(resource), zone="rig", to="stack")
        g.check_memory()

    b.paragraph(0).when("any_rezzed", rezzed)
    b.paragraph(2).paid([click(), counters("power", 5)], payout, usable=lambda g, c, w: w == "action")


@card(
    "front_company",
    paragraphs=(0, 1, 2),
    summary="Rezzed only in the corp's turn; the first run of each turn cannot be on a remote server; the first time "
    "each turn a run on Archives begins, 2 net damage if its own server has no ice.",
)
def _front_company(b: Builder) -> None:
    b.rez_requires(lambda g, c: g.active == "corp", lambda g, c: None)

    def may_run(g: NetrunnerGame, this: Card, server: str) -> bool:
        first = g.current_run is None and not any(turn == g.turns for turn, _, _ in g.run_history)
        return not first or server in CENTRALS

    def begins(x: Exec) -> None:
        g = x.game
        if any(turn == g.turns and where == "archives" for turn, where, _ in g.run_history):
            return
        server = g.server_of(x.card)
        if server is not None and not server.ice:
            g.damage("net", 2)

    b.paragraph(1).may_run(may_run)
    b.paragraph(2).when("run_begins", begins, only=lambda x: x.run is not None and x.run.server == "archives")


def _action_key(g: NetrunnerGame, label: str) -> tuple[str, ...] | None:
    """What makes the corp's action just taken (``label``) the same action as another: the basic action, or the
    [click] ability of one card; None for what is no action (a rez, a score, an ability without [click])."""
    kind = label.split(":", 1)[0]
    if kind in ("rez", "score", "end"):
        return None
    if kind != "use":
        last = next((e for e in reversed(list(g.log)) if e.kind == "action" and e.player == CORP), None)
        return ("action", str(last.data.get("action"))) if last is not None else None
    ref, _, index = label.removeprefix("use:").rpartition("/")
    zones = [g.installed("corp"), g.corp.hand, g.corp.discard, g.corp.score_area, [g.corp.identity]]
    used = next((c for zone in zones for c in zone if c.ref == ref), None)
    abilities = g.abilities(used) if used is not None else []
    if not index.isdigit() or not 0 <= int(index) < len(abilities):
        return None
    ability = abilities[int(index)]
    if not any(isinstance(cost, A.ClickCost) for cost in ability.costs):
        return None
    return ("use", str(used), render(ability))


def _times_this_turn(g: NetrunnerGame, key: tuple[str, ...]) -> int:
    if key[0] == "action":
        return sum(1 for d in g.events_this_turn("action") if d.get("action") == key[1])
    return sum(1 for d in g.events_this_turn("use") if d.get("card") == key[1] and d.get("text") == key[2])


@card(
    "wage_workers",
    paragraphs=(0,),
    summary="Each time the corp finishes an action it has now taken exactly 3 times this turn, it gains a click.",
)
def _wage_workers(b: Builder) -> None:
    def taken(x: Exec) -> None:
        g = x.game
        key = _action_key(g, str(x.event.get("action", "")))
        if key is not None and _times_this_turn(g, key) == 3:
            x.do("你获得 [click]。")

    b.when("action_taken", taken, only=lambda x: x.event.get("side") == "corp" and x.game.active == "corp")


@card(
    "warm_reception",
    paragraphs=(0,),
    summary="When the corp's turn begins it may install a card from HQ, which it cannot score this turn; then, if "
    "its server has no ice, it may derez this asset to derez another installed card.",
)
def _warm_reception(b: Builder) -> None:
    def begins(x: Exec) -> None:
        g = x.game
        installed = _install_from(x, g.corp.hand)
        if installed is not None:
            x.lasting("may_score", lambda gg, this, agenda: agenda is not installed, until="turn")
        server = g.server_of(x.card)
        if server is None or server.ice or not x.card.rezzed:
            return
        others = [c for c in g.installed("corp") if c.rezzed and c is not x.card]
        prompt = Phrase(N_("{card}: derez it to derez another installed card?"), card=str(x.card))
        chosen = _pick(x, prompt, others, optional=True)
        if chosen is not None:
            g.derez(x.card, str(x.card))
            g.derez(chosen, str(x.card))

    b.when("your_turn_start", begins)


# ---------------------------------------------------------------- upgrades


def _root_or_ice(g: NetrunnerGame, this: Card) -> list[Card]:
    server = g.server_of(this)
    return [] if server is None else [*server.root, *server.ice]


@card(
    "vovo_ozetti",
    paragraphs=(0, 1, 2),
    summary="Ice protecting its server costs 2 credits less to rez (with a threat of 4, cards in its root too); "
    "when the corp's turn ends it may move to the root of another server.",
)
def _vovo_ozetti(b: Builder) -> None:
    def cheaper(g: NetrunnerGame, this: Card, rezzing: Card) -> int:
        server = g.server_of(this)
        if server is None:
            return 0
        if rezzing in server.ice or (rezzing in server.root and _threat(g, 4)):
            return -2
        return 0

    b.rez_cost(cheaper)
    b.paragraph(2).when("your_turn_end", lambda x: _move_to_root(x))


@card(
    "the_holo_man",
    paragraphs=(0, 1),
    summary="When the corp's turn begins it may move to the root of another server; once a turn, click and 4 "
    "credits: 2 advancement counters on a card in or protecting its server (3 if no card was installed this turn).",
)
def _the_holo_man(b: Builder) -> None:
    def advance(x: Exec) -> None:
        g = x.game
        placed = {str(c): c for c in g.installed("corp")}
        installed = any(
            e.kind == "install" and e.player == CORP and "installed_from" not in getattr(
                placed.get(str(e.data.get("card"))), "notes", {})
            for e in _this_turn(g)
        )  # fmt: skip
        target = _pick(x, Phrase(N_("place advancement counters on")), _root_or_ice(g, x.card))
        if target is not None:
            g.place_advancement(target, 2 if installed else 3)

    b.paragraph(0).when("your_turn_start", lambda x: _move_to_root(x))
    b.paragraph(1).paid([click(), credit(4)], advance, once_per_turn=True, usable=lambda g, c, w: w == "action")


@card(
    "isaac_liberdade",
    paragraphs=(0, 1, 2),
    summary="Advanced ice protecting its server gets +2 strength; when the corp's turn ends it may move to the root "
    "of another server, and on arriving it may place an advancement counter on an unadvanced piece of ice "
    "protecting that server.",
)
def _isaac_liberdade(b: Builder) -> None:
    def stronger(g: NetrunnerGame, this: Card, c: Card) -> int:
        server = g.server_of(this)
        return 2 if server is not None and c.advancement > 0 and c in server.ice else 0

    def arrived(x: Exec) -> None:  # paragraph 1: each move to a root (the only moves are its own, paragraph 2)
        g = x.game
        server = g.server_of(x.card)
        if server is None:
            return
        bare = [c for c in server.ice if not c.advancement]
        target = _pick(x, Phrase(N_("place 1 advancement counter on a piece of ice protecting {server}"),
                                 server=Term("zone", server.name)), bare, optional=True)  # fmt: skip
        if target is not None:
            g.place_advancement(target, 1)

    def ends(x: Exec) -> None:
        before = x.game.server_of(x.card)
        _move_to_root(x)
        if x.game.server_of(x.card) is not before:
            arrived(x)

    b.paragraph(0).strength_all(stronger)
    b.paragraph(2).when("your_turn_end", ends)


@card(
    "adrian_seis",
    paragraphs=(0, 1),
    summary="After a successful run on its server, a psi game: if the bids differ the runner accesses nothing but "
    "this upgrade in that run, if they match everything but it; when the corp's turn ends it may move to the root "
    "of another server.",
)
def _adrian_seis(b: Builder) -> None:
    def successful(x: Exec) -> None:
        g, run = x.game, x.run
        if run is None or run.ended or run.server != _server_name(g, x.card):
            return
        equal = g.interp.psi(x.ctx)
        if run.instead_of_breach is not None:  # the breach is replaced already: nothing is accessed anyway
            return
        adrian = x.card

        def breach() -> None:  # the breach, with what the bids left accessible
            g.announce("breach", server=run.server)
            if g.over:
                return
            cards = _breach_cards(g, run.server, run.extra_access)
            cards = [c for c in cards if c is not adrian] if equal else [c for c in cards if c is adrian]
            if not cards:
                g.log.add("access", RUNNER, server=run.server, cards=0)
            for accessed in cards:
                if g.over or run.ended:
                    break
                g.runs.access_card(accessed, run.server)

        run.instead_of_breach = breach

    b.when("run_successful", successful, only=lambda x: x.run is not None and x.run.server == _server_name(
        x.game, x.card))  # fmt: skip
    b.paragraph(1).when("your_turn_end", lambda x: _move_to_root(x))


def _server_name(g: NetrunnerGame, c: Card) -> str | None:
    server = g.server_of(c)
    return server.name if server is not None else None


def _accessing(g: NetrunnerGame, c: Card) -> bool:
    """Whether the runner is accessing ``c`` now, in a run (the last card the log says was accessed)."""
    last = next((e for e in reversed(list(g.log)) if e.kind == "access"), None)
    run = g.current_run
    return run is not None and not run.ended and last is not None and last.data.get("card") == str(c)


@card(
    "brasilia_government_grid",
    paragraphs=(0, 1),
    summary="Once a turn, when the corp rezzes a piece of ice during a run on its server, it may derez another "
    "installed piece of ice: the rezzed one gets +3 strength for the rest of the run; limit 1 region per server.",
)
def _brasilia(b: Builder) -> None:
    def rezzed(x: Exec) -> None:
        g = x.game
        ice = x.event.get("card")
        if ice is None or x.card.notes.get("used") == g.turns:
            return
        others = [c for c in g.installed("corp") if c.type == "ice" and c.rezzed and c is not ice]
        prompt = Phrase(N_("{card}: derez another piece of ice so that {ice} gets +3 strength for this run?"),
                        card=str(x.card), ice=str(ice))  # fmt: skip
        chosen = _pick(x, prompt, others, optional=True)
        if chosen is None:
            return
        x.card.notes["used"] = g.turns
        g.derez(chosen, str(x.card))
        x.lasting("strength_all", lambda gg, this, c: 3 if c is ice else 0, until="run")

    def concerns(x: Exec) -> bool:
        ice = x.event.get("card")
        return ice is not None and ice.type == "ice" and _run_on_this_server(x.game, x.card)

    b.when("any_rezzed", rezzed, only=concerns)
    one_region(b.paragraph(1))


def _daniela_cost(g: NetrunnerGame) -> bool:
    return len(g.runner.hand) >= 2


def _from_server(g: NetrunnerGame, agenda: Card, server: str) -> bool:
    """Whether ``agenda`` is being stolen from ``server`` (its root, or the central zone itself) in a run on it."""
    run = g.current_run
    if run is None or run.server != server:
        return False
    where = g.servers.get(server)
    zones = {"hq": g.corp.hand, "rnd": g.corp.deck, "archives": g.corp.discard}
    return (where is not None and agenda in where.root) or agenda in zones.get(server, [])


@card(
    "daniela_jorge_inacio",
    paragraphs=(0, 1),
    summary="The runner trashes it only by also putting 2 random grip cards on the bottom of the stack, and steals "
    "an agenda from its server only at the same cost (still for the rest of the run if the runner trashed it while "
    "accessing it).",
)
def _daniela(b: Builder) -> None:
    def cannot(g: NetrunnerGame, c: Card, by: str | None) -> bool:
        runner = by == "runner" or (by is None and _accessing(g, c))
        return c.rezzed and runner and not _daniela_cost(g)

    def trashed(x: Exec) -> None:
        if x.event.get("by") == "runner" and x.event.get("rezzed"):
            _grip_to_stack_bottom(x.game, 2, str(x.card))

    def this_daniela(g: NetrunnerGame) -> Card | None:
        return next((c for c in g.installed("corp") if c.id == "daniela_jorge_inacio" and c.rezzed), None)

    def can(g: NetrunnerGame, agenda: Card) -> Any:  # None: not an agenda of its server
        daniela = this_daniela(g)
        server = _server_name(g, daniela) if daniela is not None else None
        if server is None or not _from_server(g, agenda, server):
            return None
        return _daniela_cost(g)

    def pay(g: NetrunnerGame, agenda: Card) -> None:
        _grip_to_stack_bottom(g, 2, str(agenda))

    def accessed(x: Exec) -> None:  # persistent: trashed while accessed, the steal cost stays for this run
        g = x.game
        server = _server_name(g, x.card)
        if server is None or not x.card.rezzed or not _run_on_this_server(g, x.card):
            return
        daniela = x.card

        def gone_can(gg: NetrunnerGame, agenda: Card) -> Any:
            if gg.is_installed(daniela) or not _from_server(gg, agenda, str(server)):
                return None
            return _daniela_cost(gg)

        g.add_lasting("steal_requires", daniela, (gone_can, pay), "run")

    b.untrashable(cannot)
    b.when("trashed", trashed, only=lambda x: x.event.get("card") is x.card)
    b.paragraph(1).steal_requires(can, pay)
    b.when("access", accessed, only=lambda x: x.event.get("card") is x.card)


@card(
    "tucana",
    paragraphs=(0, 1),
    summary="Remote servers only; when an agenda is scored or stolen from its root (even after the runner trashed it "
    "in that run), the corp may search R&D for a piece of ice and install and rez it for 3 credits less in all.",
)
def _tucana(b: Builder) -> None:
    b.install_servers(lambda g, c, server: server not in CENTRALS)

    def search(x: Exec) -> None:
        g = x.game
        if not g.corp.deck or not x.may(Phrase(N_("{card}: search R&D for a piece of ice?"), card=str(x.card))):
            return
        options = [c for c in reversed(g.corp.deck) if c.type == "ice" and _install_and_rez_servers(g, c, 3)]
        chosen = _pick(x, Phrase(N_("search R&D for a piece of ice to install and rez")), options)
        if chosen is None:
            g.log.add("search_failed", CORP, zone="rnd", type="ice")
        else:
            _reveal(g, chosen, "rnd")
            _install_and_rez(x, chosen, 3)
        g.rng.shuffle(g.corp.deck)
        g.log.add("shuffle", CORP, zone="rnd")

    def from_root(x: Exec) -> bool:
        return x.event.get("server") is not None and x.event.get("server") == _server_name(x.game, x.card)

    def trashed(x: Exec) -> None:  # persistent: agendas stolen later in this run still count
        g = x.game
        if x.event.get("by") != "runner" or not x.event.get("rezzed") or not _accessing(g, x.card):
            return
        start = len(g.log)

        def after(r: Any, successful: bool) -> None:
            for event in list(g.log)[start:]:
                if event.kind == "steal" and not g.over:
                    search(x)

        x.when_run_ends(after)

    b.paragraph(1).when("any_scored", search, only=from_root).when("any_stolen", search, only=from_root)
    b.when("trashed", trashed, only=lambda x: x.event.get("card") is x.card)


# ---------------------------------------------------------------- identities


@card(
    "epiphany_analytica_nations_undivided",
    paragraphs=(0, 1),
    summary="The first time each turn the runner steals or trashes a corp card, a power counter goes on it; click "
    "and a power counter: look at the top 3 cards of R&D and the corp may install one of them.",
)
def _epiphany(b: Builder) -> None:
    def counter(x: Exec) -> None:
        if x.card.notes.get("hit") != x.game.turns:
            x.card.notes["hit"] = x.game.turns
            x.game.add_counters(x.card, "power", 1)

    def stolen(x: Exec) -> None:
        counter(x)

    def trashed(x: Exec) -> None:
        hit = x.event.get("card")
        if hit is not None and hit.side == "corp" and x.event.get("by") == "runner":
            counter(x)

    def look(x: Exec) -> None:
        g = x.game
        top = list(reversed(g.corp.deck[-3:]))
        for seen in top:
            g.log.add("reveal", CORP, visible=[CORP], card=str(seen), zone="rnd")
        prompt = Phrase(N_("install one of the top cards of R&D"))
        _install_from(x, top, prompt=prompt)

    b.paragraph(0).when("any_stolen", stolen).when("trashed", trashed)
    b.paragraph(1).paid([click(), counters("power", 1)], look, usable=lambda g, c, w: w == "action" and bool(g.corp.deck))


@card(
    "a_teia_ip_recovery",
    paragraphs=(0, 1),
    summary="At most 2 remote servers; the first time each turn the corp installs in or protecting a remote server, "
    "it may install a card from HQ in or protecting another remote server, ignoring all costs, and cannot score "
    "that card this turn.",
)
def _a_teia(b: Builder) -> None:
    def limit(g: NetrunnerGame, this: Card, c: Card, server: str) -> bool:
        return server != "new remote" or sum(1 for s in g.servers.values() if s.remote) < 2

    def installed(x: Exec) -> None:
        g = x.game
        first = x.event.get("card")
        server = g.server_of(first) if first is not None else None
        if server is None or not server.remote or not _first_remote_install(g):
            return
        name = server.name
        cards = [c for c in g.corp.hand if c.type in INSTALLABLE]
        prompt = Phrase(N_("install a card from HQ in or protecting another remote server, ignoring all costs"))
        second = _install_from(x, cards, pay=False, servers=lambda s: s != name and s not in CENTRALS, prompt=prompt)
        if second is not None:
            x.lasting("may_score", lambda gg, this, agenda: agenda is not second, until="turn")

    def concerns(x: Exec) -> bool:
        c = x.event.get("card")
        server = x.game.server_of(c) if c is not None and c.side == "corp" else None
        return server is not None and server.remote and _first_remote_install(x.game)

    b.all_install_servers(limit)
    b.paragraph(1).when("any_installed", installed, only=concerns)


@card(
    "nuvem_sa_law_of_the_land",
    paragraphs=(0, 1),
    summary="Each time an operation of the corp, or a click ability of an expendable card, finishes resolving, the "
    "corp looks at the top card of R&D and may trash it; the first time in each of its turns the corp trashes a card "
    "from R&D, it gains 2 credits.",
)
def _nuvem(b: Builder) -> None:
    def look(x: Exec) -> None:
        g = x.game
        if not g.corp.deck:
            return
        top = g.corp.deck[-1]
        g.log.add("reveal", CORP, visible=[CORP], card=str(top), zone="rnd")
        if x.may(Phrase(N_("trash {card} from the top of R&D?"), card=str(top))):
            g.trash(top, Phrase(N_("trashed from the top of R&D")), by="corp")

    def operation(x: Exec) -> bool:
        op = x.event.get("card")
        return op is not None and op.side == "corp" and op.type == "operation"

    def expendable_action(x: Exec) -> bool:
        used, index = x.event.get("card"), x.event.get("index")
        if used is None or used.side != "corp" or "expendable" not in used.subtypes or index is None:
            return False
        abilities = x.game.abilities(used)
        return 0 <= index < len(abilities) and any(isinstance(c, A.ClickCost) for c in abilities[index].costs)

    def from_rnd(x: Exec) -> bool:
        gone = x.event.get("card")
        return (gone is not None and gone.side == "corp" and x.event.get("zone") == "deck"
                and x.event.get("by") != "runner" and x.game.active == "corp")  # fmt: skip

    def first(x: Exec) -> None:
        if x.once_per_turn("rnd_trash"):
            x.do("你获得 2[credit]。")

    b.when("played", look, only=operation)
    b.when("ability_used", look, only=expendable_action)
    b.paragraph(1).when("trashed", first, only=from_rnd)


@card(
    "thunderbolt_armaments_peace_through_power",
    paragraphs=(0,),
    summary="Each AP or destroyer piece of ice the corp rezzes during a run gets +1 strength and a last subroutine "
    "for the rest of the run: the run ends unless the runner trashes one of their installed cards.",
)
def _thunderbolt_armaments(b: Builder) -> None:
    sub_part = len(b.script.parts)

    def toll(x: Exec) -> None:  # the subroutine the ice gains
        g = x.game
        cards = g.installed("runner")
        prompt = Phrase(N_("trash 1 of your installed cards, or the run ends?"))
        if cards and x.may(prompt, side="runner"):
            chosen = _pick(x, Phrase(N_("trash 1 of your installed cards")), cards, side="runner")
            g.trash(chosen, Phrase(N_("trashed by the {side}"), side=Term("side", "runner")), by="runner")
        else:
            x.do("终止潜袭。")

    def boosted(x: Exec) -> list[Card]:
        notes = x.card.notes
        return list(notes.get("boosted", [])) if notes.get("run") is x.run else []

    def rezzed(x: Exec) -> None:
        g, run = x.game, x.run
        ice = x.event.get("card")
        if ice is None or ice.type != "ice" or run is None or run.ended or not {"ap", "destroyer"} & set(ice.subtypes):
            return
        ice.strength_bonus += 1
        x.card.notes["boosted"] = [*boosted(x), ice]
        x.card.notes["run"] = run
        g.log.add("strength", CORP, card=str(ice), delta=1, strength=g.strength_of(ice))

    def met(x: Exec) -> None:
        ice, run = x.event.get("ice"), x.run
        if ice is None or run is None or run.encounter is None:
            return
        gained = A.Ability("subroutine", (A.Sentence((A.Scripted(x.card.id, 0, sub_part),)),))
        gain_subroutines(x.game, run.encounter, [gained] * sum(1 for c in boosted(x) if c is ice), by=x.card)

    def over(x: Exec) -> None:
        for ice in boosted(x):
            if x.game.is_installed(ice) and ice.strength_bonus > 0:
                ice.strength_bonus -= 1
        x.card.notes.pop("boosted", None)
        x.card.notes.pop("run", None)

    b.subroutine(toll)
    b.when("any_rezzed", rezzed).when("encounter", met).when("run_ends", over)
