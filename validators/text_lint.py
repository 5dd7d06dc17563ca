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
- ``text.form.unsupported`` (warning): the text uses a trigger timing or an effect, cost
  or condition that the engine of the record's game does not run
  (:mod:`toolkit.engine.forms`): a netrunner timing on a tactics card, an effect only
  crossfire runs, …; the card would do nothing there.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any

from toolkit.i18n import PSEUDO, current_lang, pseudo_active, tr
from toolkit.jsonio import pointer, read_source
from toolkit.meter import Meter, meter_or_silent
from toolkit.models import TEXT_FIELDS, iter_texts
from toolkit.models.common import MAX_ABILITIES
from toolkit.text import AbilitySyntaxError, build_parser, parse_cached, render

if TYPE_CHECKING:
    from .lint import Entry


# A text's verdict, a pure function of the text and the current language (so a worker process, which speaks
# the language of the process that started it, can reach it and send it back): None (it renders as itself),
# ("parse", column, summary, context), ("unparsable", canonical, summary), ("differs", canonical) or
# ("format", canonical); the summaries are in the current language.
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


LOCK_TIMEOUT = 5.0
"""Seconds a process waits for the lock on the shared chunk counter (held for a few instructions at a time)
before it gives up taking chunks: a worker killed while holding it leaves the rest to this process."""


class TextVerdicts:
    """The verdicts of the texts checked so far, with those that worker processes reach for this one.

    ``lint`` of a large pool spends much of its time parsing ability texts, one at a time, which uses one
    core of the machine. :meth:`start_workers` forks up to ``jobs - 1`` processes (where ``fork`` exists)
    and hands them the target files in small chunks: each worker takes the next chunk from the front,
    reads its files and reaches the verdicts on their texts, while this process reads and checks every
    file. When it is done with the files, :meth:`take_back` takes the chunks from the back, one at a time,
    until it meets the workers: this process and the workers finish within a chunk of each other, whatever
    each file costs on this machine. Each worker sends its verdicts once, when no chunk is left. A worker
    that fails costs nothing but time, and a file that changed meanwhile nothing at all: a text without a
    verdict is checked here. The findings are the same in the same order whatever ``jobs`` is (each is
    built here, from the verdict).
    """

    def __init__(self) -> None:
        self.known: dict[str, Verdict] = {}
        self._chunks: list[list[str]] = []  # the files of each chunk, as file keys (absolute paths)
        self._delegated: set[str] = set()  # the file keys of the chunks the workers may still check
        self._workers: list[tuple[Any, Any]] = []  # (process, the end of the pipe its verdicts come through)
        self._next: Any = None  # shared: the first chunk no one has taken, the end of those still free
        self._end: Any = None
        self._lock: Any = None

    def get(self, text: str, entry: Entry | None = None, wait: bool = True) -> Verdict:
        """The verdict on ``text`` (of ``entry``): known, else the workers' if the entry is theirs (with
        ``wait``: while the files are checked this process does not stop for them), else reached here."""
        if text in self.known:
            return self.known[text]
        if wait and self._workers and entry is not None and entry.key in self._delegated:
            self.collect()
            if text in self.known:
                return self.known[text]
        found = self.known[text] = verdict(text)
        return found

    def start_workers(self, chunks: list[list[str]], workers: int) -> None:
        """Fork ``workers`` processes and let them take ``chunks`` of files (absolute paths) from the front."""
        import multiprocessing

        if not chunks or workers < 1 or "fork" not in multiprocessing.get_all_start_methods():
            return
        build_parser()  # once, here: every worker starts with it
        context = multiprocessing.get_context("fork")
        self._chunks = chunks
        self._lock = context.Lock()
        self._next, self._end = context.RawValue("l", 0), context.RawValue("l", len(chunks))
        for _ in range(workers):
            try:
                receive, send = context.Pipe(duplex=False)
            except OSError:  # no more file descriptors: the workers started do the work
                break
            try:
                process = context.Process(
                    target=_worker,
                    args=(chunks, self._next, self._end, self._lock, send, _language()),
                    daemon=True,
                )
                process.start()
            except (OSError, AssertionError):  # no more processes (or a daemon process): those started do the work
                receive.close()
                send.close()
                break
            send.close()
            self._workers.append((process, receive))
        if self._workers:
            self._delegated = {key for chunk in chunks for key in chunk}

    def take_back(self, entries: Iterable[Entry]) -> None:
        """Take the chunks no worker has taken, the last first, one at a time (the workers go on from the
        front meanwhile), and reach the verdicts on their ``entries``' texts here; then wait for the
        workers' verdicts. Called when this process has nothing else to do, the records built."""
        by_key = {entry.key: entry for entry in entries if entry.target and entry.record is not None}
        while self._workers:
            index = self._take_last()
            if index is None:
                break
            for key in self._chunks[index]:
                self._delegated.discard(key)
                entry = by_key.get(key)
                if entry is not None:
                    for _, text in iter_texts(entry.record):  # type: ignore[arg-type]  # (records only)
                        self.get(text, entry)
        self.collect()

    def _take_last(self) -> int | None:
        # a worker holds the lock only to move a number; one that died holding it leaves the rest to this process
        if not self._lock.acquire(timeout=LOCK_TIMEOUT):
            return None
        try:
            if self._next.value >= self._end.value:
                return None
            self._end.value -= 1
            return int(self._end.value)
        finally:
            self._lock.release()

    def collect(self) -> None:
        """Wait for the workers and keep what they found (nothing from one that failed)."""
        from multiprocessing.connection import wait

        waiting: dict[Any, Any] = {receive: process for process, receive in self._workers}
        while waiting:
            ready: list[Any] = wait(list(waiting))
            for receive in ready:
                try:
                    clean, flagged = receive.recv()
                except (EOFError, OSError):  # the worker failed before it sent anything
                    pass
                else:
                    self.known.update(dict.fromkeys(clean))
                    self.known.update(flagged)
                receive.close()
                waiting.pop(receive).join()
        self._workers = []
        self._delegated = set()

    def close(self) -> None:
        """Stop the workers, if any are left (lint was interrupted)."""
        for process, receive in self._workers:
            process.terminate()
            process.join()
            receive.close()
        self._workers = []
        self._delegated = set()


