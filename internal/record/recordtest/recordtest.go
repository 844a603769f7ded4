// Package recordtest checks JSON output against pdbsolve's record schema,
// docs/record.schema.json, for tests: each JSON value must validate against
// the schema and decode with encoding/json, unknown fields refused, into the
// documented Go types of package record.
//
// Validation uses github.com/santhosh-tekuri/jsonschema/v6, which passes the
// JSON-Schema-Test-Suite for draft 2020-12; only test binaries link it.
package recordtest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/pdbsolve/pdbsolve/internal/record"
)

// SchemaPath returns the path of docs/record.schema.json in the source tree.
func SchemaPath() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..", "..", "docs", "record.schema.json")
}

var (
	schemaOnce sync.Once
	schemaVal  *jsonschema.Schema
	schemaErr  error
)

// Schema compiles the record schema once, with format assertions on.
func Schema() (*jsonschema.Schema, error) {
	schemaOnce.Do(func() {
		f, err := os.Open(SchemaPath())
		if err != nil {
			schemaErr = err
			return
		}
		defer f.Close()
		doc, err := jsonschema.UnmarshalJSON(f)
		if err != nil {
			schemaErr = fmt.Errorf("%s: %w", SchemaPath(), err)
			return
		}
		c := jsonschema.NewCompiler()
		c.AssertFormat()
		if err := c.AddResource("record.schema.json", doc); err != nil {
			schemaErr = err
			return
		}
		schemaVal, schemaErr = c.Compile("record.schema.json")
	})
	return schemaVal, schemaErr
}

// Kind names the kind of a record by its distinguishing key: "run",
// "verdict", "census", "header", "verify_summary", "report", "score", or
// "" for none of them.
func Kind(obj map[string]json.RawMessage) string {
	switch {
	case obj["status"] != nil:
		return "run"
	case obj["verdict"] != nil:
		return "verdict"
	case obj["counts"] != nil:
		return "census"
	case obj["provenance"] != nil:
		return "header"
	case obj["verify_summary"] != nil:
		return "verify_summary"
	case obj["report"] != nil:
		return "report"
	case obj["score"] != nil:
		return "score"
	}
	return ""
}

// Check validates every JSON value of data (JSON Lines) against the schema
// and decodes it, unknown fields refused, into its Go type; it returns the
// kinds of the values in order, or the first problem with its line.
func Check(data []byte) ([]string, error) {
	sch, err := Schema()
	if err != nil {
		return nil, err
	}
	var kinds []string
	for ln, line := range bytes.Split(data, []byte{'\n'}) {
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		where := fmt.Sprintf("line %d: %s", ln+1, line)
		v, err := jsonschema.UnmarshalJSON(bytes.NewReader(line))
		if err != nil {
			return nil, fmt.Errorf("%s: not JSON: %v", where, err)
		}
		if err := sch.Validate(v); err != nil {
			return nil, fmt.Errorf("%s: %v", where, err)
		}
		var obj map[string]json.RawMessage
		if err := json.Unmarshal(line, &obj); err != nil {
			return nil, fmt.Errorf("%s: %v", where, err)
		}
		kind := Kind(obj)
		var dst any
		switch kind {
		case "run":
			dst = new(record.Run)
		case "verdict":
			dst = new(record.Verdict)
		case "census":
			dst = new(record.Census)
		case "header":
			dst = new(record.Header)
		case "verify_summary":
			dst = new(struct {
				S record.VerifySummary `json:"verify_summary"`
			})
		case "report":
			dst = new(struct {
				S *record.Summary `json:"summary"`
				R json.RawMessage `json:"report"` // decoded by package report's own test
			})
		case "score":
			dst = new(struct {
				S record.Score `json:"score"`
			})
		default:
			return nil, fmt.Errorf("%s: no record kind", where)
		}
		d := json.NewDecoder(bytes.NewReader(line))
		d.DisallowUnknownFields()
		if err := d.Decode(dst); err != nil {
			return nil, fmt.Errorf("%s: decoding into %T: %v", where, dst, err)
		}
		if _, err := d.Token(); err != io.EOF {
			return nil, fmt.Errorf("%s: more than one JSON value on the line", where)
		}
		if r, ok := dst.(*record.Run); ok {
			if err := r.Check(); err != nil {
				return nil, fmt.Errorf("%s: %v", where, err)
			}
		}
		kinds = append(kinds, kind)
	}
	return kinds, nil
}
