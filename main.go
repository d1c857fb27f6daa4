// Command notrueking is the No True King desktop board game.
//
// Run bare (or as "notrueking play") it opens the game window; the other
// commands are listed by "notrueking help" (the table below), and
// "notrueking help COMMAND" gives a command's flags. Each command is one
// function in its own file, cmd_NAME.go.
//
// Every game is saved after every action in the saves folder
// (<user config>/notrueking/saves, or $NTK_CONFIG_DIR/saves); the start
// screen offers unfinished games to continue.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"notrueking/maps"
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
// init because help walks it.
var commands []command

func init() {
	commands = []command{
		{"play", playUsage, "open the game window: the start screen, or a game set up by the flags (the default command)", cmdPlay},
		{"replay", "replay FILE " + presenterUsage, "watch the game of a record or save in the replay viewer (nothing is played or written)", cmdReplay},
		{"spectate", "spectate FILE|latest " + presenterUsage, "follow a game's save in a window that shows the public view only, for a stream", cmdSpectate},
		{"sandbox", "sandbox " + setupUsage + " [-record FILE] " + presenterUsage, "edit a position of a map's setup, then play from it (a tester's tool)", cmdSandbox},
		{"validate", "validate [-json] FILE", "check a map file (or a shipped map) and print its summary, or every problem", cmdValidate},
		{"run", "run RECORD", "replay a game record headlessly, printing every event and the final state as JSON", cmdRun},
		{"selfplay", "selfplay [-map NAME|FILE] [-players N] [-games G] [-seed S]", "play random legal games headlessly; print their speed and a checksum", cmdSelfplay},
		{"render", "render -o FILE.png [-size WxH] [-load RECORD [-at N] | -scenario FILE] [-map NAME|FILE] [-players N] [-seed N] [-f]", "draw the public table of a game as a PNG picture", cmdRender},
		{"suggest", "suggest -load RECORD [-at N] [-level random|easy|strong] [-seed S] [-why]", "print the move a bot would make for the seat to act", cmdSuggest},
		{"bots", "bots -seats LEVEL,LEVEL,... [-map NAME|FILE] [-players N] [-games G] [-seed S] [-j CORES] [-q]", "play a tournament of bots and print its table", cmdBots},
		{"help", "help [COMMAND]", "list the commands, or show one command's flags", cmdHelp},
	}
}

func main() {
	os.Exit(dispatch(os.Args[1:], os.Stdout, os.Stderr))
}

