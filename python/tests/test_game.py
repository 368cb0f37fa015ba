"""Games and animations: a game read from PGN replays as `dotchess animate GAME.pgn` replays it."""

import pytest

import dotchess


def test_a_games_replay_is_the_commands(cli, repo, tmp_path):
    pgn = repo / "examples" / "games" / "dot-pole-mate.pgn"
    game = dotchess.read_game(pgn)
    assert game.variant == "dot" and game.result == "0-1"
    # The moves of the file, each legal in turn, end in mate.
    assert game.sans[:3] == ["b3", "e6", "Nf3"] and game.sans[-1] == "Qxa1#"
    assert game.end().is_checkmate() and len(game.positions()) == len(game) + 1
    out = tmp_path / "game.gif"
    cli("animate", pgn, "--from", "6", "--to", "10", "--width", "240", "-o", out)
    anim = dotchess.animate(game, plies=(6, 10), width=240)
    gif = anim.gif()
    assert gif[:6] == b"GIF89a"
    assert gif == out.read_bytes()


def test_a_games_text_reads_as_its_file():
    text = '[Variant "flat"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n'
    game = dotchess.read_game(text)
    assert game.variant == "flat" and game.end().is_checkmate()


def test_a_positions_animation_is_the_commands(cli, repo, tmp_path):
    overlay = repo / "examples" / "essay" / "04-gear.toml"
    start = repo / "examples" / "essay" / "start.fen"
    out = tmp_path / "gear.svg"
    cli("animate", start, overlay, "--frames", "4", "--width", "200", "-o", out)
    anim = dotchess.animate(dotchess.Position(), overlay=overlay, frames=4, width=200)
    assert anim.svg().encode() == out.read_bytes()


def test_a_bad_move_in_a_game_is_placed():
    with pytest.raises(dotchess.InputError) as e:
        dotchess.read_game('[Variant "flat"]\n\n1. e4 e5 2. Ke3 *\n')
    assert e.value.line == 3 and e.value.column is not None


def test_a_games_end_is_the_commands_still(cli, repo, tmp_path):
    pgn = repo / "examples" / "games" / "flat-opera.pgn"
    out = tmp_path / "end.svg"
    cli("render", pgn, "--view", "board", "-o", out)
    game = dotchess.read_game(pgn)
    assert game.variant == "flat" and game.end().is_checkmate()
    assert dotchess.Figure(game, view="board").svg().encode() == out.read_bytes()
