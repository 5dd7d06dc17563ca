"""Output that grows with the input streams (issue 26): each converted command writes its first line (or JSON
item, or CSV row) before it has made the rest, and holds a bounded part of its output in memory.

Each test runs the command in this process with standard output replaced by a :class:`Probe`, which notes,
when the first text reaches it, how much of the input the command had worked through (rows fetched, decks
read, abilities parsed, findings put in JSON, …): the code that gathered the whole output before printing
it had worked through all of it by then. Two tests measure peak memory with :mod:`tracemalloc` against the
size of the output, which the gathering code held whole (at least once) before writing (the least peak of a few
runs: :func:`least_traced_peak`). JSON output is checked to be exactly ``json.dumps(..., ensure_ascii=False,
indent=2)`` of what it parses to, so a reader sees what the gathered output gave.
"""

from __future__ import annotations

import io
import json
import shutil
import sys
import tracemalloc
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from toolkit.cli import app
from toolkit.jsonstream import Stream, iter_json, write_json
from toolkit.textwidth import SAMPLE_ROWS, render, render_lines

ROOT = Path(__file__).resolve().parent.parent
CARDS = ROOT / "cards"
EXAMPLES = ROOT / "examples"


class Probe(io.TextIOBase):
    """A standard output that keeps (or only counts) what is written and notes ``seen()`` at the first write."""

    def __init__(self, seen: Callable[[], int] = lambda: 0, keep: bool = True) -> None:
        super().__init__()
        self.seen = seen
        self.keep = keep
        self.parts: list[str] = []
        self.at_first: int | None = None
        self.size = 0
        self.writes = 0
        self.largest = 0

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        if text and self.at_first is None:
            self.at_first = self.seen()
        if self.keep:
            self.parts.append(text)
        self.size += len(text)
        self.writes += 1
        self.largest = max(self.largest, len(text))
        return len(text)

    @property
    def text(self) -> str:
        return "".join(self.parts)


def run(monkeypatch: pytest.MonkeyPatch, args: list[Any], out: Probe) -> int:
    """``dossier ARGS`` in this process, its standard output ``out``; the exit status."""
    monkeypatch.setattr(sys, "stdout", out)
    try:
        code = app(args=[str(a) for a in args], prog_name="dossier", standalone_mode=False)
    except SystemExit as exc:  # pragma: no cover - standalone_mode=False returns it instead
        code = exc.code
    finally:
        monkeypatch.setattr(sys, "stdout", sys.__stdout__)
    return int(code or 0)


class Counter:
    """Counts calls of a wrapped function (``wrap``) or items added by hand (``n``)."""

    def __init__(self) -> None:
        self.n = 0

    def __call__(self) -> int:
        return self.n

    def wrap(self, function: Callable[..., Any], step: Callable[[Any], int] = lambda _result: 1) -> Callable[..., Any]:
        """``function``, counting each call (``step(result)`` for each that returns; 1 for each that raises)."""

        def counted(*args: Any, **kwargs: Any) -> Any:
            try:
                result = function(*args, **kwargs)
            except BaseException:
                self.n += 1
                raise
            self.n += step(result)
            return result

        return counted


def as_dumped(text: str) -> Any:
    """The JSON value of ``text``, after checking that the text is exactly what ``print(json.dumps(value,
    ensure_ascii=False, indent=2))`` prints for it (what the commands printed before they streamed)."""
    value = json.loads(text)
    assert text == json.dumps(value, ensure_ascii=False, indent=2) + "\n"
    return value


def least_traced_peak(action: Callable[[], object], bound: int, tries: int = 3) -> int:
    """The peak of the memory :mod:`tracemalloc` traces while ``action()`` runs: the least of up to ``tries`` runs,
    the first under ``bound`` ending them.

    What is traced is all the process allocates meanwhile, not only what the command holds: a table of the whole
    process that happens to grow during a run is counted in it whole. The interpreter's table of interned strings
    is one: :mod:`pathlib` interns the name of each file a walk finds (an export of 200 record files adds 200 to it
    a run, let go after), and the run that fills it makes it anew, twice the size: about 8 MB in a test worker late
    in the suite, whose strings and order of tests decide which run that is (once, the export's: a peak of 8.4 MB
    against its bound of 2.2 MB). The table made then has room for many runs, so such a growth is in one run;
    what the command holds (the output gathered whole) is in every run."""
    peaks: list[int] = []
    while len(peaks) < tries and (not peaks or peaks[-1] >= bound):
        tracemalloc.start()
        try:
            action()
            peaks.append(tracemalloc.get_traced_memory()[1])
        finally:
            tracemalloc.stop()
    return min(peaks)


