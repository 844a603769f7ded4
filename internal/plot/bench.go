package plot

import (
	"cmp"
	"errors"
	"fmt"
	"image/color"
	"math"
	"slices"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/pdbsolve/pdbsolve/internal/record"
	"github.com/pdbsolve/pdbsolve/internal/report"
)

// ErrNothing is returned when a report has no run with node counts to draw.
var ErrNothing = errors.New("no solved or censored run to plot")

// Sizes and limits of the bench figure.
const (
	markerRadius  = 3.2       // points, up to crowdedAt instances
	minRadius     = 2.0       // points, however many instances
	crowdedAt     = 40        // instances above which the marks shrink
	arrowLength   = 9.0       // points, above a censored marker
	arrowHead     = 2.6       // points
	legendGap     = 0.25      // inches between the data area and the legend
	legendPad     = 3         // points around the legend
	legendSpacing = 2         // points between legend entries
	zeroGap       = 1.0       // decades between the lowest decade and the zero row
	dodgeWidth    = 0.36      // instances: the spread of one instance's heuristics along x
	maxXLabels    = 25        // at most this many instance labels
	grey          = 0x55      // grey level of the notes
	thinLine      = 0.6       // points
	breakDash     = 3.0       // points
	legendFont    = 10        // points
	noteFont      = 9         // points
	titleFont     = 12        // points
	decadeStep    = 1         // decades between labelled ticks up to wideDecades decades
	wideDecades   = 7         // above this many decades, label every other one
	minorTicks    = 9         // minor ticks at 2..9 times a decade
	siSteps       = 3         // decades per SI prefix
	siPrefixes    = " kMGTPE" // prefixes for 10^0, 10^3, ...
	plotFraction  = 0.72      // the data area keeps at least this share of the width
	headroom      = 0.06      // share of the y range kept free above the highest mark
	legendMarker  = 0.5       // where across its thumbnail the legend draws the marker
	zeroLabel     = "0"       // the tick of the zero row
)

// Bench draws the nodes generated per instance under each heuristic of rep
// to file (.svg or .png).
func Bench(rep *report.Report, file string) error {
	if err := benchCheck(rep); err != nil {
		return err
	}
	return save(file, func(dc draw.Canvas) error { return drawBench(dc, rep) })
}

func benchCheck(rep *report.Report) error {
	for h := range rep.Cells {
		for _, c := range rep.Cells[h] {
			if drawn(&c) {
				return nil
			}
		}
	}
	return ErrNothing
}

// drawn reports whether a cell has node counts to draw.
func drawn(c *report.Cell) bool {
	return c.Repeats > 0 && (c.Status == record.StatusSolved || c.Status == record.StatusLimit)
}

// sortKey chooses the heuristic whose nodes order the instances: the one
// that solved the most, the later of equals (heuristics are usually listed
// weakest first) unless it generated no node at all.
func sortKey(rep *report.Report) int {
	best := 0
	for h, s := range rep.Heuristics {
		b := rep.Heuristics[best]
		if s.Solved > b.Solved || s.Solved == b.Solved && (s.All.Generated.Total > 0 || b.All.Generated.Total == 0) {
			best = h
		}
	}
	return best
}

// instanceOrder returns the instances sorted by the key heuristic's
// generated nodes: solved ones first, then censored ones, then the rest.
func instanceOrder(rep *report.Report, key int) []int {
	order := make([]int, len(rep.Boards))
	for i := range order {
		order[i] = i
	}
	rank := func(c *report.Cell) int {
		switch {
		case c.Repeats > 0 && c.Status == record.StatusSolved:
			return 0
		case c.Repeats > 0 && c.Status == record.StatusLimit:
			return 1
		}
		return 2
	}
	cells := rep.Cells[key]
	slices.SortStableFunc(order, func(a, b int) int {
		ca, cb := &cells[a], &cells[b]
		if c := cmp.Compare(rank(ca), rank(cb)); c != 0 {
			return c
		}
		return cmp.Compare(ca.Generated, cb.Generated)
	})
	return order
}

// yAxis maps node counts to the figure's y: log10 of a positive count, and
// the zero row below a break for 0.
type yAxis struct {
	low, high int     // decades spanned by the positive counts
	zeroRow   float64 // y of a count of 0
	hasZero   bool
	max       float64 // y of the highest mark
}

