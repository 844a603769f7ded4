package provenance

import (
	"bytes"
	"encoding/csv"
	"hash/crc32"
	"os"
	"os/exec"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pdbsolve/pdbsolve/internal/record"
	"github.com/pdbsolve/pdbsolve/internal/record/recordtest"
	"github.com/pdbsolve/pdbsolve/pdb"
)

func TestCPUModel(t *testing.T) {
	x86 := "processor\t: 0\nvendor_id\t: GenuineIntel\nmodel\t\t: 85\nmodel name\t: Intel(R) Xeon(R)  CPU @ 2.20GHz\n\nprocessor\t: 1\nmodel name\t: other\n"
	arm := "processor\t: 0\nBogoMIPS\t: 108.00\nCPU part\t: 0xd08\n\nHardware\t: BCM2835\nModel\t\t: Raspberry Pi 4 Model B Rev 1.4\n"
	power := "processor\t: 0\ncpu\t\t: POWER9 (raw), altivec supported\n"
	for in, want := range map[string]string{x86: "Intel(R) Xeon(R) CPU @ 2.20GHz", arm: "Raspberry Pi 4 Model B Rev 1.4",
		power: "POWER9 (raw), altivec supported", "": unknownValue, "model name\t:\n": unknownValue} {
		if got := cpuModel([]byte(in)); got != want {
			t.Errorf("cpuModel(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestBuildVersion(t *testing.T) {
	for _, c := range []struct {
		info            *debug.BuildInfo
		version, commit string
	}{
		{nil, develVersion, unknownValue},
		{&debug.BuildInfo{Main: debug.Module{Version: "(devel)"}}, develVersion, unknownValue},
		{&debug.BuildInfo{Main: debug.Module{Version: "v1.2.3"}, Settings: []debug.BuildSetting{
			{Key: "vcs.revision", Value: "abc123"}, {Key: "vcs.modified", Value: "false"}}}, "v1.2.3", "abc123"},
		{&debug.BuildInfo{Settings: []debug.BuildSetting{
			{Key: "vcs.modified", Value: "true"}, {Key: "vcs.revision", Value: "abc123"}}}, develVersion, "abc123+dirty"},
	} {
		if v, c2 := buildVersion(c.info); v != c.version || c2 != c.commit {
			t.Errorf("buildVersion(%+v) = %q, %q; want %q, %q", c.info, v, c2, c.version, c.commit)
		}
	}
}

func TestCollect(t *testing.T) {
	dist, err := pdb.BuildRotation(nil)
	if err != nil {
		t.Fatal(err)
	}
	damaged := *dist
	damaged.Data = bytes.Clone(dist.Data)
	damaged.Data[0] ^= 1
	damaged.Checksum = crc32.Checksum(damaged.Data, crc32.MakeTable(crc32.Castagnoli))
	damaged.Pattern = "centre8-test"
	now := time.Date(2026, 11, 29, 23, 30, 0, 5, time.FixedZone("CET", 3600))
	args := []string{"pdbsolve", "bench", "it's"}
	var tables Tables
	for _, tab := range []*pdb.Table{dist, &damaged, dist} {
		tables.Add(tab)
	}
	p := tables.Collect(args, now)
	args[2] = "changed"
	if p.Date != "2026-11-29T22:30:00Z" || p.Cores != runtime.NumCPU() || p.GoVersion != runtime.Version() ||
		p.OS != runtime.GOOS+"/"+runtime.GOARCH || p.Command[2] != "it's" || p.Version == "" || p.Commit == "" {
		t.Fatalf("%+v", p)
	}
	want := []record.TableChecksum{
		{Name: "rotation/centre8", Checksum: "0b505e08", Pinned: true}, // as pinned in pdb/checksums.go
		{Name: "rotation/centre8-test", Checksum: strings.ToLower(hex8(damaged.Checksum)), Pinned: false},
	}
	if len(p.Tables) != 2 || p.Tables[0] != want[0] || p.Tables[1] != want[1] {
		t.Fatalf("tables %+v, want %+v", p.Tables, want)
	}
	if runtime.GOOS == "linux" {
		data, _ := os.ReadFile("/proc/cpuinfo")
		if i := bytes.Index(data, []byte("model name")); i >= 0 {
			line := string(data[i:])
			line = line[:strings.IndexByte(line, '\n')]
			if !strings.Contains(strings.Join(strings.Fields(line), " "), p.CPU) || p.CPU == unknownValue {
				t.Errorf("CPU %q, /proc/cpuinfo says %q", p.CPU, line)
			}
		}
	}

	var b bytes.Buffer
	if err := WriteJSON(&b, p); err != nil {
		t.Fatal(err)
	}
	if kinds, err := recordtest.Check(b.Bytes()); err != nil || len(kinds) != 1 || kinds[0] != "header" {
		t.Fatalf("%s: %v %v", b.Bytes(), kinds, err)
	}

	b.Reset()
	p.CPU = "two\nlines"
	if err := WriteCSV(&b, p); err != nil {
		t.Fatal(err)
	}
	comments := b.String()
	for _, l := range strings.Split(strings.TrimSuffix(comments, "\n"), "\n") {
		if !strings.HasPrefix(l, "# ") || !strings.Contains(l, ": ") {
			t.Errorf("comment line %q", l)
		}
	}
	if !strings.Contains(comments, "# table: rotation/centre8 0b505e08 pinned\n") ||
		!strings.Contains(comments, "# command: pdbsolve bench 'it'\\''s'\n") {
		t.Errorf("comments:\n%s", comments)
	}
	r := csv.NewReader(strings.NewReader(comments + "a,b\n1,2\n"))
	r.Comment = '#'
	rows, err := r.ReadAll()
	if err != nil || len(rows) != 2 || rows[0][0] != "a" {
		t.Fatalf("csv after the comments: %v %v", rows, err)
	}
	if got := versionLine(p); !strings.HasPrefix(got, "pdbsolve "+p.Version+" (commit "+p.Commit) || strings.Count(got, "\n") != 1 {
		t.Errorf("Text = %q", got)
	}
}

func hex8(x uint32) string {
	const digits = "0123456789abcdef"
	b := make([]byte, 8)
	for i := 7; i >= 0; i-- {
		b[i] = digits[x&15]
		x >>= 4
	}
	return string(b)
}

// TestShellQuote has a POSIX shell read the quoted line back.
func TestShellQuote(t *testing.T) {
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh to read the line back")
	}
	args := []string{"pdbsolve", "bench", "--heuristic", "pdb663+reflect,manhattan", "", "a b", "it's", "$HOME", "*", "x\ny", "semi;colon", "--plot=n.svg"}
	cmd := exec.Command(sh, "-c", `set -- `+shellQuote(args)+`; for a in "$@"; do printf '[%s]' "$a"; done`)
	out, err := cmd.Output()
	if err != nil {
		t.Fatal(err)
	}
	want := "[" + strings.Join(args, "][") + "]"
	if string(out) != want {
		t.Fatalf("the shell read %q, want %q (from %s)", out, want, shellQuote(args))
	}
}

// TestMergeTables: every table of the headers once, a name with two
// checksums twice, in the order first named.
func TestMergeTables(t *testing.T) {
	a := record.TableChecksum{Name: "15puzzle/a", Checksum: "0000000a", Pinned: true}
	b := record.TableChecksum{Name: "15puzzle/b", Checksum: "0000000b"}
	b2 := record.TableChecksum{Name: "15puzzle/b", Checksum: "000000b2"}
	got := MergeTables([]record.Provenance{{Tables: []record.TableChecksum{b, a}}, {}, {Tables: []record.TableChecksum{a, b2, b}}})
	if want := []record.TableChecksum{b, a, b2}; !slices.Equal(got, want) {
		t.Errorf("MergeTables: %v, want %v", got, want)
	}
}
