module crony.io/trigger

go 1.25.0

require crony.io/sdk-go v0.1.0
