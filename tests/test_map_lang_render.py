"""`dossier map render` speaks the output language (``--lang``, as `map show` and `map measure`): the units' names,
tooltips and letters are the records' English names in English; a ``--state`` file that is not a game state is
refused in one line naming it (exit 2); and a saved tactics game whose decisions stop fitting names the units of
the refused decision in the output language, its kind said once."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from tests.conftest import ROOT
from toolkit.cli import app

CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff]")


def _run(*args: Any, answers: str = "", env: dict[str, str] | None = None) -> Any:
    return CliRunner().invoke(app, [str(a) for a in args], input=answers, env=env)


def _words(svg: str) -> list[str]:
    titles = re.findall(r"<title>([^<]*)</title>", svg)
    letters = re.findall(r'<text class="label"[^>]*>([^<]*)</text>', svg)
    return [html.unescape(x) for x in titles + letters]


def test_map_render_draws_the_example_in_the_output_language(tmp_path: Path) -> None:
    out = tmp_path / "m.svg"
    result = _run("map", "render", "dockyard", "--example", "--out", out, "--lang", "en")
    assert result.exit_code == 0, result.output
    assert result.stdout.strip() == f"{out}: map Dockyard Depot with an example state"
    words = _words(out.read_text(encoding="utf-8"))
    assert not [w for w in words if CJK.search(w)], words
    assert "vision of Gale (front, side)" in words and "G" in words and "L" in words
    assert any(w.startswith("Lynx · lynx · P1 · 7/7 HP") for w in words), words
    result = _run("map", "render", "dockyard", "--example", "--out", out, "--lang", "zh-Hans")
    assert result.exit_code == 0 and "烈风的视野（正面，侧向）" in _words(out.read_text(encoding="utf-8"))


def test_map_render_names_a_state_s_units_in_english_for_a_map_file_too(tmp_path: Path) -> None:
    from toolkit.board import Board
    from toolkit.board.draw import example_state
    from toolkit.catalog import load_catalog

    record = load_catalog([ROOT / "cards" / "tactics"]).get("tactics", "dockyard", "map")
    state = tmp_path / "state.json"
    state.write_text(json.dumps(example_state(Board.from_record(record)), ensure_ascii=False), encoding="utf-8")
    map_file = ROOT / "cards" / "tactics" / "maps" / "dockyard.json"
    out = tmp_path / "m.svg"
    assert _run("map", "render", map_file, "--state", state, "--out", out, "--lang", "en").exit_code == 0
    words = _words(out.read_text(encoding="utf-8"))
    assert "vision of Anvil (front, rear)" in words and not [w for w in words if CJK.search(w)]


@pytest.mark.parametrize(
    "content",
    ["{}", '{"game": "tactics", "mode": "duel", "agents": ["gale"], "cards": {}}',
     '{"game": "tactics", "setup": {"mode": "duo"}, "decisions": []}'],
)  # fmt: skip
def test_map_render_refuses_a_file_that_is_not_a_game_state(tmp_path: Path, content: str) -> None:
    state = tmp_path / "not-a-state.json"
    state.write_text(content, encoding="utf-8")
    out = tmp_path / "s.svg"
    result = _run("map", "render", "dockyard", "--out", out, "--state", state, env={"DOSSIER_LANG": "en"})
    assert result.exit_code == 2 and not out.exists()
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and f"{state}:1:1: not a game state" in lines[0] and "Traceback" not in result.output
    empty = tmp_path / "empty.json"
    empty.write_text('{"units": []}', encoding="utf-8")  # a state with nobody on the map is still one
    assert _run("map", "render", "dockyard", "--out", out, "--state", empty).exit_code == 0


def test_a_saved_game_that_stops_fitting_names_the_decision_in_the_output_language(tmp_path: Path) -> None:
    saved = tmp_path / "g.json"
    duo = ROOT / "examples" / "decks" / "tactics" / "duo.json"
    made = _run("play", "tactics", "--decks", duo, "--seed", "2", "--save", saved, "--plain", "--lang", "en",
                answers="1\n" * 12)  # fmt: skip
    assert made.exit_code == 0, made.output
    data = json.loads(saved.read_text(encoding="utf-8"))
    data["setup"]["board"] = "dockyard"
    kinds: list[str] = []
    for number in range(len(data["decisions"])):  # each decision in turn answered with what it does not offer
        bad = {**data, "decisions": [*data["decisions"][:number], "bogus"]}
        broken = tmp_path / "broken.json"
        broken.write_text(json.dumps(bad, ensure_ascii=False), encoding="utf-8")
        result = _run("play", "tactics", "--load", broken, "--plain", "--lang", "en")
        message = result.stderr.strip().splitlines()[-1]
        assert result.exit_code == 1, result.output  # (a machine's decision, sealed in the file: its label unsaid)
        assert "'bogus' is not an option" in message or "the sealed decision is not an option" in message, message
        assert not CJK.search(message), message
        kinds.append(message)
        if any(", mulligan)" in m for m in kinds) and any(", deployment die)" in m for m in kinds):
            break
    # each named by its seat and kind only: the prompt may name a card of a hand the player does not see
    mulligan = next(m for m in kinds if ", mulligan)" in m)
    assert re.search(r"\(P\d, mulligan\)", mulligan) and not re.search(r"#\d+", mulligan), mulligan
    die = next(m for m in kinds if ", deployment die)" in m)
    assert re.search(r"\(P\d, deployment die\)", die) and "deployment_die" not in die, die
