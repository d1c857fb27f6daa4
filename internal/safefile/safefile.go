// Package safefile opens the files the program reads from users (maps,
// records, saves) with bounds: only regular files, no larger than a cap
// checked before reading, so a FIFO, a folder, a device or a huge file is
// refused at once with a clear error instead of hanging or exhausting
// memory.
package safefile

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
)

// Open opens path for reading when it is a regular file (symbolic links
// are followed) of at most max bytes. The size is checked on the opened
// file too, so a file swapped after the first check is still bounded;
// the returned reader never yields more than max bytes.
//
// Every refusal is an *OpenError: the file could not be opened as asked
// (it is missing, unreadable, not a regular file, too big), as opposed to
// a file that was read and whose content was refused.
func Open(path string, max int64) (*File, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, openError(path, err)
	}
	if err := check(path, st, max); err != nil {
		return nil, err
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, openError(path, err)
	}
	st, err = f.Stat()
	if err == nil {
		err = check(path, st, max)
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return &File{f: f, r: io.LimitReader(f, max+1), max: max, path: path}, nil
}

// OpenError is a file that could not be opened as asked, and why, in a
// sentence: "maps/x.toml: no such file".
type OpenError struct {
	Path, Reason string
	// Err is the system's error, when there was one (errors.Is(err,
	// fs.ErrNotExist) holds for a missing file).
	Err error
}

func (e *OpenError) Error() string { return e.Path + ": " + e.Reason }
func (e *OpenError) Unwrap() error { return e.Err }

// IsOpenError says whether err, or an error it wraps, is an OpenError.
func IsOpenError(err error) bool {
	var oe *OpenError
	return errors.As(err, &oe)
}

// openError words a system error of opening path.
func openError(path string, err error) error {
	why := "cannot be opened"
	switch {
	case errors.Is(err, fs.ErrNotExist):
		why = "no such file"
	case errors.Is(err, fs.ErrPermission):
		why = "permission denied: the file cannot be read"
	default:
		var pe *fs.PathError
		if errors.As(err, &pe) {
			why = "cannot be opened: " + pe.Err.Error()
		}
	}
	return &OpenError{Path: path, Reason: why, Err: err}
}

func check(path string, st os.FileInfo, max int64) error {
	switch m := st.Mode(); {
	case m.IsDir():
		return &OpenError{Path: path, Reason: "is a folder, not a file"}
	case !m.IsRegular():
		return &OpenError{Path: path, Reason: fmt.Sprintf("is not a regular file (%s)", kind(m))}
	case st.Size() > max:
		return &OpenError{Path: path, Reason: fmt.Sprintf("%d bytes is larger than the limit of %s", st.Size(), Size(max))}
	}
	return nil
}

func kind(m os.FileMode) string {
	switch {
	case m&os.ModeNamedPipe != 0:
		return "a named pipe"
	case m&os.ModeSocket != 0:
		return "a socket"
	case m&os.ModeCharDevice != 0:
		return "a character device"
	case m&os.ModeDevice != 0:
		return "a device"
	}
	return "a special file"
}

// File is an open, bounded regular file.
type File struct {
	f    *os.File
	r    io.Reader
	max  int64
	n    int64
	path string
}

// Read reads from the file; reading past the cap (a file that grew after
// it was opened) is an error.
func (f *File) Read(p []byte) (int, error) {
	n, err := f.r.Read(p)
	f.n += int64(n)
	if f.n > f.max {
		return n, fmt.Errorf("%s: grew larger than the limit of %s while being read", f.path, Size(f.max))
	}
	return n, err
}

// Close closes the file.
func (f *File) Close() error { return f.f.Close() }

// ReadFile reads a whole regular file of at most max bytes.
func ReadFile(path string, max int64) ([]byte, error) {
	f, err := Open(path, max)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var buf bytes.Buffer
	if _, err := buf.ReadFrom(f); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// Size renders a byte count for messages ("4 MB", "64 MB", "512 KB").
func Size(n int64) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}

// BOM is the UTF-8 byte-order mark some editors (Windows Notepad) write at
// the start of a text file.
var BOM = []byte{0xEF, 0xBB, 0xBF}

// TrimBOM returns data without a leading UTF-8 byte-order mark.
func TrimBOM(data []byte) []byte { return bytes.TrimPrefix(data, BOM) }
