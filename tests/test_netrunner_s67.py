"""Session 67's Netrunner fixes: a psi game counts the runner's bad-publicity credits as a trace does (seed 001: they
may be spent during the run; N7: each side bids 0-2, no more than it has), paid from them first; the terminal shows
the heap, both score areas, a hand size other than 5, brain damage and the run's bad-publicity credits (plain and
full-screen); a run event with no server it may run on is not offered (it would only throw its click and credits
away)."""

from __future__ import annotations

import io
from typing import Any

import pytest
from rich.cells import set_cell_size
from rich.console import Console

from tests.test_netrunner_rules import events, scenario
from toolkit.cli._lang import LogNames
from toolkit.engine.keys import Cursor, draw
from toolkit.engine.netrunner.screen import WIDE, ScreenPolicy, icon_words
from toolkit.engine.netrunner.terminal import describe, table_parts

GATE = {"hq": {"ice": [{"card": "hb_reading_gate", "rezzed": True}]}}


def labels(r: Any) -> list[str]:
    return [o.label for o in r.pending.options]


# ---------------------------------------------------------------- 1. a psi game counts bad-publicity credits


def test_the_runner_bids_its_bad_publicity_credits_in_a_psi_game() -> None:
    """Seed 001: the bad-publicity credits may be spent in this run; N7: a bid of 0-2, no more than one has."""
    r = scenario(["run:hq", "bid:2"], corp={"bad_publicity": 2, "servers": GATE}, runner={"credits": 0})
    assert r.pending is not None and r.pending.kind == "psi" and r.pending.seat == 2
    assert labels(r) == ["bid:0", "bid:1", "bid:2"]


def test_a_psi_bid_is_paid_from_the_bad_publicity_credits_first() -> None:
    r = scenario(["run:hq", "bid:2", "bid:2"], corp={"bad_publicity": 2, "servers": GATE}, runner={"credits": 1})
    psi = events(r, "psi")[0]
    assert (psi["corp"], psi["runner"], psi["equal"]) == (2, 2, True)
    assert r.game.runner.credits == 1  # both credits came from the run's bad publicity
    pay = [e for e in events(r, "pay") if e["side"] == "runner"]
    assert pay and pay[-1]["credits"] == 2 and pay[-1]["credits_left"] == 1


def test_a_psi_bid_with_one_bad_publicity_credit_takes_the_rest_from_the_pool() -> None:
    r = scenario(["run:hq", "bid:2"], corp={"bad_publicity": 1, "servers": GATE}, runner={"credits": 0})
    assert labels(r) == ["bid:0", "bid:1"]
    r = scenario(["run:hq", "bid:2", "bid:2"], corp={"bad_publicity": 1, "servers": GATE}, runner={"credits": 3})
    assert events(r, "psi")[0]["runner"] == 2 and r.game.runner.credits == 2


# ---------------------------------------------------------------- 2. the terminal shows the rest of the table


def _table(r: Any, seat: int, lang: str = "en") -> list[str]:
    return describe(r.game.view(seat), lang, LogNames(r.game.records, lang))


def _position() -> Any:
    """A run on HQ at its psi game, the corp with 2 bad publicity and an agenda scored (its hand size +1), the runner
    with two cards in its heap, an agenda stolen and 1 brain damage (its hand size 4)."""
    corp = {"bad_publicity": 2, "servers": GATE, "score_area": ["hb_cortex_mapping"],
            "discard_facedown": ["neutral_plywood_screen"]}  # fmt: skip
    runner = {"credits": 0, "discard": ["smash_night", "backup_mirror"], "score_area": ["hb_efficiency_mandate"],
              "brain_damage": 1}  # fmt: skip
    return scenario(["run:hq"], corp=corp, runner=runner)


def _name(r: Any, card_id: str, lang: str = "en") -> str:
    record = next(c for c in r.game.records if getattr(c, "id", None) == card_id and c.kind == "card")
    return record.name.en if lang == "en" else record.name.zh_hans


def test_the_plain_table_shows_heap_score_areas_hand_size_brain_damage_and_bad_publicity_credits() -> None:
    r = _position()
    for seat in (1, 2):
        lines = _table(r, seat)
        text = "\n".join(lines)
        heap = [line for line in lines if line.strip().startswith("heap:")]
        assert heap and _name(r, "smash_night") in heap[0] and _name(r, "backup_mirror") in heap[0], text
        scored = [line for line in lines if line.strip().startswith("score area:")]
        assert len(scored) == 2, text
        assert _name(r, "hb_cortex_mapping") in scored[0] and _name(r, "hb_efficiency_mandate") in scored[1], text
        runner = next(line for line in lines if line.startswith("runner:"))
        assert "brain damage 1" in runner and "hand size 4" in runner, text
        corp = next(line for line in lines if line.startswith("corp:"))
        assert "hand size 6" in corp, text  # Cortex Mapping Protocol, scored: +1
        run = next(line for line in lines if line.startswith("run on"))
        assert "bad publicity credits 2" in run, text


