package cli

import (
	"encoding/json"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/pdbsolve/pdbsolve/internal/record/recordtest"
	"github.com/pdbsolve/pdbsolve/search"
)

// The oracles of these tests know nothing of bitboard or search: boards are
// cell slices (row-major, 0 the blank), moves name where the blank goes.

// tilesOracleGoal returns the goal cells of a rows x cols board:
// blank-first 0 1 2 ..., blank-last 1 2 ... 0.
func tilesOracleGoal(rows, cols int, blankLast bool) []int {
	n := rows * cols
	g := make([]int, n)
	for i := range g {
		g[i] = i
		if blankLast {
			g[i] = (i + 1) % n
		}
	}
	return g
}

// tilesOracleApply plays moves (U, D, L, R: where the blank goes) on cells
// and returns the board reached, or an error for an illegal move.
func tilesOracleApply(rows, cols int, cells []int, moves string) ([]int, error) {
	b := append([]int(nil), cells...)
	z := 0
	for i, v := range b {
		if v == 0 {
			z = i
		}
	}
	for i, m := range moves {
		r, c := z/cols, z%cols
		switch m {
		case 'U':
			r--
		case 'D':
			r++
		case 'L':
			c--
		case 'R':
			c++
		default:
			return nil, fmt.Errorf("move %d: %q is no move", i+1, m)
		}
		if r < 0 || r >= rows || c < 0 || c >= cols {
			return nil, fmt.Errorf("move %d: %c leaves the board", i+1, m)
		}
		nz := r*cols + c
		b[z], b[nz] = b[nz], b[z]
		z = nz
	}
	return b, nil
}

func tilesKey(cells []int) string { return fmt.Sprint(cells) }

// tilesOracleBFS returns the distance to the goal of every board that
// reaches it, by breadth-first search from the goal.
func tilesOracleBFS(rows, cols int, blankLast bool) map[string]int {
	start := tilesOracleGoal(rows, cols, blankLast)
	dist := map[string]int{tilesKey(start): 0}
	queue := [][]int{start}
	for len(queue) > 0 {
		b := queue[0]
		queue = queue[1:]
		d := dist[tilesKey(b)]
		for _, m := range "UDLR" {
			nb, err := tilesOracleApply(rows, cols, b, string(m))
			if err != nil {
				continue
			}
			if k := tilesKey(nb); !contains(dist, k) {
				dist[k] = d + 1
				queue = append(queue, nb)
			}
		}
	}
	return dist
}

func contains(m map[string]int, k string) bool { _, ok := m[k]; return ok }

