// Package store keeps saved games and writes the files the program makes,
// without ever losing a game or overwriting a user's file unasked.
//
// Store is the small interface the game uses for its saves: the desktop
// implements it with one file per game in a folder (Dir); a browser build
// can implement it with localStorage. The package imports no Ebitengine.
//
// Every whole write here is atomic: the data goes to a temporary file in
// the same folder, which is synced, then renamed over (or linked to) its
// final name, and the folder is synced. A crash at any moment leaves
// either the old file or the new one, never a torn one. A file that grows
// by lines is appended to instead (AppendFile, Appender): it is cut back to
// a line end known to be good, the new lines written there and synced, so
// a crash leaves the good part and at most a cut-off last line, which the
// readers of records ignore.
package store

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/gofrs/flock"

	"notrueking/internal/safefile"
)

// Entry is one save in a Store.
type Entry struct {
	ID       string
	Size     int64
	Modified time.Time
}

// Store holds saved games by id. Save replaces a save atomically: after it
// returns nil the new content is durable, and a crash during it leaves the
// old content. Append grows (or cuts back) a save by whole lines, so that
// saving one more action costs the same at any length of the game.
type Store interface {
	// List returns the saves, newest first.
	List() ([]Entry, error)
	// Load returns a save's content (ErrNotFound when there is none).
	Load(id string) ([]byte, error)
	// ReadPart returns at most n bytes of a save from offset off; a
	// negative off counts from its end (-n: its last n bytes, or all of
	// a shorter save). It reads no more of the save than it returns
	// where the storage allows (a folder does; the browser's storage
	// holds each save as one value).
	ReadPart(id string, off int64, n int) ([]byte, error)
	// Save creates or replaces a save.
	Save(id string, data []byte) error
	// Append cuts an existing save back to at bytes — dropping what
	// follows: a line a crash cut off, actions taken back — then writes
	// data there, durable when it returns. at must be 0 or just after a
	// line end of the save, and data whole lines (ending in a line end)
	// or nothing; otherwise (ErrNotLineEnd, or a save shorter than at) it
	// refuses and changes nothing. A crash or a failure during Append
	// leaves the first at bytes whole, followed at most by part of data.
	Append(id string, at int64, data []byte) error
	// Delete removes a save.
	Delete(id string) error
	// Lock takes save id for this window: a game may be played in one
	// window only. It returns ErrInUse while another window (another
	// process, or another Lock of this one) holds it; release gives it
	// back. A window that dies releases its locks with it, so a crash
	// never blocks the next start.
	Lock(id string) (release func(), err error)
}

// ErrInUse is returned by Lock for a save another window holds.
var ErrInUse = errors.New("the game is open in another window")

// MaxSave bounds a save's size, as records are bounded: a four-player game
// is some 10 KB, so 64 MB is never reached by a real game.
const MaxSave = 64 << 20

// ErrNotFound is returned by Load for an id with no save.
var ErrNotFound = errors.New("no such save")

// ErrExists is returned by WriteFile when the file exists and overwriting
// was not asked for.
var ErrExists = errors.New("the file exists (nothing was overwritten)")

// CheckID accepts save ids of 1 to 64 characters a-z, 0-9 and '-', not
// starting with '-': they are file names on the desktop.
func CheckID(id string) error {
	if id == "" || len(id) > 64 || id[0] == '-' {
		return fmt.Errorf("bad save id %q", id)
	}
	for _, r := range id {
		if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-') {
			return fmt.Errorf("bad save id %q", id)
		}
	}
	return nil
}

// NewID returns a fresh save id for a game started at t: its local date
// and time plus a random suffix, e.g. "20261123-184012-3fa9c1", so ids sort
// by age and two programs starting games at once do not clash.
func NewID(t time.Time) string {
	var b [3]byte
	if _, err := rand.Read(b[:]); err != nil {
		// crypto/rand does not fail on supported systems; the nanoseconds
		// still make a clash unlikely.
		return t.Format("20060102-150405-") + strconv.Itoa(t.Nanosecond()%1_000_000)
	}
	return t.Format("20060102-150405-") + hex.EncodeToString(b[:])
}

// Dir is the desktop Store: one file ID.ntk per save in a folder, written
// with mode 0600 (a save holds every secret of its game).
type Dir struct {
	path string
}

