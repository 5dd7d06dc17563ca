"""No single client stalls the server (issue 26): print sheets are drawn off the event loop in a bounded pool,
and a print beyond the pool's queue is refused at once with 503 and Retry-After, as a page of the print form."""

from __future__ import annotations

import threading
import time
from typing import Any

import anyio
from fastapi import HTTPException

from toolkit.web.heavy import Busy, HeavyPool


def run_in_a_thread(main: Any) -> None:
    """``anyio.run(main)`` in a thread of its own (the session's browser, Playwright, may hold an event loop in
    the test's thread); its failure raised here."""
    failed: list[BaseException] = []

    def run() -> None:
        try:
            anyio.run(main)
        except BaseException as exc:  # noqa: BLE001 - raised again in the test's thread
            failed.append(exc)

    runner = threading.Thread(target=run)
    runner.start()
    runner.join(30)
    if failed:
        raise failed[0]


def held_job() -> tuple[threading.Event, Any]:
    """A job that draws nothing until the event is set (a sheet being drawn), and that event."""
    release = threading.Event()

    def job() -> str:
        release.wait(10)
        return "drawn"

    return release, job


def test_the_pool_refuses_beyond_its_queue() -> None:
    pool = HeavyPool(workers=1, queue=1)
    release, job = held_job()
    outcomes: list[Any] = []

    async def one(client: str) -> None:
        try:
            outcomes.append(await pool.run(job, client=client))
        except HTTPException as exc:
            outcomes.append(exc)

    async def main() -> None:
        async with anyio.create_task_group() as group:
            group.start_soon(one, "a")  # runs
            group.start_soon(one, "b")  # waits its turn
            await anyio.sleep(0.2)
            await one("c")  # refused at once, while the two others are admitted
            assert len(outcomes) == 1 and isinstance(outcomes[0], Busy)
            release.set()
        assert outcomes[1:] == ["drawn", "drawn"]
        assert pool.admitted == 0

    run_in_a_thread(main)
    refused = outcomes[0]
    assert refused.status_code == 503 and refused.headers == {"Retry-After": "5"}


def test_a_full_pool_answers_the_print_form_with_a_page(client: Any) -> None:
    web = client.app.state.web
    web.heavy = HeavyPool(workers=1, queue=0)
    web.heavy.admitted = 1  # as if a sheet were being drawn
    answer = client.post("/print?lang=en", data={"calibrate": "1"})
    assert answer.status_code == 503 and answer.headers["retry-after"] == "5"
    assert answer.headers["content-type"].startswith("text/html")
    assert "busy drawing other sheets" in answer.text
    web.heavy.admitted = 0
    assert client.post("/print", data={"calibrate": "1"}).status_code == 200


def test_searches_are_answered_while_a_sheet_is_drawn(live_server: str, monkeypatch: Any) -> None:
    import httpx

    from toolkit.web.routes import printing

    drawing = threading.Event()
    real = printing.draw

    def slow_draw(*args: Any) -> Any:
        drawing.set()
        time.sleep(2.0)  # a large sheet
        return real(*args)

    monkeypatch.setattr(printing, "draw", slow_draw)
    with httpx.Client(base_url=live_server) as c:
        csrf = c.get("/print").cookies.get("csrf") or c.cookies.get("csrf")
        headers = {"Origin": live_server, "X-CSRF-Token": str(csrf)}
        printed: list[int] = []
        thread = threading.Thread(
            target=lambda: printed.append(c.post("/print", data={"calibrate": "1"}, headers=headers).status_code)
        )
        thread.start()
        assert drawing.wait(10)
        with httpx.Client(base_url=live_server) as other:
            began = time.perf_counter()
            answer = other.get("/api/search", params={"q": "t:ice"})
            took = time.perf_counter() - began
        thread.join(20)
    assert answer.status_code == 200 and took < 1.0, took
    assert printed == [200]


def test_the_answer_cache_is_bounded_in_bytes(client: Any, monkeypatch: Any) -> None:
    from toolkit.web import app as web_app

    monkeypatch.setattr(web_app, "CACHE_BYTES", 1024 * 1024)
    web = client.app.state.web
    filler = "# " + "x" * 30_000 + "\n"  # a comment line: every deck a large key
    for n in range(40):
        text = f"# name: deck {n}\n" + filler + "3x Sure Gamble\n"
        assert client.post("/api/decks/validate", json={"text": text}).status_code == 200
        assert web._cache_bytes <= 1024 * 1024
    assert 0 < len(web._cache) < 40  # the oldest went first
    web.reload()
    assert web._cache_bytes == 0 and not web._cache


def test_one_client_has_at_most_two_sheets_admitted() -> None:
    pool = HeavyPool(workers=4, queue=8, per_client=2)
    release, job = held_job()
    outcomes: list[Any] = []

    async def one(client: str) -> None:
        try:
            outcomes.append((client, await pool.run(job, client=client)))
        except HTTPException as exc:
            outcomes.append((client, exc.status_code))

    async def main() -> None:
        async with anyio.create_task_group() as group:
            for _ in range(2):
                group.start_soon(one, "10.0.0.1")
            await anyio.sleep(0.2)
            await one("10.0.0.1")  # a third from the same address: refused at once
            group.start_soon(one, "10.0.0.2")  # another client is admitted
            await anyio.sleep(0.2)
            release.set()

    run_in_a_thread(main)
    assert outcomes[0] == ("10.0.0.1", 429)
    assert sorted(outcomes[1:]) == [("10.0.0.1", "drawn"), ("10.0.0.1", "drawn"), ("10.0.0.2", "drawn")]
    assert pool.clients == {} and pool.admitted == 0
