package store

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
)

// A file that grows by whole lines need not be replaced to grow: it can be
// appended to, torn-line safe. AppendFile cuts the file back to a length
// known to be good (dropping a line a crash cut off, or lines taken back)
// and writes whole lines there; a crash during it leaves the good part
// followed at most by part of the new lines, and a reader that ignores a
// cut-off last line (rules.ParseRecord) reads the good part. Appender keeps
// where each step of such a file ends.

// ErrNotLineEnd is returned by AppendFile (and Store.Append) when the
// length to cut back to is not the end of a line of the file, or the data
// does not end one: a write there would glue two lines together.
var ErrNotLineEnd = errors.New("not at the end of a line")

// checkAppend refuses data that is not whole lines (nil is: nothing).
func checkAppend(name string, at int64, data []byte) error {
	if at < 0 {
		return fmt.Errorf("%s: cannot append at %d", name, at)
	}
	if len(data) > 0 && data[len(data)-1] != '\n' {
		return fmt.Errorf("%s: the data appended does not end its last line: %w", name, ErrNotLineEnd)
	}
	return nil
}

// AppendFile cuts the regular file at path back to at bytes — at must be 0
// or just after a line end of it — then writes data (whole lines, or
// nothing) there and syncs the file before it returns. It never creates a
// file: the first content of one is written whole (WriteFile, WriteNew).
// When the file is shorter than at, or at is not the end of a line, it
// refuses and changes nothing. A failed write can leave part of data after
// at: the next AppendFile at the same at drops it.
func AppendFile(path string, at int64, data []byte) (err error) {
	if err := checkAppend(path, at, data); err != nil {
		return err
	}
	if st, err := os.Stat(path); err != nil {
		return err
	} else if !st.Mode().IsRegular() {
		return fmt.Errorf("%s: is not a regular file", path)
	}
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		return err
	}
	defer func() {
		if cerr := f.Close(); err == nil {
			err = cerr
		}
	}()
	st, err := f.Stat()
	if err != nil {
		return err
	}
	if !st.Mode().IsRegular() {
		return fmt.Errorf("%s: is not a regular file", path)
	}
	if st.Size() < at {
		return fmt.Errorf("%s: is %d bytes long, shorter than the %d bytes written before (changed by another program?)", path, st.Size(), at)
	}
	if at > 0 {
		var last [1]byte
		if _, err := f.ReadAt(last[:], at-1); err != nil {
			return err
		}
		if last[0] != '\n' {
			return fmt.Errorf("%s: byte %d: %w (changed by another program?)", path, at, ErrNotLineEnd)
		}
	}
	if st.Size() != at {
		if err := f.Truncate(at); err != nil {
			return err
		}
	}
	if _, err := f.WriteAt(data, at); err != nil {
		return err
	}
	return f.Sync()
}

// AppendTo is AppendFile on a file held in memory (a KV value, a test's
// store): it returns the new content, old cut back to at with data after
// it (old itself is not changed), or why it refuses, as AppendFile would;
// name names the file in errors.
func AppendTo(name string, old []byte, at int64, data []byte) ([]byte, error) {
	if err := checkAppend(name, at, data); err != nil {
		return nil, err
	}
	if int64(len(old)) < at {
		return nil, fmt.Errorf("%s: is %d bytes long, shorter than the %d bytes written before (changed by another program?)", name, len(old), at)
	}
	if at > 0 && old[at-1] != '\n' {
		return nil, fmt.Errorf("%s: byte %d: %w (changed by another program?)", name, at, ErrNotLineEnd)
	}
	return append(old[:at:at], data...), nil
}

// span is the part of a file of size bytes that ReadPart(off, n) returns:
// from, to.
func span(size, off int64, n int) (from, to int64) {
	if off < 0 {
		off = max(size+off, 0)
	}
	from = min(off, size)
	return from, min(from+int64(max(n, 0)), size)
}

// readPart returns at most n bytes of r (size bytes long) from off; a
// negative off counts from the end.
func readPart(r io.ReaderAt, size, off int64, n int) ([]byte, error) {
	from, to := span(size, off, n)
	buf := make([]byte, to-from)
	k, err := r.ReadAt(buf, from)
	if err == io.EOF {
		err = nil // the file shrank meanwhile: what there is
	}
	return buf[:k], err
}

// Part is ReadPart on a save held in memory: at most n bytes of data from
// off (off < 0: from the end), sharing data's memory.
func Part(data []byte, off int64, n int) []byte {
	from, to := span(int64(len(data)), off, n)
	return data[from:to:to]
}

