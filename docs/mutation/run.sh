#!/bin/sh
# The mutation check (docs/testing.md#the-mutation-check): for every break in
# breaks.txt, copy the worktree to a scratch directory, make that one change,
# run the targeted tests of the package the changed file is in (rules, maps
# or bots; the whole-game checks skipped) and report which tests fail. The
# worktree itself is never changed.
#
#   docs/mutation/run.sh [NAME-REGEX]      (from the repository root)
#   MUTATION_ALL=1 docs/mutation/run.sh [NAME-REGEX]
#   MUTATION_CHECK=1 docs/mutation/run.sh  (only that every break still applies: seconds)
#   MUTATION_SAMPLE=N docs/mutation/run.sh (N breaks, a different part of the list each day)
#
# breaks.txt: one break per line, fields separated by " | ":
#   name | file | old text | new text | test that must catch it (regex) [| package]
# "old text" must occur exactly once in the file; \n and \t are escapes.
# The tests run are those of the changed file's package, or of the package
# the optional sixth field names (a break in rules that bots' tests catch).
#
# It exits 1 when any break no longer applies (BAD BREAK), does not build,
# or SURVIVED (no test failed), and 0 when every break was caught.
set -eu
root=$(pwd)
list="$root/docs/mutation/breaks.txt"
only=${1:-.}
# Whole-game checks: golden replays and tests that replay the example
# records, random games, fuzz seeds, examples.
skip='^(TestLogGolden|TestEventsCarryTheirAction|TestRecordBOMAndCRLF|TestRecordStreamsFailFast|TestRecordTornLastLine|TestReplayIsExact|TestRandomGames.*|TestRandomCitadelGames|TestExamples|TestRunRecordGolden|TestRunRecordPartial|TestReplayReader|TestAtEqualsReplay|TestLegalIsExactlyWhatCheckAccepts|TestStateRoundTripsThroughJSON|TestGarbageActionsNeverPanic|Fuzz.*|Example.*)$'
# MUTATION_ALL=1 runs every test instead (to see whether a break the
# targeted tests miss is caught by a whole-game check at all).
if [ "${MUTATION_ALL:-}" = 1 ]; then skip='^$'; fi
scratch=$(mktemp -d /tmp/mut-XXXXXX)
trap 'rm -rf "$scratch"' EXIT
breaks="$scratch/breaks"
grep -v '^#' "$list" | grep -v '^ *$' | grep -E -- "^($only)" >"$breaks" || true
total=$(wc -l <"$breaks")
if [ -n "${MUTATION_SAMPLE:-}" ] && [ "$MUTATION_SAMPLE" -lt "$total" ]; then
	# Every (total / N)-th break, starting from one the day of the year
	# picks: over the days each break comes round.
	step=$((total / MUTATION_SAMPLE))
	start=$(( $(date +%j | sed 's/^0*//') % step ))
	awk -v s="$start" -v k="$step" -v n="$MUTATION_SAMPLE" '(NR-1) % k == s && c < n { print; c++ }' "$breaks" >"$breaks.s"
	mv "$breaks.s" "$breaks"
	echo "mutation sample: $(wc -l <"$breaks") of $total breaks (every ${step}th from the $((start + 1))th)"
fi
bad=0
while IFS= read -r line; do
	name=$(printf '%s' "$line" | awk -F' [|] ' '{print $1}')
	file=$(printf '%s' "$line" | awk -F' [|] ' '{print $2}')
	expect=$(printf '%s' "$line" | awk -F' [|] ' '{print $5}')
	pkg=$(printf '%s' "$line" | awk -F' [|] ' '{print $6}')
	rm -rf "$scratch/src"; mkdir -p "$scratch/src"
	(cd "$root" && tar --exclude=.git -cf - .) | (cd "$scratch/src" && tar xf -)
	if ! where=$(printf '%s' "$line" | python3 -c '
import sys
f = sys.stdin.read().split(" | ")
path, old, new = f[1], f[2].replace("\\n", "\n").replace("\\t", "\t"), f[3].replace("\\n", "\n").replace("\\t", "\t")
p = sys.argv[1] + "/" + path
s = open(p).read()
if s.count(old) != 1:
    sys.exit("%s: %r occurs %d times in %s" % (f[0], old, s.count(old), path))
print("%s:%d" % (path, s[:s.index(old)].count("\n") + 1))
open(p, "w").write(s.replace(old, new))
' "$scratch/src"); then
		echo "$name: BAD BREAK (text not found once)"; bad=1; continue
	fi
	if [ "${MUTATION_CHECK:-}" = 1 ]; then
		echo "$name ($where): applies"; continue
	fi
	[ -n "$pkg" ] || pkg=$(dirname "$file")
	out=$(cd "$scratch/src" && go test -count=1 -short -skip "$skip" "./$pkg/" 2>&1 || true)
	failed=$(printf '%s\n' "$out" | sed -n 's/^ *--- FAIL: \([A-Za-z0-9_]*\).*/\1/p' | sort -u | tr '\n' ' ')
	if printf '%s\n' "$out" | grep -q '^FAIL.*\[build failed\]'; then
		echo "$name ($where): BUILD FAILED"; printf '%s\n' "$out" | head -5; bad=1
	elif printf '%s' " $failed" | grep -Eq " ($expect) "; then
		echo "$name ($where): caught by $failed"
	elif [ -n "$failed" ]; then
		echo "$name ($where): caught, but not by $expect: $failed"
	else
		echo "$name ($where): SURVIVED"; bad=1
	fi
done <"$breaks"
exit $bad
