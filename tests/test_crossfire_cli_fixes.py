"""`dossier crossfire`: players the score merged or split by their names, a deal --out over the round in play,
the Sniper listed as having seen a card, --plot writing a PNG into an .svg, --lang on the group, "mode": null."""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from toolkit.catalog import load_catalog
from toolkit.engine.crossfire import Crossfire

from .conftest import CARDS, ROOT

# the resolve help's example table: red wins, Cy (seat 3) and Di (seat 4) win
ROLES = [("vip", []), ("agent", [4]), ("assassin", [1]), ("assassin", [1]), ("agent", [7]), ("decoy", [3]),
         ("bomber", [])]  # fmt: skip
NAMES = ["Ana", "Bo", "Cy", "Di", "Ed", "Fay", "Gus"]


@pytest.fixture(scope="module")
def game() -> Crossfire:
    return Crossfire.from_records(load_catalog([CARDS / "crossfire"]).records)


def table(names: Sequence[str | None] | None = None) -> dict[str, Any]:
    players = []
    for seat, (role, aim) in enumerate(ROLES, start=1):
        player: dict[str, Any] = {"seat": seat, "role": role, "aim": aim}
        if names is not None and names[seat - 1] is not None:
            player["name"] = names[seat - 1]
        players.append(player)
    return {"mode": "crossfire", "players": players}


def write(tmp_path: Path, name: str, data: Any) -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


def scores(cli: Any, *paths: Path) -> dict[str, int]:
    result = cli("crossfire", "score", *paths, "--format", "json")
    assert result.exit_code == 0, result.output
    return {row["player"]: row["score"] for row in json.loads(result.stdout)["scores"]}


# ---------------------------------------------------------------- 2. the score follows players by their names


def test_a_name_like_seat_n_is_refused_not_merged_with_that_seat(cli: Any, tmp_path: Path) -> None:
    """Seat 1 named "seat 2", the others unnamed: it was scored as seat 2 (2 points, "winner") and seat 1 was gone."""
    path = write(tmp_path, "r1.json", table(["seat 2", *[None] * 6]))
    result = cli("crossfire", "score", path)
    assert result.exit_code == 1
    assert "r1.json: /players/0/name: 'seat 2' would be mistaken for a seat number in the score" in result.stderr
    assert result.stdout == ""
    assert cli("crossfire", "resolve", write(tmp_path, "r2.json", table(["Seat 7", *NAMES[1:]]))).exit_code == 1


def test_a_table_that_names_only_some_players_is_refused(cli: Any, tmp_path: Path) -> None:
    """Round 2 left seat 1's name out: "P1" and "seat 1" were scored as two players."""
    first = write(tmp_path, "r1.json", table([f"P{n}" for n in range(1, 8)]))
    second = write(tmp_path, "r2.json", table([None, *(f"P{n}" for n in range(2, 8))]))
    result = cli("crossfire", "score", first, second)
    assert result.exit_code == 2
    assert result.stderr.count("\n") == 1
    assert "r2.json: seat 1 has no name and other players have one: name every player or none" in result.stderr
    assert result.stdout == ""


def test_a_name_with_a_trailing_space_or_another_case_is_the_same_player(cli: Any, tmp_path: Path) -> None:
    """ "Cy " in round 2 was a second Cy with a total of its own."""
    rounds = [write(tmp_path, f"r{k}.json", table([*NAMES[:2], cy, *NAMES[3:]]))
              for k, cy in enumerate(["Cy", "Cy ", " cy"], start=1)]  # fmt: skip
    assert scores(cli, *rounds) == {"Cy": 3, "Di": 3, "Ana": 0, "Bo": 0, "Ed": 0, "Fay": 0, "Gus": 0}
    text = cli("crossfire", "score", *rounds).stdout
    assert text.count("Cy") == 1
    resolved = json.loads(cli("crossfire", "resolve", rounds[1], "--format", "json").stdout)
    assert resolved["players"][2]["name"] == "Cy"  # the table's names are cleaned as they are read