// Appender writes a file of lines that grows and shrinks at its end by
// steps: a head, written whole and atomically, then entries, each one or
// more whole lines, appended one at a time (an action's line in a save or
// a record). It keeps where each entry ends, so that going back to an
// earlier step cuts the file there. Every write is durable before it
// returns, and a crash at any moment leaves a file that reads as one of
// the steps, perhaps followed by a cut-off last line.
//
// The save's Session uses one on a Store; for a file the program writes
// as it goes (a -record file), create the file whole first — WriteNew
// never overwrites one — then:
//
//	p, err := store.WriteNew(path, head, 0o600)
//	ap := store.NewFileAppender(p, 0o600)
//	ap.Adopt([]int64{int64(len(head))})
//	err = ap.Add([]byte(line + "\n")) // an action
//	err = ap.Cut(ap.Entries()-1, nil) // undo it
//
// After a failed Add or Cut the end of the file is not known: Ready is
// false, and only Write (the whole file again) can follow.
type Appender struct {
	replace func(data []byte) error
	writeAt func(at int64, data []byte) error
	// ends[k] is the file's length with its head and first k entries;
	// nil when not Ready.
	ends []int64
}

// NewAppender returns the Appender of save id of st: Write is st.Save,
// Add and Cut are st.Append.
func NewAppender(st Store, id string) *Appender {
	return &Appender{
		replace: func(data []byte) error { return st.Save(id, data) },
		writeAt: func(at int64, data []byte) error { return st.Append(id, at, data) },
	}
}

// NewFileAppender returns the Appender of the file at path: Write replaces
// it atomically with mode perm (WriteFile), Add and Cut are AppendFile.
func NewFileAppender(path string, perm os.FileMode) *Appender {
	return &Appender{
		replace: func(data []byte) error { return WriteFile(path, data, perm, true) },
		writeAt: func(at int64, data []byte) error { return AppendFile(path, at, data) },
	}
}

// Ready reports whether the appender knows where the file's entries end:
// after Write or Adopt, until a write fails.
func (a *Appender) Ready() bool { return a.ends != nil }

// Entries is the number of entries after the head (0 when not Ready).
func (a *Appender) Entries() int { return max(len(a.ends)-1, 0) }

// Size is the file's length as last written (0 when not Ready).
func (a *Appender) Size() int64 {
	if a.ends == nil {
		return 0
	}
	return a.ends[len(a.ends)-1]
}

// checkEnds refuses ends that cannot be those of a file of size bytes
// (size < 0: unknown).
func checkEnds(ends []int64, size int64) error {
	if len(ends) == 0 {
		return errors.New("no end of the head given")
	}
	for i, e := range ends {
		if e < 0 || i > 0 && e < ends[i-1] || size >= 0 && e > size {
			return fmt.Errorf("entry %d ends at %d: not within the file, in order", i, e)
		}
	}
	return nil
}

// Write replaces the whole file with data, atomically: its head ends at
// ends[0] and its entries at ends[1:], offsets into data in increasing
// order. Data must be whole lines.
func (a *Appender) Write(data []byte, ends []int64) error {
	if err := checkEnds(ends, int64(len(data))); err != nil {
		return err
	}
	if err := checkAppend("the file", 0, data); err != nil {
		return err
	}
	for _, e := range ends {
		if e > 0 && data[e-1] != '\n' {
			return fmt.Errorf("an entry ends at byte %d: %w", e, ErrNotLineEnd)
		}
	}
	a.ends = nil
	if err := a.replace(data); err != nil {
		return err
	}
	a.ends = append(make([]int64, 0, len(ends)+64), ends...)
	return nil
}

// Adopt takes a file already written, whose head and entries end at ends
// (a save resumed, a file just created whole); whatever follows the last
// end (a cut-off line) is dropped by the next Add or Cut.
func (a *Appender) Adopt(ends []int64) error {
	if err := checkEnds(ends, -1); err != nil {
		return err
	}
	a.ends = append(make([]int64, 0, len(ends)+64), ends...)
	return nil
}

// Add appends data, whole lines, as the next entry.
func (a *Appender) Add(data []byte) error {
	if a.ends == nil {
		return errNotReady
	}
	at := a.Size()
	if err := a.writeAt(at, data); err != nil {
		a.ends = nil
		return err
	}
	a.ends = append(a.ends, at+int64(len(data)))
	return nil
}

// errNotReady refuses Add and Cut before Write or Adopt, and after a
// failed write.
var errNotReady = errors.New("the end of the file is not known: write it whole first")

// Cut keeps the head and the first k entries, dropping those after them,
// and appends data (whole lines, or nothing) to entry k.
func (a *Appender) Cut(k int, data []byte) error {
	if a.ends == nil {
		return errNotReady
	}
	if k < 0 || k >= len(a.ends) {
		return fmt.Errorf("there is no entry %d (the file has %d)", k, a.Entries())
	}
	at := a.ends[k]
	if err := a.writeAt(at, data); err != nil {
		a.ends = nil
		return err
	}
	a.ends = append(a.ends[:k], at+int64(len(data)))
	return nil
}

// CompleteLines is the length of data's complete lines: up to and with its
// last line end (0 when it has none).
func CompleteLines(data []byte) int64 {
	return int64(bytes.LastIndexByte(data, '\n') + 1)
}
