package io.github.distlock.redis;

/**
 * Fewer replicas than required confirmed a lock in time after the master took it, or the
 * connection to the master dropped before they did, so a failover could have lost it; it is
 * released, and the acquisition is not granted. A renewal that fails so is tried again.
 *
 * @since 0.1.0
 */
public final class ReplicaAcknowledgementException extends RuntimeException {

	ReplicaAcknowledgementException(String message) {
		super(message);
	}

}
