"""Stop 75 (helper 788): four small defects.

1. ``text coverage`` on a netrunner-only pool named by DOSSIER_CARDS covered tactics and refused, telling the user
   to set DOSSIER_CARDS; it reports the pool's game, and never suggests setting what is set.
2. A card script that returns installed ice to HQ logged the server it protected as the zone it left ("zone: HQ,
   to: HQ"); the log says where it was: ice protecting HQ (a server's root for other cards).
3. The heuristic runner played an event counted by the clicks left (one card per click left) on its last click.
4. The calibration page's "100 mm" and card size were fixed English; they come from the catalog.
"""

from __future__ import annotations

import io
import random
from pathlib import Path
from typing import Any

import pytest

from tests.scripts.kit import card, corp, events, ids, play, runner
from tests.scripts.test_liberation_corp import RECORDS as LIBERATION
from tests.test_nrdb_text import imported  # noqa: F401 (a fixture)

# ---------------------------------------------------------------- 1. coverage of a netrunner pool


def test_coverage_of_a_netrunner_pool_reports_its_reading(
    imported: Path,  # noqa: F811
    cli: Any,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("DOSSIER_CARDS", str(imported))
    result = cli("text", "coverage", "--summary", "--lang", "en")
    assert result.exit_code == 0, result.stderr
    assert "executable" in result.stdout and "map" not in result.stderr
    given = cli("text", "coverage", "--game", "netrunner", "--summary", "--lang", "en")
    assert given.exit_code == 0 and given.stdout == result.stdout
    seeded = cli("text", "coverage", "--seed", "3", "--lang", "en")  # (the netrunner report plays no games)
    assert seeded.exit_code != 0 and "--seed" in seeded.stderr


def test_coverage_asked_for_tactics_of_a_netrunner_pool_says_which_game(
    imported: Path,  # noqa: F811
    cli: Any,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("DOSSIER_CARDS", str(imported))
    result = cli("text", "coverage", "--game", "tactics", "--lang", "en")
    assert result.exit_code != 0
    assert "--game netrunner" in result.stderr and "DOSSIER_CARDS=DIR" not in result.stderr, result.stderr


def test_coverage_of_a_pool_without_maps_never_says_to_set_what_is_set(
    tmp_path: Path, cli: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    empty = tmp_path / "empty"
    empty.mkdir()
    monkeypatch.setenv("DOSSIER_CARDS", str(empty))
    result = cli("text", "coverage", "--lang", "en")
    assert result.exit_code != 0 and "no tactics map" in result.stderr
    assert "DOSSIER_CARDS=DIR" not in result.stderr and "--cards DIR" in result.stderr, result.stderr
    monkeypatch.delenv("DOSSIER_CARDS")
    given = cli("text", "coverage", "--cards", empty, "--lang", "en")
    assert given.exit_code != 0 and "no tactics map" in given.stderr
    assert "DOSSIER_CARDS" not in given.stderr.replace(str(empty), ""), given.stderr


# ---------------------------------------------------------------- 2. installed ice back to HQ, in the log


def _moves_to_hq(result: Any) -> list[dict[str, Any]]:
    return [e for e in events(result, "move") if e.get("to") == "hq"]


def test_ice_returned_to_hq_is_logged_as_leaving_the_servers_ice() -> None:
    from toolkit.cli._lang import LogNames
    from toolkit.engine.phrase import Phrase

    servers = {"hq": {"ice": [{"card": "descent", "rezzed": True}]}}
    r = play(LIBERATION, ["credit", "yes"], active="runner", corp=corp(servers=servers), runner=runner(clicks=1))
    assert "descent" in ids(r.game.corp.hand)
    (move,) = _moves_to_hq(r)
    assert isinstance(move["zone"], Phrase), move  # not the server's name, which reads as HQ the hand
    entry = next(e for e in r.game.log if e.kind == "move").to_json()
    english = LogNames(LIBERATION, "en").line(entry)
    assert "ice protecting HQ" in english and "zone: HQ," not in english, english
    chinese = LogNames(LIBERATION, "zh-Hans").line(entry)
    assert "区域：总部，" not in chinese, chinese  # (the server's name alone, as the hand is named)


def test_an_asset_returned_to_hq_is_logged_as_leaving_a_servers_root() -> None:
    from toolkit.cli._lang import LogNames

    servers = {"remote1": {"root": [{"card": "janaina_jk_dumont_kindelan", "rezzed": True, "credits": 6}]}}
    r = play(LIBERATION, ["use:janaina_jk_dumont_kindelan/1", "done"], active="corp",
             corp=corp(servers=servers, clicks=3))  # fmt: skip
    (move,) = _moves_to_hq(r)
    entry = next(e for e in r.game.log if e.kind == "move").to_json()
    assert "the root of" in LogNames(LIBERATION, "en").line(entry), move


# ---------------------------------------------------------------- 3. an event counted by the clicks left


PER_CLICK = card("ritual", "event", ["Draw one card for each [click] you have left."], cost=0, faction="shaper")


def _runner_choice(clicks: int) -> str:
    from tests.scripts.kit import bundled
    from toolkit.engine.netrunner.players import HeuristicRunner

    r = play([*bundled(), PER_CLICK], [], active="runner",
             runner=runner(hand=["ritual"], clicks=clicks, credits=2), corp=corp())  # fmt: skip
    assert r.pending is not None and r.pending.kind == "action"
    return HeuristicRunner(random.Random(1)).decide(r.game, r.pending)


def test_the_runner_does_not_play_an_event_counted_by_clicks_on_its_last_click() -> None:
    assert not _runner_choice(1).startswith("play:ritual")
    assert _runner_choice(3).startswith("play:ritual")  # (with clicks left after it, it draws)


# ---------------------------------------------------------------- 4. the calibration page's lengths


def _calibration_text(lang: str) -> str:
    import pypdf

    from toolkit.i18n import use_lang
    from toolkit.sheets.fonts import bundled
    from toolkit.sheets.geometry import SheetSpec
    from toolkit.sheets.render import render_calibration

    with use_lang(lang) as out:
        sheet = render_calibration(SheetSpec(), bundled(), lang=out)
    reader = pypdf.PdfReader(io.BytesIO(sheet.pdf))
    return "\n".join(page.extract_text() for page in reader.pages)


def test_the_calibration_page_says_its_lengths_in_the_catalogs_words() -> None:
    pseudo = _calibration_text("en-XA")
    lines = pseudo.splitlines()
    assert "100 mm" not in lines and "63 × 88 mm" not in lines, pseudo
    assert any(line.startswith("‹100 ") for line in lines) and any(line.startswith("‹63×88 ") for line in lines)
    chinese = _calibration_text("zh-Hans")
    assert "63×88 毫米" in chinese.splitlines() and "63 × 88 mm" not in chinese, chinese
