package ui

// Key is a key the window answers, typed: the window reads Ebitengine's
// keys into these in one table (app's namedKeys), the scenes, the table
// and the buttons compare these, and the help lists them (Bindings), so a
// key misspelt is a compile error, not a key that silently does nothing.
// Its String is how a button's badge and the help write it.
type Key uint8

// The keys, by what is printed on them. Ctrl+Z, Ctrl+Y and Ctrl+S are keys
// of their own: Ctrl with a letter is never the letter.
const (
	KeyNone Key = iota
	KeyEnter
	KeyEsc
	KeySpace
	KeyTab
	KeyF1
	KeyF2
	KeyF3
	KeyF4
	KeyF11
	KeyLeft
	KeyRight
	KeyUp
	KeyDown
	KeyHome
	KeyEnd
	KeyPgUp
	KeyPgDn
	Key0
	Key1
	Key2
	Key3
	Key4
	Key5
	Key6
	Key7
	Key8
	Key9
	KeyB
	KeyE
	KeyF
	KeyH
	KeyN
	KeyP
	KeyR
	KeyS
	KeyT
	KeyV
	KeyW
	KeyCtrlZ
	KeyCtrlY
	KeyCtrlS
	// KeyUpDown is a badge only (the start screen's map list: Up and Down
	// choose); no input carries it.
	KeyUpDown
	numKeys
)

var keyNames = [numKeys]string{
	KeyEnter: "Enter", KeyEsc: "Esc", KeySpace: "Space", KeyTab: "Tab",
	KeyF1: "F1", KeyF2: "F2", KeyF3: "F3", KeyF4: "F4", KeyF11: "F11",
	KeyLeft: "Left", KeyRight: "Right", KeyUp: "Up", KeyDown: "Down",
	KeyHome: "Home", KeyEnd: "End", KeyPgUp: "PgUp", KeyPgDn: "PgDn",
	Key0: "0", Key1: "1", Key2: "2", Key3: "3", Key4: "4", Key5: "5", Key6: "6", Key7: "7", Key8: "8", Key9: "9",
	KeyB: "B", KeyE: "E", KeyF: "F", KeyH: "H", KeyN: "N", KeyP: "P", KeyR: "R", KeyS: "S", KeyT: "T", KeyV: "V", KeyW: "W",
	KeyCtrlZ: "Ctrl+Z", KeyCtrlY: "Ctrl+Y", KeyCtrlS: "Ctrl+S", KeyUpDown: "↑↓",
}

// String is the key's name as printed on it ("Enter", "1", "Ctrl+Z"); ""
// for KeyNone.
func (k Key) String() string {
	if k < numKeys {
		return keyNames[k]
	}
	return ""
}

// KeyNamed is the key of a name as String writes it (a page's scripted
// keys, a test's), and whether there is one.
func KeyNamed(name string) (Key, bool) {
	for k := KeyNone + 1; k < numKeys; k++ {
		if keyNames[k] == name {
			return k, true
		}
	}
	return KeyNone, false
}

// Digit is the key of digit d (0 to 9), KeyNone for another number.
func Digit(d int) Key {
	if d < 0 || d > 9 {
		return KeyNone
	}
	return Key0 + Key(d)
}

// IsDigit reports whether k is one of the keys 0 to 9, and which.
func (k Key) IsDigit() (int, bool) {
	if k >= Key0 && k <= Key9 {
		return int(k - Key0), true
	}
	return 0, false
}

// Types reports whether k types a character (a digit or a letter): in a
// name being edited it is text, not a button's key.
func (k Key) Types() bool { return k >= Key0 && k <= KeyW }
