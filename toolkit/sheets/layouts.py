"""Card faces per record kind, and card backs.

Every face is drawn in the card's own coordinates (points, origin at the
bottom-left trim corner): colour to the bleed edge, every word and icon inside
the safe zone (3 mm inside the trim; 2.5 mm on cards narrower than 55 mm).
What a face shows is decided here, per record kind (a :class:`Content`); where
each box goes and how it looks comes from its template
(:mod:`toolkit.sheets.template`: boxes in millimetres on a design card,
scaled to the card in use). Body text is set at the text box's size and
shrinks in quarter points down to 6 pt, then is reported. Art covers its box
and runs on into the bleed where the box touches the trim.

What goes on each face:

Every word of a face is in its language (:attr:`Context.lang`): names from the records
(:func:`toolkit.i18n.name_of`; a name without an English one stays Chinese), the words around
them from the catalogs (:mod:`toolkit.sheets.labels`), ability text rendered by the ability
language (:mod:`toolkit.text`) with the card names it quotes in that language too. A bilingual
print (:attr:`Context.bilingual`) adds the name in the other language under the title.

- tactics agent: agent symbol, name, subtypes, HP, move speed, vision arrows,
  built-in attacks, abilities;
- tactics command card: cost (mortgage -X, tap), category strip, exclusive
  agent symbol, equipment slots / attack profile / shield / users, status
  target, the minion a card deploys, abilities, a reversible card's reverse
  face upside down below the front face (active face / switch / cannot be played), and
  the token and matrix shop marks;
- tactics units (minions, obstacles): HP, move, vision, attack, deployment;
- netrunner cards and identities: cost or rez cost, type and subtypes on the
  faction-coloured strip, strength, trash cost, memory, agenda points and
  advancement requirement, influence pips, unique mark, identity limits (the
  faction in the footer when the type line has no room for it); the ability
  text, or for imported cards the whole printed text in the chosen language
  (without it: the ability text where it is every paragraph read, else the
  English) with NetrunnerDB's markup rendered (:mod:`toolkit.markup`): bold,
  italic, ``Trace³``, lists, errata, icons;
- crossfire roles: team colour, armed / protecting / marking icon, the role a
  special role counts as, abilities and win conditions.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Literal, Protocol, runtime_checkable

from toolkit import markup
from toolkit.i18n import chinese, name_of, other_name, tr

from . import art, icons, labels
from .fonts import FontSet
from .geometry import Rect, mm
from .linebreak import Atom
from .styles import GOLD, INK, MUTED, NETRUNNER_FALLBACK, PANEL, ROLE_COLORS, back_key, mix, readable_on
from .template import (
    ArtBox,
    BackTemplate,
    BadgeBox,
    Box,
    ExtraText,
    FooterBox,
    FrontTemplate,
    NameBox,
    StatsBox,
    SymbolBox,
    Templates,
    TypeLineBox,
    default_templates,
)
from .template import words as template_words
from .textbox import (
    MIN_SIZE,
    Measurer,
    Para,
    ability,
    cut_line,
    draw,
    draw_line,
    fit,
    fit_line,
    hang,
    line_width,
    markup_paras,
    plain,
)
from .vocabulary import lexicon

ID_MIN_SIZE = 4.5
"""The least size, in points, of the record id at the foot of a card (a filing aid, smaller than any rule's text)."""

SYMBOL = re.compile(r"\[[a-z0-9_-]+\]")
_OPEN, _CLOSE = labels.SYMBOLS["name_open"], labels.SYMBOLS["name_close"]
QUOTED = re.compile(f"{re.escape(_OPEN)}([^{_CLOSE}]+){re.escape(_CLOSE)}")  # a name ability text quotes
SEP = labels.SYMBOLS["separator"]
MARKUP_TAG = re.compile(r"</?(?:strong|b|em|i|sup|trace|errata|champion|ul|ol|li|br)\s*/?>", re.I)
Severity = Literal["error", "warning"]
_FRAMES: dict[tuple[Any, ...], list[str]] = {}
PRINTABLE: dict[str, tuple[str, ...]] = {
    "tactics": ("agent", "card", "unit"),
    "netrunner": ("identity", "card"),
    "crossfire": ("role",),
}


class Lookup(Protocol):
    """What the layouts need from a catalog: one record by game, id and kind."""

    def get(self, game: str, record_id: str, kind: str = "card") -> Any: ...


@runtime_checkable
class Sourced(Protocol):
    """A lookup that also knows the file each record was read from (a Catalog): card art is found
    relative to it."""

    def file_of(self, record: Any) -> Path | None: ...


@dataclass(frozen=True)
class Issue:
    """A problem found while laying out a card (text that does not fit, a character the font lacks)."""

    code: str
    severity: Severity
    game: str
    kind: str
    id: str
    message: str

    @property
    def label(self) -> str:
        """``tactics card 'jackdaw'``, in the current language (特工战术卡牌 'jackdaw'), as lint names a record."""
        from validators.wording import record_label

        return record_label(self.game, self.kind, self.id)


@dataclass
class Context:
    """What every face needs: the canvas, fonts, the catalog, the templates and where to put issues."""

    canvas: Any
    fonts: FontSet
    lookup: Lookup
    issues: list[Issue] = field(default_factory=list)
    measure: Measurer | None = None
    lang: str = "zh-Hans"  # language of every word of a face; printed text and flavour: English when missing
    templates: Templates = field(default_factory=default_templates)
    bilingual: bool = False  # the name in the other language under the title
    min_dpi: float = art.MIN_DPI  # art printed at fewer pixels per inch is reported (sheet.image.resolution)
    _reported: set[tuple[str, str, str, str]] = field(default_factory=set)
    _english: dict[str, str] | None = None  # zh-Hans name -> English name, of the lookup's records
    _rendered: dict[str, str | None] = field(default_factory=dict)  # ability text -> in lang (None: no parse)
    _codes: dict[str, str] | None = None  # agent id -> its symbol in English

    def measurer(self) -> Measurer:
        if self.measure is None:  # the game's words and the names of the catalog's records stay whole
            self.measure = Measurer(self.fonts, lexicon(self.lookup))
        return self.measure

    def say(self, entry: labels.Entry, /, **fields: Any) -> str:
        """A word of :mod:`toolkit.sheets.labels` in the face's language."""
        return labels.say(self.lang, entry, **fields)

    def name(self, record: Any) -> str:
        """A record's name in the face's language (the Chinese one when it has no English)."""
        return name_of(record, self.lang)

    def english_names(self) -> dict[str, str]:
        """The English name of each zh-Hans name of the lookup's records (a name two records share with
        different English names is left out)."""
        if self._english is None:
            self._english = english_names(getattr(self.lookup, "records", None) or ())
        return self._english

    def ability(self, record: Any, text: str) -> str:
        """Ability text in the face's language: as written in zh-Hans; in English rendered by the ability
        language, the names it quotes in English; as written (and a warning naming the card) when it does not
        parse."""
        if chinese(self.lang):
            return text
        if text not in self._rendered:
            self._rendered[text] = english_ability(text, self.english_names())
        rendered = self._rendered[text]
        if rendered is None:
            self.report(
                record,
                "sheet.text.untranslated",
                "warning",
                tr("ability text that the ability language cannot read prints as it is written"),
            )
            return text
        return rendered

    def symbol(self, agent: Any) -> str:
        """An agent's symbol as its faces print it. In English a Chinese symbol (砧) is replaced by the first
        letters of the English name (ANV), as many as keep the symbols of the lookup's agents apart (3 or 4)."""
        symbol = str(getattr(agent, "symbol", None) or "?")
        if chinese(self.lang) or symbol.isascii() or not agent.name.en:
            return symbol
        if self._codes is None:
            agents = {
                r.id: r
                for r in getattr(self.lookup, "records", None) or ()
                if r.game == "tactics" and r.kind == "agent" and r.symbol and r.name.en
            }
            self._codes = agent_codes(agents.values())
        if agent.id not in self._codes:
            self._codes.update({agent.id: agent_codes([agent])[agent.id]})
        return self._codes[agent.id]

    def report(self, record: Any, code: str, severity: Severity, message: str) -> None:
        key = (record.game, record.id, code, message)
        if key not in self._reported:  # a card printed three times is reported once
            self._reported.add(key)
            self.issues.append(Issue(code, severity, record.game, record.kind, record.id, message))

    def template_image(self, game: str, name: str, image: str) -> Path:
        """A template's image file (relative to the template file's folder)."""
        source = self.templates.sources.get((game, name))
        return art.resolve(image, source)

    def record_file(self, record: Any) -> Path | None:
        """The file ``record`` was read from, when the lookup knows it (relative art paths start there)."""
        if isinstance(self.lookup, Sourced):
            return self.lookup.file_of(record)
        return None


BADGE_GAP = 0.12  # between a badge's number and its icon, in icon sizes


def badge_row(x: float, d: float, text_w: float, isize: float) -> tuple[float, float]:
    """Where a badge of diameter ``d`` at ``x`` draws a number ``text_w`` wide and an icon ``isize`` wide after it:
    (the number's x, the icon's x), :data:`BADGE_GAP` apart, the two centred in the badge."""
    gap = isize * BADGE_GAP
    tx = x + (d - (text_w + gap + isize)) / 2
    return tx, tx + text_w + gap


def stat_cells(width: float, needs: list[float]) -> list[float]:
    """The widths of a row of stat cells ``width`` wide whose contents need ``needs``: equal when each fits its
    share; else each as wide as it needs and the room left shared equally; when even the needs add up to more than
    ``width``, in proportion to them."""
    share = width / len(needs)
    if all(need <= share for need in needs):
        return [share] * len(needs)
    total = sum(needs)
    if total > width:
        return [width * need / total for need in needs]
    spare = (width - total) / len(needs)
    return [need + spare for need in needs]


def is_printable(record: Any) -> bool:
    return record.kind in PRINTABLE.get(record.game, ())


def english_names(records: Any) -> dict[str, str]:
    """The English name of each zh-Hans name of ``records`` (a name two records share with different English
    names is left out)."""
    from toolkit.names import english_names as of_pairs

    names = (getattr(record, "name", None) for record in records)
    return of_pairs((getattr(name, "zh_hans", None), getattr(name, "en", None)) for name in names)


def english_ability(text: str, names: dict[str, str]) -> str | None:
    """``text`` (ability language) in English, each name it quotes (「烟幕」) in English from ``names``
    (zh-Hans → English) between straight quotes (the font's curly ones are full-width); None when it does
    not parse."""
    from toolkit.text import AbilitySyntaxError, parse_cached, render

    try:
        english = str(render(parse_cached(text), "en"))
    except (AbilitySyntaxError, ValueError, KeyError, NotImplementedError):
        return None
    return QUOTED.sub(lambda m: '"' + names.get(m.group(1), m.group(1)) + '"', english)


def agent_codes(agents: Any) -> dict[str, str]:
    """Agent id → the first letters of its English name, capitals, as few (3 or 4) as keep them all apart."""
    letters = {a.id: re.sub(r"[^A-Za-z0-9]", "", str(a.name.en)).upper() or str(a.id).upper() for a in agents}
    for size in (3, 4):
        codes = {agent_id: word[:size] for agent_id, word in letters.items()}
        if len(set(codes.values())) == len(codes):
            break
    return codes


def _term(game_record: Any, attr: str, term_id: str | None, lang: str) -> str:
    if term_id is None:
        return ""
    for term in getattr(game_record, attr, None) or []:
        if term.id == term_id:
            return name_of(term, lang)
    return term_id


@dataclass(frozen=True)
class Badge:
    """What a badge shows: a disc (or hexagon) of ``color`` with a number and/or an icon."""

    color: str
    text: str
    icon: str | None = None
    shape: str = "circle"


@dataclass
class Content:
    """What one front shows, box by box; the template says where and how."""

    name: str
    en: str | None = None
    badge: Badge | None = None
    symbol: str | None = None
    type_left: str = ""
    type_right: str = ""
    stats: list[tuple[str, str, str]] = field(default_factory=list)
    paras: list[Para] = field(default_factory=list)
    footer_left: Callable[[float, float], float] | None = None
    text: Callable[[Face, Rect], None] | None = None  # draws the text box itself (reversible cards)
    # the type line's note, when it does not fit beside the type, goes to the footer (:attr:`Face.moved`, for
    # footer_left to draw) rather than to a line of its own at the top of the text box, where a Netrunner card's
    # faction name read as a stray line of card text; to the text box all the same when the template has no footer
    note_to_footer: bool = False


def cover_card(c: Any, path: Path, width: float, height: float, bleed: float) -> None:
    """A template's picture covering a ``width`` × ``height`` point card to the bleed edge (centred, cropped);
    nothing when the file cannot be used (the template lint and ``dossier print`` report it once)."""
    w, h = width + 2 * bleed, height + 2 * bleed
    try:
        picture = art.picture(path, w / mm(1), h / mm(1))
    except art.ArtError:
        return
    from reportlab.lib.utils import ImageReader

    c.drawImage(ImageReader(picture), -bleed, -bleed, w, h, mask="auto")


def field_text(record: Any, path: str, lang: str) -> str | None:
    """The text of a record's field ``path`` (dotted: ``flavor``, ``name.en``, ``cost.mortgage``) on a face in
    ``lang``: words per language in ``lang`` (else zh-Hans), a list one item a line, a number as written;
    None when the record has no such field."""
    value: Any = record
    for part in path.split("."):
        key = part.replace("-", "_").lower()
        if isinstance(value, dict):
            value = value.get(part, value.get(key))
        else:
            value = getattr(value, key, getattr(value, part, None))
        if value is None:
            return None
    if hasattr(value, "zh_hans"):  # words per language
        other = value.get(lang) if hasattr(value, "get") else None
        chosen = other or (value.en if lang != "zh-Hans" and getattr(value, "en", None) else None)
        return str(chosen or value.zh_hans)
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list | tuple):
        return "\n".join(str(v) for v in value if v is not None) or None
    if isinstance(value, str | int | float):
        return str(value)
    return None


