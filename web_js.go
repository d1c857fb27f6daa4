//go:build js

package main

import (
	"fmt"
	"io"
)

// webMain: the browser version does not build itself.
func webMain(_ []string, _, stderr io.Writer) int {
	fmt.Fprintln(stderr, "notrueking web: run it with Go on a desktop, in the source folder")
	return 2
}
