package io.crony.web.ui;

import java.io.IOException;

import org.springframework.context.annotation.Configuration;
import org.springframework.core.io.ClassPathResource;
import org.springframework.core.io.Resource;
import org.springframework.web.servlet.config.annotation.ResourceHandlerRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;
import org.springframework.web.servlet.resource.PathResourceResolver;

/**
 * Serves the built dashboard from {@code classpath:/static/}. The dashboard routes in the
 * browser, so a path like {@code /jobs/42} that names no file gets {@code index.html};
 * server paths (API, actuator, API docs) never do, so an unknown API path stays a 404.
 */
@Configuration(proxyBeanMethods = false)
class DashboardConfiguration implements WebMvcConfigurer {

	private static final String[] SERVER_PATHS = { "api/", "actuator/", "v3/", "swagger-ui" };

	@Override
	public void addResourceHandlers(ResourceHandlerRegistry registry) {
		registry.addResourceHandler("/**")
			.addResourceLocations("classpath:/static/")
			.resourceChain(true)
			.addResolver(new IndexFallbackResolver());
	}

	private static final class IndexFallbackResolver extends PathResourceResolver {

		@Override
		protected Resource getResource(String resourcePath, Resource location) throws IOException {
			Resource file = location.createRelative(resourcePath);
			if (file.exists() && file.isReadable()) {
				return file;
			}
			for (String serverPath : SERVER_PATHS) {
				if (resourcePath.startsWith(serverPath)) {
					return null;
				}
			}
			Resource index = new ClassPathResource("static/index.html");
			return index.exists() ? index : null;
		}

	}

}
