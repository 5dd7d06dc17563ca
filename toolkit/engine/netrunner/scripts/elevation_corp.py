"""Card scripts of Elevation: the corp cards and corp identities."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from toolkit.engine.phrase import Phrase, Term
from toolkit.i18n import Nn_
from toolkit.i18n.words import N_

from ..state import INSTALLABLE, SEATS, SIDE_OF_SEAT, Context, Sub
from . import Builder, Exec, ask_none, card, click, counters, installed_place, load, one_region, trash_self

if TYPE_CHECKING:
    from ...core import Event
    from ..game import NetrunnerGame
    from ..state import Card, Side

CORP_SEAT = SEATS["corp"]
RUNNER_SEAT = SEATS["runner"]
RUNNER_CARD_TYPES = ("program", "hardware", "resource", "event")


# ---------------------------------------------------------------- what several cards do


def _by_corp() -> Phrase:
    return Phrase(N_("trashed by the {side}"), side=Term("side", "corp"))


def _card_text(c: Card) -> Phrase:
    return Phrase(N_("{card} ({type})"), card=str(c), type=Term("type", c.type))


def _pick(x: Exec, prompt: str, cards: Sequence[Card], optional: bool, kind: str = "target",
          side: Side = "corp", hidden: bool = False) -> Card | None:  # fmt: skip
    """One of ``cards`` chosen by ``side``; with ``optional``, ``done`` chooses none. None when there are none
    (``hidden``: cards the other side cannot see, then asked all the same in a game of two people: :func:`ask_none`)."""
    if not cards:
        if optional:
            ask_none(x.game, side, kind, prompt, hidden)
        return None
    values: list[Any] = [*cards, None] if optional else list(cards)
    return x.game.choose(
        side,
        kind,
        prompt,
        values,
        label=lambda c: c.ref if c is not None else "done",
        text=lambda c: _card_text(c) if c is not None else Phrase(N_("done")),
    )


def _number(x: Exec, prompt: str, low: int, high: int, side: Side = "corp") -> int:
    """A number from ``low`` to ``high`` chosen by ``side`` (labelled by the number)."""
    return int(x.game.choose(side, "target", prompt, list(range(low, high + 1)), label=str, text=str))


def _server_name(g: NetrunnerGame, c: Card) -> str | None:
    server = g.server_of(c)
    return server.name if server is not None else None


def _run_on_own_server(g: NetrunnerGame, c: Card) -> bool:
    """A run in progress against the server this card is installed in (or protecting)."""
    run = g.current_run
    return run is not None and not run.ended and run.server == _server_name(g, c)


def _threat(g: NetrunnerGame) -> int:
    """The threat level: the most agenda points either player has in its score area."""
    return max(g.agenda_points("corp"), g.agenda_points("runner"))


def _advanceable(g: NetrunnerGame) -> list[Card]:
    return [c for c in g.installed("corp") if g.can_advance(c)]


def _this_turn(g: NetrunnerGame) -> list[Event]:
    """The log's events since the current turn began (or since a scenario laid out its position)."""
    out: list[Event] = []
    for event in reversed(list(g.log)):
        if event.kind in ("turn_start", "scenario"):
            break
        out.append(event)
    return out[::-1]


def _last_install(g: NetrunnerGame, c: Card) -> Event | None:
    name = str(c)
    return next((e for e in reversed(list(g.log)) if e.kind == "install" and e.data.get("card") == name), None)


def _advancement_when_scored(x: Exec) -> int:
    """The advancement counters the agenda of a scoring trigger held as it was scored: the card's own, which the
    engine hands the trigger (``advancement``: they are gone once it is in the score area), however they came there
    (advanced, placed by a card, or laid out by a scenario, which logs no change of them); the card's counters now
    for a trigger fired without them."""
    held = x.event.get("advancement")
    return int(held) if held is not None else x.card.advancement


def _reveal(x: Exec, cards: Sequence[Card], zone: str) -> None:
    seat = x.game.player(cards[0].side).seat if cards else x.me.seat
    x.game.log.add("reveal", seat, cards=[str(c) for c in cards], zone=zone)


def _playing_now(g: NetrunnerGame) -> bool:
    """An operation is being played as the corp's action right now (its click spent, its text not yet
    resolved): the last thing logged is that action."""
    events = list(g.log)
    return bool(events) and events[-1].kind == "action" and events[-1].data.get("action") == "corp_play"


def _unless_runner_pays(x: Exec, amount: int, refuse: Phrase, otherwise: Callable[[], None]) -> None:
    """The runner pays ``amount`` (its choice, when it can), or ``otherwise`` happens."""
    g = x.game
    prompt = Phrase(N_("{card}: pay {n}{credit} or {other}"), card=str(x.card), n=amount, credit="[credit]",
                    other=refuse)  # fmt: skip
    texts = (Phrase(N_("pay {n}{credit}"), n=amount, credit="[credit]"), refuse)
    if g.can_pay("runner", amount) and g.confirm("runner", "optional", prompt, yes="pay", no="refuse", texts=texts):
        g.pay("runner", amount, str(x.card))
    else:
        otherwise()


def _install_from_hq(x: Exec, pay: bool = True, types: Sequence[str] | None = None) -> Card | None:
    """The corp may install a card from HQ (of ``types``), paying its install cost unless not ``pay``."""
    g = x.game
    options = [
        c
        for c in g.corp.hand
        if c.type in INSTALLABLE
        and (types is None or c.type in types)
        and (g.can_install(c) if pay else g.may_install(c))
    ]
    prompt = Phrase(N_("install a card from {zone}"), zone=Term("zone", "hq"))
    chosen = _pick(x, prompt, options, optional=True, kind="install")
    if chosen is not None:
        g.install("corp", chosen, pay=pay)
    return chosen


def _install_from_zone(x: Exec, chosen: Card, zone: list[Card], pay: bool) -> None:
    """Install ``chosen`` from ``zone`` (Archives, R&D): it leaves the zone face down, then is installed."""
    zone.remove(chosen)
    chosen.faceup = False
    x.game.install("corp", chosen, pay=pay)


def _installable(g: NetrunnerGame, cards: Sequence[Card], pay: bool) -> list[Card]:
    return [c for c in cards if c.type in INSTALLABLE and (g.can_install(c) if pay else g.may_install(c))]


def _or_end_the_run(x: Exec, card_type: str) -> None:
    """Subroutine: the corp trashes an installed card of ``card_type`` or ends the run (its choice)."""
    g = x.game
    targets: list[Any] = [c for c in g.runner.rig if c.type == card_type]
    choice = g.choose(
        "corp",
        "target",
        Phrase(N_("{card}: trash a {type} or end the run"), card=str(x.card), type=Term("card_type", card_type)),
        [*targets, None],
        label=lambda c: c.ref if c is not None else "end_run",
        text=lambda c: Phrase(N_("trash {card}"), card=str(c)) if c is not None else Phrase(N_("end the run")),
    )
    if choice is None:
        g.end_run(str(x.card))
    else:
        g.trash(choice, _by_corp(), by="corp")


def _resolve_other_subroutine(x: Exec, subtype: str) -> None:
    """Resolve one subroutine of another rezzed piece of ice of ``subtype`` (the corp chooses ice and subroutine)."""
    g = x.game
    ice = [c for c in g.installed("corp") if c.type == "ice" and c.rezzed and subtype in c.subtypes and c is not x.card]
    host = _pick(x, Phrase(N_("resolve a subroutine of which {subtype}"), subtype=Term("subtypes", subtype)), ice,
                 optional=False)  # fmt: skip
    if host is None:
        g.log.add("no_target", CORP_SEAT, reason=Phrase(N_("no rezzed {subtype}"), subtype=Term("subtypes", subtype)))
        return
    subs = [Sub(i, a) for i, a in enumerate((a for a in g.abilities(host) if a.kind == "subroutine"), start=1)]
    if not subs:
        return
    prompt = Phrase(N_("resolve which subroutine of {ice}"), ice=str(host))
    sub = g.choose("corp", "subroutine", prompt, subs, label=lambda s: f"sub:{s.index}")
    g.log.add("subroutine", CORP_SEAT, ice=str(host), index=sub.index, source=str(x.card))
    g.execute(sub.ability, Context("corp", host, x.run, encounter=x.ctx.encounter), pay=False)


