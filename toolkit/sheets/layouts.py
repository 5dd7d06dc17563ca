"""Card faces per record kind, and card backs.

Every face is drawn in the card's own coordinates (points, origin at the
bottom-left trim corner): colour to the bleed edge, every word and icon inside
the safe zone (3 mm inside the trim; 2.5 mm on cards narrower than 55 mm).
Sizes are those of a poker card scaled to the card in use; body text starts at
8 pt and shrinks in quarter points down to 6 pt, then is reported.

What goes on each face:

- tactics agent: agent symbol, name, subtypes, HP, move speed, vision arrows,
  built-in attacks, abilities;
- tactics command card: cost (mortgage -X, tap), category strip, exclusive
  agent symbol, equipment slots / attack profile / shield / users, status
  target, the minion a card deploys, abilities, a reversible card's reverse
  face upside down below the front face (此面生效 / 切换 / not playable), and
  the token and matrix shop marks;
- tactics units (minions, obstacles): HP, move, vision, attack, deployment;
- netrunner cards and identities: cost or rez cost, type and subtypes on the
  faction-coloured strip, strength, trash cost, memory, agenda points and
  advancement requirement, influence pips, unique mark, identity limits; the
  ability text, or for imported cards the printed text in the chosen language
  (English when that language is missing) with NetrunnerDB's markup rendered
  (:mod:`toolkit.markup`): bold, italic, ``Trace³``, lists, errata, icons;
- crossfire roles: team colour, armed / protecting / marking icon, the role a
  special role counts as, abilities and win conditions.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

from toolkit import markup

from . import icons, labels
from .fonts import FontSet
from .geometry import mm
from .linebreak import Atom
from .styles import (
    BACKS,
    GOLD,
    INK,
    MUTED,
    NETRUNNER_FALLBACK,
    PANEL,
    TACTICS_CATEGORY_COLOR,
    TACTICS_FRAME,
    TEAM_COLOR,
    BackStyle,
    back_key,
    mix,
    readable_on,
)
from .textbox import MIN_SIZE, Measurer, Para, ability, draw, draw_line, fit, fit_line, markup_paras, plain

SYMBOL = re.compile(r"\[[a-z0-9_-]+\]")
MARKUP_TAG = re.compile(r"</?(?:strong|b|em|i|sup|trace|errata|champion|ul|ol|li|br)\s*/?>", re.I)
Severity = Literal["error", "warning"]
_FRAMES: dict[tuple[Any, ...], list[str]] = {}
BODY_SIZE = {"tactics": 9.0, "netrunner": 9.0, "crossfire": 10.0}  # points on a poker card, before shrinking
PRINTABLE: dict[str, tuple[str, ...]] = {
    "tactics": ("agent", "card", "unit"),
    "netrunner": ("identity", "card"),
    "crossfire": ("role",),
}


class Lookup(Protocol):
    """What the layouts need from a catalog: one record by game, id and kind."""

    def get(self, game: str, record_id: str, kind: str = "card") -> Any: ...


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
        return f"{self.game} {self.kind} {self.id!r}"


@dataclass
class Context:
    """What every face needs: the canvas, fonts, the catalog and where to put issues."""

    canvas: Any
    fonts: FontSet
    lookup: Lookup
    issues: list[Issue] = field(default_factory=list)
    measure: Measurer | None = None
    lang: str = "zh-Hans"  # language of printed text and flavour (imported cards); English when missing
    _reported: set[tuple[str, str, str, str]] = field(default_factory=set)

    def measurer(self) -> Measurer:
        if self.measure is None:
            self.measure = Measurer(self.fonts)
        return self.measure

    def report(self, record: Any, code: str, severity: Severity, message: str) -> None:
        key = (record.game, record.id, code, message)
        if key not in self._reported:  # a card printed three times is reported once
            self._reported.add(key)
            self.issues.append(Issue(code, severity, record.game, record.kind, record.id, message))


def is_printable(record: Any) -> bool:
    return record.kind in PRINTABLE.get(record.game, ())


def _term(game_record: Any, attr: str, term_id: str | None) -> str:
    if term_id is None:
        return ""
    for term in getattr(game_record, attr, None) or []:
        if term.id == term_id:
            return str(term.name.zh_hans)
    return term_id


class Face:
    """Drawing helpers for one card face of ``width`` × ``height`` points."""

    def __init__(self, ctx: Context, record: Any, width: float, height: float, bleed: float) -> None:
        self.ctx = ctx
        self.c = ctx.canvas
        self.fonts = ctx.fonts
        self.record = record
        self.w, self.h, self.bleed = width, height, bleed
        self.s = min(width / mm(63), height / mm(88))
        self.safe = mm(3.0 if width >= mm(55) else 2.5)
        self.pad = mm(1.2) * min(self.s, 1.0)
        self.left = self.safe + self.pad
        self.right = width - self.safe - self.pad
        self.top = height - self.safe - self.pad
        self.bottom = self.safe + self.pad
        self.base = BODY_SIZE.get(record.game, 9.0)

    @property
    def inner(self) -> float:
        return self.right - self.left

    def u(self, value_mm: float) -> float:
        """Millimetres at this card's scale, in points."""
        return mm(value_mm) * self.s

    def pt(self, size: float) -> float:
        return max(MIN_SIZE, size * self.s)

    # ------------------------------------------------------------------ frame

    def frame(self, color: str) -> None:
        """Colour to the bleed edge, a light panel inside (pure paths: written once, then replayed)."""
        c = self.c
        key = ("frame", self.w, self.h, self.bleed, color)
        cached = _FRAMES.get(key)
        if cached is not None:
            c._code.extend(cached)
            return
        start = len(c._code)
        c.saveState()
        c.setFillColor(color)
        c.rect(-self.bleed, -self.bleed, self.w + 2 * self.bleed, self.h + 2 * self.bleed, stroke=0, fill=1)
        c.setFillColor(PANEL)
        inset = self.safe - mm(0.6)
        c.roundRect(inset, inset, self.w - 2 * inset, self.h - 2 * inset, mm(1.6), stroke=0, fill=1)
        c.restoreState()
        _FRAMES[key] = c._code[start:]

    # ------------------------------------------------------------------ header

    def header(
        self,
        badge: Callable[[float, float, float], None] | None,
        name: str,
        en: str | None,
        symbol: str | None = None,
        symbol_color: str = INK,
    ) -> None:
        """Badge at the top left, name (and English name) beside it, an agent symbol at the top right."""
        height = self.u(10.5)
        badge_d = self.u(8.6)
        x0 = self.left
        if badge is not None:
            badge(x0, self.top - badge_d, badge_d)
            x0 += badge_d + self.u(1.6)
        x1 = self.right
        if symbol:
            d = self.u(7.4)
            cx, cy = self.right - d / 2, self.top - d / 2
            self.c.setFillColor(symbol_color)
            self.c.circle(cx, cy, d / 2, stroke=0, fill=1)
            symbol_size = fit_line(symbol, d * 0.78, d * 0.62, self.fonts, True, 4) or 4.0
            ink = readable_on(symbol_color)
            draw_line(self.c, symbol, cx, cy - symbol_size * 0.36, symbol_size, self.fonts, True, ink, "center")
            x1 -= d + self.u(1.4)
        width = x1 - x0
        name_base = 10.5 * self.s
        size = fit_line(name, width, name_base, self.fonts, True)
        if size is None:
            self.ctx.report(
                self.record,
                "sheet.text.overflow",
                "error",
                f"name {name!r} does not fit on one line even at {MIN_SIZE:g} pt",
            )
            size = MIN_SIZE
        name_y = self.top - height * (0.5 if en else 0.62)
        draw_line(self.c, name, x0, name_y, size, self.fonts, True, INK)
        if en:
            en_size = fit_line(en, width, self.pt(6.4), self.fonts, False)
            if en_size is None:
                en_size = MIN_SIZE
                while en and self.fonts.width(en + "…", False, en_size) > width:
                    en = en[:-1]
                en += "…"
            draw_line(self.c, en, x0, name_y - self.u(3.4), en_size, self.fonts, False, MUTED)
        self.top -= height + self.u(0.8)

    def badge_text(self, color: str, text: str, icon: str | None = None, shape: str = "circle") -> Callable[..., None]:
        def paint(x: float, y: float, d: float) -> None:
            c = self.c
            c.setFillColor(color)
            if shape == "hexagon":
                icons.draw(c, "hexagon", x, y, d, color)
            else:
                c.circle(x + d / 2, y + d / 2, d / 2, stroke=0, fill=1)
            ink = readable_on(color)
            items = [t for t in (text,) if t]
            if icon and text:
                isize = d * 0.34
                tsize = fit_line(text, d * 0.6, d * 0.5, self.fonts, True, 3) or 3
                total = self.fonts.width(text, True, tsize) + isize * 0.9
                tx = x + (d - total) / 2
                draw_line(c, text, tx, y + d / 2 - tsize * 0.36, tsize, self.fonts, True, ink)
                icons.draw(c, icon, tx + total - isize, y + d / 2 - isize / 2, isize, ink)
            elif icon:
                icons.draw(c, icon, x + d * 0.2, y + d * 0.2, d * 0.6, ink)
            elif items:
                tsize = fit_line(text, d * 0.74, d * 0.56, self.fonts, True, 3) or 3
                draw_line(c, text, x + d / 2, y + d / 2 - tsize * 0.36, tsize, self.fonts, True, ink, "center")

        return paint

    # ------------------------------------------------------------------ strip

    def strip(self, color: str, left: str, right: str = "") -> None:
        """The coloured type line."""
        c = self.c
        height = self.u(4.8)
        y = self.top - height
        c.setFillColor(color)
        c.roundRect(self.left - self.pad * 0.6, y, self.inner + self.pad * 1.2, height, mm(0.8), stroke=0, fill=1)
        ink = readable_on(color)
        size = self.pt(7.0)
        right_w = self.fonts.width(right, False, size) if right else 0.0
        room = self.inner - self.u(1.0) - (right_w + self.u(2) if right else 0)
        left_size = fit_line(left, room, size, self.fonts, True)
        if left_size is None:
            self.ctx.report(self.record, "sheet.text.overflow", "error", f"type line {left!r} does not fit")
            left_size = MIN_SIZE
        base = y + height / 2 - size * 0.36
        draw_line(c, left, self.left + self.u(0.5), base, left_size, self.fonts, True, ink)
        if right:
            draw_line(c, right, self.right - self.u(0.5), base, size, self.fonts, False, ink, "right")
        self.top = y - self.u(1.2)

    # ------------------------------------------------------------------ stats

    def stats(self, items: list[tuple[str, str, str]], color: str = INK) -> None:
        """A row of (icon, value, label) cells; icon ``vision:RS`` draws vision arrows (R rear, S side)."""
        if not items:
            return
        c = self.c
        height = self.u(7.6)
        cell = self.inner / len(items)
        isize = self.u(5.0)
        value_size = self.pt(11)
        label_size = self.pt(6)
        for index, (icon, value, label) in enumerate(items):
            x = self.left + cell * index
            value_w = self.fonts.width(value, True, value_size) if value else 0.0
            label_w = self.fonts.width(label, False, label_size)
            total = isize + (self.u(0.8) + value_w if value else 0.0)
            ix = x + (cell - total) / 2
            iy = self.top - isize - self.u(0.2)
            if icon.startswith("vision:"):
                flags = icon.partition(":")[2]
                icons.draw_vision(c, ix, iy, isize, color, "R" in flags, "S" in flags)
            elif icon.startswith("slots:"):
                icons.draw_slots(c, ix, iy, isize, color, int(icon.partition(":")[2]))
            else:
                icons.draw(c, icon, ix, iy, isize, color)
            if value:
                draw_line(
                    c, value, ix + isize + self.u(0.8), iy + isize / 2 - value_size * 0.36, value_size, self.fonts, True
                )
            if label_w > cell - self.u(0.6):
                label = label[: max(1, int(len(label) * (cell - self.u(0.6)) / label_w))]
            draw_line(
                c, label, x + cell / 2, self.top - height + self.u(0.3), label_size, self.fonts, False, MUTED, "center"
            )
        self.top -= height + self.u(1.0)

    # ------------------------------------------------------------------ text

    def text_box(self, paras: list[Para], top: float, bottom: float, what: str = "text") -> None:
        if not paras:
            return
        ctx = self.ctx
        fitted = fit(paras, self.inner, top - bottom, ctx.measurer(), self.base * self.s)
        if not fitted.fits:
            ctx.report(
                self.record,
                "sheet.text.overflow",
                "error",
                f"{what} does not fit the card even at {MIN_SIZE:g} pt "
                f"({fitted.height / mm(1):.1f} mm of text for a {(top - bottom) / mm(1):.1f} mm box)",
            )
        elif fitted.dropped:
            ctx.report(self.record, "sheet.flavor.dropped", "warning", "flavour text left out: no room for it")
        draw(self.c, fitted, self.left, top, self.inner, self.fonts)

    def footer(self, left: Callable[[float, float], float] | None, right: str) -> float:
        """Bottom line: pips or marks at the left, the record id at the right (left out when there is
        no room for it: it is a filing aid, the marks are rules); returns the top of the footer."""
        size = MIN_SIZE
        y = self.bottom + self.u(0.3)
        end = left(self.left, y) if left is not None else self.left
        if end + self.u(1.5) + self.fonts.width(right, False, size) <= self.right:
            draw_line(self.c, right, self.right, y, size, self.fonts, False, MUTED, "right")
        return self.bottom + self.u(3.6)

    def marks(self, items: list[tuple[str, str]]) -> Callable[[float, float], float] | None:
        """Small coloured tags (text, colour) for the footer."""
        if not items:
            return None

        def paint(x: float, y: float) -> float:
            size = MIN_SIZE
            end = x
            for text, color in items:
                width = self.fonts.width(text, True, size) + self.u(1.6)
                self.c.setFillColor(color)
                self.c.roundRect(x, y - size * 0.3, width, size * 1.3, mm(0.6), stroke=0, fill=1)
                draw_line(self.c, text, x + self.u(0.8), y, size, self.fonts, True, readable_on(color))
                end = x + width
                x = end + self.u(1.0)
            return end

        return paint

    def names(self) -> tuple[str, str | None]:
        return self.record.name.zh_hans, self.record.name.en

    def ref(self) -> str:
        return f"{self.record.game}/{self.record.id}"


