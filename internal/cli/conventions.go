package cli

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/pdbsolve/pdbsolve/internal/batch"
	"github.com/pdbsolve/pdbsolve/internal/provenance"
	"github.com/pdbsolve/pdbsolve/internal/puzzle"
	"github.com/pdbsolve/pdbsolve/internal/record"
)

// provenance returns what made this output: the process's command line,
// the time now and the tables loaded so far.
func (g *globalOptions) provenance() record.Provenance { return g.tables.Collect(g.args, time.Now()) }

// checkTimeout rejects a negative --timeout as a usage error (a negative
// --max-nodes is already one: the flag is unsigned).
func checkTimeout(timeout time.Duration) error {
	if timeout < 0 {
		return usageError("--timeout %v: want a duration of 0 (no limit) or more", timeout)
	}
	return nil
}

// completions returns what the shell completes for a flag of the puzzle
// named (puzzle.Completions), on the board of cmd's --size when given.
func completions(cmd *cobra.Command, name string, pdb bool) []string {
	size := ""
	if f := cmd.Flags().Lookup("size"); f != nil && f.Changed {
		size = f.Value.String()
	}
	return puzzle.Completions(name, size, pdb)
}

// completeHeuristics completes --heuristic with the heuristics of the
// puzzle named or, when name is "", of the puzzle the first argument names
// (nothing before it); with list, the last name of a comma-separated list.
func completeHeuristics(name string, list bool) cobra.CompletionFunc {
	return func(cmd *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
		noFiles := cobra.ShellCompDirectiveNoFileComp
		switch {
		case name != "":
			return completions(cmd, name, false), noFiles
		case len(args) == 0:
			return nil, noFiles
		case !list:
			return completions(cmd, args[0], false), noFiles
		}
		prefix := toComplete[:strings.LastIndexByte(toComplete, ',')+1]
		var out []cobra.Completion
		for _, h := range completions(cmd, args[0], false) {
			out = append(out, prefix+h)
		}
		return out, noFiles | cobra.ShellCompDirectiveNoSpace
	}
}

// completePuzzleArg completes a command's first argument with the puzzle
// names, and the others (input files) as files.
func completePuzzleArg(_ *cobra.Command, args []string, _ string) ([]cobra.Completion, cobra.ShellCompDirective) {
	if len(args) > 0 {
		return nil, cobra.ShellCompDirectiveDefault
	}
	return puzzle.Names(), cobra.ShellCompDirectiveNoFileComp
}

// checkFlagConventions applies the conventions every command shares to the
// flags of cmd: a negative --timeout, --max-nodes given as a negative
// number, a negative --walk, and a sliding-tile flag of bench, verify or
// score given for PUZZLE (args[0]) rotation, and a file a flag writes that
// is an input (a FILE argument, --input, --solutions: batch.CheckNotInput)
// and solve's --format but json with -o are usage errors; --format aoj
// implies its goal (puzzle.FormatGoal: blank-last) unless --goal is given.
func checkFlagConventions(cmd *cobra.Command, args []string) error {
	fs := cmd.Flags()
	inputs := append([]string(nil), args[min(len(args), strings.Count(cmd.Use, " PUZZLE")):]...) // the FILE arguments
	for _, name := range []string{"input", "solutions"} {
		if f := fs.Lookup(name); f != nil {
			inputs = append(inputs, f.Value.String())
		}
	}
	for _, name := range []string{"output", "plot", "antipodes", "cpuprofile"} { // the files flags write
		if f := fs.Lookup(name); f != nil {
			if err := batch.CheckNotInput(map[bool]string{true: "-o", false: "--" + name}[name == "output"], f.Value.String(), inputs...); err != nil {
				return withCode(ExitUsage, err)
			}
		}
	}
	for _, name := range []string{"prune", "order", "goal", "split", "size", "progress"} { // solve's, gen's, random's are a subcommand's own
		if f := fs.Lookup(name); f != nil && f.Changed && len(args) > 0 && args[0] == puzzle.RotationName && strings.Contains(cmd.Use, " PUZZLE") {
			return usageError("--%s: applies to sliding tiles only, not to %s", name, args[0])
		}
	}
	if f := fs.Lookup("timeout"); f != nil {
		if d, err := fs.GetDuration("timeout"); err == nil {
			if err := checkTimeout(d); err != nil {
				return err
			}
		}
	}
	if f := fs.Lookup("walk"); f != nil && f.Changed {
		if n, err := fs.GetInt("walk"); err == nil && n < 0 {
			return usageError("--walk %d: want a number of moves of at least 0", n)
		}
	}
	if f, o := fs.Lookup("format"), fs.Lookup("output"); f != nil && f.Changed && f.Value.String() != "json" && o != nil && o.Value.String() != "" && cmd.Parent().Name() == "solve" {
		return usageError("--format %s with -o %s: -o writes the answers as JSON Lines (--format json) and nothing to standard output; drop -o to print %s", f.Value, o.Value, f.Value)
	}
	if f, gf := fs.Lookup("format"), fs.Lookup("goal"); f != nil && gf != nil && !gf.Changed {
		if goal, ok := puzzle.FormatGoal(f.Value.String()); ok {
			gf.Value.Set(goal.String())
		}
	}
	return nil
}

