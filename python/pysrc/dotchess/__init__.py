"""dotchess: the rules and figures of spherical chess (Chess on the Dot and its relatives).

Positions and moves (:class:`Position`), figures drawn as ``dotchess render`` draws them
(:class:`Figure`), animations and games (:func:`animate`, :func:`read_game`), and batches of
figures on this machine or on a Dask cluster (:func:`render_manifest`). Bad input raises
:class:`InputError`, a :class:`ValueError` carrying the command's message and, where the input has
them, ``.line`` and ``.column``.

    >>> import dotchess
    >>> pos = dotchess.Position()
    >>> pos.push_san("e4")
    Move.from_uci('e2e4')
    >>> png = dotchess.Figure(pos, view="globe", square="d1", width=480).png()
"""

from __future__ import annotations

from ._native import InputError, LegalMoves, Move, VARIANTS
from ._native import __version__ as __version__
from ._ending import Outcome, Termination
from ._position import Position
from ._figure import Figure, Animation, animate
from ._game import Game, read_game
from ._manifest import render_manifest

#: The sides as python-chess names them: ``pos.turn == dotchess.WHITE`` (and ``== chess.WHITE``).
WHITE = True
BLACK = False

__all__ = [
    "Position",
    "Move",
    "LegalMoves",
    "Outcome",
    "Termination",
    "WHITE",
    "BLACK",
    "Figure",
    "Animation",
    "animate",
    "Game",
    "read_game",
    "render_manifest",
    "InputError",
    "VARIANTS",
]
