"""The interpreter of Netrunner ability text: costs, effects and conditions of the ability language.

It executes one parsed ability for a side (``你``) on a card, during a run and an
encounter when there is one (:class:`~.state.Context`), through the game's
operations. Traces (N6) and psi games (N7) are played here: each asks both sides
for their credits (the psi bids hidden from each other) and leaves its result in
the context, where 如果追踪成功 / 如果双方出价相同 read it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import TYPE_CHECKING

from toolkit.engine.phrase import Phrase, Term
from toolkit.i18n import tr
from toolkit.i18n.words import N_
from toolkit.models.netrunner import CORP_TYPES, RUNNER_TYPES, side_of_type
from toolkit.text import ast as A
from toolkit.text import parse_cached
from toolkit.text.limits import MAX_COUNT
from toolkit.text.render import render

from ..core import EngineError, given_ability, said, side_word, type_word
from ..forms import NETRUNNER_CORP_NODES, NETRUNNER_CORP_TIMINGS, NETRUNNER_RUNNER_NODES
from .decisions import Option
from .state import (
    AN_TYPES,
    CENTRALS,
    INSTALLABLE,
    SEATS,
    SIDES,
    ZONE_SIDES,
    Card,
    Context,
    RunState,
    Side,
    a_or_an,
    other,
)

if TYPE_CHECKING:
    from .game import NetrunnerGame

PSI_MAX = 2  # N7: each side bids 0, 1 or 2 credits
# effects that "for each counter" makes one event of the total (N12: one damage, one prevention window), each with
# the field that is multiplied: damage, tags and credits gained; every other effect happens once per counter
_TOTALLED: dict[type[A.Node], str] = {A.TypedDamage: "amount", A.GainTags: "count", A.GainCredits: "count"}


class Interpreter:
    """Executes abilities for one game."""

    def __init__(self, game: NetrunnerGame) -> None:
        self.game = game
        self.resolving: list[Card] = []  # the cards whose abilities are resolving, innermost last
        # the "you may …" taken now, innermost: the log's length when its side said yes, and its text (_failed_unseen)
        self.optional: tuple[int, str] | None = None

    # ------------------------------------------------------------ entry points

    def parse_text(self, text: str) -> A.Ability:
        return given_ability(text)

    def default_side(self, text: str, identity: str | None = None) -> tuple[Side, str]:
        """Who ``你`` is when no side is given: the side of the bundled card with this text, of the
        identity, or of what the text does (a subroutine, a run, …); the corp (first player) otherwise."""
        g = self.game
        ability = self.parse_text(text)
        owners = self.owners(ability)
        if len(owners) == 1:
            owner, ids = next(iter(owners.items()))
            return owner, Phrase(N_("the text of {card}"), card=Term("record", ids[0]))
        if identity is not None:
            record = g.by_id.get(("identity", identity))
            if record is not None:
                return record.side, Phrase(N_("the identity {card}"), card=Term("record", identity))
        implied = side_of_ability(ability)
        if implied is not None:
            return implied, Phrase(N_("what the text does"))
        return "corp", Phrase(N_("the corp takes the first turn"))

    def owners(self, ability: A.Ability) -> dict[Side, list[str]]:
        """The bundled cards and identities whose text ``ability`` is, by their side: their record ids."""
        owners: dict[Side, list[str]] = {}
        for record in self.game.records:
            if record.kind in ("card", "identity") and any(parse_cached(t) == ability for t in record.text):
                owner: Side = record.side if record.kind == "identity" else side_of_type(record.type)
                owners.setdefault(owner, []).append(record.id)
        return owners

    def run_text(self, text: str, side: Side | None = None) -> Side:
        """Execute one ability as ``side`` (default: :meth:`default_side`), outside any card; returns the side."""
        g = self.game
        ability = self.parse_text(text)
        if side is None:
            side, why = self.default_side(text)
            g.log.add("side", SEATS[side], side=side, reason=why)
        g.log.add("ability", SEATS[side], side=side, text=render(ability))
        self.execute(ability, Context(side, None, g.current_run))
        return side

    def execute(self, ability: A.Ability, ctx: Context, pay: bool = True) -> None:
        g = self.game
        if g.over:
            return
        emptied: list[Card] = []  # cards its costs emptied: empty once it has resolved (check_empty)
        if pay:
            outer, g.emptying = g.emptying, emptied
            try:
                for cost in ability.costs:
                    self.pay_cost(cost, ctx, ability)
            finally:
                g.emptying = outer
        if ctx.card is not None:
            self.resolving.append(ctx.card)
        try:
            for sentence in ability.sentences:
                self.effects(sentence.effects, ctx)
        finally:
            if ctx.card is not None:
                self.resolving.pop()
        for card in emptied:
            g.check_empty(card)
        if ctx.owns_run and ctx.run is not None and ctx.run is g.current_run:
            g.runs.finish_run()
        g.check_memory()
        g.check_points()  # seed 001: seven points win at any moment (a counter placed on an agenda, say)

    # ------------------------------------------------------------ costs

    def purpose(self, ctx: Context) -> str | None:
        """What recurring credits an ability's credit cost may be paid with: an icebreaker's abilities."""
        card = ctx.card
        return "icebreaker" if card is not None and "icebreaker" in card.subtypes else None

    def can_pay_costs(self, ability: A.Ability, ctx: Context, clicks_ok: bool = True) -> bool:
        g = self.game
        player = g.player(ctx.side)
        clicks = sum(c.count for c in ability.costs if isinstance(c, A.ClickCost))
        credits = sum(c.count for c in ability.costs if isinstance(c, A.CreditCost))
        if clicks and (not clicks_ok or player.clicks < clicks):
            return False
        if not g.can_pay(ctx.side, credits, self.purpose(ctx)):
            return False
        for cost in ability.costs:
            if isinstance(cost, A.TrashCost) and (ctx.card is None or not g.is_installed(ctx.card)):
                return False
            if isinstance(cost, A.CounterCost) and (
                ctx.card is None or ctx.card.counters.get(cost.kind, 0) < cost.count
            ):
                return False
        return True

    def pay_cost(self, cost: A.Node, ctx: Context, ability: A.Ability | None = None) -> None:
        g = self.game
        what = str(ctx.card) if ctx.card is not None else Phrase(N_("an ability"))  # (worded as the log is read)
        if isinstance(cost, A.ClickCost):
            g.spend_clicks(ctx.side, cost.count, what)
        elif isinstance(cost, A.CreditCost):
            g.pay(ctx.side, cost.count, what, self.purpose(ctx))
        elif isinstance(cost, A.TrashCost):
            if ctx.card is None or not g.is_installed(ctx.card):
                reason = Phrase(N_("{trash}: the text is not on an installed card"), trash="[trash]")
                g.log.add("no_card", SEATS[ctx.side], reason=reason)
            else:
                g.trash(ctx.card, "trash cost")
        elif isinstance(cost, A.CounterCost):
            card, kind = ctx.card, Term("counter", cost.kind)
            if card is None:  # text run outside a card (`text run`): no card holds them, as a [trash] cost has none
                reason = Phrase(N_("{card} is not in play: no {kind} to remove for the cost"),
                                card=self.text_card(ability), kind=kind)  # fmt: skip
                g.log.add("no_card", SEATS[ctx.side], reason=reason)
                return
            have = card.counters.get(cost.kind, 0)
            if have < cost.count:
                raise EngineError(
                    tr("{card} has too few {kind} for the cost: it has {n}, the cost removes {cost}",
                       card=str(card), kind=said(kind), n=have, cost=cost.count)
                )  # fmt: skip
            g.add_counters(card, cost.kind, -cost.count)
        else:
            raise EngineError(tr("{cost} is a tactics cost, not a netrunner one", cost=type(cost).__name__))

    def text_card(self, ability: A.Ability | None) -> Term | Phrase:
        """The card whose text ``ability`` is, run outside any card: the one bundled card or identity with this text,
        by its name; else "this card"."""
        if ability is not None:
            ids = [i for ids in self.owners(ability).values() for i in ids]
            if len(ids) == 1:
                return Term("record", ids[0])
        return Phrase(N_("this card"))

    # ------------------------------------------------------------ effects

    def effects(self, effects: Sequence[A.Node], ctx: Context) -> None:
        for effect in effects:
            if self.game.over:
                return
            self.effect(effect, ctx)

    def party(self, who: str, side: Side) -> Side:
        if who == "you":
            return side
        if who == "opponent":
            return other(side)
        if who in SIDES:
            return "corp" if who == "corp" else "runner"
        raise EngineError(tr("no netrunner party {who}", who=repr(who)))

    def effect(self, e: A.Node, ctx: Context) -> None:  # noqa: C901 - one branch per effect of the language
        g = self.game
        side = ctx.side
        seat = SEATS[side]
        count = getattr(e, "count", None)
        if isinstance(count, int) and count > MAX_COUNT:  # the parser refuses such text; an AST built in code may not
            raise EngineError(tr("{n} repetitions: more than {limit} is refused", n=count, limit=MAX_COUNT))
        if isinstance(e, A.If):
            holds = self.condition(e.condition, ctx)
            g.log.add("condition", seat, condition=render(e.condition), holds=holds)
            if holds:
                self.effects(e.effects, ctx)
        elif isinstance(e, A.YouMay):
            text = render(A.Sentence(e.effects))
            if g.confirm(side, "optional", Phrase(N_("use: {text}?"), text=text)):
                outer, self.optional = self.optional, (len(g.log), text)
                try:
                    self.effects(e.effects, ctx)
                finally:
                    self.optional = outer
            else:
                g.log.add("declined", seat, text=text)
        elif isinstance(e, A.ForEachCounter):
            have = ctx.card.counters.get(e.kind, 0) if ctx.card is not None else 0
            times = min(have // e.per, MAX_COUNT)
            g.log.add("for_each", seat, card=str(ctx.card) if ctx.card else None, kind=e.kind, times=times)
            if all(type(x) in _TOTALLED for x in e.effects):  # one event of the total (N12: one window)
                if times:
                    self.effects([_times(x, times) for x in e.effects], ctx)
            else:
                for _ in range(times):
                    self.effects(e.effects, ctx)
        elif isinstance(e, A.GainCredits):
            g.gain_credits(self.party(e.who, side), e.count)
        elif isinstance(e, A.LoseCredits):
            g.lose_credits(self.party(e.who, side), e.count)
        elif isinstance(e, A.GainClicks | A.LoseClicks):
            who = self.party(e.who, side)
            player = g.player(who)
            before = player.clicks
            player.clicks = max(0, player.clicks + (e.count if isinstance(e, A.GainClicks) else -e.count))
            g.log.add("clicks", player.seat, side=who, amount=player.clicks - before, clicks=player.clicks)
        elif isinstance(e, A.Draw):
            g.draw(side, e.count)
        elif isinstance(e, A.Discard):
            g.discard(self.party(e.who, side), e.count)
        elif isinstance(e, A.SearchType):
            g.search_type(side, e.zone, e.count, e.card_type)
        elif isinstance(e, A.TypedDamage):
            g.damage(e.kind, e.amount, by=side)
        elif isinstance(e, A.GainTags):
            if self.party(e.who, side) != "runner":
                raise EngineError(tr("only the runner takes tags"))
            g.gain_tags(e.count)
        elif isinstance(e, A.RemoveTags):
            if side != "runner":
                raise EngineError(tr("the corp has no tags to remove; {text} is runner text", text="你移除 X 个锁定标记"))
            g.remove_tags(e.count)
        elif isinstance(e, A.GainBadPublicity):
            if side != "corp":
                raise EngineError(tr("only the corp takes bad publicity; {text} is corp text", text="你获得 X 个负面声誉"))
            g.corp.bad_publicity += e.count
            g.log.add("bad_publicity", seat, amount=e.count, bad_publicity=g.corp.bad_publicity)
        elif isinstance(e, A.EndRun):
            g.runs.end_run(f"{ctx.card}" if ctx.card else Phrase(N_("the text")), by=ctx.card)
        elif isinstance(e, A.JackOut):
            if side != "runner":
                raise EngineError(tr("only the runner jacks out; {text} is runner text", text="你退出潜袭"))
            g.runs.jack_out(f"{ctx.card}" if ctx.card else Phrase(N_("the text")))
        elif isinstance(e, A.Trash):
            self.trash_type(ctx, e.count, e.card_type)
        elif isinstance(e, A.Install):
            self.install_from_hand(ctx, e.count, e.card_type)
        elif isinstance(e, A.InstallHosted):
            self.install_from_hand(ctx, e.count, e.card_type, hosted=True)
        elif isinstance(e, A.RezFree):
            if side != "corp":
                raise EngineError(tr("only the corp rezzes cards"))
            options = [c for c in g.installed("corp") if not c.rezzed and c.type != "agenda"]
            chosen = g.choose_many("corp", "rez", Phrase(N_("rez a card, ignoring all costs")), options, e.count)
            if not chosen:
                g.log.add("rez_failed", seat, reason=Phrase(N_("no unrezzed card is installed")))
            for card in chosen:
                g.rez(card, free=True)
        elif isinstance(e, A.Run):
            if side != "runner":
                raise EngineError(tr("only the runner makes runs; {text} is runner text", text="你对…发起潜袭"))
            target = g.runs.choose_server(e.server)
            if target is None:
                ctx.run = RunState(e.server, ended=True)
            else:
                ctx.run = g.runs.make_run(target)
                ctx.owns_run = True
        elif isinstance(e, A.Access):
            run = ctx.run
            if run is None or run is not g.current_run or not run.successful:
                g.log.add("access_failed", seat, reason=Phrase(N_("no successful run to access more cards in")))
            else:
                run.extra_access += e.count
                g.log.add("extra_access", seat, cards=e.count, server=run.server)
        elif isinstance(e, A.PlaceCredits | A.TakeCredits | A.PlaceAdvancement | A.PlaceCounters | A.RemoveCounters):
            self.on_this_card(e, ctx)
        elif isinstance(e, A.AdvanceInstalled):
            options = sorted(g.installed("corp"), key=lambda c: c.type != "agenda")
            chosen = g.choose_many("corp", "target", Phrase(N_("place advancement counters on")), options, e.cards)
            if not chosen:
                g.log.add("advance_failed", seat, reason=Phrase(N_("the corp has no installed card")))
            for card in chosen:
                g.place_advancement(card, e.amount)
        elif isinstance(e, A.PlayerLimit):
            on_card = ctx.card is not None and ctx.card in g.active_cards(ctx.card.side)
            target = self.party(getattr(e, "who", "you"), side)
            if not on_card:  # text outside a card in play: it lasts for the game
                extra = g.player(target).extra
                extra[e.stat] = extra.get(e.stat, 0) + e.delta
            value = {"hand_size": g.hand_size(target), "memory": g.memory_limit(), "link": g.link()}[e.stat]
            g.log.add("limit", SEATS[target], stat=e.stat, delta=e.delta, value=value)
            g.check_memory()
        elif isinstance(e, A.BreakSubroutine) and e.any_number:
            self.break_any(ctx, e)
        elif isinstance(e, A.BreakSubroutine):
            g.runs.break_with(ctx, e)
        elif isinstance(e, A.Strength):
            if ctx.encounter is None or ctx.card is None:
                g.log.add("strength_failed", seat, reason=Phrase(N_("no icebreaker is encountering ice")))
            else:
                ctx.card.strength_bonus += e.delta
                g.log.add("strength", seat, card=str(ctx.card), delta=e.delta, strength=g.strength_of(ctx.card))
        elif isinstance(e, A.Purge):
            g.purge()
        elif isinstance(e, A.RecurringCredits):  # a card's standing text; run on its own it fills the card
            if ctx.card is None:
                g.log.add("no_card", seat, reason=Phrase(N_("{text}: the text is not on a card in play"), text=render(e)))
            else:
                ctx.card.recurring = e.amount
                g.log.add("recurring", seat, card=str(ctx.card), credits=e.amount, reason="text")
        elif isinstance(e, A.CanBeAdvanced):
            g.log.add("can_be_advanced", seat, card=str(ctx.card) if ctx.card else None)
        elif isinstance(e, A.Trace):
            ctx.trace = self.trace(e.base, ctx)
        elif isinstance(e, A.Psi):
            ctx.psi_equal = self.psi(ctx)
        elif isinstance(e, A.PreventDamage):
            g.prevent("damage", e.amount, ctx.card, e.kind)
        elif isinstance(e, A.AvoidTags):
            g.prevent("tags", e.count, ctx.card)
        elif isinstance(e, A.Scripted):
            self.scripted(e, ctx)
        elif isinstance(e, A.PreventTrash):
            g.prevent("trash", e.count, ctx.card)
        else:
            raise EngineError(
                tr("{text} ({node}) is not a netrunner effect", text=repr(render(e)), node=type(e).__name__)
            )

    def scripted(self, e: A.Scripted, ctx: Context) -> None:
        """A card script's part (:mod:`.scripts`): its Python function, handed the game and this context."""
        from .scripts import Exec, script_for

        script = script_for(e.card)
        if script is None or not 0 <= e.part < len(script.parts) or script.parts[e.part].fn is None:
            raise EngineError(tr("{card} has no card script part {part}", card=e.card, part=e.part))
        part = script.parts[e.part]
        if part.once_per_turn and ctx.card is not None:
            ctx.card.notes[f"part:{e.part}"] = self.game.turns
        assert part.fn is not None
        part.fn(Exec(self.game, ctx))

    def on_this_card(self, e: A.Node, ctx: Context) -> None:
        g = self.game
        seat = SEATS[ctx.side]
        host = ctx.card
        if host is None:
            g.log.add("no_card", seat, reason=Phrase(N_("{text}: the text is not on a card in play"), text=render(e)))
        elif isinstance(e, A.PlaceCredits):
            host.credits += e.amount
            g.log.add("place_credits", seat, card=str(host), amount=e.amount, hosted=host.credits)
        elif isinstance(e, A.TakeCredits):
            taken = min(e.amount, host.credits)
            host.credits -= taken
            g.log.add("take_credits", seat, card=str(host), amount=taken, hosted=host.credits)
            g.gain_credits(ctx.side, taken, Phrase(N_("taken from {card}"), card=str(host)))
            g.check_empty(host)
        elif isinstance(e, A.PlaceAdvancement):
            g.place_advancement(host, e.amount)
        elif isinstance(e, A.PlaceCounters):
            g.add_counters(host, e.kind, e.amount)
        elif isinstance(e, A.RemoveCounters):
            g.add_counters(host, e.kind, -e.amount)

    def break_any(self, ctx: Context, e: A.BreakSubroutine) -> None:
        """破解任意数量的<子类型>子进程: a break of one subroutine (its checks, the runner's pick), then of one more
        each time the runner says so, until they stop or none is left unbroken."""
        g = self.game
        one = dataclasses.replace(e, count=1, any_number=False)
        enc = ctx.encounter
        while True:
            broken = sum(s.broken for s in enc.subs) if enc is not None else 0
            g.runs.break_with(ctx, one)
            if enc is None or sum(s.broken for s in enc.subs) == broken:  # it could not break (said why)
                return
            if all(s.broken for s in enc.subs):
                return
            prompt = Phrase(N_("break another subroutine of {ice}?"), ice=str(enc.ice))
            if not g.confirm("runner", "optional", prompt):
                return

    def trash_type(self, ctx: Context, count: int, card_type: str) -> None:
        """销毁 X 个<类型>: installed cards the side can see (or knows) to be of that type, its choice (a face-down card
        is of no type to the other side, but for ice and for a card the runner accessed where it still is:
        :meth:`~.game.NetrunnerGame.seen_type`); nothing it offers or says depends on what a face-down card it does
        not know is."""
        g = self.game
        owner = side_of_type(card_type)
        options = [c for c in g.installed(owner) if g.seen_type(c, ctx.side) == card_type and g.may_trash(c, ctx.side)]
        prompt = Phrase(a_or_an(card_type, N_("trash a {type}"), N_("trash an {type}")),
                        type=Term("card_type", card_type))  # fmt: skip
        chosen = g.choose_many(ctx.side, "target", prompt, options, count)
        if not chosen:
            reason = Phrase(N_("no installed {type} the {side} can see"), type=Term("card_type", card_type),
                            side=Term("side", ctx.side))  # fmt: skip
            g.log.add("trash_failed", SEATS[ctx.side], reason=reason)
        for card in chosen:
            g.trash(card, Phrase(N_("trashed by the {side}"), side=Term("side", ctx.side)), by=ctx.side)

    def install_from_hand(self, ctx: Context, count: int, card_type: str, hosted: bool = False) -> None:
        g = self.game
        side = ctx.side
        if card_type not in INSTALLABLE or side_of_type(card_type) != side:
            if card_type in AN_TYPES:
                raise EngineError(tr("the {side} cannot install an {type}", side=side_word(side),
                                     type=type_word(card_type)))  # fmt: skip
            raise EngineError(tr("the {side} cannot install a {type}", side=side_word(side), type=type_word(card_type)))
        seat = SEATS[side]
        if hosted and (side != "runner" or ctx.card is None or ctx.card not in g.runner.rig):
            reason = Phrase(N_("only an installed runner card hosts cards"))
            g.log.add("install_failed", seat, visible=[seat], reason=reason)
            return
        for _ in range(count):
            options = [c for c in g.player(side).hand if c.type == card_type and g.can_install(c)]
            if not options:  # (what the hand holds is its side's own: the other side is told nothing of it)
                reason = Phrase(N_("no {type} in the hand can be installed"), type=Term("card_type", card_type))
                self._failed_unseen(side, reason)
                return
            if hosted:
                prompt = Phrase(a_or_an(card_type, N_("install a {type} on {card}"), N_("install an {type} on {card}")),
                                type=Term("card_type", card_type), card=str(ctx.card))  # fmt: skip
            else:
                prompt = Phrase(a_or_an(card_type, N_("install a {type}"), N_("install an {type}")),
                                type=Term("card_type", card_type))  # fmt: skip
            card = g.choose(side, "install", prompt, options)
            g.install(side, card, host=ctx.card if hosted else None)

    def _failed_unseen(self, side: Side, reason: Phrase) -> None:
        """An install ``side`` could not make, for a reason the other side cannot see (no card of the hand could be
        installed): the entry is its side's own. In a "you may …" its side said yes to, the other side is shown it as
        the side's declining it (the entry it sees when the side says no: :meth:`~.game.NetrunnerGame.mask`), so that
        saying yes to nothing looks to it as saying no does; it is not when the other side has seen that "you may"
        do something already."""
        g = self.game
        seat, others = SEATS[side], SEATS[other(side)]
        if self.optional is None or g.shown_since(others, self.optional[0]):
            g.log.add("install_failed", seat, visible=[seat], reason=reason)
            return
        told = g.log.add("install_failed", seat, visible="all", reason=reason)
        g.mask(told, others, kind="declined", reason=None, text=self.optional[1])

    # ------------------------------------------------------------ traces and psi games

    def trace(self, base: int, ctx: Context) -> bool:
        """N6: the corp's strength is ``base`` + the credits it pays; the runner's link + the credits it pays (each
        any amount it can pay); the trace succeeds when the corp's strength is greater."""
        g = self.game
        g.tracing = (base, g.link())
        corp_boost = self.bid(
            "corp",
            "trace_corp",
            Phrase(N_("trace[{n}]: credits to raise the trace strength"), n=base),
            "trace",
        )
        strength = base + corp_boost
        link = g.link()
        g.tracing = (strength, link)
        runner_boost = self.bid(
            "runner",
            "trace_runner",
            Phrase(
                N_("trace strength {strength} against your link {link}: credits to raise your link"),
                strength=strength,
                link=link,
            ),
            "trace",  # the runner's credits for traces (recurring ones too) raise its link
        )
        link_strength = link + runner_boost
        successful = strength > link_strength
        g.tracing = None
        g.log.add(
            "trace",
            SEATS["corp"],
            base=base,
            corp_boost=corp_boost,
            strength=strength,
            link=link,
            runner_boost=runner_boost,
            link_strength=link_strength,
            successful=successful,
            source=str(ctx.card) if ctx.card else None,
        )
        return successful

    def bid(self, side: Side, kind: str, prompt: str, purpose: str | None) -> int:
        """The credits ``side`` pays for a trace: any amount it can pay for ``purpose`` (N6), paid."""
        g = self.game
        top = g.available(side, purpose)
        amount = int(
            g.ask(side, kind, prompt, [Option(f"pay:{n}", Phrase(N_("pay {n}{credit}"), n=n, credit="[credit]"), n) for n in range(top + 1)]).value
        )
        g.pay(side, amount, kind.replace("_", " "), purpose)
        return amount

    def psi(self, ctx: Context) -> bool:
        """N7: each side secretly bids 0-2 credits, no more than it can pay (the runner's bad-publicity credits of
        the run count, as for a trace: seed 001); both bids are revealed together and paid (the runner's from the
        bad-publicity credits first: :meth:`~.game.NetrunnerGame.pay`)."""
        g = self.game
        bids: dict[Side, int] = {}
        for side in SIDES:  # the second bidder's decision shows nothing of the first bid
            top = min(PSI_MAX, g.available(side))
            options = [Option(f"bid:{n}", Phrase(N_("bid {n}{credit}"), n=n, credit="[credit]"), n) for n in range(top + 1)]
            bids[side] = int(g.ask(side, "psi", Phrase(N_("psi game: your secret bid")), options).value)
        for side in SIDES:
            if bids[side]:
                g.pay(side, bids[side], "psi game")
        equal = bids["corp"] == bids["runner"]
        g.log.add(
            "psi",
            SEATS["corp"],
            corp=bids["corp"],
            runner=bids["runner"],
            equal=equal,
            source=str(ctx.card) if ctx.card else None,
        )
        return equal

    # ------------------------------------------------------------ conditions

    def condition(self, c: A.Node, ctx: Context) -> bool:  # noqa: C901 - one branch per condition
        g = self.game
        run = g.current_run
        if isinstance(c, A.All):
            return all(self.condition(p, ctx) for p in c.parts)
        if isinstance(c, A.RunnerTagged):
            return g.runner.tags > 0
        if isinstance(c, A.RunSuccessful):
            return ctx.run is not None and ctx.run.successful and not ctx.run.ended
        if isinstance(c, A.CreditsAtMost):
            return g.player(ctx.side).credits <= c.value
        if isinstance(c, A.NoHand):
            return not g.player(ctx.side).hand
        if isinstance(c, A.HandAtMost):
            return len(g.player(ctx.side).hand) <= c.count
        if isinstance(c, A.TraceResult):
            return ctx.trace is not None and ctx.trace == c.success
        if isinstance(c, A.PsiResult):
            return ctx.psi_equal is not None and ctx.psi_equal == c.equal
        if isinstance(c, A.CountersAtLeast):
            return ctx.card is not None and ctx.card.counters.get(c.kind, 0) >= c.value
        if isinstance(c, A.RunInProgress):
            return run is not None and not run.ended
        if isinstance(c, A.RunOn):
            current = ctx.run or run
            if current is None:
                return False
            if c.server == "central":
                return current.server in CENTRALS
            if c.server == "remote":
                return current.server not in CENTRALS
            return current.server == c.server
        if isinstance(c, A.EncounteringSubtype):
            enc = ctx.encounter or (run.encounter if run is not None else None)
            return enc is not None and c.subtype in enc.ice.subtypes
        raise EngineError(tr("{text} is not a netrunner condition", text=repr(render(c))))


