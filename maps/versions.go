package maps

import (
	"embed"
	"fmt"
	"io/fs"
	"sort"
	"strconv"
	"strings"

	"notrueking/board"
)

// A shipped map whose setup or icons changed keeps its earlier versions,
// byte for byte, in archive/ID.N.toml (N from 1, oldest first), so that a
// record of a game played on an earlier version still replays on it
// (docs/maps.md, "Versions of a shipped map"). Records name such a map
// with the SHA-256 of the version they were played on; a record that
// names it without one was written before the map changed, and means its
// first version.
//
//go:embed archive/*.toml
var archive embed.FS

// archived returns the archived versions of the shipped map id, oldest
// first, as file names in archive.
func archived(id string) []string {
	files, _ := fs.Glob(archive, "archive/"+id+".*.toml")
	num := func(f string) int {
		n, _ := strconv.Atoi(strings.TrimSuffix(strings.TrimPrefix(f, "archive/"+id+"."), ".toml"))
		return n
	}
	sort.Slice(files, func(i, j int) bool { return num(files[i]) < num(files[j]) })
	return files
}

// HasVersions reports whether the shipped map id has earlier versions:
// a record must then name the version it was played on by its SHA-256.
func HasVersions(id string) bool { return len(archived(id)) > 0 }

// Versions returns every version of the shipped map id, oldest first (the
// current one last); nil when id is not shipped.
func Versions(id string) ([]*board.Map, error) {
	base, ok := shippedName(id)
	if !ok {
		return nil, nil
	}
	var out []*board.Map
	for _, f := range archived(base) {
		data, err := archive.ReadFile(f)
		if err != nil {
			return nil, err
		}
		m, err := Parse(f, data)
		if err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	m, err := Load(base)
	if err != nil {
		return nil, err
	}
	return append(out, m), nil
}

// LoadVersion returns the version of the shipped map id a record names:
// the one whose content has SHA-256 sum, or, for sum "", the first
// version (a record written before the map had versions names it so; for
// a map that never changed, the current one). An unknown sum is an error
// that names the versions there are.
func LoadVersion(id, sum string) (*board.Map, error) {
	vs, err := Versions(id)
	if err != nil {
		return nil, err
	}
	if len(vs) == 0 {
		return nil, fmt.Errorf("%q is not a shipped map (%s)", id, strings.Join(Shipped(), ", "))
	}
	if sum == "" {
		return vs[0], nil
	}
	var have []string
	for _, m := range vs {
		if strings.EqualFold(m.SHA256, sum) {
			return m, nil
		}
		have = append(have, m.SHA256[:12])
	}
	return nil, fmt.Errorf("no version of the shipped map %s has sha256 %s (this program has %s): the record was written by another version of the program", vs[0].ID, sum, strings.Join(have, ", "))
}
