"""Card text that lint passed clean stopped `simulate` and `text coverage` games, or never did what it says (sweep 66):
a tactics text that gains a card that is no token card (the engine stops: "「格斗」 is no token card"), attacks with a
name that is no attack or searches for one that is no card a deck can hold; a netrunner card with the other side's
text (a runner event that takes bad publicity: "only the corp takes bad publicity"); an unknown symbol told twice,
with an empty list of the known ones."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from toolkit import i18n
from toolkit.catalog import discover
from toolkit.jsonio import canonical_dumps
from validators.findings import Finding
from validators.lint import lint_files

ROOT = Path(__file__).resolve().parent.parent
CARDS = ROOT / "cards"


def _card(folder: Path, game: str, base: str, card_id: str, texts: list[str], **changes: Any) -> Path:
    """A copy of the bundled ``base`` card of ``game`` as ``card_id`` (names of its own) with ``texts``."""
    data = json.loads((CARDS / game / "cards" / f"{base}.json").read_text(encoding="utf-8"))
    data.update(id=card_id, name={"zh-Hans": "测" + card_id, "en": "T " + card_id}, text=texts, **changes)
    data["$schema"] = str(ROOT / "schema" / game / "card.schema.json")
    path = folder / f"{card_id}.json"
    path.write_text(canonical_dumps(data), encoding="utf-8")
    return path


def _lint(*paths: Path) -> list[Finding]:
    """The findings of ``paths`` (files in no game directory) among the bundled card pool."""
    return lint_files(list(paths), [], pool=[CARDS], jobs=1, cache=False, cache_dir=None).findings


def _said(findings: list[Finding], path: Path) -> list[tuple[str, str, str]]:
    return [(f.code, f.severity, f.message) for f in findings if f.file == str(path)]


# ---------------------------------------------------------------- tactics: what a text does with a name it quotes


def test_gaining_a_card_that_is_no_token_card_is_an_error(tmp_path: Path) -> None:
    text = _card(tmp_path, "tactics", "corridor_dash", "b_tokenab", ["你获得 1 张「格斗」。"])
    other = _card(tmp_path, "tactics", "corridor_dash", "b_tokencard", ["你获得 1 张「肾上腺素针」。"])
    # a token card whose name is near: the did-you-mean offers it
    mark = _card(tmp_path, "tactics", "holo_decoy", "t_mark", ["本单位移动 0-1。"])
    json_mark = json.loads(mark.read_text(encoding="utf-8"))
    json_mark["name"] = {"zh-Hans": "格斗标记", "en": "Brawl Mark"}
    mark.write_text(canonical_dumps(json_mark), encoding="utf-8")
    found = _lint(text, other, mark)
    said = _said(found, text)
    assert [(code, severity) for code, severity, _ in said] == [("card.text.ref", "error")], said
    message = said[0][2]
    assert "gains 「格斗」, which is attack 'brawl', no token card" in message
    assert "a game stops with an error" in message and message.endswith("did you mean '格斗标记'?")
    line = next(f.line for f in found if f.file == str(text))
    assert line == 1 + text.read_text(encoding="utf-8").splitlines().index('    "你获得 1 张「格斗」。"')
    [(code, _, message)] = _said(found, other)  # a card, but no token card
    assert code == "card.text.ref" and "「肾上腺素针」, which is card 'adrenaline_shot', no token card" in message
    assert _said(found, mark) == []


def test_a_token_card_gained_is_clean(tmp_path: Path) -> None:
    text = _card(tmp_path, "tactics", "corridor_dash", "b_token_ok", ["你获得 1 张「烟幕」。"])
    assert _said(_lint(text), text) == []


def test_attacking_with_a_name_that_is_no_attack_is_an_error(tmp_path: Path) -> None:
    bad = _card(tmp_path, "tactics", "corridor_dash", "b_atkitem", ["本单位使用「肾上腺素针」攻击 1 次。"])
    # a built-in attack, a weapon card and a minion's own attack are attacks
    attacks = [
        "本单位使用「格斗」攻击 1 次。",
        "本单位使用「破门霰弹枪」攻击 1 次。",
        "本单位使用「外包安保员」攻击 1 次。",
    ]
    good = _card(tmp_path, "tactics", "corridor_dash", "b_atk_ok", attacks)
    found = _lint(bad, good)
    [(code, severity, message)] = _said(found, bad)
    assert (code, severity) == ("card.text.ref", "error")
    assert "attacks with 「肾上腺素针」, which is card 'adrenaline_shot', no attack" in message
    assert "the attack never happens" in message
    assert _said(found, good) == []


def test_searching_for_what_no_deck_holds_is_an_error(tmp_path: Path) -> None:
    ability = _card(tmp_path, "tactics", "corridor_dash", "b_searchab", ["你搜寻 1 张「格斗」。"])
    token = _card(tmp_path, "tactics", "corridor_dash", "b_searchtoken", ["你从矩阵商店搜寻 1 张「全息诱饵」。"])
    good = _card(tmp_path, "tactics", "corridor_dash", "b_search_ok", ["你搜寻 1 张「肾上腺素针」。"])
    found = _lint(ability, token, good)
    [(code, severity, message)] = _said(found, ability)
    assert (code, severity) == ("card.text.ref", "error")
    assert "searches for 「格斗」, which is attack 'brawl', no card a deck can hold" in message
    [(code, severity, message)] = _said(found, token)
    assert (code, severity) == ("card.text.ref", "error")
    assert "「全息诱饵」, a token card: token cards never go in a deck" in message
    assert _said(found, good) == []


# ---------------------------------------------------------------- netrunner: the other side's text


def test_a_runner_card_with_corp_text_is_an_error(tmp_path: Path) -> None:
    runner = _card(tmp_path, "netrunner", "bin_diving", "n_runner_corp", ["你获得 1 个负面声誉。"])
    corp = _card(tmp_path, "netrunner", "hb_calibration_cycle", "n_corp_runner", ["你抽 1 张牌。", "你退出潜袭。"])
    good = _card(tmp_path, "netrunner", "bin_diving", "n_runner_ok", ["你获得 2[credit]。"])
    found = _lint(runner, corp, good)
    [(code, severity, message)] = _said(found, runner)
    assert (code, severity) == ("card.text.side", "error")
    assert message.startswith(
        "netrunner card 'n_runner_corp': /text/0: 你获得 1 个负面声誉 (you take 1 bad publicity) "
    )
    assert "is corp text, but this is a runner card: its text resolves as the runner" in message
    [finding] = [f for f in found if f.file == str(corp)]
    assert (finding.code, finding.pointer) == ("card.text.side", "/text/1")
    assert "你退出潜袭 (you jack out) is runner text, but this is a corp card" in finding.message
    assert _said(found, good) == []


def test_the_side_check_reads_the_engines_table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The table is the engine's (toolkit/engine/forms.py, which the engine reads too; imported, not copied): an
    effect it gives to no side is no finding."""
    import toolkit.engine.forms as forms
    import toolkit.engine.netrunner.interp as interp
    from validators import text_lint

    assert interp._CORP_NODES is forms.NETRUNNER_CORP_NODES and interp._RUNNER_NODES is forms.NETRUNNER_RUNNER_NODES
    runner = _card(tmp_path, "netrunner", "bin_diving", "n_runner_corp2", ["你获得 1 个负面声誉。"])
    assert [f.code for f in _lint(runner) if f.file == str(runner)] == ["card.text.side"]
    corp_nodes = tuple(cls for cls in forms.NETRUNNER_CORP_NODES if cls.__name__ != "GainBadPublicity")
    monkeypatch.setattr(forms, "NETRUNNER_CORP_NODES", corp_nodes)
    text_lint.side_table.cache_clear()
    monkeypatch.setattr(text_lint, "_SIDED_STEPS", {})
    try:
        assert [f.code for f in _lint(runner) if f.file == str(runner)] == []
    finally:
        text_lint.side_table.cache_clear()


