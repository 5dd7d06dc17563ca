"""An unknown long option is offered the options like it (sweep 74): ``dossier lint --bogus`` was offered ``--jobs``,
the ``--`` both begin with making them alike to click."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize(
    ("typed", "offered"),
    [
        ("--bogus", None),
        ("--zzz", None),
        ("--job", "--jobs"),
        ("--lnag", "--lang"),
        ("--no-cahce", "--no-cache"),
        ("--fromat", "--format"),
    ],
)
def test_an_unknown_option_is_offered_the_options_like_it(cli, typed: str, offered: str | None) -> None:
    done = cli("lint", typed, "1")
    assert done.exit_code == 2, done.output
    [line] = [line for line in done.output.splitlines() if "no such option" in line]
    if offered is None:
        assert line.endswith(f"dossier lint: no such option {typed}"), line
    else:
        assert line.endswith(f"dossier lint: no such option {typed}; did you mean {offered}?"), line
