"""The Netrunner view on a small terminal (sweep 70g, 60x20, a run on remote server 4): the runner's heap stayed
while every server, the run's too, was cut (``(7 servers not shown)``). The run's server goes with the run; the heap
is cut to a count line before any server goes."""

from __future__ import annotations

import re
from typing import Any

from toolkit.engine.netrunner import NetrunnerGame

from .test_netrunner_screen_s60 import _play, _screen


def test_the_run_s_server_outlasts_the_heap_which_is_cut_to_a_count_first() -> None:
    found: list[tuple[str, int, list[str]]] = []

    def check(game: NetrunnerGame, decision: Any) -> None:
        view = game.view(decision.seat)
        run = view["run"]
        if found or run is None or not run["server"].startswith("remote") or len(view["runner"]["heap"]) < 2:
            return
        found.append((run["server"], len(view["runner"]["heap"]), _screen(game, decision, 60, 20, "en")))

    _play(check, turns=40)
    assert found, "no run on a remote server with a heap of 2 cards or more"
    server, heap, rows = found[0]
    number = server.removeprefix("remote")
    assert any(row.startswith(f"  remote server {number}") for row in rows), "\n".join(rows)
    assert not any(row.startswith("  heap: ") for row in rows), "\n".join(rows)  # (not in full: its count, if any)
    counted = [row for row in rows if re.fullmatch(rf"  heap {heap} cards *", row)]
    shown_servers = [row for row in rows if row.startswith(("  HQ", "  R&D", "  Archives", "  remote server"))]
    assert counted or len(shown_servers) <= 1, "\n".join(rows)
