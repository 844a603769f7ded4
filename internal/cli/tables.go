package cli

import (
	"cmp"
	"errors"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/pdbsolve/pdbsolve/internal/report"
	"github.com/pdbsolve/pdbsolve/pdb"
)

// tablesOptions are the flags of "tables" and its subcommands.
type tablesOptions struct {
	g      *globalOptions
	Format outputFormat // list: text or json
	All    bool         // clean: every table
	Names  []string
}

func newTablesCmd(g *globalOptions) *cobra.Command {
	o := &tablesOptions{g: g}
	list := func(cmd *cobra.Command, args []string) error { return runTablesList(o) }
	cmd := &cobra.Command{
		Use:   "tables",
		Short: "List, locate and clean the table cache",
		Long: longHelp(`Manage the table cache directory (--tables, else $` + pdb.EnvTables + `, else the
user's cache directory); "tables" alone is "tables list". A table another
process is building is left in place; removed tables are built again on
next use; files that are not tables, locks or temporary files are left alone.
`),
		Args: cobra.NoArgs,
		RunE: list,
	}
	formatFlag(cmd, &o.Format, formatText, formatText, formatJSON)
	listCmd := &cobra.Command{
		Use:   "list",
		Short: "Read, check and list every table in the cache",
		Long: `Read and check every table file and list it: file name, puzzle, pattern,
entries, bits per entry, size on disk, state (ok, damaged or unreadable)
and whether pdbsolve pins its entries' checksum (PINNED yes, damaged too).
The exit status is 3, after the list, if any table is damaged.`,
		Args: cobra.NoArgs,
		RunE: list,
	}
	formatFlag(listCmd, &o.Format, formatText, formatText, formatJSON)
	pathCmd := &cobra.Command{
		Use:   "path",
		Short: "Print the table cache directory",
		Args:  cobra.NoArgs,
		RunE:  func(cmd *cobra.Command, args []string) error { return runTablesPath(o) },
	}
	cleanCmd := &cobra.Command{
		Use:   "clean NAME... | --all",
		Short: "Remove the named tables from the cache, or every table (--all)",
		Long: `Remove the tables named (file names as "tables list" shows them, or
PUZZLE/PATTERN ids) from the cache, with their lock files; with --all, every
table, lock file and temporary file a build that died left.`,
		RunE: func(cmd *cobra.Command, args []string) error {
			o.Names = args
			return runTablesClean(o)
		},
	}
	cleanCmd.Flags().BoolVar(&o.All, "all", false, "remove every table, lock file and leftover temporary file")
	cmd.AddCommand(listCmd, pathCmd, cleanCmd)
	return cmd
}

func runTablesList(o *tablesOptions) error {
	c, err := o.g.cache()
	if err != nil {
		return err
	}
	list, err := c.List()
	if err != nil {
		return withCode(ExitTable, err)
	}
	if o.Format == formatJSON {
		err = report.WriteTableListJSON(o.g.Stdout, list)
	} else {
		err = report.WriteTableList(o.g.Stdout, c.Dir, list)
	}
	return cmp.Or(withCode(ExitIO, err), withCode(ExitTable, pdb.ListDamaged(list)))
}

func runTablesPath(o *tablesOptions) error {
	c, err := o.g.cache()
	if err != nil {
		return err
	}
	_, err = fmt.Fprintln(o.g.Stdout, c.Dir)
	return withCode(ExitIO, err)
}

func runTablesClean(o *tablesOptions) error {
	if o.All && len(o.Names) > 0 {
		return usageError("tables clean: name the tables to remove or give --all, not both")
	}
	if !o.All && len(o.Names) == 0 {
		return usageError("tables clean: name the tables to remove (as \"tables list\" shows them), or give --all")
	}
	c, err := o.g.cache()
	if err != nil {
		return err
	}
	var removed []string
	if o.All {
		removed, err = c.CleanAll()
	} else {
		removed, err = c.Clean(o.Names...)
	}
	for _, name := range removed {
		fmt.Fprintf(o.g.Stdout, "removed %s\n", name)
	}
	if errors.Is(err, pdb.ErrNoTable) {
		return withCode(ExitUsage, err) // a bad argument (the tables named rightly are removed)
	}
	return withCode(ExitTable, err)
}
