package io.crony.common.job;

/** How a run reaches its target. */
public enum TargetType {

	HTTP, GRPC, SHELL

}
