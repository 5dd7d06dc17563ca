"""A generated card corpus for the benchmarks: the bundled data plus renamed clones.

``clone_corpus(target, files)`` copies cards/ (and schema/, so "$schema" paths
resolve) under ``target`` and adds clones of the bundled records, laid out like
cards/, until there are ``files`` record files. The corpus lints clean at any
size (100k files and more):

- every field lint keeps unique is unique: ids (``<id>_<n>``), names in each
  language (``<name> <n>``) and tactics agent symbols (a base-36 counter, at
  most 4 characters, 1.6 million of them);
- the clones' ability texts are distinct, so a parse cache cannot hide the cost
  of parsing: each text's numbers are varied within what the ability grammar
  accepts (0-50, toolkit/text/limits.py; ranges that run forwards; counts of at
  least 1), and when a text has run out of number variants (or has no numbers),
  one or two sentences with numbers are appended (``你抽 3 张牌。``). Every
  variant is parsed and rendered once while the corpus is written, and only
  canonical, parsing texts are used. The sentences appended are ones each
  game's engine runs (a draw or a discard; a crossfire role's guns or
  protection), so no text.form.unsupported warning is added; a crossfire
  role clone's fields (armed, guns, protects, marks, counts_as) then say what
  its text says, as lint asks (card.role.field);
- a clone of a crossfire special role joins the modes its template joins (a
  substitution of its own in each, or a place among the public roles), so no
  card.role.special warning says no deal gives it.
"""

from __future__ import annotations

import itertools
import json
import re
import shutil
import string
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from toolkit.catalog import discover  # noqa: E402
from toolkit.jsonio import canonical_dumps  # noqa: E402
from toolkit.models import TEXT_FIELDS  # noqa: E402
from toolkit.text import AbilitySyntaxError, parse, render  # noqa: E402
from toolkit.text.limits import MAX_COUNT  # noqa: E402
from validators.text_lint import LASTING_EFFECTS  # noqa: E402

# the lasting effects a card's plain sentence may give where nothing else resolves (equipment, a unit's own text,
# an installed card): a text made only of them gets no sentence appended that does something once
_LASTING = frozenset().union(*LASTING_EFFECTS.values())

# a number of the text outside card names (「…」) and symbols ([credit])
_SLOT = re.compile(r"「[^「」]*」|\[[^\]]*\]|(?<![+\-\d])(\d+)")
_SYMBOL_DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"
# sentences appended to a text that has no number variants left, by game ({n}: the n-th number); each parses
# in every game's texts and the game's engine runs it
_SUFFIXES = ("你抽 {0} 张牌。", "你抽 {0} 张牌。你弃 {1} 张牌。", "你弃 {0} 张牌。你抽 {1} 张牌。")
_GUNS = "你有 1 把枪：你可以同时指向 1 名不同的玩家，各射 {0} 发。"  # (a role has at most 2 guns: the shots vary)
_PROTECT = "你不射击；你保护你指向的玩家：抵消 {0} 发射向该玩家的子弹。"
_GAME_SUFFIXES = {
    "tactics": _SUFFIXES,
    "netrunner": _SUFFIXES,
    # a role shoots or protects (你不射击), never both (lint: a role that protects is not armed): a role that protects
    # is given more protection, any other more guns
    "crossfire": (_GUNS, _GUNS + _GUNS.replace("{0}", "{1}")),
    "crossfire-protects": (_PROTECT, _PROTECT + _PROTECT.replace("{0}", "{1}")),
}


def _slots(suffix: str) -> int:
    """How many distinct numbers ``suffix`` takes (its highest ``{n}`` plus one)."""
    return 1 + max(int(field) for _, field, _, _ in string.Formatter().parse(suffix) if field is not None)


def _valid(text: str) -> bool:
    """True if ``text`` parses and is its own canonical rendering (so lint says nothing about it)."""
    try:
        return render(parse(text)) == text
    except AbilitySyntaxError:
        return False


