"""No panic reaches a Python user (issue 46): a PGN mark with a character of several bytes was a
pyo3 PanicException (a BaseException, which `except Exception` does not catch), and
render_manifest raised it instead of "1 of N figures failed" — with a Dask client it never
returned. Each test here failed on the code before its fix."""

import concurrent.futures

import pytest

import dotchess

WIDE_MARKS = ["[%cal Ré2e4]", "[%cal Gße4]", "[%csl Y１]", "[%cal B😀e4]"]


@pytest.mark.parametrize("mark", WIDE_MARKS)
def test_a_wide_character_in_a_mark_is_a_located_input_error(mark):
    try:
        dotchess.read_game(f"[Event \"x\"]\n\n1. e4 {{{mark}}} *\n")
    except Exception as e:  # what a user's code catches
        assert isinstance(e, dotchess.InputError), type(e)
        assert (e.line, e.file) == (3, "game.pgn"), (e.line, e.file)
        assert "in [%c" in str(e)
    else:
        pytest.fail("the mark was read")


MANIFEST = """formats = ["svg"]

[[figure]]
name = "good"
position = "good.fen"

[[figure]]
name = "bad"
position = "bad.pgn"
"""


@pytest.fixture
def manifest(tmp_path):
    d = tmp_path / "m"
    d.mkdir()
    (d / "manifest.toml").write_text(MANIFEST)
    (d / "good.fen").write_text("4k3/8/8/3R4/8/8/8/4K3 w - - 0 1\n")
    (d / "bad.pgn").write_text("1. e4 {[%cal Ré2e4]} *\n")
    return d / "manifest.toml"


def test_a_batch_says_which_figure_failed_on_this_machine(manifest, tmp_path):
    with pytest.raises(dotchess.InputError, match=r"1 of 2 figures failed\nfigure `bad`: .*bad.pgn:1:15: "):
        dotchess.render_manifest(manifest, tmp_path / "out")
    assert (tmp_path / "out" / "good.svg").exists()
    assert "failed" in (tmp_path / "out" / "index.html").read_text()


def test_a_batch_says_which_figure_failed_on_a_dask_cluster(manifest, tmp_path):
    from dask.distributed import Client, LocalCluster

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0") as cluster:
        with Client(cluster) as client:
            # On the code before the fix this never returned: bounded here, so the test fails.
            with concurrent.futures.ThreadPoolExecutor(1) as pool:
                done = pool.submit(dotchess.render_manifest, manifest, tmp_path / "out", client=client)
                with pytest.raises(dotchess.InputError, match=r"1 of 2 figures failed\nfigure `bad`: .*bad.pgn:1:15: "):
                    done.result(timeout=120)
    assert (tmp_path / "out" / "good.svg").exists()
    assert "failed" in (tmp_path / "out" / "index.html").read_text()
