package io.crony.web;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;

/** crony-web: REST API, job store, assignment and failover. */
@SpringBootApplication
@ConfigurationPropertiesScan
public class CronyWebApplication {

	public static void main(String[] args) {
		SpringApplication.run(CronyWebApplication.class, args);
	}

}
