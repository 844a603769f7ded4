package record_test

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/pdbsolve/pdbsolve/internal/record"
	"github.com/pdbsolve/pdbsolve/internal/record/recordtest"
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
		Verdict: record.VerdictNotOptimal, Detail: "24 moves, optimal 22", Length: 24, Optimal: 22})
	enc(record.Verdict{Puzzle: record.Puzzle8, Input: "b.txt", Line: 4, Verdict: record.VerdictMissing,
		Detail: "no answer left", Optimal: 22})
	var sum record.VerifySummary
	sum.Add(record.VerdictNotOptimal)
	sum.Add(record.VerdictMissing)
	enc(map[string]any{"verify_summary": sum})
	enc(record.Header{Provenance: record.Provenance{Version: "devel", Commit: "unknown", GoVersion: "go1.26.8",
		OS: "linux/amd64", CPU: "Intel(R) Xeon(R)", Cores: 2, Date: "2026-11-29T23:30:00Z",
		Command: []string{"pdbsolve", "bench", "15puzzle"},
		Tables:  []record.TableChecksum{{Name: "15puzzle/555-1.2.4.5.8-md", Checksum: "0a1b2c3d", Pinned: true}}}})
	kinds, err := recordtest.Check(data)
	if err != nil {
		t.Fatal(err)
	}
	n := map[string]int{}
	for _, k := range kinds {
		n[k]++
	}
	if n["run"] < 60 || n["census"] != 1 || n["verdict"] != 2 || n["verify_summary"] != 1 || n["header"] != 1 {
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
		`{"puzzle":"8puzzle","input":"b","line":4,"verdict":"missing","answer_line":3,"length":0,"optimal":2}`,
		`{"provenance":{"version":"devel","commit":"x","go_version":"go1","os":"linux/amd64","cpu":"x","cores":2,"date":"yesterday","command":["p"],"tables":[]}}`,
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
