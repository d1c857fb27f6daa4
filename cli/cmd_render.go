//go:build !js

package cli

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"image/png"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"

	"notrueking/gamefile"
	"notrueking/render"
	"notrueking/rules"
	"notrueking/scenarios"
	"notrueking/store"
)

// xvfbEnv marks a render command already re-run under xvfb-run.
const xvfbEnv = "NTK_RENDER_XVFB"

// cmdRender is the render command: it draws the public table — no loyalty card, hand or deck — as
// a PNG file and writes nothing else (no save, no record). The game is the
// record or save of -load after -at actions (all of them by default), or a
// new game of -map and -players (and -variant). Drawing needs a display: on Linux without
// one it re-runs itself under xvfb-run when that is installed.
func cmdRender(args []string, stdout, stderr io.Writer) int {
	c := newFlags("render", stdout, stderr)
	out := c.String("o", "", "the PNG file to write (required)")
	size := c.String("size", "1920x1080", "picture size in pixels, WIDTHxHEIGHT")
	load := c.String("load", "", "record or save file of the game to draw")
	scenario := c.String("scenario", "", "scenario file whose position to draw")
	at := c.intIn("at", -1, 0, maxAt, "draw the table after this many actions of -load (default: all)")
	mapName := c.String("map", "standard", "map of a new game (without -load)")
	players := c.intIn("players", 0, minPlayers, maxPlayers, fmt.Sprintf("players of a new game (without -load; the map's range; default %d, or the map's nearest)", gamefile.DefaultPlayers))
	seed := c.Uint64("seed", 1, "seed of a new game (without -load)")
	var variant rules.Variant
	c.variantVar(&variant)
	force := c.Bool("f", false, "replace -o when it exists")
	fail := c.fail
	pos, code, ok := c.parse(args)
	if !ok {
		return code
	}
	set := map[string]bool{}
	c.Visit(func(f *flag.Flag) { set[f.Name] = true })
	if len(pos) > 0 {
		return c.unexpected(pos[0])
	}
	if *out == "" {
		return fail("-o FILE.png is required (%s)", c.usage())
	}
	w, h, err := parseSize(*size)
	if err != nil {
		return fail("-size %q: %v", short(*size), err)
	}
	if set["at"] && *load == "" {
		return fail("-at counts the actions of a -load record; give -load")
	}
	if *load != "" {
		for _, f := range []string{"map", "players", "seed", "variant", "scenario"} {
			if set[f] {
				return fail("-load draws the game as it was set up; it takes no -%s", f)
			}
		}
	}
	if *scenario != "" {
		for _, f := range []string{"map", "players", "seed", "variant", "at"} {
			if set[f] {
				return fail("-scenario draws the scenario's position; it takes no -%s", f)
			}
		}
	}
	if !*force {
		if _, err := os.Lstat(*out); err == nil {
			return fail("-o %s: the file exists; give a new name or -f to replace it (nothing was written)", short(*out))
		}
	}
	if !strings.EqualFold(filepath.Ext(*out), ".png") {
		return fail("-o %s: the picture is a PNG file; name it FILE.png", short(*out))
	}
	if err := folderFor("-o", *out); err != nil {
		return fail("%v", err)
	}

	var g *rules.Game
	switch {
	case *load != "":
		g, err = loadGameAt("render", *load, *at, stderr)
	case *scenario != "":
		g, err = scenarios.Load(*scenario)
		if err != nil {
			err = errors.New(firstProblem(err))
		}
	default:
		g, err = gamefile.Setup{Map: *mapName, Count: *players, Seed: *seed, SeedSet: true, Variant: variant}.New(nil)
	}
	if err != nil {
		return c.fail("%v", err)
	}

	if needsXvfb() {
		return underXvfb(args, stdout, stderr)
	}
	img, err := render.Picture(g, w, h)
	if err != nil {
		return c.failed("%v", err)
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		return c.failed("%v", err)
	}
	if err := store.WriteFile(*out, buf.Bytes(), 0o644, *force); err != nil {
		return c.failed("%v", err)
	}
	return 0
}

// parseSize reads "WIDTHxHEIGHT", each side 64 to render.MaxPictureSide.
func parseSize(s string) (w, h int, err error) {
	ws, hs, ok := strings.Cut(strings.ToLower(s), "x")
	if !ok {
		return 0, 0, errors.New("want WIDTHxHEIGHT, e.g. 1920x1080")
	}
	w, err1 := strconv.Atoi(ws)
	h, err2 := strconv.Atoi(hs)
	if err1 != nil || err2 != nil {
		return 0, 0, errors.New("want WIDTHxHEIGHT in whole pixels, e.g. 1920x1080")
	}
	if w < 64 || h < 64 || w > render.MaxPictureSide || h > render.MaxPictureSide {
		return 0, 0, fmt.Errorf("each side must be 64 to %d pixels", render.MaxPictureSide)
	}
	return w, h, nil
}

// needsXvfb reports whether drawing needs an X server that is not there:
// a Unix desktop without DISPLAY or WAYLAND_DISPLAY, not yet re-run.
func needsXvfb() bool {
	switch runtime.GOOS {
	case "windows", "darwin", "js":
		return false
	}
	return os.Getenv("DISPLAY") == "" && os.Getenv("WAYLAND_DISPLAY") == "" && os.Getenv(xvfbEnv) == ""
}

// underXvfb runs the same render command again under xvfb-run.
func underXvfb(args []string, stdout, stderr io.Writer) int {
	xr, err := exec.LookPath("xvfb-run")
	if err != nil {
		fmt.Fprintln(stderr, "notrueking render: drawing needs a display: set DISPLAY, or install xvfb-run (apt-get install xvfb xauth) and it is used")
		return 1
	}
	exe, err := os.Executable()
	if err != nil {
		fmt.Fprintln(stderr, "notrueking render:", err)
		return 1
	}
	cmd := exec.Command(xr, append([]string{"-a", "-s", "-screen 0 1280x1024x24", exe, "render"}, args...)...)
	cmd.Env = append(os.Environ(), xvfbEnv+"=1")
	cmd.Stdout, cmd.Stderr = stdout, stderr
	if err := cmd.Run(); err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			return ee.ExitCode()
		}
		fmt.Fprintln(stderr, "notrueking render: xvfb-run:", err)
		return 1
	}
	return 0
}
