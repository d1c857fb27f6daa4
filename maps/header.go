package maps

import (
	"bufio"
	"bytes"
	"strings"

	"github.com/BurntSushi/toml"
)

// Header is what a list of maps shows of a shipped map: its id, name,
// player counts and conspiracy names, the same as Load gives.
type Header struct {
	ID, Name               string
	MinPlayers, MaxPlayers int
	ConspiracyNames        []string
}

// ShippedHeader reads a shipped map's header without parsing the map: only
// its top-level keys and its [[conspiracy]] tables are decoded, not the
// houses, territories and the grid. A full parse of the standard map takes
// a quarter of a second in a browser, where the start screen lists every
// shipped map before its first frame; the game parses the one it plays.
// The shipped files are checked: TestShippedHeader compares every header
// with its full parse, so a shipped file that defeats this reading fails
// there, not here.
func ShippedHeader(name string) (Header, error) {
	base, ok := shippedName(name)
	if !ok {
		return Header{}, &Error{File: name, Msg: "no shipped map of that name (shipped maps: " + strings.Join(Shipped(), ", ") + ")"}
	}
	data, err := shipped.ReadFile(base + ".toml")
	if err != nil {
		return Header{}, &Error{File: name, Msg: err.Error()}
	}
	// Keep the lines outside any table and those of [[conspiracy]]
	// tables; a table header is a line starting with "[" (the shipped
	// files have no multi-line value that starts a line with "[").
	var keep bytes.Buffer
	in := true
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, MaxFileSize)
	for sc.Scan() {
		line := sc.Text()
		if t := strings.TrimSpace(line); strings.HasPrefix(t, "[") {
			in = t == "[[conspiracy]]"
		}
		if in {
			keep.WriteString(line)
			keep.WriteByte('\n')
		}
	}
	if err := sc.Err(); err != nil {
		return Header{}, &Error{File: base + ".toml", Msg: err.Error()}
	}
	var doc struct {
		ID         string `toml:"id"`
		Name       string `toml:"name"`
		MinPlayers int    `toml:"min_players"`
		MaxPlayers int    `toml:"max_players"`
		Conspiracy []struct {
			Name string `toml:"name"`
		} `toml:"conspiracy"`
	}
	if _, err := toml.NewDecoder(&keep).Decode(&doc); err != nil {
		return Header{}, &Error{File: base + ".toml", Msg: err.Error()}
	}
	h := Header{ID: doc.ID, Name: doc.Name, MinPlayers: doc.MinPlayers, MaxPlayers: doc.MaxPlayers}
	for _, c := range doc.Conspiracy {
		h.ConspiracyNames = append(h.ConspiracyNames, c.Name)
	}
	return h, nil
}
