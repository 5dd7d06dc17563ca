"""Stop 73: the docs followed literally from one folder, as getting-started.md says ("every command of this site
runs from here"). The doc-examples test runs each page in a folder of its own; a reader runs them all in one, so a
deck file that one page writes and another writes again (`deck new` and `deck convert` refuse to replace a file
without --force, as they must: a deck is the user's own) stopped the second page with an error."""

from __future__ import annotations

import shlex
from collections import defaultdict

from tests.test_doc_examples import examples, page_name, pages

REFUSING = (("deck", "new"), ("deck", "convert"))  # commands that will not replace an existing --out file


def test_no_two_pages_write_the_same_deck_file() -> None:
    writers: dict[str, set[str]] = defaultdict(set)
    for path in pages():
        for example in examples(path.read_text("utf-8"), page_name(path)):
            words = shlex.split(example.command.lstrip("$ "), comments=True)
            if words[:1] != ["dossier"] or tuple(words[1:3]) not in REFUSING or "--force" in words:
                continue
            if "--out" in words:
                writers[words[words.index("--out") + 1]].add(example.page)
    shared = {name: sorted(found) for name, found in writers.items() if len(found) > 1}
    assert not shared, shared
