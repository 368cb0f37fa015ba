"""Fuzzing the public functions' arguments (hypothesis): whatever they are given, they answer or
raise InputError (a ValueError), TypeError, or OSError for a file that cannot be read (a text that
looks like a path) — never another exception, never a panic, which pyo3 raises as a
BaseException that `except Exception` lets through.

`DOTCHESS_FUZZ_EXAMPLES` sets the examples a test (60 by default: the bounded run of .ci/run,
derandomized, so the same run each time); given, the examples are drawn at random.
"""

import copy
import os
import pickle

import chess
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import dotchess
from dotchess import _native

EXAMPLES = int(os.environ.get("DOTCHESS_FUZZ_EXAMPLES", "60"))
FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    database=None,
    derandomize="DOTCHESS_FUZZ_EXAMPLES" not in os.environ,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
ALLOWED = (dotchess.InputError, TypeError, OSError)

# Text near what the functions read: FEN and move characters, cells, marks, and characters of
# several bytes in UTF-8 (the panic of issue 46 was a byte index inside one).
SEVERAL_BYTES = ["é", "ß", "１", "😀", "\u0301"]
ALPHABET = st.sampled_from(list("rnbqkpRNBQKP12345678/ -wabcdefghNSxO=+#:;,.{}[]%\n\"'") + SEVERAL_BYTES)
TEXT = st.text(ALPHABET, max_size=80) | st.text(max_size=40)


def answers(call, *args, **kwargs):
    """Calls; an InputError, a TypeError or an OSError is an answer too. Anything else fails."""
    try:
        return call(*args, **kwargs)
    except ALLOWED:
        return None


def mutated(text, cut, insert):
    cut %= len(text) + 1
    return text[:cut] + insert + text[cut:]


@FUZZ
@given(variant=st.sampled_from(dotchess.VARIANTS), cut=st.integers(0, 200), insert=TEXT, alone=TEXT)
def test_positions_from_any_text(variant, cut, insert, alone):
    start = dotchess.Position(variant=variant).fen()
    for fen in (mutated(start, cut, insert), alone):
        pos = answers(dotchess.Position, fen, variant)
        if pos is not None:
            # A FEN read is written back as read (the library's, every en passant square kept).
            assert dotchess.Position(pos.fen(en_passant="fen"), variant) == pos
            str(pos)
    answers(dotchess.Position, None, insert)


@FUZZ
@given(variant=st.sampled_from(dotchess.VARIANTS), text=TEXT, cell=TEXT, plies=st.integers(0, 12), seed=st.randoms())
def test_moves_and_questions_from_any_text(variant, text, cell, plies, seed):
    pos = dotchess.Position(variant=variant)
    for _ in range(plies):
        moves = list(pos.legal_moves)
        if not moves:
            break
        pos.push(seed.choice(moves))
    for method in ("push", "san", "lan", "is_capture", "is_castling", "gives_check", "is_legal", "is_en_passant"):
        answers(getattr(pos.copy(), method), text)
    for method in ("parse_san", "parse_uci", "push_san", "push_uci"):
        answers(getattr(pos.copy(), method), text)
    for method in ("piece_at", "destinations"):
        answers(getattr(pos, method), cell)
    answers(pos.attackers, True, cell)
    answers(dotchess.Move.from_uci, text)
    answers(pos.fen, en_passant=text)
    answers(pos.copy().set_fen, text)


@FUZZ
@given(variant=st.sampled_from(dotchess.VARIANTS), plies=st.integers(0, 60), seed=st.randoms())
def test_random_games_keep_their_invariants(variant, plies, seed):
    pos = dotchess.Position(variant=variant)
    board = chess.Board() if variant == "flat" else None
    for _ in range(plies):
        moves = list(pos.legal_moves)
        assert pos.is_game_over() == (pos.outcome() is not None)
        if not moves:
            assert pos.is_checkmate() or pos.is_stalemate()
            break
        move = seed.choice(moves)
        assert move in pos.legal_moves and pos.is_legal(move)
        before = pos.fen()
        pos.push(move)
        assert pos.peek() == move and pos.pop() == move and pos.fen() == before
        pos.push(move)
        if board is not None:
            assert chess.Move.from_uci(move.uci()) in board.legal_moves
            board.push_uci(move.uci())
            assert pos.fen() == board.fen() and str(pos) == str(board)
            assert {m.uci() for m in pos.legal_moves} == {m.uci() for m in board.legal_moves}
            assert pos.result(claim_draw=True) == board.result(claim_draw=True)
    again = pickle.loads(pickle.dumps(pos))
    assert again == pos and again.move_stack == pos.move_stack and copy.deepcopy(pos) == pos


OPTIONS = _native.option_table()


@FUZZ
@given(
    row=st.sampled_from(OPTIONS),
    value=TEXT | st.integers() | st.floats() | st.booleans(),
    fmt=st.sampled_from(["svg", "html"]),
)
def test_figures_from_any_option(row, value, fmt):
    name = row[0]
    pos = dotchess.Position()
    figure = dotchess.Figure(pos, **{"width": 200, name: value})
    answers(getattr(figure, fmt))


@FUZZ
@given(cut=st.integers(0, 400), insert=TEXT, mark=TEXT)
def test_games_from_any_text(cut, insert, mark):
    pgn = '[Event "fuzz"]\n\n1. e4 {[%cal Ge2e4]} e5 2. Nf3 {[%csl Rd4]} Nc6 *\n'
    for text in (mutated(pgn, cut, insert), f"1. e4 {{[%cal {mark}]}} *", f"1. e4 {{[%csl {mark}]}} *"):
        game = answers(dotchess.read_game, text)
        if game is not None:
            answers(lambda: dotchess.Figure(game, view="board", width=200).svg())


@FUZZ
@given(
    plies=st.tuples(st.integers(-5, 2**40), st.integers(-5, 2**40)) | st.none() | TEXT,
    overlay=TEXT | st.binary(max_size=40) | st.none(),
    number=st.integers(-3, 3),
)
def test_animations_overlays_and_game_numbers(plies, overlay, number):
    game = dotchess.read_game("1. e4 e5 2. Nf3 Nc6 *")
    answers(lambda: dotchess.animate(game, plies=plies, frames=2, width=120).svg())
    answers(lambda: dotchess.Figure(dotchess.Position(), overlay=overlay, width=200).svg())
    answers(dotchess.read_game, "1. e4 *\n\n1. d4 *", number=number)
