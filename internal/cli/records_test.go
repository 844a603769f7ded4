package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/pdbsolve/pdbsolve/internal/record"
	"github.com/pdbsolve/pdbsolve/internal/record/recordtest"
)

// TestSolveJSONSchema: solve's JSON for both puzzles, with solved,
// unsolvable, bad and limited boards, validates against
// docs/record.schema.json and decodes into record.Run; verify takes it as
// its answers and finds every answer right, and verify's own JSON
// validates too.
func TestSolveJSONSchema(t *testing.T) {
	dir := t.TempDir()
	// 8-puzzle (blank-last goal): the AOJ sample (4 moves), a solved board,
	// a bad board and an unsolvable one.
	tiles := "1 3 0 4 2 5 7 8 6\n1 2 3 4 5 6 7 8 0\n1 2 3\n4 5 6 7 9 0\n2 1 3 4 5 6 7 8 0\n"
	boards := filepath.Join(dir, "tiles.txt")
	os.WriteFile(boards, []byte(tiles), 0o644)
	code, out, errs := run(t, "", "solve", "8puzzle", "--goal", "blank-last", "--format", "json", boards)
	if code != ExitBadInput {
		t.Fatalf("8puzzle json: exit %d, want %d: %s", code, ExitBadInput, errs)
	}
	kinds, err := recordtest.Check([]byte(out))
	if err != nil || len(kinds) != 4 {
		t.Fatalf("8puzzle json against the schema: %v %v\n%s", kinds, err, out)
	}
	var got []string
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		var r record.Run
		if err := json.Unmarshal([]byte(l), &r); err != nil {
			t.Fatal(err)
		}
		got = append(got, string(r.Status)+":"+itoa(r.Length))
		if r.Input != boards || r.Puzzle != "8puzzle" {
			t.Errorf("record %s: want input %s, puzzle 8puzzle", l, boards)
		}
	}
	if want := []string{"solved:4", "solved:0", "error:0", "unsolvable:0"}; !slices.Equal(got, want) {
		t.Fatalf("statuses %v, want %v (AOJ sample: 4 moves)", got, want)
	}
	answers := filepath.Join(dir, "tiles.json")
	os.WriteFile(answers, []byte(out), 0o644)
	code, vout, errs := run(t, "", "verify", "8puzzle", "--goal", "blank-last", "--input", boards, "--solutions", answers)
	// The bad and the unsolvable board are not ok; the two answers are.
	if code != ExitBadInput || !strings.Contains(vout, "2 ok,") || !strings.Contains(vout, " 0 wrong,") ||
		!strings.Contains(vout, "0 missing") || !strings.Contains(vout, "0 extra answers") {
		t.Fatalf("verify 8puzzle with solve's JSON: exit %d\n%s%s", code, vout, errs)
	}
	if !strings.Contains(vout, boards+":1 "+answers+":1 ok") || !strings.Contains(vout, boards+":2 "+answers+":2 ok") {
		t.Fatalf("verify names the JSON answers' lines:\n%s", vout)
	}
	_, vjson, _ := run(t, "", "verify", "8puzzle", "--goal", "blank-last", "--input", boards, "--solutions", answers, "--format", "json")
	if kinds, err := recordtest.Check([]byte(vjson)); err != nil || len(kinds) != 5 || kinds[4] != "verify_summary" {
		t.Fatalf("verify json against the schema: %v %v\n%s", kinds, err, vjson)
	}

	// Rotation: the judge sample, its answers from solve's JSON.
	rot := filepath.Join("testdata", "rotation-sample.txt")
	code, out, errs = run(t, "", "solve", "rotation", "--format", "json", rot)
	if code != ExitOK {
		t.Fatalf("rotation json: exit %d: %s", code, errs)
	}
	if kinds, err := recordtest.Check([]byte(out)); err != nil || len(kinds) != 2 {
		t.Fatalf("rotation json against the schema: %v %v\n%s", kinds, err, out)
	}
	rans := filepath.Join(dir, "rot.json")
	os.WriteFile(rans, []byte(out), 0o644)
	code, vout, errs = run(t, "", "verify", "rotation", "--input", rot, "--solutions", rans)
	if code != ExitOK || !strings.HasPrefix(vout, rot+":1 "+rans+":1 ok\n"+rot+":2 "+rans+":2 ok\n") {
		t.Fatalf("verify rotation with solve's JSON: exit %d\n%s%s", code, vout, errs)
	}
	// A wrong move string in the JSON is found wrong.
	os.WriteFile(rans, []byte(strings.Replace(out, `"moves":"AC"`, `"moves":"CA"`, 1)), 0o644)
	if code, vout, _ = run(t, "", "verify", "rotation", "--input", rot, "--solutions", rans); code != ExitBadInput || strings.Contains(vout, ":1 ok") {
		t.Fatalf("verify of a changed JSON answer: exit %d\n%s", code, vout)
	}
}
