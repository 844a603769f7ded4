package batch

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCheckNotInput: an output that is an input, however spelled (./, a
// symbolic or hard link), is refused naming the flag and the file; another
// file, a missing one, "" and standard input are not.
func TestCheckNotInput(t *testing.T) {
	dir := t.TempDir()
	in, other := filepath.Join(dir, "in.txt"), filepath.Join(dir, "other.txt")
	for _, p := range []string{in, other} {
		if err := os.WriteFile(p, []byte("1 2 3\n"), 0o644); err != nil { // the same bytes: SameFile, not contents
			t.Fatal(err)
		}
	}
	sym, hard := filepath.Join(dir, "sym.txt"), filepath.Join(dir, "hard.txt")
	if err := os.Symlink(in, sym); err != nil {
		t.Fatal(err)
	}
	if err := os.Link(in, hard); err != nil {
		t.Fatal(err)
	}
	for _, out := range []string{in, dir + "/./in.txt", sym, hard} {
		err := CheckNotInput("--plot", out, "-", other, in)
		if !errors.Is(err, ErrSameInput) || !strings.HasPrefix(err.Error(), "--plot "+out+": ") {
			t.Errorf("--plot %s with the input %s: %v; want ErrSameInput naming the flag and file", out, in, err)
		}
		if err := CheckOutput("-o", out, in); !errors.Is(err, ErrSameInput) {
			t.Errorf("CheckOutput -o %s with the input %s: %v; want ErrSameInput", out, in, err)
		}
	}
	for _, out := range []string{other, filepath.Join(dir, "new.txt"), "", "-"} {
		if err := CheckNotInput("-o", out, in, "-", filepath.Join(dir, "missing.txt")); err != nil {
			t.Errorf("-o %q with the input %s: %v; want none", out, in, err)
		}
	}
}
