"""A whole game of the tactics game: set-up and deployment (§3), the turn (§9), actions (§11),
responses (§12), command cards on the board (§7.3) and the modes' win conditions (§15, T22).
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from toolkit.board import Board
from toolkit.engine.phrase import Phrase, Term
from toolkit.i18n import current_lang, name_of, tr, trn
from toolkit.i18n.words import N_
from toolkit.text import ast as A

from ..core import Decider, EngineError, Log, Triggers, check_texts, given_ability, rendered
from .attack import AttackRules, RecordSource, makes_attack
from .interp import Determined
from .specials import SpecialAbilities
from .state import Action, Card, Cell, Context, Player, Unit, copy_card, copy_unit, hidden_alias, hidden_from

OBSTACLE_COPIES = 2  # scene-obstacle pieces per record in the supply (a documented reading: the box holds two of each)
SCENE_OBSTACLES = 5  # standard deployment draws five (§3.1)
BASIC_ACTIONS = ("march", "strike", "aim", "resupply", "reinforce")


def default_map(records: Iterable[Any], mode: str, players: int) -> Any:
    """The first map (by id) made for ``mode`` that seats ``players``; a mode whose rules are unspecified
    (``status: "incomplete"``, 梦魇通廊, RULINGS T6) is refused as such: no map, deck or set-up is guessed for it."""
    records = list(records)
    record = next((r for r in records if getattr(r, "kind", None) == "mode" and r.id == mode), None)
    if record is not None and record.status == "incomplete":
        raise EngineError(mode_unspecified(record))
    maps = sorted((r for r in records if getattr(r, "kind", None) == "map"), key=lambda r: r.id)
    for record in maps:
        if mode in record.modes and record.players.min <= players <= record.players.max:
            return record
    raise EngineError(
        trn(
            "no tactics map is made for {mode} with {n} player ({directory})",
            "no tactics map is made for {mode} with {n} players ({directory})",
            players,
            mode=mode,
            n=players,
            directory="cards/tactics/maps/",
        )
    )


def mode_unspecified(mode: Any) -> str:
    """Why a mode marked ``status: "incomplete"`` cannot be played: the rules leave it unspecified (RULINGS T6)."""
    return tr(
        "the rules leave {mode} ({id}) unspecified, so no game of it can be played",
        mode=name_of(mode, current_lang()),
        id=mode.id,
    )


def _targets(ctx: Context, target: Any = None) -> list[str]:
    """The names of what was chosen for an action (``target``, then ``ctx``'s picks, each once): a unit or a card
    (``寒鸦#1``), a cell (``3,4``)."""
    things = [target] if target is not None else []
    if isinstance(ctx, Determined):
        for entries in ctx.picks.values():
            for picked in entries:
                things += list(picked or ())
    names = [f"{t[0]},{t[1]}" if isinstance(t, tuple) else str(t) for t in things]
    return list(dict.fromkeys(names))


def _listed(names: Sequence[str]) -> str | None:
    """Names as one, said as a list in each language (None: no name)."""
    if not names:
        return None
    out: str = names[0]
    for name in names[1:]:
        out = Phrase(N_("{first}, {second}"), first=out, second=name)
    return out


class TacticsGame(AttackRules):
    """A game of the tactical agents game on the records of one catalog, on one map."""

    def __init__(
        self,
        records: Iterable[Any],
        mode_id: str = "duo",
        players: int = 2,
        seed: int = 0,
        decider: Decider | None = None,
        decks: Sequence[Sequence[str]] | None = None,
        squads: Sequence[Sequence[str]] | None = None,
        opening_hand: bool = True,
        board: Board | str | None = None,
        setup: bool = True,
        draft: bool = False,
    ) -> None:
        records = list(records)
        if decks is not None:
            players = len(decks)
        super().__init__(records, mode_id, players, seed, decider)
        if isinstance(board, Board):
            self.board = board
        else:
            record = self.by_id.get(("map", board)) if board else default_map(self.records, mode_id, players)
            if record is None:
                maps = sorted(r.id for r in self.records if r.kind == "map")
                raise EngineError(tr("unknown tactics map {map}; maps: {maps}", map=repr(board), maps=", ".join(maps)))
            self.board = Board.from_record(record)
        self.started = False
        self.deploying = False
        # the seats asked at every response window even with no response to offer (their one option: to pass): the
        # people of a game of two people (a session sets it), so that being asked tells the others nothing of what
        # a seat holds; empty, the default: only a seat that has a response is asked
        self.always_asked: frozenset[int] = frozenset()
        self.specials = SpecialAbilities(self)  # special abilities and voluntary 暴露 at every timing point (T26)
        if draft:
            chosen: list[list[str]] = [[] for _ in self.players]
        else:
            chosen = [list(squads[i]) if squads else self.example_squad(i) for i in range(len(self.players))]
        deck_lists = [list(decks[i]) if decks else self.example_deck(chosen[i]) for i in range(len(self.players))]
        # every ability text this game can run is read before it starts (its log's first entry): one that is not in
        # the ability language stops it there, one line naming its file and place, not half-way through a game (nor
        # is it offered as an option that is refused when chosen); a record of the pool the game cannot reach is
        # not its concern (lint's)
        check_texts(self.records_in_play(chosen, deck_lists, draft))
        self.log.add(
            "setup",
            mode=self.mode.id,
            players=players,
            seed=seed,
            shop=self.mode.matrix_shop,
            map=self.board.map_id,
            teams={p.seat: p.team for p in self.players},
        )
        self.drafting = draft  # the squads come from the 轮抓 draft, the first step of set-up (§15.6, T7)
        if draft and len(self.players) != 2:
            raise EngineError(tr("the draft is for two players, not {n} ({rule})", n=len(self.players), rule="T7"))
        self._one_piece_per_agent(chosen)
        for index, player in enumerate(self.players):
            squad = chosen[index]
            for agent_id in squad:
                player.standby.append(self._agent(player.seat, agent_id))
            player.deck = [self._card(cid, player.seat) for cid in deck_lists[index]]
            self.rng.shuffle(player.deck)
            if not draft:
                self.log.add("deck", player.seat, cards=len(player.deck), squad=squad)
        if self.mode.matrix_shop:
            self.shop = [self._card(r.id, 0, shop=True) for r in self.records if r.kind == "card" and r.back == "shop"]
            self.rng.shuffle(self.shop)
            self.log.add("shop", cards=len(self.shop))
        if setup:
            self.set_up(opening_hand)

    # -- set-up helpers

    def records_in_play(
        self, squads: Sequence[Sequence[str]], decks: Sequence[Sequence[str]], draft: bool = False
    ) -> list[Any]:
        """The records whose ability texts a game with these ``squads`` and ``decks`` (agent and card ids) can run,
        each once, in the order found: the rules, the mode and the map; the basic and defence abilities; the squads'
        agents (every agent in a draft, whose decks may take any personal card too) with their built-in attacks;
        the decks' cards and the shop's (a mode with the matrix shop); the scene obstacles (standard deployment);
        then what those can bring into play: a minion card's unit, a token card an ability gives (「名」), and
        theirs in turn. Ids the pool lacks are left out (the set-up names them)."""
        from toolkit.models import iter_texts
        from toolkit.text import AbilitySyntaxError, parse_cached

        found: dict[tuple[str, str], Any] = {}

        def add(record: Any) -> None:
            if record is not None:
                found.setdefault((record.kind, record.id), record)

        add(self.rules)
        add(self.mode)
        add(self.by_id.get(("map", self.board.map_id)))
        mode = self.mode
        for record in self.records:
            kind = record.kind
            if (
                kind == "ability"
                or (kind == "agent" and draft)
                or (kind == "card" and draft and record.back == "personal" and record.token is None)
                or (kind == "card" and mode.matrix_shop and record.back == "shop")
                or (kind == "unit" and mode.scene_obstacles == "standard" and record.type == "obstacle"
                    and record.obstacle == "scene")
            ):  # fmt: skip
                add(record)
        for squad in squads:
            for agent_id in squad:
                add(self.by_id.get(("agent", agent_id)))
        for deck in decks:
            for card_id in deck:
                add(self.by_id.get(("card", card_id)))
        records = list(found.values())
        for record in records:  # (grows as it goes: what each brings into play)
            size = len(found)
            if record.kind == "agent":
                for attack_id in record.attacks:
                    add(self.by_id.get(("attack", attack_id)))
            elif record.kind == "card" and record.category == "minion" and record.minion:
                add(self.by_id.get(("unit", record.minion)))
            for _path, text in iter_texts(record):
                try:
                    ability = parse_cached(text)
                except AbilitySyntaxError:
                    continue  # (told by :func:`check_texts`)
                for node in A.walk(ability):
                    if isinstance(node, A.GainToken):
                        token = self.cards_by_name.get(node.name)
                        if token is not None and token.token is not None:
                            add(token)
            records += list(found.values())[size:]
        return records

    def example_squad(self, index: int = 0) -> list[str]:
        """The squad of the ``index``-th seat when none is given: the mode's starting count of agents, in id
        order, each seat after the ones before it (one piece per agent, T24); private agents (列兵) when the
        real ones run out."""
        agents = sorted(r.id for r in self.records if r.kind == "agent" and not r.private)
        privates = sorted(r.id for r in self.records if r.kind == "agent" and r.private)
        size = max(1, self.mode.starting_agents)
        squad = agents[index * size : (index + 1) * size]
        while len(squad) < size and privates:
            squad.append(privates[0])
        return squad

    def _one_piece_per_agent(self, squads: Sequence[Sequence[str]]) -> None:
        """T24 (§3.1, §7.2 "每张特工牌对应 1 枚棋子"): no agent is on two sides in one game; private agents
        (列兵), which every player has their own copies of, excepted. Every agent on two sides is named in the one
        refusal, in the order the squads list them."""
        seats: dict[str, list[int]] = {}
        for seat, squad in enumerate(squads, start=1):
            for agent_id in dict.fromkeys(squad):
                record = self.by_id.get(("agent", agent_id))
                if record is not None and not record.private:
                    seats.setdefault(agent_id, []).append(seat)
        lang = current_lang()
        shared = [
            tr(
                "{agent} ({id}) is in the squads of players {seats}",
                agent=name_of(self.by_id[("agent", agent_id)], lang),
                id=agent_id,
                seats=tr(", ").join(str(s) for s in where),
            )
            for agent_id, where in seats.items()
            if len(where) > 1
        ]
        if shared:
            raise EngineError(
                tr(
                    "{shared}: one piece per agent in a game, each agent on one side only ({rule})",
                    shared=tr("; ").join(shared),
                    rule="§7.2, T24",
                )
            )

    def example_deck(self, squad: Sequence[str]) -> list[str]:
        """A legal-looking deck: the mode's minimum size of distinct generic cards, then the squad's exclusives."""
        size = 10
        for rule in self.mode.deck_rules:
            if getattr(rule, "rule", None) == "deck_size":
                size = rule.min or rule.max or size
        pool = [
            r
            for r in sorted(self.records, key=lambda r: r.id)
            if r.kind == "card" and r.back == "personal" and r.token is None and (r.agent is None or r.agent in squad)
        ]
        names: set[str] = set()
        deck: list[str] = []
        for record in sorted(pool, key=lambda r: (r.agent is not None, r.id)):
            if record.name.zh_hans not in names and len(deck) < size:
                names.add(record.name.zh_hans)
                deck.append(record.id)
        return deck

    def _agent(self, seat: int, agent_id: str) -> Unit:
        record = self.by_id.get(("agent", agent_id))
        if record is None:
            raise EngineError(tr("unknown tactics agent {id}", id=repr(agent_id)))
        unit = Unit(self._next_uid(), agent_id, record.name.zh_hans, seat, "agent", record.hp, record.hp, record)
        unit.hidden = True  # 待命: face down on the player board (§2.2)
        unit.alias = hidden_alias(self.seed, unit.uid)
        return unit

    # -- set-up and deployment (§3, T19)

    def set_up(self, opening_hand: bool = True) -> None:
        """The draft (when asked for), scene obstacles, opening hands with one mulligan, deployment dice and
        starting deployment."""
        if self.drafting:
            self.draft_squads()
        if self.mode.scene_obstacles == "standard":
            self.place_scene_obstacles()
        if opening_hand:
            for player in self.players:
                self.draw(player.seat, self.rules.opening_hand)
            for player in self.players:
                self.mulligan(player.seat)
        self.deploy_starting_agents()
        self.start_game()

    def draft_squads(self) -> None:
        """轮抓 (§15.6, T7) as the first step of the game: the players pick agents from the face-up rows (the
        first player first); then each keeps the mode's largest squad of them (and 列兵, which every player
        has), those whose exclusive cards are in the deck first. No agent is on both sides (T24)."""
        from toolkit.decks.draft import run_draft

        agents = sorted(r.id for r in self.records if r.kind == "agent" and not r.private)
        privates = sorted(r.id for r in self.records if r.kind == "agent" and r.private)

        def pick(player: int, row: list[str]) -> str:
            self.hint = ("draft", row)
            return self.decider.choose(player + 1, Phrase(N_("draft: pick an agent")), row)

        result = run_draft(agents, privates, self.rng.randrange(2**31), pick)
        for entry in result.log:
            data = dict(entry)
            kind = str(data.pop("event"))
            seat = data.pop("player", None)
            self.log.add(f"draft_{kind}", seat, **data)
        size = max(1, self.mode.max_agents)
        for player, drafted in zip(self.players, result.squads, strict=True):
            exclusive = [c.record.agent for c in player.deck if c.record.agent is not None]
            options = sorted(drafted, key=lambda a: (-exclusive.count(a), -self.by_id[("agent", a)].hp, a))
            options += privates
            squad = list(self.decider.choose_many(player.seat, Phrase(N_("squad from the draft")), options, size))
            for agent_id in squad:
                player.standby.append(self._agent(player.seat, agent_id))
            swapped = self._deck_for_squad(player.seat, squad)
            self.log.add("deck", player.seat, cards=len(player.deck), squad=squad, swapped=swapped)
        self._one_piece_per_agent([[u.id for u in p.standby] for p in self.players])
        self.drafting = False

    def _deck_for_squad(self, seat: int, squad: Sequence[str]) -> int:
        """§15.6 "你可以使用列兵和你所选取的特工构筑你的…个人牌库": the deck keeps its size; exclusive cards of
        agents not drafted give way to the drafted squad's exclusive cards, then to generic cards it lacks (in
        id order, names unique, T2). Returns how many cards were swapped."""
        player = self.player(seat)
        keep = [c for c in player.deck if c.record.agent is None or c.record.agent in squad]
        out = len(player.deck) - len(keep)
        names = {c.name for c in keep}
        pool = sorted(
            (r for r in self.records if r.kind == "card" and r.back == "personal" and r.token is None),
            key=lambda r: (r.agent is None, r.id),  # the squad's exclusive cards first
        )
        for record in pool:
            if len(keep) >= len(player.deck):
                break
            if (record.agent is None or record.agent in squad) and record.name.zh_hans not in names:
                keep.append(self._card(record.id, seat))
                names.add(record.name.zh_hans)
        player.deck = keep
        self.rng.shuffle(player.deck)
        return out

    def place_scene_obstacles(self) -> None:
        """Standard deployment: five scene obstacles drawn at random, face down, on the map's obstacle cells."""
        pieces = [r for r in self.records if r.kind == "unit" and r.type == "obstacle" and r.obstacle == "scene"]
        supply = sorted(pieces, key=lambda r: r.id) * OBSTACLE_COPIES
        self.rng.shuffle(supply)
        spots = list(self.board.obstacle_spots)
        self.rng.shuffle(spots)
        for record, cell in zip(supply[:SCENE_OBSTACLES], spots, strict=False):
            unit = Unit(self._next_uid(), record.id, record.name.zh_hans, 0, "obstacle", record.hp, record.hp, record)
            unit.hidden = True
            unit.alias = hidden_alias(self.seed, unit.uid)
            self.place(unit, cell, None)
            self.obstacles.append(unit)
            self.log.add("scene_obstacle", unit=str(unit), cell=list(cell))
        if len(spots) < SCENE_OBSTACLES:
            self.log.add("scene_obstacles_short", spots=len(spots), wanted=SCENE_OBSTACLES)

    def deploy_starting_agents(self) -> None:
        """Deployment dice (starting agents + 1 d6 per player; a die naming a missing zone or matching another
        of the player's dice is a wildcard), then players place their starting agents alternately (T19)."""
        self.deploying = True
        plan: dict[int, list[Unit]] = {}
        dice: dict[int, list[int | None]] = {}
        for player in self.players:
            count = min(self.mode.starting_agents, len(player.standby))
            if count < len(player.standby):
                starters = self.decider.choose_many(
                    player.seat, Phrase(N_("starting agent")), list(player.standby), count
                )
            else:
                starters = list(player.standby)
            plan[player.seat] = list(starters)
            faces = [self.rng.randint(1, 6) for _ in range(count + 1)]
            wild: list[int | None] = [None if f not in self.board.zones or faces.count(f) > 1 else f for f in faces]
            dice[player.seat] = wild
            self.log.add("deployment_dice", player.seat, faces=faces, zones=[w or "wild" for w in wild])
        while any(plan.values()):
            for player in self.players:
                if not plan[player.seat]:
                    continue
                unit = plan[player.seat].pop(0)
                die = self.decider.choose(
                    player.seat, Phrase(N_("deployment die for {unit}"), unit=str(unit)), dice[player.seat]
                )
                dice[player.seat].remove(die)
                zone_cells = self.board.zones.get(die, ()) if die is not None else ()
                cells = list(zone_cells) or [c for z in sorted(self.board.zones) for c in self.board.zones[z]]
                options = self.free_cells(player.seat, cells) or self.free_cells(player.seat, self.board.cells())
                self.hint = ("deploy", unit)
                cell = self.decider.choose(
                    player.seat,
                    (
                        Phrase(N_("deploy {unit} (zone {zone})"), unit=str(unit), zone=die)
                        if die
                        else Phrase(N_("deploy {unit} (any zone)"), unit=str(unit))
                    ),
                    options,
                )
                self._enter(player.seat, unit, cell, hidden=self.mode.hidden_agents)
        self.deploying = False

    def _enter(self, seat: int, unit: Unit, cell: Cell, hidden: bool, tapped: bool = False) -> None:
        player = self.player(seat)
        if unit in player.standby:
            player.standby.remove(unit)
        self.place(unit, cell, None)
        self.hint = ("facing", unit)
        self.choose_facing(unit)
        unit.hidden = hidden
        unit.tapped = tapped
        player.units.append(unit)
        self.log.add(
            "deploy",
            seat,
            unit=str(unit),
            record=unit.id,
            cell=list(cell),
            facing=unit.facing,
            hidden=hidden,
            tapped=tapped,
        )

    def start_game(self) -> None:
        """§3.3: exposure is not checked during deployment; everything starts now (登场时 of the deployed)."""
        self.started = True
        self.log.add("game_start", units=len(self.units()))
        for seat in self.turn_order():
            for unit in list(self.player(seat).units):
                self.fire("on_enter", seat, unit=unit)
        self.check_exposure()
        self.check_victory()

    def reinforce(self, seat: int) -> None:
        """增援: one standby agent, tapped and hidden, on an outdoor cell without enemy units (T19)."""
        player = self.player(seat)
        if not player.standby:
            self.log.add("reinforce_failed", seat, reason=Phrase(N_("no standby agent")))
            return
        cells = self.free_cells(seat, [c for c in self.board.cells() if self.board.is_outdoor(c)])
        if not cells:
            self.log.add("reinforce_failed", seat, reason=Phrase(N_("no outdoor cell without enemy units")))
            return
        unit = self.decider.choose(seat, Phrase(N_("standby agent to deploy")), list(player.standby))
        self.hint = ("deploy", unit)
        cell = self.decider.choose(seat, Phrase(N_("deploy {unit} on an outdoor cell"), unit=str(unit)), cells)
        self._enter(seat, unit, cell, hidden=True, tapped=True)
        self.fire("on_enter", seat, unit=unit)
        self.check_exposure()

    # -- the turn (§9)

    def start_turn(self, seat: int) -> None:
        """Reset, mortgaged cards back to the hand, temporary HP gone (§8.1-§8.3), 回合开始时 triggers."""
        self.active = seat
        self.specials.new_point()
        player = self.player(seat)
        self.log.add("turn_start", seat, round=self.round)
        self._expire(seat, "your_next_turn_start")
        for unit in player.units:
            unit.tapped = False
            if unit.temp_hp:  # (§8.3 "临时生命值会在你的下个回合开始时消失")
                self.log.add("temp_hp_expired", seat, unit=str(unit), amount=unit.temp_hp)
            unit.temp_hp = 0
            for card in unit.equipment + unit.statuses:
                card.tapped = False
                self._may_switch(seat, card)  # tapped or not (§7.4.1 "即使其尚未横置")
        self.check_exposure()  # (a face reset or switched may give vision: 佩戴者获得背向视野)
        player.hand.extend(player.mortgage)
        if player.mortgage:
            self.log.add("mortgage_returned", seat, cards=len(player.mortgage))
        player.mortgage.clear()
        self.fire("turn_start", seat)

    def draw_phase(self, seat: int) -> None:
        """The mode's draw-phase rule text (e.g. 你抽 1 张牌。你购买 1 张牌。), executed for the player."""
        from toolkit.text import parse_cached

        self.log.add("draw_phase", seat)
        unit = self.player(seat).units[0] if self.player(seat).units else None
        for index, text in enumerate(self.mode.draw_phase):
            self.log.add("rule", seat, mode=self.mode.id, draw_phase=index, text=text)
            self.execute(parse_cached(text), Context(seat, None, unit))

    def end_turn(self, seat: int) -> None:
        """Hand limit: 8 minus mortgaged cards, tokens exempt (§2.3, §8.2, T4); with ``discard_from_mortgage`` (T8) a
        mortgaged card discarded raises the limit by 1 again, so the limit is worked out anew after each discard. The
        turn's end logs the hand and, when it holds tokens, the cards the limit counts (``counted``)."""
        self.fire("turn_end", seat)
        player = self.player(seat)

        def limit_now() -> int:
            return max(0, self.rules.hand_limit - len(player.mortgage))  # a hand cannot hold fewer than 0 cards

        def counted() -> list[Card]:
            return [c for c in player.hand if not c.token]  # what the limit counts, and what may be discarded

        while len(options := counted()) > (limit := limit_now()):
            if self.mode.discard_from_mortgage:
                options += player.mortgage
            card = self.decider.choose(seat, Phrase(N_("discard down to {n}"), n=limit), options)
            (player.hand if card in player.hand else player.mortgage).remove(card)
            self._to_discard(card, Phrase(N_("hand limit {n}"), n=limit))
        held = len(counted())
        if held == len(player.hand):
            self.log.add("turn_end", seat, hand=held, limit=limit)
        else:
            self.log.add("turn_end", seat, hand=len(player.hand), counted=held, limit=limit)
        self._expire(seat, "turn_end")

    # -- what a player may do (§11.1)

    def users(self, seat: int) -> list[Unit]:
        """The player's units that may use command cards: agents, and minions marked for it (§5.2)."""
        return [
            u
            for u in self.player(seat).units
            if not u.dying and (u.kind == "agent" or getattr(u.record, "can_use_command_cards", False))
        ]

    def card_user_ok(self, card: Card, unit: Unit, seat: int) -> bool:
        mortgageable = sum(1 for c in self.player(seat).hand if c is not card and not c.token)
        return self._user_ok(card.record, unit, mortgageable)

    def can_play(self, seat: int, card: Card) -> Unit | None:
        """The first unit that could play ``card`` in the main phase now, or None (响应牌 wait for a response
        timing; a status that names no target is not played directly, §7.3.2)."""
        record = card.record
        player = self.player(seat)
        if card not in player.hand or record.is_response:
            return None
        if record.category == "status" and (record.status.target == "none" or not self._status_targets(seat, card)):
            return None
        if record.category == "minion" and self.by_id.get(("unit", record.minion)) is None:
            return None
        return next((u for u in self.users(seat) if self.card_user_ok(card, u, seat)), None)

    def _status_targets(self, seat: int, card: Card) -> list[Unit]:
        """Units a status may be attached to: never an obstacle, which has no unit card to hold it (§7.3.2
        "如果生效目标没有单位牌可供贴附（如障碍），状态无法对其生效", T25)."""
        return [
            u for u in self.candidates(card.record.status.target, seat) if isinstance(u, Unit) and u.kind != "obstacle"
        ]

    # what a copy shares with its original: never changed in play (the records, the rules, the board, which is
    # replaced, not changed, when a wall falls) or kept per record (parsed texts)
    SHARED = frozenset({
        "records", "by_id", "rules", "mode", "cards_by_name", "board", "decider", "_parsed", "_continuous", "_shared",
    })  # fmt: skip
    # what :meth:`clone` copies itself; everything else is deep-copied (the cards and units in it mapped to theirs)
    CLONED = SHARED | {
        "players", "obstacles", "shop", "rng", "log", "triggers", "specials", "coverage", "occasions", "idle",
        "measures",
    }  # fmt: skip

    def clone(self, measure: bool = True) -> TacticsGame:
        """An independent copy of the game as it stands, for looking ahead: played on, it plays exactly as the
        original would with the same answers and dice (its own random generator, in the same state), and nothing
        done to it changes the original. Its log has no listeners. About 30 times cheaper than ``copy.deepcopy``:
        the records, rules, board and parsed texts are shared, the cards and units copied field by field.
        ``measure=False``: a copy without the coverage measure (:attr:`measures`; what a searcher plays on: the
        same play, about a tenth less time a rollout)."""
        new = object.__new__(type(self))
        state = new.__dict__
        state.update(self.__dict__)
        memo: dict[int, Any] = {id(shared): shared for shared in (self.records, self.by_id, self.rules, self.mode)}
        for record in self.records:
            memo[id(record)] = record

        def card(c: Card) -> Card:
            found = memo.get(id(c))
            if found is None:
                found = memo[id(c)] = copy_card(c)
            return found

        def unit(u: Unit) -> Unit:
            found = memo.get(id(u))
            if found is None:
                found = memo[id(u)] = copy_unit(u, card)
            return found

        def thing(x: Any) -> Any:
            return unit(x) if isinstance(x, Unit) else card(x) if isinstance(x, Card) else copy.deepcopy(x, memo)

        new.players = [
            Player(p.seat, p.team, [card(c) for c in p.deck], [card(c) for c in p.hand], [card(c) for c in p.discard],
                   [card(c) for c in p.mortgage], [card(c) for c in p.removed], [thing(x) for x in p.lost],
                   [unit(u) for u in p.units], [unit(u) for u in p.standby], [card(c) for c in p.board], p.score, p.out)
            for p in self.players
        ]  # fmt: skip
        new.obstacles = [unit(u) for u in self.obstacles]
        new.shop = [card(c) for c in self.shop]
        new.rng = random.Random()
        new.rng.setstate(self.rng.getstate())
        new.log = Log()
        new.log._events = list(self.log._events)  # events are frozen: shared
        new.triggers = Triggers(new.turn_order, self.triggers.decider, self.triggers.depth, self.triggers.fired,
                                list(self.triggers.chain))  # fmt: skip
        new.specials = SpecialAbilities(new)
        new.specials.used = set(self.specials.used)
        new.measures = self.measures and measure
        if new.measures:
            new.coverage = {key: list(entry) for key, entry in self.coverage.items()}
            new.occasions = self.occasions.copy()
            new.idle = {key: reasons.copy() for key, reasons in self.idle.items()}  # (keys: tuples of str and int)
        else:
            new.coverage, new.occasions, new.idle = {}, Counter(), {}
        for name, value in self.__dict__.items():
            if name not in self.CLONED:
                state[name] = copy.deepcopy(value, memo)
        return new

    def legal_actions(self, seat: int) -> list[Action]:
        actions: list[Action] = []
        player = self.player(seat)
        hand = player.hand
        users = self.users(seat)
        untokened = sum(1 for c in hand if not c.token)
        for card in hand:
            record = card.record
            if record.is_response:  # :meth:`can_play`, with the hand's mortgageable cards counted once per card
                continue
            if record.category == "status" and (record.status.target == "none" or not self._status_targets(seat, card)):
                continue
            if record.category == "minion" and self.by_id.get(("unit", record.minion)) is None:
                continue
            mortgageable = untokened - (not card.token)  # the others in the hand that are not tokens
            able = [u for u in users if self._user_ok(record, u, mortgageable)]
            if not able:
                continue
            faces = [f for f in self.playable_faces(card) if self._face_does_something(card, f)]
            for unit in able:
                actions += [Action("play", seat, unit, card, card, face=f) for f in faces]
        basics = self._basic_abilities()
        for unit in list(player.units):
            if unit.dying:
                continue
            own: list[Any] = [unit, *unit.equipment, *[c for c in unit.statuses if c.owner == seat]]
            found = [*basics, *[(source, index, ability) for source in own
                                for index, ability in self.indexed_abilities(source)
                                if ability.kind in ("active", "special")]]  # fmt: skip
            for source, index, ability in found:
                if ability.kind == "special" and not self.specials.unused(source, index):
                    continue
                payer = unit if isinstance(source, RecordSource | Unit) else source
                if not self.can_pay(ability.costs, seat, payer):
                    continue
                if not self._useful(source, ability, unit, seat):
                    continue
                actions.append(Action("ability", seat, unit, None, source, index, ability))
            if unit.hidden:
                actions.append(Action("expose", seat, unit))
            if unit.kind == "agent" and not unit.tapped:
                for obstacle in self.obstacles:
                    if not obstacle.gone and self.within(unit, obstacle, 0, 2):
                        actions.append(Action("scavenge", seat, unit, target=obstacle))
        actions.append(Action("end", seat))
        return actions

    def _basic_abilities(self) -> list[tuple[RecordSource, int, A.Ability]]:
        """The active and special abilities of the basic abilities every unit has (行进, 袭击, …), with their sources
        and indexes, made once for the game (and its copies: a basic ability's text never changes in play)."""
        found: list[tuple[RecordSource, int, A.Ability]] | None = self._shared.get("basics")
        if found is None:
            sources = [RecordSource(self.by_id[("ability", a)]) for a in BASIC_ACTIONS if ("ability", a) in self.by_id]
            found = self._shared["basics"] = [
                (source, index, ability) for source in sources for index, ability in self.indexed_abilities(source)
                if ability.kind in ("active", "special")
            ]  # fmt: skip
        return found

    def _user_ok(self, record: Any, unit: Unit, mortgageable: int) -> bool:
        """:meth:`card_user_ok` with the cards the hand could mortgage already counted."""
        if record.cost.tap and unit.tapped:
            return False
        if record.agent is not None and unit.id != record.agent:
            return False
        if record.category == "equipment" and unit.kind not in record.equipment.users:
            return False
        return bool(record.cost.mortgage <= mortgageable)

    def playable_faces(self, card: Card) -> list[str]:
        """The faces a card may be played with (§7.4.1): the front, and a reverse face not marked unplayable."""
        reverse = card.record.reverse
        return ["front", "reverse"] if reverse is not None and reverse.playable else ["front"]

    def _face_does_something(self, card: Card, face: str) -> bool:
        """A face played in the main phase does something: it is worn or attached, or has plain abilities."""
        if card.record.category in ("equipment", "status", "minion") or face == "front":
            return True
        return any(ab.kind in ("effect", "triggered") for _, ab in self.face_abilities(card, face))

    def _useful(self, source: Any, ability: A.Ability, unit: Unit, seat: int) -> bool:
        """Basic abilities that cannot do anything now are not offered (no standby agent to reinforce, …)."""
        record_id = source.record.id
        if record_id == "reinforce":
            return bool(self.player(seat).standby) and self._any_outdoor()
        if record_id == "strike":
            return not self.cannot(unit, "attack") and bool(self.profiles(unit))
        if record_id == "march":
            return not self.cannot(unit, "move")
        return True

    def _any_outdoor(self) -> bool:
        """Whether the board has an outdoor cell (where 增援 deploys), kept per board (a board never changes)."""
        board = self.board
        found = self._shared.get("outdoor")
        if found is None or found[0] is not board:
            found = self._shared["outdoor"] = (board, any(board.is_outdoor(c) for c in board.cells()))
        return bool(found[1])

    def take(self, action: Action) -> None:
        """Carry out one action: declare and pay, the opponents' responses (§12), then resolve."""
        seat = action.seat
        if self.winners is not None:
            raise EngineError(tr("the game is over"))
        if action.kind == "end":
            self.log.add("main_phase_end", seat)
        elif action.kind == "play":
            assert action.card is not None and action.unit is not None
            self.play_card(seat, action.card, action.unit, action.face)
        elif action.kind == "scavenge":
            assert action.unit is not None and action.target is not None
            self.scavenge(seat, action.unit, action.target)
        elif SpecialAbilities.is_special(action):
            self.specials.use(action, "main")
        else:
            self.use_ability(action)
        if not SpecialAbilities.is_special(action):
            self.specials.new_point()  # an action resolved: the next choice is a new timing point (T26)
        self.check_victory()

    def use_ability(self, action: Action) -> None:
        assert action.unit is not None and action.ability is not None
        seat, unit, source, ability = action.seat, action.unit, action.source, action.ability
        card = source if isinstance(source, Card) else None
        key = (source.record.id, action.index)
        ctx = Determined(seat, card, unit, source=key)
        self.log.add(
            "ability", seat, source=key[0], ability=key[1], unit=str(unit), timing=ability.kind, text=rendered(ability)
        )
        if ability.kind == "special":
            self.specials.mark_used(source, action.index)
        for cost in ability.costs:
            if isinstance(cost, A.TapCost) and card is None:
                unit.tapped = True
                self.log.add("tap", seat, what=str(unit), reason="cost")
            else:
                self._pay(cost, ctx)
        if source is unit and unit.kind == "agent":
            self.expose(unit, Phrase(N_("uses its own ability (§8.4)")))
        if ability.kind != "special":  # an action: its targets chosen, then the responses (§11.5, §12.2) ...
            self.determine([ability], ctx)
            if not makes_attack([ability]):  # ... those of an attack once its target is chosen (§13.1, T21)
                self.response_window(seat, ctx, action)
        if self.winners is None and not unit.gone:
            self.run_ability(ability, ctx, pay=False)

    def scavenge(self, seat: int, agent: Unit, obstacle: Unit) -> None:
        """正义的搜刮 (scene-obstacle reference card): tap an own agent; it moves 0-1, interacts with a target
        obstacle at distance 0-1 (turning it face up), and you move that obstacle 0-1."""
        agent.tapped = True
        self.log.add("scavenge", seat, unit=str(agent), obstacle=str(obstacle))
        self.response_window(seat, Context(seat, None, agent), Action("scavenge", seat, agent, target=obstacle))
        if agent.gone:
            return
        self.move(agent, 0, 1, reason=Phrase(N_("scavenging")))
        if obstacle.gone or not self.target_ok(agent, obstacle, (0, 1)):
            self.log.add("target_lost", seat, target=str(obstacle), ref=Phrase(N_("scavenging")))
            return
        self.expose(obstacle, Phrase(N_("scavenging")))
        obstacle.controller = seat
        try:
            self.move(obstacle, 0, 1, reason=Phrase(N_("scavenging")))
        finally:
            obstacle.controller = 0

    # -- command cards on the board (§7.3)

    def play_card(self, seat: int, card: Card, unit: Unit | None = None, face: str = "front") -> None:
        """Play a command card from the hand: pay, responses, then equip, attach, deploy or resolve it."""
        if unit is None:
            unit = self.can_play(seat, card)
        record = card.record
        player = self.player(seat)
        if unit is None or card not in player.hand or not self.card_user_ok(card, unit, seat):
            raise EngineError(tr("player {seat} cannot play {card} now", seat=seat, card=card))
        player.hand.remove(card)
        card.face = face
        self.log.add("play", seat, card=str(card), record=card.id, by=str(unit), category=record.category, face=face)
        if record.cost.mortgage:
            self.mortgage(seat, record.cost.mortgage, required=True)
        if record.cost.tap:
            unit.tapped = True
            self.log.add("tap", seat, what=str(unit), reason="cost")
        if record.agent is not None:
            self.expose(unit, Phrase(N_("plays an exclusive card (§8.4)")))
        ctx = Determined(seat, card, unit)
        attach_to = self._determine_play(card, ctx)
        if not self._plays_attack(card):  # (an attack's responses come once its target is chosen: §13.1, T21)
            self.response_window(seat, ctx, Action("play", seat, unit, card, card, face=face), attach_to)
        if self.winners is not None or unit.gone:
            self._to_discard(card, Phrase(N_("its player's unit left play")))
            return
        for index, ability in self.indexed_abilities(card):
            if ability.kind == "triggered" and ability.timing == "on_play":
                self.log.add("trigger", seat, timing="on_play", source=card.id, ability=index, text=rendered(ability))
                self.run_ability(ability, Context(seat, card, unit, source=(card.id, index)), pay=False)
        if record.category == "equipment":
            self.equip(unit, card)
        elif record.category == "status":
            if attach_to is None:
                self._to_discard(card, Phrase(N_("no unit to attach it to")))
                return
            if not any(attach_to is u for u in self._status_targets(seat, card)):  # gone, or no longer legal (§11.6)
                self._to_discard(card, Phrase(N_("{unit}, which it was to be attached to, is gone or no longer legal"),
                                              unit=str(attach_to)))  # fmt: skip
                return
            self.attach(attach_to, card)
        elif record.category == "minion":
            minion = self.deploy_minion(seat, record.minion, unit, card)
            if minion is None:
                self._to_discard(card, Phrase(N_("no cell to deploy the minion")))
                return
            self._resolve_effects(card, Determined(seat, card, unit, picks=ctx.picks))
        else:
            self._resolve_effects(card, ctx)
            if card not in player.removed:
                self._to_discard(card, "resolved")

    def _plays_attack(self, card: Card) -> bool:
        """Whether playing ``card`` is an attack action: a card resolved by its effects (not worn, attached or
        deployed) that makes an attack (:func:`makes_attack`); its one response window is its attack's."""
        if card.record.category in ("equipment", "status", "minion"):
            return False
        return makes_attack([ability for _, ability in self.indexed_abilities(card) if ability.kind == "effect"])

    def _determine_play(self, card: Card, ctx: Determined) -> Unit | None:
        """§11.5: what playing ``card`` names, chosen before the responses: the unit a status is to be attached to
        (returned; None when there is none), or the targets and choices of the card's effects (:meth:`determine`).
        Equipment is worn by the unit playing it: nothing to choose."""
        record = card.record
        if record.category == "status":
            targets = self._status_targets(ctx.player, card)
            if not targets:
                return None
            self.hint = ("status", card)
            unit: Unit = self.decider.choose(ctx.player, Phrase(N_("attach {card} to"), card=str(card)), targets)
            self.log.add("target_chosen", ctx.player, target=str(unit), card=str(card))
            return unit
        if record.category != "equipment":
            self.determine([ability for _, ability in self.indexed_abilities(card) if ability.kind == "effect"], ctx)
        return None

    def _resolve_effects(self, card: Card, ctx: Context, kinds: tuple[str, ...] = ("effect",)) -> None:
        """The card's abilities of ``kinds``, top to bottom (§7.3.4), with what was chosen for them when the action
        was determined (``ctx``'s picks, §11.5)."""
        picks = ctx.picks if isinstance(ctx, Determined) else {}
        for index, ability in self.indexed_abilities(card):
            if ability.kind in kinds and self.winners is None:
                self.log.add("resolve", ctx.player, source=card.id, ability=index, text=rendered(ability))
                self.run_ability(
                    ability,
                    Determined(ctx.player, card, ctx.unit, attack=ctx.attack, source=(card.id, index), picks=picks),
                    pay=False,
                )

    def deploy_minion(self, seat: int, unit_id: str, by: Unit | None = None, card: Card | None = None) -> Unit | None:
        """A minion enters where its card says, relative to the agent that played it (§7.3.3); its card
        stays on the player board."""
        record = self.by_id.get(("unit", unit_id))
        if record is None or record.type != "minion":
            raise EngineError(tr("{id} is no minion", id=repr(unit_id)))
        where = record.deploy
        cells: list[Cell]
        if where.position == "deployment_zone" or by is None or by.pos is None:
            cells = [c for z in sorted(self.board.zones) for c in self.board.zones[z]]
        elif where.position == "same_coordinate":
            cells = [by.pos]
        else:
            reach = 1 if where.position == "adjacent" else (where.distance or 0)
            low = 1 if where.position == "adjacent" else 0
            cells = [
                c for c in self.board.cells() if (d := self.board.distance(by.pos, c)) is not None and low <= d <= reach
            ]
        options = self.free_cells(seat, cells)
        if not options:
            self.log.add("deploy_failed", seat, unit=unit_id, reason=Phrase(N_("no free cell")))
            return None
        unit = Unit(self._next_uid(), unit_id, record.name.zh_hans, seat, "minion", record.hp, record.hp, record)
        unit.alias = hidden_alias(self.seed, unit.uid)
        unit.card = card
        if card is not None:
            self.player(seat).board.append(card)
        self.hint = ("deploy", unit)
        cell = self.decider.choose(seat, Phrase(N_("deploy {unit}"), unit=str(unit)), options)
        self._enter(seat, unit, cell, hidden=where.hidden, tapped=where.tapped)
        self.fire("on_enter", seat, unit=unit)
        self.check_exposure()
        return unit

    # -- responses (§12)

    def response_options(self, seat: int, ctx: Context) -> list[Action]:
        """What ``seat`` may answer with (§12.1): a response card played from the hand by any of its units that may
        play it (one option per card, face and unit), or a 响应 ability of one of its units or of the equipment they
        wear (paying its cost). A card whose 响应 is not its first ability (光学迷彩's 响应 横置) is no response card:
        that ability is used only while the card is worn (§7.4.3)."""
        out: list[Action] = []
        player = self.player(seat)
        users = [u for u in self.users(seat) if not self.cannot(u, "respond")]
        for card in player.hand:
            for face in self.playable_faces(card):
                if not self.response_card(card, face):
                    continue
                out += [
                    Action("play", seat, u, card, card, face=face) for u in users if self.card_user_ok(card, u, seat)
                ]
        for unit in users:
            sources: list[Any] = [unit, *unit.equipment]
            for source in sources:
                for index, ability in self.kind_abilities(source, "response"):
                    if self.can_pay(ability.costs, seat, source):
                        out.append(Action("ability", seat, unit, None, source, index, ability))
        return out

    def response_card(self, card: Card, face: str = "front") -> bool:
        """Whether ``card`` played with ``face`` is a response card: the first ability of that face is a 响应
        (§7.4.3 "判断方式：能力框第一个能力为响应牌")."""
        abilities = self.face_abilities(card, face)
        return bool(abilities) and abilities[0][1].kind == "response"

    def response_window(self, seat: int, ctx: Context, action: Action | None = None, target: Any = None) -> None:
        """Each opponent in seat order from the next may declare one response; they resolve last declared
        first, before the action (§12.2, §12.3). The question says what is answered (:meth:`action_words`: the
        ``action`` taken, or ``ctx``'s attack, with its targets chosen: ``ctx``'s picks, and ``target``). An
        opponent with no response is not asked, unless it is one of :attr:`always_asked` (then it may only pass)."""
        if not self.started or self.winners is not None:
            return
        about: Callable[[int], str] = lambda viewer: self.action_words(viewer, ctx, action, target)  # noqa: E731
        self.specials.window("response", about)
        if self.winners is not None:
            return
        declared: list[tuple[Action, Context]] = []
        for other in self.opponents(seat):
            options = self.response_options(other, ctx)
            if not options and (other not in self.always_asked or self.player(other).out):
                continue
            self.hint = ("response", ctx)
            pick = self.decider.choose(other, Phrase(N_("respond to {action}?"), action=about(other)), [*options, None])
            if pick is None:
                continue
            declared.append((pick, self._declare_response(pick, ctx)))
        for answer, rctx in reversed(declared):
            self._resolve_response(answer, rctx)

    def action_words(self, viewer: int, ctx: Context, action: Action | None = None, target: Any = None) -> str:
        """What is answered at a response window, as ``viewer`` is asked it: the attack of ``ctx`` (no ``action``:
        :meth:`attack_words`), a card played and its player, an ability used (its card, the basic ability's name or,
        a unit's own, its text: not that of a unit hidden from ``viewer``), 正义的搜刮 and its obstacle; with the
        targets chosen for it (§11.5). Units and cards by name (``寒鸦#1``), as the log names them: a decision's
        prompt is masked for its seat (``hidden#N``)."""
        if action is None:
            return self.attack_words(ctx.attack) if ctx.attack is not None else Phrase(N_("an action"))
        unit = str(action.unit)
        if action.kind == "scavenge":
            return Phrase(N_("{unit} scavenging {obstacle}"), unit=unit, obstacle=str(action.target))
        targets = _listed(_targets(ctx, target))
        if action.kind == "play" and action.card is not None:
            if targets is None:
                return Phrase(N_("{card}, played by {unit}"), card=str(action.card), unit=unit)
            return Phrase(N_("{card}, played by {unit}, on {targets}"), card=str(action.card), unit=unit,
                          targets=targets)  # fmt: skip
        source, ability = action.source, action.ability
        named: str
        if isinstance(source, Card):
            named = str(source)
        elif isinstance(source, Unit):  # a unit's own ability: its text, unless the unit is hidden from the viewer
            named = (Phrase(N_("its own ability")) if hidden_from(source, viewer) or ability is None
                     else Phrase(N_("its ability {text}"), text=rendered(ability)))  # fmt: skip
        else:
            named = Term("record", source.record.id)
        if targets is None:
            return Phrase(N_("{unit} using {ability}"), unit=unit, ability=named)
        return Phrase(N_("{unit} using {ability}, on {targets}"), unit=unit, ability=named, targets=targets)

    def _declare_response(self, action: Action, ctx: Context) -> Context:
        seat, unit = action.seat, action.unit
        assert unit is not None
        if action.card is not None and action.kind == "play":
            card = action.card
            self.player(seat).hand.remove(card)
            card.face = action.face
            self.log.add("respond", seat, card=str(card), record=card.id, by=str(unit), face=card.face)
            if card.record.cost.mortgage:
                self.mortgage(seat, card.record.cost.mortgage, required=True)
            if card.record.cost.tap:
                unit.tapped = True
            if card.record.agent is not None:
                self.expose(unit, Phrase(N_("plays an exclusive card (§8.4)")))
            cctx = Determined(seat, card, unit, attack=ctx.attack)
            self.determine([ability for _, ability in self.indexed_abilities(card) if ability.kind == "response"], cctx)
            return cctx
        source = action.source
        used = source if isinstance(source, Card) else None
        key = (source.record.id, action.index)
        self.log.add("respond", seat, source=key[0], ability=key[1], unit=str(unit))
        rctx = Determined(seat, used, unit, attack=ctx.attack, source=key)
        for cost in action.ability.costs if action.ability else ():
            self._pay(cost, rctx)
        if source is unit and unit.kind == "agent":
            self.expose(unit, Phrase(N_("uses its own ability (§8.4)")))
        if action.ability is not None:
            self.determine([action.ability], rctx)  # a response is determined when declared, too (§11.5)
        return rctx

    def _resolve_response(self, action: Action, rctx: Context) -> None:
        if self.winners is not None or (rctx.unit is not None and rctx.unit.gone):
            if action.kind == "play" and action.card is not None:
                self._to_discard(action.card, Phrase(N_("its unit left play")))
            return
        if action.kind == "play" and action.card is not None:
            self._resolve_effects(action.card, rctx, kinds=("response",))
            if action.card not in self.player(action.seat).removed:
                self._to_discard(action.card, "resolved")
        elif action.ability is not None:
            self.log.add(
                "resolve",
                action.seat,
                source=rctx.source[0] if rctx.source else None,
                ability=rctx.source[1] if rctx.source else None,
                text=rendered(action.ability),
            )
            self.run_ability(action.ability, rctx, pay=False)

    # -- taking control (§5.4, T11)

    def take_control(self, unit: Unit, seat: int) -> None:
        """The unit card and everything attached move to ``seat``'s board; the owner keeps ownership."""
        if unit.kind == "obstacle" or unit.gone:
            raise EngineError(tr("{unit} cannot change control", unit=unit))
        old = self.player(unit.seat)
        old.units.remove(unit)
        if unit.card is not None and unit.card in old.board:
            old.board.remove(unit.card)
            self.player(seat).board.append(unit.card)
        unit.controller = seat
        self.player(seat).units.append(unit)
        self.log.add("control", seat, unit=str(unit), owner=unit.owner)
        self.check_statuses(unit)
        self.leave_hostile_cell(unit)

    def leave_hostile_cell(self, unit: Unit) -> None:
        """No unit shares a cell with a hostile one (§3.3 "不可与敌方单位坐标重叠", §5.2, T18): a unit whose control
        changed where its former friends stand (own units may share a cell) goes to the nearest cell without a hostile
        unit, chosen by its new controller, as units go out of a cell that became a wall (T20; Dossier's reading:
        the seed is silent on control changes). The units it left stay where they are."""
        cell = unit.pos
        if cell is None or unit.gone or not any(u is not unit and u.pos == cell and self.hostile(unit.seat, u.seat)
                                                for u in self.units()):  # fmt: skip
            return
        options = self.nearest_free(unit, cell)
        if not options:  # (a map with no cell free of its enemies: it stays)
            return
        asked = Phrase(N_("where {unit} goes off the cell of a hostile unit"), unit=str(unit))
        dest = self.decider.choose(unit.seat, asked, options)
        unit.pos = dest
        reason = Phrase(N_("it shared a cell with a hostile unit (§3.3)"))
        self.log.add("pushed", unit.seat, unit=str(unit), to=list(dest), reason=reason)

    def check_statuses(self, unit: Unit) -> None:
        """A status whose target is no longer legal self-destructs (§7.3.2 "当生效对象不合法或离场时，该状态牌自毁"):
        once control has changed, one for 敌方单位 on a unit its owner now controls, say. A status that names no
        target ("不会标注生效对象": it is attached by other means) is never checked."""
        for card in list(unit.statuses):
            if card.record.status.target != "none" and unit not in self._status_targets(card.owner, card):
                self.self_destruct(card, Phrase(N_("its target is no longer legal (§7.3.2)")))

    # -- winning (§15, T12, T22)

    def score_destroyed(self, unit: Unit) -> None:
        """先发制人 as the agent is destroyed (§15.2 "消灭敌方特工的玩家得到 1 分，得到 2 分的玩家获得游戏胜利"): the
        player whose unit destroyed it scores 1 and, reaching the mode's points, wins there with their teammate
        (T22), before the destroyed agent's 最后一击 (§13.1.2) could score for its own player."""
        if "first_blood" not in self.mode.victory or unit.kind != "agent" or self.winners is not None:
            return
        by = unit.destroyed_by
        if not by or not unit.owner or not self.hostile(by, unit.owner):
            return
        player = self.player(by)
        player.score += 1  # per player, as §15.2 writes it (T22 revised): teammates do not pool
        self.log.add("point", by, team=self.team_of(by), unit=str(unit), score=player.score)
        points = self.mode.first_blood_points
        if points and player.score >= points and self.started:
            self._win(self._team(by), "first_blood")

    def check_victory(self) -> None:
        """先发制人: the first player with the mode's points wins, with their teammate (T22); 尘消: a player
        with no 非己方 agent on the map wins
        (agents standing by do not count, T12; teammates are not 非己方, T22). An agent destroyed (消灭) counts as
        gone here, before it reaches the lost zone: on the map for nobody, keeping no player in. With no agent left on
        the map, play goes on only while a player with agents standing by has a unit on the map to use 增援 with
        (:meth:`_can_reinforce`); otherwise the one team still in wins, or nobody (``no_agents_left``). A player going
        out while the game goes on takes what it controls out of play (:meth:`_clear_out`)."""
        if self.winners is not None or not self.started:
            return
        gone: list[int] = []
        for player in self.players:
            agents = any(u.kind == "agent" and not u.dying for u in player.units)  # (one destroyed counts as gone)
            if not player.out and not player.standby and not agents:
                player.out = True
                self.log.add("out", player.seat, reason=Phrase(N_("no agent left")))
                gone.append(player.seat)
        self._decide()
        if self.winners is None:
            for seat in gone:
                self._clear_out(seat)

    def _decide(self) -> None:
        if "first_blood" in self.mode.victory and self.mode.first_blood_points:
            for player in self.players:
                if player.score >= self.mode.first_blood_points:
                    return self._win(self._team(player.seat), "first_blood")
        if "last_squad_standing" in self.mode.victory or not self.mode.victory:
            on_map = {u.seat for u in self.units() if u.kind == "agent" and not u.dying}
            if not on_map:
                standing = [p.seat for p in self.players if not p.out]
                if len({self.team_of(s) for s in standing}) == 1:
                    return self._win(self._team(standing[0]), "last_squad_standing")
                if not standing or not self._can_reinforce():
                    return self._win([], "no_agents_left")
                return None
            teams = {self.team_of(s) for s in on_map}
            if len(teams) == 1:
                return self._win(self._team(next(iter(on_map))), "last_squad_standing")
        return None

    def _can_reinforce(self) -> bool:
        """Whether a player still in may yet bring an agent onto the map: 增援 (主动 横置：你部署 1 名待命特工) is a
        basic ability of a unit on the map (its agents' and minions' alike), deploying on an outdoor cell."""
        return self._any_outdoor() and any(
            p.standby and any(not u.dying for u in p.units) for p in self.players if not p.out
        )

    def _clear_out(self, seat: int) -> None:
        """A player out takes no more part (the seed is silent; Dossier's reading): what it controls leaves play at
        once, to its discard, with no leave-play text and no point: its effects lasting until its next turn end (a
        control taken ends), the cards it attached to units, and its minions with their cards; a hidden minion goes
        face up to the discard. Each card or unit that leaves is logged (``left_play``)."""
        why = Phrase(N_("its player is out"))
        self._expire(seat, "your_next_turn_start")
        for unit in self.units():
            for card in [c for c in (*unit.equipment, *unit.statuses) if c.owner == seat]:
                (unit.equipment if card in unit.equipment else unit.statuses).remove(card)
                self.log.add("left_play", seat, card=str(card), unit=str(unit), reason=why)
                self._to_discard(card, why)
        player = self.player(seat)
        for unit in [u for u in player.units if not u.dying]:
            if unit.hidden:  # face up to the discard, as a unit to the lost zone (§14.1)
                unit.hidden = False
                self.log.add("exposed", seat, unit=str(unit), reason=Phrase(N_("goes face up to the discard")))
            unit.gone = True
            player.units.remove(unit)
            self.log.add("left_play", seat, unit=str(unit), reason=why)
            for card in [*unit.equipment, *unit.statuses]:  # (another player's, on the minion: they go with it)
                (unit.equipment if card in unit.equipment else unit.statuses).remove(card)
                self.log.add("left_play", card.owner, card=str(card), unit=str(unit), reason=why)
                self._to_discard(card, why)
            if unit.card is not None:
                if unit.card in player.board:
                    player.board.remove(unit.card)
                self._to_discard(unit.card, why)
        self.cap_hp()  # (a max-HP bonus of its cards on another player's units is gone)
        self.check_exposure()

    def _team(self, seat: int) -> list[int]:
        return [p.seat for p in self.players if p.team == self.team_of(seat)]

    def _win(self, seats: list[int], reason: str) -> None:
        self.winners = seats
        self.end_reason = reason
        self.log.add("game_over", winners=seats, reason=reason, round=self.round)

    def result(self) -> dict[str, Any]:
        return {"winners": self.winners or [], "reason": self.end_reason or "round_limit", "rounds": self.round}

    # -- the interpreter entry point of `dossier text run`

    def run_text(self, text: str, seat: int = 1) -> dict[str, Any] | None:
        """Execute one ability as player ``seat``, with that player's first unit on the map as 本单位. A
        triggered ability waits for its timing: the timing is made to happen (:mod:`.timing_run`), and what was
        done is returned (None for other abilities)."""
        ability = given_ability(text)
        if ability.kind == "triggered":
            from .timing_run import run_triggered

            return run_triggered(self, ability, rendered(ability), seat)
        player = self.player(seat)
        unit = player.units[0] if player.units else None
        self.log.add("ability", seat, text=rendered(ability))
        self.execute(ability, Context(seat, None, unit))
        return None
