"""Card layouts as data: one template file per game and record kind (fronts) and per kind of back.

The defaults live in ``toolkit/sheets/templates/<game>/<kind>.json`` (fronts:
``tactics/card.json``, ``netrunner/identity.json``, …) and
``toolkit/sheets/templates/<game>/back-<deck>.json`` (backs: ``tactics/back-shop.json``,
``crossfire/back-role.json``, …). ``dossier print --template DIR`` reads
``DIR/<game>/<name>.json`` files named like the defaults: each replaces its
default as a whole; the others keep theirs.

Units. Boxes are millimetres on the template's design card (``card``, a poker
card of 63 × 88 mm unless it says otherwise), measured from the top-left
corner of the card's trim box: ``x`` to the right, ``y`` down. Font sizes are
points on that card. On a card of another size everything is scaled by
``s = min(width / design width, height / design height)`` and every box edge
keeps its (scaled) distance to the nearer card edge: a box in the top half
stays at the top, the footer stays at the bottom, a box that spans the middle
(the text box) stretches. Text never leaves the safe zone (3 mm inside the
trim, 2.5 mm on cards narrower than 55 mm), whatever the boxes say; art and
colour may reach the trim, and art that touches the trim runs on into the bleed.

Each box may say ``give_to``: on a card where the box has nothing to show (no
cost badge, no stats, no art, no agent symbol) the named box takes its space:
a box above or below lends its height (the taker keeps its width), a box at its
side its width (the taker keeps its height), any other the smallest rectangle
covering both; and the grown box stops at each drawn box it would cover
(:func:`toolkit.sheets.layouts.grown`). That is how the text box of a card
without art starts right under the stats, as wide as it was, and art that takes
the space of missing stats never covers the name.

Pictures and words of the template's own. A front's ``background`` and a back's
``image`` name a PNG or JPEG (relative to the template file) that covers the card
to the bleed edge, under the boxes; a front's ``texts`` are extra text boxes,
each with fixed ``text`` (words, as a back's title) or a record ``field``.
What a valid template can still get wrong (overlapping boxes, words outside the
safe zone, art over the name, missing or low-resolution pictures) is reported by
:mod:`validators.template_lint` (``dossier print --check``).

Colours are ``#rrggbb`` (a refused one is worded as :func:`pattern_problem` says, never as a pattern) or a role the card decides: ``accent`` (tactics: the
category colour; netrunner: the faction's; crossfire: the team's),
``accent-dark`` (accent 20 % towards black), ``frame`` (the colour of the
card's edge), ``ink``, ``muted``, ``paper``, ``panel``, ``gold``, and ``auto``
(what the layout picks: text readable on its fill, the cost badge's own colour).
A front's ``palette`` names the colours the card data chooses from (category,
deck, team); entries a template leaves out keep the default's. A back has no
card to decide roles: its colours are ``#rrggbb`` (or ink, muted, paper, panel, gold).

Words. A back's ``title`` and ``label`` say ``text``: a string (printed as it is
in every language), ``null`` (the game's name in the language of the print), or
an object of words per language, ``{"zh-Hans": "秘密身份", "en": "Secret role"}``,
and/or ``{"message": "Matrix shop"}``: an English message of the catalogs
(:mod:`toolkit.i18n`), translated into the language of the print (English where
the catalog lacks it). A print in a language takes that language's entry, else
the message, else ``en``, else the first entry (:func:`words`). The bundled
backs use messages, marked for the catalogs in :data:`toolkit.sheets.labels.BACK_LABELS`.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, TypeAdapter, ValidationError, model_validator

from toolkit.errors import DossierError, and_more
from toolkit.findings import Finding, Severity
from toolkit.i18n import tr
from toolkit.jsonio import JsonSyntaxError, loads_strict, loc_pointer, pointer_position, read_source, value_positions
from toolkit.model_errors import model_error
from toolkit.models.common import Model

TEMPLATE_DIR = Path(__file__).resolve().parent / "templates"
SCHEMA_NAME = "template.schema.json"

ROLES = ("ink", "muted", "paper", "panel", "gold", "accent", "accent-dark", "frame", "auto")
COLOUR_PATTERN = r"^(#[0-9a-fA-F]{6}|" + "|".join(ROLES) + ")$"
HEX_PATTERN = r"^#[0-9a-fA-F]{6}$"
WORDS_KEY_PATTERN = r"^(message|[a-z]{2,3}(-[A-Za-z0-9]{2,8})*)$"
FIELD_PATTERN = r"^[A-Za-z_][A-Za-z0-9_-]*(\.[A-Za-z0-9_-]+)*$"
Colour = Annotated[
    str,
    StringConstraints(pattern=COLOUR_PATTERN),
    Field(description="#rrggbb, or a role the card decides: " + ", ".join(ROLES) + "."),
]
HexColour = Annotated[str, StringConstraints(pattern=HEX_PATTERN), Field(description="#rrggbb.")]
Millimetres = Annotated[float, Field(ge=0, le=300)]
Points = Annotated[float, Field(ge=4, le=72, description="Points on the design card (scaled with the card).")]
Font = Literal["regular", "bold"]
Align = Literal["left", "center", "right"]
BoxName = Literal["badge", "name", "symbol", "type_line", "stats", "art", "text", "footer"]
BOX_NAMES: tuple[BoxName, ...] = ("badge", "name", "symbol", "type_line", "stats", "art", "text", "footer")


class TemplateModel(Model):
    """A part of a template, validated strictly: a number is a JSON number (never ``true`` or ``"9"``), a
    switch is ``true`` or ``false`` (never ``1`` or ``"yes"``), as the schema says."""

    model_config = ConfigDict(strict=True)


class CardSize(TemplateModel):
    """The design card the boxes are measured on."""

    width: float = Field(default=63, ge=20, le=200, description="Millimetres.")
    height: float = Field(default=88, ge=20, le=280, description="Millimetres.")


class TextStyle(TemplateModel):
    """How a line of text looks."""

    font: Font = Field(default="regular", description="The regular or the bold face of the print font.")
    size: Points = 7.0
    color: Colour = "ink"


class Area(TemplateModel):
    """A rectangle on the design card, in millimetres from its top-left trim corner (y down)."""

    x: Millimetres = Field(description="Left edge, from the card's left trim edge.")
    y: Millimetres = Field(description="Top edge, from the card's top trim edge.")
    width: float = Field(gt=0, le=300, description="Millimetres.")
    height: float = Field(gt=0, le=300, description="Millimetres.")


class Box(Area):
    """A box of a front: a rectangle on the design card that may give its space away when empty."""

    give_to: BoxName | None = Field(
        default=None,
        description="On a card where this box has nothing to show, the named box takes its space.",
    )


class BadgeBox(Box):
    """The round badge at the top left: a command card's cost, a netrunner card's cost or advancement
    requirement, an agent's symbol, a role's icon. Drawn as a disc (hexagon for agendas) of the box's
    smaller side."""

    fill: Colour = Field(default="auto", description="Disc colour (auto: gold for shop cards, else ink or accent).")
    color: Colour = Field(default="auto", description="Number and icon colour (auto: readable on the fill).")


class NameBox(Box):
    """The card's name in the face's language on one line (shrunk to fit), and, on a bilingual print, its name
    in the other language below when it has one."""

    name: TextStyle = TextStyle(font="bold", size=10.5)
    subtitle: TextStyle | None = Field(
        default=TextStyle(size=6.4, color="muted"),
        description="The name in the other language, printed with `dossier print --bilingual`; null leaves it out.",
    )
    align: Align = "left"


class SymbolBox(Box):
    """An exclusive command card's agent symbol, on a disc of the box's smaller side."""

    fill: Colour = Field(default="auto", description="Disc colour (auto: the palette's 'agent').")
    color: Colour = "auto"


class TypeLineBox(Box):
    """The coloured strip with the type (bold, left) and a note at the right (faction, exclusive agent)."""

    fill: Colour = "accent"
    radius: float = Field(default=0.8, ge=0, le=20, description="Corner radius, mm.")
    padding: float = Field(default=1.22, ge=0, le=20, description="Text inset from the strip's ends, mm.")
    left: TextStyle = TextStyle(font="bold", color="auto")
    right: TextStyle = TextStyle(color="auto")


class StatsBox(Box):
    """A row of equal cells, each an icon, a value and a label under them (HP, move, strength, …)."""

    icon: float = Field(default=5.0, gt=0, le=40, description="Icon size, mm.")
    icon_color: Colour = "accent"
    value: TextStyle = TextStyle(font="bold", size=11)
    label: TextStyle = TextStyle(size=6, color="muted")


class ArtBox(Box):
    """The record's ``art`` image, scaled to cover the box and centred (the overflow is cropped)."""

    placeholder: HexColour = Field(
        default="#c8c8c8", description="Fill when the art file is missing or unreadable (print warns)."
    )