def _lasting_only(text: str) -> bool:
    """True if ``text`` is a plain sentence of lasting effects only (``本单位移动速度 +1。``): the filler sentences
    (:data:`_SUFFIXES`, a draw) would make it one lint warns of on equipment or an agent (text.form.not_lasting)."""
    try:
        ability = parse(text)
    except AbilitySyntaxError:
        return False
    plain = ability.kind == "effect" and ability.timing is None and not ability.costs
    return plain and all(type(e) in _LASTING for s in ability.sentences for e in s.effects)


class _Variants:
    """The distinct, lint-clean variants of one ability text, handed out one at a time."""

    def __init__(self, text: str, taken: set[str], game: str) -> None:
        self.text = text
        self.suffixes = _GAME_SUFFIXES[game]
        self.taken = taken  # every text in the corpus so far (shared by all texts' variants)
        self.parts: list[str] = []  # text around the number slots
        self.values: list[list[int]] = []  # per slot: the values that parse with the others unchanged
        last = 0
        for match in _SLOT.finditer(text):
            if match.group(1) is None:
                continue
            self.parts.append(text[last : match.start(1)])
            last = match.end(1)
            self.values.append([])
        self.parts.append(text[last:])
        original = [int(m.group(1)) for m in _SLOT.finditer(text) if m.group(1) is not None]
        for slot in range(len(self.values)):
            for value in range(MAX_COUNT + 1):
                if value == original[slot]:
                    continue
                trial = [*original]
                trial[slot] = value
                if _valid(self._fill(trial)):
                    self.values[slot].append(value)
            self.values[slot].insert(0, original[slot])
        self._stream: Iterator[str] | None = self._generate()
        self._used: list[str] = []
        self._again = 0

    def _fill(self, numbers: list[int]) -> str:
        out = [self.parts[0]]
        for number, part in zip(numbers, self.parts[1:], strict=True):
            out.append(str(number))
            out.append(part)
        return "".join(out)

    def _generate(self) -> Iterator[str]:
        combos = itertools.product(*self.values)
        next(combos)  # the original text
        for combo in combos:
            candidate = self._fill(list(combo))
            if candidate not in self.taken and _valid(candidate):
                yield candidate
        for suffix in () if _lasting_only(self.text) else self.suffixes:
            for numbers in itertools.product(range(1, MAX_COUNT + 1), repeat=_slots(suffix)):
                candidate = self.text + suffix.format(*numbers)
                if candidate not in self.taken and _valid(candidate):
                    yield candidate

    def next(self) -> str:
        """The next unused variant; after the last one, they are handed out again (never at 100k files)."""
        if self._stream is not None:
            for candidate in self._stream:
                if candidate in self.taken:  # handed out by another text's variants meanwhile
                    continue
                self.taken.add(candidate)
                self._used.append(candidate)
                return candidate
            self._stream = None
        if not self._used:
            return self.text
        self._again += 1
        return self._used[(self._again - 1) % len(self._used)]


def _symbol(n: int) -> str:
    """A tactics agent symbol no other clone (or bundled agent: those are Chinese) has: ``n`` in base 36."""
    digits = ""
    while True:
        n, rest = divmod(n, 36)
        digits = _SYMBOL_DIGITS[rest] + digits
        if n == 0:
            return digits


def _text_lists(data: dict[str, Any]) -> Iterator[list[Any]]:
    """The lists of ability texts of a record document (``text``, ``reverse.text``, ``win``, …)."""
    for field in TEXT_FIELDS:
        node: Any = data
        for key in field:
            node = node.get(key) if isinstance(node, dict) else None
        if isinstance(node, list):
            yield node


