package io.crony.web.target;

import java.util.List;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Which addresses jobs may call (the same keys on crony-web, which checks a job when it
 * is saved, and crony-agent, which checks each call). Link-local and cloud metadata
 * addresses and the platform's own etcd, database and registry are always denied.
 *
 * @param allow CIDRs, addresses or host names ({@code *.example.com}) with an optional
 * {@code :port}; when not empty, a target must match one
 * @param deny entries no target may match
 * @param allowLoopback whether 127.0.0.0/8, ::1 and localhost may be called (a single
 * box: {@code make run}); off by default
 */
@ConfigurationProperties("crony.target-policy")
public record TargetPolicyProperties(@DefaultValue List<String> allow, @DefaultValue List<String> deny,
		@DefaultValue("false") boolean allowLoopback) {

}
