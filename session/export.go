package session

import (
	"archive/zip"
	"bytes"
	"errors"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"strings"
	"time"
	"unicode"

	"notrueking/gamefile"
	"notrueking/store"
	"notrueking/words"
)

// The start screen's care of old saves besides Continue: deleting one
// game, and exporting saves as files to keep (docs/saves.md) — written
// into a folder on the desktop (WriteExports), packed into one download
// in a browser (ZipExports).

// DeleteSave deletes save id — a game in progress the players give up —
// unless a window holds it: then it returns the lock's error
// (store.ErrInUse: the game is open in another window) and the save stays.
// A folder's Delete removes the save's lock file with it.
func DeleteSave(st store.Store, id string) error {
	release, err := st.Lock(id)
	if err != nil {
		return err
	}
	defer release()
	return st.Delete(id)
}

// Export is save id as a file to keep: its text as it stands — a save is
// a record, which the replay viewer, -load, run and the page's Open file…
// read (docs/records.md) — and a file name after its players and the day
// of its last save (ExportName). A save that does not read as a record is
// refused with the reason, and nothing is exported.
func Export(st store.Store, id string) (name string, data []byte, err error) {
	data, err = st.Load(id)
	if err != nil {
		return "", nil, err
	}
	rec, m, _, err := gamefile.Decode(data)
	if err != nil {
		return "", nil, fmt.Errorf("save %s: %v", id, err)
	}
	return ExportName(rec.Players, m.Saved), data, nil
}

// maxNameStem bounds the players' part of an export's file name: nine
// long names would make a name too long for some file systems.
const maxNameStem = 60

// ExportName is the file name of an exported game: its players' names in
// lower case, letters and digits only, joined by '-', then the day t (left
// out when zero), e.g. "ann-ben-cy-2026-11-23.ntk". A name with no letter
// or digit is left out; players whose names would run past maxNameStem
// bytes are too.
func ExportName(players []string, t time.Time) string {
	var parts []string
	n := 0
	for _, p := range players {
		w := strings.Join(strings.FieldsFunc(strings.ToLower(p), func(r rune) bool {
			return !unicode.IsLetter(r) && !unicode.IsDigit(r)
		}), "-")
		if w == "" {
			continue
		}
		if n+len(w) > maxNameStem {
			break
		}
		parts = append(parts, w)
		n += len(w) + 1
	}
	if len(parts) == 0 {
		parts = []string{"game"}
	}
	if !t.IsZero() {
		parts = append(parts, t.Local().Format("2006-01-02"))
	}
	return strings.Join(parts, "-") + ".ntk"
}

// FinishedIDs are the ids of r's finished games (as RoomOf listed them).
func (r Room) FinishedIDs() []string {
	ids := make([]string, len(r.finished))
	for i, e := range r.finished {
		ids[i] = e.ID
	}
	return ids
}

// ExportFile is one exported game: its file name and its text.
type ExportFile struct {
	Name string
	Data []byte
}

// ExportAll exports saves ids of st (Export), in order: the files of those
// that export, and why the others do not (nil: all did).
func ExportAll(st store.Store, ids []string) ([]ExportFile, error) {
	var files []ExportFile
	var errs []error
	for _, id := range ids {
		name, data, err := Export(st, id)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		files = append(files, ExportFile{name, data})
	}
	return files, errors.Join(errs...)
}

// WriteExports writes files into folder dir (made if need be), each under
// a free name — store.WriteNew never overwrites a file: a second export
// of a game gets NAME-2.ntk — with mode 0600 (a save holds every secret of
// its game). It returns the paths written, and stops at the first
// failure.
func WriteExports(dir string, files []ExportFile) ([]string, error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, err
	}
	var paths []string
	for _, f := range files {
		p, err := store.WriteNew(filepath.Join(dir, f.Name), f.Data, 0o600)
		if err != nil {
			return paths, err
		}
		paths = append(paths, p)
	}
	return paths, nil
}

// ExportedTo says where WriteExports put the files: the file's name for
// one, the count for several.
func ExportedTo(dir string, paths []string) string {
	if len(paths) == 1 {
		return fmt.Sprintf("Exported %s to %s (notrueking replay FILE shows it).", filepath.Base(paths[0]), dir)
	}
	return fmt.Sprintf("Exported %s to %s.", words.Count(len(paths), "game"), dir)
}

// ZipExports packs files into one zip archive, a page's single download
// for several games (browsers ask before a page downloads many files). A
// name that repeats (the same players on the same day) gets -2, -3, … as
// WriteExports names them on the desktop.
func ZipExports(files []ExportFile, now time.Time) ([]byte, error) {
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	used := map[string]bool{}
	for _, f := range files {
		name := f.Name
		ext := path.Ext(name)
		for i := 2; used[name]; i++ {
			name = fmt.Sprintf("%s-%d%s", strings.TrimSuffix(f.Name, ext), i, ext)
		}
		used[name] = true
		w, err := zw.CreateHeader(&zip.FileHeader{Name: name, Method: zip.Deflate, Modified: now})
		if err != nil {
			return nil, err
		}
		if _, err := w.Write(f.Data); err != nil {
			return nil, err
		}
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
