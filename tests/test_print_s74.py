"""Sweep 74c fixes of `dossier print`: the Tabletop Simulator object of a deck print lays out a game's setup (the
identity or the agents face up beside the face-down draw deck, matrix shop cards a deck of their own) and is named
after the deck; an attack line never ends with its separator and its wrapped lines hang past its icon; a
subroutine's wrapped lines line up with its text; a part-filled page has crop marks for its cards only."""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any

import pytest

from toolkit.jsonio import canonical_dumps
from toolkit.sheets import icons
from toolkit.sheets.geometry import SheetSpec, plan
from toolkit.sheets.linebreak import line_markup
from toolkit.sheets.render import TtsSheet
from toolkit.sheets.textbox import Line
from toolkit.sheets.tts import saved_object

from .conftest import CARDS

EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "decks"

# ---------------------------------------------------------------- 1, 2. the TTS object of a deck print


def _tts(cli: Any, tmp_path: Path, *args: Any) -> tuple[dict[str, Any], str]:
    out = tmp_path / "tts" / "deck.png"
    out.parent.mkdir(exist_ok=True)
    result = cli("print", *args, "--tts", out)
    assert result.exit_code == 0, result.output
    return json.loads(out.with_suffix(".json").read_text(encoding="utf-8")), result.stdout


def _cards(state: dict[str, Any]) -> list[dict[str, Any]]:
    return state["ContainedObjects"] if state["Name"] == "DeckCustom" else [state]


def _face_up(state: dict[str, Any]) -> bool:
    return state["Transform"]["rotZ"] == 0.0


def _spot(state: dict[str, Any]) -> tuple[float, float]:
    return state["Transform"]["posX"], state["Transform"]["posZ"]


def test_a_netrunner_deck_has_its_identity_face_up_beside_the_draw_deck(cli, tmp_path: Path) -> None:
    data, said = _tts(cli, tmp_path, "--deck", EXAMPLES / "netrunner" / "runner-anarch-rust.json", "--lang", "en")
    states = data["ObjectStates"]
    decks = [s for s in states if s["Name"] == "DeckCustom"]
    assert len(decks) == 1
    (deck,) = decks
    assert not _face_up(deck)
    assert len(deck["ContainedObjects"]) == 45 and deck["DeckIDs"] == [c["CardID"] for c in deck["ContainedObjects"]]
    (identity,) = [s for s in states if s is not deck]
    assert identity["Name"] == "Card" and _face_up(identity) and identity["Nickname"] == 'Cassia "Rust" Moreau'
    assert identity["Nickname"] not in [c["Nickname"] for c in deck["ContainedObjects"]]
    assert identity["CardID"] == 100  # the first card of the sheet, as printed
    assert _spot(identity) != _spot(deck)  # beside it, not on top of it
    assert len({s["GUID"] for s in states} | {c["GUID"] for c in deck["ContainedObjects"]}) == 47
    assert "a deck of 45 cards and 1 card beside it, from 1 sheet" in said


def test_a_tactics_deck_has_its_agents_face_up_beside_the_draw_deck(cli, tmp_path: Path) -> None:
    data, _ = _tts(cli, tmp_path, "--deck", EXAMPLES / "tactics" / "duo.json", "--lang", "en")
    states = data["ObjectStates"]
    (deck,) = [s for s in states if s["Name"] == "DeckCustom"]
    names = [c["Nickname"] for c in deck["ContainedObjects"]]
    assert len(names) == 16 and "Jackdaw" not in names and "Egret" not in names and not _face_up(deck)
    agents = [s for s in states if s is not deck]
    assert [(s["Name"], s["Nickname"], _face_up(s)) for s in agents] == [("Card", "Jackdaw", True),
                                                                          ("Card", "Egret", True)]  # fmt: skip
    assert len({_spot(s) for s in states}) == 3  # each in a place of its own
    sheets = deck["CustomDeck"] | {k: v for s in agents for k, v in s["CustomDeck"].items()}
    assert all(sheet["UniqueBack"] for sheet in sheets.values())  # the agents' backs differ from the cards'


