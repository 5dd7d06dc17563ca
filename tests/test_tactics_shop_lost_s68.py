"""Two tactics rules a read-only sweep found broken (session 68): a gold card a mulligan (调度) put back went into the
personal deck, where common draws took it (§7.5 "分别洗入对应的牌库", §2.2 "你不能通过通常的抽牌效应从矩阵商店抽牌"); a
destroyed minion counted twice in its owner's lost zone (its unit and its card: §7.3.3 "随从被消灭后，与特工牌相同，进入
失联区", one unit lost)."""

from __future__ import annotations

from toolkit.engine.core import Decider

from .tactics_util import board_game, hand, put


class Yes(Decider):
    """Confirms everything (a mulligan puts every card back); chooses the first option."""

    def choose(self, player: int, prompt: object, options: object) -> object:
        return list(options)[0]  # type: ignore[call-overload]

    def confirm(self, player: int, prompt: object) -> bool:
        return True


def test_a_gold_card_a_mulligan_puts_back_goes_to_the_bottom_of_the_matrix_shop() -> None:
    game = board_game("duo", decider=Yes())
    gold = game._card(game.shop[-1].id, 1, shop=True)  # (a card as the shop holds them)
    personal = hand(game, 1, "adrenaline_shot")[0]
    game.player(1).hand.append(gold)
    bottom = game.shop[0]
    game.mulligan(1)
    player = game.player(1)
    assert not any(c.shop for c in player.deck), [str(c) for c in player.deck if c.shop]
    assert game.shop[0] is gold and game.shop[1] is bottom  # its own pile's bottom (the shop's top is its end)
    assert personal in player.deck or personal in player.hand
    assert len(player.hand) == 2  # as many cards drawn as were put back


def test_a_destroyed_minion_is_one_unit_in_the_lost_zone() -> None:
    game = board_game("duo")
    agent = put(game, 1, "gale", (3, 3))
    minion = game.deploy_minion(1, "hummingbird_drone", agent, game._card("launch_hummingbird", 1))
    game.destroy(minion, by=2)
    player = game.player(1)
    assert len(player.lost) == 2  # (the minion's piece and its card are both there)
    assert player.sizes()["lost"] == 1
