"""Card scripts of System Update 2021: the corp cards and corp identities.

Frames several cards share: a choice that may be declined (:func:`_pick`), "lose [click]: break 1
subroutine on this ice, the runner only" (:func:`_click_breaks`), "limit 1 region per server"
(:func:`_one_region`), a double operation's extra click (:func:`_double`), "forfeit 1 agenda" as an
additional cost to rez (:func:`_forfeit_to_rez`), and what the log keeps of a card
that has left its server: its advancement counters when an agenda is scored (:func:`_scored_advancement`)
and whether it was rezzed when it was trashed (:func:`_was_rezzed`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from toolkit.engine.phrase import Phrase, Term
from toolkit.i18n.words import N_
from toolkit.text.render import render

from ..decisions import Option
from ..state import SEATS, Context, Sub
from . import Builder, Exec, ask_none, card, click, counters, load, this_card, trash_self

if TYPE_CHECKING:
    from ..game import NetrunnerGame
    from ..state import Card

CORP = SEATS["corp"]
RUNNER = SEATS["runner"]


# ---------------------------------------------------------------- frames


def _pick(x: Exec, prompt: str, cards: Iterable[Card], side: Any = None, hidden: bool = False) -> Card | None:
    """One of ``cards``, or None when the chooser answers ``done`` (or there is nothing to choose; ``hidden``: cards
    the other side cannot see, then asked all the same in a game of two people: :func:`ask_none`)."""
    values = list(cards)
    if not values:
        ask_none(x.game, side or x.side, "target", prompt, hidden)
        return None
    options = [Option(c.ref, Phrase(N_("{card} ({type})"), card=str(c), type=Term("type", c.type)), c) for c in values]
    options.append(Option("done", Phrase(N_("done")), None))
    chosen: Card | None = x.game.ask(side or x.side, "target", prompt, options).value
    return chosen


def _by_corp() -> Phrase:
    return Phrase(N_("trashed by the {side}"), side=Term("side", "corp"))


def _click_breaks(b: Builder) -> Builder:
    """"Lose [click]: break 1 subroutine on this ice", which only the runner may use: offered to the runner as
    the encounter begins, one subroutine at a time, while it has a click and an unbroken subroutine."""

    def offer(x: Exec) -> None:
        g, run = x.game, x.run
        if x.event.get("ice") is not x.card or run is None or run.encounter is None:
            return
        enc = run.encounter
        while not g.over and not run.ended and g.runner.clicks > 0:
            unbroken = [s for s in enc.subs if not s.broken]
            if not unbroken:
                return
            ask = Phrase(N_("lose {click} to break a subroutine of {ice}?"), click="[click]", ice=str(x.card))
            if not x.may(ask, side="runner"):
                return
            prompt = Phrase(N_("break a subroutine of {ice}"), ice=str(x.card))
            sub = g.choose("runner", "subroutine", prompt, unbroken, label=lambda s: f"sub:{s.index}")
            x.do("潜袭者失去 [click]。")
            sub.broken = True
            g.log.add("break", RUNNER, ice=str(x.card), index=sub.index, by=Term("side", "runner"),
                      text=render(sub.ability))  # fmt: skip

    return b.when("encounter", offer)


def _one_region(b: Builder) -> Builder:
    """"Limit 1 region per server": installing this region trashes any other region of the same server."""

    def installed(x: Exec) -> None:
        g = x.game
        server = g.server_of(x.card)
        if x.event.get("card") is not x.card or server is None:
            return
        for old in [c for c in server.root if c is not x.card and "region" in c.subtypes]:
            g.trash(old, Phrase(N_("only 1 region per server")), by="corp")

    return b.when("installed", installed)


def _last_event(g: NetrunnerGame) -> Any:
    events = list(g.log)
    return events[-1] if events else None


def _double(b: Builder) -> Builder:
    """"As an additional cost to play this operation, spend [click]": playable with a click beyond the play
    action's own (which is spent already when the engine asks again, just before the card resolves)."""

    def may_play(g: NetrunnerGame, c: Card) -> bool:
        last = _last_event(g)
        playing = last is not None and last.kind == "action" and last.data.get("action") == "corp_play"
        return g.corp.clicks >= (1 if playing else 2)

    def spend(x: Exec) -> None:
        x.game.spend_clicks("corp", 1, Phrase(N_("the additional cost of {card}"), card=str(x.card)))

    return b.may_play(may_play).play(spend)


def _scored_advancement(x: Exec) -> int:
    """How many advancement counters the agenda of a scoring trigger had. The engine clears them when the agenda
    leaves its server, before the trigger fires; the log's last count of them since it was installed says."""
    if "advancement" in x.event:
        return int(x.event["advancement"])
    name = str(x.card)
    for e in reversed(list(x.game.log)):
        if e.data.get("card") != name:
            continue
        if e.kind == "counter" and e.data.get("kind") == "advancement":
            return int(e.data.get("total") or 0)
        if e.kind == "install":
            return 0
    return 0