# ---------------------------------------------------------------------- tactics


def _attack_para(name: str | None, profile: Any, game_record: Any) -> Para:
    """One attack: melee/ranged icon, name (built-in attacks), subtype, attack speed, range."""
    subtype = _term(game_record, "attack_subtypes", profile.subtype)
    parts = [p for p in (name, subtype) if p]
    if not parts:
        parts = [labels.ATTACK_STYLE[profile.style]]
    rng = f"{profile.range.min}-{profile.range.max}"
    detail = f" {' · '.join(parts)}  {labels.WORDS['speed']} {profile.speed} · {labels.WORDS['range']} {rng}"
    if profile.through_walls:
        detail += f" · {labels.WORDS['through_walls']}"
    para = plain(detail)
    return Para([Atom(profile.style, "icon"), *para.atoms], color=INK, gap_before=0.2)


def _tactics_agent(face: Face) -> None:
    record, ctx = face.record, face.ctx
    game = ctx.lookup.get("tactics", "tactics", "game")
    frame = TACTICS_FRAME["agent"]
    face.frame(frame)
    name, en = face.names()
    badge_label = record.symbol if record.symbol else labels.WORDS["private"]
    face.header(face.badge_text(frame, badge_label), name, en)
    subtypes = [_term(game, "agent_subtypes", s) for s in record.subtypes]
    kind = labels.WORDS["private"] if record.private else labels.WORDS["agent"]
    face.strip(frame, " · ".join([kind, *subtypes]))
    vision = "vision:" + ("R" if record.vision.rear else "") + ("S" if record.vision.side else "")
    vision_words = [labels.WORDS["front"]]
    if record.vision.rear:
        vision_words.append(labels.WORDS["rear"])
    if record.vision.side:
        vision_words.append(labels.WORDS["side"])
    face.stats(
        [
            ("heart", str(record.hp), labels.WORDS["hp"]),
            ("move", str(record.move), labels.WORDS["move"]),
            (vision, "", labels.WORDS["vision"] + " " + "+".join(vision_words)),
        ],
        frame,
    )
    paras: list[Para] = []
    for attack_id in record.attacks:
        attack = ctx.lookup.get("tactics", attack_id, "attack")
        if attack is not None:
            paras.append(_attack_para(attack.name.zh_hans, attack.attack, game))
    paras.extend(ability(t) for t in record.text)
    if paras and record.text:
        paras[len(paras) - len(record.text)].rule_above = True
        paras[len(paras) - len(record.text)].gap_before = 0.8
    bottom = face.footer(None, face.ref())
    face.text_box(paras, face.top, bottom)


