"""Sweeps of s71 (tactics modes, the docs' truth): a draft without --seed says the seed it drew, a mode given by
--mode has no place in the deck file, lists in sentences joined as the language joins them, and `dossier examples`
run again on a full folder is a note, not an error."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

from typer.testing import CliRunner

from toolkit.cli import app

ROOT = Path(__file__).resolve().parent.parent
DUO_LIST = ROOT / "examples/decks/tactics/duo-list.txt"


def _run(args: list[str], lang: str = "en") -> object:
    return CliRunner().invoke(app, [str(a) for a in args], env={"DOSSIER_LANG": lang, "COLUMNS": "100"})


def _picks(tmp_path: Path) -> Path:
    path = tmp_path / "picks.txt"
    path.write_text("1\n" * 8, encoding="utf-8")
    return path


# ---- 1. a draft without --seed says the seed it drew (as a game does at its end), and it replays the draft


def test_a_draft_without_seed_says_the_seed_it_drew_s71(tmp_path: Path) -> None:
    script = _picks(tmp_path)
    drawn = _run(["draft", "--script", script])
    assert drawn.exit_code == 0, drawn.output
    last = drawn.stdout.splitlines()[-1]
    found = re.fullmatch(r"seed (\d+) \(give --seed \1 to run this draft again\)", last)
    assert found, drawn.stdout
    again = _run(["draft", "--script", script, "--seed", found.group(1)])
    assert again.exit_code == 0 and again.stdout.splitlines() == drawn.stdout.splitlines()[:-1], again.stdout
    given = _run(["draft", "--script", script, "--seed", "7"])
    assert "seed" not in given.stdout.splitlines()[-1], given.stdout  # (a seed given is the user's own: not said)


def test_a_json_draft_carries_its_seed_s71(tmp_path: Path) -> None:
    script = _picks(tmp_path)
    drawn = _run(["draft", "--script", script, "-f", "json"])
    assert drawn.exit_code == 0, drawn.output
    data = json.loads(drawn.stdout)
    assert isinstance(data["seed"], int) and data["seed"] >= 0
    again = _run(["draft", "--script", script, "-f", "json", "--seed", str(data["seed"])])
    assert json.loads(again.stdout) == data  # (the seed given is the JSON's too)


# ---- 2. a mode given by --mode is no line of the file: the finding says the option


def test_an_incomplete_mode_given_by_option_has_no_place_in_the_file_s71() -> None:
    from toolkit.cli.deck import _deck_pool, _read, apply_deck_mode
    from toolkit.i18n import use_lang
    from validators.deck import validate_deck

    pool = _deck_pool(None)
    with use_lang("en"):
        loaded = _read(DUO_LIST, pool, "nightmare", mode_option=True)  # (as `deck validate --mode` reads it)
        ruled = apply_deck_mode(loaded.deck, pool, "nightmare", None)
        [given] = validate_deck(ruled, pool.rules, None, None, mode_option="--mode").findings
        [own] = [loaded.locate(f) for f in validate_deck(ruled, pool.rules).findings]
    assert given.code == "deck.mode.incomplete" and given.pointer is None, given  # (not the file's `# mode:` line)
    assert given.message == (
        "--mode: the rules leave Nightmare Corridor (nightmare) unspecified, so no deck can be verified for it"
    )
    assert own.line == 2 and own.pointer == "/mode"  # (a deck's own mode is its line: `# mode: …`)


# ---- 3 and 4. `dossier examples` again on a full folder: a note (exit 0), its folders listed as the language does


def test_examples_on_a_full_folder_is_a_note_listed_in_the_language_s71(tmp_path: Path) -> None:
    out = tmp_path / "D"
    assert _run(["examples", "--out", out, "--with-cards"]).exit_code == 0
    before = sorted(p.relative_to(out) for p in out.rglob("*"))
    names = [f"{out / name}{os.sep}" for name in ("examples", "schema", "templates", "cards")]
    english = _run(["examples", "--out", out, "--with-cards"])
    assert english.exit_code == 0, english.output
    assert english.stdout == f"{', '.join(names)}: each one exists; nothing was written (give another --out DIR)\n"
    chinese = _run(["examples", "--out", out, "--with-cards"], "zh-Hans")
    assert chinese.exit_code == 0, chinese.output
    assert chinese.stdout == f"{'、'.join(names)}：都已存在；什么也没有写入（请换一个 --out DIR）\n"
    assert not chinese.stderr
    assert sorted(p.relative_to(out) for p in out.rglob("*")) == before


def test_sheets_lists_in_sentences_are_joined_as_the_language_joins_s71(tmp_path: Path) -> None:
    refused = _run(["print", "--check", "--back-dx", "1", "--calibrate"], "zh-Hans")
    assert refused.exit_code == 2, refused.output
    assert "、" in refused.stderr and ", " not in refused.stderr, refused.stderr