def _was_rezzed(g: NetrunnerGame, c: Card) -> bool:
    """Whether ``c``, just trashed from a server, was rezzed there: the log's last rez or install of it says;
    a card laid out by a scenario has neither, and its face in Archives tells."""
    name = str(c)
    for e in reversed(list(g.log)):
        if e.data.get("card") != name:
            continue
        if e.kind == "rez":
            return True
        if e.kind == "install":
            return False
    return c.faceup


def _events_this_turn(g: NetrunnerGame, kind: str) -> list[dict[str, Any]]:
    events = list(g.log)
    starts = [i for i, e in enumerate(events) if e.kind == "turn_start"]
    since = events[starts[-1] + 1 :] if starts else events
    return [e.data for e in since if e.kind == kind]


def _to_hq(x: Exec, chosen: Card) -> None:
    """A card of Archives into HQ: everyone sees which when it was face up, the corp only otherwise."""
    g = x.game
    seen: Any = "all" if chosen.faceup else [CORP]
    g.corp.discard.remove(chosen)
    chosen.faceup = False
    g.corp.hand.append(chosen)
    told = g.log.add("move", CORP, visible=seen, card=str(chosen), zone="archives", to="hq")
    if seen != "all":
        g.apart(told, g.log.add("move_facedown", CORP, cards=1, zone="archives", to="hq"))


def _archives_to_hq(x: Exec) -> None:
    g = x.game
    if not g.corp.discard:
        g.log.add("move_failed", CORP, reason=Phrase(N_("Archives is empty")))
        return
    prompt = Phrase(N_("add a card from Archives to HQ"))
    chosen = g.choose("corp", "target", prompt, list(reversed(g.corp.discard)))
    _to_hq(x, chosen)


def _shuffle_rnd(g: NetrunnerGame) -> None:
    g.rng.shuffle(g.corp.deck)
    g.log.add("shuffle", CORP, zone="rnd")


def _run_key(g: NetrunnerGame) -> str:
    """The run in progress, told apart from every other run of the game."""
    return f"{g.turns}/{len(g.run_history)}"


def _end_unless_paid(x: Exec, amount: int) -> None:
    """The run ends unless the runner pays ``amount`` (its choice, when it can pay)."""
    g = x.game
    prompt = Phrase(N_("{card}: pay {n}{credit} or the run ends"), card=str(x.card), n=amount, credit="[credit]")
    texts = (Phrase(N_("pay {n}{credit}"), n=amount, credit="[credit]"), Phrase(N_("end the run")))
    if g.can_pay("runner", amount) and g.confirm("runner", "optional", prompt, yes="pay", no="end_run", texts=texts):
        g.pay("runner", amount, str(x.card))
    else:
        g.end_run(str(x.card))


def _forfeit_to_rez(b: Builder) -> Builder:
    """"As an additional cost to rez this card, forfeit 1 agenda": rezzed only while the corp has a scored agenda,
    and the rez forfeits the one it chooses."""

    def pay(g: NetrunnerGame, c: Card) -> None:
        prompt = Phrase(N_("forfeit an agenda to rez {card}"), card=str(c))
        agenda = g.choose("corp", "target", prompt, list(g.corp.score_area))
        g.forfeit(agenda, Phrase(N_("the cost of {card}"), card=str(c)))

    return b.rez_requires(lambda g, c: bool(g.corp.score_area), pay)


# ---------------------------------------------------------------- ice


@card("ice_wall", paragraphs=(0,), summary="Can be advanced; +1 strength for each advancement counter on it.")
def _ice_wall(b: Builder) -> None:
    b.text("本牌可以被推进。")
    b.strength(lambda g, c: c.advancement)


@card("wraparound", paragraphs=(0,), summary="+7 strength while the runner has no fracter program installed.")
def _wraparound(b: Builder) -> None:
    def bonus(g: NetrunnerGame, c: Card) -> int:
        fracters = [p for p in g.runner.rig if p.type == "program" and "fracter" in p.subtypes]
        return 0 if fracters else 7

    b.strength(bonus)


@card("lotus_field", paragraphs=(0,), summary="Nothing lowers its strength.")
def _lotus_field(b: Builder) -> None:
    # what lowers a piece of ice's strength (a runner card's script) lowers its strength bonus: undo that part
    b.strength(lambda g, c: max(0, -c.strength_bonus))


@card("pop_up_window", paragraphs=(0, 1), summary="When encountered, the corp gains 1 credit; subroutine: the run "
      "ends unless the runner pays 1 credit.")  # fmt: skip
