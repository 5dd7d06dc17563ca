import gc

import pytest

from toolkit.gcpause import gc_paused


def test_the_collector_is_off_inside_and_back_after() -> None:
    assert gc.isenabled()
    with gc_paused():
        assert not gc.isenabled()
        with gc_paused():
            assert not gc.isenabled()
        assert not gc.isenabled()  # an inner block leaves the outer pause in place
    assert gc.isenabled()


def test_the_collector_comes_back_after_an_error() -> None:
    with pytest.raises(ValueError), gc_paused():
        raise ValueError("boom")
    assert gc.isenabled()


def test_a_collector_that_was_off_stays_off() -> None:
    gc.disable()
    try:
        with gc_paused():
            pass
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_lint_leaves_the_collector_as_it_found_it(tmp_path) -> None:
    from toolkit.jsonio import Source
    from validators.lint import lint_sources

    path = tmp_path / "x.json"
    path.write_text("{", encoding="utf-8")
    result = lint_sources([Source(path, text="{")])
    assert [f.code for f in result.findings] == ["card.json"]
    assert gc.isenabled()


def test_freeze_moves_what_exists_out_of_the_collectors_sight() -> None:
    kept = [[i] for i in range(1000)]
    try:
        with gc_paused(freeze=True):
            more = [[i] for i in range(1000)]
        assert gc.isenabled()
        assert gc.get_freeze_count() >= len(kept) + len(more)
    finally:
        gc.unfreeze()
