package io.github.distlock.redis.autoconfigure;

/**
 * The {@code distlock.redlock.*} settings cannot make a Redlock store.
 *
 * @since 0.1.0
 */
public class InvalidRedlockConfigurationException extends RuntimeException {

	private final String action;

	/**
	 * Creates the exception.
	 * @param message what is wrong
	 * @param action what to change
	 */
	public InvalidRedlockConfigurationException(String message, String action) {
		super(message);
		this.action = action;
	}

	/**
	 * Returns what to change.
	 * @return the action
	 */
	public String getAction() {
		return this.action;
	}

}
