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
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"notrueking/board"
	"notrueking/internal/safefile"
)

//go:embed *.toml
var shipped embed.FS

// ShippedFS is the shipped map files (standard.toml, …), for readers that
// resolve a map name themselves (records name a shipped map by its id).
func ShippedFS() fs.FS { return shipped }

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

// MaxFileSize is the largest map file the loader reads (the standard map
// is about 40 kB). It is checked before reading.
const MaxFileSize = 4 << 20

// Standard returns the standard map (the base Westeros board), embedded
// from maps/standard.toml.
func Standard() (*board.Map, error) { return Load("standard") }

// Load returns a shipped map by name or reads the map file at nameOrPath.
//
// A shipped name ("standard", or "standard.toml") always means the shipped
// map, even when a file of that name is in the working directory: a map
// file can never stand in for a shipped map by accident. Anything else is a
// path; to read a file that is called like a shipped map, give a path that
// says so: "./standard".
func Load(nameOrPath string) (*board.Map, error) {
	if base, ok := shippedName(nameOrPath); ok {
		data, err := shipped.ReadFile(base + ".toml")
		if err != nil {
			return nil, &Error{File: nameOrPath, Msg: err.Error()}
		}
		return Parse(base+".toml", data)
	}
	if nameOrPath == "" {
		return nil, &Error{File: `""`, Msg: "no map named (shipped maps: " + strings.Join(Shipped(), ", ") + "; or give a file path)"}
	}
	if !strings.ContainsAny(nameOrPath, `/\`) {
		if _, err := os.Lstat(nameOrPath); errors.Is(err, fs.ErrNotExist) {
			return nil, &Error{File: nameOrPath, Msg: "no such map (shipped maps: " + strings.Join(Shipped(), ", ") + "; or give a file path)"}
		}
	}
	return LoadFile(nameOrPath)
}

// shippedName reports whether s names a shipped map, and which.
// ShippedName reports whether s names a shipped map ("standard" or
// "standard.toml", never a path) and returns its id.
func ShippedName(s string) (string, bool) { return shippedName(s) }

func shippedName(s string) (string, bool) {
	if strings.ContainsAny(s, `/\`) {
		return "", false
	}
	base := strings.TrimSuffix(s, ".toml")
	for _, n := range Shipped() {
		if n == base {
			return base, true
		}
	}
	return "", false
}

// LoadFile reads and validates the map file at path. Only a regular file
// (or a link to one) of at most MaxFileSize bytes is read: a folder, a
// FIFO or a device such as /dev/zero is refused before any reading.
func LoadFile(path string) (*board.Map, error) {
	data, err := safefile.ReadFile(path, MaxFileSize)
	if err != nil {
		msg := err.Error()
		var oe *safefile.OpenError
		if errors.As(err, &oe) {
			msg = oe.Reason
		}
		return nil, &Error{File: filepath.Clean(path), Msg: strings.TrimPrefix(msg, path+": "), Err: err}
	}
	m, err := Parse(path, data)
	if err != nil {
		return nil, err
	}
	if abs, err := filepath.Abs(path); err == nil {
		m.Source = abs
	} else {
		m.Source = filepath.Clean(path)
	}
	return m, nil
}
