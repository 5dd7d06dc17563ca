"""`dossier scenario run`: what a rules author met in stop 63's sweep of the Netrunner engine. A check of a misspelt
log event passed (it counted 0), fields of the other side were taken and dropped (the runner's bad publicity, a
face-down heap), and the runner's own numbers for corp cards stood beside the log's numbers for the same cards."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

POSITION = {"game": "netrunner", "name": "numbers", "active": "runner",
            "corp": {"identity": "weyland_iron_ledger", "credits": 0,
                     "servers": {"remote1": {"root": [{"card": "weyland_ore_refinery"}]}}},
            "runner": {"identity": "zero_weaver", "credits": 5}, "decisions": ["run:remote1", "continue"]}  # fmt: skip


def _file(tmp_path: Path, **changes: Any) -> Path:
    data = json.loads(json.dumps(POSITION))
    for side in ("corp", "runner"):
        data[side].update(changes.pop(side, {}))
    data.update(changes)
    path = tmp_path / "s.json"
    path.write_text(json.dumps(data, indent=1), encoding="utf-8")
    return path


def test_the_runner_numbers_are_told_beside_the_logs(cli: Any, tmp_path: Path) -> None:
    """The runner's decision names the face-down asset it reached by the runner's number; the log by the card's."""
    result = cli("scenario", "run", _file(tmp_path), "--lang", "en")
    assert result.exit_code == 0, result.output
    note = re.search(r"in the log: #(\d+) is #(\d+)\)", result.stdout)
    assert note is not None, result.stdout
    handle, uid = note.groups()
    log, _, waiting = result.stdout.partition("waiting for the runner")
    assert f"Ore Refinery#{uid}" in log and f"Ore Refinery#{handle}" not in log
    assert f"Ore Refinery#{handle}" in waiting
    data = json.loads(cli("scenario", "run", _file(tmp_path), "--format", "json").stdout)
    assert data["pending"]["log_numbers"] == {handle: int(uid)}


def test_a_check_of_an_event_the_log_never_has_is_an_error(cli: Any, tmp_path: Path) -> None:
    path = _file(tmp_path, expect={"log.acess": 0})
    result = cli("scenario", "run", path, "--lang", "en")
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert f"{path}:" in result.output and "/expect/log.acess: the log has no event 'acess'" in result.output
    assert "did you mean 'access'" in result.output
    assert cli("scenario", "run", _file(tmp_path, expect={"log.access": 1})).exit_code == 0


@pytest.mark.parametrize(("side", "field", "value"), [("runner", "bad_publicity", 1), ("runner", "discard_facedown",
                         ["gray_rat"]), ("corp", "tags", 2), ("corp", "brain_damage", 1)])  # fmt: skip
def test_a_field_of_the_other_side_is_refused(cli: Any, tmp_path: Path, side: str, field: str, value: Any) -> None:
    path = _file(tmp_path, **{side: {field: value}})
    result = cli("scenario", "run", path, "--lang", "en")
    assert result.exit_code == 1 and f"/{side}/{field}: only the " in result.output, result.output


def test_a_card_in_the_wrong_place_is_named_with_its_type(cli: Any, tmp_path: Path) -> None:
    """English read "is a upgrade", "is a event"."""
    ice = _file(tmp_path, corp={"servers": {"hq": {"ice": [{"card": "hb_director_hale"}]}}})
    assert "'hb_director_hale' (upgrade) is not ice" in cli("scenario", "run", ice, "--lang", "en").output
    rig = _file(tmp_path, runner={"rig": [{"card": "overnight_takeout"}]})
    assert "'overnight_takeout' (event) cannot be in the rig" in cli("scenario", "run", rig, "--lang", "en").output
