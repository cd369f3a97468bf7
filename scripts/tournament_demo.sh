#!/bin/sh
# tournament_demo.sh -- the tournament part of `make run`: a 10-player round
# robin run from nothing with `arbiter tournament`: the file made, the
# players entered, each round paired by the Berger tables (FIDE C.05 Annex
# 1) and its games read from a PGN file and adjudicated under a rule
# profile (a flag against a lone king is a draw, whatever the PGN says), then
# the standings under two tie-break editions; then a knockout of four whose
# matches go to a rapid/blitz/Armageddon play-off (docs/knockout.md).
#
# usage: sh scripts/tournament_demo.sh PATH/TO/arbiter
set -eu
ARB=${1:?usage: tournament_demo.sh PATH/TO/arbiter}
TMP=$(mktemp -d "${TMPDIR:-/tmp}/arbiter-demo.XXXXXX")
trap 'rm -rf "$TMP"' EXIT INT TERM
T=$TMP/hastings.trf

say() { printf '\n-- %s\n' "$*"; }

say "a new event: arbiter tournament new, add-player"
"$ARB" tournament new "$T" --name "Hastings Demo 2026" --city Hastings --federation ENG \
	--start 2026/12/28 --end 2027/01/05 --rounds 9 --system FIDE_ROUNDROBIN --tc 5400+30
i=0
for p in "Adams, Ann:2450:IM" "Brown, Bob:2431:FM" "Clark, Cy:2418:FM" "Dunn, Di:2402:" \
	"Eyre, Ed:2391:" "Fox, Fay:2377:WIM" "Gray, Gus:2360:" "Hall, Hal:2342:" \
	"Ivy, Ida:2325:WFM" "Jones, Jo:2301:"; do
	i=$((i + 1))
	name=${p%%:*} rest=${p#*:}
	rating=${rest%%:*} title=${rest#*:}
	"$ARB" tournament add-player "$T" --name "$name" --rating "$rating" ${title:+--title "$title"} \
		--federation ENG 2>/dev/null
done
echo "10 players entered"

# A game for board b of round r: a mate, an agreed draw, a mate for Black,
# or White's flag when Black has a lone king (the PGN says 0-1).
game() {
	case $((($1 + $2) % 4)) in
	0) printf '[Result "1-0"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n' ;;
	1) printf '[Result "1/2-1/2"]\n\n1. d4 d5 2. c4 e6 3. Nc3 Nf6 1/2-1/2\n\n' ;;
	2) printf '[Result "0-1"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n\n' ;;
	3) printf '[SetUp "1"]\n[FEN "7k/8/8/8/8/8/8/K6Q b - - 0 1"]\n[Result "0-1"]\n[Termination "time forfeit"]\n\n1... Kg8 0-1\n\n' ;;
	esac
}
name_of() { tr '\r' '\n' <"$T" | awk -v id="$1" '/^001/ && substr($0, 5, 4) + 0 == id { print substr($0, 15, 33) }' | sed 's/ *$//'; }

for r in 1 2 3 4 5 6 7 8 9; do
	"$ARB" tournament pair "$T" --apply --boards >"$TMP/pairs" 2>/dev/null
	: >"$TMP/round.pgn"
	b=0
	while read -r w k; do
		b=$((b + 1))
		{
			printf '[Event "Hastings Demo 2026"]\n[Round "%d"]\n[Board "%d"]\n' "$r" "$b"
			printf '[White "%s"]\n[Black "%s"]\n' "$(name_of "$w")" "$(name_of "$k")"
			game "$r" "$b"
		} >>"$TMP/round.pgn"
	done <"$TMP/pairs"
	if [ "$r" -le 2 ]; then
		say "round $r: arbiter tournament pair --apply, then result --pgn (fide2023-standard)"
		"$ARB" tournament pair "$T" --round "$r"
		"$ARB" tournament result "$T" --round "$r" --pgn "$TMP/round.pgn" --rules fide2023-standard
	else
		"$ARB" tournament result "$T" --round "$r" --pgn "$TMP/round.pgn" \
			--rules fide2023-standard >/dev/null 2>&1
	fi
done
say "rounds 3-9 the same way; every round checked: arbiter tournament check"
for r in 1 2 3 4 5 6 7 8 9; do "$ARB" tournament check "$T" --round "$r" | tail -n 1; done
say "standings under C.07 2024: arbiter tournament standings --regulations fide2024"
"$ARB" tournament standings "$T" --regulations fide2024 --tiebreaks DE,SB,WIN,KS
say "and under US Chess 34E (modified median, Solkoff, cumulative)"
"$ARB" tournament standings "$T" --regulations uscf --tiebreaks MM,SOLK,CUM
say "the same event under two editions, who moved: arbiter tournament compare"
"$ARB" tournament compare "$T" --regulations fide2024,uscf

# A knockout of four: two-game matches, then the play-off the regulations
# announce (C.07 Art. 3): rapid games, blitz games, an Armageddon with draw
# odds and unequal clocks. The games come from PGN files, each adjudicated
# under its stage's profile; nothing is stored but the seeds and the games.
KO=$TMP/ko
mkdir -p "$KO"
printf 'Adams, Ann\nBrown, Bob\nClark, Cy\nDunn, Di\n' >"$KO/seeds.txt"
MATCH="2 games fide2023-standard 5400+30"
PLAYOFF="2 games fide2023-rapid 900+10; 2 games fide2023-blitz 300+2; 1 game armageddon W300-B240"
ko() { "$ARB" tournament knockout "$KO/seeds.txt" --match "$MATCH" --playoff "$PLAYOFF" "$@"; }
seed_name() { sed -n "$1p" "$KO/seeds.txt"; }
# the game of a match: seed 1 wins the match games it has White in; every
# other game is drawn, the Armageddon too (a Black win)
ko_game() { # ROUND MATCH STAGE GAME WHITE BLACK
	printf '[Event "KO Demo"]\n[Round "%s.%s"]\n[White "%s"]\n[Black "%s"]\n' "$1" "$2" \
		"$(seed_name "$5")" "$(seed_name "$6")"
	if [ "$3" = 1 ] && [ "$5" = 1 ]; then
		printf '[Result "1-0"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n'
	else
		printf '[Result "1/2-1/2"]\n\n1. d4 d5 2. c4 e6 1/2-1/2\n\n'
	fi
}
say "a knockout of four: arbiter tournament knockout SEEDS --match ... --playoff ..."
: >"$KO/games.pgn"
ko
# play the next games (--next: one a line) until there are none
while ko --pgn "$KO/games.pgn" --next >"$KO/next" 2>/dev/null && [ -s "$KO/next" ]; do
	while read -r r m s g w b _; do
		ko_game "$r" "$m" "$s" "$g" "$w" "$b" >>"$KO/games.pgn"
	done <"$KO/next"
done
say "played: a semi-final won in the match, one through rapid and blitz to the Armageddon, the final"
ko --pgn "$KO/games.pgn" 2>&1 | sed 's|^arbiter: [^:]*/games.pgn|arbiter: games.pgn|'
