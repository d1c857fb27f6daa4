// Command notrueking is the No True King desktop board game.
//
// Run bare (or as "notrueking play") it opens the game window; the other
// commands are listed by "notrueking help", and "notrueking help COMMAND"
// gives a command's flags. The command line is package cli; this program
// only runs it.
package main

import (
	"os"

	"notrueking/cli"
)

func main() {
	os.Exit(cli.Run(os.Args[1:], os.Stdout, os.Stderr))
}
