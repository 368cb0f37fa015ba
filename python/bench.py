"""Speed of the Python package: medians of repeated drawings, and their ratios.

    python python/bench.py            # after pip install ./python (and chess, cairosvg)

1. A 480 px PNG of the Dot's start (hemispheres) drawn from Python (Figure(...).png()), against
   the same drawing made by a Rust loop of the same build (time_draw: the options read, checked,
   drawn and encoded, no Python objects made), interleaved, in this thread's CPU time.
2. An ordinary board (python-chess's start, 480 px) from dotchess against python-chess's SVG
   rasterised by cairosvg, the usual way to get a PNG of a board in Python.
3. Sixteen PNGs drawn by four Python threads against one thread (the drawing releases the GIL).
"""

from __future__ import annotations

import statistics
import time
from concurrent.futures import ThreadPoolExecutor

import dotchess
from dotchess import _native


def median_seconds(fn, repeats: int) -> float:
    fn()  # warm: fonts, tables
    times = []
    for _ in range(repeats):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def main() -> None:
    repeats = 21
    pos = dotchess.Position()
    fig = dotchess.Figure(pos, width=480)
    # Interleaved, one call each in turn, so that a loaded machine weighs on both alike; in CPU
    # time of this thread (the drawing runs on it), which the machine's other work does not add to.
    fig.png()
    py_times, rust_times = [], []
    for _ in range(2 * repeats):
        t = time.thread_time()
        fig.png()
        py_times.append(time.thread_time() - t)
        t = time.thread_time()
        _native.time_draw("png", [("width", "480")], pos._native, 1)
        rust_times.append(time.thread_time() - t)
    py, rust = statistics.median(py_times), statistics.median(rust_times)
    pair = statistics.median(p / r for p, r in zip(py_times, rust_times))
    print(
        f"480 px PNG, hemispheres: Python {py * 1e3:.1f} ms, Rust {rust * 1e3:.1f} ms,"
        f" ratio of medians {py / rust:.3f}, median of paired ratios {pair:.3f}"
    )

    import cairosvg
    import chess
    import chess.svg

    board = chess.Board()
    ours = median_seconds(dotchess.Figure(board, view="board", width=480).png, repeats)
    theirs = median_seconds(lambda: cairosvg.svg2png(bytestring=chess.svg.board(board, size=480).encode()), repeats)
    print(
        f"ordinary board 480 px PNG: dotchess {ours * 1e3:.1f} ms, python-chess + cairosvg {theirs * 1e3:.1f} ms,"
        f" ratio {theirs / ours:.2f} (cairosvg / dotchess)"
    )

    figs = [dotchess.Figure(pos, width=480, rotation=r % 8) for r in range(16)]

    def run(threads: int) -> float:
        t = time.perf_counter()
        with ThreadPoolExecutor(threads) as pool:
            list(pool.map(lambda f: f.png(), figs))
        return time.perf_counter() - t

    one = statistics.median(run(1) for _ in range(5))
    four = statistics.median(run(4) for _ in range(5))
    print(f"16 PNGs: 1 thread {one:.2f} s, 4 threads {four:.2f} s, speed-up {one / four:.2f}x")


if __name__ == "__main__":
    main()