class TextBox(Box):
    """Abilities, printed text and flavour: broken into lines, shrunk from ``size`` down to 6 pt to fit."""

    size: Points = Field(default=9.0, description="Body size in points before shrinking.")
    color: Colour = Field(default="ink", description="Colour of body text (secondary text stays muted).")
    align: Literal["left", "center"] = "left"


class FooterBox(Box):
    """Influence pips or shop/token marks at the left, the record's game/id at the right."""

    text: TextStyle = TextStyle(size=6, color="muted")
    ref: bool = Field(default=True, description="Print the game/id reference at the right.")


class Frame(TemplateModel):
    """The card's edge colour (to the bleed edge) and the light panel inside it."""

    color: Colour = "frame"
    panel: Colour | None = Field(default="panel", description="Panel colour; null: no panel.")
    inset: float = Field(default=2.4, ge=0, le=50, description="Panel inset from the trim, mm.")
    radius: float = Field(default=1.6, ge=0, le=50, description="Panel corner radius, mm.")


class Boxes(TemplateModel):
    """Where things go. A box left out is not drawn."""

    badge: BadgeBox | None = None
    name: NameBox | None = None
    symbol: SymbolBox | None = None
    type_line: TypeLineBox | None = None
    stats: StatsBox | None = None
    art: ArtBox | None = None
    text: TextBox
    footer: FooterBox | None = None

    def items(self) -> Iterator[tuple[BoxName, Box]]:
        for name in BOX_NAMES:
            box = getattr(self, name)
            if box is not None:
                yield name, box


