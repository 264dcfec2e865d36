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

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.TimeUnit;

import org.jspecify.annotations.Nullable;

import io.github.distlock.store.Acquisition;
import io.github.distlock.store.LeaseRequest;
import io.github.distlock.store.Locker;
import io.github.distlock.store.Release;
import io.github.distlock.store.Renewal;
import io.github.distlock.store.StoredLock;
import io.github.distlock.test.support.internal.ExplorationPlan;

/**
 * A lock store on a {@link Simulation}'s virtual time, with the semantics of distlock's
 * stores and the faults of a run ({@link StoreFaults}): a LEASE store like Redis and JDBC
 * (the server ends a lock when its lease runs out), or a SESSION store like ZooKeeper (a
 * lock lives with its holder's session, which the holder's process keeps alive while it
 * runs; the holder's process deletes it when its lease ends). The server's state is
 * changed only by one simulated thread at a time, so it needs no locking; its clients
 * ({@link SimulatedClient}) send it calls with latencies and faults.
 */
final class SimulatedStore implements ExploredStore {

	enum Kind {

		LEASE, SESSION

	}

	/** How long a client waits for a reply before it gives up on the call. */
	static final long COMMAND_TIMEOUT = TimeUnit.SECONDS.toNanos(1);

	/** The longest a connection takes to set up with slow connections. */
	static final long SLOWEST_CONNECT = TimeUnit.MILLISECONDS.toNanos(600);

	/** A session not heard from for this long ends on the server. */
	static final long SESSION_TIMEOUT = TimeUnit.MILLISECONDS.toNanos(400);

	/**
	 * How long a lock given way is left to other processes' waiters, as the Redis store
	 * does.
	 */
	private static final long GIVE_WAY = TimeUnit.MILLISECONDS.toNanos(100);

	/** How long the owner of a release is remembered, as the Redis store does. */
	private static final long RELEASED_MEMORY = TimeUnit.SECONDS.toNanos(10);

	/**
	 * What a session store answers for a holder's lease, which only the holder's process
	 * knows.
	 */
	private static final Duration SESSION_RECHECK = Duration.ofSeconds(1);

	private final Simulation simulation;

	private final Kind kind;

	private final StoreFaults faults;

	private final Map<String, StoredLockState> locks = new LinkedHashMap<>();

	/**
	 * Per key, the processes waiting for it (by {@link Locker#processOf}): until when,
	 * and on which client.
	 */
	private final Map<String, Map<String, Waiter>> waiters = new LinkedHashMap<>();

	/**
	 * Per key given way, the process it was given way by and until when others have it
	 * first.
	 */
	private final Map<String, GiveWay> giveWays = new LinkedHashMap<>();

	/**
	 * Per key, the owner of its last release that someone waited for, and until when it
	 * is remembered.
	 */
	private final Map<String, Released> released = new LinkedHashMap<>();

	private final Map<String, Boolean> freedWithoutNotice = new LinkedHashMap<>();

	private final List<SimulatedClient> clients = new ArrayList<>();

	/** The server's stand-in process, on which late commands run; never paused. */
	private final Object server = new Object();

	private long lastToken;

	/** Until when (virtual) the server stalls. */
	private long pausedUntil;

	SimulatedStore(Simulation simulation, Kind kind, StoreFaults faults) {
		this.simulation = simulation;
		this.kind = kind;
		this.faults = (kind == Kind.SESSION) ? withoutDataLoss(faults) : faults;
		simulation.process("server", this.server);
		this.pausedUntil = simulation.nanoTime();
	}

	private static StoreFaults withoutDataLoss(StoreFaults faults) {
		return new StoreFaults(faults.slowReplies(), faults.lostReplies(), faults.slowConnections(), faults.resets(),
				faults.serverPauses(), faults.slowConfirmations(), faults.lostNotices(), false, faults.fastClock());
	}

	Kind kind() {
		return this.kind;
	}

	StoreFaults faults() {
		return this.faults;
	}

	Simulation simulation() {
		return this.simulation;
	}

