//go:build !unix

package session

import "time"

// cpuTime is not measured here: the benchmarks report no cpu-ns/op.
func cpuTime() time.Duration { return 0 }
