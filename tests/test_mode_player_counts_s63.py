"""双雄 is for 2 or 4 players (§15.2) as its data says: search, show and the engine read ``players.counts``."""

from __future__ import annotations

from typing import Any

import pytest

from toolkit.catalog import load_catalog
from toolkit.engine.core import EngineError
from toolkit.engine.tactics import TacticsGame
from toolkit.engine.tactics.base import player_counts

from .conftest import CARDS

RECORDS = load_catalog([CARDS / "tactics"]).records


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> str:
    from typer.testing import CliRunner

    from toolkit.cli import app

    path = tmp_path_factory.mktemp("fix3") / "cards.db"
    result = CliRunner().invoke(app, ["db", "build", "--db", str(path), "--cards", str(CARDS)])
    assert result.exit_code == 0, result.output
    return str(path)


@pytest.mark.parametrize(("n", "modes"), [(2, {"duel", "duo", "expert", "melee", "nightmare"}),
                                          (3, {"melee", "nightmare"}), (4, {"duo", "melee", "nightmare"})])  # fmt: skip
def test_search_finds_duo_for_2_or_4_players_only(cli: Any, built: str, n: int, modes: set[str]) -> None:
    found = cli("search", "--db", built, "--format", "ids", f"k:mode players:{n}").stdout.split()
    assert {i.rsplit("/", 1)[1] for i in found if i.startswith("tactics/")} == modes
    negated = cli("search", "--db", built, "--format", "ids", "k:mode game:tactics players!3").stdout.split()
    assert "tactics/duo" in negated


def test_show_says_2_or_4(cli: Any, built: str) -> None:
    assert cli("show", "--db", built, "tactics/duo").stdout.splitlines()[2] == "players 2 or 4"
    assert cli("show", "--db", built, "tactics/melee").stdout.splitlines()[2] == "players 2-4"
    assert cli("show", "--db", built, "tactics/duo", "--lang", "zh-Hans").stdout.splitlines()[2] == "人数 2 或 4"


def test_the_engine_reads_the_counts_from_the_data() -> None:
    modes: dict[str, Any] = {r.id: r for r in RECORDS if r.kind == "mode"}  # type: ignore[attr-defined]
    three = modes["duo"].model_copy(update={"players": modes["duo"].players.model_copy(update={"counts": [2, 3, 4]})})
    assert player_counts(modes["duo"]) == [2, 4] and player_counts(three) == [2, 3, 4]
    with pytest.raises(EngineError, match="Duo is for 2 or 4 players, not 3"):
        TacticsGame(RECORDS, "duo", players=3)
    TacticsGame([three if r is modes["duo"] else r for r in RECORDS], "duo", players=3)  # the data, not a copy
