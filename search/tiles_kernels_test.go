package search

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/pdbsolve/pdbsolve/search/internal/kernelgen"
)

// TestTilesKernelsGenerated fails when a kernel file (zkernel_*.go) is not
// what search/internal/kernelgen generates, byte for byte: one edited by
// hand, or not regenerated after the generator changed (run go generate
// ./search), or left over from a variant that is gone.
func TestTilesKernelsGenerated(t *testing.T) {
	files, err := kernelgen.Files()
	if err != nil {
		t.Fatal(err)
	}
	have, err := filepath.Glob("zkernel_*.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range have {
		if _, ok := files[name]; !ok {
			t.Errorf("%s: no kernel variant generates it (remove it, or run go generate ./search)", name)
		}
	}
	for name, want := range files {
		if ok, _ := filepath.Match("zkernel_*.go", name); !ok {
			t.Errorf("kernelgen generates %s: kernel files are named zkernel_*.go", name)
			continue
		}
		got, err := os.ReadFile(name)
		if err != nil {
			t.Errorf("%v (run go generate ./search)", err)
			continue
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s is stale: run go generate ./search", name)
		}
	}
}
