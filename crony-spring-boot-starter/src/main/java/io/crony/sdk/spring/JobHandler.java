package io.crony.sdk.spring;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.function.Function;

import org.springframework.util.ReflectionUtils;

/**
 * A {@link CronyJob} method bound to its bean, with how each of its parameters is filled
 * from the run.
 */
final class JobHandler {

	private final String name;

	private final boolean async;

	private final Object bean;

	private final Method method;

	private final Function<JobContext, Object>[] arguments;

	@SuppressWarnings("unchecked")
	JobHandler(String name, boolean async, Object bean, Method method) {
		this.name = name;
		this.async = async;
		this.bean = bean;
		this.method = method;
		this.arguments = Arrays.stream(method.getParameterTypes())
			.map(JobHandler::argumentFor)
			.toArray(Function[]::new);
		ReflectionUtils.makeAccessible(method);
	}

	private static Function<JobContext, Object> argumentFor(Class<?> type) {
		if (type == JobContext.class) {
			return (context) -> context;
		}
		if (type == String.class) {
			return JobContext::params;
		}
		return (context) -> context.params(type);
	}

	String name() {
		return this.name;
	}

	boolean async() {
		return this.async;
	}

	/** Where the handler is declared, for messages. */
	String source() {
		return this.method.getDeclaringClass().getName() + "." + this.method.getName();
	}

	/**
	 * Calls the method.
	 * @return what it returned
	 * @throws Throwable what it threw
	 */
	Object invoke(JobContext context) throws Throwable {
		Object[] args = new Object[this.arguments.length];
		for (int i = 0; i < args.length; i++) {
			args[i] = this.arguments[i].apply(context);
		}
		try {
			return this.method.invoke(this.bean, args);
		}
		catch (InvocationTargetException ex) {
			throw ex.getTargetException();
		}
	}

}