def _play_from_archives(x: Exec, op: Card) -> None:
    """Play ``op`` from Archives (its cost paid), then remove it from the game."""
    g = x.game
    g.pay("corp", g.play_cost(op), Phrase(N_("playing {card}"), card=str(op)))
    g.corp.discard.remove(op)
    op.notes["played_from"] = "archives"
    g.log.add("play", CORP_SEAT, card=str(op))
    for ability in g.abilities(op):
        if ability.kind == "effect":
            g.interp.execute(ability, Context("corp", op, g.current_run), pay=False)
    g.remove_from_game(op, Phrase(N_("the text of {card}"), card=str(x.card)))
    g.announce("played", card=op)


def _dividends(b: Builder, per: int) -> None:
    """Dividends: when scored, ``per`` agenda counters for each advancement counter beyond the requirement."""

    def scored(x: Exec) -> None:
        requirement = int(getattr(x.card.record, "advancement_requirement", 0) or 0)
        excess = _advancement_when_scored(x) - requirement
        if excess > 0:
            x.game.add_counters(x.card, "agenda", per * excess)

    b.when("agenda_scored", scored)


def _spend_counter_at_discard_end(b: Builder, prompt: str, effect: Callable[[Exec], None],
                                  possible: Callable[[NetrunnerGame], bool] = lambda g: True) -> None:  # fmt: skip
    """When the corp's discard phase ends, it may remove an agenda counter of this agenda for ``effect``."""

    def ended(x: Exec) -> None:
        if x.card.counters.get("agenda", 0) < 1 or not possible(x.game):
            return
        if not x.may(Phrase(N_("{card}: remove 1 agenda counter to {what}?"), card=str(x.card), what=prompt)):
            return
        x.game.add_counters(x.card, "agenda", -1)
        effect(x)

    b.when("your_turn_end", ended)


# ---------------------------------------------------------------- ice


@card("doomscroll", paragraphs=(2,), summary="Third subroutine: 2 net damage if the runner has 2 tags or more.")
def _doomscroll(b: Builder) -> None:
    def sub(x: Exec) -> None:
        if x.game.runner.tags >= 2:
            x.do("造成 2 点网域伤害。")

    b.subroutine(sub)


@card("flyswatter", paragraphs=(0,), summary="Rezzed during a run on its server: purge virus counters.")
def _flyswatter(b: Builder) -> None:
    def rezzed(x: Exec) -> None:
        if _run_on_own_server(x.game, x.card):
            x.do("清除病毒指示物。")

    b.when("rezzed", rezzed)


@card("n_pot", paragraphs=(0, 2, 3), summary="The runner alone may pay 3 credits to break 1 of its subroutines "
      "(offered as the encounter begins); second and third subroutines end the run at threat level 2 and 4 or "
      "more.")  # fmt: skip
def _n_pot(b: Builder) -> None:
    def offer(x: Exec) -> None:  # the runner's paid break, asked as a paid-ability decision (kind "paid")
        g, run = x.game, x.run
        enc = run.encounter if run is not None else None
        while enc is not None and not g.over and not run.ended and g.can_pay("runner", 3):
            unbroken = [s for s in enc.subs if not s.broken]
            if not unbroken:
                return
            ask = Phrase(N_("pay {n}{credit} to break a subroutine of {ice}?"), n=3, credit="[credit]", ice=str(x.card))
            if not g.confirm("runner", "paid", ask, yes="pay", no="done"):
                return
            prompt = Phrase(N_("break a subroutine of {ice}"), ice=str(x.card))
            sub = g.choose("runner", "subroutine", prompt, unbroken, label=lambda s: f"sub:{s.index}")
            g.pay("runner", 3, str(x.card))
            g.runs.mark_broken(x.card, sub, x.card)

    b.paragraph(0).when("encounter", offer, only=lambda x: x.event.get("ice") is x.card)
    def at_threat(level: int) -> Callable[[Exec], None]:
        def sub(x: Exec) -> None:
            if _threat(x.game) >= level:
                x.game.end_run(str(x.card))

        return sub

    b.paragraph(2).subroutine(at_threat(2))
    b.paragraph(3).subroutine(at_threat(4))


@card("kessleroid", paragraphs=(0,), summary="The runner cannot trash it while it is rezzed.")
def _kessleroid(b: Builder) -> None:
    b.untrashable(lambda g, c, by: by == "runner" and c.rezzed)


@card("empiricist", paragraphs=(0,), summary="First subroutine: the corp draws a card, then may put a card "
      "from HQ on top of R&D.")  # fmt: skip
def _empiricist(b: Builder) -> None:
    def sub(x: Exec) -> None:
        g = x.game
        x.do("你抽 1 张牌。")
        if not g.corp.hand or not x.may(Phrase(N_("add a card from {zone} to the top of {deck}?"),
                                                 zone=Term("zone", "hq"), deck=Term("zone", "rnd"))):  # fmt: skip
            return
        chosen = _pick(x, Phrase(N_("add which card to the top of {deck}"), deck=Term("zone", "rnd")),
                       list(g.corp.hand), optional=False)  # fmt: skip
        if chosen is not None:
            g.corp.hand.remove(chosen)
            g.corp.deck.append(chosen)
            g.log.add("move", CORP_SEAT, visible=[CORP_SEAT], card=str(chosen), zone="rnd")

    b.subroutine(sub)


@card("syailendra", paragraphs=(1, 2), summary="When encountered with 3 or more advancement counters, and as its "
      "first subroutine: the corp may place an advancement counter on an installed card it can advance.")  # fmt: skip
def _syailendra(b: Builder) -> None:
    def advance_one(x: Exec) -> None:
        g = x.game
        targets = _advanceable(g)
        if not targets or not x.may(Phrase(N_("place 1 advancement counter on an installed card you can advance?"))):
            return
        chosen = _pick(x, Phrase(N_("place advancement counters on")), targets, optional=False)
        if chosen is not None:
            g.place_advancement(chosen, 1)

    def encountered(x: Exec) -> None:
        if x.event.get("ice") is x.card and x.card.advancement >= 3:
            advance_one(x)

    b.paragraph(1).when("encounter", encountered)
    b.paragraph(2).subroutine(advance_one)


@card("scatter_field", paragraphs=(0, 1), summary="+4 strength while the only ice of its server; first "
      "subroutine: the corp may install a card from HQ.")  # fmt: skip
def _scatter_field(b: Builder) -> None:
    def alone(g: NetrunnerGame, c: Card) -> int:
        server = g.server_of(c)
        return 4 if server is not None and server.ice == [c] else 0

    b.strength(alone)
    def install(x: Exec) -> None:
        _install_from_hq(x)

    b.paragraph(1).subroutine(install)


@card("bumi_1_0", paragraphs=(0, 1), summary="Rezzed during a run on its server: the corp may trash an installed "
      "trojan program; the runner (only) may lose a click to break one of its subroutines.")  # fmt: skip
def _bumi(b: Builder) -> None:
    def rezzed(x: Exec) -> None:
        g = x.game
        if not _run_on_own_server(g, x.card):
            return
        trojans = [c for c in g.runner.rig if c.type == "program" and "trojan" in c.subtypes]
        victim = _pick(x, Phrase(N_("trash a {type}"), type=Term("subtypes", "trojan")), trojans, optional=True)
        if victim is not None:
            g.trash(victim, _by_corp(), by="corp")

    b.when("rezzed", rezzed)
    b.paragraph(1).runner_break(clicks=1, count=1)


