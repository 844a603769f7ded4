// Command pdbsolve solves puzzles optimally with pattern databases.
package main

import (
	"os"

	"github.com/pdbsolve/pdbsolve/internal/cli"
)

func main() { os.Exit(cli.Main()) }
