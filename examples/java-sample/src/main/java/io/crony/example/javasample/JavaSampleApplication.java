package io.crony.example.javasample;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;

/**
 * A business service with three Crony jobs: it registers in Eureka as
 * {@code java-sample}, serves its jobs at {@code POST /crony/jobs/{name}} and as
 * {@code crony.v1.JobTarget} on its gRPC port, and reports async runs to crony-web found
 * in Eureka. Shutting it down or {@code POST /admin/drain} drains it: export-ledger moves
 * its runs to other instances.
 */
@SpringBootApplication
@ConfigurationPropertiesScan
public class JavaSampleApplication {

	public static void main(String[] args) {
		SpringApplication.run(JavaSampleApplication.class, args);
	}

}
