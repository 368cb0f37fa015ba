"""Figure and animate: figures drawn as ``dotchess render`` and ``dotchess animate`` draw them."""

from __future__ import annotations

import base64
import os
from pathlib import Path
from typing import TYPE_CHECKING, Any, Dict, List, Mapping, Optional, Tuple, Union

from . import _native

if TYPE_CHECKING:  # the keyword options, typed from the options table (python/gen_options.py)
    from typing_extensions import Unpack

    from ._options import AnimationOptions, FigureOptions

_STILL = ("svg", "png", "pdf", "html")
_ANIMATED = ("gif", "apng", "svg")


def _text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (tuple, list)) and all(isinstance(v, (str, int, float)) for v in value):
        # A mark as parts, ("b1", "c3") or ("b1", "c3", "#c00"); a window as four numbers.
        sep = "," if len(value) == 4 and all(isinstance(v, int) for v in value) else ":"
        return sep.join(str(v) for v in value)
    if isinstance(value, os.PathLike):
        return os.fspath(value)
    return str(value)


def _pairs(options: Mapping[str, Any]) -> List[Tuple[str, str]]:
    """Keyword options as (name, text) pairs: a list gives its name once for each item (marks)."""
    out: List[Tuple[str, str]] = []
    for name, value in options.items():
        if value is None:
            continue
        many = isinstance(value, list) or (
            isinstance(value, tuple) and value and all(isinstance(v, (tuple, list)) for v in value)
        )
        if many:
            out.extend((name, _text(v)) for v in value)
        else:
            out.append((name, _text(value)))
    return out


def _overlay(overlay: Union[None, str, bytes, os.PathLike]) -> Optional[Tuple[str, str, str]]:
    """An overlay as (name, TOML text, folder of the files it names): a path, or the text itself
    (``str``, or ``bytes`` in UTF-8)."""
    if overlay is None:
        return None
    if isinstance(overlay, (bytes, bytearray)):
        try:
            overlay = bytes(overlay).decode("utf-8")
        except UnicodeDecodeError as e:
            raise _native.InputError(f"overlay: not UTF-8 text (byte {e.start + 1})") from None
    if isinstance(overlay, os.PathLike) or (
        isinstance(overlay, str) and "\n" not in overlay and overlay.endswith(".toml")
    ):
        path = Path(overlay)
        # A file that cannot be read raises OSError (FileNotFoundError, PermissionError), naming it.
        text = path.read_text(encoding="utf-8")
        return (str(path), text, str(path.parent or "."))
    if not isinstance(overlay, str):
        raise TypeError(f"an overlay is a path or its TOML text (str or bytes), not {type(overlay).__name__}")
    return ("overlay", overlay, os.getcwd())


def _plies(plies: Any) -> Optional[Tuple[int, int]]:
    """A part of a game, ``(from, to)``: two whole numbers from 0, checked before Rust reads them."""
    if plies is None:
        return None
    if not isinstance(plies, (tuple, list)) or len(plies) != 2 or not all(
        isinstance(p, int) and not isinstance(p, bool) for p in plies
    ):
        raise TypeError(f"plies is (from, to), two whole numbers, not {plies!r}")
    first, last = plies
    if min(first, last) < 0 or max(first, last) > 2**31:
        raise _native.InputError(f"plies ({first}, {last}): plies are counted from 0 (the start) to the game's last")
    return (first, last)


def _source(source: Any) -> Dict[str, Any]:
    from ._game import Game
    from ._position import Position

    if isinstance(source, Position):
        return {"position": source._native}
    if isinstance(source, Game):
        return {"game": source._native}
    if type(source).__module__.startswith("chess"):
        return {"position": Position.from_board(source)._native}
    raise TypeError(
        f"a figure draws a dotchess.Position, a dotchess.Game or a chess.Board, not {type(source).__name__}"
    )


