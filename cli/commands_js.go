//go:build js

package cli

import "io"

// headless are the commands that run without a window (host, run,
// selfplay, render, bots, …): none in a web page, whose module leaves
// their code out.
var headless struct {
	host, validate, run, selfplay, render, suggest, bots func([]string, io.Writer, io.Writer) int
}
