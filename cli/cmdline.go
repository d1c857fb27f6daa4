package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"

	"notrueking/gamefile"
	"notrueking/internal/textcheck"
	"notrueking/rules"
)

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
		return fmt.Sprintf("-%s is not a flag of %s (notrueking help %s lists them)", textcheck.Escape(short(name)), c.name, c.name)
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

// oneArg is the one argument the command takes (what: FILE).
func (c *cmdFlags) oneArg(pos []string, what string) (arg string, code int, ok bool) {
	switch len(pos) {
	case 0:
		return "", c.fail("missing %s (%s)", what, c.usage()), false
	case 1:
		return pos[0], 0, true
	}
	return "", c.unexpected(pos[1]), false
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

// firstProblem is the first problem of a map or scenario error, and how
// many more validate would list: the words of a new game's setup
// (gamefile.Setup.Check) for a map that does not load.
var firstProblem = gamefile.FirstProblem

// short cuts a flag's value for a message to 40 characters (%q escapes
// the rest of what could garble a terminal).
func short(s string) string {
	if r := []rune(s); len(r) > 40 {
		return string(r[:40]) + "…"
	}
	return s
}

// series holds the flags of a series of games (selfplay, bots).
type series struct {
	mapName        string
	players, games int
	seed           uint64
	variant        rules.Variant
}

// addSeries defines the flags of a series of games: games by default,
// at most maxGames.
func addSeries(c *cmdFlags, games, maxGames int) *series {
	s := &series{}
	c.StringVar(&s.mapName, "map", "standard", "map name or map file path")
	c.intVarIn(&s.players, "players", 4, minPlayers, maxPlayers, "players per game (the map's range)")
	c.intVarIn(&s.games, "games", games, 1, maxGames, "number of games")
	c.Uint64Var(&s.seed, "seed", 1, "seed of the first game (game i uses seed+i)")
	c.variantVar(&s.variant)
	return s
}

// variantVar defines -variant: the optional rules of the games a command
// makes (rules.Variants; the plain game by default). An unknown name is
// refused listing the known ones.
func (c *cmdFlags) variantVar(v *rules.Variant) {
	known := strings.Join(rules.Variants(), ", ")
	c.Func("variant", "the optional rules: "+known+" (default plain)", func(s string) error {
		if !slices.Contains(rules.Variants(), s) {
			return fmt.Errorf("unknown variant %q: the variants are %s", short(s), known)
		}
		var err error
		*v, err = rules.ParseVariant(s)
		return err
	})
}
