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
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.TimeUnit;

import io.github.distlock.core.SimulatedStore.Kind;
import io.github.distlock.store.Acquisition;
import io.github.distlock.store.ClaimLossListener;
import io.github.distlock.store.LeaseRequest;
import io.github.distlock.store.Locker;
import io.github.distlock.store.Release;
import io.github.distlock.store.ReleaseListener;
import io.github.distlock.store.ReleaseSubscription;
import io.github.distlock.store.Renewal;
import io.github.distlock.store.StoredLock;

/**
 * One process's client of a {@link SimulatedStore}: every call crosses the network with a
 * latency, runs on the server at one instant (after a stall, in the order this client
 * sent its calls), and its reply comes back, late or never when the run's faults say so;
 * then the caller times out, though the command ran, maybe twice. A session store's
 * client keeps its session alive with heartbeats from its process (none while the process
 * is paused) and proves it from their answers.
 */
final class SimulatedClient implements Locker {

	private static final long HEARTBEAT = SimulatedStore.SESSION_TIMEOUT / 4;

	/**
	 * How long after its last heartbeat's answer a session is surely kept: well inside
	 * its timeout.
	 */
	private static final long PROOF = SimulatedStore.SESSION_TIMEOUT * 2 / 3;

	private final SimulatedStore store;

	private final String name;

	private final StoreFaults faults;

	/** How long a lock this process gives way is left to others' waiters (virtual). */
	private final long giveWay;

	private final List<ReleaseListener> listeners = new ArrayList<>();

	private final List<ClaimLossListener> lossListeners = new ArrayList<>();

	private final List<Subscription> subscriptions = new ArrayList<>();

	/**
	 * Per key, this process's calls on it under way (and subscriptions awaiting their
	 * confirmation), and when one last began or ended.
	 */
	private final Map<String, KeyCalls> callsByKey = new LinkedHashMap<>();

	private boolean connected;

	/** Bumped by each reset, so that a call in flight during one fails. */
	private int connection;

	/**
	 * When the server ran this client's last command, so that its commands run in the
	 * order sent.
	 */
	private long lastRun;

	// A session store's session: what the server knows, and what the client knows.

	private boolean heartbeating;

	private boolean sessionLive = true;

	private long lastHeard;

	private long lastProof;

	private Map<String, String> lostWithSession = Map.of();

	SimulatedClient(SimulatedStore store, String name, long giveWay) {
		this.store = store;
		this.name = name;
		this.giveWay = giveWay;
		this.faults = store.faults();
		this.lastHeard = store.now();
		this.lastProof = store.now();
		this.lastRun = store.now();
	}

	@Override
	public Acquisition tryAcquire(String key, String owner, Duration lease, Duration willWait) {
		long callStart = this.store.now();
		String process = Locker.processOf(owner, this.name);
		long[] sent = new long[1];
		Acquisition answer = callOn(List.of(key), (sentAt) -> {
			sent[0] = sentAt;
			return this.store.acquire(key, owner, lease, willWait, process, sentAt, this);
		});
		// Sent after connecting: the lease counts from then.
		return answer.acquired() ? Acquisition.acquiredAfter(Duration.ofNanos(sent[0] - callStart)) : answer;
	}

	/**
	 * The later of {@code since} and the end of this process's last call on {@code key}
	 * (or of its last wait for a subscription's confirmation); now while one is under
	 * way.
	 */
	long idleSince(String key, long since) {
		KeyCalls calls = this.callsByKey.get(key);
		if (calls == null) {
			return since;
		}
		return (calls.inFlight > 0) ? this.store.now() : Simulation.later(since, calls.lastChange);
	}

	@Override
	public Release release(String key, String owner) {
		return callOn(List.of(key), (sentAt) -> this.store.release(key, owner));
	}

	@Override
	public Release giveWay(String key, String owner) {
		return callOn(List.of(key),
				(sentAt) -> this.store.giveWay(key, owner, Locker.processOf(owner, this.name), this.giveWay));
	}

	@Override
	public List<Renewal> renew(List<LeaseRequest> leases) {
		String process = leases.isEmpty() ? this.name : Locker.processOf(leases.get(0).owner(), this.name);
		return callOn(leases.stream().map(LeaseRequest::key).toList(),
				(sentAt) -> leases.stream().map((lease) -> this.store.renew(lease, process, this)).toList());
	}

	@Override
	public long fence(String key, String owner) {
		return callOn(List.of(key), (sentAt) -> this.store.fence(key, owner));
	}

	@Override
	public void onRelease(ReleaseListener listener) {
		this.listeners.add(listener);
		// Notices come over a connection of their own, opened as soon as someone listens.
		int connection = this.connection;
		this.store.simulation().at(connectTime(), this, () -> this.connected |= this.connection == connection);
	}

	@Override
	public Optional<StoredLock> find(String key) {
		return call((sentAt) -> this.store.find(key));
	}

	@Override
	public void onClaimLost(ClaimLossListener listener) {
		this.lossListeners.add(listener);
	}

