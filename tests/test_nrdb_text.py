"""Reading NetrunnerDB-shaped English into the ability language (toolkit/importers/nrdb_text.py).

Every sentence here is our own, written in the shape NetrunnerDB gives its text (markup included);
no NetrunnerDB text is in the repository. Each template reads, its reading renders back to the printed
sentence, the engine runs it; misreads are rejected; an import gets verdicts; the coverage report
counts them.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from toolkit.catalog import load_catalog
from toolkit.importers import import_netrunnerdb
from toolkit.importers import nrdb_text as R
from toolkit.importers.nrdb_text import english_key, read_card, read_paragraph, reads_back
from toolkit.models import RECORD_ADAPTER
from toolkit.models.scenario import Scenario
from toolkit.text import ast as A
from toolkit.text import parse, render

from .conftest import CARDS, ROOT

# (printed English in NetrunnerDB's shape, card type, canonical zh-Hans reading)
TEMPLATES: list[tuple[str, str, str]] = [
    ("[subroutine] End the run.", "ice", "[subroutine] 终止潜袭。"),
    ("[subroutine] Do 2 net damage.", "ice", "[subroutine] 造成 2 点网域伤害。"),
    ("[subroutine] Do 1 meat damage.", "ice", "[subroutine] 造成 1 点肢体伤害。"),
    ("[subroutine] Do 1 brain damage.", "ice", "[subroutine] 造成 1 点脑部伤害。"),
    ("[subroutine] The Runner loses 3[credit].", "ice", "[subroutine] 潜袭者失去 3[credit]。"),
    ("[subroutine] The Runner loses [click].", "ice", "[subroutine] 潜袭者失去 [click]。"),
    ("[subroutine] Give the Runner 2 tags.", "ice", "[subroutine] 潜袭者获得 2 个锁定标记。"),
    (
        "[subroutine] <trace>Trace 4</trace> If successful, give the Runner 1 tag.",
        "ice",
        "[subroutine] 追踪[4]。如果追踪成功，潜袭者获得 1 个锁定标记。",
    ),
    (
        "[subroutine] Trace[2] – If successful, do 1 net damage.",
        "ice",
        "[subroutine] 追踪[2]。如果追踪成功，造成 1 点网域伤害。",
    ),
    ("Interface → 1[credit]: Break 1 barrier subroutine.", "program", "1[credit]：破解 1 个屏障子进程。"),
    ("Interface → 2[credit]: Break 2 code gate subroutines.", "program", "2[credit]：破解 2 个代码门子进程。"),
    ("3[credit]: +2 strength.", "program", "3[credit]：强度 +2。"),
    ("Gain 5[credit].", "operation", "你获得 5[credit]。"),
    ("Draw 2 cards.", "event", "你抽 2 张牌。"),
    ("Gain 1[credit] and draw 1 card.", "event", "你获得 1[credit]，你抽 1 张牌。"),
    ("[click]: Gain 1[credit].", "resource", "[click]：你获得 1[credit]。"),
    ("[click], [trash]: Draw 3 cards.", "resource", "[click]，[trash]：你抽 3 张牌。"),
    ("When you score this agenda, gain 3[credit].", "agenda", "当你计分本议案时：你获得 3[credit]。"),
    ("When your turn begins, gain 1[credit].", "asset", "你的回合开始时：你获得 1[credit]。"),
    ("Whenever a run is successful, draw 1 card.", "resource", "当潜袭成功时：你抽 1 张牌。"),
    (
        "3[recurring-credit] Use these credits to pay for using icebreakers.",
        "hardware",
        "本牌有 3 点循环信用点，只能用于支付破解器的能力。",
    ),
    ("+2[mu]", "hardware", "你的内存上限 +2[mu]。"),
    ("[subroutine] Do 1 net damage. (Our reminder of what net damage is.)", "ice", "[subroutine] 造成 1 点网域伤害。"),
]


@pytest.mark.parametrize(("english", "card_type", "zh"), TEMPLATES)
def test_each_template_reads_and_renders_back(english: str, card_type: str, zh: str) -> None:
    text, reason = read_paragraph(english, card_type)
    assert (text, reason) == (zh, None)
    ability = parse(text)
    assert render(ability) == text  # canonical: lint has nothing to say
    assert reads_back(english, ability)


@pytest.mark.parametrize(
    ("english", "card_type", "reason"),
    [
        ("<strong>Limit 1 per turn.</strong>", "operation", "no_template"),
        ("Interface → 1[credit]: Break up to 3 sentry subroutines.", "program", "no_template"),  # "up to": no AST
        ("Whenever a run on this server is successful, gain 1[credit].", "upgrade", "no_template"),
        ("Gain X[credit].", "operation", "no_template"),
        ("[subroutine] End the run.", "program", "not_for_this_card"),
        ("When you score this agenda, gain 1[credit].", "asset", "not_for_this_card"),
        ("Gain 99[credit].", "operation", "not_in_grammar"),  # past the language's limit of 50
    ],
)
def test_what_is_not_read_says_why(english: str, card_type: str, reason: str) -> None:
    assert read_paragraph(english, card_type) == (None, reason)


# ---------------------------------------------------------------- misreads are rejected


@pytest.mark.parametrize(
    ("english", "wrong"),
    [
        ("[subroutine] Do 2 net damage.", A.Ability("subroutine", (A.Sentence((A.TypedDamage("meat", 2),)),))),
        ("[subroutine] Do 2 net damage.", A.Ability("subroutine", (A.Sentence((A.TypedDamage("net", 3),)),))),
        ("Gain 4[credit].", A.Ability("effect", (A.Sentence((A.LoseCredits(4),)),))),
        ("[subroutine] The Runner loses 2[credit].", A.Ability("subroutine", (A.Sentence((A.LoseCredits(2),)),))),
        (
            "1[credit]: Break 1 barrier subroutine.",
            A.Ability("paid", (A.Sentence((A.BreakSubroutine(1, "sentry"),)),), costs=(A.CreditCost(1),)),
        ),
        ("2[credit]: +3 strength.", A.Ability("paid", (A.Sentence((A.Strength(2),)),), costs=(A.CreditCost(2),))),
        ("2[credit]: +3 strength.", A.Ability("paid", (A.Sentence((A.Strength(3),)),), costs=(A.CreditCost(3),))),
        ("[subroutine] End the run.", A.Ability("effect", (A.Sentence((A.EndRun(),)),))),
        (
            "[subroutine] <trace>Trace 3</trace> If successful, give the Runner 1 tag.",
            A.Ability(
                "subroutine",
                (A.Sentence((A.Trace(3),)), A.Sentence((A.If(A.TraceResult(False), (A.GainTags(1),)),))),
            ),
        ),
    ],
)
def test_a_misreading_does_not_read_back(english: str, wrong: A.Ability) -> None:
    assert not reads_back(english, wrong)


def test_a_template_that_misreads_leaves_the_paragraph_unread(monkeypatch: pytest.MonkeyPatch) -> None:
    """A broken template (net damage read as meat damage) is caught by the read-back check."""
    broken = [
        (pattern, (lambda m: A.TypedDamage("meat", int(m[1]))) if "damage" in pattern.pattern else build)
        for pattern, build in R._CLAUSES
    ]
    monkeypatch.setattr(R, "_CLAUSES", broken)
    assert read_paragraph("[subroutine] Do 1 net damage.", "ice") == (None, "reads_back_differently")


def test_the_normalisation_keeps_numbers_kinds_and_parties() -> None:
    assert english_key("Do 1 net damage.") != english_key("Do 1 meat damage.")
    assert english_key("Gain 2[credit].") != english_key("Gain 3[credit].")
    assert english_key("The Runner loses 1[credit].") != english_key("The Corp loses 1[credit].")
    assert english_key("Draw 1 card.") == english_key("You draw 1 card.")
    assert english_key("+2 strength") == english_key("Strength +2")


# ---------------------------------------------------------------- cards


def test_a_card_verdict_and_record_hold_no_printed_text() -> None:
    paragraphs = ["2[recurring-credit]", "Use these credits to pay for using icebreakers.", "Draw 1 card.", "Odd."]
    reading = read_card(paragraphs, "hardware")
    assert reading.status == "partial"
    assert reading.texts() == ["本牌有 2 点循环信用点，只能用于支付破解器的能力。", "你抽 1 张牌。"]
    record = reading.record()
    assert record == {"status": "partial", "read": [0, 2], "unread": [{"index": 3, "reason": "no_template"}]}
    assert not re.search(r"[A-Za-z]{4,}", json.dumps(record).replace("status", "").replace("partial", "")
                         .replace("read", "").replace("unread", "").replace("index", "").replace("reason", "")
                         .replace("no_template", ""))  # fmt: skip
    assert read_card([], "ice").status == "executable"  # nothing to read: the card runs as it is
    assert read_card(["Odd."], "ice").status == "printed_only"


# ---------------------------------------------------------------- the engine runs what was read

BASE = {"deck_limit": 3, "game": "netrunner", "influence": 0, "kind": "card", "set": "dossier_demo", "unique": False}


def _card(card_id: str, type_: str, english: list[str], **fields: Any) -> Any:
    reading = read_card(english, type_)
    assert reading.status == "executable", reading.record()
    faction = "neutral_runner" if type_ in ("program", "hardware", "resource", "event") else "neutral_corp"
    data = {**BASE, "id": card_id, "type": type_, "text": reading.texts(), "faction": faction, "subtypes": [],
            "name": {"zh-Hans": card_id, "en": card_id}, "reading": reading.record(), **fields}  # fmt: skip
    return RECORD_ADAPTER.validate_python(data)


EXTRA = [
    _card("r_wall", "ice", ["[subroutine] End the run."], rez_cost=0, strength=3, subtypes=["barrier"]),
    _card("r_sting", "ice", ["[subroutine] Do 2 net damage."], rez_cost=0, strength=9, subtypes=["sentry"]),
    _card("r_drain", "ice", ["[subroutine] The Runner loses 2[credit]."], rez_cost=0, strength=9, subtypes=["sentry"]),
    _card(
        "r_breaker",
        "program",
        ["Interface → 1[credit]: Break 1 barrier subroutine.", "1[credit]: +2 strength."],
        cost=0,
        memory_cost=1,
        strength=1,
        subtypes=["icebreaker", "fracter"],
    ),
    _card("r_job", "resource", ["[click]: Gain 2[credit]."], cost=0),
]
RECORDS = [*load_catalog([CARDS / "netrunner"]).records, *EXTRA]


def scenario(decisions: list[str], corp: dict[str, Any], runner: dict[str, Any], records: Any = None) -> Any:
    from toolkit.engine.netrunner.scenario import run_scenario

    data = {
        "game": "netrunner",
        "name": "read text",
        "active": "runner",
        "corp": {"identity": "weyland_iron_ledger", "credits": 5, **corp},
        "runner": {"identity": "zero_weaver", "credits": 5, **runner},
        "decisions": decisions,
    }
    return run_scenario(records or RECORDS, Scenario.model_validate(data))


def events(result: Any, kind: str) -> list[dict[str, Any]]:
    return [e.data for e in result.game.log if e.kind == kind]


def test_a_read_end_the_run_subroutine_ends_the_run() -> None:
    r = scenario(["run:hq"], corp={"servers": {"hq": {"ice": [{"card": "r_wall", "rezzed": True}]}}},
                 runner={})  # fmt: skip
    assert events(r, "run_end")[-1]["successful"] is False


def test_read_break_and_strength_abilities_get_through_a_barrier() -> None:
    r = scenario(
        ["run:hq", "boost:r_breaker/1", "break:r_breaker/0", "continue"],
        corp={"servers": {"hq": {"ice": [{"card": "r_wall", "rezzed": True}]}}, "hand": ["neutral_pilot_scheme"]},
        runner={"rig": [{"card": "r_breaker"}], "credits": 2},
    )
    assert len(events(r, "break")) == 1 and r.game.runner.credits == 0
    assert events(r, "run_end")[-1]["successful"] is True


def test_read_damage_and_credit_subroutines_change_the_state() -> None:
    r = scenario(["run:hq"], corp={"servers": {"hq": {"ice": [{"card": "r_drain", "rezzed": True}]}}},
                 runner={"credits": 5})  # fmt: skip
    assert r.game.runner.credits == 3
    r = scenario(["run:hq"], corp={"servers": {"hq": {"ice": [{"card": "r_sting", "rezzed": True}]}}},
                 runner={})  # fmt: skip
    assert events(r, "damage") and events(r, "damage")[0]["amount"] == 2


def test_a_read_click_ability_gains_credits() -> None:
    r = scenario(["use:r_job/0"], corp={}, runner={"rig": [{"card": "r_job"}], "credits": 0, "clicks": 1})
    assert r.game.runner.credits == 2


# ---------------------------------------------------------------- the import and the coverage report


@pytest.fixture(scope="module")
def imported(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from toolkit.i18n import use_lang

    into = tmp_path_factory.mktemp("nrdb") / "pool"
    with use_lang("en"):
        import_netrunnerdb(ROOT / "tests" / "fixtures" / "netrunnerdb_v2", into)
    return into


def _record(into: Path, directory: str, record_id: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((into / directory / f"{record_id}.json").read_text(encoding="utf-8"))
    return data


def test_the_import_stores_verdicts(imported: Path) -> None:
    ice = _record(imported, "cards", "lattice_thornwall")
    assert ice["text"] == ["[subroutine] 终止潜袭。", "[subroutine] 潜袭者失去 [click]。"]
    assert ice["reading"] == {"status": "executable", "read": [0, 1]}
    keyway = _record(imported, "cards", "mirage_keyway")  # its strength line has no template; its subroutine reads
    assert keyway["text"] == ["[subroutine] 潜袭者获得 1 个锁定标记。"]
    assert keyway["reading"] == {"status": "partial", "read": [1], "unread": [{"index": 0, "reason": "no_template"}]}
    identity = _record(imported, "identities", "kestrel_dynamics_sky_is_ours")
    assert identity["text"] == [] and identity["reading"]["status"] == "printed_only"
    for path in [*imported.glob("cards/*.json"), *imported.glob("identities/*.json")]:
        record = json.loads(path.read_text(encoding="utf-8"))
        assert "reading" in record
        english = record.get("printed_text", {}).get("en", [])
        assert len(record["text"]) == len(record["reading"].get("read", []))
        for paragraph in english:  # none of the printed English is copied into the verdict
            assert paragraph not in json.dumps(record["reading"])


def test_the_imported_cards_run(imported: Path) -> None:
    """The imported breaker (read abilities) gets through the imported barrier (read subroutines)."""
    records = load_catalog([imported]).records
    r = scenario(
        ["run:hq", "boost:quillfracter_nine/1", "break:quillfracter_nine/0", "sub:1", "break:quillfracter_nine/0",
         "continue"],
        corp={"identity": "kestrel_dynamics_sky_is_ours", "servers": {"hq": {"ice": [{"card": "lattice_thornwall",
              "rezzed": True}]}}},
        runner={"identity": "mira_okonjo_static_saint", "rig": [{"card": "quillfracter_nine"}], "credits": 4},
        records=records,
    )  # fmt: skip
    assert len(events(r, "break")) == 2 and r.game.runner.credits == 0
    assert events(r, "run_end")[-1]["successful"] is True


def test_the_import_lints_clean(imported: Path, cli: Any) -> None:
    result = cli("lint", imported)
    assert result.exit_code == 0, result.stdout + result.stderr


def test_coverage_report_text_and_json(imported: Path, cli: Any) -> None:
    result = cli("text", "coverage", "--game", "netrunner", "--cards", imported, "--format", "json")
    assert result.exit_code == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["totals"] == {"cards": 14, "executable": 6, "partial": 2, "printed_only": 6,
                                "executable_percent": 42.9, "not_imported": 0}  # fmt: skip
    assert report["per_cycle"]["harbor"]["cards"] == 2 and report["per_set"]["signal_drift"]["cards"] == 12
    row = next(c for c in report["cards"] if c["id"] == "mirage_keyway")
    assert row == {"id": "mirage_keyway", "title": "Mirage Keyway", "set": "signal_drift", "cycle": "drift",
                   "status": "partial", "unread": [{"index": 0, "reason": "no_template"}]}  # fmt: skip
    assert report["reasons"] == {"no_template": 9}
    text = cli("text", "coverage", "--game", "netrunner", "--cards", imported).stdout
    assert "mirage_keyway  Mirage Keyway  signal_drift  drift  #0 no template reads this sentence" in text
    assert "Signal Drift" in text and "6/14 executable (42.9%), 2 partial, 6 printed only" in text
    summary = cli("text", "coverage", "--game", "netrunner", "--cards", imported, "--summary").stdout
    assert "mirage_keyway" not in summary and "per cycle:" in summary
