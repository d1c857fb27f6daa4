package session

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"notrueking/board"
	"notrueking/internal/safefile"
	"notrueking/rules"
	"notrueking/store"
	"notrueking/words"
)

// The -overlay file: a small JSON file (and a text sibling) that a
// streamer's software (OBS text and browser sources) reads. It is
// rewritten atomically after every applied action and holds public facts
// only: it reads nothing of the game but the public view. See
// docs/presenting.md.

// overlayFormat is the JSON's marker: a file that does not carry it was
// not written by the game and is never overwritten.
const overlayFormat = "notrueking-overlay/1"

// overlayTextHead begins the text sibling's first line: a text file that
// does not begin so is not ours.
const overlayTextHead = "No True King"

// maxOverlaySize bounds what is read of an existing overlay file (ours are
// well under 4 KB even with nine houses).
const maxOverlaySize = 64 << 10

// overlayData is the overlay's content.
type overlayData struct {
	Format string `json:"format"` // overlayFormat
	Map    string `json:"map"`    // the map's name
	Round  int    `json:"round"`  // 1-based
	Rounds int    `json:"rounds"`
	Phase  string `json:"phase"` // loyalty, place, resolve, combat, exchange, over
	// Tier is the slot tier resolving ("maester", "marshal", "lord") in
	// the resolve and combat phases, "" otherwise.
	Tier string `json:"tier"`
	// Acting is the seat the game waits for (null at game over).
	Acting *overlaySeat `json:"acting"`
	// LastEvent is the newest line of the public log.
	LastEvent string        `json:"last_event"`
	Ranking   []overlayRank `json:"ranking"`
	GameOver  bool          `json:"game_over"`
	Winners   []overlaySeat `json:"winners,omitempty"`
	// Actions is how many actions the game has applied.
	Actions int `json:"actions"`
}

// overlaySeat is a player: seat number (1-based), conspiracy and name.
type overlaySeat struct {
	Seat       int    `json:"seat"`
	Conspiracy string `json:"conspiracy"`
	Name       string `json:"name"`
}

// overlayRank is a house's place in the ranking and since when it has
// held it: the round at whose end it was ranked so (0: since the game
// began) and the action count then.
type overlayRank struct {
	House       string `json:"house"` // id
	Name        string `json:"name"`
	Rank        string `json:"rank"` // "1st", "2nd–3rd"
	From        int    `json:"from"`
	To          int    `json:"to"`
	SinceRound  int    `json:"since_round"`
	SinceAction int    `json:"since_action"`
}

// overlayOf is the overlay of r: its public view, and the public views of
// the positions where the ranks were computed (for since when).
func overlayOf(r rules.Desk) overlayData {
	v := r.View(rules.Public)
	m := r.Map()
	d := overlayData{Format: overlayFormat, Map: m.Name, Round: v.Round, Rounds: v.Rounds, Phase: string(v.Phase),
		GameOver: r.Over(), Actions: r.Len(), Ranking: []overlayRank{}}
	if v.Phase == rules.PhaseResolve || v.Phase == rules.PhaseCombat {
		d.Tier = v.Tier.String()
	}
	seat := func(s rules.Seat) overlaySeat {
		o := overlaySeat{Seat: int(s) + 1}
		if s >= 0 && int(s) < len(v.Players) {
			o.Conspiracy, o.Name = v.Players[s].ID, v.Players[s].Name
		}
		return o
	}
	if ta := v.ToAct; ta >= 0 && !d.GameOver {
		s := seat(ta)
		d.Acting = &s
	}
	for _, w := range v.Winners {
		d.Winners = append(d.Winners, seat(w))
	}
	if n := len(v.Log); n > 0 {
		d.LastEvent = v.Log[n-1].Text
	}
	since := rankSince(r, v)
	for i, rk := range v.Ranking {
		// The overlay is JSON for other programs: houses by id and name.
		d.Ranking = append(d.Ranking, overlayRank{House: m.HouseName(rk.House), Name: m.Houses[rk.House].Name, Rank: words.Span(rk.From, rk.To), From: rk.From, To: rk.To,
			SinceRound: since[i].round, SinceAction: since[i].action})
	}
	return d
}

