package cli

import (
	"fmt"
	"time"

	"github.com/spf13/cobra"

	"github.com/pdbsolve/pdbsolve/internal/report"
	"github.com/pdbsolve/pdbsolve/pdb"
)

// newGenCmd returns "gen" with its puzzles.
func newGenCmd(puzzles ...*cobra.Command) *cobra.Command {
	return choiceGroup(&cobra.Command{
		Use:   "gen PUZZLE",
		Short: "Build pattern database tables",
		Long: longHelp(`Build the tables a puzzle needs.
`, genHelp),
	}, "puzzle", puzzles...)
}

// genHelp is the help every gen command shares.
const genHelp = `The tables go into the cache directory (--tables DIR, else $` + pdb.EnvTables + `,
else the user's cache directory), or with -o DIR into DIR (then usable as
--tables DIR). A table already there is read, checked (the pinned checksum
included) and kept; only missing or damaged tables are built, unless
--rebuild. Each is written to a temporary file and renamed into place under
the table's lock, so processes sharing the directory (cluster nodes) build
it once. A table that cannot be written is exit 3 with its path;
--write-tables never is a usage error. Commands build the tables they need
on first use; on a cluster, run gen once in a job the array depends on.
Builds, gen's and those on first use, run on -j workers (default all cores).
`

// genOptions are the flags every "gen PUZZLE" shares (and all of "gen
// rotation"'s).
type genOptions struct {
	g       *globalOptions
	Output  string // -o DIR: the directory to hold the tables
	Rebuild bool   // build every table even when the directory holds it
}

// bindGenFlags binds the shared flags of a "gen PUZZLE" command to o.
func bindGenFlags(cmd *cobra.Command, o *genOptions) {
	cmd.Flags().StringVarP(&o.Output, "output", "o", "", "build the tables into this directory (usable as --tables DIR) instead of the cache directory")
	cmd.Flags().BoolVar(&o.Rebuild, "rebuild", false, "build and replace every table, also those already present and correct")
}

// genCache checks the global flags gen depends on and returns the cache of
// the directory the tables go to: -o DIR, else the cache directory.
func genCache(o *genOptions) (*pdb.Cache, error) {
	if o.g.WriteTables == pdb.WriteNever {
		return nil, usageError("gen writes tables: with --write-tables never it would keep none (solve, bench and info take --write-tables never)")
	}
	if o.Output != "" {
		c, err := o.g.cacheIn(o.Output)
		c.Where = o.Output // the messages name DIR, not "the cache"
		return c, err
	}
	return o.g.cache()
}

// genTable makes sure cache's directory holds s's table, building it when
// it is missing or damaged, or always with --rebuild, and says on stderr
// which it did and where the file is; a table that cannot be written is
// an error (exit 3).
func genTable(o *genOptions, cache *pdb.Cache, s pdb.Spec) (*pdb.Table, error) {
	start := time.Now()
	var t *pdb.Table
	built, err := true, error(nil)
	if o.Rebuild {
		t, err = cache.Rebuild(s)
	} else {
		t, built, err = cache.Ensure(s)
	}
	if err != nil {
		return nil, withCode(ExitTable, err)
	}
	path := cache.Path(s)
	if built {
		mean := report.TableMean(t)
		if mean != "" {
			mean = "; mean " + mean
		}
		fmt.Fprintf(o.g.Stderr, "pdbsolve: built %s (%d entries, checksum %08x) in %v; wrote %s%s\n",
			t.ID(), t.Entries, t.Checksum, time.Since(start).Round(time.Millisecond), path, mean)
	} else {
		fmt.Fprintf(o.g.Stderr, "pdbsolve: %s (%d entries, checksum %08x) is in %s, checked; kept (--rebuild replaces it)\n",
			t.ID(), t.Entries, t.Checksum, path)
	}
	return t, nil
}