def _tactics_unit(face: Face) -> None:
    record, ctx = face.record, face.ctx
    game = ctx.lookup.get("tactics", "tactics", "game")
    minion = record.type == "minion"
    frame = TACTICS_FRAME["minion" if minion else "obstacle"]
    face.frame(frame)
    name, en = face.names()
    face.header(None, name, en)
    if minion:
        face.strip(frame, labels.TACTICS_CATEGORY["minion"])
        vision = "vision:" + ("R" if record.vision.rear else "") + ("S" if record.vision.side else "")
        face.stats(
            [
                ("heart", str(record.hp), labels.WORDS["hp"]),
                ("move", str(record.move), labels.WORDS["move"]),
                (vision, "", labels.WORDS["vision"]),
            ],
            frame,
        )
    else:
        face.strip(frame, labels.OBSTACLE[record.obstacle])
        face.stats([("heart", str(record.hp), labels.WORDS["hp"])], frame)
    paras: list[Para] = []
    if minion:
        if record.attack is not None:
            paras.append(_attack_para(None, record.attack, game))
        paras.append(plain(_deploy_words(record.deploy), MUTED))
        if record.can_use_command_cards:
            paras.append(plain(labels.WORDS["uses_commands"], MUTED))
    paras.extend(ability(t) for t in record.text)
    bottom = face.footer(None, face.ref())
    face.text_box(paras, face.top, bottom)


