package maps

import (
	"errors"
	"os"
	"strings"
	"testing"

	"notrueking/board"
)

func tiny(t testing.TB) string {
	t.Helper()
	data, err := os.ReadFile("testdata/tiny.toml")
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// lineOf returns the 1-based line of the nth (1-based) occurrence of snippet.
func lineOf(t *testing.T, text, snippet string, nth int) int {
	t.Helper()
	off := 0
	for k := 0; k < nth; k++ {
		i := strings.Index(text[off:], snippet)
		if i < 0 {
			t.Fatalf("snippet %q (occurrence %d) not in the test file", snippet, nth)
		}
		off += i
		if k < nth-1 {
			off += len(snippet)
		}
	}
	return strings.Count(text[:off], "\n") + 1
}

func TestTinyIsValid(t *testing.T) {
	m, err := Parse("tiny.toml", []byte(tiny(t)))
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Territories) != 4 || len(m.Houses) != 2 || len(m.Setup) != 3 {
		t.Fatalf("tiny: %d territories, %d houses, %d placements", len(m.Territories), len(m.Houses), len(m.Setup))
	}
	n, _ := m.Territory("north")
	p, _ := m.Territory("port-of-north")
	s, _ := m.Territory("the-sea")
	if m.Territories[n].Port != p || m.Territories[p].PortOf != n || m.Territories[p].PortSea != s {
		t.Errorf("port ties: north.Port=%d port.PortOf=%d port.PortSea=%d", m.Territories[n].Port, m.Territories[p].PortOf, m.Territories[p].PortSea)
	}
	if m.Houses[0].Limits[3] != 0 || m.Houses[0].Limits[0] != 2 {
		t.Errorf("limits %v", m.Houses[0].Limits)
	}
}

// riverRill is a river between north and south in tiny.toml; unjoin makes
// them non-neighbours so that it explains their touching.
const riverRill = "[[river]]\nid = \"the-rill\"\nname = \"The Rill\"\nborders = [[\"north\", \"south\"]]\n"

type repl struct{ old, new string }

// roadLane is a road between north and south in tiny.toml, drawn along path.
func roadLane(path string) string {
	return "[[territory]]\nid = \"the-lane\"\ncode = \"rd\"\nname = \"The Lane\"\nkind = \"road\"\npath = " + path + "\nneighbors = [\"north\", \"south\"]\n"
}

var unjoin = []repl{
	{`neighbors = ["south", "the-sea", "port-of-north"]`, `neighbors = ["the-sea", "port-of-north"]`},
	{`neighbors = ["north", "the-sea"]`, `neighbors = ["the-sea"]`},
}

