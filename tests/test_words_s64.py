"""Words of this stop's sweep that no other test reads."""

from __future__ import annotations

from toolkit.i18n import t


def test_a_plot_bar_counts_what_it_counts_in_chinese() -> None:
    """The bars of crossfire's plot (roles dealt, not games) said （1000 局） in a 500-table run."""
    label = t("zh-Hans", "{rate}%\n(n={n})", rate="50", n=1000)
    assert label == "50%\n（样本 1000）" and "局" not in label


def test_a_units_title_and_a_log_line_name_the_player_in_chinese() -> None:
    """Replays and rendered maps said `铁砧#12 · P2 · 生命 14/14` in Chinese (the headings said 玩家2)."""
    from toolkit.board.draw import _unit_title
    from toolkit.board.replay import event_line
    from toolkit.i18n import use_lang

    unit = {"name": "铁砧", "id": "anvil", "seat": 2, "hp": 12, "max_hp": 14}
    with use_lang("zh-Hans"):
        assert " · 玩家2 · " in _unit_title(unit) and "P2" not in _unit_title(unit)
        assert "玩家1" in event_line({"seq": 1, "event": "deploy", "player": 1})
    with use_lang("en"):
        assert " · P2 · " in _unit_title(unit)


def test_the_dockyards_summaries_name_the_same_terrain() -> None:
    import json

    from .conftest import CARDS

    summary = json.loads((CARDS / "tactics" / "maps" / "dockyard.json").read_text(encoding="utf-8"))["summary"]
    assert "pits" in summary["en"] and "坑洞" in summary["zh-Hans"]


def test_the_catalog_check_finds_a_translation_that_cannot_be_filled_in() -> None:
    """Two plural forms were cut to their first character, `{` (a translation given as a string, not a list of
    forms), and `deck draw --hand 11` ended in a traceback in Chinese; the check passed them (no field is missing)."""
    from toolkit.i18n.catalogs import fills

    fields = {"option", "value", "n"}
    assert not fills("{", fields) and not fills("{option} {value} }", fields)
    assert fills("{option} {value}：超过了牌组的 {n} 张牌", fields)


def test_a_hand_larger_than_the_deck_is_refused_in_one_line_in_chinese(cli) -> None:  # type: ignore[no-untyped-def]
    from .conftest import ROOT

    result = cli("--lang", "zh-Hans", "deck", "draw", ROOT / "examples" / "decks" / "tactics" / "duel.json",
                 "--hand", "11")  # fmt: skip
    assert result.exit_code == 2 and "超过了牌组的 10 张牌" in result.stderr and "Traceback" not in result.output


def test_lint_counts_records_in_plural_forms(cli) -> None:  # type: ignore[no-untyped-def]
    """`146 card, 9 faction, 1 game` (and 1 game read 1 局 in Chinese: a game played, not a record)."""
    from .conftest import CARDS

    english = cli("lint", CARDS / "crossfire", "--lang", "en").stdout
    assert "1 game record, 2 modes, 14 roles" in english, english
    chinese = cli("lint", CARDS / "crossfire", "--lang", "zh-Hans").stdout
    assert "1 条游戏记录，2 个模式，14 个角色" in chinese, chinese


def test_a_crossfire_set_of_roles_alone_plays_among_the_pool(cli, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """`crossfire deal --cards my-set` said there are no crossfire modes (the deck commands read it among the pool)."""
    import json

    from .conftest import CARDS

    role = json.loads((CARDS / "crossfire" / "roles" / "bomber.json").read_text(encoding="utf-8"))
    role.pop("$schema", None)
    (tmp_path / "roles").mkdir()
    (tmp_path / "roles" / "hacker.json").write_text(
        json.dumps({**role, "id": "hacker", "name": {"en": "Hacker", "zh-Hans": "黑客"}}), encoding="utf-8")
    result = cli("crossfire", "deal", "-n", "6", "--seed", "1", "--cards", tmp_path, "--lang", "en")
    assert result.exit_code == 0, result.output


def test_a_role_set_is_dealt_not_drawn_with_a_hand_given_too(cli) -> None:  # type: ignore[no-untyped-def]
    from .conftest import ROOT

    deck = ROOT / "examples" / "decks" / "crossfire" / "crossfire-6.json"
    for command in ("draw", "odds"):
        result = cli("deck", command, deck, "--hand", "3", "--lang", "en")
        assert result.exit_code != 0 and "dealt, not drawn" in result.output, result.output


def test_who_sees_an_entry_is_spaced_as_chinese_is(cli) -> None:  # type: ignore[no-untyped-def]
    out = cli("text", "run", "你抽 2 张牌。", "--mode", "duel", "--seed", "1", "--lang", "zh-Hans").stdout
    assert "（仅玩家1 可见）" in out and "（仅 玩家" not in out, out
