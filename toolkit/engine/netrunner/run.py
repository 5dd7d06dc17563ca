"""The run, step by step (RULINGS N5; seed 001 "潜袭").

Initiation (the server declared, bad-publicity credits for the run, 每当潜袭者发起潜袭时)
→ for each ice, outermost first: **approach** (the corp may rez the approached ice and
non-ice cards; paid abilities) → if the ice is rezzed, **encounter** (the runner boosts
and breaks subroutines one at a time with any of its icebreakers, paying as it goes;
then every unbroken subroutine resolves in order) → **movement** (the ice is passed;
the runner may jack out; the corp may rez non-ice cards) → after the innermost ice
(or with no ice) the runner has a last chance to jack out and the corp a last chance
to rez (seed: 他将有最后一次机会退出……公司将有最后一次机会激活卡牌) → **success**
(当潜袭成功时) → **access**, once the ability that made the run has resolved.
"终止潜袭" and jacking out make the run unsuccessful.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from toolkit.engine.phrase import Phrase, Term
from toolkit.i18n import Nn_, tr
from toolkit.i18n.words import N_
from toolkit.text import ast as A

from ..core import EngineError
from .decisions import Decision, Option
from .nodes import sentence_nodes, walked
from .state import CENTRALS, SEATS, Card, Context, Encounter, RunState, Sub, ability_text

if TYPE_CHECKING:
    from .game import NetrunnerGame

RUNNER = SEATS["runner"]
CORP = SEATS["corp"]



@dataclass(frozen=True)
class ClickBreak:
    """A runner's option on ice whose text lets the runner lose clicks to break its subroutines (a card
    script's ``runner_break``)."""

    ice: Card
    clicks: int
    count: int