def test_token_and_shop_cards_a_deck_print_holds_are_not_in_the_draw_deck(cli, tmp_path: Path) -> None:
    """A deck that breaks the rules still prints: its token card lies face up beside the deck (tokens come from
    outside the game), its matrix shop cards make a face-down deck of their own (the shared shop)."""
    deck_file = tmp_path / "odd.json"
    deck_file.write_text(
        canonical_dumps(
            {
                "game": "tactics",
                "mode": "duo",
                "name": "odd",
                "agents": ["jackdaw", "egret"],
                "cards": {"smoke_cloud": 1, "kill_order": 2, "med_kit": 2, "frag_grenade": 1},
            }
        ),
        encoding="utf-8",
    )
    data, said = _tts(cli, tmp_path, "--deck", deck_file, "--lang", "en")
    states = data["ObjectStates"]
    by_name = {s["Nickname"]: s for s in states}
    draw = by_name["odd"]
    assert sorted(c["Nickname"] for c in _cards(draw)) == ["Frag Grenade", "Med Kit", "Med Kit"]
    assert not _face_up(draw)
    shop = by_name["Matrix shop"]
    assert shop["Name"] == "DeckCustom" and not _face_up(shop)
    assert [c["Nickname"] for c in _cards(shop)] == ["Kill Order", "Kill Order"]
    assert _face_up(by_name["Smoke Cloud"]) and _face_up(by_name["Jackdaw"]) and _face_up(by_name["Egret"])
    assert len(states) == 5 and len({_spot(s) for s in states}) == 5
    assert "a deck of 3 cards and 5 cards beside it, from 1 sheet" in said


def test_a_crossfire_role_set_stays_one_deck_to_deal(cli, tmp_path: Path) -> None:
    data, said = _tts(cli, tmp_path, "--deck", EXAMPLES / "crossfire" / "crossfire-5.json", "--lang", "en")
    (state,) = data["ObjectStates"]
    assert state["Name"] == "DeckCustom" and len(state["ContainedObjects"]) == 5 and not _face_up(state)
    assert "a deck of 5 cards from 1 sheet" in said


@pytest.mark.parametrize(("lang", "name"), [("en", "Duo: Hawk Eye and White Coat"), ("zh-Hans", "双雄：鹰眼与白衣")])
def test_the_object_is_named_after_the_deck_in_the_print_language(cli, tmp_path: Path, lang: str, name: str) -> None:
    data, _ = _tts(cli, tmp_path, "--deck", EXAMPLES / "tactics" / "duo.json", "--lang", lang)
    (deck,) = [s for s in data["ObjectStates"] if s["Name"] == "DeckCustom"]
    assert data["SaveName"] == name and deck["Nickname"] == name


def test_a_print_of_cards_is_still_one_deck_named_after_the_file(cli, tmp_path: Path) -> None:
    """Cards chosen by id are no game's setup: one deck, the agent in it, named after FILE.png."""
    data, said = _tts(cli, tmp_path, "tactics/jackdaw", "tactics/med_kit", "tactics/kill_order", "--lang", "en")
    (state,) = data["ObjectStates"]
    assert state["Name"] == "DeckCustom" and state["Nickname"] == "deck" and data["SaveName"] == "deck"
    assert [c["Nickname"] for c in state["ContainedObjects"]] == ["Jackdaw", "Med Kit", "Kill Order"]
    assert "a deck of 3 cards from 1 sheet" in said


class _Record:
    def __init__(self, game: str, kind: str, name: str, **more: Any) -> None:
        from toolkit.models.common import Names

        self.game, self.kind, self.id, self.text = game, kind, name.lower(), []
        self.name = Names(en=name, zh_hans=name)
        self.back = more.get("back", "personal")
        self.token = more.get("token")


def _sheet(count: int) -> TtsSheet:
    return TtsSheet(b"", count, 1, count, 100 * count, 140)


