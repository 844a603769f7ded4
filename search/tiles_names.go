package search

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/pdbsolve/pdbsolve/pdb"
)

// Sliding-tile heuristic names, read in one place (tilesParseName):
//
//	name      = "manhattan" | "linear-conflict" | "exact" | preset | catalogue
//	catalogue = term { "|" term }
//	term      = partition { modifier }
//	partition = "pdb" PRESET | "pdb:" PATTERNS
//	modifier  = "+zero" | "+reflect" | "+bits"
//
// A term is an additive partition: a preset's ("pdb6666") or the user's
// ("pdb:1-6/7-12/13-18/19-24", patterns separated by "/", each a list of
// tiles and ranges separated by commas). "+zero" looks every pattern up in
// its zero-aware table (the index adds the region of free cells the blank is
// in, Clausecker & Reinefeld 2021); "+reflect" adds the lookup of the board
// reflected about the main diagonal (square boards only), the term's value
// being the larger of the two sums; "+bits", with "+zero" only, reads the
// zero-aware tables at one bit an entry (pdb.TilesZeroBits: a child's
// entry follows from its parent's and one bit, an eighth of the memory),
// and is given on every partition of a catalogue or on none (the kernel
// reads one kind). Modifiers come in any order, each at most
// once. A catalogue, terms separated by "|", is the max over its terms:
// admissible since every term is, and consistent (h changes by at most one
// a move) when every term is zero-aware, since a zero-aware table holds the
// exact distances of an abstraction. A plain table keeps a placement's least
// cost over every region of the blank, also those it is not in, and is not
// consistent. A preset
// catalogue (tilesCatalogues) is a bare name standing for one; each
// zero-aware preset also has a 1-bit form, its name followed by "-bits"
// ("pdb6666-zero-catalogue-cr28-bits"), every partition given "+bits".

// Modifiers and separators of heuristic names.
const (
	tilesZeroSufx     = "+zero"
	tilesBitsSufx     = "+bits"
	tilesBitsPreset   = "-bits" // ends the name of a preset catalogue's 1-bit form
	tilesModifierSep  = "+"
	tilesCatalogueSep = "|"
)

// tilesCataloguePreset is a preset catalogue: its name, board and
// spelling; zero when every partition is zero-aware (the preset then has a
// 1-bit form, tilesBitsPreset).
type tilesCataloguePreset struct {
	name       string
	rows, cols int
	spell      string
	zero       bool
}

// TilesZeroCatalogue24 names a preset catalogue of the 24-puzzle, its
// default until 2026-12-02: two 6-6-6-6 partitions, each zero-aware and
// with its reflection (four lookups a board, four tables of 181,008,000
// entries):
//
//	Korf & Felner's   second
//	. a a b b         . a a a a
//	a a a b b         a a b b b
//	c c a b b         c c b b b
//	c c d d d         c c d d d
//	c c d d d         c c d d d
//
// The second was chosen among the partitions into connected 6-tile
// patterns whose tables are few, by the expected IDA* nodes (Korf, Reid &
// Edelkamp 2001) over 100,000 random boards: Korf & Felner's alone 9.2e13
// (in units of b^-100), with the second 4.5e13; a third partition (4.0e13)
// cost more time a node than it saved in nodes on the easiest instances.
// Their reflections about the main diagonal are Clausecker & Reinefeld's
// partitions 0 and 4 (TilesZeroCatalogueCR28): with "+reflect", the same
// terms.
const TilesZeroCatalogue24 = "pdb6666-zero-catalogue"

// TilesZeroCatalogueCR28 names Clausecker & Reinefeld's "small" catalogue
// of zero-aware 6-6-6-6 partitions of the 24-puzzle with their transposes
// (SoCS 2019; clausecker/24puzzle, catalogues/small-t.cat): 14 partitions,
// 28 distinct patterns, the strongest 6-tile catalogue published. Their 14
// are the 7 below (tilesCR28Partitions) and the reflection of each about the
// main diagonal, which "+reflect" adds (their tiles are numbered by goal
// cell and their blank's goal is cell 0, as here); h is the max over the 14
// sums.
//
//	0          1          2          3          4          5          6
//	. a b b b  . a a b b  . a b b b  . a a b b  . a b b b  . a a b b  . a b b b
//	a a b b b  a a b b b  a a b b b  a a b b b  a a b b b  a a c c b  a a b b b
//	a a a c c  a a b c c  a a a c c  a a b c c  a c c d d  a a c c b  a c c c d
//	d d d c c  d d d c c  c c c c d  c c c c d  a c c d d  d d d c b  a c c c d
//	d d d c c  d d d c c  d d d d d  d d d d d  a c c d d  d d d c b  a d d d d
//
// The 28 patterns need 11 tables: a table serves the transpose of its
// pattern, and any image of a pattern whose home leaves the free cells one
// region (pdb.TilesZeroPatternLookup).
const TilesZeroCatalogueCR28 = "pdb6666-zero-catalogue-cr28"

