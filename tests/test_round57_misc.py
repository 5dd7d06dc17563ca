"""Round 57, fixer 4: lint's reference check beside a refused record, simulate's JSON drawn by `map render`,
the same deck in two files played once by the balance lab, `fmt` re-pointing "$schema" at a set's own schema
copy, the import's summary in Chinese, `export csv --game crossfire` without --kind, and the docs' figures."""

from __future__ import annotations

import csv
import io
import json
import os
import re
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import CARDS, ROOT
from toolkit.paths import SCHEMA_DIR, repointed_schema_ref

EXAMPLES = ROOT / "examples"


# 1. a schema error in one card makes no phantom "no record" error in the card whose text names it


def test_a_text_naming_a_refused_record_is_no_missing_reference(game_copy: Any, cli: Any) -> None:
    root = game_copy("tactics")
    grenade = root / "cards" / "frag_grenade.json"
    data = json.loads(grenade.read_text(encoding="utf-8"))
    data["cost"]["mortgage"] = -1
    grenade.write_text(json.dumps(data, ensure_ascii=False, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    result = cli("lint", "--no-cache", root)
    assert result.exit_code == 1
    assert "frag_grenade.json" in result.output and "card.schema" in result.output
    assert "card.text.ref" not in result.output, result.output
    # a name that no record has is still reported
    form = root / "cards" / "requisition_form.json"
    form.write_text(form.read_text(encoding="utf-8").replace("破片手雷", "破片手榴"), encoding="utf-8")
    again = cli("lint", "--no-cache", root)
    assert re.search(r"requisition_form\.json:\d+:\d+: error card\.text\.ref: .*「破片手榴」", again.output), again.output


# 2. `map render --state` takes what `simulate tactics --format json` writes


def test_map_render_draws_the_final_board_of_simulate_s_json(cli: Any, tmp_path: Path) -> None:
    decks = EXAMPLES / "decks" / "tactics"
    game = cli("simulate", "tactics", "--decks", decks / "duel.json", "--decks", decks / "duel-rival.json",
               "--seed", "1", "--turns", "2", "--format", "json")  # fmt: skip
    assert game.exit_code == 0, game.output
    state = tmp_path / "duel.json"
    state.write_text(game.stdout, encoding="utf-8")
    board = json.loads(game.stdout)["board"]
    out = tmp_path / "duel.svg"
    result = cli("map", "render", "hideout", "--state", state, "--out", out)
    assert result.exit_code == 0, result.output
    svg = out.read_text(encoding="utf-8")
    drawn = [unit for unit in board["units"] if unit.get("kind") == "agent"]
    assert drawn and svg.count("<title>") >= len(drawn)
    # the board is checked as a state is, and a problem is placed in the file
    wrong = cli("map", "render", "dockyard", "--state", state, "--out", tmp_path / "x.svg")
    assert wrong.exit_code == 2 and "'hideout'" in wrong.stderr and "Traceback" not in wrong.output
    line = [i for i, text in enumerate(game.stdout.splitlines(), 1) if '"map": "hideout"' in text][-1]  # (the board's)
    assert f"duel.json:{line}:" in wrong.stderr
    # a file with neither units nor a board still says what a state is
    other = tmp_path / "other.json"
    other.write_text('{"a": 1}\n', encoding="utf-8")
    refused = cli("map", "render", "hideout", "--state", other, "--out", tmp_path / "y.svg")
    assert refused.exit_code == 2 and '"units"' in refused.stderr and "simulate tactics" in refused.stderr


# 3. the same deck in two files (a list beside its JSON) is played once


def test_the_same_deck_in_two_files_is_played_once(capsys: pytest.CaptureFixture[str]) -> None:
    from toolkit.cli.balance import _distinct_decks
    from toolkit.cli.deck import deck_files, load_pool
    from toolkit.cli.simulate import _legal_decks

    pool = load_pool(None)
    loaded = _legal_decks(deck_files([EXAMPLES / "decks" / "netrunner"]), "netrunner", pool)
    names = [Path(entry.path).name for entry in loaded]
    assert "runner-criminal-fingers-list.txt" in names and "runner-criminal-fingers.json" in names
    kept = [Path(entry.path).name for entry in _distinct_decks(loaded)]
    assert kept == [name for name in names if name != "runner-criminal-fingers-list.txt"]
    note = capsys.readouterr().err.strip().splitlines()
    assert len(note) == 1 and "runner-criminal-fingers-list.txt" in note[0] and "played once" in note[0]
    # two different decks of one identity are both played
    other = loaded[[Path(e.path).name for e in loaded].index("runner-criminal-fingers.json")]
    changed = other.deck.model_copy(update={"cards": {**other.deck.cards, "shade_key": 2}})
    twin = type(other)(Path("twin.json"), changed)
    assert len(_distinct_decks([other, twin])) == 2


# 4. fmt points a "$schema" naming Dossier's own schemas at the set's nearer copy


def _set_with_dossier_schema(tmp_path: Path) -> Path:
    folder = tmp_path / "my-set" / "cards"
    folder.mkdir(parents=True)
    data = json.loads((CARDS / "tactics" / "cards" / "frag_grenade.json").read_text(encoding="utf-8"))
    data["$schema"] = os.path.relpath(SCHEMA_DIR / "tactics" / "card.schema.json", folder)
    (folder / "frag_grenade.json").write_text(json.dumps(data, ensure_ascii=False, indent=2, sort_keys=True) + "\n",
                                               encoding="utf-8")  # fmt: skip
    return folder / "frag_grenade.json"


def test_fmt_repoints_a_schema_ref_at_the_set_s_own_copy(cli: Any, tmp_path: Path) -> None:
    record = _set_with_dossier_schema(tmp_path)
    before = json.loads(record.read_text(encoding="utf-8"))["$schema"]
    assert "schema/tactics/card.schema.json" in before and before.startswith("..")
    first = cli("fmt", "--check", tmp_path / "my-set")
    assert first.exit_code == 0, first.output  # no nearer schema folder: Dossier's own stays
    assert cli("schema", "--out", tmp_path / "my-set" / ".schema").exit_code == 0
    check = cli("fmt", "--check", tmp_path / "my-set")
    assert check.exit_code == 1 and "would reformat" in check.output
    assert cli("fmt", tmp_path / "my-set").exit_code == 0
    assert json.loads(record.read_text(encoding="utf-8"))["$schema"] == "../.schema/tactics/card.schema.json"
    assert cli("fmt", "--check", tmp_path / "my-set").exit_code == 0


def test_fmt_leaves_a_schema_ref_the_user_pointed_elsewhere(cli: Any, tmp_path: Path) -> None:
    record = _set_with_dossier_schema(tmp_path)
    assert cli("schema", "--out", tmp_path / "my-set" / ".schema").exit_code == 0
    elsewhere = tmp_path / "mine" / "card.schema.json"
    elsewhere.parent.mkdir()
    elsewhere.write_text("{}\n", encoding="utf-8")
    for ref in ("../../mine/card.schema.json", "https://example.org/card.schema.json", "../nowhere/card.json"):
        data = json.loads(record.read_text(encoding="utf-8"))
        data["$schema"] = ref
        record.write_text(json.dumps(data, ensure_ascii=False, indent=2, sort_keys=True) + "\n", encoding="utf-8")
        assert cli("fmt", tmp_path / "my-set").exit_code == 0
        assert json.loads(record.read_text(encoding="utf-8"))["$schema"] == ref
        assert repointed_schema_ref(record.parent, ref, "tactics/card.schema.json") is None


def test_the_bundled_cards_keep_their_schema_refs() -> None:
    folder = CARDS / "tactics" / "cards"
    assert repointed_schema_ref(folder, "../../../schema/tactics/card.schema.json", "tactics/card.schema.json") is None


def test_import_csv_points_at_the_set_s_own_copy(cli: Any, tmp_path: Path) -> None:
    sheet = EXAMPLES / "sheets" / "my-cards.csv"
    into = tmp_path / "my-set"
    assert cli("import", "csv", sheet, "--game", "tactics", "--into", into).exit_code == 0
    assert cli("schema", "--out", into / ".schema").exit_code == 0
    assert cli("import", "csv", sheet, "--game", "tactics", "--into", into).exit_code == 0
    refs = {json.loads(p.read_text(encoding="utf-8"))["$schema"] for p in (into / "cards").glob("*.json")}
    assert refs == {"../.schema/tactics/card.schema.json"}


# 5. the import's summary names the kind in the reader's language


@pytest.mark.lang_default
def test_the_import_summary_names_the_kind_in_chinese(cli: Any, tmp_path: Path) -> None:
    result = cli("import", "csv", EXAMPLES / "sheets" / "my-cards.csv", "--game", "tactics",
                 "--into", tmp_path / "my-set", "--lang", "zh-Hans")  # fmt: skip
    assert result.exit_code == 0, result.output
    summary = result.stdout.splitlines()[0]
    assert "卡牌" in summary and " card " not in summary


# 9. export csv of crossfire without --kind exports its roles


def test_export_csv_of_crossfire_defaults_to_roles(cli: Any) -> None:
    result = cli("export", "csv", "--game", "crossfire")
    assert result.exit_code == 0, result.output
    rows = list(csv.reader(io.StringIO(result.stdout.lstrip("\ufeff"))))
    roles = sorted(path.stem for path in (CARDS / "crossfire" / "roles").glob("*.json"))
    assert rows[0][0] == "id" and [row[0] for row in rows[1:]] == roles
    # the records of crossfire alone, given by path, are its roles too; --kind still chooses
    assert cli("export", "csv", CARDS / "crossfire").stdout == result.stdout
    modes = cli("export", "csv", "--game", "crossfire", "--kind", "mode")
    assert modes.exit_code == 0 and len(list(csv.reader(io.StringIO(modes.stdout)))) == 1 + 2
    wrong = cli("export", "csv", "--game", "crossfire", "--kind", "card")
    assert wrong.exit_code == 2 and "--kind 'card'" in wrong.stderr
    tactics = cli("export", "csv", "--game", "tactics")
    assert tactics.exit_code == 0 and "cost.mortgage" in tactics.stdout.splitlines()[0]


# 7, 8. the docs


def test_the_chinese_pages_do_not_mark_a_translated_page_english() -> None:
    for page in ("getting-started.zh.md", "tutorials/tactics-game.zh.md"):
        text = (ROOT / "docs" / page).read_text(encoding="utf-8")
        for target in re.findall(r"\]\(([^)#]+\.md)[^)]*\)（英文）", text):
            zh = (ROOT / "docs" / page).parent / target.replace(".md", ".zh.md")
            assert not zh.exists(), f"{page}: {target} has a Chinese page"


def test_the_coverage_figures_agree_in_both_languages() -> None:
    english = (ROOT / "docs" / "reference" / "tactics-board.md").read_text(encoding="utf-8")
    chinese = (ROOT / "docs" / "reference" / "tactics-board.zh.md").read_text(encoding="utf-8")
    found = re.search(r"(\d+) of (\d+) abilities reached\s+\((\d+\.\d)%\), (\d+) of (\d+) changed", english)
    assert found is not None
    reached, total, percent, changed, total2 = found.groups()
    assert total == total2 and f"{100 * int(reached) / int(total):.1f}" == percent
    for figure in (reached, total, percent, changed):
        assert figure in chinese
