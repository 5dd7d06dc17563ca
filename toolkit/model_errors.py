"""What pydantic says of a value a model refuses, in the current language.

A deck, a scenario or a map read into its model can fail pydantic's own checks (a field missing, a string
where a number goes, a value out of its bounds); pydantic words these in English. :func:`model_error` words
the common kinds through the catalogs from the error's ``type`` and ``ctx`` (its values kept as pydantic
gives them); the models' own checks (``value_error``) are worded in the current language when raised and
come through as they are. A rare kind keeps pydantic's English.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from .i18n import N_, tr, trn

# kinds whose message has no value in it
_PLAIN: dict[str, str] = {
    "missing": N_("a required field is missing"),
    "extra_forbidden": N_("not a field of this record"),
    "string_type": N_("expected a string"),
    "int_type": N_("expected a whole number"),
    "int_parsing": N_("expected a whole number"),
    "int_from_float": N_("expected a whole number, not a fraction"),
    "float_type": N_("expected a number"),
    "float_parsing": N_("expected a number"),
    "bool_type": N_("expected {true} or {false}"),
    "bool_parsing": N_("expected {true} or {false}"),
    "list_type": N_("expected a list"),
    "tuple_type": N_("expected a list"),
    "set_type": N_("expected a list"),
    "dict_type": N_("expected an object"),
    "model_type": N_("expected an object"),
    "model_attributes_type": N_("expected an object"),
    "none_required": N_("expected {null}"),
    "string_unicode": N_("expected a valid text string"),
    "finite_number": N_("expected a finite number"),
}

# kinds with one bound: (message, the key of ctx holding the bound)
_BOUND: dict[str, tuple[str, str]] = {
    "greater_than": (N_("expected a number greater than {limit}"), "gt"),
    "greater_than_equal": (N_("expected a number of at least {limit}"), "ge"),
    "less_than": (N_("expected a number less than {limit}"), "lt"),
    "less_than_equal": (N_("expected a number of at most {limit}"), "le"),
    "string_pattern_mismatch": (N_("expected a string matching {limit}"), "pattern"),
}

_SLUG_PATTERN = r"^[a-z0-9]+(?:[_-][a-z0-9]+)*$"  # toolkit.models.SLUG_PATTERN (not imported: models import us)

_VALUE = re.compile(r"'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\"|-?\d+(?:\.\d+)?|<[^>]*>")


def _choices(expected: Any) -> str:
    """``'a', 'b' or 'c'`` (pydantic's English list of the values allowed) as the language lists them."""
    values = _VALUE.findall(str(expected))
    return tr(", ").join(values) if values else str(expected)


def model_error(error: Mapping[str, Any]) -> str:
    """The message of one pydantic error (an item of ``ValidationError.errors()``) in the current language."""
    kind = str(error.get("type", ""))
    ctx = error.get("ctx") or {}
    message = str(error.get("msg", ""))
    if kind == "value_error":  # the models' own checks, worded when raised
        return message.removeprefix("Value error, ")
    if kind == "assertion_error":
        return message.removeprefix("Assertion failed, ")
    if kind in _PLAIN:  # the JSON literals are kept as they are written
        return tr(_PLAIN[kind], true="true", false="false", null="null")
    if kind == "string_pattern_mismatch" and ctx.get("pattern") == _SLUG_PATTERN:  # said in words, not as a pattern
        return tr(
            "expected an id (lower-case letters and digits, single {marks} between them)", marks="'_' / '-'"
        )
    if kind in _BOUND and _BOUND[kind][1] in ctx:
        text, key = _BOUND[kind]
        limit = ctx[key]
        return tr(text, limit=repr(limit) if isinstance(limit, str) else limit)
    if kind in ("literal_error", "enum") and "expected" in ctx:
        values = _VALUE.findall(str(ctx["expected"]))
        if len(values) == 1:  # a field with one value allowed ("game": "netrunner" of a scenario)
            return tr("expected {value}", value=values[0])
        return tr("expected one of {choices}", choices=_choices(ctx["expected"]))
    if kind == "string_too_short" and "min_length" in ctx:
        n = int(ctx["min_length"])
        return trn("expected at least {n} character", "expected at least {n} characters", n)
    if kind == "string_too_long" and "max_length" in ctx:
        n = int(ctx["max_length"])
        return trn("expected at most {n} character", "expected at most {n} characters", n)
    if kind == "too_short" and "min_length" in ctx:
        n = int(ctx["min_length"])
        return trn("expected at least {n} item", "expected at least {n} items", n)
    if kind == "too_long" and "max_length" in ctx:
        n = int(ctx["max_length"])
        return trn("expected at most {n} item", "expected at most {n} items", n)
    if kind in ("union_tag_invalid", "union_tag_not_found") and "discriminator" in ctx:
        key = str(ctx["discriminator"]).strip("'")
        if "expected_tags" in ctx:
            return tr("{key} must be one of {choices}", key=key, choices=_choices(ctx["expected_tags"]))
        return tr("{key} is missing", key=key)
    return message  # a rare kind: pydantic's own words


def model_errors(exc: Any) -> tuple[Any, str, int]:
    """(the first error's ``loc``, its message in the current language, how many more errors there are) of a
    pydantic ``ValidationError``."""
    errors = exc.errors()
    first = errors[0]
    return first["loc"], model_error(first), len(errors) - 1


__all__ = ["model_error", "model_errors"]
