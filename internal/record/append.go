package record

import (
	"strconv"
	"time"
	"unicode/utf8"

	"github.com/pdbsolve/pdbsolve/bitboard"
	"github.com/pdbsolve/pdbsolve/search"
)

// AppendRun appends r as one JSON object and a newline, without reflection.
// The fields always written are puzzle, input, line and status, with
// instance, repeat, board, goal and heuristic when set; then by status:
//
//   - solved: moves (unless empty with a positive length: moves not kept),
//     length, symbol (when set), bound, h0, expanded, generated,
//     iterations, last_expanded and last_generated (each when known),
//     time_ns and cpu_ns (each when positive);
//   - limit and interrupted: bound, h0, expanded, generated, iterations,
//     last_expanded and last_generated (each when known), time_ns and
//     cpu_ns (each when positive), error (when set);
//   - unsolvable and error: error.
//
// Strings are escaped as encoding/json escapes them, except that <, > and &
// are written as they are; invalid UTF-8 becomes U+FFFD.
func AppendRun(dst []byte, r *Run) []byte {
	dst = append(dst, `{"puzzle":`...)
	dst = appendString(dst, r.Puzzle)
	dst = append(dst, `,"input":`...)
	dst = appendString(dst, r.Input)
	dst = append(dst, `,"line":`...)
	dst = strconv.AppendInt(dst, int64(r.Line), 10)
	if r.Instance != 0 {
		dst = append(dst, `,"instance":`...)
		dst = strconv.AppendInt(dst, int64(r.Instance), 10)
	}
	if r.Repeat != 0 {
		dst = append(dst, `,"repeat":`...)
		dst = strconv.AppendInt(dst, int64(r.Repeat), 10)
	}
	if r.Board != "" {
		dst = append(dst, `,"board":`...)
		dst = appendString(dst, r.Board)
	}
	if r.Goal != "" {
		dst = append(dst, `,"goal":`...)
		dst = appendString(dst, r.Goal)
	}
	if r.Heuristic != "" {
		dst = append(dst, `,"heuristic":`...)
		dst = appendString(dst, r.Heuristic)
	}
	dst = append(dst, `,"status":`...)
	dst = appendString(dst, string(r.Status))
	switch r.Status {
	case StatusSolved:
		if r.Moves != "" || r.Length == 0 {
			dst = append(dst, `,"moves":`...)
			dst = appendString(dst, r.Moves)
		}
		dst = append(dst, `,"length":`...)
		dst = strconv.AppendInt(dst, int64(r.Length), 10)
		if r.Symbol != 0 {
			dst = append(dst, `,"symbol":`...)
			dst = strconv.AppendInt(dst, int64(r.Symbol), 10)
		}
		dst = appendSearch(dst, r)
	case StatusLimit, StatusInterrupted:
		dst = appendSearch(dst, r)
		if r.Error != "" {
			dst = append(dst, `,"error":`...)
			dst = appendString(dst, r.Error)
		}
	default:
		dst = append(dst, `,"error":`...)
		dst = appendString(dst, r.Error)
	}
	return append(dst, "}\n"...)
}

// appendSearch appends the statistics of a search.
func appendSearch(dst []byte, r *Run) []byte {
	st := search.Stats{Bound: r.Bound, RootH: r.H0, Expanded: r.Expanded, Generated: r.Generated, Iterations: r.Iterations}
	dst = appendStats(dst, &st)
	dst = appendCount(dst, `,"last_expanded":`, r.LastExpanded)
	dst = appendCount(dst, `,"last_generated":`, r.LastGenerated)
	dst = appendTime(dst, time.Duration(r.TimeNS))
	dst = appendCount(dst, `,"cpu_ns":`, r.CPUNS)
	return dst
}

// appendStats appends the fields bound, h0, expanded, generated and
// iterations: the statistics of a search as [AppendRun] and
// [RotationWriter] write them, before last_expanded and last_generated.
func appendStats(dst []byte, st *search.Stats) []byte {
	dst = append(dst, `,"bound":`...)
	dst = strconv.AppendInt(dst, int64(st.Bound), 10)
	dst = append(dst, `,"h0":`...)
	dst = strconv.AppendInt(dst, int64(st.RootH), 10)
	dst = append(dst, `,"expanded":`...)
	dst = strconv.AppendUint(dst, st.Expanded, 10)
	dst = append(dst, `,"generated":`...)
	dst = strconv.AppendUint(dst, st.Generated, 10)
	dst = append(dst, `,"iterations":`...)
	return strconv.AppendInt(dst, int64(st.Iterations), 10)
}

