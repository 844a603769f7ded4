package bitboard

import (
	"bytes"
	"errors"
)

// TilesRecord is one sliding-tile record as TilesScan finds it in text: the
// line it starts on (1-based), its fields and the line of each field.
type TilesRecord struct {
	Line   int
	Fields []string
	Lines  []int // Lines[i] is the line of Fields[i]
}

// ErrLine returns the line an error about the record is about: the line of
// the field a *ParseError names, else the record's first line.
func (r *TilesRecord) ErrLine(err error) int {
	var pe *ParseError
	if errors.As(err, &pe) && pe.Field > 0 && pe.Field <= len(r.Lines) {
		return r.Lines[pe.Field-1]
	}
	return r.Line
}

// TilesSplit returns the length of the longest prefix of data that holds
// whole sliding-tile records of size fields each (size = rows x cols), and
// no more than maxRecords of them when maxRecords > 0. A record ends at the
// end of the line that completes it; a line that would overfill an open
// record closes that record short (a bad record when parsed) and starts the
// next, so one bad line spoils no other record. Blank lines and lines
// starting with # are skipped (a prefix may end with them). At the end of
// the input (atEOF) the last line needs no newline and an open record is
// cut short there. A reader that cuts its input with TilesSplit and parses
// the pieces with TilesScan finds the same records whatever the cuts.
func TilesSplit(data []byte, size int, atEOF bool, maxRecords int) int {
	return tilesScan(data, 1, size, atEOF, maxRecords, nil)
}

// TilesScan calls f for each record of data, which holds whole records (as
// cut by TilesSplit), with the line numbers counted from line. f must not
// keep rec's slices.
func TilesScan(data []byte, line, size int, f func(rec *TilesRecord)) {
	tilesScan(data, line, size, true, 0, f)
}

// tilesScan is TilesSplit and TilesScan: it returns the offset just after
// the last line at which no record is open (all of data when atEOF and
// maxRecords does not stop it first).
func tilesScan(data []byte, line, size int, atEOF bool, maxRecords int, emit func(*TilesRecord)) int {
	var rec TilesRecord
	cut, count, records := 0, 0, 0
	flush := func() {
		if emit != nil {
			emit(&rec)
		}
		rec.Fields, rec.Lines, count = rec.Fields[:0], rec.Lines[:0], 0
		records++
	}
	for pos := 0; pos < len(data); line++ {
		end := bytes.IndexByte(data[pos:], '\n')
		next := 0
		if end < 0 {
			if !atEOF {
				break
			}
			end, next = len(data), len(data)
		} else {
			end += pos
			next = end + 1
		}
		text := data[pos:end]
		first, _ := tilesField(text, 0)
		if first == len(text) || text[first] == '#' {
			pos = next
			if count == 0 {
				cut = next
			}
			continue
		}
		n := 0
		for i := 0; ; n++ {
			s, e := tilesField(text, i)
			if s == e {
				break
			}
			i = e
		}
		if count > 0 && count+n > size {
			flush() // the open record ends short at the line before this one
			if maxRecords > 0 && records == maxRecords {
				return pos
			}
		}
		pos = next
		if count == 0 {
			rec.Line = line
		}
		if emit != nil {
			for i := 0; ; {
				s, e := tilesField(text, i)
				if s == e {
					break
				}
				rec.Fields = append(rec.Fields, string(text[s:e]))
				rec.Lines = append(rec.Lines, line)
				i = e
			}
		}
		count += n
		if count >= size {
			flush()
			cut = next
			if maxRecords > 0 && records == maxRecords {
				return cut
			}
		}
	}
	if atEOF {
		if count > 0 {
			flush()
		}
		return len(data)
	}
	return cut
}

// tilesField returns the bounds of the first field of text at or after
// offset i, or len(text) twice when there is none. Fields are separated by
// ASCII white space only, the set ParseRotation uses (space, \t, \r, \v,
// \f; lines are already split at \n): any other byte, a non-ASCII space
// such as U+00A0 included, is part of a field, which then is a bad tile
// value.
func tilesField(text []byte, i int) (start, end int) {
	for i < len(text) && IsSpace(text[i]) {
		i++
	}
	start = i
	for i < len(text) && !IsSpace(text[i]) {
		i++
	}
	return start, i
}
