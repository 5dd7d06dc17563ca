"""Chinese crossfire lines: a seat beside Chinese words is spaced as Chinese is (`被 3（Cy）击中`, `被 2 击中`)."""

from __future__ import annotations

import pytest

from toolkit.i18n import t_beside


@pytest.mark.parametrize(
    ("seats", "said"),
    [("2", "被 2 击中"), ("3（Cy）", "被 3（Cy）击中"), ("2 号座位（Bo）", "被 2 号座位（Bo）击中"), ("2 号座位", "被 2 号座位击中")],
)
def test_a_seat_is_spaced_from_the_chinese_beside_it_as_its_own_text_needs(seats: str, said: str) -> None:
    """The translation spaced every seat from 击中, so a seat ending in ） or 位 read `被 3（Cy） 击中`."""
    assert t_beside("zh-Hans", "hit by {seats}", seats=seats) == said


def test_a_protection_line_and_english() -> None:
    line = t_beside("zh-Hans", "{seat} protected by {protector} against the bullet of {shooter}", seat="1 号座位",
                    protector="2 号座位", shooter="3 号座位")  # fmt: skip
    assert line == "2 号座位保护了 1 号座位，抵消了 3 号座位的子弹"
    assert t_beside("en", "hit by {seats}", seats="3 (Cy)") == "hit by 3 (Cy)"


def test_the_resolution_in_chinese(cli) -> None:  # type: ignore[no-untyped-def]
    from .conftest import ROOT

    out = cli("crossfire", "resolve", ROOT / "examples" / "crossfire" / "round1.json", "--lang", "zh-Hans").stdout
    assert "被 3（Cy）击中" in out and "4 号座位（Di）被 2 号座位（Bo）击中" in out and "） 击中" not in out, out
