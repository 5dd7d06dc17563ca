"""Netrunner in words: a scenario's name and rule in the reader's language, and each side's state line by its
own zones (the corp's R&D, HQ and Archives, the runner's stack, grip and heap) and its own counters."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from .conftest import ROOT

EXAMPLE = ROOT / "examples" / "scenarios" / "run-through-ice.json"
CORP = ("rnd", "hq", "archives", "installed", "credits", "clicks", "bad_publicity", "agenda_points", "hand_size")
RUNNER = ("stack", "grip", "heap", "installed", "credits", "clicks", "tags", "agenda_points", "hand_size", "memory",
          "memory_used", "link", "brain_damage")  # fmt: skip


def _write(tmp_path: Path, **fields: Any) -> Path:
    data = {**json.loads(EXAMPLE.read_text(encoding="utf-8")), **fields}
    path = tmp_path / "s.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


def test_the_bundled_scenario_is_in_both_languages(cli: Any) -> None:
    data = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    assert set(data["name"]) == set(data["rule"]) == {"zh-Hans", "en"}
    zh = cli("scenario", "run", EXAMPLE, "--lang", "zh-Hans").stdout.splitlines()
    assert zh[0] == "# 对总部发起潜袭，穿过在接近时被激活的守望者单元" and zh[1].startswith("# 裁定 N5：接近")
    assert "局面（名称：对总部发起潜袭，" in "\n".join(zh)
    en = cli("scenario", "run", EXAMPLE, "--lang", "en").stdout.splitlines()
    assert en[0] == "# A run on HQ through Warden Unit, rezzed on approach" and en[1].startswith("# RULINGS N5:")
    assert "scenario (name: A run on HQ through Warden Unit, rezzed on approach, " in "\n".join(en)
    out = json.loads(cli("scenario", "run", EXAMPLE, "--format", "json", "--lang", "zh-Hans").stdout)
    assert out["scenario"] == "对总部发起潜袭，穿过在接近时被激活的守望者单元"
    assert next(e for e in out["log"] if e["event"] == "scenario")["name"] == out["scenario"]


def test_a_plain_name_or_one_language_is_accepted(cli: Any, tmp_path: Path) -> None:
    path = _write(tmp_path, name="my run", rule=None)
    result = cli("scenario", "run", path, "--lang", "zh-Hans")
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[0] == "# my run" and not result.stdout.splitlines()[1].startswith("#")
    path = _write(tmp_path, name={"en": "only English"}, rule={"zh-Hans": "只有中文"})
    lines = cli("scenario", "run", path, "--lang", "zh-Hans").stdout.splitlines()
    assert lines[:2] == ["# only English", "# 只有中文"]  # the other language when the reader's is missing
    lines = cli("scenario", "run", path, "--lang", "en").stdout.splitlines()
    assert lines[:2] == ["# only English", "# 只有中文"]


@pytest.mark.parametrize("name", [{}, {"zh-Hans": ""}, {"fr": "une course"}])
def test_a_name_with_no_text_is_refused(name: Any) -> None:
    from toolkit.models.scenario import Scenario

    data = {**json.loads(EXAMPLE.read_text(encoding="utf-8")), "name": name}
    with pytest.raises(ValidationError):
        Scenario.model_validate(data)


def test_the_schema_takes_both_forms() -> None:
    schema = json.loads((ROOT / "schema" / "scenario.schema.json").read_text(encoding="utf-8"))
    forms = schema["properties"]["name"]["oneOf"]
    assert {"$ref": "#/$defs/ScenarioText"} in forms and any(f.get("type") == "string" for f in forms)
    text = schema["$defs"]["ScenarioText"]
    assert set(text["properties"]) == {"zh-Hans", "en"} and text["minProperties"] == 1


def test_each_side_has_its_own_zones_and_counters() -> None:
    from toolkit.engine.netrunner.scenario import set_up
    from toolkit.models.scenario import Scenario

    from .scripts.kit import bundled

    scenario = Scenario.model_validate(json.loads(EXAMPLE.read_text(encoding="utf-8")))
    state = set_up(bundled(), scenario).state()
    corp, runner = state["players"]
    assert tuple(corp)[3:] == CORP and tuple(runner)[3:] == RUNNER
    assert (corp["hq"], runner["grip"], runner["memory"]) == (1, 0, 4)


def test_state_lines_name_the_zones(cli: Any) -> None:
    result = cli("text", "run", "--game", "netrunner", "--side", "runner", "你获得 2[credit]。", "--lang", "en")
    assert result.exit_code == 0, result.output
    runner, corp = result.stdout.splitlines()[-2:]
    assert runner.startswith('runner (Cassia "Rust" Moreau): stack: 40, grip: 5, heap: 0, installed: 0, ')
    assert corp.startswith("corp (Haas-Bioroid: Tireless Hands): R&D: 40, HQ: 5, Archives: 0, installed: 0, ")
    assert "memory" not in corp and "link" not in corp and "tags" not in corp and "bad publicity" not in runner
    zh = cli("text", "run", "--game", "netrunner", "--side", "runner", "你获得 2[credit]。", "--lang", "zh-Hans")
    runner, corp = zh.stdout.splitlines()[-2:]
    assert "：存储栈：40，操控器：5，堆阵：0，" in runner and "：研发中心：40，总部：5，档案库：0，" in corp
