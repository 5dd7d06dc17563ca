"""What `dossier lint` of a large tree does after the files' own checks, and the cheaper ways it finds the same things
(issue 27, part 3): the cache's writer starts once the checks across records are done, and keeps each file's own
findings; the walk, the canonical reader's scan for floats and the records' summaries give what they gave."""

from __future__ import annotations

import json
import os
import random
import re
from pathlib import Path
from typing import Any

import pytest

import validators.lint
import validators.lint_cache
from toolkit.catalog import WalkProblem, discover
from toolkit.jsonio import _floats_or_digits_past, read_canonical
from validators.lint import _summary, _summary_class, lint_files

from .test_lint_jobs import pool  # noqa: F401 - the fixture: the bundled cards with text findings planted


def _same_name(root: Path) -> Path:
    """Give a tactics card another card's name (a finding of the checks across records), in a layout not the
    canonical one (a finding of its own)."""
    first, second = sorted((root / "tactics" / "cards").glob("*.json"))[1:3]
    data = json.loads(second.read_text(encoding="utf-8"))
    data["name"] = json.loads(first.read_text(encoding="utf-8"))["name"]
    second.write_text(json.dumps(data, ensure_ascii=False, indent=4, sort_keys=True) + "\n", encoding="utf-8")
    return second


@pytest.mark.usefixtures("forking")
def test_the_cache_writer_starts_once_the_checks_across_records_are_done(
    pool: Path,  # noqa: F811
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A writer forked before the checks across records shares the pages they touch (each copied on the first
    write) and takes the second core from them: it starts after them, and keeps the files' own findings only."""
    twice = _same_name(pool)
    order: list[str] = []
    real_names, real_save = validators.lint._check_names, validators.lint_cache.LintCache.save

    def names(entries: Any) -> None:
        order.append("names")
        real_names(entries)

    def save(self: Any, *args: Any, **kwargs: Any) -> Any:
        order.append("save")
        return real_save(self, *args, **kwargs)

    monkeypatch.setattr(validators.lint, "_check_names", names)
    monkeypatch.setattr(validators.lint_cache.LintCache, "save", save)
    cache = tmp_path / "cache"
    first = lint_files(discover([pool]), [pool], cache=True, cache_dir=cache).findings
    assert order and order[-1] == "save" and "names" in order  # (save: after the last check of names)
    said = {f.code for f in first if f.file == str(twice)}
    assert {"card.format", "card.name.duplicate"} <= said
    [kept] = cache.iterdir()
    body = kept.read_bytes().split(b"\n", 2)[2]
    found = validators.lint_cache.decode(body)[str(twice)]
    assert found[3] is not None
    assert [f.code for f in found[3]] == ["card.format"]  # (its own finding; the duplicate name is told every run)
    again = lint_files(discover([pool]), [pool], cache=True, cache_dir=cache).findings
    assert [f.format() for f in again] == [f.format() for f in first]


def test_the_scan_for_floats_and_long_integers_is_the_pattern_it_replaces() -> None:
    """A digit before a point or an exponent, or more than ``max_digits`` digits in a row (in a string too): the
    canonical reader then leaves the text to the slower path (orjson and Python write some floats differently)."""
    rng = random.Random(27)
    alphabet = b'0123456789.eEx -"\xe4\xb8'
    for max_digits in (0, 1, 2, 5, 18, 20):
        pattern = re.compile(b"[0-9](?:[.eE]|[0-9]{%d})" % max_digits)
        for _ in range(3000):
            raw = bytes(rng.choice(alphabet) for _ in range(rng.randrange(0, 30)))
            assert _floats_or_digits_past(raw, max_digits) == (pattern.search(raw) is not None), (raw, max_digits)
    for byte in range(256):  # (only ASCII digits are digits; only ".", "e" and "E" follow one into a float)
        raw = bytes([ord("7"), byte])
        assert _floats_or_digits_past(raw, 18) == (byte in b".eE"), byte
    assert read_canonical('{\n  "a": 0.00001\n}\n') is None  # (orjson writes 1e-05 so; Python as 1e-05)
    assert read_canonical('{\n  "a": "v1.0"\n}\n') is None  # (in a string: the slower path, which takes it)
    assert read_canonical('{\n  "a": ' + "9" * 18 + "\n}\n", max_digits=18) == ({"a": int("9" * 18)},)
    assert read_canonical('{\n  "a": ' + "9" * 19 + "\n}\n", max_digits=18) is None


def test_the_walk_gives_the_files_in_the_order_of_their_parts(tmp_path: Path) -> None:
    """Files and directories side by side, names that sort around the separator, hidden entries, a link to a file
    and a FIFO: the files in Path order (part by part), each problem in the order the walk meets it."""
    root = tmp_path / "tree"
    for name in ("a.json", "a-b.json", "a/x.json", "a/b/y.json", "a.b/z.json", "b.json", "b/a.json", "B.json",
                 ".hidden.json", "a/.h/x.json", "c/d/e/f.json", "c/d.json", "notes.txt", "c/d/readme.md"):  # fmt: skip
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("{}\n", encoding="utf-8")
    os.symlink(root / "b.json", root / "link.json")
    os.symlink(root / "missing.json", root / "c" / "dangling.json")
    if hasattr(os, "mkfifo"):
        os.mkfifo(root / "a" / "pipe.json")
    problems: list[WalkProblem] = []
    found = discover([root], problems)
    expected = sorted(
        (p for p in root.rglob("*.json") if p.is_file() and not p.is_symlink() or p.name == "link.json"),
        key=lambda p: p.parts,
    )
    expected = [p for p in expected if not any(part.startswith(".") for part in p.relative_to(root).parts)]
    assert found == expected
    assert [str(p) for p in found] == [str(p) for p in expected]  # (each path's text as the path would make it)
    assert [p.path.name for p in problems] == (["pipe.json"] if hasattr(os, "mkfifo") else []) + ["dangling.json"]


def test_a_summary_is_made_of_its_state() -> None:
    """A worker's result gives a record's summary as its state (game, kind, id, art, the kind's fields): the
    summary holds each; a state of another length is refused."""
    found = _summary_class("netrunner", "card")
    assert found is not None
    state = ("netrunner", "card", "sure_gamble_1", None, "event", "neutral_runner", ("double",), 0)
    summary = _summary(found, state)
    assert type(summary) is found[0]
    assert (summary.game, summary.kind, summary.id, summary.art) == state[:4]
    assert tuple(getattr(summary, name) for name in found[1]) == state[4:]
    with pytest.raises(ValueError):
        _summary(found, state[:-1])
    with pytest.raises(ValueError):
        _summary(found, (*state, "more"))