def _pop_up_window(b: Builder) -> None:
    def encountered(x: Exec) -> None:
        if x.event.get("ice") is x.card:
            x.do("你获得 1[credit]。")

    b.when("encounter", encountered)
    b.paragraph(1).subroutine(lambda x: _end_unless_paid(x, 1))


@card("tollbooth", paragraphs=(0,), summary="When encountered, the runner must pay 3 credits if it can; if it "
      "cannot, the run ends.")  # fmt: skip
def _tollbooth(b: Builder) -> None:
    def toll(x: Exec) -> None:
        g = x.game
        if x.event.get("ice") is not x.card:
            return
        if g.can_pay("runner", 3):
            g.pay("runner", 3, str(x.card))
        else:
            g.end_run(str(x.card))

    b.when("encounter", toll)


@card("eli_1_0", paragraphs=(0,), summary="The runner may lose a click to break one of its subroutines.")
def _eli(b: Builder) -> None:
    _click_breaks(b)


@card("ravana_1_0", paragraphs=(0, 1, 2), summary="The runner may lose a click to break one of its subroutines; "
      "each subroutine resolves a subroutine of another rezzed bioroid piece of ice.")  # fmt: skip
def _ravana(b: Builder) -> None:
    _click_breaks(b)

    def borrow(x: Exec) -> None:
        g = x.game
        others = [
            c for c in g.installed("corp") if c is not x.card and c.type == "ice" and c.rezzed and "bioroid" in c.subtypes
        ]
        if not others:
            g.log.add("subroutine_failed", CORP, reason=Phrase(N_("no other rezzed bioroid ice")))
            return
        ice = x.choose(Phrase(N_("resolve a subroutine of which bioroid ice")), others)
        subs = [Sub(i, a) for i, a in enumerate((a for a in g.abilities(ice) if a.kind == "subroutine"), start=1)]
        if not subs:
            return
        prompt = Phrase(N_("resolve which subroutine of {ice}"), ice=str(ice))
        sub = g.choose("corp", "subroutine", prompt, subs, label=lambda s: f"sub:{s.index}")
        g.log.add("subroutine", CORP, ice=str(ice), index=sub.index, text=render(sub.ability))
        g.execute(sub.ability, Context("corp", ice, x.ctx.run, encounter=x.ctx.encounter), pay=False)

    b.paragraph(1).subroutine(borrow)
    b.paragraph(2).subroutine(borrow)


def _ai(g: NetrunnerGame, breaker: Card) -> bool:
    return "ai" in breaker.subtypes


@card("swordsman", paragraphs=(0, 1), summary="AI programs cannot break its subroutines; first subroutine: the corp "
      "trashes an installed AI program.")  # fmt: skip
def _swordsman(b: Builder) -> None:
    b.unbreakable(lambda g, ice, breaker: _ai(g, breaker))

    def sub(x: Exec) -> None:
        g = x.game
        programs = [c for c in g.runner.rig if c.type == "program" and "ai" in c.subtypes]
        if not programs:
            g.log.add("trash_failed", CORP, reason=Phrase(N_("no AI program is installed")))
            return
        g.trash(x.choose(Phrase(N_("trash an AI program")), programs), _by_corp(), by="corp")

    b.paragraph(1).subroutine(sub)


@card("hortum", paragraphs=(0, 1, 2), summary="Can be advanced, and with 3 or more advancement counters AI programs "
      "cannot break its subroutines; subroutines: gain 1 credit (4 with 3 or more counters); end the run (with 3 "
      "or more, first search R&D for up to 2 cards into HQ).")  # fmt: skip
def _hortum(b: Builder) -> None:
    b.text("本牌可以被推进。")
    b.unbreakable(lambda g, ice, breaker: ice.advancement >= 3 and _ai(g, breaker))

    def gain(x: Exec) -> None:
        x.do("你获得 4[credit]。" if x.card.advancement >= 3 else "你获得 1[credit]。")

    def end(x: Exec) -> None:
        g = x.game
        if x.card.advancement >= 3:
            found: list[Card] = []
            while len(found) < 2:
                left = [c for c in reversed(g.corp.deck) if c not in found]
                prompt = Phrase(N_("search R&D for a card to add to HQ ({n}/{most})"), n=len(found) + 1, most=2)
                chosen = _pick(x, prompt, left)
                if chosen is None:
                    break
                found.append(chosen)
            for c in found:
                g.corp.deck.remove(c)
                g.corp.hand.append(c)
                g.log.add("search", CORP, visible=[CORP], card=str(c), zone="rnd")
            g.log.add("searched", CORP, cards=len(found), zone="rnd")
            _shuffle_rnd(g)
        x.do("终止潜袭。")

    b.paragraph(1).subroutine(gain)
    b.paragraph(2).subroutine(end)