def _edge(value: float, design: float, actual: float, s: float) -> float:
    """A box edge ``value`` mm from the origin side of a ``design`` mm card, in points on an ``actual``-point
    card: it keeps its scaled distance to the nearer card edge."""
    return mm(value) * s if value <= design / 2 else actual - mm(design - value) * s


_RECTS: dict[tuple[int, float, float, frozenset[str]], tuple[FrontTemplate, dict[str, Rect]]] = {}


def box_rects(
    template: FrontTemplate, width: float, height: float, empty: frozenset[str] = frozenset()
) -> dict[str, Rect]:
    """Every box of ``template`` that is drawn on a ``width`` × ``height`` point card, in card points
    (origin at the bottom-left trim corner, y up): empty boxes give their space away (``give_to``)."""
    key = (id(template), width, height, empty)
    cached = _RECTS.get(key)
    if cached is not None and cached[0] is template:
        return cached[1]
    rects = _box_rects(template, width, height, empty)
    if len(_RECTS) > 4096:
        _RECTS.clear()
    _RECTS[key] = (template, rects)
    return rects


_EPS = 1e-6


def overlaps(a: list[float], b: list[float]) -> bool:
    """Whether two spans (left, top, right, bottom) share more than an edge."""
    return a[0] < b[2] - _EPS and b[0] < a[2] - _EPS and a[1] < b[3] - _EPS and b[1] < a[3] - _EPS


def grown(taker: list[float], giver: list[float], others: list[list[float]]) -> list[float]:
    """The span (left, top, right, bottom) of a box ``taker`` that takes the space of an empty box ``giver``,
    never covering one of ``others`` (the boxes drawn on the card) it did not cover before.

    A giver above or below the taker lends its height (the taker keeps its own width: a text box under a
    full-bleed art box stays as wide as it was, inside the safe zone); one at its side lends its width (the
    taker keeps its height); otherwise the taker grows to the smallest rectangle covering both. The result is
    then cut back from each drawn box it would cover, on that box's side, the cut keeping the most area: art
    that takes the space of missing stats stops at the name."""
    a, b = taker, giver
    if b[1] >= a[3] - _EPS or b[3] <= a[1] + _EPS:  # above or below
        span = [a[0], min(a[1], b[1]), a[2], max(a[3], b[3])]
    elif b[0] >= a[2] - _EPS or b[2] <= a[0] + _EPS:  # at a side
        span = [min(a[0], b[0]), a[1], max(a[2], b[2]), a[3]]
    else:
        span = [min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3])]
    for other in others:
        if overlaps(other, a) or not overlaps(other, span):
            continue
        cuts = []
        if other[3] <= a[1] + _EPS:  # above the taker: the top comes down to its bottom
            cuts.append([span[0], max(span[1], other[3]), span[2], span[3]])
        if other[1] >= a[3] - _EPS:
            cuts.append([span[0], span[1], span[2], min(span[3], other[1])])
        if other[2] <= a[0] + _EPS:
            cuts.append([max(span[0], other[2]), span[1], span[2], span[3]])
        if other[0] >= a[2] - _EPS:
            cuts.append([span[0], span[1], min(span[2], other[0]), span[3]])
        span = max(cuts, key=lambda c: (c[2] - c[0]) * (c[3] - c[1]))
    return span