func TestLoaderErrors(t *testing.T) {
	cases := []struct {
		name  string
		repls []repl
		key   string
		at    string // snippet of the line the error must name
		nth   int    // occurrence of the snippet (default 1)
		msg   string
	}{
		{"unknown top-level key", []repl{{`name = "Tiny"`, "name = \"Tiny\"\ncolour = \"red\""}}, "colour", `colour = "red"`, 0, `unknown key "colour"`},
		{"unknown territory key", []repl{{"crowns = 1", "crowns = 1\nhealth = 3"}}, "territory.health", "health = 3", 0, `unknown key "health"`},
		{"unknown inline key", []repl{{"footman = 2, knight = 1, ship = 1 }", "footman = 2, knight = 1, ship = 1, catapult = 1 }"}}, "house.limits.catapult", "catapult", 0, `unknown key "catapult"`},
		{"wrong type", []repl{{"crowns = 1", `crowns = "one"`}}, "territory.crowns", `crowns = "one"`, 0, "want an integer"},
		{"out of range", []repl{{"barrels = 2", "barrels = -1"}}, "territory.barrels", "barrels = -1", 0, "out of range"},
		{"icons on a sea", []repl{{"kind = \"sea\"", "kind = \"sea\"\ncrowns = 1"}}, "territory.crowns", "crowns = 1", 2, "only land territories carry icons"},
		{"unknown kind", []repl{{`kind = "sea"`, `kind = "lake"`}}, "territory.kind", `kind = "lake"`, 0, "unknown territory kind"},
		{"unknown fortress", []repl{{`fortress = "castle"`, `fortress = "keep"`}}, "territory.fortress", `fortress = "keep"`, 0, "unknown fortress"},
		{"missing key", []repl{{"name = \"South\"\n", ""}}, "territory", "[[territory]]", 2, `missing key "name"`},
		{"dangling neighbour", []repl{{`neighbors = ["north", "the-sea"]`, `neighbors = ["north", "the-sea", "atlantis"]`}}, "territory.neighbors", "atlantis", 0, `unknown territory "atlantis"`},
		{"duplicate id", []repl{{`id = "south"`, `id = "north"`}}, "territory.id", `id = "north"`, 2, `duplicate territory id "north"`},
		{"duplicate code", []repl{{`code = "SS"`, `code = "NN"`}}, "territory.code", `code = "NN"`, 2, `duplicate code "NN"`},
		{"two houses start in one area", []repl{{"territory = \"the-sea\"\nunits = { ship = 1 }", "territory = \"north\"\nunits = { footman = 1 }"}}, "setup.territory", `territory = "north"`, 2, "north: north-house and south-house both start here; only a road holds two houses"},
		{"ships in a port of another house's land", []repl{{`territory = "the-sea"`, `territory = "port-of-north"`}}, "setup.territory", `territory = "port-of-north"`, 0, "port-of-north: south-house's ships start in this port, but south-house holds no troops in north: the rules would remove them before the first action"},
		{"asymmetric adjacency", []repl{{`neighbors = ["south", "the-sea", "port-of-north"]`, `neighbors = ["the-sea", "port-of-north"]`}}, "territory.neighbors", `neighbors = ["the-sea", "port-of-north"]`, 0, "south lists north as a neighbour but north does not list south"},
		{"neighbour listed twice", []repl{{`neighbors = ["north", "the-sea"]`, `neighbors = ["north", "the-sea", "north"]`}}, "territory.neighbors", `"the-sea", "north"]`, 0, "listed twice"},
		{"adjacent but not touching", []repl{{"wwwwNNNN\nwwwwSSSS", "wwNNNNNN\nwwNNSSSS"}}, "territory.neighbors", `neighbors = ["north", "the-sea"]`, 0, "south and the-sea are neighbours but their shapes in the grid do not touch"},
		{"touching but not adjacent", []repl{{"wwwwNNNN\nwwwwSSSS", "wwpnNNNN\nwwpnSSSS"}}, "grid.rows", "wwpnSSSS", 0, "south and port-of-north touch in the grid at column 2, row 4 but are not neighbours"},
		{"port of a sea", []repl{{`port_of = "north"`, `port_of = "the-sea"`}}, "territory.port_of", `port_of = "the-sea"`, 0, "a port belongs to a land territory"},
		{"port on land", []repl{{`sea = "the-sea"`, `sea = "south"`}}, "territory.sea", `sea = "south"`, 0, "a port opens on a sea"},
		{"port without its sea", []repl{{"sea = \"the-sea\"\n", ""}}, "territory", "[[territory]]", 4, `missing key "sea"`},
		{"port with extra neighbour", []repl{
			{`neighbors = ["north", "the-sea"]` + "\n\n[grid]", `neighbors = ["north", "the-sea", "south"]` + "\n\n[grid]"},
			{`neighbors = ["north", "the-sea"]`, `neighbors = ["north", "the-sea", "port-of-north"]`},
		}, "territory.neighbors", `neighbors = ["north", "the-sea", "south"]`, 0, "must neighbour exactly its land north and its sea the-sea"},
		{"sea key on land", []repl{{"barrels = 2", "barrels = 2\nsea = \"the-sea\""}}, "territory.sea", `sea = "the-sea"`, 1, "only a port has sea"},
		{"bad row width", []repl{{"wwwwSSSS", "wwwwSSS"}}, "grid.rows", "wwwwSSS\n", 0, "is 7 characters, want 8"},
		{"unknown code", []repl{{"wwwwSSSS", "wwwwSSXX"}}, "grid.rows", "wwwwSSXX", 0, `row 4, column 4: unknown code "XX"`},
		{"too few rows", []repl{{"wwwwSSSS\n", ""}}, "grid.rows", "wwwwwwww", 0, "3 rows, want height 4"},
		{"territory with no cells", []repl{{"wwwwSSSS", "wwwwNNNN"}}, "territory.code", `code = "SS"`, 0, "territory south has no cells"},
		{"territory split", []repl{{"wwpnNNNN\nwwwwNNNN", "wwpnNNww\nwwwwwwNN"}}, "grid.rows", "wwwwwwNN", 0, "territory north is split"},
		{"unknown home", []repl{{`home = "south"`, `home = "narnia"`}}, "house.home", `home = "narnia"`, 0, `unknown territory "narnia"`},
		{"home at sea", []repl{{`home = "south"`, `home = "the-sea"`}}, "house.home", `home = "the-sea"`, 0, "a home is a land territory"},
		{"bad colour", []repl{{`color = "#20a040"`, `color = "green"`}}, "house.color", `color = "green"`, 0, "is not a colour"},
		{"card of unknown house", []repl{{"house = \"south-house\"\nstrength", "house = \"west-house\"\nstrength"}}, "card.house", `house = "west-house"`, 0, `unknown house "west-house"`},
		{"unknown effect", []repl{{`effect = "catelyn"`, `effect = "wildfire"`}}, "card.effect", `effect = "wildfire"`, 0, `unknown effect "wildfire"`},
		{"setup in unknown territory", []repl{{`territory = "the-sea"`, `territory = "the-ocean"`}}, "setup.territory", `territory = "the-ocean"`, 0, `unknown territory "the-ocean"`},
		{"setup of unknown house", []repl{{"house = \"south-house\"\nterritory", "house = \"west-house\"\nterritory"}}, "setup.house", `house = "west-house"`, 0, `unknown house "west-house"`},
		{"setup over the limit", []repl{{"units = { footman = 1, knight = 1 }", "units = { footman = 3, knight = 1 }"}}, "setup.units.footman", "footman = 3", 0, "starts with 3 footmen, over its limit of 2"},
		{"ship on land", []repl{{`territory = "the-sea"`, `territory = "south"`}}, "setup.units.ship", "units = { ship = 1 }", 0, "ships start in a sea or a port"},
		{"unknown unit", []repl{{"units = { ship = 1 }", "units = { ship = 1, galley = 2 }"}}, "setup.units.galley", "galley", 0, `unknown key "galley"`},
		{"rank numbering", []repl{{"rank = 2", "rank = 3"}}, "house.rank", "rank = 3", 0, "competition numbering"},
		{"loyalty slots per house", []repl{{"loyalty_slots = [3, 0]", "loyalty_slots = [3, 2, 0]"}}, "loyalty_slots", "loyalty_slots", 0, "3 slots for 2 houses"},
		{"increasing loyalty slots", []repl{{"loyalty_slots = [3, 0]", "loyalty_slots = [0, 3]"}}, "loyalty_slots", "loyalty_slots", 0, "must not increase"},
		{"more players than conspiracies", []repl{{"max_players = 2", "max_players = 3"}}, "max_players", "max_players", 0, "only 2 conspiracies"},
		{"exception explains nothing", []repl{{"[grid]", "[[exception]]\na = \"north\"\nb = \"south\"\nreason = \"a bridge\"\n\n[grid]"}}, "exception", "[[exception]]", 0, "explains nothing"},
		{"exception of unknown territory", []repl{{"[grid]", "[[exception]]\na = \"north\"\nb = \"mordor\"\nreason = \"a bridge\"\n\n[grid]"}}, "exception.b", `b = "mordor"`, 0, `unknown territory "mordor"`},
		{"exception without reason", []repl{{"[grid]", "[[exception]]\na = \"north\"\nb = \"south\"\nreason = \" \"\n\n[grid]"}}, "exception.reason", `reason = " "`, 0, "must say why"},
		{"toml syntax", []repl{{"crowns = 1", "crowns = = 1"}}, "territory.crowns", "crowns = = 1", 0, "expected value"},
		{"unknown region", []repl{{"barrels = 2", "barrels = 2\nregion = \"the-south\""}}, "territory.region", `region = "the-south"`, 0, `unknown region "the-south"`},
		{"region of unknown house", []repl{{"[grid]", "[[region]]\nid = \"the-south\"\nname = \"The South\"\nhouse = \"west-house\"\n\n[grid]"}}, "region.house", `house = "west-house"`, 0, `unknown house "west-house"`},
		{"fortified sea", []repl{{"kind = \"sea\"", "kind = \"sea\"\nfortification = true"}}, "territory.fortification", "fortification = true", 0, "cannot be fortified"},
		{"fortification not a bool", []repl{{"barrels = 2", "barrels = 2\nfortification = 1"}}, "territory.fortification", "fortification = 1", 0, "want true or false"},
		{"empty id", []repl{{`id = "south"`, `id = ""`}}, "territory.id", `id = ""`, 0, "empty territory id"},
		{"code not two characters", []repl{{`code = "SS"`, `code = "S"`}}, "territory.code", `code = "S"`, 0, "not a two-character code"},
		{"code not ascii", []repl{{`code = "SS"`, `code = "é"`}}, "territory.code", `code = "é"`, 0, "not a two-character code"},
		{"rows not a string", []repl{{"rows = \"\"\"\nwwwwwwww\nwwpnNNNN\nwwwwNNNN\nwwwwSSSS\n\"\"\"", "rows = [\"wwwwwwww\"]"}}, "grid.rows", "rows = [", 0, "want a string, have an array"},
		{"river across neighbours", []repl{{"[grid]", riverRill + "\n[grid]"}}, "river.borders", "borders = ", 0, "river the-rill blocks north / south, but they are neighbours"},
		{"river border not touching", []repl{{"[grid]", "[[river]]\nid = \"the-rill\"\nname = \"The Rill\"\nborders = [[\"south\", \"port-of-north\"]]\n\n[grid]"}}, "river.borders", "borders = ", 0, "do not touch"},
		{"river of unknown territory", []repl{{"[grid]", "[[river]]\nid = \"the-rill\"\nname = \"The Rill\"\nborders = [[\"south\", \"mordor\"]]\n\n[grid]"}}, "river.borders", "borders = ", 0, `unknown territory "mordor"`},
		{"river without borders", []repl{{"[grid]", "[[river]]\nid = \"the-rill\"\nname = \"The Rill\"\n\n[grid]"}}, "river", "[[river]]", 0, `missing key "borders"`},
		{"river border not a pair", []repl{{"[grid]", "[[river]]\nid = \"the-rill\"\nname = \"The Rill\"\nborders = [[\"south\"]]\n\n[grid]"}}, "river.borders", "borders = ", 0, "want a pair"},
		{"bridge not adjacent", append(unjoin, repl{"[grid]", riverRill + "bridges = [[\"south\", \"port-of-north\"]]\n\n[grid]"}), "river.bridges", "bridges = ", 0, "bridge south / port-of-north, but they are not neighbours"},
		{"river border also an exception", append(unjoin, repl{"[grid]", riverRill + "\n[[exception]]\na = \"north\"\nb = \"south\"\nreason = \"a ford\"\n\n[grid]"}), "river.borders", "borders = ", 0, "is already an [[exception]]"},
		{"region at sea", []repl{{"[grid]", "[[region]]\nid = \"the-deep\"\nname = \"The Deep\"\n\n[grid]"}, {"kind = \"sea\"", "kind = \"sea\"\nregion = \"the-deep\""}}, "territory.region", `region = "the-deep"`, 0, "a sea cannot be in a home region"},
		{"house without a region", []repl{{"[grid]", "[[region]]\nid = \"the-south\"\nname = \"The South\"\nhouse = \"south-house\"\n\n[grid]"}, {"barrels = 2", "barrels = 2\nregion = \"the-south\""}}, "house", "[[house]]", 1, "house north-house has no home region"},
		{"capital outside its region", []repl{{"[grid]", "[[region]]\nid = \"the-south\"\nname = \"The South\"\nhouse = \"south-house\"\n\n[[region]]\nid = \"the-north\"\nname = \"The North\"\nhouse = \"north-house\"\n\n[grid]"}, {"barrels = 2", "barrels = 2\nregion = \"the-north\""}}, "territory.region", `region = "the-north"`, 0, "south is the capital of south-house, so it must be in south-house's home region the-south"},
		{"road path through a stranger", []repl{{"[grid]", roadLane(`[[2.5, 1.5], [2.5, 3.5], [0.5, 3.5]]`) + "\n[grid]"}, {`neighbors = ["north", "the-sea"]`, `neighbors = ["north", "the-sea", "the-lane"]`}, {`neighbors = ["south", "the-sea", "port-of-north"]`, `neighbors = ["south", "the-sea", "port-of-north", "the-lane"]`}}, "territory.path", "path = ", 0, "its path crosses the-sea at (2.0, 3.5), which is not its neighbour"},
		{"road path missing a neighbour", []repl{{"[grid]", roadLane(`[[2.5, 1.5], [3.5, 1.5]]`) + "\n[grid]"}, {`neighbors = ["north", "the-sea"]`, `neighbors = ["north", "the-sea", "the-lane"]`}, {`neighbors = ["south", "the-sea", "port-of-north"]`, `neighbors = ["south", "the-sea", "port-of-north", "the-lane"]`}}, "territory.path", "path = ", 0, "does not pass through its neighbour south"},
		{"path on land", []repl{{"barrels = 2", "barrels = 2\npath = [[1, 1], [2, 2]]"}}, "territory.path", "path = ", 0, "only a road has a path"},
		{"grid missing", []repl{{"[grid]", "[gird]"}}, "", "id = \"tiny\"", 0, `missing key "grid"`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			text := tiny(t)
			for _, r := range c.repls {
				if !strings.Contains(text, r.old) {
					t.Fatalf("test file lacks %q", r.old)
				}
				text = strings.Replace(text, r.old, r.new, 1)
			}
			nth := c.nth
			if nth == 0 {
				nth = 1
			}
			line := lineOf(t, text, c.at, nth)
			if c.name == "grid missing" {
				line = 0 // a missing top-level key has no line of its own
			}
			_, err := Parse("tiny.toml", []byte(text))
			var list ErrorList
			if !errors.As(err, &list) {
				t.Fatalf("want an ErrorList, have %v", err)
			}
			for _, e := range list {
				if e.File == "tiny.toml" && e.Key == c.key && e.Line == line && strings.Contains(e.Msg, c.msg) {
					return
				}
			}
			t.Errorf("want an error tiny.toml:%d: %s: …%s…; have:\n%v", line, c.key, c.msg, err)
		})
	}
}

