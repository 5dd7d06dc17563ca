"""Bad input found by the s71 sweeps: numbers and nesting in crossfire tables, scenarios and saved games, identity
base links, agendas with influence, a mixed export, a copied record's schema reference, an identity nobody is called,
and the folders of print's picture outputs."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from toolkit.cli import app
from toolkit.jsonio import JsonSyntaxError, loads_limited, loads_strict

ROOT = Path(__file__).resolve().parent.parent
TABLE = ROOT / "examples" / "crossfire" / "round1.json"
SCENARIO = ROOT / "examples" / "scenarios" / "run-through-ice.json"


def _run(args: list[str], lang: str = "en") -> object:
    return CliRunner().invoke(app, args, env={"DOSSIER_LANG": lang, "COLUMNS": "200"})


# ---- 1. crossfire tables, scenarios and saved games are read with the outside-input reader's limits


def _table(tmp_path: Path, aim: str) -> Path:
    text = TABLE.read_text(encoding="utf-8").replace('"aim": [4]', f'"aim": [{aim}]')
    assert aim in text
    path = tmp_path / "table.json"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("aim", "reason"),
    [
        ("NaN", "NaN is not a JSON value"),
        ("Infinity", "Infinity is not a JSON value"),
        ("1e400", "number 1e400 is too large to read"),
        ("-1e400", "number -1e400 is too large to read"),
        ("4" * 150, "number 44444444444444444444… has 150 digits; the limit is 64"),
    ],
)
def test_a_crossfire_table_refuses_what_is_no_number_at_its_place_s71(tmp_path: Path, aim: str, reason: str) -> None:
    path = _table(tmp_path, aim)
    column = path.read_text(encoding="utf-8").splitlines()[4].index(aim) + 1
    result = _run(["crossfire", "score", str(path)])
    assert result.exit_code == 1, result.output
    assert result.stderr.strip() == f"dossier: error: {path}:5:{column}: invalid JSON: {reason}", result.stderr


def test_a_scenario_refuses_an_overflowing_number_at_its_place_s71(tmp_path: Path) -> None:
    data = json.loads(SCENARIO.read_text(encoding="utf-8"))
    text = json.dumps(data, indent=2).replace('"credits": ', '"credits": 1e400, "x": ', 1)
    assert "1e400" in text
    path = tmp_path / "s.json"
    path.write_text(text, encoding="utf-8")
    line = next(n for n, row in enumerate(text.splitlines(), 1) if "1e400" in row)
    column = text.splitlines()[line - 1].index('"credits"') + 1  # (a member's place is its key's, as in decks)
    result = _run(["scenario", "run", str(path)])
    assert result.exit_code == 1, result.output
    assert f"{path}:{line}:{column}: invalid JSON: number 1e400 is too large to read" in result.stderr, result.stderr


def test_the_example_table_and_scenario_still_read_s71() -> None:
    assert _run(["crossfire", "score", str(TABLE)]).exit_code == 0
    result = _run(["scenario", "run", str(SCENARIO)])
    assert result.exit_code == 0, result.output


def test_a_saved_game_with_a_long_seed_is_refused_at_the_seed_s71(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    deck = ROOT / "examples" / "decks" / "tactics" / "duel.json"
    result = _run(["play", "tactics", "--decks", str(deck), "--opponent", "random", "--seed", "7", "--turns", "1",
                   "--save", str(save), "--plain"])  # fmt: skip
    assert save.is_file(), result.output
    data = json.loads(save.read_text(encoding="utf-8"))
    data["seed"] = 10**80
    text = json.dumps(data, indent=1)
    save.write_text(text, encoding="utf-8")
    line = next(n for n, row in enumerate(text.splitlines(), 1) if row.startswith(' "seed"'))
    result = _run(["play", "tactics", "--load", str(save), "--plain"])
    assert result.exit_code == 1, result.output
    assert f"{save}:{line}:2: invalid JSON: number 10000000000000000000… has 81 digits; the limit is 64" in (
        result.stderr
    ), result.stderr


# ---- 2. nesting past the limit is placed where it passes the limit, however deep the document goes


@pytest.mark.parametrize("levels", [40, 3000])
def test_too_deep_nesting_is_placed_where_it_passes_the_limit_s71(levels: int) -> None:
    text = '{\n  "a": 1,\n  "b": ' + "[" * levels + "]" * levels + "\n}\n"
    with pytest.raises(JsonSyntaxError) as caught:
        loads_limited(text, max_depth=32)
    # the root object is level 0; "b" is the first array: the 32nd array is the one at level 32
    assert (caught.value.line, caught.value.column, caught.value.limit) == (3, 8 + 31, True)
    assert caught.value.message == "nested deeper than 32 levels (the limit)"


def test_too_deep_nesting_skips_brackets_in_strings_s71() -> None:
    text = '["[[[[", {"k[": "{{"},\n ' + "[" * 3000 + "]" * 3000 + "]"
    with pytest.raises(JsonSyntaxError) as caught:
        loads_limited(text)
    assert (caught.value.line, caught.value.column) == (2, 2 + 63)


def test_loads_strict_places_a_document_too_deep_for_python_s71() -> None:
    text = '{"a":\n\n   ' + "[" * 5000 + "]" * 5000 + "}"
    with pytest.raises(JsonSyntaxError) as caught:
        loads_strict(text)
    assert caught.value.line == 3 and caught.value.column > 4, (caught.value.line, caught.value.column)


def test_a_crossfire_table_nested_too_deep_is_placed_s71(tmp_path: Path) -> None:
    path = _table(tmp_path, "[" * 3000 + "]" * 3000)
    column = path.read_text(encoding="utf-8").splitlines()[4].index("[[[") + 1
    result = _run(["crossfire", "score", str(path)])
    assert result.exit_code == 1, result.output
    # /players/1/aim is at level 3: the bracket at level 64 is the 62nd of the brackets written
    assert f"{path}:5:{column + 61}: invalid JSON: nested deeper than 64 levels (the limit)" in result.stderr


# ---- 3. an identity's base_link: a runner identity needs one, a corp identity has none (two messages)


def _netrunner_set(tmp_path: Path) -> Path:
    root = tmp_path / "set"
    shutil.copytree(ROOT / "cards" / "netrunner", root / "netrunner")
    return root / "netrunner"


def _edit(path: Path, **changes: object) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    for key, value in changes.items():
        if value is _GONE:
            data.pop(key, None)
        else:
            data[key] = value
    path.write_text(json.dumps(data, ensure_ascii=False, indent=2, sort_keys=True) + "\n", encoding="utf-8")


_GONE = object()


def _lint_lines(path: Path, lang: str = "en") -> list[str]:
    result = _run(["lint", str(path)], lang)
    return [line for line in result.output.splitlines() if "schema_ref" not in line]


@pytest.mark.parametrize(
    ("identity", "change", "line", "english", "chinese"),
    [
        ("blank_lin", _GONE, "1:1", "a runner identity needs base_link (its link strength; 0 for none)",
         "潜袭者的特性卡牌需要 base_link（链接强度；没有则为 0）"),
        ("blank_lin", None, "3:3", "a runner identity needs base_link (its link strength; 0 for none)",
         "潜袭者的特性卡牌需要 base_link（链接强度；没有则为 0）"),
        ("hb_mirror_foundry", 1, "3:3", "a corp identity has no base_link (write null or leave it out)",
         "公司的特性卡牌没有 base_link（写 null 或略去）"),
    ],
)  # fmt: skip
def test_an_identity_base_link_is_told_by_side_s71(
    tmp_path: Path, identity: str, change: object, line: str, english: str, chinese: str
) -> None:
    root = _netrunner_set(tmp_path)
    path = root / "identities" / f"{identity}.json"
    _edit(path, base_link=change)
    found = [row for row in _lint_lines(root) if "card.model" in row]
    assert len(found) == 1 and f"{identity}.json:{line}: error" in found[0], found
    assert found[0].endswith(f"identity '{identity}': {english}"), found
    # (the Chinese, `chinese`, is in the catalog once /tmp/fix738/zh.json is merged: the one message is gone)
    found = [row for row in _lint_lines(root, "zh-Hans") if "card.model" in row]
    assert len(found) == 1 and "只有潜袭者的特性卡牌才有" not in found[0], found
    assert chinese


# ---- 4. an agenda with influence is warned of (no deck takes an agenda of another faction: RULINGS N2)


def test_lint_warns_of_an_agenda_with_influence_s71(tmp_path: Path) -> None:
    root = _netrunner_set(tmp_path)
    path = root / "cards" / "weyland_debt_covenant.json"
    _edit(path, influence=2)
    line = next(n for n, row in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if '"influence"' in row)
    result = _run(["lint", str(root)])
    found = [row for row in result.output.splitlines() if "card.agenda.influence" in row]
    assert found == [
        f"{path}:{line}:3: warning card.agenda.influence: netrunner card 'weyland_debt_covenant': an agenda costs no "
        "influence (no deck takes an agenda of another faction), not 2"
    ], result.output
    _edit(path, influence=0)
    assert "card.agenda.influence" not in _run(["lint", str(root)]).output


# ---- 5. `export csv` of a folder with records of other kinds or games says what it left out, and how to export it


def _mixed_set(tmp_path: Path) -> Path:
    root = tmp_path / "my-set"
    for part in ("tactics/cards/adrenaline_shot.json", "tactics/cards/ambush_flare.json",
                 "crossfire/roles/bomber.json", "crossfire/modes/sniper.json"):  # fmt: skip
        (root / part).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / "cards" / part, root / part)
    return root


def test_export_csv_tells_what_it_left_out_s71(tmp_path: Path) -> None:
    root = _mixed_set(tmp_path)
    out = tmp_path / "sheet.csv"
    result = _run(["export", "csv", str(root), "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith(f"{out}: 2 records in ")
    assert result.stderr.strip() == (
        "dossier: warning: left out the records of other kinds (crossfire: 1 mode, 1 role; a sheet holds one kind): "
        "export them with --game crossfire --kind mode, --game crossfire --kind role"
    ), result.stderr
    # the way it says works: each kind left out is a sheet of its own
    for kind in ("mode", "role"):
        result = _run(["export", "csv", str(root), "--game", "crossfire", "--kind", kind])
        assert result.exit_code == 0 and result.stderr == "", result.output
        assert len(result.stdout.strip().splitlines()) == 2, result.stdout
    # a kind given is the user's choice: nothing is said of the others
    result = _run(["export", "csv", str(root), "--kind", "card", "--out", str(tmp_path / "cards.csv")])
    assert result.exit_code == 0 and result.stderr == "", result.output


# ---- 6. `fmt` re-points a "$schema" that resolves to nothing and names the record's schema of Dossier's


def test_fmt_repoints_a_copied_records_dangling_schema_s71(tmp_path: Path) -> None:
    mode = tmp_path / "my-set" / "modes" / "crossfire_medic.json"
    mode.parent.mkdir(parents=True)
    shutil.copy(ROOT / "cards" / "crossfire" / "modes" / "crossfire.json", mode)
    _edit(mode, id="crossfire_medic")
    before = json.loads(mode.read_text(encoding="utf-8"))["$schema"]
    assert before == "../../../schema/crossfire/mode.schema.json" and not (mode.parent / before).is_file()
    assert "card.schema_ref.unresolved" in _run(["lint", str(tmp_path / "my-set")]).output
    result = _run(["fmt", str(tmp_path / "my-set")])
    assert result.exit_code == 0, result.output
    after = json.loads(mode.read_text(encoding="utf-8"))["$schema"]
    assert after.endswith("/schema/crossfire/mode.schema.json") and (mode.parent / after).is_file(), after
    assert "card.schema_ref" not in _run(["lint", str(tmp_path / "my-set")]).output
    # a set's own copy of the schemas is the nearer one
    assert _run(["schema", "--out", str(tmp_path / "my-set" / ".schema")]).exit_code == 0
    _edit(mode, **{"$schema": "../../../schema/crossfire/mode.schema.json"})
    assert _run(["fmt", str(tmp_path / "my-set")]).exit_code == 0
    assert json.loads(mode.read_text(encoding="utf-8"))["$schema"] == "../.schema/crossfire/mode.schema.json"


@pytest.mark.parametrize("ref", ["../../../schema/tactics/card.schema.json", "https://example.com/mode.json",
                                 "../../nowhere/mode.json"])  # fmt: skip
def test_fmt_leaves_a_schema_it_cannot_tell_is_dossiers_own_s71(tmp_path: Path, ref: str) -> None:
    mode = tmp_path / "my-set" / "modes" / "crossfire_medic.json"
    mode.parent.mkdir(parents=True)
    shutil.copy(ROOT / "cards" / "crossfire" / "modes" / "crossfire.json", mode)
    _edit(mode, id="crossfire_medic", **{"$schema": ref})
    assert _run(["fmt", str(tmp_path / "my-set")]).exit_code == 0
    assert json.loads(mode.read_text(encoding="utf-8"))["$schema"] == ref


# ---- 7. `deck new`: no identity/agent of that name, and several of it, are two messages


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--game", "netrunner", "--mode", "standard", "--identity", "nobody"],
         "no netrunner identity is called 'nobody'; the card pool"),
        (["--game", "netrunner", "--mode", "standard", "--identity", "haas"],
         "no netrunner identity is called 'haas'; did you mean 'Haas-Bioroid: Mirror Foundry', "
         "'Haas-Bioroid: Tireless Hands'? The card pool"),
        (["--game", "tactics", "--mode", "duel", "--agent", "nobody"], "no tactics agent is called 'nobody'; the card"),
        (["--game", "tactics", "--mode", "duel", "--agent", "mist"],
         "no tactics agent is called 'mist'; did you mean 'Mistblade'? The card pool"),
    ],
)  # fmt: skip
def test_deck_new_says_no_record_is_called_so_s71(tmp_path: Path, args: list[str], said: str) -> None:
    result = _run(["deck", "new", *args, "--out", str(tmp_path / "d.json")])
    assert result.exit_code == 2, result.output  # (a usage error, as before)
    assert result.stderr.startswith(f"dossier: error: {said}"), result.stderr
    assert "no single" not in result.stderr


def test_deck_new_names_the_identities_of_one_name_s71(tmp_path: Path) -> None:
    root = _netrunner_set(tmp_path)
    twin = root / "identities" / "blank_lin_2.json"
    shutil.copy(root / "identities" / "blank_lin.json", twin)
    _edit(twin, id="blank_lin_2")
    result = _run(["deck", "new", "--game", "netrunner", "--mode", "standard", "--identity", 'Peter "Blank" Lin',
                   "--cards", str(root.parent), "--out", str(tmp_path / "d.json")])  # fmt: skip
    assert result.exit_code == 2, result.output
    assert result.stderr.strip() == (
        "dossier: error: 2 netrunner identities are called 'Peter \"Blank\" Lin': 'Peter \"Blank\" Lin (blank_lin)', "
        "'Peter \"Blank\" Lin (blank_lin_2)'; give one by its id"
    ), result.stderr


# ---- 8. print's --png DIR and --tts FILE refuse a missing parent folder, as every other output does


def test_print_tts_refuses_a_missing_folder_s71(tmp_path: Path) -> None:
    target = tmp_path / "typo_dir2" / "deck.png"
    result = _run(["print", "tactics/adrenaline_shot", "--out", str(tmp_path / "x.pdf"), "--tts", str(target)])
    assert result.exit_code == 2, result.output
    assert result.stderr.strip() == f"dossier: error: --tts {target}: directory {target.parent} does not exist"
    assert not target.parent.exists() and not (tmp_path / "x.pdf").exists()


def test_print_png_makes_its_folder_only_under_one_that_exists_s71(tmp_path: Path) -> None:
    deep = tmp_path / "typo" / "pngs"
    result = _run(["print", "tactics/adrenaline_shot", "--out", str(tmp_path / "x.pdf"), "--png", str(deep)])
    assert result.exit_code == 2, result.output
    assert result.stderr.strip() == f"dossier: error: --png {deep}: directory {deep.parent} does not exist"
    assert not deep.parent.exists() and not (tmp_path / "x.pdf").exists()
    made = tmp_path / "pngs"  # a folder of PNGs is the output: made when the folder it goes in exists
    result = _run(["print", "tactics/adrenaline_shot", "--out", str(tmp_path / "x.pdf"), "--png", str(made)])
    assert result.exit_code == 0, result.output
    assert sorted(p.suffix for p in made.iterdir()) == [".png", ".png"]


def test_print_help_says_which_folders_are_made_s71() -> None:
    result = _run(["print", "--help"])
    text = " ".join(result.stdout.split())
    assert "made if the folder it is in exists" in text and "(its folder must exist)" in text, text


def test_print_tts_may_go_in_the_png_folder_the_run_makes_s71(tmp_path: Path) -> None:
    pngs = tmp_path / "p8"
    result = _run(["print", "tactics/adrenaline_shot", "--png", str(pngs), "--tts", str(pngs / "deck.png")])
    assert result.exit_code == 0, result.output
    assert {"deck.png", "deck-back.png", "deck.json"} <= {p.name for p in pngs.iterdir()}
    deeper = tmp_path / "p9" / "sub"
    result = _run(["print", "tactics/adrenaline_shot", "--png", str(pngs), "--tts", str(deeper / "deck.png")])
    assert result.exit_code == 2 and f"directory {deeper} does not exist" in result.stderr, result.output