# ---------------------------------------------------------------- one finding per unknown symbol


def test_a_netrunner_symbol_on_a_tactics_card_is_told_once(tmp_path: Path) -> None:
    path = _card(tmp_path, "tactics", "corridor_dash", "t_credit", ["你获得 3[credit]。"])
    said = _said(_lint(path), path)
    assert [code for code, _, _ in said] == ["text.form.unsupported"], said  # (it says netrunner runs it)
    assert "[]" not in said[0][2]


def test_an_unknown_netrunner_symbol_is_told_once_where_the_text_stops(tmp_path: Path) -> None:
    path = _card(tmp_path, "netrunner", "bin_diving", "n_creditsym", ["你获得 3[credits]。"])
    said = _said(_lint(path), path)
    assert [code for code, _, _ in said] == ["card.text.parse"], said
    assert "did you mean [credit]?" in said[0][2]


def test_a_symbol_the_game_record_lacks_names_no_empty_list(tmp_path: Path) -> None:
    cards = tmp_path / "cards"
    shutil.copytree(CARDS / "netrunner", cards / "netrunner")
    game = cards / "netrunner" / "game.json"
    data = json.loads(game.read_text(encoding="utf-8"))
    data["symbols"] = []
    game.write_text(canonical_dumps(data), encoding="utf-8")
    card = cards / "netrunner" / "cards" / "bin_diving.json"
    data = json.loads(card.read_text(encoding="utf-8"))
    data["text"] = ["你的内存上限 +1[mu]。"]
    card.write_text(canonical_dumps(data), encoding="utf-8")
    for lang, empty, none in (
        ("en", "known: []", "the netrunner game record names no symbols"),
        ("zh-Hans", "[]", None),
    ):
        with i18n.use_lang(lang):
            found = lint_files(discover([cards], []), [cards], jobs=1, cache=False, cache_dir=None).findings
        symbols = [f.message for f in found if f.code == "card.text.symbol" and f.file == str(card)]
        assert len(symbols) == 1, symbols
        assert empty not in symbols[0]
        if none is not None:
            assert symbols[0].endswith("unknown symbol [mu] in text; " + none)


