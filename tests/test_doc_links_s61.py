"""Every link of the docs resolves in a checkout (session 61): README.md says the pages under docs/ are readable there
too, on GitHub or on disk, so a link of README.md or docs/**/*.md to a file must name one the checkout holds. The
pages `make docs` generates (docs/gen/reference.py: the command reference and the ability language) are no such
file: they are written on every build and ignored by git, so the other pages name them instead of linking to them
(and point at `dossier CMD --help` or their source, toolkit/text/ABILITY_TEXT.md)."""

from __future__ import annotations

import importlib.util
import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"

FENCE = re.compile(r"^ *(```|~~~).*?^ *\1", re.S | re.M)
INLINE_CODE = re.compile(r"(`+)(?:(?!\1).)+?\1", re.S)
LINK = re.compile(r"\]\(\s*<?([^)\s>]+)>?(?:\s+(?:\"[^\"]*\"|'[^']*'))?\s*\)")  # [text](target "title"), ![img](…)
DEFINITION = re.compile(r"^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)", re.M)  # [name]: target
EXTERNAL = re.compile(r"^(?:[a-zA-Z][a-zA-Z0-9+.-]*:|//|#)")  # https:, mailto:, //host, #anchor


def generated_pages() -> set[Path]:
    """The pages docs/gen/reference.py writes into docs/ (absent from a checkout until `make docs`)."""
    spec = importlib.util.spec_from_file_location("docs_gen_reference", DOCS / "gen" / "reference.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return {(DOCS / name).resolve() for name in module.GENERATED_PAGES}


def link_targets(text: str) -> list[tuple[int, str]]:
    """(line, target) of each link to a file in Markdown ``text``: inline links and images and link definitions,
    not what code blocks or code spans show, nor web addresses or anchors of the page itself."""
    blank = FENCE.sub(lambda m: "\n" * m.group(0).count("\n"), text)
    blank = INLINE_CODE.sub(lambda m: " " * len(m.group(0)), blank)
    found = []
    for pattern in (LINK, DEFINITION):
        for match in pattern.finditer(blank):
            target = match.group(1)
            if not EXTERNAL.match(target):
                found.append((blank.count("\n", 0, match.start()) + 1, target))
    return sorted(found)


def ignored_by_git(paths: list[Path]) -> set[Path]:
    """Which of ``paths`` git ignores (a file written by a build, not committed); none outside a git checkout."""
    git = shutil.which("git")
    if git is None or not paths:
        return set()
    done = subprocess.run(
        [git, "check-ignore", "--stdin"],
        cwd=ROOT,
        input="\n".join(str(p) for p in paths) + "\n",
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )
    if done.returncode not in (0, 1):  # 1: none ignored; 128: not a checkout
        return set()
    return {Path(line).resolve() for line in done.stdout.splitlines() if line}


def dead_links(pages: list[Path], generated: set[Path]) -> list[str]:
    """``page:line: target`` for each link of ``pages`` to a file that is missing, or one a build makes."""
    links = []
    for page in pages:
        for line, target in link_targets(page.read_text(encoding="utf-8")):
            path = target.split("#", 1)[0].split("?", 1)[0]
            if path:
                links.append((page, line, target, (page.parent / path).resolve()))
    ignored = ignored_by_git(sorted({resolved for *_, resolved in links if resolved.exists()}))
    return [
        f"{page.relative_to(ROOT) if page.is_relative_to(ROOT) else page}:{line}: {target}"
        for page, line, target, resolved in links
        if not resolved.exists() or resolved in generated or resolved in ignored
    ]


def doc_pages() -> list[Path]:
    generated = generated_pages()
    return [ROOT / "README.md", *(p for p in sorted(DOCS.rglob("*.md")) if p.resolve() not in generated)]


def test_every_link_of_the_docs_resolves_in_a_checkout() -> None:
    pages = doc_pages()
    assert ROOT / "docs" / "index.zh.md" in pages and len(pages) > 20
    assert dead_links(pages, generated_pages()) == []


def test_a_link_to_a_missing_or_generated_page_is_found(tmp_path: Path) -> None:
    """The check above can fail: a link to a file that is not there, or to a page `make docs` writes (there on
    this disk, perhaps, after a build; not in a checkout), is dead; a web address, an anchor, code and a present
    file are not."""
    page = tmp_path / "page.md"
    (tmp_path / "here.md").write_text("# Here\n", encoding="utf-8")
    made = tmp_path / "made.md"
    made.write_text("# Generated\n", encoding="utf-8")
    page.write_text(
        "See [the reference](reference/cli.md), [a made page](made.md#top) and [here](here.md#here).\n"
        "[web](https://example.org/x.md), [anchor](#here), `[code](nowhere.md)`, ![image](here.md)\n"
        "```\n[fenced](nowhere.md)\n```\n"
        "[gone]: gone.md\n",
        encoding="utf-8",
    )
    assert dead_links([page], {made.resolve()}) == [
        f"{page}:1: made.md#top",
        f"{page}:1: reference/cli.md",
        f"{page}:6: gone.md",
    ]


@pytest.mark.parametrize("name", ["getting-started", "index", "tutorials/design-and-print"])
def test_the_pages_that_linked_the_generated_ones_name_them_in_both_languages(name: str) -> None:
    """The pages that linked the command reference or the ability language name them (or their source) instead,
    in English and in Chinese alike."""
    for suffix in (".md", ".zh.md"):
        text = (DOCS / f"{name}{suffix}").read_text(encoding="utf-8")
        assert "make docs" in text or "ABILITY_TEXT.md" in text, name + suffix
