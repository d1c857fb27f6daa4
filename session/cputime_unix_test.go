//go:build unix

package session

import (
	"syscall"
	"time"
)

// cpuTime is the processor time the process has used (user and system,
// every thread): on a machine shared with other work it measures a
// benchmark better than the time on the clock.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