def _language() -> str:
    """The current language as a tag :func:`toolkit.i18n.set_lang` takes back (the pseudo-locale included)."""
    return PSEUDO if pseudo_active() else current_lang()


def _worker(chunks: list[list[str]], next_chunk: Any, end: Any, lock: Any, send: Any, lang: str) -> None:
    """A worker process: take chunks from the front while any is left, reach the verdicts on their texts (their
    messages in ``lang``, the parent's language), and send them all at the end. One that fails sends nothing and
    says nothing: the parent checks its texts."""
    import signal

    from toolkit.i18n import set_lang

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # an interrupted lint is the parent's to stop
    set_lang(lang)
    clean: list[str] = []
    flagged: dict[str, Verdict] = {}
    seen: set[str] = set()
    try:
        # (a timeout, as in the parent: a process killed while it held the lock leaves the rest to the parent)
        while lock.acquire(timeout=LOCK_TIMEOUT):
            try:
                index = next_chunk.value
                if index >= end.value:
                    break
                next_chunk.value = index + 1
            finally:
                lock.release()
            _share_verdicts(chunks[index], seen, clean, flagged)
        send.send((clean, flagged))
    except Exception:  # noqa: S110 - nothing sent: the parent reaches these verdicts itself
        pass
    finally:
        send.close()


def _share_verdicts(paths: list[str], seen: set[str], clean: list[str], flagged: dict[str, Verdict]) -> None:
    """Read the files at ``paths`` and reach the verdicts on their texts not ``seen`` yet: clean texts go to
    ``clean``, the others to ``flagged``."""
    for text in _chunk_texts(paths):
        if text in seen:
            continue
        seen.add(text)
        found = verdict(text)
        if found is None:
            clean.append(text)
        else:
            flagged[text] = found


def _chunk_texts(paths: list[str]) -> Iterator[str]:
    """The ability texts of the files at ``paths``, as written (files that cannot be read or parsed skipped)."""
    import json
    from pathlib import Path

    for path in paths:
        source = read_source(Path(path))
        if source.text is None:
            continue
        try:
            data = json.loads(source.text)
        except (ValueError, RecursionError):
            continue
        for _, text in _raw_texts(data):
            yield text


