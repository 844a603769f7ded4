//go:build ignore

// gen_kernels writes the search kernels, the zkernel_*.go files, from the
// skeleton and variants of search/internal/kernelgen. Run with go
// generate ./search; TestTilesKernelsGenerated fails while a file is stale.
package main

import (
	"log"
	"os"

	"github.com/pdbsolve/pdbsolve/search/internal/kernelgen"
)

func main() {
	files, err := kernelgen.Files()
	if err != nil {
		log.Fatal(err)
	}
	for name, src := range files {
		if err := os.WriteFile(name, src, 0o644); err != nil {
			log.Fatal(err)
		}
	}
}
