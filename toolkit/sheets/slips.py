"""Role slips for Crossfire: one folded slip per player, eight to an A4 page.

A slip is printed on one side and read like this (top to bottom)::

    +------------------------------+
    | Seat 3   Ana                 |  header: stays outside when folded
    |------------------------------|
    | ////// cover pattern ////////|  cover: the flap folds up onto it
    |- - - - - - fold - - - - - - -|
    | ▌Assassin      red team      |  flap: the role, upright
    | ▌You win  ...                |
    +------------------------------+

Folding the flap up along the dashed line puts the role face to face with the
cover, so the folded slip shows the seat and name and a blank back, while the
role stays inside; unfolded, it reads the right way up. (A slip folded in half
would show both halves or neither: one fold of a one-sided print puts both
printed faces inside or both outside.) The cover's pattern keeps the role from
showing through the paper from behind. A public role's slip (the Sniper's, which seed 003 has laid face up in
front of its player) is printed alike, but its hints say so instead of asking for the fold
(:func:`toolkit.engine.crossfire_cards.role_card` gives those words).

This module only draws: the caller gives every string already in the reader's
language (:class:`Slip`). Text is drawn with the print fonts (the bundled
Dossier Sans SC, with installed fonts for characters it lacks) and shrinks to
fit its panel, a slip's last :attr:`Slip.small_rows` rows (the cards seen in the
deal) a size smaller; a slip whose text does not fit even at :data:`MIN_SIZE` is
an error, and nothing is written. That error names no seat: it is printed on the
dealer's screen, and which slip has the longest text would give its role away.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from toolkit.errors import DossierError
from toolkit.i18n import tr

MM = 72.0 / 25.4
A4 = (210 * MM, 297 * MM)
LETTER = (8.5 * 72.0, 11 * 72.0)
COLUMNS, ROWS = 2, 4
MARGIN = 10 * MM
PAD = 3 * MM
HEADER_SHARE = 0.20  # of the slip's height; the cover and the flap share the rest equally
MAX_SIZE, MIN_SIZE = 9.0, 5.0  # body text on the flap, in points
SMALL_SHARE = 0.85  # of the body text's size: a slip's small rows (the cards seen in the deal, a list read once)
TEAM_COLORS = {"blue": "#2f5da8", "red": "#b3261e", "none": "#6b6b6b"}
CUT_COLOR, FOLD_COLOR, PATTERN_COLOR, MUTED = "#9a9a9a", "#555555", "#d4d4d4", "#555555"


@dataclass(frozen=True)
class Slip:
    """One player's slip, every string in the reader's language."""

    seat_label: str  # "Seat 3"
    name: str | None  # "Ana"
    role: str  # "Assassin"
    team: str  # "red team: hit the VIP"
    team_color: str  # blue, red or none
    rows: Sequence[tuple[str, str]] = ()  # (label, text): what the player wins by, how the role plays, ...
    fold_hint: str = "Fold the flap up along the dashed line."  # (a public role's: that it is not folded)
    header_hint: str = ""  # small line under the name, seen on the folded slip (or on the open public one)
    small_rows: int = 0  # how many of the last rows are set smaller (SMALL_SHARE): the cards seen in the deal


@dataclass
class _Fonts:
    """The print fonts and the calls this module makes on them."""

    fontset: Any
    widths: dict[tuple[str, bool, float], float] = field(default_factory=dict)

    def width(self, text: str, bold: bool, size: float) -> float:
        key = (text, bold, size)
        found = self.widths.get(key)
        if found is None:
            found = self.widths[key] = float(self.fontset.width(text, bold, size))
        return found

    def draw(self, c: Any, x: float, y: float, text: str, size: float, bold: bool, color: str) -> None:
        """``text`` at (x, y) baseline, each run of characters in the font that has them."""
        fontset = self.fontset
        c.setFillColor(color)
        start = 0  # where the run starts in ``text`` (a run has the real quotes of their proportional forms)
        for run, name, stroke in fontset.runs(text, bold):
            if stroke:  # a single-face fallback font: bold is its outline stroked
                c.saveState()
                c.setStrokeColor(color)
                c.setLineWidth(size * 0.04)
                t = c.beginText(x, y)
                t.setTextRenderMode(2)
                t.setFont(name, size)
                t.textOut(run)
                c.drawText(t)
                c.restoreState()
            else:
                c.setFont(name, size)
                c.drawString(x, y, run)
            x += fontset.width(text[start : start + len(run)], bold, size)
            start += len(run)


def _latin(slip: Slip) -> Slip:
    """``slip`` with the curly quotes of its Latin text in their proportional forms, as card text is printed
    (:func:`~toolkit.sheets.linebreak.latin_quotes`, decided on each whole string before it is measured or wrapped)."""
    from .linebreak import latin_quotes

    return replace(
        slip,
        seat_label=latin_quotes(slip.seat_label),
        name=None if slip.name is None else latin_quotes(slip.name),
        role=latin_quotes(slip.role),
        team=latin_quotes(slip.team),
        rows=[(latin_quotes(label), latin_quotes(text)) for label, text in slip.rows],
        fold_hint=latin_quotes(slip.fold_hint),
        header_hint=latin_quotes(slip.header_hint),
    )


def _real_quotes(text: str) -> str:
    """``text`` with the real quotes in place of their proportional forms (for a message that quotes it)."""
    from .fonts import QUOTE_OF

    return text.translate({ord(narrow): quote for narrow, quote in QUOTE_OF.items()})


def _fonts(slips: Sequence[Slip], extra: str = "") -> _Fonts:
    from . import fonts

    needed = set(extra)
    for slip in slips:
        for text in (slip.seat_label, slip.name or "", slip.role, slip.team, slip.fold_hint, slip.header_hint):
            needed.update(text)
        for label, text in slip.rows:
            needed.update(label + text)
    fontset, _notes = fonts.print_fonts(None, None, {c for c in needed if not c.isspace()})
    return _Fonts(fontset)


# ---------------------------------------------------------------- line breaking


def wrap(text: str, width: float, measure: Any, indent: float = 0.0, words: Any = None) -> list[str]:
    """``text`` broken into lines of ``width`` (``measure(str) -> points``), the first line ``indent`` shorter.

    The card text's line breaker (:mod:`toolkit.sheets.linebreak`): Chinese breaks between the game's words
    (``words``, a :class:`~toolkit.sheets.linebreak.Lexicon`; the game's own by default), not inside one (你落败,
    not 你落 / 败), and never before a closing mark or after an opening one; a piece wider than a line is cut."""
    from .linebreak import Atom, atomize, break_atoms, line_markup
    from .vocabulary import game_lexicon

    lead = Atom("", "icon")  # stands for the label before the first line: as wide as the indent

    def width_of(atom: Atom) -> float:
        return indent if atom is lead else measure(atom.text)

    atoms = atomize(text, icons=())  # no [id] is an icon on a slip: brackets stay text
    lines = break_atoms([lead, *atoms] if indent else atoms, width, width_of, words or game_lexicon())
    out = [line_markup([a for a in line if a is not lead]).strip() for line in lines]
    while out and not out[-1]:
        out.pop()
    return out


# ---------------------------------------------------------------- one slip


@dataclass
class _Flap:
    size: float
    title: float
    rows: list[tuple[str, float, list[str], float]]  # label, its width with the gap after it, the text's lines, size
    team_lines: list[str]
    team_inline: bool  # the team fits on the role's line, right-aligned
    height: float


BAR = 1.6 * MM  # the team-coloured bar at the flap's left edge


def _flap_box(w: float, h: float) -> tuple[float, float]:
    """Width and height of the flap's text on a slip of ``w`` x ``h``."""
    panel = (h - h * HEADER_SHARE) / 2
    return w - 2 * PAD - BAR - PAD / 2, panel - 2 * PAD


