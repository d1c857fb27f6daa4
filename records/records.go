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
	"path/filepath"
	"strings"

	"notrueking/board"
	"notrueking/internal/safefile"
	"notrueking/maps"
	"notrueking/rules"
)

// MaxMapSize caps a map file read for a record (checked before reading).
const MaxMapSize = 16 << 20

// MapRef returns the map line of a record to be written into the folder
// recordDir for a game whose map was loaded with maps.Load(mapArg) (the
// game window's -map argument): for a shipped map its id and sum "";
// for a map file its path relative to recordDir ('/'-separated; absolute
// when no relative path leads there) and the SHA-256 of its content in
// hex. It decides between a shipped map and a file as maps.Load does, so
// the record names the map the game was played on. Call it when the game
// starts, right after loading the map, and keep the result: a file edited
// later must not be hashed into the record.
func MapRef(recordDir, mapArg string) (name, sum string, err error) {
	if mapArg == "" {
		return "", "", errors.New("no map given")
	}
	// A shipped name always means the shipped map, as maps.Load reads it:
	// a file of that name in the working directory never stands in.
	if base, ok := maps.ShippedName(mapArg); ok {
		return base, "", nil
	}
	data, err := safefile.ReadFile(mapArg, MaxMapSize)
	if err != nil {
		return "", "", fmt.Errorf("map file: %v", err)
	}
	absMap, err := filepath.Abs(mapArg)
	if err != nil {
		return "", "", err
	}
	absDir, err := filepath.Abs(recordDir)
	if err != nil {
		return "", "", err
	}
	name = filepath.ToSlash(absMap)
	if rel, err := filepath.Rel(absDir, absMap); err == nil {
		name = filepath.ToSlash(rel)
	}
	return name, Sum(data), nil
}

// SetMap sets the map line of rec, a record to be written to recordPath,
// for a game whose map was loaded with maps.Load(mapArg): see MapRef.
func SetMap(rec *rules.Record, recordPath, mapArg string) error {
	name, sum, err := MapRef(filepath.Dir(recordPath), mapArg)
	if err != nil {
		return err
	}
	rec.Map, rec.MapSHA256 = name, sum
	return nil
}

// Sum is the hash a record keeps of a map file: SHA-256, lower-case hex.
func Sum(data []byte) string {
	h := sha256.Sum256(data)
	return hex.EncodeToString(h[:])
}

// LoadMap loads the map a record names (its header's Map and MapSHA256);
// recordDir is the folder of the record file. shipped holds the shipped
// maps as NAME.toml files (the program's embedded maps).
//
//   - Without a hash, a bare name of a shipped map ("standard", or
//     "standard.toml") is that shipped map, whatever files exist.
//   - Anything else is a map file: its path is taken relative to
//     recordDir (unless absolute). With a hash, the file's SHA-256 must be
//     the record's; a file that has changed is refused with both hashes.
//     An old record's "map FILE" (no hash) is loaded unchecked.
func LoadMap(shipped fs.FS, recordDir, name, sum string) (*board.Map, error) {
	if name == "" {
		return nil, errors.New("record names no map")
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
	data, err := safefile.ReadFile(path, MaxMapSize)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) && sum == "" && !strings.ContainsAny(name, `/\`) {
			return nil, fmt.Errorf("map %q is neither a shipped map (%s) nor a map file: %s does not exist",
				name, strings.Join(shippedNames(shipped), ", "), path)
		}
		return nil, fmt.Errorf("map file %s (the record's map %q, relative to the record's folder): %v", path, name, err)
	}
	if sum != "" {
		if got := Sum(data); got != sum {
			return nil, fmt.Errorf("map file %s changed since the record was written: sha256 %s, expected %s", path, got, sum)
		}
	}
	return maps.Parse(path, data)
}

// shippedNames lists the maps in shipped.
func shippedNames(shipped fs.FS) []string {
	files, _ := fs.Glob(shipped, "*.toml")
	for i, f := range files {
		files[i] = strings.TrimSuffix(f, ".toml")
	}
	return files
}
