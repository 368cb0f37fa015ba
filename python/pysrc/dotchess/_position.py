"""Position: a position of a variant, with python-chess's names and meanings (``turn``,
``legal_moves``, ``push``/``pop``, ``outcome``, …)."""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Tuple, Union

from . import _native
from ._ending import Outcome, Termination
from ._native import LegalMoves, Move

#: A move as the methods take it: a :class:`Move`, a python-chess ``chess.Move`` or its text.
MoveLike = Union[Move, str, Any]


def _restore(variant: str, fen: str, moves: List[str]) -> "Position":
    """The position a pickle holds: a FEN and the moves pushed since."""
    return Position._wrap(_native.NativePosition.restore(variant, fen, moves))


class Position:
    """A position of a variant (``dot`` by default; ``flat`` is ordinary chess).

    ``fen`` is a FEN of the variant's board (default: its start). Moves are :class:`Move` values,
    python-chess ``chess.Move`` values or their text, in algebraic (``Nf3``) or coordinate
    notation (``g1f3``; a castling also by its king's squares, ``e1g1``). The names are
    python-chess's and mean what they mean there: ``turn`` is ``True`` when white moves.
    """

    __slots__ = ("_native",)

    def __init__(self, fen: Optional[str] = None, variant: str = "dot") -> None:
        self._native = _native.NativePosition(fen, variant)

    @classmethod
    def _wrap(cls, native: Any) -> "Position":
        p = cls.__new__(cls)
        p._native = native
        return p

    # --- the position ---------------------------------------------------------------------------

    @property
    def variant(self) -> str:
        """The variant's name: ``dot``, ``boholy``, ``spherical``, ``small``, ``small8``, ``flat``, …"""
        return self._native.variant

    @property
    def turn(self) -> bool:
        """The side to move: ``True`` for white (python-chess's ``chess.WHITE``), ``False`` for black."""
        return self._native.turn

    @property
    def halfmove_clock(self) -> int:
        """Plies since the last capture or pawn move."""
        return self._native.halfmove_clock

    @property
    def fullmove_number(self) -> int:
        """The move's number, from 1; it counts up after black's move."""
        return self._native.fullmove_number

    def ply(self) -> int:
        """Plies played since the start the FEN counts from."""
        return 2 * (self.fullmove_number - 1) + (0 if self.turn else 1)

    def fen(self, *, en_passant: str = "legal") -> str:
        """The position's FEN. As python-chess, the en passant square is written only when a legal
        move takes there (``en_passant="legal"``); ``"xfen"``: when a pawn stands ready to take;
        ``"fen"``: after every double step."""
        return self._native.fen(en_passant)

    def set_fen(self, fen: str) -> None:
        """Sets the position from a FEN of the same variant; the moves pushed are forgotten."""
        self._native.set_fen(fen)

    def reset(self) -> None:
        """The variant's start, with no moves pushed."""
        self._native.reset()

    def piece_at(self, cell: str) -> Optional[str]:
        """The piece on a cell as its FEN letter (upper case for white), or None."""
        return self._native.piece_at(cell)

    def piece_map(self) -> Dict[str, str]:
        """Every occupied cell and its piece's FEN letter."""
        return dict(self._native.piece_map())

    def attackers(self, color: bool, cell: str) -> List[str]:
        """The cells of the pieces of ``color`` (``True`` white) that attack ``cell``."""
        return self._native.attackers(bool(color), cell)

    def is_attacked_by(self, color: bool, cell: str) -> bool:
        """Whether a piece of ``color`` attacks ``cell``."""
        return self._native.is_attacked_by(bool(color), cell)

    def destinations(self, cell: str, legal: bool = True) -> List[Dict[str, Any]]:
        """Every destination of the piece on ``cell`` with every route to it.

        Each is a dict: ``cell`` (its name), ``capture`` (bool), ``moves`` (the moves ending there;
        several for a promotion) and ``routes`` (each the list of cells the piece passes, the
        origin first, a dead pole passed over written ``N`` or ``S``). ``legal=False``: the
        pseudo-legal ones.
        """
        return self._native.destinations(cell, legal)

    # --- moves ----------------------------------------------------------------------------------

    @property
    def legal_moves(self) -> LegalMoves:
        """The legal moves of the side to move: iterate them, ``len()`` or ``count()`` them, ask
        ``move in pos.legal_moves`` of a :class:`Move`, a ``chess.Move`` or a move's text."""
        return self._native.legal_moves

    @property
    def move_stack(self) -> List[Move]:
        """The moves pushed, oldest first."""
        return self._native.move_stack

    def is_legal(self, move: MoveLike) -> bool:
        """Whether ``move`` is a legal move here."""
        return self._native.is_legal(move)

    def san(self, move: MoveLike) -> str:
        """The algebraic name of a legal move, as ``dotchess moves --san`` names it."""
        return self._native.san(move)

    def lan(self, move: MoveLike) -> str:
        """The long algebraic name of a legal move (``Ng1-f3``, ``e4xd5``, ``e7-e8=Q+``, ``O-O``)."""
        return self._native.lan(move)

    def parse_san(self, san: str) -> Move:
        """The legal move written ``san`` (algebraic or coordinate notation)."""
        return self._native.parse_san(san)

    def parse_uci(self, uci: str) -> Move:
        """The legal move written in coordinates (``e2e4``, ``e7e8q``, ``e1g1``)."""
        return self._native.parse_uci(uci)

    def push(self, move: MoveLike) -> None:
        """Plays a legal move (InputError for one that is not)."""
        self._native.push(move)

    def push_san(self, san: str) -> Move:
        """Plays the move written ``san`` and returns it."""
        return self._native.push_san(san)

    def push_uci(self, uci: str) -> Move:
        """Plays the move written in coordinates and returns it."""
        return self._native.push_uci(uci)

    def pop(self) -> Move:
        """Takes back the last move pushed and returns it (IndexError when none was)."""
        return self._native.pop()

    def peek(self) -> Move:
        """The last move pushed (IndexError when none was)."""
        return self._native.peek()

    def is_capture(self, move: MoveLike) -> bool:
        """Whether a legal move takes a piece (en passant included)."""
        return self._native.is_capture(move)

    def is_en_passant(self, move: MoveLike) -> bool:
        """Whether a legal move takes en passant."""
        return self._native.is_en_passant(move)

    def is_castling(self, move: MoveLike) -> bool:
        """Whether a legal move is a castling (on the sphere, any of the four)."""
        return self._native.is_castling(move)

    def is_zeroing(self, move: MoveLike) -> bool:
        """Whether a legal move sets the halfmove clock back to 0 (a capture or a pawn's move)."""
        return self._native.is_zeroing(move)

    def gives_check(self, move: MoveLike) -> bool:
        """Whether a legal move checks the other king."""
        return self._native.gives_check(move)

    # --- the end of the game --------------------------------------------------------------------

    def is_check(self) -> bool:
        """Whether the side to move is in check."""
        return self._native.is_check()

    def is_checkmate(self) -> bool:
        """Whether the side to move is checkmated."""
        return self._native.is_checkmate()

    def is_stalemate(self) -> bool:
        """Whether the side to move has no legal move and is not in check."""
        return self._native.is_stalemate()

    def is_insufficient_material(self) -> bool:
        """Whether neither side can mate: python-chess's rule on the flat board; on the sphere only
        bare kings (docs/rules.md)."""
        return self._native.is_insufficient_material()

    def is_seventyfive_moves(self) -> bool:
        """Whether 150 plies passed without a capture or a pawn move."""
        return self._native.is_seventyfive_moves()

    def is_fivefold_repetition(self) -> bool:
        """Whether the position stands for the fifth time in the moves pushed."""
        return self._native.is_fivefold_repetition()

    def is_repetition(self, count: int = 3) -> bool:
        """Whether the position stands for at least the ``count``-th time in the moves pushed."""
        return self._native.is_repetition(count)

    def can_claim_fifty_moves(self) -> bool:
        """Whether the fifty-move rule may be claimed (now, or by the next move)."""
        return self._native.can_claim_fifty_moves()

    def can_claim_threefold_repetition(self) -> bool:
        """Whether threefold repetition may be claimed (now, or by the next move)."""
        return self._native.can_claim_threefold_repetition()

    def can_claim_draw(self) -> bool:
        """Whether a draw may be claimed (fifty moves or threefold repetition)."""
        return self.can_claim_fifty_moves() or self.can_claim_threefold_repetition()

    def outcome(self, *, claim_draw: bool = False) -> Optional[Outcome]:
        """How the game ended, or None while it goes on (python-chess's order of the rules)."""
        found = self._native.outcome(claim_draw)
        if found is None:
            return None
        termination, winner = found
        return Outcome(Termination[termination], winner)

    def is_game_over(self, *, claim_draw: bool = False) -> bool:
        """Whether the game is over."""
        return self.outcome(claim_draw=claim_draw) is not None

    def result(self, *, claim_draw: bool = False) -> str:
        """``1-0``, ``0-1``, ``1/2-1/2``, or ``*`` while the game goes on."""
        outcome = self.outcome(claim_draw=claim_draw)
        return outcome.result() if outcome else "*"

    # --- copies, comparison, display ------------------------------------------------------------

    def copy(self, *, stack: bool = True) -> "Position":
        """A copy, with its move stack (``stack=False``: without)."""
        if stack:
            return Position._wrap(self._native.copy())
        return Position(self._native.fen("fen"), self.variant)

    def __copy__(self) -> "Position":
        return self.copy()

    def __deepcopy__(self, memo: Dict[int, Any]) -> "Position":
        return self.copy()

    def __reduce__(self) -> Tuple[Any, Tuple[str, str, List[str]]]:
        return (_restore, tuple(self._native.state()))  # type: ignore[return-value]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Position) and self._native == other._native

    def __hash__(self) -> int:
        return hash(self.fen())

    def __repr__(self) -> str:
        return f"Position({self.fen()!r}, variant={self.variant!r})"

    def __str__(self) -> str:
        """The board as text, a line a rank (python-chess's ``str(board)``)."""
        return str(self._native)

    def _repr_svg_(self) -> str:
        # A position shows itself in a notebook as its figure (the hemispheres; a flat board).
        from ._figure import Figure

        return Figure(self).svg()

    # --- python-chess ---------------------------------------------------------------------------

    @classmethod
    def from_board(cls, board: Any) -> "Position":
        """The position of a ``chess.Board`` (python-chess) as ordinary chess (variant ``flat``).

        Its move stack is replayed, so that :meth:`pop` and the last move work as on the board. A
        board of another game (``chess.variant.AtomicBoard``, …) is refused: its rules are not
        ordinary chess's.
        """
        if not all(hasattr(board, a) for a in ("root", "move_stack", "fen", "san")):
            raise TypeError(f"from_board takes a chess.Board (python-chess), not {type(board).__name__}")
        rules = getattr(board, "uci_variant", "chess")
        if rules != "chess":
            raise _native.InputError(
                f"from_board: a {type(board).__name__} plays {rules!r}, whose rules are not ordinary chess's; "
                "dotchess reads a chess.Board"
            )
        replay = board.root()
        pos = cls(replay.fen(en_passant="fen"), "flat")
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
        board = chess.Board(root.fen(en_passant="fen"))
        for mv in stack:
            board.push_san(root.san(mv))
            root.push(mv)
        return board