@card("archer", paragraphs=(0,), summary="Rezzing it also costs forfeiting one of the corp's scored agendas.")
def _archer(b: Builder) -> None:
    _forfeit_to_rez(b)


def _magnet_tag(magnet: Card) -> str:
    """How long a program Magnet silences stays blank: while that magnet (by its uid) keeps it silenced."""
    return f"magnet#{magnet.uid}"


@card("magnet", paragraphs=(0, 1), summary="When rezzed, the corp moves an installed program hosted on a piece of ice "
      "onto it; programs it hosts have no abilities while it is rezzed.")  # fmt: skip
def _magnet(b: Builder) -> None:
    def rezzed(x: Exec) -> None:
        g = x.game
        programs = [c for c in g.runner.rig if c.type == "program" and c.host is not None and c.host.type == "ice"]
        prompt = Phrase(N_("{card}: host a program that is on a piece of ice on it"), card=str(x.card))
        chosen = x.pick(prompt, programs, optional=False)
        if chosen is not None and chosen.host is not x.card:
            old = chosen.host
            if old is not None and chosen in old.hosted:
                old.hosted.remove(chosen)
            chosen.host = x.card
            x.card.hosted.append(chosen)
            g.log.add("host", RUNNER, card=str(chosen), host=str(x.card))
        for hosted in x.card.hosted:
            if hosted.type == "program" and hosted.uid not in g.blanks:
                x.blank(hosted, until="game")  # lifted when it leaves, or when the magnet is derezzed or leaves
                g.blanks[hosted.uid] = _magnet_tag(x.card)  # (kept by the game: the magnet's notes go with it)

    def silenced(x: Exec) -> set[int]:
        tag = _magnet_tag(x.card)
        return {uid for uid, until in x.game.blanks.items() if until == tag} | x.card.notes.get("silenced", set())

    def lift(x: Exec, uids: Iterable[int]) -> None:
        ours = silenced(x)
        for uid in list(uids):
            if uid in ours:
                x.card.notes.get("silenced", set()).discard(uid)
                x.game.blanks.pop(uid, None)

    def left(x: Exec) -> bool:
        gone = x.event.get("card")
        return gone is not None and gone.uid in silenced(x)

    def gone(x: Exec) -> None:  # a program it silenced left play; or the magnet did, its programs with it
        lift(x, silenced(x) if x.event.get("card") is x.card else [x.event["card"].uid])

    b.when("rezzed", rezzed)
    b.paragraph(1).when("derezzed", lambda x: lift(x, silenced(x)), only=lambda x: x.event.get("card") is x.card)
    b.when("trashed", gone, only=lambda x: left(x) or (this_card(x) and bool(silenced(x))))


# ---------------------------------------------------------------- assets and upgrades


@card("ronin", paragraphs=(1,), summary="Click, trash it: 3 net damage; only with 4 or more advancement counters "
      "on it.")  # fmt: skip
def _ronin(b: Builder) -> None:
    b.paragraph(1).paid(
        [click(), trash_self()],
        lambda x: x.do("造成 3 点网域伤害。"),
        usable=lambda g, c, w: w == "action" and c.advancement >= 4,
    )


@card("reversed_accounts", paragraphs=(1,), summary="Click, trash it: the runner loses 4 credits for each "
      "advancement counter it had.")  # fmt: skip
def _reversed_accounts(b: Builder) -> None:
    def drain(x: Exec) -> None:
        g = x.game
        count = x.card.advancement  # read before the trash cost clears the counters
        if g.is_installed(x.card):
            g.trash(x.card, _by_corp(), by="corp")
        if count:
            g.lose_credits("runner", 4 * count)

    def usable(g: NetrunnerGame, c: Card, window: str) -> bool:
        return window == "action" and c.advancement > 0 and g.runner.credits > 0

    b.paragraph(1).paid([click()], drain, usable=usable)


@card("marilyn_campaign", paragraphs=(0, 2), summary="Loaded with 8 credits when rezzed, trashed once empty; when "
      "trashed while rezzed the corp may shuffle it into R&D instead.")  # fmt: skip
def _marilyn(b: Builder) -> None:
    load(b, "credit", 8, on="rezzed")

    def trashed(x: Exec) -> None:
        g = x.game
        if x.event.get("card") is not x.card or x.card not in g.corp.discard or not _was_rezzed(g, x.card):
            return
        ask = Phrase(N_("shuffle {card} into R&D instead of Archives?"), card=str(x.card))
        if not x.may(ask):
            return
        g.corp.discard.remove(x.card)
        x.card.faceup = False
        g.corp.deck.append(x.card)
        g.log.add("move", CORP, card=str(x.card), zone="archives", to="rnd")
        _shuffle_rnd(g)

    b.paragraph(2).when("trashed", trashed)


