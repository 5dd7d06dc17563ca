"""Lint of ability text: every text field of every record must parse and round-trip.

Findings (one per bad string, located at the string in the JSON file):

- ``card.text.parse`` (error): the text is not in the ability language; the
  message gives the column inside the text, what was expected, a hint for
  common mistakes, and the text with a caret under the problem.
- ``card.text.roundtrip`` (error): the text parses, but its canonical rendering
  does not parse back to the same AST (a bug in Dossier's renderer, reported so
  it never goes unnoticed).
- ``card.text.format`` (warning): the text is fine but not in canonical form;
  ``dossier text fmt`` rewrites it.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from toolkit.jsonio import pointer, read_source
from toolkit.meter import Meter, meter_or_silent
from toolkit.models import TEXT_FIELDS, iter_texts
from toolkit.text import AbilitySyntaxError, build_parser, parse_cached, render

if TYPE_CHECKING:
    from .lint import Entry


# A text's verdict, a pure function of the text (so a worker process can reach it and send it back):
# None (it renders as itself), ("parse", column, summary, context), ("unparsable", canonical, summary),
# ("differs", canonical) or ("format", canonical).
Verdict = tuple[Any, ...] | None


def verdict(text: str) -> Verdict:
    """The verdict on one ability text: does it parse, does its canonical rendering parse back the same."""
    try:
        ability = parse_cached(text)
    except AbilitySyntaxError as exc:
        return ("parse", exc.column, exc.summary(), exc.context)
    canonical = render(ability)
    if canonical == text:  # it parses back to the same AST (the one just cached): nothing to report
        return None
    try:
        again = parse_cached(canonical)
    except AbilitySyntaxError as exc:
        return ("unparsable", canonical, exc.summary())
    if again != ability:
        return ("differs", canonical)
    return ("format", canonical)


class TextVerdicts:
    """The verdicts of the texts checked so far, with those that worker processes reach for this one.

    ``lint`` of a large pool spends much of its time parsing ability texts, one at a time, which uses one
    core of the machine. :meth:`start_workers` forks up to ``jobs - 1`` processes (where ``fork`` exists)
    and hands them the target files in small chunks, in order: each worker reads its files and sends back
    the verdicts on their texts, while this process reads and checks every file. When it is done with the
    files, :meth:`take_back` takes back the chunks no worker has started yet and reaches their verdicts
    here, so that this process and the workers finish together whatever each file costs on this machine.
    A worker that fails costs nothing but time, and a file that changed meanwhile nothing at all: a text
    without a verdict is checked here. The findings are the same in the same order whatever ``jobs`` is
    (each is built here, from the verdict).
    """

    def __init__(self) -> None:
        self.known: dict[str, Verdict] = {}
        self._chunks: list[tuple[Any, list[str]]] = []  # (future, the files it checks, as file keys)
        self._delegated: set[str] = set()  # the file keys (absolute paths) of the files the workers check
        self._pool: Any = None

    def get(self, text: str, entry: Entry | None = None, wait: bool = True) -> Verdict:
        """The verdict on ``text`` (of ``entry``): known, else the workers' if the entry is theirs (with
        ``wait``: while the files are checked this process does not stop for them), else reached here."""
        if text in self.known:
            return self.known[text]
        if wait and self._chunks and entry is not None and entry.key in self._delegated:
            self.collect()
            if text in self.known:
                return self.known[text]
        found = self.known[text] = verdict(text)
        return found

    def start_workers(self, chunks: list[list[str]], workers: int) -> None:
        """Fork ``workers`` processes and queue ``chunks`` of files (their absolute paths) for them, in order."""
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor

        if not chunks or workers < 1 or "fork" not in multiprocessing.get_all_start_methods():
            return
        build_parser()  # once, here: every worker starts with it
        try:
            self._pool = ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("fork"))
            self._chunks = [(self._pool.submit(_share_verdicts, chunk), chunk) for chunk in chunks]
        except (OSError, RuntimeError):  # no processes to be had: this process checks every text
            self._chunks = []
            self.close()
            return
        self._delegated = {key for chunk in chunks for key in chunk}

    def take_back(self, entries: Iterable[Entry]) -> None:
        """Take back the chunks no worker has started, the last first, one at a time (the workers go on
        from the front meanwhile), and reach the verdicts on their ``entries``' texts here; then wait for
        the workers' chunks. Called when this process has nothing else to do, the records built."""
        by_key = {entry.key: entry for entry in entries if entry.target and entry.record is not None}
        while True:
            # (cancel() says True for a chunk cancelled before as well)
            chunk = next((c for f, c in reversed(self._chunks) if not f.cancelled() and f.cancel()), None)
            if chunk is None:
                break
            for key in chunk:
                self._delegated.discard(key)
                entry = by_key.get(key)
                if entry is not None:
                    for _, text in iter_texts(entry.record):  # type: ignore[arg-type]  # (records only)
                        self.get(text, entry)
        self.collect()

    def collect(self) -> None:
        """Wait for the workers and keep what they found (nothing from one that failed or was cancelled)."""
        chunks, self._chunks = self._chunks, []
        for future, _ in chunks:
            if future.cancelled():
                continue
            try:
                clean, flagged = future.result()
            except Exception:  # a worker that died or raised: its texts are checked here
                continue
            self.known.update(dict.fromkeys(clean))
            self.known.update(flagged)
        self._delegated = set()
        self.close()

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None


