package io.crony.web.api;

import com.fasterxml.jackson.databind.ObjectMapper;

import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;

/** The body limit runs first: before security, before anything reads the body. */
@Configuration(proxyBeanMethods = false)
class RequestLimitsConfiguration {

	@Bean
	FilterRegistrationBean<RequestBodyLimit> requestBodyLimit(RequestLimitsProperties limits, ObjectMapper mapper) {
		FilterRegistrationBean<RequestBodyLimit> registration = new FilterRegistrationBean<>(
				new RequestBodyLimit(limits, mapper));
		registration.setOrder(Ordered.HIGHEST_PRECEDENCE);
		registration.addUrlPatterns("/api/*");
		return registration;
	}

}