# ---------------------------------------------------------------- which side a text belongs to

# (the tables live in toolkit/engine/forms.py: lint reads them too, without importing the engine)
_RUNNER_NODES, _CORP_NODES, _CORP_TIMINGS = NETRUNNER_RUNNER_NODES, NETRUNNER_CORP_NODES, NETRUNNER_CORP_TIMINGS


def side_of_ability(ability: A.Ability) -> Side | None:
    """The side whose card would say this, when the text tells (a subroutine is the corp's, a run the runner's)."""
    votes: set[Side] = set()
    if ability.kind in ("subroutine", "runner_score_area") or ability.timing in _CORP_TIMINGS:
        votes.add("corp")
    for node in A.walk(ability):
        if isinstance(node, _RUNNER_NODES):
            votes.add("runner")
        elif isinstance(node, _CORP_NODES):
            votes.add("corp")
        elif (
            isinstance(node, A.PlayerLimit) and node.stat in ("memory", "link") and getattr(node, "who", "you") == "you"
        ):
            votes.add("runner")
        elif isinstance(node, A.LoseCredits | A.LoseClicks | A.GainTags) and node.who in SIDES:
            votes.add("corp" if node.who == "runner" else "runner")
        elif isinstance(node, A.SearchType) and node.zone in ZONE_SIDES:
            votes.add(ZONE_SIDES[node.zone])
        elif isinstance(node, A.Install) and node.card_type in CORP_TYPES + RUNNER_TYPES:
            votes.add(side_of_type(node.card_type))
        elif isinstance(node, A.Trash) and node.card_type in CORP_TYPES + RUNNER_TYPES:
            votes.add("runner" if side_of_type(node.card_type) == "corp" else "corp")
    return votes.pop() if len(votes) == 1 else None


def _times(effect: A.Node, times: int) -> A.Node:
    """``effect`` (one of :data:`_TOTALLED`) ``times`` over as one: its amount or count multiplied."""
    field = _TOTALLED[type(effect)]
    return dataclasses.replace(effect, **{field: getattr(effect, field) * times})


__all__ = ["Interpreter", "side_of_ability"]
