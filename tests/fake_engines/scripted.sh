#!/bin/sh
# A scripted fake engine for the match runner's tests (tests/tests/match_*.rs).
# usage: scripted.sh xboard|uci MODE MOVE...
# Answers the protocol handshake, plays MOVE... in order whenever asked to move (legal or
# not: the list decides), and when the list runs out behaves as MODE:
#   crash  - exits at once (the runner sees its output close)
#   hang   - never answers again (the runner's deadline passes)
#   resign - resigns (CECP) / sends "bestmove 0000" (UCI)
proto=$1
mode=$2
shift 2
moves="$*"

next_move() {
    if [ -z "$moves" ]; then
        case $mode in
            crash) exit 3 ;;
            hang) exec sleep 1000 ;;
            resign) if [ "$proto" = uci ]; then echo "bestmove 0000"; else echo "resign"; fi; return ;;
        esac
        exit 4
    fi
    mv=${moves%% *}
    moves=${moves#"$mv"}
    moves=${moves# }
    if [ "$proto" = uci ]; then
        echo "info depth 1 score cp 0 pv $mv"
        echo "bestmove $mv"
    else
        echo "1 0 0 1 $mv"
        echo "move $mv"
    fi
}

while IFS= read -r line; do
    case $line in
        protover*) echo 'feature myname="scripted" ping=1 setboard=1 usermove=1 done=1' ;;
        ping*) echo "pong ${line#ping }" ;;
        uci) echo "id name scripted"; echo "option name UCI_Variant type combo default chess var chess"; echo "uciok" ;;
        isready) echo "readyok" ;;
        go*) next_move ;;
        quit) exit 0 ;;
    esac
done
