package io.crony.sdk.spring;

import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.BeanInitializationException;

import io.crony.sdk.Outcome;
import io.crony.sdk.Result;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class CronyJobRegistryTest {

	static class Jobs {

		@CronyJob("settle-orders")
		void settle() {
		}

	}

	static class SameName {

		@CronyJob("settle-orders")
		void settleAgain() {
		}

	}

	static class Statuses {

		@CronyJobStatus("index-status")
		JobStatus status() {
			return JobStatus.running(null, null);
		}

	}

	static class NoJobStatus {

		@CronyJobStatus("index-status")
		String status() {
			return "running";
		}

	}

	static class Slashed {

		@CronyJob("a/b")
		void slashed() {
		}

	}

	@Test
	void registersAnnotatedMethodsByName() {
		CronyJobRegistry registry = new CronyJobRegistry();
		registry.postProcessAfterInitialization(new Jobs(), "jobs");
		registry.postProcessAfterInitialization("not a job holder", "text");
		assertThat(registry.names()).containsExactly("settle-orders");
		assertThat(registry.find("settle-orders"))
			.hasValueSatisfying((handler) -> assertThat(handler.async()).isFalse());
	}

	@Test
	void refusesTwoHandlersWithOneName() {
		CronyJobRegistry registry = new CronyJobRegistry();
		registry.postProcessAfterInitialization(new Jobs(), "jobs");
		assertThatExceptionOfType(BeanInitializationException.class)
			.isThrownBy(() -> registry.postProcessAfterInitialization(new SameName(), "same"))
			.withMessageContaining("Two @CronyJob handlers named \"settle-orders\"")
			.withMessageContaining("Jobs.settle")
			.withMessageContaining("SameName.settleAgain");
	}

	@Test
	void registersStatusMethodsApartFromHandlers() {
		CronyJobRegistry registry = new CronyJobRegistry();
		registry.postProcessAfterInitialization(new Statuses(), "statuses");
		assertThat(registry.statusNames()).containsExactly("index-status");
		assertThat(registry.names()).isEmpty();
		assertThatExceptionOfType(BeanInitializationException.class)
			.isThrownBy(() -> registry.postProcessAfterInitialization(new Statuses(), "again"))
			.withMessageContaining("Two @CronyJobStatus methods named \"index-status\"");
		assertThatExceptionOfType(BeanInitializationException.class)
			.isThrownBy(() -> new CronyJobRegistry().postProcessAfterInitialization(new NoJobStatus(), "text"))
			.withMessageContaining("must return JobStatus");
	}

	@Test
	void refusesANameWithASlash() {
		assertThatExceptionOfType(BeanInitializationException.class)
			.isThrownBy(() -> new CronyJobRegistry().postProcessAfterInitialization(new Slashed(), "slashed"))
			.withMessageContaining("\"a/b\"");
	}

	@Test
	void turnsReturnValuesIntoResults() {
		assertThat(JobDispatcher.resultOf(null)).isEqualTo(Result.succeeded(null));
		assertThat(JobDispatcher.resultOf(42)).isEqualTo(Result.succeeded("42"));
		assertThat(JobDispatcher.resultOf(Result.failed("no")).outcome()).isEqualTo(Outcome.FAILED);
	}

}
