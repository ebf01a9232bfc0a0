package io.crony.web.api;

import java.util.Set;
import java.util.TreeSet;

import jakarta.servlet.DispatcherType;
import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.http.HttpServletRequest;

import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.http.server.PathContainer;
import org.springframework.http.server.RequestPath;
import org.springframework.stereotype.Component;
import org.springframework.web.servlet.mvc.condition.PathPatternsRequestCondition;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;

/**
 * The methods a path answers, as a 405's {@code Allow} header lists them: those its
 * routes declare, HEAD with GET, and OPTIONS. Asked for a request the firewall turned
 * away for its method, before Spring MVC could answer 405 itself.
 */
@Component
public class DeclaredMethods {

	/** What a path no route declares answers: the dashboard and static files. */
	private static final Set<String> STATIC = Set.of("GET", "HEAD", "OPTIONS");

	private final RequestMappingHandlerMapping routes;

	DeclaredMethods(@Qualifier("requestMappingHandlerMapping") RequestMappingHandlerMapping routes) {
		this.routes = routes;
	}

	/**
	 * @param request a request, or the error dispatch of one (the container answers TRACE
	 * itself, then dispatches to its error page: the path asked is the original)
	 * @return the methods, sorted
	 */
	public Set<String> of(HttpServletRequest request) {
		Object original = request.getAttribute(RequestDispatcher.ERROR_REQUEST_URI);
		String uri = (request.getDispatcherType() == DispatcherType.ERROR && original instanceof String asked) ? asked
				: request.getRequestURI();
		PathContainer path = RequestPath.parse(uri, request.getContextPath()).pathWithinApplication();
		Set<String> methods = new TreeSet<>();
		this.routes.getHandlerMethods().keySet().forEach((route) -> {
			PathPatternsRequestCondition paths = route.getPathPatternsCondition();
			if (paths != null && paths.getPatterns().stream().anyMatch((pattern) -> pattern.matches(path))) {
				route.getMethodsCondition().getMethods().forEach((method) -> methods.add(method.name()));
			}
		});
		if (methods.isEmpty()) {
			return new TreeSet<>(STATIC);
		}
		if (methods.contains("GET")) {
			methods.add("HEAD");
		}
		methods.add("OPTIONS");
		return methods;
	}

}