// tilesOracleIDA returns the optimal length of cells by a plain IDA* with
// Manhattan distance, for boards a few dozen moves from the goal.
func tilesOracleIDA(rows, cols int, cells []int, blankLast bool) int {
	goal := tilesOracleGoal(rows, cols, blankLast)
	home := make([]int, len(goal))
	for i, t := range goal {
		home[t] = i
	}
	manhattan := func(b []int) int {
		h := 0
		for i, t := range b {
			if t != 0 {
				h += abs(i/cols-home[t]/cols) + abs(i%cols-home[t]%cols)
			}
		}
		return h
	}
	b := append([]int(nil), cells...)
	var dfs func(g, bound, prev int) (bool, int)
	dfs = func(g, bound, prev int) (bool, int) {
		h := manhattan(b)
		if g+h > bound {
			return false, g + h
		}
		if h == 0 {
			return true, g
		}
		z := 0
		for i, v := range b {
			if v == 0 {
				z = i
			}
		}
		next := 1 << 30
		for _, d := range [][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
			r, c := z/cols+d[0], z%cols+d[1]
			nz := r*cols + c
			if r < 0 || r >= rows || c < 0 || c >= cols || nz == prev {
				continue
			}
			b[z], b[nz] = b[nz], b[z]
			ok, f := dfs(g+1, bound, z)
			b[z], b[nz] = b[nz], b[z]
			if ok {
				return true, f
			}
			next = min(next, f)
		}
		return false, next
	}
	for bound := manhattan(b); ; {
		ok, f := dfs(0, bound, -1)
		if ok {
			return f
		}
		bound = f
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func tilesCells(t *testing.T, line string) []int {
	t.Helper()
	var cells []int
	for _, f := range strings.Fields(line) {
		v, err := strconv.Atoi(f)
		if err != nil {
			t.Fatalf("board %q: %v", line, err)
		}
		cells = append(cells, v)
	}
	return cells
}

// checkTilesAnswers checks solve's text answers to boards: each solves its
// board and is as long as the oracle's optimal length.
func checkTilesAnswers(t *testing.T, rows, cols int, boards, out string, blankLast bool, optimal func([]int) int) {
	t.Helper()
	bl := strings.Split(strings.TrimSpace(boards), "\n")
	al := strings.Split(strings.TrimSpace(out), "\n")
	if len(bl) != len(al) {
		t.Fatalf("%d boards, %d answers:\n%s", len(bl), len(al), out)
	}
	goal := tilesKey(tilesOracleGoal(rows, cols, blankLast))
	for i := range bl {
		cells := tilesCells(t, bl[i])
		f := strings.Fields(al[i])
		moves := ""
		if len(f) > 1 {
			moves = f[1]
		}
		end, err := tilesOracleApply(rows, cols, cells, moves)
		if err != nil || tilesKey(end) != goal {
			t.Fatalf("%dx%d %s: answer %q does not reach the goal (%v)", rows, cols, bl[i], al[i], err)
		}
		if want := optimal(cells); len(moves) != want || f[0] != strconv.Itoa(want) {
			t.Fatalf("%dx%d %s: answer %q, optimal length %d", rows, cols, bl[i], al[i], want)
		}
	}
}

// TestTilesSizesAgainstBFS: random and solve on every shape of at most 8
// cells, both goals, against a breadth-first search of the whole space.
func TestTilesSizesAgainstBFS(t *testing.T) {
	for _, sz := range [][2]int{{2, 2}, {2, 3}, {3, 2}, {2, 4}, {4, 2}} {
		rows, cols := sz[0], sz[1]
		size := fmt.Sprintf("%dx%d", rows, cols)
		for _, goal := range []string{"blank-first", "blank-last"} {
			dist := tilesOracleBFS(rows, cols, goal == "blank-last")
			boards, errs, code := runTiles(t, "", "random", "tiles", "--size", size, "-n", "25", "--goal", goal)
			if code != ExitOK {
				t.Fatalf("random %s: exit %d %s", size, code, errs)
			}
			for _, l := range strings.Split(strings.TrimSpace(boards), "\n") {
				if !contains(dist, tilesKey(tilesCells(t, l))) {
					t.Fatalf("random %s --goal %s: %s cannot reach the goal", size, goal, l)
				}
			}
			hs := []string{"", "manhattan", "linear-conflict"}
			if rows*cols >= 6 {
				hs = append(hs, "pdb:1-2/3-"+strconv.Itoa(rows*cols-1))
			}
			for _, h := range hs {
				args := []string{"solve", "tiles", "--size", size, "--goal", goal}
				if h != "" {
					args = append(args, "--heuristic", h)
				}
				out, errs, code := runTiles(t, boards, args...)
				if code != ExitOK {
					t.Fatalf("solve %s %s: exit %d %s", size, h, code, errs)
				}
				checkTilesAnswers(t, rows, cols, boards, out, goal == "blank-last",
					func(c []int) int { return dist[tilesKey(c)] })
			}
		}
	}
	// The named puzzles are their boards: 8puzzle is tiles --size 3x3.
	boards, _, _ := runTiles(t, "", "random", "8puzzle", "-n", "5", "--seed", "7")
	named, _, _ := runTiles(t, boards, "solve", "8puzzle")
	sized, _, _ := runTiles(t, boards, "solve", "tiles", "--size", "3x3")
	if named != sized || named == "" {
		t.Fatalf("8puzzle %q, tiles --size 3x3 %q", named, sized)
	}
}

// TestTiles3x4AgainstManhattanIDA: 3x4 and 4x3 boards a random walk from
// the goal, solved with a user partition and the default, against a plain
// Manhattan IDA*; -j 1 and -j 2 (split on and off) print the same bytes;
// verify takes the answers.
func TestTiles3x4AgainstManhattanIDA(t *testing.T) {
	for _, sz := range [][2]int{{3, 4}, {4, 3}} {
		rows, cols := sz[0], sz[1]
		size := fmt.Sprintf("%dx%d", rows, cols)
		for _, goal := range []string{"blank-first", "blank-last"} {
			boards, _, code := runTiles(t, "", "random", "tiles", "--size", size, "-n", "6", "--walk", "30", "--goal", goal, "--seed", "3")
			if code != ExitOK {
				t.Fatalf("random: exit %d", code)
			}
			memo := map[string]int{}
			oracle := func(c []int) int {
				k := tilesKey(c)
				if _, ok := memo[k]; !ok {
					memo[k] = tilesOracleIDA(rows, cols, c, goal == "blank-last")
				}
				return memo[k]
			}
			var first string
			for _, h := range []string{"", "pdb:1-6/7-11", "pdb:1,5,9/2-4,6-8/10,11"} {
				var same string
				for _, j := range []string{"1", "2"} {
					for _, split := range []string{"off", "on"} {
						args := []string{"solve", "tiles", "--size", size, "--goal", goal, "-j", j, "--split", split}
						if h != "" {
							args = append(args, "--heuristic", h)
						}
						out, errs, code := runTiles(t, boards, args...)
						if code != ExitOK {
							t.Fatalf("%v: exit %d %s", args, code, errs)
						}
						checkTilesAnswers(t, rows, cols, boards, out, goal == "blank-last", oracle)
						if same == "" {
							same = out
						} else if out != same {
							t.Fatalf("%v: output differs from -j 1 --split off:\n%s\n%s", args, out, same)
						}
					}
				}
				if first == "" {
					first = same
				}
			}
			// verify takes the answers, and catches a wrong one.
			dir := t.TempDir()
			bf, af := dir+"/boards", dir+"/answers"
			writeFileT(t, bf, boards)
			writeFileT(t, af, first)
			out, errs, code := runTiles(t, "", "verify", "tiles", "--size", size, "--goal", goal, "--input", bf, "--solutions", af)
			if code != ExitOK || !strings.Contains(out, "6 records: 6 ok") {
				t.Fatalf("verify: exit %d\n%s%s", code, out, errs)
			}
			lines := strings.SplitN(first, "\n", 2)
			f := strings.Fields(lines[0])
			writeFileT(t, af, f[0]+" "+f[1][:len(f[1])-1]+"\n"+lines[1])
			if out, _, code := runTiles(t, "", "verify", "tiles", "--size", size, "--goal", goal, "--input", bf, "--solutions", af); code != ExitBadInput || !strings.Contains(out, "wrong") {
				t.Fatalf("verify of a short answer: exit %d\n%s", code, out)
			}
		}
	}
}

// TestTilesUsageErrors: sizes, partitions, +reflect, --split, --instances.
func TestTilesUsageErrors(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"solve", "tiles"}, "--size ROWSxCOLS is required"},
		{[]string{"solve", "tiles", "--size", "6x5"}, "6x5 has 30 cells"},
		{[]string{"solve", "tiles", "--size", "1x7"}, "1x7 has 7 cells"},
		{[]string{"random", "tiles", "--size", "3by4"}, "want ROWSxCOLS"},
		{[]string{"gen", "tiles", "--size", "x"}, "want ROWSxCOLS"},
		{[]string{"bench", "tiles", "--heuristic", "manhattan"}, "--size ROWSxCOLS is required"},
		{[]string{"bench", "15puzzle", "--size", "3x4", "--heuristic", "manhattan"}, "15puzzle is the 4x4 board"},
		{[]string{"verify", "tiles", "--size", "5x6", "--input", "-", "--solutions", "x"}, "5x6 has 30 cells"},
		{[]string{"solve", "tiles", "--size", "3x4", "--heuristic", "pdb:1-6/7-11+reflect"}, "+reflect needs a square board"},
		{[]string{"solve", "tiles", "--size", "3x4", "--heuristic", "pdb:1-6/6-11"}, "tile 6 is in patterns 1 and 2"},
		{[]string{"solve", "tiles", "--size", "3x4", "--heuristic", "pdb:1-6/8-11"}, "tile 7 is in no pattern"},
		{[]string{"solve", "tiles", "--size", "3x4", "--heuristic", "pdb:1-6/7-12"}, "12"},
		{[]string{"solve", "tiles", "--size", "3x4", "--heuristic", "pdb663"}, "pdb663"},
		{[]string{"solve", "24puzzle", "--heuristic", "pdb78"}, "pdb78"},
		{[]string{"solve", "8puzzle", "--split", "sometimes"}, "--split"},
		{[]string{"bench", "8puzzle", "--heuristic", "manhattan", "--instances", "0"}, "--instances"},
		{[]string{"bench", "8puzzle", "--heuristic", "manhattan", "--instances", "3-1"}, "--instances"},
		{[]string{"solve", "8puzzle", "--instances", "x"}, "--instances"},
		{[]string{"solve", "rotation", "--instances", "0"}, "--instances"},
		{[]string{"solve", "8puzzle", "--instances", ""}, "leave the flag out"}, // not every record
		{[]string{"bench", "8puzzle", "--heuristic", "manhattan", "--instances", " "}, "leave the flag out"},
		{[]string{"solve", "8puzzle", "--heuristic", "pdb:1-4/5-7"}, `sliding-tile heuristic "pdb:1-4/5-7": invalid tile partition`},
		{[]string{"solve", "rotation", "--heuristic", "x"}, "want one of exact, exact-ida, count"},
	} {
		_, errs, code := runTiles(t, "", c.args...)
		if code != ExitUsage || !strings.Contains(errs, c.want) {
			t.Errorf("%v: exit %d, %q; want exit %d and %q", c.args, code, errs, ExitUsage, c.want)
		}
	}
}

