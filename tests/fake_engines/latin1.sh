#!/bin/sh
# latin1.sh PROTO MODE MOVE...: the scripted fake engine (scripted.sh), with Latin-1 bytes
# (not UTF-8) in its output, as older engines write them: `id author J\374rgen` in the UCI
# handshake, `info string caf\351` (UCI) or `# caf\351` (CECP) before each move, and one
# Latin-1 line on standard error for every line it writes to standard output (a runner that
# stops reading its stderr kills it with SIGPIPE).
dir=$(dirname "$0")
"$dir/scripted.sh" "$@" | while IFS= read -r line; do
    printf 'caf\351 au lait\n' >&2
    case $line in
        uciok) printf 'id author J\374rgen\nuciok\n' ;;
        bestmove*) printf 'info string caf\351\n%s\n' "$line" ;;
        move*) printf '# caf\351\n%s\n' "$line" ;;
        *) printf '%s\n' "$line" ;;
    esac
done
