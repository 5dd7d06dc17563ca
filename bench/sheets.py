"""Benchmark: `dossier print` layout against a minimal ReportLab script, 900 cards, every card different.

In the same run, with the same embedded font (the bundled Dossier Sans SC subset):

  baseline  a minimal ReportLab canvas script drawing the same amount of text:
            per card a frame, the name, then every other string of the record
            (what the card prints: English name, type words, ability texts,
            flavour, the id; :func:`toolkit.sheets.layouts.record_text`)
            wrapped every N characters with ``drawString`` (no line-breaking
            rules, no fitting, no icons); then a back page with a rectangle and
            a label per card;
  dossier   render_sheets: the full card layouts (header, badges, strips, stats,
            icons, Chinese line breaking between words, grow- and shrink-to-fit,
            reversible faces), crop marks, and duplex backs (long edge).

The cards are the bundled printable records and variants of them up to 900, so
every card is different: a variant has its own id and name, and every one of
its texts gains a sentence with the card's serial number (你抽 N 张牌。), so no
two texts are the same and no cache can hide the work. Both sides draw the same
records; the characters each PDF holds are counted and printed, to show the
baseline draws as much text. Prints both times, the ratio and the file sizes;
then, for information, a deck that repeats the bundled cards (Dossier draws each
distinct face once as a PDF form and places it for every copy).
Targets: within 3× of the baseline with every card different; under 5 MB. The
two are run in turns and the best of ``--repeat`` runs counts (wall clock; the
CPU-time ratio is printed beside it, steadier on a busy machine).
Run: `python bench/sheets.py [--cards 900] [--repeat 3]`.
"""

from __future__ import annotations

import argparse
import io
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from toolkit.catalog import load_catalog  # noqa: E402
from toolkit.sheets.fonts import bundled  # noqa: E402
from toolkit.sheets.geometry import SheetSpec, mm, plan  # noqa: E402
from toolkit.sheets.layouts import is_printable, record_text  # noqa: E402
from toolkit.sheets.render import render_sheets  # noqa: E402

PER_LINE = 19  # characters per baseline line: what fits a poker card at 8 pt
BACK_LABEL = "个人牌库"  # what a back says (Dossier's backs print the game's name and the deck's)


def variant(record: Any, serial: int, round_: int) -> Any:
    """``record`` as a different card: its own id and name, and a sentence with ``serial`` added to each text."""

    def more(texts: list[str]) -> list[str]:
        return [f"{text}你抽 {serial} 张牌。" for text in texts]

    update: dict[str, Any] = {
        "id": f"{record.id}_{round_}",
        "name": record.name.model_copy(update={"zh_hans": f"{record.name.zh_hans}{round_ + 1}"}),
        "text": more(record.text),
    }
    if getattr(record, "win", None):
        update["win"] = more(record.win)
    reverse = getattr(record, "reverse", None)
    if reverse is not None:
        update["reverse"] = reverse.model_copy(update={"text": more(reverse.text)})
    return record.model_copy(update=update)


