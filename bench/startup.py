"""Benchmark: command start-up against the floor of importing the CLI library.

Each command is run as a fresh process, as a user runs it, ``--runs`` times
(default 15), alternating with the baseline so load on the machine hits both
alike; the median wall time is reported.

  baseline  ``python -c "import typer"``: what any typer command line pays
            before it does anything (interpreter start + the CLI library);
  dossier   ``dossier --help``, ``dossier deck --help``, ``dossier search X``
            on a database of the bundled cards, ``dossier show ID``,
            ``dossier lint`` of one card file and ``dossier deck validate`` of
            one deck.

Targets (issue 13): ``dossier --help`` under 0.15 s and ``dossier search``
under 0.3 s on the 2-core machine; both are printed with the ratio to the
baseline. The modules each command imports are listed with ``--imports`` (from
``python -X importtime``), largest first. Run: ``python bench/startup.py``.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
DOSSIER = str(BIN / "dossier")
TARGETS = {"--help": 0.15, "search": 0.30}


def timed(command: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    done = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env, cwd=ROOT)
    elapsed = time.perf_counter() - start
    if done.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(command)}: exit {done.returncode}: {done.stderr.decode()[-300:]}")
    return elapsed


def heaviest_imports(command: list[str], env: dict[str, str], top: int = 8) -> list[tuple[int, str]]:
    """The top-level imports with the largest cumulative time (microseconds)."""
    done = subprocess.run(
        [sys.executable, "-X", "importtime", *command], capture_output=True, text=True, env=env, cwd=ROOT
    )
    rows = []
    for line in done.stderr.splitlines():
        if not line.startswith("import time:") or "|" not in line:
            continue
        _, cumulative, name = line.split("|")
        if not cumulative.strip().isdigit():  # the header line: "cumulative | imported package"
            continue
        if not name.startswith("  "):  # top level: one space after the bar
            rows.append((int(cumulative), name.strip()))
    return sorted(rows, reverse=True)[:top]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--imports", action="store_true", help="List each command's heaviest imports.")
    args = parser.parse_args()

    env = {k: v for k, v in os.environ.items() if k != "DOSSIER_CARDS"}
    with tempfile.TemporaryDirectory() as tmp:
        env["XDG_CONFIG_HOME"] = env["XDG_CACHE_HOME"] = tmp
        db = str(Path(tmp) / "dossier.db")
        subprocess.run([DOSSIER, "db", "build", "--db", db], check=True, stdout=subprocess.DEVNULL, env=env, cwd=ROOT)
        commands = {
            "--help": [DOSSIER, "--help"],
            "deck --help": [DOSSIER, "deck", "--help"],
            "search": [DOSSIER, "search", "t:装备 攻速>=2", "--db", db],
            "show": [DOSSIER, "show", "hideout", "--db", db],
            "lint (1 file)": [DOSSIER, "lint", "cards/tactics/maps/hideout.json"],
            "deck validate (1 deck)": [DOSSIER, "deck", "validate", "examples/decks/tactics/duo.json"],
        }
        baseline_cmd = [sys.executable, "-c", "import typer"]
        for command in commands.values():  # warm the page cache and .pyc files
            timed(command, env)
        base: list[float] = []
        runs: dict[str, list[float]] = {name: [] for name in commands}
        for _ in range(args.runs):
            for name, command in commands.items():
                base.append(timed(baseline_cmd, env))
                runs[name].append(timed(command, env))
        floor = statistics.median(base)
        print(f"start-up, median of {args.runs} runs each (load average {os.getloadavg()[0]:.2f})")
        label = 'baseline: python -c "import typer"'
        print(f"  {label:<34} {floor * 1000:7.0f} ms")
        failed = []
        for name, times in runs.items():
            median = statistics.median(times)
            line = f"  dossier {name:<26} {median * 1000:7.0f} ms  {median / floor:5.2f}× the baseline"
            if name in TARGETS:
                met = median < TARGETS[name]
                line += f"  target < {TARGETS[name] * 1000:.0f} ms: {'met' if met else 'NOT met'}"
                if not met:
                    failed.append(name)
            print(line)
            if args.imports:
                for micros, module in heaviest_imports(commands[name], env):
                    print(f"      {micros / 1000:7.1f} ms  {module}")
        if failed:
            print(f"targets not met: {', '.join(failed)}")


if __name__ == "__main__":
    main()
