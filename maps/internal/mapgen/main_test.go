package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestShippedMapsRegenerate draws every map that has a drawing in
// drawings/ and checks that the result is byte for byte the shipped file:
// the shipped grids come from the generator and nobody edited them by hand.
func TestShippedMapsRegenerate(t *testing.T) {
	files, err := filepath.Glob("drawings/*.toml")
	if err != nil || len(files) == 0 {
		t.Fatalf("no drawings: %v", err)
	}
	for _, f := range files {
		name := filepath.Base(f)
		t.Run(strings.TrimSuffix(name, ".toml"), func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join("..", "..", name))
			if err != nil {
				t.Fatal(err)
			}
			d, err := readDrawing(f)
			if err != nil {
				t.Fatal(err)
			}
			out, problems, err := generate(data, d, "")
			if err != nil {
				t.Fatal(err)
			}
			if problems > 0 {
				t.Errorf("%d problems in the drawing", problems)
			}
			if !bytes.Equal(out, data) {
				t.Errorf("regenerating %s changes it: run go run ./maps/internal/mapgen -map maps/%s", name, name)
			}
		})
	}
}
