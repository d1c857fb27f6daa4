package session

import (
	"fmt"
	"strings"
	"time"
	"unicode"

	"notrueking/gamefile"
	"notrueking/store"
)

// The start screen's care of old saves besides Continue: deleting one
// game, and exporting a save as a file to keep (docs/saves.md).

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
