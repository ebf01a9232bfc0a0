package io.crony.example.javasample;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The sample's own settings ({@code sample.*}).
 *
 * @param step how long one shard of rebuild-index takes, so a run can be watched in the
 * dashboard
 */
@ConfigurationProperties("sample")
public record SampleProperties(@DefaultValue("2s") Duration step) {

}
