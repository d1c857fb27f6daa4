package maps

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"sort"
	"strings"

	"notrueking/board"
)

// ValidateMain is the "validate" command: `validate [-json] FILE`, where
// FILE is a map file or the name of a shipped map ("standard"). A leading
// "validate" in args is skipped, so main may pass its arguments either way.
// It prints a one-screen summary (or, with -json, the normalised map) to
// stdout and returns 0, or prints every problem to stderr and returns 1
// (2 for a usage error).
func ValidateMain(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 && args[0] == "validate" {
		args = args[1:]
	}
	fs := flag.NewFlagSet("validate", flag.ContinueOnError)
	fs.SetOutput(stderr)
	asJSON := fs.Bool("json", false, "print the normalised map as JSON")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: validate [-json] FILE  (FILE: a map file, or a shipped map: "+strings.Join(Shipped(), ", ")+")")
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return 2
	}
	m, err := Load(fs.Arg(0))
	if err != nil {
		fmt.Fprintln(stderr, err)
		if l, ok := err.(ErrorList); ok && len(l) > 1 {
			fmt.Fprintf(stderr, "%d problems\n", len(l))
		}
		return 1
	}
	if *asJSON {
		data, err := JSON(m)
		if err != nil {
			fmt.Fprintln(stderr, err)
			return 1
		}
		stdout.Write(data)
		return 0
	}
	Summary(stdout, escape(fs.Arg(0)), m)
	return 0
}

// Summary writes a one-screen description of a valid map.
func Summary(w io.Writer, file string, m *board.Map) {
	var kinds [4]int
	crowns, barrels, castles, towns := 0, 0, 0, 0
	for _, t := range m.Territories {
		if int(t.Kind) < len(kinds) {
			kinds[t.Kind]++
		}
		crowns += t.Crowns
		barrels += t.Barrels
		switch t.Fortress {
		case board.Castle:
			castles++
		case board.Town:
			towns++
		}
	}
	edges := 0
	for _, t := range m.Territories {
		edges += len(t.Neighbors)
	}
	fmt.Fprintf(w, "%s: %s (%s): valid\n", file, m.Name, m.ID)
	fmt.Fprintf(w, "territories  %d: %d land, %d sea, %d port, %d road\n", len(m.Territories), kinds[board.Land], kinds[board.Sea], kinds[board.Port], kinds[board.Road])
	fmt.Fprintf(w, "icons        %d crowns, %d barrels, %d castles, %d towns\n", crowns, barrels, castles, towns)
	fmt.Fprintf(w, "adjacency    %d pairs; grid %d×%d, %d touching pairs\n", edges/2, m.Grid.W, m.Grid.H, len(m.Grid.Touching()))
	fmt.Fprintf(w, "exceptions   %d\n", len(m.Exceptions))
	for _, e := range m.Exceptions {
		fmt.Fprintf(w, "  %s / %s: %s\n", m.Territories[e.A].ID, m.Territories[e.B].ID, e.Reason)
	}
	for _, r := range m.Rivers {
		var bs []string
		for _, b := range r.Bridges {
			bs = append(bs, m.Territories[b[0]].ID+" / "+m.Territories[b[1]].ID)
		}
		fmt.Fprintf(w, "river        %s: %d borders blocked; bridges: %s\n", r.Name, len(r.Borders), strings.Join(bs, ", "))
	}
	fmt.Fprintf(w, "players      %d-%d; conspiracies %s\n", m.MinPlayers, m.MaxPlayers, strings.Join(m.ConspiracyNames, ", "))
	slots := make([]string, len(m.LoyaltySlots))
	for i, v := range m.LoyaltySlots {
		slots[i] = fmt.Sprint(v)
	}
	fmt.Fprintf(w, "loyalty      %s\n", strings.Join(slots, " "))
	fmt.Fprintf(w, "houses       %d\n", len(m.Houses))
	for i, h := range m.Houses {
		var units [board.NumUnits]int
		for _, p := range m.Setup {
			if p.House == h.ID {
				units[p.Unit] += p.Count
			}
		}
		home := h.Home
		if t, ok := m.Territory(h.Home); ok {
			home = m.Territories[t].Name
		}
		fmt.Fprintf(w, "  %-10s rank %d  %s  home %-12s %d cards  start %d footmen %d knights %d ships  limits %d/%d/%d/%d\n",
			h.Name, m.InitialRank[i], hexColor(h.Color), home, len(h.Deck),
			units[board.Footman], units[board.Knight], units[board.Ship],
			h.Limits[board.Footman], h.Limits[board.Knight], h.Limits[board.Ship], h.Limits[board.Dragon])
	}
	writeBalance(w, m)
}

