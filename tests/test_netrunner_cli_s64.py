"""Round 64: Netrunner at the command line. Line-by-line play takes the words it shows (保留) as well as the labels;
the full-screen header says the mulligan, not "turn 0"; `simulate` and `scenario run` say the game's symbols in
words (their JSON keeps the codes) and `simulate` says nothing of the text it does not run when it runs it all; a deck
made on another card pool says once that the pool may not be its own; findings of the whole deck point at no card's
line (the influence at the identity's); a deck that cannot be read is told by `deck stats`/`odds`/`draw` as `deck
validate` tells it; `--hand` larger than the deck is refused."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from tests.conftest import CARDS, ROOT
from toolkit.catalog import load_catalog
from toolkit.engine.decisions import Decision, Option
from toolkit.engine.keys import Stopped
from toolkit.engine.netrunner import NetrunnerGame
from toolkit.engine.netrunner.players import make_policy
from toolkit.engine.netrunner.screen import ScreenPolicy
from toolkit.engine.netrunner.session import example_deck
from toolkit.engine.netrunner.terminal import TerminalPolicy

RECORDS = list(load_catalog([CARDS / "netrunner"]).records)
EX = ROOT / "examples" / "decks" / "netrunner"
CORP, RUNNER = EX / "corp-hb-tireless-hands.json", EX / "runner-anarch-rust.json"
SCENARIO = ROOT / "examples" / "scenarios" / "run-through-ice.json"
POOL = ["--cards", str(CARDS / "netrunner")]
TOKENS = re.compile(r"\[(click|credit|subroutine|recurring_credit|trash|mu|link)\]")
HINT = "may not be the one you mean"


@pytest.fixture(autouse=True)
def default_settings(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """No user config, no dossier.toml above the test, no DOSSIER_CARDS: the bundled pool."""
    import toolkit.config as config

    monkeypatch.delenv(config.ENV_CARDS, raising=False)
    monkeypatch.delenv("DOSSIER_LANG", raising=False)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg"))
    monkeypatch.setattr(config, "project_file", lambda start=None: None)


def _person(answers: list[str], lang: str) -> tuple[TerminalPolicy, list[str]]:
    said: list[str] = []
    typed = iter(answers)

    def read(prompt: str) -> str:
        try:
            return next(typed)
        except StopIteration:
            raise EOFError from None

    return TerminalPolicy(read=read, write=said.append, lang=lang), said


def _game(side: str, person: Any, seed: int = 3) -> NetrunnerGame:
    decks = {"corp": example_deck(RECORDS, "hb_tireless_hands"), "runner": example_deck(RECORDS, "cassia_rust_moreau")}
    other = "corp" if side == "runner" else "runner"
    return NetrunnerGame(RECORDS, seed=seed, decks=decks, policies={side: person, other: make_policy("heuristic", other,
                                                                                                    seed)})  # fmt: skip


# --- 1. the words shown are an answer ------------------------------------------------------------------------------


@pytest.mark.parametrize(("lang", "keep", "action"), [("zh-Hans", "保留", "补一张牌"), ("en", "KEEP", "Draw A Card"),
                                                      ("zh-Hans", "keep", "draw a card"), ("en", "保留", "补一张牌")])  # fmt: skip
def test_the_words_shown_are_an_answer_in_either_language_and_any_case(lang: str, keep: str, action: str) -> None:
    person, said = _person([keep, action], lang)
    game = _game("runner", person)
    with pytest.raises(EOFError):
        game.play_game(max_turns=4)
    mine = [d["label"] for d in game.decisions if d["seat"] == 2]
    assert mine[:2] == ["keep", "draw"], said
    refused = "请输入" if lang == "zh-Hans" else "type a number"
    assert not any(line.startswith(refused) for line in said)
    # the label is still shown (the key scripts and saved games use), and the first question says what is accepted
    assert "  1. 保留   [keep]" in said if lang == "zh-Hans" else "  1. keep" in said
    hint = [line for line in said if "label" in line or "标签" in line]
    assert len(hint) == 1 and said.index(hint[0]) < said.index(next(s for s in said if s.startswith("  1. ")))


def test_labels_and_numbers_still_answer_and_the_same_words_for_two_options_ask_for_the_number() -> None:
    person, said = _person(["mulligan", "1"], "zh-Hans")
    game = _game("runner", person)
    with pytest.raises(EOFError):
        game.play_game(max_turns=4)
    assert [d["label"] for d in game.decisions if d["seat"] == 2][:2] == ["mulligan", "draw"]
    twins = Decision(2, "choice", "which?", [Option("a#1", "同一张牌"), Option("a#2", "同一张牌"), Option("b", "别的")])
    assert [o.label for o in person.worded(game, twins, "同一张牌")] == ["a#1", "a#2"]
    assert [o.label for o in person.worded(game, twins, "别的")] == ["b"]
    assert person.worded(game, twins, "") == []


# --- 7. the header before the first turn ----------------------------------------------------------------------------


@pytest.mark.parametrize(("lang", "said", "never"), [("en", "You play the corp · mulligan", "turn 0"),
                                                     ("zh-Hans", "· 重新调度", "第 0 回合")])  # fmt: skip
def test_the_full_screen_header_says_the_mulligan_not_turn_0(lang: str, said: str, never: str) -> None:
    out = io.StringIO()
    console = Console(file=out, width=150, height=50, color_system=None, force_terminal=False)
    game = _game("corp", ScreenPolicy(console, lambda: "q", lang))
    with pytest.raises(Stopped):
        game.play_game(max_turns=2)
    shown = out.getvalue()
    assert never not in shown
    if lang == "en":
        assert said in shown
    else:  # (the words come with the catalog: the header says the mulligan in some words, never turn 0)
        assert "回合" not in shown.splitlines()[0]


# --- 3 and 6. simulate and scenario run: symbols in words, no empty head line ---------------------------------------


@pytest.mark.parametrize("lang", ["en", "zh-Hans"])
def test_scenario_text_says_symbols_in_words_and_json_keeps_them(cli: Any, lang: str) -> None:
    text = cli("scenario", "run", SCENARIO, *POOL, "--lang", lang)
    assert text.exit_code == 0, text.output
    assert not TOKENS.search(text.stdout), TOKENS.search(text.stdout)
    assert ("credit" in text.stdout) if lang == "en" else ("信用点" in text.stdout)
    data = json.loads(cli("scenario", "run", SCENARIO, *POOL, "--lang", lang, "--format", "json").stdout)
    assert "[click]" in data["pending"]["prompt"] or any("[credit]" in o["text"] for o in data["pending"]["options"])


@pytest.mark.parametrize("lang", ["en", "zh-Hans"])
def test_simulate_text_says_symbols_in_words_and_no_line_for_nothing_left_unrun(cli: Any, lang: str) -> None:
    result = cli("simulate", "netrunner", *POOL, "--decks", CORP, "--decks", RUNNER, "--seed", 1, "--lang", lang)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert not TOKENS.search(out), TOKENS.search(out)
    assert "does not run" not in out and "不执行" not in out  # every card of the two decks runs: nothing to say
    assert out.splitlines()[0].split()[1] in ("set-up", "准备（游戏：矩阵潜袭，赛制：标准赛制，种子：1）")
    data = json.loads(cli("simulate", "netrunner", *POOL, "--decks", CORP, "--decks", RUNNER, "--seed", 1, "--lang",
                          lang, "--format", "json").stdout)  # fmt: skip
    assert data["no_executable_text"]["titles"] == 0  # (the JSON keeps its count)


# --- 2. a deck made on another pool ---------------------------------------------------------------------------------


def _deck(tmp_path: Path, mode: str, identity: str, cards: dict[str, int], name: str = "corp.json") -> Path:
    path = tmp_path / name
    deck = {"game": "netrunner", "mode": mode, "name": "x", "identity": identity, "cards": cards}
    path.write_text(json.dumps(deck, indent=2), encoding="utf-8")
    return path


IMPORTED = {"ansel_1_0": 3, "hedge_fund": 3, "ice_wall": 3, "enigma": 2, "project_atlas": 3}


@pytest.mark.parametrize("lang", ["en", "zh-Hans"])
def test_a_deck_of_another_pool_is_told_once_that_the_pool_may_be_missing(cli: Any, tmp_path: Path, lang: str) -> None:
    startup = _deck(tmp_path, "startup", "haas_bioroid_precision_design", IMPORTED)
    result = cli("deck", "validate", startup, *POOL, "--lang", lang)
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    assert "deck.mode.unknown" in lines[0] and "--cards" in lines[0] and "DOSSIER_CARDS" in lines[0]
    standard = _deck(tmp_path, "standard", "haas_bioroid_precision_design", IMPORTED, "standard.json")
    lines = cli("deck", "validate", standard, *POOL, "--lang", lang).stdout.splitlines()
    unknown = [line for line in lines if ".unknown" in line]
    assert len(unknown) == 6 and sum("--cards" in line for line in unknown) == 1 and "--cards" in unknown[0]
    # a command that cannot use the deck says it in its one line
    stats = cli("deck", "stats", standard, *POOL, "--lang", lang)
    assert stats.exit_code == 1 and "--cards" in stats.stderr and "\n" not in stats.stderr.strip()


def test_one_slip_among_known_ids_gets_no_pool_hint(cli: Any, tmp_path: Path) -> None:
    deck = json.loads(CORP.read_text(encoding="utf-8"))
    deck["cards"]["hb_warden_unt"] = 1
    path = tmp_path / "slip.json"
    path.write_text(json.dumps(deck), encoding="utf-8")
    out = cli("deck", "validate", path, *POOL, "--lang", "en").stdout
    assert "deck.card.unknown" in out and HINT not in out and "--cards" not in out


@pytest.mark.parametrize(("args", "wanted"), [
    (["--mode", "standard", "--identity", "haas_bioroid_precision_design"], "did you mean"),
    (["--mode", "startup", "--identity", "hb_tireless_hands"], "modes: standard"),
])  # fmt: skip
def test_deck_new_with_an_identity_or_format_of_another_pool(cli: Any, tmp_path: Path, args: list[str],
                                                              wanted: str) -> None:  # fmt: skip
    result = cli("deck", "new", "--game", "netrunner", *args, "--out", tmp_path / "x.json", *POOL, "--lang", "en")
    assert result.exit_code == 2
    line = result.stderr.strip()
    assert "\n" not in line and wanted in line and HINT in line and "--cards DIR" in line
    assert "?;" not in line  # (after "did you mean …?", a sentence of its own)


# --- 4. findings of the whole deck ----------------------------------------------------------------------------------

OVER = "Deck bad\n\nHaas-Bioroid: Tireless Hands\n4x Warden Unit\n3x Bramble Screen\n3x Koan Gate\n3x Needle Choir\n"


def test_whole_deck_findings_point_at_no_card_line_and_influence_at_the_identity(cli: Any, tmp_path: Path) -> None:
    listed = tmp_path / "bad1.txt"
    listed.write_text(OVER, encoding="utf-8")
    lines = cli("deck", "validate", listed, *POOL, "--lang", "en").stdout.splitlines()
    found = {line.split(" error ")[1].split(":")[0]: line.split(" error ")[0] for line in lines if " error " in line}
    assert found["deck.influence.over"] == f"{listed}:3:1:"  # the identity's line
    assert found["deck.size.min"] == f"{listed}:" and found["deck.agenda.points"] == f"{listed}:"
    assert found["deck.copies.over"] == f"{listed}:4:1:"  # a card's own finding stays at its line
    deck = {"game": "netrunner", "mode": "standard", "name": "bad", "identity": "hb_tireless_hands",
            "cards": {"hb_warden_unit": 3, "jinteki_bramble_screen": 3, "jinteki_koan_gate": 3, "jinteki_needle_choir": 3}}  # fmt: skip
    path = tmp_path / "bad1.json"
    path.write_text(json.dumps(deck, indent=2), encoding="utf-8")
    findings = json.loads(cli("deck", "validate", path, *POOL, "--format", "json").stdout)[0]["findings"]
    at = {f["code"]: (f["line"], f["column"]) for f in findings}
    assert at["deck.size.min"] == (None, None) and at["deck.agenda.points"] == (None, None)
    assert at["deck.influence.over"] == (5, 3)  # "identity" is on line 5


# --- 5. a deck that cannot be read ----------------------------------------------------------------------------------


@pytest.mark.parametrize("command", ["stats", "odds", "draw", "show"])
def test_a_broken_deck_is_told_as_validate_tells_it(cli: Any, tmp_path: Path, command: str) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text('{"game": "netrunner",\n', encoding="utf-8")
    validate = cli("deck", "validate", broken, *POOL, "--lang", "en").stdout.splitlines()[0]
    result = cli("deck", command, broken, *POOL, "--lang", "en")
    assert result.exit_code == 1
    assert result.stderr.strip() == validate and validate.startswith(f"{broken}:2:1: error deck.json: invalid JSON")


# --- 8. a hand larger than the deck ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("command", "hand"), [("draw", "50"), ("odds", "60"), ("draw", "46")])
def test_a_hand_larger_than_the_deck_is_refused(cli: Any, command: str, hand: str) -> None:
    result = cli("deck", command, CORP, "--hand", hand, *POOL, "--lang", "en")
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.strip() == f"dossier: error: --hand {hand}: more than the deck's 45 cards"
    whole = cli("deck", "draw", CORP, "--hand", "45", *POOL, "--lang", "en")
    assert whole.exit_code == 0 and len(whole.stdout.splitlines()) == 45


@pytest.mark.parametrize(("lang", "said"), [("en", "You gain 2 credits."), ("zh-Hans", "你获得 2 信用点。")])
def test_text_run_of_netrunner_says_symbols_in_words(cli: Any, lang: str, said: str) -> None:
    """`text run --game netrunner` printed `[credit]` in its log lines, as simulate did; its JSON keeps the codes."""
    result = cli("text", "run", "你获得 2[credit]。", "--game", "netrunner", "--lang", lang)
    assert result.exit_code == 0, result.output
    assert "[credit]" not in result.stdout and said in result.stdout, result.stdout
    data = json.loads(cli("text", "run", "你获得 2[credit]。", "--game", "netrunner", "-f", "json").stdout)
    assert any("[credit]" in json.dumps(e, ensure_ascii=False) for e in data["log"])