def _layout_flap(slip: Slip, width: float, height: float, fonts: _Fonts, start: float) -> _Flap:
    """The largest text size from ``start`` down at which the flap's text fits ``width`` x ``height``."""
    from .vocabulary import game_lexicon

    words = game_lexicon().extend([slip.role])  # the role's name is a word too (旁观者)
    size = start
    while size >= MIN_SIZE - 1e-9:
        title = size * 1.5
        leading = size * 1.25
        role_width = fonts.width(slip.role, True, title)
        inline = role_width + size + fonts.width(slip.team, True, size) <= width
        team_lines = (
            [slip.team] if inline else wrap(slip.team, width, lambda s, z=size: fonts.width(s, True, z), words=words)
        )
        used = title * 1.15 + (0.0 if inline else leading * len(team_lines))
        rows: list[tuple[str, float, list[str], float]] = []
        small_from = len(slip.rows) - slip.small_rows
        for k, (label, text) in enumerate(slip.rows):
            z = size * SMALL_SHARE if k >= small_from else size
            indent = fonts.width(label, True, z) + z * 0.6 if label else 0.0
            lines = wrap(text, width, lambda s, z=z: fonts.width(s, False, z), indent, words)
            rows.append((label, indent, lines, z))
            used += z * 1.25 * len(lines) + z * 0.25
        if used <= height and role_width <= width:
            return _Flap(size, title, rows, team_lines, inline, used)
        size -= 0.25
    # (no seat: the dealer's screen shows this, and the slip with the longest text would give its role away)
    raise DossierError(
        tr(
            "the text of a role slip does not fit on it even at {size} pt (which slip is not said: that would give "
            "its role away); nothing was written",
            size=format(MIN_SIZE, "g"),
        )
    )


