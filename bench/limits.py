"""Benchmark: the largest inputs the commands accept (and just past them), against the floor of reading them.

Each case writes an input at (or past) a documented limit into a scratch folder and times the command on it as a
whole process (start-up included), beside the floor: a plain Python process that only parses the same file with
the standard library (``json.load`` or ``csv.reader``), which any tool must at least do. Printed per case: the
command's wall time, its peak memory (the process's max RSS), the floor's, the ratio and the command's exit
status (1: the input was refused or had findings, as it should past a limit).

  card file   a 64 MiB card record (the file size limit) of 2,000,000 ability texts: refused in one finding
              (at most 64 abilities a list), the texts past the limit never parsed
  map         a 1,000,000-row map (24 MB): refused ("at most 64 rows")
  sheet       a 10,000-row `import csv` sheet (the row limit) of valid skill cards, imported (--dry-run)
  deck        a 1,000-card deck list (the deck limit), validated

Run: `python bench/limits.py [--keep DIR]`.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOSSIER = [sys.executable, "-m", "toolkit.cli"]


def run(argv: list[str], cwd: Path) -> tuple[float, float, int]:
    """(seconds, peak MiB of this process alone, exit status)."""
    start = time.perf_counter()
    child = subprocess.Popen(argv, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                             env={**os.environ, "DOSSIER_LANG": "en"})  # fmt: skip
    assert child.stderr is not None
    err = child.stderr.read()
    _, status, usage = os.wait4(child.pid, 0)
    took = time.perf_counter() - start
    child.returncode = code = os.waitstatus_to_exitcode(status)
    if code not in (0, 1):
        raise SystemExit(f"bench/limits.py: {' '.join(argv)}: exit {code}: {err.decode()[-400:]}")
    return took, usage.ru_maxrss / 1024, code


def card_file(folder: Path) -> tuple[list[str], list[str]]:
    cards = folder / "big" / "tactics" / "cards"
    cards.mkdir(parents=True)
    record = json.loads((ROOT / "cards" / "tactics" / "cards" / "corridor_dash.json").read_text(encoding="utf-8"))
    record.update(id="big_card", text=["本单位移动 0-2。"] * 2_000_000)
    path = cards / "big_card.json"
    path.write_text(json.dumps(record, ensure_ascii=False, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    assert path.stat().st_size <= 64 * 2**20
    return [*DOSSIER, "lint", str(folder / "big")], _json_floor(path)


def big_map(folder: Path) -> tuple[list[str], list[str]]:
    maps = folder / "map" / "tactics" / "maps"
    maps.mkdir(parents=True)
    source = sorted((ROOT / "cards" / "tactics" / "maps").glob("*.json"))[0]
    record = json.loads(source.read_text(encoding="utf-8"))
    record.update(id="big_map", rows=[record["rows"][0]] * 1_000_000)
    path = maps / "big_map.json"
    path.write_text(json.dumps(record, ensure_ascii=False, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    return [*DOSSIER, "lint", str(folder / "map")], _json_floor(path)


def sheet(folder: Path) -> tuple[list[str], list[str]]:
    path = folder / "cards.csv"
    rows = ["id,name.zh-Hans,name.en,category,back,cost.mortgage,text"]
    rows += [f"bench_{n},试作{n},Trial {n},skill,personal,{n % 3},本单位移动 0-{1 + n % 3}。" for n in range(10_000)]
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    floor = [sys.executable, "-c", f"import csv; sum(1 for _ in csv.reader(open({str(path)!r}, encoding='utf-8')))"]
    return [*DOSSIER, "import", "csv", str(path), "--game", "tactics", "--into", str(folder / "out"), "--dry-run"], floor


def deck(folder: Path) -> tuple[list[str], list[str]]:
    path = folder / "deck.txt"
    names = [p.stem for p in sorted((ROOT / "cards" / "tactics" / "cards").glob("*.json"))]
    lines = ["# game: tactics", "# mode: duo", "1x jackdaw", "1x egret"]
    per = 1000 // len(names) + 1
    left = 1000
    for name in names:
        take = min(per, left, 99)
        if take:
            lines.append(f"{take}x {name}")
            left -= take
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    floor = [sys.executable, "-c", f"open({str(path)!r}, encoding='utf-8').read().splitlines()"]
    return [*DOSSIER, "deck", "validate", str(path)], floor


def _json_floor(path: Path) -> list[str]:
    return [sys.executable, "-c", f"import json; json.load(open({str(path)!r}, encoding='utf-8'))"]


CASES: list[tuple[str, Callable[[Path], tuple[list[str], list[str]]]]] = [
    ("card file 64 MiB", card_file),
    ("map 1,000,000 rows", big_map),
    ("sheet 10,000 rows", sheet),
    ("deck 1,000 cards", deck),
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keep", type=Path, help="write the inputs here (default: a temporary folder)")
    parser.add_argument("--make", type=Path, help=argparse.SUPPRESS)  # the child that writes the inputs
    args = parser.parse_args()
    if args.make is not None:  # in a process of its own: a child forked from a parent that held the inputs
        commands = {}  # would count the parent's memory in its peak
        for name, make in CASES:
            case = args.make / name.split()[0]
            case.mkdir()
            commands[name] = make(case)
        (args.make / "commands.json").write_text(json.dumps(commands), encoding="utf-8")
        return
    with tempfile.TemporaryDirectory(prefix="dossier-bench-limits-") as tmp:
        folder = args.keep or Path(tmp)
        folder.mkdir(parents=True, exist_ok=True)
        subprocess.run([sys.executable, __file__, "--make", str(folder)], check=True)
        commands = json.loads((folder / "commands.json").read_text(encoding="utf-8"))
        print(f"{'case':<20} {'dossier':>9} {'peak':>9} {'exit':>5}   {'floor':>8} {'peak':>9}   ratio")
        for name, _ in CASES:
            command, floor = commands[name]
            seconds, peak, status = run(command, ROOT)
            floor_seconds, floor_peak, _ = run(floor, ROOT)
            print(f"{name:<20} {seconds:8.2f}s {peak:7.0f}MiB {status:>5}   {floor_seconds:7.2f}s {floor_peak:7.0f}MiB"
                  f"   {seconds / floor_seconds:5.1f}x")  # fmt: skip


if __name__ == "__main__":
    main()