func newYAxis(rep *report.Report) yAxis {
	minPos, maxPos := math.Inf(1), 0.0
	var a yAxis
	for h := range rep.Cells {
		for _, c := range rep.Cells[h] {
			if !drawn(&c) {
				continue
			}
			if c.Generated == 0 {
				a.hasZero = true
				continue
			}
			minPos, maxPos = min(minPos, float64(c.Generated)), max(maxPos, float64(c.Generated))
		}
	}
	if maxPos == 0 { // only zeros
		minPos, maxPos = 1, 10
	}
	a.low = int(math.Floor(math.Log10(minPos)))
	a.high = int(math.Ceil(math.Log10(maxPos)))
	if a.high == a.low {
		a.high++
	}
	a.max = math.Log10(maxPos)
	a.zeroRow = float64(a.low) - zeroGap
	return a
}

func (a yAxis) y(nodes uint64) float64 {
	if nodes == 0 {
		return a.zeroRow
	}
	return math.Log10(float64(nodes))
}

// si writes 10^d with an SI prefix: 1, 10, 100, 1k, ... 100M, 1G.
func si(d int) string {
	if d < 0 {
		return strconv.FormatFloat(math.Pow10(d), 'g', -1, 64)
	}
	p := d / siSteps
	if p >= len(siPrefixes) {
		return "1e" + strconv.Itoa(d)
	}
	s := "1" + "000"[:d%siSteps]
	if p > 0 {
		s += siPrefixes[p : p+1]
	}
	return s
}

// Ticks labels the decades (every other one over a wide range), with minor
// ticks between, and the zero row.
func (a yAxis) Ticks(lo, hi float64) []plot.Tick {
	var ticks []plot.Tick
	step := decadeStep
	if a.high-a.low > wideDecades {
		step = 2
	}
	for d := a.low; d <= a.high; d++ {
		label := ""
		if (d-a.low)%step == 0 {
			label = si(d)
		}
		ticks = append(ticks, plot.Tick{Value: float64(d), Label: label})
		for k := 2; k <= minorTicks && d < a.high; k++ {
			ticks = append(ticks, plot.Tick{Value: float64(d) + math.Log10(float64(k))})
		}
	}
	if a.hasZero {
		ticks = append(ticks, plot.Tick{Value: a.zeroRow, Label: zeroLabel})
	}
	return ticks
}

// xTicks labels instance positions 1..n with at most maxXLabels labels, at
// a round step.
func xTicks(n int) plot.Ticker {
	step := 1
	for _, s := range []int{1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000} {
		step = s
		if n/s <= maxXLabels {
			break
		}
	}
	return plot.TickerFunc(func(lo, hi float64) []plot.Tick {
		var t []plot.Tick
		for i := 1; i <= n; i++ {
			if i%step == 0 {
				t = append(t, plot.Tick{Value: float64(i), Label: strconv.Itoa(i)})
			}
		}
		return t
	})
}

// censoredMarks draws hollow markers with an arrow up: runs stopped at a
// limit, at the nodes they reached.
type censoredMarks struct {
	pts   plotter.XYs
	color color.Color
	shape int
	scale float64 // of the marks' sizes
}

func (m *censoredMarks) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	for _, pt := range m.pts {
		drawCensored(&c, vg.Point{X: trX(pt.X), Y: trY(pt.Y)}, m.color, m.shape, m.scale)
	}
}

// drawCensored draws one censored mark centred at pt, scaled.
func drawCensored(c *draw.Canvas, pt vg.Point, col color.Color, shape int, scale float64) {
	r := vg.Points(markerRadius * scale)
	glyph{shape: shape}.DrawGlyph(c, draw.GlyphStyle{Color: col, Radius: r}, pt)
	sty := draw.LineStyle{Color: col, Width: vg.Points(outlineWidth)}
	top := pt.Y + r + vg.Points(arrowLength*scale)
	c.StrokeLine2(sty, pt.X, pt.Y+r, pt.X, top)
	h := vg.Points(arrowHead * scale)
	c.StrokeLines(sty, []vg.Point{{X: pt.X - h, Y: top - h}, {X: pt.X, Y: top}, {X: pt.X + h, Y: top - h}})
}

func (m *censoredMarks) DataRange() (xmin, xmax, ymin, ymax float64) {
	return plotter.XYRange(m.pts)
}