class Border(TemplateModel):
    """A rounded rectangle line inside a back's trim."""

    inset: float = Field(ge=0, le=50, description="From the trim, mm.")
    width: float = Field(gt=0, le=10, description="Line width, points.")
    radius: float = Field(default=0, ge=0, le=50, description="Corner radius, mm.")
    color: HexColour


class EmblemBox(Area):
    """The game's emblem, a square of the box's smaller side centred in it."""

    color: HexColour


WordsKey = Annotated[str, StringConstraints(pattern=WORDS_KEY_PATTERN)]
WordsText = Annotated[str, StringConstraints(min_length=1, max_length=200)]
Words = Annotated[
    dict[WordsKey, WordsText],
    Field(
        min_length=1,
        json_schema_extra={"additionalProperties": False},
        description='Words per language: {"zh-Hans": "矩阵商店", "en": "Matrix shop"}; and/or "message": an '
        "English message the catalogs translate (the words of the bundled backs). A face prints its language's entry, "
        'else the message in its language, else "en", else the first entry.',
    ),
]


def words(text: str | dict[str, str] | None, lang: str) -> str | None:
    """What a template's ``text`` says on a face in ``lang``: a string as it is; of an object, the entry of
    ``lang``, else its ``message`` translated into ``lang`` (English when the catalog lacks it), else the
    English entry, else the first."""
    if text is None or isinstance(text, str):
        return text
    if lang in text:
        return text[lang]
    if "message" in text:
        from toolkit.i18n import t

        return t(lang, text["message"])
    return text.get("en") or next(iter(text.values()), None)


