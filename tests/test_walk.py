"""Walking card directories: unreadable directories, symlink loops and dangling links are reported, never looped."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from toolkit.catalog import WalkProblem, discover


def test_plain_tree_finds_sorted_json_skipping_hidden(tmp_path: Path) -> None:
    (tmp_path / "b").mkdir()
    (tmp_path / ".hidden").mkdir()
    for rel in ("b/z.json", "a.json", ".hidden/x.json", "b/.y.json", "b/notes.txt"):
        (tmp_path / rel).write_text("{}")
    problems: list[WalkProblem] = []
    assert discover([tmp_path], problems) == [tmp_path / "a.json", tmp_path / "b" / "z.json"]
    assert problems == []


@pytest.mark.parametrize("spelled", ["absolute", "relative", "dotted"])
def test_the_paths_found_are_those_a_path_join_gives(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, spelled: str
) -> None:
    """The walk makes each path from its directory without parsing it again: the same path, string and parts as
    ``directory / name`` (and as ``Path(str)``), however the directory was spelled."""
    for rel in ("b/z.json", "a.json", "b/c/d.json", "b/名前.json", "b/x y.json"):
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text("{}")
    monkeypatch.chdir(tmp_path)
    root = {"absolute": tmp_path, "relative": Path("b"), "dotted": Path(".")}[spelled]
    found = discover([root])
    expected = sorted(Path(dirpath) / name for dirpath, _, names in os.walk(root) for name in names)
    assert found == expected
    for path in found:
        assert str(path) == str(Path(str(path))) and path.parts == Path(str(path)).parts
        assert hash(path) == hash(Path(str(path))) and path.parent / path.name == path


def test_symlink_loop_is_reported_once_and_ends(tmp_path: Path) -> None:
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "a.json").write_text("{}")
    (tmp_path / "sub" / "up").symlink_to(tmp_path)
    (tmp_path / "self").symlink_to(tmp_path / "self")
    problems: list[WalkProblem] = []
    assert discover([tmp_path], problems) == [tmp_path / "sub" / "a.json"]
    messages = {p.path.name: p.message for p in problems}
    assert messages["up"].startswith("symbolic link loop")
    assert messages["self"].startswith("symbolic link loop")


def test_dangling_link_and_linked_directory(tmp_path: Path) -> None:
    (tmp_path / "real").mkdir()
    (tmp_path / "real" / "a.json").write_text("{}")
    (tmp_path / "tree").mkdir()
    (tmp_path / "tree" / "linked").symlink_to(tmp_path / "real")
    (tmp_path / "tree" / "gone.json").symlink_to(tmp_path / "nowhere.json")
    problems: list[WalkProblem] = []
    assert discover([tmp_path / "tree"], problems) == [tmp_path / "tree" / "linked" / "a.json"]
    assert [(p.path.name, p.message) for p in problems] == [
        ("gone.json", f"dangling symbolic link to {str(tmp_path / 'nowhere.json')!r}")
    ]


def deny_scandir(monkeypatch: pytest.MonkeyPatch, denied: Path) -> None:
    # Tests run as root, which reads any directory: simulate an unreadable one.
    real = os.scandir

    def scandir(path):  # type: ignore[no-untyped-def]
        if Path(path) == denied:
            raise PermissionError(13, "Permission denied", str(path))
        return real(path)

    monkeypatch.setattr(os, "scandir", scandir)


def card_tree(game_copy) -> Path:
    root = game_copy("crossfire")
    (root / "roles" / "loop").symlink_to(root)
    (root / "roles" / "gone.json").symlink_to(root / "missing.json")
    (root / "locked").mkdir()
    return root


def test_lint_reports_walk_problems_and_exits_2(game_copy, cli, monkeypatch: pytest.MonkeyPatch) -> None:
    root = card_tree(game_copy)
    deny_scandir(monkeypatch, root / "locked")
    result = cli("lint", root)
    assert result.exit_code == 2, result.output
    out = result.output
    assert f"{root / 'roles' / 'loop'}: error card.io: symbolic link loop" in out
    assert f"{root / 'roles' / 'gone.json'}: error card.io: dangling symbolic link" in out
    assert f"{root / 'locked'}: error card.io: cannot read directory: Permission denied" in out
    json_result = cli("lint", "--format", "json", root)
    assert json_result.exit_code == 2
    assert '"code": "card.io"' in json_result.output


@pytest.mark.parametrize("check", [True, False])
def test_fmt_reports_walk_problems_and_exits_2(game_copy, cli, monkeypatch, check: bool) -> None:
    root = card_tree(game_copy)
    deny_scandir(monkeypatch, root / "locked")
    result = cli("fmt", *(["--check"] if check else []), root)
    assert result.exit_code == 2, result.output
    assert f"{root / 'roles' / 'loop'}: error card.io: symbolic link loop" in result.output
    assert f"{root / 'locked'}: error card.io: cannot read directory" in result.output


def test_clean_tree_still_exits_0(game_copy, cli) -> None:
    root = game_copy("crossfire")
    assert cli("lint", root).exit_code == 0
    assert cli("fmt", "--check", root).exit_code == 0


def test_load_catalog_refuses_a_pool_with_a_hidden_record(tmp_path: Path) -> None:
    """A dangling link under a card directory would silently drop a record from every deck check: refused (exit 2)."""
    from toolkit.catalog import load_catalog
    from toolkit.errors import DossierError

    (tmp_path / "gone.json").symlink_to(tmp_path / "nowhere.json")
    with pytest.raises(DossierError) as caught:
        load_catalog([tmp_path])
    assert caught.value.exit_code == 2
    assert "gone.json" in caught.value.message and "\n" not in caught.value.message


def test_load_catalog_applies_the_input_limits(tmp_path: Path) -> None:
    from toolkit.catalog import load_catalog
    from toolkit.errors import DossierError

    (tmp_path / "deep.json").write_text("[" * 100 + "]" * 100)
    with pytest.raises(DossierError, match=r"deep\.json:1:65: invalid JSON: nested deeper than 64 levels"):
        load_catalog([tmp_path])


@pytest.mark.parametrize("cwd", ["deep/er", "."])
def test_file_keys_spell_each_path_as_file_key_does(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, cwd: str) -> None:
    """The keys made a batch at a time (the working directory read once, each folder made absolute once) are
    file_key's, path by path, whatever the spelling: relative and absolute, with '.', '..', '//' and names that
    start with a dot; and the folders are not kept from one batch to the next (the working directory moves)."""
    from toolkit.catalog import file_key, file_keys

    (tmp_path / "deep" / "er").mkdir(parents=True)
    monkeypatch.chdir(tmp_path / cwd)
    spellings = ["a.json", "./a.json", "cards/x.json", "cards//x.json", "cards/./x.json", "cards/../x.json",
                 "../x.json", "../../x.json", "cards/.hidden.json", "cards/..x.json", "cards/", "cards/.", "cards/..",
                 ".", "..", str(tmp_path / "cards" / "x.json"), f"{tmp_path}//cards/./x.json", f"/{tmp_path}/x.json",
                 "/x.json", "/./x.json", "/../x.json", "//x.json", "//srv/x.json", "cards/x.json"]  # fmt: skip
    paths = [Path(s) if i % 2 else s for i, s in enumerate(spellings)]  # (a str is taken as os.fspath takes it)
    assert file_keys(paths) == [file_key(p) for p in paths]  # type: ignore[arg-type]
    monkeypatch.chdir(tmp_path)
    assert file_keys(paths) == [file_key(p) for p in paths]  # type: ignore[arg-type]
