"""Lint at scale keeps a summary of each record, not its model or its file (issue 27, part 3): every finding
across records, and every place a finding is put at, must be what it was when every record and text was kept.

Each problem below is planted in a file of its own in a copy of the bundled cards, so that most of these files
have no finding of their own and their texts are let go once they are checked: a finding found later (a
duplicate id, an unknown reference, an ability text that does not parse) must still be placed at the line
and column of its value, from the file read again. Each is checked by its code, file, place and words; then
the whole list against the same lint with worker processes and without letting texts go.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import validators.lint
from toolkit.catalog import FileSource, context_sources, discover
from toolkit.findings import Finding
from toolkit.jsonio import Source, canonical_dumps
from toolkit.paths import CARDS_DIR, SCHEMA_DIR
from validators.lint import RecordSummary, lint_files, lint_sources
from validators.text_lint import TextVerdicts

pytestmark = pytest.mark.usefixtures("forking")  # (their work is the forked workers')


def _edit(path: Path, change: Callable[[dict[str, Any]], None]) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(canonical_dumps(data), encoding="utf-8")


def _first(folder: Path, test: Callable[[dict[str, Any]], bool], skip: tuple[str, ...] = ()) -> Path:
    for path in sorted(folder.glob("*.json")):
        if path.name not in skip and test(json.loads(path.read_text(encoding="utf-8"))):
            return path
    raise AssertionError(f"no record in {folder} for this test")


def _place(path: Path, needle: str) -> tuple[int, int]:
    """Line and column (1-based) where ``needle`` first starts in the file: where a finding's value is."""
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if needle in line:
            return number, line.index(needle) + 1
    raise AssertionError(f"{needle!r} is not in {path}")


# (code, file, line, column, words the message holds), one for each finding a planted problem must give
Expected = tuple[str, Path, int, int, tuple[str, ...]]


