"""Shared fixtures: the `dotchess` command the Python package is compared with.

The command is the repository's own build (`target/debug/dotchess`, or the one named by
DOTCHESS_BIN); a missing command fails the tests, it does not skip them.
"""

import os
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def repo() -> Path:
    return REPO


@pytest.fixture(scope="session")
def cli():
    exe = os.environ.get("DOTCHESS_BIN") or str(REPO / "target" / "debug" / "dotchess")
    if not Path(exe).exists():
        pytest.fail(f"the dotchess command is not built at {exe} (cargo build, or set DOTCHESS_BIN)")

    def run(*args, check=True):
        r = subprocess.run([exe, *map(str, args)], capture_output=True, cwd=REPO)
        if check and r.returncode != 0:
            raise AssertionError(f"dotchess {' '.join(map(str, args))} failed: {r.stderr.decode()}")
        return r

    return run
