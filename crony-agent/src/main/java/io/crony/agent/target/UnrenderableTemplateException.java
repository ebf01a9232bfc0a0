package io.crony.agent.target;

import io.crony.common.template.TemplateException;

/**
 * A target's text whose placeholders cannot be filled in (a job saved before crony-web
 * checked them, or written to etcd by hand): the attempt fails with this message, which
 * names the place, instead of calling with the placeholder unfilled.
 */
public final class UnrenderableTemplateException extends RuntimeException {

	private static final long serialVersionUID = 1L;

	UnrenderableTemplateException(String place, TemplateException cause) {
		super(place + ": " + cause.getMessage(), cause);
	}

}
