package io.crony.alert;

import java.time.Duration;

/**
 * How sending one alert to one channel went.
 *
 * @param delivered whether the channel took it
 * @param attempts attempts made
 * @param error the last attempt's error, null when delivered
 * @param took time from the first attempt to the end of the last
 * @param outline what the one who asked for the send may be told when it failed: the kind
 * of failure and an HTTP status class, never the endpoint's answer; null when delivered
 */
public record Delivery(boolean delivered, int attempts, String error, Duration took, String outline) {

}
