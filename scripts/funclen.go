//go:build ignore

// Funclen lists the functions of the non-test Go files of the packages
// (directories) named, longest first, with their length in lines (from the
// func line to the closing brace), and exits 1 when one is longer than
// -max lines. Generated files (ast.IsGenerated: the standard "Code
// generated ... DO NOT EDIT." line) are skipped: their functions are long by
// design, written out from a shorter source that a person edits (package
// search's kernels, from search/internal/kernelgen), which is checked.
//
//	go run scripts/funclen.go -max 80 internal/cli
package main

import (
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

type fn struct {
	where string
	name  string
	lines int
}

func main() {
	limit := flag.Int("max", 80, "longest function allowed, in lines")
	top := flag.Int("top", 10, "functions to list")
	flag.Parse()
	fset := token.NewFileSet()
	var fns []fn
	for _, dir := range flag.Args() {
		files, _ := filepath.Glob(filepath.Join(dir, "*.go"))
		for _, name := range files {
			if strings.HasSuffix(name, "_test.go") {
				continue
			}
			f, err := parser.ParseFile(fset, name, nil, parser.ParseComments)
			if err != nil {
				fmt.Fprintln(os.Stderr, err)
				os.Exit(2)
			}
			if ast.IsGenerated(f) {
				continue
			}
			ast.Inspect(f, func(n ast.Node) bool {
				var body *ast.BlockStmt
				label := ""
				switch d := n.(type) {
				case *ast.FuncDecl:
					body, label = d.Body, d.Name.Name
					if d.Recv != nil && len(d.Recv.List) > 0 {
						label = fmt.Sprintf("(%s).%s", recv(d.Recv.List[0].Type), label)
					}
				default:
					return true
				}
				if body == nil {
					return false
				}
				start, end := fset.Position(n.Pos()), fset.Position(body.End())
				fns = append(fns, fn{fmt.Sprintf("%s:%d", name, start.Line), label, end.Line - start.Line + 1})
				return false
			})
		}
	}
	sort.Slice(fns, func(i, j int) bool { return fns[i].lines > fns[j].lines })
	over := 0
	for i, f := range fns {
		if f.lines > *limit {
			over++
		}
		if i < *top || f.lines > *limit {
			fmt.Printf("%4d  %s  %s\n", f.lines, f.name, f.where)
		}
	}
	if over > 0 {
		fmt.Printf("%d functions over %d lines\n", over, *limit)
		os.Exit(1)
	}
}

// recv returns the receiver's type name.
func recv(e ast.Expr) string {
	switch t := e.(type) {
	case *ast.StarExpr:
		return "*" + recv(t.X)
	case *ast.Ident:
		return t.Name
	case *ast.IndexExpr:
		return recv(t.X)
	case *ast.IndexListExpr:
		return recv(t.X)
	}
	return "?"
}
