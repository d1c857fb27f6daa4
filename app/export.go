package app

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

	"notrueking/session"
	"notrueking/store"
	"notrueking/words"
)

// The start screen's Export and Export finished (docs/saves.md): a save's
// text as a file to keep — a record, which the replay viewer and -load
// open. The desktop writes it into the exports folder beside the saves
// (keepExports in platform_desktop.go); the page downloads it
// (browser_js.go).

// exportFile is one exported game: its file name and its text.
type exportFile struct {
	name string
	data []byte
}

// exportGames exports saves ids of the start screen's store and says on
// its message line where they went, and which could not be exported. A
// game in progress (inProgress) is a spoiler, and the message says so.
func (s *startScene) exportGames(c *Context, ids []string, inProgress bool) {
	saves := c.app.opts.Saves
	if saves == nil || len(ids) == 0 {
		return
	}
	var files []exportFile
	var errs []error
	for _, id := range ids {
		name, data, err := session.Export(saves, id)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		files = append(files, exportFile{name, data})
	}
	var msg string
	if len(files) > 0 {
		m, err := keepExports(c, files)
		msg = m
		if inProgress && m != "" {
			msg += " A spoiler: it holds every secret of the game."
		}
		errs = append(errs, err)
	}
	if err := errors.Join(errs...); err != nil {
		s.say(strings.TrimSpace(msg+" Not exported: "+errLine(err)), true)
		return
	}
	s.say(msg, false)
}

// errLine is err's text on one line (errors.Join puts each on its own).
func errLine(err error) string { return strings.ReplaceAll(err.Error(), "\n", "; ") }

// exportsDir is the folder exports are written to: Options.ExportsDir,
// else store.ExportsDir.
func exportsDir(c *Context) (string, error) {
	if d := c.app.opts.ExportsDir; d != "" {
		return d, nil
	}
	return store.ExportsDir()
}

// writeExports writes files into folder dir (made if need be), each under
// a free name — store.WriteNew never overwrites a file: a second export
// of a game gets NAME-2.ntk — with mode 0600 (a save holds every secret of
// its game). It returns the paths written, and stops at the first
// failure.
func writeExports(dir string, files []exportFile) ([]string, error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, err
	}
	var paths []string
	for _, f := range files {
		p, err := store.WriteNew(filepath.Join(dir, f.name), f.data, 0o600)
		if err != nil {
			return paths, err
		}
		paths = append(paths, p)
	}
	return paths, nil
}

// exportedTo says where writeExports put the files: the file's name for
// one, the count for several.
func exportedTo(dir string, paths []string) string {
	if len(paths) == 1 {
		return fmt.Sprintf("Exported %s to %s (notrueking replay FILE shows it).", filepath.Base(paths[0]), dir)
	}
	return fmt.Sprintf("Exported %s to %s.", words.Count(len(paths), "game"), dir)
}

// zipExports packs files into one zip archive, the page's single download
// for several games (browsers ask before a page downloads many files). A
// name that repeats (the same players on the same day) gets -2, -3, … as
// on the desktop.
func zipExports(files []exportFile, now time.Time) ([]byte, error) {
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	used := map[string]bool{}
	for _, f := range files {
		name := f.name
		ext := path.Ext(name)
		for i := 2; used[name]; i++ {
			name = fmt.Sprintf("%s-%d%s", strings.TrimSuffix(f.name, ext), i, ext)
		}
		used[name] = true
		w, err := zw.CreateHeader(&zip.FileHeader{Name: name, Method: zip.Deflate, Modified: now})
		if err != nil {
			return nil, err
		}
		if _, err := w.Write(f.data); err != nil {
			return nil, err
		}
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