def _deploy_words(deploy: Any) -> str:
    where = labels.DEPLOY_POSITION[deploy.position].replace("{n}", str(deploy.distance))
    state = labels.WORDS["hidden"] if deploy.hidden else labels.WORDS["exposed"]
    parts = [f"{labels.WORDS['deploys']}：{where}", state]
    if deploy.tapped:
        parts.append(labels.WORDS["tapped"])
    return " · ".join(parts)


def _cost_badge(face: Face, color: str) -> Callable[..., None]:
    cost = face.record.cost
    text = f"-{cost.mortgage}" if cost.mortgage else ("" if cost.tap else "0")
    return face.badge_text(color, text, "tap" if cost.tap else None)


def _tactics_card(face: Face) -> None:
    record, ctx = face.record, face.ctx
    game = ctx.lookup.get("tactics", "tactics", "game")
    shop = record.back == "shop"
    token = record.token is not None
    frame = TACTICS_FRAME["shop" if shop else "token" if token else "personal"]
    category_color = TACTICS_CATEGORY_COLOR[record.category]
    face.frame(frame)
    symbol = None
    agent = None
    if record.agent is not None:
        agent = ctx.lookup.get("tactics", record.agent, "agent")
        symbol = getattr(agent, "symbol", None) or "?"
    name, en = face.names()
    face.header(_cost_badge(face, GOLD if shop else INK), name, en, symbol, TACTICS_FRAME["agent"])
    category = labels.TACTICS_CATEGORY[record.category]
    detail: list[str] = [category]
    unit = None
    if record.equipment is not None:
        detail.append(labels.EQUIPMENT_SIZE[record.equipment.size])
    if record.status is not None:
        detail.append(f"{labels.WORDS['target']} {labels.STATUS_TARGET[record.status.target]}")
    if record.minion is not None:
        unit = ctx.lookup.get("tactics", record.minion, "unit")
        detail.append(unit.name.zh_hans if unit is not None else record.minion)
    right = []
    if record.is_response:
        right.append(labels.WORDS["response"])
    if agent is not None:
        right.append(f"{labels.WORDS['exclusive']} {agent.name.zh_hans}")
    face.strip(category_color, " · ".join(detail), " · ".join(right))
    items: list[tuple[str, str, str]] = []
    paras: list[Para] = []
    equipment = record.equipment
    if equipment is not None:
        items.append((f"slots:{equipment.slots}", str(equipment.slots), labels.WORDS["slots"]))
        if equipment.shield:
            items.append(("shield", str(equipment.shield), labels.WORDS["shield"]))
        attack = equipment.attack
        if attack is not None:
            items.append((attack.style, str(attack.speed), labels.WORDS["speed"]))
            paras.append(_attack_para(None, attack, game))
        if "minion" in equipment.users:
            users = "、".join(labels.USERS[u] for u in equipment.users)
            paras.append(plain(f"{labels.WORDS['users']}：{users}", MUTED, gap_before=0.2))
    if unit is not None:
        vision = "vision:" + ("R" if unit.vision.rear else "") + ("S" if unit.vision.side else "")
        items = [
            ("heart", str(unit.hp), labels.WORDS["hp"]),
            ("move", str(unit.move), labels.WORDS["move"]),
            (vision, "", labels.WORDS["vision"]),
        ]
        if unit.attack is not None:
            paras.append(_attack_para(None, unit.attack, game))
        paras.append(plain(_deploy_words(unit.deploy), MUTED, gap_before=0.2))
    face.stats(items, category_color)
    if paras and record.text:
        first = ability(record.text[0])
        first.rule_above, first.gap_before = True, 0.8
        paras.append(first)
        paras.extend(ability(t) for t in record.text[1:])
    else:
        paras.extend(ability(t) for t in record.text)
    marks: list[tuple[str, str]] = []
    if shop:
        marks.append((labels.WORDS["shop"], GOLD))
    if token:
        marks.append(
            (
                f"{labels.WORDS['token']} · {labels.WORDS['max_in_play'].replace('{n}', str(record.token.max_in_play))}",
                TACTICS_FRAME["token"],
            )
        )
    bottom = face.footer(face.marks(marks), face.ref())
    if record.reverse is None:
        if record.flavor is not None:
            paras.append(plain(record.flavor.zh_hans, MUTED, 0.85, gap_before=0.6, optional=True))
        face.text_box(paras, face.top, bottom)
        return
    _reversible(face, record, paras, bottom, category_color)


