"""The ability language: parse card text into an AST, render it back (zh-Hans, English).

``parse(text) -> Ability`` (Lark LALR, grammar in ``ability.lark``),
``render(ability, lang="zh-Hans") -> str``; ``parse(render(a)) == a`` for every
ability. The controlled language itself is documented in ``ABILITY_TEXT.md``.
"""

from __future__ import annotations

from . import ast
from .normalize import normalize
from .parser import AbilitySyntaxError, build_parser, parse, parse_cached, prefix_conflicts
from .render import LANGS, render

__all__ = ["LANGS", "AbilitySyntaxError", "ast", "build_parser", "normalize", "parse", "parse_cached", "prefix_conflicts", "render"]
