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

package io.github.distlock.redis;

import java.time.Duration;

/**
 * How many replicas must confirm a lock before its acquisition is granted, or its renewal
 * counted, and how long they have to: Redis's {@code WAIT numreplicas timeout} after the
 * acquire or renewal script, on the connection to the master that ran it. See the package
 * documentation.
 *
 * @param replicas how many replicas must have the lock; 0 turns acknowledgement off
 * @param timeout how long to wait for them; positive
 * @since 0.1.0
 */
public record ReplicaAcknowledgement(int replicas, Duration timeout) {

	/** No acknowledgement: a lock is granted as soon as the master took it. */
	public static final ReplicaAcknowledgement NONE = new ReplicaAcknowledgement(0, Duration.ofMillis(1));

	public ReplicaAcknowledgement {
		if (replicas < 0) {
			throw new IllegalArgumentException(
					"The number of replicas to acknowledge a lock must not be negative, but was " + replicas
							+ "; 0 turns acknowledgement off");
		}
		if (timeout.isNegative() || timeout.toMillis() < 1) {
			throw new IllegalArgumentException("The timeout of a replica acknowledgement must be at least 1ms, but was "
					+ timeout + " (Redis's WAIT takes whole milliseconds, and 0 would wait for ever)");
		}
	}

	/** Whether acquisitions wait for replicas. */
	public boolean isEnabled() {
		return this.replicas > 0;
	}

}
