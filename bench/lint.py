"""Benchmark: `dossier lint` against fair peers on the same files, at several scales.

Generates corpora of N record files (bench/corpus.py: the bundled data of the
three games plus clones with unique ids, names and symbols and distinct ability
texts) at 1,000 and 10,000 files (100,000 with ``--full``), and a "pool-like"
set shaped like the NetrunnerDB pool (one game, about 2,100 files). On each, in
the same run and each in a child process of its own, it times

  floor           read + orjson.loads of every file: no checking at all
                  (orjson, the fastest JSON reader on PyPI and the one
                  Dossier's lint reads canonical files with, so no peer is
                  slowed by a slower parser than ours);
  fastjsonschema  read + orjson.loads + a compiled validator per schema (the
                  record's "$schema", compiled once), every file validated;
  ajv             the same in one node process: ajv 8 (draft 2020-12, strict,
                  allErrors; pydantic's "discriminator" is an annotation),
                  installed by this benchmark into a cache directory with npm on
                  first use ($DOSSIER_BENCH_CACHE, default ~/.cache/dossier-bench);
                  skipped, with the reason, without node or npm;
  jsonschema      the old baseline, plain jsonschema validators (an extra column);
  dossier         the full lint of the directory, as `dossier lint DIR` runs it
                  the first time (each file's findings kept in an empty cache):
                  the walk, everything the schema checks plus the record model,
                  ids, names, symbols, references, $schema, canonical format,
                  every ability text parsed and rendered back, the print font's
                  coverage, and line and column for every finding; and, for
                  reference, the same lint without parsing and rendering the
                  ability texts (what the rest of it costs);
  dossier again   the same lint run a second time on the files unchanged,
                  each file's own findings taken from what the first run kept
                  (validators/lint_cache.py; a cache of its own per child, the
                  first run not timed): what a user re-linting a tree gets.
                  As the command does, each ends while a process of its own
                  writes what it keeps (the time is until the lint returns; the
                  writer is waited for after it, untimed, and its CPU counted).
                  The targets are measured on the first run, never this one.

Each row shows the best wall time of ``--repeat`` runs, the tools taking turns
round after round (on a shared virtual machine whose speed drifts over minutes,
each tool meets the same drift) (the work, after the tool's imports; compiling the schemas counts and is shown on its own too), the
CPU time of that run, its peak resident memory (VmHWM of the child where /proc
has it, else its ru_maxrss), how many errors it reported (every tool must
report none), and the ratio "peer time / dossier time" (> 1: Dossier is
faster). The targets of issue 13 are checked at the end: faster than
fastjsonschema on the generated corpora, within 1.5x of ajv on a pool; and those
of issue 27 (part 3) at 100,000 files: faster than fastjsonschema, within 1.5x
of ajv, at most 300 MiB of peak memory.
``--pool DIR`` adds a run over an existing record directory (a local
`dossier import netrunnerdb` of the real pool: that data is not shipped).

Run: `python bench/lint.py [--full | --files N] [--pool DIR] [--repeat R]`.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
BENCH = Path(__file__).resolve()

NODE_PACKAGES = ("ajv@8", "ajv-formats@3")
AJV_SCRIPT = r"""
const fs = require("fs"), path = require("path");
const [modules, list] = process.argv.slice(2);
const Ajv2020 = require(path.join(modules, "ajv/dist/2020")).default;
const addFormats = require(path.join(modules, "ajv-formats"));
const start = process.hrtime.bigint(), cpu = process.cpuUsage();
// allowMatchingProperties: a name's "en" is both a property and a language tag of its patternProperties (by design)
const ajv = new Ajv2020({strict: true, allErrors: true, allowMatchingProperties: true});
ajv.addKeyword("discriminator");  // pydantic writes it beside oneOf; ajv's own needs a form pydantic does not use
addFormats(ajv);
const validators = new Map();
let errors = 0, files = 0, compiling = 0n;
for (const file of fs.readFileSync(list, "utf8").split("\n")) {
  if (!file) continue;
  const data = JSON.parse(fs.readFileSync(file, "utf8"));
  const ref = path.resolve(path.dirname(file), data["$schema"]);
  let validate = validators.get(ref);
  if (!validate) {
    const before = process.hrtime.bigint();
    validate = ajv.compile(JSON.parse(fs.readFileSync(ref, "utf8")));
    compiling += process.hrtime.bigint() - before;
    validators.set(ref, validate);
  }
  if (!validate(data)) errors += validate.errors.length;
  files += 1;
}
const used = process.cpuUsage(cpu);
let rss_kib = null;  // VmHWM: the peak of this process alone (ru_maxrss counts the parent's size at fork)
try { rss_kib = Number(/VmHWM:\s+(\d+)/.exec(fs.readFileSync("/proc/self/status", "utf8"))[1]); } catch (e) {}
console.log(JSON.stringify({seconds: Number(process.hrtime.bigint() - start) / 1e9,
                            cpu: (used.user + used.system) / 1e6, errors, files,
                            compile: Number(compiling) / 1e9, rss_kib}));