	@Override
	public boolean keepsClaims() {
		return this.store.kind() != Kind.SESSION || this.store.now() - this.lastProof < PROOF;
	}

	@Override
	public boolean sendsReleaseNotices() {
		return true;
	}

	@Override
	public boolean releaseNoticesActive() {
		return this.connected;
	}

	/**
	 * A call on some locks' keys, counted as this process's work on them while under way.
	 */
	private <T> T callOn(List<String> keys, Command<T> command) {
		keys.forEach((key) -> this.callsByKey.merge(key, new KeyCalls(1, this.store.now()), KeyCalls::plus));
		try {
			return call(command);
		}
		finally {
			keys.forEach((key) -> this.callsByKey.merge(key, new KeyCalls(-1, this.store.now()), KeyCalls::plus));
		}
	}

	private <T> T call(Command<T> command) {
		startHeartbeats();
		learnOfSessionEnd();
		if (!this.connected) {
			pass(connectTime());
			this.connected = true;
		}
		int sentOn = this.connection;
		long sent = this.store.now();
		long runAt = Simulation.later(this.store.serverTimeFor(sent + hop()), this.lastRun + 1);
		this.lastRun = runAt;
		long giveUpAt = sent + SimulatedStore.COMMAND_TIMEOUT;
		Command<T> checked = (at) -> {
			if (this.store.kind() == Kind.SESSION && !this.sessionLive) {
				throw new IllegalStateException("Simulated session of " + this.name + " expired");
			}
			this.lastHeard = this.store.now();
			return command.run(at);
		};
		if (runAt - giveUpAt > 0) {
			// The server stalls past the timeout: the command still runs when it resumes.
			runLate(runAt - this.store.now(), checked, sent);
			throw timedOut(giveUpAt);
		}
		if (!passUntil(runAt)) {
			runLate(runAt - this.store.now(), checked, sent);
			throw interrupted();
		}
		T answer = checked.run(sent);
		Random random = this.store.random();
		if (this.faults.lostReplies() && random.nextInt(10) == 0) {
			if (random.nextBoolean()) {
				// Sent again by the client once it reconnects.
				runLate(TimeUnit.MILLISECONDS.toNanos(1 + random.nextInt(5)), checked, sent);
			}
			throw timedOut(giveUpAt);
		}
		long replyAt = runAt + hop();
		if (this.faults.slowReplies() && random.nextInt(8) == 0) {
			replyAt += (long) (random.nextDouble() * SimulatedStore.COMMAND_TIMEOUT / 2);
		}
		if (replyAt - giveUpAt > 0) {
			throw timedOut(giveUpAt);
		}
		if (!passUntil(replyAt)) {
			throw interrupted();
		}
		if (sentOn != this.connection) {
			throw new IllegalStateException("Simulated connection of " + this.name + " reset during the call");
		}
		return answer;
	}

	/**
	 * Runs a command on the server later, its caller gone; one the server refuses changes
	 * nothing.
	 */
	private void runLate(long delay, Command<?> command, long sentAt) {
		this.store.runLate(delay, () -> {
			try {
				command.run(sentAt);
			}
			catch (IllegalStateException ex) {
				// Refused: its session had expired.
			}
		});
	}

	private RuntimeException timedOut(long giveUpAt) {
		passUntil(giveUpAt);
		return new IllegalStateException("Simulated command timeout of " + this.name);
	}

	private static RuntimeException interrupted() {
		return new IllegalStateException("Simulated call interrupted", new InterruptedException());
	}

	/**
	 * Lets time pass until {@code time}; {@code false} when the thread was interrupted
	 * first.
	 */
	private boolean passUntil(long time) {
		while (this.store.now() - time < 0) {
			if (Thread.currentThread().isInterrupted()) {
				return false;
			}
			this.store.simulation().pass(time - this.store.now());
		}
		return true;
	}

	private void pass(long nanos) {
		passUntil(this.store.now() + nanos);
	}

	private long hop() {
		return TimeUnit.MICROSECONDS.toNanos(100 + this.store.random().nextInt(2_000));
	}

	private long connectTime() {
		return this.faults.slowConnections()
				? (long) (this.store.random().nextDouble() * SimulatedStore.SLOWEST_CONNECT) : hop();
	}

	@Override
	public ReleaseSubscription subscribe(String key, Duration confirmWithin) {
		Subscription subscription = new Subscription(key);
		this.subscriptions.add(subscription);
		Random random = this.store.random();
		long confirmation = (this.faults.slowConfirmations() && random.nextInt(3) == 0)
				? (long) (random.nextDouble() * 2 * SimulatedStore.COMMAND_TIMEOUT) : 2 * hop();
		// The thread at the store subscribes between a busy answer and its next attempt,
		// which it makes once the store confirms (or its wait is over: invariant 9).
		// Until then it works on the key as during a call: idleSince counts the wait.
		this.callsByKey.merge(key, new KeyCalls(1, this.store.now()), KeyCalls::plus);
		try {
			pass(Math.min(confirmation, confirmWithin.toNanos()));
		}
		finally {
			this.callsByKey.merge(key, new KeyCalls(-1, this.store.now()), KeyCalls::plus);
		}
		if (confirmation <= confirmWithin.toNanos()) {
			subscription.active = true;
		}
		else {
			this.store.simulation().at(confirmation - confirmWithin.toNanos(), this, () -> {
				if (!subscription.closed) {
					subscription.active = true;
					this.listeners.forEach((listener) -> listener.noticesResumed(key));
				}
			});
		}
		return subscription;
	}

