"""Errors: InputError is a ValueError with the command's message, and the line and column of an
overlay's mistake."""

import pytest

import dotchess


def command_message(cli, *args):
    r = cli(*args, check=False)
    assert r.returncode == 2, r.stderr
    return r.stderr.decode().removeprefix("dotchess: ").strip()


def flag_reason(cli, tmp_path, flag, value):
    """The reason the command's flag parser gives for a value (clap wraps it in its own words)."""
    message = command_message(cli, "render", flag, value, "-o", tmp_path / "x.svg")
    return message.splitlines()[0].split(f"'{flag} ", 1)[1].split("': ", 1)[1]


def test_an_option_out_of_range_reads_as_the_flags_message(cli, tmp_path):
    with pytest.raises(dotchess.InputError) as e:
        dotchess.Figure(dotchess.Position(), width=9000).svg()
    assert isinstance(e.value, ValueError)
    # Named as the keyword argument it was given as, with the flag's reason.
    assert str(e.value) == "keyword argument `width=9000`: " + flag_reason(cli, tmp_path, "--width", "9000")
    assert e.value.keyword == "width" and e.value.file is None
    assert "100 to 8000" in str(e.value)
    assert e.value.line is None and e.value.column is None


def test_an_unknown_view_names_the_views(cli, tmp_path):
    with pytest.raises(dotchess.InputError) as e:
        dotchess.Figure(dotchess.Position(), view="globus").svg()
    assert str(e.value) == "keyword argument `view=globus`: " + flag_reason(cli, tmp_path, "--view", "globus")
    assert "did you mean `globe`" in str(e.value)


def test_an_overlays_mistake_has_its_line_and_column(cli, tmp_path):
    text = '# a globe seen from too far north\n[[panels]]\nview = "globe"\nlatitude = 120\n'
    overlay = tmp_path / "bad.toml"
    overlay.write_text(text)
    with pytest.raises(dotchess.InputError) as e:
        dotchess.Figure(dotchess.Position(), overlay=overlay).svg()
    # The value 120 is on line 4, from column 12.
    assert (e.value.line, e.value.column) == (4, 12)
    assert e.value.file == str(overlay)
    position = tmp_path / "start.fen"
    position.write_text(dotchess.Position().fen() + "\n")
    theirs = command_message(cli, "render", position, overlay, "-o", tmp_path / "x.svg")
    assert str(e.value) == theirs


def test_a_bad_fen_has_its_column():
    with pytest.raises(dotchess.InputError) as e:
        dotchess.Position("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1")
    assert e.value.column == 45 and e.value.line == 1


def test_an_illegal_move_is_refused():
    pos = dotchess.Position()
    with pytest.raises(dotchess.InputError):
        pos.push_san("e5")
    with pytest.raises(dotchess.InputError):
        pos.san("e2e5")
    assert pos.fen() == dotchess.Position().fen()


def test_an_unknown_option_is_named():
    with pytest.raises(dotchess.InputError, match="unknown option `colour`"):
        dotchess.Figure(dotchess.Position(), colour="red").svg()


def test_a_file_that_cannot_be_read_is_an_oserror(tmp_path):
    missing = tmp_path / "missing.toml"
    with pytest.raises(FileNotFoundError):
        dotchess.Figure(dotchess.Position(), overlay=missing).svg()
    with pytest.raises(OSError) as e:
        dotchess.Figure(dotchess.Position(), theme=str(missing)).svg()
    assert not isinstance(e.value, dotchess.InputError) and "missing.toml" in str(e.value)
