package remote

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"strconv"
	"strings"

	"notrueking/rules"
)

// A view travels whole in a sync, then as patches of its top-level
// members (State.Patches): the host encodes the view once and sends the
// members whose bytes changed — or, of a list that kept its length, the
// elements that did ("players.3") — and a member the view's JSON now
// leaves out (omitempty) as null; a device decodes the patch onto a copy
// of its view with encoding/json. Both go by the members' JSON names, as
// encoding/json writes them.

var null = json.RawMessage("null")

// viewEnc is one viewer's view at one change, as the host sends it: the
// view without its log, its top-level members as JSON, and the log apart.
type viewEnc struct {
	v       rules.View
	members map[string]json.RawMessage
	log     []rules.LogLine
	// Made when first needed, under the match's lock: each list member's
	// elements.
	elems map[string][]json.RawMessage
}

// encodeView is v as the host sends it.
func encodeView(v rules.View) *viewEnc {
	e := &viewEnc{log: v.Log, elems: map[string][]json.RawMessage{}}
	v.Log = nil
	e.v = v
	e.members = membersOf(v)
	return e
}

// membersOf is v's top-level members but its log (which travels apart),
// as encoding/json writes them.
func membersOf(v rules.View) map[string]json.RawMessage {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(marshal(v), &m); err != nil {
		panic(fmt.Sprintf("remote: a view encoded as no JSON object: %v", err))
	}
	delete(m, "log")
	return m
}

// elements are list member k's elements (nil: k is not a list).
func (e *viewEnc) elements(k string) []json.RawMessage {
	l, ok := e.elems[k]
	if !ok {
		if json.Unmarshal(e.members[k], &l) != nil {
			l = nil
		}
		e.elems[k] = l
	}
	return l
}

// patchFrom is what changed since old (nil: nothing was sent, the whole
// view): a member whole, or, of a list of the same length whose changed
// elements are fewer bytes, those elements; a member now left out, null.
func (e *viewEnc) patchFrom(old *viewEnc) ViewPatch {
	p := ViewPatch{}
	var was map[string]json.RawMessage
	if old != nil {
		was = old.members
	}
	for k, n := range e.members {
		o, ok := was[k]
		switch {
		case ok && bytes.Equal(o, n):
		case ok && e.elementsFrom(p, k, old):
		default:
			p[k] = n
		}
	}
	for k := range was {
		if _, ok := e.members[k]; !ok {
			p[k] = null
		}
	}
	return p
}

// elementsFrom puts in p the elements of list k that changed since old,
// when the list kept its length and they are fewer bytes than the list.
func (e *viewEnc) elementsFrom(p ViewPatch, k string, old *viewEnc) bool {
	o, n := old.elements(k), e.elements(k)
	if o == nil || n == nil || len(o) != len(n) {
		return false
	}
	var changed []int
	size := 0
	for i := range n {
		if !bytes.Equal(o[i], n[i]) {
			changed = append(changed, i)
			size += len(k) + 8 + len(n[i])
		}
	}
	if size >= len(e.members[k]) {
		return false
	}
	for _, i := range changed {
		p[k+"."+strconv.Itoa(i)] = n[i]
	}
	return true
}

// heldView is a device's copy of one view: the value its table reads
// (with its log), and its top-level members as JSON — what a patch of a
// list's elements, or of a member now left out, applies to.
type heldView struct {
	v       rules.View
	members map[string]json.RawMessage
}

// holdView keeps v, a view a sync brought.
func holdView(v rules.View) heldView {
	w := v
	w.Log = nil
	return heldView{v: v, members: membersOf(w)}
}

// patched is hv with patch p applied (its log as it was). The copy shares
// nothing p changes with hv, whose value a table may still be reading: the
// lists, maps and pointers p names are first set to null (nil), then
// decoded anew. A member p sets to null takes the zero
// of its JSON kind (a string "", a number 0), which encoding/json, reading
// null, would leave as it was. A member this device does not know (a later
// host's) is skipped.
func (hv heldView) patched(p ViewPatch) (heldView, error) {
	members := maps.Clone(hv.members)
	touched := map[string]json.RawMessage{}
	lists := map[string][]json.RawMessage{}
	for k, b := range p {
		if strings.Contains(k, ".") || k == "log" {
			continue
		}
		if bytes.Equal(b, null) {
			b = zeroOf(members[k])
			delete(members, k)
		} else {
			members[k] = b
		}
		touched[k] = b
	}
	for k, b := range p {
		name, at, ok := strings.Cut(k, ".")
		if !ok || name == "log" {
			continue
		}
		l, ok := lists[name]
		if !ok {
			if json.Unmarshal(members[name], &l) != nil || l == nil {
				return hv, fmt.Errorf("the view's %s: not a list", k)
			}
		}
		i, err := strconv.Atoi(at)
		if err != nil || i < 0 || i >= len(l) {
			return hv, fmt.Errorf("the view's %s: no such element", k)
		}
		l[i] = b
		lists[name] = l
	}
	for name, l := range lists {
		b := marshal(l)
		members[name], touched[name] = b, b
	}
	// A member held as a list or an object (a slice, a map, a pointer)
	// is set to null first: decoded onto, it would be written in place.
	nulls := map[string]json.RawMessage{}
	for k := range touched {
		if was := hv.members[k]; len(was) > 0 && (was[0] == '[' || was[0] == '{') {
			nulls[k] = null
		}
	}
	v := hv.v
	for _, m := range []map[string]json.RawMessage{nulls, touched} {
		if len(m) == 0 {
			continue
		}
		if err := json.Unmarshal(marshal(m), &v); err != nil {
			return hv, fmt.Errorf("the view's patch: %v", err)
		}
	}
	v.Log = hv.v.Log
	return heldView{v: v, members: members}, nil
}

// zeroOf is the zero of the JSON kind of raw: what a member that
// encoding/json leaves out (omitempty) holds.
func zeroOf(raw json.RawMessage) json.RawMessage {
	if len(raw) == 0 {
		return null
	}
	switch c := raw[0]; {
	case c == '"':
		return json.RawMessage(`""`)
	case c == 't' || c == 'f':
		return json.RawMessage("false")
	case c == '-' || c >= '0' && c <= '9':
		return json.RawMessage("0")
	}
	return null
}
