package store

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// stores are a Dir and a KVStore, which must append and read parts alike.
func stores(t *testing.T) map[string]Store {
	return map[string]Store{
		"dir": openTemp(t),
		"kv":  NewKVStore(&mapKV{m: map[string]string{}}, KVPrefix),
	}
}

func load(t *testing.T, st Store, id string) string {
	t.Helper()
	b, err := st.Load(id)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestAppendCutsBackToALineEndAndWrites(t *testing.T) {
	for name, st := range stores(t) {
		t.Run(name, func(t *testing.T) {
			if err := st.Save("g", []byte("head\na\nb\n")); err != nil {
				t.Fatal(err)
			}
			steps := []struct {
				at   int64
				data string
				want string
			}{
				{9, "c\n", "head\na\nb\nc\n"},    // at the end: grows
				{7, "", "head\na\n"},             // cut back: b and c taken back
				{7, "d\ne\n", "head\na\nd\ne\n"}, // and written again
				{0, "new\n", "new\n"},
			}
			for _, s := range steps {
				if err := st.Append("g", s.at, []byte(s.data)); err != nil {
					t.Fatalf("Append(%d, %q): %v", s.at, s.data, err)
				}
				if got := load(t, st, "g"); got != s.want {
					t.Fatalf("after Append(%d, %q): %q, want %q", s.at, s.data, got, s.want)
				}
			}
		})
	}
}

// A crash while a line was written leaves it cut off after the good part:
// the next Append at the good length drops it.
func TestAppendAfterATornTailRepairsIt(t *testing.T) {
	for name, st := range stores(t) {
		t.Run(name, func(t *testing.T) {
			good := "head\na\n"
			if err := st.Save("g", []byte(good+"b pla")); err != nil {
				t.Fatal(err)
			}
			if err := st.Append("g", int64(len(good)), []byte("b place\n")); err != nil {
				t.Fatal(err)
			}
			if got := load(t, st, "g"); got != good+"b place\n" {
				t.Fatalf("%q, want the torn line replaced", got)
			}
		})
	}
}

func TestAppendRefusesWhatWouldGlueLinesAndChangesNothing(t *testing.T) {
	for name, st := range stores(t) {
		t.Run(name, func(t *testing.T) {
			const text = "head\na\n"
			if err := st.Save("g", []byte(text)); err != nil {
				t.Fatal(err)
			}
			for _, c := range []struct {
				at      int64
				data    string
				lineEnd bool
			}{
				{3, "x\n", true},         // inside a line
				{7, "no line end", true}, // data that does not end its line
				{8, "x\n", false},        // past the end (the file changed)
				{-1, "x\n", false},
			} {
				err := st.Append("g", c.at, []byte(c.data))
				if err == nil {
					t.Fatalf("Append(%d, %q) was accepted", c.at, c.data)
				}
				if c.lineEnd != errors.Is(err, ErrNotLineEnd) {
					t.Errorf("Append(%d, %q): %v", c.at, c.data, err)
				}
				if got := load(t, st, "g"); got != text {
					t.Fatalf("a refused Append changed the save to %q", got)
				}
			}
			if err := st.Append("none", 0, []byte("x\n")); !errors.Is(err, ErrNotFound) {
				t.Errorf("Append to no save: %v, want ErrNotFound", err)
			}
			if _, err := st.Load("none"); !errors.Is(err, ErrNotFound) {
				t.Errorf("Append created a save: %v", err)
			}
		})
	}
}

func TestReadPartReadsFromEitherEnd(t *testing.T) {
	for name, st := range stores(t) {
		t.Run(name, func(t *testing.T) {
			if err := st.Save("g", []byte("0123456789")); err != nil {
				t.Fatal(err)
			}
			for _, c := range []struct {
				off  int64
				n    int
				want string
			}{
				{0, 4, "0123"},
				{8, 4, "89"},
				{12, 4, ""},
				{-3, 3, "789"},
				{-3, 2, "78"},
				{-20, 4, "0123"},
				{0, 0, ""},
				{0, 100, "0123456789"},
			} {
				got, err := st.ReadPart("g", c.off, c.n)
				if err != nil || string(got) != c.want {
					t.Errorf("ReadPart(%d, %d) = %q, %v; want %q", c.off, c.n, got, err, c.want)
				}
			}
			if _, err := st.ReadPart("none", 0, 4); !errors.Is(err, ErrNotFound) {
				t.Errorf("ReadPart of no save: %v, want ErrNotFound", err)
			}
		})
	}
}

func TestDirAppendKeepsTheLimit(t *testing.T) {
	d := openTemp(t)
	if err := d.Save("g", []byte("a\n")); err != nil {
		t.Fatal(err)
	}
	if err := d.Append("g", MaxSave-1, []byte("x\n")); err == nil || !strings.Contains(err.Error(), "limit") {
		t.Fatalf("an Append past MaxSave: %v", err)
	}
	if got := load(t, d, "g"); got != "a\n" {
		t.Fatalf("%q", got)
	}
}

func TestAppendFileRefusesWhatIsNotARegularFile(t *testing.T) {
	dir := t.TempDir()
	if err := AppendFile(dir, 0, []byte("x\n")); err == nil {
		t.Error("appended to a folder")
	}
	missing := filepath.Join(dir, "missing")
	if err := AppendFile(missing, 0, []byte("x\n")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("Append to a missing file: %v", err)
	}
	if _, err := os.Lstat(missing); err == nil {
		t.Error("AppendFile created a file")
	}
	if runtime.GOOS == "windows" {
		return
	}
	fifo := filepath.Join(dir, "fifo")
	if err := mkfifo(fifo); err != nil {
		t.Skip(err)
	}
	if err := AppendFile(fifo, 0, []byte("x\n")); err == nil || !strings.Contains(err.Error(), "not a regular file") {
		t.Errorf("Append to a FIFO: %v", err)
	}
}

// The Appender of a -record file: created whole and never over another
// file, then grown, cut back and grown again by entries.
func TestFileAppenderGrowsAndCutsBackByEntries(t *testing.T) {
	path := filepath.Join(t.TempDir(), "game.ntk")
	head := "# record\nmap standard\n"
	p, err := WriteNew(path, []byte(head), 0o600)
	if err != nil {
		t.Fatal(err)
	}
	ap := NewFileAppender(p, 0o600)
	if ap.Ready() {
		t.Fatal("ready before it knows the file")
	}
	if err := ap.Add([]byte("x\n")); err == nil {
		t.Fatal("Add before Adopt or Write")
	}
	if err := ap.Adopt([]int64{int64(len(head))}); err != nil {
		t.Fatal(err)
	}
	for _, line := range []string{"a1\n", "a2\n# status 2\n", "a3\n"} {
		if err := ap.Add([]byte(line)); err != nil {
			t.Fatal(err)
		}
	}
	read := func() string {
		t.Helper()
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	if got := read(); got != head+"a1\na2\n# status 2\na3\n" || ap.Entries() != 3 || ap.Size() != int64(len(got)) {
		t.Fatalf("%q, %d entries, size %d", got, ap.Entries(), ap.Size())
	}
	// Two steps back, then a status added to the step it stands at.
	if err := ap.Cut(1, []byte("# status 1\n")); err != nil {
		t.Fatal(err)
	}
	if got := read(); got != head+"a1\n# status 1\n" || ap.Entries() != 1 {
		t.Fatalf("after Cut: %q, %d entries", got, ap.Entries())
	}
	if err := ap.Add([]byte("b2\n")); err != nil {
		t.Fatal(err)
	}
	if err := ap.Cut(0, nil); err != nil {
		t.Fatal(err)
	}
	if got := read(); got != head {
		t.Fatalf("back to the head: %q", got)
	}
	if err := ap.Cut(1, nil); err == nil {
		t.Fatal("Cut to an entry that is not there")
	}
	// Written whole: the entries are those Write names.
	if err := ap.Write([]byte("h\ne1\ne2\n"), []int64{2, 5, 8}); err != nil {
		t.Fatal(err)
	}
	if err := ap.Cut(1, nil); err != nil {
		t.Fatal(err)
	}
	if got := read(); got != "h\ne1\n" {
		t.Fatalf("after Write and Cut: %q", got)
	}
	for _, ends := range [][]int64{nil, {1}, {2, 9}, {5, 2, 8}} {
		if err := ap.Write([]byte("h\ne1\ne2\n"), ends); err == nil {
			t.Errorf("Write with entries ending at %v was accepted", ends)
		}
	}
	if got := read(); got != "h\ne1\n" {
		t.Fatalf("a refused Write changed the file: %q", got)
	}
}

// After a failed write the end of the file is not known: Add refuses until
// the file is written whole again.
func TestAppenderAfterAFailedWriteWantsAWholeWrite(t *testing.T) {
	path := filepath.Join(t.TempDir(), "game.ntk")
	ap := NewFileAppender(path, 0o600)
	if err := ap.Write([]byte("h\n"), []int64{2}); err != nil {
		t.Fatal(err)
	}
	// The file is replaced meanwhile by a shorter one: the append is
	// refused, and the appender no longer trusts its ends.
	if err := os.WriteFile(path, []byte("x"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := ap.Add([]byte("a\n")); err == nil {
		t.Fatal("appended to a file that changed under it")
	}
	if ap.Ready() {
		t.Fatal("still ready after a failed write")
	}
	if err := ap.Add([]byte("a\n")); err == nil {
		t.Fatal("Add after a failure, before a whole write")
	}
	if err := ap.Write([]byte("h\n"), []int64{2}); err != nil || !ap.Ready() {
		t.Fatalf("Write: %v, ready %v", err, ap.Ready())
	}
	if err := ap.Add([]byte("a\n")); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(path); string(b) != "h\na\n" {
		t.Fatalf("%q", b)
	}
}

func TestCompleteLines(t *testing.T) {
	for in, want := range map[string]int64{"": 0, "ab": 0, "a\n": 2, "a\nb": 2, "a\nb\n": 4} {
		if got := CompleteLines([]byte(in)); got != want {
			t.Errorf("CompleteLines(%q) = %d, want %d", in, got, want)
		}
	}
}
