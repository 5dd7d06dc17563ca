"""toolkit.markup: NetrunnerDB's card-text markup parsed into blocks of styled spans, and written for a terminal.

The texts are invented in NetrunnerDB's markup (no card data of NetrunnerDB's).
"""

from __future__ import annotations

import pytest

from toolkit import markup
from toolkit.markup import Block, Span

B = {"bold": True}
I = {"italic": True}  # noqa: E741


def S(text: str, **style: bool) -> Span:  # noqa: N802
    return Span(text, **style)


def icon(name: str, bold: bool = False) -> Span:
    return Span(name, icon=True, bold=bold)


@pytest.mark.parametrize(
    ("source", "blocks"),
    [
        ("Gain 2[credit].", [Block((S("Gain 2"), icon("credit"), S(".")))]),
        (
            "<strong>Uplink</strong> → [click]: Draw 1 card.",
            [Block((S("Uplink", **B), S(" → "), icon("click"), S(": Draw 1 card.")))],
        ),
        ("<b>bold</b> and <i>slanted</i>", [Block((S("bold", **B), S(" and "), S("slanted", **I)))]),
        (
            "Draw. <em>(A <strong>note</strong>.)</em>",
            [Block((S("Draw. "), S("(A ", **I), S("note", bold=True, italic=True), S(".)", **I)))],
        ),
        (
            "<strong>3[credit]:</strong> Break.",
            [Block((S("3", **B), icon("credit", True), S(":", **B), S(" Break.")))],
        ),
        # traces: English brackets (either case) and the translations' tag
        (
            "[subroutine] Trace[4]. If successful, end the run.",
            [
                Block(
                    (
                        icon("subroutine"),
                        S(" "),
                        S("Trace", **B),
                        S("4", bold=True, sup=True),
                        S(". If successful, end the run."),
                    )
                )
            ],
        ),
        ("you may trace[x].", [Block((S("you may "), S("trace", **B), S("X", bold=True, sup=True), S(".")))]),
        (
            "<trace>追踪 2</trace> 如果成功，抽 1 张牌。",
            [Block((S("追踪", **B), S("2", bold=True, sup=True), S(" 如果成功，抽 1 张牌。")))],
        ),
        ("<trace>Trace X</trace>", [Block((S("Trace", **B), S("X", bold=True, sup=True)))]),
        ("<trace>no strength</trace>", [Block((S("no strength", **B),))]),
        # lists: the lead-in, one block per item, the text after
        (
            "Choose one:<ul><li>Gain 1[credit].</li> <li>Draw <strong>2</strong>.</li></ul>Then stop.",
            [
                Block((S("Choose one:"),)),
                Block((S("Gain 1"), icon("credit"), S(".")), "item"),
                Block((S("Draw "), S("2", **B), S(".")), "item"),
                Block((S("Then stop."),)),
            ],
        ),
        ("<ul><li>only</li>", [Block((S("only"),), "item")]),
        # notes: errata and champion credits are blocks of their own, slanted
        ("<errata>Errata from the Rules Desk</errata>", [Block((S("Errata from the Rules Desk", **I),), "note")]),
        (
            "Draw 1.<champion>Designed by a champion</champion>",
            [Block((S("Draw 1."),)), Block((S("Designed by a champion", **I),), "note")],
        ),
        ("one<br>two<br/>three", [Block((S("one"),)), Block((S("two"),)), Block((S("three"),))]),
        ("H<sup>2</sup>O", [Block((S("H"), S("2", sup=True), S("O")))]),
        # what is not markup stays text; broken markup is forgiven
        ("—Ar<h1m3d3s  and [epic] […] [Credit]", [Block((S("—Ar<h1m3d3s  and [epic] […] [Credit]"),))]),
        ("Run.</strong> Then </em>stop.", [Block((S("Run. Then stop."),))]),
        ("<strong>never closed [click]", [Block((S("never closed ", **B), icon("click", True)))]),
        ("<STRONG>loud</STRONG>", [Block((S("loud", **B),))]),
        ("R&amp;D &lt;3 &#65;&#x42; &bogus; &#xD800;", [Block((S("R&D <3 AB &bogus;"),))]),
        # misspellings in the data read as the icon meant; every faction token is an icon
        (
            "1[crecit] [hass-bioroid] [weyland-consortium]",
            [Block((S("1"), icon("credit"), S(" "), icon("haas-bioroid"), S(" "), icon("weyland-consortium")))],
        ),
        ("   ", []),
        ("", []),
    ],
)
def test_parse(source: str, blocks: list[Block]) -> None:
    assert markup.parse(source) == blocks


