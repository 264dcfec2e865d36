package io.github.distlock.redis;

/**
 * Fewer replicas than required confirmed a lock in time after the master took it, so a failover
 * could have lost it; it was released, and the acquisition is not granted.
 *
 * @since 0.1.0
 */
public final class ReplicaAcknowledgementException extends RuntimeException {

	ReplicaAcknowledgementException(String message) {
		super(message);
	}

}