def test_a_parse_error_is_told_in_the_words_of_the_record_s_game(tmp_path: Path) -> None:
    """A netrunner card's text that does not parse: lint offers netrunner's words (1[credit]), not tactics' (本单位,
    佩戴者), as `text parse --game netrunner` and the engine tell it."""
    from toolkit.i18n import use_lang

    card = _card(tmp_path, "netrunner", "bin_diving", "n_no_number", ["你获得 [credit]。"])
    with use_lang("en"):
        said = [m for code, _, m in _said(_lint(card), card) if code == "card.text.parse"]
    assert len(said) == 1 and "1[credit]" in said[0] and "佩戴者" not in said[0], said


def test_a_runner_card_that_damages_its_own_runner_is_no_other_side_text(tmp_path: Path) -> None:
    """Damage tells a bare text for the corp's, but a runner's own card may deal it to its runner (as real
    hardware does: "when you install this, suffer 1 core damage"), and the engine runs it: no card.text.side."""
    card = _card(tmp_path, "netrunner", "backup_mirror", "n_self_harm", ["当你安装本牌时：造成 1 点脑部伤害。"])
    assert [code for code, _, _ in _said(_lint(card), card) if code == "card.text.side"] == []
    event = _card(tmp_path, "netrunner", "bin_diving", "n_runner_corp3", ["你获得 1 个负面声誉。"])
    assert [code for code, _, _ in _said(_lint(event), event)] == ["card.text.side"]  # (still: the engine stops)
