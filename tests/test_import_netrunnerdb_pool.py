"""A realistic NetrunnerDB checkout, written by this test: import it, lint it, play its formats.

The checkout (v2 layout plus translations/zh-hans) is generated from the tables
below: invented cards on both sides in every faction, neutral cards that cost
influence, accented titles, four sets in three cycles with a reprint, a rotation
(standard drops the first core set), a startup format on the newest sets, an
eternal format with a points list, and ban lists that use every verdict
NetrunnerDB knows: banned cards and subtypes, restricted, points, universal
faction cost and the old global penalty. The import must lint with no error and
no warning but the font's, and its formats must judge decks as NetrunnerDB would.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from toolkit.catalog import context_sources, discover, load_catalog
from toolkit.importers import import_netrunnerdb
from toolkit.models.deck import Deck
from validators.deck import DeckPool, summary_line, validate_deck
from validators.lint import lint_sources

# (id, name, legacy code, cycle, released)
SETS = [
    ("origin_core", "Origin Core", "oc", "origin", "2030-01-10"),
    ("tidal_one", "Tidal One", "t1", "tidal", "2030-06-01"),
    ("tidal_two", "Tidal Two", "t2", "tidal", "2030-09-01"),
    ("ember_core", "Ember Core", "ec", "ember", "2031-03-01"),
]
CYCLES = [("origin", "Origin"), ("tidal", "Tidal Cycle"), ("ember", "Ember")]
FACTIONS = [
    ("haas_bioroid", "Haas-Bioroid", "corp", "哈斯生化"),
    ("jinteki", "Jinteki", "corp", "人间会社"),
    ("nbn", "NBN", "corp", "网际传媒"),
    ("weyland_consortium", "Weyland Consortium", "corp", "威兰财团"),
    ("anarch", "Anarch", "runner", "反叛者"),
    ("criminal", "Criminal", "runner", "逆法者"),
    ("shaper", "Shaper", "runner", "塑造者"),
    ("neutral_corp", "Neutral", "corp", "中立"),  # NetrunnerDB names both neutral factions alike
    ("neutral_runner", "Neutral", "runner", "中立"),
]
SUBTYPES = [
    "megacorp",
    "cyborg",
    "g_mod",
    "barrier",
    "code_gate",
    "sentry",
    "icebreaker",
    "fracter",
    "decoder",
    "killer",
    "virus",
    "run",
    "current",
    "connection",
    "security",
    "facility",
    "transaction",
]

IDENTITIES = [
    # id, title, faction, min deck size, influence limit, base link, sets
    ("helix_forge_made_to_last", "Helix Forge: Made to Last", "haas_bioroid", 15, 10, None, ["origin_core"]),
    ("kiri_bio_renewal", "Kiri Bio: Renewal", "jinteki", 15, 10, None, ["ember_core"]),
    ("vesna_kohl_quiet_fuse", "Vesna Kohl: Quiet Fuse", "anarch", 15, 10, 0, ["origin_core", "ember_core"]),
    ("ezra_mbeki_ledger_ghost", "Ezra Mbeki: Ledger Ghost", "criminal", 15, 12, 1, ["tidal_one"]),
]
# id, title, type, faction, influence, cost, set(s), extra fields
CARDS: list[tuple[str, str, str, str, int, int | None, list[str], dict[str, Any]]] = [
    # corp
    (
        "pylon_grid",
        "Pylon Grid",
        "ice",
        "haas_bioroid",
        2,
        3,
        ["origin_core"],
        {"strength": 4, "subtypes": ["barrier"]},
    ),
    ("warden_cell", "Warden Cell", "ice", "haas_bioroid", 1, 2, ["tidal_one"], {"strength": 2, "subtypes": ["sentry"]}),
    (
        "lattice_audit",
        "Lattice Audit",
        "operation",
        "haas_bioroid",
        2,
        1,
        ["ember_core"],
        {"subtypes": ["transaction"]},
    ),
    (
        "foundry_charter",
        "Foundry Charter",
        "agenda",
        "haas_bioroid",
        0,
        None,
        ["origin_core"],
        {"advancement_requirement": 3, "agenda_points": 2},
    ),
    ("quiet_garden", "Quiet Garden", "asset", "jinteki", 2, 1, ["tidal_two"], {"trash_cost": 2}),
    ("thorn_vault", "Thorn Vault", "upgrade", "jinteki", 3, 2, ["ember_core"], {"trash_cost": 3}),
    (
        "kiri_covenant",
        "Kiri Covenant",
        "agenda",
        "jinteki",
        0,
        None,
        ["ember_core"],
        {"advancement_requirement": 4, "agenda_points": 2},
    ),
    ("wire_sermon", "Wire Sermon", "ice", "jinteki", 2, 4, ["ember_core"], {"strength": 3, "subtypes": ["code_gate"]}),
    ("headline_storm", "Headline Storm", "operation", "nbn", 1, 0, ["tidal_one"], {"subtypes": ["current"]}),
    ("signal_loom", "Signal Loom", "ice", "nbn", 1, 1, ["origin_core"], {"strength": 1, "subtypes": ["code_gate"]}),
    (
        "bulwark_pour",
        "Bulwark Pour",
        "ice",
        "weyland_consortium",
        1,
        5,
        ["tidal_two"],
        {"strength": 6, "subtypes": ["barrier"]},
    ),
    ("gravel_tithe", "Gravel Tithe", "operation", "weyland_consortium", 3, 2, ["ember_core"], {}),
    (
        "civic_bond",
        "Civic Bond",
        "agenda",
        "neutral_corp",
        0,
        None,
        ["origin_core", "ember_core"],
        {"advancement_requirement": 5, "agenda_points": 3},
    ),
    ("shell_account", "Shell Account", "operation", "neutral_corp", 0, 5, ["origin_core", "ember_core"], {}),
    ("paper_trail_office", "Paper Trail Office", "asset", "neutral_corp", 1, 0, ["tidal_two"], {"trash_cost": 1}),
    (
        "stopgap_wall",
        "Stopgap Wall",
        "ice",
        "neutral_corp",
        0,
        0,
        ["ember_core"],
        {"strength": 1, "subtypes": ["barrier"]},
    ),
    ("archive_clerk", "Archive Clerk", "asset", "neutral_corp", 2, 2, ["ember_core"], {"trash_cost": 2}),
    # runner
    (
        "rust_auger",
        "Rust Auger",
        "program",
        "anarch",
        2,
        3,
        ["origin_core"],
        {"memory_cost": 1, "strength": 2, "subtypes": ["icebreaker", "fracter"]},
    ),
    ("deja_rune", "Déjà Rune", "event", "anarch", 2, 1, ["tidal_one"], {"stripped_title": "Deja Rune"}),
    (
        "blight_spore",
        "Blight Spore",
        "program",
        "anarch",
        1,
        1,
        ["ember_core"],
        {"memory_cost": 1, "subtypes": ["virus"]},
    ),
    ("riot_permit", "Riot Permit", "resource", "anarch", 1, 0, ["ember_core"], {}),
    ("scrap_kiln", "Scrap Kiln", "hardware", "anarch", 3, 2, ["ember_core"], {}),
    ("ember_wake", "Ember Wake", "event", "anarch", 2, 0, ["ember_core"], {"subtypes": ["run"]}),
    ("ledger_skim", "Ledger Skim", "event", "criminal", 3, 0, ["origin_core", "tidal_two"], {"subtypes": ["run"]}),
    (
        "the_fence_s_favor",
        "The Fence’s Favor",
        "resource",
        "criminal",
        2,
        1,
        ["tidal_two"],
        {"stripped_title": "The Fence's Favor", "subtypes": ["connection"]},
    ),
    (
        "pickwire",
        "Pickwire",
        "program",
        "criminal",
        2,
        2,
        ["ember_core"],
        {"memory_cost": 1, "strength": 1, "subtypes": ["icebreaker", "decoder"]},
    ),
    ("tinker_bench", "Tinker Bench", "hardware", "shaper", 1, 2, ["tidal_one"], {}),
    (
        "mend_loop",
        "Mend Loop",
        "program",
        "shaper",
        2,
        3,
        ["ember_core"],
        {"memory_cost": 2, "strength": 3, "subtypes": ["icebreaker", "killer"]},
    ),
    ("quick_gamble", "Quick Gamble", "event", "neutral_runner", 0, 5, ["origin_core", "ember_core"], {}),
    ("backroom_loan", "Backroom Loan", "resource", "neutral_runner", 1, 0, ["ember_core"], {}),
    ("cold_boot", "Cold Boot", "event", "neutral_runner", 2, 2, ["tidal_one"], {"subtypes": ["run"]}),
    ("spare_rig", "Spare Rig", "hardware", "neutral_runner", 0, 1, ["origin_core"], {}),
]
ZH_TITLES = {"rust_auger": "锈蚀钻头", "quick_gamble": "速胜赌注", "pylon_grid": "塔架网格", "civic_bond": "公民债券"}

FORMATS = {
    "standard": [
        {
            "id": "standard_1",
            "card_pool_id": "standard_origin",
            "date_start": "2030-01-10",
            "restriction_id": "napd_style_mwl_1",
        },
        {
            "id": "standard_2",
            "card_pool_id": "standard_tidal",
            "date_start": "2031-03-01",
            "restriction_id": "standard_ban_list_31_03",
            "active": True,
        },
    ],
    "startup": [
        {
            "id": "startup_1",
            "card_pool_id": "startup_ember",
            "date_start": "2031-03-01",
            "restriction_id": "startup_ban_list_31_03",
            "active": True,
        }
    ],
    "eternal": [
        {
            "id": "eternal_1",
            "card_pool_id": "eternal",
            "date_start": "2031-03-01",
            "restriction_id": "eternal_points_list_31_03",
            "active": True,
        }
    ],
}
CARD_POOLS = [
    ("standard", "standard_origin", "Standard (Origin)", ["origin", "tidal"], []),
    ("standard", "standard_tidal", "Standard (Tidal + Ember)", ["tidal", "ember"], []),
    ("startup", "startup_ember", "Startup (Ember)", ["ember"], ["tidal_two"]),
    ("eternal", "eternal", "Eternal", ["origin", "tidal", "ember"], []),
]
RESTRICTIONS = [
    (
        "standard",
        {
            "id": "napd_style_mwl_1",
            "name": "Origin MWL 1.0",
            "date_start": "2030-01-10",
            "global_penalty": {"1": ["rust_auger", "pylon_grid"]},
        },
    ),
    (
        "standard",
        {
            "id": "origin_mwl_1_2",
            "name": "Origin MWL 1.2",
            "date_start": "2030-06-01",
            "universal_faction_cost": {"1": ["headline_storm"], "3": ["ledger_skim"]},
        },
    ),
    (
        "standard",
        {
            "id": "standard_ban_list_31_03",
            "name": "Standard Ban List 31.03",
            "date_start": "2031-03-01",
            "banned": ["gravel_tithe", "a_card_nobody_printed"],
            "restricted": ["riot_permit", "pickwire"],
            "subtypes": {"banned": ["current"]},
        },
    ),
    (
        "startup",
        {
            "id": "startup_ban_list_31_03",
            "name": "Startup Ban List 31.03",
            "date_start": "2031-03-01",
            "banned": ["scrap_kiln"],
        },
    ),
    (
        "eternal",
        {
            "id": "eternal_points_list_31_03",
            "name": "Eternal Points List 31.03",
            "date_start": "2031-03-01",
            "banned": ["cold_boot"],
            "point_limit": 7,
            "points": {"1": ["quick_gamble"], "3": ["ledger_skim", "vesna_kohl_quiet_fuse"], "4": ["rust_auger"]},
        },
    ),
]


def write(path: Path, data: Any) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")


def checkout(root: Path) -> Path:
    """Write the checkout under ``root``; return it."""
    v2 = root / "v2"
    write(v2 / "card_cycles.json", [{"id": c, "name": n, "position": i} for i, (c, n) in enumerate(CYCLES, 1)])
    write(
        v2 / "card_sets.json",
        [
            {"id": s, "name": n, "legacy_code": code, "card_cycle_id": c, "date_release": d, "position": 1}
            for s, n, code, c, d in SETS
        ],
    )
    write(
        v2 / "factions.json",
        [
            {
                "id": f,
                "name": n,
                "side_id": side,
                "color": f"{i * 27:02x}4080",
                "is_mini": False,
                "is_neutral": f.startswith("neutral"),
            }
            for i, (f, n, side, _) in enumerate(FACTIONS)
        ],
    )
    types = [
        "agenda",
        "asset",
        "ice",
        "operation",
        "upgrade",
        "corp_identity",
        "event",
        "hardware",
        "program",
        "resource",
        "runner_identity",
    ]
    write(v2 / "card_types.json", [{"id": t, "name": t.replace("_", " ").title()} for t in types])
    write(v2 / "card_subtypes.json", [{"id": s, "name": s.replace("_", " ").title()} for s in SUBTYPES])
    printings: dict[str, list[dict[str, Any]]] = {s[0]: [] for s in SETS}
    zh: dict[str, list[dict[str, Any]]] = {}
    codes = Counter[str]()

    def printed(card_id: str, sets: list[str]) -> None:
        for set_id in sets:
            codes[set_id] += 1
            code = f"{[s[0] for s in SETS].index(set_id) + 30}{codes[set_id]:03d}"
            printings[set_id].append(
                {
                    "id": code,
                    "card_id": card_id,
                    "card_set_id": set_id,
                    "position": codes[set_id],
                    "quantity": 3,
                    "illustrator": "Invented Artist",
                }
            )
            if card_id in ZH_TITLES:
                zh.setdefault(set_id, []).append({"code": code, "title": ZH_TITLES[card_id], "text": None})

    for card_id, title, faction, size, limit, link, sets in IDENTITIES:
        side = "corp" if faction in ("haas_bioroid", "jinteki") else "runner"
        card = {
            "id": card_id,
            "title": title,
            "stripped_title": title,
            "card_type_id": f"{side}_identity",
            "side_id": side,
            "faction_id": faction,
            "minimum_deck_size": size,
            "influence_limit": limit,
            "subtypes": ["megacorp"] if side == "corp" else ["cyborg"],
            "text": "Invented identity text.",
            "is_unique": False,
            "deck_limit": 1,
        }
        if link is not None:
            card["base_link"] = link
        write(v2 / "cards" / f"{card_id}.json", card)
        printed(card_id, sets)
    for card_id, title, card_type, faction, influence, cost, sets, extra in CARDS:
        side = "corp" if card_type in ("agenda", "asset", "ice", "operation", "upgrade") else "runner"
        card = {
            "id": card_id,
            "title": title,
            "stripped_title": title,
            "card_type_id": card_type,
            "side_id": side,
            "faction_id": faction,
            "influence_cost": influence,
            "subtypes": [],
            "text": "Invented card text.",
            "is_unique": False,
            "deck_limit": 3,
            **extra,
        }
        if cost is not None:
            card["cost"] = cost
        write(v2 / "cards" / f"{card_id}.json", card)
        printed(card_id, sets)
    for set_id, entries in printings.items():
        write(v2 / "printings" / f"{set_id}.json", entries)
    for fmt, snapshots in FORMATS.items():
        write(v2 / "formats" / f"{fmt}.json", {"id": fmt, "name": fmt.title(), "snapshots": snapshots})
        write(
            v2 / "card_pools" / f"{fmt}.json",
            [
                {"id": pid, "format_id": f, "name": name, "card_cycle_ids": cycles, "card_set_ids": extra_sets}
                for f, pid, name, cycles, extra_sets in CARD_POOLS
                if f == fmt
            ],
        )
    for fmt, restriction in RESTRICTIONS:
        write(v2 / "restrictions" / fmt / f"{restriction['id']}.json", {"format_id": fmt, **restriction})
    translations = root / "translations" / "zh-hans"
    write(translations / "factions.zh-hans.json", [{"code": f.replace("_", "-"), "name": z} for f, _, _, z in FACTIONS])
    write(translations / "packs.zh-hans.json", [{"code": "oc", "name": "起源核心"}])
    for set_id, entries in zh.items():
        write(translations / "pack" / f"{set_id}.zh-hans.json", entries)
    return root


@pytest.fixture(scope="module")
def pool(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Any]:
    from toolkit.i18n import use_lang

    root = tmp_path_factory.mktemp("nrdb")
    into = root / "imported"
    with use_lang("en"):  # as the tests run (a module's fixture is made before the per-test language is set)
        return into, import_netrunnerdb(checkout(root / "checkout"), into)


@pytest.fixture(scope="module")
def deck_pool(pool: tuple[Path, Any]) -> DeckPool:
    return DeckPool(load_catalog([pool[0]]).records)


def test_the_import_lints_clean_but_for_the_font(pool: tuple[Path, Any]) -> None:
    into, report = pool
    assert report.counts == {"card": len(CARDS), "faction": len(FACTIONS), "format": 7, "game": 1, "identity": 4}
    sources, wanted = context_sources(discover([into]))
    findings = lint_sources(sources, wanted).findings
    assert [f.format() for f in findings if f.severity == "error"] == []
    assert [f.format() for f in findings if f.code != "card.text.font"] == []


def test_nothing_of_the_ban_lists_is_dropped(pool: tuple[Path, Any]) -> None:
    _, report = pool
    lines = report.lines()
    assert not [line for line in lines if "restriction" in line and "not imported" in line]
    assert (
        "1 card ids on ban lists are not among the imported cards (left off the lists): a_card_nobody_printed" in lines
    )


def load(into: Path, folder: str, record_id: str) -> dict[str, Any]:
    return json.loads((into / folder / f"{record_id}.json").read_text(encoding="utf-8"))


def test_records_keep_what_players_need(pool: tuple[Path, Any]) -> None:
    into, _ = pool
    assert load(into, "cards", "deja_rune")["search_name"] == "Deja Rune"
    assert load(into, "cards", "the_fence_s_favor")["search_name"] == "The Fence's Favor"
    assert "search_name" not in load(into, "cards", "pickwire")  # no accent: the name itself serves
    assert load(into, "cards", "backroom_loan")["influence"] == 1  # a neutral card with influence
    names = {f: load(into, "factions", f)["name"] for f in ("neutral_corp", "neutral_runner")}
    assert names == {
        "neutral_corp": {"en": "Neutral (Corp)", "zh-Hans": "中立（公司）"},
        "neutral_runner": {"en": "Neutral (Runner)", "zh-Hans": "中立（潜袭者）"},
    }
    standard = load(into, "modes", "standard")
    assert standard["sets"] == ["ember_core", "tidal_one", "tidal_two"]  # Origin Core rotated out
    assert standard["ban_list"] == "standard_ban_list_31_03"
    assert [b["id"] for b in standard["ban_lists"]] == [
        "napd_style_mwl_1",
        "origin_mwl_1_2",
        "standard_ban_list_31_03",
    ]
    [in_force] = [b for b in standard["ban_lists"] if b["id"] == "standard_ban_list_31_03"]
    assert in_force["banned"] == ["gravel_tithe", "headline_storm"]  # headline_storm by its subtype (current)
    assert load(into, "modes", "startup")["sets"] == ["ember_core", "tidal_two"]
    game = json.loads((into / "game.json").read_text(encoding="utf-8"))
    assert [s["name"]["zh-Hans"] for s in game["sets"]] == ["起源核心", "Tidal One", "Tidal Two", "Ember Core"]


def deck(identity: str, mode: str, **cards: int) -> Deck:
    return Deck(game="netrunner", mode=mode, name="t", identity=identity, cards=cards)


RUNNER = {"blight_spore": 3, "riot_permit": 3, "ember_wake": 3, "quick_gamble": 3, "backroom_loan": 3}  # anarch


def verdict(deck_pool: DeckPool, d: Deck, ban_list: str | None = None) -> tuple[list[str], str]:
    report = validate_deck(d, deck_pool, ban_list=ban_list)
    return sorted(f.code for f in report.findings), summary_line(d, report)


def test_a_legal_deck_in_each_format(deck_pool: DeckPool) -> None:
    for mode in ("standard", "startup", "eternal"):
        codes, line = verdict(deck_pool, deck("vesna_kohl_quiet_fuse", mode, **RUNNER))
        assert codes == [], (mode, line)
    assert verdict(deck_pool, deck("vesna_kohl_quiet_fuse", "startup", **RUNNER))[1] == (
        "15 cards (min 15) · 3/10 influence · Startup · Startup Ban List 31.03 · legal"
    )
    assert verdict(deck_pool, deck("vesna_kohl_quiet_fuse", "eternal", **RUNNER))[1] == (
        "15 cards (min 15) · 3/10 influence · 4/7 points · Eternal · Eternal Points List 31.03 · legal"
    )


def test_startup_rejects_cards_outside_its_pool(deck_pool: DeckPool) -> None:
    cards = {**RUNNER, "deja_rune": 3, "cold_boot": 2}
    del cards["riot_permit"]
    report = validate_deck(deck("ezra_mbeki_ledger_ghost", "startup", **cards), deck_pool)
    assert [f.message for f in report.findings if f.code == "deck.pool"] == [
        "identity Ezra Mbeki: Ledger Ghost (Tidal One) is outside the Startup pool (Startup (Ember))",
        "2 titles (5 cards) outside the Startup pool (Startup (Ember)): Déjà Rune (Tidal One), Cold Boot (Tidal One)",
    ]


def test_standard_after_rotation(deck_pool: DeckPool) -> None:
    rotated = deck("vesna_kohl_quiet_fuse", "standard", **{**RUNNER, "rust_auger": 1})
    codes, _ = verdict(deck_pool, rotated)
    assert codes == ["deck.pool"]
    reprinted = deck("vesna_kohl_quiet_fuse", "standard_1", **RUNNER)  # the older snapshot has no Ember Core...
    assert verdict(deck_pool, reprinted)[0] == ["deck.pool"]
    only_reprints = deck(
        "vesna_kohl_quiet_fuse", "standard_1", quick_gamble=3, deja_rune=3, spare_rig=3, rust_auger=3, cold_boot=3
    )
    assert verdict(deck_pool, only_reprints)[0] == []  # ...but Quick Gamble is in Origin Core too


def test_banned_and_restricted(deck_pool: DeckPool) -> None:
    two_restricted = deck("vesna_kohl_quiet_fuse", "standard", **{**RUNNER, "pickwire": 1})
    assert verdict(deck_pool, two_restricted)[0] == ["deck.restricted"]
    banned = deck("vesna_kohl_quiet_fuse", "startup", **{**RUNNER, "scrap_kiln": 1})
    assert verdict(deck_pool, banned)[0] == ["deck.banned"]


def test_eternal_points(deck_pool: DeckPool) -> None:
    # Vesna 3 + Rust Auger 4 + Quick Gamble 1: points are per title, the identity's too
    over = deck("vesna_kohl_quiet_fuse", "eternal", **{**RUNNER, "rust_auger": 1})
    codes, line = verdict(deck_pool, over)
    assert codes == ["deck.points.over"] and "· 8/7 points ·" in line


def test_older_ban_lists_by_choice(deck_pool: DeckPool) -> None:
    # Origin MWL 1.2: each copy of Ledger Skim costs 3 more influence, in its own faction too: 9 + 9 > 12
    skim = deck(
        "ezra_mbeki_ledger_ghost",
        "standard",
        ledger_skim=3,
        pickwire=3,
        the_fence_s_favor=3,
        cold_boot=3,
        backroom_loan=3,
    )
    assert verdict(deck_pool, skim) == (
        [],
        "15 cards (min 15) · 9/12 influence · Standard · Standard Ban List 31.03 · legal",
    )
    assert verdict(deck_pool, skim, ban_list="origin_mwl_1_2") == (
        ["deck.influence.over"],
        "15 cards (min 15) · 18/12 influence · Standard · Origin MWL 1.2 · illegal (1 error)",
    )
    # Origin MWL 1.0: each copy of Rust Auger lowers the influence limit by 1
    penalised = deck("vesna_kohl_quiet_fuse", "standard", rust_auger=3, **RUNNER)
    assert validate_deck(penalised, deck_pool, ban_list="napd_style_mwl_1").summary["influence"][1] == 7
    unknown = validate_deck(penalised, deck_pool, ban_list="eternal_points_list_31_03")
    assert [f.code for f in unknown.findings] == ["deck.banlist.unknown"]


def test_cli_banlist(cli: Any, pool: tuple[Path, Any], tmp_path: Path) -> None:
    into, _ = pool
    listing = tmp_path / "skim.txt"
    listing.write_text(
        "Skim\n\nEzra Mbeki: Ledger Ghost\n\n3x Ledger Skim\n3x Pickwire\n3x The Fence's Favor\n3x Cold Boot\n"
        "3x Backroom Loan\n\nFormat: standard\n",
        encoding="utf-8",
    )
    in_force = cli("deck", "validate", "--cards", into, listing)
    assert in_force.exit_code == 0
    assert in_force.stdout.endswith("· Standard · Standard Ban List 31.03 · legal\n")
    older = cli("deck", "validate", "--cards", into, "--banlist", "origin_mwl_1_2", listing)
    assert older.exit_code == 1
    assert "error deck.influence.over: 18 influence spent" in older.stdout
    unknown = cli("deck", "validate", "--cards", into, "--banlist", "nope", listing)
    assert unknown.exit_code == 1  # the deck's finding (s72)
    assert unknown.stdout.splitlines()[0] == (
        f"{listing}: error deck.banlist.unknown: --banlist 'nope': Standard has no such ban list; "
        "ban lists: napd_style_mwl_1, origin_mwl_1_2, standard_ban_list_31_03"
    )
