"""A JSON body that JSON cannot carry back (NaN, Infinity, a number that overflows a float, a lone surrogate, bytes
that are not UTF-8) is refused by every route with 400 and one line naming the problem and its place; FastAPI's own
refusals (bad JSON, a field of the wrong type) are 422 with one line that does not echo the input. Before, the
refusal echoed the input and failed to encode it: a 500 with a traceback."""

from __future__ import annotations

from typing import Any

import pytest

ROUTES = (
    "/api/decks/validate", "/api/decks/analyze", "/api/decks/stats", "/api/decks/odds", "/api/decks/draw",
    "/api/decks/share", "/api/decks/import", "/api/decks/export", "/api/decks/export/download", "/api/decks/roles",
    "/api/decks/saved", "/editor/check", "/editor/save",
)  # fmt: skip
BODIES = (
    (b'{"text":"\\ud800"}', "lone surrogate", "line 1, column 2"),
    (b'{"text":NaN}', "NaN is not a JSON value", "line 1, column 2"),
    (b'{"text":1e400}', "number 1e400 is too large to read", "line 1, column 2"),
    (b'{"text": "x", "deck": {"name": -Infinity}}', "-Infinity is not a JSON value", "line 1, column 24"),
    (b'{"text": "x", "\\udc00": 1}', "a key with a lone surrogate", "line 1, column 15"),
)


@pytest.mark.parametrize("route", ROUTES)
@pytest.mark.parametrize(("body", "said", "where"), BODIES)
@pytest.mark.slow
def test_a_body_json_cannot_carry_is_refused_in_one_line(client: Any, route: str, body: bytes, said: str,
                                                         where: str) -> None:  # fmt: skip
    answer = client.post(f"{route}?lang=en", content=body, headers={"Content-Type": "application/json"})
    assert answer.status_code == 400, (route, answer.status_code, answer.text[:300])
    detail = answer.json()["detail"]
    assert isinstance(detail, str) and "\n" not in detail, detail
    assert detail.startswith("the request body is not valid JSON: ") and said in detail, detail
    assert detail.endswith(f" ({where})"), detail


@pytest.mark.parametrize("route", ROUTES)
@pytest.mark.slow
def test_the_framework_s_refusals_are_one_line_without_the_input(client: Any, route: str) -> None:
    bad_json = client.post(f"{route}?lang=en", content=b'{\n "text": ,}', headers={"Content-Type": "application/json"})
    assert bad_json.status_code == 422
    assert bad_json.json() == {"detail": "the request body is not valid JSON: Expecting value (line 2, column 10)"}
    wrong = client.post(f"{route}?lang=en", json={"text": ["x" * 50], "deck": 3, "path": 7})
    assert wrong.status_code in (400, 422), wrong.text[:300]
    detail = wrong.json()["detail"]
    assert isinstance(detail, str) and "\n" not in detail and "x" * 50 not in detail, detail


def test_bodies_in_the_other_language_and_bodies_that_are_fine(client: Any) -> None:
    zh = client.post("/api/decks/validate?lang=zh-Hans", content=b'[NaN]', headers={"Content-Type": "application/json"})
    assert zh.status_code == 400 and "NaN 不是 JSON 值" in zh.json()["detail"]
    raw = client.post("/api/decks/validate?lang=en", content=b'{"text":"\xed\xa0\x80"}',
                      headers={"Content-Type": "application/json"})  # fmt: skip
    assert raw.status_code == 400 and raw.json()["detail"] == "the request body is not UTF-8 (byte 9)"
    # the words NaN and 1e400 inside a string, a pair of surrogates (one character), a large finite number: fine
    fine = client.post("/api/decks/validate?lang=en", json={"text": "NaN 1e400 Infinity \U0001f600", "mode": None})
    assert fine.status_code == 200, fine.text[:300]
    typed = client.post("/api/decks/analyze?lang=en", content=b'{"text": "", "turns": 1.5e300}',
                        headers={"Content-Type": "application/json"})  # fmt: skip
    assert typed.status_code == 422 and typed.json()["detail"].startswith("/turns: "), typed.text


@pytest.mark.parametrize(
    ("body", "problem"),
    [(b'{"a": [1, 2.5, 1E+999]}', "number 1E+999"), (b'{"a": "' + b"9" * 400 + b'.0"}', None),
     (b'{"a": ' + b"9" * 400 + b'.0}', "is too large to read"), (b'{"a": 1e308}', None), (b"{bad", None),
     (b'"\\ud83d\\ude00"', None), (b'"\\ud83d"', "lone surrogate")],
)  # fmt: skip
def test_json_body_problem(body: bytes, problem: str | None) -> None:
    from toolkit import i18n
    from toolkit.web.guard import json_body_problem

    with i18n.use_lang("en"):
        found = json_body_problem(body)
    assert (found is None) if problem is None else (found is not None and problem in found), found


def test_validation_detail_names_at_most_three_fields() -> None:
    from toolkit import i18n
    from toolkit.web.guard import validation_detail

    errors: list[dict[str, Any]] = [
        {"type": "missing", "loc": ("body", f"f{i}"), "msg": "Field required", "input": {}} for i in range(5)
    ]
    errors.append({"type": "greater_than_equal", "loc": ("query", "limit"), "ctx": {"ge": 1}, "input": 0})
    with i18n.use_lang("en"):
        assert validation_detail(errors) == (
            "/f0: a required field is missing; /f1: a required field is missing; /f2: a required field is missing"
            " (and 3 more)"
        )
        assert validation_detail(errors[-1:]) == "?limit: expected a number of at least 1"


# (the search page tells its own odd ?page=, ?limit= and over-long query inline: tests/web/test_round57b_web.py)
@pytest.mark.parametrize("url", ["/editor?page=abc"])
def test_a_page_asked_for_with_a_bad_parameter_is_a_page(client: Any, url: str) -> None:
    """A browser (Accept: text/html) gets the refusal as a page of the app, in one line; a client of the API, JSON."""
    page = client.get(f"{url}&lang=en", headers={"Accept": "text/html,application/xhtml+xml"})
    assert page.status_code == 422 and page.headers["content-type"].startswith("text/html")
    assert 'id="page-error"' in page.text and "Traceback" not in page.text
    api = client.get(f"{url}&lang=en", headers={"Accept": "*/*"})
    assert api.status_code == 422 and isinstance(api.json()["detail"], str)


@pytest.mark.parametrize(("url", "said"), [("/api/records/tactics/nope", "No tactics record has the id nope"),
                                           ("/api/records/chess/x", "unknown game 'chess'"),
                                           ("/api/decks/saved/nope", "no saved deck 'nope'")])  # fmt: skip
def test_what_is_not_there_is_404(client: Any, url: str, said: str) -> None:
    answer = client.get(f"{url}?lang=en")
    assert answer.status_code == 404 and said in answer.json()["detail"]


@pytest.mark.parametrize(("query", "said"), [("identity=anvil", "no netrunner identity 'anvil'"),
                                             ("mode=zzz", "unknown format 'zzz'")])  # fmt: skip
def test_the_builder_s_card_search_says_a_scope_that_is_not_there(client: Any, query: str, said: str) -> None:
    answer = client.get(f"/api/decks/cards?game=netrunner&{query}&lang=en")
    assert answer.status_code == 400 and said in answer.json()["detail"]
    assert client.get("/api/decks/cards?game=netrunner&mode=standard&lang=en").status_code == 200