def _fields_from_text(data: dict[str, Any]) -> None:
    """Make a crossfire role's fields say what its text (with the sentences appended) says, as lint asks
    (validators/crossfire_lint.py): guns, protects, marks, armed, counts_as."""
    from toolkit.engine.crossfire import role_traits
    from toolkit.models.crossfire import CrossfireRole
    from toolkit.text import ast as A

    traits = role_traits(CrossfireRole.model_validate({k: v for k, v in data.items() if k != "$schema"}))
    assert traits is not None
    guns = traits.last(A.Guns) is not None
    if (guns or traits.marks) and not traits.protects:
        data["armed"] = True
    data["protects"], data["marks"] = traits.protects, traits.marks
    aims = guns or traits.protects or data["armed"]
    data["guns"] = 0 if traits.marks or not aims else traits.guns
    if data.get("counts_as") not in traits.counts_as:
        data.pop("counts_as", None)
        if traits.counts_as:
            data["counts_as"] = traits.counts_as[0]
    if not data["marks"]:
        del data["marks"]


def clone_corpus(target: Path, files: int, games: list[str] | None = None) -> list[Path]:
    """Build the corpus under ``target`` (of ``games``, default all); return every record file in it (sorted)."""
    shutil.copytree(ROOT / "schema", target / "schema")
    if games is None:
        shutil.copytree(ROOT / "cards", target / "cards")
    for game in games or ():
        shutil.copytree(ROOT / "cards" / game, target / "cards" / game)
    paths = discover([target / "cards"])
    templates = [p for p in paths if p.name != "game.json" and "/modes/" not in p.as_posix()]
    loaded = [(p, json.loads(p.read_text(encoding="utf-8"))) for p in templates]
    taken = {t for _, data in loaded for texts in _text_lists(data) for t in texts if isinstance(t, str)}
    variants: dict[tuple[str, str], _Variants] = {}
    symbols = itertools.count()
    written: list[Path] = []
    modes = {p: json.loads(p.read_text(encoding="utf-8")) for p in paths if p.parent.name == "modes"}
    for i in range(files - len(paths)):
        template, original = loaded[i % len(loaded)]
        game = template.relative_to(target / "cards").parts[0]
        data: dict[str, Any] = json.loads(json.dumps(original))  # a deep copy
        data["id"] = f"{data['id']}_{i}"
        data["name"] = {lang: f"{value} {i}" for lang, value in data["name"].items()}
        if data.get("symbol"):
            data["symbol"] = _symbol(next(symbols))
        kind = "crossfire-protects" if game == "crossfire" and original.get("protects") else game
        for texts in _text_lists(data):
            for index, text in enumerate(texts):
                if isinstance(text, str):
                    if (kind, text) not in variants:
                        variants[kind, text] = _Variants(text, taken, kind)
                    texts[index] = variants[kind, text].next()
        if game == "crossfire" and data.get("kind") == "role":
            _fields_from_text(data)
        if game == "crossfire" and data.get("kind") == "role" and data.get("special"):
            _join_modes(modes, original["id"], data["id"], game)
        path = template.parent / f"{data['id']}.json"
        path.write_text(canonical_dumps(data), encoding="utf-8")
        written.append(path)
    for mode_path, mode in modes.items():
        mode_path.write_text(canonical_dumps(mode), encoding="utf-8")
    return sorted([*paths, *written])


def _join_modes(modes: dict[Path, dict[str, Any]], template: str, clone: str, game: str) -> None:
    """Let the special role ``clone`` join each mode of ``game`` its ``template`` joins: a copy of the template's
    substitution, the clone in its place, or a place beside it among the mode's public roles."""
    for path, mode in modes.items():
        if path.parent.parent.name != game:
            continue
        for substitution in list(mode.get("substitutions", ())):
            if substitution["role"] == template:
                copy = json.loads(json.dumps(substitution))
                copy["role"] = clone
                copy["add"] = {clone if role == template else role: n for role, n in copy["add"].items()}
                mode["substitutions"].append(copy)
        if template in mode.get("public_roles", ()):
            mode["public_roles"].append(clone)
