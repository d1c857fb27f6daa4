// Command notrueking is the No True King desktop board game.
//
//	notrueking [-map standard] [-players 4] [-names Alice,Bob] [-seed N] [-record FILE]   open the game window
//	notrueking validate [-json] FILE                                        check a map file
//	notrueking run RECORD                                                   replay a game record headlessly
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
	seed := fs.Uint64("seed", 0, "game seed; unset = random")
	record := fs.String("record", "", "keep the game's record in this file (replay it with: run FILE)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	opts := render.Options{Map: *mapName, RecordPath: *record}
	fs.Visit(func(f *flag.Flag) {
		if f.Name == "seed" {
			opts.Seed, opts.SeedSet = *seed, true
		}
	})
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