def test_a_table_the_process_grows_during_one_run_is_not_the_command_s() -> None:
    grown: list[int] = []

    def grows_the_interned_strings_once() -> None:  # as the export's file names did, once, in a full run
        last = tracemalloc.get_traced_memory()[0]
        for n in range(1, 5_000_000 if not grown else 1):
            sys.intern(f"a string that no module has {n}")  # let go at once: each still takes a place of the table
            now = tracemalloc.get_traced_memory()[0]
            if now - last > 500_000:  # the table made anew (the other allocations: a string at a time)
                grown.append(now - last)
                return
            last = now

    assert least_traced_peak(grows_the_interned_strings_once, 100_000) < 100_000
    assert len(grown) == 1 and grown[0] > 100_000  # (the first run's peak had the new table: over the bound)
    held: list[bytes] = []
    assert least_traced_peak(lambda: held.append(bytes(3_000_000)), 100_000) >= 3_000_000  # held each run: counted
    assert len(held) == 3


# ---------------------------------------------------------------------- the helpers


def _plain(value: Any) -> Any:
    if isinstance(value, Stream):
        return [_plain(v) for v in value.items]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value


DOCUMENTS = [
    Stream([]),
    Stream([1, "中文", None, True, 2.5]),
    Stream([{"a": [1, {"b": "line\nbreak"}], "c": {}}, []]),
    {"findings": Stream([]), "summary": {"files": 0, "games": {}}},
    {"query": "x", "count": 2, "results": Stream([{"id": "a", "record": {"text": ["你抽 2 张牌。"]}}, {"id": "b"}])},
    {"outer": {"inner": Stream([[1, [2, [3]]]])}, "list": [Stream([]), 3, {"deep": Stream(["z"])}]},
    {"plain": [1, 2], "empty": {}, "none": None},
    [],
    "text",
]


@pytest.mark.parametrize("document", DOCUMENTS, ids=range(len(DOCUMENTS)))
def test_streamed_json_is_json_dumps_byte_for_byte(document: Any) -> None:
    streamed = "".join(iter_json(document))
    assert streamed == json.dumps(_plain(document), ensure_ascii=False, indent=2)


def test_streamed_json_writes_each_item_before_the_next_is_made() -> None:
    made = Counter()
    out = Probe(made)

    def items() -> Iterator[dict[str, int]]:
        for n in range(1000):
            made.n += 1
            yield {"n": n}

    write_json({"head": 1, "items": Stream(items()), "tail": 2}, out.write)
    assert out.at_first == 1  # the first item went out before the second was made
    assert out.writes > 1000 and out.largest < 100
    assert json.loads(out.text) == {"head": 1, "items": [{"n": n} for n in range(1000)], "tail": 2}


def test_nothing_is_written_when_the_first_item_fails() -> None:
    out = Probe()

    def items() -> Iterator[int]:
        raise ValueError("bad option")
        yield 1

    with pytest.raises(ValueError):
        write_json({"head": 1, "items": Stream(items())}, out.write)
    assert out.text == ""


def test_a_table_of_up_to_a_sample_is_render_and_a_longer_one_streams() -> None:
    rows = [[f"id-{n}", "双面间谍" * (n % 3), n] for n in range(150)]
    assert "\n".join(render_lines(["ID", "名称", "N"], iter(rows))) == render(["ID", "名称", "N"], rows)
    pulled = Counter()

    def many() -> Iterator[list[Any]]:
        for n in range(100_000):
            pulled.n += 1
            yield [f"id-{n}", f"name {n}", n]

    lines = render_lines(["ID", "NAME", "N"], many(), limits=[None, 12, None])
    first = next(lines)
    assert first.split() == ["ID", "NAME", "N"]
    assert pulled.n <= SAMPLE_ROWS + 1  # the rest are not read yet
    rest = list(lines)
    assert len(rest) == 100_000 and pulled.n == 100_000
    # a later cell wider than the sample's column is printed whole (up to the column's limit), not cut
    assert rest[-1].split() == ["id-99999", "name", "99999", "99999"]