def _box_rects(template: FrontTemplate, width: float, height: float, empty: frozenset[str]) -> dict[str, Rect]:
    card = template.card
    s = min(width / mm(card.width), height / mm(card.height))
    boxes: dict[str, Box] = dict(template.boxes.items())
    spans = {name: [box.x, box.y, box.x + box.width, box.y + box.height] for name, box in boxes.items()}
    original = {name: list(span) for name, span in spans.items()}
    for name in boxes.keys() & empty:  # design mm: left, top, right, bottom (y down)
        target: str | None = boxes[name].give_to
        visited = {name}
        while target is not None and target in empty and target in boxes and target not in visited:
            visited.add(target)
            target = boxes[target].give_to
        if target is not None and target in boxes and target not in empty:
            others = [span for other, span in original.items() if other not in empty and other != target]
            spans[target] = grown(spans[target], spans[name], others)
    rects: dict[str, Rect] = {}
    for name, (left, top, right, bottom) in spans.items():
        if name in empty:
            continue
        x0, x1 = _edge(left, card.width, width, s), _edge(right, card.width, width, s)
        y1 = height - _edge(top, card.height, height, s)
        y0 = height - _edge(bottom, card.height, height, s)
        rects[name] = Rect(x0, y0, x1 - x0, y1 - y0)
    return rects


