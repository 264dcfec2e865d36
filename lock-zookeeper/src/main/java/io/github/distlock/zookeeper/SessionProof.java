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

package io.github.distlock.zookeeper;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.apache.curator.framework.CuratorFramework;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.Op;
import org.apache.zookeeper.ZooKeeper;
import org.jspecify.annotations.Nullable;

/**
 * How long the ensemble's leader surely keeps this process's session, proven by requests
 * that go through the leader (ZOOKEEPER.md, point f): claims are kept only until then,
 * whatever the server this client talks to says, and whatever events have not arrived
 * yet.
 *
 * <p>
 * A thread of its own sends a {@code multi} of one {@code check} (a follower passes it on
 * to the leader, which answers only while the session lives there) every sixth of the
 * session timeout, and every {@link #gap} while the session is not proven. The leader
 * keeps a session a whole timeout after it last heard of it; a follower tells it of a
 * session's requests when the leader pings it, every half {@code tickTime}. So when a
 * request answered at {@code a} is followed by another one, sent at least {@link #gap}
 * after {@code a} and answered, a ping exchange carrying the first one's touch reached
 * the leader before the second request: the session lives at least a timeout after the
 * first request was sent.
 */
final class SessionProof implements AutoCloseable {

	/** ZooKeeper's default {@code tickTime}. */
	static final Duration DEFAULT_TICK_TIME = Duration.ofSeconds(2);

	/**
	 * A proven session is proven again every sixth of its timeout, so that a healthy one
	 * never nears its bound.
	 */
	private static final int ROUNDS_PER_TIMEOUT = 6;

	/**
	 * Session timeouts shorter than this many ticks leave a proof too little time: warned
	 * of.
	 */
	private static final int SHORTEST_TIMEOUT_IN_TICKS = 4;

	private static final Log logger = LogFactory.getLog(SessionProof.class);

	private final CuratorFramework client;

	/**
	 * How long after one answer the next request is sent at least, so that the leader
	 * pinged the follower in between: three quarters of {@code tickTime}, half of it plus
	 * a quarter for delays.
	 */
	private final long gap;

	private final Runnable sessionEnded;

	private final ScheduledThreadPoolExecutor timer;

	/**
	 * Answered requests of {@link #contactSession}, oldest first; only the timer's thread
	 * uses them.
	 */
	private final Deque<Contact> contacts = new ArrayDeque<>();

	private long contactSession;

	/** The session proven; zero while none is. */
	private volatile long provenSession;

	/**
	 * {@link System#nanoTime()} before which the leader surely keeps
	 * {@link #provenSession}.
	 */
	private volatile long provenUntil;

	/** Completed at the next proof, for callers waiting for one. */
	private volatile CompletableFuture<Void> nextProof = new CompletableFuture<>();

	/**
	 * @param client the locker's client
	 * @param tickTime the ensemble's {@code tickTime}, or a longer time
	 * @param sessionEnded told, on the proof's thread, when the client has a new session:
	 * before the new one is proven, so that no claim of the old one outlives the old
	 * one's proof
	 */
	SessionProof(CuratorFramework client, Duration tickTime, Runnable sessionEnded) {
		this.client = client;
		this.gap = tickTime.toNanos() * 3 / 4;
		this.sessionEnded = sessionEnded;
		this.timer = new ScheduledThreadPoolExecutor(1, (task) -> {
			Thread thread = new Thread(task, "distlock-zookeeper-session-proof");
			thread.setDaemon(true);
			return thread;
		});
		this.timer.setExecuteExistingDelayedTasksAfterShutdownPolicy(false);
		this.timer.setRejectedExecutionHandler(new ThreadPoolExecutor.DiscardPolicy());
	}

	void start() {
		this.timer.execute(this::round);
	}

	/**
	 * Whether the leader surely keeps the session proven last; asked at every check of a
	 * holding.
	 */
	boolean keepsClaims() {
		return this.provenSession != 0 && System.nanoTime() - this.provenUntil < 0;
	}

