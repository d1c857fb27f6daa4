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
// init because help walks it. A web page's build has only the window's
// commands (headless is false there: commands_js.go), the headless ones'
// code staying out of the page's module.
var commands []command

func init() {
	all := []command{
		{"play", playUsage, "open the game window: the start screen, or a game set up by the flags (the default command)", cmdPlay},
		{"replay", "replay FILE " + presenterUsage, "watch the game of a record or save in the replay viewer (nothing is played or written)", cmdReplay},
		{"spectate", "spectate FILE|latest|LINK " + presenterUsage, "follow a game's save, or a hosted game by its spectator link, in a window that shows the public view only, for a stream", cmdSpectate},
		{"sandbox", "sandbox " + setupUsage + " [-record FILE] " + presenterUsage, "edit a position of a map's setup, then play from it (a tester's tool)", cmdSandbox},
		{"host", hostUsage, "host a game on the network without a window: prints the join link, runs until the game ends; players join from their own devices", headless.host},
		{"join", joinUsage, "join a game hosted on the network (the host's join link) in a window, or play its seat headless with -bot", cmdJoin},
		{"validate", "validate [-json] [-balance [-games N] [-easy N] [-players N] [-seed S] [-j N]] FILE", "check a map file (or a shipped map) and print its summary, or every problem", headless.validate},
		{"run", "run RECORD", "replay a game record headlessly, printing every event and the final state as JSON", headless.run},
		{"selfplay", "selfplay [-map NAME|FILE] [-players N] [-games G] [-seed S] [-variant citadel]", "play random legal games headlessly; print their speed and a checksum", headless.selfplay},
		{"render", "render -o FILE.png [-size WxH] [-load RECORD [-at N] | -scenario FILE] [-map NAME|FILE] [-players N] [-seed N] [-variant citadel] [-f]", "draw the public table of a game as a PNG picture", headless.render},
		{"suggest", "suggest -load RECORD [-at N] [-level random|steady|easy|strong] [-seed S] [-why]", "print the move a bot would make for the seat to act", headless.suggest},
		{"bots", "bots -seats LEVEL,LEVEL,... [-map NAME|FILE] [-players N] [-games G] [-seed S] [-j CORES] [-q] [-records DIR] [-playout greedy|uniform] [-deal model|uniform] [-variant citadel]", "play a tournament of bots and print its table", headless.bots},
		{"help", "help [COMMAND]", "list the commands, or show one command's flags", cmdHelp},
	}
	for _, c := range all {
		if c.run != nil {
			commands = append(commands, c)
		}
	}
}

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

const hostUsage = "host " + setupUsage + " [-scenario FILE | -load SAVE] [-bots human,LEVEL,...] [-bot-pause D] [-addr HOST:PORT] [-admit ask|auto] [-away-bot DURATION,LEVEL|off] [-site DIR] [-no-spectators] [-no-spectator-talk] [-record FILE] [-overlay FILE]"
