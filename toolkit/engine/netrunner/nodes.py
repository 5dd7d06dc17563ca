"""The nodes of parsed ability text, walked once: the engine and its players ask the same questions of the same
abilities many times a turn (does this break, boost, end the run?), and an ability's tree never changes.

Trees are kept by identity (a parsed text is one shared object: :func:`toolkit.text.parse_cached`, a card script's
parts), each with the tree itself, so an identity is never taken for another object's; the cache is emptied when it
grows past :data:`LIMIT` trees.
"""

from __future__ import annotations

from toolkit.text import ast as A

LIMIT = 50_000
_WALKED: dict[tuple[int, str], tuple[A.Node, tuple[A.Node, ...]]] = {}


def _cached(node: A.Node, part: str) -> tuple[A.Node, ...]:
    key = (id(node), part)
    found = _WALKED.get(key)
    if found is not None and found[0] is node:
        return found[1]
    if part == "all":
        nodes = tuple(A.walk(node))
    elif part == "effects":  # the effects of each sentence, and what they hold: no costs, timing or conditions
        assert isinstance(node, A.Ability)
        nodes = tuple(n for s in node.sentences for e in s.effects for n in A.walk(e))
    else:  # the sentences and what they hold: no costs or timing
        assert isinstance(node, A.Ability)
        nodes = tuple(n for s in node.sentences for n in A.walk(s))
    if len(_WALKED) >= LIMIT:
        _WALKED.clear()
    _WALKED[key] = (node, nodes)
    return nodes


def walked(node: A.Node) -> tuple[A.Node, ...]:
    """``node`` and every node under it, in :func:`toolkit.text.ast.walk`'s order."""
    return _cached(node, "all")


def effect_nodes(ability: A.Ability) -> tuple[A.Node, ...]:
    """Every node of ``ability``'s effects (each sentence's effects, walked)."""
    return _cached(ability, "effects")


def sentence_nodes(ability: A.Ability) -> tuple[A.Node, ...]:
    """Every node of ``ability``'s sentences (conditions and effects, walked)."""
    return _cached(ability, "sentences")
