//go:build linux

package render

import (
	"runtime"
	"syscall"
)

// rusageThread is Linux's RUSAGE_THREAD: the calling thread only.
const rusageThread = 1

// drawCPU is the user and system CPU time the calling thread has used, in
// nanoseconds. The benchmarks lock their goroutine to its thread
// (lockDrawThread) and read the Draw calls' CPU from it: Ebitengine's loop
// goes on ticking on the main thread while the tests run (main_test.go),
// and its frame ends, which run the queued commands, would count in the
// process's CPU.
func drawCPU() int64 {
	var r syscall.Rusage
	if err := syscall.Getrusage(rusageThread, &r); err != nil {
		return processCPU()
	}
	return r.Utime.Nano() + r.Stime.Nano()
}

// lockDrawThread keeps the calling goroutine on its thread (drawCPU);
// the returned func lets it go.
func lockDrawThread() func() {
	runtime.LockOSThread()
	return runtime.UnlockOSThread
}