@pytest.fixture(scope="module")
def planted(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[Expected]]:
    root = tmp_path_factory.mktemp("scale") / "data"
    shutil.copytree(SCHEMA_DIR, root / "schema")
    shutil.copytree(CARDS_DIR, root / "cards")
    cards = root / "cards"
    tactics, netrunner, crossfire = cards / "tactics", cards / "netrunner", cards / "crossfire"
    expected: list[Expected] = []
    used: list[str] = []

    def pick(folder: Path, test: Callable[[dict[str, Any]], bool] = lambda d: True) -> Path:
        path = _first(folder, test, tuple(used))
        used.append(path.name)
        return path

    def expect(code: str, path: Path, needle: str, *words: str) -> None:
        expected.append((code, path, *_place(path, needle), words))

    def expect_in(code: str, path: Path, needle: str, offset: int, *words: str) -> None:
        """A finding at the character ``offset`` of the ability text ``needle`` (written with its quotes)."""
        line, column = _place(path, needle)
        expected.append((code, path, line, column + 1 + offset, words))

    # a duplicate id across files: the later file (by name) has it
    original = pick(tactics / "cards", lambda d: not d.get("agent") and not d.get("minion"))
    copy = tactics / "cards" / "zz_same_id.json"
    shutil.copy(original, copy)
    expect("card.id.duplicate", copy, '"id": ', "id already used by", original.name)
    expect("card.id", copy, '"id": ', "zz_same_id.json")

    # duplicate names, in Chinese and (in another case) in English
    first_agent, second_agent, third_agent = (pick(tactics / "agents", lambda d: not d.get("private")) for _ in range(3))
    first = json.loads(first_agent.read_text(encoding="utf-8"))
    _edit(second_agent, lambda d: d["name"].update({"zh-Hans": first["name"]["zh-Hans"]}))
    expect("card.name.duplicate", second_agent, '"zh-Hans": ', "zh-Hans", first["name"]["zh-Hans"], first_agent.name)
    _edit(third_agent, lambda d: d["name"].update(en=first["name"]["en"].upper()))
    expect("card.name.duplicate", third_agent, '"en": ', "en", first["name"]["en"].upper(), first_agent.name)

    # a tactics agent: an unknown subtype, and the symbol of another agent
    agent = pick(tactics / "agents", lambda d: not d.get("private") and bool(d.get("symbol")))
    _edit(agent, lambda d: d.update(subtypes=[*d["subtypes"], "no_such_subtype"], symbol=first["symbol"]))
    expect("card.ref", agent, '"no_such_subtype"', "no_such_subtype", "agent_subtypes")
    expect("card.symbol.duplicate", agent, '"symbol": ', repr(first["symbol"]), first_agent.name)

    # tactics cards: an agent that does not exist, a private agent, a unit that does not exist, and an
    # equipment's attack subtype the game does not have
    nobody = pick(tactics / "cards", lambda d: bool(d.get("agent")))
    _edit(nobody, lambda d: d.update(agent="nobody_at_all"))
    expect("card.ref", nobody, '"agent": ', "nobody_at_all", "does not exist")
    private = pick(tactics / "cards", lambda d: bool(d.get("agent")))
    _edit(private, lambda d: d.update(agent="private"))
    expect("card.ref", private, '"agent": ', "'private'", "private")
    ghost = pick(tactics / "cards", lambda d: bool(d.get("minion")))
    _edit(ghost, lambda d: d.update(minion="ghost_unit"))
    expect("card.ref", ghost, '"minion": ', "ghost_unit")
    gun = pick(tactics / "cards", lambda d: bool((d.get("equipment") or {}).get("attack")))
    _edit(gun, lambda d: d["equipment"]["attack"].update(subtype="laser_beam"))
    expect("card.ref", gun, '"subtype": "laser_beam"', "laser_beam", "attack_subtypes")

    # a tactics minion unit whose attack subtype the game does not have
    unit = pick(tactics / "units", lambda d: d.get("type") == "minion" and bool(d.get("attack")))
    _edit(unit, lambda d: d["attack"].update(subtype="plasma_cannon"))
    expect("card.ref", unit, '"subtype": "plasma_cannon"', "plasma_cannon")

    # ability texts: one that does not parse (placed at the problem's character in the text, as its column says),
    # one that names no record and an unknown symbol (each at its first character), one with both problems
    bad_text = pick(tactics / "cards", lambda d: not d.get("agent") and not d.get("minion"))
    _edit(bad_text, lambda d: d.update(text=["你抽 1 牌。"]))
    expect_in("card.text.parse", bad_text, '"你抽 1 牌。"', 5, "/text/0", "column 6")
    names = pick(tactics / "cards", lambda d: not d.get("agent") and not d.get("minion"))
    _edit(names, lambda d: d.update(text=["你获得 1 张「查无此卡」。"]))  # it parses: the name is its only problem
    expect_in("card.text.ref", names, '"你获得 1 张「查无此卡」。"', 7, "「查无此卡」")
    _edit(netrunner / "game.json", lambda d: d.update(symbols=[s for s in d["symbols"] if s["id"] != "mu"]))
    symbol = pick(netrunner / "cards", lambda d: "[mu]" not in json.dumps(d, ensure_ascii=False))
    _edit(symbol, lambda d: d.update(text=["你的内存上限 +1[mu]。"]))  # it parses: the symbol is its only problem
    expect_in("card.text.symbol", symbol, '"你的内存上限 +1[mu]。"', 9, "[mu]")
    both = pick(tactics / "cards", lambda d: not d.get("agent") and not d.get("minion"))
    _edit(both, lambda d: d.update(text=["你抽 1 牌。「无名之辈」"]))
    expect_in("card.text.ref", both, '"你抽 1 牌。「无名之辈」"', 7, "「无名之辈」")
    expect_in("card.text.parse", both, '"你抽 1 牌。「无名之辈」"', 5, "/text/0")

    # a character the print font lacks, and art that is not there
    font, again = (pick(tactics / "cards", lambda d: not d.get("agent") and not d.get("minion")) for _ in range(2))
    _edit(font, lambda d: d["name"].update(ja="営業"))
    _edit(again, lambda d: d["name"].update(ja="営"))
    expect("card.text.font", font, '"ja": ', "U+55B6", "2 records use it")  # on the first file that uses it

    # a private agent may share a name (no finding), and a file not in canonical form (its own check: the
    # file is early in the walk, so a worker checks it when workers do)
    _edit(tactics / "agents" / "private.json", lambda d: d["name"].update({"zh-Hans": first["name"]["zh-Hans"]}))
    unsorted = pick(crossfire / "roles", lambda d: d.get("counts_as") is None)
    text = json.dumps(json.loads(unsorted.read_text(encoding="utf-8")), ensure_ascii=False, indent=4) + "\n"
    unsorted.write_text(text, encoding="utf-8")
    expected.append(("card.format", unsorted, 2, 1, ("canonical",)))
    art = pick(tactics / "cards", lambda d: not d.get("agent") and not d.get("minion"))
    _edit(art, lambda d: d.update(art="no_such_art.png"))
    expect("card.art.missing", art, '"art": ', "no_such_art.png")

    # a tactics map naming a mode that does not exist (the map's checks place it in its text, read again)
    board = pick(tactics / "maps")
    _edit(board, lambda d: d.update(modes=[*d["modes"], "no_such_mode"]))
    expect("map.ref.mode", board, '"no_such_mode"', "no_such_mode")

    # netrunner: a card of a faction that does not exist, a card of the other side's faction, an unknown
    # subtype; an identity that forbids a faction that does not exist, a corp identity with a base link;
    # a format that bans a card that does not exist
    faction = pick(netrunner / "cards", lambda d: d.get("faction") == "criminal")
    _edit(faction, lambda d: d.update(faction="no_such_faction"))
    expect("card.ref", faction, '"faction": ', "no_such_faction")
    side = pick(netrunner / "cards", lambda d: d.get("faction") == "criminal")
    _edit(side, lambda d: d.update(faction="haas_bioroid"))
    expect("card.side", side, '"faction": ', "haas_bioroid")
    subtype = pick(netrunner / "cards", lambda d: bool(d.get("subtypes")))
    _edit(subtype, lambda d: d.update(subtypes=[*d["subtypes"], "no_such_kind"]))
    expect("card.ref", subtype, '"no_such_kind"', "no_such_kind")
    forbids = pick(netrunner / "identities", lambda d: d.get("side") == "runner")
    _edit(forbids, lambda d: d.update(deck_rules=[{"rule": "forbid_faction", "faction": "no_such_faction"}]))
    expect("card.ref", forbids, '"faction": "no_such_faction"', "forbids faction", "no_such_faction")
    corp = pick(netrunner / "identities", lambda d: d.get("side") == "corp")
    _edit(corp, lambda d: d.update(base_link=1))
    expect("card.model", corp, '"base_link": ', "base_link")
    banned = netrunner / "modes" / "standard.json"
    _edit(banned, lambda d: d.update(banned=["no_such_card"]))
    expect("card.ref", banned, '"no_such_card"', "no_such_card")

    # crossfire: a role that counts as a role that does not exist
    role = pick(crossfire / "roles", lambda d: d.get("counts_as") is None)
    _edit(role, lambda d: d.update(counts_as="no_such_role"))
    expect("card.ref", role, '"counts_as": ', "no_such_role")
    return cards, expected


