package remote

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"strconv"
	"strings"

	"notrueking/rules"
)

// A view travels whole in a sync, then as patches of its top-level fields
// (State.Patches): the host encodes each field apart and sends those
// whose bytes changed; a device decodes only those into a copy of its
// view. Both go by the fields' JSON names, as encoding/json writes them.

// viewField is one top-level field of rules.View.
type viewField struct {
	key       string
	index     int
	omitEmpty bool
}

var (
	viewFields     []viewField
	viewFieldByKey = map[string]viewField{}
)

func init() {
	t := reflect.TypeFor[rules.View]()
	for i := range t.NumField() {
		f := t.Field(i)
		if !f.IsExported() {
			continue
		}
		name, opts, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "-" {
			continue
		}
		if name == "" {
			name = f.Name
		}
		if strings.Contains(opts, "omitzero") {
			panic("remote: a view field with omitzero: teach viewfields.go its rule")
		}
		vf := viewField{key: name, index: i, omitEmpty: strings.Contains(opts, "omitempty")}
		viewFieldByKey[name] = vf
		if name != "log" { // the log travels apart (State.Logs)
			viewFields = append(viewFields, vf)
		}
	}
}

// empty is encoding/json's omitempty rule.
func empty(v reflect.Value) bool {
	switch v.Kind() {
	case reflect.Array, reflect.Map, reflect.Slice, reflect.String:
		return v.Len() == 0
	case reflect.Bool:
		return !v.Bool()
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return v.Int() == 0
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return v.Uint() == 0
	case reflect.Float32, reflect.Float64:
		return v.Float() == 0
	case reflect.Interface, reflect.Pointer:
		return v.IsNil()
	}
	return false
}

// fieldEnc is one field of a view as JSON: whole, and for a slice (not
// nil) each element apart (whole is then they joined, as encoding/json
// writes a slice).
type fieldEnc struct {
	whole []byte
	elems [][]byte
}

// fieldsOf is v's top-level fields but its log, each encoded as in v's
// JSON (a field omitted there is absent).
func fieldsOf(v *rules.View) map[string]*fieldEnc {
	rv := reflect.ValueOf(v).Elem()
	p := make(map[string]*fieldEnc, len(viewFields))
	for _, f := range viewFields {
		fv := rv.Field(f.index)
		if f.omitEmpty && empty(fv) {
			continue
		}
		e := &fieldEnc{}
		if fv.Kind() == reflect.Slice && !fv.IsNil() {
			e.elems = make([][]byte, fv.Len())
			n := 2
			for i := range e.elems {
				e.elems[i] = marshal(fv.Index(i).Interface())
				n += len(e.elems[i]) + 1
			}
			w := make([]byte, 0, n)
			w = append(w, '[')
			for i, b := range e.elems {
				if i > 0 {
					w = append(w, ',')
				}
				w = append(w, b...)
			}
			e.whole = append(w, ']')
		} else {
			e.whole = marshal(fv.Interface())
		}
		p[f.key] = e
	}
	return p
}

// patch is what changed from old to now: a field whole, or, for a slice
// of the same length whose changed elements are fewer bytes, those
// elements ("players.3").
func patch(old, now map[string]*fieldEnc) ViewPatch {
	p := ViewPatch{}
	for k, n := range now {
		o, ok := old[k]
		if ok && bytes.Equal(o.whole, n.whole) {
			continue
		}
		if ok && o.elems != nil && n.elems != nil && len(o.elems) == len(n.elems) {
			var changed []int
			size := 0
			for i := range n.elems {
				if !bytes.Equal(o.elems[i], n.elems[i]) {
					changed = append(changed, i)
					size += len(k) + 8 + len(n.elems[i])
				}
			}
			if size < len(n.whole) {
				for _, i := range changed {
					p[k+"."+strconv.Itoa(i)] = n.elems[i]
				}
				continue
			}
		}
		p[k] = n.whole
	}
	for k := range old {
		if _, ok := now[k]; !ok {
			p[k] = json.RawMessage("null")
		}
	}
	return p
}

// setFields sets the fields of v a patch names (null: zero), each to a
// value of its own, and the elements it names of a slice (in a copy of
// the slice): what v shared with an earlier copy is not changed. A field
// this device does not know (a later host's) is skipped.
func setFields(v *rules.View, p ViewPatch) error {
	rv := reflect.ValueOf(v).Elem()
	copied := map[int]bool{}
	for k, b := range p {
		name, at, elem := strings.Cut(k, ".")
		f, ok := viewFieldByKey[name]
		if !ok || name == "log" {
			continue
		}
		fv := rv.Field(f.index)
		if !elem {
			nv := reflect.New(fv.Type())
			if string(b) != "null" {
				if err := json.Unmarshal(b, nv.Interface()); err != nil {
					return fmt.Errorf("the view's %s: %v", k, err)
				}
			}
			fv.Set(nv.Elem())
			copied[f.index] = true
			continue
		}
		i, err := strconv.Atoi(at)
		if err != nil || fv.Kind() != reflect.Slice || i < 0 || i >= fv.Len() {
			return fmt.Errorf("the view's %s: no such element", k)
		}
		if !copied[f.index] {
			c := reflect.MakeSlice(fv.Type(), fv.Len(), fv.Len())
			reflect.Copy(c, fv)
			fv.Set(c)
			copied[f.index] = true
		}
		ev := reflect.New(fv.Type().Elem())
		if string(b) != "null" {
			if err := json.Unmarshal(b, ev.Interface()); err != nil {
				return fmt.Errorf("the view's %s: %v", k, err)
			}
		}
		fv.Index(i).Set(ev.Elem())
	}
	return nil
}