// appendCount appends key (`,"name":`) and c when c is known.
func appendCount(dst []byte, key string, c OptCount) []byte {
	if !c.Known {
		return dst
	}
	return strconv.AppendUint(append(dst, key...), c.N, 10)
}

// appendTime appends time_ns when d is positive.
func appendTime(dst []byte, d time.Duration) []byte {
	if d <= 0 {
		return dst
	}
	return strconv.AppendInt(append(dst, `,"time_ns":`...), d.Nanoseconds(), 10)
}

// SetStats copies a search's statistics into r: bound, h0, the node
// counts (the last iteration's too), iterations and, when timed, the time.
func (r *Run) SetStats(st *search.Stats, timed bool) {
	r.Bound, r.H0 = st.Bound, st.RootH
	r.Expanded, r.Generated, r.Iterations = st.Expanded, st.Generated, st.Iterations
	r.LastExpanded, r.LastGenerated = KnownCount(st.LastExpanded), KnownCount(st.LastGenerated)
	r.TimeNS = 0
	if timed {
		r.TimeNS = st.Elapsed.Nanoseconds()
	}
}

const hexDigits = "0123456789abcdef"

// appendString appends s as a JSON string: quoted, with ", \ and control
// characters escaped, U+2028 and U+2029 escaped, and invalid UTF-8 replaced
// by U+FFFD, as encoding/json does (which also escapes <, > and &; this
// does not).
func appendString(dst []byte, s string) []byte {
	dst = append(dst, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' {
				i++
				continue
			}
			dst = append(dst, s[start:i]...)
			switch c {
			case '"', '\\':
				dst = append(dst, '\\', c)
			case '\n':
				dst = append(dst, '\\', 'n')
			case '\r':
				dst = append(dst, '\\', 'r')
			case '\t':
				dst = append(dst, '\\', 't')
			case '\b':
				dst = append(dst, '\\', 'b')
			case '\f':
				dst = append(dst, '\\', 'f')
			default:
				dst = append(dst, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xf])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			dst = append(dst, s[start:i]...)
			dst = append(dst, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			dst = append(dst, s[start:i]...)
			dst = append(dst, '\\', 'u', '2', '0', '2', hexDigits[r&0xf])
			i += size
			start = i
			continue
		}
		i += size
	}
	dst = append(dst, s[start:]...)
	return append(dst, '"')
}

// RotationWriter appends solved Rotation Game runs without reflection and
// without allocating: the input's and heuristic's names are encoded once.
// Its output is byte for byte what [AppendRun] writes for the same run. A
// writer is used by one goroutine at a time.
type RotationWriter struct {
	input     []byte // `"name"`
	heuristic []byte // `"name"`, or nil
	timed     bool
}

// NewRotationWriter returns a writer for runs of the named heuristic ("" to
// write none); timed says whether to write the solve's time.
func NewRotationWriter(heuristic string, timed bool) *RotationWriter {
	w := &RotationWriter{timed: timed}
	if heuristic != "" {
		w.heuristic = appendString(nil, heuristic)
	}
	return w
}

// SetInput sets the name of the input the next runs come from.
func (w *RotationWriter) SetInput(name string) {
	w.input = appendString(w.input[:0], name)
}

// Append appends the run of board b, read from the given line, whose
// result is r, as one JSON object and a newline.
func (w *RotationWriter) Append(dst []byte, line int, b bitboard.Rotation, r *search.RotationResult) []byte {
	dst = append(dst, `{"puzzle":"`+PuzzleRotation+`","input":`...)
	dst = append(dst, w.input...)
	dst = append(dst, `,"line":`...)
	dst = strconv.AppendInt(dst, int64(line), 10)
	dst = append(dst, `,"board":"`...)
	dst = b.AppendText(dst)
	dst = append(dst, '"')
	if w.heuristic != nil {
		dst = append(dst, `,"heuristic":`...)
		dst = append(dst, w.heuristic...)
	}
	dst = append(dst, `,"status":"solved","moves":"`...)
	dst = append(dst, r.Moves[:r.Len]...)
	dst = append(dst, `","length":`...)
	dst = strconv.AppendInt(dst, int64(r.Len), 10)
	if r.Symbol != 0 {
		dst = append(dst, `,"symbol":`...)
		dst = strconv.AppendInt(dst, int64(r.Symbol), 10)
	}
	dst = appendStats(dst, &r.Stats)
	dst = appendCount(dst, `,"last_expanded":`, KnownCount(r.LastExpanded))
	dst = appendCount(dst, `,"last_generated":`, KnownCount(r.LastGenerated))
	if w.timed {
		dst = appendTime(dst, r.Elapsed)
	}
	return append(dst, "}\n"...)
}