# ---------------------------------------------------------------------- search


def _card(n: int, text: str) -> dict[str, Any]:
    return {
        "back": "personal",
        "category": "item",
        "game": "tactics",
        "id": f"card_{n:05d}",
        "kind": "card",
        "name": {"en": f"Card {n}", "zh-Hans": f"卡牌{n}"},
        "text": [text] * 4,
    }


LONG_TEXT = "响应：本单位获得 2 点临时生命值。" + " gear" * 120  # (Latin: a cheaper text index to build)
RECORDS = 1500


def _pool(root: Path, count: int = RECORDS, text: str = LONG_TEXT) -> Path:
    """A tactics pool of ``count`` generated item cards (a game record and cards/)."""
    pool = root / "tactics"
    (pool / "cards").mkdir(parents=True)
    shutil.copy(CARDS / "tactics" / "game.json", pool / "game.json")
    for n in range(count):
        (pool / "cards" / f"card_{n:05d}.json").write_text(json.dumps(_card(n, text), ensure_ascii=False), "utf-8")
    return pool


@pytest.fixture(scope="module")
def big_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from toolkit.db import build_from_files, resolve_target

    root = tmp_path_factory.mktemp("search")
    db = root / "big.db"
    build_from_files([_pool(root)], resolve_target(str(db)))
    return db


@pytest.fixture
def fetched(monkeypatch: pytest.MonkeyPatch) -> Counter:
    """Rows read from the database, by :meth:`Database.rows` or :meth:`Database.iter_rows`."""
    from toolkit.db.engine import Database

    counter = Counter()
    monkeypatch.setattr(Database, "rows", counter.wrap(Database.rows, len))
    original = Database.iter_rows

    def iter_rows(self: Database, *args: Any, **kwargs: Any) -> Iterator[Any]:
        for row in original(self, *args, **kwargs):
            counter.n += 1
            yield row

    monkeypatch.setattr(Database, "iter_rows", iter_rows)
    return counter


@pytest.mark.parametrize("form", ["table", "json", "ids"])
@pytest.mark.slow
def test_search_prints_its_first_hit_before_it_reads_the_rest(
    monkeypatch: pytest.MonkeyPatch, big_db: Path, fetched: Counter, form: str
) -> None:
    out = Probe(fetched)
    assert run(monkeypatch, ["search", "card", "--db", big_db, "-f", form], out) == 0
    assert out.at_first is not None and out.at_first < RECORDS // 2, out.at_first
    lines = out.text.splitlines()
    if form == "table":
        assert len(lines) == RECORDS + 2 and lines[-1] == f"{RECORDS} records"
        assert lines[-2].split()[:3] == ["tactics/card_01499", "item", "Card"]
    elif form == "ids":
        assert lines == [f"tactics/card_{n:05d}" for n in range(RECORDS)]
    else:
        found = as_dumped(out.text)
        assert (found["count"], found["total"], len(found["results"])) == (RECORDS, RECORDS, RECORDS)
        assert found["results"][-1]["record"]["id"] == "card_01499"


@pytest.mark.parametrize(
    ("limit", "offset", "count"), [(500, 700, 500), (None, 1300, 200), (None, 1000, 500), (2000, 0, RECORDS)]
)
def test_search_json_counts_a_streamed_page_first(
    monkeypatch: pytest.MonkeyPatch, big_db: Path, limit: int | None, offset: int, count: int
) -> None:
    out = Probe()
    args = ["search", "card", "--db", big_db, "-f", "json", "--offset", offset]
    assert run(monkeypatch, args + (["--limit", limit] if limit else []), out) == 0
    found = as_dumped(out.text)
    assert (found["count"], found["total"], found["offset"], len(found["results"])) == (count, RECORDS, offset, count)
    assert found["results"][0]["id"] == f"card_{offset:05d}"


def test_search_json_of_a_few_hits_is_what_the_gathered_output_was(monkeypatch: pytest.MonkeyPatch, big_db: Path) -> None:
    from toolkit.db import open_database
    from toolkit.search import parse_query, search

    out = Probe()
    assert run(monkeypatch, ["search", "卡牌1499", "--db", big_db, "-f", "json"], out) == 0
    with open_database(str(big_db)) as database:
        hits = search(database, parse_query("卡牌1499"))
    gathered = {
        "query": "卡牌1499",
        "count": len(hits),
        "total": len(hits),
        "offset": 0,
        "sort": None,
        "results": [{"game": h.game, "kind": h.kind, "id": h.id, "type": h.type, "record": h.data} for h in hits],
    }
    assert hits and out.text == json.dumps(gathered, ensure_ascii=False, indent=2) + "\n"


