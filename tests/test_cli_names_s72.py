"""A Chinese-speaking user's sweep (s72g): a game is named by its name in either language wherever a command takes
one (`export csv`, `import csv`, `print`, `text parse`, `text run`, `simulate`, `play`) and a refusal lists the games
and the modes with their Chinese names, as `search` lists a key's values; a `--mode` a text list is read under is
told as the option's, at no line of the file; `draft` and `deck draw` put an id in the language's brackets."""

from __future__ import annotations

import gettext
import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import toolkit.i18n
from toolkit.cli import app

ROOT = Path(__file__).resolve().parents[1]
DUO = ROOT / "examples" / "decks" / "tactics" / "duo.json"
GAMES_ZH = "tactics（特工战术）、netrunner（矩阵潜袭）、crossfire（谍战特工）"
TACTICS_MODES_ZH = "duel（单挑）、duo（双雄）、expert（专家）、melee（混战）、nightmare（梦魇通廊）"
TACTICS_MODES_EN = "duel, duo, expert, melee, nightmare"

# the messages these fixes add, in Chinese as /tmp/fix755/zh.json gives them to the catalog: a test reads them
# so before the catalog has them (the catalog's own translation first, once it has one)
NEW_ZH = {"{name} ({id})": "{name}（{id}）"}


class _WithNew(gettext.NullTranslations):
    def __init__(self, catalog: gettext.NullTranslations) -> None:
        super().__init__()
        self.catalog = catalog

    def gettext(self, message: str) -> str:
        found = self.catalog.gettext(message)
        return NEW_ZH.get(message, found) if found == message else found

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self.catalog.ngettext(singular, plural, n)

    def pgettext(self, context: str, message: str) -> str:
        return self.catalog.pgettext(context, message)


@pytest.fixture
def new_messages(monkeypatch: pytest.MonkeyPatch) -> None:
    catalogs = toolkit.i18n.translations
    monkeypatch.setattr(
        toolkit.i18n, "translations", lambda lang: _WithNew(catalogs(lang)) if lang == "zh-Hans" else catalogs(lang)
    )


def _run(args: list[Any], lang: str = "zh-Hans", **kwargs: Any) -> Any:
    return CliRunner().invoke(app, [str(a) for a in args], env={"DOSSIER_LANG": lang, "COLUMNS": "200"}, **kwargs)


def _error(result: Any) -> str:
    return " ".join(result.stderr.split())


# ---- 1. a game's name in either language names it wherever a command takes a game


@pytest.mark.parametrize("game", ["特工战术", "Tactics", "tactics"])
def test_export_and_import_csv_read_a_game_by_its_name_s72(tmp_path: Path, game: str) -> None:
    sheet = tmp_path / "agents.csv"
    exported = _run(["export", "csv", "--game", game, "--kind", "agent", "--out", sheet])
    assert exported.exit_code == 0, exported.output
    assert sheet.read_text(encoding="utf-8-sig").startswith("id,"), exported.output
    into = tmp_path / "into"
    imported = _run(["import", "csv", sheet, "--game", game, "--kind", "agent", "--into", into, "--dry-run"])
    assert imported.exit_code == 0, imported.output
    assert "特工战术" in imported.stdout and "特工记录" in imported.stdout, imported.output


def test_export_csv_reads_android_netrunner_s72(tmp_path: Path) -> None:
    sheet = tmp_path / "nr.csv"
    result = _run(["export", "csv", "--game", "Android: Netrunner", "--out", sheet])
    assert result.exit_code == 0, result.output
    assert ",type,faction," in sheet.read_text(encoding="utf-8-sig").splitlines()[0]  # netrunner's card columns


@pytest.mark.parametrize(
    "args",
    [
        ["export", "csv", "--game", "foo"],
        ["import", "csv", "x.csv", "--game", "foo", "--into", "into"],
        ["print", "--game", "foo", "--out", "x.pdf"],
        ["text", "parse", "--game", "foo", "你抽 2 张牌。"],
    ],
    ids=["export", "import", "print", "text parse"],
)
def test_a_name_of_no_game_lists_the_games_with_their_names_s72(tmp_path: Path, args: list[str]) -> None:
    args = [str(tmp_path / a) if a.endswith((".csv", ".pdf")) or a == "into" else a for a in args]
    chinese = _run(args)
    assert chinese.exit_code == 2, chinese.output
    assert GAMES_ZH in _error(chinese), chinese.stderr
    english = _run(args, "en")
    assert english.exit_code == 2, english.output
    assert "tactics, netrunner, crossfire" in _error(english), english.stderr


