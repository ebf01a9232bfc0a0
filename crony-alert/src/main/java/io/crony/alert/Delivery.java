package io.crony.alert;

import java.time.Duration;

/**
 * How sending one alert to one channel went.
 *
 * @param delivered whether the channel took it
 * @param attempts attempts made
 * @param error the last attempt's error, null when delivered
 * @param took time from the first attempt to the end of the last
 */
public record Delivery(boolean delivered, int attempts, String error, Duration took) {

}
