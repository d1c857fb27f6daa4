//go:build !js

package hosting

import "net/http"

// Page is what serves the browser page beside a hosted game's WebSocket.
type Page = http.Handler