@card("biawak", paragraphs=(0, 1, 2), summary="Rezzing it, the corp may forfeit a scored agenda instead of paying "
      "10 credits of the rez cost; first subroutine: trash a program or end the run; second: trash a resource or "
      "end the run (the corp chooses).")  # fmt: skip
def _biawak(b: Builder) -> None:
    # with an agenda to forfeit, the rez cost asked first leaves out the 10 credits the forfeit may pay for; as
    # the rez is paid the corp forfeits an agenda for them or pays them after all
    def covered(g: NetrunnerGame, this: Card, c: Card) -> int:
        return -10 if g.corp.score_area and not this.notes.get("full_cost") else 0

    def pay(g: NetrunnerGame, c: Card) -> None:
        if not g.corp.score_area:
            return
        c.notes["full_cost"] = True
        try:
            left = g.rez_cost(c)
        finally:
            c.notes.pop("full_cost", None)
        left -= g.rez_cost(c)
        if left <= 0:
            return
        modes = {
            "forfeit": Phrase(N_("forfeit 1 agenda")),
            "pay": Phrase(N_("pay {n}{credit}"), n=left, credit="[credit]"),
        }
        allowed = [*(["pay"] if g.can_pay("corp", left, "rez") else []), "forfeit"]
        prompt = Phrase(N_("{card}: forfeit an agenda or pay {n}{credit} more"), card=str(c), n=left,
                        credit="[credit]")  # fmt: skip
        mode = g.choose("corp", "target", prompt, allowed, label=str, text=lambda m: modes[m])
        why = Phrase(N_("the cost of {card}"), card=str(c))
        if mode == "pay":
            g.pay("corp", left, why, "rez")
            return
        agenda = g.choose("corp", "target", Phrase(N_("forfeit an agenda to rez {card}"), card=str(c)),
                          list(g.corp.score_area))  # fmt: skip
        g.forfeit(agenda, why)

    b.own_rez_cost(covered)
    b.rez_requires(lambda g, c: True, pay)
    b.paragraph(1).subroutine(lambda x: _or_end_the_run(x, "program"))
    b.paragraph(2).subroutine(lambda x: _or_end_the_run(x, "resource"))


@card("lamplighter", paragraphs=(0, 1), summary="Trashed when an agenda is scored or stolen from its server; "
      "first subroutine: the runner takes 1 tag unless it pays 3 credits.")  # fmt: skip
def _lamplighter(b: Builder) -> None:
    def from_here(x: Exec, stolen: bool) -> None:
        g = x.game
        agenda = x.event.get("card")
        here = _server_name(g, x.card)
        if agenda is None or here is None:
            return
        if stolen:
            run = g.current_run
            where = run.server if run is not None else None
        else:
            install = _last_install(g, agenda)
            where = install.data.get("server") if install is not None else None
        if where == here:
            g.trash(x.card, Phrase(N_("an agenda left its server")), by="corp")

    b.when("any_scored", lambda x: from_here(x, False)).when("any_stolen", lambda x: from_here(x, True))
    refuse = Phrase(N_("take 1 tag"))
    b.paragraph(1).subroutine(lambda x: _unless_runner_pays(x, 3, refuse, lambda: x.game.gain_tags(1)))


@card("semak_samun", paragraphs=(0, 1), summary="Only fracters can break its subroutine; subroutine: the run ends "
      "unless the runner takes 3 net damage.")  # fmt: skip
def _semak_samun(b: Builder) -> None:
    b.unbreakable(lambda g, ice, breaker: "fracter" not in breaker.subtypes)
    b.paragraph(1)

    def sub(x: Exec) -> None:
        g = x.game
        damage = Term("damage", "net")
        prompt = Phrase(N_("{card}: take {n} {damage} or end the run"), card=str(x.card), n=3, damage=damage)
        texts = (Phrase(N_("take {n} {damage}"), n=3, damage=damage), Phrase(N_("end the run")))
        if g.confirm("runner", "optional", prompt, yes="take_damage", no="end_run", texts=texts):
            before = len(g.log)
            g.damage("net", 3)
            taken = sum(int(e.data.get("amount", 0)) for e in list(g.log)[before:] if e.kind == "damage")
            if taken >= 3 or g.over:
                return
        g.end_run(str(x.card))

    b.subroutine(sub)


@card("mycoweb", paragraphs=(0, 1, 2, 3), summary="Subroutines: the corp may install ice from Archives for "
      "free; may rez ice paying 2 credits less; resolves a subroutine of a rezzed sentry; resolves a subroutine "
      "of another rezzed code gate.")  # fmt: skip
def _mycoweb(b: Builder) -> None:
    def install_from_archives(x: Exec) -> None:
        g = x.game
        ice = [c for c in g.corp.discard if c.type == "ice" and g.may_install(c)]
        prompt = Phrase(N_("install an {type}"), type=Term("card_type", "ice"))
        chosen = _pick(x, prompt, ice, optional=True, kind="install")
        if chosen is not None:
            _install_from_zone(x, chosen, g.corp.discard, pay=False)

    def discounted(x: Exec, c: Card, check: bool) -> bool:
        """With the 2-credit discount on ``c``: whether it can be rezzed (``check``), or rez it."""
        x.card.notes["discount"] = c.uid
        try:
            if check:
                return x.game.can_rez(c)
            x.game.rez(c)  # its additional costs, if any, are still paid
            return True
        finally:
            x.card.notes.pop("discount", None)

    def rez_cheaper(x: Exec) -> None:
        g = x.game
        ice = [c for c in g.installed("corp") if c.type == "ice" and not c.rezzed and discounted(x, c, True)]
        chosen = _pick(x, Phrase(N_("rez a piece of ice, paying 2{credit} less"), credit="[credit]"), ice,
                       optional=True, kind="rez")  # fmt: skip
        if chosen is not None:
            discounted(x, chosen, False)

    b.rez_cost(lambda g, this, c: -2 if this.notes.get("discount") == c.uid else 0)

    b.paragraph(0).subroutine(install_from_archives)
    b.paragraph(1).subroutine(rez_cheaper)
    b.paragraph(2).subroutine(lambda x: _resolve_other_subroutine(x, "sentry"))
    b.paragraph(3).subroutine(lambda x: _resolve_other_subroutine(x, "code_gate"))


# ---------------------------------------------------------------- assets and upgrades


@card("anthill_excavation_contract", paragraphs=(0,), summary="Loaded with 8 credits when rezzed; trashed once "
      "empty.")  # fmt: skip
def _anthill(b: Builder) -> None:
    load(b, "credit", 8, on="rezzed")


@card("otto_campaign", paragraphs=(0,), summary="Loaded with 6 credits when rezzed; once empty it is trashed and "
      "the corp gains 2 clicks.")  # fmt: skip
def _otto(b: Builder) -> None:
    load(b, "credit", 6, on="rezzed", then=lambda x: x.do("你获得 [click][click]。"))


@card("idiosyncresis", paragraphs=(1,), summary="At the start of the corp's turn it may trash this asset: per "
      "advancement counter, gain 3 credits and the runner loses 2.")  # fmt: skip
def _idiosyncresis(b: Builder) -> None:
    def turn_start(x: Exec) -> None:
        g = x.game
        if not g.is_installed(x.card):
            return
        n = x.card.advancement
        asked = Nn_("trash {card} for {n} advancement counter?", "trash {card} for {n} advancement counters?")
        if not x.may(Phrase(asked, card=str(x.card), n=n)):
            return
        g.trash(x.card, _by_corp(), by="corp")
        if n:
            g.gain_credits("corp", 3 * n, str(x.card))
            g.lose_credits("runner", 2 * n)

    b.when("your_turn_start", turn_start)


@card("byte", paragraphs=(0, 1), summary="Revealed when accessed in R&D; accessed anywhere but Archives, the corp "
      "may pay 4 credits: the runner takes 1 tag and 3 net damage.")  # fmt: skip
