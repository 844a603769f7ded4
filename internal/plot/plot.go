// Package plot draws pdbsolve's figures with gonum.org/v1/plot, as SVG or
// PNG by the file's extension:
//
//   - [Bench]: nodes generated per instance under each heuristic of a
//     benchmark report (bench --plot, bench report --plot), on a log axis
//     ranged from the data, censored runs drawn hollow with an arrow up at
//     the nodes they reached, runs that generated no node on a row of their
//     own below a break in the axis, the legend beside the data;
//   - [Table]: how many entries of a table give each heuristic value, in
//     moves (info --plot); for sliding-tile tables the value of a placement
//     is its tiles' Manhattan distance plus twice the stored entry.
package plot

import (
	"errors"
	"fmt"
	"image/color"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"

	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// ErrFormat is returned when a file name ends in neither .svg nor .png.
var ErrFormat = errors.New("want a file ending in .svg or .png")

// Figure size.
const (
	figureWidth  = 9 * vg.Inch
	figureHeight = 5 * vg.Inch
)

// Format returns "svg" or "png" for a file name, or ErrFormat.
func Format(file string) (string, error) {
	switch strings.ToLower(filepath.Ext(file)) {
	case ".svg":
		return "svg", nil
	case ".png":
		return "png", nil
	}
	return "", fmt.Errorf("%q: %w", file, ErrFormat)
}

// save draws a figure with draw onto a canvas of the file's format and
// writes it to file.
func save(file string, paint func(draw.Canvas) error) error {
	format, err := Format(file)
	if err != nil {
		return err
	}
	f, err := os.Create(file)
	if err != nil {
		return err
	}
	if err := write(f, format, paint); err != nil {
		f.Close()
		return fmt.Errorf("%s: %w", file, err)
	}
	return f.Close()
}

// write draws a figure onto a canvas of the format and writes it to w.
func write(w io.Writer, format string, paint func(draw.Canvas) error) error {
	c, err := draw.NewFormattedCanvas(figureWidth, figureHeight, format)
	if err != nil {
		return err
	}
	dc := draw.New(c)
	// A white background: PNGs are otherwise transparent, and dark viewers
	// then show black text on black.
	dc.SetColor(color.White)
	dc.Fill(dc.Rectangle.Path())
	if err := paint(dc); err != nil {
		return err
	}
	_, err = c.WriteTo(w)
	return err
}

// palette is Tableau's, distinct for the common kinds of colour blindness
// in its first four.
var palette = []color.RGBA{{0x1f, 0x77, 0xb4, 0xff}, {0xd6, 0x27, 0x28, 0xff}, {0x2c, 0xa0, 0x2c, 0xff},
	{0xff, 0x7f, 0x0e, 0xff}, {0x94, 0x67, 0xbd, 0xff}, {0x8c, 0x56, 0x4b, 0xff}}

func seriesColor(i int) color.Color { return palette[i%len(palette)] }

// Marker shapes.
const (
	shapeCircle = iota
	shapeSquare
	shapeTriangle
	shapeDiamond
	shapeCount
)

// glyph draws one of the marker shapes, filled or as an outline 1.2 points
// wide; it implements draw.GlyphDrawer.
type glyph struct {
	shape  int
	filled bool
}

const outlineWidth = 1.2

func (g glyph) DrawGlyph(c *draw.Canvas, sty draw.GlyphStyle, pt vg.Point) {
	r := sty.Radius
	var p vg.Path
	switch g.shape % shapeCount {
	case shapeCircle:
		p.Move(vg.Point{X: pt.X + r, Y: pt.Y})
		p.Arc(pt, r, 0, 2*math.Pi)
	case shapeSquare:
		s := r * 0.85
		p.Move(vg.Point{X: pt.X - s, Y: pt.Y - s})
		p.Line(vg.Point{X: pt.X + s, Y: pt.Y - s})
		p.Line(vg.Point{X: pt.X + s, Y: pt.Y + s})
		p.Line(vg.Point{X: pt.X - s, Y: pt.Y + s})
	case shapeTriangle:
		s := r * 1.15
		p.Move(vg.Point{X: pt.X, Y: pt.Y + s})
		p.Line(vg.Point{X: pt.X - s*0.866, Y: pt.Y - s*0.5})
		p.Line(vg.Point{X: pt.X + s*0.866, Y: pt.Y - s*0.5})
	case shapeDiamond:
		s := r * 1.15
		p.Move(vg.Point{X: pt.X, Y: pt.Y + s})
		p.Line(vg.Point{X: pt.X + s, Y: pt.Y})
		p.Line(vg.Point{X: pt.X, Y: pt.Y - s})
		p.Line(vg.Point{X: pt.X - s, Y: pt.Y})
	}
	p.Close()
	if g.filled {
		c.SetColor(sty.Color)
		c.Fill(p)
		return
	}
	c.SetLineStyle(draw.LineStyle{Color: sty.Color, Width: vg.Points(outlineWidth)})
	c.Stroke(p)
}