// TestTilesLimitLowerBound: a run stopped by --max-nodes reports the bound
// reached, which is at most the optimal length (the oracle's).
func TestTilesLimitLowerBound(t *testing.T) {
	boards, _, _ := runTiles(t, "", "random", "tiles", "--size", "3x4", "-n", "1", "--walk", "60", "--seed", "12")
	want := tilesOracleIDA(3, 4, tilesCells(t, boards), false)
	out, errs, code := runTiles(t, boards, "solve", "tiles", "--size", "3x4", "--max-nodes", "300", "--format", "json", "--progress")
	// In the record schema a limit run's "bound" is the lower bound.
	var rec struct {
		Puzzle     string `json:"puzzle"`
		Status     string `json:"status"`
		LowerBound *int   `json:"bound"`
		H0         int    `json:"h0"`
	}
	if err := json.Unmarshal([]byte(out), &rec); err != nil || code != ExitLimit || rec.Status != "limit" || rec.LowerBound == nil {
		t.Fatalf("exit %d, %q (%v)", code, out, err)
	}
	if _, err := recordtest.Check([]byte(out)); err != nil || rec.Puzzle != "tiles3x4" {
		t.Fatalf("record of puzzle %q: %v", rec.Puzzle, err)
	}
	if *rec.LowerBound > want || *rec.LowerBound < rec.H0 {
		t.Fatalf("lower bound %d, h0 %d, optimal %d", *rec.LowerBound, rec.H0, want)
	}
	if *rec.LowerBound > rec.H0 && !strings.Contains(errs, "stdin:1 "+search.DefaultTilesHeuristic(3, 4)+": bound ") {
		t.Fatalf("--progress: no iteration line in %q", errs)
	}
	_, errs, code = runTiles(t, boards, "solve", "tiles", "--size", "3x4", "--max-nodes", "300")
	if code != ExitLimit || !strings.Contains(errs, "the optimal length is at least "+strconv.Itoa(*rec.LowerBound)) {
		t.Fatalf("text: exit %d, %q", code, errs)
	}
}