class Runs:
    """Makes runs for one game."""

    def __init__(self, game: NetrunnerGame) -> None:
        self.game = game

    # ------------------------------------------------------------ the steps

    def targets(self, server: str) -> list[str]:
        """The servers a run effect on ``server`` may run now: ``server`` itself, or the ``central`` or ``remote``
        ones; none a card forbids running now (``may_run``). What :meth:`choose_server` chooses from, and what
        :meth:`~.actions.Actions.options` asks before it offers a run event (none: the event is not offered)."""
        g = self.game
        if server in g.servers:
            return [server] if g.may_run(server) else []
        if server == "central":
            return [n for n in CENTRALS if g.may_run(n)]
        if server == "remote":
            return [n for n, s in g.servers.items() if s.remote and g.may_run(n)]
        raise EngineError(
            tr("no server {server}; servers: {servers}", server=repr(server), servers=", ".join(g.servers))
        )

    def choose_server(self, server: str) -> str | None:
        """The server a run effect runs: ``server`` itself, or the runner's choice among ``central`` or ``remote``
        ones (:meth:`targets`); never one a card forbids running now (``may_run``): then None."""
        g = self.game
        options = self.targets(server)
        if server in g.servers:
            if not options:
                g.log.add("run_failed", RUNNER, reason=Phrase(N_("a card forbids running {server}"), server=Term("zone", server)))
                return None
            return server
        if not options:
            g.log.add("run_failed", RUNNER, reason=Phrase(N_("the corp has no {server} server"), server=Term("server_kind", server)))
            return None
        prompt = Phrase(N_("run on which {server} server"), server=Term("server_kind", server))
        return str(g.choose("runner", "server", prompt, options))

    def make_run(self, server: str) -> RunState:
        """Initiation to success; access follows in :meth:`finish_run`."""
        g = self.game
        if g.current_run is not None:
            raise EngineError(tr("a run is already in progress"))
        if server not in g.servers:
            raise EngineError(
                tr("no server {server}; servers: {servers}", server=repr(server), servers=", ".join(g.servers))
            )
        run = RunState(server, bad_pub_credits=g.corp.bad_publicity, redirect=g.next_redirect)
        g.next_redirect = None
        g.current_run = run
        g.log.add("run", RUNNER, server=server, bad_publicity_credits=run.bad_pub_credits)
        g.fire("run_begins", g.active_cards("runner") + g.active_cards("corp"))
        run.position = len(g.servers[server].ice)
        while True:  # run.server, not server: a card may move the run (then the runner goes through that server's ice)
            self._through_ice(run)
            if self._stopped(run):
                break
            run.step = "movement"
            self._movement(run)  # the last chance to jack out, then the corp's last chance to rez
            if not run.moved or self._stopped(run):
                break
            run.moved = False
        if not self._stopped(run) and run.server in g.servers:
            g.announce("approach_server", server=run.server)
        if not self._stopped(run) and run.redirect is not None and run.redirect in g.servers:
            g.log.add("run_redirected", RUNNER, server=run.server, to=run.redirect)
            run.server, run.redirect = run.redirect, None  # "treat it as a successful run on HQ instead"
        if not self._stopped(run) and any(block(g, src, run) for src, block in g.script_hooks("blocks_success")):
            g.log.add("success_blocked", RUNNER, server=run.server)  # not successful, and not ended by a card
            run.step = "over"
            return run
        if not self._stopped(run) and run.server in g.servers:
            run.step = "success"
            run.successful = True
            g.log.add("run_successful", RUNNER, server=run.server)
            root = [c for c in g.servers[run.server].root if c.rezzed]
            corp_cards = [g.corp.identity, *root, *g.corp.score_area, *(c for c in g.in_play if c.side == "corp")]
            g.fire("run_successful", g.active_cards("runner") + corp_cards, server=run.server)
        elif run.server not in g.servers and not self._stopped(run):
            run.ended = True
            g.log.add("end_run", None, ended=True, server=run.server, reason=Phrase(N_("the server no longer exists")))
        return run

    def _through_ice(self, run: RunState) -> None:
        """Approach, encounter and pass each piece of ice from ``run.position`` inward, with a movement step
        between them (N5); a move to another server goes on from there."""
        g = self.game
        while not self._stopped(run) and run.position > 0:
            if run.server not in g.servers:
                break
            ice_list = g.servers[run.server].ice
            run.position = min(run.position, len(ice_list))
            if run.position == 0:
                break
            ice = ice_list[run.position - 1]
            self._approach(run, ice)
            if self._stopped(run):
                break
            if run.moved:  # moved while approaching: approach the new server's outermost ice
                run.moved = False
                continue
            if not g.is_installed(ice):  # it left play as it was approached: never passed, the run goes on inward
                self._gone(run)
                continue
            if run.server not in g.servers or not 0 < run.position <= len(g.servers[run.server].ice):
                continue  # the ice is gone: approach what is there now
            ice = g.servers[run.server].ice[run.position - 1]  # swapped while approached: the new one is met
            if run.bypass_next:
                run.bypass_next = False
                g.log.add("bypass", RUNNER, ice=str(ice) if ice.rezzed else Phrase(N_("unrezzed ice")))
            elif ice.rezzed and g.is_installed(ice):
                self._encounter(run, ice)
            if self._stopped(run) or run.moved:
                run.moved = False
                continue
            if not g.is_installed(ice):  # trashed while encountered (its log says what it was): never passed
                self._gone(run)
                continue
            run.step = "movement"
            g.log.add("pass", RUNNER, ice=str(ice) if ice.rezzed else Phrase(N_("unrezzed ice")), server=run.server)
            g.announce("pass_ice", ice, ice=ice)
            if self._stopped(run) or run.moved:
                run.moved = False
                continue
            run.position -= 1
            if run.position > 0:
                self._movement(run)
                run.moved = False  # a move in this movement step set the position: go on from there

    def _gone(self, run: RunState) -> None:
        """The ice at the run's position left play as it was approached or encountered (trashed, say): the runner
        does not pass it (nothing that fires as ice is passed fires for it, and the log says no pass: its leaving
        play says what it was), and the run goes on from the movement step to the next position inward, as after a
        pass (N5)."""
        run.step = "movement"
        run.position -= 1
        if run.position > 0:
            self._movement(run)
            run.moved = False  # a move in this movement step set the position: go on from there

    def _stopped(self, run: RunState) -> bool:
        return run.ended or self.game.over

    def _approach(self, run: RunState, ice: Card) -> None:
        g = self.game
        run.step = "approach"
        g.announce("approach_ice", ice, ice=ice)
        if self._stopped(run) or run.moved:
            return
        ice_list = g.servers[run.server].ice if run.server in g.servers else []
        if 0 < run.position <= len(ice_list):
            ice = ice_list[run.position - 1]  # swapped as it was approached: the new ice is the one approached
        g.log.add(
            "approach",
            RUNNER,
            ice=str(ice) if ice.rezzed else Phrase(N_("unrezzed ice")),
            server=run.server,
            position=run.position,
        )
        self.paid_window("runner", run)
        if not self._stopped(run):
            self.corp_window(run, ice)

    def _movement(self, run: RunState) -> None:
        g = self.game
        self.paid_window("runner", run)
        if self._stopped(run):
            return
        if not g.confirm(
            "runner",
            "jack_out",
            Phrase(N_("run on {server}: continue or jack out?"), server=Term("zone", run.server)),
            yes="continue",
            no="jack_out",
        ):
            self.jack_out(Phrase(N_("the runner")), anytime=False)
            return
        self.corp_window(run, None)

    def paid_window(self, side: str, run: RunState) -> None:
        """A paid-ability window: the side uses abilities without clicks until it is done. It is asked only while
        it has something to use; in a game of two people the runner is asked every time when a card of its might
        offer something for a reason the corp cannot see (:meth:`~.game.NetrunnerGame.hidden_paid`: then "done" may
        be its only option), so that the corp's wait tells it nothing of the grip."""
        g = self.game
        forced = side == "runner" and g.people and g.hidden_paid("runner", "run")
        for _ in range(20):
            if self._stopped(run):
                return
            options = g.actions.paid_options(side, window="run")  # type: ignore[arg-type]
            if not options and not forced:
                return
            options.append(Option("done", Phrase(N_("done")), None))
            prompt = Phrase(
                N_("{step} ({server}): use a paid ability?"),
                step=Term("run_step", run.step),
                server=Term("zone", run.server),
            )
            option = g.ask(side, "paid", prompt, options, force=forced)  # type: ignore[arg-type]
            if option.value is None:
                return
            g.actions.take(option.value)

    def corp_window(self, run: RunState | None, ice: Card | None, prompt: Any = None) -> None:
        """The corp may rez the approached ice (paying its rez cost) and non-ice cards, and use paid abilities without
        a click. Outside a run (``run`` None, ``prompt`` saying when: the corp's turn begins, the runner is about to
        act, the runner's turn ends: :meth:`~.game.NetrunnerGame.rez_window`) it may rez non-ice cards only. It is
        asked only while there is something it can rez or use: a window that offers nothing asks nothing, and logs
        nothing either way (the runner learns nothing of one the corp passes). In a game of two people
        (:attr:`~.game.NetrunnerGame.people`) the corp is asked once even when it can do nothing ("done"
        its only option): whether the runner waits then tells it nothing of the corp's cards."""
        g = self.game
        for turn in range(20):
            if g.over if run is None else self._stopped(run):
                return
            options: list[Option] = []
            if (
                ice is not None
                and not ice.rezzed
                and g.is_installed(ice)
                and g.can_rez(ice)
            ):
                cost = g.rez_cost(ice)
                text = Phrase(N_("rez {card} for {n}{credit}"), card=str(ice), n=cost, credit="[credit]")
                options.append(Option(f"rez:{ice.ref}", text, ice))
            for card in g.installed("corp"):
                if (
                    card.type in ("asset", "upgrade")
                    and not card.rezzed
                    and g.can_rez(card)
                ):
                    cost = g.rez_cost(card)
                    text = Phrase(N_("rez {card} for {n}{credit}"), card=str(card), n=cost, credit="[credit]")
                    options.append(Option(f"rez:{card.ref}", text, card))
            options += g.actions.paid_options("corp", window="run")  # (no clicks: the "run" window's abilities)
            if not options and not (g.people and turn == 0):
                return
            options.append(Option("done", Phrase(N_("done")), None))
            if run is not None:
                prompt = Phrase(
                    N_("{step} ({server}): rez or use a paid ability?"),
                    step=Term("run_step", run.step),
                    server=Term("zone", run.server),
                )
            option = g.ask("corp", "rez", prompt, options, force=g.people)
            if option.value is None:
                return
            if isinstance(option.value, Card):
                g.rez(option.value)
            else:
                g.actions.take(option.value)

    # ------------------------------------------------------------ the encounter

    def _encounter(self, run: RunState, ice: Card) -> None:
        g = self.game
        run.step = "encounter"
        subs = [Sub(i, a) for i, a in enumerate((a for a in g.abilities(ice) if a.kind == "subroutine"), start=1)]
        encounter = Encounter(ice, subs)
        run.encounter = encounter
        met = g.log.add(
            "encounter",
            RUNNER,
            ice=str(ice),
            strength=g.strength_of(ice),
            subtypes=list(ice.subtypes),
            subroutines=len(subs),
        )
        g.announce("encounter", ice, ice=ice)
        if met.data.get("subroutines") != len(subs):  # (cards gave it subroutines as it was met, or took some)
            met.data["subroutines"] = len(subs)  # the entry says what the runner faces
        # (a game of two people: asked even with nothing to use when a card might offer something for a reason the
        # corp cannot see, :meth:`paid_window`)
        forced = g.people and g.hidden_paid("runner", "encounter")
        try:
            for _ in range(200):  # every boost or break is one decision; a runner runs out of credits first
                if self._stopped(run) or not g.is_installed(ice) or encounter.bypassed:
                    break
                options = self.break_options(encounter)
                options += g.actions.paid_options("runner", window="encounter")
                if not options and not forced:
                    break
                unbroken = sum(1 for s in subs if not s.broken)
                done = Phrase(Nn_("let {n} unbroken subroutine fire", "let {n} unbroken subroutines fire"), n=unbroken)
                options.append(Option("done", done, None))
                prompt = Phrase(N_("encountering {ice} (strength {n})"), ice=str(ice), n=g.strength_of(ice))
                option = g.ask("runner", "break", prompt, options, force=forced)
                if option.value is None:
                    break
                if isinstance(option.value, ClickBreak):
                    self.click_break(encounter, option.value)
                elif isinstance(option.value, tuple):
                    breaker, index = option.value
                    ability = g.abilities(breaker)[index]
                    g.log.add("use", RUNNER, card=str(breaker), text=ability_text(breaker, ability))
                    g.execute(ability, Context("runner", breaker, run, encounter=encounter))
                    g.announce("ability_used", breaker, card=breaker, index=index)
                else:
                    g.actions.take(option.value)
            for sub in subs:
                if self._stopped(run) or not g.is_installed(ice) or encounter.bypassed:
                    break
                if sub.broken:
                    continue
                g.log.add("subroutine", CORP, ice=str(ice), index=sub.index, text=ability_text(ice, sub.ability))
                g.execute(sub.ability, Context("corp", ice, run, encounter=encounter), pay=False)
        finally:
            for card in g.runner.rig:
                card.strength_bonus = 0
            run.encounter = None
            g.lift("encounter")
        if not g.over:
            g.announce("encounter_ends", ice, ice=ice)

    def break_options(self, encounter: Encounter) -> list[Option]:
        """Each boost and break the runner can use and pay for now: ``boost:<breaker>/<i>``, ``break:<breaker>/<i>``."""
        g = self.game
        ice = encounter.ice
        needed = g.strength_of(ice)
        unbroken = any(not s.broken for s in encounter.subs)
        out: list[Option] = []
        for breaker in g.runner.rig:
            if not g.may_break(ice, breaker):
                continue
            # a boost helps only a breaker that can break this ice (its read breaks; a scripted one may, too)
            fits = any(
                (isinstance(n, A.BreakSubroutine) and n.subtype in ice.subtypes) or isinstance(n, A.Scripted)
                for a in g.abilities(breaker)
                for n in walked(a)
            )
            for index, ability in enumerate(g.abilities(breaker)):
                if ability.kind != "paid":
                    continue
                ctx = Context("runner", breaker, g.current_run, encounter=encounter)
                if not g.interp.can_pay_costs(ability, ctx, clicks_ok=False):
                    continue
                nodes = sentence_nodes(ability)
                cost = sum(c.count for c in ability.costs if isinstance(c, A.CreditCost))
                text = Phrase(
                    N_("{card}: {text} ({n}{credit})"), card=str(breaker), text=ability_text(breaker, ability), n=cost, credit="[credit]"
                )
                boosts = any(isinstance(n, A.Strength) and n.delta > 0 for n in nodes)
                breaks = any(isinstance(n, A.BreakSubroutine) and n.subtype in ice.subtypes for n in nodes)
                # strength matters for icebreakers only: a card without strength breaks whatever the ice's
                strong = not self.has_strength(breaker) or g.strength_of(breaker) >= needed
                # boosting past the ice's strength, or once every subroutine is broken, does nothing more
                if boosts and not strong and fits and unbroken:
                    out.append(Option(f"boost:{breaker.ref}/{index}", text, (breaker, index)))
                elif not boosts and breaks and unbroken and strong:
                    out.append(Option(f"break:{breaker.ref}/{index}", text, (breaker, index)))
        for _, (clicks, count) in g.script_hooks("runner_break", [ice]):  # "Lose [click]: break 1 subroutine on this"
            if unbroken and g.runner.clicks >= clicks:
                text = Phrase(Nn_("lose {clicks}: break {n} subroutine of {ice}",
                                  "lose {clicks}: break {n} subroutines of {ice}"),
                              clicks="[click]" * clicks, n=count, ice=str(ice))  # fmt: skip
                out.append(Option(f"clickbreak:{ice.ref}", text, ClickBreak(ice, clicks, count)))
        return out

    def click_break(self, encounter: Encounter, cb: ClickBreak) -> None:
        """The runner loses the clicks, then breaks up to ``count`` subroutines of the ice, one decision each."""
        g = self.game
        runner = g.runner
        runner.clicks -= cb.clicks
        g.log.add("clicks", SEATS["runner"], side="runner", amount=-cb.clicks, clicks=runner.clicks,
                  reason=str(cb.ice))  # fmt: skip
        for _ in range(cb.count):
            left = [s for s in encounter.subs if not s.broken]
            if not left:
                break
            sub = g.choose("runner", "target", Phrase(N_("break a subroutine of {ice}"), ice=str(cb.ice)), left,
                           label=lambda s: f"sub:{s.index}", text=lambda s: _sub_text(cb.ice, s))  # fmt: skip
            self.mark_broken(cb.ice, sub, cb.ice)

    @staticmethod
    def has_strength(card: Card) -> bool:
        return getattr(card.record, "strength", None) is not None

    def break_with(self, ctx: Context, e: A.BreakSubroutine) -> None:
        """破解 X 个<子类型>子进程: the runner picks which unbroken subroutines (one ``break`` event each)."""
        g = self.game
        enc = ctx.encounter
        if enc is None or ctx.card is None:
            g.log.add("break_failed", RUNNER, reason=Phrase(N_("no ice is being encountered")))
            return
        ice = enc.ice
        if e.subtype not in ice.subtypes:
            reason = Phrase(N_("{ice} is not a {subtype}"), ice=str(ice), subtype=Term("subtypes", e.subtype))
            g.log.add("break_failed", RUNNER, ice=str(ice), reason=reason)
            return
        strength, needed = g.strength_of(ctx.card), g.strength_of(ice)
        if self.has_strength(ctx.card) and strength < needed:
            reason = Phrase(N_("strength {strength} is below {needed}"), strength=strength, needed=needed)
            g.log.add("break_failed", RUNNER, ice=str(ice), reason=reason)
            return
        unbroken = [s for s in enc.subs if not s.broken]
        chosen = g.choose_many(
            "runner",
            "subroutine",
            Phrase(N_("break a subroutine of {ice}"), ice=str(ice)),
            unbroken,
            e.count,
            label=lambda s: f"sub:{s.index}",
            text=lambda s: _sub_text(ice, s),
        )
        for sub in chosen:
            self.mark_broken(ice, sub, ctx.card)

    def mark_broken(self, ice: Card, sub: Sub, by: Card | None) -> None:
        """One subroutine of ``ice`` broken by ``by`` (a breaker, or the ice itself for a click-break): logged, and
        the ``subroutine_broken`` timing fired."""
        g = self.game
        sub.broken = True
        g.log.add("break", RUNNER, ice=str(ice), index=sub.index, by=str(by), text=ability_text(ice, sub.ability))
        g.announce("subroutine_broken", ice, ice=ice, index=sub.index, by=by)

    def move_run(self, server: str) -> None:
        """The run in progress moves to ``server``: the runner is at its outermost position, and what happens
        from then on (ice approached, success, breach) is of that server."""
        g = self.game
        run = g.current_run
        if run is None or run.ended or server not in g.servers:
            return
        g.log.add("run_moved", RUNNER, server=run.server, to=server)
        run.server = server
        run.position = len(g.servers[server].ice)
        run.moved = True

    def encounter(self, run: RunState, ice: Card) -> None:
        """The runner encounters ``ice`` (again, or out of the usual order, for a card that says so)."""
        self._encounter(run, ice)

    def access(self, run: RunState) -> None:
        """The cards of ``run``'s server accessed, as its breach accesses them (for a card that breaches again)."""
        self._access(run)

    def access_card(self, card: Card, server: str) -> None:
        """Access ``card`` (also outside a breach, for a card that says so): its access timing, then steal, trash
        or leave it, as in a breach."""
        self._access_card(card, server)

    # ------------------------------------------------------------ ending the run

    def end_run(self, why: str, by: Card | None = None) -> None:
        """The run ends (unsuccessful), unless a card keeps ``by`` (the card ending it: a piece of ice's subroutine,
        say) from ending it (``keep_run``: "subroutines on this barrier cannot end the run")."""
        g = self.game
        run = g.current_run
        if run is None or run.ended:
            g.log.add("end_run", None, ended=False, reason=Phrase(N_("no run in progress")))
            return
        for source, keep in g.script_hooks("keep_run"):
            if keep(g, source, by):
                g.log.add("end_run", None, ended=False, reason=Phrase(N_("{card} keeps the run going"),
                                                                     card=str(source)))  # fmt: skip
                return
        run.ended = True
        g.log.add("end_run", None, ended=True, server=run.server, reason=why)

    def jack_out(self, why: str, anytime: bool = True) -> None:
        """The runner jacks out (the run ends unsuccessfully at once: no more subroutines fire). N5 keeps the
        runner's basic jack out to the movement step, and :meth:`_movement` is the only place it is offered; a card
        that jacks the runner out (a paid ability, a card script) does it in any window of the run, an encounter's
        too. ``anytime`` False: a jack out of the movement step's kind, refused while encountering ice."""
        g = self.game
        run = g.current_run
        if run is None or run.ended:
            g.log.add("jack_out", RUNNER, jacked_out=False, reason=Phrase(N_("no run in progress")))
            return
        if run.encounter is not None and not anytime:  # N5: the basic jack out is a movement-step choice
            g.log.add("jack_out", RUNNER, jacked_out=False, reason=Phrase(N_("not while encountering ice")))
            return
        run.ended = run.jacked_out = True
        g.log.add("jack_out", RUNNER, jacked_out=True, server=run.server, reason=why)

    def finish_run(self) -> None:
        """Access (if the run was successful), then the run ends; bad-publicity credits vanish."""
        g = self.game
        run = g.current_run
        if run is None:
            return
        if run.successful and not run.ended and not g.over:
            run.step = "access"
            if run.instead_of_breach is not None:  # "instead of breaching the server, ...": no breach, no access
                g.log.add("breach_replaced", RUNNER, server=run.server)
                run.instead_of_breach()
            else:
                g.announce("breach", server=run.server)
                if not g.over:
                    self._access(run)
        run.step = "over"
        g.lift("run")
        successful = run.successful and not run.ended
        if not g.over:  # (a flatline or an agenda stolen during the run: nothing follows "game over")
            g.log.add("run_end", RUNNER, server=run.server, successful=successful)
        delayed, g.at_run_end = g.at_run_end, []
        for effect in delayed:  # a card's effect for "when this run ends", even if the card is gone
            if not g.over:
                effect(run, successful)
        g.run_history.append((g.turns, run.server, successful))
        if not g.over:
            g.announce("run_ends", run=run, server=run.server, successful=successful)
        g.current_run = None

    def _access(self, run: RunState) -> None:
        """The breach: the runner accesses the server's cards one at a time, in the order it chooses (N5, the
        published run timing): in a remote, its installed cards in any order; in R&D, the cards from the top in
        their order, and in HQ, cards at random, with the root's upgrades before, between or after them; in
        Archives, each card and upgrade in any order (a face-down card offered as such: the runner learns what it
        is by accessing it). The cards accessed go back as they were (seed 001: "将所有未被窃取或销毁的卡牌按照原状态
        放回"): one face down in Archives stays face down (the runner knows it:
        :meth:`~.game.NetrunnerGame.runner_knows`). It is asked only when it has a choice (:meth:`_next_access`)."""
        g = self.game
        count = 1 + run.extra_access
        server = g.servers.get(run.server)
        central: list[Card] = []  # the cards of R&D (from the top) or HQ (at random), in the order they come
        loose: list[Card] = []  # the cards of Archives, in any order
        if run.server == "rnd":
            central = list(reversed(g.corp.deck[-count:])) if count > 0 else []  # (deck[-0:] would be all of it)
        elif run.server == "hq":
            central = g.rng.sample(g.corp.hand, min(max(count, 0), len(g.corp.hand)))
        elif run.server == "archives":
            loose = list(g.corp.discard)  # (face up or face down: each goes back as it was)
        root = list(server.root) if server is not None else []
        # the depth of each card of R&D as the breach began (the corp is told "card n from the top" by it: a card
        # stolen or trashed before it has left the deck, and would shift the count)
        depths = {c.uid: n for n, c in enumerate(central, 1)} if run.server == "rnd" else {}
        if not central and not loose and not root:
            g.log.add("access", RUNNER, server=run.server, cards=0)
        while not g.over and not run.ended:  # an access may end the run (a trap's encounter, a card that says so)
            following = self._next_access(run, central, loose, root)
            if following is None:
                break
            self._access_card(following, run.server, depths.get(following.uid))

    def _next_access(self, run: RunState, central: list[Card], loose: list[Card], root: list[Card]) -> Card | None:
        """The next card to access, taken from its list: the runner's choice among the next card of R&D or HQ
        (offered as ``rnd`` or ``hq``: which card it is, the runner learns by accessing it), each card of Archives
        and each card of the root (by its label, a face-down one as the runner sees it: ``facedown#<n>``), when
        there are two or more; the options come in the order a breach took before the runner chose (the cards of
        the zone, then the root), so that the first is that order's. A card of Archives or of the root that has left
        it meanwhile is no longer accessed. None: nothing is left."""
        g = self.game
        server = g.servers.get(run.server)
        loose[:] = [c for c in loose if c in g.corp.discard]
        root[:] = [c for c in root if server is not None and c in server.root]
        values: list[Any] = ([run.server] if central else []) + loose + root
        if not values:
            return None
        if len(values) == 1:
            value = values[0]
        else:
            prompt = Phrase(N_("which card to access next in {server}?"), server=Term("zone", run.server))
            value = g.choose("runner", "access", prompt, values, text=_access_text)
        if isinstance(value, Card):
            (loose if value in loose else root).remove(value)
            return value
        return central.pop(0)

    def older_answer(self, decision: Decision) -> str | None:
        """What a game saved before the runner chose the order of its accesses answered, without being asked, to
        that question (:meth:`_next_access`), when a label replayed from it is no option of it: the order a breach
        took then, the first option. None for every other decision."""
        if decision.seat == RUNNER and decision.kind == "access" and decision.options:
            return decision.options[0].label
        return None

    def _steal_costs(self, card: Card) -> bool:
        """"As an additional cost to steal this agenda, ..." (the agenda's own ``steal_requires`` and the active
        cards'): the runner pays each, or does not steal it (the agenda stays where it is)."""
        g = self.game
        own = g.script_hooks("steal_requires", [card])
        others = [(s, h) for s, h in g.script_hooks("steal_requires") if s is not card]  # `can` says if it applies
        seen = self._seen_as(card)
        for source, (can, pay) in own + others:
            payable = can(g, card)
            if payable is None:  # the cost is not this agenda's (another card's, for agendas in its server, say)
                continue
            if not payable or not g.confirm(
                "runner", "steal", Phrase(N_("pay the additional cost to steal {card}?"), card=seen),
                yes=f"steal:{card.id}", no="leave",
                texts=(Phrase(N_("pay the cost and steal {card}"), card=seen),
                       Phrase(N_("leave {card} where it is"), card=seen)),
            ):  # fmt: skip
                self._private(g.log.add("steal_declined", RUNNER, card=str(card)), card)
                return False
            g.interp.resolving.append(source)  # the cost is the text of ``source`` (damage it costs is the corp's)
            try:
                pay(g, card)
            finally:
                g.interp.resolving.pop()
            if g.over:  # (a cost paid in damage flatlined the runner: no steal follows "game over")
                return False
        return True

    def _zone_of(self, card: Card) -> Any:
        """Where an accessed card is: its server, or the corp's deck, hand or discard (None: nowhere)."""
        g = self.game
        server = g.server_of(card)
        if server is not None:
            return server
        return next((z for z in (g.corp.deck, g.corp.hand, g.corp.discard) if card in z), None)

    def _secret(self, card: Card) -> bool:
        """Whether the card is in R&D or HQ: accessed there, only the runner sees it (it is not revealed)."""
        return card in self.game.corp.deck or card in self.game.corp.hand

    def _seen_as(self, card: Card) -> str:
        """An accessed card as the runner is told of it: in R&D or HQ by its name only (the number it has there
        would let the runner know the copy again later), elsewhere as any card (by the runner's handle for it)."""
        return card.name if self._secret(card) else str(card)

    def _private(self, event: Any, card: Card, position: int | None = None) -> None:
        """A log entry naming a card accessed in R&D or HQ: the runner is shown its name only; the corp is shown the
        access (which zone, and the position in R&D), and no other entry about it (ruling: accessed cards are
        private to the runner)."""
        if not self._secret(card):
            return
        g = self.game
        g.mask(event, RUNNER, card=card.name)
        if event.kind != "access":
            g.mask(event, CORP, hidden=True)
        elif position is not None:
            g.mask(event, CORP, card=Phrase(N_("card {n} from the top of {zone}"), n=position, zone=Term("zone", "rnd")))
        else:
            g.mask(event, CORP, card=Phrase(N_("a card in {zone}"), zone=Term("zone", "hq")))

    def _access_card(self, card: Card, server: str, depth: int | None = None) -> None:
        """Access ``card``; ``depth``: its place from the top of R&D as the breach began (else where it is now)."""
        g = self.game
        zone = self._zone_of(card)
        deck = g.corp.deck
        position = None if card not in deck else depth if depth is not None else len(deck) - deck.index(card)
        self._private(g.log.add("access", RUNNER, server=server, card=str(card)), card, position)
        g.runner_saw[card.uid] = card.hidden  # (it knows the card while it stays face down where it is)
        g.announce("access", card, card=card, server=server)
        if g.over or zone is None or self._zone_of(card) is not zone:  # trashed or moved away meanwhile
            return
        if card.type == "agenda":
            if g.forbidden("steal"):
                self._private(g.log.add("steal_forbidden", RUNNER, card=str(card)), card)
                return
            if not self._steal_costs(card):
                return
            g.steal(card)
            return
        cost = g.trash_cost(card)
        if (
            cost is not None
            and not g.forbidden("trash_accessed")
            and g.may_trash(card)
            and card not in g.corp.discard
            and g.can_pay("runner", cost, "trash")
            and g.confirm(
                "runner",
                "trash",
                Phrase(N_("trash {card} for {n}{credit}?"), card=self._seen_as(card), n=cost, credit="[credit]"),
                yes=f"trash:{card.id}",  # (the id only: the card's number is not the runner's to see in R&D or HQ)
                no="leave",
                texts=(Phrase(N_("trash {card}"), card=self._seen_as(card)), Phrase(N_("leave it"))),
            )
        ):
            g.pay("runner", cost, Phrase(N_("trashing {card}"), card=str(card)), "trash")
            origin = "hand" if card in g.corp.hand else "deck" if card in g.corp.deck else "installed"
            for zone in (g.corp.deck, g.corp.hand):
                if card in zone:
                    zone.remove(card)
            if g.is_installed(card):
                g.trash(card, Phrase(N_("trashed by the {side}"), side=Term("side", "runner")), by="runner")
            else:
                g.to_discard(card, Phrase(N_("trashed by the {side}"), side=Term("side", "runner")), faceup=True)
                g.announce("trashed", card, card=card, by="runner", rezzed=False, zone=origin)


