package batch_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"strings"

	"github.com/pdbsolve/pdbsolve/internal/batch"
)

// A batch that answers each line with its length, on four workers, one
// line a unit; the answers keep the input order.
func ExampleRun() {
	res := batch.Run(context.Background(), batch.Config[batch.None]{
		Inputs:  []string{"-"},
		Stdin:   strings.NewReader("a\nbbb\n\ncc\n"),
		Stdout:  os.Stdout,
		Stderr:  os.Stderr,
		Workers: 4,
		First:   func(data []byte) int { return bytes.IndexByte(data, '\n') + 1 },
		NewHandler: func() batch.Handler[batch.None] {
			return func(u *batch.Unit, _ *batch.None) {
				line := u.Line
				for text := range bytes.Lines(u.Data) {
					if text = bytes.TrimSpace(text); len(text) > 0 {
						u.Out = fmt.Appendf(u.Out, "line %d: %d\n", line, len(text))
					}
					line++
				}
			}
		},
	})
	fmt.Println(res.Answered, "records")
	// Output:
	// line 1: 1
	// line 2: 3
	// line 4: 2
	// 3 records
}
