package io.crony.sdk;

/**
 * What a {@link CronyClient} throws: {@link CronyRefusedException} when crony-web
 * answered with a refusal, {@link CronyRequestException} when no answer came back.
 */
public abstract sealed class CronyException extends RuntimeException
		permits CronyRefusedException, CronyRequestException {

	CronyException(String message, Throwable cause) {
		super(message, cause);
	}

}
