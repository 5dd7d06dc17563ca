"""The limits of ability text, shared by the parser (and so by lint) and the engines.

No card needs more; text beyond them is refused with a position, so hostile or
mistyped text (``你抽 99999999 张牌``, a number with thousands of digits, hundreds of
nested ``如果……，``) fails at once with a clear message instead of running for
minutes or overflowing the stack.

- ``MAX_COUNT``: the largest number ability text may hold (a count of cards, dice,
  repetitions, credits, damage, a modifier or a range bound). The engines refuse
  to repeat anything more often than this.
- ``MAX_NESTING``: the most conditions, durations and counts (``如果……，`` /
  ``直到……，`` / ``本牌上每有……，``) nested in one sentence.
- ``MAX_TEXT_LENGTH``: the most characters of one ability (the longest bundled one has 49).
"""

from __future__ import annotations

MAX_COUNT = 50
MAX_NESTING = 8
MAX_TEXT_LENGTH = 1000

__all__ = ["MAX_COUNT", "MAX_NESTING", "MAX_TEXT_LENGTH"]
