package maps

import (
	"encoding/json"
	"fmt"
	"sort"

	"notrueking/board"
)

func hexColor(c board.RGB) string { return fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B) }

type jsonMap struct {
	ID           string          `json:"id"`
	Name         string          `json:"name"`
	MinPlayers   int             `json:"min_players"`
	MaxPlayers   int             `json:"max_players"`
	LoyaltySlots []int           `json:"loyalty_slots"`
	Conspiracies []jsonNamed     `json:"conspiracies"`
	Houses       []jsonHouse     `json:"houses"`
	Territories  []jsonTerritory `json:"territories"`
	Setup        []jsonPlacement `json:"setup"`
	Exceptions   []jsonException `json:"exceptions"`
	Regions      []jsonRegion    `json:"regions,omitempty"`
	Rivers       []jsonRiver     `json:"rivers,omitempty"`
	Grid         jsonGrid        `json:"grid"`
}

type jsonNamed struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

type jsonHouse struct {
	ID     string         `json:"id"`
	Name   string         `json:"name"`
	Color  string         `json:"color"`
	Home   string         `json:"home"`
	Rank   int            `json:"rank"`
	Limits map[string]int `json:"limits"`
	Deck   []jsonCard     `json:"deck"`
}

type jsonCard struct {
	ID       string `json:"id"`
	Name     string `json:"name"`
	Strength int    `json:"strength"`
	Swords   int    `json:"swords"`
	Towers   int    `json:"towers"`
	Effect   string `json:"effect,omitempty"`
}

type jsonTerritory struct {
	ID            string       `json:"id"`
	Code          string       `json:"code"`
	Name          string       `json:"name"`
	Kind          string       `json:"kind"`
	Crowns        int          `json:"crowns"`
	Barrels       int          `json:"barrels"`
	Castle        bool         `json:"castle"`
	Town          bool         `json:"town"`
	Port          string       `json:"port,omitempty"`
	PortOf        string       `json:"port_of,omitempty"`
	Sea           string       `json:"sea,omitempty"`
	Region        string       `json:"region,omitempty"`
	Fortification bool         `json:"fortification,omitempty"`
	Path          [][2]float64 `json:"path,omitempty"`
	Neighbors     []string     `json:"neighbors"`
	Cells         int          `json:"cells"`
	Label         [2]float64   `json:"label"`
}

type jsonPlacement struct {
	House     string `json:"house"`
	Territory string `json:"territory"`
	Unit      string `json:"unit"`
	Count     int    `json:"count"`
}

type jsonException struct {
	A      string `json:"a"`
	B      string `json:"b"`
	Reason string `json:"reason"`
}

type jsonRegion struct {
	ID    string `json:"id"`
	Name  string `json:"name"`
	House string `json:"house,omitempty"`
}

type jsonRiver struct {
	ID      string      `json:"id"`
	Name    string      `json:"name"`
	Borders [][2]string `json:"borders"`
	Bridges [][2]string `json:"bridges"`
}

type jsonGrid struct {
	Width  int `json:"width"`
	Height int `json:"height"`
}

// JSON renders the map in a normalised, deterministic JSON form: houses,
// territories and setup in file order, neighbours sorted by id.
func JSON(m *board.Map) ([]byte, error) {
	j := jsonMap{
		ID: m.ID, Name: m.Name, MinPlayers: m.MinPlayers, MaxPlayers: m.MaxPlayers,
		LoyaltySlots: m.LoyaltySlots,
		Grid:         jsonGrid{m.Grid.W, m.Grid.H},
		Setup:        []jsonPlacement{},
		Exceptions:   []jsonException{},
	}
	for i, id := range m.Conspiracies {
		n := ""
		if i < len(m.ConspiracyNames) {
			n = m.ConspiracyNames[i]
		}
		j.Conspiracies = append(j.Conspiracies, jsonNamed{id, n})
	}
	for i, h := range m.Houses {
		jh := jsonHouse{ID: h.ID, Name: h.Name, Color: hexColor(h.Color), Home: h.Home, Limits: map[string]int{}, Deck: []jsonCard{}}
		if i < len(m.InitialRank) {
			jh.Rank = m.InitialRank[i]
		}
		for u := board.Unit(0); u < board.NumUnits; u++ {
			jh.Limits[u.String()] = h.Limits[u]
		}
		for _, c := range h.Deck {
			jh.Deck = append(jh.Deck, jsonCard{c.ID, c.Name, c.Strength, c.Swords, c.Towers, c.Effect})
		}
		j.Houses = append(j.Houses, jh)
	}
	cells := make([]int, len(m.Territories))
	for _, c := range m.Grid.Cells {
		if c >= 0 && int(c) < len(cells) {
			cells[c]++
		}
	}
	id := func(i board.TerrID) string {
		if m.HasTerr(i) {
			return m.Territories[i].ID
		}
		return ""
	}
	for i, t := range m.Territories {
		jt := jsonTerritory{
			ID: t.ID, Code: t.Code, Name: t.Name, Kind: t.Kind.String(),
			Crowns: t.Crowns, Barrels: t.Barrels,
			Castle: t.Fortress == board.Castle, Town: t.Fortress == board.Town,
			Port: id(t.Port), PortOf: id(t.PortOf), Sea: id(t.PortSea),
			Region: t.Region, Fortification: t.Fortification,
			Neighbors: []string{}, Cells: cells[i], Label: [2]float64{t.Label.X, t.Label.Y},
		}
		for _, q := range t.Path {
			jt.Path = append(jt.Path, [2]float64{q.X, q.Y})
		}
		for _, n := range t.Neighbors {
			jt.Neighbors = append(jt.Neighbors, id(n))
		}
		sort.Strings(jt.Neighbors)
		j.Territories = append(j.Territories, jt)
	}
	for _, r := range m.Regions {
		j.Regions = append(j.Regions, jsonRegion{r.ID, r.Name, r.House})
	}
	for _, r := range m.Rivers {
		jr := jsonRiver{ID: r.ID, Name: r.Name, Borders: [][2]string{}, Bridges: [][2]string{}}
		for _, b := range r.Borders {
			jr.Borders = append(jr.Borders, [2]string{id(board.TerrID(b[0])), id(board.TerrID(b[1]))})
		}
		for _, b := range r.Bridges {
			jr.Bridges = append(jr.Bridges, [2]string{id(board.TerrID(b[0])), id(board.TerrID(b[1]))})
		}
		j.Rivers = append(j.Rivers, jr)
	}
	for _, p := range m.Setup {
		j.Setup = append(j.Setup, jsonPlacement{p.House, p.Territory, p.Unit.String(), p.Count})
	}
	for _, e := range m.Exceptions {
		j.Exceptions = append(j.Exceptions, jsonException{id(board.TerrID(e.A)), id(board.TerrID(e.B)), e.Reason})
	}
	out, err := json.MarshalIndent(j, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(out, '\n'), nil
}