def _byte(b: Builder) -> None:
    def accessed(x: Exec) -> None:
        g = x.game
        if x.event.get("card") is not x.card:
            return
        server = x.event.get("server")
        if server == "rnd":
            _reveal(x, [x.card], "rnd")
        if server == "archives" or not g.can_pay("corp", 4):
            return
        if x.may(Phrase(N_("{card}: pay {n}{credit} to give 1 tag and do {m} {damage}?"), card=str(x.card), n=4,
                        credit="[credit]", m=3, damage=Term("damage", "net"))):  # fmt: skip
            g.pay("corp", 4, str(x.card))
            g.gain_tags(1)
            g.damage("net", 3)

    b.when("access", accessed)


@card("humanoid_resources", paragraphs=(0,), summary="Three clicks and trash it: gain 4 credits, draw 3 cards, "
      "install up to 2 cards from HQ, then the corp may play an operation from HQ.")  # fmt: skip
def _humanoid_resources(b: Builder) -> None:
    def use(x: Exec) -> None:
        g = x.game
        x.do("你获得 4[credit]。")
        x.do("你抽 3 张牌。")
        for _ in range(2):
            if _install_from_hq(x) is None:
                break
        ops = [c for c in g.corp.hand if c.type == "operation" and g.may_play(c) and g.can_pay("corp", g.play_cost(c))]
        chosen = _pick(x, Phrase(N_("play an operation from {zone}"), zone=Term("zone", "hq")), ops, optional=True)
        if chosen is not None:
            g.actions.play_card("corp", chosen)

    b.paid([click(3), trash_self()], use, usable=lambda g, c, w: w == "action")


@card("phat_gioan_baotixita", paragraphs=(0, 1), summary="A power counter when the corp's discard phase ends; the "
      "first time in a turn an agenda is scored or stolen, 1 net damage plus 1 per power counter removed (up to "
      "2).")  # fmt: skip
def _phat_gioan(b: Builder) -> None:
    def first_agenda(x: Exec) -> None:
        g = x.game
        if sum(1 for e in _this_turn(g) if e.kind in ("score", "steal")) != 1:
            return
        have = min(2, x.card.counters.get("power", 0))
        removed = 0
        if have:
            prompt = Phrase(N_("{card}: remove how many power counters"), card=str(x.card))
            removed = _number(x, prompt, 0, have)
            g.add_counters(x.card, "power", -removed)
        g.damage("net", 1 + removed)

    b.when("your_turn_end", lambda x: x.do("在本牌上放置 1 个能量指示物。"))
    b.paragraph(1).when("any_scored", first_agenda).when("any_stolen", first_agenda)


@card("plutus", paragraphs=(0, 1), summary="Rezzing it also costs forfeiting a scored agenda or revealing and "
      "trashing 3 cards of HQ; at the start of the corp's turn it may play a transaction operation from Archives, "
      "which is then removed from the game.")  # fmt: skip
def _plutus(b: Builder) -> None:
    modes = {
        "trash": Phrase(N_("reveal and trash {n} cards from {zone}"), n=3, zone=Term("zone", "hq")),
        "forfeit": Phrase(N_("forfeit 1 agenda")),
    }

    def can(g: NetrunnerGame, c: Card) -> bool:
        return bool(g.corp.score_area) or len(g.corp.hand) >= 3

    def pay(g: NetrunnerGame, c: Card) -> None:
        why = Phrase(N_("the cost of {card}"), card=str(c))
        left = [m for m in modes if (m == "forfeit" and g.corp.score_area) or (m == "trash" and len(g.corp.hand) >= 3)]
        prompt = Phrase(N_("{card}: choose one"), card=str(c))
        mode = g.choose("corp", "target", prompt, left, label=str, text=lambda m: modes[m])
        if mode == "forfeit":
            agenda = g.choose("corp", "target", Phrase(N_("forfeit an agenda to rez {card}"), card=str(c)),
                              list(g.corp.score_area))  # fmt: skip
            g.forfeit(agenda, why)
            return
        prompt = Phrase(N_("reveal and trash a card from {zone}"), zone=Term("zone", "hq"))
        cards = g.choose_many("corp", "target", prompt, list(g.corp.hand), 3)
        g.log.add("reveal", CORP_SEAT, cards=[str(t) for t in cards], zone="hq")
        for target in cards:
            g.trash(target, why, by="corp")

    b.rez_requires(can, pay)
    b.paragraph(1)

    def turn_start(x: Exec) -> None:
        g = x.game
        ops = [
            c
            for c in g.corp.discard
            if c.type == "operation"
            and "transaction" in c.subtypes
            and g.may_play(c)
            and g.can_pay("corp", g.play_cost(c))
        ]
        prompt = Phrase(N_("play a {subtype} operation from {zone}"), subtype=Term("subtypes", "transaction"),
                        zone=Term("zone", "archives"))  # fmt: skip
        chosen = _pick(x, prompt, ops, optional=True)
        if chosen is not None:
            _play_from_archives(x, chosen)

    b.when("your_turn_start", turn_start)


@card("public_access_plaza", paragraphs=(1,), summary="At threat level 2 or more, when the runner trashes it while "
      "it is rezzed, the runner takes 1 tag.")  # fmt: skip
def _public_access_plaza(b: Builder) -> None:
    def trashed(x: Exec) -> None:
        mine = x.event.get("card") is x.card and x.event.get("by") == "runner" and x.event.get("rezzed")
        if mine and _threat(x.game) >= 2:
            x.game.gain_tags(1)

    b.paragraph(1).when("trashed", trashed)


@card("mercia_b4ll4rd", paragraphs=(0,), summary="When the corp's action phase ends it may install a piece of ice "
      "from HQ paying 1 credit less; if it does, this upgrade moves to the root of the server that ice "
      "protects.")  # fmt: skip
def _mercia(b: Builder) -> None:
    def cost(g: NetrunnerGame, ice: Card, server: str) -> int:
        return max(0, g.install_cost(ice, server) - 1)

    def servers(g: NetrunnerGame, ice: Card) -> list[str]:
        return [s for s in g.server_options(ice) if g.can_pay("corp", cost(g, ice, s), "install")]

    def ended(x: Exec) -> None:
        g = x.game
        ice = [c for c in g.corp.hand if c.type == "ice" and g.may_install(c) and servers(g, c)]
        prompt = Phrase(N_("install a piece of ice from {zone}, paying {n}{credit} less"), zone=Term("zone", "hq"),
                        n=1, credit="[credit]")  # fmt: skip
        chosen = _pick(x, prompt, ice, optional=True, kind="install")
        if chosen is None:
            return
        where = g.choose("corp", "server", Phrase(N_("install {card} in"), card=str(chosen)), servers(g, chosen))
        g.pay("corp", cost(g, chosen, where), g.install_reason(chosen, where), "install")
        g.install("corp", chosen, where, pay=False)
        target = g.server_of(chosen)
        if target is None or not g.is_installed(x.card) or x.card in target.root:
            return
        g.trash_from_server(x.card)  # out of its old root (a remote left empty is gone)
        target.root.append(x.card)
        g.log.add("move", CORP_SEAT, card=str(x.card), to=target.name)

    b.when("action_phase_ends", ended)


@card("mitra_aman", paragraphs=(0,), summary="When the runner approaches a piece of ice protecting its server, the "
      "corp may trash it to gain 3 credits, then may swap that ice with a piece of ice from HQ or Archives, which "
      "is installed unrezzed and is the ice the runner meets.")  # fmt: skip
