"""Position: a position of a variant, with python-chess's habits (legal_moves, san, push, pop)."""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Union

from . import _native
from ._native import Move


class Position:
    """A position of a variant (``dot`` by default; ``flat`` is ordinary chess).

    ``fen`` is a FEN of the variant's board (default: its start). Moves are :class:`Move` values
    or their names, in algebraic (``Nf3``) or coordinate notation (``g1f3``).
    """

    __slots__ = ("_native",)

    def __init__(self, fen: Optional[str] = None, variant: str = "dot") -> None:
        self._native = _native.NativePosition(fen, variant)

    @classmethod
    def _wrap(cls, native: Any) -> "Position":
        p = cls.__new__(cls)
        p._native = native
        return p

    @property
    def variant(self) -> str:
        """The variant's name: ``dot``, ``boholy``, ``spherical``, ``small``, ``small8``, ``flat``, …"""
        return self._native.variant

    @property
    def turn(self) -> str:
        """The side to move, ``"white"`` or ``"black"``."""
        return self._native.turn

    @property
    def legal_moves(self) -> List[Move]:
        """The legal moves of the side to move."""
        return self._native.legal_moves

    @property
    def move_stack(self) -> List[Move]:
        """The moves pushed, oldest first."""
        return self._native.move_stack

    def fen(self) -> str:
        """The position's FEN."""
        return self._native.fen()

    def san(self, move: Union[Move, str]) -> str:
        """The algebraic name of a legal move, as ``dotchess moves --san`` names it."""
        return self._native.san(move)

    def parse_san(self, san: str) -> Move:
        """The legal move written ``san`` (algebraic or coordinate notation)."""
        return self._native.parse_san(san)

    def push(self, move: Union[Move, str]) -> None:
        """Plays a legal move."""
        self._native.push(move)

    def push_san(self, san: str) -> Move:
        """Plays the move written ``san`` and returns it."""
        return self._native.push_san(san)

    def pop(self) -> Move:
        """Takes back the last move pushed and returns it (IndexError when none was)."""
        return self._native.pop()

    def is_check(self) -> bool:
        """Whether the side to move is in check."""
        return self._native.is_check()

    def is_checkmate(self) -> bool:
        """Whether the side to move is checkmated."""
        return self._native.is_checkmate()

    def is_stalemate(self) -> bool:
        """Whether the side to move has no legal move and is not in check."""
        return self._native.is_stalemate()

    def piece_at(self, cell: str) -> Optional[str]:
        """The piece on a cell as its FEN letter (upper case for white), or None."""
        return self._native.piece_at(cell)

    def piece_map(self) -> Dict[str, str]:
        """Every occupied cell and its piece's FEN letter."""
        return dict(self._native.piece_map())

    def destinations(self, cell: str, legal: bool = True) -> List[Dict[str, Any]]:
        """Every destination of the piece on ``cell`` with every route to it.

        Each is a dict: ``cell`` (its name), ``capture`` (bool), ``moves`` (the moves ending there;
        several for a promotion) and ``routes`` (each the list of cells the piece passes, the
        origin first, a dead pole passed over written ``N`` or ``S``). ``legal=False``: the
        pseudo-legal ones.
        """
        return self._native.destinations(cell, legal)

    def copy(self) -> "Position":
        """A copy, with its move stack."""
        return Position._wrap(self._native.copy())

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Position) and self._native == other._native

    def __hash__(self) -> int:
        return hash(self.fen())

    def __repr__(self) -> str:
        return f"Position({self.fen()!r}, variant={self.variant!r})"

    # --- python-chess --------------------------------------------------------------------------

    @classmethod
    def from_board(cls, board: Any) -> "Position":
        """The position of a ``chess.Board`` (python-chess) as ordinary chess (variant ``flat``).

        Its move stack is replayed, so that :meth:`pop` and the last move work as on the board.
        """
        replay = board.root()
        pos = cls(replay.fen(), "flat")
        for mv in board.move_stack:
            pos.push_san(replay.san(mv))
            replay.push(mv)
        return pos

    def to_board(self) -> Any:
        """The position as a ``chess.Board`` (python-chess must be installed; ordinary chess only)."""
        if self.variant != "flat":
            raise ValueError(f"to_board: a chess.Board holds ordinary chess (variant 'flat'), not {self.variant!r}")
        import chess  # not a dependency: only when asked for

        stack = self.move_stack
        root = self.copy()
        for _ in stack:
            root.pop()
        board = chess.Board(root.fen())
        for mv in stack:
            board.push_san(root.san(mv))
            root.push(mv)
        return board
