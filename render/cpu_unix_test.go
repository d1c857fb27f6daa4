//go:build unix

package render

import "syscall"

// processCPU is the user and system CPU time this process has used, in
// nanoseconds (benchmarks report CPU per frame from it).
func processCPU() int64 {
	var r syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &r); err != nil {
		return 0
	}
	return r.Utime.Nano() + r.Stime.Nano()
}