@pytest.mark.slow
def test_search_json_holds_a_bounded_part_of_its_output(monkeypatch: pytest.MonkeyPatch, big_db: Path) -> None:
    args = ["search", "card", "--db", big_db, "-f", "json"]
    warm = Probe(keep=False)
    assert run(monkeypatch, args, warm) == 0  # imports, caches and the compiled statement: warm
    assert warm.size > 4_000_000  # the gathered output held it all (as a str, at least once), and more
    outs: list[Probe] = []

    def search() -> None:
        outs.append(Probe(keep=False))
        assert run(monkeypatch, args, outs[-1]) == 0

    peak = least_traced_peak(search, warm.size // 3)
    assert [out.size for out in outs] == [warm.size] * len(outs)
    assert peak < warm.size // 3, (peak, warm.size)


# ---------------------------------------------------------------------- deck validate


@pytest.fixture
def deck_dir(tmp_path: Path) -> Path:
    decks = tmp_path / "decks"
    decks.mkdir()
    for n in range(40):
        shutil.copy(EXAMPLES / "decks" / "tactics" / "duo.json", decks / f"deck-{n:02d}.json")
    return decks


@pytest.mark.parametrize("form", ["json", "text"])
def test_deck_validate_reports_each_deck_as_it_is_checked(
    monkeypatch: pytest.MonkeyPatch, deck_dir: Path, form: str
) -> None:
    import toolkit.cli.deck as deck_cli

    read = Counter()
    monkeypatch.setattr(deck_cli, "read_in_lang", read.wrap(deck_cli.read_in_lang))
    out = Probe(read)
    assert run(monkeypatch, ["deck", "validate", deck_dir, "-f", form], out) == 0
    assert out.at_first is not None and out.at_first <= 1 and read.n == 40
    if form == "json":
        results = as_dumped(out.text)
        assert [r["file"] for r in results] == [str(deck_dir / f"deck-{n:02d}.json") for n in range(40)]
        assert all(r["legal"] and r["findings"] == [] for r in results)
    else:
        assert sum(line.endswith(" legal") for line in out.text.splitlines()) == 40


def test_deck_validate_json_of_a_mode_no_deck_has_is_each_decks_finding_in_one_document(
    monkeypatch: pytest.MonkeyPatch, deck_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # (s72: a --mode a deck's game lacks is that deck's finding, the others still checked; the JSON stays whole)
    out = Probe()
    assert run(monkeypatch, ["deck", "validate", deck_dir, "-f", "json", "--mode", "nonesuch"], out) == 1
    report = as_dumped(out.text)
    assert report and all([f["code"] for f in deck["findings"]] == ["deck.mode.unknown"] for deck in report), report[:2]
    assert capsys.readouterr().err == ""


# ---------------------------------------------------------------------- lint --format json


def test_lint_json_writes_each_finding_as_it_is_put_in_json(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from toolkit.findings import Finding

    pool = tmp_path / "tactics"
    (pool / "cards").mkdir(parents=True)
    shutil.copy(CARDS / "tactics" / "game.json", pool / "game.json")
    for n in range(300):
        card = {**_card(n, "你抽 2 张牌。"), "category": "nonesuch"}
        (pool / "cards" / f"card_{n:05d}.json").write_text(json.dumps(card, ensure_ascii=False), "utf-8")
    made = Counter()
    monkeypatch.setattr(Finding, "to_json", made.wrap(Finding.to_json))
    out = Probe(made)
    assert run(monkeypatch, ["lint", pool, "-f", "json"], out) == 1
    report = as_dumped(out.text)
    summary = report["summary"]
    assert len(report["findings"]) >= 300 and summary["errors"] + summary["warnings"] == len(report["findings"])
    assert list(report) == ["findings", "summary"]
    assert out.at_first is not None and out.at_first <= 1 and made.n == len(report["findings"])


# ---------------------------------------------------------------------- text parse --file


def test_text_parse_json_writes_each_ability_as_it_is_parsed(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    import toolkit.text

    lines = ["你抽 2 张牌。", "你购买 1 张牌。", "不是能力文本"] * 100
    file = tmp_path / "abilities.txt"
    file.write_text("\n".join(lines) + "\n", "utf-8")
    parsed = Counter()
    monkeypatch.setattr(toolkit.text, "parse", parsed.wrap(toolkit.text.parse))
    out = Probe(parsed)
    assert run(monkeypatch, ["text", "parse", "--file", file, "-f", "json"], out) == 1  # a line does not parse
    results = as_dumped(out.text)
    assert out.at_first is not None and out.at_first <= 1 and parsed.n == 300
    assert [r["line"] for r in results] == list(range(1, 301))
    assert sum("error" in r for r in results) == 100


def test_text_parse_json_is_what_the_gathered_output_was(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from toolkit.text import parse
    from toolkit.text import render as render_text
    from toolkit.text.ast import to_json

    file = tmp_path / "two.txt"
    file.write_text("你抽 2 张牌。\n\n你购买 1 张牌。\n", "utf-8")
    out = Probe()
    assert run(monkeypatch, ["text", "parse", "--file", file, "-f", "json"], out) == 0
    gathered = [
        {"line": n, "text": t, "canonical": render_text(parse(t)), "en": render_text(parse(t), "en"), "ast": to_json(parse(t))}
        for n, t in ((1, "你抽 2 张牌。"), (3, "你购买 1 张牌。"))
    ]
    assert out.text == json.dumps(gathered, ensure_ascii=False, indent=2) + "\n"
    one = Probe()
    assert run(monkeypatch, ["text", "parse", "你抽 2 张牌。", "-f", "json"], one) == 0
    assert json.loads(one.text) == {**gathered[0], "line": 1}  # one ability: its object, as before


# ---------------------------------------------------------------------- text coverage


@pytest.mark.parametrize("form", ["text", "json"])
@pytest.mark.slow
def test_text_coverage_writes_a_line_per_ability_as_it_is_worded(monkeypatch: pytest.MonkeyPatch, form: str) -> None:
    from toolkit.coverage import AbilityRef, CoverageReport

    worded = Counter()
    if form == "text":
        monkeypatch.setattr(AbilityRef, "shown", worded.wrap(AbilityRef.shown))
    else:
        monkeypatch.setattr(CoverageReport, "reason", worded.wrap(CoverageReport.reason))
    out = Probe(worded)
    assert run(monkeypatch, ["text", "coverage", "--games", "1", "-f", form], out) == 0
    assert out.at_first is not None and out.at_first <= 1 and worded.n > 100
    if form == "json":
        report = as_dumped(out.text)
        assert len(report["abilities"]) == report["totals"]["abilities"] > 100
    else:
        assert out.text.splitlines()[-1].startswith("total")


# ---------------------------------------------------------------------- logs: scenario run, simulate


@pytest.mark.parametrize(
    "args",
    [
        ["scenario", "run", EXAMPLES / "scenarios" / "run-through-ice.json", "-f", "json"],
        ["simulate", "tactics", "--decks", EXAMPLES / "decks" / "tactics" / "duel.json", "--decks",
         EXAMPLES / "decks" / "tactics" / "duel-rival.json", "--turns", "3", "-f", "json"],
    ],
    ids=["scenario", "simulate"],
)  # fmt: skip
def test_a_json_log_is_written_an_event_at_a_time(monkeypatch: pytest.MonkeyPatch, args: list[Any]) -> None:
    from toolkit.cli._lang import LogNames

    worded = Counter()
    monkeypatch.setattr(LogNames, "event", worded.wrap(LogNames.event))
    out = Probe(worded)
    assert run(monkeypatch, args, out) == 0
    document = as_dumped(out.text)
    assert len(document["log"]) == worded.n > 5
    assert out.at_first is not None and out.at_first <= 1


# ---------------------------------------------------------------------- export csv


def _export_pool(tmp_path: Path, count: int, clauses: int = 40) -> Path:
    return _pool(tmp_path, count, "你抽 2 张牌。" + "，然后弃 1 张牌" * clauses + "。")


@pytest.mark.slow
def test_export_csv_to_a_file_holds_a_bounded_part_of_the_sheet(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    pool = _export_pool(tmp_path, 400, clauses=200)
    small = tmp_path / "small.csv"
    assert run(monkeypatch, ["export", "csv", pool / "cards", "--out", small], Probe()) == 0  # warm
    size = small.stat().st_size
    assert size > 5_000_000
    sheets: list[Path] = []

    def export() -> None:
        sheets.append(tmp_path / f"sheet-{len(sheets)}.csv")
        assert run(monkeypatch, ["export", "csv", pool / "cards", "--out", sheets[-1]], Probe()) == 0

    peak = least_traced_peak(export, size // 3)
    assert all(sheet.read_bytes() == small.read_bytes() for sheet in sheets)
    assert peak < size // 3, (peak, size)


@pytest.mark.slow
def test_export_csv_to_stdout_writes_a_row_at_a_time(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    pool = _export_pool(tmp_path, 300)
    out = Probe()
    assert run(monkeypatch, ["export", "csv", pool / "cards"], out) == 0
    rows = out.text.split("\r\n")
    assert len(rows) == 302 and rows[-1] == "" and rows[0].startswith("id,name.zh-Hans,name.en")
    assert out.writes >= 301 and out.largest < 2 * max(map(len, rows))
    from toolkit.importers.sheet_export import build_sheet

    records = [json.loads(p.read_text("utf-8")) for p in sorted((pool / "cards").glob("*.json"))]
    assert out.text == build_sheet(records, "tactics", "card").text  # as the sheet made whole


def test_export_csv_that_fails_half_way_leaves_the_old_file(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    import toolkit.importers.sheet_export as sheet_export

    pool = _export_pool(tmp_path, 50)
    sheet = tmp_path / "sheet.csv"
    sheet.write_bytes(b"\xef\xbb\xbfid\r\nold\r\n")
    rows = Counter()
    original = sheet_export._row_reads_back

    def fails_at_row_40(reader: Any, text: str, data: dict[str, Any]) -> str | None:
        rows.n += 1
        return "card_00039: would not read back" if rows.n == 40 else original(reader, text, data)

    monkeypatch.setattr(sheet_export, "_row_reads_back", fails_at_row_40)
    assert run(monkeypatch, ["export", "csv", pool / "cards", "--out", sheet, "--force"], Probe()) == 1
    assert sheet.read_bytes() == b"\xef\xbb\xbfid\r\nold\r\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["sheet.csv", "tactics"]  # no temporary left
    rows.n = 0
    out = Probe()
    assert run(monkeypatch, ["export", "csv", pool / "cards"], out) == 1
    assert out.text == ""  # to stdout: read back before the first row is printed


def test_write_stream_replaces_the_file_only_when_it_ends(tmp_path: Path) -> None:
    from toolkit.safewrite import write_stream

    target = tmp_path / "out.csv"
    target.write_text("old", "utf-8")
    with pytest.raises(RuntimeError), write_stream(target) as out:
        out.write(b"new, half")
        raise RuntimeError("stopped")
    assert target.read_text("utf-8") == "old" and [p.name for p in tmp_path.iterdir()] == ["out.csv"]
    with write_stream(target) as out:
        out.write(b"new, ")
        assert target.read_text("utf-8") == "old"  # a reader sees the old file until the end
        out.write(b"whole")
    assert target.read_text("utf-8") == "new, whole" and [p.name for p in tmp_path.iterdir()] == ["out.csv"]


# ---------------------------------------------------------------------- print --png


def test_print_png_writes_each_image_as_it_is_rasterized(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    import toolkit.jsonio
    from toolkit.sheets import render as sheets_render

    rasterized = Counter()
    monkeypatch.setattr(sheets_render, "_png", rasterized.wrap(sheets_render._png))
    at_first_write: list[int] = []
    original = toolkit.jsonio.atomic_write_bytes

    def write(path: Path, data: bytes, **kwargs: Any) -> None:
        if Path(path).suffix == ".png":
            at_first_write.append(rasterized.n)
        original(path, data, **kwargs)

    monkeypatch.setattr(toolkit.jsonio, "atomic_write_bytes", write)
    out = tmp_path / "png"
    assert run(monkeypatch, ["print", "crossfire/vip", "tactics/anvil", "--png", out], Probe()) == 0
    assert len(at_first_write) == 4 and rasterized.n == 4
    assert at_first_write == [1, 2, 3, 4]  # each image written before the next is drawn
