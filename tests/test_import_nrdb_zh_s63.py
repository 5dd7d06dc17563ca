"""`dossier import netrunnerdb` in Chinese: the warnings name a record's kind in Chinese, and no message puts spaces
between Chinese words (a kind of entries is a Chinese word, a folder of the checkout is not: they are worded apart).

The invented checkout is tests/test_import_nrdb_s63.py's, with a Chinese translation that gives two cards one name.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from typer.testing import CliRunner

from toolkit.cli import app
from toolkit.i18n import use_lang
from toolkit.importers import import_netrunnerdb

from .test_import_nrdb_s63 import dump, write_checkout

# a space between two Chinese characters (Chinese writes none; a space goes beside a number, a name or a path)
SPACED = re.compile(r"[\u4e00-\u9fff] +[\u4e00-\u9fff]")


def chinese_checkout(root: Path) -> Path:
    write_checkout(root)
    translations = root / "translations" / "zh-hans"
    dump(
        translations / "pack" / "tp.zh-hans.json",
        [
            {"code": "90001", "title": "账本", "_comment": "an unknown field of a translation"},
            {"code": "90002", "title": "账本"},  # the Chinese name of 90001 again
        ],
    )
    factions = json.loads((root / "v2" / "factions.json").read_text(encoding="utf-8"))
    factions[0]["description"] = "A field Dossier has no place for."
    dump(root / "v2" / "factions.json", factions)
    card = root / "v2" / "cards" / "zoryas_cafe.json"
    dump(card, {**json.loads(card.read_text(encoding="utf-8")), "frobnicate": 1})
    return root


def test_a_warning_names_the_kind_of_record_in_chinese(tmp_path: Path) -> None:
    with use_lang("zh-Hans"):
        report = import_netrunnerdb(chinese_checkout(tmp_path / "repo"), tmp_path / "pool", layout="v2")
    [twice] = [w for w in report.warnings if "'账本'" in w]  # (quinns_ledger, 90001, named after i_ve_got_this)
    assert twice.startswith("卡牌 'quinns_ledger'") and "card '" not in twice, twice


def test_no_spaces_between_chinese_words(tmp_path: Path) -> None:
    """(With the Chinese catalog as the fix gives it: the Chinese of these messages is a translation's.)"""
    root = chinese_checkout(tmp_path / "repo")
    result = CliRunner().invoke(
        app, ["import", "netrunnerdb", str(root), "--into", str(tmp_path / "pool"), "--lang", "zh-Hans"]
    )
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert any("个翻译条目中有未知字段 '_comment'" in line for line in lines), lines
    assert any("个派系条目中的字段 'description' 未导入" in line for line in lines), lines
    assert any("v2/cards 中有 1 个条目含未知字段 'frobnicate'" in line for line in lines), lines
    assert any(line.startswith(f"已从 {root} 的 v2 布局导入 4 张牌、") for line in lines), lines
    assert [line for line in lines if SPACED.search(line)] == []
