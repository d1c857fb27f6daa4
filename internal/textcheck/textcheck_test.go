package textcheck

import "testing"

func TestUnsafe(t *testing.T) {
	for _, tc := range []struct {
		s        string
		newlines bool
		what     string // "" when safe
	}{
		{"Alice", false, ""},
		{"Ser Jorah Mormont", false, ""},
		{"Daenerys Stormborn — ♛", false, ""},
		{"Zoë", false, ""},
		{"A\u202eB", false, "a bidi control character"},
		{"A\u2067B", false, "a bidi control character"},
		{"A\u200fB", false, "a bidi control character"},
		{"A\u200bB", false, "a zero-width character"},
		{"A\ufeffB", false, "a zero-width character"},
		{"A\u2060B", false, "a zero-width character"},
		{"A\u00adB", false, "an invisible format character"},
		{"A\u2028B", false, "a line separator"},
		{"A\ue000B", false, "an unassigned or private-use character"},
		{"A\nB", false, "a control character"},
		{"A\nB", true, ""},
		{"A\x01B", true, "a control character"},
		{"A\xffB", false, "the replacement character (a sign of text that was not UTF-8)"},
	} {
		_, what, found := Unsafe(tc.s, tc.newlines)
		if found != (tc.what != "") || what != tc.what {
			t.Errorf("Unsafe(%q, %v) = %q %v, want %q", tc.s, tc.newlines, what, found, tc.what)
		}
	}
}

func TestEscape(t *testing.T) {
	for in, want := range map[string]string{
		"Winterfell":          "Winterfell",
		"Zoë — ♛":             "Zoë — ♛",
		"a\tb":                `a\tb`,
		"Eve\u202egnp":        `Eve\u202egnp`,
		"Al\u200bice":         `Al\u200bice`,
		"bad \xff byte":       `bad \xff byte`,
		"line\nbreak\x1b[31m": `line\nbreak\x1b[31m`,
	} {
		if got := Escape(in); got != want {
			t.Errorf("Escape(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestStrip(t *testing.T) {
	for in, want := range map[string]string{
		"plain words":                 "plain words",
		"two\nlines\tand a tab":       "two lines and a tab",
		"hid\u200bden \u202eevil":     "hidden evil",
		"bell\x07 and \xff bad utf-8": "bell and  bad utf-8",
	} {
		if got := Strip(in); got != want {
			t.Errorf("Strip(%q) = %q, want %q", in, got, want)
		}
		if _, _, bad := Unsafe(Strip(in), false); bad {
			t.Errorf("Strip(%q) leaves an unsafe character", in)
		}
	}
}
