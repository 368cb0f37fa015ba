"""The package is typed (py.typed, the stubs of its native half): mypy checks it, and catches a
misspelt option or a value of the wrong type in a script, from the options table's own names."""

import os
import subprocess
import sys
from pathlib import Path

import dotchess

PYTHON = Path(__file__).resolve().parents[1]
PACKAGE_ROOT = Path(dotchess.__file__).resolve().parents[1]


def mypy(*args):
    env = dict(os.environ)
    # From a clone (the package not installed) mypy finds it by MYPYPATH; installed, by itself.
    if PACKAGE_ROOT.name != "site-packages":
        env["MYPYPATH"] = str(PACKAGE_ROOT)
    r = subprocess.run(
        [sys.executable, "-m", "mypy", "--no-incremental", "--hide-error-context", *args],
        capture_output=True,
        text=True,
        env=env,
    )
    return r.returncode, r.stdout + r.stderr


def test_the_options_module_is_the_tables():
    r = subprocess.run([sys.executable, str(PYTHON / "gen_options.py"), "--check"], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr


def test_mypy_checks_a_script(tmp_path):
    good = tmp_path / "good.py"
    good.write_text(
        "import chess\n"
        "import dotchess\n"
        "pos = dotchess.Position()\n"
        "ok: bool = pos.turn == chess.WHITE\n"
        "move = pos.push_uci('e2e4')\n"
        "dotchess.Figure(pos, view='globe', width=480, arrows=[('e2', 'e4')], tint=True).svg()\n"
        "dotchess.animate(pos, kind='spin', frames=24, plays=0).gif()\n"
    )
    code, out = mypy(str(good))
    assert code == 0, out
    bad = tmp_path / "bad.py"
    bad.write_text(
        "import dotchess\n"
        "pos = dotchess.Position()\n"
        "dotchess.Figure(pos, veiw='globe').svg()\n"
        "dotchess.Figure(pos, view='glob').svg()\n"
        "dotchess.Figure(pos, frames=24).svg()\n"
        "dotchess.animate(pos, kind='spinn').gif()\n"
    )
    code, out = mypy(str(bad))
    assert code == 1
    assert 'Unexpected keyword argument "veiw"' in out, out
    assert 'Unexpected keyword argument "frames"' in out, out
    assert out.count("incompatible type") == 2, out
