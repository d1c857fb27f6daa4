package cli

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"notrueking/app"
	"notrueking/store"
)

// mainEnv makes the test binary run the command line instead of the tests,
// so that a test can run `notrueking render` as a separate process (it
// re-runs itself under xvfb-run, which needs an executable).
const mainEnv = "NTK_TEST_RUN_MAIN"

func TestMain(m *testing.M) {
	// The tests name files as a user in the source folder does
	// (README.md, testdata/two-players.ntk, scenarios/flags.toml): they
	// run from the module's root, and so does a test binary they start.
	if err := toModuleRoot(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	if os.Getenv(mainEnv) != "" {
		os.Exit(Run(os.Args[1:], os.Stdout, os.Stderr))
	}
	// No test opens the game window: a command line that would is a failure
	// (exit status 1), unless the test puts a stand-in with noWindow.
	openWindow = refuseWindow
	os.Exit(m.Run())
}

// toModuleRoot changes the working folder to the module's root: the
// nearest folder up from here that holds go.mod.
func toModuleRoot() error {
	dir, err := os.Getwd()
	if err != nil {
		return err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return os.Chdir(dir)
		}
		up := filepath.Dir(dir)
		if up == dir {
			return errors.New("the cli tests run inside the module: no go.mod above " + dir)
		}
		dir = up
	}
}

func refuseWindow(app.Options) error {
	return errors.New("a test tried to open the game window")
}

// noWindow puts a stand-in for the window for the test: it keeps the
// options each window would have opened with.
func noWindow(t *testing.T) *[]app.Options {
	t.Helper()
	var opened []app.Options
	openWindow = func(o app.Options) error {
		opened = append(opened, o)
		return nil
	}
	t.Cleanup(func() { openWindow = refuseWindow })
	return &opened
}

// TestDispatch checks the command-line contract README.md gives: exit codes
// and where the output goes for validate and run.
func TestDispatch(t *testing.T) {
	dir := t.TempDir()
	// Whatever a case starts, it saves nowhere near the user's own folder.
	t.Setenv(store.ConfigEnv, filepath.Join(dir, "config"))
	badMap := filepath.Join(dir, "bad.toml")
	if err := os.WriteFile(badMap, []byte("id = \"x\"\nbogus = 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	badRecord := filepath.Join(dir, "bad.ntk")
	rec := "map standard\nseed 1\nplayer crown A\nplayer torch B\ncrown place stark lord\n"
	if err := os.WriteFile(badRecord, []byte(rec), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		args   []string
		code   int
		stdout string // substring expected on stdout
		stderr string // substring expected on stderr
	}{
		{"validate standard", []string{"validate", "standard"}, 0, "valid", ""},
		{"validate json", []string{"validate", "-json", "standard"}, 0, `"kings-landing"`, ""},
		{"validate broken file names file and line", []string{"validate", badMap}, 1, "", "bad.toml:2"},
		{"run example game", []string{"run", "testdata/two-players.ntk"}, 0, `"winners"`, ""},
		{"run illegal action names line and reason", []string{"run", badRecord}, 1, "", "line 5"},
		{"run missing file", []string{"run", filepath.Join(dir, "none.ntk")}, 2, "", "none.ntk"},
		{"run usage", []string{"run"}, 2, "", "usage: notrueking run RECORD"},
		{"run takes one record", []string{"run", "testdata/two-players.ntk", "x"}, 2, "", `unexpected argument "x"`},
		{"record refuses an existing file", []string{"-players", "2", "-record", badRecord}, 2, "", "-record " + badRecord + ": the file exists"},
		{"load takes no setup flags", []string{"-load", badRecord, "-seed", "3"}, 2, "", "takes no -seed"},
		{"stray argument", []string{"play", "x"}, 2, "", `unexpected argument "x"`},
		{"unknown command", []string{"plya"}, 2, "", `notrueking: unknown command "plya" (the commands: play, replay, spectate, sandbox, host, join, validate, run,`},
	}
	// Refusals must leave the user's file as it was.
	defer func() {
		if got, _ := os.ReadFile(badRecord); string(got) != rec {
			t.Errorf("-record changed an existing file: %q", got)
		}
	}()
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var out, errb bytes.Buffer
			code := Run(tc.args, &out, &errb)
			if code != tc.code {
				t.Fatalf("exit %d, want %d\nstdout: %.400s\nstderr: %.400s", code, tc.code, out.String(), errb.String())
			}
			if !strings.Contains(out.String(), tc.stdout) {
				t.Errorf("stdout lacks %q: %.400s", tc.stdout, out.String())
			}
			if !strings.Contains(errb.String(), tc.stderr) {
				t.Errorf("stderr lacks %q: %.400s", tc.stderr, errb.String())
			}
			if tc.code == 2 && strings.Count(errb.String(), "\n") != 1 {
				t.Errorf("a refusal is one line: %q", errb.String())
			}
		})
	}
}

