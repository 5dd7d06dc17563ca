"""Hostile NetrunnerDB checkouts: `dossier import netrunnerdb` never crashes, and never drops in silence.

Property-based: a value anywhere in the fixture checkouts (tests/fixtures/netrunnerdb_v1, _v2)
replaced by a random JSON shape, a file replaced by random bytes: the import either succeeds,
saying in one line per problem what it left out (file, line, column, JSON pointer), or refuses
in one line with exit 1 and writes nothing. Then a table of concrete hostile checkouts.
"""

from __future__ import annotations

import copy
import json
import shutil
import tempfile
from collections.abc import Callable, Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

import toolkit.importers.netrunnerdb as nrdb
from toolkit.cli import app
from toolkit.errors import DossierError
from toolkit.importers import import_netrunnerdb

from .conftest import ROOT
from .hang_guard import hang_guard

FIXTURES = ROOT / "tests" / "fixtures"
LAYOUTS = ["netrunnerdb_v2", "netrunnerdb_v1"]
FILES = {layout: sorted(str(p.relative_to(FIXTURES / layout)) for p in (FIXTURES / layout).rglob("*.json")) for layout in LAYOUTS}
V2_CARDS = [f for f in FILES["netrunnerdb_v2"] if f.startswith("v2/cards/")]
HANG = 30
SLOW = settings(
    max_examples=30,
    deadline=timedelta(seconds=10),
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
RUNNER = CliRunner()

SCALARS = st.one_of(
    st.none(), st.booleans(), st.integers(-(10**18), 10**18), st.floats(allow_nan=False, allow_infinity=False), st.text(max_size=12)
)
SHAPES = st.recursive(
    SCALARS, lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3), max_leaves=8
)


@pytest.fixture(autouse=True)
def _hang_guard() -> Iterator[None]:
    """Stop a case that runs longer than HANG seconds (a hang guard, not a timing assertion)."""
    with hang_guard(HANG):
        yield


@pytest.fixture(scope="module")
def fast() -> Iterator[dict[str, Any]]:
    """What Dossier knows of netrunner, the schemas and the click command, computed once (all are pure)."""
    import typer.testing

    from toolkit import schemagen

    bundled = nrdb.bundled_netrunner()
    schemas = schemagen.generate()
    command = typer.testing._get_command(app)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(nrdb, "bundled_netrunner", lambda directory=None: bundled)
        patch.setattr(schemagen, "generate", lambda: schemas)
        patch.setattr(typer.testing, "_get_command", lambda typer_app: command)
        yield bundled


