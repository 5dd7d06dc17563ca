"""`dossier import csv`: records from spreadsheets as a user saves them (Excel's CSV UTF-8, UTF-16, ';'),
written canonically and linted among the game's data; every problem at its row and column."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from toolkit.importers.spreadsheet import _BadCell, coerce, slugify, sniff_delimiter
from toolkit.jsonio import canonical_dumps

from .conftest import CARDS
from .sheet_util import error_lines, load, write

TACTICS_CSV = """\
id,name.zh-Hans,name.en,category,back,agent,cost.mortgage,cost.tap,equipment.size,equipment.attack.style,\
equipment.attack.subtype,equipment.attack.speed,equipment.attack.range.min,equipment.attack.range.max,\
equipment.attack.through_walls,equipment.shield,equipment.users,status.target,text,text,flavor.zh-Hans,flavor.en
,试作磁轨步枪,Prototype Coil Rifle,equipment,shop,,2,否,heavy,ranged,energy,3,2,10,是,,,,\
攻击时：如果目标是障碍，本次攻击的伤害 +2。,,墙挡不住它。,Walls do not stop it.
plated_vest,防护背心,Plated Vest,equipment,,,1,false,normal,,,,,,,2,"agent, minion",,贴附单位受到的伤害 -1。,,,
,神经毒剂,Nerve Agent,status,,,1,FALSE,,,,,,,,,,enemy_unit,回合开始时：对贴附单位造成 1 点伤害。,\
回合结束时：本牌自毁。,,
,后门改造,Backdoor Rewrite,skill,,cipher,1,TRUE,,,,,,,,,,,"你从矩阵商店搜寻 1 张「入侵中枢」。",\
如果矩阵商店没有牌，你抽 2 张牌。,,
"""

EXPECTED_RIFLE = {
    "$schema": "../../../schema/tactics/card.schema.json",
    "back": "shop",
    "category": "equipment",
    "cost": {"mortgage": 2, "tap": False},
    "equipment": {
        "attack": {
            "range": {"max": 10, "min": 2},
            "speed": 3,
            "style": "ranged",
            "subtype": "energy",
            "through_walls": True,
        },
        "size": "heavy",
    },
    "flavor": {"en": "Walls do not stop it.", "zh-Hans": "墙挡不住它。"},
    "game": "tactics",
    "id": "prototype_coil_rifle",
    "kind": "card",
    "name": {"en": "Prototype Coil Rifle", "zh-Hans": "试作磁轨步枪"},
    "text": ["攻击时：如果目标是障碍，本次攻击的伤害 +2。"],
}

NETRUNNER_CSV = """\
zh-Hans,en,type,faction,cost,rez_cost,strength,memory_cost,influence,subtypes,unique,advancement_requirement,\
agenda_points,text
磁轨破解器,Rail Breaker,program,shaper,3,,2,1,2,"icebreaker, fracter",否,,,"1[credit]：破解 1 个屏障子进程。
1[credit]：强度 +1。"
深夜快讯,Midnight Bulletin,event,criminal,X,,,,1,run,,,,你获得 4[credit]。
静默墙,Quiet Wall,ice,haas_bioroid,,4,5,,2,barrier,true,,,[subroutine] 终止潜袭。
深层档案,Deep Archive,agenda,haas_bioroid,,,,,,research,,4,2,你的手牌上限 +1。
"""


def test_tactics_sheet_becomes_canonical_records_that_lint_clean(cli, game_copy, tmp_path: Path) -> None:
    game = game_copy("tactics")
    sheet = write(tmp_path / "cards.csv", TACTICS_CSV)
    result = cli("import", "csv", sheet, "--game", "tactics", "--into", game)
    assert result.exit_code == 0, result.output
    assert f"{sheet}: 4 tactics card records; wrote 4, 0 unchanged, in {game}" in result.stdout
    rifle = game / "cards" / "prototype_coil_rifle.json"
    assert load(rifle) == EXPECTED_RIFLE
    assert rifle.read_text(encoding="utf-8") == canonical_dumps(EXPECTED_RIFLE)
    vest = load(game / "cards" / "plated_vest.json")
    assert vest["equipment"] == {"shield": 2, "size": "normal", "users": ["agent", "minion"]}
    assert "back" not in vest  # an empty cell leaves the field to the model's default
    agent = load(game / "cards" / "nerve_agent.json")
    assert agent["status"] == {"target": "enemy_unit"}
    assert agent["text"] == ["回合开始时：对贴附单位造成 1 点伤害。", "回合结束时：本牌自毁。"]
    skill = load(game / "cards" / "backdoor_rewrite.json")
    assert skill["agent"] == "cipher" and skill["cost"] == {"mortgage": 1, "tap": True}
    linted = cli("lint", game)
    assert linted.exit_code == 0, linted.output
    assert "0 errors, 0 warnings" in linted.stdout


def test_netrunner_sheet_types_choose_the_fields(cli, tmp_path: Path) -> None:
    sheet = write(tmp_path / "nr.csv", NETRUNNER_CSV)
    into = tmp_path / "mine"
    result = cli("import", "csv", sheet, "--game", "netrunner", "--into", into)
    assert result.exit_code == 0, result.output
    breaker = load(into / "cards" / "rail_breaker.json")
    assert breaker["subtypes"] == ["icebreaker", "fracter"]
    assert breaker["text"] == ["1[credit]：破解 1 个屏障子进程。", "1[credit]：强度 +1。"]
    assert (breaker["cost"], breaker["memory_cost"], breaker["strength"], breaker["unique"]) == (3, 1, 2, False)
    assert load(into / "cards" / "midnight_bulletin.json")["cost"] is None  # X
    wall = load(into / "cards" / "quiet_wall.json")
    assert (wall["rez_cost"], wall["strength"], wall["unique"]) == (4, 5, True)
    agenda = load(into / "cards" / "deep_archive.json")
    assert (agenda["advancement_requirement"], agenda["agenda_points"]) == (4, 2)
    assert str(load(into / "cards" / "deep_archive.json")["$schema"]).endswith("schema/netrunner/card.schema.json")
    linted = cli("lint", CARDS / "netrunner", into)  # used with the pool: factions and subtypes are there
    assert linted.exit_code == 0, linted.output


BAD_ROWS = [
    # (header, row, expected error line without the file name)
    (
        "name.zh-Hans,category,cost.mortgage",
        "坏牌,skill,x",
        "row 2, column C (cost.mortgage): error csv.value: 'x' is not a whole number",
    ),
    (
        "name.zh-Hans,name.en,category,cost.tap",
        "坏牌,Bad,skill,maybe",
        "row 2, column D (cost.tap): error csv.value: 'maybe' is not true or false",
    ),
    (
        "name.zh-Hans,name.en,category",
        "坏牌,Bad,weapon",
        "row 2, column C (category): error csv.value: 'weapon' is not an accepted value",
    ),
    ("id,name.zh-Hans,category", "Bad Id,坏牌,skill", "row 2, column A (id): error csv.id: column 'id': 'Bad Id' is not an id"),
    ("name.zh-Hans,category", "坏牌,skill", "row 2, column A (name.zh-Hans): error csv.id: no id from the name '坏牌'"),
    (
        "name.zh-Hans,name.en,category",
        "快抽,Quick Draw,skill\n慢抽,Quick Draw,skill",
        "row 3, column B (name.en): error csv.id: id 'quick_draw' is also the id of row 2",
    ),
    (
        "name.zh-Hans,name.en,category,agent",
        "坏牌,Bad,skill,nobody",
        "row 2, column D (agent): error card.ref: tactics card 'bad': exclusive to agent 'nobody'",
    ),
    (
        "name.zh-Hans,name.en,category,text",
        "坏牌,Bad,skill,你抽 两 张牌",
        "row 2, column D (text): error card.text.parse: tactics card 'bad': /text/0",
    ),
    (
        "name.zh-Hans,name.en,category",
        "坏牌,Bad,equipment",
        "row 2: error card.model: tactics card 'bad': an equipment card needs the 'equipment' field",
    ),
    (
        "name.zh-Hans,name.en,category",
        "流血,Bleed Out,skill",
        "row 2, column A (name.zh-Hans): error card.name.duplicate: tactics card 'bleed_out': zh-Hans name '流血'",
    ),
    (
        "name.zh-Hans,name.en,category,,cost.mortgage",
        "坏牌,Bad,skill,stray,1",
        "row 2, column D: error csv.row: column D has no name in the header row",
    ),
    (
        "name.zh-Hans,category,costt",
        "坏牌,skill,1",
        "row 1, column C (costt): error csv.header: column 'costt' names no field of a tactics card",
    ),
    ("name.zh-Hans,category,category", "坏牌,skill,skill", "row 1, column C (category): error csv.header: column 'category' appears again"),
    (
        "name.zh-Hans,text,text.0",
        "坏牌,a,b",
        "row 1, column C (text.0): error csv.header: columns 'text' (column B) and 'text.0' both set 'text'",
    ),
]


@pytest.mark.parametrize(("header", "row", "expected"), BAD_ROWS, ids=[e.split(": ")[1] for _, _, e in BAD_ROWS])
def test_bad_rows_are_reported_at_row_and_column(cli, tmp_path: Path, header: str, row: str, expected: str) -> None:
    sheet = write(tmp_path / "cards.csv", f"{header}\n{row}\n")
    into = tmp_path / "out"
    result = cli("import", "csv", sheet, "--game", "tactics", "--into", into)
    assert result.exit_code == 1, result.output
    assert any(line.startswith(f"{sheet}: {expected}") for line in error_lines(result)), result.stderr
    assert "nothing written" in result.stderr and "Traceback" not in result.output
    assert not into.exists()


def test_one_bad_row_writes_nothing_and_every_problem_is_listed(cli, tmp_path: Path) -> None:
    sheet = write(
        tmp_path / "cards.csv",
        "name.zh-Hans,name.en,category,cost.mortgage,cost.tap\n好牌,Good,skill,1,否\n坏牌,Bad,skill,x,maybe\n\n"
        "更坏的牌,Worse,item,-1,是\n",
    )
    result = cli("import", "csv", sheet, "--game", "tactics", "--into", tmp_path / "out")
    assert result.exit_code == 1
    assert [line.split(": error ")[0] for line in error_lines(result)] == [
        f"{sheet}: row 3, column D (cost.mortgage)",
        f"{sheet}: row 3, column E (cost.tap)",
        f"{sheet}: row 5, column D (cost.mortgage)",  # the model's minimum, located at its cell; blank row 4 skipped
    ]
    assert "3 errors in 2 of 3 rows; nothing written" in result.stderr
    assert not (tmp_path / "out").exists()


def test_numbered_columns_close_up_and_findings_find_their_column(cli, tmp_path: Path) -> None:
    sheet = write(
        tmp_path / "cards.csv",
        "name.zh-Hans,name.en,category,text.0,text.1,text.2\n"
        "好牌,Good,skill,你抽 1 张牌。,,你抽 2 张牌。\n"
        "坏牌,Bad,skill,你抽 1 张牌。,,抽牌\n",
    )
    dry = cli("import", "csv", sheet, "--game", "tactics", "--into", tmp_path / "out")
    assert dry.exit_code == 1
    assert error_lines(dry)[0].startswith(f"{sheet}: row 3, column F (text.2): error card.text.parse: tactics card 'bad': /text/1")
    write(sheet, "name.zh-Hans,name.en,category,text.0,text.1,text.2\n好牌,Good,skill,你抽 1 张牌。,,你抽 2 张牌。\n")
    assert cli("import", "csv", sheet, "--game", "tactics", "--into", tmp_path / "out").exit_code == 0
    assert load(tmp_path / "out" / "cards" / "good.json")["text"] == ["你抽 1 张牌。", "你抽 2 张牌。"]


@pytest.mark.parametrize(
    ("encoding", "delimiter"),
    [("utf-8-sig", ","), ("utf-8-sig", ";"), ("utf-16", "\t"), ("utf-8", ";")],
    ids=["excel-csv-utf8-bom", "bom-semicolon", "excel-unicode-text", "semicolon"],
)
def test_excel_encodings_delimiters_and_quoted_line_breaks(cli, tmp_path: Path, encoding: str, delimiter: str) -> None:
    rows = [
        ["id", "name.zh-Hans", "name.en", "category", "cost.mortgage", "text"],
        ["double_draw", "连抽", "Double Draw", "skill", "1", "你抽 1 张牌。\n你抽 1 张牌。"],
        ["broken", "坏牌", "Broken", "skill", "x", ""],
    ]
    text = "\r\n".join(delimiter.join(f'"{c}"' if "\n" in c else c for c in row) for row in rows) + "\r\n"
    sheet = write(tmp_path / "cards.csv", text, encoding)
    result = cli("import", "csv", sheet, "--game", "tactics", "--into", tmp_path / "out")
    # the quoted line break makes the third row start on line 4
    assert error_lines(result) == [
        f"{sheet}: row 3 (line 4), column E (cost.mortgage): error csv.value: 'x' is not a whole number"
    ]
    write(sheet, "\r\n".join(text.split("\r\n")[:2]) + "\r\n", encoding)
    result = cli("import", "csv", sheet, "--game", "tactics", "--into", tmp_path / "out")
    assert result.exit_code == 0, result.output
    card = load(tmp_path / "out" / "cards" / "double_draw.json")
    assert card["id"] == "double_draw" and card["text"] == ["你抽 1 张牌。", "你抽 1 张牌。"]


def test_existing_files_are_never_lost(cli, tmp_path: Path) -> None:
    sheet = write(tmp_path / "cards.csv", "name.zh-Hans,name.en,category\n快抽,Quick Draw,skill\n")
    into = tmp_path / "out"
    assert cli("import", "csv", sheet, "--game", "tactics", "--into", into).exit_code == 0
    target = into / "cards" / "quick_draw.json"
    again = cli("import", "csv", sheet, "--game", "tactics", "--into", into)
    assert again.exit_code == 0 and "wrote 0, 1 unchanged" in again.stdout
    mine = target.read_text(encoding="utf-8").replace("快抽", "快速抽牌")
    target.write_text(mine, encoding="utf-8")  # the user edited the file since
    refused = cli("import", "csv", sheet, "--game", "tactics", "--into", into)
    assert refused.exit_code == 1
    assert f"{sheet}: row 2: error csv.exists: {target} exists with other content; not replaced" in refused.stderr
    assert target.read_text(encoding="utf-8") == mine
    forced = cli("import", "csv", sheet, "--game", "tactics", "--into", into, "--force")
    assert forced.exit_code == 0 and "wrote 1" in forced.stdout
    assert load(target)["name"]["zh-Hans"] == "快抽"


def test_dry_run_writes_nothing(cli, tmp_path: Path) -> None:
    sheet = write(tmp_path / "cards.csv", "name.zh-Hans,name.en,category\n快抽,Quick Draw,skill\n")
    result = cli("import", "csv", sheet, "--game", "tactics", "--into", tmp_path / "out", "--dry-run")
    assert result.exit_code == 0 and "would write 1" in result.stdout
    assert not (tmp_path / "out").exists()


def test_an_identical_bundled_card_is_left_untouched(cli, game_copy, tmp_path: Path) -> None:
    """A row written like a bundled card yields exactly the bundled file (the canonical form)."""
    game = game_copy("tactics")
    sheet = write(
        tmp_path / "cards.csv",
        "id,zh-Hans,en,category,back,cost.mortgage,cost.tap,equipment.size,equipment.attack.style,"
        "equipment.attack.subtype,equipment.attack.speed,equipment.attack.range.min,equipment.attack.range.max,text\n"
        "anti_materiel_rifle,反器材狙击枪,Anti-Materiel Rifle,equipment,personal,2,false,heavy,ranged,sniper_rifle,2,"
        '3,12,"攻击前：如果本单位处于隐蔽状态，本次攻击命中骰结果 +1。\n佩戴者移速 -1。"\n',
    )
    result = cli("import", "csv", sheet, "--game", "tactics", "--into", game)
    assert result.exit_code == 0, result.output
    assert "wrote 0, 1 unchanged" in result.stdout
    bundled = CARDS / "tactics" / "cards" / "anti_materiel_rifle.json"
    assert (game / "cards" / "anti_materiel_rifle.json").read_bytes() == bundled.read_bytes()


@pytest.mark.parametrize(
    ("data", "args", "message"),
    [
        ("名字\n".encode("gbk"), (), 'not UTF-8 (byte 0); save the sheet as "CSV UTF-8"'),
        (b"name.zh-Hans\x00\n", (), "holds NUL characters"),
        (b"x\n", ("--encoding", "klingon"), "--encoding 'klingon': no such text encoding"),
        (b"x\n", ("--kind", "role"), "--kind 'role': a tactics record imported from a sheet is one of"),
    ],
)
def test_unreadable_sheets_and_bad_options_exit_2(
    cli, tmp_path: Path, data: bytes, args: tuple[str, ...], message: str
) -> None:
    sheet = tmp_path / "cards.csv"
    sheet.write_bytes(data)
    result = cli("import", "csv", sheet, "--game", "tactics", "--into", tmp_path / "out", *args)
    assert result.exit_code == 2
    assert message in result.stderr and "Traceback" not in result.output


def test_missing_file_and_other_encodings(cli, tmp_path: Path) -> None:
    missing = cli("import", "csv", tmp_path / "none.csv", "--game", "tactics", "--into", tmp_path / "out")
    assert missing.exit_code == 2 and "none.csv: cannot read: No such file or directory" in missing.stderr
    sheet = tmp_path / "cards.csv"
    sheet.write_bytes("name.zh-Hans,name.en,category\n快抽,Quick Draw,skill\n".encode("gb18030"))
    result = cli("import", "csv", sheet, "--game", "tactics", "--into", tmp_path / "out", "--encoding", "gb18030")
    assert result.exit_code == 0, result.output
    assert load(tmp_path / "out" / "cards" / "quick_draw.json")["name"]["zh-Hans"] == "快抽"


def test_into_must_be_a_directory_of_that_game(cli, tmp_path: Path) -> None:
    sheet = write(tmp_path / "cards.csv", "name.zh-Hans,name.en,category\n快抽,Quick Draw,skill\n")
    other = cli("import", "csv", sheet, "--game", "tactics", "--into", CARDS / "crossfire")
    assert other.exit_code == 2 and "the crossfire game directory" in other.stderr
    parent = cli("import", "csv", sheet, "--game", "tactics", "--into", CARDS)
    assert parent.exit_code == 2 and f"give --into {CARDS / 'tactics'}" in parent.stderr
    inside = cli("import", "csv", sheet, "--game", "tactics", "--into", CARDS / "tactics" / "cards")
    assert inside.exit_code == 2 and "inside the game directory" in inside.stderr


@pytest.mark.parametrize(
    ("text", "leaf", "nullable", "value"),
    [
        ("3", int, False, 3),
        (" ３ ", int, False, 3),
        ("3.0", int, False, 3),
        ("-1", int, False, -1),
        ("X", int, True, None),
        ("null", int, True, None),
        ("true", bool, False, True),
        ("TRUE", bool, False, True),
        ("是", bool, False, True),
        ("否", bool, False, False),
        ("no", bool, False, False),
        ("0", bool, False, False),
        (" 快抽 ", str, False, "快抽"),
    ],
)
def test_cells_are_read_by_the_field_type(text: str, leaf: Any, nullable: bool, value: Any) -> None:
    assert coerce(text, leaf, nullable) == value


@pytest.mark.parametrize(("text", "leaf"), [("3.5", int), ("x", int), ("X", int), ("maybe", bool)])
def test_bad_cells(text: str, leaf: Any) -> None:
    with pytest.raises(_BadCell):
        coerce(text, leaf, False)


@pytest.mark.parametrize(
    ("text", "expected"),
    [("a,b;c\n1,2", ","), ("a;b;c\n1,2,3,4", ";"), ("a\tb\n", "\t"), ('"x,y";b;c\n', ";"), ("name\n", ",")],
)
def test_the_header_row_decides_the_delimiter(text: str, expected: str) -> None:
    assert sniff_delimiter(text) == expected


@pytest.mark.parametrize(
    ("name", "slug"),
    [("Anti-Materiel Rifle", "anti_materiel_rifle"), ("Boi-tatá", "boi_tata"), ("AK-47 改", "ak_47"), ("流血", "")],
)
def test_ids_from_names(name: str, slug: str) -> None:
    assert slugify(name) == slug


def test_other_kinds_go_to_their_directory(cli, tmp_path: Path) -> None:
    sheet = write(
        tmp_path / "agents.csv",
        "name.zh-Hans,name.en,symbol,hp,move,vision.side,vision.rear,subtypes,text\n"
        '夜鹭,Night Heron,夜,8,4,是,否,"recon，infiltrator",移动后：暴露距离 0-2 内的目标敌方单位。\n',
    )
    result = cli("import", "csv", sheet, "--game", "tactics", "--kind", "agent", "--into", tmp_path / "out")
    assert result.exit_code == 0, result.output
    agent = load(tmp_path / "out" / "agents" / "night_heron.json")
    assert agent["kind"] == "agent" and agent["vision"] == {"rear": False, "side": True}
    assert agent["subtypes"] == ["recon", "infiltrator"]
    assert agent["$schema"].endswith("schema/tactics/agent.schema.json")


def test_references_are_checked_against_the_cards_pool(cli, tmp_path: Path) -> None:
    sheet = write(tmp_path / "cards.csv", "name.zh-Hans,name.en,category,agent\n密钥,Cipher Key,skill,cipher\n")
    bundled = cli("import", "csv", sheet, "--game", "tactics", "--into", tmp_path / "out", "--dry-run")
    assert bundled.exit_code == 0, bundled.output  # cipher is a bundled agent
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    alone = cli("import", "csv", sheet, "--game", "tactics", "--into", tmp_path / "out", "--cards", elsewhere)
    assert alone.exit_code == 1
    assert f"{sheet}: row 2, column D (agent): error card.ref: tactics card 'cipher_key': exclusive to agent 'cipher'" in alone.stderr
