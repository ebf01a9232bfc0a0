package io.crony.web.error;

import io.crony.web.CronyWebApplication;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * crony-web started out of the box, with no database configured: it does not start, and
 * says which variables to set or which profile to use (no password is committed).
 */
@ExtendWith(OutputCaptureExtension.class)
class MissingDatabaseIT {

	@Test
	void refusesToStartWithoutADatabaseAndSaysWhatToSet(CapturedOutput output) {
		SpringApplication application = new SpringApplication(CronyWebApplication.class);
		assertThatThrownBy(() -> application.run("--server.port=0", "--grpc.server.port=0",
				"--crony.etcd.endpoints=http://127.0.0.1:1", "--spring.main.banner-mode=off"))
			.isInstanceOf(Exception.class);
		assertThat(output).contains("No database is configured")
			.contains("CRONY_DB_URL")
			.contains("CRONY_DB_PASSWORD")
			.contains("--spring.profiles.active=local");
	}

}
