package io.crony.agent;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;

/** The process that fires Crony's jobs. */
@SpringBootApplication
@ConfigurationPropertiesScan
public class CronyAgentApplication {

	public static void main(String[] args) {
		SpringApplication.run(CronyAgentApplication.class, args);
	}

}