def _mitra_aman(b: Builder) -> None:
    def protecting(x: Exec) -> bool:
        server = x.game.server_of(x.card)
        return server is not None and x.event.get("ice") in server.ice

    def approached(x: Exec) -> None:
        g = x.game
        ice = x.event.get("ice")
        server = g.server_of(x.card)
        if ice is None or server is None:
            return
        if not x.may(Phrase(N_("{card}: trash it to gain {n}{credit}?"), card=str(x.card), n=3, credit="[credit]")):
            return
        if not g.trash(x.card, x.why, by="corp"):
            return
        x.do("你获得 3[credit]。")
        if ice not in server.ice:
            return
        options = [c for c in [*g.corp.hand, *reversed(g.corp.discard)] if c.type == "ice"]
        prompt = Phrase(N_("swap {card} with a piece of ice from HQ or Archives?"), card=str(ice))
        chosen = _pick(x, prompt, options, optional=True, hidden=True)  # (HQ: asked with none, game of two people)
        if chosen is not None:
            _swap_in(x, ice, chosen, server)

    b.when("approach_ice", approached, only=protecting)


def _swap_in(x: Exec, ice: Card, chosen: Card, server: Any) -> None:
    """``chosen`` (from HQ or Archives) takes the place of the installed ``ice``, unrezzed; ``ice`` goes where
    ``chosen`` was (into HQ, or into Archives face up if it was rezzed). Not an install."""
    g = x.game
    zone, name = (g.corp.hand, "hq") if chosen in g.corp.hand else (g.corp.discard, "archives")
    seen_in = str(chosen) if chosen.faceup and name == "archives" else Term("card_type", "card")
    seen_out = str(ice) if ice.rezzed else Term("card_type", "card")
    was_rezzed = ice.rezzed
    for hosted in list(ice.hosted):
        g.trash(hosted, Phrase(N_("its host {card} left play"), card=str(ice)))
    zone.remove(chosen)
    chosen.leave_play()
    chosen.faceup = False
    server.ice[server.ice.index(ice)] = chosen
    g.hide(chosen)
    ice.leave_play()
    ice.faceup = was_rezzed and name == "archives"
    zone.append(ice)
    if name == "archives" and not ice.faceup:
        g.hide(ice)
    place = installed_place(server.name, True)
    g.log.add("move", CORP_SEAT, visible=[CORP_SEAT], card=str(ice), zone=place, to=name, reason=x.why)
    g.log.add("move", CORP_SEAT, visible=[CORP_SEAT], card=str(chosen), zone=name, to=place, reason=x.why)
    g.log.add("move", CORP_SEAT, visible=[RUNNER_SEAT], card=seen_out, zone=place, to=name, reason=x.why)
    g.log.add("move", CORP_SEAT, visible=[RUNNER_SEAT], card=seen_in, zone=name, to=place, reason=x.why)


@card("mahkota_langit_grid", paragraphs=(0, 1, 2, 3), summary="2 recurring credits, refilled when rezzed and as the "
      "corp's turn begins, spent only to rez assets in its root and ice protecting its server; assets in its root "
      "cost 2 credits more to trash (persistent through the run); limit 1 region per server.")  # fmt: skip
def _mahkota_langit_grid(b: Builder) -> None:
    def refill(x: Exec) -> None:
        g = x.game
        if not g.is_installed(x.card) or x.card.credits >= 2:
            return
        added = 2 - x.card.credits
        x.card.credits = 2
        g.log.add("place_credits", CORP_SEAT, card=str(x.card), amount=added, hosted=x.card.credits)

    def spend(g: NetrunnerGame, this: Card, purpose: str | None) -> bool:
        server = g.server_of(this)
        target = g.paying_for
        if purpose != "rez" or server is None or target is None:
            return False
        return (target.type == "asset" and target in server.root) or (target.type == "ice" and target in server.ice)

    def raised(server: str | None) -> Callable[[NetrunnerGame, Card, Card], int]:
        def cost(g: NetrunnerGame, this: Card, c: Card) -> int:
            here = g.server_of(c)
            return 2 if c.type == "asset" and here is not None and here.name == server and c in here.root else 0

        return cost

    def higher(g: NetrunnerGame, this: Card, c: Card) -> int:
        return raised(_server_name(g, this))(g, this, c)

    def accessed(x: Exec) -> None:  # persistent: trashed while accessed, it still raises the costs for this run
        g = x.game
        server = _server_name(g, x.card)
        if server is None or not x.card.rezzed or x.card.notes.get("persists") is g.current_run:
            return
        x.card.notes["persists"] = g.current_run
        grid = x.card

        def gone(gg: NetrunnerGame, this: Card, c: Card) -> int:
            return 0 if gg.is_installed(grid) else raised(server)(gg, this, c)

        x.lasting("trash_cost", gone, until="run")

    b.paragraph(0).when("rezzed", refill, only=lambda x: x.event.get("card") is x.card)
    b.when("your_turn_start", refill)
    b.paragraph(1).spend_hosted(spend)
    b.paragraph(2).trash_cost(higher)
    b.when("access", accessed, only=lambda x: x.event.get("card") is x.card)
    one_region(b.paragraph(3))


# ---------------------------------------------------------------- agendas


@card("aggressive_trendsetting", paragraphs=(0,), summary="The first time in each runner turn the runner trashes "
      "an installed corp card, it spends a click or the corp gets an extra click next turn.")  # fmt: skip
def _aggressive_trendsetting(b: Builder) -> None:
    def trashed(x: Exec) -> None:
        g = x.game
        victim = x.event.get("card")
        if g.active != "runner" or x.event.get("by") != "runner" or victim is None or victim.side != "corp":
            return
        if not x.once_per_turn("trash"):
            return
        prompt = Phrase(N_("{card}: spend {click}, or the corp gets {click} next turn?"), card=str(x.card),
                        click="[click]")  # fmt: skip
        if g.runner.clicks > 0 and x.may(prompt, side="runner"):
            g.spend_clicks("runner", 1, str(x.card))
        else:
            x.card.notes["extra_clicks"] = x.card.notes.get("extra_clicks", 0) + 1

    def turn_start(x: Exec) -> None:
        extra = int(x.card.notes.pop("extra_clicks", 0))
        if extra:
            x.do("你获得 " + "[click]" * extra + "。")

    b.when("trashed", trashed).when("your_turn_start", turn_start)


@card("greenmail", paragraphs=(1,), summary="When the corp forfeits it, the corp gains 4 credits.")
def _greenmail(b: Builder) -> None:
    def forfeited(x: Exec) -> None:
        g = x.game
        last = next((e for e in reversed(list(g.log)) if e.kind == "forfeit" and e.data.get("card") == str(x.card)),
                    None)  # fmt: skip
        if last is not None and last.player == CORP_SEAT:  # forfeited from the corp's score area
            x.do("你获得 4[credit]。")

    b.when("forfeited", forfeited, only=lambda x: x.event.get("card") is x.card)


@card("next_big_thing", paragraphs=(0, 1), summary="When scored or stolen, an agenda counter is placed on it; click "
      "and an agenda counter from it, in either score area: the corp draws 4 cards, then shuffles any cards it "
      "chooses from HQ into R&D.")  # fmt: skip
def _next_big_thing(b: Builder) -> None:
    b.when("agenda_scored", lambda x: x.do("在本牌上放置 1 个议案指示物。"))
    b.when("agenda_stolen", lambda x: x.do("在本牌上放置 1 个议案指示物。"))

    def use(x: Exec) -> None:
        g = x.game
        g.draw("corp", 4)
        prompt = Phrase(N_("shuffle a card from {zone} into {deck}"), zone=Term("zone", "hq"), deck=Term("zone", "rnd"))
        moved = 0
        while not g.over:
            chosen = _pick(x, prompt, list(g.corp.hand), optional=True)
            if chosen is None:
                break
            g.corp.hand.remove(chosen)
            g.corp.deck.append(chosen)
            moved += 1
            g.log.add("move", CORP_SEAT, visible=[CORP_SEAT], card=str(chosen), zone="hq", to="rnd")
        g.log.add("move", CORP_SEAT, cards=moved, zone="hq", to="rnd")
        g.rng.shuffle(g.corp.deck)
        g.log.add("shuffle", CORP_SEAT, zone="rnd")

    def usable(g: NetrunnerGame, c: Card, window: str) -> bool:
        return window == "action"

    b.paragraph(1).paid([click(), counters("agenda", 1)], use, usable=usable)  # in the corp's score area
    b.paid([click(), counters("agenda", 1)], use, usable=usable, zone="stolen")  # in the runner's