def paths_in(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a JSON value, as a path of keys and indexes."""
    out = [prefix]
    if isinstance(value, dict):
        for key, item in value.items():
            out += paths_in(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            out += paths_in(item, (*prefix, index))
    return out


def replaced(value: Any, path: tuple[Any, ...], new: Any) -> Any:
    if not path:
        return new
    value = copy.copy(value)
    value[path[0]] = replaced(value[path[0]], path[1:], new)
    return value


def checkout(tmp: Path, layout: str) -> Path:
    root = tmp / "repo"
    shutil.copytree(FIXTURES / layout, root)
    return root


def one_line(text: str) -> bool:
    return len(text.splitlines()) == 1


def imported_or_refused(root: Path, into: Path) -> nrdb.ImportReport | None:
    """Import; a refusal is one line with exit 1 that names a file of the checkout, and writes nothing."""
    try:
        report = import_netrunnerdb(root, into)
    except DossierError as exc:
        assert exc.exit_code == 1 and one_line(exc.message), exc.message
        assert exc.message.startswith(str(root)) or f"{root}" in exc.message, exc.message
        assert not into.exists()
        return None
    for line in report.lines():
        assert one_line(line), line
    assert (into / nrdb.MARKER).is_file()
    return report


def run(*args: Any) -> Any:
    result = RUNNER.invoke(app, [str(a) for a in args])
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert "Traceback" not in result.output
    for line in result.stderr.splitlines():
        assert line.startswith(("warning: ", "dossier: error: ")), line
    return result


# --------------------------------------------------------------------------
# property-based


@SLOW
@given(data=st.data())
@pytest.mark.slow
def test_a_random_shape_anywhere(fast: Any, data: st.DataObject) -> None:
    layout = data.draw(st.sampled_from(LAYOUTS))
    rel = data.draw(st.sampled_from(FILES[layout]))
    original = json.loads((FIXTURES / layout / rel).read_text(encoding="utf-8"))
    where = data.draw(st.sampled_from(paths_in(original)))
    new = data.draw(SHAPES | st.integers(-(10**40), 10**40))
    with tempfile.TemporaryDirectory() as tmp:
        root = checkout(Path(tmp), layout)
        (root / rel).write_text(json.dumps(replaced(original, where, new)), encoding="utf-8")
        imported_or_refused(root, Path(tmp) / "out")


@SLOW
@given(data=st.data(), junk=st.binary(max_size=200))
def test_random_bytes_for_a_file(fast: Any, data: st.DataObject, junk: bytes) -> None:
    layout = data.draw(st.sampled_from(LAYOUTS))
    rel = data.draw(st.sampled_from(FILES[layout]))
    with tempfile.TemporaryDirectory() as tmp:
        root = checkout(Path(tmp), layout)
        (root / rel).write_bytes(junk)
        imported_or_refused(root, Path(tmp) / "out")


@SLOW
@given(
    rel=st.sampled_from(V2_CARDS),
    key=st.sampled_from(sorted(nrdb.V2_CARD_MAPPED)),
    value=SHAPES,
)
@pytest.mark.slow
def test_a_card_field_of_any_shape_is_imported_or_reported(fast: Any, rel: str, key: str, value: Any) -> None:
    """One field of one card of any shape: never a refusal, and the card is imported or a line says why not."""
    card = json.loads((FIXTURES / "netrunnerdb_v2" / rel).read_text(encoding="utf-8"))
    with tempfile.TemporaryDirectory() as tmp:
        root = checkout(Path(tmp), "netrunnerdb_v2")
        (root / rel).write_text(json.dumps({**card, key: value}), encoding="utf-8")
        report = imported_or_refused(root, Path(tmp) / "out")
        assert report is not None
        if key == "id" and isinstance(value, str) and value.strip():
            return  # the card has another id now: it is imported under it
        records = {p.stem for folder in ("cards", "identities") for p in (Path(tmp) / "out" / folder).glob("*.json")}
        if card["id"] not in records:
            said = [line for line in report.lines() if rel in line or repr(card["id"]) in line]
            assert said, report.lines()


@settings(SLOW, max_examples=15)
@given(data=st.data())
def test_cli_import_of_a_random_shape(fast: Any, data: st.DataObject) -> None:
    layout = data.draw(st.sampled_from(LAYOUTS))
    rel = data.draw(st.sampled_from(FILES[layout]))
    original = json.loads((FIXTURES / layout / rel).read_text(encoding="utf-8"))
    where = data.draw(st.sampled_from(paths_in(original)))
    with tempfile.TemporaryDirectory() as tmp:
        root = checkout(Path(tmp), layout)
        (root / rel).write_text(json.dumps(replaced(original, where, data.draw(SHAPES))), encoding="utf-8")
        result = run("import", "netrunnerdb", root, "--into", Path(tmp) / "out")
        assert result.exit_code in (0, 1), result.output
        if result.exit_code == 1:
            errors = [ln for ln in result.stderr.splitlines() if ln.startswith("dossier: error: ")]
            assert len(errors) == 1 and errors[0].startswith(f"dossier: error: {root}")
            assert not (Path(tmp) / "out").exists()


# --------------------------------------------------------------------------
# a table of concrete hostile checkouts


def edit(rel: str, change: Callable[[Any], Any]) -> Callable[[Path], None]:
    def apply(root: Path) -> None:
        path = root / rel
        data = json.loads(path.read_text(encoding="utf-8"))
        path.write_text(json.dumps(change(data), ensure_ascii=False), encoding="utf-8")

    return apply


def write(rel: str, text: str | bytes) -> Callable[[Path], None]:
    def apply(root: Path) -> None:
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(text, bytes):
            path.write_bytes(text)
        else:
            path.write_text(text, encoding="utf-8")

    return apply


def setting(key: str, value: Any) -> Callable[[Any], Any]:
    return lambda data: {**data, key: value}


def each(change: Callable[[Any], Any]) -> Callable[[Any], Any]:
    return lambda data: [change(item) for item in data]


V2 = "netrunnerdb_v2"
V1 = "netrunnerdb_v1"
THORNWALL = "v2/cards/lattice_thornwall.json"
BAN = "v2/restrictions/standard/standard_ban_list_30_01.json"
# (id, layout, change, exit code, fragments of what is said: the rest is imported on exit 0)
CASES: list[tuple[str, str, Callable[[Path], None], int, list[str]]] = [
    ("id-as-list", V2, edit(THORNWALL, setting("id", ["lattice_thornwall"])), 0,
     [f"{THORNWALL}:1:2: /id: expected the card's id (text), found a list"]),
    ("subtypes-as-number", V2, edit(THORNWALL, setting("subtypes", 5)), 0,
     ["/subtypes: expected a list of text, found the number 5; left out"]),
    ("subtype-as-number", V2, edit(THORNWALL, setting("subtypes", ["barrier", 7])), 0,
     ["/subtypes/1: expected text, found the number 7; left out"]),
    ("title-as-number", V2, edit(THORNWALL, setting("title", 12)), 0,
     ["/title: expected text, found the number 12", "card 'lattice_thornwall' has no title"]),
    ("cost-beyond-64-bits", V2, edit(THORNWALL, setting("cost", 18446744073709551616)), 0,
     ["/cost: expected a number from -1000000 to 1000000, found the number 18446744073709551616; left out"]),
    ("cost-superscript", V2, edit(THORNWALL, setting("cost", "²")), 0, ["/cost: expected a whole number, found the text '²'"]),
    ("ban-entry-as-number", V2, edit(BAN, setting("banned", [5, "card_that_never_was"])), 0,
     ["/banned/0: expected text, found the number 5; left out"]),
    ("ban-list-as-number", V2, edit(BAN, setting("banned", 5)), 0, ["/banned: expected a list of text, found the number 5"]),
    ("ban-file-a-list", V2, edit(BAN, lambda data: [data]), 0, ["expected a ban list object, found a list; the file is not imported"]),
    ("points-odd-shape", V2, edit("v2/restrictions/eternal/eternal_points_list_30_02.json", setting("points", {"1": "x"})), 0,
     ["/points/1: expected a list of card ids under a number, or a number under a card id"]),
    ("translation-title-as-number", V2, edit("translations/zh-hans/pack/sd.zh-hans.json", each(setting("title", 3))), 0,
     ["/0/title: expected text, found the number 3; left out"]),
    ("translation-flavor-as-list", V2, edit("translations/zh-hans/pack/sd.zh-hans.json", each(setting("flavor", ["x"]))), 0,
     ["/0/flavor: expected text, found a list"]),
    ("translations-not-a-list", V2, edit("translations/zh-hans/pack/sd.zh-hans.json", lambda d: {"x": d}), 0,
     ["expected a list of translations, found an object"]),
    ("snapshots-as-number", V2, edit("v2/formats/standard.json", setting("snapshots", 3)), 0,
     ["/snapshots: expected a list of objects, found the number 3", "format 'standard' has no snapshot; not imported"]),
    ("snapshot-as-number", V2, edit("v2/formats/standard.json", lambda d: {**d, "snapshots": [*d["snapshots"], 4]}), 0,
     ["/snapshots/2: expected an object, found the number 4"]),
    ("snapshot-pool-as-list", V2, edit("v2/formats/standard.json", lambda d: {**d, "snapshots": [{**d["snapshots"][0], "card_pool_id": ["x"]}]}), 0,
     ["/snapshots/0/card_pool_id: expected text, found a list"]),
    ("format-without-id", V2, edit("v2/formats/standard.json", lambda d: {k: v for k, v in d.items() if k != "id"}), 0,
     ["a format without an 'id'; left out"]),
    ("card-pool-sets-as-number", V2, edit("v2/card_pools/standard.json", each(setting("card_set_ids", 7))), 0,
     ["/0/card_set_ids: expected a list of text, found the number 7"]),
    ("printing-as-number", V2, edit("v2/printings/signal_drift.json", lambda d: [*d, 9]), 0, ["expected an object, found the number 9"]),
    ("printing-flavor-as-number", V2, edit("v2/printings/signal_drift.json", each(setting("flavor", 5))), 0,
     ["/0/flavor: expected text, found the number 5"]),
    ("card-file-a-number", V2, write("v2/cards/zz.json", "42"), 0, ["expected an object or a list of objects, found the number 42"]),
    ("faction-side-as-number", V2, edit("v2/factions.json", lambda d: [{**d[0], "side_id": 1}, *d[1:]]), 0,
     ["/0/side_id: expected text, found the number 1"]),
    ("ids-that-fold-alike", V2, write("v2/cards/zz.json", json.dumps({**json.loads((FIXTURES / V2 / THORNWALL).read_text(encoding="utf-8")), "id": "lattice-thornwall", "title": "Lattice Thornwall II"})), 0,
     ["card id 'lattice-thornwall' makes the Dossier id 'lattice_thornwall', as 'lattice_thornwall'", "imported as 'lattice_thornwall_2'"]),
    ("same-id-twice", V2, write("v2/cards/zz.json", (FIXTURES / V2 / THORNWALL).read_text(encoding="utf-8")), 0,
     ["card id 'lattice_thornwall' again (first in"]),
    ("v1-titles-with-one-id", V1, edit("pack/sd.json", lambda d: [*d, {**d[0], "code": "90901", "title": "黑冰", "stripped_title": "黑冰"}, {**d[0], "code": "90902", "title": "白冰", "stripped_title": "白冰"}]), 0,
     ["title '白冰' makes the Dossier id 'x', as '黑冰' does; imported as 'x_2'"]),
    ("v1-mwl-cards-as-list", V1, edit("mwl.json", each(setting("cards", [1]))), 0, ["/0/cards: expected an object, found a list"]),
    ("v1-keywords-as-number", V1, edit("pack/sd.json", each(setting("keywords", 3))), 0, ["/0/keywords: expected text, found the number 3"]),
    ("integer-of-5000-digits", V2, write(THORNWALL, '{"id": "x", "cost": ' + "9" * 5000 + "}"), 1, ["has 5000 digits; the limit is 20"]),
    ("nested-5000-deep", V2, write(THORNWALL, "[" * 5000 + "]" * 5000), 1, ["nested deeper than 32 levels"]),
    ("nested-600-deep", V2, write(THORNWALL, '{"a":' * 600 + "1" + "}" * 600), 1, ["nested deeper than 32 levels"]),
    ("not-utf8", V2, write(THORNWALL, b'{"id": "\xff"}'), 1, ["not UTF-8 at line 1, column 9 (byte 8)"]),
    ("lone-surrogate", V2, write(THORNWALL, '{"id": "\\ud800"}'), 1, ["lone surrogate"]),
    ("nan", V2, write(THORNWALL, '{"id": "x", "cost": NaN}'), 1, ["NaN is not a JSON value"]),
    ("duplicate-key", V2, write(THORNWALL, '{"id": "x", "id": "y"}'), 1, ["duplicate key 'id'"]),
    ("factions-an-object", V2, write("v2/factions.json", "{}"), 1, ["expected a JSON list of objects, found an object"]),
    ("v1-cycles-a-number", V1, write("cycles.json", "5"), 1, ["expected a JSON list of objects, found the number 5"]),
    ("factions-a-directory", V2, lambda root: ((root / "v2/factions.json").unlink(), (root / "v2/factions.json").mkdir()), 2,
     ["no factions.json"]),
]


@pytest.mark.parametrize(("layout", "change", "code", "fragments"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
@pytest.mark.slow
def test_hostile_checkout(
    fast: Any, tmp_path: Path, layout: str, change: Callable[[Path], None], code: int, fragments: list[str]
) -> None:
    root = checkout(tmp_path, layout)
    change(root)
    into = tmp_path / "out"
    result = run("import", "netrunnerdb", root, "--into", into)
    assert result.exit_code == code, result.output
    for fragment in fragments:
        assert fragment in result.stderr, (fragment, result.stderr)
    if code:
        [line] = result.stderr.splitlines()
        assert line.startswith(f"dossier: error: {root}") and not into.exists()
    else:
        assert (into / nrdb.MARKER).is_file() and len(list((into / "cards").glob("*.json"))) >= 10
        assert run("lint", into).exit_code == 0


def test_ids_that_fold_alike_keep_both_cards_and_their_printings(fast: Any, tmp_path: Path) -> None:
    root = checkout(tmp_path, V2)
    card = json.loads((root / THORNWALL).read_text(encoding="utf-8"))
    (root / "v2/cards/zz.json").write_text(json.dumps({**card, "id": "lattice-thornwall", "title": "Lattice II"}), encoding="utf-8")
    printings = json.loads((root / "v2/printings/signal_drift.json").read_text(encoding="utf-8"))
    printings.append({**printings[0], "id": "90999", "card_id": "lattice-thornwall"})
    (root / "v2/printings/signal_drift.json").write_text(json.dumps(printings), encoding="utf-8")
    import_netrunnerdb(root, tmp_path / "out")
    second = json.loads((tmp_path / "out/cards/lattice_thornwall_2.json").read_text(encoding="utf-8"))
    first = json.loads((tmp_path / "out/cards/lattice_thornwall.json").read_text(encoding="utf-8"))
    assert second["name"]["en"] == "Lattice II" and [p["code"] for p in second["printings"]] == ["90999"]
    assert first["name"]["en"] == "Lattice Thornwall" and "90999" not in [p["code"] for p in first["printings"]]


def test_a_file_over_the_size_limit_is_refused(fast: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(nrdb, "MAX_FILE_BYTES", 2**20)
    root = checkout(tmp_path, V2)
    (root / "v2/cards/zz.json").write_text(json.dumps({"id": "zz", "text": "x" * 2**20}), encoding="utf-8")
    result = run("import", "netrunnerdb", root, "--into", tmp_path / "out")
    assert result.exit_code == 1 and "zz.json: larger than 1 MiB, the limit for one file" in result.stderr
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize(
    ("make", "fragment"),
    [
        (lambda tmp: (tmp / "file").write_text("x", encoding="utf-8") and tmp / "file", "exists and is not a directory"),
        (lambda tmp: (tmp / "file").write_text("x", encoding="utf-8") and tmp / "file" / "sub", "cannot write"),
        (lambda tmp: ((tmp / "mine").mkdir(), (tmp / "mine" / "notes.txt").write_text("x", encoding="utf-8")) and tmp / "mine",
         "not empty and not a Dossier import"),
    ],
    ids=["into-a-file", "into-under-a-file", "into-someone-elses-directory"],
)
def test_an_unusable_into_is_exit_2(fast: Any, tmp_path: Path, make: Callable[[Path], Path], fragment: str) -> None:
    target = tmp_path / "target"
    target.mkdir()
    into = make(target)
    before = sorted((p.relative_to(target), p.read_bytes() if p.is_file() else b"") for p in target.rglob("*"))
    result = run("import", "netrunnerdb", FIXTURES / V2, "--into", into)
    assert result.exit_code == 2, result.output
    [line] = result.stderr.splitlines()
    assert line.startswith(f"dossier: error: --into {into}") and fragment in line
    assert sorted((p.relative_to(target), p.read_bytes() if p.is_file() else b"") for p in target.rglob("*")) == before


def test_a_checkout_that_is_not_there_is_exit_2(fast: Any, tmp_path: Path) -> None:
    result = run("import", "netrunnerdb", tmp_path / "nope", "--into", tmp_path / "out")
    assert result.exit_code == 2 and one_line(result.stderr) and "no such directory" in result.stderr