// wantRefusal checks a usage error: exit status 2 and one line on stderr
// that says want.
func wantRefusal(t *testing.T, code int, stderr, want string) {
	t.Helper()
	if code != 2 {
		t.Fatalf("exit %d, want 2\nstderr: %.400s", code, stderr)
	}
	if !strings.HasSuffix(stderr, "\n") || strings.Count(stderr, "\n") != 1 {
		t.Errorf("stderr is not one line: %q", stderr)
	}
	if !strings.Contains(stderr, want) {
		t.Errorf("stderr lacks %q: %q", want, stderr)
	}
}

// refuses runs the command line args and checks that it is refused as a
// usage error (wantRefusal) with nothing on stdout.
func refuses(t *testing.T, args []string, want string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := Run(args, &out, &errb)
	wantRefusal(t, code, errb.String(), want)
	if out.Len() != 0 {
		t.Errorf("stdout not empty: %.400s", out.String())
	}
}

// helpOf is the help a command prints for -h (exit 0, nothing on stderr)
// and the flags it lists.
func helpOf(t *testing.T, name string) (text string, flags []string) {
	t.Helper()
	var out, errb bytes.Buffer
	if code := Run([]string{name, "-h"}, &out, &errb); code != 0 || errb.Len() != 0 {
		t.Fatalf("%s -h: exit %d, stderr %q", name, code, errb.String())
	}
	for _, m := range regexp.MustCompile(`(?m)^  -(\S+)`).FindAllStringSubmatch(out.String(), -1) {
		flags = append(flags, m[1])
	}
	return out.String(), flags
}

// TestCommandTable walks the command table: every command's -h gives its
// usage line and its flags, the usage line names every flag the command
// takes (the old flags of play excepted: they are aliases), "help NAME"
// says the same, and README.md's commands table has the usage line.
func TestCommandTable(t *testing.T) {
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	isAlias := map[string]bool{}
	for _, a := range aliases() {
		isAlias[a.flag] = true
		if lookup(a.flag) == nil {
			t.Errorf("the old flag -%s names no command", a.flag)
		}
	}
	seen := map[string]bool{}
	for _, c := range commands {
		if seen[c.name] || c.name == "" || c.run == nil || c.short == "" {
			t.Errorf("command %q: twice, or without a name, a function or its help", c.name)
		}
		seen[c.name] = true
		text, flags := helpOf(t, c.name)
		if want := "usage: notrueking " + c.usage + "\n"; !strings.HasPrefix(text, want) {
			t.Errorf("%s -h starts %q, want %q", c.name, text[:min(len(text), 200)], want)
		}
		for _, f := range flags {
			if !isAlias[f] && !regexp.MustCompile(`\[?-`+regexp.QuoteMeta(f)+`[\] ]|-`+regexp.QuoteMeta(f)+`$`).MatchString(c.usage) {
				t.Errorf("the usage line of %s does not name its flag -%s: %s", c.name, f, c.usage)
			}
		}
		var out, errb bytes.Buffer
		if code := Run([]string{"help", c.name}, &out, &errb); code != 0 || out.String() != text {
			t.Errorf("help %s: exit %d, and not what %s -h says:\n%s", c.name, code, c.name, out.String())
		}
		row := "`go run . " + strings.ReplaceAll(c.usage, "|", `\|`) + "`"
		if !bytes.Contains(readme, []byte(row)) {
			t.Errorf("README.md's commands table lacks %s", row)
		}
	}
}

// TestHelp: help, -h and --help list every command with its usage line
// and what it does, on stdout with exit status 0; help of no command is
// refused like an unknown command.
func TestHelp(t *testing.T) {
	for _, args := range [][]string{{"help"}, {"-h"}, {"--help"}, {"-help"}} {
		var out, errb bytes.Buffer
		if code := Run(args, &out, &errb); code != 0 || errb.Len() != 0 {
			t.Fatalf("%q: exit %d, stderr %q", args, code, errb.String())
		}
		for _, c := range commands {
			if !strings.Contains(out.String(), "  notrueking "+c.usage+"\n      "+c.short+"\n") {
				t.Errorf("%q does not list %s with its usage and help:\n%s", args, c.name, out.String())
			}
		}
	}
	var out, errb bytes.Buffer
	code := Run([]string{"help", "fly"}, &out, &errb)
	wantRefusal(t, code, errb.String(), `notrueking: unknown command "fly" (the commands: `+strings.Join(commandNames(), ", ")+";")
	errb.Reset()
	code = Run([]string{"help", "run", "bots"}, &out, &errb)
	wantRefusal(t, code, errb.String(), `notrueking help: unexpected argument "bots"`)
}