func TestRegionsAndFortification(t *testing.T) {
	text := strings.Replace(tiny(t), "[grid]", "[[region]]\nid = \"the-south\"\nname = \"The South\"\nhouse = \"south-house\"\n\n[[region]]\nid = \"the-north\"\nname = \"The North\"\nhouse = \"north-house\"\n\n[grid]", 1)
	text = strings.Replace(text, "fortress = \"castle\"", "fortress = \"castle\"\nregion = \"the-north\"", 1)
	text = strings.Replace(text, "barrels = 2", "barrels = 2\nregion = \"the-south\"\nfortification = true", 1)
	m, err := Parse("tiny.toml", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	s, _ := m.Territory("south")
	if m.Territories[s].Region != "the-south" || !m.Territories[s].Fortification {
		t.Errorf("south: region %q fortification %v", m.Territories[s].Region, m.Territories[s].Fortification)
	}
}

func TestRiverExplainsTouching(t *testing.T) {
	text := tiny(t)
	for _, r := range append(unjoin, repl{"[grid]", riverRill + "\n[grid]"}) {
		text = strings.Replace(text, r.old, r.new, 1)
	}
	m, err := Parse("tiny.toml", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	n, _ := m.Territory("north")
	s, _ := m.Territory("south")
	r, ok := m.RiverBetween(s, n)
	if !ok || r.Name != "The Rill" || m.Adjacent(n, s) {
		t.Fatalf("river between north and south: %v %v, adjacent %v", r, ok, m.Adjacent(n, s))
	}
	if _, ok := m.RiverBetween(n, n+2); ok {
		t.Error("a river between north and the sea")
	}
	// Without the river the touching pair is unexplained.
	text = strings.Replace(text, riverRill, "", 1)
	if _, err := Parse("tiny.toml", []byte(text)); err == nil || !strings.Contains(err.Error(), "north and south touch in the grid") {
		t.Errorf("unexplained touching pair: %v", err)
	}
}

func TestRoadPath(t *testing.T) {
	text := tiny(t)
	for _, r := range []repl{
		{"[grid]", roadLane(`[[2.5, 1.5], [2.5, 3.5]]`) + "\n[grid]"},
		{`neighbors = ["north", "the-sea"]`, `neighbors = ["north", "the-sea", "the-lane"]`},
		{`neighbors = ["south", "the-sea", "port-of-north"]`, `neighbors = ["south", "the-sea", "port-of-north", "the-lane"]`},
	} {
		text = strings.Replace(text, r.old, r.new, 1)
	}
	m, err := Parse("tiny.toml", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	r, _ := m.Territory("the-lane")
	// Its name sits on the path, a fifth to four fifths of the way along.
	if tr := m.Territories[r]; len(tr.Path) != 2 || tr.Label.X != 2.5 || tr.Label.Y < 1.9-1e-9 || tr.Label.Y > 3.1+1e-9 {
		t.Errorf("the lane: path %v label %v", tr.Path, tr.Label)
	}
	// A road drawn with cells is refused.
	text = strings.Replace(text, "wwwwNNNN\nwwwwSSSS", "wwwwNNNN\nwwwwrdSS", 1)
	if _, err := Parse("tiny.toml", []byte(text)); err == nil || !strings.Contains(err.Error(), "road the-lane has cells in the grid") {
		t.Errorf("a road with cells: %v", err)
	}
}

// TestRiverLines checks the line rules on a strip of four lands A|B|C|D:
// borders that do not meet are two lines, and a bridge must meet its river.
func TestRiverLines(t *testing.T) {
	for _, tc := range []struct {
		name             string
		borders, bridges [][2]int
		want             string
	}{
		{"one border", [][2]int{{0, 1}}, nil, ""},
		{"two lines", [][2]int{{0, 1}, {2, 3}}, nil, "does not form one line"},
		{"bridge off the river", [][2]int{{0, 1}}, [][2]int{{2, 3}}, "does not lie on river"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := board.Grid{W: 4, H: 2, Cells: []int16{0, 1, 2, 3, 0, 1, 2, 3}}
			p := &parser{dec: dec{file: "strip.toml", li: newLineIndex(nil)}}
			p.m = &board.Map{}
			for _, id := range []string{"a", "b", "c", "d"} {
				p.m.Territories = append(p.m.Territories, board.Territory{ID: id})
			}
			p.checkRiverLines(&g, []*river{{id: "r", path: "river#0", borders: tc.borders, bridges: tc.bridges}})
			got := p.errs.Err()
			if tc.want == "" && got != nil || tc.want != "" && (got == nil || !strings.Contains(got.Error(), tc.want)) {
				t.Errorf("want %q, have %v", tc.want, got)
			}
		})
	}
	// A bridge that meets the line at a corner lies on it.
	g := board.Grid{W: 2, H: 2, Cells: []int16{0, 1, 2, 3}}
	p := &parser{dec: dec{file: "square.toml", li: newLineIndex(nil)}, m: &board.Map{Territories: make([]board.Territory, 4)}}
	p.checkRiverLines(&g, []*river{{id: "r", borders: [][2]int{{0, 1}}, bridges: [][2]int{{2, 3}}}})
	if err := p.errs.Err(); err != nil {
		t.Error(err)
	}
}

func TestExceptionExplainsDifference(t *testing.T) {
	text := strings.Replace(tiny(t), "wwwwNNNN\nwwwwSSSS", "wwNNNNNN\nwwNNSSSS", 1)
	text = strings.Replace(text, "[grid]", "[[exception]]\na = \"south\"\nb = \"the-sea\"\nreason = \"a canal through North's land\"\n\n[grid]", 1)
	m, err := Parse("tiny.toml", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Exceptions) != 1 || m.Exceptions[0].Reason != "a canal through North's land" {
		t.Fatalf("exceptions %+v", m.Exceptions)
	}
}

func TestAllErrorsInOnePass(t *testing.T) {
	text := tiny(t)
	for _, r := range [][2]string{
		{`name = "Tiny"`, "name = \"Tiny\"\ncolour = 1"},
		{`home = "south"`, `home = "narnia"`},
		{`effect = "catelyn"`, `effect = "wildfire"`},
		{"wwwwSSSS", "wwwwSSXX"},
	} {
		text = strings.Replace(text, r[0], r[1], 1)
	}
	_, err := Parse("tiny.toml", []byte(text))
	var list ErrorList
	if !errors.As(err, &list) {
		t.Fatalf("want an ErrorList, have %v", err)
	}
	if len(list) != 4 {
		t.Fatalf("want 4 errors, have %d:\n%v", len(list), err)
	}
	for i := 1; i < len(list); i++ {
		if list[i].Line < list[i-1].Line {
			t.Errorf("errors not in file order:\n%v", err)
		}
	}
	if got := strings.Count(err.Error(), "\n"); got != 3 {
		t.Errorf("message has %d line breaks, want one error per line:\n%v", got, err)
	}
}