def test_saved_object_sets_up_a_deck_only_when_asked() -> None:
    records = [_Record("tactics", "agent", "Ag"), _Record("tactics", "card", "A"), _Record("tactics", "card", "B")]
    args = (records, [_sheet(3)], [_sheet(3)], ["f"], ["b"])
    plain = saved_object(*args, name="x", lang="en")
    assert [s["Name"] for s in plain["ObjectStates"]] == ["DeckCustom"]
    setup = saved_object(*args, name="x", lang="en", setup=True)
    assert [(s["Name"], s["Nickname"]) for s in setup["ObjectStates"]] == [("DeckCustom", "x"), ("Card", "Ag")]
    assert setup["ObjectStates"][0]["DeckIDs"] == [101, 102]
    assert setup["ObjectStates"][1]["CardID"] == 100 and setup["ObjectStates"][1]["Transform"]["rotZ"] == 0.0


# ---------------------------------------------------------------- 3, 4. attack lines and subroutines


@lru_cache(maxsize=8)
def _boxes(ref: str, lang: str) -> list[list[Line]]:
    """The lines of every text box of one bundled card drawn in ``lang`` (poker size)."""
    from reportlab.pdfgen.canvas import Canvas

    from toolkit.sheets import layouts
    from toolkit.sheets.fonts import bundled
    from toolkit.sheets.geometry import mm
    from toolkit.sheets.textbox import Fitted, Measurer, Para
    from toolkit.sheets.vocabulary import lexicon

    catalog = _catalog()
    game, card_id = ref.split("/")
    record = next(r for r in catalog.records if r.game == game and r.id == card_id and layouts.is_printable(r))
    ctx = layouts.Context(Canvas(None), bundled(), catalog, measure=Measurer(bundled(), lexicon(catalog)), lang=lang)
    found: list[list[Line]] = []
    real_fit = layouts.fit

    def recording_fit(paras: list[Para], width: float, height: float, measure: Measurer, base: float) -> Fitted:
        fitted = real_fit(paras, width, height, measure, base)
        found.append(list(fitted.lines))
        return fitted

    layouts.fit = recording_fit  # type: ignore[assignment]
    try:
        layouts.draw_front(ctx, record, mm(63), mm(88), 0.0)
    finally:
        layouts.fit = real_fit
    return found


@lru_cache(maxsize=1)
def _catalog() -> Any:
    from toolkit.catalog import load_catalog

    return load_catalog([CARDS])


def _paragraphs(ref: str, lang: str) -> list[list[Line]]:
    """The lines of each paragraph of the card's text boxes."""
    paras: list[list[Line]] = []
    for box in _boxes(ref, lang):
        for line in box:
            if line.first or not paras:
                paras.append([])
            paras[-1].append(line)
    return paras


def _text_x(line: Line) -> float:
    """Where the line's words start, in points from the left of the text box: past the paragraph's indent and past
    any icon (and the space after it) that leads the line."""
    from toolkit.sheets.fonts import bundled
    from toolkit.sheets.textbox import Measurer

    measure = Measurer(bundled())
    ems = line.para.indent
    for atom in line.atoms:
        if atom.kind not in ("icon", "space"):
            break
        ems += measure(atom)
    return ems * line.size


def _leads_with(para: list[Line], icon: str) -> bool:
    """The paragraph's first line shows ``icon`` before its words (in the line, or set in its indent)."""
    first = para[0]
    lead = getattr(first.para, "lead", None)
    return (lead is not None and lead.text == icon) or (first.atoms[0].kind == "icon" and first.atoms[0].text == icon)


def _attacks(ref: str, lang: str) -> list[list[Line]]:
    return [p for p in _paragraphs(ref, lang) if _leads_with(p, "melee") or _leads_with(p, "ranged")]