def test_the_table_leaves_out_what_is_empty_or_usual() -> None:
    r = scenario(["run:hq"], corp={"servers": GATE, "bad_publicity": 0}, runner={"credits": 0})
    lines = _table(r, 2)
    text = "\n".join(lines)
    assert "heap" not in text and "score area" not in text and "brain damage" not in text, text
    assert "hand size" not in text and "bad publicity credits" not in text, text


def test_the_runner_never_sees_archives_face_down_cards_on_the_table() -> None:
    r = _position()
    corp_text, runner_text = "\n".join(_table(r, 1)), "\n".join(_table(r, 2))
    plywood = _name(r, "neutral_plywood_screen")
    assert plywood in corp_text and plywood not in runner_text


def test_the_table_in_chinese_names_the_cards() -> None:
    r = _position()
    text = "\n".join(_table(r, 2, "zh-Hans"))
    for card_id in ("smash_night", "backup_mirror", "hb_cortex_mapping", "hb_efficiency_mandate"):
        assert _name(r, card_id, "zh-Hans") in text, text


def test_table_parts_name_their_new_rows() -> None:
    r = _position()
    kinds = [kind for kind, _ in table_parts(r.game.view(2), "en", LogNames(r.game.records, "en"))]
    assert kinds.count("heap") == 1 and kinds.count("corp_score") == 1 and kinds.count("runner_score") == 1
    assert kinds.index("corp_score") < kinds.index("runner") < kinds.index("heap") < kinds.index("runner_score")


def _screen(r: Any, width: int, height: int, lang: str = "en") -> str:
    out = io.StringIO()
    console = Console(file=out, width=width, height=height, color_system=None, force_terminal=False)
    decision = r.pending
    draw(console, ScreenPolicy(console, lambda: "q", lang).screen(r.game, decision, Cursor(len(decision.options))))
    return out.getvalue()


def _squeezed(text: str) -> str:
    return "".join(text.split())


@pytest.mark.parametrize("lang", ["en", "zh-Hans"])
@pytest.mark.parametrize("width", [150, 80])
def test_the_full_screen_shows_them_too(lang: str, width: int) -> None:
    """Every line of the plain table is on the screen (the table's column of it, its lines folded)."""
    r = _position()
    left = (width - 2) * 3 // 5 if width >= WIDE else width
    rows = _screen(r, width, 50, lang).split("\n")
    table = _squeezed("".join(set_cell_size(row, left) for row in rows if not row.startswith(("│", "╭", "╰"))))
    for line in _table(r, r.pending.seat, lang):
        assert _squeezed(icon_words(line, lang)) in table, (line, rows)
    assert _squeezed(_name(r, "smash_night", lang)) in table


def test_a_small_screen_still_fits() -> None:
    r = _position()
    for width, height in ((80, 24), (40, 15), (100, 12)):
        rows = _screen(r, width, height).rstrip("\n").split("\n")
        assert len(rows) <= height, (width, height, rows)


# ---------------------------------------------------------------- 3. a run event with nowhere to run


def test_a_run_on_a_remote_server_is_not_offered_without_one() -> None:
    r = scenario([], runner={"credits": 5, "hand": ["smash_night"]}, corp={"hand": []})
    assert not [label for label in labels(r) if label.startswith("play:smash_night")]
    assert "credit" in labels(r)


def test_a_run_on_a_remote_server_is_offered_with_one() -> None:
    servers = {"remote1": {"root": [{"card": "neutral_paper_subsidiary", "rezzed": True}]}}
    r = scenario([], runner={"credits": 5, "hand": ["smash_night"]}, corp={"hand": [], "servers": servers})
    assert [label for label in labels(r) if label.startswith("play:smash_night")]


def test_the_offer_and_the_run_read_the_same_servers() -> None:
    """:meth:`~toolkit.engine.netrunner.run.Runs.targets` is what the offer asks and what the run chooses from."""
    servers = {"remote1": {"root": [{"card": "neutral_paper_subsidiary", "rezzed": True}]}}
    r = scenario([], runner={"credits": 5, "hand": ["smash_night"]}, corp={"hand": [], "servers": servers})
    runs = r.game.runs
    assert runs.targets("remote") == ["remote1"] and runs.targets("central") == ["hq", "rnd", "archives"]
    assert runs.targets("hq") == ["hq"]
    r = scenario([], runner={"credits": 5}, corp={"hand": []})
    assert r.game.runs.targets("remote") == []
