"""Building blocks shared by the three games' records."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from typing import Annotated, Any, Literal, TypeVar

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    StringConstraints,
    ValidationError,
    ValidatorFunctionWrapHandler,
    model_validator,
)
from pydantic_core import InitErrorDetails, PydanticCustomError

from toolkit.i18n import tr

GameId = Literal["tactics", "netrunner", "crossfire"]
GAMES: tuple[GameId, ...] = ("tactics", "netrunner", "crossfire")

SLUG_PATTERN = r"^[a-z0-9]+(?:[_-][a-z0-9]+)*$"
Slug = Annotated[
    str,
    StringConstraints(pattern=SLUG_PATTERN, max_length=64),
    Field(description="Lower-case id: letters, digits, single '_' or '-' between them."),
]
NonEmptyText = Annotated[str, StringConstraints(min_length=1, max_length=2000)]
AbilityText = Annotated[
    str,
    StringConstraints(min_length=1, max_length=2000),
    Field(description="One ability in controlled zh-Hans ability text (see toolkit/text/ABILITY_TEXT.md)."),
]
MAX_ABILITIES = 64
"""Abilities in one list of a record (a printed card holds a handful: the real NetrunnerDB pool at most 5); a
longer list is refused before any of it is parsed, so a runaway file costs one error, not millions."""

ART_DOC = (
    "Card art: a PNG or JPEG file, its path relative to this record's file with forward slashes "
    "(e.g. '../art/ghost.png'). Printed in the layout's art box, scaled to cover it and centred."
)
ArtPath = Annotated[str, StringConstraints(min_length=1, max_length=500)]


def problem(field: str | int | tuple[str | int, ...], value: object, message: str) -> InitErrorDetails:
    """One problem a record's own check finds, told at ``field`` (a field, or its path inside the record) whose value
    is ``value`` (None for a field left out, which is told where it belongs): a model validator's own ``ValueError``
    has no place, and lint would place it at the start of the file. The message is in the current language, as a
    ``value_error``'s. Raise them with :func:`problems`, all at once."""
    error = PydanticCustomError("value_error", "{message}", {"message": message})
    loc = field if isinstance(field, tuple) else (field,)
    return InitErrorDetails(type=error, loc=loc, input=value)


def problems(title: str, found: Sequence[InitErrorDetails]) -> ValidationError:
    """The :class:`ValidationError` of the problems ``found`` (:func:`problem`): each its own error, so lint makes a
    finding of each, not one a round of fixes."""
    return ValidationError.from_exception_data(title, list(found))


def _no_repeats(values: list[Any]) -> list[Any]:
    """A list whose items are each listed once: a value listed again is told at the place it repeats."""
    if len(set(values)) == len(values):
        return values
    seen: set[Any] = set()
    found = []
    for index, value in enumerate(values):
        if value in seen:
            found.append(problem(index, value, tr("{value} is listed more than once", value=repr(value))))
        seen.add(value)
    raise problems("list", found)


T = TypeVar("T")
UniqueList = Annotated[list[T], AfterValidator(_no_repeats), Field(json_schema_extra={"uniqueItems": True})]
"""A list of values each listed once (subtypes, ids): the schema says ``uniqueItems``, the model names the value
listed again."""


class _Unread(Exception):
    """A field of a refused record whose value was refused too (or is missing): a rule that reads it says nothing."""


class Partial:
    """What a record the model refused holds in its fields that are valid, read as the model's attributes are (a
    field left out: its default), for its own rules (:func:`own_rules`): a field whose value was refused, or a
    required one left out, cannot be read (:class:`_Unread`). Nested records are their JSON objects here: a rule
    that needs more of them than whether they are given says nothing of a refused record."""

    def __init__(self, model: type[BaseModel], data: dict[str, Any], refused: set[Any]) -> None:
        self._model = model
        self._data = data
        self._refused = refused

    def refuses(self, name: str) -> bool:
        """Whether field ``name``'s value was refused (it is given, and wrong: told by its own error)."""
        field = self._model.model_fields[name]
        return name in self._refused or (field.alias is not None and field.alias in self._refused)

    def __getattr__(self, name: str) -> Any:
        field = self._model.model_fields.get(name)
        if field is None:
            raise AttributeError(name)
        if self.refuses(name):
            raise _Unread(name)
        for key in (field.alias, name):
            if key is not None and key in self._data:
                return self._data[key]
        if field.is_required():
            raise _Unread(name)
        return field.get_default(call_default_factory=True)