class Face:
    """Drawing one card face of ``width`` × ``height`` points from its template."""

    def __init__(self, ctx: Context, record: Any, width: float, height: float, bleed: float) -> None:
        self.ctx = ctx
        self.c = ctx.canvas
        self.fonts = ctx.fonts
        self.record = record
        self.w, self.h, self.bleed = width, height, bleed
        self.template = ctx.templates.front(record.game, record.kind)
        card = self.template.card
        self.s = min(width / mm(card.width), height / mm(card.height))
        self.safe = mm(3.0 if width >= mm(55) else 2.5)
        self.accent = NETRUNNER_FALLBACK
        self.frame_color = NETRUNNER_FALLBACK
        self.moved = ""  # the type line's note the footer prints (Content.note_to_footer)
        self.loose_id: tuple[str, float, bool, str] | None = None  # an id with no room beside the footer's marks
        self.text_bottom: float | None = None  # where the text box's text ends (for a loose id under it)

    def u(self, value_mm: float) -> float:
        """Millimetres at this card's scale, in points."""
        return mm(value_mm) * self.s

    def pt(self, size: float) -> float:
        return max(MIN_SIZE, size * self.s)

    def palette(self, key: str, default: str = NETRUNNER_FALLBACK) -> str:
        """A colour the card data picks by name (category, deck, team) from the template's palette."""
        return self.template.palette.get(key, default)

    def color(self, value: str, auto: str = INK) -> str:
        """A template colour: #rrggbb or a role (accent, frame, ink, …); ``auto`` is the layout's choice."""
        if value.startswith("#"):
            return value
        if value == "accent":
            return self.accent
        if value == "accent-dark":
            return mix(self.accent, "#000000", 0.2)
        if value == "frame":
            return self.frame_color
        if value == "auto":
            return auto
        return ROLE_COLORS[value]

    def safe_rect(self, rect: Rect) -> Rect:
        """``rect`` cut to the safe zone: no word is printed where the trim may cut it."""
        x0, y0 = max(rect.x, self.safe), max(rect.y, self.safe)
        x1, y1 = min(rect.right, self.w - self.safe), min(rect.top, self.h - self.safe)
        return Rect(x0, y0, max(0.0, x1 - x0), max(0.0, y1 - y0))

    # ------------------------------------------------------------------ the whole face

    def compose(self, content: Content) -> None:
        """Frame, art, then every box the template has, each with what ``content`` puts in it."""
        empty = {
            "badge": content.badge is None,
            "name": not content.name,
            "symbol": not content.symbol,
            "type_line": not (content.type_left or content.type_right),
            "stats": not content.stats,
            "art": getattr(self.record, "art", None) is None,
        }
        rects = box_rects(self.template, self.w, self.h, frozenset(k for k, v in empty.items() if v))
        boxes = self.template.boxes
        self.frame()
        if self.template.background is not None:
            path = self.ctx.template_image(self.record.game, self.record.kind, self.template.background.image)
            cover_card(self.c, path, self.w, self.h, self.bleed)
        if "art" in rects and boxes.art is not None:
            self.art(rects["art"], boxes.art)
        if "badge" in rects and boxes.badge is not None and content.badge is not None:
            self.badge(self.safe_rect(rects["badge"]), boxes.badge, content.badge)
        if "symbol" in rects and boxes.symbol is not None and content.symbol:
            self.symbol(self.safe_rect(rects["symbol"]), boxes.symbol, content.symbol)
        if "name" in rects and boxes.name is not None:
            self.name(self.safe_rect(rects["name"]), boxes.name, content.name, content.en)
        moved = ""  # the type line's note when it does not fit beside the type: the text box's first line
        if "type_line" in rects and boxes.type_line is not None:
            moved = self.type_line(
                rects["type_line"], boxes.type_line, content.type_left, content.type_right, content.text is None
            )
        if "stats" in rects and boxes.stats is not None:
            self.stats(self.safe_rect(rects["stats"]), boxes.stats, content.stats)
        if "footer" in rects and boxes.footer is not None:
            if content.note_to_footer:
                self.moved, moved = moved, ""
            self.footer(self.safe_rect(rects["footer"]), boxes.footer, content.footer_left)
        for extra in self.template.texts:
            self.extra_text(extra)
        text = self.safe_rect(rects["text"])
        if content.text is not None:
            content.text(self, text)
        else:
            self.text_box([plain(moved, MUTED), *content.paras] if moved else content.paras, text)
        if self.loose_id is not None:
            self.id_line(text, custom=content.text is not None)

    # ------------------------------------------------------------------ frame

    def frame(self) -> None:
        """Colour to the bleed edge, a light panel inside (pure paths: written once, then replayed)."""
        c = self.c
        spec = self.template.frame
        color = self.color(spec.color, self.frame_color)
        panel = self.color(spec.panel, PANEL) if spec.panel is not None else None
        inset, radius = self.u(spec.inset), self.u(spec.radius)
        key = ("frame", self.w, self.h, self.bleed, color, panel, inset, radius)
        cached = _FRAMES.get(key)
        if cached is not None:
            c._code.extend(cached)
            return
        start = len(c._code)
        c.saveState()
        c.setFillColor(color)
        c.rect(-self.bleed, -self.bleed, self.w + 2 * self.bleed, self.h + 2 * self.bleed, stroke=0, fill=1)
        if panel is not None:
            c.setFillColor(panel)
            c.roundRect(inset, inset, self.w - 2 * inset, self.h - 2 * inset, radius, stroke=0, fill=1)
        c.restoreState()
        _FRAMES[key] = c._code[start:]

    # ------------------------------------------------------------------ art

    def art(self, rect: Rect, box: ArtBox) -> None:
        """The record's art, covering the box (centred, cropped), on into the bleed where the box touches
        the trim; a grey placeholder and a warning when the file is missing or unreadable."""
        record = self.record
        c = self.c
        placed = art.bleed_box(rect, self.w, self.h, self.bleed, touch=mm(art.TOUCH))
        path = art.resolve(record.art, self.ctx.record_file(record))
        try:
            picture = art.picture(path, placed.width / mm(1), placed.height / mm(1))
        except art.ArtError as exc:
            self.ctx.report(
                record,
                f"sheet.art.{exc.problem.kind}",
                "warning",
                tr(
                    "art {art} ({path}): {problem}; a grey box is printed in its place",
                    art=repr(record.art),
                    path=path,
                    problem=exc.problem.message,
                ),
            )
            c.saveState()
            c.setFillColor(box.placeholder)
            c.rect(placed.x, placed.y, placed.width, placed.height, stroke=0, fill=1)
            c.setStrokeColor(mix(box.placeholder, "#000000", 0.15))
            c.setLineWidth(0.5)
            c.line(placed.x, placed.y, placed.right, placed.top)
            c.line(placed.x, placed.top, placed.right, placed.y)
            c.restoreState()
            return
        from reportlab.lib.utils import ImageReader

        c.drawImage(ImageReader(picture), placed.x, placed.y, placed.width, placed.height, mask="auto")
        width_mm, height_mm = placed.width / mm(1), placed.height / mm(1)
        source = art.load(path)
        dpi = art.effective_dpi(source.width, source.height, width_mm, height_mm)
        if dpi < self.ctx.min_dpi - 0.5:
            need_w, need_h = art.pixels_for(width_mm, height_mm, self.ctx.min_dpi)
            self.ctx.report(
                record,
                "sheet.image.resolution",
                "warning",
                tr(
                    "art {art} ({path}, {width}×{height} px) prints at {dpi} dpi in its {box} mm box, below {min} dpi: "
                    "it will look pixelated; give an image of at least {need} px",
                    art=repr(record.art),
                    path=path,
                    width=source.width,
                    height=source.height,
                    dpi=round(dpi),
                    box=f"{width_mm:.1f}×{height_mm:.1f}",
                    min=format(self.ctx.min_dpi, "g"),
                    need=f"{need_w}×{need_h}",
                ),
            )

    # ------------------------------------------------------------------ the template's own text boxes

    def extra_text(self, extra: ExtraText) -> None:
        """A text box of the template's own: fixed words or a field of the record, shrunk to fit its box."""
        if extra.field is not None:
            words = field_text(self.record, extra.field, self.ctx.lang)
        else:
            words = template_words(extra.text, self.ctx.lang)
        if not words:
            return
        card = self.template.card
        x0, x1 = _edge(extra.x, card.width, self.w, self.s), _edge(extra.x + extra.width, card.width, self.w, self.s)
        y1 = self.h - _edge(extra.y, card.height, self.h, self.s)
        y0 = self.h - _edge(extra.y + extra.height, card.height, self.h, self.s)
        rect = self.safe_rect(Rect(x0, y0, x1 - x0, y1 - y0))
        style = extra.style
        para = plain(words, self.color(style.color), bold=style.font == "bold")
        para.align = extra.align
        size = self.pt(style.size)
        fitted = fit([para], rect.width, rect.height, self.ctx.measurer(), size, size)
        if not fitted.fits:
            self.ctx.report(
                self.record,
                "sheet.text.overflow",
                "error",
                tr(
                    "{what} does not fit on the card even at {size} pt ({height} mm of text for a {box} mm box)",
                    what=tr("the template's text {words}", words=repr(words if len(words) <= 40 else words[:39] + "…")),
                    size=f"{MIN_SIZE:g}",
                    height=f"{fitted.height / mm(1):.1f}",
                    box=f"{rect.height / mm(1):.1f}",
                ),
            )
        draw(self.c, fitted, rect.x, rect.top, rect.width, self.fonts)

    # ------------------------------------------------------------------ header

    def badge(self, rect: Rect, box: BadgeBox, badge: Badge) -> None:
        """A disc (or hexagon) of the box's smaller side, centred in it, with a number and/or an icon."""
        c = self.c
        d = min(rect.width, rect.height)
        x, y = rect.x + (rect.width - d) / 2, rect.y + (rect.height - d) / 2
        color = self.color(box.fill, badge.color)
        ink = self.color(box.color, readable_on(color))
        text, icon = badge.text, badge.icon
        c.setFillColor(color)
        if badge.shape == "hexagon":
            icons.draw(c, "hexagon", x, y, d, color)
        else:
            c.circle(x + d / 2, y + d / 2, d / 2, stroke=0, fill=1)
        if icon and text:
            isize = d * 0.34
            tsize = fit_line(text, d * 0.6, d * 0.5, self.fonts, True, 3) or 3
            tx, ix = badge_row(x, d, line_width(text, tsize, self.fonts, True), isize)
            draw_line(c, text, tx, y + d / 2 - tsize * 0.36, tsize, self.fonts, True, ink)
            icons.draw(c, icon, ix, y + d / 2 - isize / 2, isize, ink)
        elif icon:
            icons.draw(c, icon, x + d * 0.2, y + d * 0.2, d * 0.6, ink)
        elif text:
            tsize = fit_line(text, d * 0.74, d * 0.56, self.fonts, True, 3) or 3
            draw_line(c, text, x + d / 2, y + d / 2 - tsize * 0.36, tsize, self.fonts, True, ink, "center")

    def symbol(self, rect: Rect, box: SymbolBox, symbol: str) -> None:
        """An exclusive card's agent symbol on a disc of the box's smaller side, centred in it."""
        d = min(rect.width, rect.height)
        cx, cy = rect.x + rect.width / 2, rect.y + rect.height / 2
        fill = self.color(box.fill, self.palette("agent"))
        self.c.setFillColor(fill)
        self.c.circle(cx, cy, d / 2, stroke=0, fill=1)
        symbol_size = fit_line(symbol, d * 0.78, d * 0.62, self.fonts, True, 4) or 4.0
        ink = self.color(box.color, readable_on(fill))
        draw_line(self.c, symbol, cx, cy - symbol_size * 0.36, symbol_size, self.fonts, True, ink, "center")

    def name(self, rect: Rect, box: NameBox, name: str, en: str | None) -> None:
        """The name on one line (shrunk to fit), the name in the other language (``en``) under it."""
        if box.subtitle is None:
            en = None
        width = rect.width
        bold = box.name.font == "bold"
        size = fit_line(name, width, self.pt(box.name.size), self.fonts, bold)
        if size is None:
            self.ctx.report(
                self.record,
                "sheet.text.overflow",
                "error",
                tr(
                    "name {name} does not fit on one line even at {size} pt",
                    name=repr(name),
                    size=format(MIN_SIZE, "g"),
                ),
            )
            size = MIN_SIZE
        x = {"left": rect.x, "center": rect.x + width / 2, "right": rect.right}[box.align]
        name_y = rect.top - rect.height * (0.5 if en else 0.62)
        draw_line(self.c, name, x, name_y, size, self.fonts, bold, self.color(box.name.color), box.align)
        if en and box.subtitle is not None:
            sub = box.subtitle
            sub_bold = sub.font == "bold"
            en_size = fit_line(en, width, self.pt(sub.size), self.fonts, sub_bold)
            if en_size is None:  # shrunk to the smallest size, then shortened with "…" and a warning
                en_size = MIN_SIZE
                short = cut_line(en, width, en_size, self.fonts, sub_bold, labels.SYMBOLS["ellipsis"])
                self.ctx.report(
                    self.record,
                    "sheet.text.shortened",
                    "warning",
                    tr("subtitle {name} shortened to {short}", name=repr(en), short=repr(short)),
                )
                en = short
            color = self.color(sub.color, MUTED)
            draw_line(self.c, en, x, name_y - self.u(3.4), en_size, self.fonts, sub_bold, color, box.align)

    # ------------------------------------------------------------------ type line

    def type_line(self, rect: Rect, box: TypeLineBox, left: str, right: str = "", movable: bool = False) -> str:
        """The coloured strip: type (and subtypes) at the left, a note at the right. With ``movable``, a note that
        does not fit beside the type even at the smallest size is left out of the strip and returned, for a line
        of its own at the top of the text box (``Minion · Hummingbird Recon Drone`` beside ``Exclusive: Queen
        Bee``), rather than shortened; returns "" when the strip holds it."""
        c = self.c
        fill = self.color(box.fill, self.accent)
        c.setFillColor(fill)
        c.roundRect(rect.x, rect.y, rect.width, rect.height, self.u(box.radius), stroke=0, fill=1)
        pad = self.u(box.padding)
        inner = self.safe_rect(Rect(rect.x + pad, rect.y, rect.width - 2 * pad, rect.height))
        ink = readable_on(fill)
        size = self.pt(box.left.size)
        right_size = self.pt(box.right.size)
        left_bold, right_bold = box.left.font == "bold", box.right.font == "bold"
        left_size = None
        # a long type line first takes room from the note at the right (down to the smallest size), then,
        # as a last resort, is shortened with "…" and a warning: a proxy still prints (long subtype lists
        # of real cards, e.g. Ice: Sentry · Bioroid · AP · Destroyer, beside a faction name)
        ellipsis = labels.SYMBOLS["ellipsis"]
        for note_size in dict.fromkeys((right_size, min(right_size, MIN_SIZE))):
            right_w = line_width(right, note_size, self.fonts, right_bold) if right else 0.0
            room = inner.width - (right_w + self.u(2) if right else 0)
            left_size = fit_line(left, room, size, self.fonts, left_bold)
            if left_size is not None:
                right_size = note_size
                break
        moved = ""
        if left_size is None and right and movable:
            alone = fit_line(left, inner.width, size, self.fonts, left_bold)
            if alone is not None:
                moved, right, left_size = right, "", alone
        if left_size is None:
            right_size = min(right_size, MIN_SIZE)
            left_size = MIN_SIZE
            gap = self.u(2) if right else 0.0
            if right:  # the note gives up its room next: shortened with "…" (to its first letter at least)
                left_w = line_width(left, MIN_SIZE, self.fonts, left_bold)
                least = line_width(right[:1] + ellipsis, MIN_SIZE, self.fonts, right_bold)
                note_room = max(least, inner.width - left_w - gap)
                note = right
                while len(note) > 1 and line_width(note + ellipsis, MIN_SIZE, self.fonts, right_bold) > note_room:
                    note = note[:-1]
                note = note.rstrip(SEP).rstrip() + ellipsis
                self.ctx.report(
                    self.record,
                    "sheet.text.shortened",
                    "warning",
                    tr("type line note {line} shortened to {short}", line=repr(right), short=repr(note)),
                )
                right = note
                room = inner.width - line_width(right, MIN_SIZE, self.fonts, right_bold) - gap
            if line_width(left, MIN_SIZE, self.fonts, left_bold) > room:  # and only then the type line itself
                short = left
                while short and line_width(short + ellipsis, MIN_SIZE, self.fonts, left_bold) > room:
                    short = short[:-1]
                self.ctx.report(
                    self.record,
                    "sheet.text.shortened",
                    "warning",
                    tr("type line {line} shortened to {short}", line=repr(left), short=repr(short + ellipsis)),
                )
                left = short.rstrip(SEP) + ellipsis
        base = rect.y + rect.height / 2 - size * 0.36
        draw_line(c, left, inner.x, base, left_size, self.fonts, left_bold, self.color(box.left.color, ink))
        if right:
            color = self.color(box.right.color, ink)
            draw_line(c, right, inner.right, base, right_size, self.fonts, right_bold, color, "right")
        return moved

    # ------------------------------------------------------------------ stats

    def stats(self, rect: Rect, box: StatsBox, items: list[tuple[str, str, str]]) -> None:
        """A row of (icon, value, label) cells; icon ``vision:RS`` draws vision arrows (R rear, S side). A label is
        never cut: a long one (English) widens its cell, taking what the others can spare, and only then shrinks."""
        if not items:
            return
        c = self.c
        color = self.color(box.icon_color, self.accent)
        isize = self.u(box.icon)
        value_size = self.pt(box.value.size)
        label_size = self.pt(box.label.size)
        value_bold, label_bold = box.value.font == "bold", box.label.font == "bold"
        value_color, label_color = self.color(box.value.color), self.color(box.label.color, MUTED)
        gap = self.u(0.6)  # between neighbouring labels
        widths = [
            (
                isize + (self.u(0.8) + line_width(value, value_size, self.fonts, value_bold) if value else 0.0),
                line_width(label, label_size, self.fonts, label_bold),
            )
            for _icon, value, label in items
        ]
        cells = stat_cells(rect.width, [max(total, label_w + gap) for total, label_w in widths])
        x = rect.x
        for (icon, value, label), (total, label_w), cell in zip(items, widths, cells, strict=True):
            ix = x + (cell - total) / 2
            iy = rect.top - isize - self.u(0.2)
            if icon.startswith("vision:"):
                flags = icon.partition(":")[2]
                icons.draw_vision(c, ix, iy, isize, color, "R" in flags, "S" in flags)
            elif icon.startswith("slots:"):
                icons.draw_slots(c, ix, iy, isize, color, int(icon.partition(":")[2]))
            else:
                icons.draw(c, icon, ix, iy, isize, color)
            if value:
                value_y = iy + isize / 2 - value_size * 0.36
                draw_line(c, value, ix + isize + self.u(0.8), value_y, value_size, self.fonts, value_bold, value_color)
            size = label_size
            if label_w > cell - gap:  # wider than even its widened cell: smaller, every letter kept
                size = label_size * (cell - gap) / label_w
            label_y = rect.y + self.u(0.3)
            draw_line(c, label, x + cell / 2, label_y, size, self.fonts, label_bold, label_color, "center")
            x += cell

    # ------------------------------------------------------------------ text

    def styled(self, paras: list[Para]) -> list[Para]:
        """Paragraphs in the text box's colour and alignment (secondary, muted text keeps its colour)."""
        box = self.template.boxes.text
        color = self.color(box.color)
        if color == INK and box.align == "left":
            return paras
        for para in paras:
            if para.color == INK:
                para.color = color
            if box.align != "left":
                para.align = box.align
        return paras

    def text_box(self, paras: list[Para], rect: Rect, what: str | None = None) -> None:
        """``paras`` set in ``rect``; when they do not fit, an error naming ``what`` (default: the text)."""
        if not paras:
            return
        ctx = self.ctx
        paras = self.styled(paras)
        base = self.template.boxes.text.size
        fitted = fit(paras, rect.width, rect.height, ctx.measurer(), base * self.s)
        if not fitted.fits:
            ctx.report(
                self.record,
                "sheet.text.overflow",
                "error",
                tr(
                    "{what} does not fit on the card even at {size} pt ({height} mm of text for a {box} mm box)",
                    what=what or tr("the text"),
                    size=f"{MIN_SIZE:g}",
                    height=f"{fitted.height / mm(1):.1f}",
                    box=f"{rect.height / mm(1):.1f}",
                ),
            )
        elif fitted.dropped:
            ctx.report(self.record, "sheet.flavor.dropped", "warning", tr("flavour text left out: no room for it"))
        draw(self.c, fitted, rect.x, rect.top, rect.width, self.fonts)
        bottom = rect.top - fitted.height if fitted.fits else rect.y
        self.text_bottom = bottom if self.text_bottom is None else min(self.text_bottom, bottom)

    # ------------------------------------------------------------------ footer

    def footer(self, rect: Rect, box: FooterBox, left: Callable[[float, float], float] | None) -> None:
        """Bottom line: pips or marks at the left, the record id at the right. A long id beside the marks shrinks
        (down to :data:`ID_MIN_SIZE`), else takes a line of its own above them where the text leaves room
        (:meth:`id_line`); only then is it left out (the marks are rules, the id a filing aid), with a warning
        (``sheet.id.dropped``): the id is what a player finds the card again by."""
        size = self.pt(box.text.size)
        bold = box.text.font == "bold"
        y = rect.y + self.u(0.3)
        end = left(rect.x, y) if left is not None else rect.x
        if not box.ref:
            return
        ref = self.ref()
        least = min(size, ID_MIN_SIZE)
        color = self.color(box.text.color, MUTED)
        fitted = fit_line(ref, rect.right - end - self.u(1.5), size, self.fonts, bold, least)
        if fitted is not None:
            draw_line(self.c, ref, rect.right, y, fitted, self.fonts, bold, color, "right")
            return
        alone = fit_line(ref, rect.width, size, self.fonts, bold, least)
        if alone is None:
            self.drop_id()
        else:  # a line of its own above the marks, if the text leaves room for it (Face.id_line)
            self.loose_id = (ref, alone, bold, color)

    def id_line(self, text: Rect, custom: bool) -> None:
        """The id the footer's marks leave no room for, right-aligned on the text box's last line when the text
        ends above it; else left out with a warning."""
        assert self.loose_id is not None
        ref, size, bold, color = self.loose_id
        self.loose_id = None
        bottom = text.top if self.text_bottom is None else self.text_bottom  # (None: no text)
        if custom or bottom < text.y + size * 1.4:
            self.drop_id()
            return
        draw_line(self.c, ref, text.right, text.y + size * 0.3, size, self.fonts, bold, color, "right")

    def drop_id(self) -> None:
        ref = self.ref()
        self.ctx.report(self.record, "sheet.id.dropped", "warning", tr("card id {id} left out: no room for it", id=ref))

    def marks(self, items: list[tuple[str, str]]) -> Callable[[float, float], float] | None:
        """Small coloured tags (text, colour) for the footer."""
        if not items:
            return None

        def paint(x: float, y: float) -> float:
            size = MIN_SIZE
            end = x
            for text, color in items:
                width = line_width(text, size, self.fonts, True) + self.u(1.6)
                self.c.setFillColor(color)
                self.c.roundRect(x, y - size * 0.3, width, size * 1.3, mm(0.6), stroke=0, fill=1)
                draw_line(self.c, text, x + self.u(0.8), y, size, self.fonts, True, readable_on(color))
                end = x + width
                x = end + self.u(1.0)
            return end

        return paint

    def names(self) -> tuple[str, str | None]:
        """The title in the face's language and, on a bilingual print, the name in the other language."""
        record, lang = self.record, self.ctx.lang
        return name_of(record, lang), other_name(record, lang) if self.ctx.bilingual else None

    def say(self, entry: labels.Entry, /, **fields: Any) -> str:
        return self.ctx.say(entry, **fields)

    def abilities(self, texts: list[str]) -> list[Para]:
        """Paragraphs of ability texts in the face's language; a subroutine's lines after its first line up with
        its text, not with its ↳ (:func:`toolkit.sheets.textbox.hang`)."""
        ctx, record = self.ctx, self.record
        measure = ctx.measurer()
        return [para for text in texts for para in hang(ability(ctx.ability(record, text)), measure)]

    def ref(self) -> str:
        return f"{self.record.game}/{self.record.id}"


