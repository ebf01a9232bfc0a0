package io.crony.web.audit;

/**
 * Who made a change.
 *
 * @param type the kind of actor
 * @param id the user's or the service token's id; null for an anonymous actor
 * @param name the user name, {@code token:<name>} for a service token; for a failed
 * sign-in the name tried
 */
public record Actor(ActorType type, Long id, String name) {

	public static Actor user(long id, String name) {
		return new Actor(ActorType.USER, id, name);
	}

	public static Actor token(long id, String name) {
		return new Actor(ActorType.TOKEN, id, name);
	}

	public static Actor anonymous(String name) {
		return new Actor(ActorType.ANONYMOUS, null, name);
	}

}
