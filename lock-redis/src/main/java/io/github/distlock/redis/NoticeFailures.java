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

import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantLock;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

import org.springframework.core.NestedExceptionUtils;

/**
 * Warns of release notices that cannot reach this process, once for each kind of failure
 * in a row, so that a retry every few seconds, or a refusal per waiter, does not flood
 * the log.
 */
final class NoticeFailures {

	private static final Log logger = LogFactory.getLog(RedisReleaseNotices.class);

	private final String channels;

	private final Lock mutex = new ReentrantLock();

	/** The kind of failure last warned of, {@code null} once connected or confirmed. */
	private @Nullable String reported;

	/**
	 * @param channels the pattern of the lock channels, as an ACL grants them
	 */
	NoticeFailures(String channels) {
		this.channels = channels;
	}

	void connected() {
		this.mutex.lock();
		try {
			if (this.reported != null) {
				logger.info("Release notices can be subscribed again");
				this.reported = null;
			}
		}
		finally {
			this.mutex.unlock();
		}
	}

	void connectionFailed(RuntimeException ex) {
		report("failed", ex, "Release notices are not subscribed yet (%s); waiters poll locks instead of being "
				+ "told until the connection for them opens");
	}

	void refused(Throwable ex) {
		report("refused", ex,
				"Release notices are off: the Redis user may not subscribe to the lock channels '" + this.channels
						+ "' (%s). Waiters poll locks instead of being told. Grant the channels to the user, "
						+ "for example with 'ACL SETUSER <user> &" + this.channels + "'.");
	}

	private void report(String kind, Throwable ex, String warning) {
		Throwable cause = NestedExceptionUtils.getMostSpecificCause(ex);
		String description = (cause.getMessage() != null) ? cause.getMessage() : cause.getClass().getName();
		this.mutex.lock();
		try {
			if (kind.equals(this.reported)) {
				logger.debug("Release notices are still not subscribed", ex);
				return;
			}
			this.reported = kind;
		}
		finally {
			this.mutex.unlock();
		}
		logger.warn(String.format(warning, description));
	}

}
