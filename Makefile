# Thin wrapper over CMake. The two commands a user needs:
#   make run    install missing build dependencies, build, run the demo
#   make test   the same, then every test (CTest)
# Also: make bench (perft speed vs Stockfish), make clean.

BUILD ?= build
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
CMAKE_FLAGS ?=

.PHONY: all deps configure build run test bench clean

all: build

deps:
	@sh scripts/deps.sh

$(BUILD)/CMakeCache.txt: | deps
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release $(CMAKE_FLAGS)

configure: deps $(BUILD)/CMakeCache.txt

build: configure
	cmake --build $(BUILD) -j $(JOBS)

run: build
	@sh scripts/demo.sh $(BUILD)/arbiter

test: run
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

bench: deps
	cmake -S . -B build-bench -DCMAKE_BUILD_TYPE=Release -DARBITER_NATIVE=ON -DARBITER_TESTS=OFF
	cmake --build build-bench -j $(JOBS)
	@sh bench/run.sh build-bench

clean:
	rm -rf $(BUILD) build-bench build-asan