"""


# --------------------------------------------------------------------------
# the measurements, each run in a child process (`--child TOOL`)


COMPILING = [0.0]  # seconds a child spent compiling schemas


def _schema_of(path: str, data: dict, cache: dict, compile_schema: Any) -> Any:
    ref = os.path.normpath(os.path.join(os.path.dirname(path), data["$schema"]))
    validator = cache.get(ref)
    if validator is None:
        start = time.perf_counter()
        with open(ref, encoding="utf-8") as f:
            validator = cache[ref] = compile_schema(json.loads(f.read()))
        COMPILING[0] += time.perf_counter() - start
    return validator


def run_floor(files: list[str]) -> int:
    import orjson

    for path in files:
        with open(path, "rb") as f:
            orjson.loads(f.read())
    return 0


def run_fastjsonschema(files: list[str]) -> int:
    import fastjsonschema
    import orjson

    def compile_schema(schema: dict) -> object:
        # use_default=False: with defaults on, fastjsonschema writes a oneOf branch's defaults into the data while
        # it tries that branch, and the branch that fits then fails on the extra keys (its additionalProperties)
        return fastjsonschema.compile(schema, use_default=False)

    cache: dict = {}
    errors = 0
    for path in files:
        with open(path, "rb") as f:
            data = orjson.loads(f.read())
        validate = _schema_of(path, data, cache, compile_schema)
        try:
            validate(data)
        except fastjsonschema.JsonSchemaException:
            errors += 1  # it stops at a file's first error
    return errors


def run_jsonschema(files: list[str]) -> int:
    import jsonschema

    cache: dict = {}
    errors = 0
    for path in files:
        with open(path, encoding="utf-8") as f:
            data = json.loads(f.read())
        validator = _schema_of(path, data, cache, jsonschema.Draft202012Validator)
        errors += sum(1 for _ in validator.iter_errors(data))
    return errors


def run_dossier(root: Path, texts: bool = True, cache: Path | None = None, wait: bool = True) -> int:
    from toolkit.catalog import discover
    from toolkit.gcpause import gc_paused
    from validators.lint import available_jobs, lint_files

    if not texts:  # the reference row: everything but parsing and rendering the ability texts (each text clean)
        from validators import text_lint

        text_lint.verdict = lambda text: None
        text_lint.forms_of = lambda game, text: ()
        text_lint.parse_ahead = lambda texts: None

    problems: list = []  # as `dossier lint ROOT` does it
    with gc_paused(freeze=True):
        targets = discover([root], problems)
        result = lint_files(
            targets, [] if problems else [root], jobs=available_jobs() if texts else 1, cache=cache is not None,
            cache_dir=cache, wait=wait,
        )  # fmt: skip
    return result.errors + len(problems)


def child(tool: str, root: Path, listing: Path) -> None:
    """Import the tool, then time its work; print one JSON line."""
    files = listing.read_text(encoding="utf-8").splitlines()
    if tool in ("floor", "fastjsonschema"):
        import orjson  # noqa: F401
    if tool == "fastjsonschema":
        import fastjsonschema  # noqa: F401
    elif tool == "jsonschema":
        import jsonschema  # noqa: F401
    elif tool.startswith("dossier"):
        import validators.lint  # noqa: F401
    kept = None
    if tool in ("dossier", "dossier-again"):  # as `dossier lint DIR` runs: keeping each file's findings (a cache
        kept = Path(tempfile.mkdtemp(prefix="dossier-bench-lint-cache-"))  # of its own, empty for a first run)
        if tool == "dossier-again":  # the first run, not timed, in a process of its own (its peak memory its own)
            first = os.fork()
            if first == 0:
                try:
                    run_dossier(root, cache=kept)
                finally:
                    os._exit(0)
            os.waitpid(first, 0)
    start, cpu = time.perf_counter(), cpu_seconds()
    if tool == "floor":
        errors = run_floor(files)
    elif tool == "fastjsonschema":
        errors = run_fastjsonschema(files)
    elif tool == "jsonschema":
        errors = run_jsonschema(files)
    elif tool in ("dossier", "dossier-again"):
        errors = run_dossier(root, cache=kept, wait=False)  # (the command ends while its cache is written)
    else:
        errors = run_dossier(root, texts=False)
    seconds = time.perf_counter() - start
    if kept is not None:  # the cache's writer waited for, not timed (the next tool meets an idle machine), its
        from validators.lint_cache import wait_for_writers  # CPU time counted

        wait_for_writers()
    cpu = cpu_seconds() - cpu
    if kept is not None:
        shutil.rmtree(kept, ignore_errors=True)
    report = {"seconds": seconds, "cpu": cpu, "errors": errors, "files": len(files), "compile": COMPILING[0]}
    print(json.dumps({**report, "rss_kib": peak_rss_kib()}))


def cpu_seconds() -> float:
    """CPU time of this process and of its finished children (dossier's text workers count too)."""
    import resource

    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + children.ru_utime + children.ru_stime


def peak_rss_kib() -> int | None:
    """This process's peak resident memory (VmHWM), or None without /proc. Not ru_maxrss: on Linux a child's
    starts at its parent's size when it forked (the benchmark's own, with a 100k-file corpus listed)."""
    try:
        with open("/proc/self/status", encoding="ascii") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return None


# --------------------------------------------------------------------------
# the parent: corpora, children, the table


@dataclass
class Measure:
    seconds: float
    cpu: float
    rss_mib: float
    errors: int
    compile: float


class ChildFailed(Exception):
    """A measured child exited non-zero (the message ends with its stderr)."""


def measure(command: list[str], repeat: int) -> Measure:
    """The best of ``repeat`` runs of a child that prints {"seconds", "cpu", "errors", ...} as its last line."""
    best: Measure | None = None
    for _ in range(repeat):
        with tempfile.TemporaryFile("w+") as out, tempfile.TemporaryFile("w+") as err:
            proc = subprocess.Popen(command, stdout=out, stderr=err, text=True)
            _, status, usage = os.wait4(proc.pid, 0)  # the child's own rusage (ru_maxrss if /proc is missing)
            proc.returncode = os.waitstatus_to_exitcode(status)
            out.seek(0)
            err.seek(0)
            if proc.returncode != 0:
                raise ChildFailed(f"{' '.join(command)} failed ({proc.returncode}):\n{err.read()[-2000:]}")
            data = json.loads(out.read().strip().splitlines()[-1])
        rss_kib = data.get("rss_kib") or usage.ru_maxrss
        run = Measure(data["seconds"], data["cpu"], rss_kib / 1024, data["errors"], data["compile"])
        if best is None or run.seconds < best.seconds:
            best = run
    assert best is not None
    return best


def cache_dir() -> Path:
    configured = os.environ.get("DOSSIER_BENCH_CACHE")
    return Path(configured) if configured else Path.home() / ".cache" / "dossier-bench"


def setup_ajv() -> tuple[list[str] | None, str]:
    """The command prefix that runs the ajv script (install ajv on first use), or None and why not."""
    node, npm = shutil.which("node"), shutil.which("npm")
    if node is None or npm is None:
        return None, f"skipped: {'node' if node is None else 'npm'} is not on PATH"
    prefix = cache_dir() / "node"
    modules = prefix / "node_modules"
    if not (modules / "ajv" / "package.json").is_file() or not (modules / "ajv-formats" / "package.json").is_file():
        prefix.mkdir(parents=True, exist_ok=True)
        print(f"installing {' '.join(NODE_PACKAGES)} into {prefix} (npm) ...", flush=True)
        try:
            done = subprocess.run(
                [npm, "install", "--prefix", str(prefix), "--no-audit", "--no-fund", "--silent", *NODE_PACKAGES],
                capture_output=True,
                text=True,
                timeout=600,
            )
        except (OSError, subprocess.TimeoutExpired) as exc:
            return None, f"skipped: npm install failed ({exc})"
        if done.returncode != 0:
            return None, f"skipped: npm install failed: {(done.stderr or done.stdout).strip()[-300:]}"
    script = prefix / "validate.js"
    if not script.is_file() or script.read_text(encoding="utf-8") != AJV_SCRIPT:
        script.write_text(AJV_SCRIPT, encoding="utf-8")
    version = json.loads((modules / "ajv" / "package.json").read_text(encoding="utf-8"))["version"]
    return [node, str(script), str(modules)], f"ajv {version}"


def record_files(root: Path) -> list[Path]:
    """The record files under ``root`` as `dossier lint` finds them (the peers validate the same list)."""
    from toolkit.catalog import discover

    return discover([root])


def run_set(
    label: str,
    root: Path,
    files: list[Path],
    args: argparse.Namespace,
    ajv: list[str] | None,
    ajv_note: str,
    repeat: int,
) -> dict[str, Measure | str]:
    rows: dict[str, Measure | str] = {}
    with tempfile.TemporaryDirectory() as tmp:
        listing = Path(tmp) / "files.txt"
        listing.write_text("".join(f"{p}\n" for p in files), encoding="utf-8")
        me = [sys.executable, str(BENCH), "--child"]
        commands = {tool: [*me, tool, str(root), str(listing)] for tool in ("floor", "fastjsonschema")}
        if ajv:
            commands["ajv"] = [*ajv, str(listing)]
        commands["dossier"] = [*me, "dossier", str(root), str(listing)]
        if args.reference:
            commands["dossier-notext"] = [*me, "dossier-notext", str(root), str(listing)]
        if args.again:
            commands["dossier-again"] = [*me, "dossier-again", str(root), str(listing)]
        # the tools take turns, round after round (the best round of each is kept): a machine whose speed
        # drifts over the run (a shared virtual machine) slows each tool alike, not the one measured last
        best: dict[str, Measure | str] = {}
        for _ in range(repeat):
            for tool, command in commands.items():
                if isinstance(best.get(tool), str):
                    continue
                try:
                    run = measure(command, 1)
                except ChildFailed as exc:
                    if tool != "ajv":
                        raise
                    best[tool] = f"skipped: {str(exc).splitlines()[-1][:200]}"
                    continue
                kept = best.get(tool)
                if not isinstance(kept, Measure) or run.seconds < kept.seconds:
                    best[tool] = run
        rows["floor"], rows["fastjsonschema"] = best["floor"], best["fastjsonschema"]
        rows["ajv"] = best.get("ajv", ajv_note)
        if args.jsonschema:
            rows["jsonschema"] = measure([*me, "jsonschema", str(root), str(listing)], 1)
        rows["dossier"] = best["dossier"]
        if args.reference:
            rows["dossier-notext"] = best["dossier-notext"]
        if args.again:
            rows["dossier-again"] = best["dossier-again"]
    print_table(label, rows, ajv_note)
    return rows


NAMES = {
    "floor": "read + orjson.loads (floor)",
    "fastjsonschema": "fastjsonschema (compiled)",
    "ajv": "ajv (node, strict, allErrors)",
    "jsonschema": "jsonschema (plain, old baseline)",
    "dossier": "dossier lint",
    "dossier-notext": "  reference: no ability texts",
    "dossier-again": "  again, files unchanged (cache)",
}


def print_table(label: str, rows: dict[str, Measure | str], ajv_note: str) -> None:
    print(f"\n{label}")
    print(f"  {'':34} {'time':>8} {'compile':>8} {'cpu':>8} {'peak RSS':>10} {'errors':>7}  dossier vs it")
    ours = rows["dossier"]
    assert isinstance(ours, Measure)
    for key, row in rows.items():
        name = NAMES[key]
        if isinstance(row, str):
            print(f"  {name:34} {row}")
            continue
        ratio = "" if key == "dossier" else f"{row.seconds / ours.seconds:5.2f}x"
        fast = rows.get("fastjsonschema")
        if key == "dossier-notext" and isinstance(fast, Measure):
            ratio = f"(fastjsonschema time / this: {fast.seconds / row.seconds:.2f}x)"
        ajv = rows.get("ajv")
        if key == "dossier-again":
            ratio = f"(this / ajv's time: {row.seconds / ajv.seconds:.2f}x)" if isinstance(ajv, Measure) else ""
        compiling = f"{row.compile:7.2f}s" if row.compile else ""
        print(
            f"  {name:34} {row.seconds:7.2f}s {compiling:>8} {row.cpu:7.2f}s {row.rss_mib:6.0f} MiB {row.errors:7d}  {ratio}"
        )


SCALE_FILES = 100_000  # issue 27, part 3: at this many files, the ajv and memory targets too
SCALE_RSS_MIB = 300


def verdicts(results: list[tuple[str, dict[str, Measure | str]]]) -> list[str]:
    """The issues' targets: faster than fastjsonschema on the generated corpora; within 1.5x of ajv on a pool;
    and on a corpus of 100,000 files or more, within 1.5x of ajv and at most 300 MiB of peak memory too."""
    lines = []
    for label, rows in results:
        ours = rows["dossier"]
        assert isinstance(ours, Measure)
        fast = rows["fastjsonschema"]
        assert isinstance(fast, Measure)
        counted = re.search(r"of ([\d,]+) files", label)
        at_scale = label.startswith("corpus") and counted is not None and int(counted[1].replace(",", "")) >= SCALE_FILES
        if label.startswith("corpus"):
            ok = ours.seconds < fast.seconds
            lines.append(
                f"{label}: dossier {fast.seconds / ours.seconds:.2f}x fastjsonschema's speed "
                f"(target > 1): {'met' if ok else 'NOT met'}"
            )
        ajv = rows.get("ajv")
        if isinstance(ajv, Measure) and (at_scale or not label.startswith("corpus")):
            ok = ours.seconds <= 1.5 * ajv.seconds
            lines.append(
                f"{label}: dossier takes {ours.seconds / ajv.seconds:.2f}x ajv's time "
                f"(target <= 1.5): {'met' if ok else 'NOT met'}"
            )
        again = rows.get("dossier-again")
        if isinstance(ajv, Measure) and isinstance(again, Measure) and at_scale:
            lines.append(
                f"{label}: a second run, the files unchanged, takes {again.seconds / ajv.seconds:.2f}x ajv's time "
                f"(each file's own findings from the cache of the first; not the target, which is a first run)"
            )
        if at_scale:
            ok = ours.rss_mib <= SCALE_RSS_MIB
            lines.append(
                f"{label}: dossier's peak memory {ours.rss_mib:.0f} MiB "
                f"(target <= {SCALE_RSS_MIB} MiB): {'met' if ok else 'NOT met'}"
            )
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--files", type=int, action="append", help="Corpus size (repeatable); default 1000 and 10000.")
    parser.add_argument("--full", action="store_true", help="Also 100,000 files.")
    parser.add_argument(
        "--pool", type=Path, action="append", default=[], help="Also lint an existing record directory."
    )
    parser.add_argument("--pool-like", type=int, default=2100, help="Files of the pool-like set (0: none).")
    parser.add_argument("--repeat", type=int, default=3, help="Best of N runs (1 at 100,000 files and more).")
    parser.add_argument("--no-jsonschema", dest="jsonschema", action="store_false", help="Skip the old baseline.")
    parser.add_argument(
        "--no-reference",
        dest="reference",
        action="store_false",
        help="Skip the reference row: dossier lint without parsing the ability texts.",
    )
    parser.add_argument(
        "--no-again",
        dest="again",
        action="store_false",
        help="Skip the row of a second lint of the same files, unchanged (each file's findings from the cache).",
    )
    parser.add_argument("--child", nargs=3, metavar=("TOOL", "ROOT", "LIST"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        tool, root, listing = args.child
        child(tool, Path(root), Path(listing))
        return

    from corpus import clone_corpus  # bench/corpus.py

    sizes = args.files or [1_000, 10_000]
    if args.full and 100_000 not in sizes:
        sizes.append(100_000)
    load = os.getloadavg()
    print(f"{os.cpu_count()} CPUs, load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} at the start")
    ajv, ajv_note = setup_ajv()
    print(f"ajv: {ajv_note}")
    results: list[tuple[str, dict[str, Measure | str]]] = []
    for size in sizes:
        with tempfile.TemporaryDirectory() as tmp:
            start = time.perf_counter()
            files = clone_corpus(Path(tmp), size)
            made = time.perf_counter() - start
            label = f"corpus of {len(files):,} files (3 games; generated in {made:.0f} s)"
            repeat = 1 if size >= 100_000 else args.repeat
            results.append((label, run_set(label, Path(tmp) / "cards", files, args, ajv, ajv_note, repeat)))
    if args.pool_like:
        with tempfile.TemporaryDirectory() as tmp:
            files = clone_corpus(Path(tmp), args.pool_like, games=["netrunner"])
            label = f"pool-like set of {len(files):,} files (netrunner only, shaped like the NetrunnerDB pool)"
            results.append((label, run_set(label, Path(tmp) / "cards", files, args, ajv, ajv_note, args.repeat)))
    for pool in args.pool:
        files = record_files(pool)
        label = f"pool {pool} ({len(files):,} files)"
        results.append((label, run_set(label, pool, files, args, ajv, ajv_note, args.repeat)))
    print()
    for line in verdicts(results):
        print(line)
    load = os.getloadavg()
    print(f"load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} at the end")
    unclean = [
        f"{label}: {key} reported {row.errors} errors"
        for label, rows in results
        if not label.startswith("pool ")
        for key, row in rows.items()
        if isinstance(row, Measure) and row.errors
    ]
    if unclean:  # a generated set must lint (and validate) clean, or the benchmark measures error paths
        sys.exit("the generated sets should be clean:\n" + "\n".join(unclean))


if __name__ == "__main__":
    try:
        main()
    except ChildFailed as exc:
        sys.exit(str(exc))
