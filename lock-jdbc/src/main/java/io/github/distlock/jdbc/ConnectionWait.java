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

package io.github.distlock.jdbc;

import java.time.Duration;

/**
 * How long a lock call waits for a connection from the data source, and what set that,
 * for the message of a call that got none: {@code distlock.jdbc.timeout}, or the shorter
 * wait of a caller acquiring a lock.
 *
 * @param millis how long, at least 1 ms
 * @param setBy what set it
 */
record ConnectionWait(long millis, String setBy) {

	/** The wait of every call: the statement timeout. */
	static ConnectionWait timeout(Duration timeout) {
		return new ConnectionWait(timeout.toMillis(), "distlock.jdbc.timeout");
	}

	/**
	 * The wait of an acquire: no longer than its caller will wait for the lock, when it
	 * will.
	 * @param willWait how long the caller will wait for the lock, zero when it will not
	 * @return this wait, or a shorter one
	 */
	ConnectionWait within(Duration willWait) {
		if (willWait.isNegative() || willWait.isZero() || willWait.toMillis() >= this.millis) {
			return this;
		}
		return new ConnectionWait(Math.max(1, willWait.toMillis()),
				"the caller's wait for the lock, shorter than " + this.setBy);
	}

	@Override
	public String toString() {
		return this.millis + " ms (" + this.setBy + ")";
	}

}
