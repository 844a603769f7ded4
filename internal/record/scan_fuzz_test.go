package record

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// FuzzScanner feeds the record reader any bytes, seeded from the files of
// testdata and their lines: it must not panic, must count no more lines
// than the input has, and every run it decodes without reflection must be
// what encoding/json decodes from the same line (unknown fields refused);
// every line the brief scan of a resumed solve takes it takes as the full
// decoding does (checkBrief); and the brief scan reads the same values
// straight from its read buffer as line by line.
func FuzzScanner(f *testing.F) {
	files, _ := filepath.Glob("testdata/*")
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
		for _, line := range bytes.SplitAfter(data, []byte{'\n'}) {
			f.Add(line)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		sc := NewScanner(bytes.NewReader(data), "fuzz")
		lines := 1 + bytes.Count(data, []byte{'\n'})
		for sc.Scan() {
			if sc.Line() < 1 || sc.Line() > lines {
				t.Fatalf("line %d of %d", sc.Line(), lines)
			}
		}
		if sc.Size() > int64(len(data)) || sc.Truncated() > lines {
			t.Fatalf("size %d of %d bytes, truncated line %d of %d", sc.Size(), len(data), sc.Truncated(), lines)
		}
		want, wantEnd := scanAll(data, 16, true) // no whole run fits: line by line
		for _, size := range []int{64, 1024} {
			if got, gotEnd := scanAll(data, size, true); gotEnd != wantEnd || !slices.Equal(got, want) {
				t.Fatalf("Brief through a buffer of %d: %d values, %s; line by line %d, %s", size, len(got), gotEnd, len(want), wantEnd)
			}
		}
		for _, line := range bytes.Split(data, []byte{'\n'}) {
			checkBrief(t, line)
			body := bytes.TrimSpace(line)
			if len(body) == 0 || body[0] != '{' || !sc.fastRun(body) {
				continue
			}
			var want Run
			d := json.NewDecoder(bytes.NewReader(body))
			d.DisallowUnknownFields()
			if err := d.Decode(&want); err != nil {
				t.Fatalf("decoded %q without reflection; encoding/json: %v", body, err)
			}
			if got := sc.run; !reflect.DeepEqual(got, want) {
				t.Fatalf("%q:\n%+v\nencoding/json:\n%+v", body, got, want)
			}
		}
	})
}

// TestScannerLines: values spread over lines, several on one line, blank
// lines and a last line without its newline are each found at the line
// they start on.
func TestScannerLines(t *testing.T) {
	run := `{"puzzle":"8puzzle","input":"a","line":%s,"status":"error","error":"e"}`
	in := strings.Join([]string{
		"",
		strings.Replace(run, "%s", "1", 1),
		"  {\"provenance\": {\"version\": \"v\"},",
		"   \"config\": {\"command\": \"solve\"}}",
		strings.Replace(run, "%s", "2", 1) + " " + strings.Replace(run, "%s", "3", 1),
		"",
		strings.Replace(strings.Replace(run, "%s", "4", 1), `"error":"e"`, `"error":"a \"quoted\" e"`, 1),
		strings.Replace(run, "%s", "5", 1),
	}, "\n")
	sc := NewScanner(strings.NewReader(in), "in")
	var got []int
	for sc.Scan() {
		got = append(got, sc.Line())
		if sc.Kind() == KindRun && sc.Run().Line == 4 && sc.Run().Error != `a "quoted" e` {
			t.Errorf("escaped error %q", sc.Run().Error)
		}
	}
	if want := []int{2, 3, 5, 5, 7, 8}; sc.Err() != nil || !reflect.DeepEqual(got, want) {
		t.Fatalf("lines %v, %v; want %v", got, sc.Err(), want)
	}
	if !sc.MissingNewline() || sc.Size() != int64(len(in)) {
		t.Fatalf("missing newline %v, size %d of %d", sc.MissingNewline(), sc.Size(), len(in))
	}
}

// TestSpecial: special finds a quote, backslash, control byte or byte
// from 0x80 at any of the 8 places among plain bytes, and passes 8 plain
// bytes.
func TestSpecial(t *testing.T) {
	plain := []byte("aZ09 ~-:")
	if special(binary.LittleEndian.Uint64(plain)) {
		t.Fatalf("%q is plain", plain)
	}
	for c := range 256 {
		want := c == '"' || c == '\\' || c < 0x20 || c >= 0x80
		for at := range 8 {
			b := append([]byte(nil), plain...)
			b[at] = byte(c)
			if got := special(binary.LittleEndian.Uint64(b)); got != want {
				t.Fatalf("byte %#x at %d: special %v", c, at, got)
			}
		}
	}
}
