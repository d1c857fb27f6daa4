//go:build !js

package remote

import "github.com/coder/websocket"

// dialOptions asks for permessage-deflate (unless off).
func dialOptions(noCompression bool) *websocket.DialOptions {
	mode := websocket.CompressionContextTakeover
	if noCompression {
		mode = websocket.CompressionDisabled
	}
	return &websocket.DialOptions{CompressionMode: mode}
}
