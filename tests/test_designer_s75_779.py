"""The designer's round trip in sweep 75: every problem of every broken template is found (``read_template``,
``load_templates(DIR, findings)``), an unknown key of a template is "not a field of this template"; commands
suggested in messages are quoted for the shell; ``export csv`` of a folder of another kind says what is there and
how to export it; Chinese messages name kinds, games and card types in words; ``print --help`` says where
``--query``'s database comes from."""

from __future__ import annotations

import json
import shlex
import shutil
from pathlib import Path

import pytest

from toolkit.errors import DossierError
from toolkit.sheets.template import TEMPLATE_DIR, load_templates, parse_template, read_template

from .conftest import CARDS
from .sheet_util import DRESSING, HEADER, QUICK, write
from .sheet_util import import_sheet as _import


def _template(directory: Path, name: str, change) -> Path:
    data = json.loads((TEMPLATE_DIR / name).read_text("utf-8"))
    change(data)
    path = directory / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=2), "utf-8")
    return path


def _two_bad_fields(data: dict) -> None:
    data["boxes"]["art"]["width"] = "x"
    data["boxes"]["art"]["foo"] = 1


def _two_bad_boxes(data: dict) -> None:
    data["boxes"]["name"]["x"] = 60
    data["boxes"]["badge"]["give_to"] = "symbol"


# ---------------------------------------------------------------- 1. every problem of every template


def test_every_problem_of_a_template_is_a_finding_at_its_place(tmp_path: Path) -> None:
    path = _template(tmp_path, "tactics/card.json", _two_bad_fields)
    template, found = read_template(path, "front")
    assert template is None
    assert [(f.code, f.severity, f.pointer) for f in found] == [
        ("template.schema", "error", "/boxes/art/width"),
        ("template.schema", "error", "/boxes/art/foo"),
    ]
    lines = path.read_text("utf-8").splitlines()
    for finding in found:  # each at the line and column of its key
        key = finding.pointer.rsplit("/", 1)[1]  # type: ignore[union-attr]
        assert lines[finding.line - 1][finding.column - 1 :].startswith(f'"{key}"')  # type: ignore[operator]
    assert found[1].message == "/boxes/art/foo: not a field of this template"


def test_every_template_of_a_folder_is_checked(tmp_path: Path) -> None:
    _template(tmp_path, "tactics/card.json", _two_bad_fields)
    _template(tmp_path, "netrunner/card.json", _two_bad_boxes)
    (tmp_path / "tactics" / "cards.json").write_text("{}", "utf-8")  # (no bundled template has that name)
    findings: list = []
    templates = load_templates(tmp_path, findings)
    assert sorted((Path(f.file).relative_to(tmp_path).as_posix(), f.code, f.pointer) for f in findings) == [
        ("netrunner/card.json", "template.box", "/boxes/badge/give_to"),
        ("netrunner/card.json", "template.box", "/boxes/name"),
        ("tactics/card.json", "template.schema", "/boxes/art/foo"),
        ("tactics/card.json", "template.schema", "/boxes/art/width"),
        ("tactics/cards.json", "template.name", None),
    ]
    # the broken ones keep the bundled templates in their place
    assert templates.sources[("tactics", "card")] == TEMPLATE_DIR / "tactics" / "card.json"
    assert templates.sources[("netrunner", "card")] == TEMPLATE_DIR / "netrunner" / "card.json"


def test_check_reports_every_problem_of_every_template(cli, tmp_path: Path) -> None:
    tactics = _template(tmp_path, "tactics/card.json", _two_bad_fields)
    netrunner = _template(tmp_path, "netrunner/card.json", _two_bad_boxes)
    _template(tmp_path, "crossfire/role.json", lambda d: d["boxes"]["text"].update(x=0.5))  # (a warning)
    result = cli("print", "--check", "--template", tmp_path)
    assert result.exit_code == 1, result.output
    lines = result.stdout.splitlines()
    assert [line.split(": ", 2)[1] for line in lines[:-1]] == [
        "warning template.box.safe",
        "error template.box",
        "error template.box",
        "error template.schema",
        "error template.schema",
    ], lines
    assert lines[1].startswith(f"{netrunner}:") and lines[3].startswith(f"{tactics}:8:7: ")
    assert lines[4] == f"{tactics}:11:7: error template.schema: /boxes/art/foo: not a field of this template"
    assert lines[-1] == "3 templates: 4 errors, 1 warning"
    printed = cli("print", "--template", tmp_path, "tactics/med_kit", "--out", tmp_path / "x.pdf")
    assert printed.exit_code == 2 and "(and 1 more problem)" in printed.stderr, printed.output


def test_a_print_still_refuses_at_the_first_problem(tmp_path: Path) -> None:
    path = _template(tmp_path, "tactics/card.json", _two_bad_fields)
    with pytest.raises(DossierError) as caught:
        load_templates(tmp_path)
    assert caught.value.exit_code == 2
    assert str(caught.value).startswith(f"{path}:")
    assert str(caught.value).endswith("template error: /boxes/art/width: expected a number (and 1 more problem)")
    with pytest.raises(DossierError, match="not a field of this template"):
        parse_template(_template(tmp_path / "b", "tactics/card.json", lambda d: d["boxes"]["art"].update(foo=1)))