def _share_verdicts(paths: list[str]) -> tuple[list[str], dict[str, Verdict]]:
    """In a worker: read the files at ``paths`` and reach the verdicts on their texts (clean texts as a list).
    A file that cannot be read or parsed is skipped: its problems are the parent's to report."""
    import json
    from pathlib import Path

    clean: list[str] = []
    flagged: dict[str, Verdict] = {}
    seen: set[str] = set()
    for path in paths:
        source = read_source(Path(path))
        if source.text is None:
            continue
        try:
            data = json.loads(source.text)
        except (ValueError, RecursionError):
            continue
        for _, text in _raw_texts(data):
            if text in seen:
                continue
            seen.add(text)
            found = verdict(text)
            if found is None:
                clean.append(text)
            else:
                flagged[text] = found
    return clean, flagged


def _raw_texts(data: Any) -> list[tuple[tuple[str | int, ...], str]]:
    """The ability texts of a record as written in its JSON (any record, valid or not), with their paths."""
    found: list[tuple[tuple[str | int, ...], str]] = []
    if not isinstance(data, dict):
        return found
    for path in TEXT_FIELDS:
        node: Any = data
        for key in path:
            node = node.get(key) if isinstance(node, dict) else None
        if isinstance(node, list):
            found.extend(((*path, index), text) for index, text in enumerate(node) if isinstance(text, str))
    return found


def check_ability_texts(
    entries: Iterable[Entry], meter: Meter | None = None, verdicts: TextVerdicts | None = None
) -> None:
    """Add text findings to each entry (only entries that are lint targets keep them); ``meter`` advances
    once per entry; ``verdicts`` holds those already reached (by worker processes)."""
    count = meter_or_silent(meter)
    verdicts = verdicts or TextVerdicts()
    for entry in entries:
        count.advance()
        if not entry.target or entry.record is None:
            continue
        for path, text in iter_texts(entry.record):
            _check_text(entry, path, text, verdicts)


def _check_text(
    entry: Entry, path: tuple[str | int, ...], text: str, verdicts: TextVerdicts, wait: bool = True
) -> None:
    """The findings of one ability text (at ``path`` in the record)."""
    found = verdicts.get(text, entry, wait)
    if found is None:
        return
    ptr = pointer(*path)
    kind = found[0]
    if kind == "parse":
        _, column, summary, context = found
        context = "\n".join("    " + line for line in context.splitlines())
        entry.add("card.text.parse", f"{entry.label}: {ptr}: column {column} of the text: {summary}\n{context}", ptr)
    elif kind == "unparsable":
        _, canonical, summary = found
        entry.add(
            "card.text.roundtrip",
            f"{entry.label}: {ptr}: the canonical text {canonical!r} does not parse: {summary}",
            ptr,
        )
    elif kind == "differs":
        entry.add(
            "card.text.roundtrip",
            f"{entry.label}: {ptr}: {text!r} renders as {found[1]!r}, which parses differently",
            ptr,
        )
    else:
        entry.add(
            "card.text.format",
            f"{entry.label}: {ptr}: not canonical; `dossier text fmt` writes {found[1]!r}",
            ptr,
            "warning",
        )


def check_raw_ability_texts(entry: Entry, data: dict[str, Any], verdicts: TextVerdicts) -> None:
    """Ability text findings for a record the model rejected: its text fields, read from the JSON as written."""
    if not entry.target:
        return
    for path, text in _raw_texts(data):
        _check_text(entry, path, text, verdicts, wait=False)  # called while the files are checked