// GlyphBoxes keeps the arrows inside the figure.
func (m *censoredMarks) GlyphBoxes(p *plot.Plot) []plot.GlyphBox {
	r, h := vg.Points(markerRadius*m.scale), vg.Points(arrowHead*m.scale)
	boxes := make([]plot.GlyphBox, len(m.pts))
	for i, pt := range m.pts {
		boxes[i] = plot.GlyphBox{X: p.X.Norm(pt.X), Y: p.Y.Norm(pt.Y), Rectangle: vg.Rectangle{
			Min: vg.Point{X: -r - h, Y: -r},
			Max: vg.Point{X: r + h, Y: r + vg.Points(arrowLength*m.scale)},
		}}
	}
	return boxes
}

// thumb draws a legend thumbnail with a function.
type thumb func(c *draw.Canvas)

func (t thumb) Thumbnail(c *draw.Canvas) { t(c) }

// zeroBreak draws the dashed line that separates the zero row from the log
// axis, across the data area.
type zeroBreak struct{ y float64 }

func (z zeroBreak) Plot(c draw.Canvas, p *plot.Plot) {
	_, trY := p.Transforms(&c)
	y := trY(z.y)
	c.StrokeLine2(draw.LineStyle{Color: color.Gray{Y: grey}, Width: vg.Points(thinLine), Dashes: []vg.Length{vg.Points(breakDash), vg.Points(breakDash)}},
		c.Min.X, y, c.Max.X, y)
}

// drawBench draws the nodes generated per instance of rep on dc: one
// series a heuristic, the instances in the order of the heuristic that
// generated the fewest, and the legend and notes to the right.
func drawBench(dc draw.Canvas, rep *report.Report) error {
	key := sortKey(rep)
	order := instanceOrder(rep, key)
	ax := newYAxis(rep)
	p := benchAxes(rep, key, len(order), ax)
	legend := plot.NewLegend()
	legend.Top, legend.Left = true, true
	legend.TextStyle.Font.Size = vg.Points(legendFont)
	legend.ThumbnailWidth = vg.Points(2*markerRadius + 2*arrowHead + 6)
	legend.Padding = vg.Points(legendSpacing)
	scale := 1.0
	if n := len(order); n > crowdedAt {
		scale = max(minRadius/markerRadius, math.Sqrt(crowdedAt/float64(n)))
	}
	for h := range rep.Heuristics {
		if err := addSeries(p, &legend, rep, h, order, ax, scale); err != nil {
			return err
		}
	}
	notes, anyCensored := benchNotes(rep, ax)
	drawWithSide(dc, p, legend, notes, anyCensored)
	return nil
}

// benchAxes returns the plot of n instances sorted by heuristic key, with
// its title, axes (ax on y), grid and, when a count is 0, the dashed break
// above the zero row.
func benchAxes(rep *report.Report, key, n int, ax yAxis) *plot.Plot {
	p := plot.New()
	p.Title.Text = fmt.Sprintf("%s: nodes generated per instance, %s", rep.Puzzle, report.Count(rep.Instances, "instance"))
	p.Title.TextStyle.Font.Size = vg.Points(titleFont)
	p.Title.Padding = vg.Points(titleFont)
	p.X.Label.Text = fmt.Sprintf("instance, sorted by the nodes %s generated", rep.Heuristics[key].Heuristic)
	p.Y.Label.Text = "nodes generated (log scale)"
	p.X.Min, p.X.Max = 0.5, float64(n)+0.5
	p.X.Tick.Marker = xTicks(n)
	p.Y.Tick.Marker = ax
	p.Y.Max = max(float64(ax.high), ax.max+headroom*(ax.max-float64(ax.low)))
	p.Y.Min = float64(ax.low)
	if ax.hasZero {
		p.Y.Min = ax.zeroRow - zeroGap/2
		p.Add(zeroBreak{y: float64(ax.low) - zeroGap/2})
	}
	grid := plotter.NewGrid()
	grid.Vertical.Width = 0
	grid.Horizontal.Color = color.Gray{Y: 0xdd}
	p.Add(grid)
	return p
}