// TilesZeroCatalogueCR0145 names the preset catalogue that is the
// 24-puzzle's default in its 1-bit form (DefaultTilesHeuristic): partitions
// 0, 1, 4 and 5 of Clausecker & Reinefeld's catalogue
// (TilesZeroCatalogueCR28), each zero-aware and with its reflection (eight
// lookups a board, eight tables of 181,008,000 entries, 173 MiB at one bit
// an entry):
//
//	0          1          4          5
//	. a b b b  . a a b b  . a b b b  . a a b b
//	a a b b b  a a b b b  a a b b b  a a c c b
//	a a a c c  a a b c c  a c c d d  a a c c b
//	d d d c c  d d d c c  a c c d d  d d d c b
//	d d d c c  d d d c c  a c c d d  d d d c b
//
// Partitions 0 and 4 are TilesZeroCatalogue24's two reflected (the same
// terms with "+reflect"), so h is at least TilesZeroCatalogue24's on every
// board and no search expands more nodes. Subsets of the 7 were ranked by
// the mean h over 1,000,000 random boards (82.87 for this one, 82.25 for
// TilesZeroCatalogue24, 83.09 for all 7) and by the nodes expanded on
// instances 13 and 28 of Korf & Felner's, the largest of their ten
// easiest: those on 7 tables did worse on one of the ten or the other
// (partitions 1, 4 and 5 expanded 0.98 times TilesZeroCatalogue24's nodes
// on 13; 0, 1, 2, 3 and 5 1.39 times on 1). On the ten easiest with move
// pruning this one expands 8.13e8 nodes, 0.60 times TilesZeroCatalogue24's
// (docs/results/2026-12-02-24puzzle-default-choice.md).
const TilesZeroCatalogueCR0145 = "pdb6666-zero-catalogue-cr0145"

// tilesCR28Partitions are the 7 partitions of TilesZeroCatalogueCR28, in
// Clausecker & Reinefeld's order, each zero-aware with its reflection.
var tilesCR28Partitions = []string{
	"pdb:1,5,6,10-12/2-4,7-9/13,14,18,19,23,24/15-17,20-22+zero+reflect",
	"pdb:1,2,5,6,10,11/3,4,7-9,12/13,14,18,19,23,24/15-17,20-22+zero+reflect",
	"pdb:1,5,6,10-12/2-4,7-9/13-18/19-24+zero+reflect",
	"pdb:1,2,5,6,10,11/3,4,7-9,12/13-18/19-24+zero+reflect",
	"pdb:1,5,6,10,15,20/2-4,7-9/11,12,16,17,21,22/13,14,18,19,23,24+zero+reflect",
	"pdb:1,2,5,6,10,11/3,4,9,14,19,24/7,8,12,13,18,23/15-17,20-22+zero+reflect",
	"pdb:1,5,6,10,15,20/2-4,7-9/11-13,16-18/14,19,21-24+zero+reflect",
}

// tilesCatalogues are the preset catalogues.
var tilesCatalogues = []tilesCataloguePreset{
	{name: TilesZeroCatalogue24, rows: tiles24Side, cols: tiles24Side,
		spell: "pdb6666+zero+reflect" + tilesCatalogueSep + "pdb:1-6/7-9,12-14/10,11,15,16,20,21/17-19,22-24+zero+reflect",
		zero:  true},
	{name: TilesZeroCatalogueCR28, rows: tiles24Side, cols: tiles24Side,
		spell: strings.Join(tilesCR28Partitions, tilesCatalogueSep), zero: true},
	{name: TilesZeroCatalogueCR0145, rows: tiles24Side, cols: tiles24Side,
		spell: strings.Join([]string{tilesCR28Partitions[0], tilesCR28Partitions[1], tilesCR28Partitions[4],
			tilesCR28Partitions[5]}, tilesCatalogueSep),
		zero: true},
}

// tilesTerm is one additive partition of a heuristic name and its modifiers.
type tilesTerm struct {
	spell               string // the term as written
	part                pdb.TilesPartition
	zero, reflect, bits bool
}

// tilesPlan is a heuristic name read and checked, before any table is loaded.
type tilesPlan struct {
	kind  tilesKind
	terms []tilesTerm // pattern databases: one a partition of the catalogue
}

