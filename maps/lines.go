package maps

import (
	"strconv"
	"strings"
)

// lineIndex maps key paths of a TOML document to the line where they are
// written. BurntSushi/toml's MetaData does not expose key positions, so the
// loader scans the text itself: table headers, array-of-table headers and
// "key =" at the start of a logical line. Paths name array-of-table entries
// by index: "territory#3.neighbors", "territory#3" (the header), "grid.rows".
type lineIndex struct {
	lines map[string]int
}

func newLineIndex(data []byte) *lineIndex {
	li := &lineIndex{lines: map[string]int{}}
	counts := map[string]int{}
	prefix := ""
	inML := "" // closing delimiter of an open multi-line string
	depth := 0 // open brackets/braces of a value spanning lines
	for n, line := range strings.Split(string(data), "\n") {
		lineNo := n + 1
		rest := line
		if inML == "" && depth == 0 {
			t := strings.TrimSpace(line)
			switch {
			case strings.HasPrefix(t, "[["):
				name := headerName(t[2:], "]]")
				i := counts[name]
				counts[name] = i + 1
				prefix = name + "#" + strconv.Itoa(i)
				li.set(prefix, lineNo)
				continue
			case strings.HasPrefix(t, "["):
				prefix = headerName(t[1:], "]")
				li.set(prefix, lineNo)
				continue
			case t == "" || strings.HasPrefix(t, "#"):
				continue
			}
			if k, v, ok := strings.Cut(t, "="); ok {
				key := unquoteKey(k)
				if prefix != "" {
					key = prefix + "." + key
				}
				li.set(key, lineNo)
				rest = v
			}
		}
		inML, depth = scanValue(rest, inML, depth)
	}
	return li
}

func (li *lineIndex) set(path string, line int) {
	if _, ok := li.lines[path]; !ok {
		li.lines[path] = line
	}
}

// line returns the line of path, or of its nearest enclosing key or table.
func (li *lineIndex) line(path string) int {
	for path != "" {
		if l, ok := li.lines[path]; ok {
			return l
		}
		i := strings.LastIndexByte(path, '.')
		if i < 0 {
			break
		}
		path = path[:i]
	}
	return 0
}

func headerName(s, closer string) string {
	if i := strings.Index(s, closer); i >= 0 {
		s = s[:i]
	}
	parts := strings.Split(s, ".")
	for i, p := range parts {
		parts[i] = unquoteKey(p)
	}
	return strings.Join(parts, ".")
}

func unquoteKey(k string) string {
	k = strings.TrimSpace(k)
	if len(k) >= 2 && (k[0] == '"' || k[0] == '\'') && k[len(k)-1] == k[0] {
		return k[1 : len(k)-1]
	}
	return k
}

// scanValue follows strings, comments and brackets through one line of a
// value and returns the state at its end.
func scanValue(s, inML string, depth int) (string, int) {
	for i := 0; i < len(s); i++ {
		if inML != "" {
			if strings.HasPrefix(s[i:], inML) {
				i += len(inML) - 1
				inML = ""
			} else if s[i] == '\\' && inML == `"""` {
				i++
			}
			continue
		}
		switch c := s[i]; c {
		case '#':
			return inML, depth
		case '"', '\'':
			triple := strings.Repeat(string(c), 3)
			if strings.HasPrefix(s[i:], triple) {
				inML = triple
				i += 2
				continue
			}
			for i++; i < len(s) && s[i] != c; i++ {
				if c == '"' && s[i] == '\\' {
					i++
				}
			}
		case '[', '{':
			depth++
		case ']', '}':
			if depth > 0 {
				depth--
			}
		}
	}
	return inML, depth
}
