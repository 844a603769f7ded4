//go:build long

package search

const longTests = true
