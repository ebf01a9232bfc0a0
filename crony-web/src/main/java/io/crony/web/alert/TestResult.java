package io.crony.web.alert;

/**
 * What a test message did.
 *
 * @param delivered whether the channel took it
 * @param attempts attempts made
 * @param error why it was not delivered, in outline: the kind of failure and the HTTP
 * status class (the target policy's refusal, "the endpoint answered HTTP 4xx"), never the
 * endpoint's answer; null when it was
 * @param tookMillis time spent sending, retries included
 */
record TestResult(boolean delivered, int attempts, String error, long tookMillis) {

}