HINT_SIZE, MIN_HINT_SIZE = 6.0, 4.0  # the one-line hints above and on the cover, in points


def _hint_size(text: str, width: float, fonts: _Fonts) -> float:
    """The size at which the one-line hint ``text`` fits ``width``: :data:`HINT_SIZE`, smaller for a long one (a
    public role's, a language's longer words), never below :data:`MIN_HINT_SIZE`."""
    size = HINT_SIZE
    while size > MIN_HINT_SIZE and fonts.width(text, False, size) > width:
        size -= 0.25
    return size


NAME_SIZE, NAME_LEADING = 6.0, 1.15  # a player's name: the least size on one line; its lines' leading (in sizes)
MIN_NAME_SIZE = 5.0  # on two lines


def _name_lines(name: str, room: float, size: float, above: float, fonts: _Fonts) -> tuple[float, list[str] | None]:
    """The size and lines of a player's name in ``room`` points beside the seat: one line from ``size`` down to
    :data:`NAME_SIZE`, or two (the second on the seat's baseline, the first at most ``above`` points over it) down
    to :data:`MIN_NAME_SIZE`, whichever is the larger; (that least size, None) when it does not fit even so."""
    one: float | None = size
    while one is not None and fonts.width(name, True, one) > room:
        one = one - 0.5 if one - 0.5 >= NAME_SIZE - 1e-9 else None
    two = max(MIN_NAME_SIZE, round(min(size, above / (NAME_LEADING + 0.9)) * 4 - 0.5) / 4)  # capitals below the top
    if one is not None and one >= two:
        return one, [name]
    while two >= MIN_NAME_SIZE - 1e-9 and (one is None or two > one):
        lines = wrap(name, room, lambda s, z=two: fonts.width(s, True, z))
        if len(lines) <= 2 and all(fonts.width(line, True, two) <= room for line in lines):
            return two, lines
        two -= 0.25
    if one is not None:
        return one, [name]
    return MIN_NAME_SIZE, None


def _cut_name(name: str, room: float, size: float, fonts: _Fonts) -> list[str]:
    """``name`` on two lines of ``room`` at ``size``, the second cut short: the "…" it ends with is inside it."""
    lines = wrap(name, room, lambda s: fonts.width(s, True, size))
    first = lines[0] if len(lines) > 1 and name.startswith(lines[0]) else ""
    rest = name[len(first) :].lstrip()
    from toolkit.sheets.textbox import cut_line

    return [line for line in (first, cut_line(rest, room, size, fonts, True)) if line]


