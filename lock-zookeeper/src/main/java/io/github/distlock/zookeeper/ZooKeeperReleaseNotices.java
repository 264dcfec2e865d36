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
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executor;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.state.ConnectionState;
import org.apache.curator.framework.state.ConnectionStateListener;
import org.apache.zookeeper.WatchedEvent;
import org.apache.zookeeper.Watcher;

import io.github.distlock.store.ReleaseListener;

/**
 * Release notices from watches (ZOOKEEPER.md, point b): each subscribed lock watches one
 * node, its queued node's predecessor or else the holder (the lock's directory while it
 * is free), and its listeners are told when its queued node comes to hold the lock, or,
 * with none queued, when a holder goes while someone waits. Watch events and connection
 * changes are handled on the locker's background thread, never on ZooKeeper's event
 * thread.
 */
final class ZooKeeperReleaseNotices implements ConnectionStateListener {

	private static final Log logger = LogFactory.getLog(ZooKeeperReleaseNotices.class);

	private final LockNodes nodes;

	private final LockPaths paths;

	private final OwnNodeRegistry registry;

	private final Executor background;

	private final List<ReleaseListener> listeners = new CopyOnWriteArrayList<>();

	/** The node each subscribed lock watches. */
	private final Map<String, Watched> watched = new ConcurrentHashMap<>();

	private volatile boolean connected;

	ZooKeeperReleaseNotices(CuratorFramework client, LockNodes nodes, LockPaths paths, OwnNodeRegistry registry,
			Executor background) {
		this.nodes = nodes;
		this.paths = paths;
		this.registry = registry;
		this.background = background;
		this.connected = client.getZookeeperClient().isConnected();
	}

	void addListener(ReleaseListener listener) {
		this.listeners.add(listener);
	}

	boolean isActive() {
		return this.connected;
	}

	/** Watches the node the lock's waiter waits on, if it is subscribed; never throws. */
	void arm(String key) {
		if (!this.registry.get(key).isSubscribed()) {
			this.watched.remove(key);
			return;
		}
		try {
			armWatch(key);
		}
		catch (RuntimeException ex) {
			// Not watched after all: the next arm must try again.
			this.watched.remove(key);
			logger.debug("Could not watch lock '" + key + "'; its waiter looks again", ex);
		}
	}

	/** Stops watching for the lock, whose last subscription was closed. */
	void disarm(String key) {
		this.watched.remove(key);
	}

	@SuppressWarnings("NullAway") // inQueue implies queued != null, which NullAway does
									// not follow
	private void armWatch(String key) {
		LockQueue queue = this.nodes.queue(key);
		String queued = this.registry.get(key).queued();
		boolean inQueue = queued != null && queue.contains(LockPaths.name(queued));
		if (inQueue && LockPaths.name(queued).equals(queue.holder())) {
			// The lock came to this process's node: nothing to watch, and its waiter may
			// take it now.
			this.watched.remove(key);
			tell(key, false);
			return;
		}
		String target = inQueue ? queue.predecessorOf(LockPaths.name(queued)) : queue.holder();
		Watched watch = (target != null) ? new Watched(this.paths.node(key, target), target.equals(queue.holder()))
				: new Watched(this.paths.directory(key), false);
		Watched before = this.watched.put(key, watch);
		if (watch.equals(before)) {
			return;
		}
		Watcher watcher = new LockWatcher(this, key);
		if (target == null) {
			// A free lock: wait for its first node, then watch that one.
			this.nodes.watchDirectory(key, watcher);
		}
		else if (!this.nodes.watch(key, watch.path(), watcher)) {
			changed(key, new WatchedEvent(Watcher.Event.EventType.NodeDeleted, Watcher.Event.KeeperState.SyncConnected,
					watch.path()));
		}
	}

	private void changed(String key, WatchedEvent event) {
		Watched watch = this.watched.get(key);
		if (watch == null || !watch.path().equals(event.getPath())) {
			return;
		}
		this.watched.remove(key, watch);
		try {
			if (event.getType() == Watcher.Event.EventType.NodeDeleted && released(key, watch)) {
				tell(key, false);
			}
		}
		catch (RuntimeException ex) {
			logger.debug("Could not read lock '" + key + "' after a change; its waiter looks again", ex);
		}
		arm(key);
	}

	/**
	 * Whether the watched holder's going freed the lock for another process's waiter;
	 * when this process waits in the queue, {@link #arm} tells once its own node holds
	 * the lock.
	 */
	private boolean released(String key, Watched watch) {
		return watch.holder() && this.registry.get(key).queued() == null && !this.nodes.queue(key).isEmpty();
	}

	@Override
	public void stateChanged(CuratorFramework client, ConnectionState state) {
		this.connected = state.isConnected();
		if (state == ConnectionState.RECONNECTED) {
			this.background.execute(this::resume);
		}
	}

	/**
	 * Watches again after a reconnection and tells every waiter, whose notices may have
	 * been missed.
	 */
	private void resume() {
		for (String key : this.registry.subscribedKeys()) {
			this.watched.remove(key);
			arm(key);
			tell(key, true);
		}
	}

	private void tell(String key, boolean resumed) {
		for (ReleaseListener listener : this.listeners) {
			try {
				if (resumed) {
					listener.noticesResumed(key);
				}
				else {
					listener.released(key);
				}
			}
			catch (RuntimeException ex) {
				logger.warn("Release listener failed for lock '" + key + "'", ex);
			}
		}
	}

	/**
	 * The watcher of one lock's watches, equal to every other of the same lock:
	 * ZooKeeper's client keeps a set of watchers per node, so a node watched again (a
	 * watch a closed subscription left on the holder, joined by the next wait's) keeps
	 * one watcher, not one more per wait.
	 */
	private record LockWatcher(ZooKeeperReleaseNotices notices, String key) implements Watcher {

		@Override
		public void process(WatchedEvent event) {
			this.notices.background.execute(() -> this.notices.changed(this.key, event));
		}

	}

	/** A watched node, and whether it held the lock when it was watched. */
	private record Watched(String path, boolean holder) {
	}

}