# ---------------------------------------------------------------------- tactics


def _attack_para(face: Face, name: str | None, profile: Any, game_record: Any) -> Para:
    """One attack: melee/ranged icon, name (built-in attacks), subtype, attack speed, range."""
    subtype = _term(game_record, "attack_subtypes", profile.subtype, face.ctx.lang)
    parts = [p for p in (name, subtype) if p]
    if not parts:
        parts = [face.say(labels.ATTACK_STYLE[profile.style])]
    stats = [
        f"{face.say(labels.WORDS['speed'])} {profile.speed}",
        face.say(labels.WORDS["range"], range=f"{profile.range.min}-{profile.range.max}"),
    ]
    if profile.through_walls:
        stats.append(face.say(labels.WORDS["through_walls"]))
    para = plain(f"{SEP.join(parts)}  {SEP.join(stats)}")
    # the icon hangs: wrapped lines start under the first word, and a separator a line would end on goes
    icon, space = Atom(profile.style, "icon"), Atom(" ", "space")
    measure = face.ctx.measurer()
    indent = measure(icon) + measure(space)
    return Para(para.atoms, color=INK, gap_before=0.2, indent=indent, lead=icon, drops=SEP.strip())


def _vision(face: Face, vision: Any) -> str:
    """The vision stat's label: Vision front+rear+side."""
    seen = [labels.WORDS["front"]]
    if vision.rear:
        seen.append(labels.WORDS["rear"])
    if vision.side:
        seen.append(labels.WORDS["side"])
    return face.say(labels.WORDS["vision"]) + " " + "+".join(face.say(w) for w in seen)


