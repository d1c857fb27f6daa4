//go:build !unix

package safefile

import "errors"

// mkfifo: this system (Windows, the browser) has no FIFOs.
func mkfifo(string) error { return errors.New("no FIFOs on this system") }