def test_print_reads_a_game_by_its_name_s72() -> None:
    from toolkit.cli.sheets import _select

    by_name = _select(None, None, "特工战术", None, None, None)
    by_id = _select(None, None, "tactics", None, None, None)
    assert by_name.records and [r.id for r in by_name.records] == [r.id for r in by_id.records]


@pytest.mark.parametrize("game", ["特工战术", "矩阵潜袭", "谍战特工"])
def test_text_parse_reads_a_game_by_its_name_s72(game: str) -> None:
    result = _run(["text", "parse", "--game", game, "你抽 2 张牌。"])
    assert result.exit_code == 0, result.output
    assert "Ability" in result.stdout


def test_text_run_reads_a_game_by_its_name_s72() -> None:
    result = _run(["text", "run", "--game", "特工战术", "你抽 1 张牌。"])
    assert result.exit_code == 0, result.output
    unknown = _run(["text", "run", "--game", "foo", "你抽 1 张牌。"])
    assert unknown.exit_code == 2, unknown.output
    assert "tactics（特工战术）、netrunner（矩阵潜袭）" in _error(unknown), unknown.stderr  # the games it runs
    assert "crossfire" not in _error(unknown)  # ("crossfire text runs in …": of crossfire only)
    crossfire = _run(["text", "run", "--game", "谍战特工", "你抽 1 张牌。"])
    assert crossfire.exit_code == 2 and "`dossier crossfire resolve`" in crossfire.stderr, crossfire.output


@pytest.mark.parametrize(
    ("command", "game", "expected"),
    [
        ("simulate", "特工战术", "--decks 需要 2 到 4 个牌组文件"),
        ("simulate", "Android: Netrunner", "--decks 需要两个牌组文件"),
        ("play", "矩阵潜袭", "--decks 需要两个牌组文件"),
        ("play", "特工战术", None),
    ],
)
def test_simulate_and_play_read_a_game_by_its_name_s72(command: str, game: str, expected: str | None) -> None:
    result = _run([command, game, "--decks", "a.json"])
    assert "只能" not in result.stderr, result.output  # not "plays tactics or netrunner, not …"
    if expected is not None:
        assert result.exit_code == 2 and expected in _error(result), result.output


@pytest.mark.parametrize("command", ["simulate", "play"])
def test_simulate_and_play_list_their_games_with_their_names_s72(command: str) -> None:
    result = _run([command, "foo", "--decks", "a.json"])
    assert result.exit_code == 2, result.output
    assert "tactics（特工战术）" in result.stderr and "netrunner（矩阵潜袭）" in result.stderr, result.stderr
    english = _run([command, "foo", "--decks", "a.json"], "en")
    assert "tactics or netrunner" in english.stderr or "netrunner or tactics" in english.stderr, english.stderr


# ---- 2. an unknown mode lists the modes with their Chinese names, as `search t:` lists types


def _text_deck(tmp_path: Path, mode_line: str = "") -> Path:
    path = tmp_path / "bad.txt"
    path.write_text(f"# game: tactics\n{mode_line}## 特工\n1x 寒鸦\n", encoding="utf-8")
    return path


def test_a_list_s_unknown_mode_lists_the_modes_with_their_names_s72(tmp_path: Path) -> None:
    path = _text_deck(tmp_path, "# mode: 双人\n")
    result = _run(["deck", "validate", path])
    assert result.exit_code == 1, result.output
    line = next(row for row in result.stdout.splitlines() if "deck.mode.unknown" in row)
    assert line == f"{path}:2:1：错误 deck.mode.unknown：特工战术没有 '双人' 模式；现有模式：{TACTICS_MODES_ZH}", line
    english = _run(["deck", "validate", path], "en")
    assert f"modes: {TACTICS_MODES_EN}" in english.stdout, english.output