// tilesParseName reads the heuristic name of the rows x cols board. Errors
// wrap ErrTilesHeuristic and name the term and part at fault.
func tilesParseName(rows, cols int, name string) (tilesPlan, error) {
	switch name {
	case TilesManhattan:
		return tilesPlan{kind: tilesManhattan}, nil
	case TilesLinearConflict:
		return tilesPlan{kind: tilesLinearConflict}, nil
	case TilesExact:
		if rows != pdb.TilesExactSide || cols != pdb.TilesExactSide {
			return tilesPlan{}, fmt.Errorf("%w %q: the table of exact distances is for the 3x3 board only", ErrTilesHeuristic, name)
		}
		return tilesPlan{kind: tilesExact}, nil
	}
	spell, err := tilesPresetSpelling(rows, cols, name)
	if err != nil {
		return tilesPlan{}, err
	}
	fields := strings.Split(spell, tilesCatalogueSep)
	plan := tilesPlan{kind: tilesPDB}
	for i, field := range fields {
		where := fmt.Sprintf("%q", name)
		if len(fields) > 1 {
			where = fmt.Sprintf("%q, partition %d (%q)", name, i+1, field)
		}
		term, err := tilesParseTerm(rows, cols, field, where)
		if err != nil {
			return tilesPlan{}, err
		}
		for j, o := range plan.terms {
			if o.zero == term.zero && o.reflect == term.reflect && slices.EqualFunc(o.part.Patterns, term.part.Patterns, slices.Equal) {
				return tilesPlan{}, fmt.Errorf("%w %s: the same as partition %d (%q)", ErrTilesHeuristic, where, j+1, o.spell)
			}
		}
		if len(plan.terms) > 0 && term.bits != plan.terms[0].bits {
			return tilesPlan{}, fmt.Errorf("%w %s: %s on some partitions only (the catalogue reads one kind of table: give it on every"+
				" partition or on none)", ErrTilesHeuristic, where, tilesBitsSufx)
		}
		plan.terms = append(plan.terms, term)
	}
	if len(plan.terms) > tilesMaxViews {
		return tilesPlan{}, fmt.Errorf("%w %q: %d partitions, at most %d", ErrTilesHeuristic, name, len(plan.terms), tilesMaxViews)
	}
	if n := plan.views(); len(plan.terms) > 1 && n > tilesMaxViews {
		return tilesPlan{}, fmt.Errorf("%w %q: %d lookups a board (a partition with +reflect counts twice), at most %d",
			ErrTilesHeuristic, name, n, tilesMaxViews)
	}
	return plan, nil
}

// tilesPresetSpelling returns the spelling of the preset catalogue called
// name, or of its 1-bit form (name ending in tilesBitsPreset: every term
// given tilesBitsSufx), when it is one of the rows x cols board; name itself
// when it names no preset. The error (wrapping ErrTilesHeuristic) is for a
// preset of another board.
func tilesPresetSpelling(rows, cols int, name string) (string, error) {
	for _, c := range tilesCatalogues {
		base, bits := name, false
		if c.zero {
			base, bits = strings.CutSuffix(name, tilesBitsPreset)
		}
		if c.name != base {
			continue
		}
		if c.rows != rows || c.cols != cols {
			return "", fmt.Errorf("%w %q: a catalogue of the %dx%d board, not of the %dx%d one", ErrTilesHeuristic,
				name, c.rows, c.cols, rows, cols)
		}
		if !bits {
			return c.spell, nil
		}
		terms := strings.Split(c.spell, tilesCatalogueSep)
		for i := range terms {
			terms[i] += tilesBitsSufx
		}
		return strings.Join(terms, tilesCatalogueSep), nil
	}
	return name, nil
}

// views returns the number of lookups of the plan's terms: one a term, two
// with +reflect.
func (p tilesPlan) views() int {
	n := 0
	for _, t := range p.terms {
		n++
		if t.reflect {
			n++
		}
	}
	return n
}

// catalogue reports whether the plan needs the catalogue kernel: more than
// one partition, or a zero-aware one.
func (p tilesPlan) catalogue() bool {
	return p.kind == tilesPDB && (len(p.terms) > 1 || p.terms[0].zero)
}

