package cronyapi

import (
	"testing"
	"time"
)

// Each wait lies between half its ceiling and the ceiling, which doubles up to max.
func TestBackoffDoublesWithJitterUpToMax(t *testing.T) {
	b := backoff{initial: 100 * time.Millisecond, max: time.Second}
	ceilings := []time.Duration{100, 200, 400, 800, 1000, 1000}
	for i, c := range ceilings {
		ceiling := c * time.Millisecond
		if got := b.ceiling(i + 1); got != ceiling {
			t.Errorf("ceiling(%d) = %s, want %s", i+1, got, ceiling)
		}
		seen := map[time.Duration]bool{}
		for range 200 {
			w := b.wait(i + 1)
			if w < ceiling/2 || w > ceiling {
				t.Fatalf("wait(%d) = %s outside [%s, %s]", i+1, w, ceiling/2, ceiling)
			}
			seen[w] = true
		}
		if len(seen) < 10 {
			t.Errorf("wait(%d): %d distinct waits in 200, want jitter", i+1, len(seen))
		}
	}
	if got := b.ceiling(1000); got != time.Second {
		t.Errorf("a long outage waits %s, want the max", got)
	}
}
