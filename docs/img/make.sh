#!/usr/bin/env bash
# Regenerates the README's gallery. Run from the repository root: docs/img/make.sh
set -euo pipefail
cargo build --release --quiet
d() { target/release/dotchess "$@"; }
e=examples/essay
d render $e/12-rook.fen --square d5 --width 360 -o docs/img/rook-hemispheres.png
d render $e/bishop-d2.fen --view chart --loop d2:ne --width 400 -o docs/img/bishop-loop-chart.png
d render $e/12-castling-long.fen --view board --square e1 --width 360 -o docs/img/castling-board.png
d render $e/small-bishop.fen --square S --width 360 -o docs/img/small-bishop-on-pole.png
d render --view globe --latitude 12 --width 360 -o docs/img/globe-start.png
d animate $e/empty.fen $e/04-gear.toml --width 300 --fps 12 -o docs/img/gear.gif
# The diagram pieces on a board of 24-pixel and 48-pixel cells (226 and 451 pixels wide).
d render --variant chess --view board --width 226 -o docs/img/pieces-24.png
d render --variant chess --view board --width 451 -o docs/img/pieces-48.png
