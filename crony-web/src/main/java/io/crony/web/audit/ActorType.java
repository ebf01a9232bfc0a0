package io.crony.web.audit;

/**
 * Who made a change: a signed-in user, a machine with a service-account token, or nobody
 * signed in (a failed sign-in).
 */
public enum ActorType {

	USER, TOKEN, ANONYMOUS

}
