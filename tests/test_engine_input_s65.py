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


def _bad_pool(tmp_path: Path, name: str = "cards/med_kit.json", text: str = BAD) -> Path:
    """A copy of the bundled tactics cards (with schema/ beside it) whose record ``name`` (``cards/med_kit.json``)
    has the one ability text ``text``, which does not parse."""
    shutil.copytree(ROOT / "schema", tmp_path / "schema")
    shutil.copytree(ROOT / "cards" / "tactics", tmp_path / "cards" / "tactics")
    path = tmp_path / "cards" / "tactics" / name
    data = json.loads(path.read_text(encoding="utf-8"))
    data["text"] = [text]
    path.write_text(json.dumps(data, ensure_ascii=False, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    return tmp_path / "cards" / "tactics"


@pytest.fixture
def bad_pool(tmp_path: Path) -> Path:
    """A copy of the bundled tactics cards whose Med Kit's text does not parse (both duel decks hold it)."""
    return _bad_pool(tmp_path)


def _error_lines(result: Any) -> list[str]:
    return [line for line in result.output.splitlines() if line.strip()]


def test_a_text_that_does_not_parse_stops_the_game_before_its_first_entry(bad_pool: Path) -> None:
    records = load_catalog([bad_pool]).records
    with pytest.raises(EngineError) as info:
        TacticsGame(records, "duel", **_decks(), setup=False)  # (its log has an entry as soon as it is made)
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
            TacticsGame(catalog.records, "duel", **_decks(), setup=False)
        with use_lang("zh-Hans"), pytest.raises(EngineError) as chinese:
            TacticsGame(catalog.records, "duel", **_decks(), setup=False)
    finally:
        RECORD_FILES.reset(token)
    assert str(info.value) == f"{found[1]}: {found[2]}"  # lint's place and words, one line
    assert str(chinese.value).startswith(f"{found[1]}：特工战术卡牌 'med_kit'：/text/0：文本第 7 列：")
    words = str(chinese.value).split("：", 1)[1].replace("med_kit", "").replace("/text/", "")
    assert not re.search(r"[A-Za-z]{3,}", words), words  # (wholly Chinese but the id and the pointer)


@pytest.mark.parametrize(
    ("card", "args"),
    [
        ("med_kit", ["simulate", "tactics", "--decks", DUELS[0], "--decks", DUELS[1], "--turns", "3"]),
        ("ambush_flare", ["text", "run", "你抽 1 张牌。"]),  # (a card of the decks text run plays: not Med Kit)
        ("med_kit", ["play", "tactics", "--decks", DUELS[0], "--decks", DUELS[1], "--seed", "1", "--plain"]),
    ],
    ids=["simulate", "text-run", "play"],
)
def test_the_commands_say_it_first_and_print_no_game(tmp_path: Path, card: str, args: list[Any]) -> None:
    pool = _bad_pool(tmp_path, f"cards/{card}.json")
    result = CliRunner().invoke(app, [str(a) for a in [*args, "--cards", pool, "--lang", "en"]], input="1\n" * 40)
    assert result.exit_code == 1, result.output
    assert result.stdout == "", result.stdout  # (play printed the game up to the Med Kit played)
    file = pool / "cards" / f"{card}.json"  # (named as lint names it, with the place of the text in it)
    line = file.read_text(encoding="utf-8").splitlines().index(f'    "{BAD}"') + 1
    what = WHAT.replace("med_kit", card)
    # (at the error's character, as lint places it: the 7th of the text, whose quote is at column 5)
    assert _error_lines(result) == [f"dossier: error: {file}:{line}:12: {what}; expected a number; hint: a number "
                                    "is missing here (Arabic 2 or Chinese 两 both work)"]  # fmt: skip


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


# -- a game reads the texts it can run, not the whole pool's (a regression of the check above: one unreadable text
# anywhere in a designer's pool stopped every tactics game, though neither deck held it)

BROKEN = "响应：(((本单位恢复 2 点生命值。"


def _decks(*extra: str) -> dict[str, Any]:
    """The ``squads`` and the ``decks`` (card ids) of the two duel decks, ``extra`` cards added to the first."""
    squads, decks = [], []
    for path in DUELS:
        data = json.loads(path.read_text(encoding="utf-8"))
        squads.append(list(data["agents"]))
        decks.append([card for card, count in data["cards"].items() for _ in range(count)])
    decks[0] += extra
    return {"squads": squads, "decks": decks}


@pytest.mark.parametrize(
    ("broken", "mode", "extra", "stops"),
    [
        ("cards/ambush_flare.json", "duel", (), False),  # in no deck
        ("cards/intel_fragment.json", "duel", (), False),  # a token no card in play gives
        ("units/hummingbird_drone.json", "duel", (), False),  # a minion no card in play deploys
        ("units/filing_cabinet.json", "duel", (), False),  # a scene obstacle of a mode that places none
        ("cards/ambush_flare.json", "duel", ("ambush_flare",), True),  # in a deck
        ("cards/smoke_cloud.json", "duel", (), True),  # the token the duel deck's Smoke Grenade gives (「烟幕」)
        ("units/hummingbird_drone.json", "duel", ("launch_hummingbird",), True),  # the minion a deck's card deploys
        ("units/filing_cabinet.json", "duo", (), True),  # a scene obstacle of standard deployment
        ("abilities/brawl.json", "duel", (), True),  # an agent's built-in attack
    ],
)
def test_a_game_reads_the_texts_it_can_run_and_no_other(
    tmp_path: Path, broken: str, mode: str, extra: tuple[str, ...], stops: bool
) -> None:
    records = load_catalog([_bad_pool(tmp_path, broken, BROKEN)]).records
    if not stops:
        game = TacticsGame(records, mode, **_decks(*extra), setup=False)
        assert [e.kind for e in list(game.log)[:1]] == ["setup"]
        return
    with pytest.raises(EngineError) as info:
        TacticsGame(records, mode, **_decks(*extra), setup=False)
    record_id = Path(broken).stem
    assert f"'{record_id}': /text/0: column 4 of the text: unexpected '(((" in str(info.value), str(info.value)


def test_the_commands_play_on_past_a_broken_card_no_deck_holds(tmp_path: Path) -> None:
    pool = _bad_pool(tmp_path, "cards/ambush_flare.json", BROKEN)
    simulate = ["simulate", "tactics", "--decks", *DUELS[:1], "--decks", *DUELS[1:], "--turns", "3"]
    result = CliRunner().invoke(app, [str(a) for a in [*simulate, "--cards", pool, "--lang", "en"]])
    assert result.exit_code == 0 and "ambush_flare" not in result.output, result.output
    pool = _bad_pool(tmp_path / "text-run", "cards/med_kit.json", BROKEN)  # (in no deck text run plays)
    result = CliRunner().invoke(app, ["text", "run", "你抽 1 张牌。", "--cards", str(pool), "--lang", "en"])
    assert result.exit_code == 0 and "med_kit" not in result.output, result.output
    # the text it is given is still read first, and told as its own
    result = CliRunner().invoke(app, ["text", "run", "你抽 ((( 张牌。", "--cards", str(pool), "--lang", "en"])
    assert result.exit_code == 1 and _error_lines(result)[0].startswith("dossier: error: <text>:1:4: "), result.output


def test_text_run_reads_the_text_it_is_given_before_the_game_s_cards(tmp_path: Path) -> None:
    pool = _bad_pool(tmp_path, "cards/ambush_flare.json", BROKEN)  # (a card of the decks text run plays)
    result = CliRunner().invoke(app, ["text", "run", "你抽 ((( 张牌。", "--cards", str(pool), "--lang", "en"])
    assert result.exit_code == 1 and _error_lines(result)[0].startswith("dossier: error: <text>:1:4: "), result.output
