"""Games read from PGN."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Dict, List, Union

from . import _native
from ._position import Position


class Game:
    """A game read from PGN, every move checked: its headers, moves and positions.

    Draw it with :class:`Figure` (its last position, with the last move and the comments'
    arrows) or replay it with :func:`animate`.
    """

    __slots__ = ("_native",)

    def __init__(self, native: object) -> None:
        self._native = native

    @property
    def headers(self) -> Dict[str, str]:
        """The tag pairs."""
        return dict(self._native.headers)

    @property
    def variant(self) -> str:
        """The variant it is played in."""
        return self._native.variant

    @property
    def result(self) -> str:
        """``1-0``, ``0-1``, ``1/2-1/2`` or ``*``."""
        return self._native.result

    @property
    def sans(self) -> List[str]:
        """The main line's moves in algebraic notation."""
        return self._native.sans

    def positions(self) -> List[Position]:
        """The start, then the position after each ply of the main line."""
        return [Position._wrap(p) for p in self._native.positions()]

    def end(self) -> Position:
        """The position after the last ply, with the main line pushed."""
        return self.positions()[-1]

    def __len__(self) -> int:
        return len(self.sans)

    def __repr__(self) -> str:
        return f"Game({self.headers.get('White', '?')} – {self.headers.get('Black', '?')}, {len(self)} plies)"


def read_game(pgn: Union[str, os.PathLike], variant: str = "dot", number: int = 1) -> Game:
    """Reads the ``number``-th game (from 1) of a PGN text or file (a path ending in .pgn).

    ``variant`` is the variant when the file has no ``Variant`` tag.
    """
    name = "game.pgn"
    text = pgn
    if isinstance(pgn, os.PathLike) or (isinstance(pgn, str) and "\n" not in pgn and pgn.lower().endswith(".pgn")):
        name = str(pgn)
        text = Path(pgn).read_text(encoding="utf-8")
    games = _native.read_games_text(str(text), name, variant)
    if number < 1 or number > len(games):
        held = "1 game" if len(games) == 1 else f"{len(games)} games"
        raise _native.InputError(f"game {number}: {name} holds {held}")
    return Game(games[number - 1])