def _tactics_agent(face: Face) -> None:
    record, ctx = face.record, face.ctx
    game = ctx.lookup.get("tactics", "tactics", "game")
    face.accent = face.frame_color = face.palette("agent")
    name, en = face.names()
    badge_label = ctx.symbol(record) if record.symbol else face.say(labels.WORDS["private"])
    subtypes = [_term(game, "agent_subtypes", s, ctx.lang) for s in record.subtypes]
    kind = face.say(labels.WORDS["private"] if record.private else labels.WORDS["agent"])
    vision = "vision:" + ("R" if record.vision.rear else "") + ("S" if record.vision.side else "")
    paras: list[Para] = []
    for attack_id in record.attacks:
        attack = ctx.lookup.get("tactics", attack_id, "attack")
        if attack is not None:
            paras.append(_attack_para(face, ctx.name(attack), attack.attack, game))
    texts = face.abilities(record.text)
    paras.extend(texts)
    if texts:
        texts[0].rule_above = True
        texts[0].gap_before = 0.8
    face.compose(
        Content(
            name,
            en,
            badge=Badge(face.accent, badge_label),
            type_left=SEP.join([kind, *subtypes]),
            stats=[
                ("heart", str(record.hp), face.say(labels.WORDS["hp"])),
                ("move", str(record.move), face.say(labels.WORDS["move"])),
                (vision, "", _vision(face, record.vision)),
            ],
            paras=paras,
        )
    )


def _tactics_unit(face: Face) -> None:
    record, ctx = face.record, face.ctx
    game = ctx.lookup.get("tactics", "tactics", "game")
    minion = record.type == "minion"
    face.accent = face.frame_color = face.palette("minion" if minion else "obstacle")
    name, en = face.names()
    if minion:
        type_left = face.say(labels.TACTICS_CATEGORY["minion"])
        vision = "vision:" + ("R" if record.vision.rear else "") + ("S" if record.vision.side else "")
        stats = [
            ("heart", str(record.hp), face.say(labels.WORDS["hp"])),
            ("move", str(record.move), face.say(labels.WORDS["move"])),
            (vision, "", face.say(labels.WORDS["vision"])),
        ]
    else:
        type_left = face.say(labels.OBSTACLE[record.obstacle])
        stats = [("heart", str(record.hp), face.say(labels.WORDS["hp"]))]
    paras: list[Para] = []
    if minion:
        if record.attack is not None:
            paras.append(_attack_para(face, None, record.attack, game))
        paras.append(plain(_deploy_words(face, record.deploy), MUTED))
        if record.can_use_command_cards:
            paras.append(plain(face.say(labels.WORDS["uses_commands"]), MUTED))
    paras.extend(face.abilities(record.text))
    face.compose(Content(name, en, type_left=type_left, stats=stats, paras=paras))


def _deploy_words(face: Face, deploy: Any) -> str:
    where = face.say(labels.DEPLOY_POSITION[deploy.position], n=deploy.distance)
    state = labels.WORDS["hidden"] if deploy.hidden else labels.WORDS["exposed"]
    parts = [face.say(labels.WORDS["deploys"], where=where), face.say(state)]
    if deploy.tapped:
        parts.append(face.say(labels.WORDS["tapped"]))
    return SEP.join(parts)


def _cost_badge(record: Any, color: str) -> Badge:
    cost = record.cost
    text = f"-{cost.mortgage}" if cost.mortgage else ("" if cost.tap else "0")
    return Badge(color, text, "tap" if cost.tap else None)


def _flavor(face: Face) -> Para | None:
    """The flavour text of a command card, in the face's language (left out in English when it has none)."""
    chosen = flavor_text(face.record, face.ctx.lang)
    if chosen is None or (not chinese(face.ctx.lang) and chosen[0] == "zh-Hans"):
        return None
    return plain(chosen[1], MUTED, 0.85, gap_before=0.6, optional=True)


def _tactics_card(face: Face) -> None:
    record, ctx = face.record, face.ctx
    game = ctx.lookup.get("tactics", "tactics", "game")
    shop = record.back == "shop"
    token = record.token is not None
    face.frame_color = face.palette("shop" if shop else "token" if token else "personal")
    face.accent = category_color = face.palette(record.category)
    symbol = None
    agent = None
    if record.agent is not None:
        agent = ctx.lookup.get("tactics", record.agent, "agent")
        symbol = ctx.symbol(agent) if agent is not None else "?"
    name, en = face.names()
    detail: list[str] = [face.say(labels.TACTICS_CATEGORY[record.category])]
    unit = None
    if record.equipment is not None:
        detail.append(face.say(labels.EQUIPMENT_SIZE[record.equipment.size]))
    if record.status is not None:
        detail.append(face.say(labels.STATUS_TARGET[record.status.target]))
    if record.minion is not None:
        unit = ctx.lookup.get("tactics", record.minion, "unit")
        detail.append(ctx.name(unit) if unit is not None else record.minion)
    right = []
    if record.is_response:
        right.append(face.say(labels.WORDS["response"]))
    if agent is not None:
        right.append(face.say(labels.WORDS["exclusive"], agent=ctx.name(agent)))
    items: list[tuple[str, str, str]] = []
    paras: list[Para] = []
    equipment = record.equipment
    if equipment is not None:
        items.append((f"slots:{equipment.slots}", str(equipment.slots), face.say(labels.WORDS["slots"])))
        if equipment.shield:
            items.append(("shield", str(equipment.shield), face.say(labels.WORDS["shield"])))
        attack = equipment.attack
        if attack is not None:
            items.append((attack.style, str(attack.speed), face.say(labels.WORDS["speed"])))
            paras.append(_attack_para(face, None, attack, game))
        if "minion" in equipment.users:
            users = face.say(labels.WORDS["enumeration"]).join(face.say(labels.USERS[u]) for u in equipment.users)
            paras.append(plain(face.say(labels.WORDS["users"], users=users), MUTED, gap_before=0.2))
    if unit is not None:
        vision = "vision:" + ("R" if unit.vision.rear else "") + ("S" if unit.vision.side else "")
        items = [
            ("heart", str(unit.hp), face.say(labels.WORDS["hp"])),
            ("move", str(unit.move), face.say(labels.WORDS["move"])),
            (vision, "", face.say(labels.WORDS["vision"])),
        ]
        if unit.attack is not None:
            paras.append(_attack_para(face, None, unit.attack, game))
        paras.append(plain(_deploy_words(face, unit.deploy), MUTED, gap_before=0.2))
    texts = face.abilities(record.text)
    if paras and texts:
        texts[0].rule_above, texts[0].gap_before = True, 0.8
    paras.extend(texts)
    marks: list[tuple[str, str]] = []
    if shop:
        marks.append((face.say(labels.WORDS["shop"]), GOLD))
    if token:
        words = [face.say(labels.WORDS["token"]), face.say(labels.WORDS["max_in_play"], n=record.token.max_in_play)]
        marks.append((SEP.join(words), face.palette("token")))
    text = None
    if record.reverse is None:
        flavor = _flavor(face)
        if flavor is not None:
            paras.append(flavor)
    else:

        def text(face: Face, rect: Rect) -> None:
            _reversible(face, record, paras, rect, category_color)

    face.compose(
        Content(
            name,
            en,
            badge=_cost_badge(record, GOLD if shop else INK),
            symbol=symbol,
            type_left=SEP.join(detail),
            type_right=SEP.join(right),
            stats=items,
            paras=paras,
            footer_left=face.marks(marks),
            text=text,
        )
    )


