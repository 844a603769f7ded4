package cli

import (
	"context"
	"io"
	"slices"
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// TestEnumFlagsCompleteWhatTheyTake: on every command, each enum flag
// (--format, --goal, --split, --write-tables) completes exactly the values
// it takes, takes each of them, and refuses any other when parsed.
func TestEnumFlagsCompleteWhatTheyTake(t *testing.T) {
	root, _ := newRoot(context.Background(), strings.NewReader(""), io.Discard, io.Discard)
	registerCompletions(root)
	seen := map[string]bool{}
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		check := func(f *pflag.Flag) {
			e, ok := f.Value.(interface{ names() []string })
			if !ok {
				return
			}
			seen[f.Name] = true
			complete, found := c.GetFlagCompletionFunc(f.Name)
			if !found {
				t.Errorf("%s --%s: no completion", c.CommandPath(), f.Name)
				return
			}
			got, _ := complete(c, nil, "")
			if !slices.Equal(got, e.names()) {
				t.Errorf("%s --%s completes %v, takes %v", c.CommandPath(), f.Name, got, e.names())
			}
			def := f.Value.String()
			for _, v := range e.names() {
				if err := f.Value.Set(v); err != nil || f.Value.String() != v {
					t.Errorf("%s --%s %s: %v", c.CommandPath(), f.Name, v, err)
				}
			}
			if err := f.Value.Set("bogus"); err == nil || !strings.Contains(err.Error(), e.names()[0]) {
				t.Errorf("%s --%s bogus: %v", c.CommandPath(), f.Name, err)
			}
			f.Value.Set(def)
		}
		c.LocalNonPersistentFlags().VisitAll(check)
		c.PersistentFlags().VisitAll(check)
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(root)
	for _, name := range []string{"format", "goal", "split", "write-tables"} {
		if !seen[name] {
			t.Errorf("no enum flag --%s found", name)
		}
	}
}
