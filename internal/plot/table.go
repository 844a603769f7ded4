package plot

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/pdbsolve/pdbsolve/bitboard"
	"github.com/pdbsolve/pdbsolve/internal/report"
	"github.com/pdbsolve/pdbsolve/pdb"
	"github.com/pdbsolve/pdbsolve/search"
)

// Histogram is how many entries of a table give each value.
type Histogram struct {
	Name    string   // puzzle/pattern
	Counts  []uint64 // Counts[v]: entries of value v
	Entries uint64
	// Moves is true when v is a heuristic value in moves; false when it is
	// the stored value of a table this package does not know, or Bits.
	Moves bool
	// Bits is true when v is bit 1 of a cost, of a 1-bit zero-aware table
	// (pdb.TableParts.ZeroBits): 0 or 1, not decoded to moves.
	Bits bool
	// What says what an entry is, for the axis: "placements of tiles 1-7",
	// "symbol masks", "boards".
	What string
}

// mean returns the mean value.
func (h *Histogram) mean() float64 {
	var s float64
	for v, c := range h.Counts {
		s += float64(v) * float64(c)
	}
	return s / float64(max(h.Entries, 1))
}

// ErrNoValues is returned (wrapped) by Drawable for a table file whose
// entries are no values to draw.
var ErrNoValues = errors.New("no values to draw")

// Drawable returns an error wrapping ErrNoValues when the table whose
// header is h has no histogram to draw, known from the header alone: a
// move-pruning automaton (search.IsTilesPruneID), whose entries are states.
func Drawable(h *pdb.Header) error {
	if search.IsTilesPruneID(h.Puzzle, h.Pattern) {
		return fmt.Errorf("%s is a move-pruning automaton: its entries are states, %w", h.ID(), ErrNoValues)
	}
	return nil
}

// TableHistogram counts the heuristic values of t's entries, in moves.
// Rotation tables and the exact 8-puzzle table store moves. A sliding-tile
// pattern table stores (cost - Manhattan distance)/2 per placement of its
// tiles (see pdb.BuildTilesPattern), so a placement's value is the Manhattan
// distance of its tiles plus twice its entry; the placements are walked in
// rank order with the distance kept incrementally. A zero-aware byte table
// stores the same per placement and region of free cells the blank may be
// in (pdb.NewTilesZero): the walk counts each placement's main region at
// its rank and its other regions (pdb.TilesZero.LastRegions) in the overflow
// section in turn, and fails unless it ends at the table's last entry. Any
// other table's stored values are counted as they are, with Moves false
// (and Bits set for a 1-bit zero-aware table's). A move-pruning
// automaton's file (search.IsTilesPruneID) has no values: it is an error.
func TableHistogram(t *pdb.Table) (*Histogram, error) {
	if err := Drawable(&t.Header); err != nil {
		return nil, err
	}
	h := &Histogram{Name: t.ID().String(), Entries: t.Entries, Moves: true}
	parts, err := t.ID().Parts()
	if _, _, tiles := pdb.TilesShape(t.Puzzle); tiles && err != nil {
		return nil, err
	}
	_, plain := parts.Construction()
	switch {
	case t.Puzzle == pdb.RotationPuzzle:
		h.What = "symbol masks"
		h.Counts = storedCounts(t)
	case t.Puzzle == pdb.Tiles8Puzzle && t.Pattern == pdb.TilesExactPattern:
		h.What = "boards"
		h.Counts = storedCounts(t)
	case plain && parts.Encoding == pdb.TilesEncoding:
		rows, cols, tiles := parts.Rows, parts.Cols, parts.Tiles
		if got := pdb.TilesEntries(rows*cols, len(tiles)); got != t.Entries {
			return nil, fmt.Errorf("%s: %d entries, but %d tiles on %d cells have %d placements", h.Name, t.Entries, len(tiles), rows*cols, got)
		}
		h.What = "placements of tiles " + tilesList(tiles)
		h.Counts, _ = tilesCounts(t, nil, rows, cols, tiles)
	case parts.Zero() && !parts.ZeroBits():
		z, err := pdb.NewTilesZero(parts.Rows, parts.Cols, parts.Tiles, t)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", h.Name, err)
		}
		var used uint64
		h.What = "placements and blank regions of tiles " + tilesList(parts.Tiles)
		h.Counts, used = tilesCounts(t, z, parts.Rows, parts.Cols, parts.Tiles)
		if used != t.Entries {
			return nil, fmt.Errorf("%s: its placements and their regions of free cells take %d entries, but it has %d", h.Name, used, t.Entries)
		}
	default:
		h.What, h.Moves, h.Bits = "entries", false, parts.ZeroBits()
		h.Counts = storedCounts(t)
	}
	return h, nil
}

