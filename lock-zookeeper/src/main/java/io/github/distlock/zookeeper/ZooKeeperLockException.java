package io.github.distlock.zookeeper;

/**
 * ZooKeeper could not be reached, or refused a lock's operation, within the client's timeouts.
 *
 * @since 0.1.0
 */
public class ZooKeeperLockException extends RuntimeException {

	/**
	 * Creates an exception.
	 * @param message what failed, on which lock
	 * @param cause ZooKeeper's or Curator's exception
	 */
	public ZooKeeperLockException(String message, Throwable cause) {
		super(message, cause);
	}

}
