#!/bin/sh
# Writes a manifest of N mixed figures (the essay's figures repeated in turn, SVG and PNG) into
# DIR, beside a copy of the essay's input files: `benches/mixed-manifest.sh 1000 /tmp/mixed1000`.
# Used to time `dotchess batch` across builds (see README, "Speed").
set -eu
n=$1
dir=$2
here=$(dirname "$0")
mkdir -p "$dir"
cp "$here"/../examples/essay/*.fen "$here"/../examples/essay/*.toml "$dir"/
awk -v n="$n" '
  /^\[\[figure\]\]/ { k++; next }
  k > 0 && /^name = /     { name[k] = $3 }
  k > 0 && /^position = / { pos[k] = $3 }
  k > 0 && /^overlay = /  { ov[k] = $3 }
  END {
    print "output = \"out\"\nformats = [\"svg\", \"png\"]"
    for (i = 0; i < n; i++) {
      j = i % k + 1
      nm = name[j]; gsub(/"/, "", nm)
      printf "\n[[figure]]\nname = \"%s-%d\"\nposition = %s\n", nm, i, pos[j]
      if (ov[j] != "") printf "overlay = %s\n", ov[j]
    }
  }' "$here"/../examples/essay/manifest.toml > "$dir/manifest.toml"
