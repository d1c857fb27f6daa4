//go:build js

package remote

import "github.com/coder/websocket"

// dialOptions: in the browser, the browser decides the compression.
func dialOptions(bool) *websocket.DialOptions { return &websocket.DialOptions{} }