// addSeries adds heuristic h's instances to p, in order, dodged sideways
// from the other heuristics' (solved ones filled, censored ones hollow with
// an arrow; markers of the given scale), and its line to the legend.
func addSeries(p *plot.Plot, legend *plot.Legend, rep *report.Report, h int, order []int, ax yAxis, scale float64) error {
	s := rep.Heuristics[h]
	col, shape := seriesColor(h), h%shapeCount
	dodge := 0.0
	if nh := len(rep.Heuristics); nh > 1 {
		dodge = dodgeWidth * (float64(h)/float64(nh-1) - 0.5)
	}
	var solved, censored plotter.XYs
	for x, i := range order {
		c := &rep.Cells[h][i]
		if !drawn(c) {
			continue
		}
		pt := plotter.XY{X: float64(x+1) + dodge, Y: ax.y(c.Generated)}
		if c.Status == record.StatusLimit {
			censored = append(censored, pt)
		} else {
			solved = append(solved, pt)
		}
	}
	if len(solved) > 0 {
		sc, err := plotter.NewScatter(solved)
		if err != nil {
			return err
		}
		sc.GlyphStyle = draw.GlyphStyle{Color: col, Radius: vg.Points(markerRadius * scale), Shape: glyph{shape: shape, filled: true}}
		p.Add(sc)
	}
	if len(censored) > 0 {
		p.Add(&censoredMarks{pts: censored, color: col, shape: shape, scale: scale})
	}
	text := fmt.Sprintf("%s: %d solved", s.Heuristic, s.Solved)
	if s.Censored > 0 {
		text += fmt.Sprintf(", %d censored", s.Censored)
	}
	if s.Errors > 0 {
		text += ", " + report.Count(s.Errors, "error")
	}
	if s.Interrupted > 0 { // not drawn: the counts add up to the instances all the same
		text += fmt.Sprintf(", %d interrupted", s.Interrupted)
	}
	legend.Add(text, thumb(func(c *draw.Canvas) {
		pt := vg.Point{X: c.Min.X + vg.Length(legendMarker)*(c.Max.X-c.Min.X), Y: (c.Min.Y + c.Max.Y) / 2}
		glyph{shape: shape, filled: true}.DrawGlyph(c, draw.GlyphStyle{Color: col, Radius: vg.Points(markerRadius)}, pt)
	}))
	return nil
}

// benchNotes returns the notes under the legend, a few lines each: what a
// censored mark means (first, when some run was censored: anyCensored) and
// what the zero row means (when ax has one).
func benchNotes(rep *report.Report, ax yAxis) (notes [][]string, anyCensored bool) {
	for _, s := range rep.Heuristics {
		anyCensored = anyCensored || s.Censored > 0
	}
	if anyCensored {
		notes = append(notes, []string{"censored: stopped at a limit,", "drawn hollow at the nodes", "it reached (a lower bound)"})
	}
	if ax.hasZero {
		notes = append(notes, []string{"0, below the dashed break:", "no node generated", "(a table lookup, no search)"})
	}
	return notes, anyCensored
}

// drawWithSide draws p on dc with the legend and notes to the right of the
// data area, as wide as their text, the legend's top at the data area's
// top; a hollow marker beside the first note when anyCensored.
func drawWithSide(dc draw.Canvas, p *plot.Plot, legend plot.Legend, notes [][]string, anyCensored bool) {
	noteStyle := legend.TextStyle
	noteStyle.Font.Size = vg.Points(noteFont)
	noteStyle.Color = color.Gray{Y: grey}
	lw := legend.Rectangle(dc).Size().X
	for _, lines := range notes {
		for _, l := range lines {
			lw = max(lw, legend.ThumbnailWidth+noteStyle.Rectangle(" "+l).Size().X)
		}
	}
	lw = min(lw+vg.Points(legendPad), dc.Size().X*(1-plotFraction))
	gap := legendGap * vg.Inch
	plotArea := draw.Crop(dc, 0, -(lw + gap), 0, 0)
	p.Draw(plotArea)

	data := p.DataCanvas(plotArea)
	side := draw.Crop(dc, dc.Size().X-lw-vg.Points(legendPad), -vg.Points(legendPad), 0, 0)
	side.Max.Y = data.Max.Y
	legend.Draw(side)
	y := side.Max.Y - legend.Rectangle(side).Size().Y - vg.Points(legendFont)
	lineH := noteStyle.Rectangle("Mg").Size().Y * 1.15
	for k, lines := range notes {
		if anyCensored && k == 0 {
			x := side.Min.X + legend.ThumbnailWidth/2
			drawCensored(&side, vg.Point{X: x, Y: y - 2*lineH + vg.Points(markerRadius)}, color.Gray{Y: grey}, shapeCircle, 1)
		}
		for _, l := range lines {
			y -= lineH
			side.FillText(noteStyle, vg.Point{X: side.Min.X + legend.ThumbnailWidth + noteStyle.Rectangle(" ").Size().X, Y: y}, l)
		}
		y -= lineH / 2
	}
}
