"""What a python-chess user writes does what it does in python-chess (issue 46, items 9 and 10).

Each test is a habit of python-chess: the same code on a ``chess.Board`` and on a
``dotchess.Position`` of ordinary chess (``flat``) gives the same answer, and on the sphere the
same names keep their meaning.
"""

import copy
import io
import pickle

import chess
import pytest

import dotchess

ITALIAN = ["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5"]
CASTLES = "r3k2r/pppq1ppp/2np1n2/4p3/2B1P1b1/2NP1N2/PPP2PPP/R2QK2R w KQkq - 0 8"


def both(fen=None):
    """A python-chess board and the same position in dotchess."""
    board = chess.Board(fen) if fen else chess.Board()
    return board, dotchess.Position(board.fen(), "flat")


# --- item 9: code that silently did the wrong thing ----------------------------------------------


def test_turn_compares_with_chess_white():
    board, pos = both()
    assert pos.turn == chess.WHITE == board.turn
    pos.push_san("e4")
    board.push_san("e4")
    assert pos.turn == chess.BLACK == board.turn
    assert pos.turn is dotchess.BLACK
    # On the sphere too.
    dot = dotchess.Position()
    assert dot.turn is True


def test_legal_moves_answer_in_for_python_chess_moves():
    board, pos = both()
    assert chess.Move.from_uci("e2e4") in pos.legal_moves
    assert chess.Move.from_uci("e2e5") not in pos.legal_moves
    assert dotchess.Move.from_uci("g1f3") in pos.legal_moves
    assert len(pos.legal_moves) == pos.legal_moves.count() == board.legal_moves.count() == 20
    # Both ways round: a dotchess move equals the python-chess move of the same coordinates.
    assert all(chess.Move.from_uci(m.uci()) in board.legal_moves for m in pos.legal_moves)
    assert {m.uci() for m in pos.legal_moves} == {m.uci() for m in board.legal_moves}
    assert set(pos.legal_moves) == set(board.legal_moves)
    assert hash(pos.parse_san("e4")) == hash(chess.Move.from_uci("e2e4"))
    assert pos.parse_san("e4") == chess.Move.from_uci("e2e4") and chess.Move.from_uci("e2e4") == pos.parse_san("e4")


