"""The netrunner engine: set-up, every effect of the bundled texts, costs, damage, runs, the end of the game."""

from __future__ import annotations

import json
from typing import Any

import pytest

from toolkit.catalog import load_catalog
from toolkit.decks import NameIndex, read_deck
from toolkit.engine.core import EngineError, ScriptedDecider
from toolkit.engine.netrunner import Card, Context, NetrunnerGame, Side, side_of_ability
from toolkit.models.netrunner import side_of_type
from toolkit.text import parse
from toolkit.text.ast import CounterCost, walk
from validators.deck import DeckPool, validate_deck

from .conftest import CARDS, ROOT

RECORDS = load_catalog([CARDS / "netrunner"]).records
NAMES = NameIndex(RECORDS)
EXAMPLES = sorted((ROOT / "examples" / "decks" / "netrunner").glob("*.json"))
IDENTITIES = sorted(r.id for r in RECORDS if r.kind == "identity")
TEXTS = [(r, i, t) for r in RECORDS if r.kind in ("card", "identity") for i, t in enumerate(r.text)]


def game(seed: int = 1, decider: Any = None, turn: Side | None = None, **kwargs: Any) -> NetrunnerGame:
    g = NetrunnerGame(RECORDS, seed=seed, decider=decider, **kwargs)
    if turn is not None:
        g.begin_turn(turn)
    return g


def put(g: NetrunnerGame, card_id: str, server: str = "new remote", rezzed: bool = True) -> Card:
    """A card of the pool installed for free (and rezzed), as if it had been played earlier."""
    record = next(r for r in RECORDS if r.kind == "card" and r.id == card_id)
    side = side_of_type(record.type)
    card = g._card(card_id, side)
    g.install(side, card, server=server if side == "corp" else None, pay=False)
    if side == "corp" and rezzed and card.type != "agenda":
        g.rez(card, free=True)
    return card


def kinds(g: NetrunnerGame, start: int = 0) -> list[str]:
    return [e.kind for e in list(g.log)[start:]]


def numbers(g: NetrunnerGame, side: Side) -> dict[str, int]:
    state = g.state(side)["players"][0]
    return {k: v for k, v in state.items() if isinstance(v, int)}


# ---------------------------------------------------------------- set-up