// TestTilesBenchInstances: bench --instances takes the boards named, with
// their own lines, and its summary counts them.
func TestTilesBenchInstances(t *testing.T) {
	boards, _, _ := runTiles(t, "", "random", "tiles", "--size", "2x4", "-n", "6", "--seed", "5")
	in := "# six boards\n" + boards
	out, errs, code := runTiles(t, in, "bench", "tiles", "--size", "2x4", "--heuristic", "manhattan,pdb:1-3/4-7",
		"--instances", "2,5-6", "--per-instance", "--format", "csv")
	if code != ExitOK {
		t.Fatalf("exit %d %s", code, errs)
	}
	// One CSV row a run (--per-instance, kind "run"): input "-", the
	// board's line and its number among all the boards.
	var got []string
	for _, l := range strings.Split(csvOfKind(t, out, "run"), "\n") {
		if f := strings.Split(l, ","); len(f) > 4 && f[0] == "tiles2x4" {
			got = append(got, f[1]+":"+f[2]+"#"+f[3])
		}
	}
	want := []string{"-:3#2", "-:3#2", "-:6#5", "-:6#5", "-:7#6", "-:7#6"}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Fatalf("bench --instances 2,5-6: runs %v, want %v, in\n%s", got, want, out)
	}
	// With --shard a board must be in both: shard 1/2 holds boards 2, 4, 6.
	out, errs, code = runTiles(t, in, "bench", "tiles", "--size", "2x4", "--heuristic", "manhattan",
		"--instances", "2,5-6", "--shard", "1/2", "--format", "json")
	if _, err := recordtest.Check([]byte(out)); code != ExitOK || err != nil {
		t.Fatalf("--shard 1/2: exit %d (%v) %s", code, err, errs)
	}
	if !strings.Contains(out, `"line":3,"instance":2,`) || !strings.Contains(out, `"line":7,"instance":6,`) ||
		strings.Count(out, `"status":"solved"`) != 2 {
		t.Fatalf("--instances 2,5-6 --shard 1/2: want boards 2 and 6 in\n%s", out)
	}
	// solve takes --instances as bench does, answers in input order.
	out, errs, code = runTiles(t, in, "solve", "tiles", "--size", "2x4", "--instances", "6,2,5", "--format", "json")
	if code != ExitOK || strings.Count(out, "\n") != 3 || !strings.Contains(out, `"line":3,`) ||
		!strings.Contains(out, `"line":6,`) || !strings.Contains(out, `"line":7,`) ||
		strings.Index(out, `"line":3,`) > strings.Index(out, `"line":7,`) {
		t.Fatalf("solve --instances 6,2,5: exit %d %s\n%s", code, errs, out)
	}
}