class BackTextBox(Area):
    """One centred line (shrunk to fit the box's width): the game's name or the deck's label, in the face's
    language."""

    text: WordsText | Words | None = Field(
        default=None,
        description="The words: a string printed in every language, or an object of words per language "
        "(and/or a catalog message); null: the game's name in the face's language.",
    )
    style: TextStyle = TextStyle(font="bold", size=10.0)


class TemplateImage(TemplateModel):
    """A picture of the template (a background, a back), scaled to cover the card and centred."""

    image: str = Field(
        min_length=1,
        max_length=1000,
        description="A PNG or JPEG file, relative to the template file's folder.",
    )


class ExtraText(Area):
    """A text box of the template's own: fixed ``text`` (words per language, as a back's title) or the value
    of a record ``field`` (``flavor``, ``name.en``, ``cost.mortgage``); broken into lines and shrunk to fit
    (down to 6 pt), inside the safe zone. A card without the field leaves the box empty."""

    text: WordsText | Words | None = Field(
        default=None, description="Fixed words: a string, or an object of words per language (and/or a message)."
    )
    field: Annotated[str, StringConstraints(pattern=FIELD_PATTERN, max_length=100)] | None = Field(
        default=None, description="A field of the record, dotted for a nested one: flavor, name.en, cost.mortgage."
    )
    style: TextStyle = TextStyle()
    align: Literal["left", "center"] = "left"

    @model_validator(mode="after")
    def _one_source(self) -> ExtraText:
        if (self.text is None) == (self.field is None):
            raise ValueError(tr("give {text} or {field}, one of them", text='"text"', field='"field"'))
        return self


class FrontTemplate(TemplateModel):
    """The front of one kind of record of one game."""

    schema_: str | None = Field(default=None, alias="$schema", description="Path of template.schema.json.")
    face: Literal["front"]
    card: CardSize = CardSize()
    frame: Frame = Frame()
    palette: dict[str, HexColour] = Field(
        default_factory=dict,
        description="Colours the card data picks by name (categories, decks, teams); missing ones keep the default.",
    )
    boxes: Boxes
    background: TemplateImage | None = Field(
        default=None,
        description="An image over the frame colour and panel, covering the card to the bleed edge; the boxes are "
        "drawn on it.",
    )
    texts: list[ExtraText] = Field(
        default_factory=list,
        max_length=20,
        description="Text boxes of the template's own: fixed words, or a field of the record, each in its box.",
    )


class BackTemplate(TemplateModel):
    """One kind of back (a deck: personal, shop, corp, runner, …)."""

    schema_: str | None = Field(default=None, alias="$schema", description="Path of template.schema.json.")
    face: Literal["back"]
    card: CardSize = CardSize()
    background: HexColour = Field(description="To the bleed edge.")
    image: TemplateImage | None = Field(
        default=None, description="A picture over the background colour, covering the card to the bleed edge."
    )
    borders: list[Border] = Field(default_factory=list, max_length=10)
    emblem: EmblemBox | None = None
    title: BackTextBox | None = None
    label: BackTextBox | None = None


Template = Annotated[FrontTemplate | BackTemplate, Field(discriminator="face")]
TEMPLATE_ADAPTER: TypeAdapter[Any] = TypeAdapter(Template)


