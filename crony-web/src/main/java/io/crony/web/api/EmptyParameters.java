package io.crony.web.api;

import java.beans.PropertyDescriptor;
import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;

import io.crony.web.error.FieldErrorCode;
import io.crony.web.error.FieldProblem;
import io.crony.web.error.InvalidRequestException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springdoc.core.annotations.ParameterObject;

import org.springframework.beans.BeanUtils;
import org.springframework.core.DefaultParameterNameDiscoverer;
import org.springframework.core.MethodParameter;
import org.springframework.core.ParameterNameDiscoverer;
import org.springframework.core.ResolvableType;
import org.springframework.web.bind.annotation.ModelAttribute;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.method.HandlerMethod;
import org.springframework.web.servlet.HandlerInterceptor;

/**
 * Refuses an empty query parameter ({@code ?size=}, {@code ?to=}) that binds to anything
 * but text: Spring would read it as absent and answer with the default, so a client that
 * lost a value on the way would never know. A 400 names each such parameter. Text
 * parameters may be empty (an empty search is a search); an absent parameter keeps its
 * default. Ranges of values are each parameter's own rules, not this one's.
 */
public final class EmptyParameters implements HandlerInterceptor {

	private static final ParameterNameDiscoverer NAMES = new DefaultParameterNameDiscoverer();

	private final Map<Method, Set<String>> typedByHandler = new ConcurrentHashMap<>();

	@Override
	public boolean preHandle(HttpServletRequest request, HttpServletResponse response, Object handler) {
		if (!(handler instanceof HandlerMethod method)) {
			return true;
		}
		Set<String> typed = this.typedByHandler.computeIfAbsent(method.getMethod(), (key) -> typed(method));
		List<FieldProblem> problems = new ArrayList<>();
		new TreeSet<>(request.getParameterMap().keySet()).forEach((name) -> {
			String[] values = request.getParameterValues(name);
			if (typed.contains(name) && values != null && List.of(values).stream().allMatch(String::isBlank)) {
				problems.add(FieldProblem.of(name, "is empty; give a value or leave the parameter out",
						FieldErrorCode.EMPTY_PARAMETER));
			}
		});
		if (!problems.isEmpty()) {
			throw new InvalidRequestException(problems);
		}
		return true;
	}

	/** The names of the handler's query parameters that bind to something but text. */
	static Set<String> typed(HandlerMethod method) {
		Set<String> names = new TreeSet<>();
		for (MethodParameter parameter : method.getMethodParameters()) {
			RequestParam param = parameter.getParameterAnnotation(RequestParam.class);
			if (param != null) {
				// a copy: the handler's own parameters get their discoverer from Spring
				// MVC
				MethodParameter named = parameter.clone();
				named.initParameterNameDiscovery(NAMES);
				String name = !param.name().isEmpty() ? param.name() : named.getParameterName();
				if (name != null && !Map.class.isAssignableFrom(parameter.getParameterType())
						&& !isText(ResolvableType.forMethodParameter(parameter))) {
					names.add(name);
				}
			}
			else if (parameter.hasParameterAnnotation(ParameterObject.class)
					|| parameter.hasParameterAnnotation(ModelAttribute.class)) {
				names.addAll(typedFields(parameter.getParameterType()));
			}
		}
		return Set.copyOf(names);
	}

	/** Fields of a bound object that are not text: constructor parameters and setters. */
	private static Set<String> typedFields(Class<?> type) {
		Set<String> names = new TreeSet<>();
		Constructor<?> constructor = BeanUtils.getResolvableConstructor(type);
		String[] parameterNames = (constructor.getParameterCount() > 0) ? BeanUtils.getParameterNames(constructor)
				: new String[0];
		for (int i = 0; i < parameterNames.length; i++) {
			if (!isText(ResolvableType.forConstructorParameter(constructor, i))) {
				names.add(parameterNames[i]);
			}
		}
		for (PropertyDescriptor property : BeanUtils.getPropertyDescriptors(type)) {
			if (property.getWriteMethod() != null
					&& !isText(ResolvableType.forMethodParameter(property.getWriteMethod(), 0))) {
				names.add(property.getName());
			}
		}
		return names;
	}

	/** Text, or a list or optional of text. */
	private static boolean isText(ResolvableType type) {
		Class<?> raw = type.toClass();
		if (Collection.class.isAssignableFrom(raw) || Optional.class == raw) {
			return isText(type.getGeneric(0));
		}
		if (raw.isArray()) {
			return isText(type.getComponentType());
		}
		return CharSequence.class.isAssignableFrom(raw);
	}

}