@card("hokusai_grid", paragraphs=(0, 1), summary="1 net damage whenever a run on its server is successful; limit "
      "1 region per server.")  # fmt: skip
def _hokusai(b: Builder) -> None:
    def hit(x: Exec) -> None:
        server = x.game.server_of(x.card)
        run = x.run
        if run is not None and server is not None and run.server == server.name:
            x.do("造成 1 点网域伤害。")

    b.when("run_successful", hit)
    _one_region(b.paragraph(1))


@card("corporate_town", paragraphs=(0, 1), summary="Rezzing it also costs forfeiting a scored agenda; when the "
      "corp's turn begins it may trash an installed resource, which cannot be prevented.")  # fmt: skip
def _corporate_town(b: Builder) -> None:
    _forfeit_to_rez(b)

    def turn_start(x: Exec) -> None:
        g = x.game
        resources = [c for c in g.runner.rig if c.type == "resource"]
        victim = _pick(x, Phrase(N_("trash a {type} (it cannot be prevented)"), type=Term("card_type", "resource")),
                       resources)  # fmt: skip
        if victim is not None:
            # no side named: the trash opens no prevention window (nothing may prevent it)
            g.trash(victim, _by_corp(), by=None)

    b.paragraph(1).when("your_turn_start", turn_start)


@card("corporate_troubleshooter", paragraphs=(0,), summary="During a run on its server: pay X credits and trash "
      "it to give a rezzed piece of ice protecting this server +X strength for the rest of the turn.")  # fmt: skip
def _corporate_troubleshooter(b: Builder) -> None:
    def rezzed_ice(g: NetrunnerGame, c: Card) -> list[Card]:
        server = g.server_of(c)
        return [i for i in server.ice if i.rezzed] if server is not None else []

    def use(x: Exec) -> None:
        g = x.game
        ice = rezzed_ice(g, x.card)
        most = g.available("corp")
        prompt = Phrase(N_("{card}: pay X{credit} and trash it; the ice gets +X strength"), card=str(x.card),
                        credit="[credit]")  # fmt: skip
        amount = int(g.choose("corp", "amount", prompt, list(range(most, -1, -1)), label=lambda v: f"x:{v}",
                              text=lambda v: Phrase(N_("pay {n}{credit}"), n=v, credit="[credit]")))  # fmt: skip
        g.pay("corp", amount, Phrase(N_("the cost of {card}"), card=str(x.card)))
        g.trash(x.card, Phrase(N_("the cost of {card}"), card=str(x.card)), by="corp")
        target = x.choose(Phrase(N_("give +{n} strength to which ice until the end of the turn"), n=amount), ice)
        x.lasting("strength_all", lambda game, this, c: amount if c is target else 0, until="turn")
        g.log.add("strength", CORP, card=str(target), delta=amount, strength=g.strength_of(target))

    def usable(g: NetrunnerGame, c: Card, window: str) -> bool:
        server = g.server_of(c)
        run = g.current_run
        on_it = run is not None and not run.ended and server is not None and run.server == server.name
        return window == "run" and on_it and bool(rezzed_ice(g, c))

    b.paid([], use, usable=usable)


@card("crisium_grid", paragraphs=(0, 1), summary="A run on its server is never successful (nor ended by it: no "
      "breach, no success triggers); limit 1 region per server.")  # fmt: skip
def _crisium(b: Builder) -> None:
    def blocks(g: NetrunnerGame, this: Card, run: Any) -> bool:
        server = g.server_of(this)
        return server is not None and run.server == server.name

    b.paragraph(0).blocks_success(blocks)
    _one_region(b.paragraph(1))


@card("daily_business_show", paragraphs=(0,), summary="The first time in a turn the corp would draw, it draws 1 card "
      "more, then puts 1 of the cards drawn on the bottom of R&D.")  # fmt: skip
def _daily_business_show(b: Builder) -> None:
    def bonus(g: NetrunnerGame, this: Card, side: str, count: int) -> int:
        if side != "corp" or count <= 0 or this.notes.get("drawn") == g.turns:
            return 0
        if any(e.get("side") == "corp" for e in g.events_this_turn("drew")):
            return 0  # the corp has drawn this turn already (before this card was rezzed, say)
        this.notes["drawn"] = g.turns
        this.notes["bottom"] = True
        return 1

    def drawn(x: Exec) -> None:
        g = x.game
        cards = [c for c in x.event.get("cards", []) if c in g.corp.hand]
        if not x.card.notes.pop("bottom", False) or not cards:
            return
        prompt = Phrase(N_("{card}: put which card drawn on the bottom of {zone}"), card=str(x.card),
                        zone=Term("zone", "rnd"))  # fmt: skip
        chosen: Card = x.choose(prompt, cards)
        g.corp.hand.remove(chosen)
        chosen.faceup = False
        g.corp.deck.insert(0, chosen)  # the top is the last card: the bottom is the first
        g.log.add("move", CORP, visible=[CORP], card=str(chosen), zone="hq", to="rnd", reason=x.why)
        g.log.add("move", CORP, cards=1, zone="hq", to="rnd", reason=x.why)

    b.draw_bonus(bonus)
    b.when("cards_drawn", drawn, only=lambda x: x.event.get("side") == "corp" and bool(x.card.notes.get("bottom")))


