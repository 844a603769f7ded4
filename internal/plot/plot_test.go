package plot

import (
	"bytes"
	"errors"
	"image/png"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/pdbsolve/pdbsolve/internal/record"
	"github.com/pdbsolve/pdbsolve/internal/report"
	"github.com/pdbsolve/pdbsolve/pdb"
)

// outDir is where the figures go: $PDBSOLVE_PLOT_OUT when set (to look at
// them, or to refresh docs/), else a temporary directory.
func outDir(t *testing.T) string {
	if d := os.Getenv("PDBSOLVE_PLOT_OUT"); d != "" {
		return d
	}
	return t.TempDir()
}

func readReport(t *testing.T, file string, o report.Options) *report.Report {
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	s, err := record.ReadStream(f, file)
	if err != nil {
		t.Fatal(err)
	}
	rep, err := report.Build(s.Runs, o)
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

func TestBenchFigures(t *testing.T) {
	dir := outDir(t)
	korf := readReport(t, "../report/testdata/korf20-run1.jsonl", report.Options{})
	rot := readReport(t, "testdata/rotation40.jsonl", report.Options{})
	// The README's example: bench 15puzzle --heuristic manhattan,pdb663+reflect
	// --max-nodes 20000000 on Korf's 100.
	readme := readReport(t, "testdata/korf100-readme.jsonl", report.Options{})
	for name, rep := range map[string]*report.Report{"korf20-nodes": korf, "rotation40-nodes": rot, "korf100-nodes": readme} {
		for _, ext := range []string{".png", ".svg"} {
			file := filepath.Join(dir, name+ext)
			if err := Bench(rep, file); err != nil {
				t.Fatal(err)
			}
		}
		data, err := os.ReadFile(filepath.Join(dir, name+".png"))
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(bytes.NewReader(data))
		if err != nil || img.Bounds().Dx() != int(figureWidth.Dots(96)) {
			t.Fatalf("%s.png: %v, %v", name, img.Bounds(), err)
		}
		svg, _ := os.ReadFile(filepath.Join(dir, name+".svg"))
		for _, s := range rep.Heuristics {
			if !strings.Contains(string(svg), s.Heuristic+": ") {
				t.Errorf("%s.svg: no legend entry for %s", name, s.Heuristic)
			}
		}
	}
}

// slowTilesCounts is the obvious histogram: unrank every entry.
func slowTilesCounts(t *pdb.Table, rows, cols int, tiles []int) map[int]uint64 {
	m := map[int]uint64{}
	pos := make([]uint8, len(tiles))
	for r := range t.Entries {
		pdb.TilesUnrank(r, rows*cols, pos)
		m[pdb.TilesManhattan(cols, tiles, pos)+2*int(t.Get(r))]++
	}
	return m
}

func tilesTable(t *testing.T, rows, cols int, tiles []int) *pdb.Table {
	con := pdb.TilesConstructionOf(rows, cols)
	data, err := pdb.BuildTilesPattern(rows, cols, con, tiles, nil)
	if err != nil {
		t.Fatal(err)
	}
	tab, err := pdb.NewTable(pdb.TilesPuzzle(rows, cols), pdb.TilesPatternID(con, tiles), uint64(len(data)), pdb.TilesWidth, data)
	if err != nil {
		t.Fatal(err)
	}
	return tab
}

func TestTableHistogram(t *testing.T) {
	dir := outDir(t)
	for _, c := range []struct {
		rows, cols int
		tiles      []int
	}{{3, 3, []int{1, 2, 3, 4}}, {3, 3, []int{5, 6, 7, 8}}, {4, 4, []int{12, 13, 14}},
		{3, 4, []int{1, 2, 5, 6}}, {2, 5, []int{5, 6, 7, 8, 9}}, {5, 5, []int{1, 2, 3}}} {
		tab := tilesTable(t, c.rows, c.cols, c.tiles)
		h, err := TableHistogram(tab)
		if err != nil {
			t.Fatal(err)
		}
		want := slowTilesCounts(tab, c.rows, c.cols, c.tiles)
		var total uint64
		for v, got := range h.Counts {
			if got != want[v] {
				t.Fatalf("%s: %d placements at h=%d, want %d", h.Name, got, v, want[v])
			}
			total += got
		}
		// Only the placement with every tile home has h = 0.
		if total != tab.Entries || h.Counts[0] != 1 || !h.Moves {
			t.Fatalf("%s: total %d of %d, %d at h=0", h.Name, total, tab.Entries, h.Counts[0])
		}
		if err := Table(h, filepath.Join(dir, strings.ReplaceAll(h.Name, "/", "-")+".png")); err != nil {
			t.Fatal(err)
		}
	}

	dist, err := pdb.BuildRotation(nil)
	if err != nil {
		t.Fatal(err)
	}
	h, err := TableHistogram(dist)
	if err != nil {
		t.Fatal(err)
	}
	// The distances of the 735,471 masks: one mask at 0 (the centre), and
	// as many as the census's boards at their lengths would not tell; but
	// the masks one move away are those one rotation brings into the centre.
	if h.Counts[0] != 1 || h.Entries != 735471 || len(h.Counts) < 5 {
		t.Fatalf("rotation: %v", h.Counts)
	}
	var sum uint64
	for v, c := range h.Counts {
		if c != dist.Counts[v] {
			t.Fatalf("rotation: %d masks at %d, the header says %d", c, v, dist.Counts[v])
		}
		sum += c
	}
	if sum != h.Entries {
		t.Fatalf("rotation: %d counted", sum)
	}
	if err := Table(h, filepath.Join(dir, "rotation-centre8.png")); err != nil {
		t.Fatal(err)
	}
	// The path table, derived layer by layer from the distances, stores
	// each mask's path length in its low byte: the same histogram.
	paths, err := pdb.BuildRotationPaths(dist)
	if err != nil {
		t.Fatal(err)
	}
	hp, err := TableHistogram(paths)
	if err != nil || !slices.Equal(hp.Counts, h.Counts) || !hp.Moves {
		t.Fatalf("path lengths %v, distances %v (%v)", hp.Counts, h.Counts, err)
	}
	bad, err := pdb.NewTable(pdb.Tiles15Puzzle, "blank0-663-md", 1, pdb.TilesWidth, []byte{0})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := TableHistogram(bad); !errors.Is(err, pdb.ErrTableID) {
		t.Errorf("a sliding-tile table whose pattern id has no tiles: %v", err)
	}
	if _, err := Format("x.pdf"); !errors.Is(err, ErrFormat) {
		t.Errorf("Format: %v", err)
	}
}

// TestTableFiles draws the histogram of every table file in
// $PDBSOLVE_PLOT_TABLES (to look at them, or to refresh docs/).
func TestTableFiles(t *testing.T) {
	dir := os.Getenv("PDBSOLVE_PLOT_TABLES")
	if dir == "" {
		t.Skip("PDBSOLVE_PLOT_TABLES names no directory of tables to draw")
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.pdb"))
	for _, f := range files {
		tab, err := pdb.ReadFile(f, "", "")
		if err != nil {
			t.Fatal(err)
		}
		h, err := TableHistogram(tab)
		if err != nil {
			t.Fatal(err)
		}
		var sum uint64
		for _, c := range h.Counts {
			sum += c
		}
		if sum != tab.Entries {
			t.Fatalf("%s: %d counted of %d", f, sum, tab.Entries)
		}
		if err := Table(h, filepath.Join(outDir(t), strings.TrimSuffix(filepath.Base(f), ".pdb")+"-h.png")); err != nil {
			t.Fatal(err)
		}
	}
}

// TestBenchAxesAndLegend checks what the figure says against the runs.
func TestBenchAxesAndLegend(t *testing.T) {
	korf := readReport(t, "../report/testdata/korf20-run1.jsonl", report.Options{})
	minGen, maxGen := uint64(1<<63), uint64(0)
	censored := map[string]int{}
	for h, s := range korf.Heuristics {
		for _, c := range korf.Cells[h] {
			minGen, maxGen = min(minGen, c.Generated), max(maxGen, c.Generated)
			if c.Status == record.StatusLimit {
				censored[s.Heuristic]++
			}
		}
	}
	ax := newYAxis(korf)
	// 5,7xx to 20,000,000 nodes: the decades 10^3 to 10^8, no zero row.
	if minGen < 1000 || minGen >= 10000 || maxGen != 20000000 || ax.low != 3 || ax.high != 8 || ax.hasZero {
		t.Fatalf("min %d max %d: axis %+v", minGen, maxGen, ax)
	}
	file := filepath.Join(t.TempDir(), "korf.svg")
	if err := Bench(korf, file); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	svg := bytes.NewBuffer(data)
	for h, n := range censored {
		if n > 0 && !strings.Contains(svg.String(), h+": ") || !strings.Contains(svg.String(), strconv.Itoa(n)+" censored") {
			t.Errorf("legend lacks %s's %d censored runs", h, n)
		}
	}
	if !strings.Contains(svg.String(), "lower bound") || strings.Contains(svg.String(), "dashed break") {
		t.Error("the notes should explain censored runs and no zero row")
	}
	rot := readReport(t, "testdata/rotation40.jsonl", report.Options{})
	if ax := newYAxis(rot); !ax.hasZero || ax.zeroRow >= float64(ax.low) {
		t.Fatalf("rotation: exact generates no node, axis %+v", ax)
	}
	if key := sortKey(rot); rot.Heuristics[key].Heuristic != "exact-ida" {
		t.Errorf("rotation sorted by %s", rot.Heuristics[key].Heuristic)
	}
	for d, want := range map[int]string{0: "1", 1: "10", 3: "1k", 5: "100k", 6: "1M", 9: "1G"} {
		if got := si(d); got != want {
			t.Errorf("si(%d) = %q, want %q", d, got, want)
		}
	}
	onlyErrors, _ := report.Build([]record.Run{{Puzzle: record.Puzzle8, Input: "a", Line: 1, Heuristic: "manhattan",
		Status: record.StatusError, Error: "bad board"}}, report.Options{})
	if err := Bench(onlyErrors, file); !errors.Is(err, ErrNothing) {
		t.Errorf("a report of errors: %v", err)
	}
}

// TestTableTitleMean: the title of a byte table's histogram gives the
// mean of its values; a 1-bit table's, whose values are bit 1 of each
// cost, gives none (its mean, the share of ones, would read as a mean h).
func TestTableTitleMean(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		h    Histogram
		want string // in the title; "" for no mean at all
	}{
		{Histogram{Name: "8puzzle/zero0-1.2.3.4-md-v2", Counts: []uint64{1, 2, 1}, Entries: 4, What: "entries"}, "entries, mean 1.000"},
		{Histogram{Name: "8puzzle/zero0-1.2.3.4-bit1-v2", Counts: []uint64{1, 3}, Entries: 4, What: "entries", Bits: true}, ""},
	} {
		file := filepath.Join(dir, "h.svg")
		if err := Table(&c.h, file); err != nil {
			t.Fatal(err)
		}
		b, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		svg := string(b)
		if !strings.Contains(svg, c.h.Name+": ") || c.want != "" && !strings.Contains(svg, c.want) || c.want == "" && strings.Contains(svg, "mean") {
			t.Errorf("%s: title without %q, or with a mean where it has none:\n%.2000s", c.h.Name, c.want, svg)
		}
	}
}
