"""What a side may do: the basic actions of the game record (RULINGS N3), playing, installing,
advancing, scoring, rezzing, and paid abilities, each as a labelled option.

Labels (stable in every replay): ``draw``, ``credit``, ``install:<card>@<server>`` (the corp;
``@new`` for a new remote server; an agenda or asset trashes the one in that remote's root;
``install:<card>@<server>+trash``: ice that first trashes ice protecting the server, the corp
choosing which), ``install:<card>`` (the runner), ``play:<card>``,
``advance:<card>``, ``score:<card>``, ``rez:<card>``, ``trash_resource:<card>``, ``purge``,
``remove_tag``, ``run:<server>``, ``use:<card>/<ability index>``; ``<card>`` is ``id#uid``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from toolkit.engine.phrase import Phrase, Term
from toolkit.i18n import tr
from toolkit.i18n.words import N_
from toolkit.text import ast as A

from ..core import EngineError, said, side_word, type_word
from .decisions import Option
from .nodes import effect_nodes
from .state import SEATS, Card, Context, Side, ability_text

if TYPE_CHECKING:
    from .game import NetrunnerGame

_PREVENTS = {"damage": "PreventDamage", "tags": "AvoidTags", "trash": "PreventTrash"}


@dataclass(frozen=True)
class Action:
    """One thing a side may do. ``kind`` is a basic action id of the game record (``corp_install``, ``run``, …)
    or ``use`` (a paid ability: ``card`` and ``index``), ``rez`` or ``score``. ``clicks`` and ``credits`` are
    what taking it costs up front (install and play costs included)."""

    side: Side
    kind: str
    card: Card | None = None
    server: str | None = None
    index: int | None = None
    clicks: int = 0
    credits: int = 0
    trash: bool = False  # a corp install of ice that trashes ice protecting the server first

    def __str__(self) -> str:
        parts = [self.kind]
        if self.card is not None:
            parts.append(str(self.card))
        if self.index is not None:
            parts.append(f"ability {self.index}")
        if self.server is not None:
            parts.append(f"-> {self.server}")
        return " ".join(parts)

    @property
    def label(self) -> str:
        short = self.kind.removeprefix(f"{self.side}_")
        card = self.card.ref if self.card is not None else ""
        if short == "install" and self.side == "corp":
            return f"install:{card}@{'new' if self.server == 'new remote' else self.server}" + "+trash" * self.trash
        if short == "run":
            return f"run:{self.server}"
        if short == "use":
            return f"use:{card}/{self.index}"
        return f"{short}:{card}" if card else short


_OTHER_ACTIONS = {"score": Phrase(N_("score")), "rez": Phrase(N_("rez"))}  # actions the game record does not list


class Actions:
    """Lists and takes the actions of one game."""

    def __init__(self, game: NetrunnerGame) -> None:
        self.game = game

    def option(self, action: Action) -> Option:
        return Option(action.label, self.describe(action), action)

    def describe(self, action: Action) -> str:
        """The action for people: a Phrase (its English as the game record names the action)."""
        g = self.game
        basic = g.basic_actions.get(action.kind)
        if action.kind == "use" and action.card is not None and action.index is not None:
            text = ability_text(action.card, g.abilities(action.card)[action.index])
            return Phrase(N_("{card}: {text}"), card=str(action.card), text=text)
        if basic is not None:
            name: str = Term("actions", action.kind, basic.name.en or action.kind)
        else:
            name = _OTHER_ACTIONS[action.kind] if action.kind in _OTHER_ACTIONS else Term("actions", action.kind)
        if action.card is not None:
            name = Phrase(N_("{action}: {card}"), action=name, card=str(action.card))
        if action.server is not None:
            where = Term("zone", action.server)
            if action.kind == "corp_install":
                name = Phrase(N_("{action} in {server}"), action=name, server=where)
                for old in self.replaced(action):
                    name = Phrase(N_("{action}, trashing {card}"), action=name, card=str(old))
                if action.trash:
                    name = Phrase(N_("{action}, trashing ice protecting it first"), action=name)
            else:
                name = Phrase(N_("{action} on {server}"), action=name, server=where)
        if action.credits:
            name = Phrase(N_("{action} ({n}{credit})"), action=name, n=action.credits, credit="[credit]")
        return name

    def replaced(self, action: Action) -> list[Card]:
        """The cards a corp install trashes to make room (:meth:`~.game.NetrunnerGame.make_room`): the agenda or
        asset in the root of the remote an agenda or an asset is installed in."""
        server = self.game.servers.get(action.server or "")
        card = action.card
        if server is None or card is None or card.type not in ("agenda", "asset"):
            return []
        return [c for c in server.root if c.type in ("agenda", "asset")]

    # ------------------------------------------------------------ what may be done

    def options(self, side: Side, free: bool = True) -> list[Option]:
        """Every action ``side`` can afford now, in its action phase; ``free`` False leaves out those
        without a click (after many of them in one phase). Left out because they would only throw clicks
        away: drawing from an empty stack, trashing a resource the runner does not have, and paid
        abilities that do nothing now (boosts and breaks outside an encounter, prevention outside its
        window, removing tags the runner does not have, taking credits from a card that hosts none, installing
        from the hand when no card there can be installed: :meth:`installs`), and an event or paid ability that
        runs a server the runner may not run now (:meth:`runs_nowhere`: a remote server when the corp has none)."""
        g = self.game
        if g.over or g.current_run is not None:
            return []
        player = g.player(side)
        out: list[Action] = []

        def basic(
            kind: str,
            card: Card | None = None,
            server: str | None = None,
            extra: int = 0,
            purpose: str | None = None,
            more_clicks: int = 0,
            trash: bool = False,
        ) -> None:
            act = g.basic_actions.get(kind)
            if act is None or act.side != side:
                return
            clicks, credits = act.clicks + more_clicks, (act.credits or 0) + extra
            if player.clicks >= clicks and g.can_pay(side, credits, purpose or kind.removeprefix(f"{side}_")):
                out.append(Action(side, kind, card, server, clicks=clicks, credits=credits, trash=trash))

        prefix = f"{side}_"
        if player.deck:
            basic(prefix + "draw")
        basic(prefix + "credit")
        for card in player.hand:
            g.paying_for = card  # credits a card lets pay only for some cards know which one is asked about
            if card.type in ("operation", "event"):
                if g.may_play(card) and not any(self.runs_nowhere(a) for a in g.abilities(card) if a.kind == "effect"):
                    basic(prefix + "play", card, None, g.play_cost(card), "play", more_clicks=g.play_clicks(card))
            elif not g.may_install(card):
                continue
            elif side == "corp" and card.type in ("ice", "asset", "upgrade", "agenda"):
                for server in g.server_options(card):
                    basic("corp_install", card, server, g.install_cost(card, server), "install")
                    price = g.trashing_price(card, server)  # ice: trashing ice there first lowers the cost
                    if price is not None:
                        basic("corp_install", card, server, price, "install", trash=True)
            elif (
                side == "runner"
                and card.type in ("program", "hardware", "resource")
                and (card.type != "program" or int(card.record.memory_cost or 0) <= g.memory_limit())
            ):
                basic("runner_install", card, None, g.install_cost(card), "install")
        g.paying_for = None
        if side == "corp":
            for card in g.installed("corp"):
                if g.scorable(card) and free:
                    out.append(Action(side, "score", card))
                if g.can_advance(card):  # an agenda may be advanced past its requirement
                    basic("advance", card)
                if card.type in ("asset", "upgrade") and not card.rezzed and free and g.can_rez(card):
                    out.append(Action(side, "rez", card, credits=g.rez_cost(card)))
            if g.runner.tags:
                for card in g.runner.rig:
                    if card.type == "resource" and g.trash_resource_payable(card):
                        basic("trash_resource", card)
            basic("purge")
        else:
            if player.tags:
                basic("remove_tag")
            for server in g.servers:
                if g.may_run(server):
                    basic("run", None, server)
        options = [self.option(a) for a in out]
        options += [o for o in self.paid_options(side, window="action") if free or o.value.clicks]
        return options

    def paid_options(self, side: Side, window: str = "action", kind: str | None = None) -> list[Option]:
        """Paid abilities of ``side``'s active cards usable in ``window``: ``action`` (the action phase: clicks
        allowed), ``run`` and ``encounter`` (no clicks; ``run`` is also the corp's window outside a run, between
        the runner's actions and at a turn's end or start: :meth:`~.game.NetrunnerGame.rez_window`), or a
        prevention window (``damage``, ``tags``, ``trash``: only abilities that prevent that, of ``kind`` for
        damage)."""
        g = self.game
        out: list[Option] = []
        elsewhere = [c for c in g.zoned if c.side == side] if window == "action" else []
        active = g.active_cards(side)
        for card in [*active, *(c for c in elsewhere if c not in active)]:
            where = "play" if card in active else g.zone_of(card)
            for index, ability in enumerate(g.abilities(card)):
                if ability.kind != "paid" or g.part_zone(card, ability) != where:
                    continue
                if self.usable(side, card, ability, window, kind):
                    clicks = sum(c.count for c in ability.costs if isinstance(c, A.ClickCost))
                    credits = sum(c.count for c in ability.costs if isinstance(c, A.CreditCost))
                    out.append(self.option(Action(side, "use", card, None, index, clicks, credits)))
        return out

    def usable(self, side: Side, card: Card, ability: A.Ability, window: str, kind: str | None = None) -> bool:
        g = self.game
        ctx = Context(side, card, g.current_run)
        if not g.interp.can_pay_costs(ability, ctx, clicks_ok=window == "action"):
            return False
        nodes = effect_nodes(ability)
        scripted = [n for n in nodes if isinstance(n, A.Scripted)]
        if any(not g.scripted_usable(card, n, window) for n in scripted):
            return False
        roles = {g.scripted_role(card, n) for n in scripted}
        if any(role and role.startswith("prevent_") for role in roles):  # a scripted prevention: its window only
            return f"prevent_{window}" in roles
        prevents = [n for n in nodes if type(n).__name__ in _PREVENTS.values()]
        if window in _PREVENTS:
            wanted = _PREVENTS[window]
            return any(type(n).__name__ == wanted and (window != "damage" or getattr(n, "kind", None) in ("any", kind)) for n in prevents)
        if prevents:
            return False
        if any(isinstance(n, A.BreakSubroutine | A.Strength) for n in nodes):
            return False  # used through the encounter's own options
        # a card's jack out is a paid ability of any window of the run, the encounter's too (N5 keeps the runner's
        # basic jack out, not a card's, to the movement step)
        if any(isinstance(n, A.JackOut) for n in nodes) and (g.current_run is None or g.current_run.ended):
            return False
        effects = [e for s in ability.sentences for e in s.effects]
        run = g.current_run
        if effects and all(isinstance(e, A.EndRun) for e in effects) and (run is None or run.ended):
            return False  # (the corp's windows outside a run: no run to end)
        if effects and all(isinstance(e, A.RemoveTags) for e in effects) and not g.runner.tags:
            return False
        if effects and all(isinstance(e, A.TakeCredits) for e in effects) and not card.credits:
            return False
        if (
            effects
            and all(isinstance(e, A.Install | A.InstallHosted) for e in effects)
            and not self.installs(side, card, ability)
        ):
            return False
        if any(isinstance(n, A.Run) for n in nodes) and (window != "action" or g.current_run is not None):
            return False
        return not self.runs_nowhere(ability)

    def runs_nowhere(self, ability: A.Ability) -> bool:
        """Whether ``ability`` runs a server the runner may not run now (one of its effects, not one under a
        condition or a "you may": "run a remote server" when the corp has none, a server a card forbids): the run
        would fail at once, the click and credits spent for nothing. It asks what the run chooses from
        (:meth:`~.run.Runs.targets`)."""
        runs = [e for s in ability.sentences for e in s.effects if isinstance(e, A.Run)]
        return any(not self.game.runs.targets(e.server) for e in runs)

    def installs(self, side: Side, card: Card, ability: A.Ability) -> bool:
        """Whether ``card``'s ``ability``, whose effects install cards from the hand ("install 1 program on this
        card"), would install one now: a card of the type in the hand that ``side`` may install and pay for
        (memory, install cost) once the ability's own credits are paid, and for a hosting ability, ``card`` in the
        rig to host it."""
        g = self.game
        credits = sum(c.count for c in ability.costs if isinstance(c, A.CreditCost))
        before = g.paying_for
        try:
            for effect in (e for s in ability.sentences for e in s.effects):
                if isinstance(effect, A.InstallHosted) and (side != "runner" or card not in g.runner.rig):
                    continue
                for held in g.player(side).hand:
                    if held.type != getattr(effect, "card_type", None):
                        continue
                    g.paying_for = held  # (credits a card lets pay for some cards only)
                    if g.can_install(held) and (
                        not credits or g.can_pay(side, credits + g.install_cost(held), "install")
                    ):
                        return True
        finally:
            g.paying_for = before
        return False

    # ------------------------------------------------------------ doing it

    def take(self, action: Action) -> None:
        """Carry out one action of :meth:`options`."""
        g = self.game
        if action.kind == "score":
            assert action.card is not None
            g.score(action.card)
        elif action.kind == "rez":
            assert action.card is not None
            g.rez(action.card)
        elif action.kind == "use":
            assert action.card is not None and action.index is not None
            self.use_ability(action.side, action.card, action.index)
        else:
            self.basic(action.side, action.kind, action.card, action.server, action.trash)
        g.check_points()  # whatever the action changed: seven points win at once

    def basic(
        self, side: Side, action_id: str, card: Card | None = None, server: str | None = None, trash: bool = False
    ) -> None:
        """A basic action of the game record (RULINGS N3): its clicks and credits are paid first. ``trash``: a corp
        install of ice trashes ice protecting the server first (:meth:`~.game.NetrunnerGame.make_room`)."""
        g = self.game
        act = g.basic_actions.get(action_id)
        if act is None or act.side != side:
            known = sorted(a.id for a in g.basic_actions.values() if a.side == side)
            raise EngineError(
                tr(
                    "the {side} has no basic action {action}; actions: {actions}",
                    side=side_word(side),
                    action=repr(action_id),
                    actions=", ".join(known),
                )
            )
        if g.over:
            raise EngineError(tr("the game is over ({reason})", reason=said(g.end_reason)))
        kind = action_id.removeprefix(f"{side}_")
        if kind in ("install", "play") and (card is None or card not in g.player(side).hand):
            raise EngineError(
                tr("{action} needs a card from the {side}'s hand", action=action_id, side=side_word(side))
            )
        if kind == "play" and card is not None and not g.may_play(card):  # asked before its click is spent
            raise EngineError(tr("{card} cannot be played now", card=card))
        if kind == "advance" and (card is None or not g.can_advance(card)):
            raise EngineError(
                tr("{action} needs an installed agenda or a card whose text lets it be advanced", action=action_id)
            )
        if kind == "remove_tag" and not g.runner.tags:
            raise EngineError(tr("the runner has no tag to remove"))
        if kind == "trash_resource" and not g.runner.tags:
            raise EngineError(tr("the corp may trash a resource only while the runner is tagged"))
        more = g.play_clicks(card) if kind == "play" and card is not None else 0  # an additional cost in clicks
        g.spend_clicks(side, act.clicks + more, action_id)
        g.pay(side, act.credits or 0, action_id, kind)  # the purpose: remove_tag, trash_resource, advance, ...
        g.log.add("action", SEATS[side], action=action_id)
        if kind == "draw":
            g.draw(side, 1)
        elif kind == "credit":
            g.gain_credits(side, 1, action_id)
        elif kind == "install":
            assert card is not None
            g.install(side, card, server, trash_ice=trash)
        elif kind == "play":
            assert card is not None
            self.play_card(side, card)
        elif kind == "advance":
            assert card is not None
            g.place_advancement(card, 1, advancing=True)
            g.announce("advanced", card=card)
        elif kind == "remove_tag":
            g.remove_tags(1)
        elif kind == "trash_resource":
            resources = [c for c in g.runner.rig if c.type == "resource"]
            target = (
                card
                if card in resources
                else (g.choose("corp", "target", Phrase(N_("trash a resource")), resources) if resources else None)
            )
            if target is None:
                g.log.add("trash_failed", SEATS["corp"], reason=Phrase(N_("the runner has no resource")))
            else:
                for _, (can, pay_more) in g.script_hooks("trash_resource_requires"):
                    if can(g, target) is not None:  # an additional cost of this action (a card on the table's)
                        pay_more(g, target)
                g.trash(target, action_id, by="corp")
        elif kind == "purge":
            g.purge()
        elif kind == "run":
            where = g.runs.choose_server(server or "central")
            if where is not None:
                g.runs.make_run(where)
                g.runs.finish_run()

    def play_card(self, side: Side, card: Card) -> None:
        """Play an operation or event from the hand: pay its cost, resolve its text, then to the discard."""
        g = self.game
        player = g.player(side)
        if card.side != side or card.type not in ("operation", "event") or card not in player.hand:
            raise EngineError(
                tr("the {side} cannot play {card} ({type})", side=side_word(side), card=card, type=type_word(card.type))
            )
        g.pay(side, g.play_cost(card), Phrase(N_("playing {card}"), card=str(card)), "play")
        player.hand.remove(card)
        g.log.add("play", player.seat, card=str(card))
        g.announce("playing", card, card=card)  # as it is played (the card itself too), before it resolves
        for ability in g.abilities(card):
            if ability.kind == "effect":
                g.interp.execute(ability, Context(side, card, g.current_run), pay=False)
        if g.script_hooks("stays_in_play", [card]) and card not in g.removed:
            g.stay_in_play(card)
        elif card not in g.removed:  # "remove this card from the game" instead of the discard
            g.to_discard(card, "played", faceup=True)
        g.announce("played", card=card)

    def use_ability(self, side: Side, card: Card, index: int) -> None:
        """A paid ability (``<费用>：<效果>``) of an active card: pay its costs, then resolve it."""
        g = self.game
        abilities = g.abilities(card)
        if not 0 <= index < len(abilities) or abilities[index].kind != "paid":
            raise EngineError(tr("{card} has no paid ability {index}", card=card, index=index))
        zone = g.part_zone(card, abilities[index])
        where = "play" if card in g.active_cards(side) else g.zone_of(card)
        if card.side != side or zone != where:
            raise EngineError(tr("{card} is not an active {side} card", card=card, side=side_word(side)))
        g.log.add("use", SEATS[side], card=str(card), text=ability_text(card, abilities[index]))
        run = g.current_run
        g.interp.execute(abilities[index], Context(side, card, run, encounter=run.encounter if run else None))
        g.announce("ability_used", card, card=card, index=index)