@pytest.mark.parametrize(
    ("source", "plain"),
    [
        ("<strong>Uplink</strong> → [click]: Gain 1[recurring-credit].", "Uplink → [click]: Gain 1[recurring-credit]."),
        ("[subroutine] Trace[3]. If successful, end the run.", "[subroutine] Trace 3. If successful, end the run."),
        ("<trace>追踪 3</trace> 如果成功", "追踪 3 如果成功"),
        ("Pick:<ul><li>A</li><li>B</li></ul>", "Pick:\n• A\n• B"),
        ("<errata>Errata</errata>", "Errata"),
        ("[interrupt] → [trash]: Prevent it.", "[interrupt] → [trash]: Prevent it."),
        ("1[crecit]", "1[credit]"),
    ],
)
def test_plain_text_has_no_tags_and_keeps_icon_tokens(source: str, plain: str) -> None:
    assert markup.to_plain(source) == plain


@pytest.mark.parametrize(
    ("source", "ansi"),
    [
        ("<strong>Uplink</strong> → go", "\x1b[1mUplink\x1b[22m → go"),
        ("<em>(reminder)</em>", "\x1b[3m(reminder)\x1b[23m"),
        ("<trace>追踪 3</trace> 如果", "\x1b[1m追踪 3\x1b[22m 如果"),
        ("<strong>2[credit]:</strong> x", "\x1b[1m2[credit]:\x1b[22m x"),
        ("<em>a <strong>b</strong></em>", "\x1b[3ma \x1b[1mb\x1b[22m\x1b[23m"),
        ("plain [click]", "plain [click]"),
    ],
)
def test_terminal_styles_with_ansi_only_when_asked(source: str, ansi: str) -> None:
    (block,) = markup.parse(source)
    assert markup.terminal(block, True) == ansi
    assert markup.terminal(block, False) == markup.plain(block)
    assert "\x1b" not in markup.plain(block)


@pytest.mark.parametrize(
    ("texts", "lang", "chosen"),
    [
        ({"en": ["E"], "zh-Hans": ["Z"]}, "zh-Hans", ("zh-Hans", ["Z"])),
        ({"en": ["E"], "zh-Hans": ["Z"]}, "en", ("en", ["E"])),
        ({"en": ["E"]}, "zh-Hans", ("en", ["E"])),
        ({"en": [], "zh-Hans": ["Z"]}, "en", ("zh-Hans", ["Z"])),
        ({"en": ["E"], "zh-Hans": []}, "fr", ("en", ["E"])),
        ({"en": [], "zh-Hans": []}, "en", None),
    ],
)
def test_pick_falls_back_to_english(texts: dict[str, list[str]], lang: str, chosen: object) -> None:
    assert markup.pick(texts, lang) == chosen


def test_icon_ids() -> None:
    assert markup.icon_id("credit") == "credit"
    assert markup.icon_id("crecit") == "credit"
    assert markup.icon_id("epic") is None
    assert len(set(markup.ICONS)) == len(markup.ICONS)


def test_markup_imports_nothing_of_dossier() -> None:
    """Every layer may use it (DESIGN: who may import whom)."""
    import ast
    from pathlib import Path

    tree = ast.parse(Path(markup.__file__).read_text(encoding="utf-8"))
    modules = [n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)]
    modules += [a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names]
    assert not [m for m in modules if m.startswith(("toolkit", "validators", "."))]
