//go:build ignore

// Korf24-table prints, as a Markdown table, the 24-puzzle runs of bench
// outputs (JSON Lines: "bench -o FILE", or a Slurm run's runs/*.jsonl) on
// Korf & Felner's 50 instances (data/korf24.txt) beside the published
// counts: Korf & Felner's nodes generated under 6-6-6-6 with the reflected
// lookup (data/korf24-published.txt) and Clausecker & Reinefeld's nodes
// expanded with their 28-table catalogue (data/korf24-cr28-published.txt).
// Every solved length is checked against the published optimal length (a
// difference makes the exit status 1). Below the table, it projects the
// instances not run: Clausecker & Reinefeld's count times the ratio of our
// expanded nodes to theirs over the instances run, and the time at the
// runs' expanded nodes a second of search. "Below last bound" is what the
// iterations below each run's last expanded (expanded less last_expanded:
// searched in full, they do not depend on the move order); "-" for runs
// written before records counted their last iteration.
//
//	go run scripts/korf24-table.go [-data data] FILE...
package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/pdbsolve/pdbsolve/internal/record"
	"github.com/pdbsolve/pdbsolve/internal/report"
)

// korf24Count is the number of Korf & Felner's instances.
const korf24Count = 50

// published is one instance's published figures.
type published struct {
	length      int
	kfGenerated uint64 // Korf & Felner, 6-6-6-6 with the reflected lookup
	crExpanded  uint64 // Clausecker & Reinefeld, 28 zero-aware tables
	crLength    int
}

func main() {
	data := flag.String("data", "data", "directory of korf24-published.txt and korf24-cr28-published.txt")
	flag.Parse()
	if flag.NArg() == 0 {
		fmt.Fprintln(os.Stderr, "usage: go run scripts/korf24-table.go [-data DIR] FILE...")
		os.Exit(2)
	}
	pub, err := readPublished(*data)
	if err != nil {
		fmt.Fprintln(os.Stderr, "korf24-table:", err)
		os.Exit(2)
	}
	runs, heuristic, prune, err := readRuns(flag.Args())
	if err != nil {
		fmt.Fprintln(os.Stderr, "korf24-table:", err)
		os.Exit(2)
	}
	if !printTable(os.Stdout, pub, runs, heuristic, prune) {
		os.Exit(1)
	}
}

// readPublished reads the two files of published figures, each line
// "instance length count ...", instances 1 to 50 in order.
func readPublished(dir string) (*[korf24Count + 1]published, error) {
	var pub [korf24Count + 1]published
	read := func(name string, put func(p *published, length int, count uint64)) error {
		path := filepath.Join(dir, name)
		f, err := os.Open(path)
		if err != nil {
			return err
		}
		defer f.Close()
		sc := bufio.NewScanner(f)
		want := 1
		for line := 1; sc.Scan(); line++ {
			s := strings.TrimSpace(sc.Text())
			if s == "" || s[0] == '#' {
				continue
			}
			fs := strings.Fields(s)
			if len(fs) < 3 {
				return fmt.Errorf("%s:%d: %d fields, want instance, length and a node count", path, line, len(fs))
			}
			n, err1 := strconv.Atoi(fs[0])
			length, err2 := strconv.Atoi(fs[1])
			count, err3 := strconv.ParseUint(fs[2], 10, 64)
			if err1 != nil || err2 != nil || err3 != nil || n != want {
				return fmt.Errorf("%s:%d: want instance %d, a length and a node count: %q", path, line, want, s)
			}
			put(&pub[n], length, count)
			want++
		}
		if err := sc.Err(); err != nil {
			return err
		}
		if want != korf24Count+1 {
			return fmt.Errorf("%s: %d instances, want %d", path, want-1, korf24Count)
		}
		return nil
	}
	if err := read("korf24-published.txt", func(p *published, length int, count uint64) {
		p.length, p.kfGenerated = length, count
	}); err != nil {
		return nil, err
	}
	if err := read("korf24-cr28-published.txt", func(p *published, length int, count uint64) {
		p.crLength, p.crExpanded = length, count
	}); err != nil {
		return nil, err
	}
	for n := 1; n <= korf24Count; n++ {
		if pub[n].length != pub[n].crLength {
			return nil, fmt.Errorf("instance %d: length %d in korf24-published.txt, %d in korf24-cr28-published.txt",
				n, pub[n].length, pub[n].crLength)
		}
	}
	return &pub, nil
}

// readRuns returns the 24-puzzle runs of the files by instance (the last
// of an instance's solved runs; another status only when none solved), the
// heuristic and the pruning they were run with; it is an error for the
// files to hold more than one heuristic or pruning, or runs of another
// puzzle.
func readRuns(files []string) (map[int]record.Run, string, string, error) {
	runs := map[int]record.Run{}
	heuristic, prune := "", ""
	for _, name := range files {
		f, err := os.Open(name)
		if err != nil {
			return nil, "", "", err
		}
		st, err := record.ReadStream(bufio.NewReader(f), name)
		f.Close()
		if err != nil {
			return nil, "", "", err
		}
		for _, c := range st.Configs {
			if prune != "" && c.Prune != prune {
				return nil, "", "", fmt.Errorf("%s: --prune %s, %s elsewhere", name, c.Prune, prune)
			}
			prune = c.Prune
		}
		for _, r := range st.Runs {
			if r.Puzzle != "24puzzle" || r.Instance < 1 || r.Instance > korf24Count {
				return nil, "", "", fmt.Errorf("%s:%d: a run of %s, instance %d: want the 24-puzzle's 50 instances",
					name, r.Line, r.Puzzle, r.Instance)
			}
			if heuristic != "" && r.Heuristic != heuristic {
				return nil, "", "", fmt.Errorf("%s:%d: heuristic %s, %s elsewhere", name, r.Line, r.Heuristic, heuristic)
			}
			heuristic = r.Heuristic
			if old, ok := runs[r.Instance]; ok && old.Status == record.StatusSolved && r.Status != record.StatusSolved {
				continue
			}
			runs[r.Instance] = r
		}
	}
	if len(runs) == 0 {
		return nil, "", "", fmt.Errorf("no 24-puzzle runs in %s", strings.Join(files, " "))
	}
	return runs, heuristic, prune, nil
}