def _draw_slip(
    c: Any,
    slip: Slip,
    x: float,
    y: float,
    w: float,
    h: float,
    fonts: _Fonts,
    where: str,
    size: float,
    warn: Callable[[str], None],
) -> None:
    """One slip with its lower-left corner at (x, y), the flap's text at most ``size`` points."""
    header = h * HEADER_SHARE
    panel = (h - header) / 2
    fold_y = y + panel  # the flap is the lowest panel
    cover_top = y + h - header
    bar = BAR
    flap = _layout_flap(slip, *_flap_box(w, h), fonts, size)

    # cut lines
    c.setStrokeColor(CUT_COLOR)
    c.setLineWidth(0.4)
    c.setDash()
    c.rect(x, y, w, h, stroke=1, fill=0)

    # header: seat and name, and a hint seen on the folded slip
    seat_size = min(16.0, header * 0.42)
    baseline = y + h - PAD - seat_size * 0.85
    fonts.draw(c, x + PAD, baseline, slip.seat_label, seat_size, True, "#000000")
    if slip.name:
        name_x = x + PAD + fonts.width(slip.seat_label, True, seat_size) + seat_size * 0.6
        room = x + w - PAD - name_x
        # two lines end at the seat's baseline and may rise to the slip's top padding's middle
        above = y + h - PAD / 2 - baseline
        size, lines = _name_lines(slip.name, room, seat_size, above, fonts)
        if lines is None:
            lines = _cut_name(slip.name, room, size, fonts)
            warn(
                tr(
                    "{where}: the name {name} does not fit its slip even at {size} pt; it is printed as {short}",
                    where=where,
                    name=repr(_real_quotes(slip.name)),
                    size=format(size, "g"),
                    short=repr(_real_quotes("".join(lines))),
                )
            )
        for k, line in enumerate(lines):
            fonts.draw(c, name_x, baseline + (len(lines) - 1 - k) * size * NAME_LEADING, line, size, True, "#000000")
    if slip.header_hint:
        hint_size = _hint_size(slip.header_hint, w - 2 * PAD, fonts)
        fonts.draw(c, x + PAD, cover_top + PAD * 0.6, slip.header_hint, hint_size, False, MUTED)
    c.setStrokeColor(CUT_COLOR)
    c.setLineWidth(0.3)
    c.line(x + PAD, cover_top, x + w - PAD, cover_top)

    # cover: a dense pattern, so the role does not show through from behind
    c.saveState()
    path = c.beginPath()
    path.rect(x, fold_y, w, cover_top - fold_y)
    c.clipPath(path, stroke=0, fill=0)
    c.setStrokeColor(PATTERN_COLOR)
    c.setLineWidth(0.6)
    step = 1.4 * MM
    span = cover_top - fold_y
    offset = -span
    while offset < w:
        c.line(x + offset, fold_y, x + offset + span, cover_top)
        c.line(x + offset, cover_top, x + offset + span, fold_y)
        offset += step
    c.restoreState()
    hint_size = _hint_size(slip.fold_hint, w - 2 * PAD, fonts)
    hint_width = fonts.width(slip.fold_hint, False, hint_size)
    c.setFillColor("#ffffff")
    c.rect(x + (w - hint_width) / 2 - 2, fold_y + 1.2 * MM - 1.5, hint_width + 4, hint_size + 2, stroke=0, fill=1)
    fonts.draw(c, x + (w - hint_width) / 2, fold_y + 1.2 * MM, slip.fold_hint, hint_size, False, MUTED)

    # the fold
    c.setStrokeColor(FOLD_COLOR)
    c.setLineWidth(0.6)
    c.setDash(4, 2.5)
    c.line(x, fold_y, x + w, fold_y)
    c.setDash()

    # the flap: a team-coloured bar, the role and team, then the rows
    color = TEAM_COLORS.get(slip.team_color, TEAM_COLORS["none"])
    c.setFillColor(color)
    c.rect(x + PAD, y + PAD, bar, panel - 2 * PAD, stroke=0, fill=1)
    left = x + PAD + bar + PAD / 2
    right = x + w - PAD
    top = fold_y - PAD
    size = flap.size
    leading = size * 1.25
    baseline = top - flap.title * 0.85
    fonts.draw(c, left, baseline, slip.role, flap.title, True, "#000000")
    if flap.team_inline:
        fonts.draw(c, right - fonts.width(slip.team, True, size), baseline, slip.team, size, True, color)
        baseline -= flap.title * 0.3 + leading
    else:
        baseline -= flap.title * 0.3 + leading
        for line in flap.team_lines:
            fonts.draw(c, left, baseline, line, size, True, color)
            baseline -= leading
    for label, indent, lines, row_size in flap.rows:
        fonts.draw(c, left, baseline, label, row_size, True, MUTED)
        for k, line in enumerate(lines):
            fonts.draw(c, left + (indent if k == 0 else 0.0), baseline, line, row_size, False, "#000000")
            baseline -= row_size * 1.25
        baseline -= row_size * 0.25


# ---------------------------------------------------------------- the document


