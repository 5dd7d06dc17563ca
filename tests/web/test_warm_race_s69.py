"""A reload on one thread while another starts the background warm-up (the editor's save reloads the pool while the
server's own look at the files may do the same): the reload waits for a started warm-up, never for a thread not yet
started (``RuntimeError: cannot join thread before it is started`` made a save answer 500)."""

from __future__ import annotations

import threading
from typing import Any

from toolkit.web.app import WebState
from toolkit.web.settings import WebSettings


def test_a_reload_meeting_a_warm_up_being_started_waits_for_it(web_settings: WebSettings, monkeypatch: Any) -> None:
    web = WebState(web_settings)
    failures: list[BaseException] = []
    real_start = threading.Thread.start

    def other_thread_waits() -> None:
        try:
            web._wait_warming()
        except BaseException as exc:  # noqa: BLE001 (what the other thread met is the finding)
            failures.append(exc)

    waiter: list[threading.Thread] = []

    def start_after_another_thread_looked(self: threading.Thread) -> None:
        if self.name == "dossier-warm" and not waiter:  # the other thread comes in between making and starting
            other = threading.Thread(target=other_thread_waits)
            waiter.append(other)
            real_start(other)
            other.join(0.5)
        real_start(self)

    monkeypatch.setattr(threading.Thread, "start", start_after_another_thread_looked)
    try:
        web.warm_later().join(30)
        waiter[0].join(30)
    finally:
        web.close()
    assert not waiter[0].is_alive()
    assert failures == []
