package record_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/pdbsolve/pdbsolve/bitboard"
	"github.com/pdbsolve/pdbsolve/internal/record"
	"github.com/pdbsolve/pdbsolve/internal/record/recordtest"
	"github.com/pdbsolve/pdbsolve/search"
)

// TestWritersMatchSchema checks the records of every writer against
// docs/record.schema.json and decodes them into the documented types.
func TestWritersMatchSchema(t *testing.T) {
	var data []byte
	data = append(data, record.TilesRecords(t)...)
	data = append(data, record.RotationRecords(t, 20)...)
	enc := func(v any) {
		b, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		data = append(append(data, b...), '\n')
	}
	enc(record.Census{Puzzle: record.PuzzleRotation, Counts: []uint64{38610, 308880}, Total: 347490, Max: 1, AtMax: 308880,
		Orbits: 92247, Workers: 2, TimeNS: 1200000000})
	enc(record.Verdict{Puzzle: record.Puzzle8, Input: "b.txt", Line: 3, AnswerInput: "a.txt", AnswerLine: 5,
		Verdict: "not-optimal", Detail: "24 moves, optimal 22", Length: record.KnownCount(24), Optimal: record.KnownCount(22)})
	enc(record.Verdict{Puzzle: record.Puzzle8, Input: "b.txt", Line: 4, Verdict: "missing",
		Detail: "no answer left"})
	var sum record.VerifySummary
	sum.Add(search.VerdictNotOptimal, 1)
	sum.Add(search.VerdictMissing, 1)
	enc(map[string]any{"verify_summary": sum})
	enc(record.Header{Provenance: record.Provenance{Version: "devel", Commit: "unknown", GoVersion: "go1.26.8",
		OS: "linux/amd64", CPU: "Intel(R) Xeon(R)", Cores: 2, Date: "2026-11-29T23:30:00Z",
		Command: []string{"pdbsolve", "bench", "15puzzle"},
		Tables:  []record.TableChecksum{{Name: "15puzzle/blank0-1.2.4.5.8-md", Checksum: "0a1b2c3d", Pinned: true}}}})
	ratio := 0.5
	enc(map[string]any{"score": record.Score{Puzzle: record.Puzzle8, Heuristic: "manhattan", Samples: 3, Seed: 1, MeanH: 1,
		HCounts: []uint64{1, 1, 1}, Quantiles: map[string]int{"min": 0, "p1": 0, "p10": 0, "p50": 1, "p90": 2, "p99": 2, "max": 2},
		Bound: 22, Predicted: record.ScorePrediction{Expanded: 10, Generated: 20, ExpandedByCell: 9, GeneratedByCell: 18, Sparse: 0.25},
		Ratio: &ratio, Tables: record.ScoreTables{Count: 2, Bytes: 6048, BuildNS: 1e6, PeakBytes: 1 << 20, Missing: []string{"8puzzle/p1"}},
		TimeNS: 5000}})
	kinds, err := recordtest.Check(data)
	if err != nil {
		t.Fatal(err)
	}
	n := map[string]int{}
	for _, k := range kinds {
		n[k]++
	}
	if n["run"] < 60 || n["census"] != 1 || n["verdict"] != 2 || n["verify_summary"] != 1 || n["header"] != 1 || n["score"] != 1 {
		t.Fatalf("kinds %v", n)
	}
}