def _reversible(face: Face, record: Any, paras: list[Para], bottom: float, color: str) -> None:
    """Front text in the upper half, the reverse face turned 180° in the lower half."""
    reverse = record.reverse
    c = face.c
    middle = bottom + (face.top - bottom) / 2
    tag_size = MIN_SIZE
    tag_h = tag_size * 1.5

    def tags(active: bool, extra: list[str]) -> list[tuple[str, str]]:
        result = [(labels.WORDS["active_face"], color)] if active else []
        return result + [(t, MUTED) for t in extra]

    front_tags = tags(reverse.active_when_tapped == "front", [])
    back_extra = [labels.WORDS["reverse"]]
    if reverse.switch:
        back_extra.append(labels.WORDS["switch"])
    if not reverse.playable:
        back_extra.append(labels.WORDS["not_playable"])
    back_tags = tags(reverse.active_when_tapped == "reverse", back_extra)
    gap = face.u(1.2)
    front_top = face.top
    if front_tags:
        mark = face.marks(front_tags)
        assert mark is not None
        mark(face.left, middle + gap + tag_size * 0.35)
    front_bottom = middle + gap + (tag_h if front_tags else 0)
    face.text_box(paras, front_top, front_bottom, "front face text")
    c.saveState()
    c.setStrokeColor(color)
    c.setLineWidth(0.6)
    c.setDash(2, 2)
    c.line(face.left, middle, face.right, middle)
    c.restoreState()
    # the reverse face: the same box turned half a turn about the card's centre
    c.saveState()
    c.translate(face.w, face.h)
    c.rotate(180)
    # in turned coordinates the lower half of the card is the upper half
    turned_top = face.h - (bottom)  # the footer's edge, seen upside down
    turned_mid = face.h - middle
    mark = face.marks(back_tags)
    assert mark is not None
    mark(face.left, turned_top - tag_h + tag_size * 0.35)
    rev_paras = [ability(t) for t in reverse.text]
    face.text_box(rev_paras, turned_top - tag_h - face.u(0.6), turned_mid + gap, "reverse face text")
    c.restoreState()


