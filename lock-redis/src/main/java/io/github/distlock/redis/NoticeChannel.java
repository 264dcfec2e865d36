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
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * One lock's notice channel while this locker has subscriptions to it (package
 * documentation, "Release notices"): how many, and whether the server confirmed or
 * refused the channel. The counts and states are guarded by {@link NoticeChannels}'
 * mutex; the confirmation is a future that a subscriber waits on without it.
 */
final class NoticeChannel {

	enum State {

		PENDING, CONFIRMED, REFUSED

	}

	private final String key;

	private final String name;

	private final CompletableFuture<Void> confirmation = new CompletableFuture<>();

	int subscriptions;

	State state = State.PENDING;

	/**
	 * Whether the server ever confirmed the channel, so that a later confirmation is a
	 * resumption.
	 */
	boolean confirmedBefore;

	/**
	 * Whether a subscriber stopped waiting for the first answer: its waiter then looks
	 * again at short intervals, and the confirmation, when it comes, tells it to look at
	 * once.
	 */
	private volatile boolean awaitedInVain;

	NoticeChannel(String key, String name) {
		this.key = key;
		this.name = name;
	}

	String key() {
		return this.key;
	}

	String name() {
		return this.name;
	}

	/**
	 * The server confirmed or refused the channel: a first subscriber waits no longer.
	 */
	void answered() {
		this.confirmation.complete(null);
	}

	/**
	 * Whether a confirmation now is news to a waiter: the channel was confirmed before,
	 * or waited for in vain.
	 */
	boolean confirmationResumes() {
		return this.confirmedBefore || this.awaitedInVain;
	}

	/** Waits for the server's first answer on the channel, at most {@code timeout}. */
	void awaitAnswer(Duration timeout) {
		try {
			this.confirmation.get(timeout.toNanos(), TimeUnit.NANOSECONDS);
		}
		catch (TimeoutException | ExecutionException ex) {
			// Not confirmed yet: the subscription is not active, and its waiter looks
			// again soon.
			this.awaitedInVain = true;
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

}
