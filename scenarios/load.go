// Package scenarios reads and writes scenario files: a No True King
// position described in TOML — map, players, units and flags per
// territory, agents on slots, hands, decks, loyalty cards, round, first
// player, whose turn, the pending steps (a combat, a muster, a card
// effect). A scenario loads into a rules.Game whose history starts at that
// position; Export writes any game's position as a scenario that loads
// back to the same position. The shipped scenarios (edge cases of the
// rules, for testers) are embedded. The format is docs/scenarios.md.
//
// The loader is as strict as the map loader (package maps, whose reading
// machinery it shares): a bounded file, no unknown or duplicate keys, no
// control characters, every id known, and no impossible position — each
// problem with file, line and key.
package scenarios

import (
	"embed"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"

	"notrueking/board"
	"notrueking/internal/safefile"
	"notrueking/maps"
	"notrueking/records"
	"notrueking/rules"
)

//go:embed *.toml
var shipped embed.FS

// MaxFileSize is the largest scenario file read (a written one is a few kB).
const MaxFileSize = 1 << 20

// Shipped returns the names of the shipped scenarios, sorted.
func Shipped() []string {
	ents, _ := shipped.ReadDir(".")
	var out []string
	for _, e := range ents {
		out = append(out, strings.TrimSuffix(e.Name(), ".toml"))
	}
	sort.Strings(out)
	return out
}

// ShippedFile returns the text of a shipped scenario.
func ShippedFile(name string) ([]byte, error) {
	name = strings.TrimSuffix(name, ".toml")
	if strings.ContainsAny(name, `/\`) || !slices.Contains(Shipped(), name) {
		return nil, fmt.Errorf("no shipped scenario %q (shipped: %s)", name, strings.Join(Shipped(), ", "))
	}
	return shipped.ReadFile(name + ".toml")
}

// LoadShipped loads a shipped scenario by name. A shipped scenario names a
// shipped map.
func LoadShipped(name string) (*rules.Game, error) {
	data, err := ShippedFile(name)
	if err != nil {
		return nil, err
	}
	return Parse(strings.TrimSuffix(name, ".toml")+".toml", data, "")
}

// Load reads the scenario file at path (a regular file of at most
// MaxFileSize bytes); a map file it names is found relative to the
// scenario's folder.
func Load(path string) (*rules.Game, error) {
	g, _, err := LoadFile(path)
	return g, err
}

// LoadFile is Load, and the file's text as it was read (for its comment,
// Comment).
func LoadFile(path string) (*rules.Game, []byte, error) {
	data, err := safefile.ReadFile(path, MaxFileSize)
	if err != nil {
		msg := err.Error()
		var oe *safefile.OpenError
		if errors.As(err, &oe) {
			msg = oe.Reason
		}
		return nil, nil, maps.ErrorList{{File: filepath.Clean(path), Msg: strings.TrimPrefix(msg, path+": "), Err: err}}
	}
	g, err := Parse(path, data, filepath.Dir(path))
	return g, data, err
}

// LoadRef loads the scenario a record names: ref is its path relative to
// recordDir ('/'-separated, or absolute), sum the SHA-256 the record gives
// ("" for none). A file whose hash differs is refused.
func LoadRef(recordDir, ref, sum string) (*rules.Game, error) {
	if ref == "" {
		return nil, errors.New("no scenario named")
	}
	path := filepath.FromSlash(ref)
	if !filepath.IsAbs(path) {
		path = filepath.Join(recordDir, path)
	}
	data, err := safefile.ReadFile(path, MaxFileSize)
	if err != nil {
		return nil, fmt.Errorf("scenario %q (relative to the record's folder): %w", ref, err)
	}
	if sum != "" {
		if got := records.Sum(data); got != sum {
			return nil, fmt.Errorf("scenario file %s changed since the record was written: sha256 %s, expected %s", path, got, sum)
		}
	}
	return Parse(path, data, filepath.Dir(path))
}

// mapCache keeps the shipped maps once parsed (a board.Map is immutable).
var mapCache sync.Map

// loadMap loads the map a scenario names, relative to dir; dir "" allows
// only shipped maps (a shipped scenario).
func loadMap(dir, name, sum string) (*board.Map, error) {
	if base, ok := maps.ShippedName(name); ok && sum == "" {
		if m, ok := mapCache.Load(base); ok {
			return m.(*board.Map), nil
		}
		m, err := maps.Load(base)
		if err != nil {
			return nil, err
		}
		mapCache.Store(base, m)
		return m, nil
	}
	if base, ok := maps.ShippedName(name); ok && maps.HasVersions(base) {
		// A version of a shipped map, named by its hash (records.MapRef).
		if m, err := maps.LoadVersion(base, sum); err == nil {
			return m, nil
		}
	}
	if dir == "" {
		return nil, fmt.Errorf("%q is not a shipped map (%s)", name, strings.Join(maps.Shipped(), ", "))
	}
	return records.LoadMap(maps.ShippedFS(), dir, name, sum)
}

// Parse reads a scenario: name is the file name errors give, dir the
// folder a map path is relative to ("" for none: shipped maps only). All
// problems are gathered in one pass and returned as a maps.ErrorList, each
// with file, line and key.
func Parse(name string, data []byte, dir string) (*rules.Game, error) {
	doc, err := maps.Decode(name, data, MaxFileSize, "a scenario")
	if err != nil {
		return nil, err
	}
	r := &reader{doc: doc}
	g := r.read(doc.Root(), dir)
	if err := doc.Err(); err != nil {
		return nil, err
	}
	if g == nil {
		return nil, maps.ErrorList{{File: name, Msg: "the scenario could not be read"}}
	}
	return g, nil
}

// Comment returns the comment lines at the top of a scenario (what to try
// and what should happen), without their '#'.
func Comment(data []byte) string {
	var out []string
	for _, line := range strings.Split(string(safefile.TrimBOM(data)), "\n") {
		t := strings.TrimSpace(line)
		if !strings.HasPrefix(t, "#") {
			if t == "" && len(out) == 0 {
				continue
			}
			break
		}
		out = append(out, strings.TrimSpace(strings.TrimPrefix(t, "#")))
	}
	return strings.Join(out, "\n")
}
