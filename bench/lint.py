"""Benchmark: `dossier lint` against plain jsonschema validation of the same files.

Generates a corpus of N record files (default 10,000): the bundled data of the
three games plus renamed clones of their records, laid out like cards/. Then, in
the same run, it times

  baseline  read + json.loads + jsonschema validation of every file against its
            kind's schema (validators compiled once, as a careful user would);
  dossier   the full lint: everything the baseline checks plus the model,
            ids, names, references, $schema and canonical format, with line
            and column for any finding.

and prints both times and the ratio. Run: `python bench/lint.py [--files N]`.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

import jsonschema

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from corpus import clone_corpus  # noqa: E402  (bench/corpus.py)

from toolkit.catalog import context_sources, discover  # noqa: E402
from validators.lint import lint_sources  # noqa: E402


def baseline(paths: list[Path]) -> int:
    validators: dict[str, jsonschema.Draft202012Validator] = {}
    errors = 0
    for path in paths:
        data = json.loads(path.read_text(encoding="utf-8"))
        ref = (path.parent / data["$schema"]).resolve()
        key = str(ref)
        if key not in validators:
            validators[key] = jsonschema.Draft202012Validator(json.loads(ref.read_text(encoding="utf-8")))
        errors += sum(1 for _ in validators[key].iter_errors(data))
    return errors


def dossier(root: Path) -> int:
    sources, wanted = context_sources(discover([root]))
    result = lint_sources(sources, wanted)
    return result.errors


def timed(fn, *args):  # type: ignore[no-untyped-def]
    start = time.perf_counter()
    value = fn(*args)
    return time.perf_counter() - start, value


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=3, help="Best of N runs for each side.")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        paths = clone_corpus(Path(tmp), args.files)
        root = Path(tmp) / "cards"
        base = min(timed(baseline, paths) for _ in range(args.repeat))
        ours = min(timed(dossier, root) for _ in range(args.repeat))
        print(f"corpus      {len(paths)} record files")
        print(f"baseline    {base[0]:.2f} s  (plain jsonschema, {base[1]} errors)")
        print(f"dossier     {ours[0]:.2f} s  (dossier lint, {ours[1]} errors)")
        print(f"ratio       {base[0] / ours[0]:.2f}x  (baseline time / dossier time; > 1 means dossier is faster)")
        if base[1] or ours[1]:
            sys.exit("the generated corpus should be clean")


if __name__ == "__main__":
    main()
