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

package io.github.distlock.store;

/**
 * The answer of {@link Locker#renew} for one lock.
 *
 * @param renewed whether the owner still held the lock, so its lease was set
 * @param othersWaiting whether other processes wait for the lock, so it should soon go
 * back to the store for them to take
 * @param answered whether the store answered for this lock: a store that sends one batch
 * to several servers (a Redis Cluster's masters) may hear from some and not from others;
 * a lock unanswered may or may not have had its lease set, and its renewal is tried again
 * @since 0.1.0
 */
public record Renewal(boolean renewed, boolean othersWaiting, boolean answered) {

	/** Renewed, and no other process waits. */
	public static final Renewal RENEWED = new Renewal(true, false, true);

	/** Renewed, and another process waits. */
	public static final Renewal RENEWED_OTHERS_WAITING = new Renewal(true, true, true);

	/** The owner no longer held the lock. */
	public static final Renewal LOST = new Renewal(false, false, true);

	/** The store did not answer for this lock, though it did for others of the batch. */
	public static final Renewal UNANSWERED = new Renewal(false, false, false);

	/**
	 * Returns the answer for a lock that was renewed.
	 * @param othersWaiting whether other processes wait for it
	 * @return the renewal
	 */
	public static Renewal renewed(boolean othersWaiting) {
		return othersWaiting ? RENEWED_OTHERS_WAITING : RENEWED;
	}

}
