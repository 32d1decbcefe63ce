# `make EXE=NAME` (what OpenBench, the distributed engine-testing framework, runs): the
# release build of the escalade binary, copied to NAME. `NAME bench` then prints
# `Nodes searched: N` and `Nodes/second: N`, as OpenBench expects, and
# `NAME "genfens N seed S book BOOK" quit` prints its opening positions.
#
# `make EXE=NAME TUNABLE=1` (or `TUNABLE ?= 1` below, on a branch OpenBench tunes by SPSA):
# NAME lists the search constants among its UCI options with no arguments, as
# `escalade uci --tunable` does; OpenBench's match runner sets only listed options.
EXE ?= escalade
TUNABLE ?=

.PHONY: all
all:
	$(if $(TUNABLE),ESCALADE_TUNABLE=$(TUNABLE) ,)cargo build --release --bin escalade
	cp target/release/escalade$(if $(filter %.exe,$(EXE)),.exe,) $(EXE)
