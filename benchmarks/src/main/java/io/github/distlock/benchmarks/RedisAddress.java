package io.github.distlock.benchmarks;

import java.time.Duration;

import io.lettuce.core.RedisURI;

/**
 * Where the Redis server under load listens.
 *
 * @param host the host name or address
 * @param port the port
 */
record RedisAddress(String host, int port) {

	/** Command timeout of every connection the harness opens. */
	static final Duration COMMAND_TIMEOUT = Duration.ofSeconds(2);

	/**
	 * Parses {@code host:port}.
	 * @param value the address
	 * @return the parsed address
	 */
	static RedisAddress parse(String value) {
		int colon = value.lastIndexOf(':');
		if (colon <= 0 || colon == value.length() - 1) {
			throw new IllegalArgumentException("Redis address must be host:port, was '" + value + "'");
		}
		return new RedisAddress(value.substring(0, colon), Integer.parseInt(value.substring(colon + 1)));
	}

	/**
	 * Returns the address as a Lettuce URI with the harness's command timeout.
	 * @return the URI
	 */
	RedisURI uri() {
		return RedisURI.builder().withHost(this.host).withPort(this.port).withTimeout(COMMAND_TIMEOUT).build();
	}

	@Override
	public String toString() {
		return this.host + ":" + this.port;
	}

}
