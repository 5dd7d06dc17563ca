"""`dossier db build`, `dossier search` and `dossier show` from the command line."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from .conftest import CARDS
from .test_db import BACKENDS, drop, new_url

Run = Callable[..., Any]


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> str:
    """The bundled data in an SQLite file, built through the CLI."""
    from typer.testing import CliRunner

    from toolkit.cli import app

    path = tmp_path_factory.mktemp("cli") / "cards.db"
    result = CliRunner().invoke(app, ["db", "build", "--db", str(path), "--cards", str(CARDS)])
    assert result.exit_code == 0, result.output
    return str(path)


def test_build_reports_what_it_built(cli: Run, tmp_path: Path) -> None:
    result = cli("db", "build", "--db", tmp_path / "x.db", "--cards", CARDS / "crossfire")
    assert result.exit_code == 0
    assert result.stdout.startswith(f"built {tmp_path / 'x.db'}: 17 records (crossfire 17) in ")
    assert result.stdout.rstrip().endswith("text index: FTS5 trigrams + Chinese character pairs")


def test_build_defaults_to_dossier_db_here(cli: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("DOSSIER_DB", raising=False)
    assert cli("db", "build").exit_code == 0
    assert (tmp_path / "dossier.db").is_file()
    monkeypatch.setenv("DOSSIER_DB", str(tmp_path / "env.db"))
    assert cli("db", "build", "--cards", CARDS / "crossfire").exit_code == 0
    assert (tmp_path / "env.db").is_file()
    assert cli("search", "狙击手", "--format", "ids").stdout.split() == ["crossfire/role/sniper", "crossfire/mode/sniper"]


def test_build_with_bad_cards_leaves_the_old_database(cli: Run, tmp_path: Path) -> None:
    db = tmp_path / "x.db"
    assert cli("db", "build", "--db", db, "--cards", CARDS / "crossfire").exit_code == 0
    bad = tmp_path / "bad"
    bad.mkdir()
    (bad / "broken.json").write_text('{"game": "crossfire",', encoding="utf-8")
    result = cli("db", "build", "--db", db, "--cards", bad)
    assert result.exit_code == 1
    assert "broken.json:1:22: invalid JSON" in result.stderr
    assert cli("search", "--db", db, "team:红", "--format", "ids").stdout == "crossfire/assassin\n"


@pytest.mark.lang_default
def test_search_table(cli: Run, built: str) -> None:
    result = cli("search", "--db", built, "t:装备 攻速>=3")
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[0].split() == ["ID", "类型", "名称", "属性"]  # the default language: zh-Hans
    assert lines[-1] == f"共 {len(lines) - 2} 条记录"
    assert any(line.startswith("tactics/coil_railgun ") and "电磁轨道炮" in line for line in lines)
    assert all("攻速 3" in line for line in lines[1:-1])  # the stats in the query's Chinese words


def test_search_words_are_joined(cli: Run, built: str) -> None:
    joined = cli("search", "--db", built, "--format", "ids", "t:装备", "攻速>=3")
    assert joined.stdout == cli("search", "--db", built, "--format", "ids", "t:装备 攻速>=3").stdout


def test_search_ids_and_game(cli: Run, built: str) -> None:
    everywhere = cli("search", "--db", built, "狙击", "--format", "ids").stdout.split()
    crossfire = cli("search", "--db", built, "狙击", "--format", "ids", "--game", "谍战特工").stdout.split()
    assert "crossfire/role/sniper" in everywhere and "role/sniper" in crossfire  # an id two kinds share: with its kind
    assert set(crossfire) < {ref.split("/", 1)[1] for ref in everywhere}


def test_search_json(cli: Run, built: str) -> None:
    result = cli("search", "--db", built, "--format", "json", "--limit", "2", "t:防火墙")
    data = json.loads(result.stdout)
    assert (data["query"], data["count"], len(data["results"])) == ("t:防火墙", 2, 2)
    first = data["results"][0]
    assert (first["game"], first["kind"], first["type"]) == ("netrunner", "card", "ice")
    assert first["record"]["id"] == first["id"] and "rez_cost" in first["record"]


@pytest.mark.lang_default
def test_search_nothing(cli: Run, built: str) -> None:
    result = cli("search", "--db", built, "x:nothing-at-all")
    assert (result.exit_code, result.stdout) == (0, "没有匹配的记录\n")
    english = cli("search", "--db", built, "x:nothing-at-all", "--lang", "en")
    assert (english.exit_code, english.stdout) == (0, "no records match\n")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["cost<abc"], "dossier: error: query 'cost<abc', column 6: cost needs a whole number, not 'abc'"),
        (["t:装备", "攻击力>=2"], "dossier: error: query 't:装备 攻击力>=2', column 6: unknown key '攻击力'"),
        (['"open'], "dossier: error: query '\"open', column 1: unterminated quote"),
        (["--game", "chess", "x"], "dossier: error: --game 'chess': unknown game"),
    ],
)
def test_search_errors_are_one_line_with_exit_2(cli: Run, built: str, args: list[str], message: str) -> None:
    result = cli("search", "--db", built, *args)
    assert result.exit_code == 2
    assert result.stderr.startswith(message)
    assert result.stderr.count("\n") == 1
    assert "Traceback" not in result.output


def test_search_without_a_database(cli: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """No --db, $DOSSIER_DB or ./dossier.db: a database of the card pool in the user's cache, built once
    (issue 25: `dossier show ID` after `make demo`, whose database is build/dossier.db)."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("DOSSIER_DB", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    result = cli("search", "抽牌")
    assert result.exit_code == 0, result.stderr
    assert result.stderr.startswith("dossier: no dossier.db here: building the card database in ")
    assert len(list((tmp_path / "cache" / "dossier" / "db").glob("*.db"))) == 1
    assert not (tmp_path / "dossier.db").exists()
    again = cli("search", "抽牌")
    assert again.exit_code == 0 and again.stderr == "" and again.stdout == result.stdout


