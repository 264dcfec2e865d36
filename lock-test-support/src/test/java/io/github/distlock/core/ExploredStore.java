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

package io.github.distlock.core;

import org.jspecify.annotations.Nullable;

import io.github.distlock.store.Locker;

/**
 * A store as the exploration drives it: a locker per simulated process, and the truth
 * about who owns each lock, read without time passing, to check the protocol's invariants
 * against.
 */
interface ExploredStore {

	/**
	 * The locker of a new client process of the store.
	 * @param name the process's name
	 * @return its locker, which also names the process to the simulation's {@code at}
	 */
	Locker process(String name);

	/**
	 * The owner token the store holds for {@code key} now, or {@code null} when the lock
	 * is free.
	 */
	@Nullable String ownerAt(String key);

	/**
	 * When (virtual) the client of the lock's current owner sent the command that took
	 * it, after connecting or loading what it had to: the store's lease counts from no
	 * sooner.
	 * @throws IllegalStateException when the lock is free
	 */
	long acquireSentAt(String key);

	/**
	 * Since when the named process has not worked on {@code key} in the store: the later
	 * of {@code since} and the end of its last call on the key (to take, release, renew
	 * or fence it, or its thread at the store's wait for the confirmation of the key's
	 * subscription, after which it attempts again at once); now while one is under way.
	 */
	long idleSince(String key, String process, long since);

	/**
	 * How many subscriptions to release notices the store counts, of every process and
	 * key.
	 */
	int subscriptions();

	/**
	 * Whether the lock was last freed without a release notice: its lease ran out, the
	 * store lost it, or it was released when the store knew of no waiter (a failover lost
	 * their marks). A waiter elsewhere then looks again only when the lease it was told
	 * at its last busy answer runs out, which a later renewal may have shortened.
	 */
	boolean freedWithoutNotice(String key);

	/**
	 * Whether a session store's queue keeps the free lock for a waiter of another process
	 * than the one that gave it way, as ZooKeeper's lowest node does: that waiter's
	 * process takes it, or stops waiting (its wait ends, it closes its subscription, its
	 * session ends).
	 */
	boolean queuedFor(String key);

	/**
	 * Whether the faults of this run may take a lock from its owner in the store without
	 * the owner being able to know (a failover to a replica that lost the write, a clock
	 * stepped beyond the allowance): then only the bounds are checked, not exclusion.
	 */
	boolean mayBreakExclusion();

	/**
	 * The longest a store call can take before the client gives up on it (its command
	 * timeout).
	 */
	long longestCallNanos();

	/**
	 * Whether every call of this run is answered within a few milliseconds and nothing is
	 * lost: then a holding is never lost before its own lease ends (invariants 3 and 4).
	 */
	boolean answersInTime();

	/** The longest the store takes to confirm a subscription to release notices. */
	long longestConfirmationNanos();

	/**
	 * The longest a busy answer tells a waiter to sleep when it is not told of the
	 * release: the holder's lease left, or a store's own re-check when it cannot tell the
	 * lease.
	 */
	long longestBusySleepNanos();

	/** Whether release notices may be lost while a subscription still looks active. */
	boolean mayLoseNotices();

}