	/**
	 * The server announces a release to this client's subscriptions of the key, if
	 * connected.
	 */
	void released(String key) {
		boolean subscribed = this.subscriptions.stream().anyMatch((subscription) -> subscription.key.equals(key));
		if (!subscribed || !this.connected) {
			return;
		}
		Random random = this.store.random();
		int copies = 1;
		long delay = hop();
		if (this.faults.lostNotices()) {
			copies = switch (random.nextInt(6)) {
				case 0 -> 0;
				case 1 -> 2;
				default -> 1;
			};
			delay += (random.nextInt(4) == 0) ? TimeUnit.MILLISECONDS.toNanos(random.nextInt(200)) : 0;
		}
		for (int i = 0; i < copies; i++) {
			this.store.simulation().at(delay, this, () -> this.listeners.forEach((listener) -> listener.released(key)));
		}
	}

	/**
	 * The connection resets: calls in flight fail, notices stop until the client is
	 * connected again.
	 */
	void reset() {
		this.connected = false;
		this.connection++;
		int reset = this.connection;
		this.store.simulation().at(connectTime(), this, () -> {
			if (this.connection == reset && !this.connected) {
				this.connected = true;
				this.subscriptions.forEach((subscription) -> this.listeners
					.forEach((listener) -> listener.noticesResumed(subscription.key)));
			}
		});
	}

	/**
	 * Sets a session store's lease end: the holder's process deletes the lock then,
	 * unless renewed.
	 */
	void leaseSet(String key, String owner, long end) {
		if (this.store.kind() == Kind.SESSION) {
			this.store.simulation().at(end - this.store.now(), this, () -> this.store.leaseEnded(key, owner, end));
		}
	}

	private void startHeartbeats() {
		if (this.store.kind() == Kind.SESSION && !this.heartbeating) {
			this.heartbeating = true;
			this.store.simulation().at(HEARTBEAT, this, this::heartbeat);
		}
	}

	/**
	 * Runs in the process, so not while it is paused: keeps the session alive and proves
	 * it.
	 */
	private void heartbeat() {
		this.store.expireUnheardSessions();
		learnOfSessionEnd();
		if (this.sessionLive) {
			this.lastHeard = this.store.now();
			this.lastProof = this.store.now();
		}
		this.store.simulation().at(HEARTBEAT, this, this::heartbeat);
	}

	/** On the server: a session not heard from for its timeout ends, with its locks. */
	void expireSessionIfUnheard() {
		if (this.store.kind() == Kind.SESSION && this.sessionLive
				&& this.store.now() - this.lastHeard > SimulatedStore.SESSION_TIMEOUT) {
			this.sessionLive = false;
			this.lostWithSession = this.store.sessionEnded(this);
		}
	}

	/**
	 * The client learns that its session ended: its claims are lost, and it gets a new
	 * session.
	 */
	private void learnOfSessionEnd() {
		if (this.store.kind() == Kind.SESSION && !this.sessionLive) {
			Map<String, String> lost = new LinkedHashMap<>(this.lostWithSession);
			this.lostWithSession = Map.of();
			this.sessionLive = true;
			this.lastHeard = this.store.now();
			lost.forEach((key, owner) -> this.lossListeners.forEach((listener) -> listener.claimLost(key, owner)));
		}
	}

	int subscriptions() {
		return (int) this.subscriptions.stream().filter((subscription) -> !subscription.closed).count();
	}

	@Override
	public String toString() {
		return this.name;
	}

	private record KeyCalls(int inFlight, long lastChange) {

		KeyCalls plus(KeyCalls other) {
			return new KeyCalls(this.inFlight + other.inFlight, Simulation.later(this.lastChange, other.lastChange));
		}

	}

	@FunctionalInterface
	private interface Command<T> {

		T run(long sentAt);

	}

	private final class Subscription implements ReleaseSubscription {

		private final String key;

		private boolean active;

		private boolean closed;

		Subscription(String key) {
			this.key = key;
		}

		@Override
		public boolean isActive() {
			return this.active && !this.closed && SimulatedClient.this.connected;
		}

		@Override
		public void close() {
			this.closed = true;
			SimulatedClient.this.subscriptions.remove(this);
			if (SimulatedClient.this.subscriptions.stream().noneMatch((other) -> other.key.equals(this.key))) {
				SimulatedClient.this.store.stoppedWaiting(this.key, SimulatedClient.this);
			}
		}

	}

}
