"""Lint of a crossfire role's fields against its own text (``card.role.field``, an error at the field).

A role record repeats what its text says in fields: ``guns`` (``你有 N 把枪…``), ``protects`` (``你不射击；你保护你指向的
玩家…``), ``marks`` (the Sniper's shot cards), ``counts_as`` (``你视为<角色>``), and ``armed``, which a text that shoots
(``…各射 1 发``, the shot cards) implies, and a text that protects (``你不射击；…``: seed 003's protectors do not shoot)
denies. The engine plays the text (:func:`toolkit.engine.crossfire.compile_role`); the printed card, the database
and the record model read the fields. Where a field says otherwise than the text,
the finding names the field's value, the sentence of the text (its pointer and words) and the value it implies.
A text that gives a role more guns than any role holds (:func:`most_guns`, the record model's and the schema's
bound: the Enforcer's two) is told at that text, with the most the rules allow, never that ``guns`` should take a
value it cannot.

Cheap enough for every role of a large pool: the role's texts were parsed by lint a moment before (the parse
cache), and only the sentences that say what a role is are looked at (:func:`toolkit.engine.crossfire.role_traits`),
once per role; nothing is rendered unless there is a finding.
"""

from __future__ import annotations

import functools
import json
from typing import TYPE_CHECKING, Any

from toolkit.engine.crossfire import RoleTraits, role_traits
from toolkit.i18n import current_lang, tr
from toolkit.text import ast as A
from toolkit.text.vocab import ROLES

if TYPE_CHECKING:
    from collections.abc import Callable, Mapping

    from toolkit.models.crossfire import CrossfireMode, CrossfireRole

    from .lint import Entry

CODE = "card.role.field"
_PROTECT = A.Protect(1)  # the sentences a field may claim that the text lacks, as the finding words them
_MARKS = A.SniperMarks(1)


def check_role_fields(entry: Entry, record: CrossfireRole) -> None:
    """Add to ``entry`` (a target whose record is the crossfire role ``record``, the model) a ``card.role.field``
    error for each field that contradicts the role's text (:func:`role_field_problems`)."""
    for ptr, message in role_field_problems(record, entry.label):
        entry.add(CODE, message, ptr)


def role_field_problems(record: CrossfireRole, label: str) -> list[tuple[str, str]]:
    """(pointer of the field, message) for each field of ``record`` that its text contradicts, in field order;
    ``label`` names the record in the messages. None is said of a role whose text does not parse (lint reports the
    text): what it says is not known."""
    traits = role_traits(record)
    if traits is None:
        return []
    found: list[tuple[str, str]] = []
    most = most_guns()
    guns = traits.last(A.Guns)
    if guns is not None and traits.guns > most:
        # More guns than a role holds: the text is wrong, not the field (which cannot be more; the schema and the
        # record model say so too). Told at the text, with what the rules allow; the field is checked once it fits.
        message = tr(
            '{label}: {pointer} says "{sentence}", but a role holds at most {most} guns (in the rules the '
            "Enforcer's two are the most), and {field} cannot be more; write at most {most} guns in the text",
            label=label,
            pointer=guns[0],
            sentence=_words(guns[1]),
            most=most,
            field="guns",
        )
        found.append((guns[0], message))
    for field, value, implied, said, absent in _implied(record, traits):
        if field == "guns" and traits.guns > most and guns is not None:
            continue
        if value == implied:
            continue
        words = {"label": label, "field": field, "value": _json(value), "implied": _json(implied)}
        if said is not None:
            message = tr(
                '{label}: {field} is {value}, but {pointer} says "{sentence}"; the game goes by the text, so '
                "{field} should be {implied}",
                pointer=said[0],
                sentence=_words(said[1]),
                **words,
            )
        else:
            assert absent is not None
            message = tr(
                '{label}: {field} is {value}, but no sentence of its text says "{sentence}"; the game goes by the '
                "text, so {field} should be {implied}",
                sentence=_words(absent),
                **words,
            )
        found.append((f"/{field}", message))
    return found


MODE_CODE = "card.mode.composition"


