package io.crony.web.execution;

import net.devh.boot.grpc.server.security.authentication.GrpcAuthenticationReader;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * gRPC server settings of crony-web. Its only service, ExecutionReports, authenticates
 * each call by the execution token inside the message, so callers carry no identity: the
 * reader net.devh's Spring Security integration asks for finds none.
 */
@Configuration(proxyBeanMethods = false)
class ReportGrpcConfiguration {

	@Bean
	GrpcAuthenticationReader grpcAuthenticationReader() {
		return (call, headers) -> null;
	}

}
