"""`dossier print` as a user runs it: selections, decks, PNG and Tabletop Simulator output,
the calibration page, overflow findings and --force, usage errors, and a golden text layer."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pdfplumber
import pytest
from PIL import Image

from toolkit.jsonio import canonical_dumps
from toolkit.sheets.geometry import SheetSpec, plan
from toolkit.sheets.render import back_point, calibration_points

from .conftest import ROOT

PT = 72 / 25.4
GOLDEN = Path(__file__).resolve().parent / "golden" / "sheets"


def pages(path: Path) -> list[str]:
    with pdfplumber.open(path) as pdf:
        return [page.extract_text() or "" for page in pdf.pages]


def test_ids_names_and_game_slash_id_select_cards(cli, tmp_path: Path) -> None:
    out = tmp_path / "cards.pdf"
    result = cli("print", "crossfire/vip", "刺客", "Bodyguard", "--out", out)
    assert result.exit_code == 0, result.output
    assert f"{out}: 3 cards on 1 page" in result.stdout
    text = pages(out)[0]
    assert "VIP" in text and "Assassin" in text and "Bodyguard" in text  # a name in either language selects


def test_game_prints_every_card_of_the_game(cli, tmp_path: Path) -> None:
    out = tmp_path / "roles.pdf"
    result = cli("print", "--game", "crossfire", "--out", out, "--backs", "long-edge")
    assert result.exit_code == 0, result.output
    assert "14 cards on 4 pages" in result.stdout  # two sheets, each with its back page
    text = "".join(pages(out))
    assert text.count("Role card") == 14  # every role shares one back: roles stay secret


def test_a_deck_prints_each_card_as_often_as_it_appears(cli, tmp_path: Path) -> None:
    deck = tmp_path / "deck.json"
    deck.write_text(
        canonical_dumps(
            {
                "game": "crossfire",
                "mode": "crossfire",
                "name": "five",
                "players": 5,
                "cards": {"agent": 2, "vip": 1, "assassin": 2},
            }
        ),
        encoding="utf-8",
    )
    out = tmp_path / "deck.pdf"
    result = cli("print", "--deck", deck, "--out", out)
    assert result.exit_code == 0, result.output
    assert "5 cards on" in result.stdout
    text = pages(out)[0]
    assert text.count("Assassin") == 2 and text.count("Agent") == 2 and text.count("VIP") >= 1


def test_a_netrunner_deck_prints_its_identity_first(cli, tmp_path: Path) -> None:
    deck = tmp_path / "runner.json"
    deck.write_text(
        canonical_dumps(
            {
                "game": "netrunner",
                "mode": "standard",
                "name": "r",
                "identity": "ada_voss_tinker",
                "cards": {"archive_heist": 3},
            }
        ),
        encoding="utf-8",
    )
    out = tmp_path / "r.pdf"
    result = cli("print", "--deck", deck, "--out", out)
    assert result.exit_code == 0, result.output
    text = pages(out)[0]
    assert text.count("Archive Heist") == 3
    assert text.index("Ada Voss") < text.index("Archive Heist")  # the identity takes the first place


def test_png_writes_one_300_dpi_image_per_card_and_per_back(cli, tmp_path: Path) -> None:
    out = tmp_path / "png"
    result = cli("print", "crossfire/vip", "crossfire/vip", "tactics/anvil", "--png", out, "--bleed", "2")
    assert result.exit_code == 0, result.output
    names = sorted(p.name for p in out.iterdir())
    assert names == ["back-crossfire-role.png", "back-tactics-agent.png", "crossfire-vip.png", "tactics-anvil.png"]
    with Image.open(out / "crossfire-vip.png") as image:
        width, height = image.size
        dpi = image.info["dpi"]
    assert abs(width - 67 / 25.4 * 300) <= 1 and abs(height - 92 / 25.4 * 300) <= 1  # 63×88 + 2 mm bleed
    assert round(dpi[0]) == 300


@pytest.mark.parametrize(("count", "columns", "rows"), [(3, 3, 1), (12, 10, 2)])
def test_tts_sheet_is_a_grid_under_4096_pixels(cli, tmp_path: Path, count: int, columns: int, rows: int) -> None:
    ids = ["crossfire/vip"] * count
    out = tmp_path / "deck.png"
    result = cli("print", *ids, "--tts", out)
    assert result.exit_code == 0, result.output
    assert f"{columns} wide × {rows} tall, {count} cards" in result.stdout
    with Image.open(out) as image:
        width, height = image.size
    assert width < 4096 and height < 4096
    assert width % columns == 0 and height % rows == 0
    cell = (width // columns, height // rows)
    assert abs(cell[0] / cell[1] - 63 / 88) < 0.01
    with Image.open(tmp_path / "deck-back.png") as back:
        assert abs(back.size[0] / back.size[1] - 63 / 88) < 0.01


@pytest.mark.slow
def test_tts_splits_large_decks_into_sheets_of_69(cli, tmp_path: Path) -> None:
    out = tmp_path / "big.png"
    result = cli("print", *(["crossfire/vip"] * 75), "--tts", out)
    assert result.exit_code == 0, result.output
    assert (tmp_path / "big-1.png").is_file() and (tmp_path / "big-2.png").is_file()
    assert "69 cards" in result.stdout and "6 cards" in result.stdout


@pytest.mark.parametrize(("duplex", "dx", "dy"), [("long-edge", 0.0, 0.0), ("short-edge", 1.5, -0.5)])
def test_calibration_page_has_ruler_and_crosses_front_and_back(
    cli, tmp_path: Path, duplex: str, dx: float, dy: float
) -> None:
    out = tmp_path / "cal.pdf"
    result = cli("print", "--calibrate", "--out", out, "--backs", duplex, "--back-dx", dx, "--back-dy", dy)
    assert result.exit_code == 0, result.output
    layout = plan(SheetSpec(duplex=duplex, back_dx=dx, back_dy=dy))  # type: ignore[arg-type]
    with pdfplumber.open(out) as pdf:
        assert len(pdf.pages) == 2
        front, back = pdf.pages
        ruler = [ln for ln in front.lines if abs(ln["x1"] - ln["x0"] - 100 * PT) < 0.01]
        assert ruler, "a 100 mm line"
        for x, y in calibration_points(layout):
            arms = [
                ln
                for ln in front.lines
                if abs((ln["x0"] + ln["x1"]) / 2 - x * PT) < 0.05 and abs(ln["y0"] - y * PT) < 0.05
            ]
            assert arms, (x, y)
            bx, by = back_point(layout, x, y)
            axes = [
                ln
                for ln in back.lines
                if abs((ln["x0"] + ln["x1"]) / 2 - bx * PT) < 0.05
                and abs(ln["y0"] - by * PT) < 0.05
                and ln["x1"] - ln["x0"] > 10 * PT
            ]
            assert axes, (bx, by)
    assert "front side" in pages(out)[0] and "back side" in pages(out)[1]


def overflowing_copy(game_copy) -> Path:
    root = game_copy("crossfire")
    path = root / "roles" / "agent.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["text"] = ["如果你击中旁观者，你落败。" * 12] * 6
    path.write_text(canonical_dumps(data), encoding="utf-8")
    return root


def test_text_that_does_not_fit_at_6_pt_is_a_finding_naming_the_card(cli, game_copy, tmp_path: Path) -> None:
    root = overflowing_copy(game_copy)
    out = tmp_path / "x.pdf"
    result = cli("print", "crossfire/agent", "crossfire/vip", "--cards", root, "--out", out)
    assert result.exit_code == 1
    assert (
        "roles/agent.json: error sheet.text.overflow: crossfire role 'agent': the text does not fit on the card"
        in result.stderr
    )
    assert "nothing written" in result.stderr
    assert not out.exists()
    forced = cli("print", "crossfire/agent", "--cards", root, "--out", out, "--force")
    assert forced.exit_code == 0
    assert "warning sheet.text.overflow" in forced.stderr
    assert out.is_file()


def test_the_refusal_counts_cards_not_their_problems(cli, game_copy, tmp_path: Path) -> None:
    """One card with two problems (a text that does not fit, a name the font cannot draw) is one card that
    cannot be printed, with both its findings shown."""
    root = overflowing_copy(game_copy)
    path = root / "roles" / "agent.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["name"]["en"] += " \U0001f3af"
    path.write_text(canonical_dumps(data), encoding="utf-8")
    result = cli("print", "crossfire/agent", "crossfire/vip", "--cards", root, "--out", tmp_path / "x.pdf")
    assert result.exit_code == 1
    errors = [ln for ln in result.stderr.splitlines() if "roles/agent.json: error" in ln]
    assert len(errors) >= 2, result.stderr
    assert "error: 1 card cannot be printed as it is" in result.stderr, result.stderr


def test_output_is_the_same_bytes_every_time(cli, tmp_path: Path) -> None:
    first, second = tmp_path / "a.pdf", tmp_path / "b.pdf"
    for out in (first, second):
        assert cli("print", "--game", "crossfire", "--backs", "short-edge", "--bleed", "1", "--out", out).exit_code == 0
    assert first.read_bytes() == second.read_bytes()


@pytest.mark.slow
def test_output_is_the_same_bytes_in_another_process(tmp_path: Path) -> None:
    outs = [tmp_path / "p1.pdf", tmp_path / "p2.pdf"]
    for out in outs:
        subprocess.run(
            [sys.executable, "-c", "from toolkit.cli import app; app()", "print", "crossfire/vip", "--out", str(out)],
            cwd=ROOT,
            check=True,
            capture_output=True,
            timeout=120,
        )
    assert outs[0].read_bytes() == outs[1].read_bytes()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--game", "crossfire", "--bleed", "5", "--out", "{out}"], "--bleed 5: bleed is 0-3 mm"),
        (["--game", "crossfire", "--card", "huge", "--out", "{out}"], "--card 'huge'"),
        (["--game", "crossfire", "--page", "a5", "--out", "{out}"], "--page 'a5'"),
        (["--game", "crossfire", "--backs", "sideways", "--out", "{out}"], "--backs 'sideways'"),
        (["--game", "crossfire", "--grid", "4x4", "--out", "{out}"], "--grid 4x4"),
        (["--game", "crossfire", "--gutter", "1", "--bleed", "1", "--out", "{out}"], "--gutter 1"),
        (["--game", "crossfire", "--back-dx", "12", "--out", "{out}"], "--back-dx 12"),
        (["--game", "chess", "--out", "{out}"], "--game 'chess'"),
        (["no_such_card", "--out", "{out}"], "'no_such_card': no printable card"),
        (["tactics", "--out", "{out}"], "no printable card"),
        (["--game", "crossfire"], "nothing to write"),
        (["--out", "{out}"], "nothing to print"),
        (["--calibrate", "--game", "crossfire", "--out", "{out}"], "--calibrate prints only"),
        (["--calibrate"], "--calibrate needs --out"),
        (["--deck", "{tmp}/missing.json", "--out", "{out}"], "missing.json"),
        (["--deck", "{tmp}/missing.json", "vip", "--out", "{out}"], "--deck prints the deck's cards"),
        (["--game", "crossfire", "--out", "{tmp}/x.txt"], "expected a .pdf file name"),
        (["--game", "crossfire", "--out", "{tmp}/no/dir/x.pdf"], "does not exist"),
        (["--game", "crossfire", "--tts", "{tmp}/x.jpg"], "expected a .png file name"),
        (["--game", "crossfire", "--out", "{out}", "--font", "{tmp}/nofont.ttf"], "cannot read"),
        (["--game", "crossfire", "--out", "{out}", "--font-index", "1"], "--font-index applies to --font only"),
    ],
)
def test_bad_options_are_one_line_errors_with_exit_2(cli, tmp_path: Path, args: list[str], message: str) -> None:
    args = [a.replace("{out}", str(tmp_path / "out.pdf")).replace("{tmp}", str(tmp_path)) for a in args]
    result = cli("print", *args)
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    errors = [line for line in result.stderr.splitlines() if line.startswith("dossier: error:")]
    assert len(errors) == 1 and message in errors[0], result.stderr
    assert not (tmp_path / "out.pdf").exists()


def test_small_margins_warn(cli, tmp_path: Path) -> None:
    result = cli("print", "crossfire/vip", "--grid", "3x3", "--bleed", "3", "--out", tmp_path / "w.pdf")
    assert result.exit_code == 0
    assert "dossier: warning: margins are 4.5 mm" in result.stderr


@pytest.mark.parametrize("game", ["crossfire", "netrunner", "tactics"])
@pytest.mark.lang_default
def test_golden_text_layer(cli, tmp_path: Path, update_golden: bool, game: str) -> None:
    """The text of a duplex sheet of a frozen card set (tests/golden/sheets/cards), as a PDF reader extracts it."""
    out = tmp_path / "golden.pdf"
    result = cli("print", "--cards", GOLDEN / "cards", "--game", game, "--backs", "long-edge", "--out", out)
    assert result.exit_code == 0, result.output
    text = "\n\n".join(pages(out)) + "\n"
    golden = GOLDEN / f"{game}.txt"
    if update_golden:
        golden.write_text(text, encoding="utf-8")
    assert text == golden.read_text(encoding="utf-8")


def test_fonts_check_passes_on_the_bundled_cards(cli) -> None:
    result = cli("fonts", "check")
    assert result.exit_code == 0
    assert "covers every character" in result.stdout


def test_png_of_a_card_is_not_blank(cli, tmp_path: Path) -> None:
    out = tmp_path / "png"
    assert cli("print", "netrunner/hb_archivist_mk2", "--png", out).exit_code == 0
    with Image.open(out / "netrunner-hb_archivist_mk2.png") as image:
        colours = image.convert("RGB").getcolors(maxcolors=1 << 20)
    assert colours is not None and len(colours) > 50


def test_pdf_asks_viewers_to_print_at_actual_size(cli, tmp_path: Path) -> None:
    import pypdf

    out = tmp_path / "v.pdf"
    assert cli("print", "crossfire/vip", "--out", out, "--backs", "long-edge").exit_code == 0
    prefs = pypdf.PdfReader(io.BytesIO(out.read_bytes())).trailer["/Root"]["/ViewerPreferences"]
    assert prefs["/PrintScaling"] == "/None"
    assert prefs["/Duplex"] == "/DuplexFlipLongEdge"


@pytest.mark.parametrize(
    ("query", "game", "names"), [("team:blue", "crossfire", ["VIP", "Bodyguard"]), ("armed:true", None, ["Assassin"])]
)
@pytest.mark.slow
def test_query_prints_the_cards_the_search_finds(
    cli, tmp_path: Path, query: str, game: str | None, names: list[str]
) -> None:
    pytest.importorskip("toolkit.search")
    from toolkit.catalog import load_catalog
    from toolkit.db import build_database, open_database, resolve_target
    from toolkit.search import search

    from .conftest import CARDS

    database = tmp_path / "cards.db"
    build_database(load_catalog([CARDS]), resolve_target(str(database)))
    with open_database(str(database)) as db:
        expected = len(search(db, query, game=game))
    out = tmp_path / "q.pdf"
    args = ["print", "--query", query, "--db", database, "--out", out] + (["--game", game] if game else [])
    result = cli(*args)
    assert result.exit_code == 0, result.output
    assert f"{out}: {expected} card{'' if expected == 1 else 's'} on" in result.stdout
    text = "".join(pages(out))
    for name in names:
        assert name in text


def test_query_without_a_database_is_a_usage_error(cli, tmp_path: Path) -> None:
    pytest.importorskip("toolkit.search")
    result = cli("print", "--query", "team:blue", "--db", tmp_path / "none.db", "--out", tmp_path / "q.pdf")
    assert result.exit_code == 2
    assert "Traceback" not in result.output


def test_a_set_without_its_game_record_prints_the_bundled_game_s_backs(cli, tmp_path: Path) -> None:
    """A designer's set imported alone (no game.json in its folder) plays among the bundled pool: its backs are titled
    with the bundled game's name, not the game's id."""
    card = json.loads((ROOT / "cards" / "tactics" / "cards" / "med_kit.json").read_text(encoding="utf-8"))
    card["id"] = "my_kit"
    (tmp_path / "set" / "tactics" / "cards").mkdir(parents=True)
    (tmp_path / "set" / "tactics" / "cards" / "my_kit.json").write_text(canonical_dumps(card), encoding="utf-8")
    out = tmp_path / "set.pdf"
    result = cli("print", "tactics/my_kit", "--cards", tmp_path / "set", "--out", out, "--backs", "long-edge",
                 "--lang", "en")  # fmt: skip
    assert result.exit_code == 0, result.output
    back = pages(out)[1]
    assert "Tactical Agents" in back and "tactics" not in back.split()
