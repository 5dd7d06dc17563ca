"""`dossier deck …` and `dossier draft` as a user runs them."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from .conftest import ROOT

EX = ROOT / "examples" / "decks"


@pytest.mark.lang_default
def test_validate_examples(cli) -> None:
    files = sorted(EX.rglob("*.*"))
    result = cli("deck", "validate", *files)
    assert result.exit_code == 0, result.output
    # The example decks are in Chinese (JSON decks name ids; the lists use Chinese names): the summary is too.
    assert (
        f"{EX / 'netrunner/corp-hb-tireless-hands.json'}：45 张牌（至少 45） · 影响力 0/15 · 议案分数 21（20–21） · 合法"
        in result.output
    )
    assert result.output.count("· 合法") == len(files)
    english = cli("deck", "validate", "--lang", "en", *files)
    assert (
        f"{EX / 'netrunner/corp-hb-tireless-hands.json'}: 45 cards (min 45) · 0/15 influence · 21 agenda points (20–21) · legal"
        in english.output
    )
    assert english.output.count("· legal") == len(files)


@pytest.mark.lang_default
def test_validate_illegal_deck_lists_every_problem_with_positions(cli, tmp_path: Path) -> None:
    deck = json.loads((EX / "tactics/duo.json").read_text(encoding="utf-8"))
    deck["cards"]["smoke_grenade"] = 2
    deck["agents"] = ["jackdaw"]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(deck, ensure_ascii=False, indent=2), encoding="utf-8")
    result = cli("deck", "validate", path)
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert sum("：错误 deck.exclusive.agent：" in ln for ln in lines) == 4  # (the severity in the output language)
    dup = next(ln for ln in lines if "deck.names.duplicate" in ln)
    number = int(dup.split(":")[1])
    assert '"smoke_grenade"' in path.read_text(encoding="utf-8").splitlines()[number - 1]
    assert lines[-1].endswith("不合法（6 个错误）")


def test_validate_json_output(cli, tmp_path: Path) -> None:
    path = tmp_path / "l.txt"
    path.write_text("# game: tactics\n# mode: duel\n1x 雾刃\n1x 战术匕首\n", encoding="utf-8")
    result = cli("deck", "validate", "--format", "json", path)
    assert result.exit_code == 1
    [entry] = json.loads(result.output)
    assert entry["legal"] is False and [f["code"] for f in entry["findings"]] == ["deck.size.min"]


@pytest.mark.lang_default
def test_validate_a_directory_of_decks(cli, tmp_path: Path) -> None:
    result = cli("deck", "validate", EX / "tactics")
    assert result.exit_code == 0 and result.output.count("· 合法") == len(list((EX / "tactics").iterdir()))
    empty = cli("deck", "validate", tmp_path)
    assert empty.exit_code == 2 and "此目录中没有牌组文件" in empty.stderr  # in the default language


def test_validate_unreadable_exits_2(cli, tmp_path: Path) -> None:
    result = cli("deck", "validate", tmp_path / "missing.json", EX / "tactics/duel.json")
    assert result.exit_code == 2
    assert "missing.json: cannot read" in result.output


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
@pytest.mark.lang_default
def test_a_directory_reports_the_deck_names_it_cannot_read(cli, tmp_path: Path) -> None:
    """In a directory, a deck name that is a dangling link or a FIFO is reported (exit 2), not passed over;
    the readable decks are still validated."""
    (tmp_path / "duel.json").write_bytes((EX / "tactics/duel.json").read_bytes())
    (tmp_path / "dangling.json").symlink_to(tmp_path / "gone.json")
    os.mkfifo(tmp_path / "pipe.txt")
    (tmp_path / "notes.md").write_text("not a deck", encoding="utf-8")
    result = cli("deck", "validate", tmp_path)
    assert result.exit_code == 2 and "Traceback" not in result.output
    # the errors in the default language, as the verdicts
    assert f"dossier：错误：{tmp_path / 'dangling.json'}：无法读取：悬空的符号链接（指向 {tmp_path / 'gone.json'}）" in (
        result.stderr
    )
    assert f"dossier：错误：{tmp_path / 'pipe.txt'}：无法读取：不是普通文件（是命名管道）" in result.stderr
    assert "duel.json：" in result.output and "· 合法" in result.output
    assert "notes.md" not in result.output


def test_validate_against_another_pool(cli, game_copy) -> None:
    root = game_copy("netrunner")
    result = cli("deck", "validate", "--cards", root, EX / "netrunner/runner-anarch-rust.json")
    assert result.exit_code == 0, result.output


def test_mode_override(cli) -> None:
    result = cli("deck", "validate", "--mode", "duel", EX / "tactics/duo.json")
    assert result.exit_code == 1 and "deck.size.max" in result.output and "deck.squad.max" in result.output
    assert cli("deck", "validate", "--mode", "arena", EX / "tactics/duo.json").exit_code == 1  # the deck's finding


def test_new_crossfire_role_set(cli, tmp_path: Path) -> None:
    out = tmp_path / "seven.json"
    assert (
        cli(
            "deck",
            "new",
            "--game",
            "crossfire",
            "--mode",
            "crossfire",
            "--players",
            "7",
            "--special",
            "bodyguard",
            "--out",
            out,
        ).exit_code
        == 0
    )
    assert json.loads(out.read_text(encoding="utf-8"))["cards"] == {
        "vip": 1,
        "agent": 1,
        "bodyguard": 1,
        "assassin": 2,
        "decoy": 1,
        "bystander": 1,
    }
    assert cli("deck", "validate", out).exit_code == 0
    again = cli("deck", "new", "--game", "crossfire", "--mode", "crossfire", "--players", "7", "--out", out)
    assert again.exit_code == 2 and "already exists" in again.output
    bad = cli(
        "deck",
        "new",
        "--game",
        "crossfire",
        "--mode",
        "crossfire",
        "--players",
        "5",
        "--special",
        "peacekeeper",
        "--out",
        tmp_path / "x.json",
    )
    assert bad.exit_code == 2 and "7-10 players" in bad.output


@pytest.mark.lang_default
def test_new_tactics_scaffold_by_names(cli, tmp_path: Path) -> None:
    out = tmp_path / "squad.txt"
    assert (
        cli(
            "deck", "new", "--game", "tactics", "--mode", "duo", "--agent", "寒鸦", "--agent", "egret", "--out", out
        ).exit_code
        == 0
    )
    text = out.read_text(encoding="utf-8")
    assert "# mode: duo" in text and "1x 寒鸦" in text and "1x 白鹭" in text
    result = cli("deck", "validate", out)
    assert result.exit_code == 1 and "deck.size.min" in result.output
    typo = cli("deck", "new", "--game", "tactics", "--mode", "duo", "--agent", "寒雅", "--out", tmp_path / "t.txt")
    assert typo.exit_code == 2 and "是否想写 '寒鸦'" in typo.stderr  # the error in the default language
    english = cli("deck", "new", "--game", "tactics", "--mode", "duo", "--agent", "寒雅", "--out", tmp_path / "t.txt",
                  "--lang", "en")  # fmt: skip
    assert english.exit_code == 2 and "did you mean '寒鸦'" in english.stderr


@pytest.mark.lang_default
def test_show_and_stats(cli) -> None:
    shown = cli("deck", "show", EX / "tactics/duel.json")
    assert shown.exit_code == 0 and "1x 雾刃" in shown.output
    stats = cli("deck", "stats", "--format", "json", EX / "netrunner/corp-weyland-skyward.json")
    data = json.loads(stats.output)
    assert data["cards"] == 45 and data["agenda_points"] == 20 and sum(data["by_type"].values()) == 45


def test_draw_is_repeatable_with_a_seed(cli) -> None:
    first = cli("deck", "draw", "--seed", "7", EX / "netrunner/runner-anarch-rust.json")
    second = cli("deck", "draw", "--seed", "7", EX / "netrunner/runner-anarch-rust.json")
    assert first.exit_code == 0 and first.output == second.output and len(first.output.splitlines()) == 5


def test_odds_are_hypergeometric(cli) -> None:
    result = cli("deck", "odds", "--format", "json", "--turns", "2", EX / "tactics/duel.json")
    data = json.loads(result.output)
    assert data["seen"] == [3, 4, 5]
    # one copy in 10 cards: 3/10 in the opening hand, 4/10 by turn 1, 5/10 by turn 2
    assert data["cards"][0]["p"] == pytest.approx([0.3, 0.4, 0.5])


def test_convert(cli, tmp_path: Path) -> None:
    nrdb = cli("deck", "convert", EX / "netrunner/corp-hb-tireless-hands.json", "--to", "nrdb")
    assert (
        nrdb.exit_code == 0
        and "Haas-Bioroid: Tireless Hands (Dossier Demo)" in nrdb.output
        and nrdb.output.endswith(
            "0 influence spent (max 15, available 15)\n21 agenda points (between 20 and 21)\n"
            "45 cards (min 45)\nCards up to Dossier Demo\nFormat: standard\n"
        )
    )
    src = tmp_path / "d.json"
    src.write_text((EX / "tactics/duel.json").read_text(encoding="utf-8"), encoding="utf-8")
    refused = cli("deck", "convert", src, "--to", "json", "--out", src, "--force")
    assert refused.exit_code == 2 and "refusing to overwrite the input" in refused.output
    wrong = cli("deck", "convert", src, "--to", "o8d")
    assert wrong.exit_code == 2 and "for netrunner decks" in wrong.output


def picks_script(tmp_path: Path, picks: list[str]) -> Path:
    path = tmp_path / "picks.txt"
    path.write_text("\n".join(picks) + "\n", encoding="utf-8")
    return path


def test_draft_with_a_script(cli, tmp_path: Path) -> None:
    result = cli("draft", "--seed", "3", "--script", picks_script(tmp_path, ["1"] * 8), "--format", "json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    squads = [s["agents"] for s in data["squads"]]
    assert [len(s) for s in squads] == [4, 4] and not set(squads[0]) & set(squads[1])
    assert data["squads"][0]["privates"] == ["private"]
    reveals = [e for e in data["log"] if e["event"] == "reveal"]
    assert [len(r["row"]) for r in reveals] == [4, 4]
    again = cli("draft", "--seed", "3", "--script", picks_script(tmp_path, ["1"] * 8), "--format", "json")
    assert again.output == result.output


def test_draft_rejects_a_card_not_face_up(cli, tmp_path: Path) -> None:
    result = cli("draft", "--seed", "3", "--script", picks_script(tmp_path, ["nobody"]))
    assert result.exit_code == 1 and "is not face up" in result.output
    short = cli("draft", "--seed", "3", "--script", picks_script(tmp_path, ["1"]))
    assert short.exit_code == 1 and "ran out of picks" in short.output


def test_validate_against_an_imported_netrunnerdb_pool(cli, tmp_path: Path) -> None:
    """A deck built from an imported NetrunnerDB pool gets the rules' verdicts, ban lists included."""
    pool = tmp_path / "pool"
    imported = cli("import", "netrunnerdb", ROOT / "tests/fixtures/netrunnerdb_v2", "--into", pool)
    assert imported.exit_code == 0, imported.output
    deck = tmp_path / "mira.txt"
    deck.write_text(
        "Static Saint Test\n\nMira Okonjo: Static Saint\n\n3x Quillfracter Nine\n3x Harbor Fixer Lune ●●●●●●\n"
        "3x Whisperworm Kit\n2x Saltglass Deck\n3x Backdoor Sprint Drill\n",
        encoding="utf-8",
    )
    current = cli("deck", "validate", "--cards", pool, "--format", "json", deck)
    older = cli("deck", "validate", "--cards", pool, "--mode", "standard_1", "--format", "json", deck)
    assert current.exit_code == older.exit_code == 1
    codes = [{f["code"] for f in json.loads(r.output)[0]["findings"]} for r in (current, older)]
    assert codes[0] == {"deck.copies.over", "deck.size.min"}
    assert {"deck.banned", "deck.copies.over", "deck.size.min"} <= codes[1]  # the older format's ban list
    assert json.loads(current.output)[0]["summary"].startswith("14 cards (min 40) · 15/15 influence")


