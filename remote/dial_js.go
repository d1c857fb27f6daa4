//go:build js

package remote

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"syscall/js"
)

// dialLink connects to a host's WebSocket with the browser's own
// WebSocket: the browser decides the compression.
func dialLink(ctx context.Context, url string, _ bool) (link, error) {
	ctor := js.Global().Get("WebSocket")
	if ctor.IsUndefined() {
		return nil, errors.New("this browser has no WebSocket")
	}
	l := &jsLink{wake: make(chan struct{}, 1), closed: make(chan struct{})}
	var ws js.Value
	if err := catch(func() { ws = ctor.New(url) }); err != nil {
		return nil, err
	}
	l.ws = ws
	opened := make(chan struct{})
	l.on("open", func(js.Value) { close(opened) })
	l.on("message", func(ev js.Value) {
		data := ev.Get("data")
		l.mu.Lock()
		defer l.mu.Unlock()
		switch {
		case data.Type() != js.TypeString:
			l.fail(errors.New("a binary message from the host"))
		case data.Length() > MaxOut: // UTF-16 units: at most the bytes
			l.fail(fmt.Errorf("a message of over %d bytes from the host", MaxOut))
		default:
			l.in = append(l.in, []byte(data.String()))
			select {
			case l.wake <- struct{}{}:
			default:
			}
		}
	})
	l.on("close", func(ev js.Value) {
		l.mu.Lock()
		defer l.mu.Unlock()
		l.fail(fmt.Errorf("the link closed (%d)", ev.Get("code").Int()))
	})
	select {
	case <-opened:
		return l, nil
	case <-l.closed:
		l.release()
		return nil, errors.New("the host could not be reached")
	case <-ctx.Done():
		l.Drop()
		return nil, ctx.Err()
	}
}

// jsLink is a link over the browser's WebSocket. Its handlers run on the
// page's event loop and never block: a message is queued for Read.
type jsLink struct {
	ws    js.Value
	funcs []js.Func

	mu     sync.Mutex
	in     [][]byte
	err    error
	wake   chan struct{}
	closed chan struct{}
}

// on adds a handler of the WebSocket's event name.
func (l *jsLink) on(name string, f func(ev js.Value)) {
	fn := js.FuncOf(func(_ js.Value, args []js.Value) any {
		ev := js.Undefined()
		if len(args) > 0 {
			ev = args[0]
		}
		f(ev)
		return nil
	})
	l.funcs = append(l.funcs, fn)
	l.ws.Call("addEventListener", name, fn)
}

// fail ends the link with err (under l.mu), once.
func (l *jsLink) fail(err error) {
	if l.err != nil {
		return
	}
	l.err = err
	close(l.closed)
}

func (l *jsLink) Read(ctx context.Context) ([]byte, error) {
	for {
		l.mu.Lock()
		if len(l.in) > 0 {
			m := l.in[0]
			l.in[0] = nil
			l.in = l.in[1:]
			l.mu.Unlock()
			return m, nil
		}
		err := l.err
		l.mu.Unlock()
		if err != nil {
			return nil, err
		}
		select {
		case <-l.wake:
		case <-l.closed:
		case <-ctx.Done():
			l.Drop()
			return nil, ctx.Err()
		}
	}
}

func (l *jsLink) Write(ctx context.Context, data []byte) error {
	l.mu.Lock()
	err := l.err
	l.mu.Unlock()
	if err != nil {
		return err
	}
	if ctx.Err() != nil {
		return ctx.Err()
	}
	return catch(func() { l.ws.Call("send", string(data)) })
}

func (l *jsLink) Close(reason string) {
	catch(func() { l.ws.Call("close", 1000, reason) })
	l.mu.Lock()
	l.fail(errors.New("closed"))
	l.mu.Unlock()
	l.release()
}

func (l *jsLink) Drop() {
	catch(func() { l.ws.Call("close") })
	l.mu.Lock()
	l.fail(errors.New("dropped"))
	l.mu.Unlock()
	l.release()
}

// release lets the handlers go once the link is closed (their events
// after it are dropped by the browser's closed socket).
func (l *jsLink) release() {
	for _, f := range l.funcs {
		l.ws.Call("removeEventListener", "message", f)
	}
}

// catch runs f, turning a JavaScript exception into an error.
func catch(f func()) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("the browser's WebSocket: %v", r)
		}
	}()
	f()
	return nil
}