@pytest.mark.parametrize(
    ("ref", "lang"),
    [("tactics/jackdaw", "en"), ("tactics/egret", "en"), ("tactics/jackdaw", "zh-Hans"),
     ("tactics/coil_railgun", "zh-Hans")],
)  # fmt: skip
def test_an_attack_line_never_ends_with_its_separator_and_hangs_past_its_icon(ref: str, lang: str) -> None:
    attacks = _attacks(ref, lang)
    assert attacks and any(len(p) > 1 for p in attacks), attacks  # the reported cards wrap their attacks
    for para in attacks:
        texts = [line_markup(line.atoms).strip() for line in para]
        assert not any(t.endswith("·") or t.startswith("·") for t in texts), texts
        first = _text_x(para[0])
        assert first >= (icons.INLINE_EM + 2 * icons.INLINE_PAD) * para[0].size - 1e-6  # past the icon
        for line in para[1:]:
            assert _text_x(line) == pytest.approx(first), texts  # under the first word, not under the icon


def test_an_attack_line_keeps_its_separators_inside_a_line() -> None:
    (para, *_) = _attacks("tactics/jackdaw", "en")
    words = " ".join(line_markup(line.atoms).strip() for line in para)
    assert " · " in words  # Brawl · Fist: the separator between parts that share a line stays


@pytest.mark.parametrize(
    ("ref", "lang"), [("netrunner/nbn_echo_beacon", "en"), ("netrunner/nbn_echo_beacon", "zh-Hans")]
)
def test_a_subroutines_wrapped_lines_line_up_with_its_text(ref: str, lang: str) -> None:
    subroutines = [p for p in _paragraphs(ref, lang) if _leads_with(p, "subroutine")]
    assert len(subroutines) == 2
    wrapped = [p for p in subroutines if len(p) > 1]
    assert wrapped or lang != "en"  # the reported English card wraps its second subroutine
    for para in subroutines:
        first = _text_x(para[0])
        assert first >= icons.INLINE_EM * para[0].size
        for line in para[1:]:
            assert _text_x(line) == pytest.approx(first), [line_markup(x.atoms) for x in para]


def test_a_subroutine_that_fits_one_line_is_set_as_before() -> None:
    """The icon, then the text after a space's width: the first line's words start where they did."""
    from toolkit.sheets.fonts import bundled
    from toolkit.sheets.linebreak import Atom
    from toolkit.sheets.textbox import Measurer

    (first, *_) = [p for p in _paragraphs("netrunner/nbn_echo_beacon", "en") if _leads_with(p, "subroutine")]
    measure = Measurer(bundled())
    before = measure(Atom("subroutine", "icon")) + measure(Atom(" ", "space"))
    assert _text_x(first[0]) == pytest.approx(before * first[0].size, rel=0.02)


# ---------------------------------------------------------------- 5. crop marks on a part-filled page


def test_a_part_filled_page_has_crop_marks_for_its_cards_only() -> None:
    layout = plan(SheetSpec())
    assert (layout.columns, layout.rows) == (3, 3)
    card = layout.front(0)
    xs, ys = layout.trim_lines(1)
    assert xs == [round(card.x, 6), round(card.right, 6)] and ys == [round(card.y, 6), round(card.top, 6)]
    marks = layout.crop_marks(1)
    verticals = {m.x1 for m in marks if m.x1 == m.x2}
    horizontals = {m.y1 for m in marks if m.y1 == m.y2}
    assert verticals == set(xs) and horizontals == set(ys)
    assert len(marks) == 8  # each of the 4 trim lines marked at both ends
    four = layout.crop_marks(4)  # a full first row and one card of the second
    assert {m.x1 for m in four if m.x1 == m.x2} == set(layout.trim_lines()[0])
    assert {m.y1 for m in four if m.y1 == m.y2} == set(layout.trim_lines(4)[1])
    second = layout.front(3)
    assert layout.trim_lines(4)[1] == sorted({round(v, 6) for v in (card.y, card.top, second.y, second.top)})
    assert len(layout.trim_lines()[1]) > len(layout.trim_lines(4)[1])  # not the empty third row's


def test_a_full_page_keeps_its_crop_marks() -> None:
    layout = plan(SheetSpec())
    assert layout.crop_marks(layout.per_page) == layout.crop_marks()
    assert layout.crop_marks(layout.per_page + 5) == layout.crop_marks()
    assert layout.trim_lines(layout.per_page) == layout.trim_lines()
