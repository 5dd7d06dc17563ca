"""Real Netrunner cards: how many execute, per cycle and per set, and what importing and reading them costs.

Imports a checkout of NetrunnerDB's public card data (``netrunner-cards-json``; not shipped with
Dossier) into a temporary folder with ``dossier import netrunnerdb`` in a process of its own, and
prints the reading verdicts (``dossier text coverage``): per cycle, per set counting reprints, the
Startup format's pool, and the totals. The time of the import is set against the floor of the same
work, a plain process that only parses every JSON file of the checkout; the issue's target is under 5 s.

    .venv/bin/python bench/netrunner_cards.py --pool ~/src/netrunner-cards-json [--json]

Without ``--pool`` (or ``$DOSSIER_NRDB``) it says so and exits 0, so ``make bench`` runs without the data.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FLOOR = """
import json, pathlib, sys
n = 0
for path in pathlib.Path(sys.argv[1]).rglob("*.json"):
    if "node_modules" not in path.parts:
        json.loads(path.read_text(encoding="utf-8")); n += 1
print(n)
"""


def timed(cmd: list[str]) -> tuple[float, str]:
    start = time.perf_counter()
    done = subprocess.run(cmd, capture_output=True, text=True, env={**os.environ, "DOSSIER_LANG": "en"})
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        sys.exit(f"{' '.join(cmd)} failed: {done.stderr.strip().splitlines()[-1:]}")
    return elapsed, done.stdout


def line(name: str, counts: dict[str, int | float]) -> str:
    return (
        f"  {name:<30} {counts['executable']:>4}/{counts['cards']:<4} executable ({counts['executable_percent']:>5}%)"
        f"  {counts['partial']:>4} partial  {counts['printed_only']:>4} printed only"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pool", type=Path, default=os.environ.get("DOSSIER_NRDB"))
    parser.add_argument("--json", action="store_true", help="print the coverage report as JSON")
    args = parser.parse_args()
    if args.pool is None or not Path(args.pool).is_dir():
        print("bench/netrunner_cards.py: no NetrunnerDB checkout given (--pool DIR or $DOSSIER_NRDB); skipped")
        return
    dossier = [sys.executable, "-m", "toolkit.cli"]
    with tempfile.TemporaryDirectory() as tmp:
        into = Path(tmp) / "pool"
        floor, files = timed([sys.executable, "-c", FLOOR, str(args.pool)])
        took, _ = timed([*dossier, "import", "netrunnerdb", str(args.pool), "--into", str(into)])
        _, out = timed([*dossier, "text", "coverage", "--game", "netrunner", "--cards", str(into), "--format", "json"])
        report = json.loads(out)
        startup = json.loads((into / "modes" / "startup.json").read_text(encoding="utf-8"))
    if args.json:
        print(json.dumps(report, indent=1))
        return
    print(f"import and reading of {args.pool}: {took:.2f} s (target: under 5 s)")
    print(f"  floor, parsing its {files.strip()} JSON files and nothing else: {floor:.2f} s ({took / floor:.1f}x)")
    print("per cycle (each card under its first printing):")
    for name, counts in report["per_cycle"].items():
        print(line(name or "-", counts))
    print("per set, reprints included:")
    for name, counts in report["per_set_printed"].items():
        print(line(name, counts))
    pool = set(startup.get("sets", []))
    cards = [c for c in report["cards"] if pool & set(c["printed_in"])]
    done = [c for c in cards if c["status"] == "executable"]
    print(f"Startup ({startup.get('pool_name', '')}): {len(done)}/{len(cards)} executable")
    print(line("total", report["totals"]))


if __name__ == "__main__":
    main()
