# Thin wrapper over CMake. The two commands a user needs:
#   make run    install missing build dependencies, build, run the demo
#               (adjudicate examples/games/*.pgn under several editions, and
#               run a small round robin)
#   make test   the same, then every test (CTest)
# Also: make install [PREFIX=/usr/local] [DESTDIR=...] (cmake --install),
# make bench (perft speed vs Stockfish), make fuzz SECONDS=N, make soundness
# (the unwinnability proofs against the search), make check-pairing and
# make check-pairing-random GAMES=N (the Swiss pairer against the reference
# pairings and on random tournaments), make format (clang-format
# the C sources in place), make format-check (fail on any difference: CI),
# make clean.

BUILD ?= build
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
CMAKE_FLAGS ?=

.PHONY: all deps configure build run test install bench fuzz difftest soundness format \
	format-check clean check-pairing check-pairing-random

all: build

deps:
	@sh scripts/deps.sh

$(BUILD)/CMakeCache.txt: | deps
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release $(CMAKE_FLAGS)

configure: deps $(BUILD)/CMakeCache.txt

build: configure
	cmake --build $(BUILD) -j $(JOBS)

# `make run` also adjudicates the example games (examples/games/*.pgn) under
# several editions with `arbiter compare`, which lists the games whose scored
# results differ, one row per profile with the reason and the article.
RULES_STANDARD = fide2009-standard,fide2014-standard,fide2023-standard,uscf-standard
RULES_BLITZ = fide2009-blitz,fide2014-blitz,fide2023-blitz,uscf-blitz
RULES_ARMAGEDDON = fide2023-blitz,armageddon{base=fide2023-blitz}

run: build
	@sh scripts/demo.sh $(BUILD)/arbiter
	@printf '\n== competition rules: the example games under each edition (arbiter compare)\n'
	@printf '\n-- standard play: %s\n' '$(RULES_STANDARD)'
	@$(BUILD)/arbiter compare --profiles '$(RULES_STANDARD)' examples/games/standard-*.pgn
	@printf '\n-- blitz: %s\n' '$(RULES_BLITZ)'
	@$(BUILD)/arbiter compare --profiles '$(RULES_BLITZ)' examples/games/blitz-*.pgn
	@printf '\n-- Armageddon: %s\n' '$(RULES_ARMAGEDDON)'
	@$(BUILD)/arbiter compare --profiles '$(RULES_ARMAGEDDON)' examples/games/armageddon-*.pgn
	@printf '\n-- one line per game (arbiter adjudicate --profile fide2023-standard)\n'
	@$(BUILD)/arbiter adjudicate --profile fide2023-standard examples/games/standard-*.pgn
	@printf '\n== a tournament: a 10-player round robin and a knockout, results adjudicated from PGN (scripts/tournament_demo.sh)\n'
	@sh scripts/tournament_demo.sh $(BUILD)/arbiter

test: run
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

# cmake --install: the CLI, libarbiter and libarbiter-lua (static and shared),
# the headers, the Lua module, the profiles and variants, the man page, the
# examples, the CMake package and the pkg-config files (cmake/install.cmake).
PREFIX ?= /usr/local
install: build
	cmake --install $(BUILD) --prefix $(PREFIX)