def problems(template: FrontTemplate | BackTemplate) -> list[tuple[str, str]]:
    """What a schema cannot say about a template: (JSON pointer, message) for each box that reaches past the
    design card and each ``give_to`` naming a box the template lacks or going round in a circle."""
    card = template.card
    if isinstance(template, FrontTemplate):
        present: dict[str, Area] = dict(template.boxes.items())
        base = "/boxes"
    else:
        present = {n: b for n in ("emblem", "title", "label") if (b := getattr(template, n)) is not None}
        base = ""
    found: list[tuple[str, str]] = []
    if isinstance(template, FrontTemplate):
        present.update({f"texts/{i}": box for i, box in enumerate(template.texts)})
    for name, box in present.items():
        if box.x + box.width > card.width + 1e-6 or box.y + box.height > card.height + 1e-6:
            found.append(
                (
                    f"{base}/{name}",
                    tr(
                        "box {name} ({x}+{width} × {y}+{height} mm) reaches past the {card_width} × {card_height} mm "
                        "card",
                        name=repr(name.replace("/", " ")),
                        x=format(box.x, "g"),
                        width=format(box.width, "g"),
                        y=format(box.y, "g"),
                        height=format(box.height, "g"),
                        card_width=format(card.width, "g"),
                        card_height=format(card.height, "g"),
                    ),
                )
            )
        seen = [name]
        target = getattr(box, "give_to", None)
        while target is not None:
            if target not in present:
                found.append((f"{base}/{seen[-1]}/give_to", tr("{box} is no box of this template", box=repr(target))))
                break
            if target in seen:
                if target == name:
                    found.append(
                        (
                            f"{base}/{name}/give_to",
                            tr("boxes give their space in a circle: {boxes}", boxes=" -> ".join([*seen, target])),
                        )
                    )
                break
            seen.append(target)
            target = getattr(present[target], "give_to", None)
    return found


def pattern_problem(error: Any) -> str | None:
    """What a string a template pattern refuses should look like, in words (never the pattern itself), with
    the value given; None for an error of another kind."""
    if error.get("type") != "string_pattern_mismatch":
        return None
    pattern = (error.get("ctx") or {}).get("pattern")
    value = repr(error.get("input"))
    if pattern == COLOUR_PATTERN:
        return tr(
            "{value} is not a colour: write {form} (a # and six hexadecimal digits, e.g. {example}) or one of {roles}",
            value=value,
            form="#RRGGBB",
            example="#1f4e79",
            roles=", ".join(ROLES),
        )
    if pattern == HEX_PATTERN:
        return tr(
            "{value} is not a colour: write {form} (a # and six hexadecimal digits, e.g. {example})",
            value=value,
            form="#RRGGBB",
            example="#1f4e79",
        )
    if pattern == WORDS_KEY_PATTERN:
        return tr(
            "{value} is not a language: write a language tag such as {examples}, or {message}",
            value=value,
            examples="zh-Hans, en",
            message='"message"',
        )
    if pattern == FIELD_PATTERN:
        return tr(
            "{value} is not a field name: write a field of the record, dotted for a nested one, such as {examples}",
            value=value,
            examples="flavor, name.en, cost.mortgage",
        )
    return None


# ---------------------------------------------------------------------- loading


@dataclass(frozen=True)
class Templates:
    """Every template by (game, name): name is a record kind (fronts) or ``back-<deck>`` (backs)."""

    fronts: dict[tuple[str, str], FrontTemplate]
    backs: dict[tuple[str, str], BackTemplate]
    sources: dict[tuple[str, str], Path]

    def front(self, game: str, kind: str) -> FrontTemplate:
        return self.fronts[(game, kind)]

    def back(self, game: str, deck: str) -> BackTemplate:
        return self.backs[(game, f"back-{deck}")]


# a problem of a template file: (code, JSON pointer or None, line, column, problem in words)
_Problem = tuple[str, str | None, int, int, str]


def read_template(
    path: Path, expected: Literal["front", "back"] | None = None
) -> tuple[FrontTemplate | BackTemplate | None, list[Finding]]:
    """Read and validate one template file: the template (None when it is none) and every problem that keeps it
    from being one, each an error finding at the file, its pointer, line and column: ``template.read`` (an
    unreadable file), ``template.json`` (invalid JSON), ``template.schema`` (what the schema refuses, every
    value), ``template.box`` (a box past the card, a ``give_to`` naming no box or going round in a circle)."""
    template, found = _read(path, expected)
    findings: list[Finding] = []
    for code, ptr, line, column, problem in found:
        if code == "template.read":
            message = tr("cannot read file: {reason}", reason=problem)
        elif code == "template.json":
            message = tr("invalid JSON: {problem}", problem=problem)
        else:
            message = tr("{pointer}: {problem}", pointer=ptr, problem=problem)
        findings.append(Finding(code, message, "error", str(path), ptr, line or None, column or None))
    return template, findings


