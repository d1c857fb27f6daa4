package store

import (
	"errors"
	"fmt"
	"sort"
	"strings"
	"testing"
	"time"
)

// mapKV is a KV in memory, as localStorage behaves: values are strings, a
// Set beyond quota bytes fails and changes nothing.
type mapKV struct {
	m     map[string]string
	quota int
}

func (k *mapKV) Get(key string) (string, bool, error) { v, ok := k.m[key]; return v, ok, nil }
func (k *mapKV) Remove(key string) error              { delete(k.m, key); return nil }
func (k *mapKV) Keys() ([]string, error) {
	var out []string
	for key := range k.m {
		out = append(out, key)
	}
	sort.Strings(out)
	return out, nil
}
func (k *mapKV) Set(key, value string) error {
	used := len(key) + len(value)
	for kk, v := range k.m {
		if kk != key {
			used += len(kk) + len(v)
		}
	}
	if k.quota > 0 && used > k.quota {
		return fmt.Errorf("setItem: %w", ErrQuota)
	}
	k.m[key] = value
	return nil
}

func TestKVStoreRoundTripListAndDelete(t *testing.T) {
	kv := &mapKV{m: map[string]string{"other-site-key": "x", KVPrefix + "Bad_ID": "y"}}
	s := NewKVStore(kv, KVPrefix)
	clock := time.Date(2026, 11, 23, 18, 40, 0, 0, time.UTC)
	s.Now = func() time.Time { return clock }
	if err := s.Save("g1", []byte("first")); err != nil {
		t.Fatal(err)
	}
	clock = clock.Add(time.Minute)
	if err := s.Save("g2", []byte("# save\nsecond, ünïcode")); err != nil {
		t.Fatal(err)
	}
	clock = clock.Add(time.Minute)
	if err := s.Save("g1", []byte("first, replaced")); err != nil {
		t.Fatal(err)
	}
	got, err := s.Load("g1")
	if err != nil || string(got) != "first, replaced" {
		t.Fatalf("Load(g1) = %q, %v", got, err)
	}
	got, err = s.Load("g2")
	if err != nil || string(got) != "# save\nsecond, ünïcode" {
		t.Fatalf("Load(g2) = %q, %v", got, err)
	}
	l, err := s.List()
	if err != nil {
		t.Fatal(err)
	}
	if len(l) != 2 || l[0].ID != "g1" || l[1].ID != "g2" {
		t.Fatalf("List = %+v, want g1 (newest) then g2; other keys and bad ids left out", l)
	}
	if !l[0].Modified.Equal(clock) || l[0].Size != int64(len("first, replaced")) {
		t.Errorf("g1 entry %+v: want time %v and size %d", l[0], clock, len("first, replaced"))
	}
	if err := s.Delete("g2"); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Load("g2"); !errors.Is(err, ErrNotFound) {
		t.Errorf("Load after Delete: %v, want ErrNotFound", err)
	}
	if err := s.Delete("g2"); !errors.Is(err, ErrNotFound) {
		t.Errorf("Delete twice: %v, want ErrNotFound", err)
	}
	if kv.m["other-site-key"] != "x" || kv.m[KVPrefix+"Bad_ID"] != "y" {
		t.Error("keys that are not saves were touched")
	}
}

func TestKVStoreRefusesBadInputAndKeepsTheOldSave(t *testing.T) {
	kv := &mapKV{m: map[string]string{}, quota: 200}
	s := NewKVStore(kv, KVPrefix)
	if err := s.Save("g1", []byte("kept")); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		id   string
		data []byte
		want string
	}{
		{"g1", []byte(strings.Repeat("x", 300)), "full"},
		{"g1", []byte{'a', 0xff, 'b'}, "UTF-8"},
		{"../g1", []byte("x"), "bad save id"},
		{"", []byte("x"), "bad save id"},
	} {
		err := s.Save(c.id, c.data)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Save(%q, %d bytes) = %v, want an error saying %q", c.id, len(c.data), err, c.want)
		}
	}
	if got, err := s.Load("g1"); err != nil || string(got) != "kept" {
		t.Errorf("after refused writes Load = %q, %v; want the old save", got, err)
	}
	if _, err := s.Load("nope"); !errors.Is(err, ErrNotFound) {
		t.Errorf("Load(nope) = %v, want ErrNotFound", err)
	}
}

func TestKVStoreReadsAValueWithoutStamp(t *testing.T) {
	// A value written by hand (or by an older build) has no stamp line:
	// it is listed with a zero time and loads whole.
	kv := &mapKV{m: map[string]string{KVPrefix + "g1": "# No True King record\nmap standard\n"}}
	s := NewKVStore(kv, KVPrefix)
	l, err := s.List()
	if err != nil || len(l) != 1 || !l[0].Modified.IsZero() {
		t.Fatalf("List = %+v, %v", l, err)
	}
	got, err := s.Load("g1")
	if err != nil || string(got) != "# No True King record\nmap standard\n" {
		t.Fatalf("Load = %q, %v", got, err)
	}
}
