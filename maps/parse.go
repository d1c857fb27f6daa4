package maps

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"notrueking/board"
	"notrueking/internal/safefile"
	"notrueking/words"
)

// Known card effects (rules: house cards whose text replaces strength).
var effects = []string{
	board.EffectBrienne, board.EffectAsha, board.EffectCersei, board.EffectJaime,
	board.EffectMelisandre, board.EffectSalladhor, board.EffectCatelyn,
}

var (
	idRE    = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)
	colorRE = regexp.MustCompile(`^#[0-9a-fA-F]{6}$`)
)

// OffBoard is the grid code of a cell that belongs to no territory.
const OffBoard = ".."

// maxGrid caps the grid size a file may ask for.
const maxGrid = 1000

// Parse reads a map file strictly and validates it: the data, every
// reference, the adjacency and the drawing. name is the file name used in
// error messages. All problems are gathered in one pass and returned as an
// ErrorList.
//
// data may start with a UTF-8 byte-order mark and use CRLF line ends (as
// Windows editors save). Before the TOML decoder sees it, data is checked
// against MaxFileSize and MaxDepth, so no input can make the decoder run
// long or out of memory.
func Parse(name string, data []byte) (*board.Map, error) {
	doc, err := Decode(name, data, MaxFileSize, "")
	if err != nil {
		return nil, err
	}
	sum := sha256.Sum256(data)
	text := safefile.TrimBOM(data)
	p := &parser{dec: doc.d, text: strings.Split(string(text), "\n")}
	m := p.parse(doc.root)
	if err := p.errs.Err(); err != nil {
		return nil, err
	}
	m.Index()
	m.SHA256 = hex.EncodeToString(sum[:])
	return m, nil
}

type region struct{ id, house, path string }

type parser struct {
	dec
	m *board.Map
	// per territory: the path of its table, for error positions
	tpath      []string
	terrByID   map[string]int
	houseIDs   map[string]int
	codes      map[string]int // code → territory index + 1
	tpathHouse []string
	regions    map[string]string // region id → house id ("" for none)
	regionList []region
	labels     [][]float64 // declared labels, nil when computed
	text       []string    // the file's lines
}