def _read(path: Path, expected: Literal["front", "back"] | None) -> tuple[FrontTemplate | BackTemplate | None,
                                                                          list[_Problem]]:  # fmt: skip
    source = read_source(path)
    if source.text is None:
        return None, [("template.read", None, 0, 0, str(source.error))]
    text = source.text
    try:
        data = loads_strict(text)
    except JsonSyntaxError as exc:
        return None, [("template.json", None, exc.line, exc.column, exc.message)]
    if not isinstance(data, dict):
        return None, [("template.schema", "/", 1, 1, tr("a template is a JSON object"))]
    if "face" not in data:
        face = expected or "front"
        return None, [("template.schema", "/face", 1, 1, tr("missing; write {json}", json=f'"face": "{face}"'))]
    positions = value_positions(text)
    if expected is not None and data.get("face") != expected:
        line, column = pointer_position(positions, loc_pointer(data, ("face",)))
        return None, [("template.schema", "/face", line, column, tr("this file is a {face} template", face=expected))]
    try:
        template: FrontTemplate | BackTemplate = TEMPLATE_ADAPTER.validate_python(data)
    except ValidationError as exc:
        found: list[_Problem] = []
        for error in exc.errors():
            ptr = loc_pointer(data, tuple(error["loc"])) or "/"
            line, column = pointer_position(positions, loc_pointer(data, tuple(error["loc"])))
            if error.get("type") == "extra_forbidden":
                problem = tr("not a field of this template")
            else:
                problem = pattern_problem(error) or model_error(error)
            found.append(("template.schema", ptr, line, column, problem))
        return None, found
    boxes: list[_Problem] = [
        ("template.box", ptr, *pointer_position(positions, ptr), problem) for ptr, problem in problems(template)
    ]
    if boxes:
        return None, boxes
    return template, []


def parse_template(path: Path, expected: Literal["front", "back"] | None = None) -> FrontTemplate | BackTemplate:
    """Read and validate one template file; a bad one is a one-line DossierError naming file, line and column
    (of its first problem, with how many more there are: :func:`read_template` gives every one)."""
    template, found = _read(path, expected)
    if template is not None:
        return template
    code, ptr, line, column, problem = found[0]
    if code == "template.read":
        raise DossierError(tr("{path}: cannot read template: {reason}", path=path, reason=problem))
    where = f"{path}:{line}:{column}"
    if code == "template.json":
        raise DossierError(tr("{where}: invalid JSON: {problem}", where=where, problem=problem), exit_code=2)
    if len(found) > 1:
        problem = and_more(problem, len(found) - 1)
    raise DossierError(
        tr("{where}: template error: {pointer}: {problem}", where=where, pointer=ptr, problem=problem), exit_code=2
    )


def _files(directory: Path) -> Iterator[tuple[tuple[str, str], Path]]:
    for game_dir in sorted(p for p in directory.iterdir() if p.is_dir() and not p.name.startswith(".")):
        for path in sorted(game_dir.glob("*.json")):
            yield (game_dir.name, path.stem), path


@functools.lru_cache(maxsize=1)
def default_templates() -> Templates:
    """The bundled templates (the look of the cards when no --template is given)."""
    return _build(dict(_files(TEMPLATE_DIR)), None)


