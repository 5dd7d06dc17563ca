"""A pool that `dossier import netrunnerdb` wrote with older readings of the card text than this Dossier's says
so, once, in one warning line naming the import to run again (toolkit/importers/marker.py); a pool of this
Dossier's readings, and a folder that no import wrote, say nothing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from toolkit import config
from toolkit.importers.marker import MARKER, READINGS, stale_import


def _pool(tmp_path: Path, marker: dict[str, object] | None) -> Path:
    root = tmp_path / "pool"
    root.mkdir(parents=True)
    if marker is not None:
        (root / MARKER).write_text(json.dumps(marker), encoding="utf-8")
    return root


def test_the_marker_says_which_readings_wrote_the_pool(tmp_path: Path) -> None:
    assert stale_import(_pool(tmp_path / "a", {"source": "/src", "readings": READINGS})) is None
    assert stale_import(_pool(tmp_path / "b", {"source": "/src"})) == "/src"  # (before the marker said)
    assert stale_import(_pool(tmp_path / "c", {"readings": READINGS - 1})) == ""
    assert stale_import(_pool(tmp_path / "d", None)) is None
    assert stale_import(tmp_path / "no such folder") is None


def test_a_command_on_an_older_import_warns_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(config, "_STALE_TOLD", set())
    old = _pool(tmp_path, {"source": "/data/netrunner-cards-json", "readings": 0})
    config.card_pool([old])
    config.card_pool([old])
    lines = [line for line in capsys.readouterr().err.splitlines() if line]
    assert lines == [
        f"dossier: warning: {old}: imported by an older Dossier, whose readings of the card text run fewer cards and "
        f"check fewer deck rules; import it again: `dossier import netrunnerdb /data/netrunner-cards-json --into {old}`"
    ]


def test_a_fresh_import_writes_this_dossier_s_readings(tmp_path: Path) -> None:
    from toolkit.importers import netrunnerdb

    assert netrunnerdb.MARKER == MARKER
    source = Path(__file__).parent / "fixtures" / "netrunnerdb_v2"
    into = tmp_path / "imported"
    netrunnerdb.import_netrunnerdb(source, into)
    marker = json.loads((into / MARKER).read_text(encoding="utf-8"))
    assert marker["readings"] == READINGS and stale_import(into) is None
