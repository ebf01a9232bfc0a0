package io.crony.web.agent;

import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;

/**
 * Operator changes to one agent; absent fields stay as they are.
 *
 * @param weight placement weight that replaces the agent's own, 1 to 100
 * @param drained true: the agent takes no new jobs and its jobs move off
 */
record AgentPatchRequest(@Min(1) @Max(100) Integer weight, Boolean drained) {

}
