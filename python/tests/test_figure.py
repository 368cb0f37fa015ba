"""Figures: the bytes are `dotchess render`'s, for every view and format, with the options named
as the command names them."""

import pytest

import dotchess

VIEWS = ["hemispheres", "north", "south", "chart", "board", "globe", "disc"]
FEN = "rnbqkb1r/pppp1ppp/5n2/4p3/4P3/2N5/PPPP1PPP/R1BQKBNR w KQkq - 2 3"


@pytest.mark.parametrize("view", VIEWS)
def test_every_view_is_the_commands_bytes(cli, tmp_path, view):
    pos = dotchess.Position(FEN)
    fig = dotchess.Figure(pos, view=view, square="f1", arrows=[("b1", "c3")], circles="e5", width=360)
    for ext in ["svg", "png"]:
        out = tmp_path / f"{view}.{ext}"
        cli("render", "--fen", FEN, "--view", view, "--square", "f1", "--arrow", "b1:c3", "--circle", "e5",
            "--width", "360", "-o", out)
        mine = fig.svg().encode() if ext == "svg" else fig.png()
        assert mine == out.read_bytes(), f"{view}.{ext} differs from the command's"


def test_pdf_and_html_are_the_commands(cli, tmp_path):
    fig = dotchess.Figure(dotchess.Position(), view="globe", theme="print", latitude=30, ghost=True)
    for ext in ["pdf", "html"]:
        out = tmp_path / f"g.{ext}"
        cli("render", "--view", "globe", "--theme", "print", "--latitude", "30", "--ghost", "-o", out)
        mine = fig.pdf() if ext == "pdf" else fig.html().encode()
        assert mine == out.read_bytes()
    fig.save(tmp_path / "saved.pdf")
    assert (tmp_path / "saved.pdf").read_bytes() == (tmp_path / "g.pdf").read_bytes()


def test_an_overlay_file_or_text_with_options_over_it(cli, repo, tmp_path):
    overlay = repo / "examples" / "essay" / "04-hemispheres.toml"
    position = repo / "examples" / "essay" / "empty.fen"
    out = tmp_path / "o.svg"
    cli("render", position, overlay, "--width", "400", "-o", out)
    pos = dotchess.Position(position.read_text().split("\n")[-2] if False else None)
    # The position file's FEN, read as the command reads it.
    fen = [line for line in position.read_text().splitlines() if line and not line.startswith("#")][0]
    pos = dotchess.Position(fen)
    assert dotchess.Figure(pos, overlay=overlay, width=400).svg().encode() == out.read_bytes()
    assert dotchess.Figure(pos, overlay=overlay.read_text(), width=400).svg().encode() == out.read_bytes()


def test_notebook_representations():
    fig = dotchess.Figure(dotchess.Position(), view="north", width=200)
    assert fig._repr_svg_().startswith("<svg") or "<svg" in fig._repr_svg_()[:200]
    assert fig._repr_png_()[:8] == b"\x89PNG\r\n\x1a\n"
    html = fig._repr_html_()
    assert html.startswith("<iframe") and "data:text/html;base64," in html


def test_a_chess_board_draws_as_ordinary_chess(cli, tmp_path):
    import chess

    board = chess.Board()
    board.push_san("e4")
    out = tmp_path / "b.svg"
    cli("render", "--variant", "flat", "--fen", board.fen(), "--view", "board", "-o", out)
    assert dotchess.Figure(board, view="board").svg().encode() == out.read_bytes()
