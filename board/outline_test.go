package board

import (
	"math"
	"strings"
	"testing"
)

// gridOf builds a grid from rows of one-letter codes: '.' is off-board,
// 'a' is territory 0, 'b' is 1, and so on.
func gridOf(rows ...string) *Grid {
	g := &Grid{W: len(rows[0]), H: len(rows)}
	for _, r := range rows {
		for _, c := range r {
			if c == '.' {
				g.Cells = append(g.Cells, -1)
			} else {
				g.Cells = append(g.Cells, int16(c-'a'))
			}
		}
	}
	return g
}

func cells(g *Grid, t int) int {
	n := 0
	for _, c := range g.Cells {
		if int(c) == t {
			n++
		}
	}
	return n
}

func TestOutlinesSingleCell(t *testing.T) {
	g := gridOf("...", ".a.", "...")
	ls := g.Outlines(0)
	if len(ls) != 1 || len(ls[0]) != 4 {
		t.Fatalf("outlines %v", ls)
	}
	want := []Point{{1, 1}, {2, 1}, {2, 2}, {1, 2}}
	for i, p := range want {
		if ls[0][i] != p {
			t.Fatalf("loop %v, want %v", ls[0], want)
		}
	}
	if a := LoopArea(ls[0]); a != 1 {
		t.Errorf("area %v, want 1", a)
	}
}

func TestOutlinesShapes(t *testing.T) {
	cases := []struct {
		name  string
		rows  []string
		t     int
		loops int
	}{
		{"L shape", []string{"aab", "abb", "abb"}, 0, 1},
		{"ring with a hole", []string{"aaaa", "abba", "aaaa"}, 0, 2},
		{"the island in the ring", []string{"aaaa", "abba", "aaaa"}, 1, 1},
		{"diagonal cells are separate", []string{"ab", "ba"}, 0, 2},
		{"pinch inside a blob", []string{"aab", "aba", "baa"}, 0, 2},
		{"off-board around", []string{"....", ".aa.", ".a..", "...."}, 0, 1},
		{"absent territory", []string{"aa"}, 3, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := gridOf(c.rows...)
			ls := g.Outlines(c.t)
			if len(ls) != c.loops {
				t.Fatalf("%d loops, want %d: %v", len(ls), c.loops, ls)
			}
			sum := 0.0
			for _, l := range ls {
				sum += LoopArea(l)
				for i, p := range l {
					q := l[(i+1)%len(l)]
					if p.X != q.X && p.Y != q.Y {
						t.Errorf("edge %v→%v is not along the grid", p, q)
					}
				}
			}
			if want := float64(cells(g, c.t)); sum != want {
				t.Errorf("signed area %v, want %v cells", sum, want)
			}
		})
	}
}

// TestSmoothOutlinesTile checks that smoothed outlines still tile the
// board: their areas sum to the board's, so neighbours neither gap nor
// overlap, while each territory's own area changes (curves were cut).
func TestSmoothOutlinesTile(t *testing.T) {
	rows := []string{
		"aaaabbbbbb",
		"aaabbbbbbb",
		"aacccbbbdd",
		"acccccbddd",
		"accccccddd",
		"aaaccccdde",
		"aaaaaccdee",
		"aaaaaaeeee",
	}
	g := gridOf(rows...)
	changed := false
	for _, rounds := range []int{1, 2, 3} {
		total := 0.0
		for tr := 0; tr < 5; tr++ {
			a := 0.0
			for _, l := range g.SmoothOutlines(tr, rounds) {
				a += LoopArea(l)
			}
			if math.Abs(a-float64(cells(g, tr))) > 1e-9 {
				changed = true
			}
			total += a
		}
		if math.Abs(total-float64(g.W*g.H)) > 1e-9 {
			t.Errorf("%d rounds: smoothed areas sum to %v, board is %d", rounds, total, g.W*g.H)
		}
	}
	if !changed {
		t.Error("smoothing changed no territory's area; it did nothing")
	}
	if strings.Count(strings.Join(rows, ""), "a") != cells(g, 0) {
		t.Fatal("test grid is wrong")
	}
}