// rankPoint is a position where the ranks were computed: the round, the
// action count, and the ranking's spans there.
type rankPoint struct {
	round, action int
	spans         map[board.HouseID][2]int
}

func spansOf(rs []rules.Rank) map[board.HouseID][2]int {
	m := make(map[board.HouseID][2]int, len(rs))
	for _, r := range rs {
		m[r.House] = [2]int{r.From, r.To}
	}
	return m
}

// rankSince says, for each house of v's ranking, since which ranking it
// has held its span: the ranks change only where they are computed (the
// public log's ranks_computed lines, and the start), so the public views
// of those positions are compared, newest first. A position the history
// cannot rebuild ends the walk (a game that began from a scenario or a
// sample: since then).
func rankSince(r rules.Desk, v rules.View) []struct{ round, action int } {
	out := make([]struct{ round, action int }, len(v.Ranking))
	var pts []rankPoint
	if pv, err := r.ViewAt(0, rules.Public); err == nil {
		pts = append(pts, rankPoint{0, 0, spansOf(pv.Ranking)})
	}
	for _, l := range v.Log {
		if l.Event != rules.EvRanksComputed.String() || l.Action < 0 || l.Action >= r.Len() {
			continue
		}
		pv, err := r.ViewAt(l.Action+1, rules.Public)
		if err != nil {
			continue
		}
		pts = append(pts, rankPoint{pv.Round, l.Action + 1, spansOf(pv.Ranking)})
	}
	for i, rk := range v.Ranking {
		span := [2]int{rk.From, rk.To}
		k := len(pts)
		for k > 0 && pts[k-1].spans[rk.House] == span {
			k--
		}
		if k < len(pts) {
			out[i].round, out[i].action = pts[k].round, pts[k].action
		} else {
			// Ranked so only now (not at any position the history holds).
			out[i].round, out[i].action = v.Round, r.Len()
		}
	}
	return out
}

// overlayText is the overlay as a few lines for a text source.
func overlayText(d overlayData) string {
	var b strings.Builder
	head := fmt.Sprintf("%s — %s — round %d of %d", overlayTextHead, d.Map, d.Round, d.Rounds)
	if d.Tier != "" {
		head += ", " + d.Tier + " tier"
	}
	head += fmt.Sprintf(", %s", words.Count(d.Actions, "action"))
	b.WriteString(head + "\n")
	switch {
	case d.GameOver:
		var ws []string
		for _, w := range d.Winners {
			ws = append(ws, fmt.Sprintf("%s (%s)", w.Name, words.Title(w.Conspiracy)))
		}
		line := "Game over"
		if len(ws) > 0 {
			line += ": " + strings.Join(ws, " and ") + map[bool]string{true: " wins", false: " win"}[len(ws) == 1]
		}
		b.WriteString(line + "\n")
	case d.Acting != nil:
		fmt.Fprintf(&b, "To act: %s (%s, seat %d)\n", d.Acting.Name, words.Title(d.Acting.Conspiracy), d.Acting.Seat)
	}
	if d.LastEvent != "" {
		b.WriteString("Last: " + d.LastEvent + "\n")
	}
	for _, r := range d.Ranking {
		since := "since the start"
		if r.SinceRound > 0 {
			since = fmt.Sprintf("since the end of round %d", r.SinceRound)
		}
		fmt.Fprintf(&b, "%s %s (%s)\n", r.Rank, r.Name, since)
	}
	return b.String()
}

// OverlayFiles are the bytes of the overlay's JSON and text files.
func OverlayFiles(r rules.Desk) (js, txt []byte, err error) {
	d := overlayOf(r)
	js, err = json.MarshalIndent(d, "", "  ")
	if err != nil {
		return nil, nil, err
	}
	return append(js, '\n'), []byte(overlayText(d)), nil
}