@card("embedded_reporting", paragraphs=(0, 1), summary="Dividends 2; when the corp's discard phase ends it may "
      "remove an agenda counter to search R&D for an operation and put it on top of R&D after the shuffle.")  # fmt: skip
def _embedded_reporting(b: Builder) -> None:
    _dividends(b, 2)

    def search(x: Exec) -> None:
        g = x.game
        deck = g.corp.deck
        ops = [c for c in reversed(deck) if c.type == "operation"]
        prompt = Phrase(N_("search the {zone} for an {type}"), zone=Term("zone", "rnd"), type=Term("card_type", "operation"))
        found = _pick(x, prompt, ops, optional=False, kind="search")
        if found is not None:
            deck.remove(found)
            _reveal(x, [found], "rnd")
        g.rng.shuffle(deck)
        g.log.add("shuffle", CORP_SEAT, zone="rnd")
        if found is not None:
            deck.append(found)
            g.log.add("move", CORP_SEAT, card=str(found), zone="rnd")

    what = Phrase(N_("search {zone} for an {type}"), zone=Term("zone", "rnd"), type=Term("card_type", "operation"))
    _spend_counter_at_discard_end(b.paragraph(1), what, search, lambda g: bool(g.corp.deck))


@card("off_the_books", paragraphs=(0, 1), summary="Dividends 1; when the corp's discard phase ends it may remove "
      "an agenda counter to search R&D for a card, then install it for free or add it to HQ.")  # fmt: skip
def _off_the_books(b: Builder) -> None:
    _dividends(b, 1)

    def search(x: Exec) -> None:
        g = x.game
        deck = g.corp.deck
        prompt = Phrase(N_("search {zone} for a card"), zone=Term("zone", "rnd"))
        found = _pick(x, prompt, list(reversed(deck)), optional=False, kind="search")
        if found is not None:
            deck.remove(found)
            _reveal(x, [found], "rnd")
        g.rng.shuffle(deck)
        g.log.add("shuffle", CORP_SEAT, zone="rnd")
        if found is None:
            return
        if found.type in INSTALLABLE and g.may_install(found) and x.may(
            Phrase(N_("install {card}, ignoring all costs?"), card=str(found))
        ):
            g.install("corp", found, pay=False)
        else:
            g.corp.hand.append(found)
            g.log.add("move", CORP_SEAT, card=str(found), zone="hq")

    what = Phrase(N_("search {zone} for a card"), zone=Term("zone", "rnd"))
    _spend_counter_at_discard_end(b.paragraph(1), what, search, lambda g: bool(g.corp.deck))


@card("project_ingatan", paragraphs=(0, 1), summary="Dividends 1; when the corp's discard phase ends it may "
      "remove an agenda counter to install a card from Archives for free.")  # fmt: skip
def _project_ingatan(b: Builder) -> None:
    _dividends(b, 1)

    def install(x: Exec) -> None:
        g = x.game
        options = _installable(g, g.corp.discard, pay=False)
        prompt = Phrase(N_("install a card from {zone}"), zone=Term("zone", "archives"))
        chosen = _pick(x, prompt, options, optional=False, kind="install")
        if chosen is not None:
            _install_from_zone(x, chosen, g.corp.discard, pay=False)

    what = Phrase(N_("install a card from {zone}"), zone=Term("zone", "archives"))
    _spend_counter_at_discard_end(b.paragraph(1), what, install,
                                  lambda g: bool(_installable(g, g.corp.discard, pay=False)))  # fmt: skip


@card("sericulture_expansion", paragraphs=(0, 1), summary="Dividends 1; when the corp's discard phase ends it may "
      "remove an agenda counter to place 2 advancement counters on an installed card.")  # fmt: skip
def _sericulture_expansion(b: Builder) -> None:
    _dividends(b, 1)

    def advance(x: Exec) -> None:
        chosen = _pick(x, Phrase(N_("place advancement counters on")), x.game.installed("corp"), optional=False)
        if chosen is not None:
            x.game.place_advancement(chosen, 2)

    what = Phrase(N_("place {n} advancement counters on an installed card"), n=2)
    _spend_counter_at_discard_end(b.paragraph(1), what, advance, lambda g: bool(g.installed("corp")))


@card("proprionegation", paragraphs=(1,), summary="An agenda counter from it, during a run: the runner moves to the "
      "outermost position of Archives (and approaches any ice there).")  # fmt: skip
def _proprionegation(b: Builder) -> None:
    def use(x: Exec) -> None:
        x.move_run("archives")

    def usable(g: NetrunnerGame, c: Card, window: str) -> bool:
        run = g.current_run
        return window == "run" and run is not None and not run.ended and run.encounter is None

    b.paragraph(1).paid([counters("agenda", 1)], use, usable=usable)


# ---------------------------------------------------------------- operations


@card("bigger_picture", paragraphs=(0, 1), summary="Playable while the runner is tagged: give 1 tag, or remove "
      "any number of tags, the runner losing 5 credits for each and the corp gaining what it lost.")  # fmt: skip
def _bigger_picture(b: Builder) -> None:
    modes = {
        "tag": Phrase(N_("give the runner 1 tag")),
        "remove": Phrase(N_("remove tags: the runner loses {n}{credit} for each"), n=5, credit="[credit]"),
    }

    def play(x: Exec) -> None:
        g = x.game
        prompt = Phrase(N_("{card}: choose one"), card=str(x.card))
        mode = g.choose("corp", "target", prompt, list(modes), label=str, text=lambda m: modes[m])
        if mode == "tag":
            g.gain_tags(1)
            return
        n = _number(x, Phrase(N_("remove how many tags")), 0, g.runner.tags)
        removed = g.remove_tags(n)
        lost = g.lose_credits("runner", 5 * removed)
        if lost:
            g.gain_credits("corp", lost, str(x.card))

    b.may_play(lambda g, c: g.runner.tags > 0)
    b.paragraph(1).play(play)


@card("ip_enforcement", paragraphs=(0, 1), summary="Remove X tags as an extra cost: install an agenda worth X "
      "points from the runner's score area, with an advancement counter if the runner is still tagged.")  # fmt: skip
