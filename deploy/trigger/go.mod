module crony.io/trigger

go 1.25.0