def _access_text(value: Any) -> Phrase:
    """An option of the access order: a card as the runner sees it (a face-down one is shown as such whatever
    this says: :meth:`~.game.NetrunnerGame.ask`), or the next card of R&D or HQ, unseen."""
    if isinstance(value, Card):
        return Phrase(N_("{card} ({type})"), card=str(value), type=Term("type", value.type))
    return Phrase(N_("the next card from the top of R&D")) if value == "rnd" else Phrase(N_("a random card from HQ"))


def _sub_text(ice: Card, sub: Sub) -> Phrase:
    """A subroutine of ``ice`` as an option: its number and its text (a scripted one: the printed paragraph)."""
    return Phrase(N_("subroutine {index}: {text}"), index=sub.index, text=ability_text(ice, sub.ability))


def gain_subroutines(game: NetrunnerGame, encounter: Encounter, abilities: Sequence[A.Ability], first: bool = False,
                     by: Card | None = None) -> None:  # fmt: skip
    """The ice of ``encounter`` gains ``abilities`` as subroutines for this encounter: after its others, or before
    them (``first``); all are numbered again in their order (a broken one stays broken). Every card script that
    gives ice subroutines as it is met does it here, so that the log says so alike (``gain_subroutines``: how many,
    how many it has now, and ``by`` the card that gives them when it is not the ice): the runner reads what ice with
    none in its text may do from it the next time (:func:`.players._gained`)."""
    if not abilities:
        return
    subs = encounter.subs
    gained = [Sub(0, ability) for ability in abilities]
    subs[:] = [*gained, *subs] if first else [*subs, *gained]  # (the same list: the encounter fires its entries)
    for index, sub in enumerate(subs, start=1):
        sub.index = index
    giver = {"by": str(by)} if by is not None and by is not encounter.ice else {}
    game.log.add("gain_subroutines", CORP, ice=str(encounter.ice), count=len(abilities), subroutines=len(subs),
                 **giver)  # fmt: skip
