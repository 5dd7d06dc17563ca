"""A scenario: a Netrunner position and the decisions taken from it (``schema/scenario.schema.json``),
and the JSON shape of the state a game shows (``schema/netrunner/state.schema.json``).

A scenario file sets up the table as a person would lay it out (each side's identity,
credits, clicks, hand, the top of the deck, the installed cards with their rez state,
advancement and counters, servers with their ice, tags, bad publicity, score areas),
names the side whose action phase it is, and lists decisions by their labels
(``run:hq``, ``break:fine_line_cutter/0``, ``pay:2``, …). ``expect`` holds what must be
true afterwards, as dotted paths into the final state (``runner.credits``,
``corp.servers.0.ice.0.rezzed``) and their values. Its ``name`` and ``rule`` are plain text or
given in both languages (``{"zh-Hans": "…", "en": "…"}``), shown in the reader's.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Discriminator, Field, StringConstraints, Tag, field_validator

from toolkit.i18n import chinese, tr

from .common import Model, NonEmptyText, Slug

Side = Literal["corp", "runner"]
CounterKind = Literal["advancement", "virus", "power", "agenda"]
Amount = Annotated[int, Field(ge=0, le=999)]
ServerName = Annotated[str, Field(pattern=r"^(hq|rnd|archives|remote[1-9][0-9]?)$")]


Words = Annotated[str, StringConstraints(min_length=1, max_length=4000)]


class ScenarioText(Model):
    """A scenario's name or rule in each language: zh-Hans, English or both (:class:`Scenario` refuses neither)."""

    model_config = {**Model.model_config, "json_schema_extra": {"minProperties": 1}}

    zh_hans: Words | None = Field(default=None, alias="zh-Hans", description="Simplified Chinese.")
    en: Words | None = Field(default=None, description="English.")

    def get(self, lang: str) -> str:
        """The text in ``lang``, else in the other language."""
        first, second = (self.zh_hans, self.en) if chinese(lang) else (self.en, self.zh_hans)
        return first or second or ""


def _form(value: Any) -> str:
    """Which form a name or rule is written in: ``languages`` (an object) or ``text``."""
    return "languages" if isinstance(value, dict | ScenarioText) else "text"


# a name or rule: text, or the same in languages (an error is that of the form it is written in)
ScenarioName = Annotated[
    Annotated[NonEmptyText, Tag("text")] | Annotated[ScenarioText, Tag("languages")], Discriminator(_form)
]
ScenarioRule = Annotated[
    Annotated[str, StringConstraints(max_length=4000), Tag("text")] | Annotated[ScenarioText, Tag("languages")],
    Discriminator(_form),
]


def in_lang(text: str | ScenarioText | None, lang: str) -> str | None:
    """A scenario's name or rule in ``lang`` (plain text as it is written)."""
    return text.get(lang) if isinstance(text, ScenarioText) else text


class PlacedCard(Model):
    """A card on the table: its id and what sits on it."""

    card: Slug = Field(description="The card's id.")
    rezzed: bool = Field(default=False, description="Corp cards: face up (rezzed). Runner cards are always active.")
    counters: dict[CounterKind, Amount] = Field(default_factory=dict, description="Counters on the card by kind.")
    credits: Amount = Field(default=0, description="Credits placed on the card.")
    hosted: list[PlacedCard] = Field(default_factory=list, description="Runner cards hosted on this one.")


class ServerSetup(Model):
    """A server's ice (outermost LAST, as installed) and the cards in its root."""

    ice: list[PlacedCard] = Field(default_factory=list, description="Ice protecting the server, innermost first.")
    root: list[PlacedCard] = Field(default_factory=list, description="Upgrades (and in a remote an agenda or asset).")


class SideSetup(Model):
    """One side's part of the position. Unset numbers keep the game's starting values."""

    identity: Slug = Field(description="The identity's id.")
    credits: Amount | None = Field(default=None, description="Credits in the pool.")
    clicks: Amount | None = Field(default=None, description="Clicks left (the active side's action phase).")
    hand: list[Slug] = Field(default_factory=list, description="Cards in HQ or the grip.")
    deck: list[Slug] = Field(default_factory=list, description="R&D or the stack, TOP card first.")
    discard: list[Slug] = Field(default_factory=list, description="Archives (face up) or the heap.")
    discard_facedown: list[Slug] = Field(default_factory=list, description="Corp: face-down cards in Archives.")
    score_area: list[Slug] = Field(default_factory=list, description="Agendas scored or stolen.")
    tags: Amount = Field(default=0, description="Runner: tags.")
    brain_damage: Amount = Field(default=0, description="Runner: brain damage taken.")
    bad_publicity: Amount = Field(default=0, description="Corp: bad publicity.")
    rig: list[PlacedCard] = Field(default_factory=list, description="Runner: installed programs, hardware, resources.")
    servers: dict[ServerName, ServerSetup] = Field(
        default_factory=dict, description="Corp: servers by name (hq, rnd, archives, remote1, remote2, …)."
    )