func writeFileT(t *testing.T, name, data string) {
	t.Helper()
	if err := os.WriteFile(name, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}

// Test24PuzzleName: random, solve and verify 24puzzle (and tiles --size 4x5)
// on boards a short walk from the goal, against a Manhattan IDA*.
func Test24PuzzleName(t *testing.T) {
	for _, c := range []struct {
		puzzle     []string
		rows, cols int
		record     string // the puzzle's name in records
	}{{[]string{"24puzzle"}, 5, 5, "24puzzle"}, {[]string{"tiles", "--size", "4x5"}, 4, 5, "tiles4x5"}} {
		args := append(append([]string{"random"}, c.puzzle...), "-n", "3", "--walk", "24", "--seed", "4")
		boards, _, code := runTiles(t, "", args...)
		if code != ExitOK {
			t.Fatalf("%v: exit %d", args, code)
		}
		args = append(append([]string{"solve"}, c.puzzle...), "--heuristic", "linear-conflict", "-j", "2")
		out, errs, code := runTiles(t, boards, args...)
		if code != ExitOK {
			t.Fatalf("%v: exit %d %s", args, code, errs)
		}
		checkTilesAnswers(t, c.rows, c.cols, boards, out, false,
			func(cells []int) int { return tilesOracleIDA(c.rows, c.cols, cells, false) })
		dir := t.TempDir()
		writeFileT(t, dir+"/b", boards)
		writeFileT(t, dir+"/a", out)
		args = append(append([]string{"verify"}, c.puzzle...), "--heuristic", "manhattan", "--input", dir+"/b", "--solutions", dir+"/a")
		if out, errs, code := runTiles(t, "", args...); code != ExitOK || !strings.Contains(out, "3 records: 3 ok") {
			t.Fatalf("%v: exit %d\n%s%s", args, code, out, errs)
		}
		// JSON records in the schema, under the board's record name, which
		// verify reads back; --shard 1/2 takes the second board alone.
		args = append(append([]string{"solve"}, c.puzzle...), "--heuristic", "linear-conflict", "--format", "json")
		js, errs, code := runTiles(t, boards, args...)
		if kinds, err := recordtest.Check([]byte(js)); code != ExitOK || err != nil || len(kinds) != 3 {
			t.Fatalf("%v: exit %d, %d records (%v)\n%s%s", args, code, len(kinds), err, js, errs)
		}
		if n := strings.Count(js, `"puzzle":"`+c.record+`"`); n != 3 {
			t.Fatalf("%v: %d records of puzzle %s in\n%s", args, n, c.record, js)
		}
		writeFileT(t, dir+"/a.json", js)
		args = append(append([]string{"verify"}, c.puzzle...), "--heuristic", "manhattan", "--input", dir+"/b",
			"--solutions", dir+"/a.json", "--format", "json")
		if out, errs, code := runTiles(t, "", args...); code != ExitOK || strings.Count(out, `"verdict":"ok"`) != 3 ||
			strings.Count(out, `"puzzle":"`+c.record+`"`) != 3 {
			t.Fatalf("%v: exit %d\n%s%s", args, code, out, errs)
		} else if _, err := recordtest.Check([]byte(out)); err != nil {
			t.Fatalf("%v: %v", args, err)
		}
		args = append(append([]string{"solve"}, c.puzzle...), "--heuristic", "linear-conflict", "--format", "json", "--shard", "1/2")
		if sh, errs, code := runTiles(t, boards, args...); code != ExitOK || strings.Count(sh, "\n") != 1 ||
			!strings.Contains(sh, `"line":2,`) {
			t.Fatalf("%v: exit %d\n%s%s", args, code, sh, errs)
		}
	}
}

// TestTilesGenRefusesTooBig: a 7-tile 5x5 pattern needs about 29 GiB at
// its peak (pdb.Spec.PeakBytes); gen refuses it up front with the figures.
func TestTilesGenRefusesTooBig(t *testing.T) {
	mem, err := os.ReadFile("/proc/meminfo")
	var kb uint64
	if err == nil {
		fmt.Sscanf(strings.TrimPrefix(strings.SplitN(string(mem), "\n", 2)[0], "MemTotal:"), "%d", &kb)
	}
	if kb == 0 || kb > 28<<20 {
		t.Skipf("machine memory %d KiB unknown or above 28 GiB: the build would start", kb)
	}
	code, _, errs := run(t, "", "--tables", t.TempDir(), "gen", "24puzzle", "--heuristic", "pdb:1-7/8-14/15-21/22-24")
	if code != ExitTable || !strings.Contains(errs, "GiB of memory at its peak") || !strings.Contains(errs, "this machine has") {
		t.Fatalf("exit %d, %q", code, errs)
	}
}