def slips_pdf(
    slips: Sequence[Slip],
    *,
    title: str = "Role slips",
    footer: str = "",
    pagesize: tuple[float, float] = A4,
    warn: Callable[[str], None] | None = None,
) -> bytes:
    """The PDF of ``slips``, :data:`COLUMNS` x :data:`ROWS` to a page, in order. A player's name too long for its
    slip even on two lines is cut with "…" and told to ``warn`` (default: a warning line on stderr)."""
    if warn is None:
        warn = _warn_on_stderr
    from reportlab.pdfgen import canvas

    from .linebreak import latin_quotes

    if not slips:
        raise DossierError(tr("no slips to print"))
    fonts = _fonts(slips, footer)
    shown = [_latin(slip) for slip in slips]  # measured and drawn alike
    footer = latin_quotes(footer)
    buffer = io.BytesIO()
    c = canvas.Canvas(
        buffer,
        pagesize=pagesize,
        invariant=True,
        pageCompression=1,
        initialFontName=fonts.fontset.regular,  # else ReportLab puts Helvetica, never embedded, on every page
        initialFontSize=8,
    )
    c.setTitle(title)
    c.setCreator("Dossier")
    page_w, page_h = pagesize
    w = (page_w - 2 * MARGIN) / COLUMNS
    h = (page_h - 2 * MARGIN) / ROWS
    per_page = COLUMNS * ROWS
    box = _flap_box(w, h)
    where = [tr("slip {n} ({seat})", n=k + 1, seat=slip.seat_label) for k, slip in enumerate(slips)]
    # one text size for every slip: the largest at which all of them fit
    size = min(_layout_flap(slip, *box, fonts, MAX_SIZE).size for slip in shown)
    for start in range(0, len(shown), per_page):
        for k, slip in enumerate(shown[start : start + per_page]):
            row, column = divmod(k, COLUMNS)
            x = MARGIN + column * w
            y = page_h - MARGIN - (row + 1) * h
            _draw_slip(c, slip, x, y, w, h, fonts, where[start + k], size, warn)
        if footer:
            fonts.draw(c, MARGIN, MARGIN / 2, footer, 6.5, False, MUTED)
        c.showPage()
    missing = fonts.fontset.take_unprintable()
    if missing:  # the input cannot be printed, as `dossier print` says of a card (exit 1)
        raise DossierError(tr("slips: {problem}", problem=missing_message(fonts.fontset, missing)), exit_code=1)
    c.save()
    return buffer.getvalue()


def _warn_on_stderr(message: str) -> None:
    import sys

    from toolkit.errors import warning_line

    print(warning_line(message), file=sys.stderr)


def missing_message(fontset: Any, chars: Sequence[str] | set[str]) -> str:
    """What slips with ``chars`` no font has are told (:meth:`~toolkit.sheets.fonts.FontSet.missing_message`, with
    the fix that applies to them: ``crossfire deal`` takes no ``--font``, so a font with the character is installed,
    where the slips find it as `dossier print` does)."""
    listed = "".join(sorted(set(chars)))
    codes = ", ".join(f"U+{ord(c):04X}" for c in listed[:8]) + (", …" if len(listed) > 8 else "")
    searched = [fontset.source, *(face.source for face in fontset.fallbacks)]
    searched.append(
        fontset.searched or tr("not the installed fonts: {program} is missing", program="fc-match (fontconfig)")
    )
    hint = tr(
        "install a font that has it ({system}: {cjk} for Chinese, {core} for other scripts): the slips print what "
        "the bundled font lacks in an installed font; {check} lists the characters of a card pool no font has",
        system="Debian",
        cjk="fonts-noto-cjk",
        core="fonts-noto-core",
        check="`dossier fonts check`",
    )
    return tr(
        "no font has {chars} ({codes}), so it would print as a box (searched: {searched}); {hint}",
        chars=repr(listed),
        codes=codes,
        searched=tr("; ").join(str(s) for s in searched),
        hint=hint,
    )


def write_slips(path: Path, slips: Sequence[Slip], *, title: str = "Role slips", footer: str = "") -> None:
    """Write the slips' PDF to ``path`` atomically (all or nothing)."""
    from toolkit.jsonio import atomic_write_bytes
    from toolkit.safewrite import PDF

    data = slips_pdf(slips, title=title, footer=footer)
    try:
        atomic_write_bytes(path, data, replaces=PDF)
    except OSError as exc:
        raise DossierError(tr("{path}: cannot write: {reason}", path=path, reason=exc.strerror or exc)) from None


__all__ = ["A4", "LETTER", "Slip", "missing_message", "slips_pdf", "wrap", "write_slips"]