	/**
	 * Waits until the client's current session is proven, so that a claim made now is
	 * kept: at most the client's connection timeout and the two rounds a new session
	 * takes.
	 * @return whether it had to wait, the session not proven when it was called
	 * @throws ZooKeeperLockException when it is not proven in time
	 */
	boolean awaitProven() {
		Duration timeout = Duration.ofMillis(this.client.getZookeeperClient().getConnectionTimeoutMs())
			.plusNanos(2 * this.gap);
		long deadline = System.nanoTime() + timeout.toNanos();
		try {
			for (boolean waited = false;; waited = true) {
				CompletableFuture<Void> next = this.nextProof;
				if (keepsClaims() && this.provenSession == sessionId()) {
					return waited;
				}
				next.get(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new ZooKeeperLockException("Interrupted while waiting for ZooKeeper's leader to confirm the session",
					ex);
		}
		catch (TimeoutException | ExecutionException ex) {
			throw new ZooKeeperLockException("ZooKeeper's leader did not confirm this process's session within "
					+ timeout.toMillis() + " ms; is the server this client talks to cut off from the leader?", ex);
		}
	}

	private void round() {
		long delay = this.gap;
		try {
			delay = proveOnce();
		}
		catch (Exception ex) {
			// No proof this time: the bound runs out unless a later round proves the
			// session again.
			logger.debug("ZooKeeper session proof failed", ex);
		}
		this.timer.schedule(this::round, delay, TimeUnit.NANOSECONDS);
	}

	/**
	 * Sends one request through the leader; returns how long to wait before the next one.
	 */
	private long proveOnce() throws Exception {
		ZooKeeper zooKeeper = this.client.getZookeeperClient().getZooKeeper();
		long session = zooKeeper.getSessionId();
		long sentAt = System.nanoTime();
		check(zooKeeper);
		long answeredAt = System.nanoTime();
		if (session == 0 || sessionId() != session) {
			return this.gap;
		}
		long timeout = TimeUnit.MILLISECONDS
			.toNanos(this.client.getZookeeperClient().getLastNegotiatedSessionTimeoutMs());
		if (session != this.contactSession) {
			newSession(session, timeout);
		}
		Contact earlier = latestAnsweredBefore(sentAt - this.gap);
		this.contacts.addLast(new Contact(sentAt, answeredAt));
		if (earlier != null) {
			proven(session, earlier.sentAt() + timeout - clockAllowance(timeout));
		}
		return (this.provenSession == session) ? timeout / ROUNDS_PER_TIMEOUT : this.gap;
	}

	/**
	 * Forgets the old session's proof, and gives up its claims, before anything of the
	 * new one counts.
	 */
	private void newSession(long session, long timeout) {
		boolean hadOne = this.contactSession != 0;
		this.provenSession = 0;
		this.contacts.clear();
		this.contactSession = session;
		if (hadOne) {
			this.sessionEnded.run();
		}
		warnIfShort(timeout);
	}

	/**
	 * A session timeout under four {@code tickTime}s leaves a proof less than about a
	 * tick to come back before the bound passes (ZOOKEEPER.md, point f), and under one
	 * and a half none at all.
	 */
	private void warnIfShort(long timeout) {
		long tickTime = this.gap * 4 / 3;
		if (timeout < SHORTEST_TIMEOUT_IN_TICKS * tickTime) {
			logger.warn("ZooKeeper's session timeout of " + TimeUnit.NANOSECONDS.toMillis(timeout)
					+ " ms is shorter than four times the tick time of " + TimeUnit.NANOSECONDS.toMillis(tickTime)
					+ " ms (distlock.zookeeper.tick-time): locks are held only while the leader has confirmed the "
					+ "session lately, and a slow ensemble or network will end holdings early; give the client a "
					+ "longer session timeout");
		}
	}

	/**
	 * The latest contact answered no later than {@code time}, dropping those before it.
	 */
	private @Nullable Contact latestAnsweredBefore(long time) {
		Contact latest = null;
		for (Contact contact : this.contacts) {
			if (contact.answeredAt() - time <= 0) {
				latest = contact;
			}
		}
		while (latest != null && this.contacts.peekFirst() != latest) {
			this.contacts.removeFirst();
		}
		return latest;
	}

	private void proven(long session, long until) {
		if (this.provenSession != session || until - this.provenUntil > 0) {
			this.provenUntil = until;
			this.provenSession = session;
		}
		CompletableFuture<Void> done = this.nextProof;
		this.nextProof = new CompletableFuture<>();
		done.complete(null);
	}

	/**
	 * The leader's clock may run up to 1% fast, or step forward by up to 2 ms, as the
	 * core allows for stores.
	 */
	private static long clockAllowance(long timeout) {
		return timeout / 100 + TimeUnit.MILLISECONDS.toNanos(2);
	}

	/**
	 * One {@code multi} of a {@code check} of the root, on ZooKeeper's own handle: sent
	 * once (no retry that would make its sending time later than counted), and no call of
	 * the locker's that Curator's tracer counts. A root that is not there (a chroot not
	 * made) fails the check at the leader, which answers all the same.
	 */
	private static void check(ZooKeeper zooKeeper) throws KeeperException, InterruptedException {
		try {
			zooKeeper.multi(List.of(Op.check("/", -1)));
		}
		catch (KeeperException.NoNodeException ex) {
			// answered by the leader
		}
	}

	private long sessionId() {
		try {
			return this.client.getZookeeperClient().getZooKeeper().getSessionId();
		}
		catch (Exception ex) {
			return 0;
		}
	}

	/** Stops proving: once the last bound passes, no claim is kept. */
	@Override
	public void close() {
		this.timer.shutdownNow();
	}

	/**
	 * A request that went through the leader: sent, then answered (each a
	 * {@link System#nanoTime()}).
	 */
	private record Contact(long sentAt, long answeredAt) {
	}

}