// tilesParseTerm reads one partition and its modifiers; where names it in
// errors.
func tilesParseTerm(rows, cols int, field, where string) (tilesTerm, error) {
	term := tilesTerm{spell: field}
	base, mods, _ := strings.Cut(field, tilesModifierSep)
	if mods != "" || strings.HasSuffix(field, tilesModifierSep) {
		for _, m := range strings.Split(mods, tilesModifierSep) {
			var flag *bool
			switch tilesModifierSep + m {
			case tilesZeroSufx:
				flag = &term.zero
			case tilesReflectSufx:
				flag = &term.reflect
			case tilesBitsSufx:
				flag = &term.bits
			default:
				return tilesTerm{}, fmt.Errorf("%w %s: unknown modifier %q (want %s, %s or %s)", ErrTilesHeuristic, where,
					tilesModifierSep+m, tilesZeroSufx, tilesReflectSufx, tilesBitsSufx)
			}
			if *flag {
				return tilesTerm{}, fmt.Errorf("%w %s: %s given twice", ErrTilesHeuristic, where, tilesModifierSep+m)
			}
			*flag = true
		}
	}
	switch base {
	case TilesManhattan, TilesLinearConflict, TilesExact:
		if mods != "" {
			return tilesTerm{}, fmt.Errorf("%w %s: +zero, +reflect and +bits apply to pattern databases only", ErrTilesHeuristic, where)
		}
		return tilesTerm{}, fmt.Errorf("%w %s: a catalogue is a max over pattern-database partitions, not %s", ErrTilesHeuristic, where, base)
	}
	if term.bits && !term.zero {
		return tilesTerm{}, fmt.Errorf("%w %s: %s reads zero-aware tables at one bit an entry: it needs %s", ErrTilesHeuristic,
			where, tilesBitsSufx, tilesZeroSufx)
	}
	if term.reflect && rows != cols {
		return tilesTerm{}, fmt.Errorf("%w %s: +reflect needs a square board; the reflection about the main diagonal"+
			" turns a %dx%d board into a %dx%d one", ErrTilesHeuristic, where, rows, cols, cols, rows)
	}
	var err error
	switch {
	case strings.HasPrefix(base, tilesUserPrefix):
		term.part, err = pdb.ParseTilesPartition(rows, cols, strings.TrimPrefix(base, tilesUserPrefix))
		if err != nil {
			return tilesTerm{}, fmt.Errorf("%w %s: %v", ErrTilesHeuristic, where, err)
		}
	case strings.HasPrefix(base, tilesPDBPrefix):
		term.part, err = pdb.TilesPartitionNamed(rows, cols, strings.TrimPrefix(base, tilesPDBPrefix))
		if err != nil {
			return tilesTerm{}, tilesUnknown(rows, cols, where)
		}
	default:
		return tilesTerm{}, tilesUnknown(rows, cols, where)
	}
	if len(term.part.Patterns) > tilesMaxPatterns {
		return tilesTerm{}, fmt.Errorf("%w %s: %d patterns, at most %d", ErrTilesHeuristic, where, len(term.part.Patterns), tilesMaxPatterns)
	}
	return term, nil
}

// tilesUnknown is the error for a name, or a catalogue's partition, that
// names no heuristic of the rows x cols board. Its example partition is of
// row-major runs of at most tilesDefaultRunLarge tiles (fewer where a
// pattern cannot hold so many), whose tables are small on every board (at
// most 6,375,600 entries each, on 5x5).
func tilesUnknown(rows, cols int, where string) error {
	mods := "any of +zero, +reflect and +bits (which needs +zero)"
	if rows != cols { // +reflect needs a square board
		mods = "+zero and +bits (which needs +zero)"
	}
	return fmt.Errorf("%w %s: unknown on the %dx%d board (have %s; a user partition pdb:PATTERNS, such as %s;"+
		" with %s; or a catalogue of partitions separated by %q)", ErrTilesHeuristic, where, rows, cols,
		strings.Join(TilesHeuristicNames(rows, cols), ", "), tilesRunsPartition(rows, cols, min(tilesDefaultRunLarge, pdb.TilesMaxPatternTiles(rows, cols)), false),
		mods, tilesCatalogueSep)
}

// CheckHeuristicList checks a list of heuristics to compare (bench,
// score): an error when it names none, or one twice.
func CheckHeuristicList(names []string) error {
	if len(names) == 0 {
		return errors.New("name at least one heuristic")
	}
	for i, h := range names {
		if slices.Contains(names[:i], h) {
			return fmt.Errorf("%s named twice", h)
		}
	}
	return nil
}

// SplitHeuristicList splits a comma-separated list of heuristic names, as
// bench and score take them, into its names. A comma that a digit follows
// belongs to a name (it separates the tiles of a pattern, "pdb:1,2,4-6/...")
// and does not split: names start with a letter, tiles are numbers. A name
// in double quotes (a CSV field, as earlier versions wanted a pattern with
// commas) is taken without them. Empty names are kept, for the caller to
// reject; an empty list is no names.
func SplitHeuristicList(list string) []string {
	if list == "" {
		return nil
	}
	var names []string
	start := 0
	for i := 0; i <= len(list); i++ {
		if i == len(list) || list[i] == ',' && (i+1 == len(list) || list[i+1] < '0' || list[i+1] > '9') {
			name := list[start:i]
			if len(name) >= 2 && name[0] == '"' && name[len(name)-1] == '"' {
				name = name[1 : len(name)-1]
			}
			names = append(names, name)
			start = i + 1
		}
	}
	return names
}
