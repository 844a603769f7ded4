package record

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestKindOf: each kind of docs/records.md is told by its key; an object
// of none is 0. A Scanner returns the runs, headers and summaries and
// skips the others, a score record among them.
func TestKindOf(t *testing.T) {
	lines := []struct {
		json string
		want Kind
	}{
		{`{"puzzle":"8puzzle","input":"b","line":1,"status":"error","error":"bad"}`, KindRun},
		{`{"provenance":{},"config":{}}`, KindHeader},
		{`{"summary":{"complete":true},"report":{}}`, KindSummary},
		{`{"report":{}}`, KindOther},
		{`{"puzzle":"8puzzle","input":"b","line":1,"verdict":"ok"}`, KindOther},
		{`{"verify_summary":{}}`, KindOther},
		{`{"puzzle":"8puzzle","counts":[1]}`, KindOther},
		{`{"score":{}}`, KindOther},
		{`{"per_instance":[],"summary":{},"report":{}}`, KindSummary}, // a summary's keys first
		{`{"per_instance":[]}`, 0},                                    // a bench document from before the schema
		{`{"line":1,"moves":""}`, 0},                                  // a run from before the schema: no status
	}
	var all strings.Builder
	for _, l := range lines {
		var obj map[string]json.RawMessage
		if err := json.Unmarshal([]byte(l.json), &obj); err != nil {
			t.Fatal(err)
		}
		if got := KindOf(obj); got != l.want {
			t.Errorf("%s: kind %d, want %d", l.json, got, l.want)
		}
		if l.want != 0 {
			all.WriteString(l.json + "\n")
		}
	}
	s := NewScanner(strings.NewReader(all.String()), "s")
	var got []Kind
	for s.Scan() {
		got = append(got, s.Kind())
	}
	if s.Err() != nil || len(got) != 4 || got[0] != KindRun || got[1] != KindHeader || got[2] != KindSummary || got[3] != KindSummary {
		t.Fatalf("scanned kinds %v, %v; want a run, a header and two summaries", got, s.Err())
	}
}
