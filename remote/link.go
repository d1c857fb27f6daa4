package remote

import "context"

// A link is a device's WebSocket to its host, as the client uses it: text
// messages in and out. On the desktop it is github.com/coder/websocket's
// connection (dial_native.go); in the browser the page's own WebSocket,
// through syscall/js (dial_js.go), so that the page's module links no
// HTTP client, TLS or WebSocket library of its own.
type link interface {
	// Read returns the next text message; an error means the link is
	// down (a binary message, one over MaxOut, ctx's end included).
	Read(ctx context.Context) ([]byte, error)
	// Write sends one text message.
	Write(ctx context.Context, data []byte) error
	// Close closes the link normally, with a reason; Drop at once, as a
	// lost network would.
	Close(reason string)
	Drop()
}