func (p *parser) parse(raw map[string]any) *board.Map {
	root := p.table("", raw)
	m := &board.Map{}
	p.m = m
	m.ID = p.checkID(root, "map")
	m.Name = root.text("name", "name", maxNameLen)
	m.MinPlayers = root.int("min_players", true, 1, 99, 0)
	m.MaxPlayers = root.int("max_players", true, 1, 99, 0)
	slots, _ := root.nums("loyalty_slots", true)

	// Conspiracies.
	seen := map[string]bool{}
	for _, t := range root.tables("conspiracy") {
		id := p.id(t, seen, "conspiracy")
		m.Conspiracies = append(m.Conspiracies, id)
		m.ConspiracyNames = append(m.ConspiracyNames, t.text("name", "name", maxNameLen))
		t.done()
	}
	if len(m.Conspiracies) == 0 {
		p.errf("conspiracy", "no [[conspiracy]]: a map needs one per seat")
	}
	if m.MinPlayers > 0 && m.MaxPlayers > 0 {
		if m.MinPlayers < 2 {
			p.errf("min_players", "a game needs at least 2 players, not %d", m.MinPlayers)
		}
		if m.MaxPlayers < m.MinPlayers {
			p.errf("max_players", "%d is less than min_players %d", m.MaxPlayers, m.MinPlayers)
		}
		if len(m.Conspiracies) > 0 && m.MaxPlayers > len(m.Conspiracies) {
			p.errf("max_players", "%d players but only %d conspiracies", m.MaxPlayers, len(m.Conspiracies))
		}
	}

	// Regions (nine-player map): read before territories, which name them.
	p.regions = map[string]string{}
	regionTables := root.tables("region")
	seenR := map[string]bool{}
	for _, t := range regionTables {
		id := p.id(t, seenR, "region")
		name := t.text("name", "name", maxNameLen)
		h := t.str("house", false)
		m.Regions = append(m.Regions, board.Region{ID: id, Name: name, House: h})
		p.regions[id] = h
		p.regionList = append(p.regionList, region{id, h, t.path})
		t.done()
	}

	// Territories first: everything else refers to them.
	terrTables := root.tables("territory")
	p.readTerritories(terrTables)
	if len(terrTables) == 0 {
		p.errf("territory", "no [[territory]]")
	}

	// Houses.
	p.houseIDs = map[string]int{}
	seenH := map[string]bool{}
	for _, t := range root.tables("house") {
		h := board.House{}
		h.ID = p.id(t, seenH, "house")
		h.Name = t.text("name", "name", maxNameLen)
		if c := t.need("color", "colour"); c != "" {
			if !colorRE.MatchString(c) {
				p.errf(t.key("color"), "%q is not a colour #rrggbb", c)
			} else {
				v, _ := strconv.ParseUint(c[1:], 16, 32)
				h.Color = board.RGB{R: uint8(v >> 16), G: uint8(v >> 8), B: uint8(v)}
			}
		}
		h.Home = t.need("home", "territory id")
		if h.Home != "" {
			if i, ok := p.terrByID[h.Home]; !ok {
				p.errf(t.key("home"), "unknown territory %q", h.Home)
			} else if m.Territories[i].Kind != board.Land {
				p.errf(t.key("home"), "%q is a %s; a home is a land territory", h.Home, m.Territories[i].Kind)
			}
		}
		rank := t.int("rank", true, 1, 99, 0)
		if lt := t.sub("limits", true); lt != nil {
			for u := board.Unit(0); u < board.NumUnits; u++ {
				h.Limits[u] = lt.int(u.String(), u != board.Dragon, 0, 99, 0)
			}
			lt.done()
		}
		t.done()
		if h.ID != "" {
			p.houseIDs[h.ID] = len(m.Houses)
		}
		m.Houses = append(m.Houses, h)
		m.InitialRank = append(m.InitialRank, rank)
		p.tpathHouse = append(p.tpathHouse, t.path)
	}
	if len(m.Houses) == 0 {
		p.errf("house", "no [[house]]")
	}
	p.checkRanks()
	for _, r := range p.regionList {
		if r.house != "" {
			if _, ok := p.houseIDs[r.house]; !ok {
				p.errf(r.path+".house", "region %s: unknown house %q", r.id, r.house)
			}
		}
	}
	if slots != nil {
		for _, v := range slots {
			if v != float64(int(v)) || v < 0 || v > 99 {
				p.errf("loyalty_slots", "%v is not a whole number of points from 0 to 99", v)
			}
			m.LoyaltySlots = append(m.LoyaltySlots, int(v))
		}
		if len(m.Houses) > 0 && len(slots) != len(m.Houses) {
			p.errf("loyalty_slots", "%d slots for %d houses: the loyalty card has one slot per house", len(slots), len(m.Houses))
		}
		for i := 1; i < len(m.LoyaltySlots); i++ {
			if m.LoyaltySlots[i] > m.LoyaltySlots[i-1] {
				p.errf("loyalty_slots", "slot values must not increase (best slot first): %v", m.LoyaltySlots)
				break
			}
		}
	}

	p.readCards(root.tables("card"))
	p.readSetup(root.tables("setup"))
	exTables := root.tables("exception")
	riverTables := root.tables("river")
	p.readGrid(root.sub("grid", true), exTables, riverTables)
	p.checkRegions()
	root.done()
	return m
}

// checkRegions: on a map with home regions, every house has one, and it
// holds the house's capital.
func (p *parser) checkRegions() {
	m := p.m
	if len(m.Regions) == 0 {
		return
	}
	for i, h := range m.Houses {
		if h.ID == "" {
			continue
		}
		r, ok := m.HomeRegion(board.HouseID(i))
		if !ok {
			p.errf(p.tpathHouse[i], "house %s has no home region (a [[region]] with house = %q): on a map with home regions every house needs one", h.ID, h.ID)
			continue
		}
		if t, ok := p.terrByID[h.Home]; ok && m.Territories[t].Region != r.ID {
			p.errf(p.tpath[t]+".region", "%s is the capital of %s, so it must be in %s's home region %s", h.Home, h.ID, h.ID, r.ID)
		}
	}
	seen := map[string]string{}
	for _, r := range p.regionList {
		if r.house == "" {
			continue
		}
		if o, dup := seen[r.house]; dup {
			p.errf(r.path+".house", "house %s has two home regions, %s and %s", r.house, o, r.id)
		}
		seen[r.house] = r.id
	}
}

// checkID reads the id key of t and checks its form.
func (p *parser) checkID(t *table, what string) string {
	id := t.need("id", what+" id")
	switch {
	case id == "":
	case len(id) > maxIDLen:
		p.errf(t.key("id"), "%q is %d characters long; an id is at most %d", id, len(id), maxIDLen)
	case !idRE.MatchString(id):
		p.errf(t.key("id"), "%q is not an id (lower-case letters, digits and single hyphens)", id)
	}
	return id
}