// printTable writes the table and the projection; it returns false when a
// solved length differs from the published one.
func printTable(w *os.File, pub *[korf24Count + 1]published, runs map[int]record.Run, heuristic, prune string) bool {
	ok := true
	order := make([]int, 0, len(runs))
	for n := range runs {
		order = append(order, n)
	}
	sort.Slice(order, func(i, j int) bool { return pub[order[i]].crExpanded < pub[order[j]].crExpanded })
	fmt.Fprintf(w, "Heuristic `%s`, `--prune %s`; instances in the order of Clausecker & Reinefeld's counts.\n\n", heuristic, prune)
	fmt.Fprintln(w, "| # | length | h0 | expanded | below last bound | generated | search s | CPU s | C&R expanded | ours / C&R | K&F generated | ours / K&F |")
	fmt.Fprintln(w, "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
	var exp, below, gen, crExp, kfGen uint64
	allBelow := true
	var wall, cpu time.Duration
	solved := 0
	for _, n := range order {
		r, p := runs[n], pub[n]
		if r.Status != record.StatusSolved {
			fmt.Fprintf(w, "| %d | %s | %d | %s | | %s | %s | %s | %s | | %s | |\n", n, r.Status, r.H0, group(r.Expanded),
				group(r.Generated), secs(r.TimeNS), secs(int64(r.CPUNS.N)), group(p.crExpanded), group(p.kfGenerated))
			continue
		}
		if r.Length != p.length {
			ok = false
			fmt.Fprintf(os.Stderr, "korf24-table: instance %d: length %d, published %d\n", n, r.Length, p.length)
		}
		solved++
		exp, gen, crExp, kfGen = exp+r.Expanded, gen+r.Generated, crExp+p.crExpanded, kfGen+p.kfGenerated
		wall, cpu = wall+time.Duration(r.TimeNS), cpu+time.Duration(r.CPUNS.N)
		allBelow = allBelow && r.LastExpanded.Known
		below += r.Expanded - r.LastExpanded.N
		fmt.Fprintf(w, "| %d | %d | %d | %s | %s | %s | %s | %s | %s | %.3f | %s | %.3f |\n", n, r.Length, r.H0,
			group(r.Expanded), belowLast(r), group(r.Generated), secs(r.TimeNS), secs(int64(r.CPUNS.N)), group(p.crExpanded),
			float64(r.Expanded)/float64(p.crExpanded), group(p.kfGenerated), float64(r.Generated)/float64(p.kfGenerated))
	}
	if solved == 0 {
		return ok
	}
	ratio := float64(exp) / float64(crExp)
	belowTotal := "-"
	if allBelow {
		belowTotal = "**" + group(below) + "**"
	}
	fmt.Fprintf(w, "| **%d solved** | | | **%s** | %s | **%s** | **%s** | **%s** | **%s** | **%.3f** | **%s** | **%.3f** |\n\n",
		solved, group(exp), belowTotal, group(gen), secs(int64(wall)), secs(int64(cpu)), group(crExp), ratio, group(kfGen),
		float64(gen)/float64(kfGen))
	rate := float64(exp) / wall.Seconds()
	fmt.Fprintf(w, "Search: %.2f M expanded a second of wall time", rate/1e6)
	if cpu > 0 {
		fmt.Fprintf(w, ", %.2f M a CPU-second", float64(exp)/cpu.Seconds()/1e6)
	}
	fmt.Fprint(w, ".\n\n")
	var restCR uint64
	var rest []int
	var longest int
	for n := 1; n <= korf24Count; n++ {
		if r, ok := runs[n]; ok && r.Status == record.StatusSolved {
			continue
		}
		rest = append(rest, n)
		restCR += pub[n].crExpanded
		if longest == 0 || pub[n].crExpanded > pub[longest].crExpanded {
			longest = n
		}
	}
	if len(rest) == 0 {
		return ok
	}
	proj := ratio * float64(restCR)
	fmt.Fprintf(w, "Projection of the %d instances not solved here: Clausecker & Reinefeld's %s expanded nodes times %.3f = %.3g "+
		"expanded, %s of search at %.2f M a second; all 50: %.3g expanded, %s. The longest, #%d, %.3g expanded, %s alone.\n",
		len(rest), group(restCR), ratio, proj, hours(proj/rate), rate/1e6, proj+float64(exp),
		hours(proj/rate+wall.Seconds()), longest, ratio*float64(pub[longest].crExpanded),
		hours(ratio*float64(pub[longest].crExpanded)/rate))
	return ok
}

// belowLast formats what the iterations below r's last expanded, "-" when r
// does not count its last iteration.
func belowLast(r record.Run) string {
	if !r.LastExpanded.Known {
		return "-"
	}
	return group(r.Expanded - r.LastExpanded.N)
}

// secs formats ns in seconds with one decimal, "-" when not measured (0).
func secs(ns int64) string {
	if ns == 0 {
		return "-"
	}
	return fmt.Sprintf("%.1f", float64(ns)/1e9)
}

// hours formats a duration in seconds as hours with one decimal.
func hours(s float64) string { return fmt.Sprintf("%.1f h", s/3600) }

// group formats n with thousands separators.
func group(n uint64) string { return report.GroupDigits(strconv.FormatUint(n, 10)) }
