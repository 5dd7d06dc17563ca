"""Records of Crossfire / 谍战特工 (seed 003, id ``crossfire``)."""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable, Container, Iterable, Iterator, Mapping, Sequence
from typing import Annotated, Any, Literal

from pydantic import Field, ValidatorFunctionWrapHandler, model_validator
from pydantic_core import InitErrorDetails

from toolkit.i18n import current_lang, name_of, tr

from .common import (
    ART_DOC,
    MAX_ABILITIES,
    AbilityText,
    ArtPath,
    GameBase,
    ModeBase,
    PlayerRange,
    RecordBase,
    RecordModel,
    Slug,
    UniqueList,
    own_rules,
    problem,
    problems,
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

    @model_validator(mode="wrap")
    @classmethod
    def _rules(cls, data: Any, handler: ValidatorFunctionWrapHandler) -> Any:
        """The role's own checks, each told (with its fields' problems, as far as they tell)."""
        return own_rules(cls, data, handler, (_guns,))


def _guns(role: Any) -> Iterator[InitErrorDetails]:
    """``guns`` as the role fires (seed 003, RULINGS C3): an armed role shoots with 1 gun (the Enforcer with 2), a
    protector points with 1 at the player it protects, any other role has none, nor has the Sniper, who places shot
    cards and is armed. Told at the field to change (``guns``, or ``armed`` for a Sniper-like role that is not
    armed: both, when both are wrong), with what to write."""
    words = dict(guns="guns", armed="armed", protects="protects", marks="marks", true="true", false="false")
    if role.marks:
        if role.guns != 0:
            message = tr("a role that places shot cards ({marks} {true}) aims no gun: write {guns} 0", **words)
            yield problem("guns", role.guns, message)
        if not role.armed:
            message = tr("a role that places shot cards ({marks} {true}) is armed: write {armed} {true}", **words)
            yield problem("armed", role.armed, message)
    elif role.protects and role.guns == 0:
        message = tr(
            "{guns} is 0, but a role that protects points at one player to protect them: write {guns} 1", **words
        )
        yield problem("guns", 0, message)
    elif role.armed and role.guns == 0:
        message = tr(
            "{guns} is 0, but an armed role shoots: write {guns} 1 (2 for one that shoots two players, as the "
            "Enforcer)",
            **words,
        )
        yield problem("guns", 0, message)
    elif not (role.armed or role.protects) and role.guns > 0:
        message = tr(
            "{guns} is {n}, but the role neither shoots ({armed} {false}) nor protects ({protects} {false}): write "
            "{guns} 0, or {armed} {true} for a role that shoots, {protects} {true} for one that protects",
            n=role.guns,
            **words,
        )
        yield problem("guns", role.guns, message)


class Composition(RecordModel):
    """The roles dealt for one player count, before special-role substitutions."""

    players: int = Field(ge=1, le=20)
    roles: RoleCounts


class Removal(RecordModel):
    """Take away ``count`` of the first role in ``roles`` that the set-up holds."""

    roles: UniqueList[Slug] = Field(min_length=1, description="Preference order.")
    count: int = Field(default=1, ge=1, le=5)
    interchangeable: UniqueList[Slug] = Field(
        default_factory=list,
        description="Roles that are equally good here: when the first role held is one of them, any other of "
        "them the set-up holds may go instead (RULINGS C4: one Decoy-type role, else the Bystander). A deal takes "
        "the first; a role set with another is as legal.",
    )


class Substitution(RecordModel):
    """How a special role joins the set-up (RULINGS C4, C5); player count never changes."""

    role: Slug = Field(description="The special role that joins.")
    remove: list[Removal] = Field(min_length=1)
    add: RoleCounts = Field(description="Roles added, the special role included.")
    players: PlayerRange | None = Field(default=None, description="Player counts where it is allowed.")


class CrossfireRuleSimple(RecordModel):
    rule: Literal["player_count", "composition"]


class CrossfireRuleRoleCount(RecordModel):
    """Exactly/at least/at most so many of one role."""

    rule: Literal["role_count"]
    role: Slug
    min: int = Field(default=0, ge=0)
    max: int | None = Field(default=None, ge=0)

    @model_validator(mode="after")
    def _ordered(self) -> CrossfireRuleRoleCount:
        """A minimum past the maximum: no role set could keep the rule."""
        if self.max is not None and self.min > self.max:
            message = tr("min {min} is greater than max {max}", min=self.min, max=self.max)
            raise problems("CrossfireRuleRoleCount", [problem("min", self.min, message)])
        return self


CrossfireDeckRule = Annotated[CrossfireRuleSimple | CrossfireRuleRoleCount, Field(discriminator="rule")]


class CrossfireMode(ModeBase):
    kind: Literal["mode"]
    game: Literal["crossfire"]
    compositions: list[Composition] = Field(min_length=1, description="One per player count.")
    substitutions: list[Substitution] = Field(default_factory=list)
    deck_rules: list[CrossfireDeckRule] = Field(default_factory=list, description="Role-set rules as data.")
    public_roles: UniqueList[Slug] = Field(
        default_factory=list, description="Roles chosen openly and not dealt (狙击手)."
    )
    protection_lost_when_hit: bool = Field(
        default=False, description="House rule (RULINGS C3): a protector who is hit protects no one."
    )
    protester_counts_as_bystander: bool = Field(
        default=True, description="House rule (RULINGS C6): protester and supporter count as bystanders."
    )


RoleWord = Callable[[str], str]


class SetupError(ValueError):
    """Why a mode cannot deal a set-up, worded in the current language; ``option`` names what was asked wrong:
    ``players`` (no composition for that count) or ``special`` (a special role that cannot join)."""

    def __init__(self, message: str, option: str = "special") -> None:
        super().__init__(message)
        self.option = option


def mode_word(mode: CrossfireMode) -> str:
    """The mode inside a message: its name in the current language ("Crossfire mode", "交叉火力模式")."""
    return name_of(mode, current_lang())


def count_refusal(mode: CrossfireMode, players: int) -> str:
    """Why ``players`` cannot sit at a table of ``mode``: it has no composition for that count."""
    counts = sorted(c.players for c in mode.compositions)
    return tr("{mode} is for {low}-{high} players, not {n}", mode=mode_word(mode), low=counts[0], high=counts[-1],
              n=players)  # fmt: skip


def join_refusal(mode: CrossfireMode, role: str, players: int, word: RoleWord = repr) -> str | None:
    """Why special role ``role`` cannot join ``mode`` with ``players`` players (None: it can)."""
    sub = next((s for s in mode.substitutions if s.role == role), None)
    if sub is None:
        return tr(
            "{role} cannot join {mode} (special roles there: {roles})",
            role=word(role),
            mode=mode_word(mode),
            roles=tr(", ").join(word(s.role) for s in mode.substitutions) or tr("none"),
        )
    if sub.players is not None and not sub.players.min <= players <= sub.players.max:
        return tr(
            "{role} joins {mode} with {low}-{high} players, not {n}",
            role=word(role),
            mode=mode_word(mode),
            low=sub.players.min,
            high=sub.players.max,
            n=players,
        )
    return None


def _removals(removal: Removal, roles: Counter[str]) -> list[str]:
    """The roles one step of ``removal`` may take from ``roles``: the first held, or any interchangeable one."""
    first = next((r for r in removal.roles if roles[r] > 0), None)
    if first is None:
        return []
    if first not in removal.interchangeable:
        return [first]
    return [first] + [r for r in removal.interchangeable if r != first and roles[r] > 0]


def role_sets(mode: CrossfireMode, players: int, specials: Sequence[str], word: RoleWord = repr) -> list[dict[str, int]]:
    """Every role set ``mode`` may deal to ``players`` with ``specials`` joining, the deal's first.

    The same special roles give the same answer in any order (RULINGS C4, C5): each order they may join in is
    tried, in one fixed order (the ids sorted first), and the role sets of every order that can deal are
    kept. Raises :class:`SetupError`, one line naming the roles as ``word`` names them, when a special role
    cannot join this mode or this player count, joins twice or joins a set-up that holds it already (each special
    role joins a table at most once: Dossier's reading of seed 003, whose Bomber "单独获胜", wins alone), or no
    order leaves the set-up what each one replaces (the first order's reason). The one check of the special roles
    of a deal, a deck's role set and a table alike (deal, deck validate, resolve, simulate, the web).
    """
    base = next((c for c in mode.compositions if c.players == players), None)
    if base is None:
        raise SetupError(count_refusal(mode, players), "players")
    for special in specials:
        refusal = join_refusal(mode, special, players, word)
        if refusal is not None:
            raise SetupError(refusal)
    for special in sorted(set(specials)):
        if base.roles.get(special, 0):
            raise SetupError(tr("{role} joins a table at most once, and the {n}-player set-up of {mode} holds it "
                                "already", role=word(special), n=players, mode=mode_word(mode)))  # fmt: skip
        if list(specials).count(special) > 1:
            raise SetupError(tr("{role} joins a table at most once", role=word(special)))
    found: list[dict[str, int]] = []
    first: SetupError | None = None
    for order in sorted(set(itertools.permutations(sorted(specials)))):
        try:
            sets = _joined(mode, Counter(base.roles), players, order, word)
        except SetupError as exc:
            first = first or exc
            continue
        found.extend(roles for roles in sets if roles not in found)
    if not found:
        assert first is not None
        raise first
    return found


def _joined(
    mode: CrossfireMode, base: Counter[str], players: int, specials: Sequence[str], word: RoleWord
) -> list[dict[str, int]]:
    """The role sets of ``base`` with ``specials`` joining in this order: each removes, for each of its removals,
    the first role of its preference list that the set-up holds (or an interchangeable one), and adds its roles.
    Raises :class:`SetupError` when the set-up lacks what one of them replaces."""
    found: list[Counter[str]] = [base]
    for done, special in enumerate(specials):
        sub = next(s for s in mode.substitutions if s.role == special)
        for removal in sub.remove:
            for _ in range(removal.count):
                after: list[Counter[str]] = []
                for roles in found:
                    for gone in _removals(removal, roles):
                        left = Counter(roles)
                        left[gone] -= 1
                        if left not in after:
                            after.append(+left)
                if not after:
                    names = tr(" or ").join(word(r) for r in removal.roles)
                    if done:
                        raise SetupError(
                            tr(
                                "{role} replaces {roles}, but the {n}-player set-up has none left (after {specials})",
                                role=word(special),
                                roles=names,
                                n=players,
                                specials=tr(", ").join(word(s) for s in specials[:done]),
                            )
                        )
                    raise SetupError(
                        tr("{role} replaces {roles}, but the {n}-player set-up has none", role=word(special),
                           roles=names, n=players)
                    )  # fmt: skip
                found = after
        for roles in found:
            roles.update(sub.add)
    return [dict(sorted((+roles).items())) for roles in found]


def role_set(mode: CrossfireMode, players: int, specials: Sequence[str], word: RoleWord = repr) -> dict[str, int]:
    """The roles a deal gives ``players`` with ``specials`` joining (the first of :func:`role_sets`), as every front
    end asks for one (`crossfire deal`, `deck new`, the web's role sets and tables): a set-up that breaks a rule of
    the mode's own ``deck_rules`` (:func:`role_count_problem`: one that leaves no Assassin, say), which deck validate
    would refuse, is refused too (:class:`SetupError`, of ``special``, or of ``players`` without special roles)."""
    roles = role_sets(mode, players, specials, word)[0]
    for rule in mode.deck_rules:
        problem = role_count_problem(mode, rule, roles, word)
        if problem is not None:
            raise SetupError(problem, "special" if specials else "players")
    return roles


def role_count_problem(mode: CrossfireMode, rule: CrossfireDeckRule, counts: Mapping[str, int],
                       word: RoleWord = repr) -> str | None:  # fmt: skip
    """Why ``counts`` (role -> copies) breaks ``rule``, a ``role_count`` rule of ``mode`` (None: it keeps it, or it is
    another kind of rule), worded as deck validate words it of a deck ("Assassin ×0; Crossfire mode needs at least
    1")."""
    if not isinstance(rule, CrossfireRuleRoleCount):
        return None
    count = counts.get(rule.role, 0)
    if rule.min <= count and (rule.max is None or count <= rule.max):
        return None
    # one whole sentence for each kind of bound, so that a language words each as it says it
    card, name = word(rule.role), mode_word(mode)
    if rule.max == rule.min:
        return tr("{card} ×{n}; {mode} needs exactly {min}", card=card, n=count, mode=name, min=rule.min)
    if rule.max is None:
        return tr("{card} ×{n}; {mode} needs at least {min}", card=card, n=count, mode=name, min=rule.min)
    return tr("{card} ×{n}; {mode} needs {min}–{max}", card=card, n=count, mode=name, min=rule.min, max=rule.max)


def composition_problems(
    mode: CrossfireMode, vips: Container[str], assassins: Container[str], word: RoleWord = repr
) -> list[tuple[int, str | None, str]]:
    """Why compositions of ``mode`` are no set-up a table may be dealt, each as (the composition's index, the role it
    is about where one is, why: its player count and the problem, no label): no Assassin (``assassins``: the roles
    that are or count as one; the red team needs one), not exactly one VIP (``vips`` likewise; seed 003 §二: blue
    wins exactly when the VIP is not hit) and a rule of the mode's own ``deck_rules`` broken
    (:func:`role_count_problem`, once a VIP's count is told). The check of a mode's compositions lint and the engine
    share."""
    found: list[tuple[int, str | None, str]] = []
    for index, comp in enumerate(mode.compositions):
        if not any(role in assassins for role in comp.roles):
            found.append((index, None, tr("the {players}-player composition has no {role}; the red team needs one",
                                          players=comp.players, role=word("assassin"))))  # fmt: skip
        held = [role for role in comp.roles if role in vips]
        count = sum(comp.roles[role] for role in held)
        if count != 1:
            found.append((index, held[0] if len(held) == 1 else None,
                          tr("the {players}-player composition has {role} ×{n}; a table has exactly one {role} (seed "
                             "003: blue wins when the {role} is not hit)", players=comp.players, role=word("vip"),
                             n=count)))  # fmt: skip
        for rule in mode.deck_rules:
            problem = role_count_problem(mode, rule, comp.roles, word)
            if problem is None or (count != 1 and isinstance(rule, CrossfireRuleRoleCount) and rule.role in vips):
                continue
            role = rule.role if isinstance(rule, CrossfireRuleRoleCount) and rule.role in comp.roles else None
            found.append((index, role, tr("the {players}-player composition does not keep a rule of the mode: "
                                          "{problem}", players=comp.players, problem=problem)))  # fmt: skip
    return found


def composition_problem(
    mode: CrossfireMode,
    players: int,
    counts: Mapping[str, int],
    specials: Iterable[str],
    word: RoleWord = repr,
) -> tuple[str, str] | None:
    """Why ``counts`` (role -> copies) is no set-up ``mode`` deals to ``players``: ("special", why) when a special
    role cannot join, ("composition", the difference) when the mix differs from the set-up; None when it is one.

    ``specials`` are the special roles among ``counts``; they may have joined in any order (RULINGS C4, C5).
    The one check of a role set, for ``deck validate`` and ``crossfire resolve`` alike.
    """
    if not any(c.players == players for c in mode.compositions):
        return "composition", count_refusal(mode, players)
    actual = {r: n for r, n in counts.items() if n > 0}
    # a special role of the mode's own composition is dealt by it: only the copies beyond those joined (C5)
    base = next(c for c in mode.compositions if c.players == players).roles
    joined = sorted(itertools.chain.from_iterable([r] * (actual.get(r, 0) - base.get(r, 0)) for r in set(specials)
                                                  if r not in mode.public_roles))  # fmt: skip
    named = tr(", ").join(word(r) for r in joined)
    try:
        candidates = role_sets(mode, players, joined, word)
    except SetupError as exc:
        return "special", tr("special roles {roles}: {problem}", roles=named, problem=str(exc))
    if actual in candidates:
        return None
    expected = candidates[0]
    missing = Counter(expected) - Counter(actual)
    extra = Counter(actual) - Counter(expected)
    parts = []
    if missing:
        parts.append(tr("missing {roles}", roles=_counted(missing, word)))
    if extra:
        parts.append(tr("extra {roles}", roles=_counted(extra, word)))
    # TRANSLATORS: between the parts of a finding ("missing …; extra …")
    diff = tr("; ").join(parts)
    if joined:
        return "composition", tr("not the {n}-player set-up of {mode} with {roles}: {diff}", n=players,
                                 mode=mode_word(mode), roles=named, diff=diff)  # fmt: skip
    return "composition", tr("not the {n}-player set-up of {mode}: {diff}", n=players, mode=mode_word(mode), diff=diff)


def _counted(counts: Mapping[str, int], word: RoleWord) -> str:
    return tr(", ").join(tr("{card} ×{n}", card=word(r), n=n) for r, n in sorted(counts.items()))


CrossfireRecord = Annotated[CrossfireGame | CrossfireRole | CrossfireMode, Field(discriminator="kind")]

__all__ = [
    "Composition",
    "CrossfireDeckRule",
    "CrossfireGame",
    "CrossfireMode",
    "CrossfireRecord",
    "CrossfireRole",
    "Removal",
    "SetupError",
    "Substitution",
    "Team",
    "composition_problem",
    "composition_problems",
    "count_refusal",
    "join_refusal",
    "mode_word",
    "role_count_problem",
    "role_set",
    "role_sets",
]