// TestUnknownCommand: a word that is no command is refused with the list
// of commands, on one line; nothing runs.
func TestUnknownCommand(t *testing.T) {
	noWindow(t)
	for _, name := range []string{"fly", "game.ntk", "Play", "web"} {
		var out, errb bytes.Buffer
		code := Run([]string{name, "-players", "2"}, &out, &errb)
		wantRefusal(t, code, errb.String(), fmt.Sprintf("notrueking: unknown command %q (the commands: %s; notrueking help says what each does)", name, strings.Join(commandNames(), ", ")))
		if out.Len() != 0 {
			t.Errorf("%s: stdout %q", name, out.String())
		}
	}
}

// TestAliases: each old flag of the bare command (-replay FILE, -spectate
// FILE|latest, -sandbox) opens the window as its command does, with the
// same flags, whether the other flags come before or after it.
func TestAliases(t *testing.T) {
	file := map[string]string{"replay": "testdata/four-players.ntk", "spectate": "latest"}
	for _, a := range aliases() {
		flags := []string{"-clean", "-canvas", "1920x1080"}
		named := []string{"-" + a.flag}
		cmd := []string{a.flag}
		if a.arg != "" {
			named = append(named, file[a.flag])
			cmd = append(cmd, file[a.flag])
		} else {
			flags = append(flags, "-players", "3")
		}
		cmd = append(cmd, flags...)
		old := append(append([]string{}, named...), flags...)
		oldLast := append(append([]string{}, flags...), named...)
		var opened []app.Options
		for _, args := range [][]string{cmd, old, oldLast, append([]string{"play"}, old...)} {
			o := noWindow(t)
			var out, errb bytes.Buffer
			if code := Run(args, &out, &errb); code != 0 || len(*o) != 1 {
				t.Fatalf("%q: exit %d, %d windows: %s", args, code, len(*o), errb.String())
			}
			opened = append(opened, (*o)[0])
		}
		for i, o := range opened[1:] {
			if !reflect.DeepEqual(o, opened[0]) {
				t.Errorf("-%s, form %d: options %+v, the command's %+v", a.flag, i+1, o, opened[0])
			}
		}
		if !opened[0].Clean || opened[0].CanvasW != 1920 {
			t.Errorf("%s: the presenter's flags were lost: %+v", a.flag, opened[0])
		}
	}
}

// TestWindowCommandsRefuseFlags: every flag that play takes and another
// window command does not is refused by that command, as a command and by
// its old flag: exit status 2, one line naming the command and what it
// does, and no window.
func TestWindowCommandsRefuseFlags(t *testing.T) {
	does := map[string]string{
		"replay":   "watches a game as it was played",
		"spectate": "follows a game another window plays",
		"sandbox":  "starts from the map's setup",
	}
	_, playFlags := helpOf(t, "play")
	value := func(flag string) string {
		switch flag {
		case "bot-pause":
			return "1s"
		case "players":
			return "3" // within its range: the flag itself is refused
		}
		return "1"
	}
	for _, a := range aliases() {
		_, own := helpOf(t, a.flag)
		takes := map[string]bool{a.flag: true}
		for _, f := range own {
			takes[f] = true
		}
		arg := map[string][]string{"replay": {"testdata/four-players.ntk"}, "spectate": {"latest"}}[a.flag]
		refused := 0
		for _, f := range playFlags {
			if takes[f] {
				continue
			}
			refused++
			for _, form := range []struct {
				as   string
				args []string
			}{
				{a.flag, append(append([]string{a.flag}, arg...), "-"+f+"="+value(f))},
				{"-" + a.flag, append(append([]string{"-" + a.flag}, arg...), "-"+f+"="+value(f))},
			} {
				opened := noWindow(t)
				var out, errb bytes.Buffer
				code := Run(form.args, &out, &errb)
				wantRefusal(t, code, errb.String(), fmt.Sprintf("notrueking: %s %s; it takes no -%s", form.as, does[a.flag], f))
				if len(*opened) != 0 || out.Len() != 0 {
					t.Errorf("%q: a window opened, or stdout %q", form.args, out.String())
				}
			}
		}
		if refused == 0 {
			t.Errorf("%s takes every flag of play", a.flag)
		}
	}
}