	Random random() {
		return this.simulation.random();
	}

	long now() {
		return this.simulation.nanoTime();
	}

	@Override
	public Locker process(String name) {
		return process(name, GIVE_WAY);
	}

	/**
	 * A process that leaves a lock it gives way to others' waiters for {@code giveWay}
	 * (virtual).
	 */
	SimulatedClient process(String name, long giveWay) {
		SimulatedClient client = new SimulatedClient(this, name, giveWay);
		this.clients.add(client);
		return client;
	}

	/**
	 * Starts the run's server faults (pauses, restarts, failovers, resets), until
	 * {@code end}.
	 */
	void startFaults(long end) {
		if (this.faults.serverPauses() || this.faults.dataLoss() || this.faults.resets()) {
			this.simulation.start(null, "store-faults", () -> injectFaults(end));
		}
	}

	private void injectFaults(long end) {
		Random random = random();
		while (now() - end < 0) {
			this.simulation.pass(TimeUnit.MILLISECONDS.toNanos(100 + random.nextInt(700)));
			int fault = random.nextInt(3);
			if (fault == 0 && this.faults.serverPauses()) {
				this.pausedUntil = now() + TimeUnit.MILLISECONDS.toNanos(50 + random.nextInt(1_500));
			}
			else if (fault == 1 && this.faults.dataLoss()) {
				loseData(random.nextBoolean() ? Long.MAX_VALUE : TimeUnit.MILLISECONDS.toNanos(random.nextInt(50)));
			}
			else if (fault == 2 && this.faults.resets() && !this.clients.isEmpty()) {
				this.clients.get(random.nextInt(this.clients.size())).reset();
			}
		}
	}

	/**
	 * The server forgets what changed in the last {@code window} (a failover to a replica
	 * that missed those writes), or everything (a restart without its data): tokens still
	 * grow, being based on the server's clock.
	 */
	void loseData(long window) {
		long since = now() - window;
		this.locks.entrySet().removeIf((entry) -> {
			boolean lost = window == Long.MAX_VALUE || entry.getValue().changedAt - since > 0;
			if (lost) {
				// Gone without a release notice: waiters look again when the lease they
				// were told ends.
				this.freedWithoutNotice.put(entry.getKey(), true);
			}
			return lost;
		});
		this.waiters.clear();
		this.giveWays.clear();
		this.released.clear();
	}

	/**
	 * When (virtual) the server runs a command that arrives at {@code arrival}: after any
	 * stall.
	 */
	long serverTimeFor(long arrival) {
		return Simulation.later(arrival, this.pausedUntil);
	}

	void runLate(long delay, Runnable command) {
		this.simulation.at(delay, this.server, command);
	}

	// The server's commands: each runs at one virtual instant.

	Acquisition acquire(String key, String owner, Duration lease, Duration willWait, String process, long sentAt,
			SimulatedClient client) {
		StoredLockState lock = live(key);
		if (lock != null && lock.owner.equals(owner)) {
			return Acquisition.ACQUIRED;
		}
		GiveWay giveWay = this.giveWays.get(key);
		if (lock == null && !givenWayBy(key, process)) {
			StoredLockState taken = new StoredLockState(owner, leaseEnd(lease), sentAt, now(), client);
			this.locks.put(key, taken);
			this.giveWays.remove(key);
			this.freedWithoutNotice.put(key, false);
			if (this.kind == Kind.SESSION) {
				this.waiters.getOrDefault(key, new LinkedHashMap<>()).remove(process);
			}
			client.leaseSet(key, owner, taken.expiresAt);
			return Acquisition.ACQUIRED;
		}
		if (!willWait.isZero()) {
			Waiter waiter = new Waiter(now() + willWait.toNanos(), client);
			this.waiters.computeIfAbsent(key, (k) -> new LinkedHashMap<>()).put(process, waiter);
			if (this.kind == Kind.SESSION) {
				// The waiter's process deletes its queued node when the wait ends, unless
				// a newer attempt came.
				this.simulation.at(willWait.toNanos(), client, () -> waitEnded(key, process, waiter));
			}
		}
		if (this.kind == Kind.SESSION) {
			return Acquisition.busy(SESSION_RECHECK);
		}
		// A lock that is free here is given way: it would have been taken above
		// otherwise.
		long left = (lock != null) ? lock.expiresAt - now() : Objects.requireNonNull(giveWay).until - now();
		return Acquisition.busy(Duration.ofNanos(Math.max(TimeUnit.MILLISECONDS.toNanos(1), left)));
	}

