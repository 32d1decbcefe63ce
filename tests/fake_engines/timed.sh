#!/bin/sh
# A fake engine that takes its time and ponders, for the match runner's clock and ponder
# tests (tests/tests/match_cli_*.rs).
# usage: timed.sh xboard|uci MOVE[@SECONDS][~PONDER]...
# Each token is one move, played when the engine is asked to move: after sleeping SECONDS
# (if given), and (UCI) naming PONDER as the reply it expects (`bestmove MOVE ponder
# PONDER`). When the list runs out the engine exits.
# UCI: `go ponder` is answered only after `ponderhit` (with the next move) or `stop` (with
# `bestmove 0000`, which the runner drops). CECP: `go`, or in playing mode (after `go`,
# until `force`) a `usermove`, makes it move, as XBoard engines do when pondering (`hard`).
proto=$1
shift
moves="$*"
forced=1
pondering=0

answer() {
    if [ -z "$moves" ]; then
        exit 4
    fi
    tok=${moves%% *}
    moves=${moves#"$tok"}
    moves=${moves# }
    reply=
    case $tok in *~*) reply=${tok#*~}; tok=${tok%%~*} ;; esac
    case $tok in *@*) sleep "${tok#*@}"; tok=${tok%%@*} ;; esac
    if [ "$proto" = uci ]; then
        echo "info depth 1 score cp 0 pv $tok"
        if [ -n "$reply" ]; then echo "bestmove $tok ponder $reply"; else echo "bestmove $tok"; fi
    else
        echo "1 0 0 1 $tok"
        echo "move $tok"
    fi
}

while IFS= read -r line; do
    case $line in
        protover*) echo 'feature myname="timed" ping=1 setboard=1 usermove=1 done=1' ;;
        ping*) echo "pong ${line#ping }" ;;
        uci)
            echo "id name timed"
            echo "option name Ponder type check default false"
            echo "option name UCI_Variant type combo default chess var chess"
            echo "uciok"
            ;;
        isready) echo "readyok" ;;
        force) forced=1 ;;
        "go ponder"*) pondering=1 ;;
        ponderhit) pondering=0; answer ;;
        stop) if [ $pondering = 1 ]; then pondering=0; echo "bestmove 0000"; fi ;;
        go*) forced=0; answer ;;
        usermove*) if [ $forced = 0 ]; then answer; fi ;;
        quit) exit 0 ;;
    esac
done
