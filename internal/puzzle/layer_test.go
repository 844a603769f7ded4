package puzzle

import (
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestPuzzleIsBelowTheFeatures: the puzzle type imports none of the
// packages of the commands' features, which sit above it (docs/design.md).
func TestPuzzleIsBelowTheFeatures(t *testing.T) {
	above := []string{"bench", "cli", "plot", "score", "solve", "verify"}
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), name, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range f.Imports {
			path, _ := strconv.Unquote(imp.Path.Value)
			for _, a := range above {
				if path == "github.com/pdbsolve/pdbsolve/internal/"+a {
					t.Errorf("%s imports %s", name, path)
				}
			}
		}
	}
	if len(files) == 0 {
		t.Fatal("no files read")
	}
}
