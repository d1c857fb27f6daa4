// Package records ties game records to their maps: it says what the map
// line of a record should be (MapRef) and loads the map a record names
// (LoadMap), so that a record replays anywhere.
//
// A record names a shipped map by its id ("map standard") and a map file by
// its path relative to the record's folder plus the SHA-256 of the file
// ("map maps/nine-test.toml sha256 3f2a…"). Replaying resolves that path
// against the record's folder, not the working directory, and refuses a
// file whose hash differs. A shipped map's name is never shadowed by a file
// of that name, in the working directory or anywhere else. See
// docs/records.md.
package records

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"notrueking/board"
	"notrueking/maps"
	"notrueking/rules"
)

// MapRef returns the map line of a record to be written into the folder
// recordDir for a game on map m, loaded with maps.Load(mapArg) (the game
// window's -map argument): for a shipped map its id and sum ""; for a map
// file its path relative to recordDir ('/'-separated; absolute when no
// relative path leads there) and the SHA-256 of the content the map was
// read from (m.SHA256), so a file edited after the game started is never
// hashed into its record. It decides between a shipped map and a file as
// maps.Load does.
func MapRef(recordDir, mapArg string, m *board.Map) (name, sum string) {
	// A shipped name always means the shipped map, as maps.Load reads it:
	// a file of that name in the working directory never stands in.
	if base, ok := maps.ShippedName(mapArg); ok {
		return shippedRef(base, m)
	}
	name = mapArg
	if abs, err := filepath.Abs(mapArg); err == nil {
		name = abs
		if dir, err := filepath.Abs(recordDir); err == nil {
			if rel, err := filepath.Rel(dir, abs); err == nil {
				name = rel
			}
		}
	}
	return filepath.ToSlash(name), m.SHA256
}

// MapIdentity is how a file written anywhere names map m: a shipped
// map's id, or the absolute path of the map file it was read from with
// its SHA-256 (a map neither shipped nor read from a file, e.g. one opened
// in the browser, by its id and SHA-256).
func MapIdentity(m *board.Map) (name, sum string) {
	if m.Source != "" {
		return filepath.ToSlash(m.Source), m.SHA256
	}
	if _, ok := maps.ShippedName(m.ID); ok {
		if sm, err := maps.Load(m.ID); err == nil && sm.SHA256 == m.SHA256 {
			return shippedRef(m.ID, m)
		}
	}
	return m.ID, m.SHA256
}

// shippedRef is how a record names the shipped map id that m is a version
// of: by its id alone while the map has one version, and with m's SHA-256
// once it has several, so that a record replays on the version it was
// played on (maps.LoadVersion).
func shippedRef(id string, m *board.Map) (name, sum string) {
	if maps.HasVersions(id) {
		return id, m.SHA256
	}
	return id, ""
}

// SetMap sets the map line of rec, a record to be written to recordPath,
// for a game on map m loaded with maps.Load(mapArg): see MapRef.
func SetMap(rec *rules.Record, recordPath, mapArg string, m *board.Map) {
	rec.Map, rec.MapSHA256 = MapRef(filepath.Dir(recordPath), mapArg, m)
}

// ScenarioRef returns the scenario line of a record to be written into
// the folder recordDir for a game loaded from the scenario file at
// scenarioPath whose content was data: the path relative to recordDir
// ('/'-separated; absolute when no relative path leads there) and the
// SHA-256 of data. Set them as the record's Scenario and ScenarioSHA256.
func ScenarioRef(recordDir, scenarioPath string, data []byte) (name, sum string) {
	name = scenarioPath
	if abs, err := filepath.Abs(scenarioPath); err == nil {
		name = abs
		if dir, err := filepath.Abs(recordDir); err == nil {
			if rel, err := filepath.Rel(dir, abs); err == nil {
				name = rel
			}
		}
	}
	return filepath.ToSlash(name), Sum(data)
}

// Sum is the hash a record keeps of a map file: SHA-256, lower-case hex.
func Sum(data []byte) string {
	h := sha256.Sum256(data)
	return hex.EncodeToString(h[:])
}

// LoadMap loads the map a record (or a scenario) names (its header's Map
// and MapSHA256); recordDir is the folder of the file that names it. shipped holds the shipped
// maps as NAME.toml files (the program's embedded maps).
//
//   - Without a hash, a bare name of a shipped map ("standard", or
//     "standard.toml") is that shipped map, whatever files exist — its
//     first version if it has several (maps.LoadVersion: such a record was
//     written before the map changed).
//   - With a hash, a bare name of a shipped map that has versions is the
//     version with that hash, if there is one.
//   - Anything else is a map file: its path is taken relative to
//     recordDir (unless absolute). With a hash, the file's SHA-256 must be
//     the record's; a file that has changed is refused with both hashes.
//     An old record's "map FILE" (no hash) is loaded unchecked.
func LoadMap(shipped fs.FS, recordDir, name, sum string) (*board.Map, error) {
	if name == "" {
		return nil, errors.New("no map is named")
	}
	if base, ok := maps.ShippedName(name); ok && maps.HasVersions(base) {
		m, err := maps.LoadVersion(base, sum)
		if err == nil || sum == "" {
			return m, err
		}
		if _, serr := os.Stat(filepath.Join(recordDir, filepath.FromSlash(name))); serr != nil {
			return nil, err
		}
	}
	if sum == "" && !strings.ContainsAny(name, `/\`) {
		base := strings.TrimSuffix(name, ".toml")
		if data, err := fs.ReadFile(shipped, base+".toml"); err == nil {
			return maps.Parse(base+".toml", data)
		}
	}
	path := filepath.FromSlash(name)
	if !filepath.IsAbs(path) {
		path = filepath.Join(recordDir, path)
	}
	if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) && sum == "" && !strings.ContainsAny(name, `/\`) {
		return nil, fmt.Errorf("map %q is neither a shipped map (%s) nor a map file: %s does not exist",
			name, strings.Join(shippedNames(shipped), ", "), path)
	}
	m, err := maps.LoadFile(path)
	if err != nil {
		return nil, fmt.Errorf("map file %s (%q, relative to the folder of the file that names it): %v", path, name, err)
	}
	if sum != "" && m.SHA256 != sum {
		return nil, fmt.Errorf("map file %s changed since the record was written: sha256 %s, expected %s", path, m.SHA256, sum)
	}
	return m, nil
}

// shippedNames lists the maps in shipped.
func shippedNames(shipped fs.FS) []string {
	files, _ := fs.Glob(shipped, "*.toml")
	for i, f := range files {
		files[i] = strings.TrimSuffix(f, ".toml")
	}
	return files
}
