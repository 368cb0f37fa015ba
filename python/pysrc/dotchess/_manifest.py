"""render_manifest: a manifest's figures, as ``dotchess batch`` writes them."""

from __future__ import annotations

import os
from typing import Any, List, Union

from . import _native


def render_manifest(path: Union[str, os.PathLike], out_dir: Union[str, os.PathLike], client: Any = None) -> List[str]:
    """Writes the figures of a batch manifest into ``out_dir``, with its ``index.html``.

    Without ``client`` they are drawn in parallel on this machine's cores. With a
    ``dask.distributed`` client each figure is a task on its workers (which must see ``path``'s
    files and ``out_dir``: a shared folder on a cluster). The files are byte-identical to
    ``dotchess batch``'s. Returns the paths written; a figure that fails raises
    :class:`InputError` naming it, after the others are written.
    """
    path, out_dir = os.fspath(path), os.fspath(out_dir)
    if client is None:
        return _native.render_manifest_local(path, out_dir)
    if not (callable(getattr(client, "map", None)) and callable(getattr(client, "gather", None))):
        raise TypeError(f"client is a dask.distributed Client (with map and gather), not {type(client).__name__}")
    n = _native.manifest_jobs(path)
    futures = client.map(_native.render_manifest_job, [path] * n, [out_dir] * n, list(range(n)), pure=False)
    outcomes = client.gather(futures)
    return _native.write_manifest_index(path, out_dir, outcomes)
