package io.github.distlock.redis;

import org.springframework.dao.DataAccessResourceFailureException;

/**
 * Fewer than a quorum of the Redlock nodes answered a call in time, so it has no answer; the
 * message names each node that did not and why.
 *
 * @since 0.1.0
 */
public class RedlockQuorumException extends DataAccessResourceFailureException {

	/**
	 * Creates the exception.
	 * @param message what was asked and which nodes failed
	 */
	public RedlockQuorumException(String message) {
		super(message);
	}

	/**
	 * Creates the exception.
	 * @param message what was asked
	 * @param cause why no answer came
	 */
	public RedlockQuorumException(String message, Throwable cause) {
		super(message, cause);
	}

}