def _reversible(face: Face, record: Any, paras: list[Para], rect: Rect, color: str) -> None:
    """Front text in the upper half of the text box, the reverse face turned 180° in the lower half."""
    reverse = record.reverse
    c = face.c
    bottom = rect.y
    middle = bottom + rect.height / 2
    tag_size = MIN_SIZE
    tag_h = tag_size * 1.5

    def tags(active: bool, extra: list[str]) -> list[tuple[str, str]]:
        result = [(face.say(labels.WORDS["active_face"]), color)] if active else []
        return result + [(t, MUTED) for t in extra]

    front_tags = tags(reverse.active_when_tapped == "front", [])
    back_extra = [face.say(labels.WORDS["reverse"])]
    if reverse.switch:
        back_extra.append(face.say(labels.WORDS["switch"]))
    if not reverse.playable:
        back_extra.append(face.say(labels.WORDS["not_playable"]))
    back_tags = tags(reverse.active_when_tapped == "reverse", back_extra)
    gap = face.u(1.2)
    if front_tags:
        mark = face.marks(front_tags)
        assert mark is not None
        mark(rect.x, middle + gap + tag_size * 0.35)
    front_bottom = middle + gap + (tag_h if front_tags else 0)
    front = Rect(rect.x, front_bottom, rect.width, rect.top - front_bottom)
    face.text_box(paras, front, tr("the front face's text"))
    c.saveState()
    c.setStrokeColor(color)
    c.setLineWidth(0.6)
    c.setDash(2, 2)
    c.line(rect.x, middle, rect.right, middle)
    c.restoreState()
    # the reverse face: the same box turned half a turn about the card's centre
    c.saveState()
    c.translate(face.w, face.h)
    c.rotate(180)
    # in turned coordinates the lower half of the box is the upper half of the turned box
    turned_x = face.w - rect.right
    turned_top = face.h - bottom  # the box's lower edge, seen upside down
    turned_mid = face.h - middle
    mark = face.marks(back_tags)
    assert mark is not None
    mark(turned_x, turned_top - tag_h + tag_size * 0.35)
    rev_paras = face.abilities(reverse.text)
    rev_top = turned_top - tag_h - face.u(0.6)
    rev_bottom = turned_mid + gap
    turned = Rect(turned_x, rev_bottom, rect.width, rev_top - rev_bottom)
    face.text_box(rev_paras, turned, tr("the reverse face's text"))
    c.restoreState()


# ---------------------------------------------------------------------- netrunner


def _netrunner(face: Face) -> None:
    record, ctx = face.record, face.ctx
    game = ctx.lookup.get("netrunner", "netrunner", "game")
    faction = ctx.lookup.get("netrunner", record.faction, "faction")
    color = faction.color if faction is not None else face.palette("fallback")
    face.accent = color
    face.frame_color = mix(color, "#000000", 0.35)
    identity = record.kind == "identity"
    card_type = "identity" if identity else record.type
    name, en = face.names()
    if getattr(record, "unique", False):
        name = labels.SYMBOLS["unique"] + name
    badge = None
    if not identity:
        if card_type == "agenda":
            req = record.advancement_requirement
            badge = Badge(color, "X" if req is None else str(req), shape="hexagon")
        else:
            cost = record.rez_cost if card_type in ("ice", "asset", "upgrade") else record.cost
            badge = Badge(INK, "X" if cost is None else str(cost), "credit")
    type_word = face.say(labels.NETRUNNER_TYPE[card_type])
    subtypes = [_term(game, "subtypes", s, ctx.lang) for s in record.subtypes]
    left = type_word
    if subtypes:
        left = face.say(labels.WORDS["type_subtypes"], type=type_word, subtypes=SEP.join(subtypes))
    faction_name = ctx.name(faction) if faction is not None else record.faction
    items: list[tuple[str, str, str]] = []
    words = labels.WORDS
    if identity:
        items.append(("hexagon", str(record.min_deck_size), face.say(words["min_deck"])))
        limit = face.say(words["unlimited"]) if record.influence_limit is None else str(record.influence_limit)
        items.append(("star", limit, face.say(words["influence_limit"])))
        if record.base_link is not None:
            items.append(("link", str(record.base_link), face.say(words["link"])))
    else:
        if card_type == "agenda":
            items.append(("star", str(record.agenda_points), face.say(words["agenda_points"])))
            req = record.advancement_requirement
            items.append(("hexagon", "X" if req is None else str(req), face.say(words["advancement"])))
        if card_type == "program":
            items.append(("mu", str(record.memory_cost), face.say(words["memory"])))
        strength = getattr(record, "strength", None)
        if card_type == "ice" or (card_type == "program" and strength is not None):
            items.append(("shield", "X" if strength is None else str(strength), face.say(words["strength"])))
        trash = getattr(record, "trash_cost", None)
        if trash is not None:
            items.append(("trash", str(trash), face.say(words["trash_cost"])))
    paras = _netrunner_text(face)
    influence = 0 if identity else record.influence
    influence_word = face.say(words["influence"])
    neutral_word = face.say(words["neutral"])

    def pips(x: float, y: float) -> float:
        c = face.c
        size = MIN_SIZE
        if face.moved and not (faction is not None and faction.neutral):  # the faction, no room in the type line
            draw_line(c, face.moved, x, y, size, face.fonts, False, MUTED)
            x += line_width(face.moved, size, face.fonts, False) + face.u(1.5)
        label_end = x
        if influence:
            draw_line(c, influence_word, x, y, size, face.fonts, False, MUTED)
            label_end = x + line_width(influence_word, size, face.fonts, False) + face.u(1.0)
        r = face.u(0.9)
        for i in range(influence):
            c.setFillColor(color)
            c.circle(label_end + r + i * r * 2.6, y + size * 0.33, r, stroke=0, fill=1)
        end = label_end + influence * r * 2.6
        if faction is not None and faction.neutral:
            draw_line(c, neutral_word, label_end, y, size, face.fonts, False, MUTED)
            end = label_end + line_width(neutral_word, size, face.fonts, False)
        return end

    face.compose(
        Content(
            name,
            en,
            badge=badge,
            type_left=left,
            type_right=faction_name,
            stats=items,
            paras=paras,
            footer_left=pips,
            note_to_footer=True,
        )
    )


def printed_paragraphs(record: Any, lang: str) -> list[str]:
    """The printed text (NetrunnerDB's markup) an imported card's face shows in ``lang`` in place of its ability
    text, every paragraph in order: the text printed in ``lang``; else, when the ability text is the whole printed
    English read (:func:`reads_whole`), none: the face shows the ability text in ``lang`` (a Chinese face of a card
    with no Chinese printed text); else the printed English (else what there is). None for a card without printed
    text (bundled cards: their ability text prints). An English face never shows the ability language's rewording
    of the printed English ("You gain 9[credit]." for "Gain 9[credit].")."""
    printed = getattr(record, "printed_text", None)
    if printed is None:
        return []
    own = printed.get(lang)
    if own:
        return own
    if reads_whole(record):
        return []
    texts = {"zh-Hans": printed.zh_hans, "en": printed.en, lang: own}  # any language it carries
    chosen = markup.pick(texts, lang)
    return chosen[1] if chosen else []


def reads_whole(record: Any) -> bool:
    """Whether an imported card's ability text says all its printed English says: every paragraph read into
    ``text`` by a template (none left unread, run by a card script or restating a deck rule, which ``text`` does
    not hold)."""
    reading = getattr(record, "reading", None)
    if reading is None or not record.text or reading.status != "executable":
        return False
    return not (reading.unread or reading.scripted or reading.rules) and len(reading.read) == len(record.text)


def flavor_text(record: Any, lang: str) -> tuple[str, str] | None:
    """(language, flavour) a face shows in ``lang``: the translation, else English, else what there is."""
    flavor = getattr(record, "flavor", None)
    if flavor is None:
        return None
    other = flavor.get(lang) if hasattr(flavor, "get") else None
    texts = {"zh-Hans": [flavor.zh_hans], "en": [flavor.en] if flavor.en else [], lang: [other] if other else []}
    chosen = markup.pick(texts, lang)
    if chosen is None:
        return None
    stand_in = chosen[0] == "zh-Hans" and "/flavor/zh-Hans" in getattr(record, "untranslated", [])
    return ("en" if stand_in else chosen[0]), chosen[1][0]  # an import's English stand-in is English


def _netrunner_text(face: Face) -> list[Para]:
    """Ability text, or an imported card's printed text in NetrunnerDB's markup (:func:`printed_paragraphs`: all of
    it, never only the paragraphs read into ability text); then the flavour (slanted when in English; left out of an
    English face when it has no English)."""
    record, lang = face.record, face.ctx.lang
    printed = printed_paragraphs(record, lang)
    if printed:  # a subroutine's lines hang as an ability's do
        paras = [p for para in markup_paras(markup.parse_all(printed)) for p in hang(para, face.ctx.measurer())]
    else:
        paras = face.abilities(record.text)
    flavor = flavor_text(record, lang)
    if flavor is not None and not (not chinese(lang) and flavor[0] == "zh-Hans"):
        flavor_lang, words = flavor
        blocks = markup.parse(words)
        paras.extend(markup_paras(blocks, MUTED, 0.85, 0.6, optional=True, italic=flavor_lang == "en"))
    return paras


# ---------------------------------------------------------------------- crossfire


def _crossfire_role(face: Face) -> None:
    record, ctx = face.record, face.ctx
    color = face.palette(record.team)
    face.accent = face.frame_color = color
    if record.marks:
        icon = "ranged"
    elif record.protects:
        icon = "shield"
    elif record.armed:
        icon = "pistol"
    else:
        icon = "hand"
    name, en = face.names()
    words = labels.WORDS
    state = words["armed"] if record.armed else words["unarmed"]
    if record.guns == 2:
        state = words["guns"]
    if record.protects:
        state = words["protects"]
    if record.marks:
        state = words["marks"]
    kind = face.say(words["special"] if record.special else words["standard"])
    paras: list[Para] = []
    if record.counts_as is not None:
        other = ctx.lookup.get("crossfire", record.counts_as, "role")
        role = ctx.name(other) if other is not None else record.counts_as
        paras.append(plain(face.say(words["counts_as"], role=role), MUTED))
    paras.extend(face.abilities(record.text))
    heading = plain(face.say(words["win"]), color, bold=True, gap_before=0.9 if paras else 0.0)
    heading.rule_above = bool(paras)
    paras.append(heading)
    paras.extend(replace(p, gap_before=0.2) if p.gap_before else p for p in face.abilities(record.win))
    face.compose(
        Content(
            name,
            en,
            badge=Badge(color, "", icon),
            type_left=SEP.join([face.say(labels.TEAM[record.team]), face.say(state)]),
            type_right=kind,
            paras=paras,
        )
    )


