"""Records of Android: Netrunner (seed 001, id ``netrunner``).

The numbers in parentheses in seed 001 are figure labels, not values (RULINGS
N1): minimum deck size and influence limit come from each identity record.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from .common import AbilityText, GameBase, ModeBase, Model, Names, NonEmptyText, RecordBase, Slug, Term

Side = Literal["corp", "runner"]
CORP_TYPES = ("operation", "agenda", "ice", "upgrade", "asset")
RUNNER_TYPES = ("hardware", "resource", "program", "event")

XCost = Annotated[int | None, Field(ge=0, le=99, description="Cost in credits; null where the card says X.")]


class Action(Model):
    """A basic action and its cost (RULINGS N3)."""

    id: Slug
    side: Side
    name: Names
    clicks: int = Field(ge=0, le=10)
    credits: int = Field(default=0, ge=0, le=10)


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


class NetrunnerFaction(RecordBase):
    kind: Literal["faction"]
    game: Literal["netrunner"]
    side: Side
    color: str = Field(pattern=r"^#[0-9a-f]{6}$", description="Faction colour, #rrggbb.")
    neutral: bool = Field(default=False, description="Neutral cards of this side; they cost no influence.")


class RuleSimple(Model):
    """Rules without parameters."""

    rule: Literal[
        "one_identity",
        "side_match",
        "identity_min_deck_size",
        "influence_limit",
        "no_out_of_faction_agendas",
        "agenda_points_band",
        "ban_list",
    ]


class RuleCopyLimit(Model):
    """At most ``max`` copies of a title, unless the card's own deck_limit is lower."""

    rule: Literal["copy_limit"]
    max: int = Field(ge=1, le=10)


class RuleInfluenceFree(Model):
    """Identity exception: the first ``copies`` of each out-of-faction card of ``type`` cost no influence."""

    rule: Literal["influence_free"]
    type: Literal[CORP_TYPES + RUNNER_TYPES]  # type: ignore[valid-type]
    copies: int = Field(default=1, ge=1, le=3)


class RuleForbidFaction(Model):
    """Identity exception: no cards of ``faction`` at all."""

    rule: Literal["forbid_faction"]
    faction: Slug


NetrunnerDeckRule = Annotated[
    RuleSimple | RuleCopyLimit | RuleInfluenceFree | RuleForbidFaction,
    Field(discriminator="rule"),
]


class Printing(Model):
    """One printing of a card: a code in a set (imported data, e.g. NetrunnerDB's 5-digit codes)."""

    code: str = Field(pattern=r"^[A-Za-z0-9][A-Za-z0-9_-]{0,31}$", description="Printing code, e.g. '01048'.")
    set: Slug = Field(description="Set (pack) id.")
    position: int | None = Field(default=None, ge=0, le=9999, description="Card number within the set or cycle.")
    quantity: int | None = Field(default=None, ge=1, le=99, description="Copies of the card in the set.")
    illustrator: str | None = Field(default=None, min_length=1, max_length=200)


class PrintedText(Model):
    """Card text as printed, in natural language (imported cards); not the controlled ability language."""

    en: list[NonEmptyText] = Field(default_factory=list, description="English, one entry per paragraph.")
    zh_hans: list[NonEmptyText] = Field(
        default_factory=list, alias="zh-Hans", description="Simplified Chinese, one entry per paragraph."
    )


PRINTINGS_DOC = "Printings of this card, oldest first (imported data)."
PRINTED_TEXT_DOC = "Printed natural-language text (imported cards); `text` stays the controlled ability text."
UNTRANSLATED_DOC = (
    "JSON pointers of zh-Hans values that are stand-ins copied from English because no translation "
    "exists, e.g. '/name/zh-Hans'."
)


class NetrunnerFormat(ModeBase):
    """A play format (NetrunnerDB's sense): deck rules plus ban and restricted lists."""

    kind: Literal["format"]
    game: Literal["netrunner"]
    deck_rules: list[NetrunnerDeckRule] = Field(default_factory=list)
    banned: list[Slug] = Field(default_factory=list, description="Card ids not allowed at all.")
    restricted: list[Slug] = Field(default_factory=list, description="Card ids of which a deck may hold one title.")
    restricted_limit: int = Field(default=1, ge=0, description="How many restricted titles a deck may hold.")
    sets: list[Slug] | None = Field(default=None, description="Legal sets; null: every set.")


class NetrunnerIdentity(RecordBase):
    kind: Literal["identity"]
    game: Literal["netrunner"]
    side: Side
    faction: Slug
    min_deck_size: int = Field(ge=1, le=100, description="牌组下限.")
    influence_limit: int | None = Field(ge=0, le=99, description="影响力上限; null: unlimited.")
    base_link: int | None = Field(default=None, ge=0, le=10, description="Runner's base link strength.")
    subtypes: list[Slug] = Field(default_factory=list)
    text: list[AbilityText] = Field(default_factory=list)
    deck_rules: list[NetrunnerDeckRule] = Field(
        default_factory=list, description="Identity-specific deck rule exceptions."
    )
    set: Slug | None = None
    flavor: Names | None = None
    printings: list[Printing] = Field(default_factory=list, description=PRINTINGS_DOC)
    printed_text: PrintedText | None = Field(default=None, description=PRINTED_TEXT_DOC)
    untranslated: list[str] = Field(default_factory=list, description=UNTRANSLATED_DOC)


class CardBase(RecordBase):
    kind: Literal["card"]
    game: Literal["netrunner"]
    faction: Slug
    influence: int = Field(default=0, ge=0, le=10, description="Influence cost (影响力).")
    deck_limit: int | None = Field(
        default=None, ge=1, le=10, description="Most copies of this title in a deck; null: the format's copy limit."
    )
    unique: bool = Field(default=False, description="Only one copy may be active at a time.")
    subtypes: list[Slug] = Field(default_factory=list, description="Subtype ids (game subtypes).")
    text: list[AbilityText] = Field(default_factory=list)
    set: Slug | None = None
    flavor: Names | None = None
    printings: list[Printing] = Field(default_factory=list, description=PRINTINGS_DOC)
    printed_text: PrintedText | None = Field(default=None, description=PRINTED_TEXT_DOC)
    untranslated: list[str] = Field(default_factory=list, description=UNTRANSLATED_DOC)


class Operation(CardBase):
    type: Literal["operation"]
    cost: XCost


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
    "CardBase",
    "Event",
    "Hardware",
    "Ice",
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
    "Upgrade",
    "side_of_type",
]
