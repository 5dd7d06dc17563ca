"""Charts the CLI writes (PNG through matplotlib, an optional extra): names, values and intervals.

A rate measured over ``n`` random games is an estimate; every bar carries its
95% Wilson score interval (sound near 0% and 100% and for small ``n``, where the
normal approximation is not) and is labelled with its value and sample size.
Chinese names are drawn with the bundled font, so a machine without CJK fonts
still shows them.
"""

from __future__ import annotations

import io
import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from toolkit.errors import DossierError

Z95 = 1.959963984540054


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion ``successes / trials`` (0..1 both ends)."""
    if trials <= 0:
        return 0.0, 1.0
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass(frozen=True)
class Bar:
    label: str
    successes: int
    trials: int

    @property
    def rate(self) -> float:
        return self.successes / self.trials if self.trials else 0.0


def _pyplot() -> Any:
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:  # the plot extra (pyproject.toml), not installed: the command that adds it where we run
        from toolkit.i18n import tr
        from toolkit.paths import install_command

        raise DossierError(
            tr("{option} needs {package}: {command}", option="--plot", package="matplotlib",
               command=install_command("plot", "matplotlib>=3.8,<4"))
        ) from None  # fmt: skip
    return plt


def _font_family() -> list[str]:
    """Register the bundled Chinese font with matplotlib; the family list to draw with."""
    from matplotlib import font_manager

    from toolkit.sheets.fonts import FONT_DIR

    regular = FONT_DIR / "DossierSansSC-Regular.ttf"
    try:
        font_manager.fontManager.addfont(str(regular))
        name = font_manager.FontProperties(fname=str(regular)).get_name()
    except (OSError, RuntimeError, ValueError):  # a damaged font: draw without it rather than fail
        return ["DejaVu Sans"]
    return [name, "DejaVu Sans"]


def rate_chart(bars: Sequence[Bar], title: str, ylabel: str, lang: str = "en") -> bytes:
    """A PNG bar chart of rates in percent, each bar with its 95% interval and a ``58% (n=50)`` label (in
    ``lang``); ``title`` and ``ylabel`` are given in it."""
    from toolkit.i18n import t

    plt = _pyplot()
    family = _font_family()
    with plt.rc_context({"font.family": family, "axes.unicode_minus": False}):
        figure, axes = plt.subplots(figsize=(max(6.0, 0.9 * len(bars) + 1.5), 4.5))
        rates = [100 * bar.rate for bar in bars]
        low, high = [], []
        for bar, rate in zip(bars, rates, strict=True):
            lo, hi = wilson(bar.successes, bar.trials)
            low.append(max(0.0, rate - 100 * lo))
            high.append(max(0.0, 100 * hi - rate))
        positions = range(len(bars))
        axes.bar(positions, rates, color="#4a6fa5", yerr=[low, high], capsize=4, ecolor="#333333")
        for x, bar, rate, up in zip(positions, bars, rates, high, strict=True):
            axes.annotate(
                t(lang, "{rate}%\n(n={n})", rate=f"{rate:.0f}", n=bar.trials),
                (x, min(rate + up, 100.0)),
                xytext=(0, 3),
                textcoords="offset points",
                ha="center",
                va="bottom",
                fontsize=8,
            )
        axes.set_xticks(list(positions), [bar.label for bar in bars], rotation=30, ha="right")
        axes.set_ylabel(ylabel)
        axes.set_ylim(0, 115)
        axes.set_yticks(range(0, 101, 20))
        _fit_title(figure, axes, title)
        figure.tight_layout()
        buffer = io.BytesIO()
        figure.savefig(buffer, format="png", dpi=100, metadata={"Software": None})
        plt.close(figure)
    return buffer.getvalue()


def _fit_title(figure: Any, axes: Any, title: str) -> None:
    """Set ``title`` over ``axes`` so that it fits the figure's width: on one line when it does, else broken into
    lines at its commas (``,``, ``，``), and then in a smaller type while a line is still wider (a long seed)."""
    import re

    renderer = figure.canvas.get_renderer()
    room = 0.96 * figure.get_window_extent(renderer).width

    def width(text: Any) -> float:
        return float(text.get_window_extent(renderer).width)

    shown = axes.set_title(title)
    if width(shown) <= room:
        return
    parts = [part for part in re.split(r"(?<=[,，])\s*", title) if part]
    lines: list[str] = []
    for part in parts:  # as many parts on a line as fit
        joined = f"{lines[-1]} {part}" if lines and not lines[-1].endswith("，") else (lines[-1] + part if lines else part)
        shown.set_text(joined)
        if lines and width(shown) <= room:
            lines[-1] = joined
        else:
            lines.append(part)
    shown.set_text("\n".join(lines))
    size = float(shown.get_fontsize())
    while width(shown) > room and size > 6:
        size -= 0.5
        shown.set_fontsize(size)


def write_png(path: Path, data: bytes, *, force: bool | None = None) -> None:
    """Write the chart ``data`` to ``path``, marked as Dossier's (:func:`toolkit.safewrite.mark_png`). An existing
    file is replaced only when Dossier wrote it (an earlier chart) or with ``force`` (``--force``; None: the command
    has no such option): an image of the user's is kept (:func:`toolkit.safewrite.replacing`)."""
    from toolkit.jsonio import atomic_write_bytes
    from toolkit.safewrite import DOSSIER_PNG, mark_png, replacing

    try:
        atomic_write_bytes(path, mark_png(data), replaces=replacing(DOSSIER_PNG, force))
    except OSError as exc:
        from toolkit.errors import os_reason
        from toolkit.i18n import tr

        raise DossierError(tr("{path}: cannot write: {reason}", path=path, reason=os_reason(exc))) from None
