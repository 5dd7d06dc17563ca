"""Records of Android: Netrunner (seed 001, id ``netrunner``).

The numbers in parentheses in seed 001 are figure labels, not values (RULINGS
N1): minimum deck size and influence limit come from each identity record.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Annotated, Any, Literal

from pydantic import ConfigDict, Field, ValidatorFunctionWrapHandler, model_validator
from pydantic_core import InitErrorDetails

from toolkit.i18n import tr

from .common import (
    ART_DOC,
    MAX_ABILITIES,
    AbilityText,
    ArtPath,
    GameBase,
    ModeBase,
    Names,
    NonEmptyText,
    RecordBase,
    RecordModel,
    Slug,
    Term,
    UniqueList,
    _languages_schema,
    _other_languages,
    own_rules,
    problem,
    problems,
)

Side = Literal["corp", "runner"]
CORP_TYPES = ("operation", "agenda", "ice", "upgrade", "asset")
RUNNER_TYPES = ("hardware", "resource", "program", "event")

XCost = Annotated[int | None, Field(ge=0, le=99, description="Cost in credits; null where the card says X.")]
Date = Annotated[str, Field(pattern=r"^\d{4}-\d{2}-\d{2}$", description="A date, YYYY-MM-DD.")]
PerCard = Annotated[int, Field(ge=1, le=10)]


class Action(RecordModel):
    """A basic action and its cost (RULINGS N3)."""

    id: Slug
    side: Side
    name: Names
    clicks: int = Field(ge=0, le=10)
    credits: int = Field(default=0, ge=0, le=10)


class CardSet(RecordModel):
    """A set (pack, expansion) that printings belong to."""

    id: Slug = Field(description="Set id, as printings' `set` name it.")
    name: Names
    cycle: Slug | None = Field(default=None, description="The cycle the set belongs to.")
    released: Date | None = Field(default=None, description="Release date.")
    code: Slug | None = Field(
        default=None, description="NetrunnerDB's code of the set (`core`, `sg`: `e:core`) where it differs from the id."
    )


class Cycle(RecordModel):
    """A cycle (NetrunnerDB's group of sets) and its names."""

    id: Slug = Field(description="Cycle id, as sets' and printings' `cycle` name it.")
    name: Names


class NetrunnerGame(GameBase):
    kind: Literal["game"]
    game: Literal["netrunner"]
    clicks: dict[Side, int] = Field(description="Clicks per turn for each side.")
    starting_credits: int = Field(ge=0)
    hand_size: int = Field(ge=0, description="Starting maximum hand size.")
    base_memory: int = Field(ge=0, description="Runner's base memory limit (MU).")
    agenda_points_to_win: int = Field(ge=1)
    actions: list[Action] = Field(default_factory=list, description="Basic actions with their costs.")
    subtypes: list[Term] = Field(default_factory=list, description="Card subtype vocabulary.")
    sets: list[CardSet] = Field(
        default_factory=list, description="Card sets, oldest first (imported data); names for messages and card pools."
    )
    cycles: list[Cycle] = Field(
        default_factory=list,
        description="Cycles with their names (imported data), as the data orders them; a set's `cycle` names one.",
    )


class NetrunnerFaction(RecordBase):
    kind: Literal["faction"]
    game: Literal["netrunner"]
    side: Side
    color: str = Field(pattern=r"^#[0-9a-f]{6}$", description="Faction colour, #rrggbb.")
    neutral: bool = Field(
        default=False,
        description=(
            "Neutral cards of this side: any identity of the side may use them (neutral agendas too); "
            "a neutral card with an influence cost costs that influence in every deck."
        ),
    )


class RuleSimple(RecordModel):
    """Rules without parameters."""

    rule: Literal[
        "one_identity",
        "side_match",
        "identity_min_deck_size",
        "influence_limit",
        "no_out_of_faction_agendas",
        "agenda_points_band",
        "ban_list",
        "card_pool",
    ]


class RuleCopyLimit(RecordModel):
    """At most ``max`` copies of a title, unless the card's own deck_limit is lower."""

    rule: Literal["copy_limit"]
    max: int = Field(ge=1, le=10)


class RuleInfluenceFree(RecordModel):
    """Identity exception: the first ``copies`` of each out-of-faction card of ``type`` cost no influence."""

    rule: Literal["influence_free"]
    type: Literal[CORP_TYPES + RUNNER_TYPES]  # type: ignore[valid-type]
    copies: int = Field(default=1, ge=1, le=3)


class RuleForbidFaction(RecordModel):
    """Identity exception: no cards of ``faction`` at all."""

    rule: Literal["forbid_faction"]
    faction: Slug


class RuleOutOfFactionAgendas(RecordModel):
    """Identity exception: agendas of other factions are allowed, at most ``per_faction`` different agenda
    titles of each other non-neutral faction (null: any number)."""

    rule: Literal["out_of_faction_agendas"]
    per_faction: int | None = Field(
        default=None, ge=0, le=20, description="Most different agenda titles of each other faction; null: no cap."
    )


class RuleDraftOnly(RecordModel):
    """Identity exception: for the Draft format only ("Draft format only"); every other format refuses it."""

    rule: Literal["draft_only"]


class RuleNotChecked(RecordModel):
    """The identity's printed text restricts or relaxes deck building in a way no rule here models: the deck
    validator says so (a warning) instead of giving a verdict as if the text were not there."""

    rule: Literal["not_checked"]
    paragraphs: list[Annotated[int, Field(ge=0, le=99)]] = Field(
        default_factory=list, description="Indexes (in `printed_text.en`) of the deck-building paragraphs not checked."
    )


NetrunnerDeckRule = Annotated[
    RuleSimple
    | RuleCopyLimit
    | RuleInfluenceFree
    | RuleForbidFaction
    | RuleOutOfFactionAgendas
    | RuleDraftOnly
    | RuleNotChecked,
    Field(discriminator="rule"),
]


class InfluenceCondition(RecordModel):
    """When a card costs no influence (an alliance card's condition): the deck holds from ``min`` to ``max``
    copies of the cards the filters describe (no filter: every card of the deck; the identity never counts)."""

    type: Literal[CORP_TYPES + RUNNER_TYPES] | None = Field(  # type: ignore[valid-type]
        default=None, description="Count only cards of this type."
    )
    faction: Slug | None = Field(default=None, description="Count only cards of this faction.")
    card: Slug | None = Field(default=None, description="Count only copies of this card (its id).")
    non_alliance: bool = Field(default=False, description="Leave out cards with the subtype `alliance`.")
    min: int | None = Field(default=None, ge=0, le=999, description="At least this many; null: no lower bound.")
    max: int | None = Field(default=None, ge=0, le=999, description="At most this many; null: no upper bound.")

    @model_validator(mode="after")
    def _bounded(self) -> InfluenceCondition:
        if self.min is None and self.max is None:
            raise ValueError(tr("an influence condition needs {min} or {max}", min="min", max="max"))
        if self.min is not None and self.max is not None and self.min > self.max:  # (no deck could meet it)
            message = tr("min {min} is greater than max {max}", min=self.min, max=self.max)
            raise problems("InfluenceCondition", [problem("min", self.min, message)])
        return self


class Printing(RecordModel):
    """One printing of a card: a code in a set (imported data, e.g. NetrunnerDB's 5-digit codes)."""

    code: str = Field(pattern=r"^[A-Za-z0-9][A-Za-z0-9_-]{0,31}$", description="Printing code, e.g. '01048'.")
    set: Slug = Field(description="Set (pack) id.")
    cycle: Slug | None = Field(default=None, description="The cycle of the set, where the data says.")
    position: int | None = Field(default=None, ge=0, le=9999, description="Card number within the set or cycle.")
    quantity: int | None = Field(default=None, ge=1, le=99, description="Copies of the card in the set.")
    illustrator: str | None = Field(default=None, min_length=1, max_length=200)


_PARAGRAPHS_SCHEMA: dict[str, Any] = {
    "type": "array",
    "items": {"type": "string", "minLength": 1, "maxLength": 2000},
    "description": "a list of paragraphs",
}


class PrintedText(RecordModel):
    """Card text as printed, in natural language (imported cards); not the controlled ability language. Any
    language beyond English and zh-Hans may be added under its language tag, one entry per paragraph."""

    model_config = ConfigDict(
        frozen=True, extra="allow", populate_by_name=True, json_schema_extra=_languages_schema(_PARAGRAPHS_SCHEMA)
    )

    en: list[NonEmptyText] = Field(default_factory=list, description="English, one entry per paragraph.")
    zh_hans: list[NonEmptyText] = Field(
        default_factory=list, alias="zh-Hans", description="Simplified Chinese, one entry per paragraph."
    )

    @model_validator(mode="after")
    def _languages(self) -> PrintedText:
        _other_languages(
            self,
            _PARAGRAPHS_SCHEMA,
            lambda v: isinstance(v, list) and all(isinstance(p, str) and 1 <= len(p) <= 2000 for p in v),
        )
        return self

    def get(self, lang: str) -> list[str]:
        """The paragraphs in ``lang`` (a language tag); none when the card has no text in it."""
        if lang == "zh-Hans":
            return list(self.zh_hans)
        if lang == "en":
            return list(self.en)
        value = (self.model_extra or {}).get(lang)
        return list(value) if isinstance(value, list) else []


class UnreadParagraph(RecordModel):
    """A paragraph of the printed English that the import did not read into ability text: its place and why."""

    index: int = Field(ge=0, le=99, description="Index of the paragraph in `printed_text.en`.")
    reason: Literal["no_template", "not_for_this_card", "not_in_grammar", "reads_back_differently"] = Field(
        description="Why it stays unread (see toolkit/importers/nrdb_text.py)."
    )


class TextReading(RecordModel):
    """The import's verdict on reading the printed English into ability text (imported cards only).

    Only indexes and reason codes are kept, never the printed sentences themselves."""

    status: Literal["executable", "partial", "printed_only"] = Field(
        description=(
            "executable: every paragraph read (or no text), `text` and the card script run the whole card; "
            "partial: `text` holds the paragraphs read and runs only those; printed_only: nothing read."
        )
    )
    read: list[Annotated[int, Field(ge=0, le=99)]] = Field(
        default_factory=list, description="Paragraph index (in `printed_text.en`) of each entry of `text`, in order."
    )
    unread: list[UnreadParagraph] = Field(default_factory=list, description="The paragraphs not read, and why.")
    scripted: list[Annotated[int, Field(ge=0, le=99)]] = Field(
        default_factory=list,
        description="Paragraph indexes a card script implements (toolkit/engine/netrunner/scripts); the engine "
        "runs the script's parts for these.",
    )
    rules: list[Annotated[int, Field(ge=0, le=99)]] = Field(
        default_factory=list,
        description="Paragraph indexes that restate a deck-building rule the deck validators enforce "
        "(e.g. a limit per deck equal to the card's `deck_limit`).",
    )


READING_DOC = "How much of the printed English the import read into `text` (imported cards); absent elsewhere."


PRINTINGS_DOC = "Printings of this card, oldest first (imported data)."
PRINTED_TEXT_DOC = "Printed natural-language text (imported cards); `text` stays the controlled ability text."
UNTRANSLATED_DOC = (
    "JSON pointers of zh-Hans values that are stand-ins copied from English because no translation "
    "exists, e.g. '/name/zh-Hans'."
)


class BanList(RecordModel):
    """A ban list (NetrunnerDB's restriction; the older ones were called Most Wanted Lists).

    Every kind of verdict NetrunnerDB has used: banned and restricted cards, the
    Eternal points list, universal faction cost (NAPD MWL 1.2) and the global
    influence penalty (NAPD MWL 1.0 and 1.1). Keys and entries are card or identity ids.
    """

    id: Slug
    name: Names
    date_start: Date | None = Field(default=None, description="The day the list took effect.")
    banned: UniqueList[Slug] = Field(
        default_factory=list, description="Ids not allowed in a deck at all (identities too)."
    )
    restricted: UniqueList[Slug] = Field(
        default_factory=list, description="Ids of which a deck may hold `restricted_limit` titles in all."
    )
    restricted_limit: int = Field(default=1, ge=0, description="How many restricted titles a deck may hold.")
    points: dict[Slug, PerCard] = Field(
        default_factory=dict, description="Points of each listed title (Eternal), however many copies a deck holds."
    )
    point_limit: int | None = Field(default=None, ge=0, description="Most points a deck may hold; null: no limit.")
    universal_faction_cost: dict[Slug, PerCard] = Field(
        default_factory=dict,
        description="Extra influence per copy of each listed card, paid in any faction's deck (in-faction too).",
    )
    global_penalty: dict[Slug, PerCard] = Field(
        default_factory=dict,
        description="Each copy of a listed card lowers the identity's influence limit by this much (to at least 1).",
    )
    max_3_point_agendas: int | None = Field(
        default=None,
        ge=0,
        description="Most agendas worth 3 or more points a deck may hold, copies counted (NetrunnerDB's "
        "`max_3_point_agendas`, a Startup restriction); null: no such cap.",
    )

    @model_validator(mode="after")
    def _banned_or_restricted(self) -> BanList:
        found = list(_both_banned_and_restricted(self))
        if found:
            raise problems("BanList", found)
        return self


def _both_banned_and_restricted(lists: Any) -> Iterator[InitErrorDetails]:
    """A card is banned or restricted, never both (told at its place in ``restricted``)."""
    banned = set(lists.banned)
    for index, card in enumerate(lists.restricted):
        if card in banned:
            yield problem(("restricted", index), card, tr("{id} is both banned and restricted", id=repr(card)))


class NetrunnerFormat(ModeBase):
    """A play format (NetrunnerDB's sense): deck rules, a card pool (its sets) and ban lists.

    The ban list in force is the one `ban_list` names among `ban_lists` (another
    can be chosen when validating); a format without named lists may write one
    inline in `banned`, `restricted` and `restricted_limit`.
    """

    kind: Literal["format"]
    game: Literal["netrunner"]
    deck_rules: list[NetrunnerDeckRule] = Field(default_factory=list)
    banned: UniqueList[Slug] = Field(
        default_factory=list, description="Inline ban list (only without `ban_list`): ids not allowed at all."
    )
    restricted: UniqueList[Slug] = Field(
        default_factory=list,
        description="Inline ban list (only without `ban_list`): ids of which a deck may hold `restricted_limit` titles.",
    )
    restricted_limit: int = Field(
        default=1, ge=0, description="Inline ban list: how many restricted titles a deck may hold."
    )
    sets: UniqueList[Slug] | None = Field(
        default=None,
        description="The card pool: a card is legal when one of its printings is in one of these sets; null: every set.",
    )
    pool_name: str | None = Field(
        default=None, min_length=1, max_length=200, description="Name of the card pool, e.g. 'Startup (Elevation)'."
    )
    ban_list: Slug | None = Field(
        default=None, description="Id of the ban list in force (one of `ban_lists`); null: the inline lists."
    )
    ban_lists: list[BanList] = Field(
        default_factory=list, description="Ban lists known for this format, oldest first; `ban_list` picks one."
    )
    snapshot_of: Slug | None = Field(
        default=None,
        description="The format this record is a dated snapshot of (its pool and ban list from `date_start`); "
        "null: a format in its own right, the one players mean today.",
    )
    date_start: str | None = Field(
        default=None,
        pattern=r"^\d{4}-\d{2}-\d{2}$",
        description="The day this format or snapshot took effect (YYYY-MM-DD), if known.",
    )

    @model_validator(mode="wrap")
    @classmethod
    def _rules(cls, data: Any, handler: ValidatorFunctionWrapHandler) -> Any:
        """The format's own checks, each told at its field (with the fields' problems, as far as they tell)."""
        return own_rules(cls, data, handler, (_ban_list_ids, _ban_list_known, _ban_list_inline,
                                              _both_banned_and_restricted))  # fmt: skip

    def find_ban_list(self, ban_list_id: str) -> BanList | None:
        """The ban list with this id, if the format knows it."""
        return next((b for b in self.ban_lists if b.id == ban_list_id), None)


def _ban_list_ids_of(fmt: Any) -> list[Any]:
    """The ids of a format's ban lists (of a refused format too, whose ban lists are JSON objects)."""
    return [b["id"] if isinstance(b, dict) else b.id for b in fmt.ban_lists]


def _ban_list_ids(fmt: Any) -> Iterator[InitErrorDetails]:
    """Each ban list of a format has its own id (told at the first that repeats one)."""
    ids = _ban_list_ids_of(fmt)
    if len(set(ids)) != len(ids):
        repeated = sorted(i for i in set(ids) if ids.count(i) > 1)
        index = next(n for n, i in enumerate(ids) if i in ids[:n])
        yield problem(("ban_lists", index, "id"), ids[index], tr("ban list ids repeat: {ids}", ids=repeated))


def _ban_list_known(fmt: Any) -> Iterator[InitErrorDetails]:
    """The ban list in force is one of the format's."""
    ids = _ban_list_ids_of(fmt)
    if fmt.ban_list is not None and fmt.ban_list not in ids:
        message = tr("{field} {value} is not one of {other} {ids}", field="ban_list", value=repr(fmt.ban_list),
                     other="ban_lists", ids=ids)  # fmt: skip
        yield problem("ban_list", fmt.ban_list, message)


def _ban_list_inline(fmt: Any) -> Iterator[InitErrorDetails]:
    """A format with a named ban list keeps its banned and restricted cards there (told at the inline list)."""
    if fmt.ban_list is not None and (fmt.banned or fmt.restricted):
        field = "banned" if fmt.banned else "restricted"
        message = tr("a format with a {field} keeps {banned} and {restricted} in that list, not inline",
                     field="ban_list", banned="banned", restricted="restricted")  # fmt: skip
        yield problem(field, getattr(fmt, field), message)


SEARCH_NAME_DOC = (
    "The title without accents or typographic quotes (NetrunnerDB's stripped_title), "
    "for matching names as people type them; only where it differs from the English name."
)


class IdentityFace(RecordModel):
    """Another face of an identity (NetrunnerDB's ``faces``): the back of a flip identity, or one of the
    faces of a facade identity. A field the face does not have is the front's."""

    name: Names | None = Field(default=None, description="The face's name, where it has its own.")
    search_name: NonEmptyText | None = Field(default=None, description=SEARCH_NAME_DOC)
    subtypes: UniqueList[Slug] | None = Field(default=None, description="The face's subtypes; null: the front's.")
    base_link: int | None = Field(default=None, ge=0, le=10, description="The face's base link; null: the front's.")
    printed_text: PrintedText | None = Field(default=None, description=PRINTED_TEXT_DOC)


class NetrunnerIdentity(RecordBase):
    kind: Literal["identity"]
    game: Literal["netrunner"]
    side: Side
    faction: Slug
    min_deck_size: int = Field(ge=1, le=100, description="牌组下限.")
    influence_limit: int | None = Field(ge=0, le=99, description="影响力上限; null: unlimited.")
    base_link: int | None = Field(default=None, ge=0, le=10, description="Runner's base link strength.")
    subtypes: UniqueList[Slug] = Field(default_factory=list)
    search_name: NonEmptyText | None = Field(default=None, description=SEARCH_NAME_DOC)
    text: list[AbilityText] = Field(max_length=MAX_ABILITIES, default_factory=list)
    starter_only: bool = Field(
        default=False,
        description="For the starter game only (its printed text says so): no format's deck may take it.",
    )
    deck_rules: list[NetrunnerDeckRule] = Field(
        default_factory=list, description="Identity-specific deck rule exceptions."
    )
    set: Slug | None = None
    flavor: Names | None = None
    printings: list[Printing] = Field(default_factory=list, description=PRINTINGS_DOC)
    printed_text: PrintedText | None = Field(default=None, description=PRINTED_TEXT_DOC)
    reading: TextReading | None = Field(default=None, description=READING_DOC)
    faces: list[IdentityFace] = Field(
        default_factory=list,
        max_length=8,
        description="The identity's other faces, in NetrunnerDB's order: the back of a flip identity (one), "
        "the faces of a facade identity; empty for a one-sided identity.",
    )
    untranslated: list[str] = Field(default_factory=list, description=UNTRANSLATED_DOC)
    art: ArtPath | None = Field(default=None, description=ART_DOC)


class CardBase(RecordBase):
    kind: Literal["card"]
    game: Literal["netrunner"]
    faction: Slug
    influence: int = Field(default=0, ge=0, le=10, description="Influence cost (影响力).")
    deck_limit: int | None = Field(
        default=None, ge=1, le=10, description="Most copies of this title in a deck; null: the format's copy limit."
    )
    unique: bool = Field(default=False, description="Only one copy may be active at a time.")
    starter_only: bool = Field(
        default=False,
        description="For the starter game only (its printed text says so): no format's deck may take it.",
    )
    subtypes: UniqueList[Slug] = Field(default_factory=list, description="Subtype ids (game subtypes).")
    influence_free_if: InfluenceCondition | None = Field(
        default=None,
        description="The card costs no influence in a deck that meets this condition (alliance cards); "
        "null: its influence always counts.",
    )
    search_name: NonEmptyText | None = Field(default=None, description=SEARCH_NAME_DOC)
    text: list[AbilityText] = Field(max_length=MAX_ABILITIES, default_factory=list)
    set: Slug | None = None
    flavor: Names | None = None
    printings: list[Printing] = Field(default_factory=list, description=PRINTINGS_DOC)
    printed_text: PrintedText | None = Field(default=None, description=PRINTED_TEXT_DOC)
    reading: TextReading | None = Field(default=None, description=READING_DOC)
    untranslated: list[str] = Field(default_factory=list, description=UNTRANSLATED_DOC)
    art: ArtPath | None = Field(default=None, description=ART_DOC)


class Operation(CardBase):
    type: Literal["operation"]
    cost: XCost
    trash_cost: int | None = Field(
        default=None,
        ge=0,
        le=20,
        description="Trash cost (销毁费用): the runner who accesses it (in HQ or R&D) may pay it to trash the card; "
        "null: it has none.",
    )


class Agenda(CardBase):
    type: Literal["agenda"]
    advancement_requirement: int | None = Field(ge=0, le=20, description="推进需求; null where X.")
    agenda_points: int = Field(ge=-5, le=10, description="议案分数.")


class Ice(CardBase):
    type: Literal["ice"]
    rez_cost: XCost
    strength: int | None = Field(ge=0, le=20, description="Strength; null where X.")
    trash_cost: int | None = Field(default=None, ge=0, le=20)


class Asset(CardBase):
    type: Literal["asset"]
    rez_cost: XCost
    trash_cost: int | None = Field(default=None, ge=0, le=20)


class Upgrade(CardBase):
    type: Literal["upgrade"]
    rez_cost: XCost
    trash_cost: int | None = Field(default=None, ge=0, le=20)


class Hardware(CardBase):
    type: Literal["hardware"]
    cost: XCost


class Resource(CardBase):
    type: Literal["resource"]
    cost: XCost


class Event(CardBase):
    type: Literal["event"]
    cost: XCost


class Program(CardBase):
    type: Literal["program"]
    cost: XCost
    memory_cost: int = Field(ge=0, le=10, description="内存费用 (MU).")
    strength: int | None = Field(default=None, ge=0, le=20, description="Icebreakers' strength.")


NetrunnerCard = Annotated[
    Operation | Agenda | Ice | Asset | Upgrade | Hardware | Resource | Event | Program,
    Field(discriminator="type"),
]


def side_of_type(card_type: str) -> Side:
    return "corp" if card_type in CORP_TYPES else "runner"


NetrunnerRecord = Annotated[
    NetrunnerGame | NetrunnerFaction | NetrunnerFormat | NetrunnerIdentity | NetrunnerCard,
    Field(discriminator="kind"),
]

NetrunnerCardModel = Operation | Agenda | Ice | Asset | Upgrade | Hardware | Resource | Event | Program

__all__ = [
    "Agenda",
    "Asset",
    "BanList",
    "CardBase",
    "CardSet",
    "Event",
    "Hardware",
    "Ice",
    "InfluenceCondition",
    "NetrunnerCard",
    "NetrunnerCardModel",
    "NetrunnerDeckRule",
    "NetrunnerFaction",
    "NetrunnerFormat",
    "NetrunnerGame",
    "NetrunnerIdentity",
    "NetrunnerRecord",
    "Operation",
    "PrintedText",
    "Printing",
    "Program",
    "Resource",
    "Side",
    "TextReading",
    "UnreadParagraph",
    "Upgrade",
    "side_of_type",
]
