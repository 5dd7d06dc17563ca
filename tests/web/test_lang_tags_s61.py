"""Stop 61: a page's `?lang=` takes a language tag as the browser's header does (`?lang=zh` and `?lang=zh-CN` were
silently ignored: only `zh-Hans` switched the page), and the map's caption names a seat as the log does (玩家1)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from toolkit.i18n import t


@pytest.mark.parametrize(("asked", "lang"), [("zh", "zh-Hans"), ("zh-CN", "zh-Hans"), ("zh_hans", "zh-Hans"),
                                             ("en-US", "en"), ("EN", "en")])  # fmt: skip
def test_a_language_tag_in_the_address_switches_the_page(client: Any, asked: str, lang: str) -> None:
    client.cookies.set("lang", "en" if lang != "en" else "zh-Hans")
    page = client.get(f"/cards?lang={asked}")
    assert page.status_code == 200
    assert re.search(r'<html[^>]* lang="([^"]+)"', page.text).group(1) == lang  # type: ignore[union-attr]


def test_a_language_we_do_not_speak_leaves_the_page_as_it_was(client: Any) -> None:
    client.cookies.set("lang", "en")
    page = client.get("/cards?lang=fr")
    assert re.search(r'<html[^>]* lang="([^"]+)"', page.text).group(1) == "en"  # type: ignore[union-attr]


def test_the_map_caption_names_the_seat_as_the_log_does() -> None:
    assert t("zh-Hans", "P{seat} to act", seat=1).startswith(t("zh-Hans", "P{seat}", seat=1))


def test_the_play_api_refuses_as_the_other_api_refusals_do(client: Any) -> None:
    """docs/reference/web.md: a refusal is `{"detail": "…"}` in the request's language (the play API said
    `{"error": …}`)."""
    missing = client.get("/api/play/nonexistentxxxxxxxxxxxxx?lang=en")
    assert missing.status_code == 404
    assert set(missing.json()) == {"detail"} and missing.json()["detail"]
