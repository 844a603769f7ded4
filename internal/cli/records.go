package cli

import "strings"

// internalPrefixes are the package prefixes some library messages start
// with (or carry after a wrapping "...: "); a user reads none of them.
var internalPrefixes = []string{"bitboard: ", "search: ", "pdb: "}

// userMessage returns err's message without internal package prefixes.
func userMessage(err error) string {
	msg := err.Error()
	for _, p := range internalPrefixes {
		if strings.HasPrefix(msg, p) {
			msg = msg[len(p):]
		}
		msg = strings.ReplaceAll(msg, ": "+p, ": ")
	}
	return msg
}

// plainError is an error whose message a user reads: userMessage of the
// error it wraps, which errors.Is and errors.As still see.
type plainError struct{ err error }

func (e plainError) Error() string { return userMessage(e.err) }
func (e plainError) Unwrap() error { return e.err }

// plain wraps err as a plainError; nil stays nil.
func plain(err error) error {
	if err == nil {
		return nil
	}
	return plainError{err}
}
