package io.crony.web.alert;

/**
 * What a test message did.
 *
 * @param delivered whether the channel took it
 * @param attempts attempts made
 * @param error why it was not delivered; null when it was
 * @param tookMillis time spent sending, retries included
 */
record TestResult(boolean delivered, int attempts, String error, long tookMillis) {

}