// dispatch runs the command args name. Without one (no arguments, or a
// flag first) it is play, which takes today's -replay, -spectate and
// -sandbox as the commands they name; -h, -help and --help alone are help.
func dispatch(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 || strings.HasPrefix(args[0], "-") {
		if len(args) == 1 && isHelpFlag(args[0]) {
			return cmdHelp(nil, stdout, stderr)
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

func isHelpFlag(arg string) bool {
	switch arg {
	case "-h", "-help", "--h", "--help":
		return true
	}
	return false
}

// cmdFlags is the command line of one command: its flag set, and how its
// messages name it.
type cmdFlags struct {
	*flag.FlagSet
	name           string // the command, for its usage line
	stdout, stderr io.Writer
	// prefix starts each message: "notrueking render: ".
	prefix string
	// notTaken, when set, words the refusal of a flag the command does not
	// take but another window command does ("" for none).
	notTaken func(name string) string
}

// newFlags starts the command line of the command name. Package flag
// prints nothing: parse reports.
func newFlags(name string, stdout, stderr io.Writer) *cmdFlags {
	fs := flag.NewFlagSet("notrueking "+name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	return &cmdFlags{FlagSet: fs, name: name, stdout: stdout, stderr: stderr, prefix: "notrueking " + name + ": "}
}

// parse reads args: flags and arguments in any order ("--" ends the
// flags), and returns the arguments. -h (or -help) prints the command's
// help on stdout (exit status 0); a bad flag is a usage error, one line on
// stderr (exit status 2). When ok is false the command returns code.
func (c *cmdFlags) parse(args []string) (pos []string, code int, ok bool) {
	for {
		err := c.Parse(args)
		if errors.Is(err, flag.ErrHelp) {
			c.help(c.stdout)
			return nil, 0, false
		}
		if err != nil {
			return nil, c.fail("%s", c.flagError(err)), false
		}
		rest := c.Args()
		if len(rest) == 0 {
			return pos, 0, true
		}
		if n := len(args) - len(rest); n > 0 && args[n-1] == "--" {
			return append(pos, rest...), 0, true
		}
		pos, args = append(pos, rest[0]), rest[1:]
	}
}

// flagError words an error of package flag: a flag another window command
// takes is refused with the reason this one does not.
func (c *cmdFlags) flagError(err error) string {
	if name, ok := strings.CutPrefix(err.Error(), "flag provided but not defined: -"); ok {
		if c.notTaken != nil {
			if why := c.notTaken(name); why != "" {
				return why
			}
		}
		return fmt.Sprintf("-%s is not a flag of %s (notrueking help %s lists them)", short(name), c.name, c.name)
	}
	return fmt.Sprintf("%v (notrueking help %s lists the flags)", err, c.name)
}

// fail reports a usage error: one line on stderr, exit status 2.
func (c *cmdFlags) fail(format string, a ...any) int {
	fmt.Fprintf(c.stderr, c.prefix+format+"\n", a...)
	return 2
}

// failed reports that the command's work failed: exit status 1.
func (c *cmdFlags) failed(format string, a ...any) int {
	fmt.Fprintf(c.stderr, c.prefix+format+"\n", a...)
	return 1
}

// usage is the command's usage line: "usage: notrueking run RECORD".
func (c *cmdFlags) usage() string {
	if cmd := lookup(c.name); cmd != nil {
		return "usage: notrueking " + cmd.usage
	}
	return "usage: notrueking " + c.name
}

// help writes the command's usage line, what it does and its flags.
func (c *cmdFlags) help(w io.Writer) {
	fmt.Fprintln(w, c.usage())
	if cmd := lookup(c.name); cmd != nil {
		fmt.Fprintf(w, "\n%s.\n", upperFirst(cmd.short))
	}
	n := 0
	c.VisitAll(func(*flag.Flag) { n++ })
	if n > 0 {
		fmt.Fprintln(w, "\nflags:")
		c.SetOutput(w)
		c.PrintDefaults()
		c.SetOutput(io.Discard)
	}
}

// isSet reports whether the flag name was given.
func (c *cmdFlags) isSet(name string) bool {
	set := false
	c.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}

// unexpected refuses the first argument the command does not take.
func (c *cmdFlags) unexpected(arg string) int {
	return c.fail("unexpected argument %q (%s)", short(arg), c.usage())
}

func upperFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// oneLine is an error's message on one line (a file's problem may list
// several).
func oneLine(err error) string {
	return strings.Join(strings.Fields(strings.ReplaceAll(err.Error(), "\n", " · ")), " ")
}

// defaultName names seat i when the players are only counted.
func defaultName(i int) string {
	names := []string{"Alice", "Bob", "Carol", "Dave", "Erin", "Frank", "Grace", "Heidi", "Ivan"}
	if i < len(names) {
		return names[i]
	}
	return fmt.Sprintf("Player %d", i+1)
}

// short cuts a flag's value for a message to 40 characters (%q escapes
// the rest of what could garble a terminal).
func short(s string) string {
	if r := []rune(s); len(r) > 40 {
		return string(r[:40]) + "…"
	}
	return s
}

// firstProblem is the first line of a map error, and how many more
// problems "validate" would list.
func firstProblem(err error) string {
	var list maps.ErrorList
	if errors.As(err, &list) && len(list) > 1 {
		return fmt.Sprintf("%v (and %d more problems; validate lists them all)", list[0], len(list)-1)
	}
	return err.Error()
}
