package start

import (
	"fmt"

	"notrueking/maps"
)

// ShippedMaps lists the maps built into the program for the start screen,
// standard first; a map that fails to load is left out.
func ShippedMaps() []Map {
	var out []Map
	for _, name := range maps.Shipped() {
		// The header only: parsing every shipped map took most of the
		// browser's time before its first frame; a game parses its own.
		m, err := maps.ShippedHeader(name)
		if err != nil {
			continue
		}
		mc := Map{ID: name, Label: fmt.Sprintf("%s (%s, %d–%d players)", m.Name, name, m.MinPlayers, m.MaxPlayers),
			Min: m.MinPlayers, Max: m.MaxPlayers, Seats: m.ConspiracyNames}
		if name == "standard" {
			out = append([]Map{mc}, out...)
		} else {
			out = append(out, mc)
		}
	}
	return out
}