def test_an_unknown_mode_option_lists_the_modes_with_their_names_s72(tmp_path: Path) -> None:
    result = _run(["deck", "validate", DUO, "--mode", "双人"])
    assert result.exit_code == 1, result.output
    assert f"--mode '双人'：特工战术没有这个模式；可用的模式：{TACTICS_MODES_ZH}" in result.stdout, result.output
    new = _run(["deck", "new", "--game", "特工战术", "--mode", "双人", "--out", tmp_path / "n.txt"])
    assert new.exit_code == 2 and f"可用的模式：{TACTICS_MODES_ZH}" in _error(new), new.output
    english = _run(["deck", "validate", DUO, "--mode", "双人"], "en")
    assert f"modes: {TACTICS_MODES_EN}" in english.stdout, english.output


def test_balance_lists_the_modes_with_their_names_s72(tmp_path: Path) -> None:
    from toolkit.balance.games import check_modes
    from toolkit.config import pool_catalog
    from toolkit.errors import DossierError
    from toolkit.i18n import use_lang

    records = pool_catalog(None)[1].records
    with use_lang("zh-Hans"), pytest.raises(DossierError) as refused:
        check_modes(records, ["双人"], 2)
    assert "--modes '双人'" in str(refused.value) and "duel（单挑）、duo（双雄）" in str(refused.value), refused.value
    assert check_modes(records, ["单挑", "Duo"], 2) == ["duel", "duo"]  # (a mode's name names it)
    with use_lang("en"), pytest.raises(DossierError) as english:
        check_modes(records, ["双人"], 2)
    assert "choose among duel, duo," in str(english.value), english.value


# ---- 3. a --mode a text list is read under is told as the option's, at no line of the file


@pytest.mark.parametrize("lang", ["zh-Hans", "en"])
def test_a_text_list_s_unknown_mode_option_is_the_option_s_s72(tmp_path: Path, lang: str) -> None:
    path = _text_deck(tmp_path)
    found = {}
    for mode in ("双人", "shuangren"):  # a name of no mode, an id of none: told alike
        result = _run(["deck", "validate", path, "--mode", mode, "--format", "json"], lang)
        assert result.exit_code == 1, result.output
        [finding] = [f for f in json.loads(result.stdout)[0]["findings"] if f["code"] == "deck.mode.unknown"]
        assert finding["line"] is None and finding["pointer"] is None, finding
        assert finding["message"].startswith(f"--mode {mode!r}"), finding
        found[mode] = finding["message"].replace(repr(mode), "M")
    assert found["双人"] == found["shuangren"]
    text = _run(["deck", "validate", path, "--mode", "双人"], lang)
    assert f"{path}:1:" not in text.stdout and str(path) in text.stdout, text.output


def test_a_netrunnerdb_list_s_unknown_mode_option_is_the_option_s_s72(tmp_path: Path) -> None:
    path = tmp_path / "nrdb.json"
    path.write_text(json.dumps({"id": 7, "name": "Spark", "description": "", "cards": {"01001": 1}}), "utf-8")
    result = _run(["deck", "validate", path, "--mode", "标准x", "--format", "json"])
    assert result.exit_code == 1, result.output
    [finding] = [f for f in json.loads(result.stdout)[0]["findings"] if f["code"] == "deck.mode.unknown"]
    assert finding["line"] is None, finding
    assert finding["message"] == "--mode '标准x'：矩阵潜袭没有这个模式；可用的模式：standard（标准赛制）", finding


# ---- 4. an id after a name is in the language's brackets


def test_deck_draw_and_draft_bracket_an_id_in_the_language_s72(tmp_path: Path, new_messages: None) -> None:
    drawn = _run(["deck", "draw", DUO, "--seed", "1"])
    assert drawn.exit_code == 0, drawn.output
    rows = drawn.stdout.splitlines()
    assert rows and all(row.endswith("）") and "（" in row and " " not in row for row in rows), rows
    english = _run(["deck", "draw", DUO, "--seed", "1"], "en")
    assert all(row.endswith(")") and " (" in row for row in english.stdout.splitlines()), english.stdout
    picks = tmp_path / "picks.txt"
    picks.write_text("jackdaw\negret\n" + "1\n" * 6, encoding="utf-8")
    draft = _run(["draft", "--seed", "1", "--script", picks])
    assert draft.exit_code == 0, draft.output
    assert "寒鸦（jackdaw）" in draft.stdout and "(jackdaw)" not in draft.stdout, draft.stdout
    assert "Jackdaw (jackdaw)" in _run(["draft", "--seed", "1", "--script", picks], "en").stdout
