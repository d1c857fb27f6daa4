package ui

import (
	"bytes"
	"math"
	"strings"
	"sync"

	"github.com/go-text/typesetting/di"
	"github.com/go-text/typesetting/font"
	"github.com/go-text/typesetting/language"
	"github.com/go-text/typesetting/shaping"
	"golang.org/x/image/math/fixed"

	"notrueking/assets"
)

// Text measuring without a display: the same fonts (package assets) shaped
// by the same shaper (go-text's HarfBuzz port) as the painter's text
// (Ebitengine's text/v2 is built on it), so a width measured here is the
// width drawn (render's tests compare the two).

// measurer is one font with its shaper. Shaping changes the font's state
// (its size), so one goroutine shapes at a time.
type measurer struct {
	mu     sync.Mutex
	face   *font.Face
	shaper shaping.HarfbuzzShaper
	seg    shaping.Segmenter
	// ascent and descent per unit of size (the font's horizontal extents
	// over its units per em).
	ascent, descent float64
	widths          map[widthKey]float64
}

type widthKey struct {
	s    string
	size float64
}

var fonts struct {
	once          sync.Once
	regular, bold *measurer
}

func newMeasurer(ttf []byte) *measurer {
	f, err := font.ParseTTF(bytes.NewReader(ttf))
	if err != nil {
		panic("ui: the built-in font does not load: " + err.Error()) // never: it is built in
	}
	m := &measurer{face: f, widths: map[widthKey]float64{}}
	if h, ok := f.FontHExtents(); ok {
		upem := float64(f.Upem())
		m.ascent, m.descent = float64(h.Ascender)/upem, float64(-h.Descender)/upem
	}
	return m
}

func measurerOf(bold bool) *measurer {
	fonts.once.Do(func() {
		fonts.regular = newMeasurer(assets.RegularTTF())
		fonts.bold = newMeasurer(assets.BoldTTF())
	})
	if bold {
		return fonts.bold
	}
	return fonts.regular
}

// width is the advance of one line of s at size pixels.
func (m *measurer) width(s string, size float64) float64 {
	if s == "" {
		return 0
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	k := widthKey{s, size}
	if w, ok := m.widths[k]; ok {
		return w
	}
	var adv fixed.Int26_6
	for _, run := range m.runs([]rune(s), size) {
		adv += m.shaper.Shape(run).Advance
	}
	w := float64(adv) / 64
	if len(m.widths) > 1<<14 {
		clear(m.widths) // bounded: a long game words many lines
	}
	m.widths[k] = w
	return w
}

// runs are the runs to shape of text rs at size (m.mu held).
func (m *measurer) runs(rs []rune, size float64) []shaping.Input {
	in := shaping.Input{
		Text: rs, RunStart: 0, RunEnd: len(rs),
		Direction: di.DirectionLTR,
		Face:      m.face,
		Size:      fixed.Int26_6(size * 64),
		Script:    language.Latin,
		Language:  language.Language("und"),
	}
	return m.seg.Split(in, singleFace{m.face})
}

// prefixWidths are the widths of every prefix of s at size, cut at runes:
// w[k] is the width of the first k runes (len(w) is the rune count + 1).
// One shaping of s gives them all (a glyph's advance counts from the rune
// its cluster starts at), so a long word is cut in one measuring pass.
func (m *measurer) prefixWidths(s string, size float64) []float64 {
	rs := []rune(s)
	adv := make([]fixed.Int26_6, len(rs)+1)
	m.mu.Lock()
	for _, run := range m.runs(rs, size) {
		for _, g := range m.shaper.Shape(run).Glyphs {
			if i := g.TextIndex(); i >= 0 && i < len(rs) {
				adv[i+1] += g.Advance
			}
		}
	}
	m.mu.Unlock()
	w := make([]float64, len(adv))
	var sum fixed.Int26_6
	for k := 1; k < len(adv); k++ {
		sum += adv[k]
		w[k] = float64(sum) / 64
	}
	return w
}

type singleFace struct{ f *font.Face }

func (s singleFace) ResolveFace(rune) *font.Face { return s.f }

// TextWidth is the width of one line of s in the regular font at size
// (base pixels).
func TextWidth(s string, size float64) float64 { return measurerOf(false).width(s, size) }

// FontSize is the size text of size is drawn at: in half pixels, at
// least 6 (the painter's faces come in these sizes).
func FontSize(size float64) float64 { return math.Max(6, math.Round(size*2)/2) }

// Measure is the width and height of text s (lines split at "\n") in the
// regular or bold font at size, lines lineSpacing apart: the widest line,
// and the lines' spacing plus the font's ascent and descent.
func Measure(s string, size float64, bold bool, lineSpacing float64) (w, h float64) {
	if s == "" {
		return 0, 0
	}
	m := measurerOf(bold)
	lines := strings.Split(strings.TrimSuffix(s, "\n"), "\n")
	for _, l := range lines {
		w = math.Max(w, m.width(strings.TrimSuffix(l, "\r"), size))
	}
	return w, float64(len(lines)-1)*lineSpacing + (m.ascent+m.descent)*size
}

// WrapText breaks s into rows no wider than w at size, at spaces; rows
// after the first are indented by indent. A word longer than a row is cut.
func WrapText(s string, size, w, indent float64) []string {
	// A little room to spare: the screen draws at its own scale, with the
	// font size rounded, so a row that just fits here might not there.
	w *= 0.96
	if w <= 0 || TextWidth(s, size) <= w {
		return []string{s}
	}
	var out []string
	words := strings.Fields(s)
	cur := ""
	avail := w
	for _, word := range words {
		try := word
		if cur != "" {
			try = cur + " " + word
		}
		if TextWidth(try, size) <= avail {
			cur = try
			continue
		}
		if cur != "" {
			out = append(out, cur)
			avail = w - indent
		}
		// A word wider than a whole row is cut where it must be, from
		// the widths of its prefixes, measured once.
		if TextWidth(word, size) > avail {
			pw := measurerOf(false).prefixWidths(word, size)
			rs := []rune(word)
			from := 0
			for pw[len(rs)]-pw[from] > avail {
				k := from + 1 // one rune a row at least
				for k < len(rs) && pw[k+1]-pw[from] <= avail {
					k++
				}
				out = append(out, string(rs[from:k]))
				from = k
				avail = w - indent
			}
			word = string(rs[from:])
		}
		cur = word
	}
	if cur != "" {
		out = append(out, cur)
	}
	return out
}

// WrapWords breaks s into lines of at most about n characters at spaces.
func WrapWords(s string, n int) string {
	var b strings.Builder
	line := 0
	for i, word := range strings.Fields(s) {
		if i > 0 {
			if line+1+len(word) > n {
				b.WriteByte('\n')
				line = 0
			} else {
				b.WriteByte(' ')
				line++
			}
		}
		b.WriteString(word)
		line += len(word)
	}
	return b.String()
}
