package app

import (
	"fmt"
	"os"
	"time"
)

// TraceFirstFrameEnv, when set, makes the app print "first-frame
// UNIXNANO" on standard error when its first Draw returns, so that
// docs/perf/measure.sh can time the first frame from the outside the same
// way for the app and for a bare Ebitengine window.
const TraceFirstFrameEnv = "NTK_TRACE_FIRST_FRAME"

var traceFirstFrame = os.Getenv(TraceFirstFrameEnv) != ""

// firstFrameDone prints the first frame's time once (see TraceFirstFrameEnv).
func firstFrameDone(done *bool) {
	if *done || !traceFirstFrame {
		return
	}
	*done = true
	fmt.Fprintf(os.Stderr, "first-frame %d\n", time.Now().UnixNano())
}