def _codes_at(findings: list[Finding]) -> set[tuple[str, str, int | None, int | None]]:
    return {(f.code, f.file or "", f.line, f.column) for f in findings}


def _check(findings: list[Finding], expected: list[Expected]) -> None:
    at = _codes_at(findings)
    for code, path, line, column, words in expected:
        assert (code, str(path), line, column) in at, f"no {code} at {path.name}:{line}:{column}"
        [message] = [f.message for f in findings if (f.code, f.file, f.line, f.column) == (code, str(path), line, column)][:1]
        for word in words:
            assert word in message, (code, path.name, word, message)


def test_each_finding_across_records_is_found_and_placed(planted: tuple[Path, list[Expected]]) -> None:
    root, expected = planted
    result = lint_files(discover([root]), [root], jobs=1)
    _check(result.findings, expected)
    private = str(root / "tactics" / "agents" / "private.json")
    assert not [f for f in result.findings if f.file == private and f.code == "card.name.duplicate"]


def test_a_finding_on_a_text_and_a_name_keeps_the_order_of_the_checks(planted: tuple[Path, list[Expected]]) -> None:
    """One text, two places: the text's parse error (its 6th character) before the name it quotes (its 8th), each
    at its character, in the order of the text."""
    root, expected = planted
    result = lint_files(discover([root]), [root], jobs=1)
    [(_, both, line, column, _)] = [e for e in expected if e[0] == "card.text.parse" and "「" in e[1].read_text("utf-8")]
    here = [(f.code, f.column) for f in result.findings if f.file == str(both) and f.line == line]
    assert here == [("card.text.parse", column), ("card.text.ref", column + 2)]