// Balance is one house's line of the balance report: what its home region
// holds (lands, crowns, castles, towns, barrels), its starting units and
// its initial rank.
type Balance struct {
	House                                  string
	Lands, Crowns, Castles, Towns, Barrels int
	Units                                  int
	Rank                                   int
}

// BalanceReport returns one line per house and the spread (max − min) of
// each column. A house's home region is its [[region]]; on a map without
// regions it is the house's capital alone.
func BalanceReport(m *board.Map) (rows []Balance, spread Balance) {
	for h, house := range m.Houses {
		b := Balance{House: house.Name, Rank: m.InitialRank[h]}
		r, hasRegion := m.HomeRegion(h)
		for _, t := range m.Territories {
			if hasRegion && t.Region != r.ID || !hasRegion && t.ID != house.Home {
				continue
			}
			b.Lands++
			b.Crowns += t.Crowns
			b.Barrels += t.Barrels
			switch t.Fortress {
			case board.Castle:
				b.Castles++
			case board.Town:
				b.Towns++
			}
		}
		for _, p := range m.Setup {
			if p.House == house.ID {
				b.Units += p.Count
			}
		}
		rows = append(rows, b)
	}
	spread.House = "spread"
	for _, get := range []func(*Balance) *int{
		func(b *Balance) *int { return &b.Lands }, func(b *Balance) *int { return &b.Crowns },
		func(b *Balance) *int { return &b.Castles }, func(b *Balance) *int { return &b.Towns },
		func(b *Balance) *int { return &b.Barrels }, func(b *Balance) *int { return &b.Units },
		func(b *Balance) *int { return &b.Rank },
	} {
		lo, hi := 0, 0
		for i := range rows {
			v := *get(&rows[i])
			if i == 0 || v < lo {
				lo = v
			}
			if i == 0 || v > hi {
				hi = v
			}
		}
		*get(&spread) = hi - lo
	}
	return rows, spread
}

// writeBalance prints the balance report.
func writeBalance(w io.Writer, m *board.Map) {
	rows, spread := BalanceReport(m)
	what := "home region"
	if len(m.Regions) == 0 {
		what = "capital"
	}
	fmt.Fprintf(w, "balance      (%s: lands crowns castles towns barrels; starting units; rank)\n", what)
	for _, b := range append(rows, spread) {
		fmt.Fprintf(w, "  %-10s %5d %6d %7d %5d %7d %6d %5d\n", b.House, b.Lands, b.Crowns, b.Castles, b.Towns, b.Barrels, b.Units, b.Rank)
	}
}

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
	id := func(i int) string {
		if i >= 0 && i < len(m.Territories) {
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
			jr.Borders = append(jr.Borders, [2]string{id(b[0]), id(b[1])})
		}
		for _, b := range r.Bridges {
			jr.Bridges = append(jr.Bridges, [2]string{id(b[0]), id(b[1])})
		}
		j.Rivers = append(j.Rivers, jr)
	}
	for _, p := range m.Setup {
		j.Setup = append(j.Setup, jsonPlacement{p.House, p.Territory, p.Unit.String(), p.Count})
	}
	for _, e := range m.Exceptions {
		j.Exceptions = append(j.Exceptions, jsonException{id(e.A), id(e.B), e.Reason})
	}
	out, err := json.MarshalIndent(j, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(out, '\n'), nil
}