def test_a_valid_template_reads_as_before(tmp_path: Path) -> None:
    path = _template(tmp_path, "tactics/card.json", lambda data: None)
    template, found = read_template(path, "front")
    assert template is not None and found == []
    assert parse_template(path) == template


# ---------------------------------------------------------------- 2. commands quoted for the shell


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_the_print_command_an_import_suggests_is_quoted(cli, here: Path) -> None:
    (here / "sp dir").mkdir()
    sheet = write(here / "sp dir" / "my cards (v2).csv", HEADER + DRESSING + QUICK)
    result = _import(cli, sheet, Path("my set 2"), "--cards", str(CARDS))
    assert result.exit_code == 0, result.output
    command = result.stdout.strip().splitlines()[-1].split(": ", 2)[2]
    assert shlex.split(command) == [
        "dossier", "print", "--deck", "my set 2/.dossier-import/my_cards_v2.deck.json", "--cards", "my set 2",
        "--out", "my_cards_v2.pdf",
    ]  # fmt: skip


def test_the_lint_an_invalid_record_suggests_is_quoted(cli, here: Path) -> None:
    (here / "bad set" / "cards").mkdir(parents=True)
    shutil.copy(CARDS / "tactics" / "cards" / "med_kit.json", here / "bad set" / "cards" / "med_kit.json")
    path = here / "bad set" / "cards" / "med_kit.json"
    data = json.loads(path.read_text("utf-8"))
    data["cost"] = {"mortgage": "1"}
    path.write_text(json.dumps(data), "utf-8")
    result = cli("export", "csv", "bad set")
    assert result.exit_code == 1, result.output
    assert "(run `dossier lint 'bad set/cards/med_kit.json'` for every problem)" in result.stderr


# ---------------------------------------------------------------- 3. a folder of another kind


def test_a_folder_of_agents_says_how_to_export_them(cli) -> None:
    folder = CARDS / "tactics" / "agents"
    n = len(list(folder.glob("*.json")))
    result = cli("export", "csv", folder)
    assert result.exit_code == 1
    assert result.stderr.strip() == (
        f"dossier: error: {folder}: no card records (it holds tactics: {n} agents): export them with "
        "--game tactics --kind agent"
    )


def test_a_folder_of_another_game_says_what_it_holds(cli, here: Path) -> None:
    sheet = write(here / "my-cards.csv", HEADER + DRESSING + QUICK)
    assert _import(cli, sheet, here / "my-set").exit_code == 0
    result = cli("export", "csv", "my-set", "--game", "netrunner")
    assert result.exit_code == 1
    assert result.stderr.strip() == (
        "dossier: error: no netrunner card records in my-set (it holds tactics: 2 cards): export them with "
        "--game tactics --kind card"
    )


# ---------------------------------------------------------------- 4. words, not ids, in Chinese


def test_chinese_export_errors_name_kinds_and_games_in_words(cli, here: Path) -> None:
    sheet = write(here / "my-cards.csv", HEADER + DRESSING + QUICK)
    assert _import(cli, sheet, here / "my-set").exit_code == 0
    agent = cli("export", "csv", "my-set", "--kind", "agent", "--lang", "zh-Hans").stderr
    assert "特工" in agent and " agent " not in agent, agent
    netrunner = cli("export", "csv", "my-set", "--game", "netrunner", "--lang", "zh-Hans").stderr
    assert "矩阵潜袭" in netrunner and "卡牌" in netrunner and "netrunner card" not in netrunner, netrunner
    shutil.copytree(CARDS / "netrunner" / "cards", here / "nr" / "cards")
    both = cli("export", "csv", "my-set", "nr", "--lang", "zh-Hans")
    assert both.exit_code == 2
    assert "矩阵潜袭" in both.stderr and "特工战术" in both.stderr and "netrunner, tactics" not in both.stderr


def test_a_chinese_import_names_the_card_type_in_words(cli, here: Path) -> None:
    sheet = write(
        here / "nr.csv",
        "id,name.zh-Hans,name.en,type,faction,influence,deck_limit,text,strength,cost\n"
        "my_wall,我的墙,My Wall,ice,neutral_corp,0,3,\u21b3 结束此次潜袭。,2,3\n",
    )
    result = cli(
        "import", "csv", sheet, "--game", "netrunner", "--into", here / "nr-set", "--dry-run", "--lang", "zh-Hans"
    )
    said = [line for line in result.output.splitlines() if "'cost'" in line]
    assert said and "防火墙" in said[0] and " ice " not in said[0], result.output


# ---------------------------------------------------------------- 5. print --help on --query's database


def test_print_help_says_where_the_query_database_comes_from(cli) -> None:
    help_text = " ".join(cli("print", "--help").stdout.split())
    assert "using the database of `dossier db build`" not in help_text
    assert "(default: $DOSSIER_DB or ./dossier.db)" not in help_text
    assert "else one of the card pool in the user's cache, built when missing or stale (as `dossier search`)" in (
        help_text
    )
