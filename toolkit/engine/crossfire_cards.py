"""What each Crossfire player is told about their own role: :class:`RoleCard` from a :class:`Deal`.

One function for every way roles are handed out — the terminal's private reveal and the printed
slips (``dossier crossfire deal --private / --slips``) and the web moderator's private pages
(``dossier serve``): the role's name, its team, how it wins and plays (its own ability text,
rendered in the reader's language), and the role cards that passed through the player's hands
during the deal. Nothing about any other seat.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from toolkit import i18n
from toolkit.i18n.words import N_

if TYPE_CHECKING:
    from toolkit.engine.crossfire import Crossfire, Deal


def labels_in(lang: str) -> dict[str, str]:
    """What a role card says around the role's own text, in ``lang`` (the ``card`` words of toolkit.i18n)."""
    return i18n.table("card", lang)


@dataclass(frozen=True)
class RoleCard:
    """What one player is told about their role, in one language."""

    seat: int
    name: str | None
    role: str
    team: str  # blue, red or none
    team_line: str
    win: list[str]
    play: list[str]
    seen: list[str]
    labels: dict[str, str]
    lang: str = "zh-Hans"

    @property
    def player(self) -> str:
        if self.name:
            return self.labels["player_named"].format(seat=self.seat, name=self.name)
        return self.labels["player"].format(seat=self.seat)


# A set-up with a two-gun role (the Enforcer): everyone points with both hands, so that no one's hands give the
# role away, and the right hand is the one that counts (a house reading: seed 003 does not say which hand).
RIGHT_HAND = N_(
    "This set-up has a two-gun role, so everyone points with both hands: only your right hand counts, your left "
    "hand has no effect."
)
# The two-gun role itself: it may point at one player or two different ones (seed 003 "可同时指向两名不同玩家": it
# may; Dossier's reading, docs/rulings.md).
BOTH_HANDS = N_("This set-up has a two-gun role, so everyone points with both hands: both of yours are guns, one "
                "bullet each, at one player or two different players.")  # fmt: skip


# Sniper mode, the role that places the shot cards (the Sniper): what its shot cards decide, as seed 003 resolves
# them (RULINGS C9). Its own text says only that a Bystander hit makes it lose.
SHOT_CARDS = N_(
    "Sniper mode: your shot cards hit first. If they hit every Assassin, blue wins; if you put one in front of a "
    "Bystander or the VIP, red wins. Otherwise the Assassins still standing point and fire."
)


# A public role (the Sniper: seed 003, "其角色卡面朝上摆在面前"): its slip is laid open, face up in front of its
# player, not folded and kept hidden as a dealt role's is. These replace the ``keep`` and ``fold`` words of its card
# (what the printed slip says above and on its cover).
PUBLIC_KEEP = N_("Your role is public: lay this slip open, face up in front of you, for everyone to see.")
PUBLIC_FOLD = N_("Do not fold this slip: your role is no secret.")

# A role whose text says it counts as a Bystander (the Protester, the Supporter: seed 003 "视为旁观者"), at a table
# whose house rule protester_counts_as_bystander is off (RULINGS C6): that sentence is left out and this said instead.
NOT_A_BYSTANDER = N_("House rule at this table: you do not count as a Bystander.")


def role_name(game: Crossfire, role_id: str, lang: str) -> str:
    return i18n.name_of(game.records[role_id], lang)


def both_hands(game: Crossfire, result: Deal) -> bool:
    """Does everyone at the table of ``result`` point with both hands (crossfire mode, a two-gun role in the
    set-up)?"""
    return not result.sniper and any(game.roles[r].guns > 1 for r in result.setup if r in game.roles)


