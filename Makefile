# `make EXE=NAME` (what OpenBench, the distributed engine-testing framework, runs): the
# release build of the escalade binary, copied to NAME. `NAME bench` then prints
# `Nodes searched: N` and `Nodes/second: N`, as OpenBench expects.
EXE ?= escalade

.PHONY: all
all:
	cargo build --release --bin escalade
	cp target/release/escalade$(if $(filter %.exe,$(EXE)),.exe,) $(EXE)
