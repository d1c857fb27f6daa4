//go:build js && wasm

package store

import (
	"errors"
	"fmt"
	"syscall/js"
)

// Local is the browser's localStorage as a KV. Every call catches the
// exceptions the browser may throw (storage disabled by the user's
// settings, a full quota) and returns them as errors.
type Local struct {
	ls js.Value
}

// OpenLocal returns the Store of the saves in the browser's localStorage
// (keys KVPrefix+ID): the browser build's counterpart of OpenDefault.
func OpenLocal() (*KVStore, error) {
	l, err := LocalStorage()
	if err != nil {
		return nil, err
	}
	return NewKVStore(l, KVPrefix), nil
}

// LocalStorage returns the browser's localStorage, or why there is none
// (a page opened from a file, or storage blocked in the browser's
// settings).
func LocalStorage() (l *Local, err error) {
	defer catch(&err)
	v := js.Global().Get("localStorage")
	if v.IsUndefined() || v.IsNull() {
		return nil, errors.New("this browser gives the page no local storage (it may be blocked in the browser's settings)")
	}
	return &Local{ls: v}, nil
}

// catch turns a JavaScript exception (a panic of js.Error) into *err.
func catch(err *error) {
	r := recover()
	if r == nil {
		return
	}
	je, ok := r.(js.Error)
	if !ok {
		panic(r)
	}
	name := je.Value.Get("name").String()
	if name == "QuotaExceededError" || name == "NS_ERROR_DOM_QUOTA_REACHED" {
		*err = fmt.Errorf("%w (%s)", ErrQuota, je.Error())
		return
	}
	*err = fmt.Errorf("browser storage: %s", je.Error())
}

// Get returns the value of key.
func (l *Local) Get(key string) (v string, ok bool, err error) {
	defer catch(&err)
	r := l.ls.Call("getItem", key)
	if r.IsNull() {
		return "", false, nil
	}
	return r.String(), true, nil
}

// Set replaces the value of key (one setItem: all or nothing).
func (l *Local) Set(key, value string) (err error) {
	defer catch(&err)
	l.ls.Call("setItem", key, value)
	return nil
}

// Remove deletes key.
func (l *Local) Remove(key string) (err error) {
	defer catch(&err)
	l.ls.Call("removeItem", key)
	return nil
}

// Keys lists every key of the page's storage.
func (l *Local) Keys() (keys []string, err error) {
	defer catch(&err)
	n := l.ls.Get("length").Int()
	for i := range n {
		k := l.ls.Call("key", i)
		if !k.IsNull() {
			keys = append(keys, k.String())
		}
	}
	return keys, nil
}
