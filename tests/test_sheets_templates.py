"""Layouts as data: the bundled templates and their schema, where boxes land on cards of every size,
boxes that give their space away, a designer's --template folder (checked in the PDF), and the
errors of a bad template, located by file, line and column."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import jsonschema
import pdfplumber
import pytest

from toolkit import schemagen
from toolkit.catalog import load_catalog
from toolkit.errors import DossierError
from toolkit.jsonio import canonical_dumps
from toolkit.sheets.fonts import bundled
from toolkit.sheets.geometry import CARD_SIZES, SheetSpec, mm
from toolkit.sheets.layouts import PRINTABLE, back_rects, box_rects
from toolkit.sheets.render import render_cards
from toolkit.sheets.styles import back_key
from toolkit.sheets.template import SCHEMA_NAME, TEMPLATE_DIR, FrontTemplate, default_templates, load_templates

from .conftest import CARDS, SCHEMA

PT = 72 / 25.4
DEFAULT_FILES = sorted(TEMPLATE_DIR.rglob("*.json"))


# ---------------------------------------------------------------------- the bundled templates


def test_the_template_schema_is_generated_and_committed() -> None:
    assert SCHEMA_NAME in schemagen.generate()
    assert (SCHEMA / SCHEMA_NAME).read_text(encoding="utf-8") == schemagen.generate()[SCHEMA_NAME]


@pytest.mark.parametrize("path", DEFAULT_FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_bundled_template_is_canonical_and_valid_against_the_committed_schema(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    data = json.loads(text)
    assert canonical_dumps(data) == text
    validator = jsonschema.Draft202012Validator(json.loads((SCHEMA / SCHEMA_NAME).read_text(encoding="utf-8")))
    assert [e.message for e in validator.iter_errors(data)] == []
    assert (path.parent / data["$schema"]).resolve() == (SCHEMA / SCHEMA_NAME).resolve()


def test_every_printable_kind_and_every_back_has_a_template() -> None:
    templates = default_templates()
    assert set(templates.fronts) == {(g, k) for g, kinds in PRINTABLE.items() for k in kinds}
    catalog = load_catalog([CARDS])
    keys = {back_key(r) for r in catalog.records if r.kind in PRINTABLE.get(r.game, ())}
    assert set(templates.backs) == {(game, f"back-{deck}") for game, deck in keys}


# ---------------------------------------------------------------------- where boxes land


def _front(game: str = "tactics", kind: str = "card") -> FrontTemplate:
    return default_templates().front(game, kind)


def _mm(rect: Any, height: float) -> tuple[float, float, float, float]:
    """A card-point rect as (x, y from the top, width, height) in mm, like a template box."""
    return (rect.x / mm(1), height - rect.top / mm(1), rect.width / mm(1), rect.height / mm(1))


def test_on_the_design_card_boxes_are_where_the_template_says() -> None:
    template = _front()
    rects = box_rects(template, mm(63), mm(88))
    for name, box in template.boxes.items():
        assert _mm(rects[name], 88) == pytest.approx((box.x, box.y, box.width, box.height), abs=1e-9), name


@pytest.mark.parametrize(
    ("empty", "box", "expected"),
    [
        # no cost badge (units, identities): the name starts at the left safe margin
        ({"badge"}, "name", (4.2, 4.2, 45.8, 10.5)),
        # no agent symbol: the name runs to the right margin
        ({"symbol"}, "name", (14.4, 4.2, 44.4, 10.5)),
        # no stats: the art starts under the type line
        ({"stats"}, "art", (4.2, 21.5, 54.6, 32.6)),
        # no art: the text starts under the stats
        ({"art"}, "text", (4.2, 30.1, 54.6, 50.1)),
        # neither (most bundled cards): the text starts under the type line, as before templates
        ({"stats", "art"}, "text", (4.2, 21.5, 54.6, 58.7)),
    ],
)
def test_an_empty_box_gives_its_space_to_the_box_it_names(
    empty: set[str], box: str, expected: tuple[float, ...]
) -> None:
    rects = box_rects(_front(), mm(63), mm(88), frozenset(empty))
    assert not empty & set(rects)
    assert _mm(rects[box], 88) == pytest.approx(expected, abs=1e-9)


@pytest.mark.parametrize("card", ["mini", "bridge", "tarot"])
def test_on_other_cards_boxes_keep_their_scaled_distance_to_the_nearer_edge(card: str) -> None:
    size = CARD_SIZES[card]
    s = min(size.width / 63, size.height / 88)
    rects = box_rects(_front(), mm(size.width), mm(size.height), frozenset({"art"}))
    badge = _mm(rects["badge"], size.height)
    name = _mm(rects["name"], size.height)
    footer = _mm(rects["footer"], size.height)
    text = _mm(rects["text"], size.height)
    assert badge == pytest.approx((4.2 * s, 4.2 * s, 8.6 * s, 8.6 * s))  # top left: scaled, stays there
    assert name[0] == pytest.approx(14.4 * s) and name[0] + name[2] == pytest.approx(size.width - 13 * s)
    assert footer[1] + footer[3] == pytest.approx(size.height - 4.2 * s)  # stays at the bottom
    assert footer[3] == pytest.approx(3.6 * s)
    # the text box spans the middle: its top keeps to the top, its bottom to the bottom; it stretches
    assert text[1] == pytest.approx(30.1 * s)
    assert text[1] + text[3] == pytest.approx(size.height - 7.8 * s)


def test_back_boxes_centre_the_emblem_on_every_card() -> None:
    template = default_templates().back("tactics", "shop")
    for size in CARD_SIZES.values():
        emblem = back_rects(template, mm(size.width), mm(size.height))["emblem"]
        assert (emblem.x + emblem.width / 2) / mm(1) == pytest.approx(size.width / 2)
        assert (emblem.y + emblem.height / 2) / mm(1) == pytest.approx(size.height / 2)


# ---------------------------------------------------------------------- a designer's folder


def _override(tmp_path: Path, game: str, name: str, change: Any) -> Path:
    data = json.loads((TEMPLATE_DIR / game / f"{name}.json").read_text(encoding="utf-8"))
    change(data)
    folder = tmp_path / "designs"
    (folder / game).mkdir(parents=True, exist_ok=True)
    (folder / game / f"{name}.json").write_text(canonical_dumps(data), encoding="utf-8")
    return folder


def _full_art(data: dict[str, Any]) -> None:
    boxes = data["boxes"]
    boxes["art"] = {"x": 0, "y": 0, "width": 63, "height": 36}
    boxes["name"] = {**boxes["name"], "x": 10, "y": 37, "width": 43, "height": 9, "align": "center"}
    boxes["name"]["name"] = {"font": "bold", "size": 12, "color": "#c0392b"}
    boxes["badge"]["give_to"] = boxes["symbol"]["give_to"] = None
    boxes["type_line"]["y"] = 47
    boxes["stats"] = {**boxes["stats"], "y": 52.5, "give_to": "text"}
    boxes["text"] = {**boxes["text"], "y": 61, "height": 19.2}


def _chars(pdf: bytes, page: int, words: str) -> list[dict[str, Any]]:
    with pdfplumber.open(io.BytesIO(pdf)) as document:
        chars = document.pages[page].chars
        text = "".join(c["text"] for c in chars)
        start = text.index(words)
        return chars[start : start + len(words)]


def test_a_template_folder_moves_and_recolours_the_name_and_the_art(game_copy: Any, tmp_path: Path) -> None:
    from PIL import Image

    root = game_copy("tactics")
    card = root / "cards" / "adrenaline_shot.json"
    data = json.loads(card.read_text(encoding="utf-8"))
    card.write_text(canonical_dumps({**data, "art": "../art/a.png"}), encoding="utf-8")
    (root / "art").mkdir()
    Image.new("RGB", (400, 300), (40, 120, 200)).save(root / "art" / "a.png")
    folder = _override(tmp_path, "tactics", "card", _full_art)
    catalog = load_catalog([root])
    records = [catalog.get("tactics", "adrenaline_shot", "card"), catalog.get("tactics", "anvil", "agent")]
    sheet = render_cards(records, SheetSpec(bleed=2), bundled(), catalog, False, templates=load_templates(folder))
    assert not [i for i in sheet.issues if i.code != "sheet.image.resolution"]  # a 400×300 px test image
    name = _chars(sheet.pdf, 0, "肾上腺素针")
    assert {tuple(round(v, 3) for v in c["non_stroking_color"]) for c in name} == {(0.753, 0.224, 0.169)}
    assert {round(c["size"], 2) for c in name} == {12.0}
    left, right = min(c["x0"] for c in name) / PT - 2, max(c["x1"] for c in name) / PT - 2
    assert (left + right) / 2 == pytest.approx(31.5, abs=0.05)  # centred in the 10..53 mm box
    assert all(c["top"] / PT - 2 > 37 and c["bottom"] / PT - 2 < 46 for c in name)
    with pdfplumber.open(io.BytesIO(sheet.pdf)) as document:
        (image,) = document.pages[0].images
        box = tuple(image[k] / PT for k in ("x0", "top", "width", "height"))
        assert box == pytest.approx((0, 0, 67, 38), abs=0.01)  # top, left and right run into the bleed
        assert document.pages[1].images == []
    # the agent keeps the bundled agent template: its name in ink, right of its badge
    agent = _chars(sheet.pdf, 1, "铁砧")
    assert {tuple(round(v, 3) for v in c["non_stroking_color"]) for c in agent} == {(0.106, 0.114, 0.129)}
    assert min(c["x0"] for c in agent) / PT - 2 == pytest.approx(14.4, abs=0.05)


def test_print_takes_a_template_folder(cli, tmp_path: Path) -> None:
    def blue_skills(data: dict[str, Any]) -> None:
        data["palette"] = {"skill": "#0000ff"}  # the rest of the palette keeps the bundled colours

    folder = _override(tmp_path, "tactics", "card", blue_skills)
    out = tmp_path / "t.pdf"
    result = cli("print", "tactics/assault_stance", "tactics/adrenaline_shot", "--out", out, "--template", folder)
    assert result.exit_code == 0, result.output
    with pdfplumber.open(out) as document:  # type lines are rounded rectangles: curves to pdfplumber
        colours = {tuple(round(v, 3) for v in c["non_stroking_color"] or ()) for c in document.pages[0].curves}
    status, item = (tuple(round(int(h[i : i + 2], 16) / 255, 3) for i in (0, 2, 4)) for h in ("7a4c9c", "b8711a"))
    assert {status, item} <= colours and (0.0, 0.0, 1.0) not in colours  # neither card is a skill
    skill = cli("print", "tactics/breach_in", "--out", out, "--template", folder)
    assert skill.exit_code == 0, skill.output
    with pdfplumber.open(out) as document:
        colours = {tuple(round(v, 3) for v in c["non_stroking_color"] or ()) for c in document.pages[0].curves}
    assert (0.0, 0.0, 1.0) in colours


def test_a_palette_override_recolours_only_what_it_names(tmp_path: Path) -> None:
    def blue_skills(data: dict[str, Any]) -> None:
        data["palette"] = {"skill": "#0000ff"}

    templates = load_templates(_override(tmp_path, "tactics", "card", blue_skills))
    palette = templates.front("tactics", "card").palette
    assert palette["skill"] == "#0000ff"
    assert {k: v for k, v in palette.items() if k != "skill"} == {
        k: v for k, v in default_templates().front("tactics", "card").palette.items() if k != "skill"
    }
    assert templates.front("tactics", "agent") is default_templates().front("tactics", "agent")


# ---------------------------------------------------------------------- bad templates


def _has(data: Any, tokens: list[str]) -> bool:
    for token in tokens:
        if not isinstance(data, dict) or token not in data:
            return False
        data = data[token]
    return True


def _replace(path: str, value: Any) -> Any:
    def change(data: dict[str, Any]) -> None:
        *parents, last = path.split("/")
        node = data
        for key in parents:
            node = node[key]
        node[last] = value

    return change


@pytest.mark.parametrize(
    ("change", "pointer", "words"),
    [
        (_replace("boxes/name/x", -3), "/boxes/name/x", "expected a number of at least 0"),
        (_replace("boxes/name/name/color", "red"), "/boxes/name/name/color", "'red' is not a colour: write #RRGGBB"),
        (_replace("boxes/name/size", 12), "/boxes/name/size", "not a field of this template"),
        (_replace("boxes/art/give_to", "stats"), "/boxes/stats/give_to", "in a circle: stats -> art -> stats"),
        (_replace("boxes/stats/give_to", "legend"), "/boxes/stats/give_to", "expected one of 'badge'"),
        (lambda d: d["boxes"].pop("art"), "/boxes/stats/give_to", "'art' is no box of this template"),
        (_replace("boxes/footer/y", 85), "/boxes/footer", "reaches past the 63 × 88 mm card"),
        (_replace("face", "back"), "/face", "this file is a front template"),
        (lambda d: d["boxes"].pop("text"), "/boxes/text", "a required field is missing"),
    ],
)
def test_a_bad_template_is_one_line_naming_file_line_and_column(
    tmp_path: Path, change: Any, pointer: str, words: str
) -> None:
    folder = _override(tmp_path, "tactics", "card", change)
    path = folder / "tactics" / "card.json"
    with pytest.raises(DossierError) as caught:
        load_templates(folder)
    message = str(caught.value)
    assert "\n" not in message and caught.value.exit_code == 2
    where, _, rest = message.partition(": template error: ")
    file, line, column = where.rsplit(":", 2)
    assert file == str(path)
    data, tokens = json.loads(path.read_text(encoding="utf-8")), pointer.split("/")[1:]
    while tokens and not _has(data, tokens):
        tokens.pop()  # a missing member is located at its parent
    if tokens:
        text_line = path.read_text(encoding="utf-8").splitlines()[int(line) - 1]
        assert text_line[int(column) - 1 :].startswith(f'"{tokens[-1]}"'), (message, text_line)
    assert rest.startswith(f"{pointer}: ") and words in rest, message


@pytest.mark.parametrize(
    ("name", "text", "expected", "code"),
    [
        ("tactics/card.json", '{"face": "front",\n  "boxes": }', "tactics/card.json:2:12: invalid JSON", 2),
        ("tactics/back-shop.json", '{"face": "back", "background": "#000"}', "back-shop.json:1:18: template error", 2),
        (
            "tactics/unit.json",
            '{"boxes": {}}',
            'unit.json:1:1: template error: /face: missing; write "face": "front"',
            2,
        ),
        ("netrunner/back-corp.json", "[]", "back-corp.json:1:1: template error: /: a template is a JSON object", 2),
        ("tactics/cards.json", "{}", "no bundled template has this name", 2),
        ("card.json", "{}", "card.json: no bundled template has this name", 2),
    ],
)
def test_template_files_that_cannot_be_used(tmp_path: Path, name: str, text: str, expected: str, code: int) -> None:
    path = tmp_path / "designs" / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DossierError) as caught:
        load_templates(tmp_path / "designs")
    assert expected in str(caught.value) and caught.value.exit_code == code


def test_print_with_a_bad_template_exits_without_a_traceback(cli, tmp_path: Path) -> None:
    folder = _override(tmp_path, "crossfire", "role", _replace("boxes/text/size", 200))
    result = cli("print", "crossfire/vip", "--out", tmp_path / "x.pdf", "--template", folder)
    assert result.exit_code == 2
    assert (
        "role.json:" in result.stderr and "/boxes/text/size: expected a number of at most 72" in result.stderr
    )
    assert "Traceback" not in result.output and not (tmp_path / "x.pdf").exists()
    missing = cli("print", "crossfire/vip", "--out", tmp_path / "x.pdf", "--template", tmp_path / "nowhere")
    assert missing.exit_code == 2 and "no such directory" in missing.stderr
