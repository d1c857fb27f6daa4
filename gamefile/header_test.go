package gamefile

import (
	"strings"
	"testing"

	"notrueking/board"
	"notrueking/maps"
	"notrueking/store"
)

const plainRecord = "# No True King record\nmap standard\nseed 7\nplayer crown Ann\nplayer torch Ben\n"

// A save's header that does not read, or says what cannot be, is refused
// with the reason — never taken for a plain record (which would drop the
// game's bots, its tester's mark and its start position); a comment that
// merely starts "# save" is a comment.
func TestHeaderThatDoesNotReadIsRefused(t *testing.T) {
	for _, c := range []struct{ name, header, want string }{
		{"not JSON", `# save {"saved":`, "line 2: the save's header does not read"},
		{"a field of the wrong kind", `# save {"players":["Ann","Ben"],"actions":"many"}`, "line 2: the save's header does not read"},
		{"a pause out of range", `# save {"players":["Ann","Ben"],"bot_pause_ms":-5}`, "pause of -5 ms"},
		{"seats that do not fit", `# save {"players":["Ann","Ben"],"seats":["human"]}`, "names who plays 1 seats"},
		{"a name too long", `# save {"players":["` + strings.Repeat("A", 5000) + `","Ben"]}`, "player 1 wrongly"},
		{"a seat of an unknown kind", `# save {"players":["Ann","Ben"],"seats":["remote","robot"]}`, "not human, remote or a bot level"},
		{"a host without a room", `# save {"players":["Ann","Ben"],"host":{"room":""}}`, "names the room"},
		{"a room of other characters", `# save {"players":["Ann","Ben"],"host":{"room":"ab/../cd"}}`, "letters and digits only"},
		{"a token that is not a hash", `# save {"players":["Ann","Ben"],"host":{"room":"K7W2QX9MDA","tokens":["","5af607da13351826789980789dcbf049"]}}`, "not 64 hex digits"},
		{"more tokens than players", `# save {"players":["Ann","Ben"],"host":{"room":"K7W2QX9MDA","tokens":["","",""]}}`, "3 seat tokens for 2 players"},
	} {
		t.Run(c.name, func(t *testing.T) {
			data := "# No True King save.\n" + c.header + "\n" + plainRecord
			if _, _, _, err := Decode([]byte(data)); err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("Decode: %v, want %q", err, c.want)
			}
		})
	}
	good := "# No True King save.\n" + `# save {"players":["Ann","Ben"],"seats":["remote","easy"],"host":{"room":"K7W2QX9MDA","tokens":["` + strings.Repeat("a", 64) + `",""]}}` + "\n" + plainRecord
	if _, m, _, err := Decode([]byte(good)); err != nil || m.Host == nil || m.Host.Room != "K7W2QX9MDA" || m.Bots() != 1 {
		t.Fatalf("a hosted game's header: %+v, %v", m, err)
	}
	for _, comment := range []string{"# save the whales", "# saved by hand"} {
		_, _, isSave, err := Decode([]byte(comment + "\n" + plainRecord))
		if err != nil || isSave {
			t.Fatalf("a record with the comment %q: save %v, %v", comment, isSave, err)
		}
	}
}

// Listing saves reads each header: one that names a player wrongly (a
// 5,000-character name) is reported, not listed — the start screen never
// lays it out.
func TestPeekMetaRefusesAHeaderNamingAPlayerWrongly(t *testing.T) {
	d, err := store.OpenDir(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	good := "# No True King save.\n" + `# save {"players":["Ann","Ben"],"actions":0}` + "\n" + plainRecord
	bad := "# No True King save.\n" + `# save {"players":["` + strings.Repeat("A", 5000) + `","Ben"],"actions":0}` + "\n" + plainRecord
	for id, data := range map[string]string{"20261125-100000-aaaaaa": good, "20261125-100000-bbbbbb": bad} {
		if err := d.Save(id, []byte(data)); err != nil {
			t.Fatal(err)
		}
	}
	if m, ok, err := PeekMeta(d, "20261125-100000-aaaaaa"); err != nil || !ok || len(m.Players) != 2 {
		t.Fatalf("the good save: %v %v %v", m, ok, err)
	}
	_, ok, err := PeekMeta(d, "20261125-100000-bbbbbb")
	if ok || err == nil || !strings.Contains(err.Error(), "save 20261125-100000-bbbbbb") || !strings.Contains(err.Error(), "at most 24") || len(err.Error()) > 300 {
		t.Fatalf("the save with a 5,000-character name: %v, %v", ok, err)
	}
}

// One byte-order mark (Windows Notepad's) is read past; a second is
// refused, by every way a file is opened, as run refuses it.
func TestASecondByteOrderMarkIsRefused(t *testing.T) {
	loader := func(string) MapLoader {
		return func(name, sum string) (*board.Map, error) { return maps.Load(name) }
	}
	bom := "\xef\xbb\xbf"
	if _, err := ReadData([]byte(bom+plainRecord), ".", loader); err != nil {
		t.Fatalf("a record with one byte-order mark: %v", err)
	}
	if _, err := ReadData([]byte(bom+bom+plainRecord), ".", loader); err == nil || !strings.Contains(err.Error(), "line 1") {
		t.Fatalf("a record with two byte-order marks: %v", err)
	}
}