def test_one_table_may_not_give_one_name_twice_in_another_case(cli: Any, tmp_path: Path) -> None:
    path = write(tmp_path, "r1.json", table(["Ana", "ana ", *NAMES[2:]]))
    result = cli("crossfire", "resolve", path)
    assert result.exit_code == 1
    assert "r1.json: /players/1/name: 'ana' is the name of seats 1 and 2; names tell players apart" in result.stderr


def test_unnamed_tables_still_count_by_seat(cli: Any, tmp_path: Path) -> None:
    rows = scores(cli, write(tmp_path, "a.json", table()), write(tmp_path, "b.json", table()))
    assert rows == {"seat 3": 2, "seat 4": 2, **{f"seat {n}": 0 for n in (1, 2, 5, 6, 7)}}


def test_the_names_are_cleaned_and_refused_by_one_function() -> None:
    """One function for every front end (deal --names, a table, the web form)."""
    from toolkit.engine.crossfire import NameRefused, clean_names

    assert clean_names([(1, "  Ana   Li "), (2, ""), (3, "Bo")]) == {1: "Ana Li", 3: "Bo"}
    for raw, seat, words in [
        ([(1, "Ana"), (2, "ANA")], 2, "is the name of seats 1 and 2"),
        ([(1, "seat  3")], 1, "mistaken for a seat number"),
        ([(4, "x" * 41)], 4, "the name of seat 4 is longer than 40 characters"),
    ]:
        with pytest.raises(NameRefused, match=words) as caught:
            clean_names(raw)
        assert caught.value.seat == seat


def test_the_engine_score_never_merges_a_name_with_a_seat(game: Crossfire) -> None:
    named = game.table(table(NAMES))
    named.names[0] = "seat 2"  # (a Table made in code, past the check)
    unnamed = game.table(table())
    rows = game.score([(t, game.resolve(t)) for t in (named, unnamed)])
    assert len(rows) == 14  # seven names and seven seats: the named player's point is not seat 2's
    assert sorted(r["score"] for r in rows if r["player"] == "seat 2") == [0, 0]


def test_deal_names_are_cleaned_and_refused_as_a_table_s(cli: Any) -> None:
    refused = cli("crossfire", "deal", "-n", "5", "--names", "seat 2,Bo,Cy,Di,Ed")
    assert refused.exit_code == 2
    assert "--names: 'seat 2' would be mistaken for a seat number" in refused.stderr
    assert "is the name of seats 1 and 2" in cli("crossfire", "deal", "-n", "5", "--names", "Ana,ana,C,D,E").stderr
    deal = json.loads(cli("crossfire", "deal", "-n", "5", "--seed", "1", "--names", "Ana  Li,B,C,D,E", "-f",
                          "json").stdout)  # fmt: skip
    assert deal["players"][0]["name"] == "Ana Li"


# ---------------------------------------------------------------- 3. deal --out over the round being played


def test_deal_out_keeps_the_deal_of_the_round_in_play(cli: Any, tmp_path: Path) -> None:
    out = tmp_path / "round1.json"
    assert cli("crossfire", "deal", "-n", "7", "--seed", "1", "--out", out).exit_code == 0
    before = out.read_bytes()
    again = cli("crossfire", "deal", "-n", "7", "--seed", "2", "--out", out)
    assert again.exit_code == 2
    assert again.stderr == (
        f"dossier: error: {out}: a deal is there, its aims still empty (the roles of a round that may be in play); "
        "not replaced (give --force to replace it)\n"
    )
    assert again.stdout == "" and out.read_bytes() == before
    forced = cli("crossfire", "deal", "-n", "7", "--seed", "2", "--out", out, "--force")
    assert forced.exit_code == 0, forced.output
    assert json.loads(out.read_text(encoding="utf-8"))["seed"] == 2


def test_deal_force_does_not_replace_a_filled_table_and_needs_out(cli: Any, tmp_path: Path) -> None:
    out = write(tmp_path, "round1.json", table(NAMES))  # aims filled in: kept, --force or not
    result = cli("crossfire", "deal", "-n", "7", "--seed", "2", "--out", out, "--force")
    assert result.exit_code == 2 and "not replaced" in result.stderr
    assert json.loads(out.read_text(encoding="utf-8")) == table(NAMES)
    alone = cli("crossfire", "deal", "-n", "7", "--force")
    assert alone.exit_code == 2 and "--force is for --out FILE" in alone.stderr


