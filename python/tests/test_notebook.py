"""The notebook of examples/ runs from top to bottom, and its outputs hold the figures."""

import nbformat
from nbclient import NotebookClient


def test_the_example_notebook_runs_and_shows_its_figures(repo):
    path = repo / "examples" / "python.ipynb"
    nb = nbformat.read(path, as_version=4)
    NotebookClient(nb, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(path.parent)}}).execute()
    mimes = [set(o.get("data", {})) for c in nb.cells if c.cell_type == "code" for o in c.outputs]
    # The interactive figure (with its still beside it), the globe's SVG, the game's GIF.
    assert any({"text/html", "image/svg+xml", "image/png"} <= m for m in mimes)
    assert any("image/svg+xml" in m and "text/html" not in m for m in mimes)
    # A Position alone at the end of a cell shows itself as its figure.
    first = next(c for c in nb.cells if c.cell_type == "code")
    assert first.source.rstrip().endswith("\npos")
    assert any("image/svg+xml" in o.get("data", {}) for o in first.outputs)
    outputs = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs]
    html = [o["data"]["text/html"] for o in outputs if "text/html" in o.get("data", {})]
    assert any("data:image/gif;base64,R0lGOD" in h for h in html)
    assert any("data:text/html;base64," in h for h in html)
