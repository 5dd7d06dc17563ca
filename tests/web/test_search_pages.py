"""/cards a page at a time: the true number of matches, a sort control, page links (previous, next, numbers);
NetrunnerDB's codes (f:hb) on the page, and an unknown code shown as an error with its column."""

from __future__ import annotations

import re
from typing import Any

import pytest

NETRUNNER_CARDS = {"q": "k:card", "game": "netrunner"}


def tiles(html: str) -> list[str]:
    """The refs of the result tiles, in page order."""
    return re.findall(r'<a class="tile" href="[^"]*" data-ref="([^"]+)"', html)


def total_of(html: str) -> int:
    found = re.search(r'id="result-count" data-total="(\d+)"', html)
    assert found is not None, "no result count"
    return int(found.group(1))


def test_the_page_shows_the_true_count_not_the_page_size(ro_client: Any) -> None:
    api = ro_client.get("/api/search", params={**NETRUNNER_CARDS, "limit": 1}).json()
    assert api["count"] == 1 and api["total"] > 60  # more than one page of 60
    response = ro_client.get("/cards", params={**NETRUNNER_CARDS, "lang": "en"})
    assert response.status_code == 200
    html = response.text
    assert total_of(html) == api["total"]
    assert f"{api['total']} records" in html
    assert len(tiles(html)) == 60
    assert f"1–60 of {api['total']}, page 1 of {-(-api['total'] // 60)}" in html
    assert 'id="page-next"' in html and 'id="page-previous"' not in html
    assert 'aria-current="page"' in html and "Show more" not in html


def test_pages_and_sort_cover_every_match_once_in_order(ro_client: Any) -> None:
    params = {**NETRUNNER_CARDS, "sort": "name", "limit": 40, "lang": "en"}
    every = ro_client.get("/api/search", params={**params, "limit": 500}).json()["results"]
    pages = []
    number = 1
    while True:
        html = ro_client.get("/cards", params={**params, "page": number}).text
        pages.append(tiles(html))
        if 'id="page-next"' not in html:
            break
        assert "sort=name" in html and f"page={number + 1}" in html  # the links keep the sort
        number += 1
    assert number == -(-len(every) // 40) > 1
    assert [ref for page in pages for ref in page] == [r["ref"] for r in every]
    names = [r["name"].casefold() for r in every]
    assert names == sorted(names)
    last = ro_client.get("/cards", params={**params, "page": number}).text
    assert 'id="page-previous"' in last and '<option value="name" selected>' in last


def test_sort_descending_and_an_unknown_sort_falls_back(ro_client: Any) -> None:
    html = ro_client.get("/cards", params={**NETRUNNER_CARDS, "sort": "-cost", "lang": "en"}).text
    first = ro_client.get("/api/search", params={**NETRUNNER_CARDS, "sort": "-cost", "limit": 60}).json()
    assert tiles(html) == [r["ref"] for r in first["results"]]
    assert '<option value="-cost" selected>' in html
    # (sweep 75: a tactics card's cost prints as a negative number, what it mortgages: "dearest first" holds for both)
    assert 'Cost, dearest first</option>' in html
    fallback = ro_client.get("/cards", params={**NETRUNNER_CARDS, "sort": "colour", "lang": "en"})
    # (sweep 67: a 400, as /api/search answers; the Sort menu keeps what was asked, the results in the default order)
    assert fallback.status_code == 400 and '<option value="colour" selected>' in fallback.text


def test_netrunnerdb_codes_and_an_unknown_code_on_the_page(ro_client: Any) -> None:
    html = ro_client.get("/cards", params={"q": "f:hb k:card", "lang": "en"}).text
    hb = ro_client.get("/api/search", params={"q": "f:haas_bioroid k:card", "limit": 500}).json()
    assert total_of(html) == hb["total"] > 0 and 'id="pager"' not in html  # one page: no pager
    wrong = ro_client.get("/cards", params={"q": "t:ice f:hbb", "lang": "en"})
    assert wrong.status_code == 400
    assert "Error (column 9):" in wrong.text and "did you mean hb?" in wrong.text


def test_a_page_past_the_last_says_so(ro_client: Any) -> None:
    html = ro_client.get("/cards", params={**NETRUNNER_CARDS, "page": 99, "lang": "en"}).text
    assert tiles(html) == [] and "No records on page 99" in html and 'id="page-previous"' in html


# ---------------------------------------------------------------------- in Chromium


@pytest.mark.slow
def test_sort_paginate_and_search_by_code_in_the_browser(live_server: str, page: Any) -> None:
    page.goto(live_server + "/cards?lang=en")
    page.fill("#q", "f:hb")
    page.select_option("#game", "netrunner")
    page.select_option("#sort", "name")
    page.press("#q", "Enter")
    page.locator("#results li").first.wait_for()
    names = page.locator("#results .name").all_inner_texts()
    assert len(names) > 3 and [n.casefold() for n in names] == sorted(n.casefold() for n in names)
    assert "sort=name" in page.url
    page.fill("#q", "k:card")
    page.select_option("#sort", "-cost")
    page.press("#q", "Enter")
    page.wait_for_url(re.compile(r"sort=-cost"))
    total = int(page.get_attribute("#result-count", "data-total") or 0)
    assert total > 60 and page.locator("#results li").count() == 60
    first_page = page.locator("#results a.tile").first.get_attribute("data-ref")
    page.click("#page-next")
    page.wait_for_url(re.compile(r"page=2"))
    assert page.locator('#pager [aria-current="page"]').inner_text() == "2"
    assert page.locator("#result-range").inner_text().startswith("61–")
    assert page.locator("#results a.tile").first.get_attribute("data-ref") != first_page
    assert page.locator("#sort").input_value() == "-cost"  # the sort stays chosen on the next page
    page.click("#page-previous")
    page.wait_for_url(re.compile(r"sort=-cost(?!.*page=)"))
    assert page.locator("#results a.tile").first.get_attribute("data-ref") == first_page


def test_a_sort_by_name_follows_the_page_language(ro_client: Any) -> None:
    """The web's sort=name sorted by English names on a Chinese page (the search was not given the language)."""
    params = {**NETRUNNER_CARDS, "sort": "name", "limit": 500}
    english = ro_client.get("/api/search", params={**params, "lang": "en"}).json()["results"]
    chinese = ro_client.get("/api/search", params={**params, "lang": "zh-Hans"}).json()["results"]
    assert {r["ref"] for r in english} == {r["ref"] for r in chinese}
    assert [r["ref"] for r in english] != [r["ref"] for r in chinese]
    names = [r["name"] for r in chinese]
    assert names == sorted(names)
