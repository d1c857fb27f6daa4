//go:build !js

package cli

import "io"

// headless are the commands that run without a window: the desktop
// program's.
var headless = struct {
	host, validate, run, selfplay, render, suggest, bots func([]string, io.Writer, io.Writer) int
}{
	cmdHost, cmdValidate, cmdRun, cmdSelfplay, cmdRender, cmdSuggest, cmdBots}
