"""Every benchmark script answers ``-h`` with its options (an argparse help string with a bare ``%`` in it fails
only when asked for help, so nothing else finds it)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from .conftest import ROOT

# the scripts (bench/corpus.py is a module the others import)
SCRIPTS = sorted(p for p in (ROOT / "bench").glob("*.py") if '__name__ == "__main__"' in p.read_text(encoding="utf-8"))


def test_there_are_benchmarks() -> None:
    assert len(SCRIPTS) > 10


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.name)
@pytest.mark.slow
def test_a_benchmark_prints_its_help(script: Path) -> None:
    done = subprocess.run([sys.executable, str(script), "-h"], capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "usage:" in done.stdout and "Traceback" not in done.stderr
