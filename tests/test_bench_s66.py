"""The benchmarks' generated corpus lints without a finding (bench/corpus.py), whatever its size: the lint bench
times Dossier against peers that check nothing of the kind, so a warning the corpus causes is work (placing it,
reading its file again) no real pool asks for."""

from __future__ import annotations

from pathlib import Path

from bench.corpus import _Variants, clone_corpus
from toolkit.catalog import discover
from validators.lint import lint_files


def test_crossfire_clones_lint_clean(tmp_path: Path) -> None:
    """Crossfire's texts have few numbers, so their clones take appended sentences at once: a draw (which the
    crossfire engine does not run: 17,940 text.form.unsupported warnings at 100,000 files), and its special roles'
    clones joined no mode (2,149 card.role.special warnings)."""
    clone_corpus(tmp_path / "c", 700, ["crossfire"])
    cards = tmp_path / "c" / "cards"
    result = lint_files(discover([cards], []), [cards], jobs=1, cache=False, cache_dir=None)
    assert [f"{f.code} {f.file}" for f in result.findings] == []


def test_crossfire_texts_vary_with_sentences_its_engine_runs() -> None:
    variants = _Variants("如果你被击中，你获胜。", set(), "crossfire")
    texts = [variants.next() for _ in range(120)]
    assert len(set(texts)) == 120
    assert all("抽" not in text and "弃" not in text for text in texts)
