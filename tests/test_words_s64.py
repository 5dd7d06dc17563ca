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
