package cronyapi

import (
	"math/rand/v2"
	"time"
)

// backoff is exponential with "equal jitter": the n-th wait is drawn from
// [d/2, d] with d = initial * 2^(n-1), capped at max.
type backoff struct {
	initial, max time.Duration
}

func (b backoff) ceiling(attempt int) time.Duration {
	d := b.initial
	for i := 1; i < attempt && d < b.max; i++ {
		d *= 2
	}
	if b.max > 0 {
		d = min(d, b.max)
	}
	return d
}

func (b backoff) wait(attempt int) time.Duration {
	d := b.ceiling(attempt)
	if d <= 1 {
		return d
	}
	half := d / 2
	return half + rand.N(d-half+1)
}
