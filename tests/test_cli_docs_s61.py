"""Command-line defects a new user met following the docs with Dossier installed from a wheel (sweep 61): a stale
./dossier.db read by search, show and print --query; `schema --check` checking the package's schemas; help texts
that misstate the default card pool and what --lang switches; `text run --mode` and `text coverage --game`
messages; the wording of `deck stats` and of the import's suggested print command."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


# --- 1. a stale ./dossier.db is built again before search, show and print --query read it ------------------------


def _rename(card: Path, name: str) -> None:
    """Give ``card`` (a role) the English name ``name``, its file newer than every other by 5 s (the copies keep
    the checkout's times; the build's fingerprint sees a newer file)."""
    data = json.loads(card.read_text(encoding="utf-8"))
    data["name"]["en"] = name
    card.write_text(json.dumps(data, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    newest = max(path.stat().st_mtime_ns for path in card.parent.parent.rglob("*.json"))
    os.utime(card, ns=(newest + 5_000_000_000, newest + 5_000_000_000))


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder with a card pool in cards/ (as `dossier examples --with-cards` makes one) and its ./dossier.db."""
    shutil.copytree(ROOT / "cards" / "crossfire", tmp_path / "cards" / "crossfire")
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("DOSSIER_DB", raising=False)
    return tmp_path


def _ids(cli, *query: str) -> tuple[list[str], str]:
    result = cli("search", "--format", "ids", *query)
    assert result.exit_code in (0, 1), result.output
    return result.stdout.split(), result.stderr


def test_a_stale_dossier_db_is_built_again_before_search_reads_it(cli, folder: Path) -> None:
    assert cli("db", "build").exit_code == 0
    assert _ids(cli, "Bomber") == (["crossfire/bomber"], "")
    _rename(folder / "cards" / "crossfire" / "roles" / "bomber.json", "Grenadier")
    ids, err = _ids(cli, "Grenadier")
    assert ids == ["crossfire/bomber"]
    assert err.splitlines() == [
        f"dossier: {(folder / 'cards').resolve()} changed since dossier.db was built: building dossier.db again"
    ]
    assert not list(folder.glob(".dossier.db.build-*"))  # built as `db build` builds it, through a temporary file
    assert _ids(cli, "Grenadier") == (["crossfire/bomber"], "")  # fresh now: built once
    assert cli("show", "bomber").stdout.startswith("Grenadier")


def test_print_query_reads_the_rebuilt_database(cli, folder: Path) -> None:
    assert cli("db", "build").exit_code == 0
    _rename(folder / "cards" / "crossfire" / "roles" / "bomber.json", "Grenadier")
    result = cli("print", "--game", "crossfire", "--query", "Grenadier", "--out", folder / "q.pdf")
    assert result.exit_code == 0, result.output
    assert "q.pdf: 1 card on 1 page" in result.stdout
    assert "building dossier.db again" in result.stderr


def test_a_database_built_from_other_cards_is_built_again_from_them(cli, folder: Path) -> None:
    """`db build --cards X` where no pool is named and there is no cards/ here (the pool is the bundled cards): the
    user chose X; a change in X builds ./dossier.db again from X. (With a cards/ here, that is the pool a plain
    command reads, and ./dossier.db is built from it: tests/test_db_pool_s65.py.)"""
    shutil.rmtree(folder / "cards")
    other = folder / "set-x"
    shutil.copytree(ROOT / "cards" / "crossfire", other / "crossfire")
    (other / "crossfire" / "roles" / "decoy.json").unlink()
    assert cli("db", "build", "--cards", "set-x").exit_code == 0
    assert "crossfire/decoy" not in _ids(cli, "Decoy")[0]  # (the decoy is not in X; the bundled cards have it)
    _rename(other / "crossfire" / "roles" / "bomber.json", "Sapper")
    ids, err = _ids(cli, "Sapper")
    assert ids == ["crossfire/bomber"]
    assert f"{other.resolve()} changed since dossier.db was built" in err
    assert "crossfire/decoy" not in _ids(cli, "Decoy")[0]  # still X's cards, not the pool's


