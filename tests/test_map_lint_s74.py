"""A tactics mode the model refused still exists for the maps that name it (sweep 74): ``hideout`` was told its mode
``duel`` "does not exist" when ``duel.json`` had one wrong field, which its own file tells."""

from __future__ import annotations

import json
from pathlib import Path

from toolkit.jsonio import canonical_dumps


def _lint(cli, root: Path) -> list[tuple[str, str]]:  # type: ignore[no-untyped-def]
    done = cli("lint", "--lang", "en", "--no-cache", root)
    return [(line.split(": ")[0], line) for line in done.stdout.splitlines() if ": error " in line]


def test_a_map_naming_a_refused_mode_is_not_told_it_does_not_exist(cli, game_copy) -> None:
    root = game_copy("tactics")
    path = root / "modes" / "duel.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["max_agents"] = "x"
    path.write_text(canonical_dumps(data), encoding="utf-8")
    found = _lint(cli, root)
    assert [line for _, line in found if "map.ref.mode" in line] == [], found
    assert {Path(where.rsplit(":", 2)[0]).name for where, _ in found} == {"duel.json"}, found


def test_a_map_naming_no_mode_is_still_told(cli, game_copy) -> None:
    root = game_copy("tactics")
    path = root / "maps" / "hideout.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["modes"] = ["dule"]
    path.write_text(canonical_dumps(data), encoding="utf-8")
    found = [line for _, line in _lint(cli, root) if "map.ref.mode" in line]
    assert len(found) == 1 and "mode 'dule' does not exist" in found[0], found
