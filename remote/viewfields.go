package remote

import (
	"encoding/json"
	"fmt"
	"reflect"
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

// fieldsOf is v's top-level fields but its log, each encoded as in v's
// JSON (a field omitted there is absent).
func fieldsOf(v *rules.View) ViewPatch {
	rv := reflect.ValueOf(v).Elem()
	p := make(ViewPatch, len(viewFields))
	for _, f := range viewFields {
		fv := rv.Field(f.index)
		if f.omitEmpty && empty(fv) {
			continue
		}
		p[f.key] = marshal(fv.Interface())
	}
	return p
}

// setFields sets the fields of v a patch names (null: zero), each to a
// value of its own: what v shared with an earlier copy is not changed.
// A field this device does not know (a later host's) is skipped.
func setFields(v *rules.View, p ViewPatch) error {
	rv := reflect.ValueOf(v).Elem()
	for k, b := range p {
		f, ok := viewFieldByKey[k]
		if !ok || k == "log" {
			continue
		}
		fv := rv.Field(f.index)
		nv := reflect.New(fv.Type())
		if string(b) != "null" {
			if err := json.Unmarshal(b, nv.Interface()); err != nil {
				return fmt.Errorf("the view's %s: %v", k, err)
			}
		}
		fv.Set(nv.Elem())
	}
	return nil
}
