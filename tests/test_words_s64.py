"""Words of this stop's sweep that no other test reads."""

from __future__ import annotations

from toolkit.i18n import t


def test_a_plot_bar_counts_what_it_counts_in_chinese() -> None:
    """The bars of crossfire's plot (roles dealt, not games) said （1000 局） in a 500-table run."""
    label = t("zh-Hans", "{rate}%\n(n={n})", rate="50", n=1000)
    assert label == "50%\n（样本 1000）" and "局" not in label
