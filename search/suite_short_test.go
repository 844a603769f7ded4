//go:build !long

package search

const longTests = false
