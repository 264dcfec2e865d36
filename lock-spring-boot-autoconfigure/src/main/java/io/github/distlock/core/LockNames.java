package io.github.distlock.core;

/**
 * The name of a lock, for tags of metrics and observations: the part of its identity before the
 * first {@code ':'} ({@code goods} of {@code goods:42}), never its key, whose values are unbounded.
 *
 * @since 0.1.0
 */
public final class LockNames {

	/** The name of a lock whose identity has no {@code ':'}. */
	public static final String UNNAMED = "unnamed";

	private LockNames() {
	}

	/**
	 * Returns the lock's name.
	 * @param key the lock's identity
	 * @return the part before the first {@code ':'}, or {@link #UNNAMED}
	 */
	public static String nameOf(String key) {
		int colon = key.indexOf(':');
		return (colon > 0) ? key.substring(0, colon) : UNNAMED;
	}

}
