"""A designer's round trip, end to end (issue 25): ten new tactics cards from a sheet of our own with art beside it
→ import → lint → fmt and text fmt → re-import → print with a custom template and that art → a deck of the new
cards validated and simulated among the pool → coverage of the new cards. No step needs --force and none reports
a false error or warning."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from .conftest import CARDS, ROOT

TEXTS = [
    "本单位移动 0-2。",
    "距离 0-1 内的目标己方单位回复 2 点生命值。",
    "你抽 1 张牌。",
    "本单位获得 1 点护盾值。",
    "本单位获得 2 点临时生命值。",
    "本单位移动 0-1。",
    "距离 0-1 内的目标己方单位回复 1 点生命值。",
    "你抽 2 张牌。",
    "本单位移动 0-3。",
    "本单位获得 2 点护盾值。",
]


def _sheet(folder: Path) -> Path:
    (folder / "art").mkdir(parents=True)
    rows = ["id,name.zh-Hans,name.en,category,back,cost.mortgage,art,text,copies"]
    for n, text in enumerate(TEXTS):
        # 900×700 px over the art box (about 55×24 mm): well above 200 dpi
        Image.new("RGB", (900, 700), (30 + n * 20, 80, 120)).save(folder / "art" / f"card{n}.png")
        rows.append(f"rt_card_{n},试作卡{n},Trial Card {n},skill,personal,{n % 3},art/card{n}.png,{text},{1 + n % 2}")
    sheet = folder / "cards.csv"
    sheet.write_text("\n".join(rows) + "\n", encoding="utf-8")
    return sheet


def _ok(result: Any, *words: str) -> str:
    out = result.output + (result.stderr if result.stderr_bytes else "")
    assert result.exit_code == 0, out
    assert "Traceback" not in out and " error " not in out and " warning " not in out, out
    for word in words:
        assert word in out, (word, out)
    return out


@pytest.mark.slow
def test_the_designers_round_trip(cli: Any, tmp_path: Path, monkeypatch: Any) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DOSSIER_LANG", "en")
    monkeypatch.delenv("DOSSIER_CARDS", raising=False)
    sheet = _sheet(tmp_path)
    mine = tmp_path / "mine"

    _ok(cli("import", "csv", sheet, "--game", "tactics", "--into", mine), "wrote 10")
    record = json.loads((mine / "cards" / "rt_card_0.json").read_text(encoding="utf-8"))
    assert (mine / "cards" / record["art"]).resolve() == (tmp_path / "art" / "card0.png").resolve()  # from the sheet
    _ok(cli("lint", mine), "10 files: 0 errors, 0 warnings", "checked among")
    _ok(cli("fmt", mine))
    _ok(cli("text", "fmt", mine))
    _ok(cli("import", "csv", sheet, "--game", "tactics", "--into", mine))  # again, after fmt: no --force

    template = tmp_path / "template" / "tactics"
    template.mkdir(parents=True)
    card = json.loads((ROOT / "toolkit" / "sheets" / "templates" / "tactics" / "card.json").read_text(encoding="utf-8"))
    card.pop("$schema", None)
    card["boxes"]["art"]["placeholder"] = "#336699"
    (template / "card.json").write_text(json.dumps(card), encoding="utf-8")
    _ok(cli("print", "--check", "--template", template.parent), "0 errors, 0 warnings")
    copies = mine / ".dossier-import" / "cards.deck.json"
    _ok(cli("print", "--deck", copies, "--cards", mine, "--template", template.parent, "--out", "cards.pdf"), "15 cards")
    assert (tmp_path / "cards.pdf").read_bytes().startswith(b"%PDF-")

    deck = tmp_path / "trial.txt"
    names = [f"试作卡{n}" for n in range(10)] + ["战地急救", "走廊冲刺", "肾上腺素针", "长弓狙击步枪", "折叠两脚架"]
    deck.write_text("# game: tactics\n# mode: duo\n1x 寒鸦\n1x 白鹭\n" + "".join(f"1x {n}\n" for n in names), "utf-8")
    rival = tmp_path / "rival.txt"
    shutil.copy(ROOT / "examples" / "decks" / "tactics" / "duo-rival.txt", rival)
    pool = ["--cards", CARDS, "--cards", mine]
    _ok(cli("deck", "validate", deck, *pool), "legal")
    _ok(cli("simulate", "tactics", "--decks", deck, "--decks", rival, *pool, "--seed", "3"), "result:")

    out = _ok(cli("text", "coverage", "--cards", mine, "--games", "6", "--seed", "1", "--format", "json"))
    report = json.loads(out[out.index("{") :])
    covered = json.dumps(report, ensure_ascii=False)
    for n in range(10):
        assert f"rt_card_{n}" in covered
    assert "adrenaline_shot" not in covered  # the designer's set only
