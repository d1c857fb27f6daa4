package ui

// Input is one tick's input snapshot, in base coordinates: what the
// window read (app reads it from Ebitengine; tests write it).
type Input struct {
	X, Y      float64 // base coordinates
	Click     bool
	Chars     []rune
	Backspace bool
	Tab       bool
	Enter     bool
	Escape    bool
	// Keys are the other keys pressed this tick (KeySpace, KeyF1, Key1 …,
	// KeyCtrlZ …).
	Keys []Key
	// Held says a key was down at the end of the tick (any of the keys
	// the window answers): a panel that a key changed takes no key until
	// none is (App.handle).
	Held bool
	// Wheel is the mouse wheel's vertical offset (positive: away from
	// the user).
	Wheel float64
	// Board view input (see Camera.Handle): the left and middle buttons
	// held at the end of the tick (a Click without Down is a whole click)
	// and the fit key (F or Home).
	Down, MiddleDown bool
	Fit              bool
	// Right is a right click this tick; Shift is held (the sandbox
	// removes with either).
	Right, Shift bool
	// Touch: the pointer is a finger (Gestures). Nothing is hovered then
	// but where Hold asks (a long press: the tooltip under the finger).
	// PanX, PanY is a drag's move this tick (base pixels) and Zoom (0:
	// none) a pinch's scale this tick about (ZoomX, ZoomY), both of a
	// gesture whose first finger came down at (GestX, GestY).
	Touch, Hold        bool
	PanX, PanY         float64
	Zoom, ZoomX, ZoomY float64
	GestX, GestY       float64
}

// HoverAt is where the pointer hovers: (X, Y), or nowhere (-1, -1) for a
// finger that does not ask for a tooltip.
func (in Input) HoverAt() (float64, float64) {
	if in.Touch && !in.Hold {
		return -1, -1
	}
	return in.X, in.Y
}

// Pressed lists every key pressed this tick, Enter and Esc included.
func (in Input) Pressed() []Key {
	var ks []Key
	if in.Enter {
		ks = append(ks, KeyEnter)
	}
	if in.Escape {
		ks = append(ks, KeyEsc)
	}
	return append(ks, in.Keys...)
}

// Has reports whether key k was pressed this tick.
func (in Input) Has(k Key) bool {
	for _, x := range in.Pressed() {
		if x == k {
			return true
		}
	}
	return false
}

// WheelSteps turns the mouse wheel's vertical offset into log rows
// (positive: away from the user, to older entries), at least one a notch.
func WheelSteps(dy float64) int {
	n := int(dy * 3)
	switch {
	case n == 0 && dy > 0:
		n = 1
	case n == 0 && dy < 0:
		n = -1
	}
	return n
}