// storedCounts counts the stored values (the low byte of 64-bit entries).
func storedCounts(t *pdb.Table) []uint64 {
	var counts [256]uint64
	for i := range t.Entries {
		counts[t.Get(i)]++
	}
	return trim(counts[:])
}

// trim drops the zero counts above the largest value.
func trim(c []uint64) []uint64 {
	n := len(c)
	for n > 1 && c[n-1] == 0 {
		n--
	}
	return append([]uint64(nil), c[:n]...)
}

// tilesList writes tiles as "1-7" when consecutive, else "1, 2, 4, 5, 8, 9".
func tilesList(tiles []int) string {
	consecutive := len(tiles) > 2
	for i := 1; i < len(tiles); i++ {
		consecutive = consecutive && tiles[i] == tiles[i-1]+1
	}
	if consecutive {
		return fmt.Sprintf("%d-%d", tiles[0], tiles[len(tiles)-1])
	}
	s := make([]string, len(tiles))
	for i, t := range tiles {
		s[i] = strconv.Itoa(t)
	}
	return strings.Join(s, ", ")
}

// tilesWalk enumerates the placements of a pattern in rank order (the
// digit of the first tile slowest, each tile over the free cells in
// increasing order: the order of pdb.TilesRank), keeping the Manhattan
// distance of the tiles placed so far. For a zero-aware table (zero not
// nil) it also counts each placement's other regions, whose entries follow
// one another from the placements' count on.
type tilesWalk struct {
	t      *pdb.Table
	zero   *pdb.TilesZero
	nc     int
	tiles  []int
	dist   [][bitboard.TilesMaxCells]uint8 // dist[i][c]: tile i at cell c to its home
	counts []uint64
	rank   uint64
	extra  uint64 // the next overflow entry of a zero-aware table
	// regions[c]: the regions of free cells of the placement that puts
	// the last tile on c (pdb.TilesZero.LastRegions)
	regions [bitboard.TilesMaxCells]uint8
}

// tilesCounts returns the histogram of the heuristic values, in moves, of
// the pattern table t (of zero-aware table z when z is not nil) and the
// number of entries the walk took: the placements, and for z their other
// regions (those past the table's end counted, not read).
func tilesCounts(t *pdb.Table, z *pdb.TilesZero, rows, cols int, tiles []int) ([]uint64, uint64) {
	w := &tilesWalk{t: t, zero: z, nc: rows * cols, tiles: tiles, dist: make([][bitboard.TilesMaxCells]uint8, len(tiles))}
	maxMD := 0
	for i, tile := range tiles {
		far := 0
		for c := range w.nc {
			d := bitboard.TilesDistance(cols, tile, c)
			w.dist[i][c] = uint8(d)
			far = max(far, d)
		}
		maxMD += far
	}
	w.counts = make([]uint64, maxMD+2*math.MaxUint8+1)
	w.extra = pdb.TilesEntries(w.nc, len(tiles))
	w.walk(0, 0, 0)
	if z == nil {
		return trim(w.counts), w.rank
	}
	return trim(w.counts), w.extra
}

func (w *tilesWalk) walk(level int, used uint32, md int) {
	if level == len(w.tiles)-1 && w.zero != nil {
		w.zeroLast(used, md)
		return
	}
	if level == len(w.tiles)-1 {
		d := &w.dist[level]
		for c := range w.nc {
			if used&(1<<c) == 0 {
				w.counts[md+int(d[c])+2*int(w.t.Get(w.rank))]++
				w.rank++
			}
		}
		return
	}
	for c := range w.nc {
		if used&(1<<c) == 0 {
			w.walk(level+1, used|1<<c, md+int(w.dist[level][c]))
		}
	}
}

// zeroLast counts the placements of the last tile beside those of used,
// each with its main region at its rank and its other regions at the next
// overflow entries (read while they are in the table).
func (w *tilesWalk) zeroLast(used uint32, md int) {
	d := &w.dist[len(w.tiles)-1]
	w.zero.LastRegions(used, &w.regions)
	for c := range w.nc {
		if used&(1<<c) != 0 {
			continue
		}
		m := md + int(d[c])
		w.counts[m+2*int(w.t.Get(w.rank))]++
		w.rank++
		for n := w.regions[c] - 1; n > 0; n-- {
			if w.extra < w.t.Entries {
				w.counts[m+2*int(w.t.Get(w.extra))]++
			}
			w.extra++
		}
	}
}

// Table draws the histogram of h to file (.svg or .png).
func Table(h *Histogram, file string) error {
	return save(file, func(dc draw.Canvas) error { return drawTable(dc, h) })
}

