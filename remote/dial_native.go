//go:build !js

package remote

import (
	"context"
	"fmt"

	"github.com/coder/websocket"
)

// dialLink connects to a host's WebSocket (github.com/coder/websocket),
// asking for permessage-deflate unless noCompression.
func dialLink(ctx context.Context, url string, noCompression bool) (link, error) {
	mode := websocket.CompressionContextTakeover
	if noCompression {
		mode = websocket.CompressionDisabled
	}
	ws, _, err := websocket.Dial(ctx, url, &websocket.DialOptions{CompressionMode: mode})
	if err != nil {
		return nil, err
	}
	ws.SetReadLimit(MaxOut)
	return wsLink{ws}, nil
}

// wsLink is a link over a coder/websocket connection.
type wsLink struct{ ws *websocket.Conn }

func (l wsLink) Read(ctx context.Context) ([]byte, error) {
	typ, data, err := l.ws.Read(ctx)
	if err != nil {
		return nil, err
	}
	if typ != websocket.MessageText {
		return nil, fmt.Errorf("a binary message from the host")
	}
	return data, nil
}

func (l wsLink) Write(ctx context.Context, data []byte) error {
	return l.ws.Write(ctx, websocket.MessageText, data)
}

func (l wsLink) Close(reason string) { l.ws.Close(websocket.StatusNormalClosure, reason) }
func (l wsLink) Drop()               { l.ws.CloseNow() }