def test_a_stale_dossier_db_that_cannot_be_written_reads_the_cache(
    cli, folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import errno

    from toolkit import safewrite

    assert cli("db", "build").exit_code == 0
    before = (folder / "dossier.db").stat().st_mtime_ns
    _rename(folder / "cards" / "crossfire" / "roles" / "bomber.json", "Grenadier")
    cannot_write = safewrite.cannot_write
    monkeypatch.setattr(safewrite, "cannot_write", lambda _folder: PermissionError(errno.EACCES, "Permission denied"))
    ids, err = _ids(cli, "Grenadier")
    assert ids == ["crossfire/bomber"]
    [line] = err.splitlines()
    assert line.startswith("dossier: warning: ")
    assert "dossier.db cannot be built again here: permission denied" in line.lower()
    assert "reading the card database of the same cards in the user's cache instead" in line
    assert (folder / "dossier.db").stat().st_mtime_ns == before
    assert cannot_write(folder) is None  # (a file made there and removed, as a build makes one)
    assert isinstance(cannot_write(folder / "missing"), OSError)
    assert [path.name for path in folder.iterdir() if path.is_file()] == ["dossier.db"]


def test_a_named_stale_database_still_only_warns(cli, folder: Path) -> None:
    assert cli("db", "build", "--db", "mine.db").exit_code == 0
    _rename(folder / "cards" / "crossfire" / "roles" / "bomber.json", "Grenadier")
    before = (folder / "mine.db").stat().st_mtime_ns
    for command in (["search", "--db", "mine.db", "Bomber"], ["print", "--db", "mine.db", "--query", "Bomber",
                                                              "--out", "q.pdf"]):  # fmt: skip
        result = cli(*command)
        assert result.exit_code == 0, result.output
        assert "changed since the database was built; run `dossier db build --db mine.db --cards" in result.stderr
    assert (folder / "mine.db").stat().st_mtime_ns == before


# --- 2. an installed Dossier's `schema --check` checks schema/ in the working directory ----------------------------


def test_installed_schema_check_reads_the_schema_folder_here(
    cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("toolkit.paths.INSTALLED", True)
    monkeypatch.chdir(tmp_path)
    shutil.copytree(ROOT / "schema", tmp_path / "schema")  # as `dossier examples` copies it
    done = cli("schema", "--check")
    assert (done.exit_code, done.output) == (0, "")
    (tmp_path / "schema" / "tactics" / "card.schema.json").write_text("{}\n", encoding="utf-8")
    done = cli("schema", "--check")
    assert done.exit_code == 1
    assert done.stdout == "schema/tactics/card.schema.json: stale; run `dossier schema --out schema`\n"
    shutil.rmtree(tmp_path / "schema")
    done = cli("schema", "--check")
    assert done.exit_code == 1
    assert done.stdout == "schema: missing; run `dossier schema --out schema`\n"
    assert cli("schema", "--out", "schema").exit_code == 0  # the command named writes it
    assert cli("schema", "--check").exit_code == 0


# --- 3. every --cards help says where the pool comes from, in one wording -----------------------------------------

POOL_ORDER = (
    "$DOSSIER_CARDS, else cards = [...] in the nearest dossier.toml or the user config, else cards/ in the working "
    "directory when there is one, else the bundled cards/"
)


def _flat(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize(
    "command",
    [
        ["crossfire", "resolve"],
        ["crossfire", "deal"],
        ["deck", "new"],
        ["deck", "validate"],
        ["draft"],
        ["lint"],
        ["db", "build"],
        ["play"],
        ["scenario", "run"],
        ["serve"],
        ["search"],
        ["print"],
        ["text", "coverage"],
        ["balance", "compare"],
        ["import", "csv"],
        ["export", "csv"],
        ["simulate"],
    ],
)
def test_every_cards_help_names_the_working_directory_s_cards(cli, command: list[str]) -> None:
    page = _flat(cli(*command, "--help").stdout)
    cards = page.split("--cards", 1)[1]
    assert POOL_ORDER in cards, cards[:400]
    assert "else the bundled cards." not in page and "bundled cards/tactics" not in page


# --- 4. `text run --mode` an unknown mode: a usage error naming the modes -----------------------------------------


def test_text_run_unknown_mode_is_a_usage_error(cli) -> None:
    result = cli("text", "run", "你抽 1 张牌。", "--mode", "nomode")
    assert result.exit_code == 2, result.output
    assert result.stderr == (
        "dossier: error: --mode 'nomode': tactics has no such mode; modes: duel, duo, expert, melee, nightmare\n"
    )
    result = cli("text", "run", "你抽 1 张牌。", "--game", "netrunner", "--mode", "nomode")
    assert result.exit_code == 2, result.output
    assert result.stderr == "dossier: error: --mode 'nomode': netrunner has no such format; formats: standard\n"
    assert cli("text", "run", "你抽 1 张牌。", "--mode", "duel").exit_code == 0


# --- 5. `text coverage --game crossfire` names both games it measures ---------------------------------------------


def test_text_coverage_names_both_games(cli) -> None:
    result = cli("text", "coverage", "--game", "crossfire")
    assert result.exit_code == 2
    line = result.stderr.strip()
    assert line.startswith("dossier: error: --game crossfire: coverage is measured for tactics")
    assert "netrunner" in line and "tactics games only" not in line


# --- 6. --lang says it switches everything, in one wording --------------------------------------------------------

LANG_SCOPE = "everything the command writes: names, headings and labels, findings, errors, logs and printed cards"


@pytest.mark.parametrize(
    "command", [["lint"], ["search"], ["deck", "validate"], ["deck", "new"], ["crossfire", "deal"], ["text", "run"]]
)
def test_lang_help_says_it_switches_everything(cli, command: list[str]) -> None:
    page = _flat(cli(*command, "--help").stdout)
    lang = page.split("--lang", 1)[1]
    assert f"The language, zh-Hans or en, of {LANG_SCOPE}" in lang.replace("zh-Hans (the canonical text)", "zh-Hans")
    assert "Names, headings and labels in" not in page


def test_top_level_help_says_lang_switches_everything(cli) -> None:
    page = _flat(cli("--help").stdout)
    assert f'lang = "en" or "zh-Hans" there sets the language of {LANG_SCOPE} (--lang overrides)' in page
    assert "language of names in output" not in page


@pytest.mark.lang_default
def test_lang_help_in_chinese_is_one_wording(cli) -> None:
    """The same scope in both helps, whatever the language (one message)."""
    from toolkit.cli._lang import LANG_SCOPE as SCOPE
    from toolkit.i18n import tr, use_lang

    with use_lang("zh-Hans"):
        scope = tr(SCOPE)
    for command in (["lint"], ["deck", "validate"]):
        page = "".join(cli(*command, "--help", "--lang", "zh-Hans").stdout.split())
        assert "".join(scope.split()) in page


# --- 7. `deck stats` labels its cost curve; the import's print command names a file, not the cards/ folder ---------


def test_deck_stats_cost_curve_says_cost_and_count(cli) -> None:
    result = cli("deck", "stats", ROOT / "examples" / "decks" / "tactics" / "duo.json")
    assert result.exit_code == 0, result.output
    [line] = [line for line in result.stdout.splitlines() if line.startswith("cost curve")]
    title, entries = line.split("  ", 1)
    assert title == "cost curve (cost: cards)"
    assert entries.split() == ["0:", "10", "-1:", "5", "-2:", "1"]  # a mortgage as the card prints it (show: cost -2)
    data = json.loads(cli("deck", "stats", ROOT / "examples/decks/tactics/duo.json", "--format", "json").stdout)
    assert data["cost_curve"] == {"0": 10, "-1": 5, "-2": 1}


def test_import_suggests_printing_to_a_file_not_named_like_the_cards_folder(cli, tmp_path: Path) -> None:
    sheet = tmp_path / "sheet.csv"
    sheet.write_text(
        "name.zh-Hans,name.en,category,text,copies\n快抽,Quick Draw,skill,你抽 1 张牌。,3\n", encoding="utf-8"
    )
    result = cli("import", "csv", sheet, "--game", "tactics", "--into", tmp_path / "out")
    assert result.exit_code == 0, result.output
    [line] = [line for line in result.stdout.splitlines() if "the copies to print are in" in line]
    # (named after the sheet's print deck, sheet.deck.json: tests/test_sheets_roundtrip_s73.py)
    assert line.endswith("--out sheet.pdf") and "cards.pdf" not in line
