#!/bin/sh
# fake_pairing_engine.sh -- a stand-in for an external Dutch pairing engine,
# called as JaVaFo and bbpPairings are: `fake_pairing_engine.sh DIR --dutch
# IN.trf -p OUT`. It answers from the reference data: the case of DIR whose
# .trf says the same as IN.trf (line ends aside: arbiter writes CR) gets
# its .pairs, written in the engines' output convention (the number of
# pairs, then "WHITE BLACK" a board, "ID 0" for the pairing-allocated bye).
# Special inputs for the error paths: FAKE_ENGINE=fail exits 3,
# FAKE_ENGINE=garbage answers nonsense, FAKE_ENGINE=silent writes nothing.
dir=$1
shift
[ "$1" = --dutch ] && [ "$3" = -p ] || { echo "usage: $0 DIR --dutch IN -p OUT" >&2; exit 2; }
in=$2 out=$4
case ${FAKE_ENGINE:-} in
fail) echo "fake engine: failing on purpose" >&2; exit 3 ;;
garbage) printf 'two\nboards\n' >"$out"; exit 0 ;;
silent) exit 0 ;;
esac
norm() { tr '\r' '\n' <"$1" | sed '/^$/d'; }
norm "$in" >"$out.in"
for trf in "$dir"/*.trf; do
	norm "$trf" >"$out.case"
	if cmp -s "$out.in" "$out.case"; then
		pairs=${trf%.trf}.pairs
		{
			grep -vc ' bye [HFZ]$' "$pairs"
			sed -e '/ bye [HFZ]$/d' -e 's/^\([0-9]*\) bye U$/\1 0/' "$pairs"
		} >"$out"
		rm -f "$out.in" "$out.case"
		exit 0
	fi
done
rm -f "$out.in" "$out.case"
echo "fake engine: no case matches $in" >&2
exit 1
