"""The benches' own helpers (not timed here): the tactics players' report speaks English, with the records' English
names."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from toolkit.catalog import load_catalog

from .conftest import ROOT

CJK = re.compile(r"[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]")


def test_the_tactics_players_report_names_cards_in_english(capsys: pytest.CaptureFixture[str]) -> None:
    from bench.tactics_players import report

    report([], [], 0.65)
    out = capsys.readouterr().out
    assert not CJK.findall(out), [line for line in out.splitlines() if CJK.search(line)]
    names = {r.id: r.name for r in load_catalog([ROOT / "cards" / "tactics"]).records}
    for record in ("shock_plate_armor", "aim", "resupply"):
        english = names[record].get("en")
        assert english and english in out, record
    assert "scavenging, per 10 games" in out


@pytest.mark.slow
def test_the_netrunner_engine_before_after_plays_the_same_games(capsys: pytest.CaptureFixture[str]) -> None:
    """bench/netrunner.py's comparison runs on today's example decks: the "before" is this tree with issue 27's
    speed-ups undone (the tree of 52e9d02 read no deck named in two languages, and plays older rules), and both
    play the same games (a tiny run: two games, once)."""
    from bench.netrunner import engine_before_after

    engine_before_after(2, 1)
    out = capsys.readouterr().out
    assert "skipped" not in out
    assert "logs identical: True" in out and "NetrunnerGame.clone" in out


@pytest.mark.slow
def test_the_tactics_engine_bench_gives_the_older_tree_todays_rules(tmp_path: Path) -> None:
    """bench/tactics.py --engine-only: the tree of d9f9d1f with RULES_SINCE plays the games this tree plays (two of
    the bench's games: a Duel whose rolls and equipment shields are logged as now, a Duo won by first blood as the
    agent is destroyed), so the comparison is of speed alone."""
    from bench.tactics import BEFORE, ROOT, _games_child, _tree_at

    old = _tree_at(BEFORE, tmp_path)
    if old is None:
        pytest.skip(f"no git checkout with commit {BEFORE} here")
    for mode, seed in (("duel", 2), ("duo", 1)):
        before, now = (_games_child(tree, [(mode, 2)], [seed]) for tree in (old, ROOT))
        assert before["games"] == now["games"] == 1
        assert before["logs"] == now["logs"], (mode, seed)


@pytest.mark.slow
def test_the_lint_corpus_stays_clean_of_the_not_lasting_warning(tmp_path: Path) -> None:
    """The corpus appended a draw (你抽 N 张牌。) to equipment's and agents' lasting sentences once their numbers ran
    out: 51,568 text.form.not_lasting warnings at 100,000 files, and 19 MiB more for lint to hold, against peers
    that lint nothing of the kind."""
    from bench.corpus import _lasting_only, _Variants, clone_corpus
    from validators.lint import lint_files

    assert _lasting_only("本单位移速 +1。") and not _lasting_only("你抽 2 张牌。")
    variants = _Variants("本单位移速 +1。", set(), "tactics")
    assert all("抽" not in variants.next() for _ in range(60))
    clone_corpus(tmp_path / "c", 1500)
    from toolkit.catalog import discover

    result = lint_files(discover([tmp_path / "c"], []), [tmp_path / "c"], jobs=1, cache=False, cache_dir=None)
    assert result.errors == 0 and "text.form.not_lasting" not in {f.code for f in result.findings}
