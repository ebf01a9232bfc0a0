package io.crony.sdk.spring;

import java.lang.reflect.Method;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;

import org.springframework.aop.support.AopUtils;
import org.springframework.beans.factory.BeanInitializationException;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.core.MethodIntrospector;
import org.springframework.core.annotation.AnnotatedElementUtils;

/**
 * Finds the {@link CronyJob} methods of every bean as it is initialized and routes runs
 * to them by name. Two handlers with one name stop the application at start.
 */
public final class CronyJobRegistry implements BeanPostProcessor {

	private final Map<String, JobHandler> handlers = new ConcurrentHashMap<>();

	private final Map<String, JobHandler> statuses = new ConcurrentHashMap<>();

	@Override
	public Object postProcessAfterInitialization(Object bean, String beanName) {
		Class<?> type = AopUtils.getTargetClass(bean);
		Map<Method, CronyJob> methods = MethodIntrospector.selectMethods(type,
				(MethodIntrospector.MetadataLookup<CronyJob>) (method) -> AnnotatedElementUtils
					.findMergedAnnotation(method, CronyJob.class));
		methods.forEach((method, annotation) -> register(annotation, bean,
				AopUtils.selectInvocableMethod(method, bean.getClass())));
		Map<Method, CronyJobStatus> statusMethods = MethodIntrospector.selectMethods(type,
				(MethodIntrospector.MetadataLookup<CronyJobStatus>) (method) -> AnnotatedElementUtils
					.findMergedAnnotation(method, CronyJobStatus.class));
		statusMethods.forEach((method, annotation) -> registerStatus(annotation, bean,
				AopUtils.selectInvocableMethod(method, bean.getClass())));
		return bean;
	}

	private void registerStatus(CronyJobStatus annotation, Object bean, Method method) {
		String name = annotation.value();
		if (name.isBlank() || name.contains("/")) {
			throw new BeanInitializationException(
					"@CronyJobStatus name \"" + name + "\" on " + method + " must be non-blank and contain no '/'");
		}
		if (!JobStatus.class.isAssignableFrom(method.getReturnType())) {
			throw new BeanInitializationException("@CronyJobStatus method " + method + " must return JobStatus");
		}
		JobHandler handler = new JobHandler(name, false, bean, method);
		JobHandler previous = this.statuses.putIfAbsent(name, handler);
		if (previous != null) {
			throw new BeanInitializationException("Two @CronyJobStatus methods named \"" + name + "\": "
					+ previous.source() + " and " + handler.source());
		}
	}

	/** The status method named {@code name}. */
	Optional<JobHandler> findStatus(String name) {
		return Optional.ofNullable(this.statuses.get(name));
	}

	/** The registered status method names, sorted. */
	public Set<String> statusNames() {
		return new TreeSet<>(this.statuses.keySet());
	}

	private void register(CronyJob annotation, Object bean, Method method) {
		String name = annotation.value();
		if (name.isBlank() || name.contains("/")) {
			throw new BeanInitializationException(
					"@CronyJob name \"" + name + "\" on " + method + " must be non-blank and contain no '/'");
		}
		JobHandler handler = new JobHandler(name, annotation.async(), bean, method);
		JobHandler previous = this.handlers.putIfAbsent(name, handler);
		if (previous != null) {
			throw new BeanInitializationException(
					"Two @CronyJob handlers named \"" + name + "\": " + previous.source() + " and " + handler.source());
		}
	}

	/** The handler named {@code name}. */
	Optional<JobHandler> find(String name) {
		return Optional.ofNullable(this.handlers.get(name));
	}

	/** The registered handler names, sorted. */
	public Set<String> names() {
		return new TreeSet<>(this.handlers.keySet());
	}

}
