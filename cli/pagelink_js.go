package cli

import (
	"strings"
	"syscall/js"
)

// pageLink is the link of -join CODE or -watch CODE given by the page's
// address (?join=CODE, ?watch=CODE): the page was served by the host
// itself, so the link is the page's own origin with the code. A whole
// link is taken as it is.
func pageLink(param, code string) string {
	if strings.Contains(code, "://") {
		return code
	}
	origin := js.Global().Get("location").Get("origin").String()
	return origin + "/?" + param + "=" + code
}
