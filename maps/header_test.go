package maps

import (
	"reflect"
	"testing"
)

// TestShippedHeader: the header of every shipped map, read without parsing
// the map, is what the full parse gives; a name that is no shipped map is
// refused.
func TestShippedHeader(t *testing.T) {
	for _, name := range Shipped() {
		m, err := Load(name)
		if err != nil {
			t.Fatal(err)
		}
		h, err := ShippedHeader(name)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		want := Header{ID: m.ID, Name: m.Name, MinPlayers: m.MinPlayers, MaxPlayers: m.MaxPlayers, ConspiracyNames: m.ConspiracyNames}
		if !reflect.DeepEqual(h, want) {
			t.Errorf("%s: header %+v, the full parse says %+v", name, h, want)
		}
	}
	if _, err := ShippedHeader("./standard.toml"); err == nil {
		t.Error("a path was read as a shipped map's header")
	}
}

// BenchmarkShippedHeaders reads the headers of the shipped maps, as the
// start screen does; BenchmarkLoadShipped parses them fully, as it did.
func BenchmarkShippedHeaders(b *testing.B) {
	for b.Loop() {
		for _, name := range Shipped() {
			if _, err := ShippedHeader(name); err != nil {
				b.Fatal(err)
			}
		}
	}
}

func BenchmarkLoadShipped(b *testing.B) {
	for b.Loop() {
		for _, name := range Shipped() {
			if _, err := Load(name); err != nil {
				b.Fatal(err)
			}
		}
	}
}
