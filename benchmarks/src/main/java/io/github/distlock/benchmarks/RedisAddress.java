/*
 * Copyright 2026-present the original author or authors.
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *      https://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.

 */

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
