package cli

import (
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/pdbsolve/pdbsolve/internal/provenance"
	"github.com/pdbsolve/pdbsolve/internal/record"
	"github.com/pdbsolve/pdbsolve/pdb"
	"github.com/pdbsolve/pdbsolve/search"
)

// tableLoaded records a table the cache returned, for provenance.
func (g *globalOptions) tableLoaded(t *pdb.Table) {
	g.tablesMu.Lock()
	g.tablesUsed = append(g.tablesUsed, t)
	g.tablesMu.Unlock()
}

// provenance returns what made this output: the process's command line,
// the time now and the tables loaded so far.
func (g *globalOptions) provenance() record.Provenance {
	g.tablesMu.Lock()
	defer g.tablesMu.Unlock()
	return provenance.Collect(g.args, time.Now(), g.tablesUsed...)
}

// checkLimits rejects negative search limits as usage errors.
func checkLimits(maxNodes uint64, timeout time.Duration) error {
	if timeout < 0 {
		return usageError("--timeout %v: want a duration of 0 (no limit) or more", timeout)
	}
	return nil
}

// registerCompletions makes the shell complete the values of a command's
// --heuristic (with heuristics), --format (with formats) and --goal flags.
func registerCompletions(cmd *cobra.Command, heuristics cobra.CompletionFunc, formats ...string) {
	if heuristics != nil && cmd.Flags().Lookup("heuristic") != nil {
		cmd.RegisterFlagCompletionFunc("heuristic", heuristics)
	}
	if len(formats) > 0 && cmd.Flags().Lookup("format") != nil {
		cmd.RegisterFlagCompletionFunc("format", cobra.FixedCompletions(formats, cobra.ShellCompDirectiveNoFileComp))
	}
	if cmd.Flags().Lookup("goal") != nil {
		cmd.RegisterFlagCompletionFunc("goal", cobra.FixedCompletions([]string{"blank-first", "blank-last"}, cobra.ShellCompDirectiveNoFileComp))
	}
}

// heuristicNames returns the heuristics a puzzle takes, by command name.
func heuristicNames(puzzle string) []string {
	if puzzle == "rotation" {
		return rotationBenchNames
	}
	for _, p := range tilesPuzzles {
		if p.name == puzzle {
			return search.TilesHeuristicNames(p.n)
		}
	}
	return nil
}

// completeHeuristic completes one heuristic of the puzzle named.
func completeHeuristic(puzzle string) cobra.CompletionFunc {
	return func(*cobra.Command, []string, string) ([]cobra.Completion, cobra.ShellCompDirective) {
		return heuristicNames(puzzle), cobra.ShellCompDirectiveNoFileComp
	}
}

// completeBenchHeuristics completes the last name of bench's comma-separated
// --heuristic list, for the puzzle named by the first argument.
func completeBenchHeuristics(cmd *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
	if len(args) == 0 {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	prefix := ""
	if i := strings.LastIndexByte(toComplete, ','); i >= 0 {
		prefix = toComplete[:i+1]
	}
	var out []cobra.Completion
	for _, h := range heuristicNames(args[0]) {
		out = append(out, prefix+h)
	}
	return out, cobra.ShellCompDirectiveNoFileComp | cobra.ShellCompDirectiveNoSpace
}