def load_templates(override: Path | None = None, findings: list[Finding] | None = None) -> Templates:
    """The bundled templates with those in ``override`` (``DIR/<game>/<name>.json``) in their place.

    A file there that is no template (of a bundled name) is a DossierError, of the first such file; with
    ``findings`` (``dossier print --check``), every problem of every such file is added to it instead, as
    :func:`read_template` finds them (a file of no bundled name: ``template.name``), and the bundled template
    stays in its place."""
    if override is None:
        return default_templates()
    if not override.is_dir():
        raise DossierError(
            tr("--template {path}: not a directory", path=override)
            if override.exists()
            else tr("--template {path}: no such directory", path=override)
        )
    defaults = default_templates()
    given = dict(_files(override))
    stray = sorted(given.keys() - defaults.sources.keys())
    loose = sorted(p.name for p in override.glob("*.json"))
    if stray or loose:
        known = ", ".join(f"{g}/{n}.json" for g, n in sorted(defaults.sources))
        wrong = [given[key] for key in stray] + [override / name for name in loose]
        if findings is None:
            raise DossierError(
                tr(
                    "{path}: no bundled template has this name, so it would change nothing; expected one of {known}",
                    path=wrong[0],
                    known=known,
                )
            )
        for path in wrong:
            problem = tr("no bundled template has this name, so it would change nothing; expected one of {known}",
                         known=known)  # fmt: skip
            findings.append(Finding("template.name", problem, "error", str(path)))
        for key in stray:
            del given[key]
    if not given and not (findings is not None and (stray or loose)):
        files = "<game>/<name>.json"
        raise DossierError(tr("--template {path}: no {files} templates in it", path=override, files=files))
    return _build({**defaults.sources, **given}, defaults, findings)


def _build(
    sources: dict[tuple[str, str], Path], defaults: Templates | None, findings: list[Finding] | None = None
) -> Templates:
    fronts: dict[tuple[str, str], FrontTemplate] = {}
    backs: dict[tuple[str, str], BackTemplate] = {}
    for key, path in sources.items():
        if defaults is not None and defaults.sources.get(key) == path:
            if key in defaults.fronts:
                fronts[key] = defaults.fronts[key]
            else:
                backs[key] = defaults.backs[key]
            continue
        expected: Literal["front", "back"] = "back" if key[1].startswith("back-") else "front"
        if findings is None or defaults is None:
            template = parse_template(path, expected)
        else:
            read, found = read_template(path, expected)
            if read is None:  # told in findings: the bundled template stays in its place
                findings += found
                sources[key] = defaults.sources[key]
                if key in defaults.fronts:
                    fronts[key] = defaults.fronts[key]
                else:
                    backs[key] = defaults.backs[key]
                continue
            template = read
        if isinstance(template, BackTemplate):
            backs[key] = template
        else:
            if defaults is not None:  # palette entries left out keep the default's
                palette = {**defaults.fronts[key].palette, **template.palette}
                template = template.model_copy(update={"palette": palette})
            fronts[key] = template
    return Templates(fronts, backs, dict(sources))


def schema() -> dict[str, Any]:
    """The JSON Schema of a template file (written to ``schema/template.schema.json`` by ``dossier schema``)."""
    return TEMPLATE_ADAPTER.json_schema()


# ---------------------------------------------------------------------- what the words of a template may miss


def text_findings(
    templates: Templates, paths: Iterable[Path] | None = None, langs: Iterable[str] | None = None
) -> list[Finding]:
    """What the words of a valid template can still get wrong, each a finding at its file, place, line and column
    (of the templates read from ``paths``, else of every one in use):

    - ``template.field.unknown`` (error): a text box's ``field`` that no record of the template's kind has (a
      typo: ``flavour`` for ``flavor``): the box prints nothing on every card; with the fields it may be a slip for;
    - ``template.text.untranslated`` (warning): a ``{"message": …}`` that the catalog of a language of ``langs``
      (default: every language with a catalog) lacks, in words without an entry of that language: it prints in
      English on that language's cards.
    """
    from toolkit.i18n import LANGS, SOURCE_LANG

    wanted = None if paths is None else {Path(p) for p in paths}
    check = [lang for lang in (LANGS if langs is None else langs) if lang != SOURCE_LANG]
    findings: list[Finding] = []
    for key, path in sorted(templates.sources.items()):
        if wanted is not None and path not in wanted:
            continue
        found: list[tuple[str, Severity, str, str]] = []  # (code, severity, pointer, message)
        front = templates.fronts.get(key)
        texts: list[tuple[str, Any]] = []
        if front is not None:
            for index, extra in enumerate(front.texts):
                if extra.field is not None:
                    problem = _field_problem(key[0], key[1], extra.field)
                    if problem is not None:
                        found.append(("template.field.unknown", "error", f"/texts/{index}/field", problem))
                texts.append((f"/texts/{index}/text", extra.text))
        back = templates.backs.get(key)
        if back is not None:
            texts += [(f"/{name}/text", box.text) for name in ("title", "label") if (box := getattr(back, name))]
        for pointer, text in texts:
            if isinstance(text, dict) and "message" in text:
                for lang in check:
                    if lang not in text and _untranslated(text["message"], lang):
                        message = tr(
                            "{message} is not in the {lang} catalog: it prints in English on {lang} cards; give the "
                            "words of that language as {entry}",
                            message=repr(text["message"]),
                            lang=lang,
                            entry=f'"{lang}": "…"',
                        )
                        found.append(("template.text.untranslated", "warning", f"{pointer}/message", message))
        if found:
            source = read_source(path).text
            positions = value_positions(source) if source is not None else {}
            for code, severity, pointer, message in found:
                line, column = pointer_position(positions, pointer) if positions else (None, None)
                findings.append(Finding(code, message, severity, str(path), pointer, line, column))
    return findings