# ---------------------------------------------------------------------- netrunner


def _netrunner(face: Face) -> None:
    record, ctx = face.record, face.ctx
    game = ctx.lookup.get("netrunner", "netrunner", "game")
    faction = ctx.lookup.get("netrunner", record.faction, "faction")
    color = faction.color if faction is not None else NETRUNNER_FALLBACK
    face.frame(mix(color, "#000000", 0.35))
    identity = record.kind == "identity"
    card_type = "identity" if identity else record.type
    name, en = face.names()
    if getattr(record, "unique", False):
        name = "◆ " + name
    badge = None
    if not identity:
        if card_type == "agenda":
            req = record.advancement_requirement
            badge = face.badge_text(color, "X" if req is None else str(req), shape="hexagon")
        else:
            cost = record.rez_cost if card_type in ("ice", "asset", "upgrade") else record.cost
            badge = face.badge_text(INK, "X" if cost is None else str(cost), "credit")
    face.header(badge, name, en)
    type_word = labels.NETRUNNER_TYPE[card_type]
    subtypes = [_term(game, "subtypes", s) for s in record.subtypes]
    left = type_word + ("：" + " · ".join(subtypes) if subtypes else "")
    faction_name = faction.name.zh_hans if faction is not None else record.faction
    face.strip(color, left, faction_name)
    items: list[tuple[str, str, str]] = []
    if identity:
        items.append(("hexagon", str(record.min_deck_size), labels.WORDS["min_deck"]))
        limit = labels.WORDS["unlimited"] if record.influence_limit is None else str(record.influence_limit)
        items.append(("star", limit, labels.WORDS["influence_limit"]))
        if record.base_link is not None:
            items.append(("link", str(record.base_link), labels.WORDS["link"]))
    else:
        if card_type == "agenda":
            items.append(("star", str(record.agenda_points), labels.WORDS["agenda_points"]))
            req = record.advancement_requirement
            items.append(("hexagon", "X" if req is None else str(req), labels.WORDS["advancement"]))
        if card_type == "program":
            items.append(("mu", str(record.memory_cost), labels.WORDS["memory"]))
        strength = getattr(record, "strength", None)
        if card_type == "ice" or (card_type == "program" and strength is not None):
            items.append(("shield", "X" if strength is None else str(strength), labels.WORDS["strength"]))
        trash = getattr(record, "trash_cost", None)
        if trash is not None:
            items.append(("trash", str(trash), labels.WORDS["trash_cost"]))
    face.stats(items, mix(color, "#000000", 0.2))
    paras = _netrunner_text(record, ctx.lang)
    influence = 0 if identity else record.influence

    def pips(x: float, y: float) -> float:
        c = face.c
        size = MIN_SIZE
        label_end = x
        if influence:
            draw_line(c, labels.WORDS["influence"], x, y, size, face.fonts, False, MUTED)
            label_end = x + face.fonts.width(labels.WORDS["influence"], False, size) + face.u(1.0)
        r = face.u(0.9)
        for i in range(influence):
            c.setFillColor(color)
            c.circle(label_end + r + i * r * 2.6, y + size * 0.33, r, stroke=0, fill=1)
        end = label_end + influence * r * 2.6
        if faction is not None and faction.neutral:
            draw_line(c, labels.WORDS["neutral"], label_end, y, size, face.fonts, False, MUTED)
            end = label_end + face.fonts.width(labels.WORDS["neutral"], False, size)
        return end

    bottom = face.footer(pips, face.ref())
    face.text_box(paras, face.top, bottom)


