"""Plain-text tables for the terminal, aligned by display width.

One renderer for every aligned listing the CLI prints (search results, deck
draw odds, crossfire deals, scores and win rates), so Chinese names line up
with Latin ones: widths come from :func:`display_width` (wide characters count
two, combining marks none). Cells wider than a column's limit are cut with
``…``; numeric columns are right-aligned. :func:`render_lines` streams a table of any
length: its widths come from the first rows (:data:`toolkit.textwidth.SAMPLE_ROWS`).

The code lives in :mod:`toolkit.textwidth`, which imports nothing of ours, so
that ``toolkit.search.display`` and ``toolkit.text`` use the same helper without
importing the CLI (only ``cli`` imports everything).
"""

from __future__ import annotations

from toolkit.textwidth import char_width, clip, display_width, fit, numeric, pad, render, render_lines

__all__ = ["char_width", "clip", "display_width", "fit", "numeric", "pad", "render", "render_lines"]
