package io.crony.agent;

import java.util.Map;

import org.junit.jupiter.api.Test;

import org.springframework.boot.context.properties.ConfigurationPropertiesBinding;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.env.SystemEnvironmentPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * How {@code crony.agent.labels} binds: a YAML map, or one string from the environment.
 */
class AgentLabelsTest {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withUserConfiguration(Labelled.class);

	@Test
	void bindsLabelsFromOneEnvironmentVariable() {
		this.runner
			.withInitializer(
					(context) -> context.getEnvironment()
						.getPropertySources()
						.addFirst(new SystemEnvironmentPropertySource(
								StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME,
								Map.of("CRONY_AGENT_LABELS", "dept=pay, zone=A"))))
			.run((context) -> assertThat(context.getBean(AgentProperties.class).labels())
				.isEqualTo(Map.of("dept", "pay", "zone", "A")));
	}

	@Test
	void anEmptyEnvironmentVariableIsNoLabels() {
		this.runner
			.withInitializer((context) -> context.getEnvironment()
				.getPropertySources()
				.addFirst(new SystemEnvironmentPropertySource(
						StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME, Map.of("CRONY_AGENT_LABELS", ""))))
			.run((context) -> assertThat(context.getBean(AgentProperties.class).labels()).isEmpty());
	}

	@Test
	void bindsLabelsFromAMap() {
		this.runner.withPropertyValues("crony.agent.labels.dept=pay", "crony.agent.labels.zone=a")
			.run((context) -> assertThat(context.getBean(AgentProperties.class).labels())
				.isEqualTo(Map.of("dept", "pay", "zone", "a")));
	}

	@Test
	void noLabelsIsAnEmptyMap() {
		this.runner.run((context) -> assertThat(context.getBean(AgentProperties.class).labels()).isEmpty());
	}

	@Test
	void refusesToStartWithABadLabel() {
		this.runner.withPropertyValues("crony.agent.labels=dept=pay,zone")
			.run((context) -> assertThat(context).hasFailed()
				.getFailure()
				.rootCause()
				.hasMessageContaining("label 'zone' is not key=value"));
		this.runner.withPropertyValues("crony.agent.labels.dept=p a y")
			.run((context) -> assertThat(context).hasFailed()
				.getFailure()
				.rootCause()
				.hasMessageContaining("crony.agent.labels: label value 'p a y'"));
	}

	@Configuration(proxyBeanMethods = false)
	@EnableConfigurationProperties(AgentProperties.class)
	static class Labelled {

		@Bean
		@ConfigurationPropertiesBinding
		static LabelListConverter labelListConverter() {
			return AgentConfiguration.labelListConverter();
		}

	}

}