// registerCompletions makes the shell complete the values of the flags
// (each enum flag from the list it takes; --heuristic and --pdb by puzzle and
// board) and the PUZZLE argument of bench and verify. Cobra keeps flag
// completions in a package-level map, so the root command calls it only
// before a completion request (cobra's hidden __complete command), never in
// a run that does work.
func registerCompletions(root *cobra.Command) {
	noFiles := cobra.ShellCompDirectiveNoFileComp
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		for _, sub := range c.Commands() {
			walk(sub)
		}
		c.LocalFlags().VisitAll(func(f *pflag.Flag) {
			if e, ok := f.Value.(interface{ names() []string }); ok {
				c.RegisterFlagCompletionFunc(f.Name, cobra.FixedCompletions(e.names(), noFiles))
			}
		})
		complete := func(flag string, f cobra.CompletionFunc) {
			if c.Flags().Lookup(flag) != nil {
				c.RegisterFlagCompletionFunc(flag, f)
			}
		}
		switch p := c.CommandPath(); {
		case p == "pdbsolve bench" || p == "pdbsolve verify":
			c.ValidArgsFunction = completePuzzleArg
			complete("heuristic", completeHeuristics("", p == "pdbsolve bench"))
		case p == "pdbsolve score":
			complete("heuristic", completeHeuristics("", true))
		case c.Parent() != nil && c.Parent().Name() == "solve":
			complete("heuristic", completeHeuristics(c.Name(), false))
		}
		complete("pdb", completePDB(c.Name()))
	}
	walk(root)
}

// completePDB completes gen's --pdb for the puzzle named ("tiles": for the
// board of its --size, when given).
func completePDB(name string) cobra.CompletionFunc {
	return func(cmd *cobra.Command, _ []string, _ string) ([]cobra.Completion, cobra.ShellCompDirective) {
		return completions(cmd, name, true), cobra.ShellCompDirectiveNoFileComp
	}
}

// plainFlagError words the error of a number flag's bad value without
// strconv's: "--max-nodes -1: want a whole number, 0 or more".
func plainFlagError(err error) error {
	var ie *pflag.InvalidValueError
	var ne *strconv.NumError
	if !errors.As(err, &ie) || !errors.As(err, &ne) {
		return err
	}
	want := "a whole number"
	if strings.HasPrefix(ie.GetFlag().Value.Type(), "uint") {
		want += ", 0 or more"
	}
	return fmt.Errorf("--%s %s: want %s (%v)", ie.GetFlag().Name, ie.GetValue(), want, ne.Err)
}

// setTemplates gives root a --version flag printing the provenance text
// (version, commit, Go version and platform) and every command a usage
// whose lists of flags are wrapped to the help's width, puzzle.HelpWidth
// (cobra's template, calling pflag's FlagUsagesWrapped; its last line
// shortened to fit a command path as long as "pdbsolve completion").
func setTemplates(root *cobra.Command) {
	// The text itself, not a template function: cobra.AddTemplateFunc would
	// write a package-level map of cobra's at every newRoot.
	root.Version = provenance.VersionText()
	root.SetVersionTemplate("{{.Version}}")
	root.SetUsageTemplate(strings.NewReplacer(".FlagUsages", fmt.Sprintf(".FlagUsagesWrapped %d", puzzle.HelpWidth),
		"for more information about a command", "for a command's help").Replace(root.UsageTemplate()))
}