bench: deps
	cmake -S . -B build-bench -DCMAKE_BUILD_TYPE=Release -DARBITER_NATIVE=ON -DARBITER_TESTS=OFF
	cmake --build build-bench -j $(JOBS)
	@sh bench/run.sh build-bench
	@sh bench/pgn_bench.sh build-bench
	@sh bench/lua_bench.sh build-bench
	@sh bench/adjudicate_bench.sh build-bench
	@sh bench/jobs_bench.sh build-bench
	@build-bench/tournament_bench 2000 11
	@sh bench/matching_bench.sh build-bench
	@sh bench/pairing_bench.sh build-bench
	@sh bench/match_bench.sh build-bench
	@echo "unwinnability, labelled hard cases, default budget (best of 2 runs a query):"
	@UNWINNABLE_BENCH_REPEAT=2 build-bench/unwinnable_bench tests/data/unwinnable.tsv 0
	@echo "unwinnability, final positions of decisive games, for the winner:"
	@UNWINNABLE_BENCH_REPEAT=2 build-bench/unwinnable_bench tests/data/pgn/*.pgn 0
	@echo "unwinnability, final positions of every game, for each side:"
	@UNWINNABLE_BENCH_REPEAT=2 build-bench/unwinnable_bench --every-game tests/data/pgn/*.pgn 0

# libFuzzer targets (needs clang and libclang-rt-14-dev). `make fuzz SECONDS=N`
# explores for N seconds per target; `make fuzz RUNS=N` runs exactly N inputs
# per target from seed 1 (deterministic: what CI runs). An input that runs
# longer than FUZZ_TIMEOUT seconds fails (a Lua budget that does not hold).
# FUZZ_TARGETS=... runs some only; FUZZ_BUILD is the build directory.
# AddressSanitizer keeps 32 MiB of freed memory in quarantine instead of 256:
# with the Lua targets' memory-hungry scripts the default one grows the
# process past libFuzzer's 2 GiB limit.
SECONDS ?= 20
RUNS ?=
FUZZ_TIMEOUT ?= 30
FUZZ_BUILD ?= build-fuzz
FUZZ_TARGETS ?= fen uci pgn san epd timecontrol events chess960 trf pair engine profile variant
FUZZ_LIMIT = $(if $(RUNS),-runs=$(RUNS) -seed=1,-max_total_time=$(SECONDS))
fuzz: deps
	CC=clang cmake -S . -B $(FUZZ_BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DARBITER_FUZZ=ON -DARBITER_TESTS=OFF
	cmake --build $(FUZZ_BUILD) -j $(JOBS)
	@for t in $(FUZZ_TARGETS); do \
		mkdir -p $(FUZZ_BUILD)/corpus-$$t && \
		echo "fuzz_$$t: $(FUZZ_LIMIT)" && \
		rc=0 && UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
		ASAN_OPTIONS="$${ASAN_OPTIONS:+$$ASAN_OPTIONS:}quarantine_size_mb=32" \
		$(FUZZ_BUILD)/tests/fuzz_$$t $(FUZZ_LIMIT) -timeout=$(FUZZ_TIMEOUT) \
			-print_final_stats=0 -artifact_prefix=$(FUZZ_BUILD)/ \
			$(FUZZ_BUILD)/corpus-$$t tests/fuzz/corpus/$$t \
			>$(FUZZ_BUILD)/fuzz_$$t.log 2>&1 || rc=$$?; \
		if [ $$rc -ne 0 ]; then tail -n 40 $(FUZZ_BUILD)/fuzz_$$t.log; exit 1; fi; \
		tail -n 2 $(FUZZ_BUILD)/fuzz_$$t.log; \
	done

# Differential test against chessops, an independent rules library
# (tests/diff; needs Node.js and npm, installs chessops with `npm ci`):
# GAMES seeded random games compared position by position, plus fixed
# positions. `make difftest GAMES=2000 SEED=7`.
GAMES ?= 20000
SEED ?= 1
difftest: build
	@sh tests/diff/run.sh $(BUILD) $(GAMES) $(SEED)

# The static "cannot mate" proofs against the search (tests/soundness):
# SOUND_COUNT generated positions with locked or half-locked pawn structures
# from SOUND_SEED; every position proved unwinnable for a side goes to the
# helpmate search alone and to random walks. Prints the counts; any
# contradiction (a mate where a proof said none) fails. SOUND_ARGS sets
# the budgets (see its usage line): by default the full analysis gets 20,000
# nodes a query (--budget 0 = the library's default, far slower on the
# undetermined ones), the helpmate witness 50,000, and every 5th proof its
# walks. About half an hour on one core.
SOUND_COUNT ?= 100000
SOUND_SEED ?= 1
SOUND_ARGS ?= --budget 20000 --hm-nodes 50000 --walk-every 5
soundness: build
	$(BUILD)/tests/soundness --count $(SOUND_COUNT) --seed $(SOUND_SEED) $(SOUND_ARGS)

# The Dutch Swiss pairer against every reference round of
# tests/data/tournaments/swiss (tests/cli/swiss_reference.py: 928 rounds
# exact, 38 board sets, one round with no legal pairing; a round may take
# PAIRING_TIMEOUT seconds). PAIRING_ARGS adds options (--edition E,
# --verbose, --cases case-001,...).
PAIRING_TIMEOUT ?= 60
PAIRING_ARGS ?=
check-pairing: build
	python3 tests/cli/swiss_reference.py $(BUILD)/arbiter -j $(JOBS) \
		--timeout $(PAIRING_TIMEOUT) $(PAIRING_ARGS)

# Seeded random Swiss tournaments (tests/tools/swissgen.c) paired round by
# round by arbiter, every round checked by `arbiter tournament check` and,
# when ARBITER_ORACLE_BBP names bbpPairings, compared with it exactly
# (tests/cli/swiss_random.py). `make check-pairing-random GAMES=N SEED=S`
# (GAMES default 200 here, not difftest's 20,000); RANDOM_ARGS adds options
# (--max-players 2000, --rounds 11, ...).
RANDOM_GAMES = $(if $(filter file,$(origin GAMES)),200,$(GAMES))
RANDOM_ARGS ?=
check-pairing-random: build
	python3 tests/cli/swiss_random.py $(BUILD)/arbiter $(BUILD)/tests/swissgen \
		--games $(RANDOM_GAMES) --seed $(SEED) -j $(JOBS) $(RANDOM_ARGS)

# The C sources under .clang-format (npm's node_modules excluded).
FORMAT_FILES = $(shell git ls-files '*.c' '*.h' 2>/dev/null | grep -v '/node_modules/')
format:
	clang-format -i $(FORMAT_FILES)
format-check:
	@clang-format --dry-run -Werror $(FORMAT_FILES)

clean:
	rm -rf $(BUILD) build-bench build-asan build-fuzz