// id reads and checks the id key of an entry.
func (p *parser) id(t *table, seen map[string]bool, what string) string {
	id := p.checkID(t, what)
	if id == "" {
		return ""
	}
	if seen[id] {
		p.errf(t.key("id"), "duplicate %s id %q", what, id)
	}
	seen[id] = true
	return id
}

func (p *parser) checkRanks() {
	rs := p.m.InitialRank
	for i, r := range rs {
		if r == 0 {
			continue
		}
		above := 0
		for _, o := range rs {
			if o != 0 && o < r {
				above++
			}
		}
		if r != above+1 {
			p.errf(p.tpathHouse[i]+".rank", "rank %d, but %d houses rank above it: shared ranks use competition numbering (1, 2, 3, 3, 5), so this house is %d", r, above, above+1)
		}
	}
}

func (p *parser) readTerritories(ts []*table) {
	m := p.m
	p.terrByID = map[string]int{}
	p.codes = map[string]int{}
	seen := map[string]bool{}
	neigh := make([][]string, len(ts))
	portOf := make([]string, len(ts))
	portSea := make([]string, len(ts))
	labels := make([][]float64, len(ts))
	for i, t := range ts {
		tr := board.Territory{Port: -1, PortOf: -1, PortSea: -1, Label: board.Point{X: -1, Y: -1}}
		tr.ID = p.id(t, seen, "territory")
		if tr.ID != "" {
			p.terrByID[tr.ID] = i
		}
		tr.Code = t.need("code", "code")
		if tr.Code != "" {
			switch {
			case len(tr.Code) != 2 || !printableASCII(tr.Code) || strings.ContainsAny(tr.Code, " \"'#\\"):
				p.errf(t.key("code"), "%q is not a two-character code", tr.Code)
			case tr.Code == OffBoard:
				p.errf(t.key("code"), "%q is the off-board code", tr.Code)
			case p.codes[tr.Code] != 0:
				p.errf(t.key("code"), "duplicate code %q (also %s)", tr.Code, m.Territories[p.codes[tr.Code]-1].ID)
			default:
				p.codes[tr.Code] = i + 1
			}
		}
		tr.Name = t.text("name", "name", maxNameLen)
		if k := t.need("kind", "kind"); k != "" {
			kind, err := board.ParseKind(k)
			if err != nil {
				p.errf(t.key("kind"), "%v", err)
			}
			tr.Kind = kind
		}
		if tr.Kind == board.Land {
			tr.Crowns = t.int("crowns", false, 0, 9, 0)
			tr.Barrels = t.int("barrels", false, 0, 9, 0)
			switch f := t.str("fortress", false); f {
			case "", "none":
			case "town":
				tr.Fortress = board.Town
			case "castle":
				tr.Fortress = board.Castle
			default:
				p.errf(t.key("fortress"), "unknown fortress %q (want castle, town or none)", f)
			}
		} else {
			for _, k := range []string{"crowns", "barrels", "fortress"} {
				if _, ok := t.get(k, false); ok {
					p.errf(t.key(k), "a %s has no %s; only land territories carry icons", tr.Kind, k)
				}
			}
		}
		neigh[i] = t.strs("neighbors", true)
		if tr.Kind == board.Road {
			path := t.points("path", true)
			if path != nil && len(path) < 2 {
				p.errf(t.key("path"), "a road's path needs two points or more")
			}
			for _, q := range path {
				tr.Path = append(tr.Path, board.Point{X: q[0], Y: q[1]})
			}
		} else if _, ok := t.get("path", false); ok {
			p.errf(t.key("path"), "only a road has a path; a %s is drawn by its cells", tr.Kind)
		}
		if tr.Kind == board.Port {
			portOf[i] = t.need("port_of", "territory id")
			portSea[i] = t.need("sea", "territory id")
		} else {
			for _, k := range []string{"port_of", "sea"} {
				if _, ok := t.get(k, false); ok {
					p.errf(t.key(k), "only a port has %s", k)
				}
			}
		}
		if t.bool("fortification") {
			if tr.Kind != board.Land {
				p.errf(t.key("fortification"), "a %s cannot be fortified; only land territories", tr.Kind)
			}
			tr.Fortification = true
		}
		if r := t.str("region", false); r != "" {
			if _, ok := p.regions[r]; !ok {
				p.errf(t.key("region"), "unknown region %q", r)
			} else if tr.Kind != board.Land {
				p.errf(t.key("region"), "a %s cannot be in a home region; only land territories", tr.Kind)
			}
			tr.Region = r
		}
		if l, ok := t.nums("label", false); ok {
			if len(l) != 2 {
				p.errf(t.key("label"), "want [x, y] in grid cells, have %d numbers", len(l))
			} else {
				labels[i] = l
			}
		}
		t.done()
		m.Territories = append(m.Territories, tr)
		p.tpath = append(p.tpath, t.path)
	}

	// Neighbours: known, not self, no duplicates, symmetric.
	sets := make([]map[int]bool, len(ts))
	for i := range ts {
		sets[i] = map[int]bool{}
		for _, n := range neigh[i] {
			j, ok := p.terrByID[n]
			switch {
			case !ok:
				p.errf(p.tpath[i]+".neighbors", "%s: unknown territory %q", m.Territories[i].ID, n)
			case j == i:
				p.errf(p.tpath[i]+".neighbors", "%s lists itself", n)
			case sets[i][j]:
				p.errf(p.tpath[i]+".neighbors", "%s: %q listed twice", m.Territories[i].ID, n)
			default:
				sets[i][j] = true
			}
		}
		if len(neigh[i]) == 0 && m.Territories[i].ID != "" {
			p.errf(p.tpath[i]+".neighbors", "%s has no neighbours", m.Territories[i].ID)
		}
	}
	for i := range ts {
		for j := range sets[i] {
			if !sets[j][i] {
				p.errf(p.tpath[j]+".neighbors", "%s lists %s as a neighbour but %s does not list %s (adjacency goes both ways)",
					m.Territories[i].ID, m.Territories[j].ID, m.Territories[j].ID, m.Territories[i].ID)
			}
		}
		ns := make([]board.TerrID, 0, len(sets[i]))
		for j := range sets[i] {
			if sets[j][i] {
				ns = append(ns, board.TerrID(j))
			}
		}
		slices.Sort(ns)
		m.Territories[i].Neighbors = ns
	}

	// Ports: tied to exactly one land and one sea, and neighbouring only those.
	for i := range ts {
		tr := &m.Territories[i]
		if tr.Kind != board.Port {
			continue
		}
		land, lok := p.terrByID[portOf[i]]
		sea, sok := p.terrByID[portSea[i]]
		if portOf[i] != "" {
			switch {
			case !lok:
				p.errf(p.tpath[i]+".port_of", "unknown territory %q", portOf[i])
			case m.Territories[land].Kind != board.Land:
				p.errf(p.tpath[i]+".port_of", "%q is a %s; a port belongs to a land territory", portOf[i], m.Territories[land].Kind)
				lok = false
			case m.Territories[land].Port >= 0:
				p.errf(p.tpath[i]+".port_of", "%s already has a port (%s)", portOf[i], m.Territories[m.Territories[land].Port].ID)
				lok = false
			default:
				tr.PortOf = board.TerrID(land)
				m.Territories[land].Port = board.TerrID(i)
			}
		}
		if portSea[i] != "" {
			switch {
			case !sok:
				p.errf(p.tpath[i]+".sea", "unknown territory %q", portSea[i])
			case m.Territories[sea].Kind != board.Sea:
				p.errf(p.tpath[i]+".sea", "%q is a %s; a port opens on a sea", portSea[i], m.Territories[sea].Kind)
				sok = false
			default:
				tr.PortSea = board.TerrID(sea)
			}
		}
		if lok && sok {
			want := []int{land, sea}
			sort.Ints(want)
			if fmt.Sprint(tr.Neighbors) != fmt.Sprint(want) {
				p.errf(p.tpath[i]+".neighbors", "port %s must neighbour exactly its land %s and its sea %s", tr.ID, portOf[i], portSea[i])
			}
			if !sets[land][sea] {
				p.errf(p.tpath[i]+".sea", "port %s opens on %s, which does not neighbour its land %s", tr.ID, portSea[i], portOf[i])
			}
		}
	}
	p.labels = labels
}

