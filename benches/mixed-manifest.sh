#!/bin/sh
# Writes a manifest of N mixed figures (the essay's still figures repeated in turn, SVG and PNG)
# into DIR, beside a copy of the essay's input files: `benches/mixed-manifest.sh 1000 /tmp/mixed1000`.
# Used to time `dotchess batch` across builds (see benches/README.md). Animations (overlays with an
# `[animation]` table, 48 frames and more each) are left out, so that the figures are the same
# kind as when the batch was first timed.
set -eu
n=$1
dir=$2
here=$(dirname "$0")
mkdir -p "$dir"
cp "$here"/../examples/essay/*.fen "$here"/../examples/essay/*.toml "$dir"/
stills=$(grep -L '^\[animation\]' "$here"/../examples/essay/*.toml | xargs -n1 basename | tr '\n' ' ')
awk -v n="$n" -v stills=" $stills" '
  /^\[\[figure\]\]/ { k++; next }
  k > 0 && /^name = /     { name[k] = $3 }
  k > 0 && /^position = / { pos[k] = $3 }
  k > 0 && /^overlay = /  { ov[k] = $3; o = $3; gsub(/"/, "", o); if (index(stills, " " o " ") == 0) anim[k] = 1 }
  END {
    print "output = \"out\"\nformats = [\"svg\", \"png\"]"
    m = 0
    for (j = 1; j <= k; j++) if (!anim[j]) still[++m] = j
    for (i = 0; i < n; i++) {
      j = still[i % m + 1]
      nm = name[j]; gsub(/"/, "", nm)
      printf "\n[[figure]]\nname = \"%s-%d\"\nposition = %s\n", nm, i, pos[j]
      if (ov[j] != "") printf "overlay = %s\n", ov[j]
    }
  }' "$here"/../examples/essay/manifest.toml > "$dir/manifest.toml"
