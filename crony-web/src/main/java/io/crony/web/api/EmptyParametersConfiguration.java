package io.crony.web.api;

import org.springframework.context.annotation.Configuration;
import org.springframework.web.servlet.config.annotation.InterceptorRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/** The API's rule on empty query parameters ({@link EmptyParameters}). */
@Configuration(proxyBeanMethods = false)
class EmptyParametersConfiguration implements WebMvcConfigurer {

	@Override
	public void addInterceptors(InterceptorRegistry registry) {
		registry.addInterceptor(new EmptyParameters()).addPathPatterns("/api/**");
	}

}