func (p *parser) readCards(ts []*table) {
	seen := map[string]bool{}
	for _, t := range ts {
		c := board.Card{}
		c.ID = p.id(t, seen, "card")
		c.Name = t.text("name", "name", maxNameLen)
		c.House = t.need("house", "house id")
		c.Strength = t.int("strength", true, 0, 99, 0)
		c.Swords = t.int("swords", false, 0, 99, 0)
		c.Towers = t.int("towers", false, 0, 99, 0)
		c.Effect = t.str("effect", false)
		if c.Effect != "" && !contains(effects, c.Effect) {
			p.errf(t.key("effect"), "unknown effect %q (want one of "+strings.Join(effects, ", ")+")", c.Effect)
		}
		t.done()
		if c.House == "" {
			continue
		}
		h, ok := p.houseIDs[c.House]
		if !ok {
			p.errf(t.key("house"), "unknown house %q", c.House)
			continue
		}
		p.m.Houses[h].Deck = append(p.m.Houses[h].Deck, c)
	}
	for i, h := range p.m.Houses {
		if len(h.Deck) == 0 && h.ID != "" {
			p.errf(p.tpathHouse[i], "house %s has no [[card]]s", h.ID)
		}
	}
}

func (p *parser) readSetup(ts []*table) {
	m := p.m
	total := make([][board.NumUnits]int, len(m.Houses))
	totalLine := make([][board.NumUnits]string, len(m.Houses))
	type placed struct {
		h   int
		t   board.TerrID
		key string
	}
	var all []placed
	for _, t := range ts {
		house := t.need("house", "house id")
		terr := t.need("territory", "territory id")
		h, hok := p.houseIDs[house]
		if house != "" && !hok {
			p.errf(t.key("house"), "unknown house %q", house)
		}
		ti, tok := p.terrByID[terr]
		if terr != "" && !tok {
			p.errf(t.key("territory"), "unknown territory %q", terr)
		}
		ut := t.sub("units", true)
		t.done()
		if ut == nil {
			continue
		}
		any := false
		for u := board.Unit(0); u < board.NumUnits; u++ {
			n := ut.int(u.String(), false, 1, 99, 0)
			if n == 0 {
				continue
			}
			any = true
			if tok {
				k := m.Territories[ti].Kind
				naval := u == board.Ship
				if naval && k != board.Sea && k != board.Port {
					p.errf(ut.key(u.String()), "ships start in a sea or a port, not in %s (a %s)", terr, k)
				}
				if !naval && k != board.Land && k != board.Road {
					p.errf(ut.key(u.String()), "%s start on land, not in %s (a %s)", words.UnitPlural(u), terr, k)
				}
			}
			if hok && tok {
				m.Setup = append(m.Setup, board.Placement{House: house, Territory: terr, Unit: u, Count: n})
				total[h][u] += n
				totalLine[h][u] = ut.key(u.String())
			}
		}
		ut.done()
		if !any {
			p.errf(t.key("units"), "no units")
		}
		if any && hok && tok {
			all = append(all, placed{h, board.TerrID(ti), t.key("territory")})
		}
	}
	// The game starts from the setup as written: nothing in it may be
	// what the rules would change before the first action. Two houses in
	// one area (a road excepted) would fight; ships in a port whose land
	// their house does not hold would be removed (seed 002's port rule).
	first := map[board.TerrID]int{}
	holds := map[[2]int]bool{}
	for _, pl := range all {
		holds[[2]int{pl.h, int(pl.t)}] = true
	}
	for _, pl := range all {
		tr := &m.Territories[pl.t]
		if h, ok := first[pl.t]; ok && h != pl.h && tr.Kind != board.Road {
			p.errf(pl.key, "%s: %s and %s both start here; only a road holds two houses (the rules would make them fight before the first action)", tr.ID, m.Houses[h].ID, m.Houses[pl.h].ID)
		} else if !ok {
			first[pl.t] = pl.h
		}
		if tr.Kind == board.Port && tr.PortOf >= 0 && !holds[[2]int{pl.h, int(tr.PortOf)}] {
			p.errf(pl.key, "%s: %s's ships start in this port, but %s holds no troops in %s: the rules would remove them before the first action (a port's ships belong to the house holding its land)", tr.ID, m.Houses[pl.h].ID, m.Houses[pl.h].ID, m.Territories[tr.PortOf].ID)
		}
	}
	for h := range total {
		for u := board.Unit(0); u < board.NumUnits; u++ {
			if total[h][u] > m.Houses[h].Limits[u] {
				p.errf(totalLine[h][u], "house %s starts with %d %s, over its limit of %d", m.Houses[h].ID, total[h][u], words.UnitPlural(u), m.Houses[h].Limits[u])
			}
		}
	}
}

func contains(xs []string, s string) bool {
	for _, x := range xs {
		if x == s {
			return true
		}
	}
	return false
}

func printableASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] <= ' ' || s[i] > '~' {
			return false
		}
	}
	return true
}