// Limits of the histogram figure.
const (
	maxValueLabels = 30   // label every value up to this many values
	maxCountLabels = 20   // write the count over each bar up to this many values
	barShare       = 0.8  // share of the data width the bars fill
	dataShare      = 0.55 // rough share of the figure's width the data area takes, to size the bars
	minBarWidth    = 1    // points
	tableHeadroom  = 0.08 // share of the tallest bar kept free above it
	countFont      = 8    // points
	titleShare     = 0.9  // most of the figure's width a title line may take
	yLabelShare    = 0.7  // most of the figure's height a y label line may take: about the data area's
)

// barLabels writes each bar's count above it, so that bars too short to
// see still say how many entries they hold.
type barLabels plotter.Values

func (b barLabels) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	sty := p.Title.TextStyle
	sty.Font.Size = vg.Points(countFont)
	sty.XAlign = draw.XCenter
	sty.YAlign = draw.YBottom
	for v, n := range b {
		c.FillText(sty, vg.Point{X: trX(float64(v)), Y: trY(n) + vg.Points(2)}, fmtCount(uint64(n)))
	}
}

// tableLabels writes the title and axis labels of the histogram h on p. A
// title or y label too long for the figure (a zero-aware table's) takes two
// lines: the title after the table's name, the label before its last " of ".
func tableLabels(p *plot.Plot, h *Histogram) {
	quantity, unit := "heuristic value h", " (moves)"
	if !h.Moves {
		quantity, unit = "stored value", " (unknown table: not converted to moves)"
	}
	if h.Bits {
		quantity, unit = "bit 1 of the cost h", " (a 1-bit table's entries: not decoded to moves)"
	}
	title := fmt.Sprintf("%s of %s %s", quantity, fmtCount(h.Entries), h.What)
	if !h.Bits { // the mean of bit 1 of the costs would mean nothing to a reader
		title += fmt.Sprintf(", mean %.3f", h.mean())
	}
	p.Title.TextStyle.Font.Size = vg.Points(titleFont)
	p.Title.Padding = vg.Points(titleFont)
	p.Title.Text = h.Name + ": " + title
	if p.Title.TextStyle.Width(p.Title.Text) > figureWidth*titleShare {
		p.Title.Text = h.Name + ":\n" + title
	}
	p.X.Label.Text = quantity + unit
	p.Y.Label.Text = "number of " + h.What
	if i := strings.LastIndex(p.Y.Label.Text, " of "); p.Y.Label.TextStyle.Width(p.Y.Label.Text) > figureHeight*yLabelShare && i > 0 {
		p.Y.Label.Text = p.Y.Label.Text[:i] + "\n" + p.Y.Label.Text[i+1:]
	}
}

func drawTable(dc draw.Canvas, h *Histogram) error {
	vals := make(plotter.Values, len(h.Counts))
	for v, c := range h.Counts {
		vals[v] = float64(c)
	}
	p := plot.New()
	tableLabels(p, h)
	width := vg.Points(max(minBarWidth, dataShare*float64(figureWidth.Points())*barShare/float64(max(len(vals), 1))))
	bars, err := plotter.NewBarChart(vals, width)
	if err != nil {
		return err
	}
	bars.Color = seriesColor(0)
	bars.LineStyle.Width = 0
	p.Add(bars)
	p.X.Min, p.X.Max = -0.5, float64(len(vals))-0.5
	step := 1
	for len(vals)/step > maxValueLabels {
		step++
	}
	p.X.Tick.Marker = plot.TickerFunc(func(lo, hi float64) []plot.Tick {
		var t []plot.Tick
		for v := range vals {
			label := ""
			if v%step == 0 {
				label = strconv.Itoa(v)
			}
			t = append(t, plot.Tick{Value: float64(v), Label: label})
		}
		return t
	})
	p.Y.Min = 0
	top := 0.0
	for _, v := range vals {
		top = max(top, v)
	}
	p.Y.Max = top * (1 + tableHeadroom)
	p.Y.Tick.Marker = countTicks{}
	if len(vals) <= maxCountLabels {
		p.Add(barLabels(vals))
	}
	grid := plotter.NewGrid()
	grid.Vertical.Width = 0
	p.Add(grid)
	p.Draw(dc)
	return nil
}

// countTicks are the default ticks labelled with thousands separators.
type countTicks struct{}

func (countTicks) Ticks(lo, hi float64) []plot.Tick {
	t := plot.DefaultTicks{}.Ticks(lo, hi)
	for i := range t {
		if t[i].Label != "" {
			t[i].Label = fmtCount(uint64(t[i].Value + 0.5))
		}
	}
	return t
}

// fmtCount writes n with thousands separators.
func fmtCount(n uint64) string { return report.GroupDigits(strconv.FormatUint(n, 10)) }
