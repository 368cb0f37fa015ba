#!/usr/bin/env bash
# One command per figure kind, written to out/examples/. Run from the repository root:
#   examples/figures.sh
set -euo pipefail
cargo build --release --quiet
d() { target/release/dotchess "$@"; }
o=out/examples
mkdir -p "$o"

# Hemispheres, empty, every cell named (essay §04).
d render --view hemispheres --fen 8/8/8/8/8/8/8/8 --coordinates cells -o $o/hemispheres-empty.png
# Hemispheres with the start position, turned so the a|h boundary faces the touching point.
d render --view hemispheres --rotation 0 -o $o/hemispheres-start-rotated.png
# Single board with pole bands, start position.
d render --view board -o $o/board-start.png
# Coloured board and coloured chart (colour mode, essay §07).
d render --view board --fen 8/8/8/8/8/8/8/8 --tint --edges --coordinates cells -o $o/board-coloured.png
d render --view chart --fen 8/8/8/8/8/8/8/8 --tint --window=-8,-8,24,24 --width 720 -o $o/chart-coloured.png
# Move dots and routes of one piece, in each view.
d render --view hemispheres --fen 8/8/8/3R3r/8/8/3p4/8 --square d5 -o $o/moves-rook-hemispheres.png
d render --view chart --fen 8/8/8/3R3r/8/8/3p4/8 --square d5 --width 640 -o $o/moves-rook-chart.png
d render --view board --fen 8/8/8/3R3r/8/8/3p4/8 --square d5 -o $o/moves-rook-board.png
# A whole loop (the bishop's diagonal, essay §10).
d render --view chart --fen 8/8/8/8/8/8/3B4/8 --loop d2:ne --width 640 -o $o/loop-bishop-chart.png
d render --view board --fen 8/8/8/8/8/8/3B4/8 --loop d2:ne -o $o/loop-bishop-board.png
# Arrows routed along the topology (a knight's L) and highlighted cells, with a title.
d render --view board --fen "r3k3/8/8/8/8/2n5/8/R3K3 w Q - 0 1" --square e1 --arrow c3:e2 --highlight c3 \
  --highlight "g1:#ffcc00" --title "Castling round the board" -o $o/arrows-highlights.png
# Live poles: Small Spherical Chess, and a bishop standing on the S pole of Mori's 8×8 board.
d render --variant small --view hemispheres --square c1 -o $o/small-knight.png
d render --variant small8 --fen 1/8/8/8/8/8/8/8/8/B --square S -o $o/small8-bishop-on-pole.png
# Themes: black-and-white print, and the ice look with letter pieces; marks over the pieces.
d render --theme print --square e2 -o $o/theme-print.png
d render --theme ice --view board --square g1 --marks-over -o $o/theme-ice.svg
# Panels: the whole built-in set, including "chessboard beside the Dot" and "the 20 loops".
d essay -o $o/essay > /dev/null
echo "figures written to $o"
