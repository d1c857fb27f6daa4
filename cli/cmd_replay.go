package cli

import (
	"io"

	"notrueking/app"
)

// cmdReplay is the replay command: the game of a record or save file in
// the replay viewer. The file is read here, headless, so that a bad one is
// refused before any window opens; the viewer only reads it.
func cmdReplay(args []string, stdout, stderr io.Writer) int {
	return replay("replay", args, stdout, stderr)
}

// replay is cmdReplay called as as ("-replay": the old flag).
func replay(as string, args []string, stdout, stderr io.Writer) int {
	w := newWindow("replay", as, "watches a game as it was played", stdout, stderr)
	return w.watch(args, "FILE", func(o *app.Options, file string) error {
		if _, err := loadGameAt("", file, -1, io.Discard); err != nil {
			return err
		}
		o.Map, o.Replay = "standard", file
		return nil
	})
}
