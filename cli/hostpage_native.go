//go:build !js

package cli

import "notrueking/internal/site"

// page finds the browser page a host serves: -site's folder, or the one
// this binary carries, or none (nil; the host then says how to get one).
// A bad -site is an error naming the folder.
func (p hostPage) page() (*site.Site, error) {
	return site.Find(*p.site)
}

// pageNote is what a host says of its browser page on stderr.
func pageNote(s *site.Site) string {
	if s == nil {
		return "this program carries no browser page (built from source): browsers cannot join from the link; restart with -site DIR (docs/web.md) or join with: notrueking join LINK"
	}
	return "browsers join from the link: the page is served from " + s.From()
}