def distinct_cards(pool: list[Any], count: int) -> list[Any]:
    """``count`` different cards: the pool, then variants of it."""
    return [pool[i] if i < len(pool) else variant(pool[i % len(pool)], i, i // len(pool)) for i in range(count)]


def baseline(records: list[Any], regular: str, bold: str) -> bytes:
    """The minimal script: same grid and font; per card a frame, the name and every other string of the
    record wrapped every PER_LINE characters; per back a filled rectangle and a label."""
    from reportlab.pdfgen.canvas import Canvas

    layout = plan(SheetSpec(duplex="long-edge"))
    buffer = io.BytesIO()
    c = Canvas(buffer, pagesize=(mm(210), mm(297)), invariant=1, pageCompression=1, initialFontName=regular)
    w, h = mm(63), mm(88)
    for start in range(0, len(records), layout.per_page):
        chunk = records[start : start + layout.per_page]
        for slot, record in enumerate(chunk):
            rect = layout.front(slot)
            x, y = mm(rect.x), mm(rect.y)
            c.rect(x, y, w, h)
            name = record.name.zh_hans
            c.setFont(bold, 10)
            c.drawString(x + 12, y + h - 24, name)
            c.setFont(regular, 8)
            line_y = y + h - 40
            for text in record_text(record, "zh-Hans").split("\n"):
                if text == name:
                    continue
                for i in range(0, len(text), PER_LINE):
                    c.drawString(x + 12, line_y, text[i : i + PER_LINE])
                    line_y -= 9
        c.showPage()
        for slot in range(len(chunk)):
            rect = layout.back(slot)
            c.rect(mm(rect.x), mm(rect.y), w, h, fill=1)
            c.setFont(bold, 12)
            c.drawString(mm(rect.x) + 40, mm(rect.y) + h / 2, BACK_LABEL)
        c.showPage()
    c.save()
    return buffer.getvalue()


def characters(pdf: bytes) -> int:
    """Characters a PDF reader extracts from every page (spaces and line ends left out)."""
    import pypdfium2 as pdfium

    document = pdfium.PdfDocument(pdf)
    try:
        total = 0
        for index in range(len(document)):
            text = document[index].get_textpage().get_text_range()
            total += sum(1 for ch in text if not ch.isspace())
        return total
    finally:
        document.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cards", type=int, default=900)
    parser.add_argument("--repeat", type=int, default=3, help="runs of each; the best time counts")
    args = parser.parse_args()
    catalog = load_catalog([ROOT / "cards"])
    pool = sorted((r for r in catalog.records if is_printable(r)), key=lambda r: (r.game, r.kind, r.id))
    records = distinct_cards(pool, args.cards)
    deck = [pool[i % len(pool)] for i in range(args.cards)]
    fonts = bundled()
    spec = SheetSpec(duplex="long-edge")
    # warm up both (font loading, the game's words, first-use caches) outside the timing
    baseline(pool[:9], fonts.regular, fonts.bold)
    render_sheets(pool[:9], spec, fonts, catalog)

    def best(base: Any, ours: Any) -> tuple[list[float], list[float], Any, Any]:
        """Both runs taken in turns (a busy machine slows both alike): the best wall and CPU time of each."""
        wall, cpu, outputs = [[], []], [[], []], [None, None]
        for _ in range(args.repeat):
            for side, run in enumerate((base, ours)):
                start, start_cpu = time.perf_counter(), time.process_time()
                outputs[side] = run()
                wall[side].append(time.perf_counter() - start)
                cpu[side].append(time.process_time() - start_cpu)
        return [min(w) for w in wall], [min(c) for c in cpu], outputs[0], outputs[1]

    (base_time, ours_time), (base_cpu, ours_cpu), base_pdf, sheet = best(
        lambda: baseline(records, fonts.regular, fonts.bold), lambda: render_sheets(records, spec, fonts, catalog)
    )
    ratio = ours_time / base_time
    size_mb = len(sheet.pdf) / 1_000_000
    (deck_base, deck_ours), _, _, deck_sheet = best(
        lambda: baseline(deck, fonts.regular, fonts.bold), lambda: render_sheets(deck, spec, fonts, catalog)
    )
    print(f"cards            {len(records)}, every one different ({len(pool)} bundled, the rest variants)")
    print(
        f"baseline         {base_time:7.3f} s  {len(base_pdf) / 1_000_000:6.2f} MB  "
        f"{characters(base_pdf):7d} characters  (minimal ReportLab script)"
    )
    print(
        f"dossier print    {ours_time:7.3f} s  {size_mb:6.2f} MB  {characters(sheet.pdf):7d} characters  "
        f"({sheet.pages} pages)"
    )
    print(f"ratio            {ratio:7.2f}x  (target: within 3x; CPU time {ours_cpu / base_cpu:.2f}x)")
    print(f"size             {size_mb:7.2f} MB (target: under 5 MB)")
    print(
        f"repeated deck    {len(deck)} cards of {len(pool)}: baseline {deck_base:.3f} s, dossier {deck_ours:.3f} s, "
        f"ratio {deck_ours / deck_base:.2f}x, {len(deck_sheet.pdf) / 1_000_000:.2f} MB (information only)"
    )
    met = ratio <= 3 and size_mb < 5
    print("targets met" if met else "targets missed")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
