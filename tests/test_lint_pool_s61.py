"""Lint's card pool is the pool every other command reads (session 61): a set folder given with --cards (records
of one game, as `dossier import csv --into set-a` writes them, with no game.json) is read by lint too, so a card of
another set that names one of its cards resolves, as `text render` and `print` resolve it with the same pool."""

from __future__ import annotations

import json
import os
from pathlib import Path

from typer.testing import CliRunner

from toolkit.catalog import file_key, load_catalog, pool_sources
from toolkit.cli import app
from toolkit.jsonio import read_source

ROOT = Path(__file__).resolve().parent.parent
CARDS = ROOT / "cards"


def _card(folder: Path, record_id: str, zh: str, text: str) -> Path:
    """A tactics card in a set folder (``<set>/cards/<id>.json``), made from a bundled one under a new id and name."""
    data = json.loads((CARDS / "tactics" / "cards" / "adrenaline_shot.json").read_text(encoding="utf-8"))
    path = folder / "cards" / f"{record_id}.json"
    data["$schema"] = os.path.relpath(ROOT / "schema" / "tactics" / "card.schema.json", path.parent)
    data.update(id=record_id, name={"zh-Hans": zh, "en": record_id.replace("_", " ").title()}, text=[text])
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, ensure_ascii=False, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    return path


def _sets(tmp_path: Path) -> tuple[Path, Path, Path]:
    """set-a with a card of its own; set-b with a card whose text names set-a's card (neither has a game.json)."""
    set_a, set_b = tmp_path / "set-a", tmp_path / "set-b"
    _card(set_a, "quick_draw_s61", "快速拔枪甲", "你抽 2 张牌。")
    card = _card(set_b, "seeker_s61", "寻觅者乙", "你搜寻 1 张「快速拔枪甲」。")
    return set_a, set_b, card


def lint(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(app, ["lint", *args, "--lang", "en"], env={"DOSSIER_CARDS": ""})
    return result.exit_code, result.output


def test_a_set_folder_in_the_pool_is_read_by_lint(tmp_path: Path) -> None:
    set_a, set_b, _ = _sets(tmp_path)
    code, out = lint(str(set_b), "--cards", str(CARDS), "--cards", str(set_a), "--cards", str(set_b))
    assert code == 0, out
    assert "no record of tactics" not in out
    bundled = sum(1 for r in load_catalog([CARDS]).records if getattr(r, "game", None) == "tactics")
    assert f"checked among {bundled + 1} records" in out, out  # the bundled tactics records and set-a's card
    # without set-a in the pool the name is unknown: the check is real
    code, out = lint(str(set_b), "--cards", str(CARDS))
    assert code == 1 and "no record of tactics" in out, out


def test_lint_reads_of_the_pool_what_load_catalog_reads(tmp_path: Path) -> None:
    """The pool records lint reads for a loose card are the records of its game that load_catalog reads of the
    same pool (a folder of game directories, a set folder and a game directory alike), none of another game."""
    set_a, _, card = _sets(tmp_path)
    pool = [CARDS, set_a, CARDS / "tactics"]
    found = pool_sources([read_source(card)], pool, lambda: {file_key(card)})
    catalog = load_catalog(pool)
    expected = {file_key(catalog.files[k]) for k in catalog.files if k[0] == "tactics"}
    assert sorted(file_key(s.path) for s in found) == sorted(expected)
    assert file_key(set_a / "cards" / "quick_draw_s61.json") in expected
