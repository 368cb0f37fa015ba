"""Positions: the moves and their algebraic names are the command's (`dotchess moves --san`)."""

import json

import pytest

import dotchess

# A middle game on the Dot (a pawn on each wing moved, a knight out), ordinary chess with a
# castling and an en-passant square, and the small board.
POSITIONS = [
    ("dot", None),
    ("dot", "rnbqkb1r/pppp1ppp/5n2/4p3/4P3/2N5/PPPP1PPP/R1BQKBNR w KQkq - 2 3"),
    ("flat", "r3k2r/pppq1ppp/2np1n2/4p3/2B1P1b1/2NP1N2/PPP2PPP/R2QK2R w KQkq - 0 8"),
    ("flat", "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3"),
    ("small", None),
]


def command_sans(cli, variant, fen):
    args = ["moves", "--san", "--json", "--variant", variant] + (["--fen", fen] if fen else [])
    return json.loads(cli(*args).stdout)["moves"]


@pytest.mark.parametrize("variant,fen", POSITIONS)
def test_legal_moves_and_san_equal_the_commands(cli, variant, fen):
    pos = dotchess.Position(fen, variant)
    names = sorted(pos.san(m) for m in pos.legal_moves)
    assert names == command_sans(cli, variant, fen)
    # Each name reads back as its own move.
    for m in pos.legal_moves:
        assert pos.parse_san(pos.san(m)) == m


def test_push_pop_and_fen_follow_the_moves(cli):
    pos = dotchess.Position()
    start = pos.fen()
    played = pos.push_san("e4")
    assert played.uci() == "e2e4" and pos.turn is dotchess.BLACK
    after = pos.fen()
    pos.push_san("e5")
    # The command agrees on what is legal after the moves.
    assert sorted(pos.san(m) for m in pos.legal_moves) == command_sans(cli, "dot", pos.fen())
    assert pos.pop().uci() == "e7e5"
    assert pos.fen() == after
    pos.pop()
    assert pos.fen() == start
    with pytest.raises(IndexError):
        pos.pop()


def test_check_is_the_kings_being_attacked():
    # Fool's mate on the flat board: after 1. f3 e5 2. g4 Qh4 white is mated.
    pos = dotchess.Position(variant="flat")
    for san in ["f3", "e5", "g4", "Qh4#"]:
        pos.push_san(san)
    assert pos.is_check() and pos.is_checkmate() and not pos.legal_moves
    pos.pop()
    assert not pos.is_check()


def test_destinations_hold_the_commands_routes(cli):
    # The queen on d1 of the start of the Dot: every destination with every route, as
    # `dotchess moves --square d1 --json` answers it.
    pos = dotchess.Position()
    fen = pos.fen()
    doc = json.loads(cli("moves", "--square", "d1", "--json", "--fen", fen).stdout)
    mine = pos.destinations("d1")
    assert [d["cell"] for d in mine] == [d["cell"] for d in doc["destinations"]]
    for d, theirs in zip(mine, doc["destinations"]):
        assert d["capture"] == theirs["capture"]
        assert [m.uci() for m in d["moves"]] == theirs["moves"]
        assert len(d["routes"]) == len(theirs["routes"])
        for route in d["routes"]:
            assert route[0] == "d1" and route[-1] == d["cell"]


def test_variant_names_and_aliases():
    assert dotchess.Position(variant="chess").variant == "flat"
    assert dotchess.Position().variant == "dot"
    with pytest.raises(dotchess.InputError, match="unknown variant"):
        dotchess.Position(variant="hexagonal")


def test_python_chess_round_trip():
    import chess
    board = chess.Board()
    for san in ["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "O-O", "Nf6", "d4", "exd4"]:
        board.push_san(san)
    pos = dotchess.Position.from_board(board)
    assert pos.variant == "flat"
    assert pos.fen() == board.fen()
    # Both sides see the same legal moves, named the same.
    assert sorted(pos.san(m) for m in pos.legal_moves) == sorted(board.san(m) for m in board.legal_moves)
    back = pos.to_board()
    assert back == board and back.move_stack == board.move_stack
    # Castling goes across under its name; en passant keeps its square.
    ep = chess.Board("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3")
    p = dotchess.Position.from_board(ep)
    p.push_san("exf6")
    ep.push_san("exf6")
    assert p.fen() == ep.fen() and p.to_board() == ep


def test_to_board_refuses_the_sphere():
    with pytest.raises(ValueError, match="ordinary chess"):
        dotchess.Position().to_board()