@card("sansan_city_grid", paragraphs=(0, 1), summary="Agendas in the root of its server need 1 advancement counter "
      "fewer; limit 1 region per server.")  # fmt: skip
def _sansan(b: Builder) -> None:
    def fewer(g: NetrunnerGame, this: Card, agenda: Card) -> int:
        server = g.server_of(this)
        return -1 if server is not None and agenda in server.root else 0

    b.requirement(fewer)
    _one_region(b.paragraph(1))


@card("snare", paragraphs=(0, 1), summary="Revealed when accessed in R&D; accessed anywhere but Archives, the corp "
      "may pay 4 credits: the runner takes 1 tag and 3 net damage.")  # fmt: skip
def _snare(b: Builder) -> None:
    # one trigger does both paragraphs, so the corp is not asked to order two triggers of one access
    def accessed(x: Exec) -> None:
        g = x.game
        if x.event.get("card") is not x.card or x.card in g.corp.discard:
            return
        if x.card in g.corp.deck:
            g.log.add("reveal", CORP, card=str(x.card), zone="rnd")
        if not g.can_pay("corp", 4):
            return
        ask = Phrase(N_("{card}: pay {n}{credit} to give the runner 1 tag and do {m} {damage}?"), card=str(x.card),
                     n=4, credit="[credit]", m=3, damage=Term("damage", "net"))  # fmt: skip
        if x.may(ask):
            g.pay("corp", 4, str(x.card))
            g.gain_tags(1)
            g.damage("net", 3)

    b.paragraph(1).when("access", accessed)  # (its log line quotes the paying paragraph; R&D's reveal logs its own)


# ---------------------------------------------------------------- agendas


@card("house_of_knives", paragraphs=(1,), summary="An agenda counter: 1 net damage; during a run only, once a run.")
def _house_of_knives(b: Builder) -> None:
    def knife(x: Exec) -> None:
        x.card.notes["run"] = _run_key(x.game)
        x.do("造成 1 点网域伤害。")

    def usable(g: NetrunnerGame, c: Card, window: str) -> bool:
        run = g.current_run
        return run is not None and not run.ended and c.notes.get("run") != _run_key(g)

    b.paragraph(1).paid([counters("agenda", 1)], knife, usable=usable)


@card("license_acquisition", paragraphs=(0,), summary="When scored, the corp may install and rez an asset or "
      "upgrade from HQ or Archives, ignoring all costs.")  # fmt: skip
def _license_acquisition(b: Builder) -> None:
    def scored(x: Exec) -> None:
        g = x.game
        cards = [c for c in [*g.corp.hand, *reversed(g.corp.discard)] if c.type in ("asset", "upgrade")]
        prompt = Phrase(N_("install and rez an asset or upgrade from HQ or Archives, ignoring all costs"))
        chosen = _pick(x, prompt, [c for c in cards if g.may_install(c)])
        if chosen is None:
            return
        if chosen in g.corp.discard:
            g.corp.discard.remove(chosen)
            chosen.faceup = False
        g.install("corp", chosen, pay=False)
        if g.is_installed(chosen) and not chosen.rezzed:
            g.rez(chosen, free=True)

    b.when("agenda_scored", scored)


def _counters_past_three(x: Exec, per: int = 1) -> None:
    """When scored: 1 agenda counter on it for every ``per`` advancement counters it had past 3."""
    extra = max(0, _scored_advancement(x) - 3) // per
    if extra:
        x.game.add_counters(x.card, "agenda", extra)


@card("project_atlas", paragraphs=(0, 1), summary="When scored, 1 agenda counter for each advancement counter past "
      "3; an agenda counter: search R&D for a card, reveal it and add it to HQ.")  # fmt: skip
def _project_atlas(b: Builder) -> None:
    def search(x: Exec) -> None:
        g = x.game
        prompt = Phrase(N_("search R&D for a card to reveal and add to HQ"))
        found = g.choose("corp", "search", prompt, list(reversed(g.corp.deck)))
        g.corp.deck.remove(found)
        g.corp.hand.append(found)
        g.log.add("search", CORP, card=str(found), zone="rnd")
        _shuffle_rnd(g)

    b.when("agenda_scored", _counters_past_three)
    b.paragraph(1).paid([counters("agenda", 1)], search, usable=lambda g, c, w: bool(g.corp.deck))


