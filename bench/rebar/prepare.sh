#!/usr/bin/env bash
# A rebar checkout with `rebar` and its rust/regex engine built, for BENCH_ONLY=rebar.
#
#   bench/rebar/prepare.sh [DIR]
#
# DIR (default ~/.cache/bench-action/rebar-$REBAR_REV) receives rebar at REBAR_REV (default 09cfc23)
# from REBAR_GIT (a git directory or URL; default https://github.com/BurntSushi/rebar.git). Files
# whose contents a partial copy of the repository lacks are left out and listed. Each step is skipped
# when its output is already there: the work tree, target/release/rebar, and the engine's
# engines/rust/regex/target/release/main, built as rebar's engines.toml says (cargo build --release).
set -euo pipefail
rev=${REBAR_REV:-09cfc23}
source_git=${REBAR_GIT:-https://github.com/BurntSushi/rebar.git}
dir=${1:-$HOME/.cache/bench-action/rebar-$rev}

if [ ! -f "$dir/benchmarks/engines.toml" ]; then
  git_dir=$source_git
  if [ ! -d "$source_git" ]; then
    git_dir="$dir.git"
    [ -d "$git_dir" ] || git clone --quiet --bare "$source_git" "$git_dir"
  fi
  mkdir -p "$dir"
  # Blobs a partial copy does not hold would stop `git archive`: exclude them by path.
  excluded=()
  while read -r _ _ hash path; do
    if ! git -C "$git_dir" cat-file -e "$hash" 2>/dev/null; then
      excluded+=(":(exclude)$path")
      echo "rebar $rev: $path is not in $source_git; left out" >&2
    fi
  done < <(git -C "$git_dir" ls-tree -r "$rev")
  git -C "$git_dir" archive "$rev" -- . "${excluded[@]}" | tar -x -C "$dir"
fi

if [ ! -x "$dir/target/release/rebar" ]; then
  (cd "$dir" && cargo build --release --quiet)
fi
if [ ! -x "$dir/engines/rust/regex/target/release/main" ]; then
  (cd "$dir/engines/rust/regex" && cargo build --release --quiet)
fi
echo "$dir"