def unread(record: Any, name: str) -> bool:
    """Whether ``record`` (a model, or the :class:`Partial` of a refused one) has its ``name`` refused."""
    return isinstance(record, Partial) and record.refuses(name)


Rule = Callable[[Any], Iterable[InitErrorDetails]]
"""A record's own check: the problems (:func:`problem`) it finds in a record, or in the :class:`Partial` of a
refused one."""


def own_rules(model: type[BaseModel], data: Any, handler: ValidatorFunctionWrapHandler, rules: Sequence[Rule]) -> Any:
    """A wrap model validator's work for a record with several checks of its own: each of ``rules`` runs, and every
    problem they find is raised at once; on a record whose fields are refused, with the fields' own errors, as far
    as the valid fields tell (a rule reading a field refused says nothing), so lint tells them all in one run,
    not the rules a round of fixes later."""
    try:
        record = handler(data)
    except ValidationError as exc:
        if not isinstance(data, dict):
            raise
        errors = exc.errors()
        partial = Partial(model, data, {error["loc"][0] for error in errors if error["loc"]})
        found: list[InitErrorDetails] = []
        for rule in rules:
            try:
                found.extend(rule(partial))
            except (_Unread, AttributeError, TypeError, KeyError):  # (a nested record is its JSON object here)
                continue
        if not found:
            raise
        raise problems(exc.title, [*map(_again, errors), *found]) from None
    found = [one for rule in rules for one in rule(record)]
    if found:
        raise problems(model.__name__, found)
    return record


def _again(error: Any) -> InitErrorDetails:
    """A pydantic error (an item of ``ValidationError.errors()``) to raise again, as it was said."""
    kind = PydanticCustomError(error["type"], error["msg"], error.get("ctx"))
    return InitErrorDetails(type=kind, loc=error["loc"], input=error["input"])


class Model(BaseModel):
    """Frozen, closed pydantic model: unknown fields are errors, values never change."""

    model_config = ConfigDict(frozen=True, extra="forbid", populate_by_name=True, defer_build=True)


class RecordModel(Model):
    """A record, or a part of one, validated strictly: a number is a JSON integer (never ``"1"`` or ``true``), a
    switch ``true`` or ``false`` (never ``"no"`` or ``0``), a text a string, as the record's JSON Schema (generated
    from these models, the same with or without ``strict``) says. So a record the model accepts, the schema accepts:
    lint runs the schema only on a record the model refuses (:mod:`validators.lint`). A whole number written with a
    decimal point (``1.0``), which JSON Schema's "integer" takes, is refused too, as in a deck
    (:mod:`toolkit.models.deck`): records write whole numbers without one, and lint says so. Strict mode reads the
    rest as before: a ``Literal`` (the schema's enum) from the same string, a nested model from a JSON object, a
    list from a JSON array (there is no tuple, enum or float field in a record)."""

    model_config = ConfigDict(strict=True)


# A language tag (BCP 47, the forms card data uses): "fr", "pt-BR", "zh-Hant", "es-419"
LANG_TAG = r"^[a-z]{2,3}(-[A-Z][a-z]{3})?(-([A-Z]{2}|[0-9]{3}))?$"
_LANG_TAG = re.compile(LANG_TAG)


def _other_languages(model: BaseModel, value_schema: dict[str, Any], valid: Any) -> None:
    """Check the languages beyond zh-Hans and en that ``model`` carries (its extra fields): each key a language
    tag, each value what ``valid`` accepts."""
    for key, value in (model.model_extra or {}).items():
        if not _LANG_TAG.match(key):
            raise ValueError(tr("{key} is not a language tag (such as {examples})", key=repr(key), examples="fr, pt-BR, zh-Hant"))
        if not valid(value):
            raise ValueError(tr("{key}: expected {what}", key=key, what=_described(value_schema)))