@card("project_beale", paragraphs=(0, 1), summary="When scored, 1 agenda counter for every 2 advancement counters "
      "past 3; worth 1 more agenda point for each agenda counter on it.")  # fmt: skip
def _project_beale(b: Builder) -> None:
    def worth(g: NetrunnerGame, this: Card, side: str) -> int:
        area = g.corp.score_area if side == "corp" else g.runner.score_area
        return this.counters.get("agenda", 0) if this in area else 0

    b.when("agenda_scored", lambda x: _counters_past_three(x, per=2))
    b.paragraph(1).points(worth)


@card("project_vitruvius", paragraphs=(0, 1), summary="When scored, 1 agenda counter for each advancement counter "
      "past 3; an agenda counter: add a card from Archives to HQ.")  # fmt: skip
def _project_vitruvius(b: Builder) -> None:
    b.when("agenda_scored", _counters_past_three)
    b.paragraph(1).paid([counters("agenda", 1)], _archives_to_hq, usable=lambda g, c, w: bool(g.corp.discard))


# ---------------------------------------------------------------- operations


@card("archived_memories", paragraphs=(0,), summary="Add a card from Archives to HQ.")
def _archived_memories(b: Builder) -> None:
    b.play(_archives_to_hq)


@card("celebrity_gift", paragraphs=(0, 1), summary="Costs an extra click to play; reveal up to 5 cards of HQ and "
      "gain 2 credits for each.")  # fmt: skip
def _celebrity_gift(b: Builder) -> None:
    _double(b)

    def reveal(x: Exec) -> None:
        g = x.game
        shown: list[Card] = []
        while len(shown) < 5:
            left = [c for c in g.corp.hand if c not in shown]
            chosen = _pick(x, Phrase(N_("reveal a card from HQ ({n}/{most})"), n=len(shown) + 1, most=5), left)
            if chosen is None:
                break
            shown.append(chosen)
        for c in shown:
            g.log.add("reveal", CORP, card=str(c), zone="hq")
        if shown:
            g.gain_credits("corp", 2 * len(shown), str(x.card))

    b.paragraph(1).play(reveal)


@card("psychographics", paragraphs=(0, 1), summary="Pay X credits, X at most the runner's tags: place X advancement "
      "counters on an installed card that can be advanced.")  # fmt: skip
