//go:build js

package cli

import "errors"

// page: a web page serves no page of its own (it hosts no game).
func (p hostPage) page() (any, error) {
	return nil, errors.New("-site: a web page hosts no game and serves no page")
}
