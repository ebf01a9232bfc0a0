package io.crony.web.audit;

import java.util.Optional;

/**
 * Who is making the current request, as the security feature knows it (it implements
 * this, so the audit log does not depend on it).
 */
public interface ActorSource {

	/** The actor of the current request; empty when nobody is signed in. */
	Optional<Actor> current();

	/** The department the current request works in; empty when there is none. */
	Optional<Long> department();

}