def test_castling_is_written_with_the_kings_squares():
    board, pos = both(CASTLES)
    castle = pos.parse_san("O-O")
    assert castle.uci() == "e1g1" == board.parse_san("O-O").uci()
    assert castle.name == "O-O"
    assert chess.Move.from_uci(castle.uci()) == board.parse_san("O-O")
    assert str(castle) == "e1g1" and repr(castle) == "Move.from_uci('e1g1')"
    pos.push(chess.Move.from_uci("e1g1"))
    board.push_uci("e1g1")
    assert pos.fen() == board.fen()
    # The sphere's castlings too: the king's squares, and the name kept.
    dot = dotchess.Position("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
    castles = [m for m in dot.legal_moves if dot.is_castling(m)]
    assert castles and all(m.uci() == m.from_square + m.to_square for m in castles)
    assert {m.name for m in castles} <= {"O-O", "O-O-O", "C-O-O", "C-O-O-O"}


def test_fen_writes_en_passant_only_when_it_can_be_taken():
    board, pos = both()
    for san in ["e4", "Nf6", "e5", "d5"]:
        board.push_san(san)
        pos.push_san(san)
        assert pos.fen() == board.fen()
    # After 1. e4 nobody can take on e3: python-chess writes "-", and so does fen().
    _, after_e4 = both()
    after_e4.push_san("e4")
    assert " - 0 1" in after_e4.fen() and " e3 0 1" in after_e4.fen(en_passant="fen")
    # 4. ... d5 can be taken (exd6): both write d6.
    assert " d6 " in pos.fen()


def test_copies_are_independent():
    _, pos = both()
    pos.push_san("e4")
    for other in (copy.copy(pos), copy.deepcopy(pos), pos.copy(), pickle.loads(pickle.dumps(pos))):
        assert other == pos and other.move_stack == pos.move_stack
        other.push_san("e5")
        assert pos.fen() != other.fen() and len(pos.move_stack) == 1
    assert pos.copy(stack=False).move_stack == []


@pytest.mark.parametrize("bad", [5, None, 3.5, ["1. e4 *"]])
def test_read_game_refuses_what_is_not_a_pgn(bad):
    with pytest.raises(TypeError, match="read_game reads"):
        dotchess.read_game(bad)


def test_read_game_takes_bytes_and_open_files():
    text = "1. e4 e5 2. Nf3 *"
    assert dotchess.read_game(text.encode()).sans == ["e4", "e5", "Nf3"]
    assert dotchess.read_game(io.StringIO(text)).sans == ["e4", "e5", "Nf3"]
    with pytest.raises(dotchess.InputError, match="not UTF-8"):
        dotchess.read_game(b"1. e4 \xff *")


def test_overlay_bytes_are_its_text_and_other_types_are_refused():
    pos = dotchess.Position()
    text = 'arrows = ["e2:e4"]\n'
    assert dotchess.Figure(pos, overlay=text.encode()).svg() == dotchess.Figure(pos, overlay=text).svg()
    with pytest.raises(TypeError, match="an overlay is"):
        dotchess.Figure(pos, overlay=5).svg()


def test_variant_boards_of_python_chess_are_refused():
    import chess.variant

    board = chess.variant.AtomicBoard()
    with pytest.raises(dotchess.InputError, match="atomic"):
        dotchess.Position.from_board(board)
    with pytest.raises(dotchess.InputError, match="atomic"):
        dotchess.Figure(board).svg()


def test_plies_out_of_range_raise_input_errors():
    game = dotchess.read_game("1. e4 e5 2. Nf3 *")
    with pytest.raises(dotchess.InputError, match="plies"):
        dotchess.animate(game, plies=(-1, 2)).gif()
    with pytest.raises(dotchess.InputError, match="plies"):
        dotchess.animate(game, plies=(0, 2**70)).gif()
    with pytest.raises(TypeError, match="plies"):
        dotchess.animate(game, plies="0-2").gif()


def test_wrong_types_raise_type_errors():
    with pytest.raises(TypeError, match="chess.Board"):
        dotchess.Position.from_board("e4")
    with pytest.raises(TypeError, match="dask.distributed Client"):
        dotchess.render_manifest("manifest.toml", "out", client=object())
    with pytest.raises(TypeError, match="a move is"):
        dotchess.Position().push(12)


def test_the_docs_examples_of_positions_answer(repo):
    # docs/python.md's first example, a line at a time: its destinations are not empty.
    text = (repo / "docs" / "python.md").read_text(encoding="utf-8")
    block = text.split("## Positions and moves", 1)[1].split("```python\n", 1)[1].split("```", 1)[0]
    ns = {}
    asked = []
    for line in block.splitlines():
        code = line.split("#", 1)[0].strip()
        if code.startswith("pos.destinations("):
            asked.append(eval(code, ns))
        elif code:
            exec(code, ns)
    assert asked and all(asked)


# --- item 10: what a python-chess user reaches for -----------------------------------------------


def test_uci_moves_push_parse_peek():
    board, pos = both()
    assert pos.push_uci("e2e4") == board.push_uci("e2e4")
    assert pos.parse_uci("e7e5") == board.parse_uci("e7e5")
    assert pos.peek() == board.peek() and pos.peek().uci() == "e2e4"
    assert dotchess.Move.from_uci("e7e8q").promotion == "q"
    assert dotchess.Move.from_uci("e2e4") == dotchess.Move("e2", "e4")
    with pytest.raises(ValueError):
        dotchess.Move.from_uci("O-O")
    with pytest.raises(dotchess.InputError):
        pos.parse_uci("e7e4")
    with pytest.raises(dotchess.InputError, match="coordinates"):
        pos.parse_uci("Nf6")
    with pytest.raises(IndexError):
        dotchess.Position().peek()
    assert pos.is_legal(chess.Move.from_uci("e7e5")) and not pos.is_legal("e7e4") and not pos.is_legal("zz")


def test_set_fen_and_the_clocks():
    board, pos = both(CASTLES)
    clocks = (board.halfmove_clock, board.fullmove_number, board.ply())
    assert (pos.halfmove_clock, pos.fullmove_number, pos.ply()) == clocks
    pos.push_san("Nb5")
    board.push_san("Nb5")
    assert (pos.halfmove_clock, pos.fullmove_number) == (board.halfmove_clock, board.fullmove_number)
    pos.set_fen(chess.STARTING_FEN)
    assert pos.fen() == chess.STARTING_FEN and pos.move_stack == []


def test_questions_about_a_move():
    board, pos = both("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3")
    for m in board.legal_moves:
        assert pos.is_capture(m) == board.is_capture(m), m
        assert pos.is_en_passant(m) == board.is_en_passant(m), m
        assert pos.is_castling(m) == board.is_castling(m), m
        assert pos.gives_check(m) == board.gives_check(m), m
        assert pos.is_zeroing(m) == board.is_zeroing(m), m
        assert pos.lan(m) == board.lan(m), m
    castles, _ = both(CASTLES)
    assert dotchess.Position(CASTLES, "flat").lan("O-O") == castles.lan(castles.parse_san("O-O"))


def test_attackers():
    board, pos = both(CASTLES)
    for cell in ["e5", "d4", "f7", "b5"]:
        for color in chess.COLORS:
            theirs = sorted(chess.square_name(s) for s in board.attackers(color, chess.parse_square(cell)))
            assert sorted(pos.attackers(color, cell)) == theirs, (color, cell)
            assert pos.is_attacked_by(color, cell) == board.is_attacked_by(color, chess.parse_square(cell))


def same_ending(board, pos):
    theirs, mine = board.outcome(claim_draw=True), pos.outcome(claim_draw=True)
    assert (mine is None) == (theirs is None)
    if mine:
        assert mine.termination.name == theirs.termination.name and mine.winner == theirs.winner
        assert mine.result() == theirs.result()
    assert pos.result() == board.result() and pos.is_game_over() == board.is_game_over()
    assert pos.can_claim_draw() == board.can_claim_draw()
    assert pos.can_claim_fifty_moves() == board.can_claim_fifty_moves()
    assert pos.is_seventyfive_moves() == board.is_seventyfive_moves()
    assert pos.is_insufficient_material() == board.is_insufficient_material()


def test_outcomes_follow_python_chess():
    # Fool's mate, a stalemate, bare kings, a lone knight, bishops of one colour, the clocks.
    for fen in [
        "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
        "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
        "8/8/4k3/8/8/3K4/8/8 w - - 0 1",
        "8/8/4k3/8/8/3KN3/8/8 w - - 0 1",
        "8/8/4k1b1/8/8/3KB3/8/8 w - - 0 1",
        "8/8/4k3/8/8/3KR3/8/8 w - - 99 80",
        "8/8/4k3/8/8/3KR3/8/8 w - - 150 100",
        "7k/8/6K1/8/8/8/8/R7 b - - 150 100",
        "7k/8/6K1/8/8/8/8/R7 w - - 99 80",
    ]:
        same_ending(*both(fen))


def test_repetition_and_its_claims():
    board, pos = both()
    for _ in range(2):
        for san in ["Nf3", "Nf6", "Ng1", "Ng8"]:
            board.push_san(san)
            pos.push_san(san)
            same_ending(board, pos)
            assert pos.is_repetition() == board.is_repetition()
            assert pos.can_claim_threefold_repetition() == board.can_claim_threefold_repetition()
    assert pos.outcome(claim_draw=True).termination is dotchess.Termination.THREEFOLD_REPETITION
    for _ in range(2):
        for san in ["Nf3", "Nf6", "Ng1", "Ng8"]:
            board.push_san(san)
            pos.push_san(san)
    assert pos.is_fivefold_repetition() and board.is_fivefold_repetition()
    same_ending(board, pos)


def test_the_sphere_keeps_the_meanings():
    pos = dotchess.Position()
    assert pos.outcome() is None and pos.result() == "*"
    # Bare kings draw on the sphere; a king and a knight do not (a mate there is not ruled out).
    assert dotchess.Position("8/8/4k3/8/8/3K4/8/8 w - - 0 1").is_insufficient_material()
    assert not dotchess.Position("8/8/4k3/8/8/3KN3/8/8 w - - 0 1").is_insufficient_material()


def test_str_is_python_chess_board_text():
    board, pos = both(CASTLES)
    assert str(pos) == str(board)
    small = str(dotchess.Position(variant="small"))
    assert small.splitlines()[0] == "N: k" and small.splitlines()[-1] == "S: K"


def test_a_position_shows_itself_in_a_notebook():
    pos = dotchess.Position()
    svg = pos._repr_svg_()
    assert svg.startswith("<svg") or svg.startswith("<?xml")
    assert svg == dotchess.Figure(pos).svg()


def test_moves_and_games_pickle():
    m = dotchess.Position().parse_san("e4")
    assert pickle.loads(pickle.dumps(m)) == m
    game = dotchess.read_game("1. e4 e5 2. Nf3 *")
    again = pickle.loads(pickle.dumps(game))
    assert again.sans == game.sans and again.end() == game.end()


def _after(pos, san):
    pos.push_san(san)
    return pos


def test_positions_cross_to_other_processes():
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    pos = dotchess.Position()
    pos.push_san("e4")
    with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn")) as pool:
        back = pool.submit(_after, pos, "e5").result()
    assert back.move_stack == [pos.peek(), dotchess.Move.from_uci("e7e5")]
    assert len(pos.move_stack) == 1
