package store

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"unicode/utf8"

	"notrueking/internal/safefile"
)

// MaxPref bounds a setting's size: a value longer is refused, and a file
// larger is not read.
const MaxPref = 64 << 10

// Prefs keeps the window's few settings, each a small text under a name
// (the start screen's last setup): Set replaces one whole, atomically, so
// a crash leaves the old value or the new one, never a mix. The desktop
// keeps each in a file of the configuration folder (DirPrefs), the browser
// in its storage (KVPrefs).
type Prefs interface {
	// Get returns the value of name, and whether there is one.
	Get(name string) (value string, ok bool, err error)
	// Set replaces the value of name.
	Set(name, value string) error
}

// checkPref refuses a setting's name that is no save id's shape (1 to 64
// of a-z, 0-9, '-') and a value too large or not text.
func checkPref(name, value string) error {
	if err := CheckID(name); err != nil {
		return fmt.Errorf("setting %q: %v", name, err)
	}
	if len(value) > MaxPref {
		return fmt.Errorf("setting %s: %s is more than a setting holds (%s)", name, safefile.Size(int64(len(value))), safefile.Size(MaxPref))
	}
	if !utf8.ValidString(value) {
		return fmt.Errorf("setting %s: not valid UTF-8 text", name)
	}
	return nil
}

// DirPrefs keeps each setting in the file NAME.json of a folder (the
// configuration folder, beside the saves), written atomically, mode 0600.
type DirPrefs struct {
	path string
}

// NewDirPrefs keeps settings in folder path, which must exist when a
// setting is written.
func NewDirPrefs(path string) *DirPrefs { return &DirPrefs{path: path} }

// DefaultPrefs keeps settings in the configuration folder:
// $NTK_CONFIG_DIR, else <os.UserConfigDir()>/notrueking (the parent of
// DefaultDir's saves, which OpenDefault creates).
func DefaultPrefs() (*DirPrefs, error) {
	d, err := DefaultDir()
	if err != nil {
		return nil, err
	}
	return NewDirPrefs(filepath.Dir(d)), nil
}

// File is the path of setting name.
func (p *DirPrefs) File(name string) string { return filepath.Join(p.path, name+".json") }

// Get reads setting name, bounded by MaxPref; no file is no setting.
func (p *DirPrefs) Get(name string) (string, bool, error) {
	if err := CheckID(name); err != nil {
		return "", false, err
	}
	data, err := safefile.ReadFile(p.File(name), MaxPref)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return "", false, nil
	case err != nil:
		return "", false, err
	}
	return string(data), true, nil
}

// Set replaces setting name atomically.
func (p *DirPrefs) Set(name, value string) error {
	if err := checkPref(name, value); err != nil {
		return err
	}
	return WriteFile(p.File(name), []byte(value), 0o600, true)
}

// KVPrefPrefix is the prefix of the settings' keys in a browser's storage.
const KVPrefPrefix = "notrueking/pref/"

// KVPrefs keeps each setting under the key KVPrefPrefix+NAME of a KV (a
// browser's localStorage), one Set each.
type KVPrefs struct {
	kv KV
}

// NewKVPrefs keeps settings in kv.
func NewKVPrefs(kv KV) *KVPrefs { return &KVPrefs{kv: kv} }

// Get returns setting name; a value over MaxPref is refused unread.
func (p *KVPrefs) Get(name string) (string, bool, error) {
	if err := CheckID(name); err != nil {
		return "", false, err
	}
	v, ok, err := p.kv.Get(KVPrefPrefix + name)
	if err == nil && ok && len(v) > MaxPref {
		return "", false, fmt.Errorf("setting %s: %s is more than a setting holds (%s)", name, safefile.Size(int64(len(v))), safefile.Size(MaxPref))
	}
	return v, ok, err
}

// Set replaces setting name.
func (p *KVPrefs) Set(name, value string) error {
	if err := checkPref(name, value); err != nil {
		return err
	}
	return p.kv.Set(KVPrefPrefix+name, value)
}