@pytest.mark.parametrize("identity", IDENTITIES)
def test_generated_decks_are_legal_and_dealt(identity: str) -> None:
    record = next(r for r in RECORDS if r.kind == "identity" and r.id == identity)
    g = game(identities={record.side: identity})
    player = g.player(record.side)
    assert player.identity.id == identity
    assert len(player.deck) + len(player.hand) == record.min_deck_size
    assert len(player.hand) == g.rules.hand_size == 5
    assert player.credits == g.rules.starting_credits
    from toolkit.models.deck import Deck

    cards: dict[str, int] = {}
    for card in player.deck + player.hand:
        cards[card.id] = cards.get(card.id, 0) + 1
    deck = Deck(game="netrunner", mode="standard", name="generated", identity=identity, cards=cards)
    report = validate_deck(deck, DeckPool(RECORDS))
    assert report.legal, [f.message for f in report.findings]


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_example_decks_set_up(path: Any) -> None:
    deck = read_deck(path, NAMES).deck
    assert deck is not None and deck.identity is not None
    side = next(r.side for r in RECORDS if r.kind == "identity" and r.id == deck.identity)
    g = game(decks={side: deck})
    player = g.player(side)
    assert player.identity.id == deck.identity
    assert sorted(c.id for c in player.deck + player.hand) == sorted(
        cid for cid, n in deck.cards.items() for _ in range(n)
    )


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"identities": {"corp": "zero_weaver"}}, "is a runner identity"),
        ({"identities": {"runner": "nobody"}}, "unknown netrunner identity 'nobody'"),
        ({"fmt": "eternal"}, "unknown netrunner format 'eternal'"),
    ],
)
def test_setup_errors(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(EngineError, match=message):
        game(**kwargs)


# ---------------------------------------------------------------- effects


def _tag(g: NetrunnerGame) -> None:
    g.runner.tags = 2


def _empty_hand(g: NetrunnerGame) -> None:
    g.corp.discard.extend(g.corp.hand)
    g.corp.hand.clear()


def _poor(g: NetrunnerGame) -> None:
    g.runner.credits = 3


def _worm_in_grip(g: NetrunnerGame) -> None:
    g.runner.hand.insert(0, g._card("rot_worm", "runner"))  # cost 2, 1[mu]


EFFECTS: list[tuple[str, str, Side, Any, dict[tuple[Side, str], int]]] = [
    # id, text, side, set-up, changes of the state's numbers
    ("GainCredits", "你获得 4[credit]。", "corp", None, {("corp", "credits"): 4}),
    ("LoseCredits", "你失去 2[credit]。", "runner", None, {("runner", "credits"): -2}),
    ("LoseCredits-runner", "潜袭者失去 3[credit]。", "corp", None, {("runner", "credits"): -3}),
    ("LoseCredits-corp", "公司失去 9[credit]。", "runner", None, {("corp", "credits"): -5}),
    ("GainClicks", "你获得 [click][click]。", "corp", None, {("corp", "clicks"): 2}),
    ("LoseClicks", "潜袭者失去 [click]。", "runner", None, {("runner", "clicks"): -1}),
    ("Draw", "你抽 3 张牌。", "corp", None, {("corp", "hq"): 3, ("corp", "rnd"): -3}),
    ("Discard", "你弃 2 张牌。", "runner", None, {("runner", "grip"): -2, ("runner", "heap"): 2}),
    ("Discard-opponent", "对手弃 1 张牌。", "corp", None, {("runner", "grip"): -1, ("runner", "heap"): 1}),
    (
        "SearchType",
        "你从存储栈搜寻 1 张程序，展示后加入你的手牌。",
        "runner",
        None,
        {("runner", "grip"): 1, ("runner", "stack"): -1},
    ),
    (
        "SearchType-rnd",
        "你从研发中心搜寻 1 张议案，展示后加入你的手牌。",
        "corp",
        None,
        {("corp", "hq"): 1, ("corp", "rnd"): -1},
    ),
    (
        "TypedDamage",
        "造成 2 点网域伤害。",
        "corp",
        None,
        {("runner", "grip"): -2, ("runner", "heap"): 2},
    ),
    ("GainTags", "潜袭者获得 2 个锁定标记。", "corp", None, {("runner", "tags"): 2}),
    ("RemoveTags", "你移除 1 个锁定标记。", "runner", _tag, {("runner", "tags"): -1}),
    ("GainBadPublicity", "你获得 1 个负面声誉。", "corp", None, {("corp", "bad_publicity"): 1}),
    ("PlayerLimit-hand", "你的手牌上限 +2。", "corp", None, {("corp", "hand_size"): 2}),
    ("PlayerLimit-memory", "你的内存上限 +2[mu]。", "runner", None, {("runner", "memory"): 2}),
    ("PlayerLimit-link", "你的链接强度 +1。", "runner", None, {("runner", "link"): 1}),
    ("If-RunnerTagged-no", "如果潜袭者被锁定，造成 4 点肢体伤害。", "corp", None, {}),
    (
        "If-RunnerTagged-yes",
        "如果潜袭者被锁定，造成 1 点肢体伤害。",
        "corp",
        _tag,
        {("runner", "grip"): -1, ("runner", "heap"): 1},
    ),
    ("If-CreditsAtMost-no", "如果你的信用点不多于 4，你获得 1[credit]。", "runner", None, {}),
    ("If-CreditsAtMost-yes", "如果你的信用点不多于 4，你获得 1[credit]。", "runner", _poor, {("runner", "credits"): 1}),
    ("If-NoHand", "如果你没有手牌，你抽 2 张牌。", "corp", _empty_hand, {("corp", "hq"): 2, ("corp", "rnd"): -2}),
    (
        "YouMay",
        "你可以安装 1 个程序。",
        "runner",
        _worm_in_grip,
        {("runner", "installed"): 1, ("runner", "grip"): -1, ("runner", "credits"): -2, ("runner", "memory_used"): 1},
    ),
    ("Install-corp", "你可以安装 1 个防火墙。", "corp", None, {("corp", "installed"): 1, ("corp", "hq"): -1}),
    ("EndRun-outside-a-run", "终止潜袭。", "corp", None, {}),
    ("Access-outside-a-run", "你额外读取 1 张牌。", "runner", None, {}),
    ("Trash-nothing", "销毁 1 个程序。", "corp", None, {}),
    ("RezFree-nothing", "你激活 1 张牌，无视其全部激活费用。", "corp", None, {}),
    ("AdvanceInstalled-nothing", "在 1 张已安装的牌上放置 2 个推进标记。", "corp", None, {}),
    (
        "ClickCost+CreditCost",
        "[click]，2[credit]：你获得 1[credit]。",
        "corp",
        None,
        {("corp", "clicks"): -1, ("corp", "credits"): -1},
    ),
    ("TrashCost-no-card", "[trash]：你获得 [click]。", "runner", None, {("runner", "clicks"): 1}),
    ("PlaceCredits-no-card", "在本牌上放置 9[credit]。", "runner", None, {}),
    # the sentences of counters, traces, psi games, prevention and runs (in play: tests/test_netrunner_rules.py)
    ("Purge-nothing", "清除病毒指示物。", "corp", None, {}),
    ("Trace-successful", "追踪[3]。如果追踪成功，潜袭者获得 1 个锁定标记。", "corp", None, {("runner", "tags"): 1}),
    ("Trace-unsuccessful", "追踪[0]。如果追踪失败，你获得 2[credit]。", "corp", None, {("corp", "credits"): 2}),
    ("Psi-equal", "进行心灵博弈。如果双方出价相同，你获得 2[credit]。", "corp", None, {("corp", "credits"): 2}),
    ("Psi-different", "进行心灵博弈。如果双方出价不同，你获得 2[credit]。", "corp", None, {}),
    ("JackOut-outside-a-run", "你退出潜袭。", "runner", None, {}),
    ("PreventDamage-outside-its-window", "防止 2 点网域伤害。", "runner", None, {}),
    ("AvoidTags-outside-its-window", "避免 1 个锁定标记。", "runner", None, {}),
    ("PreventTrash-outside-its-window", "防止 1 张你已安装的牌被销毁。", "runner", None, {}),
    ("RunInProgress-no", "如果潜袭者正在潜袭，你获得 1[credit]。", "runner", None, {}),
    ("EncounteringSubtype-no", "如果正在遭遇的防火墙是代码门，你获得 1[credit]。", "runner", None, {}),
    ("InstallHosted-no-card", "你将 1 个程序安装在本牌上。", "runner", _worm_in_grip, {}),
    ("PlaceCounters-no-card", "在本牌上放置 2 个病毒指示物。", "runner", None, {}),
    ("ForEachCounter-no-card", "本牌上每有 1 个病毒指示物，你获得 1[credit]。", "runner", None, {}),
    ("RecurringCredits-no-card", "本牌有 2 点循环信用点，只能用于安装。", "runner", None, {}),
    ("CanBeAdvanced", "本牌可以被推进。", "corp", None, {}),
    (
        "RunOn-yes",
        "你对档案库发起潜袭。如果本次潜袭针对中央服务器，你获得 1[credit]。",
        "runner",
        None,
        {("runner", "credits"): 1},
    ),
    ("RunOn-no", "你对档案库发起潜袭。如果本次潜袭针对研发中心，你获得 1[credit]。", "runner", None, {}),
]


@pytest.mark.parametrize(("name", "text", "side", "prepare", "changes"), EFFECTS, ids=[e[0] for e in EFFECTS])
def test_effects(name: str, text: str, side: Side, prepare: Any, changes: dict[tuple[Side, str], int]) -> None:
    g = game(seed=4, turn=side, identities={"runner": "zero_weaver"})
    if prepare is not None:
        prepare(g)
    before = {s: numbers(g, s) for s in ("corp", "runner")}
    g.run_text(text, side)
    after = {s: numbers(g, s) for s in ("corp", "runner")}
    diff = {(s, k): after[s][k] - before[s][k] for s in before for k in before[s] if after[s][k] != before[s][k]}
    assert diff == changes
    assert g.winner is None


def test_every_effect_of_the_bundled_texts_has_a_row() -> None:
    used = {type(n).__name__ for _, _, t in TEXTS for n in walk(parse(t))}
    tested = {type(n).__name__ for row in EFFECTS for n in walk(parse(row[1]))}
    structure = {"Ability", "Sentence"}
    covered_elsewhere = {"Run", "RunSuccessful", "BreakSubroutine", "Strength", "TakeCredits", "TrashCost"}
    covered_elsewhere |= {"CounterCost"}  # on cards: test_netrunner_rules.py
    assert used - structure - covered_elsewhere <= tested


ON_CARDS: list[tuple[str, str, Side, list[str], Any]] = [
    # id, text, side, cards installed first (the first is 本牌), what holds afterwards
    ("Trash", "销毁 1 个程序。", "corp", ["rot_worm"], lambda g, c: c[0] in g.runner.discard and not g.runner.rig),
    ("Trash-ice", "销毁 1 个防火墙。", "runner", ["!neutral_plywood_screen"], lambda g, c: c[0] in g.corp.discard),
    (
        "RezFree",
        "你激活 1 张牌，无视其全部激活费用。",
        "corp",
        ["!neutral_paper_subsidiary"],
        lambda g, c: c[0].rezzed and g.corp.credits == 5 and c[0].credits == 9,  # its 当你激活本牌时 trigger
    ),
    (
        "AdvanceInstalled",
        "在 1 张已安装的牌上放置 2 个推进标记。",
        "corp",
        ["neutral_plywood_screen", "!hb_endless_shift"],  # agendas are offered first
        lambda g, c: (c[1].advancement, c[0].advancement) == (2, 0),
    ),
    (
        "PlaceAdvancement-scores",
        "在本牌上放置 2 个推进标记。",
        "corp",
        ["!neutral_pilot_scheme"],  # needs 2: scored at once in the corp's turn
        lambda g, c: c[0].advancement == 2 and g.scorable(c[0]),  # scoring is the corp's own free action
    ),
    ("PlaceCredits", "在本牌上放置 3[credit]。", "runner", ["garage_lab"], lambda g, c: c[0].credits == 3),
    (
        "TakeCredits",
        "从本牌上拿取 3[credit]。",
        "runner",
        ["dormant_account"],  # 9 hosted when installed
        lambda g, c: c[0].credits == 6 and g.runner.credits == 8,
    ),
    (
        "TrashCost",
        "[trash]：你抽 2 张牌。",
        "corp",
        ["jinteki_clone_nursery"],
        lambda g, c: c[0] in g.corp.discard and len(g.corp.hand) == 5 + 1 + 2,
    ),
    (
        "PlayerLimit-on-an-active-card",
        "你的内存上限 +2[mu]。",
        "runner",
        ["modular_rigframe"],  # already counted while installed: not counted twice
        lambda g, c: g.memory_limit() == 4 + 1 + 2,
    ),
]


@pytest.mark.parametrize(("name", "text", "side", "cards", "check"), ON_CARDS, ids=[e[0] for e in ON_CARDS])
def test_effects_on_cards_in_play(name: str, text: str, side: Side, cards: list[str], check: Any) -> None:
    g = game(turn=side)
    placed = [put(g, cid.lstrip("!"), rezzed=not cid.startswith("!")) for cid in cards]
    g.execute(parse(text), Context(side, placed[0]))
    assert check(g, placed)


@pytest.mark.parametrize(
    ("text", "side", "message"),
    [
        ("你移除 1 个锁定标记。", "corp", "the corp has no tags"),
        ("你获得 1 个负面声誉。", "runner", "only the corp takes bad publicity"),
        ("你对总部发起潜袭。", "corp", "only the runner makes runs"),
        ("你从研发中心搜寻 1 张议案，展示后加入你的手牌。", "runner", "the runner has no rnd"),
        ("你可以安装 1 个防火墙。", "runner", "the runner cannot install an ice"),
        ("[click][click][click][click][click]：你抽 1 张牌。", "runner", "cannot spend 5"),
        ("9[credit]：你抽 1 张牌。", "corp", "cannot pay 9"),
        ("对目标敌方单位造成 1 点伤害。", "corp", "not a netrunner effect"),
        ("主动 横置：你抽 1 张牌。", "corp", "tactics cost"),
        ("你抽", "corp", "<text>:1:3"),
    ],
)
def test_text_errors(text: str, side: Side, message: str) -> None:
    g = game(turn=side)
    with pytest.raises(EngineError, match=message):
        g.run_text(text, side)


# ---------------------------------------------------------------- damage and the end of the game


@pytest.mark.parametrize(
    ("kind", "amount", "grip", "flatline", "hand_size"),
    [
        ("meat", 2, 5, False, 5),
        ("net", 5, 5, False, 5),  # damage equal to the grip is no flatline
        ("net", 3, 2, True, 5),  # exceeding the grip is (RULINGS N4)
        ("brain", 1, 5, False, 4),  # brain damage also lowers the hand size
        ("brain", 2, 1, True, 3),
    ],
)
def test_damage_and_flatline(kind: str, amount: int, grip: int, flatline: bool, hand_size: int) -> None:
    g = game(turn="corp")
    runner = g.runner
    runner.deck.extend(runner.hand[grip:])
    del runner.hand[grip:]
    g.run_text(f"造成 {amount} 点{ {'meat': '肢体', 'net': '网域', 'brain': '脑部'}[kind] }伤害。", "corp")
    assert len(runner.hand) == max(0, grip - amount)
    assert len(runner.discard) == min(grip, amount)
    assert g.hand_size("runner") == hand_size
    assert (g.winner == "corp") is flatline
    if flatline:
        assert "flatline" in (g.end_reason or "")


def test_effects_stop_when_the_game_is_over() -> None:
    g = game(turn="corp")
    g.run_text("造成 9 点肢体伤害。你获得 5[credit]。", "corp")
    assert g.winner == "corp" and g.corp.credits == 5
    assert kinds(g)[-1] == "game_over"


def test_hand_size_below_zero_at_the_end_of_the_turn_flatlines() -> None:
    g = game(turn="runner")
    g.runner.brain_damage = 6
    g.runner.hand.clear()
    g.end_turn("runner")
    assert g.winner == "corp" and "hand size is -1" in (g.end_reason or "")


def test_the_corp_loses_when_it_must_draw_from_an_empty_rnd() -> None:
    g = game()
    g.corp.deck.clear()
    g.begin_turn("corp")
    assert g.winner == "runner" and "empty R&D" in (g.end_reason or "")


def test_the_runner_draws_nothing_from_an_empty_stack() -> None:
    g = game(turn="runner")
    g.runner.deck.clear()
    g.run_text("你抽 2 张牌。", "runner")
    assert g.winner is None and kinds(g)[-1] == "draw_failed"


def test_end_of_turn_discards_down_to_the_hand_size() -> None:
    g = game(turn="corp")
    g.run_text("你抽 3 张牌。", "corp")
    size = g.hand_size("corp")  # 5, +1 from 镜像铸造厂
    assert (size, len(g.corp.hand)) == (6, 9)
    g.end_turn("corp")
    assert len(g.corp.hand) == size and len(g.corp.discard) == 9 - size and g.corp.clicks == 0


# ---------------------------------------------------------------- basic actions (RULINGS N3)


@pytest.mark.parametrize(
    ("side", "action", "clicks", "credits"),
    [
        ("corp", "corp_draw", 1, 0),
        ("corp", "corp_credit", 1, -1),  # gains 1 after paying nothing
        ("corp", "purge", 3, 0),
        ("corp", "trash_resource", 1, 2),
        ("runner", "runner_draw", 1, 0),
        ("runner", "runner_credit", 1, -1),
        ("runner", "remove_tag", 1, 2),
        ("runner", "run", 1, 0),
    ],
)
def test_basic_actions_cost_what_the_game_record_says(side: Side, action: str, clicks: int, credits: int) -> None:
    g = game(turn=side)
    g.runner.tags = 1
    before = g.player(side).clicks, g.player(side).credits
    g.action(side, action, server="archives" if action == "run" else None)
    assert (before[0] - g.player(side).clicks, before[1] - g.player(side).credits) == (clicks, credits)


def test_trashing_a_resource_of_a_tagged_runner() -> None:
    g = game(turn="corp")
    resource = put(g, "garage_lab")
    g.runner.tags = 1
    g.action("corp", "trash_resource")
    assert resource in g.runner.discard and not g.runner.rig


@pytest.mark.parametrize(
    ("side", "action", "clicks", "message"),
    [
        ("runner", "purge", 4, "the runner has no basic action 'purge'"),
        ("corp", "trash_resource", 3, "only while the runner is tagged"),
        ("runner", "remove_tag", 4, "no tag to remove"),
        ("corp", "advance", 3, "needs an installed agenda"),
        ("corp", "corp_play", 3, "needs a card from the corp's hand"),
        ("corp", "purge", 2, "cannot spend 3[click]"),
    ],
)
def test_basic_action_errors(side: Side, action: str, clicks: int, message: str) -> None:
    g = game(turn=side)
    g.player(side).clicks = clicks
    with pytest.raises(EngineError, match=message.replace("[", r"\[")):
        g.action(side, action)


def test_advance_install_rez_and_score_to_win() -> None:
    g = game(turn="corp")
    g.corp.credits = 20
    agenda = g._card("hb_endless_shift", "corp")  # 3 points, needs 5
    g.corp.hand.append(agenda)
    g.action("corp", "corp_install", agenda, server="new remote")
    g.corp.clicks = 10
    for _ in range(5):
        g.action("corp", "advance", agenda)
    assert g.scorable(agenda) and "score:" + agenda.ref in [o.label for o in g.actions.options("corp")]
    g.score(agenda)  # a free action of the corp's turn
    assert agenda in g.corp.score_area and g.agenda_points("corp") == 3
    assert g.corp.clicks == 5 + 2  # the scored trigger: 你获得 [click][click]
    for agenda_id in ("weyland_skyhook_expansion", "neutral_pilot_scheme"):
        card = put(g, agenda_id)
        card.advancement = 5
        g.score(card)
    assert g.winner == "corp" and g.end_reason == "7 agenda points"


def test_ice_install_costs_one_credit_per_ice_on_the_server() -> None:
    g = game(turn="corp")
    put(g, "neutral_plywood_screen", "hq")
    put(g, "neutral_plywood_screen", "hq")
    ice = g._card("nbn_static_veil", "corp")
    g.corp.hand.append(ice)
    g.action("corp", "corp_install", ice, server="hq")
    assert g.corp.credits == 5 - 2 and g.servers["hq"].ice[-1] is ice and not ice.rezzed


def test_rezzing_fires_its_trigger_and_hosted_credits_are_taken() -> None:
    g = game(turn="corp")
    subsidiary = put(g, "neutral_paper_subsidiary", rezzed=False)
    g.rez(subsidiary)
    assert g.corp.credits == 5 - 3 and subsidiary.credits == 9
    g.end_turn("corp")
    g.begin_turn("corp")  # 你的回合开始时：从本牌上拿取 3[credit]。
    assert subsidiary.credits == 6 and g.corp.credits == 2 + 3


def test_paid_abilities_of_installed_cards_pay_their_costs() -> None:
    g = game(turn="runner")
    ledger = put(g, "shell_ledger")  # 当你安装本牌时：在本牌上放置 6[credit]。
    assert ledger.credits == 6
    g.use_ability("runner", ledger, 1)  # [click]：从本牌上拿取 3[credit]。
    assert (g.runner.clicks, g.runner.credits, ledger.credits) == (3, 8, 3)
    box = put(g, "hush_box")  # [trash]：你移除 1 个锁定标记。
    g.runner.tags = 1
    g.use_ability("runner", box, 0)
    assert g.runner.tags == 0 and box in g.runner.discard and box not in g.runner.rig
    with pytest.raises(EngineError, match="no paid ability"):
        g.use_ability("runner", ledger, 0)


@pytest.mark.parametrize(
    ("programs", "memory", "trashed"),
    [
        (["falcon_protocol", "cog_key", "shade_key"], 4, 0),  # 2 + 1 + 1 of 4
        (["falcon_protocol", "cog_key", "shade_key", "garble_torch"], 4, 1),  # one program makes room
    ],
)
def test_programs_need_memory(programs: list[str], memory: int, trashed: int) -> None:
    g = game(turn="runner", identities={"runner": "blank_lin"})  # no memory bonus
    for program in programs:
        put(g, program)
    assert g.memory_limit() == memory
    assert g.memory_used() <= memory
    assert len(g.runner.discard) == trashed


def test_unique_cards_replace_their_older_copy() -> None:
    g = game(turn="corp")
    first = put(g, "hb_director_hale", "hq")
    second = put(g, "hb_director_hale", "rnd")
    assert first in g.corp.discard and second.rezzed


# ---------------------------------------------------------------- runs


def test_a_run_on_an_empty_server_accesses() -> None:
    g = game(turn="runner")
    g.run_text("你对研发中心发起潜袭。如果潜袭成功，你额外读取 2 张牌。", "runner")
    assert kinds(g).count("access") == 3
    assert kinds(g)[-1] == "run_end" and g.current_run is None


def test_unbroken_end_the_run_stops_the_run() -> None:
    g = game(turn="runner")
    put(g, "neutral_checksum_gate", "hq")  # code gate, [subroutine] 终止潜袭。
    g.run_text("你对总部发起潜袭。如果潜袭成功，你获得 4[credit]。", "runner")
    k = kinds(g)
    assert "encounter" in k and "end_run" in k and "access" not in k and "run_successful" not in k
    assert g.runner.credits == 5
    condition = [e for e in g.log if e.kind == "condition"][-1]
    assert condition.data["holds"] is False


def test_icebreakers_boost_and_break_from_their_own_text() -> None:
    g = game(turn="runner")
    g.corp.hand.clear()  # nothing to access in HQ
    put(g, "hb_lattice_gate", "hq")  # code gate, strength 2
    breaker = put(g, "shade_key")  # decoder, strength 2: 1[credit] break, 1[credit] +1
    g.runner.credits = 5
    g.run_text("你对总部发起潜袭。如果潜袭成功，你获得 4[credit]。", "runner")
    k = kinds(g)
    assert "break" in k and "subroutine" not in k and "run_successful" in k
    assert g.runner.credits == 5 - 1 + 4
    assert breaker.strength_bonus == 0  # boosts last for the encounter only


def test_boosting_strength_before_breaking() -> None:
    g = game(turn="runner")
    g.corp.hand.clear()
    put(g, "jinteki_bramble_screen", "hq")  # barrier, strength 3: net damage, end the run
    put(g, "fine_line_cutter")  # fracter, strength 0: 1[credit] break 1, 1[credit] +1
    g.runner.credits = 10
    g.run_text("你对总部发起潜袭。", "runner")
    assert [e.data["delta"] for e in g.log if e.kind == "strength"] == [1, 1, 1]
    assert kinds(g).count("break") == 2 and g.runner.credits == 10 - 5
    assert "run_successful" in kinds(g)


def test_a_runner_without_credits_lets_subroutines_fire() -> None:
    g = game(turn="runner")
    put(g, "jinteki_bramble_screen", "hq")
    put(g, "fine_line_cutter")
    g.runner.credits = 4  # 3 boosts and 2 breaks would need 5: it boosts and breaks one, the other fires (N5)
    g.run_text("你对总部发起潜袭。", "runner")
    assert kinds(g).count("break") == 1 and kinds(g).count("subroutine") == 1
    assert g.runner.credits == 0 and "run_successful" not in kinds(g)


def test_subroutines_fire_in_order_and_see_the_tags_they_gave() -> None:
    g = game(turn="runner")
    put(g, "nbn_echo_beacon", "archives")  # 潜袭者获得 1 个锁定标记 / 如果潜袭者被锁定，终止潜袭
    g.run_text("你对档案库发起潜袭。", "runner")
    assert g.runner.tags == 1 and "end_run" in kinds(g) and "access" not in kinds(g)


@pytest.mark.parametrize(("rez", "encountered"), [(True, True), (False, False)])
def test_the_corp_may_rez_ice_when_it_is_approached(rez: bool, encountered: bool) -> None:
    # the corp's window: 0 rezzes the approached ice, 1 is done; then the runner continues (0)
    g = game(turn="runner", decider=ScriptedDecider([0] if rez else [1, 0]))
    ice = put(g, "neutral_checksum_gate", "rnd", rezzed=False)
    g.run_text("你对研发中心发起潜袭。", "runner")
    assert ice.rezzed is rez and ("encounter" in kinds(g)) is encountered
    assert ("run_successful" in kinds(g)) is not encountered


def test_ice_damage_can_flatline_during_a_run() -> None:
    g = game(turn="runner")
    put(g, "jinteki_needle_choir", "hq")  # [subroutine] 造成 2 点网域伤害。
    g.runner.hand = g.runner.hand[:1]
    g.run_text("你对总部发起潜袭。你获得 1[credit]。", "runner")
    assert g.winner == "corp" and g.runner.credits == 5 and "access" not in kinds(g)


def test_bad_publicity_credits_pay_during_the_run_only() -> None:
    g = game(turn="runner")
    g.corp.bad_publicity = 2
    put(g, "hb_lattice_gate", "hq")
    put(g, "shade_key")
    g.runner.credits = 0
    g.run_text("你对总部发起潜袭。", "runner")
    assert "break" in kinds(g) and g.runner.credits == 0 and "run_successful" in kinds(g)


def test_stealing_an_agenda_fires_its_trigger_and_can_win() -> None:
    g = game(turn="runner")
    trial = put(g, "jinteki_mirror_clone_trial")  # 当潜袭者窃取本议案时：造成 3 点网域伤害。
    g.run_text("你对 1 台远程服务器发起潜袭。", "runner")
    assert trial in g.runner.score_area and g.agenda_points("runner") == 3
    assert len(g.runner.hand) == 2 and g.state()["remote_servers"] == 0  # the emptied remote is gone
    g.runner.score_area.append(g._card("hb_endless_shift", "corp"))
    put(g, "neutral_pilot_scheme")
    g.run_text("你对 1 台远程服务器发起潜袭。", "runner")
    assert g.winner == "runner" and g.end_reason == "7 agenda points"


def test_a_run_on_a_remote_needs_a_remote_server() -> None:
    g = game(turn="runner")
    start = len(g.log)
    g.run_text("你对 1 台远程服务器发起潜袭。如果潜袭成功，销毁 1 个资产。", "runner")
    assert kinds(g, start) == ["ability", "run_failed", "condition"]


def test_successful_runs_fire_upgrades_in_the_server_and_runner_cards() -> None:
    g = game(turn="runner", identities={"runner": "vera_fingers_thorne"})
    g.corp.hand.clear()
    torii = put(g, "jinteki_torii_grid", "hq")  # 当潜袭成功时：造成 1 点网域伤害。
    put(g, "nbn_broadcast_booth", "rnd")  # only for runs on R&D
    put(g, "rot_worm")  # 当潜袭成功时：公司失去 1[credit]。
    g.runner.credits = 4  # Vera: 如果你的信用点不多于 4，你获得 1[credit]。
    g.run_text("你对总部发起潜袭。", "runner")
    sources = sorted(e.data["source"].split("#")[0] for e in g.log if e.kind == "trigger")
    names = {r.id: r.name.zh_hans for r in RECORDS if r.kind in ("card", "identity")}
    assert sources == sorted(names[i] for i in ("jinteki_torii_grid", "rot_worm", "vera_fingers_thorne"))
    assert g.corp.credits == 4 and len(g.runner.discard) == 1  # rot worm, torii grid's net damage
    # then the upgrade in HQ's root is accessed, and trashed for its trash cost of 3
    assert torii in g.corp.discard and g.runner.credits == 4 + 1 - 3


def test_trash_after_a_successful_run() -> None:
    # the runner picks Archives, the corp does not rez the ice, the runner trashes it
    g = game(turn="runner", decider=ScriptedDecider(["archives", 1, 0]))  # 1: the corp is done (no rez); 0: continue
    ice = put(g, "neutral_plywood_screen", "archives", rezzed=False)
    g.run_text("你对 1 台中央服务器发起潜袭。如果潜袭成功，销毁 1 个防火墙。", "runner")
    assert ice in g.corp.discard and not g.servers["archives"].ice


def test_run_begins_triggers_of_both_sides() -> None:
    g = game(turn="runner")
    put(g, "backroom_bookie")  # 每当潜袭者发起潜袭时：你获得 1[credit]。
    put(g, "weyland_perimeter_grid", "hq")  # 每当潜袭者发起潜袭时：潜袭者失去 1[credit]。
    g.run_text("你对档案库发起潜袭。", "runner")
    assert g.runner.credits == 5 and kinds(g).count("trigger") == 2


def test_accessed_cards_with_a_trash_cost_may_be_trashed() -> None:
    # the runner picks the remote, the corp does not rez the asset, the runner trashes it
    g = game(turn="runner", decider=ScriptedDecider([0, 1, 0]))  # continue, no rez, trash
    asset = put(g, "nbn_billboard_network", rezzed=False)  # trash cost 2
    g.runner.credits = 2
    g.run_text("你对 1 台远程服务器发起潜袭。", "runner")
    assert asset in g.corp.discard and g.runner.credits == 0


# ---------------------------------------------------------------- who 你 is


@pytest.mark.parametrize(
    ("text", "identity", "side"),
    [
        ("你对档案库发起潜袭。如果潜袭成功，公司失去 3[credit]。", None, "runner"),  # archive_heist
        ("[subroutine] 终止潜袭。", None, "corp"),
        ("你获得 2[credit]。", "zero_weaver", "runner"),
        ("你获得 2[credit]。", None, "corp"),
        ("潜袭者失去 2[credit]。", None, "corp"),
        ("你的内存上限 +3[mu]。", None, "runner"),
    ],
)
def test_default_side(text: str, identity: str | None, side: Side) -> None:
    assert game().default_side(text, identity)[0] == side


def test_side_of_ability_is_none_when_the_text_does_not_tell() -> None:
    assert side_of_ability(parse("你抽 1 张牌。")) is None


# ---------------------------------------------------------------- the corpus


def _play_ability(record: Any, index: int, seed: int) -> NetrunnerGame:
    side: Side = record.side if record.kind == "identity" else side_of_type(record.type)
    g = game(seed=seed, turn=side)
    g.corp.credits = g.runner.credits = 10
    if record.kind == "identity":
        g = game(seed=seed, turn=side, identities={side: record.id})
        card = g.player(side).identity
    elif record.type in ("operation", "event"):
        card = g._card(record.id, side)
    elif record.type == "agenda":
        card = g._card(record.id, side)
        g.corp.score_area.append(card)
    else:
        card = put(g, record.id)
    ability = g.abilities(card)[index]
    for cost in ability.costs:  # the counters an earlier turn would have left for a counter cost
        if isinstance(cost, CounterCost):
            card.counters[cost.kind] = card.counters.get(cost.kind, 0) + cost.count
    g.execute(ability, Context(side, card))
    return g


@pytest.mark.parametrize(("record", "index", "text"), TEXTS, ids=[f"{r.id}-{i}" for r, i, _ in TEXTS])
@pytest.mark.slow
def test_every_bundled_ability_executes(record: Any, index: int, text: str) -> None:
    g = _play_ability(record, index, seed=7)
    assert len(g.log) > 0


@pytest.mark.parametrize(
    "record", [r for r in RECORDS if r.kind == "card" and r.type in ("operation", "event")], ids=lambda r: r.id
)
def test_every_bundled_operation_and_event_can_be_played(record: Any) -> None:
    side = side_of_type(record.type)
    g = game(seed=3, turn=side)
    g.player(side).credits = 10
    card = g._card(record.id, side)
    g.player(side).hand.append(card)
    g.action(side, f"{side}_play", card)
    assert card in g.player(side).discard


# ---------------------------------------------------------------- determinism and the CLI


def test_same_seed_same_log() -> None:
    def play(seed: int) -> list[dict[str, Any]]:
        g = game(seed=seed, turn="runner")
        put(g, "jinteki_needle_choir", "hq")
        g.run_text("你对总部发起潜袭。如果潜袭成功，你额外读取 2 张牌。", "runner")
        return g.log.to_json()

    assert play(5) == play(5)
    assert play(5) != play(6)


def test_trace_of_a_run_through_ice() -> None:
    g = game(seed=2, turn="runner")
    g.corp.hand.clear()
    put(g, "jinteki_bramble_screen", "hq")  # barrier, strength 3; installed first, so innermost
    put(g, "nbn_static_veil", "hq")  # barrier, strength 1, [subroutine] 终止潜袭。
    put(g, "pry_script")  # fracter, strength 1: 2[credit] break 1, 1[credit] +1
    g.runner.credits = 20
    start = len(g.log)
    g.run_text("你对总部发起潜袭。如果潜袭成功，你获得 4[credit]。", "runner")
    assert kinds(g, start) == [
        "ability",
        "run",
        "approach",  # 静电帷幕, the outermost
        "encounter",
        "use",
        "pay",
        "break",
        "pass",  # N5: the movement step
        "approach",  # 荆棘屏风, strength 3
        "encounter",
        "use",
        "pay",
        "strength",
        "use",
        "pay",
        "strength",
        "use",
        "pay",
        "break",
        "use",
        "pay",
        "break",
        "pass",
        "run_successful",
        "condition",
        "credits",
        "access",
        "run_end",
    ]
    assert g.runner.credits == 20 - 2 - (1 + 1 + 2 + 2) + 4


def test_text_run_same_seed_same_log(cli: Any) -> None:
    args = ("text", "run", "你对研发中心发起潜袭。如果潜袭成功，你额外读取 2 张牌。", "--game", "netrunner")
    first = cli(*args, "--seed", "9", "--format", "json")
    assert first.exit_code == 0, first.output
    assert first.stdout == cli(*args, "--seed", "9", "--format", "json").stdout
    data = json.loads(first.stdout)
    players = data["state"]["players"]
    assert [p["side"] for p in players] == ["runner", "corp"]  # the executing side first
    assert {"stack", "grip", "heap", "credits", "clicks", "tags", "agenda_points", "memory"} <= set(players[0])
    assert "bad_publicity" not in players[0] and {"rnd", "hq", "archives", "bad_publicity"} <= set(players[1])
    assert data["log"][0]["event"] == "side" and data["log"][0]["reason"] == "the text of Layer Sweep"
    assert [e["event"] for e in data["log"]].count("access") == 3
    text = cli(*args, "--seed", "9", "--lang", "en")
    assert text.exit_code == 0 and 'runner (Cassia "Rust" Moreau):' in text.stdout


@pytest.mark.parametrize(
    ("args", "side", "identity"),
    [
        (["--side", "corp"], "corp", "hb_tireless_hands"),
        (["--identity", "vera_fingers_thorne"], "runner", "vera_fingers_thorne"),
        (["--identity", "weyland_iron_ledger"], "corp", "weyland_iron_ledger"),
        (["--identity", "zero_weaver", "--side", "corp"], "corp", "hb_tireless_hands"),
    ],
)
def test_text_run_side_and_identity(cli: Any, args: list[str], side: str, identity: str) -> None:
    result = cli("text", "run", "你获得 1[credit]。", "--game", "netrunner", "--format", "json", *args)
    assert result.exit_code == 0, result.output
    first = json.loads(result.stdout)["state"]["players"][0]
    assert (first["side"], first["identity"]) == (side, identity)


@pytest.mark.parametrize(
    ("args", "code", "message"),
    [
        (["你飞 1 张牌。"], 1, "<text>:1:2"),
        (["你抽 1 张牌。", "--side", "judge"], 2, "--side must be corp or runner"),
        (["你抽 1 张牌。", "--players", "3"], 2, "netrunner is for 2 players"),
        (["你抽 1 张牌。", "--identity", "nobody"], 1, "no netrunner identity"),
        (["你抽 1 张牌。", "--mode", "eternal"], 2, "netrunner has no such format; formats: standard"),
        (["你购买 1 张牌。"], 1, "not a netrunner effect"),
        (["你移除 1 个锁定标记。", "--side", "corp"], 1, "the corp has no tags"),
    ],
)
def test_text_run_errors(cli: Any, args: list[str], code: int, message: str) -> None:
    result = cli("text", "run", *args, "--game", "netrunner")
    assert result.exit_code == code
    assert message in result.output
    assert "Traceback" not in result.output


def test_crossfire_stays_refused(cli: Any) -> None:
    result = cli("text", "run", "你视为特工。", "--game", "crossfire")
    assert result.exit_code == 2 and "dossier crossfire resolve" in result.output
