"""Batches: render_manifest writes the files `dotchess batch` writes, byte for byte, on this
machine and as tasks on a Dask cluster of two worker processes."""

from pathlib import Path

import pytest

import dotchess

MANIFEST = """formats = ["svg", "png", "html"]

[[figure]]
name = "start-globe"
position = "start.fen"
overlay = "globe.toml"
caption = "The start on the globe"

[[figure]]
name = "knight"
position = "start.fen"
overlay = "knight.toml"

[[figure]]
name = "spin"
position = "start.fen"
overlay = "spin.toml"
caption = "Three frames of a spin"
"""


@pytest.fixture
def manifest(tmp_path):
    d = tmp_path / "m"
    d.mkdir()
    (d / "manifest.toml").write_text(MANIFEST)
    (d / "start.fen").write_text(dotchess.Position().fen() + "\n")
    (d / "globe.toml").write_text('[[panels]]\nview = "globe"\nwidth = 240\n')
    (d / "knight.toml").write_text('[[panels]]\nview = "north"\nwidth = 240\nmoves = ["g1"]\n')
    (d / "spin.toml").write_text('[[panels]]\nview = "globe"\nwidth = 160\n\n[animation]\nkind = "spin"\nframes = 3\n')
    return d / "manifest.toml"


def files_of(folder: Path):
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


def test_on_this_machine_as_the_command(cli, manifest, tmp_path):
    cli("batch", manifest, "-o", tmp_path / "theirs")
    written = dotchess.render_manifest(manifest, tmp_path / "mine")
    theirs = files_of(tmp_path / "theirs")
    assert "index.html" in theirs and "spin.gif" in theirs and len(theirs) >= 9
    assert files_of(tmp_path / "mine") == theirs
    assert sorted(Path(p).name for p in written) == sorted(theirs)


def test_on_a_dask_cluster_of_two_workers(cli, manifest, tmp_path):
    from dask.distributed import Client, LocalCluster

    cli("batch", manifest, "-o", tmp_path / "theirs")
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0") as cluster:
        with Client(cluster) as client:
            written = dotchess.render_manifest(manifest, tmp_path / "mine", client=client)
            # The figures were drawn by the workers' processes.
            assert len(client.nthreads()) == 2
    assert files_of(tmp_path / "mine") == files_of(tmp_path / "theirs")
    assert len(written) == len(files_of(tmp_path / "theirs"))


def test_a_failing_figure_is_named(manifest, tmp_path):
    (manifest.parent / "knight.toml").write_text('[[panels]]\nview = "north"\nmoves = ["z9"]\n')
    with pytest.raises(dotchess.InputError, match="figure `knight`"):
        dotchess.render_manifest(manifest, tmp_path / "mine")
    # The others are written, and the contact sheet marks the failure.
    assert (tmp_path / "mine" / "start-globe.svg").exists()
    assert "failed" in (tmp_path / "mine" / "index.html").read_text()