def _ip_enforcement(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        n = _number(x, Phrase(N_("remove how many tags")), 0, g.runner.tags)
        g.remove_tags(n)
        agendas = [c for c in g.runner.score_area if int(c.record.agenda_points or 0) == n]
        prompt = Phrase(Nn_("install an agenda of {n} point from the runner's score area",
                            "install an agenda of {n} points from the runner's score area"), n=n)  # fmt: skip
        chosen = _pick(x, prompt, agendas, optional=False, kind="install")
        if chosen is None:
            return
        g.runner.score_area.remove(chosen)
        chosen.leave_play()
        chosen.faceup = False
        g.install("corp", chosen, pay=False)
        if g.runner.tags > 0:
            g.place_advancement(chosen, 1)

    b.play(play)


@card("key_performance_indicators", paragraphs=(0,), summary="Two different of: draw a card and shuffle one from "
      "HQ into R&D; install ice from HQ for free; place an advancement counter; gain 2 credits.")  # fmt: skip
def _key_performance_indicators(b: Builder) -> None:
    modes = {
        "draw": Phrase(N_("draw 1 card and shuffle 1 card from HQ into R&D")),
        "ice": Phrase(N_("install 1 piece of ice from HQ, ignoring all costs")),
        "advance": Phrase(N_("place 1 advancement counter on an installed card you can advance")),
        "credits": Phrase(N_("gain {n}{credit}"), n=2, credit="[credit]"),
    }

    def resolve(x: Exec, mode: str) -> None:
        g = x.game
        if mode == "draw":
            x.do("你抽 1 张牌。")
            back = _pick(x, Phrase(N_("shuffle a card from HQ into R&D")), list(g.corp.hand), optional=False)
            if back is not None:
                g.corp.hand.remove(back)
                g.corp.deck.append(back)
                g.rng.shuffle(g.corp.deck)
                g.log.add("shuffle", CORP_SEAT, zone="rnd", cards=1)
        elif mode == "ice":
            ice = [c for c in g.corp.hand if c.type == "ice" and g.may_install(c)]
            chosen = _pick(x, Phrase(N_("install an {type}"), type=Term("card_type", "ice")), ice, optional=False,
                           kind="install")  # fmt: skip
            if chosen is not None:
                g.install("corp", chosen, pay=False)
        elif mode == "advance":
            chosen = _pick(x, Phrase(N_("place advancement counters on")), _advanceable(g), optional=False)
            if chosen is not None:
                g.place_advancement(chosen, 1)
        else:
            x.do("你获得 2[credit]。")

    def able(g: NetrunnerGame, mode: str) -> bool:
        """Whether ``mode`` can change the game now: a card in R&D to draw, ice in HQ that may be installed, a card
        that can be advanced (gaining credits always can); only those are offered."""
        if mode == "draw":
            return bool(g.corp.deck)
        if mode == "ice":
            return any(c.type == "ice" and g.may_install(c) for c in g.corp.hand)
        if mode == "advance":
            return bool(_advanceable(g))
        return True

    def play(x: Exec) -> None:
        g = x.game
        done: list[str] = []
        for _ in range(2):
            left = [m for m in modes if m not in done and able(g, m)]
            if not left or g.over:
                return
            prompt = Phrase(N_("{card}: choose one"), card=str(x.card))
            mode = g.choose("corp", "target", prompt, left, label=str, text=lambda m: modes[m])
            done.append(mode)
            resolve(x, mode)

    b.play(play)


@card("measured_response", paragraphs=(0, 1), summary="Playable at threat level 4 or more after a successful run "
      "in the runner's last turn: 4 meat damage unless the runner pays 8 credits.")  # fmt: skip
def _measured_response(b: Builder) -> None:
    def ran_last_turn(g: NetrunnerGame) -> bool:
        last = g.turns - 1 if g.active == "corp" else g.turns - 2
        return any(turn == last and ok for turn, _, ok in g.run_history)

    b.may_play(lambda g, c: _threat(g) >= 4 and ran_last_turn(g))
    refuse = Phrase(N_("take {n} {damage}"), n=4, damage=Term("damage", "meat"))
    b.paragraph(1).play(lambda x: _unless_runner_pays(x, 8, refuse, lambda: x.game.damage("meat", 4)))


@card("peer_review", paragraphs=(0, 1), summary="Reveal all but one card of HQ; gain 7 credits; the corp may "
      "install a card from HQ in the root of a remote server.")  # fmt: skip
def _peer_review(b: Builder) -> None:
    def reveal(x: Exec) -> None:
        hand = list(x.game.corp.hand)
        if len(hand) < 2:
            return
        hidden = _pick(x, Phrase(N_("keep which card of {zone} unrevealed"), zone=Term("zone", "hq")), hand,
                       optional=False)  # fmt: skip
        _reveal(x, [c for c in hand if c is not hidden], "hq")

    def gain_and_install(x: Exec) -> None:
        g = x.game
        x.do("你获得 7[credit]。")

        def remotes(c: Card) -> list[str]:
            return [
                s
                for s in g.server_options(c)
                if (s == "new remote" or g.servers[s].remote) and g.can_pay("corp", g.install_cost(c, s), "install")
            ]

        options = [c for c in g.corp.hand if c.type in ("asset", "upgrade", "agenda") and g.may_install(c) and remotes(c)]
        prompt = Phrase(N_("install a card from {zone} in a remote server"), zone=Term("zone", "hq"))
        chosen = _pick(x, prompt, options, optional=True, kind="install")
        if chosen is None:
            return
        server = g.choose("corp", "server", Phrase(N_("install {card} in"), card=str(chosen)), remotes(chosen))
        g.install("corp", chosen, server)

    b.play(reveal)
    b.paragraph(1).play(gain_and_install)


@card("petty_cash", paragraphs=(0, 1, 2), summary="Playable only before the corp has finished an action this turn; "
      "gain 5 credits, and a click too when played from elsewhere than HQ; click: play it from Archives, then "
      "remove it from the game.")  # fmt: skip
def _petty_cash(b: Builder) -> None:
    def first_action(g: NetrunnerGame, c: Card) -> bool:
        spent = sum(
            1
            for e in _this_turn(g)
            if e.kind == "clicks" and e.player == CORP_SEAT and "reason" in e.data and e.data.get("amount", 0) < 0
        )
        return spent - (1 if _playing_now(g) else 0) <= 0

    def play(x: Exec) -> None:
        x.do("你获得 5[credit]。")
        if x.card.notes.get("played_from", "hq") != "hq":
            x.do("你获得 [click]。")

    def from_archives(x: Exec) -> None:
        _play_from_archives(x, x.card)

    def usable(g: NetrunnerGame, c: Card, window: str) -> bool:
        spent = any(e.kind == "clicks" and e.player == CORP_SEAT and "reason" in e.data and e.data.get("amount", 0) < 0
                    for e in _this_turn(g))  # fmt: skip
        return window == "action" and not spent and g.may_play(c) and g.can_pay("corp", g.play_cost(c))

    b.may_play(first_action)
    b.paragraph(1).play(play)
    b.paragraph(2).paid([click()], from_archives, usable=usable, zone="discard")


@card("top_down_solutions", paragraphs=(0,), summary="Draw 2 cards, then install up to 2 cards from HQ, one at a "
      "time.")  # fmt: skip
def _top_down_solutions(b: Builder) -> None:
    def play(x: Exec) -> None:
        x.do("你抽 2 张牌。")
        for _ in range(2):
            if _install_from_hq(x) is None:
                break

    b.play(play)


@card("touch_ups", paragraphs=(0, 1), summary="Costs a click more; place 2 advancement counters on a card the corp "
      "can advance, then it names a card type, sees the grip and shuffles up to 2 cards of that type into the "
      "stack.")  # fmt: skip
def _touch_ups(b: Builder) -> None:
    def extra_click(g: NetrunnerGame, c: Card) -> bool:
        return g.corp.clicks >= 2 or (g.corp.clicks >= 1 and _playing_now(g))

    def play(x: Exec) -> None:
        g = x.game
        g.spend_clicks("corp", 1, str(x.card))
        target = _pick(x, Phrase(N_("place advancement counters on")), _advanceable(g), optional=False)
        if target is None:
            return
        g.place_advancement(target, 2)
        prompt = Phrase(N_("{card}: choose a card type"), card=str(x.card))
        kind = g.choose("corp", "target", prompt, list(RUNNER_CARD_TYPES), label=str, text=lambda t: Term("type", t))
        grip = list(g.runner.hand)
        if grip:
            _reveal(x, grip, "grip")
        chosen: list[Card] = []
        for _ in range(2):
            left = [c for c in grip if c.type == kind and c not in chosen]
            pick = _pick(x, Phrase(N_("shuffle a card from {zone} into {deck}"), zone=Term("zone", "grip"),
                                   deck=Term("zone", "stack")), left, optional=True)  # fmt: skip
            if pick is None:
                break
            chosen.append(pick)
        for c in chosen:
            g.runner.hand.remove(c)
            g.runner.deck.append(c)
        if chosen:
            g.rng.shuffle(g.runner.deck)
            g.log.add("shuffle", SEATS["runner"], zone="stack", cards=len(chosen))

    b.may_play(extra_click)
    b.paragraph(1).play(play)


# ---------------------------------------------------------------- identities


@card("leo_construction_labor_solutions", paragraphs=(0,), summary="Once per turn, during a run: trash a rezzed "
      "bioroid card in the root of or protecting the attacked server to end the run.")  # fmt: skip
def _leo_construction(b: Builder) -> None:
    def bioroids(g: NetrunnerGame) -> list[Card]:
        run = g.current_run
        if run is None or run.ended or run.server not in g.servers:
            return []
        server = g.servers[run.server]
        return [c for c in server.ice + server.root if c.rezzed and "bioroid" in c.subtypes]

    def use(x: Exec) -> None:
        g = x.game
        victim = _pick(x, Phrase(N_("trash a {type}"), type=Term("subtypes", "bioroid")), bioroids(g), optional=False)
        if victim is None:
            return
        g.trash(victim, Phrase(N_("the cost of {card}"), card=str(x.card)), by="corp")
        g.end_run(str(x.card))

    b.paid([], use, once_per_turn=True, usable=lambda g, c, w: w == "run" and bool(bioroids(g)))


@card("poetri_luxury_brands_all_the_rage", paragraphs=(0, 1), summary="When the corp scores, it may install a "
      "card that is not an agenda from the top 3 of R&D; when an agenda is stolen, one from HQ.")  # fmt: skip
def _poetri(b: Builder) -> None:
    def scored(x: Exec) -> None:
        g = x.game
        top = list(reversed(g.corp.deck[-3:]))
        options = [c for c in _installable(g, top, pay=True) if c.type != "agenda"]
        prompt = Phrase(N_("install a card from the top 3 of {zone}"), zone=Term("zone", "rnd"))
        chosen = _pick(x, prompt, options, optional=True, kind="install")
        if chosen is not None:
            _install_from_zone(x, chosen, g.corp.deck, pay=True)

    def stolen(x: Exec) -> None:
        _install_from_hq(x, types=("ice", "asset", "upgrade"))

    b.when("any_scored", scored)
    b.paragraph(1).when("any_stolen", stolen)


@card("pt_untaian_lifes_building_blocks", paragraphs=(0,), summary="When the corp's discard phase ends with 3 cards "
      "or fewer in HQ, it may pay 1 credit to place an advancement counter on an unrezzed card it can "
      "advance.")  # fmt: skip
def _pt_untaian(b: Builder) -> None:
    def ended(x: Exec) -> None:
        g = x.game
        targets = [c for c in _advanceable(g) if not c.rezzed]
        if len(g.corp.hand) > 3 or not targets or not g.can_pay("corp", 1):
            return
        if not x.may(Phrase(N_("{card}: pay {n}{credit} to place 1 advancement counter?"), card=str(x.card), n=1,
                            credit="[credit]")):  # fmt: skip
            return
        g.pay("corp", 1, str(x.card))
        chosen = _pick(x, Phrase(N_("place advancement counters on")), targets, optional=False)
        if chosen is not None:
            g.place_advancement(chosen, 1)

    b.when("your_turn_end", ended)


@card("synapse_global_faster_than_thought", paragraphs=(0, 1), summary="The first time in a turn a tag is removed, "
      "the corp may reveal and install a card from HQ, ignoring all costs; click and remove a tag from the runner: "
      "gain 2 credits.")  # fmt: skip
def _synapse_global(b: Builder) -> None:
    def removed(x: Exec) -> None:
        g = x.game
        if not x.once_per_turn("tag_removed"):
            return
        options = _installable(g, g.corp.hand, pay=False)
        prompt = Phrase(N_("reveal and install a card from {zone}, ignoring all costs"), zone=Term("zone", "hq"))
        chosen = _pick(x, prompt, options, optional=True, kind="install")
        if chosen is None:
            return
        _reveal(x, [chosen], "hq")
        g.install("corp", chosen, pay=False)

    b.when("tags_removed", removed)
    b.paragraph(1)

    def use(x: Exec) -> None:
        x.game.remove_tags(1)
        x.do("你获得 2[credit]。")

    b.paid([click()], use, usable=lambda g, c, w: w == "action" and g.runner.tags > 0)


_ACTING = ("use", "trigger", "subroutine", "play", "action")  # log kinds that say which side's card or action acts
_TRASHING = ("trashed", "trashed_facedown", "discarded", "discarded_facedown", "trigger")  # what trashing one more card of a batch logs


def _acting_side(g: NetrunnerGame) -> Side | None:
    """The side whose ability, action or card is resolving now, as the log's last such event says (for an event
    that does not say who caused it)."""
    for event in reversed(list(g.log)):
        if event.kind in _ACTING and event.player in SIDE_OF_SEAT:
            return SIDE_OF_SEAT[event.player]
    return None


@card("au_co_the_gold_standard_in_clones", paragraphs=(0, 1), summary="A power counter on it whenever the corp does "
      "damage, or trashes one or more cards from HQ at once; as its turn begins, the corp may remove 2 of them to "
      "look at the top 3 cards of R&D, trash 1 and add the others to HQ.")  # fmt: skip
def _au_co(b: Builder) -> None:
    def by_corp(x: Exec) -> bool:
        return (x.event.get("by") or _acting_side(x.game)) == "corp"

    def from_hq(x: Exec) -> bool:
        gone = x.event.get("card")
        return gone is not None and gone.side == "corp" and x.event.get("zone") == "hand" and by_corp(x)

    def damage(x: Exec) -> None:
        x.game.add_counters(x.card, "power", 1)

    def trashed(x: Exec) -> None:
        g = x.game
        since = x.card.notes.get("hq_trash")
        if isinstance(since, int) and all(e.kind in _TRASHING for e in list(g.log)[since:]):
            return  # another card of the same trash: one counter for all of them
        g.add_counters(x.card, "power", 1)
        x.card.notes["hq_trash"] = len(g.log)

    def turn_start(x: Exec) -> None:
        g = x.game
        if x.card.counters.get("power", 0) < 2 or not g.corp.deck:
            return
        prompt = Phrase(N_("{card}: remove {n} power counters to look at the top {m} cards of {zone}?"),
                        card=str(x.card), n=2, m=3, zone=Term("zone", "rnd"))  # fmt: skip
        if not x.may(prompt):
            return
        g.add_counters(x.card, "power", -2)
        top = list(reversed(g.corp.deck[-3:]))
        g.log.add("look", CORP_SEAT, visible=[CORP_SEAT], cards=[str(c) for c in top], zone="rnd")
        doomed = _pick(x, Phrase(N_("trash one of them")), top, optional=False)
        if doomed is not None:
            top.remove(doomed)
            g.trash(doomed, Phrase(N_("the text of {card}"), card=str(x.card)), by="corp")
        for kept in top:
            if kept in g.corp.deck:
                g.corp.deck.remove(kept)
                g.corp.hand.append(kept)
                g.log.add("move", CORP_SEAT, visible=[CORP_SEAT], card=str(kept), zone="rnd", to="hq")
        g.log.add("move", CORP_SEAT, cards=len(top), zone="rnd", to="hq")

    b.when("damage_done", damage, only=by_corp)
    b.when("trashed", trashed, only=from_hq)
    b.paragraph(1).when("your_turn_start", turn_start)


@card("the_zwicky_group_invisible_hands", paragraphs=(0,), summary="The first time in a turn the corp gains credits "
      "through an ability of an agenda or an operation, it may draw 1 card.")  # fmt: skip
def _zwicky_group(b: Builder) -> None:
    def through(x: Exec) -> bool:
        source = x.event.get("source")
        return x.event.get("side") == "corp" and source is not None and source.type in ("agenda", "operation")

    def gained(x: Exec) -> None:
        if x.once_per_turn("gain") and x.may(Phrase(N_("{card}: draw 1 card?"), card=str(x.card))):
            x.do("你抽 1 张牌。")

    b.when("credits_gained", gained, only=through)
