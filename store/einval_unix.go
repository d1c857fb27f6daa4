//go:build unix

package store

import (
	"errors"
	"syscall"
)

// isEINVAL: some file systems refuse fsync on a folder with EINVAL; the
// rename is then as durable as that file system makes it.
func isEINVAL(err error) bool { return errors.Is(err, syscall.EINVAL) }
