"""How a game ends: python-chess's ``Termination`` and ``Outcome``, with the same names."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Optional


class Termination(enum.Enum):
    """Why a game ended, named as python-chess names it."""

    CHECKMATE = enum.auto()
    STALEMATE = enum.auto()
    INSUFFICIENT_MATERIAL = enum.auto()
    SEVENTYFIVE_MOVES = enum.auto()
    FIVEFOLD_REPETITION = enum.auto()
    FIFTY_MOVES = enum.auto()
    THREEFOLD_REPETITION = enum.auto()


@dataclass(frozen=True)
class Outcome:
    """The end of a game: why (``termination``) and who won (``winner``: ``True`` white,
    ``False`` black, ``None`` a draw)."""

    termination: Termination
    winner: Optional[bool]

    def result(self) -> str:
        """``1-0``, ``0-1`` or ``1/2-1/2``."""
        if self.winner is None:
            return "1/2-1/2"
        return "1-0" if self.winner else "0-1"
