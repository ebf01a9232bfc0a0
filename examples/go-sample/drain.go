package main

import "sync"

// drain tells long jobs that this instance is going away (shutdown signal, or an admin's
// POST /admin/drain before a deploy): they hand their runs to another instance rather
// than hold the shutdown up or be cut off half way.
type drain struct {
	once sync.Once
	ch   chan struct{}
}

func newDrain() *drain { return &drain{ch: make(chan struct{})} }

// start begins draining; calling it again changes nothing.
func (d *drain) start() { d.once.Do(func() { close(d.ch) }) }

// done is closed once draining has begun.
func (d *drain) done() <-chan struct{} { return d.ch }
