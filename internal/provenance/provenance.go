// Package provenance says what produced an output: pdbsolve's version and
// commit (from the build information the Go toolchain embeds,
// runtime/debug.ReadBuildInfo), the Go version, the CPU model (from
// /proc/cpuinfo on Linux), the number of cores, the date (UTC, RFC 3339),
// the command line and the checksums of the tables used.
//
// Bench writes it first in every output: as a {"provenance": ...} line in
// JSON Lines (the record.Header of docs/records.md) and as "# key: value"
// comment lines before the header row in CSV. --version prints [Text].
package provenance

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/pdbsolve/pdbsolve/internal/record"
	"github.com/pdbsolve/pdbsolve/pdb"
)

// Words used when something is not known.
const (
	develVersion = "devel"   // the version of a build outside a released module
	unknownValue = "unknown" // a commit or CPU model that could not be found
)

// cpuinfoPath is where Linux describes the processors.
const cpuinfoPath = "/proc/cpuinfo"

// Collect returns the provenance of this process run as args (program name
// first) at time now, with no tables (Tables.Collect adds those loaded).
func Collect(args []string, now time.Time) record.Provenance {
	info, _ := debug.ReadBuildInfo()
	version, commit := buildVersion(info)
	cpu := unknownValue
	if data, err := os.ReadFile(cpuinfoPath); err == nil {
		cpu = cpuModel(data)
	}
	return record.Provenance{
		Version: version, Commit: commit, GoVersion: runtime.Version(), OS: runtime.GOOS + "/" + runtime.GOARCH,
		CPU: cpu, Cores: runtime.NumCPU(), Date: now.UTC().Format(time.RFC3339),
		Command: slices.Clone(args), Tables: []record.TableChecksum{},
	}
}

// Tables records the tables a process loaded, for its provenance: Add is
// a pdb.Cache's Loaded. It is safe for concurrent use.
type Tables struct {
	mu   sync.Mutex
	list []record.TableChecksum
}

// Add records t's checksum.
func (s *Tables) Add(t *pdb.Table) {
	s.mu.Lock()
	s.list = addTable(s.list, t)
	s.mu.Unlock()
}

// Collect returns Collect(args, now) with the checksums of the tables
// recorded so far, each name once, sorted by name.
func (s *Tables) Collect(args []string, now time.Time) record.Provenance {
	p := Collect(args, now)
	s.mu.Lock()
	p.Tables = append(p.Tables, s.list...)
	s.mu.Unlock()
	return p
}

// addTable adds t's checksum to list, keeping it sorted by name and free of
// repeats, and returns the list.
func addTable(list []record.TableChecksum, t *pdb.Table) []record.TableChecksum {
	c := tableChecksum(t)
	i, found := slices.BinarySearchFunc(list, c.Name, func(x record.TableChecksum, name string) int {
		return strings.Compare(x.Name, name)
	})
	if found {
		return list
	}
	return slices.Insert(list, i, c)
}

// MergeTables returns the tables named in any of headers (the outputs of
// one run merged), each name and checksum once, in the order first named.
func MergeTables(headers []record.Provenance) []record.TableChecksum {
	var out []record.TableChecksum
	seen := map[record.TableChecksum]bool{}
	for _, h := range headers {
		for _, t := range h.Tables {
			if !seen[t] {
				seen[t] = true
				out = append(out, t)
			}
		}
	}
	return out
}

// tableChecksum returns the name and entry checksum of t, and whether the
// checksum is the one pinned in the source (pdb.KnownChecksum).
func tableChecksum(t *pdb.Table) record.TableChecksum {
	want, ok := pdb.KnownChecksum(t.Puzzle, t.Pattern)
	return record.TableChecksum{Name: t.ID().String(), Checksum: fmt.Sprintf("%08x", t.Checksum),
		Pinned: ok && want == t.Checksum}
}