// OverlayTextPath is the text sibling of an overlay file: its name with
// the extension replaced by .txt (overlay.json → overlay.txt; a name
// without an extension gets .txt added).
func OverlayTextPath(path string) string {
	return strings.TrimSuffix(path, filepath.Ext(path)) + ".txt"
}

// WriteOverlay writes the overlay of r to path and its text sibling, each
// atomically (a temporary file renamed over the old one): the text first,
// the JSON (which marks both as ours) last.
func WriteOverlay(path string, r rules.Desk) error {
	js, txt, err := OverlayFiles(r)
	if err != nil {
		return err
	}
	return writeOverlayFiles(path, js, txt)
}

func writeOverlayFiles(path string, js, txt []byte) error {
	if err := store.WriteFile(OverlayTextPath(path), txt, 0o644, true); err != nil {
		return err
	}
	return store.WriteFile(path, js, 0o644, true)
}

// dangling says whether path is a symbolic link whose target is missing.
func dangling(path string) bool {
	st, err := os.Lstat(path)
	if err != nil || st.Mode()&fs.ModeSymlink == 0 {
		return false
	}
	_, err = os.Stat(path)
	return errors.Is(err, fs.ErrNotExist)
}

// CheckOverlay says whether path may be used as the -overlay file: its
// folder exists, its name does not end in .txt (the text sibling's), and
// neither it nor its text sibling is a file the game did not write — a
// user's file is never overwritten without asking.
func CheckOverlay(path string) error {
	if path == "" {
		return errors.New("the overlay file needs a name")
	}
	if strings.EqualFold(filepath.Ext(path), ".txt") {
		return fmt.Errorf("%s: the overlay's text goes to FILE.txt beside it; give the JSON file another extension (e.g. overlay.json)", path)
	}
	if st, err := os.Stat(filepath.Dir(path)); err != nil || !st.IsDir() {
		return fmt.Errorf("%s: the folder %s does not exist", path, filepath.Dir(path))
	}
	refuse := func(p, why string) error {
		return fmt.Errorf("%s exists and %s; give a new name or delete it (nothing was overwritten)", p, why)
	}
	jsOurs := false
	if dangling(path) {
		return fmt.Errorf("%s is a symbolic link to a file that does not exist; give a new name or delete the link (nothing was overwritten)", path)
	}
	if dangling(OverlayTextPath(path)) {
		return fmt.Errorf("%s is a symbolic link to a file that does not exist; give the overlay another name or delete the link (nothing was overwritten)", OverlayTextPath(path))
	}
	if _, err := os.Lstat(path); err == nil {
		data, err := safefile.ReadFile(path, maxOverlaySize)
		if err != nil {
			return refuse(path, "cannot be read as an overlay ("+err.Error()+")")
		}
		var d overlayData
		if json.Unmarshal(data, &d) != nil || d.Format != overlayFormat {
			return refuse(path, "is not an overlay file this game wrote")
		}
		jsOurs = true
	} else if !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	tp := OverlayTextPath(path)
	if _, err := os.Lstat(tp); err == nil {
		if !jsOurs {
			return refuse(tp, "was not written with an overlay file of this game")
		}
		data, err := safefile.ReadFile(tp, maxOverlaySize)
		if err != nil || !bytes.HasPrefix(data, []byte(overlayTextHead+" — ")) {
			return refuse(tp, "is not an overlay text this game wrote")
		}
	} else if !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	return nil
}

// OverlayFile is the -overlay file of a live game, an observer of its
// chain: rewritten after every move from the public view only; a failure
// is kept for the banner (Err) and tried again at the next move.
type OverlayFile struct {
	Path string
	err  error
}

// Moved rewrites the overlay.
func (o *OverlayFile) Moved(g *rules.Game, _ Change) {
	o.err = WriteOverlay(o.Path, rules.DeskOf(g))
}

// Err is why the last write failed (nil: it did not).
func (o *OverlayFile) Err() error { return o.err }