// ConfigEnv names the environment variable that, when set, replaces the
// user's configuration folder (os.UserConfigDir()/notrueking): tests and
// portable installs point it elsewhere.
const ConfigEnv = "NTK_CONFIG_DIR"

// DefaultDir returns the folder of the saves: $NTK_CONFIG_DIR/saves when
// that is set, else <os.UserConfigDir()>/notrueking/saves (on Linux
// ~/.config/notrueking/saves).
func DefaultDir() (string, error) {
	if d := os.Getenv(ConfigEnv); d != "" {
		return filepath.Join(d, "saves"), nil
	}
	c, err := os.UserConfigDir()
	if err != nil {
		return "", fmt.Errorf("no folder for saves: %v", err)
	}
	return filepath.Join(c, "notrueking", "saves"), nil
}

// PositionsDir returns the folder where the window saves positions as
// scenarios ("Save position as scenario"): $NTK_CONFIG_DIR/scenarios, else
// <os.UserConfigDir()>/notrueking/scenarios, beside the saves.
func PositionsDir() (string, error) {
	d, err := DefaultDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(filepath.Dir(d), "scenarios"), nil
}

// ExportsDir returns the folder where the start screen exports saved games
// (Export, Export finished): $NTK_CONFIG_DIR/exports, else
// <os.UserConfigDir()>/notrueking/exports, beside the saves.
func ExportsDir() (string, error) {
	d, err := DefaultDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(filepath.Dir(d), "exports"), nil
}

// OpenDefault opens the Dir at DefaultDir.
func OpenDefault() (*Dir, error) {
	p, err := DefaultDir()
	if err != nil {
		return nil, err
	}
	return OpenDir(p)
}

// tempSuffix ends the names of temporary files; List never shows them.
const tempSuffix = ".tmp"

// staleTemp is how old a leftover temporary file (from a crash during a
// write) must be before OpenDir removes it: a younger one may belong to a
// write still running in another window.
const staleTemp = 10 * time.Minute

// OpenDir opens (creating it, mode 0700, with its parents) the folder of
// saves at path, and removes temporary files a crash left there.
func OpenDir(path string) (*Dir, error) {
	if err := os.MkdirAll(path, 0o700); err != nil {
		return nil, fmt.Errorf("saves folder: %v", err)
	}
	st, err := os.Stat(path)
	if err != nil {
		return nil, fmt.Errorf("saves folder: %v", err)
	}
	if !st.IsDir() {
		return nil, fmt.Errorf("saves folder %s is not a folder", path)
	}
	// A save is known by its resolved path: the same folder reached
	// through a symbolic link (a linked config folder, NTK_CONFIG_DIR) is
	// the same folder, and its saves the same saves (IDOf).
	if real, err := filepath.EvalSymlinks(path); err == nil {
		path = real
	}
	d := &Dir{path: path}
	RemoveStaleTemps(path)
	return d, nil
}

// ReadOnlyDir is the Dir at path for a reader that only lists and reads
// (the spectator window): unlike OpenDir it creates no folder and removes
// no temporary file, so it never writes where a game is being saved. A
// folder that does not exist yet lists as an error until it does.
func ReadOnlyDir(path string) *Dir { return &Dir{path: path} }

// Path returns the folder.
func (d *Dir) Path() string { return d.path }

// lockFile is the path of the lock of save id: a hidden file beside it,
// which stays (removing it could let two windows lock two files of one
// name); Delete removes it with the save.
func (d *Dir) lockFile(id string) string { return filepath.Join(d.path, "."+id+lockSuffix) }

// lockSuffix ends the names of the saves' lock files.
const lockSuffix = ".lock"

// Lock takes the lock of save id (an advisory lock of the operating
// system on its lock file, github.com/gofrs/flock): ErrInUse while
// another window holds it.
func (d *Dir) Lock(id string) (func(), error) {
	if err := CheckID(id); err != nil {
		return nil, err
	}
	l := flock.New(d.lockFile(id), flock.SetPermissions(0o600))
	ok, err := l.TryLock()
	if err != nil {
		return nil, fmt.Errorf("save %s: cannot take its lock: %v", id, err)
	}
	if !ok {
		return nil, fmt.Errorf("save %s: %w", id, ErrInUse)
	}
	return func() { l.Unlock() }, nil
}

// File returns the path of save id.
func (d *Dir) File(id string) string { return filepath.Join(d.path, id+".ntk") }

