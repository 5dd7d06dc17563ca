"""Records of Crossfire / 谍战特工 (seed 003, id ``crossfire``)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from toolkit.i18n import current_lang, tc, tr, trn

from .common import (
    ART_DOC,
    MAX_ABILITIES,
    AbilityText,
    ArtPath,
    GameBase,
    ModeBase,
    Model,
    PlayerRange,
    RecordBase,
    Slug,
)

Team = Literal["blue", "red", "none"]
RoleCounts = dict[Slug, Annotated[int, Field(ge=1, le=20)]]


class CrossfireGame(GameBase):
    kind: Literal["game"]
    game: Literal["crossfire"]
    discussion_seconds: int = Field(default=180, ge=1, description="Length of the open discussion.")


class CrossfireRole(RecordBase):
    """A role card (行动卡牌)."""

    kind: Literal["role"]
    game: Literal["crossfire"]
    team: Team = Field(description="Team it wins with: blue, red, or none (personal goals only).")
    armed: bool = Field(description="持械: its pointing can hit.")
    guns: int = Field(ge=0, le=2, description="How many players it aims at (执行者: 2).")
    protects: bool = Field(default=False, description="Its aim protects instead of shooting.")
    marks: bool = Field(
        default=False,
        description="Places shot cards (as many as there are assassins) instead of aiming (狙击手).",
    )
    special: bool = Field(description="Special role (特殊角色) rather than a standard one.")
    counts_as: Slug | None = Field(default=None, description="视为: the standard role it counts as.")
    text: list[AbilityText] = Field(max_length=MAX_ABILITIES, default_factory=list, description="Abilities.")
    win: list[AbilityText] = Field(max_length=MAX_ABILITIES, min_length=1, description="Win conditions, in ability text.")
    art: ArtPath | None = Field(default=None, description=ART_DOC)

    @model_validator(mode="after")
    def _guns(self) -> CrossfireRole:
        if self.marks:
            if self.guns != 0 or not self.armed:
                raise ValueError(tr("a role that places shot cards is armed and has {field} 0", field="guns"))
        elif (self.armed or self.protects) != (self.guns > 0):
            raise ValueError(tr("{field} must be 0 exactly when the role neither shoots nor protects", field="guns"))
        return self


class Composition(Model):
    """The roles dealt for one player count, before special-role substitutions."""

    players: int = Field(ge=1, le=20)
    roles: RoleCounts


class Removal(Model):
    """Take away ``count`` of the first role in ``roles`` that the set-up holds."""

    roles: list[Slug] = Field(min_length=1, description="Preference order.")
    count: int = Field(default=1, ge=1, le=5)


class Substitution(Model):
    """How a special role joins the set-up (RULINGS C4, C5); player count never changes."""

    role: Slug = Field(description="The special role that joins.")
    remove: list[Removal] = Field(min_length=1)
    add: RoleCounts = Field(description="Roles added, the special role included.")
    players: PlayerRange | None = Field(default=None, description="Player counts where it is allowed.")


class CrossfireRuleSimple(Model):
    rule: Literal["player_count", "composition"]


class CrossfireRuleRoleCount(Model):
    """Exactly/at least/at most so many of one role."""

    rule: Literal["role_count"]
    role: Slug
    min: int = Field(default=0, ge=0)
    max: int | None = Field(default=None, ge=0)


CrossfireDeckRule = Annotated[CrossfireRuleSimple | CrossfireRuleRoleCount, Field(discriminator="rule")]


class CrossfireMode(ModeBase):
    kind: Literal["mode"]
    game: Literal["crossfire"]
    compositions: list[Composition] = Field(min_length=1, description="One per player count.")
    substitutions: list[Substitution] = Field(default_factory=list)
    deck_rules: list[CrossfireDeckRule] = Field(default_factory=list, description="Role-set rules as data.")
    public_roles: list[Slug] = Field(default_factory=list, description="Roles chosen openly and not dealt (狙击手).")
    protection_lost_when_hit: bool = Field(
        default=False, description="House rule (RULINGS C3): a protector who is hit protects no one."
    )
    protester_counts_as_bystander: bool = Field(
        default=True, description="House rule (RULINGS C6): protester and supporter count as bystanders."
    )


def role_set(mode: CrossfireMode, players: int, specials: list[str]) -> dict[str, int]:
    """The roles dealt for ``players`` with the special roles ``specials`` joining.

    Substitutions apply in the order given (RULINGS C4, C5): each removes, for each
    of its removals, the first role of its preference list that the set-up holds,
    and adds its roles. Raises ValueError naming the problem when a special role
    cannot join this mode, this player count, or a set-up lacking what it replaces.
    """
    base = next((c for c in mode.compositions if c.players == players), None)
    if base is None:
        raise ValueError(
            trn("{mode} mode has no composition for {n} player", "{mode} mode has no composition for {n} players", players,
                mode=mode.id)
        )  # fmt: skip
    roles = dict(base.roles)
    subs = {s.role: s for s in mode.substitutions}
    for special in specials:
        sub = subs.get(special)
        if sub is None:
            raise ValueError(tr("{role} cannot join {mode} mode", role=repr(special), mode=mode.id))
        if sub.players is not None and not sub.players.min <= players <= sub.players.max:
            raise ValueError(
                tr(
                    "{role} joins only with {low}-{high} players, not {n}",
                    role=repr(special),
                    low=sub.players.min,
                    high=sub.players.max,
                    n=players,
                )
            )
        for removal in sub.remove:
            for _ in range(removal.count):
                present = next((r for r in removal.roles if roles.get(r, 0) > 0), None)
                if present is None:
                    raise ValueError(
                        tr(
                            "{role} replaces one of {roles}, and the set-up has none left",
                            role=repr(special),
                            roles=tc(current_lang(), "list", ", ").join(repr(r) for r in removal.roles),
                        )
                    )
                roles[present] -= 1
                if roles[present] == 0:
                    del roles[present]
        for role, count in sub.add.items():
            roles[role] = roles.get(role, 0) + count
    return roles


CrossfireRecord = Annotated[CrossfireGame | CrossfireRole | CrossfireMode, Field(discriminator="kind")]

__all__ = [
    "Composition",
    "CrossfireDeckRule",
    "CrossfireGame",
    "CrossfireMode",
    "CrossfireRecord",
    "CrossfireRole",
    "Removal",
    "Substitution",
    "Team",
    "role_set",
]