class Scenario(Model):
    """A Netrunner position and a list of decisions to take from it."""

    schema_: str | None = Field(default=None, alias="$schema", description="Path of schema/scenario.schema.json.")
    game: Literal["netrunner"] = Field(description="The game (netrunner; tactics positions are not scenarios yet).")
    name: ScenarioName = Field(
        description="What the scenario shows: text, or {\"zh-Hans\": …, \"en\": …} (shown in the reader's language)."
    )
    rule: ScenarioRule | None = Field(
        default=None, description="The seed line or ruling it checks, quoted: text, or {\"zh-Hans\": …, \"en\": …}."
    )
    seed: int = Field(default=0, ge=0, le=2**31, description="Seed of shuffles and random choices.")
    format: Slug = Field(default="standard", description="The netrunner format.")
    active: Side = Field(default="corp", description="Whose action phase the position is in.")
    corp: SideSetup
    runner: SideSetup
    decisions: list[Annotated[str, Field(min_length=1, max_length=200)]] = Field(
        default_factory=list, description="Decision labels, in order (see `dossier scenario run` for the options)."
    )
    expect: dict[str, Any] = Field(
        default_factory=dict,
        description="Dotted paths into the final state (runner.credits, corp.servers.0.ice.0.rezzed, winner, "
        "log.<event>: how many events of that kind) and the values they must have.",
    )

    @field_validator("name", "rule")
    @classmethod
    def _some_language(cls, value: Any) -> Any:
        """A name or rule in languages has one at least (checked here, so that the error is the field's)."""
        if isinstance(value, ScenarioText) and value.zh_hans is None and value.en is None:
            raise ValueError(tr("give zh-Hans, en or both"))
        return value


# ---------------------------------------------------------------- the state a game shows


class CardNames(Model):
    zh_hans: str = Field(alias="zh-Hans")
    en: str


class CardState(Model):
    """A card as one seat sees it: a face-down card has ``id`` null, and ``name`` and (but for ice) ``type`` null
    unless the seat knows it (the runner, of a card it accessed where the card stays)."""

    uid: int
    id: str | None
    name: CardNames | None
    type: str | None
    strength: int | None = None
    rezzed: bool
    faceup: bool = Field(
        description="Whether the card lies face up where both players see it: true for the identities, the runner's "
        "cards out of the grip and the stack (installed, hosted, in the heap), the corp's rezzed cards, agendas in a "
        "score area and face-up cards in Archives; false for the corp's face-down cards (unrezzed, or face down in "
        "Archives) and the cards of a hand."
    )
    counters: dict[str, int] = Field(default_factory=dict)
    credits: int = 0
    recurring: int = 0
    hosted: list[CardState] = Field(default_factory=list)


class ServerState(Model):
    name: str
    ice: list[CardState] = Field(description="Innermost first.")
    root: list[CardState]


class CorpState(Model):
    identity: CardState
    credits: int
    clicks: int
    bad_publicity: int
    agenda_points: int
    hand_size: int
    hand: list[CardState] | None = Field(description="Null when the seat may not see it.")
    hand_count: int
    deck_count: int
    archives: list[CardState]
    score_area: list[CardState]
    servers: list[ServerState]
    in_play: list[CardState] = Field(default_factory=list, description="Operations staying in play (currents).")


class RunnerState(Model):
    identity: CardState
    credits: int
    clicks: int
    tags: int
    brain_damage: int
    link: int
    memory_used: int
    memory_limit: int
    agenda_points: int
    hand_size: int
    hand: list[CardState] | None = Field(description="Null when the seat may not see it.")
    hand_count: int
    deck_count: int
    heap: list[CardState]
    score_area: list[CardState]
    rig: list[CardState] = Field(description="Installed cards not hosted on another (those are in `hosted`).")
    in_play: list[CardState] = Field(default_factory=list, description="Events staying in play (currents).")


class SubroutineState(Model):
    index: int
    text: str
    broken: bool


class EncounterState(Model):
    ice: CardState
    subroutines: list[SubroutineState]


class RunView(Model):
    server: str
    step: Literal["initiation", "approach", "encounter", "movement", "success", "access", "over"]
    position: int = Field(description="Ice left to pass.")
    successful: bool
    ended: bool
    jacked_out: bool
    bad_publicity_credits: int
    encounter: EncounterState | None


class NetrunnerState(Model):
    """The state of a Netrunner game, whole (``seat`` null) or as one seat (1 corp, 2 runner) sees it."""

    seat: int | None
    turn: int
    active: Side
    phase: Literal["setup", "turns"]
    winner: Side | None
    reason: str | None
    corp: CorpState
    runner: RunnerState
    run: RunView | None
