package io.crony.web.audit;

/**
 * Who made a change: a signed-in user, or nobody signed in (a failed sign-in). An API
 * token of its own (a service account) is a third kind to come.
 */
public enum ActorType {

	USER, ANONYMOUS

}