def role_card(
    game: Crossfire,
    result: Deal,
    seat: int,
    name: str | None,
    lang: str,
    house_rules: Mapping[str, bool] | None = None,
) -> RoleCard:
    """The role of ``seat`` as its player should see it: name, team, how it wins, how it plays, what they saw.
    Its text follows the table's ``house_rules`` (option -> on; by default its mode's): with
    ``protester_counts_as_bystander`` off, a role that counts as a Bystander only by that rule is told it does not."""
    from toolkit.engine.crossfire import BYSTANDER
    from toolkit.text import parse_cached
    from toolkit.text.render import render

    labels = labels_in(lang)
    role_id = result.roles[seat]
    record = game.records[role_id]
    rules = game.roles[role_id]
    if rules.public or seat in result.public:  # face up for everyone: nothing on its slip is to be hidden
        labels = {**labels, "keep": i18n.t(lang, PUBLIC_KEEP), "fold": i18n.t(lang, PUBLIC_FOLD)}
    play: list[str] = []
    unarmed = False  # in sniper mode, a role that does not fire there
    if rules.public:
        pass  # its own text says so (what the shot cards decide follows it)
    elif result.sniper and not rules.marks:
        fires = rules.shoots and "assassin" in rules.counts_as
        play.append(labels["sniper_assassin" if fires else "sniper_other"])
        unarmed = not fires
    elif rules.shoots:
        play.append(labels["armed"])
    elif not rules.protects:
        play.append(labels["unarmed"])
    rule = "protester_counts_as_bystander"
    counts = (house_rules or {}).get(rule, getattr(game.mode(result.mode), rule))
    not_bystander = not counts and BYSTANDER in rules.counts_as - rules.counts_strict  # (RULINGS C6 off)
    for text in record.text:
        ability = parse_cached(text)
        if unarmed and _only_if_you_hit(ability):
            continue  # (an Agent's "if you hit a Bystander, you lose": in sniper mode only the Assassins fire)
        if not_bystander and (rest := _without_counts_as(ability, BYSTANDER)) != ability:
            play.append(i18n.t(lang, NOT_A_BYSTANDER))  # in the place of the sentence it leaves out
            not_bystander = False  # (said once)
            if rest is None:
                continue
            ability = rest
        play.append(render(ability, lang))
    if result.sniper and rules.marks:
        play.append(i18n.t(lang, SHOT_CARDS))
    if both_hands(game, result) and not rules.public:
        play.append(i18n.t(lang, BOTH_HANDS if rules.guns > 1 else RIGHT_HAND))
    seen = seen_cards(game, result, seat, lang, labels)
    return RoleCard(
        seat=seat,
        name=name,
        role=role_name(game, role_id, lang),
        team=record.team,
        team_line=labels[record.team],
        win=[render(parse_cached(text), lang) for text in record.win],
        play=play,
        seen=seen,
        labels=labels,
        lang=lang,
    )


def seen_cards(
    game: Crossfire, result: Deal, seat: int, lang: str, labels: dict[str, str] | None = None
) -> list[str]:
    """The cards ``seat`` saw in the deal, one per look in order, each with where it came from (seed 003 §三: the
    players hold up what they saw against what their neighbours on either side saw): the card dealt to them, which
    they passed to their left neighbour (who saw it next); the card their right neighbour passed them (which that
    neighbour saw first); then each card a shuffle of three gave them, with the seat that shuffled. In ``lang``
    (``labels``: :func:`labels_in`, when at hand); a public role (the Sniper), dealt no card, saw none. Left is the next
    seat of the circle of dealt seats, as the deal passes the cards (:meth:`~toolkit.engine.crossfire.Crossfire.deal`)."""
    if seat in result.public:
        return []
    words = labels if labels is not None else labels_in(lang)
    looks = result.seen.get(seat, [])
    circle = sorted(s for s in result.roles if s not in result.public)
    at = circle.index(seat)
    left, right = circle[(at + 1) % len(circle)], circle[at - 1]
    shufflers = [by for by, trio in result.shuffles if seat in trio]
    lines = []
    for k, role in enumerate(looks):
        card = role_name(game, role, lang)
        if k == 0:
            lines.append(words["seen_first"].format(card=card, seat=left))
        elif k == 1:
            lines.append(words["seen_right"].format(card=card, seat=right))
        elif k - 2 < len(shufflers):
            by = shufflers[k - 2]
            line = words["seen_own_shuffle"] if by == seat else words["seen_shuffle"]
            lines.append(line.format(card=card, seat=by))
        else:  # (a deal saved with more looks than its shuffles: the card alone)
            lines.append(card)
    return lines


def _only_if_you_hit(ability: Any) -> bool:
    """Whether every effect of ``ability`` is "if you hit …, …" (a text about the role's own shots)."""
    from toolkit.text.ast import If, YouHit

    effects = [e for sentence in ability.sentences for e in sentence.effects]
    return bool(effects) and all(isinstance(e, If) and isinstance(e.condition, YouHit) for e in effects)


def _without_counts_as(ability: Any, role: str) -> Any:
    """``ability`` without its "you count as ``role``" (你视为…) effects; None when nothing else is left."""
    from toolkit.text.ast import CountsAs

    sentences = []
    for sentence in ability.sentences:
        effects = tuple(e for e in sentence.effects if not (isinstance(e, CountsAs) and e.role == role))
        if effects:
            sentences.append(replace(sentence, effects=effects))
    return replace(ability, sentences=tuple(sentences)) if sentences else None


def role_cards(game: Crossfire, result: Deal, names: dict[int, str], lang: str) -> list[RoleCard]:
    """Each seat's :func:`role_card`, in seat order."""
    return [role_card(game, result, seat, names.get(seat), lang) for seat in result.roles]


__all__ = [
    "BOTH_HANDS",
    "NOT_A_BYSTANDER",
    "PUBLIC_FOLD",
    "PUBLIC_KEEP",
    "RIGHT_HAND",
    "SHOT_CARDS",
    "RoleCard",
    "both_hands",
    "labels_in",
    "role_card",
    "role_cards",
    "role_name",
    "seen_cards",
]
