"""Stop 65's sweep of bad input to the engines' commands.

- A card whose ability text is not in the ability language stopped a tactics game only where the engine first read
  it, named as a card in play (``Med Kit#18: line 1, column 7: …``): no file, no field, and `play` had printed half
  a game by then. The game reads every text before it starts, and the error names the record's file (with the line
  and column there, as lint's ``card.text.parse`` finding), the record, the field and the column in the text.
- `scenario run`: an ``expect`` path that names nothing in the state (``runner.nope.x``) was a check that failed with
  an untranslated ``"<missing>"`` (and a check of the string ``"<missing>"`` passed); it is refused as a misspelt
  ``log.`` path is, one line naming the file and the entry. A place the state has no value at now fails whatever
  is expected there.
- `text run --players 99` said "Duo is for 2 or 4 players, not 99" naming no option, exit 1: a usage error now.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from toolkit.catalog import load_catalog
from toolkit.cli import app
from toolkit.engine.core import EngineError
from toolkit.engine.tactics import TacticsGame
from toolkit.i18n import use_lang

ROOT = Path(__file__).resolve().parents[1]
BAD = "本单位回复 ((( 点生命值。"
DUELS = [ROOT / "examples" / "decks" / "tactics" / name for name in ("duel.json", "duel-rival.json")]
WHAT = "tactics card 'med_kit': /text/0: column 7 of the text: unexpected '((('"


@pytest.fixture
def bad_pool(tmp_path: Path) -> Path:
    """A copy of the bundled tactics cards (with schema/ beside it) whose Med Kit's text does not parse."""
    shutil.copytree(ROOT / "schema", tmp_path / "schema")
    shutil.copytree(ROOT / "cards" / "tactics", tmp_path / "cards" / "tactics")
    path = tmp_path / "cards" / "tactics" / "cards" / "med_kit.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["text"] = [BAD]
    path.write_text(json.dumps(data, ensure_ascii=False, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    return tmp_path / "cards" / "tactics"


def _error_lines(result: Any) -> list[str]:
    return [line for line in result.output.splitlines() if line.strip()]


def test_a_text_that_does_not_parse_stops_the_game_before_its_first_entry(bad_pool: Path) -> None:
    records = load_catalog([bad_pool]).records
    with pytest.raises(EngineError) as info:
        TacticsGame(records, "duel", setup=False)  # (its log has an entry as soon as it is made)
    assert str(info.value).startswith(WHAT) and "\n" not in str(info.value)


def test_the_error_names_the_file_where_lint_does(bad_pool: Path, cli: Any) -> None:
    from toolkit.engine.core import RECORD_FILES

    lint = cli("lint", bad_pool, "--lang", "en")
    found = re.search(r"^(\S+:\d+:\d+): error card\.text\.parse: (.*)$", lint.output, re.M)
    assert found is not None, lint.output
    catalog = load_catalog([bad_pool])
    token = RECORD_FILES.set(catalog.file_of)
    try:
        with pytest.raises(EngineError) as info:
            TacticsGame(catalog.records, "duel", setup=False)
        with use_lang("zh-Hans"), pytest.raises(EngineError) as chinese:
            TacticsGame(catalog.records, "duel", setup=False)
    finally:
        RECORD_FILES.reset(token)
    assert str(info.value) == f"{found[1]}: {found[2]}"  # lint's place and words, one line
    assert str(chinese.value).startswith(f"{found[1]}：特工战术卡牌 'med_kit'：/text/0：文本第 7 列：")
    words = str(chinese.value).split("：", 1)[1].replace("med_kit", "").replace("/text/", "")
    assert not re.search(r"[A-Za-z]{3,}", words), words  # (wholly Chinese but the id and the pointer)


@pytest.mark.parametrize(
    "args",
    [
        ["simulate", "tactics", "--decks", DUELS[0], "--decks", DUELS[1], "--turns", "3"],
        ["text", "run", "你抽 1 张牌。"],
        ["play", "tactics", "--decks", DUELS[0], "--decks", DUELS[1], "--seed", "1", "--plain"],
    ],
    ids=["simulate", "text-run", "play"],
)
def test_the_commands_say_it_first_and_print_no_game(bad_pool: Path, args: list[Any]) -> None:
    result = CliRunner().invoke(app, [str(a) for a in [*args, "--cards", bad_pool, "--lang", "en"]], input="1\n" * 40)
    assert result.exit_code == 1, result.output
    assert result.stdout == "", result.stdout  # (play printed the game up to the Med Kit played)
    file = bad_pool / "cards" / "med_kit.json"  # (named as lint names it, with the place of the text in it)
    assert _error_lines(result) == [f"dossier: error: {file}:13:5: {WHAT}; expected a number; hint: a number is "
                                    "missing here (Arabic 2 or Chinese 两 both work)"]  # fmt: skip


def _scenario(tmp_path: Path, expect: dict[str, Any]) -> Path:
    data = json.loads((ROOT / "examples" / "scenarios" / "run-through-ice.json").read_text(encoding="utf-8"))
    data["expect"] = expect
    path = tmp_path / "s.json"
    path.write_text(json.dumps(data, ensure_ascii=False, indent=1), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("path", "said"),
    [
        ("runner.nope.x", "runner has no field 'nope'"),
        ("nope", "the state has no field 'nope'"),
        ("runner.crdits", "runner has no field 'crdits'; did you mean 'credits'?"),
        ("runner.credits.x", "runner.credits is a single value; nothing is inside it to name with 'x'"),
        ("corp.servers.hq.ice", "corp.servers is a list; name its items by number (0 the first), not 'hq'"),
        ("result.winer", "result has no field 'winer'; did you mean 'winner', 'winners'?"),
    ],
)
def test_an_expect_path_that_names_nothing_is_refused_naming_the_file_and_entry(
    cli: Any, tmp_path: Path, path: str, said: str
) -> None:
    file = _scenario(tmp_path, {"runner.credits": 4, path: "<missing>"})
    result = cli("scenario", "run", file, "--lang", "en")
    assert result.exit_code == 1 and "Traceback" not in result.output
    line = next(n for n, text in enumerate(file.read_text(encoding="utf-8").splitlines(), 1) if f'"{path}"' in text)
    column = file.read_text(encoding="utf-8").splitlines()[line - 1].index(f'"{path}"') + 1
    assert _error_lines(result) == [f"dossier: error: {file}:{line}:{column}: /expect/{path}: {said}"], result.output


def test_a_place_with_no_value_fails_whatever_is_expected_and_a_left_out_default_is_read(
    cli: Any, tmp_path: Path
) -> None:
    absent = {"corp.servers.7.name": "<missing>", "run.server": None, "result.agenda_points": None}
    present = {"runner.rig.0.credits": 0, "runner.identity.strength": None, "result.turns": 1, "run": None,
               "runner.identity.name.zh-Hans": "维拉·“指尖”·索恩", "corp.servers.-1.name": "archives"}  # fmt: skip
    result = cli("scenario", "run", _scenario(tmp_path, {**absent, **present}), "--format", "json")
    assert result.exit_code == 1, result.output
    checks = {c["path"]: c for c in json.loads(result.stdout)["expect"]}
    assert all(checks[p]["ok"] is False and checks[p]["absent"] and checks[p]["got"] is None for p in absent)
    assert all(checks[p]["ok"] and "absent" not in checks[p] for p in present), checks
    assert "<missing>" not in result.stdout.replace('"want": "<missing>"', "")


@pytest.mark.parametrize(
    ("lang", "args", "said"),
    [
        ("en", ["--players", "99"], "dossier: error: --players: Duo is for 2 or 4 players, not 99"),
        ("en", ["--mode", "duel", "--players", "4"], "dossier: error: --players: Duel is for 2 players, not 4"),
        ("zh-Hans", ["--players", "3"], "dossier：错误：--players：双雄适合 2 或 4 名玩家，而不是 3 名"),
    ],
)
def test_text_run_refuses_a_player_count_of_the_mode_as_a_usage_error(
    cli: Any, lang: str, args: list[str], said: str
) -> None:
    result = cli("text", "run", "你抽 1 张牌。", *args, "--lang", lang)
    assert result.exit_code == 2 and _error_lines(result) == [said], result.output
    assert cli("text", "run", "你抽 1 张牌。", "--players", "4", "--lang", lang).exit_code == 0


def test_a_scenario_rig_of_two_consoles_is_refused_at_the_second() -> None:
    from toolkit.engine.netrunner.scenario import ScenarioError

    from .test_netrunner_rules_s65 import position

    with pytest.raises(ScenarioError, match=r"/runner/rig/1: .* is a console"):
        position(runner={"rig": [{"card": "modular_rigframe"}, {"card": "soldered_deck"}]})


def test_a_record_of_another_catalog_is_not_told_with_the_pool_s_file() -> None:
    """The file a text error names is that of the very record read from the pool: a record of the same id read
    elsewhere (or made anew) is not told with the pool's file."""
    from toolkit.config import pool_catalog
    from toolkit.engine.core import RECORD_FILES, text_error
    from toolkit.text import AbilitySyntaxError, parse

    _, catalog = pool_catalog([ROOT / "cards"])
    files = RECORD_FILES.get()
    assert files is not None
    med_kit = next(r for r in catalog.records if r.id == "med_kit")
    assert files(med_kit) is not None and files(med_kit.model_copy()) is None
    with pytest.raises(AbilitySyntaxError) as caught:
        parse(BAD)
    assert str(text_error(med_kit.model_copy(), ("text", 0), caught.value)).startswith("tactics card 'med_kit'")
