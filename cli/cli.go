// Package cli is the command line of notrueking: the command table, and
// every command as one function in its own file, cmd_NAME.go. The program
// (the module's root, package main) only calls Run.
//
// Run bare (or as "notrueking play") it opens the game window; the other
// commands are listed by "notrueking help" (the table below), and
// "notrueking help COMMAND" gives a command's flags.
//
// Every game is saved after every action in the saves folder
// (<user config>/notrueking/saves, or $NTK_CONFIG_DIR/saves); the start
// screen offers unfinished games to continue.
package cli

import (
	"fmt"
	"io"
	"strings"

	"notrueking/internal/version"
)

// A command is one row of the command table: its name, its usage line
// (after "notrueking "), one line of help, and the function that runs it.
// run returns the exit status: 0, 1 when the work failed, 2 for a usage
// error (one line on stderr).
type command struct {
	name  string
	usage string
	short string
	run   func(args []string, stdout, stderr io.Writer) int
}

// commands is the command table, in the order help lists it. It is set in
// init because help walks it (commands_native.go; a web page's build has
// only the window's commands: commands_js.go).
var commands []command

// Run runs the command args name (the program's arguments, without its
// own name) and returns the exit status. Without one (no arguments, or a
// flag first) it is play, which takes today's -replay, -spectate and
// -sandbox as the commands they name; -h, -help and --help alone are help,
// -version alone prints the build's version, commit and date.
func Run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 || strings.HasPrefix(args[0], "-") {
		if len(args) == 1 && isHelpFlag(args[0]) {
			return cmdHelp(nil, stdout, stderr)
		}
		if len(args) == 1 && isVersionFlag(args[0]) {
			fmt.Fprintln(stdout, version.Get())
			return 0
		}
		return cmdPlay(args, stdout, stderr)
	}
	if c := lookup(args[0]); c != nil {
		return c.run(args[1:], stdout, stderr)
	}
	return unknownCommand(args[0], stderr)
}

// unknownCommand refuses name with the list of commands: one line, exit
// status 2.
func unknownCommand(name string, stderr io.Writer) int {
	fmt.Fprintf(stderr, "notrueking: unknown command %q (the commands: %s; notrueking help says what each does)\n", short(name), strings.Join(commandNames(), ", "))
	return 2
}

// lookup is the command called name, or nil.
func lookup(name string) *command {
	for i := range commands {
		if commands[i].name == name {
			return &commands[i]
		}
	}
	return nil
}

func commandNames() []string {
	var names []string
	for _, c := range commands {
		names = append(names, c.name)
	}
	return names
}

// isVersionFlag is -version (or --version): alone, it prints the build's
// stamp (internal/version) and exits.
func isVersionFlag(arg string) bool { return arg == "-version" || arg == "--version" }

func isHelpFlag(arg string) bool {
	switch arg {
	case "-h", "-help", "--h", "--help":
		return true
	}
	return false
}