	Release release(String key, String owner) {
		return release(key, owner, null, 0);
	}

	/**
	 * Whether {@code process} gave {@code key} way and it is still left to others: for a
	 * window in a lease store; in a session store, while another process's waiter is
	 * queued for it (its queued node is then the lowest, as in ZooKeeper).
	 */
	private boolean givenWayBy(String key, String process) {
		GiveWay giveWay = this.giveWays.get(key);
		if (giveWay == null || !giveWay.process.equals(process)) {
			return false;
		}
		if (this.kind == Kind.SESSION) {
			return liveWaiters(key).keySet().stream().anyMatch((waiter) -> !waiter.equals(process));
		}
		return now() - giveWay.until < 0;
	}

	@Override
	public boolean queuedFor(String key) {
		GiveWay giveWay = this.giveWays.get(key);
		return this.kind == Kind.SESSION && live(key) == null && giveWay != null && givenWayBy(key, giveWay.process);
	}

	/**
	 * Releases the lock and leaves it to other processes' waiters for {@code window} (a
	 * lease store).
	 */
	Release giveWay(String key, String owner, String process, long window) {
		return release(key, owner, process, window);
	}

	private Release release(String key, String owner, @Nullable String givingWayFrom, long window) {
		StoredLockState lock = live(key);
		Released released = this.released.get(key);
		if (lock == null || (released != null && released.owner.equals(owner) && now() - released.until < 0)) {
			return Release.GONE;
		}
		if (!lock.owner.equals(owner)) {
			return Release.TAKEN;
		}
		this.locks.remove(key);
		Map<String, Long> waiting = liveWaiters(key);
		if (!waiting.isEmpty()) {
			// Remembered, so that the same release sent again answers GONE, not TAKEN by
			// the waiter.
			this.released.put(key, new Released(owner, now() + RELEASED_MEMORY));
		}
		List<Long> othersWaitUntil = waiting.entrySet()
			.stream()
			.filter((w) -> !w.getKey().equals(givingWayFrom))
			.map(Map.Entry::getValue)
			.toList();
		if (givingWayFrom != null && !othersWaitUntil.isEmpty()) {
			// A lease store leaves it for a window, no longer than the others wait (a
			// session store: see givenWayBy).
			long lastWaitEnds = othersWaitUntil.stream().reduce(now(), Simulation::later);
			this.giveWays.put(key, new GiveWay(givingWayFrom, now() + Math.min(window, lastWaitEnds - now())));
		}
		freed(key);
		return Release.RELEASED;
	}

	Renewal renew(LeaseRequest request, String process, SimulatedClient client) {
		StoredLockState lock = live(request.key());
		if (lock == null || !lock.owner.equals(request.owner())) {
			return Renewal.LOST;
		}
		lock.expiresAt = leaseEnd(request.lease());
		lock.changedAt = now();
		client.leaseSet(request.key(), request.owner(), lock.expiresAt);
		boolean others = liveWaiters(request.key()).keySet().stream().anyMatch((waiter) -> !waiter.equals(process));
		return Renewal.renewed(others);
	}

	long fence(String key, String owner) {
		StoredLockState lock = live(key);
		if (lock == null || !lock.owner.equals(owner)) {
			return 0;
		}
		// Based on the clock, so that tokens grow across a restart that lost the last
		// one.
		this.lastToken = Math.max(this.lastToken + 1, now() / 1_000);
		return this.lastToken;
	}