@pytest.mark.parametrize("workers_first", [False, True])
def test_workers_and_kept_texts_give_the_same_findings(
    planted: tuple[Path, list[Expected]], monkeypatch: pytest.MonkeyPatch, workers_first: bool
) -> None:
    """Worker processes check files whole (each sends what is kept of a record), this process the rest; with
    ``workers_first`` the workers check every file they may before this process takes any; and lint_sources
    keeps every text: the findings are the same, to the byte."""
    root, expected = planted
    serial = [f.format() for f in lint_files(discover([root]), [root], jobs=1).findings]
    sources, wanted = context_sources(discover([root]), walked=[root])
    kept = [f.format() for f in lint_sources(sources, wanted).findings]
    monkeypatch.setattr(validators.lint, "PARALLEL_FROM", 10)
    adopted: list[str] = []
    real_adopt, real_take_back = validators.lint._Files.adopt, TextVerdicts.take_back

    def adopt(self: Any, entry: Any, result: Any) -> bool:
        adopted.append(entry.key)
        return real_adopt(self, entry, result)

    def after_the_workers(self: TextVerdicts, entries: Any) -> None:
        self.collect()
        real_take_back(self, entries)

    monkeypatch.setattr(validators.lint._Files, "adopt", adopt)
    if workers_first:
        monkeypatch.setattr(TextVerdicts, "take_back", after_the_workers)
    parallel = lint_files(discover([root]), [root], jobs=2)
    _check(parallel.findings, expected)
    assert [f.format() for f in parallel.findings] == serial == kept
    assert adopted  # (the workers' results were taken)
    if workers_first:
        assert str(next(e[1] for e in expected if e[0] == "card.format")) in [str(Path(k)) for k in adopted]


def test_the_records_most_files_hold_are_kept_as_summaries(
    planted: tuple[Path, list[Expected]], monkeypatch: pytest.MonkeyPatch
) -> None:
    """What lets a lint of 100,000 files stay small: no model for a card, and no text once a file is checked."""
    root, _ = planted
    released: list[Path] = []
    real = FileSource.release

    def release(self: FileSource) -> None:
        released.append(self.path)
        real(self)

    monkeypatch.setattr(FileSource, "release", release)
    targets = discover([root])
    result = lint_files(targets, [root], jobs=1)
    records: list[Any] = [record for _, record in result.records]
    kinds = {(record.game, record.kind): type(record) for record in records}
    for key in [("tactics", "card"), ("tactics", "agent"), ("netrunner", "card"), ("crossfire", "role")]:
        assert issubclass(kinds[key], RecordSummary), key
    assert not issubclass(kinds[("tactics", "game")], RecordSummary)  # a kind kept whole
    assert len(set(released)) == len(targets)
    assert {"game", "kind", "id"} <= set(dir(result.records[0][1]))


def test_a_file_gone_before_its_findings_are_placed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A file removed after it was checked: its findings are placed at its start, not lost."""
    shutil.copytree(SCHEMA_DIR, tmp_path / "schema")
    shutil.copytree(CARDS_DIR / "tactics", tmp_path / "cards" / "tactics")
    root = tmp_path / "cards"
    card = _first(root / "tactics" / "cards", lambda d: bool(d.get("agent")))
    _edit(card, lambda d: d.update(agent="nobody_at_all"))
    real = validators.lint._check_ids

    def remove_then_check(entries: Any, *rest: Any) -> None:
        card.unlink()
        real(entries, *rest)

    monkeypatch.setattr(validators.lint, "_check_ids", remove_then_check)
    [finding] = [f for f in lint_files(discover([root]), [root]).findings if f.file == str(card)]
    assert (finding.code, finding.line, finding.column) == ("card.ref", 1, 1)


@pytest.mark.parametrize(
    ("value", "problem"),
    [("\ud800", "lone surrogate"), (10**19, "digits"), (float("nan"), "NaN")],
)
def test_a_canonical_text_lint_refuses_is_refused(tmp_path: Path, value: Any, problem: str) -> None:
    """A text in canonical form that holds what no record may (a lone surrogate, which an editor's text can hold
    but no file; a number of too many digits; NaN) is refused as before, however fast a canonical text is read."""
    card = json.loads((CARDS_DIR / "tactics" / "abilities" / "aim.json").read_text(encoding="utf-8"))
    card["name"]["en"] = value if isinstance(value, str) else card["name"]["en"]
    if not isinstance(value, str):
        card["hp"] = value
    text = json.dumps(card, ensure_ascii=False, indent=2, sort_keys=True) + "\n"
    [finding] = lint_sources([Source(tmp_path / "aim.json", text=text)]).findings
    assert finding.code == "card.json" and problem in finding.message


def test_a_type_that_is_no_string_is_a_finding(tmp_path: Path) -> None:
    """A netrunner card whose "type" is a list (found while fuzzing lint for this work: it raised TypeError)."""
    card = json.loads((CARDS_DIR / "netrunner" / "cards" / "archive_heist.json").read_text(encoding="utf-8"))
    card["type"] = [1]
    findings = lint_sources([Source(tmp_path / "archive_heist.json", text=canonical_dumps(card))]).findings
    [finding] = [f for f in findings if f.code == "card.schema"]  # (and its "$schema" resolves to no file here)
    assert finding.pointer == "/type"
    assert "'type' is [1]; expected one of" in finding.message
