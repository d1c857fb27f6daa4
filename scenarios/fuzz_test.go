package scenarios_test

import (
	"errors"
	"strings"
	"testing"

	"notrueking/maps"
	"notrueking/rules"
	"notrueking/scenarios"
)

// FuzzScenario: whatever the input, Parse returns a game or errors that
// each name the file and fit on one line, never panics; a game it returns
// can be viewed and played (its legal actions apply), and its export
// loads back to the same state.
//
//	go test -fuzz=FuzzScenario ./scenarios
func FuzzScenario(f *testing.F) {
	for _, name := range scenarios.Shipped() {
		data, err := scenarios.ShippedFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte(base))
	f.Add([]byte("map = \"nine\"\n[[player]]\nid = \"crown\"\nname = \"a\"\n[[player]]\nid = \"torch\"\nname = \"b\"\n[[stack]]\nkind = \"combat\"\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		g, err := scenarios.Parse("f.toml", data, "")
		if err != nil {
			var list maps.ErrorList
			if !errors.As(err, &list) {
				t.Fatalf("%T is not a maps.ErrorList: %v", err, err)
			}
			for _, e := range list {
				if msg := e.Error(); !strings.HasPrefix(msg, "f.toml") || strings.ContainsAny(msg, "\n\r") {
					t.Fatalf("bad message %q", msg)
				}
			}
			return
		}
		for seat := rules.Public; int(seat) < len(g.Seats()); seat++ {
			g.View(seat)
		}
		legal := g.Legal()
		if !g.Over() && len(legal) == 0 {
			t.Fatalf("a loaded position where seat %d must act has no legal action", g.ToAct())
		}
		text := scenarios.Export(g, "", "")
		h, err := scenarios.Parse("export.toml", text, "")
		if err != nil {
			t.Fatalf("the export does not load: %v\n%s", err, text)
		}
		if same, diff := samePosition(g, h); !same {
			t.Fatalf("the export loads to another state: %s", diff)
		}
		for i := 0; i < 5 && !g.Over(); i++ {
			a := g.Legal()[0]
			if a.Verb == rules.VArrange {
				a = g.Legal()[len(g.Legal())-1]
			}
			if _, err := g.Apply(a); err != nil {
				t.Fatalf("legal action %q refused: %v", g.FormatAction(a), err)
			}
		}
	})
}