class Figure:
    """A figure of a position, as ``dotchess render`` draws it.

    Every option of ``dotchess render`` is a keyword argument named as in an overlay file or a
    URL query (``view``, ``width``, ``theme``, ``square``, ``arrows``, ``circles``, ``lastmove``,
    ``coordinates``, ``rotation``, ``latitude``, ``tint``, ``check``, …); a mark option takes one
    mark or a list of them, each a string (``"b1:c3"``) or a tuple (``("b1", "c3", "#c00")``).
    ``overlay`` is an overlay file's path or its TOML text; the options go over it as flags go
    over the file. The figure is checked when drawn: a bad value raises :class:`InputError`.

    In a notebook the figure shows itself: as the interactive page (click a piece to see its
    moves) where HTML is shown, else as SVG or PNG.
    """

    def __init__(
        self, position: Any, overlay: Union[None, str, bytes, os.PathLike] = None, **options: Unpack[FigureOptions]
    ) -> None:
        self.position = position
        self.overlay = overlay
        self.options = options

    def _draw(self, fmt: str) -> bytes:
        return _native.draw(fmt, False, _pairs(self.options), overlay=_overlay(self.overlay), **_source(self.position))

    def svg(self) -> str:
        """The figure as SVG text."""
        return self._draw("svg").decode("utf-8")

    def png(self) -> bytes:
        """The figure as PNG bytes."""
        return self._draw("png")

    def pdf(self) -> bytes:
        """The figure as a one-page PDF."""
        return self._draw("pdf")

    def html(self) -> str:
        """The interactive page of the figure (click a piece to see its moves)."""
        return self._draw("html").decode("utf-8")

    def save(self, path: Union[str, os.PathLike]) -> None:
        """Writes the figure to ``path`` in the format its extension names (.svg, .png, .pdf, .html)."""
        ext = Path(path).suffix.lower().lstrip(".")
        if ext not in _STILL:
            raise _native.InputError(f"{path}: a figure is written as .svg, .png, .pdf or .html")
        Path(path).write_bytes(self._draw(ext))

    def _repr_svg_(self) -> str:
        return self.svg()

    def _repr_png_(self) -> bytes:
        return self.png()

    def _repr_html_(self) -> str:
        # The page in a frame of its own: its script and styles stay out of the notebook's page.
        page = base64.b64encode(self._draw("html")).decode("ascii")
        return (
            '<iframe class="dotchess" style="border:0;width:100%;height:560px" '
            f'src="data:text/html;base64,{page}"></iframe>'
        )

    def __repr__(self) -> str:
        return f"Figure({self.position!r}, {', '.join(f'{k}={v!r}' for k, v in self.options.items())})"


class Animation:
    """An animation, as ``dotchess animate`` makes it; see :func:`animate`."""

    def __init__(self, source: Any, plies: Optional[Tuple[int, int]], overlay: Any, options: Mapping[str, Any]) -> None:
        self.source = source
        self.plies = plies
        self.overlay = overlay
        self.options = options

    def _draw(self, fmt: str) -> bytes:
        return _native.draw(
            fmt,
            True,
            _pairs(self.options),
            plies=_plies(self.plies),
            overlay=_overlay(self.overlay),
            **_source(self.source),
        )

    def gif(self) -> bytes:
        """The animation as a GIF."""
        return self._draw("gif")

    def apng(self) -> bytes:
        """The animation as an animated PNG."""
        return self._draw("apng")

    def svg(self) -> str:
        """The animation as an animated SVG."""
        return self._draw("svg").decode("utf-8")

    def save(self, path: Union[str, os.PathLike]) -> None:
        """Writes the animation: .gif, .png (APNG) or .svg."""
        ext = Path(path).suffix.lower().lstrip(".")
        fmt = {"gif": "gif", "png": "apng", "apng": "apng", "svg": "svg"}.get(ext)
        if fmt is None:
            raise _native.InputError(f"{path}: an animation is written as .gif, .png (APNG) or .svg")
        Path(path).write_bytes(self._draw(fmt))

    def _repr_html_(self) -> str:
        data = base64.b64encode(self.gif()).decode("ascii")
        return f'<img class="dotchess" src="data:image/gif;base64,{data}"/>'


def animate(
    source: Any,
    *,
    plies: Optional[Tuple[int, int]] = None,
    overlay: Union[None, str, bytes, os.PathLike] = None,
    **options: Unpack[AnimationOptions],
) -> Animation:
    """An animation of a position (``kind``: gear, walk, chart, spin, wrap or split) or the replay
    of a game (:func:`read_game`; ``plies=(from, to)`` a part of it, one frame a ply), with every
    option of ``dotchess animate`` as a keyword (``kind``, ``frames``, ``seconds``, ``fps``,
    ``plays``, ``view``, ``width``, …). Call ``.gif()``, ``.apng()``, ``.svg()`` or ``.save(path)``.
    """
    return Animation(source, plies, overlay, options)
