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

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.state.ConnectionState;
import org.apache.curator.framework.state.ConnectionStateListener;
import org.jspecify.annotations.Nullable;

import io.github.distlock.store.ClaimLossListener;
import io.github.distlock.zookeeper.OwnNodeRegistry.LostClaim;

/**
 * Gives up this process's claims once ZooKeeper may have ended its session (ZOOKEEPER.md,
 * point c), and tells the core so that their holders learn it at once: when the
 * connection has been suspended for a quarter of the session timeout, and when the
 * session is lost. Connection changes arrive one at a time on Curator's thread; the
 * give-up runs on a thread of its own, which no ZooKeeper call can hold up.
 */
final class SessionLiveness implements ConnectionStateListener, AutoCloseable {

	/**
	 * A client suspends its connection at most two thirds of the session timeout after it
	 * last heard from the server, which keeps the session a whole timeout after it last
	 * heard from the client: a third is left, of which this quarter leaves a twelfth for
	 * timers and round trips.
	 */
	private static final int SUSPENSION_SHARE = 4;

	private static final Log logger = LogFactory.getLog(SessionLiveness.class);

	private final OwnNodeRegistry registry;

	private final NodeQueueing queueing;

	private final ScheduledThreadPoolExecutor timer;

	private final List<ClaimLossListener> listeners = new CopyOnWriteArrayList<>();

	/** The give-up of a suspended connection's claims, while one is due. */
	private volatile @Nullable ScheduledFuture<?> giveUp;

	SessionLiveness(OwnNodeRegistry registry, NodeQueueing queueing) {
		this.registry = registry;
		this.queueing = queueing;
		this.timer = new ScheduledThreadPoolExecutor(1, (task) -> {
			Thread thread = new Thread(task, "distlock-zookeeper-liveness");
			thread.setDaemon(true);
			return thread;
		});
		this.timer.setRemoveOnCancelPolicy(true);
		this.timer.setExecuteExistingDelayedTasksAfterShutdownPolicy(false);
		this.timer.setRejectedExecutionHandler(new ThreadPoolExecutor.DiscardPolicy());
	}

	void addListener(ClaimLossListener listener) {
		this.listeners.add(listener);
	}

	@Override
	public void stateChanged(CuratorFramework client, ConnectionState state) {
		switch (state) {
			case SUSPENDED -> suspended(client);
			case CONNECTED, RECONNECTED -> cancelGiveUp();
			case LOST -> {
				cancelGiveUp();
				// Unqueued first, so no attempt woken by the loss re-uses a node of the
				// ended session.
				this.queueing.sessionLost();
				List<LostClaim> lost = this.registry.loseClaims();
				this.timer.execute(() -> tell(lost));
			}
			// READ_ONLY leaves the give-up due: a server cut off from the quorum keeps no
			// session alive.
			default -> {
			}
		}
	}

	/**
	 * Counts from the first suspension since the last connection: a second one, after
	 * READ_ONLY, keeps that count.
	 */
	private void suspended(CuratorFramework client) {
		ScheduledFuture<?> due = this.giveUp;
		if (due == null || due.isDone()) {
			long delay = client.getZookeeperClient().getLastNegotiatedSessionTimeoutMs() / SUSPENSION_SHARE;
			this.giveUp = this.timer.schedule(this::loseClaims, delay, TimeUnit.MILLISECONDS);
		}
	}

	private void cancelGiveUp() {
		ScheduledFuture<?> due = this.giveUp;
		this.giveUp = null;
		if (due != null) {
			due.cancel(false);
		}
	}

	private void loseClaims() {
		tell(this.registry.loseClaims());
	}

	/**
	 * The client has a new session, perhaps before its LOST event arrives: as on LOST,
	 * unqueues the nodes queued so far, all of the ended session, so that no attempt in
	 * the new session claims one (the server may keep the ended session, and a node of
	 * it, a while); then gives up the claims, all of the ended session too, and tells
	 * their holders on the caller's thread, so that none is still held once the new
	 * session is proven ({@link SessionProof}).
	 */
	void sessionEnded() {
		this.queueing.sessionLost();
		loseClaims();
	}

	private void tell(List<LostClaim> lost) {
		for (LostClaim claim : lost) {
			for (ClaimLossListener listener : this.listeners) {
				try {
					listener.claimLost(claim.key(), claim.owner());
				}
				catch (RuntimeException ex) {
					logger.warn("Claim loss listener failed for lock '" + claim.key() + "'", ex);
				}
			}
		}
	}

	/**
	 * Drops a give-up still due; one being told finishes, uninterrupted, as listeners are
	 * the core's and the user's.
	 */
	@Override
	public void close() {
		this.timer.shutdown();
	}

}
