// Package maps reads No True King map files: a strict TOML loader and
// validator that turns a file into a board.Map, the shipped maps embedded in
// the binary, and the "validate" command-line tool. The file format is
// described in docs/maps.md.
//
// Every problem in a file is reported in one pass, each with file, line and
// key (see ErrorList). The validator derives which territories touch from
// the province raster and compares them with the declared adjacency; every
// difference must be explained by an [[exception]] in the file.
package maps

import (
	"embed"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"notrueking/board"
)

//go:embed *.toml
var shipped embed.FS

// Shipped returns the names of the maps built into the program, sorted.
func Shipped() []string {
	ents, _ := shipped.ReadDir(".")
	var out []string
	for _, e := range ents {
		out = append(out, strings.TrimSuffix(e.Name(), ".toml"))
	}
	sort.Strings(out)
	return out
}

// Standard returns the standard map (the base Westeros board), embedded
// from maps/standard.toml.
func Standard() (*board.Map, error) { return Load("standard") }

// Load returns a shipped map by name ("standard") or reads the file at
// nameOrPath.
func Load(nameOrPath string) (*board.Map, error) {
	if !strings.ContainsAny(nameOrPath, `/\`) {
		// A bare name: a file of that name in the working directory wins,
		// else the shipped map ("standard" or "standard.toml").
		if _, err := os.Stat(nameOrPath); err == nil {
			return LoadFile(nameOrPath)
		}
		base := strings.TrimSuffix(nameOrPath, ".toml")
		if data, err := shipped.ReadFile(base + ".toml"); err == nil {
			return Parse(base+".toml", data)
		}
		return nil, &Error{File: nameOrPath, Msg: "no such map (shipped maps: " + strings.Join(Shipped(), ", ") + "; or give a file path)"}
	}
	return LoadFile(nameOrPath)
}

// LoadFile reads and validates the map file at path.
func LoadFile(path string) (*board.Map, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, &Error{File: filepath.Clean(path), Msg: err.Error()}
	}
	return Parse(path, data)
}
