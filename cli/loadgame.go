package cli

import (
	"fmt"
	"io"

	"notrueking/gamefile"
	"notrueking/rules"
)

// loadGameAt replays a record or save file up to at actions (-1: all),
// for the commands that look at a game without playing it on (render,
// suggest). A warning of the file (a cut-off last line) goes to stderr
// with the command's name, cmd.
func loadGameAt(cmd, path string, at int, stderr io.Writer) (*rules.Game, error) {
	f, err := gamefile.ReadFile(path, gamefile.Loader)
	if err != nil {
		return nil, err
	}
	g, warning := f.Game, f.Warning
	if warning != "" {
		fmt.Fprintf(stderr, "notrueking %s: %s: warning: %s\n", cmd, path, warning)
	}
	if at < 0 {
		return g, nil
	}
	if at > g.Len() {
		return nil, fmt.Errorf("-at %d: %s holds %d actions", at, path, g.Len())
	}
	return g.At(at)
}
