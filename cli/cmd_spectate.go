package cli

import (
	"errors"
	"io"
	"strings"

	"notrueking/app"
	"notrueking/remote"
)

// cmdSpectate is the spectate command: a window that follows a save or
// record file (latest: the newest save), or a game hosted on the network
// by its spectator link, and shows the public view only.
// It takes no setup and writes nothing but the overlay file a streamer
// asks for (and the presenter's options shape its picture).
func cmdSpectate(args []string, stdout, stderr io.Writer) int {
	return spectate("spectate", args, stdout, stderr)
}

// spectate is cmdSpectate called as as ("-spectate": the old flag). The
// spectator window reads its file itself, and waits for it to appear.
func spectate(as string, args []string, stdout, stderr io.Writer) int {
	w := newWindow("spectate", as, "follows a game another window plays", stdout, stderr)
	return w.watch(args, "FILE, latest or LINK", func(o *app.Options, file string) error {
		if isLink(file) {
			l, err := remote.ReadLink(file)
			if err != nil {
				return err
			}
			if !l.Watch {
				return errors.New("this is a join link, which takes a seat: spectate takes the host's spectator link (…/?watch=CODE)")
			}
			o.Join = file
			return nil
		}
		o.Spectate = file
		return nil
	})
}

// isLink tells a link (http://…, https://…) from a file's path.
func isLink(s string) bool {
	for _, p := range []string{"http://", "https://", "ws://", "wss://"} {
		if strings.HasPrefix(strings.ToLower(s), p) {
			return true
		}
	}
	return false
}
