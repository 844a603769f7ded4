package cli

import (
	"fmt"
	"image/color"
	"sort"

	"github.com/pdbsolve/pdbsolve/internal/bench"
	"github.com/pdbsolve/pdbsolve/pdb"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// plotShapes mark each heuristic's points.
var plotShapes = []draw.GlyphDrawer{draw.CircleGlyph{}, draw.SquareGlyph{}, draw.TriangleGlyph{},
	draw.CrossGlyph{}, draw.PlusGlyph{}, draw.RingGlyph{}}

// Plot size.
const (
	plotWidth  = 8 * vg.Inch
	plotHeight = 5 * vg.Inch
)

// plot draws nodes generated per instance for each heuristic on a log scale,
// instances sorted by difficulty: by the first heuristic's generated nodes,
// censored runs last. A censored run is drawn at the nodes it reached.
func plotBench(file string, r *bench.Report) error {
	order := make([]int, len(r.Where))
	for i := range order {
		order[i] = i
	}
	first := r.Runs[0]
	sort.SliceStable(order, func(a, b int) bool {
		x, y := first[order[a]], first[order[b]]
		if x.Solved != y.Solved {
			return x.Solved
		}
		return x.Stats.Generated < y.Stats.Generated
	})
	p := plot.New()
	p.Title.Text = fmt.Sprintf("%s: nodes generated per instance", r.Puzzle)
	p.X.Label.Text = fmt.Sprintf("instance, sorted by %s nodes", r.Heuristics[0])
	p.Y.Label.Text = "nodes generated"
	p.Y.Scale = plot.LogScale{}
	p.Y.Min, p.Y.Max = 1, 10 // the log scale needs a positive range, even if every count is 1
	for _, runs := range r.Runs {
		for _, run := range runs {
			p.Y.Max = max(p.Y.Max, float64(run.Stats.Generated))
		}
	}
	p.Y.Tick.Marker = plot.LogTicks{Prec: -1}
	p.Legend.Top = true
	p.Legend.Left = true
	for h, runs := range r.Runs {
		pts := make(plotter.XYs, len(order))
		for x, i := range order {
			pts[x].X = float64(x + 1)
			pts[x].Y = float64(max(runs[i].Stats.Generated, 1)) // log scale: no zeros
		}
		line, points, err := plotter.NewLinePoints(pts)
		if err != nil {
			return err
		}
		c := plotColor(h)
		line.Color, points.Color = c, c
		points.Shape = plotShapes[h%len(plotShapes)]
		p.Add(line, points)
		p.Legend.Add(r.Heuristics[h], line, points)
	}
	return p.Save(plotWidth, plotHeight, file)
}

func plotColor(i int) color.Color {
	palette := []color.RGBA{{0x1f, 0x77, 0xb4, 0xff}, {0xd6, 0x27, 0x28, 0xff}, {0x2c, 0xa0, 0x2c, 0xff},
		{0xff, 0x7f, 0x0e, 0xff}, {0x94, 0x67, 0xbd, 0xff}, {0x8c, 0x56, 0x4b, 0xff}}
	return palette[i%len(palette)]
}

// plotHistogram draws how many entries of t hold each value.
func plotHistogram(file string, t *pdb.Table) error {
	vals := make(plotter.Values, len(t.Counts))
	for v, c := range t.Counts {
		vals[v] = float64(c)
	}
	p := plot.New()
	p.Title.Text = fmt.Sprintf("%s/%s: %d entries, mean %.4f", t.Puzzle, t.Pattern, t.Entries, t.Mean())
	p.X.Label.Text = "value"
	p.Y.Label.Text = "entries"
	bars, err := plotter.NewBarChart(vals, vg.Points(max(2, 360/float64(max(len(vals), 1)))))
	if err != nil {
		return err
	}
	bars.Color = plotColor(0)
	bars.LineStyle.Width = 0
	p.Add(bars)
	if len(vals) <= 32 {
		names := make([]string, len(vals))
		for i := range names {
			names[i] = fmt.Sprint(i)
		}
		p.NominalX(names...)
	}
	return p.Save(plotWidth, plotHeight, file)
}