// IDOf returns the id of the save at path when path is a save of d,
// however it is reached: both are compared as resolved paths (symbolic
// links followed), so a save reached through a link continues in place
// rather than becoming a second save of the same game.
func (d *Dir) IDOf(path string) (string, bool) {
	abs, err := resolved(path)
	if err != nil {
		return "", false
	}
	dir, err := resolved(d.path)
	if err != nil || filepath.Dir(abs) != dir {
		return "", false
	}
	id, ok := strings.CutSuffix(filepath.Base(abs), ".ntk")
	if !ok || CheckID(id) != nil {
		return "", false
	}
	return id, true
}

// resolved is path made absolute with its symbolic links followed (as
// far as it exists).
func resolved(path string) (string, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return "", err
	}
	if real, err := filepath.EvalSymlinks(abs); err == nil {
		return real, nil
	}
	return abs, nil
}

// RemoveStaleTemps removes, from folder dir, the temporary files the
// program's atomic writes (WriteFile, WriteNew) left there when a crash
// or a kill stopped them — ".NAME.DIGITS.tmp", regular files older than
// ten minutes (a younger one may belong to a write still running in
// another window) — and nothing else. The saves folder is cleaned when
// it is opened (OpenDir); the window cleans the folders of its -record,
// -overlay and saved positions when it starts.
func RemoveStaleTemps(dir string) {
	before := time.Now().Add(-staleTemp)
	ents, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range ents {
		if !isOurTemp(e.Name()) {
			continue
		}
		if info, err := e.Info(); err == nil && info.Mode().IsRegular() && info.ModTime().Before(before) {
			os.Remove(filepath.Join(dir, e.Name()))
		}
	}
}

// isOurTemp says whether name is one of writeAtomic's temporary names:
// "." + the file's name + "." + os.CreateTemp's digits + ".tmp".
func isOurTemp(name string) bool {
	rest, ok := strings.CutPrefix(name, ".")
	if !ok {
		return false
	}
	rest, ok = strings.CutSuffix(rest, tempSuffix)
	if !ok {
		return false
	}
	i := strings.LastIndexByte(rest, '.')
	if i < 1 || i == len(rest)-1 {
		return false
	}
	for _, c := range rest[i+1:] {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// List returns the saves, newest first (ties by id, newest id first).
func (d *Dir) List() ([]Entry, error) {
	ents, err := os.ReadDir(d.path)
	if err != nil {
		return nil, err
	}
	var out []Entry
	for _, e := range ents {
		id, ok := strings.CutSuffix(e.Name(), ".ntk")
		if !ok || CheckID(id) != nil || !e.Type().IsRegular() {
			continue
		}
		info, err := e.Info()
		if err != nil {
			continue // removed meanwhile
		}
		out = append(out, Entry{ID: id, Size: info.Size(), Modified: info.ModTime()})
	}
	sort.Slice(out, func(i, j int) bool {
		if !out[i].Modified.Equal(out[j].Modified) {
			return out[i].Modified.After(out[j].Modified)
		}
		return out[i].ID > out[j].ID
	})
	return out, nil
}

// Load reads a save, bounded by MaxSave.
func (d *Dir) Load(id string) ([]byte, error) {
	if err := CheckID(id); err != nil {
		return nil, err
	}
	data, err := safefile.ReadFile(d.File(id), MaxSave)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("%w: %s", ErrNotFound, id)
	}
	return data, err
}

// Save replaces save id atomically (mode 0600).
func (d *Dir) Save(id string, data []byte) error {
	if err := CheckID(id); err != nil {
		return err
	}
	if len(data) > MaxSave {
		return fmt.Errorf("save %s: %d bytes is larger than the limit of %s", id, len(data), safefile.Size(MaxSave))
	}
	return WriteFile(d.File(id), data, 0o600, true)
}

// ReadPart reads at most n bytes of save id from off (off < 0: from the
// end), and no more than that: a listing reads a bounded part of each
// save, however long it is.
func (d *Dir) ReadPart(id string, off int64, n int) ([]byte, error) {
	if err := CheckID(id); err != nil {
		return nil, err
	}
	path := d.File(id)
	st, err := os.Stat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("%w: %s", ErrNotFound, id)
	}
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("%s: is not a regular file", path)
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if st, err = f.Stat(); err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("%s: is not a regular file", path)
	}
	return readPart(f, st.Size(), off, n)
}