def mode_composition_problems(
    record: CrossfireMode, roles: Mapping[str, Any], label: str, word: Callable[[str], str] | None = None
) -> list[tuple[str, str]]:
    """(pointer, message) for each composition of the crossfire mode ``record`` that no table may be dealt: one
    without an Assassin, without exactly one VIP (seed 003 §二: blue wins exactly when the VIP is not hit) or against
    a rule of the mode's own ``deck_rules`` (:func:`toolkit.models.crossfire.composition_problems`, the check the
    engine refuses such a mode by). ``roles``: the pool's roles by id (records or lint's summaries of them), a role
    counting as the VIP or an Assassin by its id or its ``counts_as`` (whose agreement with the text is checked at
    the role); ``label`` names the mode, ``word`` a role in the messages (default: its name in the current language
    where the record has one, else its id). Each finding is placed at the role it is about
    (``/compositions/1/roles/vip``), else at the composition's roles; lint adds them as ``card.mode.composition``
    errors (:data:`MODE_CODE`)."""
    from toolkit.i18n import name_of
    from toolkit.models.crossfire import composition_problems

    def counted(role: str) -> set[str]:  # (the role itself, whether or not ``roles`` holds it)
        return {role} | {rid for rid, r in roles.items() if getattr(r, "counts_as", None) == role}

    def named(role_id: str) -> str:
        record = roles.get(role_id)
        return name_of(record, current_lang()) if getattr(record, "name", None) is not None else role_id

    found = []
    for index, role, problem in composition_problems(record, counted("vip"), counted("assassin"), word or named):
        pointer = f"/compositions/{index}/roles" + (f"/{role}" if role is not None else "")
        found.append((pointer, tr("{label}: {problem}", label=label, problem=problem)))
    return found


@functools.cache
def most_guns() -> int:
    """The most guns a role holds: the bound of the record model's ``guns`` (the schema's ``maximum`` is made
    from it), the Enforcer's two of seed 003 ("执行者持两把枪"). The check above tells a text with more."""
    from annotated_types import Le

    from toolkit.models.crossfire import CrossfireRole

    bound = next(m.le for m in CrossfireRole.model_fields["guns"].metadata if isinstance(m, Le))
    return int(bound)  # type: ignore[call-overload]


# (field, its value, the value the text implies, the sentence that implies it or None, the sentence whose absence
# implies it when none does)
_Check = tuple[str, Any, Any, tuple[str, A.Node] | None, A.Node | str | None]


def _implied(record: CrossfireRole, traits: RoleTraits) -> list[_Check]:
    checks: list[_Check] = []
    guns = traits.last(A.Guns)
    marks = traits.first(A.SniperMarks)
    protect = traits.first(A.Protect)
    shoots = (guns or marks) if protect is None else None  # a sentence by which the role fires
    if shoots is not None:
        checks.append(("armed", record.armed, True, shoots, None))
    elif protect is not None:  # "你不射击": a protector's pointing hits no one (seed 003: 保镖, 维和者 不射击)
        checks.append(("armed", record.armed, False, protect, None))
    if marks is not None:  # the Sniper aims at no one (the record model: it has 0 guns)
        checks.append(("guns", record.guns, 0, marks, None))
    elif guns is not None:
        checks.append(("guns", record.guns, traits.guns, guns, None))
    elif protect is not None:
        checks.append(("guns", record.guns, 1, protect, None))
    elif record.guns > 1:  # no sentence gives it more than one gun (0 or 1 follow from armed and protects)
        checks.append(("guns", record.guns, 1 if record.armed else 0, None, A.Guns(record.guns, 1)))
    checks.append(("protects", record.protects, traits.protects, protect, _PROTECT))
    checks.append(("marks", record.marks, traits.marks, marks, _MARKS))
    others = [role for role in traits.counts_as if role != record.id]  # (a role counts as itself anyway)
    field = record.counts_as
    if (field is None and others) or (field is not None and field != record.id and field not in others):
        said = next((item for item in traits.said if isinstance(item[1], A.CountsAs) and item[1].role in others), None)
        absent: A.Node | str | None = None
        if said is None:
            absent = A.CountsAs(field) if field in ROLES else "你视为…"
        checks.append(("counts_as", field, others[0] if others else None, said, absent))
    return checks


def _json(value: Any) -> str:
    """A field's value as the record's JSON writes it (``true``, ``2``, ``"agent"``, ``null``)."""
    return json.dumps(value, ensure_ascii=False)


def _words(node: A.Node | str) -> str:
    """A sentence of the role's text as the card says it, without its full stop (``你有 2 把枪：…``); in another
    language than zh-Hans, its English after it (as the engine names a form: ``toolkit.engine.crossfire._form``)."""
    if isinstance(node, str):
        return node
    from toolkit.engine.forms import form_words

    zh, en = form_words(("node", type(node).__name__), node)
    return zh if current_lang() == "zh-Hans" or en == zh else f"{zh} ({en})"


__all__ = ["CODE", "MODE_CODE", "check_role_fields", "mode_composition_problems", "most_guns", "role_field_problems"]
