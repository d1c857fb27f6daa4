package cli

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"notrueking/app"
)

// README's promise for the command line: what a command refuses before
// its work starts — a file that cannot be opened as the flag or argument
// needs, a file whose content is refused at setup, a folder to write into
// that does not exist — is one line on stderr and exit status 2, before
// any window opens or any work is done; the work's own failure exits 1.
func TestRefusalsBeforeTheWorkExit2(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "none.ntk")
	noMap := filepath.Join(dir, "no-map.ntk")
	if err := os.WriteFile(noMap, []byte("# No True King record\nmap nowhere.toml\nseed 1\nplayer crown A\nplayer torch B\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"run", missing}, missing + ": no such file"},
		{[]string{"run", dir}, dir + ": is a folder, not a file"},
		{[]string{"run", noMap}, noMap + ": line 2: "},
		{[]string{"suggest", "-load", missing}, missing + ": no such file"},
		{[]string{"render", "-o", filepath.Join(dir, "nowhere", "x.png")}, "-o " + filepath.Join(dir, "nowhere", "x.png") + ": the folder " + filepath.Join(dir, "nowhere") + " does not exist"},
		{[]string{"render", "-o", filepath.Join(dir, "x.png"), "-load", missing}, missing + ": no such file"},
		{[]string{"-record", filepath.Join(dir, "nowhere", "g.ntk"), "-players", "2"}, "the folder " + filepath.Join(dir, "nowhere") + " does not exist"},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			opened := noWindow(t)
			var out, errb bytes.Buffer
			code := Run(tc.args, &out, &errb)
			wantRefusal(t, code, errb.String(), tc.want)
			if len(*opened) != 0 || out.Len() != 0 {
				t.Errorf("a window opened (%d) or stdout %q", len(*opened), out.String())
			}
			if _, err := os.Stat(filepath.Join(dir, "x.png")); err == nil {
				t.Error("a picture was drawn")
			}
		})
	}
	// validate: a file it cannot open is a usage error; a map it read and
	// found wrong is its answer, exit 1.
	var out, errb bytes.Buffer
	if code := Run([]string{"validate", missing}, &out, &errb); code != 2 || !strings.Contains(errb.String(), "no such file") {
		t.Errorf("validate of a missing file: exit %d, %q", code, errb.String())
	}
	bad := filepath.Join(dir, "bad.toml")
	os.WriteFile(bad, []byte("name = 3\n"), 0o600)
	errb.Reset()
	if code := Run([]string{"validate", bad}, &out, &errb); code != 1 {
		t.Errorf("validate of a broken map: exit %d, %q", code, errb.String())
	}
}

// The window's refusal of the game its options name (app.SetupError: a
// -load file that does not read, a save open in another window, a
// spectated FIFO) exits 2, one line; a window that fails to open exits 1.
func TestWindowRefusalsExit2(t *testing.T) {
	for _, tc := range []struct {
		err  error
		code int
	}{
		{&app.SetupError{Err: errors.New("x.ntk: no such file")}, 2},
		{errors.New("ui: no window system is available"), 1},
	} {
		openWindow = func(app.Options) error { return tc.err }
		var errb bytes.Buffer
		code := open(app.Options{}, &errb)
		if code != tc.code || errb.String() != "notrueking: "+tc.err.Error()+"\n" {
			t.Errorf("%v: exit %d, %q; want %d", tc.err, code, errb.String(), tc.code)
		}
	}
	openWindow = refuseWindow
}