// buildVersion returns the module version ("devel" for a build from a
// source tree) and the commit ("unknown" when the build recorded none, with
// "+dirty" when the tree was modified).
func buildVersion(info *debug.BuildInfo) (version, commit string) {
	version, commit = develVersion, unknownValue
	if info == nil {
		return
	}
	if v := info.Main.Version; v != "" && v != "(devel)" {
		version = v
	}
	var rev string
	var dirty bool
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			dirty = s.Value == "true"
		}
	}
	if rev != "" {
		commit = rev
		if dirty {
			commit += "+dirty"
		}
	}
	return
}

// cpuModel returns the processor's model from the text of /proc/cpuinfo:
// the first "model name" (x86), else "Model" or "Hardware" (ARM boards),
// else "cpu model" (MIPS), else "cpu" (POWER), else "unknown".
func cpuModel(cpuinfo []byte) string {
	keys := []string{"model name", "Model", "Hardware", "cpu model", "cpu"}
	found := make(map[string]string)
	sc := bufio.NewScanner(bytes.NewReader(cpuinfo))
	for sc.Scan() {
		k, v, ok := strings.Cut(sc.Text(), ":")
		if !ok {
			continue
		}
		k, v = strings.TrimSpace(k), strings.Join(strings.Fields(v), " ")
		if _, seen := found[k]; !seen && v != "" {
			found[k] = v
		}
	}
	for _, k := range keys {
		if v, ok := found[k]; ok {
			return v
		}
	}
	return unknownValue
}

// WriteJSON writes p as one JSON Lines record {"provenance": {...}}.
func WriteJSON(w io.Writer, p record.Provenance) error {
	b, err := json.Marshal(record.Header{Provenance: p})
	if err != nil {
		return err
	}
	_, err = w.Write(append(b, '\n'))
	return err
}

// WriteCSV writes p as "# key: value" comment lines, to come before a CSV
// header row: one line per field (the command line quoted for a POSIX
// shell) and one "# table: NAME CHECKSUM pinned|unpinned" line per table.
func WriteCSV(w io.Writer, p record.Provenance) error {
	var b strings.Builder
	line := func(k, v string) { fmt.Fprintf(&b, "# %s: %s\n", k, oneLine(v)) }
	line("pdbsolve", p.Version)
	line("commit", p.Commit)
	line("go", p.GoVersion)
	line("os", p.OS)
	line("cpu", p.CPU)
	line("cores", strconv.Itoa(p.Cores))
	line("date", p.Date)
	line("command", shellQuote(p.Command))
	for _, t := range p.Tables {
		pinned := "unpinned"
		if t.Pinned {
			pinned = "pinned"
		}
		line("table", t.Name+" "+t.Checksum+" "+pinned)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// oneLine replaces line breaks so a value stays on its comment line.
func oneLine(s string) string {
	return strings.NewReplacer("\r", `\r`, "\n", `\n`).Replace(s)
}

// shellQuote joins args into one line a POSIX shell reads back as args:
// words of safe characters stay bare, others are single-quoted.
func shellQuote(args []string) string {
	out := make([]string, len(args))
	for i, a := range args {
		if a != "" && strings.Trim(a, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_=+.,/:@%") == "" {
			out[i] = a
			continue
		}
		out[i] = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
	}
	return strings.Join(out, " ")
}

// versionLine is the --version text: one line with the version, commit, Go version
// and platform.
func versionLine(p record.Provenance) string {
	return fmt.Sprintf("pdbsolve %s (commit %s, %s, %s)\n", p.Version, p.Commit, p.GoVersion, p.OS)
}

// VersionText returns the --version text of this binary (versionLine of what
// Collect would say of it), reading nothing but the build information.
func VersionText() string {
	info, _ := debug.ReadBuildInfo()
	version, commit := buildVersion(info)
	return versionLine(record.Provenance{Version: version, Commit: commit, GoVersion: runtime.Version(),
		OS: runtime.GOOS + "/" + runtime.GOARCH})
}