	/**
	 * The holder's process ends its lease (a session store, where only it knows the
	 * lease).
	 */
	void leaseEnded(String key, String owner, long end) {
		StoredLockState lock = live(key);
		if (lock != null && lock.owner.equals(owner) && lock.expiresAt == end) {
			this.locks.remove(key);
			freed(key);
		}
	}

	/**
	 * The session of {@code client} ended on the server: its locks go, and their waiters
	 * are told.
	 * @return the locks it held, each a key and its owner
	 */
	Map<String, String> sessionEnded(SimulatedClient client) {
		stoppedWaiting(null, client);
		Map<String, String> gone = new LinkedHashMap<>();
		this.locks.forEach((key, lock) -> {
			if (lock.session == client) {
				gone.put(key, lock.owner);
			}
		});
		gone.keySet().forEach((key) -> {
			this.locks.remove(key);
			freed(key);
		});
		return gone;
	}

	/** A lock is gone: if anyone waited for it, its subscribers are told. */
	private void freed(String key) {
		boolean waited = !liveWaiters(key).isEmpty();
		// Nobody is told when no waiter is known: one whose mark the store lost looks
		// again when its holder's lease ends.
		this.freedWithoutNotice.put(key, !waited);
		if (this.kind == Kind.LEASE) {
			// A session store's queue keeps its waiters until each takes the lock or
			// stops waiting.
			this.waiters.remove(key);
		}
		if (waited) {
			this.clients.forEach((client) -> client.released(key));
		}
	}

	/**
	 * Each process waiting for {@code key} now, and until when: in a lease store until
	 * its mark expires; in a session store until its queued node is deleted, by its
	 * process when its wait ends (not while it is paused), or with its session.
	 */
	private Map<String, Long> liveWaiters(String key) {
		Map<String, Long> waiting = new LinkedHashMap<>();
		this.waiters.getOrDefault(key, Map.of()).forEach((process, waiter) -> {
			if (this.kind == Kind.SESSION || waiter.until - now() > 0) {
				waiting.put(process, waiter.until);
			}
		});
		return waiting;
	}

	/**
	 * A session store's waiter's process deletes its queued node, its wait over, unless a
	 * newer attempt replaced it.
	 */
	private void waitEnded(String key, String process, Waiter waiter) {
		Map<String, Waiter> byProcess = this.waiters.getOrDefault(key, Map.of());
		if (byProcess.get(process) == waiter) {
			byProcess.remove(process);
			if (!this.locks.containsKey(key)) {
				freed(key);
			}
		}
	}

	/**
	 * The client no longer waits for {@code key} (or any key, when {@code null}): a
	 * session store deletes its queued nodes (its last subscription of the key closed, or
	 * its session ended), and the waiters queued behind one that held a free lock are
	 * told, as ZooKeeper's watch on the deleted node tells them; a lease store keeps its
	 * waiters' marks until they expire.
	 */
	void stoppedWaiting(@Nullable String key, SimulatedClient client) {
		if (this.kind == Kind.LEASE) {
			return;
		}
		List<String> leftFree = new ArrayList<>();
		this.waiters.forEach((waited, byProcess) -> {
			if ((key == null || key.equals(waited)) && byProcess.values().removeIf((waiter) -> waiter.client == client)
					&& !this.locks.containsKey(waited)) {
				leftFree.add(waited);
			}
		});
		leftFree.forEach(this::freed);
	}

	/**
	 * The lock's end in the store, by the server's clock: a lease store ends it then; a
	 * session store's holder process does. A fast clock ends it sooner, by as much as the
	 * protocol allows for.
	 */
	private long leaseEnd(Duration lease) {
		long storeLease = TimeUnit.MILLISECONDS.toNanos(Math.max(1, lease.toMillis()));
		if (this.faults.fastClock()) {
			storeLease -= storeLease / 100 + (long) (random().nextDouble() * Claim.CLOCK_STEP_ALLOWANCE);
		}
		return now() + storeLease;
	}

	/**
	 * Ends the sessions not heard from for their timeout, as the server does on its own.
	 */
	void expireUnheardSessions() {
		this.clients.forEach(SimulatedClient::expireSessionIfUnheard);
	}

