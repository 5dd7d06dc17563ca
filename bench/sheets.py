"""Benchmark: `dossier print` layout against a minimal ReportLab script, 900 cards with backs.

In the same run, with the same embedded font (the bundled Dossier Sans SC subset):

  baseline  a minimal ReportLab canvas script: per card a frame, the name and the
            ability texts wrapped every N characters (no line-breaking rules, no
            shrinking, no icons), then a back page with a rectangle and a label
            per card;
  dossier   render_sheets: the full card layouts (header, badges, strips, stats,
            icons, Chinese line breaking, shrink-to-fit, reversible faces),
            crop marks, and duplex backs (long edge).

Cards are the bundled printable records repeated to 900 (a deck holds most cards
two or three times; Dossier draws each distinct face once as a PDF form and places
it for every copy). Prints both times, the ratio and both file sizes; then, for
information, the same comparison with every card different. Targets: within 3×
of the baseline, under 5 MB.
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
from toolkit.models import iter_texts  # noqa: E402
from toolkit.sheets.fonts import bundled  # noqa: E402
from toolkit.sheets.geometry import SheetSpec, mm, plan  # noqa: E402
from toolkit.sheets.layouts import is_printable  # noqa: E402
from toolkit.sheets.render import render_sheets  # noqa: E402


def baseline(records: list[Any], regular: str, bold: str) -> bytes:
    """The minimal script: same grid, same font, a frame, the name and char-wrapped text per card; backs."""
    from reportlab.pdfgen.canvas import Canvas

    layout = plan(SheetSpec(duplex="long-edge"))
    buffer = io.BytesIO()
    c = Canvas(buffer, pagesize=(mm(210), mm(297)), invariant=1, pageCompression=1, initialFontName=regular)
    w, h = mm(63), mm(88)
    per_line = 19
    for start in range(0, len(records), layout.per_page):
        chunk = records[start : start + layout.per_page]
        for slot, record in enumerate(chunk):
            rect = layout.front(slot)
            x, y = mm(rect.x), mm(rect.y)
            c.rect(x, y, w, h)
            c.setFont(bold, 10)
            c.drawString(x + 12, y + h - 24, record.name.zh_hans)
            c.setFont(regular, 8)
            line_y = y + h - 50
            for _, text in iter_texts(record):
                for i in range(0, len(text), per_line):
                    c.drawString(x + 12, line_y, text[i : i + per_line])
                    line_y -= 10
        c.showPage()
        for slot, _record in enumerate(chunk):
            rect = layout.back(slot)
            c.rect(mm(rect.x), mm(rect.y), w, h, fill=1)
            c.setFont(bold, 12)
            c.drawString(mm(rect.x) + 40, mm(rect.y) + h / 2, "个人牌库")
        c.showPage()
    c.save()
    return buffer.getvalue()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cards", type=int, default=900)
    parser.add_argument("--repeat", type=int, default=3, help="runs of each; the best time counts")
    args = parser.parse_args()
    catalog = load_catalog([ROOT / "cards"])
    pool = sorted((r for r in catalog.records if is_printable(r)), key=lambda r: (r.game, r.kind, r.id))
    records = [pool[i % len(pool)] for i in range(args.cards)]
    fonts = bundled()
    spec = SheetSpec(duplex="long-edge")
    # warm up both (font loading, first-use caches) outside the timing
    baseline(records[:9], fonts.regular, fonts.bold)
    render_sheets(records[:9], spec, fonts, catalog)

    def best(run: Any) -> tuple[float, bytes]:
        times, data = [], b""
        for _ in range(args.repeat):
            start = time.perf_counter()
            data = run()
            times.append(time.perf_counter() - start)
        return min(times), data

    base_time, base_pdf = best(lambda: baseline(records, fonts.regular, fonts.bold))
    ours_time, sheet = best(lambda: render_sheets(records, spec, fonts, catalog))
    ratio = ours_time / base_time
    size_mb = len(sheet.pdf) / 1_000_000
    # for information: every card different (no copies to share), the same comparison
    distinct_base, _ = best(lambda: baseline(pool, fonts.regular, fonts.bold))
    distinct_ours, distinct_sheet = best(lambda: render_sheets(pool, spec, fonts, catalog))
    print(f"cards            {len(records)} (fronts and backs), {len(pool)} distinct")
    print(f"baseline         {base_time:7.3f} s  {len(base_pdf) / 1_000_000:6.2f} MB  (minimal ReportLab script)")
    print(f"dossier print    {ours_time:7.3f} s  {size_mb:6.2f} MB  ({sheet.pages} pages)")
    print(f"ratio            {ratio:7.2f}x  (target: within 3x)")
    print(f"size             {size_mb:7.2f} MB (target: under 5 MB)")
    print(
        f"all distinct     {len(pool)} cards: baseline {distinct_base:.3f} s, dossier {distinct_ours:.3f} s, "
        f"ratio {distinct_ours / distinct_base:.2f}x, {len(distinct_sheet.pdf) / 1_000_000:.2f} MB (information only)"
    )
    met = ratio <= 3 and size_mb < 5
    print("targets met" if met else "targets missed")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