def test_search_help_lists_every_key(cli: Run) -> None:
    from toolkit.search.keys import KEYS

    result = cli("search", "--help")
    assert result.exit_code == 0
    for key in KEYS:
        assert f"{key.name}, " in result.stdout or f"{key.name}:" in result.stdout


@pytest.mark.lang_default
def test_show_renders_ability_text(cli: Run, built: str) -> None:
    result = cli("show", "--db", built, "longbow_sniper_rifle")
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[0] == "长弓狙击步枪"  # the name in the language asked for only
    assert lines[1] == "特工战术 牌 longbow_sniper_rifle（装备）"
    assert ["equipment.attack.speed", "2"] in [line.split() for line in lines]  # the record's fields as stored
    assert "能力：" in lines
    text_at = lines.index("能力：")
    assert lines[text_at + 1] == "  攻击后：如果本次攻击的目标被消灭，你抽 1 张牌。"
    assert not lines[text_at + 2].startswith("    ")  # no English rendering after it
    both = cli("show", "--db", built, "longbow_sniper_rifle", "--bilingual").stdout.splitlines()
    assert both[0] == "长弓狙击步枪  Longbow Sniper Rifle"
    text_at = both.index("能力：")
    assert both[text_at + 2] == "    After attacking: If the target of this attack was destroyed, you draw 1 card."


def test_show_json_is_the_record(cli: Run, built: str) -> None:
    result = cli("show", "--db", built, "tactics/gale", "--format", "json")
    data = json.loads(result.stdout)
    assert (data["id"], data["kind"], data["name"]["zh-Hans"]) == ("gale", "agent", "烈风")
    assert "$schema" not in data


@pytest.mark.parametrize(
    ("args", "exit_code", "message"),
    [
        (
            ["sniper"],
            2,
            "id 'sniper' names 2 records: crossfire/role/sniper (role), crossfire/mode/sniper (mode); add --kind",
        ),
        (["nobody"], 2, "no record with id or name 'nobody'"),
        (["sniper", "--kind", "dragon"], 2, "--kind 'dragon': one of"),
    ],
)
def test_show_errors(cli: Run, built: str, args: list[str], exit_code: int, message: str) -> None:
    result = cli("show", "--db", built, *args)
    assert result.exit_code == exit_code
    assert message in result.stderr


def test_show_kind_picks_one(cli: Run, built: str) -> None:
    result = cli("show", "--db", built, "sniper", "--kind", "mode")
    assert result.exit_code == 0
    assert result.stdout.splitlines()[1] == "crossfire mode sniper"


@pytest.mark.parametrize("backend", BACKENDS)
def test_cli_on_each_backend(cli: Run, backend: str, tmp_path: Path) -> None:
    url = new_url(backend, tmp_path)
    try:
        assert cli("db", "build", "--db", url, "--cards", CARDS / "crossfire").exit_code == 0
        result = cli("search", "--db", url, "持械:是 special:no", "--format", "ids")
        assert result.stdout.split() == ["crossfire/agent", "crossfire/assassin"]
        assert cli("show", "--db", url, "vip").stdout.startswith("VIP")
    finally:
        drop(url)


@pytest.mark.parametrize(
    ("record", "name", "shown"),
    [("netrunner/hermit_shell", "寄居壳", None), ("netrunner/gray_rat", "灰鼠", "str 1")],
)
def test_strength_shown_only_where_a_card_has_one(
    cli: Run, built: str, record: str, name: str, shown: str | None
) -> None:
    """A program without strength shows none; only ice with a null strength shows X."""
    result = cli("search", name, "--db", built)
    line = next(ln for ln in result.stdout.splitlines() if ln.startswith(record))
    if shown is None:
        assert "str " not in line
    else:
        assert shown in line


def test_show_in_english_calls_the_cards_a_text_quotes_by_their_english_names(cli: Run, built: str) -> None:
    english = cli("show", "decoy_emitter", "--db", built, "--lang", "en")
    assert english.exit_code == 0 and 'You gain 1 "Holo Decoy".' in english.stdout
    chinese = cli("show", "decoy_emitter", "--db", built, "--lang", "zh-Hans")
    assert "你获得 1 张「全息诱饵」" in chinese.stdout
