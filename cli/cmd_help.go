package cli

import (
	"fmt"
	"io"
)

// cmdHelp is the help command: the command table, or one command's usage
// line and flags (the same as COMMAND -h).
func cmdHelp(args []string, stdout, stderr io.Writer) int {
	c := newFlags("help", stdout, stderr)
	pos, code, ok := c.parse(args)
	if !ok {
		return code
	}
	switch {
	case len(pos) > 1:
		return c.unexpected(pos[1])
	case len(pos) == 1:
		cmd := lookup(pos[0])
		if cmd == nil {
			return unknownCommand(pos[0], stderr)
		}
		return cmd.run([]string{"-h"}, stdout, stderr)
	}
	fmt.Fprintln(stdout, "No True King, a hot-seat board game.")
	fmt.Fprintln(stdout, "\nusage: notrueking COMMAND [flags]; without a command, notrueking [flags] is play")
	fmt.Fprintln(stdout)
	for _, cmd := range commands {
		fmt.Fprintf(stdout, "  notrueking %s\n      %s\n", cmd.usage, cmd.short)
	}
	fmt.Fprintln(stdout, "\nnotrueking -version prints the version, commit and date of this build.")
	fmt.Fprintln(stdout, "notrueking help COMMAND (or notrueking COMMAND -h) gives a command's flags; README.md tells more.")
	return 0
}
