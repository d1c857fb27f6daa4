package rules

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"testing"
)

// sameJSON reports whether a and b read the same as JSON (maps in key
// order, so no map's iteration order counts), and else where they first
// differ. Deeply equal values are the same JSON, so the costly encoding
// runs only to confirm or show a difference; the answer stays exactly JSON
// equality (a nil and an empty slice differ deeply, not always in JSON).
func sameJSON(a, b any) (bool, string) {
	if reflect.DeepEqual(a, b) {
		return true, ""
	}
	ja, erra := json.Marshal(a)
	jb, errb := json.Marshal(b)
	if erra != nil || errb != nil {
		return false, fmt.Sprintf("not JSON: %v, %v", erra, errb)
	}
	if bytes.Equal(ja, jb) {
		return true, ""
	}
	return false, firstDiff(string(ja), string(jb))
}

// sameState reports whether two games hold the same whole state (every
// secret and the event log included; what stateJSON writes), and else
// where the states first differ.
func sameState(a, b *Game) (bool, string) { return sameStates(a.st, b.st) }

// sameStates is sameJSON for states. The event log and the units, the long
// parts, are compared first without reflection; only when they are alike
// are they left out of the comparison of the rest.
func sameStates(a, b state) (bool, string) {
	if (a.Log == nil) == (b.Log == nil) && slices.EqualFunc(a.Log, b.Log, sameEvent) &&
		(a.Units == nil) == (b.Units == nil) && slices.EqualFunc(a.Units, b.Units, slices.Equal) {
		a.Log, b.Log, a.Units, b.Units = nil, nil, nil, nil
	}
	return sameJSON(a, b)
}

// sameEvent compares two events field by field, their lists by content
// (TestSameEventSeesEveryField keeps it in step with Event's fields).
func sameEvent(x, y Event) bool {
	return x.Action == y.Action && x.Seat == y.Seat && x.Kind == y.Kind &&
		x.Who == y.Who && x.Other == y.Other && x.House == y.House && x.House2 == y.House2 &&
		x.Terr == y.Terr && x.To == y.To && x.Slot == y.Slot && x.Unit == y.Unit &&
		x.N == y.N && x.M == y.M && x.K == y.K && x.Units == y.Units && x.Lost == y.Lost &&
		x.Card == y.Card && slices.Equal(x.List, y.List)
}

// TestSameEventSeesEveryField: changing any one field of an event makes
// sameEvent tell the two apart, so a field added to Event and forgotten
// there fails here instead of passing every comparison unseen.
func TestSameEventSeesEveryField(t *testing.T) {
	typ := reflect.TypeFor[Event]()
	for i := range typ.NumField() {
		var a, b Event
		f := reflect.ValueOf(&b).Elem().Field(i)
		switch f.Kind() {
		case reflect.Int, reflect.Int8, reflect.Int16:
			f.SetInt(1)
		case reflect.Uint8:
			f.SetUint(1)
		case reflect.String:
			f.SetString("x")
		case reflect.Array:
			f.Index(0).SetInt(1)
		case reflect.Slice:
			f.Set(reflect.ValueOf([]int16{1}))
		default:
			t.Fatalf("Event.%s is a %s: teach this test (and sameEvent) to change it", typ.Field(i).Name, f.Kind())
		}
		if sameEvent(a, b) || sameEvent(b, a) {
			t.Errorf("sameEvent does not see Event.%s change", typ.Field(i).Name)
		}
		if !sameEvent(b, b) {
			t.Errorf("sameEvent: an event with Event.%s set differs from itself", typ.Field(i).Name)
		}
	}
}

// firstDiff shows where two texts first differ.
func firstDiff(a, b string) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	lo := max(0, i-120)
	return fmt.Sprintf("at byte %d:\n  %q\n  %q", i, a[lo:min(len(a), i+120)], b[lo:min(len(b), i+120)])
}
