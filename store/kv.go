package store

import (
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"notrueking/internal/safefile"
)

// KV is a string key-value store such as a browser's localStorage: one
// Set replaces one key's value whole (atomically), which is all a save
// needs. Get reports whether the key exists.
type KV interface {
	Get(key string) (value string, ok bool, err error)
	Set(key, value string) error
	Remove(key string) error
	Keys() ([]string, error)
}

// KVStore is a Store kept in a KV: save ID is the key Prefix+ID, whose
// value is a stamp line "ntk-save MILLIS\n" (the time of the write, Unix
// milliseconds) followed by the save's text. The stamp and the save go in
// one Set, so a save and its time never disagree and a failed write leaves
// the old save whole. Append, too, is one Set of the whole value.
//
// A KV holds text: a save must be valid UTF-8 (records and saves are), or
// Save refuses it rather than store mangled bytes.
type KVStore struct {
	kv     KV
	prefix string
	// Now is the clock (tests set it); nil = time.Now.
	Now func() time.Time
}

// KVPrefix is the prefix of the keys of the saves in a browser's storage.
const KVPrefix = "notrueking/save/"

// stampPrefix starts the first line of every value.
const stampPrefix = "ntk-save "

// NewKVStore returns the Store of the saves kept in kv under keys
// prefix+ID.
func NewKVStore(kv KV, prefix string) *KVStore {
	return &KVStore{kv: kv, prefix: prefix}
}

// List returns the saves, newest first (ties by id, newest id first).
// A value with no readable stamp is listed with a zero time, never
// removed.
func (s *KVStore) List() ([]Entry, error) {
	keys, err := s.kv.Keys()
	if err != nil {
		return nil, err
	}
	var out []Entry
	for _, k := range keys {
		id, ok := strings.CutPrefix(k, s.prefix)
		if !ok || CheckID(id) != nil {
			continue
		}
		v, ok, err := s.kv.Get(k)
		if err != nil {
			return nil, err
		}
		if !ok {
			continue // removed meanwhile (another tab)
		}
		t, data := splitStamp(v)
		out = append(out, Entry{ID: id, Size: int64(len(data)), Modified: t})
	}
	sort.Slice(out, func(i, j int) bool {
		if !out[i].Modified.Equal(out[j].Modified) {
			return out[i].Modified.After(out[j].Modified)
		}
		return out[i].ID > out[j].ID
	})
	return out, nil
}

// splitStamp splits a value into the time of its write and the save.
func splitStamp(v string) (time.Time, string) {
	line, rest, ok := strings.Cut(v, "\n")
	ms, isStamp := strings.CutPrefix(line, stampPrefix)
	if !ok || !isStamp {
		return time.Time{}, v
	}
	n, err := strconv.ParseInt(ms, 10, 64)
	if err != nil {
		return time.Time{}, rest
	}
	return time.UnixMilli(n), rest
}

// Load returns a save's content (ErrNotFound when there is none), bounded
// by MaxSave.
func (s *KVStore) Load(id string) ([]byte, error) {
	if err := CheckID(id); err != nil {
		return nil, err
	}
	v, ok, err := s.kv.Get(s.prefix + id)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, fmt.Errorf("%w: %s", ErrNotFound, id)
	}
	_, data := splitStamp(v)
	if len(data) > MaxSave {
		return nil, fmt.Errorf("save %s: %d bytes is larger than the limit of %s", id, len(data), safefile.Size(MaxSave))
	}
	return []byte(data), nil
}

// Save creates or replaces a save in one Set.
func (s *KVStore) Save(id string, data []byte) error {
	if err := CheckID(id); err != nil {
		return err
	}
	if len(data) > MaxSave {
		return fmt.Errorf("save %s: %d bytes is larger than the limit of %s", id, len(data), safefile.Size(MaxSave))
	}
	if !utf8.Valid(data) {
		return fmt.Errorf("save %s: not UTF-8 text (the browser's storage keeps text only)", id)
	}
	now := time.Now
	if s.Now != nil {
		now = s.Now
	}
	return s.kv.Set(s.prefix+id, stampPrefix+strconv.FormatInt(now().UnixMilli(), 10)+"\n"+string(data))
}

// ReadPart returns at most n bytes of a save from off (off < 0: from the
// end). A KV holds each save as one value, so the whole value is read.
func (s *KVStore) ReadPart(id string, off int64, n int) ([]byte, error) {
	data, err := s.Load(id)
	if err != nil {
		return nil, err
	}
	return Part(data, off, n), nil
}

// Append cuts a save back to at bytes and writes data there, as Dir.Append
// does; a KV has no partial write, so the value is read, changed and set
// again whole in one Set (atomically: a failed Set keeps the old value).
// Its cost grows with the save's length, as the browser's storage does.
func (s *KVStore) Append(id string, at int64, data []byte) error {
	old, err := s.Load(id)
	if err != nil {
		return err
	}
	b, err := AppendTo("save "+id, old, at, data)
	if err != nil {
		return err
	}
	return s.Save(id, b)
}

// Delete removes a save (ErrNotFound when there is none).
func (s *KVStore) Delete(id string) error {
	if err := CheckID(id); err != nil {
		return err
	}
	_, ok, err := s.kv.Get(s.prefix + id)
	if err != nil {
		return err
	}
	if !ok {
		return fmt.Errorf("%w: %s", ErrNotFound, id)
	}
	return s.kv.Remove(s.prefix + id)
}

// ErrQuota is wrapped by a KV's Set when the storage is full.
var ErrQuota = errors.New("the browser's storage for this site is full (delete old games or free space)")

// Lock takes save id for this page. A page's storage is shared by its
// tabs, which cannot lock it (localStorage has no lock): the same game
// open in two tabs is not guarded (docs/web.md); Lock always succeeds.
func (s *KVStore) Lock(id string) (func(), error) {
	if err := CheckID(id); err != nil {
		return nil, err
	}
	return func() {}, nil
}
