package ui

import (
	"strings"
	"unicode/utf8"
)

// No cut text: a label that does not fit its box is shortened with an
// ellipsis where the screen is built (FitLabels), and its tooltip holds
// the whole text. The painter never has to cut a label itself.

// Ellipsis ends a shortened text.
const Ellipsis = "…"

// glyphEm bounds a glyph's advance in ems in both fonts (the widest, №,
// is 1.12 em; TestGlyphEmBound).
const glyphEm = 1.25

// fitSlack is the share of a box's room a shortened label may take: the
// screen draws at its own scale, with the font size rounded, so a label
// that just fits here might not there (WrapText keeps the same margin).
const fitSlack = 0.96

// CutToWidth is s shortened with an ellipsis to the longest prefix (at a
// rune) whose width, ellipsis included, is at most w; s itself when it
// fits, Ellipsis alone when no prefix does. width measures a text. It
// measures O(log n) texts of at most len(s) bytes: a binary search over the
// prefixes, never one measure per rune removed.
func CutToWidth(s string, w float64, width func(string) float64) string {
	if width(s) <= w {
		return s
	}
	k := fittingPrefix(s, func(p string) bool { return width(strings.TrimRight(p, " ")+Ellipsis) <= w })
	return strings.TrimRight(s[:k], " ") + Ellipsis
}

// CutStartToWidth is s with its start shortened to an ellipsis: the
// longest tail (at a rune) that fits width w with it; s itself when it
// fits. A field being typed in keeps its end, where the cursor is.
func CutStartToWidth(s string, w float64, width func(string) float64) string {
	if width(s) <= w {
		return s
	}
	// The tails of s, longest first, are its rune starts: a binary search
	// for the first that fits.
	var starts []int
	for i := range s {
		starts = append(starts, i)
	}
	lo, hi := 1, len(starts) // the empty tail (len(starts)) fits
	for lo < hi {
		mid := (lo + hi) / 2
		if width(Ellipsis+strings.TrimLeft(s[starts[mid]:], " ")) <= w {
			hi = mid
		} else {
			lo = mid + 1
		}
	}
	if lo == len(starts) {
		return Ellipsis
	}
	return Ellipsis + strings.TrimLeft(s[starts[lo]:], " ")
}

// fittingPrefix is the byte length of the longest prefix of s, cut at a
// rune, short of s itself, that fits (0 when none does): a binary search,
// fits being true of every prefix shorter than one it is true of.
func fittingPrefix(s string, fits func(prefix string) bool) int {
	// The rune starts of s: prefix k is s[:starts[k]].
	starts := make([]int, 0, utf8.RuneCountInString(s))
	for i := range s {
		starts = append(starts, i)
	}
	lo, hi := 0, len(starts)-1 // prefix lo fits (the empty one does)
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if fits(s[:starts[mid]]) {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return starts[lo]
}

// keyHintW is the width a key hint takes at the right end of a button,
// margin included (the painter's).
func keyHintW(key Key) float64 {
	if key == KeyNone {
		return 0
	}
	return TextWidth(key.String(), 15) + 15
}

// TextRoom is the width (base pixels) a widget's text has: the rect's for
// a text, less the margins and the key hint for a button or box.
func TextRoom(w Widget) float64 {
	switch w.Kind {
	case WText:
		return w.R.W
	case WField:
		return w.R.W - 16
	}
	if w.Kind == WBox {
		return w.R.W // a small token's "?0" or "Lan" uses its whole box
	}
	room := w.R.W - 4
	if w.Key != KeyNone {
		room -= keyHintW(w.Key) + 5
	}
	return room
}

// labelled reports whether w's text is a label FitLabels fits (a glyph's
// or an icon's text is its name, not drawn).
func labelled(w Widget) bool {
	switch w.Kind {
	case WText, WButton, WBox, WField:
		return w.Text != ""
	}
	return false
}

// FitSize is the largest font size from size down to least (in steps of
// a pixel) at which one line of text s fits width room, with the margin a
// smaller screen needs; least when none does (FitLabels then shortens it).
func FitSize(s string, size, least float64, bold bool, room float64) float64 {
	for ; size > least; size-- {
		if w, _ := Measure(s, size, bold, 0); w <= room*fitSlack {
			return size
		}
	}
	return least
}

// LabelWidth is the width (base pixels) of one line of w's text as the
// painter draws it at scale s (buttons in bold): the font's size is
// rounded on the screen, and a small size sets text a little wider.
func LabelWidth(w Widget, line string, s float64) float64 {
	m, _ := Measure(line, FontSize(w.Size*s), w.Bold || w.Kind == WButton, 0)
	return m / s
}

// FitLabels shortens, in place, every line of every label of ws that is
// wider than its widget's room (TextRoom) at scale s (the window's) with
// an ellipsis, and puts the whole text in the widget's tooltip (before
// the tooltip it had, unless that holds it already). A label that fits is
// left alone.
func FitLabels(ws []Widget, s float64) {
	if s <= 0 {
		s = 1
	}
	for i := range ws {
		w := &ws[i]
		if !labelled(*w) {
			continue
		}
		room := TextRoom(*w)
		if room <= 0 {
			continue
		}
		lines := strings.Split(w.Text, "\n")
		cut := false
		for k, l := range lines {
			// A short label fits without being measured.
			if float64(utf8.RuneCountInString(l))*FontSize(w.Size*s)*glyphEm/s <= room || LabelWidth(*w, l, s) <= room {
				continue
			}
			width := func(t string) float64 { return LabelWidth(*w, t, s) }
			if w.Kind == WField && w.Selected {
				lines[k] = CutStartToWidth(l, room*fitSlack, width) // what is being typed
			} else {
				lines[k] = CutToWidth(l, room*fitSlack, width)
			}
			cut = true
		}
		if !cut {
			continue
		}
		whole := strings.Join(strings.Fields(w.Text), " ")
		switch {
		case w.Tip == "":
			w.Tip = whole
		case !strings.Contains(strings.Join(strings.Fields(w.Tip), " "), whole):
			w.Tip = whole + " — " + w.Tip
		}
		w.Text = strings.Join(lines, "\n")
	}
}

// fitScales are the window scales a label is checked at before the
// table trades it for a shorter form: 1280×720, 1600×900 and 1920×1080
// and a step between each (the font's size is rounded at each).
var fitScales = [...]float64{0.8, 0.9, 1, 1.1, 1.2}

// Fits reports whether every line of text, as widget w's label, fits w's
// room (TextRoom) at the common window scales without FitLabels cutting
// it: a widget that must never be cut says less, or says it otherwise,
// when it does not.
func Fits(w Widget, text string) bool {
	room := TextRoom(w) * fitSlack
	for more := true; more; {
		var line string
		line, text, more = strings.Cut(text, "\n")
		n := float64(utf8.RuneCountInString(line))
		for _, s := range fitScales {
			// A short line fits without being measured.
			if n*FontSize(w.Size*s)*glyphEm/s > room && LabelWidth(w, line, s) > room {
				return false
			}
		}
	}
	return true
}