// TestSchemaRefuses makes sure the schema is not vacuous: each of these
// breaks one documented rule.
func TestSchemaRefuses(t *testing.T) {
	bad := []string{
		`{"puzzle":"8puzzle","input":"a","line":1,"status":"done"}`,                                                                                                // unknown status
		`{"puzzle":"8puzzle","input":"a","line":0,"status":"error","error":"x"}`,                                                                                   // line 0
		`{"puzzle":"8puzzle","input":"a","line":1,"status":"error"}`,                                                                                               // error without message
		`{"puzzle":"8puzzle","input":"a","line":1,"status":"solved","moves":"UD","length":2}`,                                                                      // no statistics
		`{"puzzle":"rotation","input":"a","line":1,"status":"solved","moves":"AB","length":2,"bound":2,"h0":2,"expanded":0,"generated":0,"iterations":0}`,          // no symbol
		`{"puzzle":"8puzzle","input":"a","line":1,"status":"limit","moves":"","bound":2,"h0":2,"expanded":0,"generated":0,"iterations":0}`,                         // moves on a limit
		`{"puzzle":"8puzzle","input":"a","line":1,"status":"solved","moves":"UX","length":2,"bound":2,"h0":2,"expanded":0,"generated":0,"iterations":0}`,           // bad move letter
		`{"puzzle":"8puzzle","input":"a","line":1,"status":"solved","moves":"","length":0,"bound":0,"h0":0,"expanded":0,"generated":0,"iterations":0,"seconds":1}`, // seconds
		`{"puzzle":"8puzzle","input":"a","line":1,"status":"solved","moves":"","length":0,"bound":0,"h0":0,"expanded":0,"generated":0,"iterations":0,"time_ns":0}`, // time 0
		`{"file":"a","line":1,"error":"x"}`, // before this schema
		`{"puzzle":"8puzzle","input":"a","line":1,"status":"error","error":"x","last_expanded":3}`,                                                                         // counts on an error
		`{"puzzle":"8puzzle","input":"a","line":1,"status":"solved","moves":"","length":0,"bound":0,"h0":0,"expanded":0,"generated":0,"iterations":0,"last_generated":-1}`, // a negative count
		`{"puzzle":"tiles3x3","input":"a","line":1,"status":"error","error":"x"}`,                                                                                          // 3x3 is 8puzzle
		`{"puzzle":"tiles6x5","input":"a","line":1,"status":"error","error":"x"}`,                                                                                          // no such board
		`{"puzzle":"tiles3x4","input":"a","line":1,"status":"solved","moves":"AB","length":2,"bound":2,"h0":2,"expanded":0,"generated":0,"iterations":0}`,                  // Rotation moves on tiles
		`{"puzzle":"8puzzle","input":"b","line":4,"verdict":"missing","answer_line":3,"length":0,"optimal":2}`,
		`{"provenance":{"version":"devel","commit":"x","go_version":"go1","os":"linux/amd64","cpu":"x","cores":2,"date":"yesterday","command":["p"],"tables":[]}}`,
		`{"puzzle":"8puzzle","input":"a","line":1,"status":"interrupted","error":"x"}`,                                                           // interrupted without its bound
		`{"puzzle":"8puzzle","input":"a","line":1,"status":"interrupted","length":3,"bound":2,"h0":2,"expanded":0,"generated":0,"iterations":0}`, // a length on an interrupted run
		`{"provenance":{"version":"devel","commit":"x","go_version":"go1","os":"linux/amd64","cpu":"x","cores":2,"date":"2026-12-01T00:00:00Z","command":["p"],"tables":[]},"config":{"command":"bench","puzzle":"8puzzle","heuristics":["manhattan"],"max_nodes":0,"timeout_ns":0,"repeat":1,"shard":"4","inputs":[]}}`, // shard not K/N
		`{"summary":{"complete":true},"report":{"puzzle":"8puzzle","instances":0,"baseline":"m","paired_instances":0,"heuristics":[]}}`,
		`{"score":{"puzzle":"8puzzle","heuristic":"m","samples":1,"seed":1,"mean_h":1,"h_counts":[0,1],"h_quantiles":{"min":1,"p1":1,"p10":1,"p50":1,"p90":1,"p99":1,"max":1},"bound":22,"predicted":{"expanded":1,"generated":1,"expanded_by_cell":1,"generated_by_cell":1,"sparse":0},"ratio_to_first":1,"tables":{"count":0,"bytes":0,"build_seconds":1.5},"time_ns":1}}`, // build time in seconds
		`{"score":{"puzzle":"rotation","heuristic":"m","samples":1,"seed":1,"mean_h":1,"h_counts":[0,1],"h_quantiles":{"min":1,"p1":1,"p10":1,"p50":1,"p90":1,"p99":1,"max":1},"bound":22,"predicted":{"expanded":1,"generated":1,"expanded_by_cell":1,"generated_by_cell":1,"sparse":0},"ratio_to_first":1,"tables":{"count":0,"bytes":0},"time_ns":1}}`,                    // no score of the Rotation Game                                                                                                                                                                                  // a summary without its counts
	}
	for _, line := range bad {
		if _, err := recordtest.Check([]byte(line)); err == nil {
			t.Errorf("accepted %s", line)
		}
	}
	if _, err := recordtest.Check(bytes.Repeat([]byte(" \n"), 3)); err != nil {
		t.Errorf("blank lines: %v", err)
	}
	if _, err := recordtest.Check([]byte(`{"puzzle":"8puzzle","input":"a","line":1,"status":"error","error":"x"} {}`)); err == nil ||
		!strings.Contains(err.Error(), "JSON") {
		t.Errorf("two values on a line: %v", err)
	}
}

// knownPuzzle reports whether name is a puzzle name: rotation or a name
// TilesShape takes.
func knownPuzzle(name string) bool {
	_, _, tiles := record.TilesShape(name)
	return tiles || name == record.PuzzleRotation
}

// TestSchemaPuzzleNames: the schema's puzzle enum is exactly rotation and
// the names of the boards bitboard accepts (every rows x cols pair tried),
// each of which knownPuzzle and TilesShape take back to its shape.
func TestSchemaPuzzleNames(t *testing.T) {
	want := []string{record.PuzzleRotation}
	for rows := 1; rows <= 30; rows++ {
		for cols := 1; cols <= 30; cols++ {
			if !bitboard.TilesSizeOK(rows, cols) {
				continue
			}
			name := fmt.Sprintf("tiles%dx%d", rows, cols)
			switch {
			case rows == 3 && cols == 3:
				name = "8puzzle"
			case rows == 4 && cols == 4:
				name = "15puzzle"
			case rows == 5 && cols == 5:
				name = "24puzzle"
			}
			if got := record.TilesPuzzle(rows, cols); got != name {
				t.Errorf("TilesPuzzle(%d, %d) = %q, want %q", rows, cols, got, name)
			}
			if r, c, ok := record.TilesShape(name); !ok || r != rows || c != cols {
				t.Errorf("TilesShape(%q) = %d, %d, %v", name, r, c, ok)
			}
			want = append(want, name)
		}
	}
	for _, bad := range []string{"tiles3x3", "tiles4x4", "tiles1x5", "tiles6x5", "tiles03x4", "tiles3x4x", "tiles", "puzzle"} {
		if knownPuzzle(bad) {
			t.Errorf("KnownPuzzle(%q)", bad)
		}
	}
	data, err := os.ReadFile(recordtest.SchemaPath())
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Defs struct {
			Puzzle struct {
				Enum []string `json:"enum"`
			} `json:"puzzle"`
		} `json:"$defs"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	got := slices.Clone(doc.Defs.Puzzle.Enum)
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Fatalf("schema puzzle enum %v, want %v", got, want)
	}
	for _, name := range got {
		if !knownPuzzle(name) {
			t.Errorf("KnownPuzzle(%q) false", name)
		}
	}
}
