"""Building blocks shared by the three games' records."""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, model_validator

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
