"""Printable card sheets: PDF pages of cards (fronts and duplex backs), PNG per card, Tabletop Simulator sheets.

Layers: :mod:`geometry` (sizes, grid, backs, crop marks), :mod:`linebreak`
(Chinese line breaking), :mod:`fonts` (embedded fonts), :mod:`textbox`
(fitting text), :mod:`icons`, :mod:`styles` and :mod:`layouts` (per record
kind), :mod:`render` (documents and images). Importing this package is cheap;
ReportLab and pypdfium2 load when something is drawn.
"""
