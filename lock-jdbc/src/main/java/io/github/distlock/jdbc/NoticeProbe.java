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
import java.util.UUID;
import java.util.function.Consumer;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

/**
 * Whether release notices reach a listening connection, learnt rather than assumed: a
 * notice of its own, sent on the lock statements' connections, must come back on the
 * listening one. Behind a transaction pooler (PgBouncer in transaction mode)
 * {@code LISTEN} succeeds on a server connection the client does not keep, and nothing
 * ever comes back. A probe is sent when the connection starts listening and every
 * {@link #INTERVAL} after, whatever came back meanwhile; one that has not come back
 * {@link #ECHO_WAIT} after it was sent is missed. One per listening connection, used by
 * its thread only.
 */
final class NoticeProbe {

	private static final Log logger = LogFactory.getLog(NoticeProbe.class);

	/** How often a listening connection is probed. */
	static final Duration INTERVAL = Duration.ofSeconds(5);

	/** How long a probe may take to come back, after its statement returned. */
	static final Duration ECHO_WAIT = Duration.ofSeconds(2);

	/**
	 * Never a lock's name, which holds a colon after the key prefix; unique to this
	 * probe.
	 */
	private final String prefix = "distlock-probe-" + UUID.randomUUID() + "-";

	private final Consumer<String> sender;

	private long sent;

	private @Nullable String awaited;

	private long sentAt;

	private long nextAt;

	/**
	 * Creates the probe of a connection that starts listening: one is due at once.
	 * @param sender sends a notice with the given payload on the listened channel, on
	 * another connection than the listening one
	 */
	NoticeProbe(Consumer<String> sender) {
		this.sender = sender;
		this.nextAt = System.nanoTime();
	}

	/**
	 * Sends a probe if one is due; one that could not be sent counts as not come back.
	 */
	void sendIfDue(long now) {
		if (now - this.nextAt < 0) {
			return;
		}
		String payload = this.prefix + (++this.sent);
		this.awaited = payload;
		try {
			this.sender.accept(payload);
		}
		catch (RuntimeException ex) {
			logger.debug("Could not send a probe of release notices", ex);
		}
		this.sentAt = System.nanoTime();
		this.nextAt = this.sentAt + INTERVAL.toNanos();
	}

	/** Whether a notice's payload is the probe awaited, which has then come back. */
	boolean cameBack(String payload) {
		if (payload.equals(this.awaited)) {
			this.awaited = null;
			return true;
		}
		return false;
	}

	/**
	 * Whether the probe awaited has not come back in time; it is then no longer awaited.
	 */
	boolean missed(long now) {
		if (this.awaited != null && now - this.sentAt > ECHO_WAIT.toNanos()) {
			this.awaited = null;
			return true;
		}
		return false;
	}

}