def _described(value_schema: dict[str, Any]) -> str:
    """What a value of another language must be, as a message says it."""
    description = value_schema.get("description", "text")
    if description == "text":
        return tr("text")
    if description == "a list of paragraphs":
        return tr("a list of paragraphs")
    return str(description)


def _languages_schema(value_schema: dict[str, Any]) -> dict[str, Any]:
    return {"patternProperties": {LANG_TAG: value_schema}, "additionalProperties": False}


_NAME_SCHEMA: dict[str, Any] = {"type": "string", "minLength": 1, "maxLength": 2000, "description": "text"}


class Names(RecordModel):
    """A name in each language; zh-Hans is required, English optional, and any other language may be added under
    its language tag (``"fr": "…"``, ``"ja": "…"``: imported cards carry NetrunnerDB's translations)."""

    model_config = ConfigDict(
        frozen=True, extra="allow", populate_by_name=True, json_schema_extra=_languages_schema(_NAME_SCHEMA)
    )

    zh_hans: NonEmptyText = Field(alias="zh-Hans", description="Simplified Chinese, as printed.")
    en: NonEmptyText | None = Field(default=None, description="English, where natural.")

    @model_validator(mode="after")
    def _languages(self) -> Names:
        _other_languages(self, _NAME_SCHEMA, lambda v: isinstance(v, str) and 1 <= len(v) <= 2000)
        return self

    def get(self, lang: str) -> str | None:
        """The name in ``lang`` (a language tag), if the record has one."""
        if lang == "zh-Hans":
            return self.zh_hans
        if lang == "en":
            return self.en
        value = (self.model_extra or {}).get(lang)
        return value if isinstance(value, str) else None


class PlayerRange(RecordModel):
    """How many players: ``min`` to ``max`` inclusive."""

    min: int = Field(ge=1, le=20, description="Fewest players.")
    max: int = Field(ge=1, le=20, description="Most players.")

    @model_validator(mode="after")
    def _ordered(self) -> PlayerRange:
        if self.min > self.max:
            raise ValueError(tr("min {min} is greater than max {max}", min=self.min, max=self.max))
        return self


class RecordBase(RecordModel):
    """Fields every record has. ``kind`` and ``game`` are set by each subclass."""

    schema_: str | None = Field(
        default=None,
        alias="$schema",
        description="Path of this record's JSON Schema, relative to the file.",
    )
    id: Slug = Field(description="Unique within the game; equals the file name without .json.")
    name: Names = Field(description="Localized names.")


class Zone(RecordModel):
    """A place cards can be (hand, deck, discard, …)."""

    id: Slug
    name: Names
    scope: Literal["player", "shared"] = Field(description="One per player, or shared by the table.")
    hidden: bool = Field(description="Whether its cards are face down / secret to opponents.")


class Resource(RecordModel):
    """A countable resource (credits, clicks, …)."""

    id: Slug
    name: Names


class Symbol(RecordModel):
    """An inline symbol used in ability text, written as ``[id]`` and printed as an icon."""

    id: Slug
    name: Names


class Term(RecordModel):
    """An entry of a closed vocabulary that lives in data (subtypes, attack kinds)."""

    id: Slug
    name: Names


class GameBase(RecordBase):
    """The game record: one per game, id equal to the game id."""

    players: PlayerRange
    zones: list[Zone] = Field(default_factory=list, description="Zones of the game.")
    resources: list[Resource] = Field(default_factory=list, description="Countable resources.")
    symbols: list[Symbol] = Field(default_factory=list, description="Inline symbols usable in text as [id].")


class ModeBase(RecordBase):
    """A way to play the game, with its deck rules as data."""

    players: PlayerRange
    status: Literal["complete", "incomplete"] = Field(
        default="complete",
        description="'incomplete' when the rule documents leave the mode unspecified.",
    )
    summary: Names | None = Field(default=None, description="One-paragraph description.")