def _raw_texts(data: Any) -> list[tuple[tuple[str | int, ...], str]]:
    """The ability texts of a record as written in its JSON (any record, valid or not), with their paths."""
    found: list[tuple[tuple[str | int, ...], str]] = []
    if not isinstance(data, dict):
        return found
    for path in TEXT_FIELDS:
        node: Any = data
        for key in path:
            node = node.get(key) if isinstance(node, dict) else None
        if isinstance(node, list):  # past the model's limit the list itself is the finding, not each text
            found.extend(
                ((*path, index), text) for index, text in enumerate(node[:MAX_ABILITIES]) if isinstance(text, str)
            )
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
        game = getattr(entry.record, "game", None)
        for path, text in iter_texts(entry.record):
            _check_text(entry, path, text, verdicts)
            found = verdicts.known.get(text, ("parse",))
            if isinstance(game, str) and (found is None or found[0] == "format"):  # the text parses
                _check_forms(entry, path, text, game)


_FORMS: dict[tuple[str, str], tuple[tuple[tuple[str, str], Any], ...]] = {}


def _check_forms(entry: Entry, path: tuple[str | int, ...], text: str, game: str) -> None:
    """``text.form.unsupported``: a form of the text that the engine of ``game`` does not run."""
    from toolkit.engine.forms import form_words, games_running_node, games_running_timing, unsupported
    from toolkit.i18n import word

    key = (game, text)
    found = _FORMS.get(key)
    if found is None:
        found = _FORMS[key] = tuple(unsupported(game, parse_cached(text)))
    if not found:
        return
    lang = current_lang()
    for (kind, value), node in found:
        zh, en = form_words((kind, value), node)
        others = games_running_timing(value) if kind == "timing" else games_running_node(_node_class(value))
        elsewhere = _list_words([word("game", g, lang) for g in others]) if others else "-"
        if kind == "timing":
            message = tr(
                "{label}: {pointer}: the timing {zh} ({en}) never occurs in the {game} engine: the ability waits "
                "for it and never runs (games that run it: {games})",
                label=entry.label,
                pointer=pointer(*path),
                zh=zh,
                en=en,
                game=word("game", game, lang),
                games=elsewhere,
            )
        else:
            message = tr(
                "{label}: {pointer}: {zh} ({en}, {node}) is not run by the {game} engine: the ability language "
                "accepts it, but it does nothing there (games that run it: {games})",
                label=entry.label,
                pointer=pointer(*path),
                zh=zh,
                en=en,
                node=value,
                game=word("game", game, lang),
                games=elsewhere,
            )
        entry.add("text.form.unsupported", message, pointer(*path), "warning")


def _node_class(name: str) -> Any:
    from toolkit.text import ast as A

    return getattr(A, name)


def _list_words(items: list[str]) -> str:
    from toolkit.i18n import tc

    return str(tc(current_lang(), "list", ", ")).join(items)


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
        message = tr(
            "{label}: {pointer}: column {column} of the text: {problem}",
            label=entry.label,
            pointer=ptr,
            column=column,
            problem=summary,
        )
        entry.add("card.text.parse", f"{message}\n{context}", ptr)
    elif kind == "unparsable":
        _, canonical, summary = found
        message = tr(
            "{label}: {pointer}: the canonical text {text} does not parse: {problem}",
            label=entry.label,
            pointer=ptr,
            text=repr(canonical),
            problem=summary,
        )
        entry.add("card.text.roundtrip", message, ptr)
    elif kind == "differs":
        message = tr(
            "{label}: {pointer}: {text} renders as {canonical}, which parses differently",
            label=entry.label,
            pointer=ptr,
            text=repr(text),
            canonical=repr(found[1]),
        )
        entry.add("card.text.roundtrip", message, ptr)
    else:
        message = tr(
            "{label}: {pointer}: not canonical; `dossier text fmt` writes {text}",
            label=entry.label,
            pointer=ptr,
            text=repr(found[1]),
        )
        entry.add("card.text.format", message, ptr, "warning")


def check_raw_ability_texts(entry: Entry, data: dict[str, Any], verdicts: TextVerdicts) -> None:
    """Ability text findings for a record the model rejected: its text fields, read from the JSON as written."""
    if not entry.target:
        return
    for path, text in _raw_texts(data):
        _check_text(entry, path, text, verdicts, wait=False)  # called while the files are checked
