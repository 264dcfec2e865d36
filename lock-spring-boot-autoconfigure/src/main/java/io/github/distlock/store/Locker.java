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

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * A lock store: the few atomic operations that distlock needs, each one round trip (a
 * batch of renewals included).
 *
 * <p>
 * Owners are opaque tokens chosen by the caller; a store compares them, and reads nothing
 * in them but the process that minted them ({@link #processOf}). One owner token stands
 * for this process's claim on a lock for as long as the lock stays in the process,
 * however many local holders it passes through (see the package documentation).
 *
 * <p>
 * Every operation gives the same answer when the store runs it twice, as a client that
 * re-sends a command whose reply was lost makes it do: an acquire that finds the lock
 * held by its own owner has acquired it, a release that finds it gone reports
 * {@link Release#GONE}, a renewal renews again. Methods throw the store's own runtime
 * exceptions when it cannot be reached.
 *
 * @since 0.1.0
 */
public interface Locker {

	/**
	 * How often a waiter looks at a busy lock again when its store sends no release
	 * notices ({@link #sendsReleaseNotices()}) or they are not active: a store without
	 * notices leaves a lock given way for longer than this, so that a waiting process
	 * looks within the window.
	 */
	Duration LOOK_AGAIN_WITHOUT_NOTICES = Duration.ofMillis(200);

	/**
	 * The process that minted an owner token: one template, so one application context. A
	 * store that tells this process's waiters from other processes' (to answer that
	 * others wait, or to leave a lock given way to them) keys them by it, so that two
	 * templates over one locker are two processes to each other, as they are to everyone
	 * else.
	 * @param owner an owner token
	 * @param otherwise the process of a token not minted by a template (a test's): the
	 * store's own
	 * @return the process's part of the token, or {@code otherwise}
	 */
	static String processOf(String owner, String otherwise) {
		int end = owner.indexOf(':');
		return (end > 0) ? owner.substring(0, end) : otherwise;
	}

	/**
	 * Takes the lock if it is free or already held by {@code owner}.
	 * @param key the lock's identity
	 * @param owner the new owner's token
	 * @param lease how long the lock lives unless renewed or released; a store may count
	 * it in whole milliseconds, rounded down to no less than one, and the caller counts
	 * on no more
	 * @param willWait how long the caller will wait if the lock is busy (zero if it will
	 * not), so that the store publishes a release notice while it waits and tells the
	 * holder's process that others wait
	 * @return whether the lock was taken, or the time left on the holder's lease (or,
	 * right after this process gave the lock way, on the give-way)
	 * <p>
	 * Waiters, as the store contract checks them: a busy answer to a caller that will
	 * wait marks the lock as awaited by the caller's process ({@link #processOf}) for as
	 * long as it will wait; one mark stands for every waiting process, so a store may
	 * keep one per lock or one per process. A renewal by the holder's process answers
	 * {@link Renewal#othersWaiting} while another process's mark lasts (never for the
	 * holder's own process), a release or give-way clears the marks, and a lock given way
	 * is left to the processes that waited for at most their wait.
	 */
	Acquisition tryAcquire(String key, String owner, Duration lease, Duration willWait);

	/**
	 * Deletes the lock if {@code owner} still holds it, and notifies waiters.
	 * @param key the lock's identity
	 * @param owner the owner's token
	 * @return whether it was released, already gone, or held by another owner
	 */
	Release release(String key, String owner);

	/**
	 * Deletes the lock if {@code owner} still holds it, to let waiters of other processes
	 * take it after this process kept it for a while, and leaves it to them for a moment:
	 * it is not given to this process's next attempt until one of them has taken it, or
	 * the window ends (longer than {@link #LOOK_AGAIN_WITHOUT_NOTICES} for a store
	 * without notices). A store whose waiters queue in order (ZooKeeper) hands it to the
	 * next waiter by releasing it. Without a window or a queue, this process's own
	 * waiters would take the lock back at once, and other processes would wait for ever;
	 * the store contract checks it.
	 * @param key the lock's identity
	 * @param owner the owner's token
	 * @return whether it was released, already gone, or held by another owner
	 */
	Release giveWay(String key, String owner);

	/**
	 * Sets the lease of every lock still held by its owner, counted from when the store
	 * runs the request: longer or shorter than before. A store sends a batch in as few
	 * round trips as it can.
	 * @param leases the locks, their owners and their new leases
	 * @return one answer per lease, in the same order
	 */
	List<Renewal> renew(List<LeaseRequest> leases);

	/**
	 * Mints a fencing token for the lock if {@code owner} still holds it: larger than
	 * every token minted for that lock before. A store that can lose its data (Redis
	 * restarting without it, or failing over) keeps that promise by basing tokens on its
	 * clock, as long as the clock does not step back (nor, after a failover, lag the old
	 * master's).
	 * @param key the lock's identity
	 * @param owner the owner's token
	 * @return the token (positive), or zero when {@code owner} no longer holds the lock
	 */
	long fence(String key, String owner);

	/**
	 * Registers a listener told the key of every lock that was released while someone
	 * waited for it and that this process has subscribed to ({@link #subscribe}), and
	 * told when a lock's notices reach this process again after a time in which they
	 * could not. Notices may be lost (while the store is unreachable), so waiters also
	 * retry when the holder's lease runs out. A store without notices
	 * ({@link #sendsReleaseNotices()}) keeps this default, which registers nothing.
	 * @param listener the listener
	 */
	default void onRelease(ReleaseListener listener) {
	}

	/**
	 * Registers a listener told when the store ends a claim of this process on its own,
	 * or may have, before its lease runs out (a ZooKeeper session that ended, or was
	 * disconnected for long), so that its holder learns at once that it lost the lock, as
	 * it would at a renewal, fixed lease or not. A store whose locks end only by lease or
	 * release never tells it; this default registers nothing.
	 * @param listener the listener
	 */
	default void onClaimLost(ClaimLossListener listener) {
	}

	/**
	 * Whether the store surely still keeps every claim of this process that it has not
	 * said lost ({@link #onClaimLost}), asked each time a holding is checked
	 * ({@code isHeld()}, a hand-off), so that a claim the store may have ended on its own
	 * is not held even before the store says so: a ZooKeeper session that the ensemble's
	 * leader has not confirmed for long (a paused process, a server cut off from the
	 * leader). A store whose locks end only by lease or release keeps them; this default
	 * answers {@code true}. It must answer at once, without a round trip. A locker that
	 * wraps another must ask the one it wraps.
	 * @return {@code false} once the store may have ended a claim of this process that it
	 * has not said lost
	 */
	default boolean keepsClaims() {
		return true;
	}

	/**
	 * Subscribes this process to the release notices of one lock, until the subscription
	 * is closed: its listeners are told of that lock's releases, and of no lock it has
	 * not subscribed to. A store counts the subscriptions of each lock, so closing one
	 * leaves the others open. It returns once the store confirmed the subscription, or
	 * after {@code confirmWithin} at most (then it is not active yet, and its waiter
	 * looks again at short intervals; a store that confirms it later tells its listeners
	 * {@link ReleaseListener#noticesResumed}); it does not throw when the store cannot be
	 * reached.
	 * <p>
	 * This default suits a store that tells every listener of every release: it
	 * subscribes to nothing, and is active while {@link #releaseNoticesActive()} is.
	 * @param key the lock's identity
	 * @param confirmWithin how long the caller may wait for the store's confirmation:
	 * what is left of its wait for the lock, so that subscribing never makes a caller
	 * wait longer than it asked
	 * @return the subscription, to close when nobody in this process waits for the lock
	 * any more
	 */
	default ReleaseSubscription subscribe(String key, Duration confirmWithin) {
		return this::releaseNoticesActive;
	}

	/**
	 * Reads the lock as the store keeps it, for operators asking who holds it; never used
	 * to lock.
	 * @param key the lock's identity
	 * @return its owner token and time to live, or empty when nobody holds it
	 * @throws UnsupportedOperationException when the store cannot tell
	 */
	default Optional<StoredLock> find(String key) {
		throw new UnsupportedOperationException(getClass().getName() + " cannot tell who holds a lock");
	}

	/**
	 * Asks the store for an answer, for health checks, within the client's own timeout.
	 * @throws RuntimeException the store's exception, when it does not answer
	 */
	default void ping() {
	}

	/**
	 * Whether this store sends release notices at all. One that does overrides
	 * {@link #onRelease} and answers {@code true}. One that does not (a database without
	 * {@code LISTEN}/{@code NOTIFY}) keeps this default and reports notices never active,
	 * so its waiters look again every {@link #LOOK_AGAIN_WITHOUT_NOTICES} by design;
	 * health checks do not count that as a fault. The default is the safe one: a store
	 * that sends notices but forgets to say so is slower, never stuck (with
	 * {@link #subscribe}'s default its waiters look again at that interval; with
	 * subscriptions of its own its health shows notices as none by design).
	 * @return {@code true} when the store sends release notices; by default {@code false}
	 */
	default boolean sendsReleaseNotices() {
		return false;
	}

	/**
	 * Whether release notices can be delivered to this process now, for health checks: a
	 * store with subscriptions answers whether it can subscribe and deliver, whether or
	 * not any lock is subscribed. Each waiter goes by its own
	 * {@link ReleaseSubscription#isActive()}.
	 * @return {@code true} unless the store knows that notices cannot reach this process;
	 * by default, whether it sends them at all
	 */
	default boolean releaseNoticesActive() {
		return sendsReleaseNotices();
	}

}
