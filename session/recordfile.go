package session

import (
	"bytes"

	"notrueking/gamefile"
	"notrueking/rules"
	"notrueking/store"
)

// RecordFile is the -record file of a game, an Observer: the game's
// record (docs/records.md), mode 0600 (it holds every secret), durable
// before the table moves on. It is first written whole, under the asked
// name or, when that exists (an earlier game's record), the next free
// one — never over a file; then each action is appended and each undo
// cuts it back (store.Appender), so a move costs the same at any length
// of the game. After a failed write the next move writes it whole again.
// Where the record starts and what its header says is gamefile's
// (RecordOrigin).
type RecordFile struct {
	asked            string
	mapArg, scenario string
	// path is the file written ("" before the first write); o where its
	// record starts, decided at the first write (set says it was).
	path string
	o    gamefile.Origin
	set  bool
	ap   *store.Appender
	err  error
	note string
	buf  []byte
}

// NewRecordFile is the record file asked for at path of a game started
// with maps.Load(mapArg) ("" for the map's id) and, when opened from a
// scenario file, from scenario ("" for none).
func NewRecordFile(path, mapArg, scenario string) *RecordFile {
	return &RecordFile{asked: path, mapArg: mapArg, scenario: scenario}
}

// Moved writes the change into the file.
func (r *RecordFile) Moved(g *rules.Game, _ Change) { r.err = r.write(g) }

// Err is the last write's failure, nil when it succeeded.
func (r *RecordFile) Err() error { return r.err }

// Path is the file written, "" before the first write.
func (r *RecordFile) Path() string { return r.path }

// Note is, once, where the record went when the asked name was taken
// ("" otherwise).
func (r *RecordFile) Note() string {
	n := r.note
	r.note = ""
	return n
}

func (r *RecordFile) write(g *rules.Game) error {
	if !r.set {
		target := r.asked
		if r.path != "" {
			target = r.path
		}
		o, start, err := gamefile.RecordOrigin(target, r.mapArg, r.scenario, g)
		if err != nil {
			return err
		}
		r.o, r.set = o, true
		if start != "" {
			r.scenario = start
		}
	}
	n := gamefile.Actions(g, r.o)
	if r.ap != nil && r.ap.Ready() {
		switch k := r.ap.Entries(); {
		case n == k:
			return nil
		case n == k+1:
			a, _ := g.LastAction()
			r.buf = append(append(r.buf[:0], g.FormatAction(a)...), '\n')
			if r.ap.Add(r.buf) == nil {
				return nil
			}
		case n < k:
			if r.ap.Cut(n, nil) == nil {
				return nil
			}
		}
	}
	return r.writeWhole(g)
}

// writeWhole writes the record whole, atomically: the first write (to a
// new file) or after the file's end was lost.
func (r *RecordFile) writeWhole(g *rules.Game) error {
	rec := gamefile.Record(g, r.o)
	var b bytes.Buffer
	if err := rec.Write(&b); err != nil { // checks every line reads back
		return err
	}
	ends := make([]int64, len(rec.Actions)+1)
	ends[len(rec.Actions)] = int64(b.Len())
	for i := len(rec.Actions) - 1; i >= 0; i-- {
		ends[i] = ends[i+1] - int64(len(rec.Actions[i])+1)
	}
	if r.path == "" {
		p, err := store.WriteNew(r.asked, b.Bytes(), 0o600)
		if err != nil {
			return err
		}
		r.path, r.ap = p, store.NewFileAppender(p, 0o600)
		if p != r.asked {
			r.note = "This game's record goes to " + p + " (the earlier game's record is kept)."
		}
		return r.ap.Adopt(ends)
	}
	return r.ap.Write(b.Bytes(), ends)
}