	private @Nullable StoredLockState live(String key) {
		expireUnheardSessions();
		StoredLockState lock = this.locks.get(key);
		if (lock != null && this.kind == Kind.LEASE && now() - lock.expiresAt >= 0) {
			this.locks.remove(key);
			this.freedWithoutNotice.put(key, true);
			return null;
		}
		return lock;
	}

	/**
	 * Each lock's time to live in milliseconds, as the store contract reads it:
	 * {@code -1} for a session's lock.
	 */
	Map<String, Long> timesToLive() {
		Map<String, Long> timesToLive = new LinkedHashMap<>();
		for (String key : List.copyOf(this.locks.keySet())) {
			StoredLockState lock = live(key);
			if (lock != null) {
				timesToLive.put(key,
						(this.kind == Kind.LEASE) ? TimeUnit.NANOSECONDS.toMillis(lock.expiresAt - now()) : -1);
			}
		}
		return timesToLive;
	}

	Optional<StoredLock> find(String key) {
		StoredLockState lock = live(key);
		if (lock == null) {
			return Optional.empty();
		}
		return Optional.of(new StoredLock(lock.owner,
				(this.kind == Kind.LEASE) ? Duration.ofNanos(lock.expiresAt - now()) : null));
	}

	@Override
	public @Nullable String ownerAt(String key) {
		StoredLockState lock = live(key);
		return (lock != null) ? lock.owner : null;
	}

	@Override
	public long acquireSentAt(String key) {
		StoredLockState lock = live(key);
		if (lock == null) {
			throw new IllegalStateException("'" + key + "' is free");
		}
		return lock.sentAt;
	}

	@Override
	public boolean freedWithoutNotice(String key) {
		live(key);
		return this.freedWithoutNotice.getOrDefault(key, false);
	}

	@Override
	public long idleSince(String key, String process, long since) {
		return this.clients.stream()
			.filter((client) -> client.toString().equals(process))
			.mapToLong((client) -> client.idleSince(key, since))
			.reduce(since, Simulation::later);
	}

	@Override
	public int subscriptions() {
		return this.clients.stream().mapToInt(SimulatedClient::subscriptions).sum();
	}

	@Override
	public boolean mayBreakExclusion() {
		return this.faults.dataLoss();
	}

	/** Two hops of at most 2.1 ms each, then the faults' own delays. */
	@Override
	public long longestCallNanos() {
		long call = this.faults.slowsCalls() ? COMMAND_TIMEOUT : TimeUnit.MILLISECONDS.toNanos(5);
		return call + (this.faults.slowConnections() ? SLOWEST_CONNECT : TimeUnit.MILLISECONDS.toNanos(3));
	}

	@Override
	public long longestBusySleepNanos() {
		return (this.kind == Kind.SESSION) ? SESSION_RECHECK.toNanos() : ExplorationPlan.LONGEST_LEASE.toNanos();
	}

	@Override
	public long longestConfirmationNanos() {
		return this.faults.slowConfirmations() ? 2 * COMMAND_TIMEOUT : TimeUnit.MILLISECONDS.toNanos(5);
	}

	@Override
	public boolean answersInTime() {
		return !this.faults.any();
	}

	@Override
	public boolean mayLoseNotices() {
		return this.faults.lostNotices();
	}

	@Override
	public String toString() {
		return this.kind + " store with " + this.faults;
	}

	/** A lock as the server keeps it. */
	private static final class StoredLockState {

		private final String owner;

		private long expiresAt;

		private final long sentAt;

		private long changedAt;

		private final SimulatedClient session;

		StoredLockState(String owner, long expiresAt, long sentAt, long changedAt, SimulatedClient session) {
			this.owner = owner;
			this.expiresAt = expiresAt;
			this.sentAt = sentAt;
			this.changedAt = changedAt;
			this.session = session;
		}

	}

	private record GiveWay(String process, long until) {
	}

	private record Released(String owner, long until) {
	}

	private record Waiter(long until, SimulatedClient client) {
	}

}