def printed_paragraphs(record: Any, lang: str) -> list[str]:
    """The printed text an imported card shows in ``lang`` (English when missing); none when it has ability text."""
    printed = getattr(record, "printed_text", None)
    if record.text or printed is None:
        return []
    chosen = markup.pick({"zh-Hans": printed.zh_hans, "en": printed.en}, lang)
    return chosen[1] if chosen else []


def flavor_text(record: Any, lang: str) -> tuple[str, str] | None:
    """(language, flavour) a face shows in ``lang``: the translation, else English, else what there is."""
    flavor = getattr(record, "flavor", None)
    if flavor is None:
        return None
    chosen = markup.pick({"zh-Hans": [flavor.zh_hans], "en": [flavor.en] if flavor.en else []}, lang)
    if chosen is None:
        return None
    stand_in = chosen[0] == "zh-Hans" and "/flavor/zh-Hans" in getattr(record, "untranslated", [])
    return ("en" if stand_in else chosen[0]), chosen[1][0]  # an import's English stand-in is English


def _netrunner_text(record: Any, lang: str) -> list[Para]:
    """Ability text, or printed text in NetrunnerDB's markup; then the flavour (slanted when in English)."""
    paras = [ability(t) for t in record.text]
    paras.extend(markup_paras(markup.parse_all(printed_paragraphs(record, lang))))
    flavor = flavor_text(record, lang)
    if flavor is not None:
        flavor_lang, words = flavor
        blocks = markup.parse(words)
        paras.extend(markup_paras(blocks, MUTED, 0.85, 0.6, optional=True, italic=flavor_lang == "en"))
    return paras


# ---------------------------------------------------------------------- crossfire


