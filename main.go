// Command notrueking is the No True King desktop board game.
//
//	notrueking [-map standard] [-players 4] [-names Alice,Bob] [-seed N] [-record FILE]   open the game window
//	notrueking -load FILE [-record FILE]                                    resume a record or save
//	notrueking validate [-json] FILE                                        check a map file
//	notrueking run RECORD                                                   replay a game record headlessly
//	notrueking selfplay [-map M] [-players N] [-games G] [-seed S]          play random games, print speed and checksum
//
// Every game is saved after every action in the saves folder
// (<user config>/notrueking/saves, or $NTK_CONFIG_DIR/saves); the start
// screen offers unfinished games to continue.
package main

import (
	"embed"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"notrueking/internal/safefile"
	"notrueking/maps"
	"notrueking/records"
	"notrueking/render"
	"notrueking/rules"
)

func main() {
	os.Exit(dispatch(os.Args[1:], os.Stdout, os.Stderr))
}

func dispatch(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		switch args[0] {
		case "validate":
			return maps.ValidateMain(args[1:], stdout, stderr)
		case "run":
			return runRecord(args[1:], stdout, stderr)
		case "selfplay":
			return selfplayMain(args[1:], stdout, stderr)
		}
	}
	return play(args, stderr)
}

func play(args []string, stderr io.Writer) int {
	fs := flag.NewFlagSet("notrueking", flag.ContinueOnError)
	fs.SetOutput(stderr)
	mapName := fs.String("map", "standard", "map name or map file path")
	players := fs.Int("players", 0, "number of players (2-4 on the standard map); with -players or -names the start screen is skipped")
	names := fs.String("names", "", "comma-separated player names, in seat order")
	seed := fs.Uint64("seed", 0, "game seed for testers (the window then marks a tester's game); unset = a secret random seed")
	record := fs.String("record", "", "keep the game's record in this new file (replay it with: run FILE); an existing file is refused")
	load := fs.String("load", "", "resume the game of a record or save file")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "notrueking: unexpected argument %q (commands: validate, run)\n", fs.Arg(0))
		return 2
	}
	opts := render.Options{Map: *mapName, RecordPath: *record, Load: *load}
	setup := ""
	fs.Visit(func(f *flag.Flag) {
		if f.Name == "seed" {
			opts.Seed, opts.SeedSet = *seed, true
		}
		if f.Name == "seed" || f.Name == "players" || f.Name == "names" || f.Name == "map" {
			setup = f.Name
		}
	})
	if *load != "" && setup != "" {
		fmt.Fprintf(stderr, "notrueking: -load resumes a game as it was set up; it takes no -%s\n", setup)
		return 2
	}
	if *record != "" {
		// Nothing is overwritten without the user's say-so: a record file
		// must be a new name.
		if _, err := os.Lstat(*record); err == nil {
			fmt.Fprintf(stderr, "notrueking: -record %s: the file exists; give a new name (nothing was overwritten)\n", *record)
			return 2
		}
	}
	if *names != "" {
		opts.Players = strings.Split(*names, ",")
	}
	if *players > 0 {
		defaults := []string{"Alice", "Bob", "Carol", "Dave", "Erin", "Frank", "Grace", "Heidi", "Ivan"}
		for len(opts.Players) < *players && len(opts.Players) < len(defaults) {
			opts.Players = append(opts.Players, defaults[len(opts.Players)])
		}
		opts.Players = opts.Players[:min(*players, len(opts.Players))]
	}
	// Naming the players (or their number) is a complete setup: skip the start screen.
	opts.Quick = len(opts.Players) > 0
	if err := render.Run(opts); err != nil {
		fmt.Fprintln(stderr, "notrueking:", err)
		return 1
	}
	return 0
}

// shippedMapFiles are the shipped maps, embedded here too so that a
// record naming a shipped map loads it without looking at the working
// directory (maps.Load lets a file there of the same name win).
//
//go:embed maps/*.toml
var shippedMapFiles embed.FS

func shippedMaps() fs.FS {
	sub, err := fs.Sub(shippedMapFiles, "maps")
	if err != nil {
		panic(err)
	}
	return sub
}

// runRecord is the "run" command: it replays a record headlessly, applying
// each action as it is read. The record file is bounded (rules.MaxRecordSize,
// regular files only); its map is resolved against the record's folder.
// A cut-off last line is ignored with a warning on stderr (exit status 0).
func runRecord(args []string, stdout, stderr io.Writer) int {
	if len(args) != 1 {
		fmt.Fprintln(stderr, "usage: notrueking run RECORD")
		return 2
	}
	path := args[0]
	f, err := safefile.Open(path, rules.MaxRecordSize)
	if err != nil {
		fmt.Fprintln(stderr, "notrueking run:", err)
		return 1
	}
	defer f.Close()
	rr, err := rules.NewRecordReader(f)
	if err != nil {
		fmt.Fprintf(stderr, "notrueking run: %s: %v\n", path, err)
		return 1
	}
	h := rr.Header()
	m, err := records.LoadMap(shippedMaps(), filepath.Dir(path), h.Map, h.MapSHA256)
	if err != nil {
		fmt.Fprintf(stderr, "notrueking run: %s: line %d: %v\n", path, rr.MapLine(), err)
		return 1
	}
	err = rules.RunRecordReader(m, rr, stdout)
	if w := rr.Warning(); w != "" {
		fmt.Fprintf(stderr, "notrueking run: %s: warning: %s\n", path, w)
	}
	if err != nil {
		fmt.Fprintf(stderr, "notrueking run: %s: %v\n", path, err)
		return 1
	}
	return 0
}
