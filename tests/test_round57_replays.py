"""Round 57: replays, simulate and scenario outputs speak the chosen language and give stable codes."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from toolkit.engine.netrunner.replay import draw_frame, icon_words, with_icons

EX = Path(__file__).resolve().parents[1] / "examples" / "decks" / "netrunner"
def run(cli: Any, args: list[str], code: int = 0) -> Any:
    out = cli(*args)
    assert out.exit_code == code, out.stdout + out.stderr
    return out


DECKS = ["--decks", str(EX / "corp-hb-tireless-hands.json"), "--decks", str(EX / "runner-anarch-rust.json")]


def test_json_result_reason_is_a_code_with_its_number(cli: Any) -> None:
    out = run(cli, ["simulate", "netrunner", *DECKS, "--seed", "1", "--turns", "200", "-f", "json", "--lang", "zh-Hans"])
    result = json.loads(out.stdout)["result"]
    assert result["reason"] == "agenda_points" and result["agenda_points"] >= 7


def test_json_result_at_the_turn_limit(cli: Any) -> None:
    out = run(cli, ["simulate", "netrunner", *DECKS, "--seed", "1", "--turns", "2", "-f", "json"])
    assert json.loads(out.stdout)["result"] == {"winners": [], "reason": "turn_limit", "turns": 2}


def test_same_path_for_save_and_replay_is_refused_before_the_game(cli: Any, tmp_path: Path) -> None:
    target = tmp_path / "g.html"
    out = run(cli, ["simulate", "netrunner", *DECKS, "--save", str(target), "--replay", str(target)], code=2)
    assert "--save" in out.stderr and "--replay" in out.stderr and not target.exists()


def test_map_is_refused_for_netrunner(cli: Any) -> None:
    out = run(cli, ["simulate", "netrunner", *DECKS, "--map", "hideout"], code=2)
    assert "--map" in out.stderr and len(out.stderr.strip().splitlines()) == 1


def test_replay_title_banner_and_icons_in_chinese(cli: Any, tmp_path: Path) -> None:
    page = tmp_path / "nr.html"
    run(cli, ["simulate", "netrunner", *DECKS, "--seed", "1", "--turns", "200", "--replay", str(page), "--lang", "zh-Hans"])
    html = page.read_text(encoding="utf-8")
    assert "<title>安卓纪元：矩阵潜袭 · " in html
    assert "agenda points" not in html and "公司获胜：7 议案分数" in html
    assert "[credit]" not in html and "[click]" not in html and 'class="icon icon-credit"' in html


def test_hq_cards_are_never_face_down_but_unrezzed_installed_ones_are() -> None:
    asset = {"uid": 3, "id": "x", "name": {"en": "Asset"}, "type": "asset", "rezzed": False, "faceup": False}
    side = {"credits": 1, "clicks": 0, "agenda_points": 0, "hand_count": 1, "deck_count": 1, "bad_publicity": 0}
    corp = {**side, "identity": {"name": {"en": "Corp"}}, "servers": [{"name": "remote1", "ice": [], "root": [asset]}],
            "hand": [asset], "archives": [], "score_area": []}  # fmt: skip
    runner = {**side, "identity": {"name": {"en": "Runner"}}, "tags": 0, "memory_used": 0, "memory_limit": 4,
              "link": 0, "brain_damage": 0, "rig": [], "hand": [], "heap": [], "score_area": []}  # fmt: skip
    html = draw_frame({"corp": corp, "runner": runner}, "en")
    assert html.count('class="card down"') == 1  # the installed one, not the copy in HQ
    assert "[credit]" not in html and "icon-click" in html


def test_icon_helpers() -> None:
    assert icon_words("pay 2[credit]", "zh-Hans") == "pay 2信用点"
    assert "icon-subroutine" in with_icons("[subroutine] end", "en") and "[nope]" in with_icons("[nope]", "en")


def test_damage_by_side_is_worded(cli: Any) -> None:
    corp, runner = EX / "corp-weyland-skyward.json", EX / "runner-criminal-fingers.json"
    out = run(cli, ["simulate", "netrunner", "--decks", str(corp), "--decks", str(runner), "--seed", "4", "--turns", "60",
               "--lang", "zh-Hans"])  # fmt: skip
    assert "由：公司" in out.stdout and "由：corp" not in out.stdout


def test_map_render_names_an_english_state_in_chinese(cli, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """A state `simulate tactics --format json` wrote in English is drawn in Chinese with `--lang zh-Hans`: its
    units by their records' names, the map by its name (it kept the English names and gave the map's id)."""

    from .conftest import ROOT

    decks = ROOT / "examples" / "decks" / "tactics"
    result = cli("simulate", "tactics", "--decks", decks / "duel.json", "--decks", decks / "duel-rival.json",
                 "--turns", "4", "--format", "json", "--lang", "en")  # fmt: skip
    state = tmp_path / "duel.json"
    state.write_text(result.stdout, encoding="utf-8")
    assert json.loads(result.stdout)["board"]["units"][0]["name"].isascii()
    drawn = cli("map", "render", "hideout", "--state", state, "--out", tmp_path / "d.svg", "--lang", "zh-Hans")
    assert drawn.exit_code == 0, drawn.output
    svg = (tmp_path / "d.svg").read_text(encoding="utf-8")
    assert "<title>据点 · 第 4 轮" in svg and "雾刃" in svg and "Mistblade" not in svg