def _crossfire_role(face: Face) -> None:
    record, ctx = face.record, face.ctx
    color = TEAM_COLOR[record.team]
    face.frame(color)
    if record.marks:
        icon = "ranged"
    elif record.protects:
        icon = "shield"
    elif record.armed:
        icon = "pistol"
    else:
        icon = "hand"
    name, en = face.names()
    face.header(face.badge_text(color, "", icon), name, en)
    state = labels.WORDS["armed"] if record.armed else labels.WORDS["unarmed"]
    if record.guns == 2:
        state = labels.WORDS["guns"]
    if record.protects:
        state = labels.WORDS["protects"]
    if record.marks:
        state = labels.WORDS["marks"]
    kind = labels.WORDS["special"] if record.special else labels.WORDS["standard"]
    face.strip(color, f"{labels.TEAM[record.team]} · {state}", kind)
    paras: list[Para] = []
    if record.counts_as is not None:
        other = ctx.lookup.get("crossfire", record.counts_as, "role")
        other_name = other.name.zh_hans if other is not None else record.counts_as
        paras.append(plain(f"{labels.WORDS['counts_as']} {other_name}", MUTED))
    paras.extend(ability(t) for t in record.text)
    heading = plain(labels.WORDS["win"], color, bold=True, gap_before=0.9 if paras else 0.0)
    heading.rule_above = bool(paras)
    paras.append(heading)
    paras.extend(Para(ability(t).atoms, gap_before=0.2) for t in record.win)
    bottom = face.footer(None, face.ref())
    face.text_box(paras, face.top, bottom)


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
    lacking = ctx.fonts.lacks(record_text(record, ctx.lang))
    if lacking:
        ctx.report(
            record,
            "sheet.font.missing",
            "error",
            f"the font ({ctx.fonts.source}) has no glyph for {''.join(sorted(lacking))!r}; it would print as boxes",
        )
    FRONTS[(record.game, record.kind)](Face(ctx, record, width, height, bleed))


def record_text(record: Any, lang: str | None = None) -> str:
    """Every string of a record (names, texts, flavour, symbol, …) in one string, ``[symbols]`` and markup tags
    left out. With ``lang``, of the printed text and flavour only what a face in ``lang`` prints."""
    parts: list[str] = []

    def walk(value: Any) -> None:
        if isinstance(value, str):
            parts.append(value)
        elif isinstance(value, dict):
            for item in value.values():
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    chosen = lang is not None and hasattr(record, "printed_text")  # netrunner faces choose a language
    walk(record.model_dump(mode="json", exclude={"schema_", "printed_text", "flavor"} if chosen else {"schema_"}))
    if chosen and lang is not None:
        walk(printed_paragraphs(record, lang))
        flavor = flavor_text(record, lang)
        walk(flavor[1] if flavor else [])
    return MARKUP_TAG.sub("", SYMBOL.sub("", "\n".join(parts)))


# ---------------------------------------------------------------------- backs


def back_style(record: Any) -> BackStyle:
    return BACKS[back_key(record)]


def draw_back(ctx: Context, record: Any, width: float, height: float, bleed: float) -> None:
    """Draw the back for ``record`` in card coordinates; everything but colour inside the safe zone."""
    key = back_key(record)
    style = BACKS[key]
    game = ctx.lookup.get(key[0], key[0], "game")
    title = game.name.zh_hans if game is not None else key[0]
    c, fonts = ctx.canvas, ctx.fonts
    s = min(width / mm(63), height / mm(88))
    safe = mm(3.0 if width >= mm(55) else 2.5)
    c.setFillColor(style.background)
    c.rect(-bleed, -bleed, width + 2 * bleed, height + 2 * bleed, stroke=0, fill=1)
    c.setStrokeColor(style.accent)
    c.setLineWidth(0.8)
    inset = safe + mm(1.0)
    c.roundRect(inset, inset, width - 2 * inset, height - 2 * inset, mm(2), stroke=1, fill=0)
    c.setLineWidth(0.4)
    inset2 = inset + mm(1.2)
    c.roundRect(inset2, inset2, width - 2 * inset2, height - 2 * inset2, mm(1.4), stroke=1, fill=0)
    emblem = min(width, height) * 0.52
    icons.draw(c, "emblem", (width - emblem) / 2, (height - emblem) / 2, emblem, style.accent)
    room = width - 2 * inset2 - mm(3)
    title_size = fit_line(title, room, 11 * s, fonts, True, 4) or 4
    draw_line(c, title, width / 2, height / 2 + emblem / 2 + mm(3) * s, title_size, fonts, True, style.ink, "center")
    label_size = fit_line(style.label, room, 10 * s, fonts, True, 4) or 4
    draw_line(
        c,
        style.label,
        width / 2,
        height / 2 - emblem / 2 - mm(3) * s - label_size * 0.8,
        label_size,
        fonts,
        True,
        style.ink,
        "center",
    )
