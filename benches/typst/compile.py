#!/usr/bin/env python3
"""Times Typst documents that use the dotchess package: the example document and a document of
20 different figures, each compiled to PDF in a fresh process (Typst remembers a plugin call's
answer within a process, so a second compile in the same one would time nothing), and prints the
medians with the plugin's size.

Usage (from the checkout, after typst/build and with the tests' Typst at hand):
  target/typst-venv/bin/python benches/typst/compile.py [RUNS]

RUNS (default 7) compiles of each document; the machine is shared, so read the median.
"""

import os
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))

# Twenty figures, no two alike: each view with different marks, two variants.
VIEWS = ["hemispheres", "board", "chart", "globe", "disc"]
SQUARES = ["d1", "e1", "b1", "g1"]


def twenty():
    figures = []
    for k in range(20):
        view, square = VIEWS[k % 5], SQUARES[k // 5]
        figures.append(f'#dotchess.figure(view: "{view}", square: "{square}", width: 7cm)')
    return '#import "/typst/lib.typ" as dotchess\n#set document(date: none)\n' + "\n".join(figures) + "\n"


def compile_once(source, out):
    """Seconds one compile takes, in a new process (the interpreter's own start included)."""
    code = f"import typst; typst.compile({source!r}, output={out!r}, root={ROOT!r})"
    start = time.perf_counter()
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT)
    return time.perf_counter() - start


def startup():
    """Seconds a process takes that imports typst and compiles nothing."""
    start = time.perf_counter()
    subprocess.run([sys.executable, "-c", "import typst"], check=True)
    return time.perf_counter() - start


def main():
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 7
    wasm = os.path.join(ROOT, "typst", "dotchess.wasm")
    print(f"plugin: {os.path.getsize(wasm) / 1e6:.2f} MB ({wasm})")
    with tempfile.TemporaryDirectory(dir=os.path.join(ROOT, "target")) as tmp:
        doc = os.path.join(tmp, "twenty.typ")
        with open(doc, "w") as f:
            f.write(twenty())
        cases = [("typst/examples/essay.typ", os.path.join(ROOT, "typst/examples/essay.typ")), ("20 figures", doc)]
        base = statistics.median(startup() for _ in range(runs))
        print(f"python + import typst alone: median {base:.3f} s")
        for name, source in cases:
            times = [compile_once(source, os.path.join(tmp, "out.pdf")) for _ in range(runs)]
            print(
                f"{name}: median {statistics.median(times):.3f} s over {runs} compiles "
                f"(min {min(times):.3f}, max {max(times):.3f}; less the start, {statistics.median(times) - base:.3f} s)"
            )


if __name__ == "__main__":
    main()