# ---------------------------------------------------------------- 6. the Sniper takes no part in the deal


def test_the_sniper_has_seen_no_card(cli: Any, game: Crossfire) -> None:
    text = cli("crossfire", "deal", "-n", "7", "--mode", "sniper", "--seed", "9", "--lang", "en").stdout
    row = next(line for line in text.splitlines() if "Sniper" in line and line.lstrip().startswith("5"))
    assert row.split() == ["5", "Sniper"], text
    data = json.loads(cli("crossfire", "deal", "-n", "7", "--mode", "sniper", "--seed", "9", "-f", "json").stdout)
    sniper = next(p for p in data["players"] if p["public"])
    assert sniper["role"] == "sniper" and sniper["seen"] == []
    deal = game.deal("sniper", 8, seed=5)
    assert [deal.seen[seat] for seat in deal.public] == [[]]


# ---------------------------------------------------------------- 7. --plot writes PNG files only


def test_simulate_plot_refuses_other_names_than_png(cli: Any, tmp_path: Path) -> None:
    svg = tmp_path / "again.svg"
    result = cli("crossfire", "simulate", "-n", "6", "-k", "5", "--plot", svg)
    assert result.exit_code == 2
    assert result.stderr == f"dossier: error: --plot {svg}: expected a .png file name\n"
    assert not svg.exists() and result.stdout == ""


# ---------------------------------------------------------------- 8. --lang on the group


@pytest.mark.lang_default
def test_the_group_takes_lang(cli: Any) -> None:
    english = cli("crossfire", "--help", "--lang", "en")
    assert english.exit_code == 0, english.output
    assert "Crossfire: deal the roles" in english.stdout and "--lang" in english.stdout
    assert "谍战特工" in cli("crossfire", "--lang", "zh-Hans", "--help").stdout
    deal = cli("crossfire", "--lang", "en", "deal", "-n", "5", "--seed", "1")
    assert deal.exit_code == 0 and deal.stdout.startswith("Crossfire mode, 5 players, seed 1")
    assert "DOSSIER_LANG" not in os.environ  # (not kept after the command)
    own = cli("crossfire", "--lang", "en", "deal", "-n", "5", "--seed", "1", "--lang", "zh-Hans")
    assert own.stdout.startswith("交叉火力模式")  # the command's own --lang wins
    bad = cli("crossfire", "--lang", "xx", "deal", "-n", "5")
    assert bad.exit_code == 2 and "--lang" in bad.stderr


@pytest.mark.lang_default
def test_every_group_takes_lang_before_its_command(cli: Any) -> None:
    """Every command group, not only crossfire's: ``dossier deck --help --lang en`` and ``dossier deck --lang en
    validate …`` (the group refused --lang: "no such option")."""
    from toolkit.cli.app import LAZY_COMMANDS, load_command

    groups = [name for name in LAZY_COMMANDS if isinstance(getattr(load_command(name), "commands", None), dict)]
    assert {"deck", "db", "map", "crossfire", "balance", "text"} <= set(groups)
    for name in groups:
        shown = cli(name, "--help", "--lang", "en")
        assert shown.exit_code == 0 and "--lang" in shown.stdout, (name, shown.output)
    deck = str(ROOT / "examples" / "decks" / "tactics" / "duo.json")
    assert cli("deck", "--lang", "en", "validate", deck).stdout.endswith("legal\n")
    assert cli("deck", "--lang", "en", "validate", deck, "--lang", "zh-Hans").stdout.endswith("合法\n")
    assert cli("deck", "--lang", "xx", "validate", deck).exit_code == 2


# ---------------------------------------------------------------- 11. "mode": null


def test_a_null_mode_is_named_as_the_json_writes_it(cli: Any, tmp_path: Path) -> None:
    data = table()
    data["mode"] = None
    result = cli("crossfire", "resolve", write(tmp_path, "t.json", data))
    assert result.exit_code == 1
    assert "t.json: /mode: unknown mode null; the crossfire modes are crossfire, sniper" in result.stderr
