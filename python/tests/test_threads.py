"""The drawing releases the GIL: another Python thread runs while a figure is drawn."""

import threading
import time

import dotchess


def test_python_runs_while_a_figure_is_drawn():
    fig = dotchess.Figure(dotchess.Position(), view="globe", width=900)
    span = {}
    started = threading.Event()

    def draw():
        started.set()
        span["from"] = time.perf_counter()
        fig.png()
        span["to"] = time.perf_counter()

    worker = threading.Thread(target=draw)
    ticks = []
    worker.start()
    started.wait()
    while worker.is_alive():
        ticks.append(time.perf_counter())
    worker.join()
    # Were the GIL held while drawing, this thread could not run in the middle of the drawing
    # (a waiting thread gets it back only when the holder lets go); it ran there throughout.
    a, b = span["from"], span["to"]
    middle = [t for t in ticks if a + 0.25 * (b - a) < t < a + 0.75 * (b - a)]
    assert b - a > 0.01, "the figure drew too fast to tell"
    assert len(middle) > 100
