//go:build !js

package cli

// pageLink is the link -join or -watch gives: on the desktop, the whole
// link (a code alone names no host, and ParseLink says so).
func pageLink(_, link string) string { return link }