// Append cuts save id back to at bytes and writes data there, synced
// (AppendFile); the save may not grow past MaxSave.
func (d *Dir) Append(id string, at int64, data []byte) error {
	if err := CheckID(id); err != nil {
		return err
	}
	if at+int64(len(data)) > MaxSave {
		return fmt.Errorf("save %s: %d bytes would be larger than the limit of %s", id, at+int64(len(data)), safefile.Size(MaxSave))
	}
	err := AppendFile(d.File(id), at, data)
	if errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("%w: %s", ErrNotFound, id)
	}
	return err
}

// Delete removes save id (ErrNotFound when there is none).
func (d *Dir) Delete(id string) error {
	if err := CheckID(id); err != nil {
		return err
	}
	if err := os.Remove(d.File(id)); err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("%w: %s", ErrNotFound, id)
		}
		return err
	}
	os.Remove(d.lockFile(id))
	return syncDir(d.path)
}

// WriteFile writes data to path atomically with mode perm: a temporary
// file in the same folder is written and synced, then renamed over path
// (overwrite) or linked to it only if path does not exist yet (otherwise
// ErrExists, and nothing changes), and the folder is synced. A crash leaves
// the old file whole (and at worst a hidden temporary file).
func WriteFile(path string, data []byte, perm os.FileMode, overwrite bool) (err error) {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	if !overwrite {
		if _, err := os.Lstat(path); err == nil {
			return fmt.Errorf("%s: %w", path, ErrExists)
		}
	}
	tmp, err := os.CreateTemp(dir, "."+base+".*"+tempSuffix)
	if err != nil {
		return err
	}
	tmpName := tmp.Name()
	defer func() {
		if err != nil {
			os.Remove(tmpName)
		}
	}()
	_, err = tmp.Write(data)
	if err == nil {
		err = tmp.Chmod(perm)
	}
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	if overwrite {
		if err = os.Rename(tmpName, path); err != nil {
			return err
		}
	} else {
		if err = linkNew(tmpName, path); err != nil {
			return err
		}
		os.Remove(tmpName)
	}
	return syncDir(dir)
}

// linkNew gives the written temporary file its final name only if that
// name is free: a hard link fails atomically when the name exists. Where
// the file system has no hard links, the name is reserved with an
// exclusive create and the temporary file renamed over that empty file.
func linkNew(tmp, path string) error {
	err := os.Link(tmp, path)
	if err == nil {
		return nil
	}
	if errors.Is(err, fs.ErrExist) {
		return fmt.Errorf("%s: %w", path, ErrExists)
	}
	f, cerr := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if cerr != nil {
		if errors.Is(cerr, fs.ErrExist) {
			return fmt.Errorf("%s: %w", path, ErrExists)
		}
		return err
	}
	f.Close()
	return os.Rename(tmp, path)
}

// syncDir makes a rename in dir durable. Windows cannot sync a folder (its
// renames are durable once the call returns).
func syncDir(dir string) error {
	if runtime.GOOS == "windows" {
		return nil
	}
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	if err := d.Sync(); err != nil && !errors.Is(err, errors.ErrUnsupported) && !isEINVAL(err) {
		return fmt.Errorf("syncing folder %s: %v", dir, err)
	}
	return nil
}

// FreeName returns path when no file has that name, else the first free
// name of the form NAME-2.EXT, NAME-3.EXT, … (e.g. game-2.ntk).
func FreeName(path string) (string, error) {
	if _, err := os.Lstat(path); errors.Is(err, fs.ErrNotExist) {
		return path, nil
	}
	ext := filepath.Ext(path)
	stem := strings.TrimSuffix(path, ext)
	for i := 2; i < 10000; i++ {
		p := fmt.Sprintf("%s-%d%s", stem, i, ext)
		if _, err := os.Lstat(p); errors.Is(err, fs.ErrNotExist) {
			return p, nil
		}
	}
	return "", fmt.Errorf("%s: no free name up to %s-9999%s", path, stem, ext)
}

// WriteNew writes data atomically to a new file: path when that is free,
// else the next free name FreeName finds. It never overwrites a file and
// returns the name written.
func WriteNew(path string, data []byte, perm os.FileMode) (string, error) {
	for range 100 {
		p, err := FreeName(path)
		if err != nil {
			return "", err
		}
		err = WriteFile(p, data, perm, false)
		if !errors.Is(err, ErrExists) {
			return p, err
		}
		// Taken between the look and the write: look again.
	}
	return "", fmt.Errorf("%s: could not find a free name", path)
}
