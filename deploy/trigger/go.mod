module crony-trigger

go 1.25.0
