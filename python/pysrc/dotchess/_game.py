"""Games read from PGN."""

from __future__ import annotations

import os
from pathlib import Path
from typing import IO, Any, Dict, List, Tuple, Union

from . import _native
from ._position import Position


class Game:
    """A game read from PGN, every move checked: its headers, moves and positions.

    Draw it with :class:`Figure` (its last position, with the last move and the comments'
    arrows) or replay it with :func:`animate`.
    """

    __slots__ = ("_native", "_source")

    def __init__(self, native: Any, source: Tuple[str, str, str, int] = ("", "game.pgn", "dot", 1)) -> None:
        self._native = native
        self._source = source

    def __reduce__(self) -> Tuple[Any, Tuple[str, str, str, int]]:
        # Pickled as the text it was read from (another process reads it again).
        return (_reread, self._source)

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


def _pgn_text(pgn: Any) -> Tuple[str, str]:
    """The PGN text and its name, from a text, bytes (UTF-8), a path or an open file."""
    if hasattr(pgn, "read"):
        # An open file, as python-chess's chess.pgn.read_game(handle) takes one.
        return _pgn_text(pgn.read())[0], str(getattr(pgn, "name", "game.pgn"))
    if isinstance(pgn, (bytes, bytearray)):
        try:
            return bytes(pgn).decode("utf-8"), "game.pgn"
        except UnicodeDecodeError as e:
            raise _native.InputError(f"game.pgn: not UTF-8 text (byte {e.start + 1})") from None
    if isinstance(pgn, os.PathLike) or (isinstance(pgn, str) and "\n" not in pgn and pgn.lower().endswith(".pgn")):
        return Path(pgn).read_text(encoding="utf-8"), str(pgn)
    if isinstance(pgn, str):
        return pgn, "game.pgn"
    raise TypeError(f"read_game reads a PGN text (str or bytes), a path or an open file, not {type(pgn).__name__}")


def read_game(pgn: Union[str, bytes, os.PathLike, IO[Any]], variant: str = "dot", number: int = 1) -> Game:
    """Reads the ``number``-th game (from 1) of a PGN: its text (``str``, or ``bytes`` in UTF-8),
    a file's path (``pathlib.Path``, or a ``str`` ending in .pgn) or an open file.

    ``variant`` is the variant when the file has no ``Variant`` tag.
    """
    if isinstance(number, bool) or not isinstance(number, int):
        raise TypeError(f"read_game: number is a whole number, not {type(number).__name__}")
    text, name = _pgn_text(pgn)
    games = _native.read_games_text(text, name, variant)
    if number < 1 or number > len(games):
        held = "1 game" if len(games) == 1 else f"{len(games)} games"
        raise _native.InputError(f"game {number}: {name} holds {held}")
    return Game(games[number - 1], (text, name, variant, number))


def _reread(text: str, name: str, variant: str, number: int) -> Game:
    """The game a pickle holds."""
    return Game(_native.read_games_text(text, name, variant)[number - 1], (text, name, variant, number))
