"""One card pool, set once: --cards, DOSSIER_CARDS, dossier.toml, the user config, the bundled cards/."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

import toolkit.config as config
from toolkit.config import card_pool, output_lang, read_config, user_file
from toolkit.errors import DossierError

from .conftest import CARDS, ROOT

POOL = ROOT / "tests" / "fixtures" / "netrunner_pool"
EX = ROOT / "examples" / "decks"


@pytest.fixture(autouse=True)
def clean_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """No DOSSIER_CARDS and an empty user config directory, whatever the machine has."""
    monkeypatch.delenv(config.ENV_CARDS, raising=False)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg"))
    search = config.project_file

    def inside_tmp_path(start: Path | None = None) -> Path | None:  # not /tmp/dossier.toml or the like
        found = search(start)
        return found if found is not None and tmp_path in found.parents else None

    monkeypatch.setattr(config, "project_file", inside_tmp_path)


def toml(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture
def layout(tmp_path: Path) -> dict[str, Path]:
    """A project with a dossier.toml, a directory inside it, a user config and four card directories."""
    dirs = {name: tmp_path / name for name in ("explicit", "env", "project_cards", "user_cards")}
    for d in dirs.values():
        d.mkdir()
    project = tmp_path / "project"
    inner = project / "decks" / "corp"
    inner.mkdir(parents=True)
    dirs.update(project=project, inner=inner)
    return dirs


@pytest.mark.parametrize(
    ("given", "expected"),
    [
        ({"explicit", "env", "project", "user"}, "explicit"),
        ({"env", "project", "user"}, "env"),
        ({"project", "user"}, "project_cards"),
        ({"user"}, "user_cards"),
        (set(), "default"),
    ],
)
def test_precedence(given: set[str], expected: str, layout: dict[str, Path], tmp_path: Path) -> None:
    if "project" in given:
        toml(layout["project"] / "dossier.toml", 'cards = ["../project_cards"]\n')
    if "user" in given:
        toml(tmp_path / "xdg" / "dossier" / "config.toml", f'cards = ["{layout["user_cards"]}"]\n')
    environ = {"XDG_CONFIG_HOME": str(tmp_path / "xdg")}
    if "env" in given:
        environ[config.ENV_CARDS] = f"{layout['env']}{os.pathsep}"
    explicit = [layout["explicit"]] if "explicit" in given else None
    pool = card_pool(explicit, default=[CARDS], cwd=layout["inner"], environ=environ)
    sources = {
        "explicit": "--cards",
        "env": config.ENV_CARDS,
        "project_cards": str(layout["project"] / "dossier.toml"),
        "user_cards": str(tmp_path / "xdg" / "dossier" / "config.toml"),
        "default": "default",
    }
    assert pool.source == sources[expected]
    want = [CARDS] if expected == "default" else [layout[expected]]
    assert [p.resolve() for p in pool.paths] == [p.resolve() for p in want]


@pytest.mark.lang_default
def test_nearest_project_file_wins(layout: dict[str, Path]) -> None:
    outer = toml(layout["project"] / "dossier.toml", 'lang = "en"\n')
    assert config.project_file(layout["inner"]) == outer
    inner = toml(layout["inner"] / "dossier.toml", 'lang = "zh-Hans"\n')
    assert config.project_file(layout["inner"]) == inner
    assert output_lang(None, cwd=layout["inner"]) == "zh-Hans"
    assert output_lang(None, cwd=layout["project"]) == "en"
    assert output_lang("EN", cwd=layout["project"]) == "en"


def test_each_setting_from_the_first_file_that_has_it(layout: dict[str, Path], tmp_path: Path) -> None:
    toml(layout["project"] / "dossier.toml", 'lang = "en"\n')
    toml(tmp_path / "xdg" / "dossier" / "config.toml", 'cards = ["../../user_cards"]\nlang = "zh-Hans"\n')
    pool = card_pool(None, cwd=layout["inner"])
    assert [p.resolve() for p in pool.paths] == [layout["user_cards"].resolve()]
    assert output_lang(None, cwd=layout["inner"]) == "en"


def test_user_file_location(tmp_path: Path) -> None:
    assert user_file({"XDG_CONFIG_HOME": str(tmp_path)}) == tmp_path / "dossier" / "config.toml"
    home = {"XDG_CONFIG_HOME": "relative/ignored", "HOME": str(tmp_path)}
    assert user_file(home) == tmp_path / ".config" / "dossier" / "config.toml"


def test_a_string_is_one_directory_and_home_is_expanded(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    conf = read_config(toml(tmp_path / "dossier.toml", 'cards = "~/pool"\n'))
    assert conf.cards == [tmp_path / "pool"]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('lang = "en"\ncards = [1,,]\n', "dossier.toml:2:12: invalid TOML: not a valid value (text goes in double quotes)"),
        ('cards = ["a"\n', "dossier.toml:1: invalid TOML: a list not closed with ']' (the file ends first)"),
        ('lang = "en"\ncard = ["x"]\n', "dossier.toml:2: unknown setting 'card'; settings: cards, lang, token"),
        ("cards = 3\n", "dossier.toml:1: cards must be a list of directories"),
        ('cards = [""]\n', "dossier.toml:1: cards must be a list of directories"),
        ('lang = "fr"\n', "dossier.toml:1: lang must be one of zh-Hans, en, not 'fr'"),
        ('token = "short"\n', "dossier.toml:1: token must be a string of at least 16 printable ASCII characters"),
    ],
)
def test_bad_files_name_the_file_and_line(text: str, message: str, tmp_path: Path) -> None:
    with pytest.raises(DossierError, match="^" + str(tmp_path / "").replace("\\", "\\\\")) as caught:
        read_config(toml(tmp_path / "dossier.toml", text))
    assert message in caught.value.message and caught.value.exit_code == 2


def test_the_serve_token_is_read(tmp_path: Path) -> None:
    from toolkit.config import serve_token

    toml(tmp_path / "dossier.toml", 'token = "a-long-enough-token-123"\n')
    assert serve_token(tmp_path, {"XDG_CONFIG_HOME": str(tmp_path / "none")}) == "a-long-enough-token-123"


def test_missing_directories_are_usage_errors(tmp_path: Path) -> None:
    path = toml(tmp_path / "dossier.toml", '# the pool\ncards = ["nowhere"]\n')
    with pytest.raises(DossierError, match=r"dossier.toml:2: cards: .*nowhere: no such file or directory"):
        card_pool(None, cwd=tmp_path)
    with pytest.raises(DossierError, match=r"^DOSSIER_CARDS: .*gone: no such file or directory"):
        card_pool(None, cwd=tmp_path, environ={config.ENV_CARDS: str(tmp_path / "gone")})
    assert path.exists()


# ---------------------------------------------------------------- as a user runs it


@pytest.fixture
def spark_list(tmp_path: Path) -> Path:
    path = tmp_path / "work" / "spark.txt"
    path.parent.mkdir()
    path.write_text(
        "Nell Ashgrove: Spark Thief\n3x Ember Script\n3x Static Hymn\n2x Kiln Rig\n3x Backroom Ledger\n"
        "3x Glasswing\n3x Quiet Wire\n",
        encoding="utf-8",
    )
    return path


def test_a_project_file_sets_the_pool_for_every_deck_command(
    cli: Any, spark_list: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(spark_list.parent)
    without = cli("deck", "validate", spark_list.name)
    assert without.exit_code == 1
    assert "the card pool may be missing: give --cards DIR, set DOSSIER_CARDS=DIR" in without.output
    toml(spark_list.parent / "dossier.toml", f'cards = ["{POOL}"]\nlang = "en"\n')
    result = cli("deck", "validate", spark_list.name)
    assert result.exit_code == 0, result.output
    assert result.output.endswith("17 cards (min 12) · 10/15 influence · legal\n")
    shown = cli("deck", "show", spark_list.name)
    assert "3x Ember Script" in shown.output  # lang = "en"
    assert "3x 余烬脚本" in cli("deck", "show", "--lang", "zh-Hans", spark_list.name).output
    assert cli("deck", "convert", spark_list.name, "--to", "nrdb").output.startswith("spark\n")
    unknown = spark_list.parent / "other.txt"
    unknown.write_text("3x Not A Card\n", encoding="utf-8")
    placed = cli("deck", "validate", unknown.name)
    assert f"in the card pool ({POOL}, from {spark_list.parent / 'dossier.toml'})" in placed.output


def test_the_environment_comes_before_the_files_and_cards_before_both(
    cli: Any, spark_list: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(spark_list.parent)
    toml(spark_list.parent / "dossier.toml", f'cards = ["{CARDS}"]\n')
    monkeypatch.setenv(config.ENV_CARDS, str(POOL))
    assert cli("deck", "validate", spark_list.name).exit_code == 0
    tactics = cli("deck", "validate", EX / "tactics" / "duel.json")
    assert tactics.exit_code == 1 and "deck.game.pool" in tactics.output  # (the pool the environment names)
    assert cli("deck", "validate", "--cards", CARDS, EX / "tactics" / "duel.json").exit_code == 0


def test_other_commands_read_the_same_pool(cli: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    toml(tmp_path / "dossier.toml", f'cards = ["{POOL}"]\n')
    crossfire = cli("crossfire", "deal", "--players", "7")
    assert crossfire.exit_code == 2 and "has no crossfire roles" in crossfire.output
    map_show = cli("map", "show", "dockyard")
    assert map_show.exit_code == 2 and f"the card pool ({POOL}, from" in map_show.output
    lint = cli("lint")
    assert f"{len(list(POOL.rglob('*.json')))} files" in lint.output


def test_a_bad_config_file_is_one_line_and_exit_2(cli: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    toml(tmp_path / "dossier.toml", "cards = [\n")
    result = cli("deck", "validate", EX / "tactics" / "duel.json")
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert result.output.strip().startswith("dossier: error: ") and "invalid TOML" in result.output
    assert len(result.output.strip().splitlines()) == 1


@pytest.mark.parametrize("kind", ["dangling link", "directory"])
def test_a_settings_name_that_is_not_a_file_is_an_error_not_skipped(
    kind: str, cli: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A dossier.toml that cannot be read is named, not passed over for a parent's file or the defaults."""
    toml(tmp_path / "dossier.toml", 'lang = "en"\n')  # a parent's file that must not be used instead
    inner = tmp_path / "inner"
    inner.mkdir()
    if kind == "dangling link":
        (inner / "dossier.toml").symlink_to(tmp_path / "gone.toml")
    else:
        (inner / "dossier.toml").mkdir()
    monkeypatch.chdir(inner)
    result = cli("deck", "validate", EX / "tactics" / "duel.json")
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert result.output.strip().splitlines() == [
        f"dossier: error: {inner / 'dossier.toml'}: "
        + (
            f"cannot read: a dangling symbolic link (to {tmp_path / 'gone.toml'})"
            if kind == "dangling link"
            else "cannot read: it is a directory"
        )
    ]


@pytest.mark.lang_default
@pytest.mark.parametrize(("locale", "words"), [("en_US.UTF-8", "invalid TOML"), ("C.UTF-8", "无效的 TOML")])
def test_a_settings_file_that_cannot_be_read_is_told_in_the_systems_language(
    tmp_path: Path, locale: str, words: str
) -> None:
    """The settings file would say the language; one that cannot be read is told in the locale's (else zh-Hans)."""
    from toolkit.errors import DossierError

    toml(tmp_path / "dossier.toml", "cards = [\n")
    with pytest.raises(DossierError) as info:
        output_lang(None, cwd=tmp_path, environ={"LANG": locale, "HOME": str(tmp_path)})
    assert words in info.value.message
