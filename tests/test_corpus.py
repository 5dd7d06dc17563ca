"""The bundled data: the counts the foundation promises, clean lint, canonical format.

"Bundled" means the record files git tracks under ``cards/`` (its index), not whatever
the directory holds: a designer's new, untracked agent (valid, with its own exclusive
cards still to come) must not break ``make test``. Outside a git checkout (an sdist)
every file is bundled. Rules every valid record meets are checked on all files.
"""

from __future__ import annotations

import functools
import shutil
import subprocess
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from toolkit.catalog import Catalog, load_catalog
from toolkit.models import iter_texts
from toolkit.models.netrunner import CORP_TYPES, RUNNER_TYPES

from .conftest import CARDS


@functools.cache
def bundled_files() -> tuple[Path, ...]:
    """The record files of the bundled data: those in git's index, or all of them outside a checkout."""
    every = tuple(sorted(CARDS.rglob("*.json")))
    git = shutil.which("git")
    if git is None:
        return every
    try:
        listed = subprocess.run(
            [git, "ls-files", "-z", "--", "."], cwd=CARDS, capture_output=True, check=True, timeout=60
        ).stdout.decode("utf-8")
    except (OSError, subprocess.SubprocessError):
        return every
    tracked = {(CARDS / name).resolve() for name in listed.split("\0") if name.endswith(".json")}
    return tuple(p for p in every if p.resolve() in tracked) if tracked else every


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return load_catalog(bundled_files())


@pytest.fixture(scope="module")
def every_record() -> Catalog:
    return load_catalog([CARDS])


def test_lint_bundled_data_is_clean(cli) -> None:
    result = cli("lint", *bundled_files())
    assert result.exit_code == 0, result.output
    assert "0 errors, 0 warnings" in result.output


def test_fmt_check_bundled_data(cli) -> None:
    result = cli("fmt", "--check", *bundled_files())
    assert result.exit_code == 0, result.output


def test_bundled_files_exclude_untracked_records() -> None:
    assert bundled_files() and all(p.suffix == ".json" and CARDS in p.parents for p in bundled_files())
    assert CARDS / "tactics" / "game.json" in bundled_files()


def test_tactics_counts(catalog: Catalog) -> None:
    modes = {m.id: m for m in catalog.of_kind("tactics", "mode")}
    assert set(modes) == {"duel", "duo", "expert", "melee", "nightmare"}
    assert modes["nightmare"].status == "incomplete"  # type: ignore[attr-defined]
    assert {a.id for a in catalog.of_kind("tactics", "ability")} >= {
        "march",
        "strike",
        "self_defense",
        "aim",
        "resupply",
        "reinforce",
    }
    assert {a.name.zh_hans for a in catalog.of_kind("tactics", "attack")} == {"格斗", "制式手枪"}
    agents: list[Any] = catalog.of_kind("tactics", "agent")
    real = [a for a in agents if not a.private]
    assert len(real) >= 6 and any(a.private for a in agents)
    cards: list[Any] = catalog.of_kind("tactics", "card")
    exclusive = Counter(c.agent for c in cards if c.agent)
    assert all(exclusive[a.id] >= 3 for a in real), exclusive
    generic = [c for c in cards if not c.agent and c.back == "personal" and c.token is None]
    assert len(generic) >= 30
    assert {c.category for c in generic} | {c.category for c in cards if c.category == "minion"} == {
        "equipment",
        "skill",
        "item",
        "status",
        "minion",
    }
    sizes = {c.equipment.size for c in cards if c.equipment}
    assert {"heavy", "carried", "normal"} <= sizes
    assert any(c.reverse for c in generic) and any(c.is_response for c in generic)
    assert sum(1 for c in cards if c.back == "shop") >= 8
    assert sum(1 for c in cards if c.token) >= 3
    units: list[Any] = catalog.of_kind("tactics", "unit")
    obstacles = [u for u in units if u.type == "obstacle"]
    assert len(obstacles) >= 4 and any(o.obstacle == "scene" for o in obstacles)
    assert sum(1 for u in units if u.type == "minion") >= 2


def test_netrunner_counts(catalog: Catalog) -> None:
    factions: list[Any] = catalog.of_kind("netrunner", "faction")
    assert Counter((f.side, f.neutral) for f in factions) == {
        ("corp", False): 4,
        ("runner", False): 3,
        ("corp", True): 1,
        ("runner", True): 1,
    }
    identities: list[Any] = catalog.of_kind("netrunner", "identity")
    assert {f.id for f in factions if not f.neutral} <= {i.faction for i in identities}
    cards: list[Any] = catalog.of_kind("netrunner", "card")
    assert len(cards) >= 100
    assert {c.type for c in cards} == set(CORP_TYPES + RUNNER_TYPES)
    assert [f.id for f in catalog.of_kind("netrunner", "format")] == ["standard"]


def test_crossfire_counts(catalog: Catalog) -> None:
    roles = {r.id for r in catalog.of_kind("crossfire", "role")}
    assert roles == {
        "vip",
        "agent",
        "assassin",
        "decoy",
        "red_decoy",
        "blue_decoy",
        "bystander",
        "bodyguard",
        "enforcer",
        "bomber",
        "peacekeeper",
        "protester",
        "supporter",
        "sniper",
    }
    modes: list[Any] = catalog.of_kind("crossfire", "mode")
    assert {m.id for m in modes} == {"crossfire", "sniper"}
    for mode in modes:
        assert sorted(c.players for c in mode.compositions) == list(range(mode.players.min, mode.players.max + 1))
        for comp in mode.compositions:
            assert sum(comp.roles.values()) == comp.players


def test_every_ability_text_ends_a_sentence(every_record: Catalog) -> None:
    bad = [(r.id, t) for r in every_record.records for _, t in iter_texts(r) if not t.endswith("。")]
    assert bad == []
