package ui

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// TestCutToWidth: a text too wide is cut at a rune to the longest prefix
// that fits with its ellipsis; one that fits is left alone.
func TestCutToWidth(t *testing.T) {
	width := func(s string) float64 { return TextWidth(s, 16) }
	for _, s := range []string{"Combat in Dornish Marches", "Ñandúes über alles, ça va", strings.Repeat("W", 300)} {
		for _, w := range []float64{20, 60, 120, 400, 4000} {
			got := CutToWidth(s, w, width)
			if width(s) <= w {
				if got != s {
					t.Errorf("%q fits %v but was cut to %q", s, w, got)
				}
				continue
			}
			if !utf8.ValidString(got) || !strings.HasSuffix(got, Ellipsis) || width(got) > w && got != Ellipsis {
				t.Errorf("%q in %v: %q (%.1f wide)", s, w, got, width(got))
			}
			prefix := strings.TrimSuffix(got, Ellipsis)
			if !strings.HasPrefix(s, prefix) {
				t.Errorf("%q in %v: %q is no prefix", s, w, got)
			}
			// One rune more would not fit.
			if rest := s[len(prefix):]; rest != "" {
				_, n := utf8.DecodeRuneInString(rest)
				if longer := strings.TrimRight(s[:len(prefix)+n], " ") + Ellipsis; longer != got && width(longer) <= w {
					t.Errorf("%q in %v: %q is shorter than it need be (%q fits)", s, w, got, longer)
				}
			}
		}
	}
}

// TestFitLabelsShortensWithATooltip: a label wider than its box ends in an
// ellipsis within its room, and its tooltip holds the whole text (before
// the tip it had); a label that fits is left alone.
func TestFitLabelsShortensWithATooltip(t *testing.T) {
	long := "Combat in Dornish Marches: Baratheon attacks Martell"
	ws := []Widget{
		{R: Rect{0, 0, 160, 22}, Kind: WText, Text: long, Size: 17},
		Button(Rect{0, 30, 200, 34}, "Play "+long, Target{}),
		{R: Rect{0, 70, 400, 22}, Kind: WText, Text: "Fits", Size: 17, Tip: "A tip"},
		{R: Rect{0, 100, 160, 22}, Kind: WText, Text: long, Size: 17, Tip: "What combat means."},
	}
	ws = append(ws, Widget{R: Rect{0, 130, 160, 30}, Kind: WField, Text: long + "|", Size: 20, Selected: true},
		Widget{R: Rect{0, 170, 160, 30}, Kind: WField, Text: long, Size: 20})
	ws[1].Key = KeyEnter
	FitLabels(ws, 1)
	for i, w := range ws {
		if LabelWidth(w, w.Text, 1) > TextRoom(w) {
			t.Errorf("widget %d: %q is %.0f wide in a room of %.0f", i, w.Text, LabelWidth(w, w.Text, 1), TextRoom(w))
		}
	}
	if !strings.HasSuffix(ws[0].Text, Ellipsis) || ws[0].Tip != long {
		t.Errorf("a cut text: %q, tip %q", ws[0].Text, ws[0].Tip)
	}
	if !strings.HasSuffix(ws[1].Text, Ellipsis) || ws[1].Tip != "Play "+long {
		t.Errorf("a cut button: %q, tip %q", ws[1].Text, ws[1].Tip)
	}
	if ws[2].Text != "Fits" || ws[2].Tip != "A tip" {
		t.Errorf("a label that fits was changed: %+v", ws[2])
	}
	if !strings.HasPrefix(ws[4].Text, Ellipsis) || !strings.HasSuffix(ws[4].Text, "Martell|") || ws[4].Tip != long+"|" {
		t.Errorf("a field being typed in keeps its end: %q, tip %q", ws[4].Text, ws[4].Tip)
	}
	if !strings.HasPrefix(ws[5].Text, "Combat") || !strings.HasSuffix(ws[5].Text, Ellipsis) {
		t.Errorf("a field keeps its start: %q", ws[5].Text)
	}
	if ws[3].Tip != long+" — What combat means." {
		t.Errorf("the tip of a cut text with a tip: %q", ws[3].Tip)
	}
}

// BenchmarkCutToWidth cuts a 10,000-rune text (a name as long as the one
// that once made the window grow to gigabytes) to a label's width: a
// binary search measures O(log n) prefixes, not one per rune removed.
func BenchmarkCutToWidth(b *testing.B) {
	s := strings.Repeat("Wide name ", 1000)
	for b.Loop() {
		clear(measurerOf(false).widths) // measure afresh, as a new text is
		CutToWidth(s, 200, func(t string) float64 { return TextWidth(t, 17) })
	}
}

// BenchmarkWrapText wraps a 10,000-rune word (no space to break at): its
// rows are cut from one measuring pass.
func BenchmarkWrapText(b *testing.B) {
	s := strings.Repeat("W", 10000)
	for b.Loop() {
		clear(measurerOf(false).widths)
		WrapText(s, 15, 400, 0)
	}
}

// TestGlyphEmBound: no glyph of either font is wider than glyphEm ems, at
// a small size and a large one, so FitLabels may skip measuring a label
// whose runes cannot reach its room.
func TestGlyphEmBound(t *testing.T) {
	for _, size := range []float64{9.5, 100} {
		for r := rune(0x20); r < 0x2800; r++ {
			for _, bold := range []bool{false, true} {
				if w, _ := Measure(string(r), size, bold, 0); w > glyphEm*size {
					t.Errorf("%U %q (bold %v) is %.2f em wide at %v", r, r, bold, w/size, size)
				}
			}
		}
	}
}

// TestFitsMeansFitLabelsLeavesIt: a label Fits says fits is left whole by
// FitLabels at 1280×720, 1600×900 and 1920×1080, so that the table can
// trust it; 24 Ws do not fit a slot's 90 pixels.
func TestFitsMeansFitLabelsLeavesIt(t *testing.T) {
	scales := []float64{0.8, 1, 1.2}
	fits := 0
	for _, name := range []string{"Alice", "Maximilian", "Maximilian Aurelio Stone", strings.Repeat("W", 24)} {
		for _, room := range []float64{60, 90, 140, 200, 300} {
			w := Widget{R: Rect{W: room, H: 20}, Kind: WText, Text: name, Size: 15}
			if !Fits(w, name) {
				continue
			}
			fits++
			for _, s := range scales {
				ws := []Widget{w}
				FitLabels(ws, s)
				if ws[0].Text != name {
					t.Errorf("%q fits %v by Fits but FitLabels at scale %v makes it %q", name, room, s, ws[0].Text)
				}
			}
		}
	}
	if fits == 0 || Fits(Widget{R: Rect{W: 90, H: 20}, Kind: WText, Size: 15}, strings.Repeat("W", 24)) {
		t.Errorf("Fits: %d labels fit; 24 Ws fit 90 pixels: the check is not measuring", fits)
	}
	if !Fits(Widget{R: Rect{W: 300, H: 40}, Kind: WText, Size: 15}, "Alice\nBrian") {
		t.Error("two short lines do not fit 300 pixels")
	}
}