FRONTS: dict[tuple[str, str], Callable[[Face], None]] = {
    ("tactics", "agent"): _tactics_agent,
    ("tactics", "card"): _tactics_card,
    ("tactics", "unit"): _tactics_unit,
    ("netrunner", "card"): _netrunner,
    ("netrunner", "identity"): _netrunner,
    ("crossfire", "role"): _crossfire_role,
}


def draw_front(ctx: Context, record: Any, width: float, height: float, bleed: float) -> None:
    """Draw ``record``'s face in card coordinates (the caller has moved the origin to the trim corner)."""
    lacking = ctx.fonts.lacks(record_text(record, ctx.lang, bilingual=ctx.bilingual))
    if lacking:
        ctx.report(record, "sheet.font.missing", "error", ctx.fonts.missing_message(lacking))
    ctx.fonts.take_unprintable()
    FRONTS[(record.game, record.kind)](Face(ctx, record, width, height, bleed))
    drawn = ctx.fonts.take_unprintable() - lacking  # labels and other records' names the face drew
    if drawn:
        ctx.report(record, "sheet.font.missing", "error", ctx.fonts.missing_message(drawn))


def other_faces(record: Any) -> list[Any]:
    """The other faces of ``record`` (a flip identity's back, a facade identity's faces: NetrunnerDB's ``faces``,
    what ``dossier show`` prints as "back face: …"), each as a record to draw with :func:`draw_front`: the face's
    name, subtypes, base link and printed text over the front's other fields (its id, faction and deck limits, as
    the printed card has them); none of the front's ability text, flavour or art. Empty for a card of one face."""
    faces = getattr(record, "faces", None) or []
    out = []
    for index, face in enumerate(faces):
        prefix = f"/faces/{index}/"
        update: dict[str, Any] = {
            "faces": [],
            "text": [],
            "reading": None,
            "flavor": None,
            "art": None,
            "printed_text": face.printed_text,
            "search_name": face.search_name,
            # what the face's own words lack a translation of (its name's zh-Hans an English stand-in), as paths
            # of the face record
            "untranslated": [
                "/" + path[len(prefix) :] for path in getattr(record, "untranslated", []) if path.startswith(prefix)
            ],
        }
        for key in ("name", "subtypes", "base_link"):
            if getattr(face, key) is not None:
                update[key] = getattr(face, key)
        out.append(record.model_copy(update=update))
    return out


_LANG_KEY = re.compile(r"[a-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})*")
_FACE_LANGS = ("en", "zh-hans")  # the languages a face falls back to (and a bilingual one adds)


def _is_language_map(value: dict[Any, Any]) -> bool:
    """Words in several languages, as a record dumps them: ``{"zh_hans": …, "en": …, "ko": …}``."""
    if not any(key in value for key in ("en", "zh_hans", "zh-Hans")):
        return False
    return all(
        isinstance(key, str)
        and _LANG_KEY.fullmatch(key) is not None
        and (item is None or isinstance(item, str) or isinstance(item, list) and all(isinstance(i, str) for i in item))
        for key, item in value.items()
    )


def _face_languages(value: dict[str, Any], lang: str, both: bool) -> list[Any]:
    """What a face in ``lang`` may print of words in several languages: those in ``lang`` (the English and
    zh-Hans ones when it has none), with ``both`` the English and zh-Hans ones too; never a third language's."""
    by_tag = {key.replace("_", "-").casefold(): item for key, item in value.items()}
    own = lang.casefold()
    tags = [own] if by_tag.get(own) and not both else [own, *_FACE_LANGS]
    return [by_tag[tag] for tag in dict.fromkeys(tags) if by_tag.get(tag)]


def record_text(record: Any, lang: str | None = None, *, bilingual: bool = True) -> str:
    """Every string of a record (names, texts, flavour, symbol, …) in one string, ``[symbols]`` and markup tags
    left out. With ``lang``, only what a face in ``lang`` prints of words in several languages (those in
    ``lang``, else English and zh-Hans, never a third language's: a card's Japanese name, a set's Korean one),
    of the printed text and flavour only what it prints (and not the ability text the printed text replaces),
    and, unless ``bilingual``, of the names only the one it prints (``bilingual``: the English and zh-Hans names
    too)."""
    parts: list[str] = []

    def walk(value: Any, both: bool = False) -> None:
        if isinstance(value, str):
            parts.append(value)
        elif isinstance(value, dict):
            chosen = _face_languages(value, lang, both) if lang is not None and _is_language_map(value) else None
            for item in value.values() if chosen is None else chosen:
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    chosen = lang is not None and hasattr(record, "printed_text")  # netrunner faces choose a language
    skip = {"schema_", "art", "printed_text", "flavor"} if chosen else {"schema_", "art"}  # art is a file name
    printed = printed_paragraphs(record, lang) if chosen and lang is not None else []
    if printed:
        skip.add("text")  # the printed text prints in its place
    if lang is not None and getattr(record, "name", None) is not None:
        skip.add("name")
        if bilingual:
            walk(record.model_dump(mode="json", include={"name"}).get("name"), both=True)
        else:
            parts.append(name_of(record, lang))
    walk(record.model_dump(mode="json", exclude=skip))
    if chosen and lang is not None:
        walk(printed)
        flavor = flavor_text(record, lang)
        walk(flavor[1] if flavor else [])
    return MARKUP_TAG.sub("", SYMBOL.sub("", "\n".join(parts)))


# ---------------------------------------------------------------------- backs


def back_rects(template: BackTemplate, width: float, height: float) -> dict[str, Rect]:
    """The emblem, title and label boxes of a back template on a ``width`` × ``height`` point card."""
    card = template.card
    s = min(width / mm(card.width), height / mm(card.height))
    rects: dict[str, Rect] = {}
    for name in ("emblem", "title", "label"):
        box = getattr(template, name)
        if box is None:
            continue
        x0, x1 = _edge(box.x, card.width, width, s), _edge(box.x + box.width, card.width, width, s)
        y1 = height - _edge(box.y, card.height, height, s)
        y0 = height - _edge(box.y + box.height, card.height, height, s)
        rects[name] = Rect(x0, y0, x1 - x0, y1 - y0)
    return rects


def draw_back(ctx: Context, record: Any, width: float, height: float, bleed: float) -> None:
    """Draw the back for ``record`` in card coordinates from its template; words inside the safe zone."""
    game_id, deck = back_key(record)
    template = ctx.templates.back(game_id, deck)
    c, fonts = ctx.canvas, ctx.fonts
    card = template.card
    s = min(width / mm(card.width), height / mm(card.height))
    safe = mm(3.0 if width >= mm(55) else 2.5)
    c.setFillColor(template.background)
    c.rect(-bleed, -bleed, width + 2 * bleed, height + 2 * bleed, stroke=0, fill=1)
    if template.image is not None:
        cover_card(c, ctx.template_image(game_id, f"back-{deck}", template.image.image), width, height, bleed)
    for border in template.borders:
        inset = mm(border.inset) * s
        c.setStrokeColor(border.color)
        c.setLineWidth(border.width)
        c.roundRect(inset, inset, width - 2 * inset, height - 2 * inset, mm(border.radius) * s, stroke=1, fill=0)
    rects = back_rects(template, width, height)
    if template.emblem is not None:
        rect = rects["emblem"]
        d = min(rect.width, rect.height)
        icons.draw(c, "emblem", rect.x + (rect.width - d) / 2, rect.y + (rect.height - d) / 2, d, template.emblem.color)
    for name in ("title", "label"):
        box = getattr(template, name)
        if box is None:
            continue
        words = template_words(box.text, ctx.lang)
        if words is None:
            game = ctx.lookup.get(game_id, game_id, "game")
            words = ctx.name(game) if game is not None else game_id
        rect = rects[name]
        x0, x1 = max(rect.x, safe), min(rect.right, width - safe)
        style = box.style
        bold = style.font == "bold"
        nominal = style.size * s
        size = fit_line(words, x1 - x0, nominal, fonts, bold, 4) or 4
        color = style.color if style.color.startswith("#") else ROLE_COLORS.get(style.color, INK)
        baseline = rect.y + rect.height / 2 - nominal * 0.36
        draw_line(c, words, (x0 + x1) / 2, baseline, size, fonts, bold, color, "center")
