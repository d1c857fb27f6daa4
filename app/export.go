package app

import (
	"errors"
	"strings"

	"notrueking/session"
	"notrueking/store"
)

// The start screen's Export and Export finished (docs/saves.md): a save's
// text as a file to keep — a record, which the replay viewer and -load
// open (session.ExportAll). The desktop writes it into the exports folder
// beside the saves (keepExports in platform_desktop.go); the page
// downloads it (browser_js.go).

// exportGames exports saves ids of the start screen's store and says on
// its message line where they went, and which could not be exported. A
// game in progress (inProgress) is a spoiler, and the message says so.
func (s *startScene) exportGames(c *Context, ids []string, inProgress bool) {
	saves := c.app.opts.Saves
	if saves == nil || len(ids) == 0 {
		return
	}
	files, err := session.ExportAll(saves, ids)
	errs := []error{err}
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
