//go:build !linux

package render

// drawCPU is the process's CPU time where a thread's is not read (the
// loop's frame ends then count too).
func drawCPU() int64 { return processCPU() }

func lockDrawThread() func() { return func() {} }