def _psychographics(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        targets = [c for c in g.installed("corp") if g.can_advance(c)]
        most = min(g.runner.tags, g.corp.credits)
        if not targets or most <= 0:
            g.log.add("advance_failed", CORP, reason=Phrase(N_("no card to advance, or the runner has no tag")))
            return
        amounts = list(range(most, -1, -1))
        prompt = Phrase(N_("{card}: X is at most the runner's {n} tags"), card=str(x.card), n=g.runner.tags)
        amount = int(g.choose("corp", "amount", prompt, amounts, label=lambda v: f"x:{v}",
                              text=lambda v: Phrase(N_("pay {n}{credit}"), n=v, credit="[credit]")))  # fmt: skip
        if amount <= 0:
            return
        g.pay("corp", amount, str(x.card))
        target = x.choose(Phrase(N_("place {n} advancement counters on"), n=amount), targets)
        g.place_advancement(target, amount)

    b.play(play)


@card("trick_of_light", paragraphs=(0,), summary="Move up to 2 advancement counters from one installed card onto "
      "another installed card that can be advanced.")  # fmt: skip
def _trick_of_light(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        targets = [c for c in g.installed("corp") if g.can_advance(c)]
        if not targets:
            g.log.add("advance_failed", CORP, reason=Phrase(N_("no installed card can be advanced")))
            return
        target = x.choose(Phrase(N_("move advancement counters onto")), targets)
        sources = [c for c in g.installed("corp") if c is not target and c.advancement > 0]
        source = _pick(x, Phrase(N_("move advancement counters from")), sources)
        if source is None:
            return
        most = min(2, source.advancement)
        prompt = Phrase(N_("move how many advancement counters from {card}"), card=str(source))
        amount = int(g.choose("corp", "amount", prompt, list(range(most, 0, -1)), label=lambda v: f"n:{v}", text=str))
        g.add_counters(source, "advancement", -amount)
        g.place_advancement(target, amount)

    b.play(play)


def _points_stolen_last_turn(g: NetrunnerGame) -> int:
    """The printed agenda points of the agendas the runner stole during its last turn."""
    events = list(g.log)
    ends = [i for i, e in enumerate(events) if e.kind == "turn_end" and e.data.get("side") == "runner"]
    if not ends:
        return 0
    points = 0
    for e in reversed(events[: ends[-1]]):
        if e.kind in ("turn_start", "turn_end"):
            break
        if e.kind == "steal":
            points += int(e.data.get("points") or 0)
    return points


@card("punitive_counterstrike", paragraphs=(0,), summary="Trace 5: if successful, meat damage equal to the printed "
      "agenda points the runner stole during its last turn.")  # fmt: skip
def _punitive(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        if g.interp.trace(5, x.ctx):
            points = _points_stolen_last_turn(g)
            if points > 0:
                g.damage("meat", points)

    b.play(play)


@card("subliminal_messaging", paragraphs=(1, 2), summary="The first copy the corp plays in a turn gives it a click; "
      "as the corp's turn begins, a copy in Archives may be revealed and added to HQ if the runner made no run in "
      "its last turn.")  # fmt: skip
def _subliminal(b: Builder) -> None:
    def first_copy(x: Exec) -> None:
        g = x.game
        corp = g.corp
        zones = [corp.deck, corp.hand, corp.discard, corp.score_area, g.installed("corp")]
        copies = {str(c) for zone in zones for c in zone if c.id == x.card.id} | {str(x.card)}
        played = [e for e in _events_this_turn(g, "play") if e.get("card") in copies]
        if len(played) == 1:  # this one
            x.do("你获得 [click]。")

    b.paragraph(1).play(first_copy)

    def back(x: Exec) -> None:
        g = x.game
        if not x.may(Phrase(N_("{card}: reveal it and add it to HQ?"), card=str(x.card))):
            return
        g.log.add("reveal", CORP, cards=[str(x.card)], zone="archives")
        _to_hq(x, x.card)

    def quiet_runner(x: Exec) -> bool:
        return x.event.get("side") == "corp" and not any(e.kind == "run" for e in x.last_turn("runner"))

    b.paragraph(2).when("turn_begins", back, only=quiet_runner, zone="discard")


# ---------------------------------------------------------------- identities


@card("haas_bioroid_architects_of_tomorrow", paragraphs=(0,), summary="The first time in a turn the runner passes "
      "a rezzed bioroid piece of ice, the corp may rez a bioroid card paying 4 credits less.")  # fmt: skip
def _architects(b: Builder) -> None:
    def passed(x: Exec) -> None:
        g = x.game
        ice = x.event.get("ice")
        if ice is None or not ice.rezzed or "bioroid" not in ice.subtypes or not x.once_per_turn("passed"):
            return
        cards = [
            c
            for c in g.installed("corp")
            if not c.rezzed
            and c.type != "agenda"
            and "bioroid" in c.subtypes
            and g.can_pay("corp", max(0, g.rez_cost(c) - 4), "rez")
        ]
        prompt = Phrase(N_("rez a bioroid card, paying {n}{credit} less"), n=4, credit="[credit]")
        chosen = _pick(x, prompt, cards, hidden=True)  # (face-down cards: asked with none in a game of two people)
        if chosen is None:
            return
        x.card.notes["discount"] = chosen.uid
        try:
            g.rez(chosen)
        finally:
            x.card.notes.pop("discount", None)

    b.when("pass_ice", passed)
    b.rez_cost(lambda g, this, c: -4 if this.notes.get("discount") == c.uid else 0)


@card("jinteki_personal_evolution", paragraphs=(0,), summary="1 net damage whenever an agenda is scored or stolen.")
def _personal_evolution(b: Builder) -> None:
    def hurt(x: Exec) -> None:
        x.do("造成 1 点网域伤害。")

    b.when("any_scored", hurt).when("any_stolen", hurt)


@card("near_earth_hub_broadcast_center", paragraphs=(0,), summary="The first time in a turn the corp creates a "
      "remote server, it draws 1 card.")  # fmt: skip
def _near_earth_hub(b: Builder) -> None:
    def installed(x: Exec) -> None:
        c = x.event.get("card")
        server = x.game.server_of(c) if c is not None and c.side == "corp" else None
        # a remote server that holds only the card just installed was created by installing it
        if server is None or not server.remote or len(server.ice) + len(server.root) != 1:
            return
        if x.once_per_turn("remote"):
            x.do("你抽 1 张牌。")

    b.when("any_installed", installed)


@card("weyland_consortium_building_a_better_world", paragraphs=(0,), summary="Gain 1 credit whenever the corp "
      "plays a transaction operation.")  # fmt: skip
def _better_world(b: Builder) -> None:
    def played(x: Exec) -> None:
        c = x.event.get("card")
        if c is not None and c.side == "corp" and c.type == "operation" and "transaction" in c.subtypes:
            x.do("你获得 1[credit]。")

    b.when("played", played)