def test_a_role_set_without_its_player_count_is_summed_up_without_none(cli, tmp_path: Path) -> None:
    data = json.loads((EX / "crossfire" / "crossfire-7.json").read_text(encoding="utf-8"))
    del data["players"]
    path = tmp_path / "c.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    result = cli("deck", "validate", path)
    assert result.exit_code == 1 and "deck.players.missing" in result.output
    [summary] = [line for line in result.output.splitlines() if line.startswith(f"{path}: ")]
    assert "None" not in summary and summary.endswith("· illegal (1 error)")


def test_an_agent_among_the_command_cards_is_named_and_worded(cli, tmp_path: Path) -> None:
    data = json.loads((EX / "tactics" / "duo.json").read_text(encoding="utf-8"))
    data["cards"] = {"lynx": 1}
    path = tmp_path / "d.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    result = cli("deck", "validate", path)
    assert "deck.card.kind: Lynx ('lynx') is an agent, not a command card" in result.output
    # an agent is never a command card: not counted toward the size, so the size is told too (round 57)
    assert result.output.strip().splitlines()[-1].startswith(f"{path}: 0 command cards (min 15) · ")
    data["cards"] = {"steady_aim": 1}
    path.write_text(json.dumps(data), encoding="utf-8")
    assert f"{path}: 1 command card (min 15) · " in cli("deck", "validate", path).output


def test_new_offers_only_records_of_the_kind_asked_for(cli, tmp_path: Path) -> None:
    identity = cli("deck", "new", "--game", "netrunner", "--mode", "standard", "--identity", "Ada Vos", "--out",
                   tmp_path / "a.json")  # fmt: skip
    assert identity.exit_code == 2 and "did you mean 'Ada Voss: Tinker'?" in identity.output
    agent = cli("deck", "new", "--game", "tactics", "--mode", "duo", "--agent", "Lynks", "--out", tmp_path / "b.txt")
    assert agent.exit_code == 2 and "did you mean 'Lynx'" in agent.output and "Holo Decoy" not in agent.output


def test_convert_out_dash_is_standard_output(cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = cli("deck", "convert", EX / "tactics" / "duo.json", "--to", "text", "--out", "-")
    assert result.exit_code == 0 and "# game: tactics" in result.stdout
    assert list(tmp_path.iterdir()) == []  # no file named "-"