def _untranslated(message: str, lang: str) -> bool:
    """Whether the catalog of ``lang`` lacks ``message`` (a language without a catalog lacks every message)."""
    from toolkit.i18n import lang_of, translations

    return translations(lang_of(lang)).gettext(message) == message


def _field_problem(game: str, kind: str, field: str) -> str | None:
    """Why ``field`` (dotted) reads nothing from any record of ``game``'s ``kind`` (as
    :func:`toolkit.sheets.layouts.field_text` reads it), with the fields it may be a slip for; None when some
    record may have it."""
    import difflib

    from toolkit.models import KINDS

    if (game, kind) not in KINDS:
        return None
    models, open_ = _models(KINDS[(game, kind)])
    parts = field.split(".")
    for depth, part in enumerate(parts):
        if open_:  # a mapping, or a value read by a property: any key may be there
            return None
        names = _names(models)
        name = part if part in names else part.replace("-", "_").lower()
        if name not in names:
            from validators.wording import either, record_label

            prefix = "".join(p + "." for p in parts[:depth])
            near = difflib.get_close_matches(part, sorted(names), n=3, cutoff=0.6)
            hint = tr("; did you mean {choices}?", choices=either(prefix + n for n in near)) if near else ""
            problem = tr(
                "{records} records have no field {field}: this box prints nothing",
                records=record_label(game, kind),
                field=repr(field),
            )
            return problem + hint
        next_models: list[type[BaseModel]] = []
        for model in models:
            info = model.model_fields.get(name)
            if info is not None:
                found, more = _models(info.annotation)
                next_models += found
                open_ = open_ or more
            elif name in names and name not in model.model_fields and hasattr(model, name):
                open_ = True  # a property: what it reads is not known here
        models = next_models
    return None


def _models(annotation: Any) -> tuple[list[type[BaseModel]], bool]:
    """The models a value of ``annotation`` may be (through ``Optional``, unions and ``Annotated``; not into a
    list, whose items no dotted field reads), and whether it may be a mapping or anything (any key reads)."""
    import types
    import typing

    models: list[type[BaseModel]] = []
    open_ = False
    todo = [annotation]
    while todo:
        current = todo.pop()
        origin = typing.get_origin(current)
        if origin is Annotated:
            todo.append(typing.get_args(current)[0])
        elif origin in (typing.Union, types.UnionType):
            todo.extend(typing.get_args(current))
        elif current is Any or current is dict or origin is dict:
            open_ = True
        elif isinstance(current, type) and issubclass(current, BaseModel):
            if current.model_config.get("extra") == "allow":
                open_ = True  # words per language: any language tag
            models.append(current)
    return models, open_


def _names(models: list[type[BaseModel]]) -> set[str]:
    """The names a dotted field may take at a model: its fields and its properties (``is_response``)."""
    names: set[str] = set()
    for model in models:
        names.update(n for n in model.model_fields if not n.endswith("_"))  # (not schema_, the file's $schema)
        names.update(
            n for n in dir(model)
            if not n.startswith(("_", "model_")) and isinstance(getattr(model, n, None), property)
        )  # fmt: skip
    return names
