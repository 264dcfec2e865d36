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

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;

import io.lettuce.core.RedisCommandExecutionException;
import io.lettuce.core.RedisCommandTimeoutException;
import io.lettuce.core.pubsub.StatefulRedisPubSubConnection;
import io.lettuce.core.pubsub.api.async.RedisPubSubAsyncCommands;
import org.jspecify.annotations.Nullable;

/**
 * The notice channels this locker subscribes to, counted per subscription, and the
 * commands that subscribe and unsubscribe them on the current pub/sub connection (package
 * documentation, "Release notices"). Commands are sent under the mutex, so they reach the
 * server in the order of the counts' changes; none waits for its answer there.
 */
final class NoticeChannels {

	private final Lock mutex = new ReentrantLock();

	private final Map<String, NoticeChannel> channels = new HashMap<>();

	private final Consumer<Throwable> refusals;

	/** Runs a task a little later: sending a channel again after the server failed it. */
	private final Consumer<Runnable> later;

	private @Nullable StatefulRedisPubSubConnection<String, String> connection;

	/**
	 * Whether the server has sharded pub/sub; false from its first refusal of SSUBSCRIBE
	 * as unknown.
	 */
	private boolean sharded = true;

	NoticeChannels(Consumer<Throwable> refusals, Consumer<Runnable> later) {
		this.refusals = refusals;
		this.later = later;
	}

	/**
	 * Counts one more subscription of the lock's channel, subscribing it for the first.
	 */
	NoticeChannel open(String key, String name) {
		this.mutex.lock();
		try {
			NoticeChannel channel = this.channels.computeIfAbsent(name, (absent) -> new NoticeChannel(key, name));
			if (++channel.subscriptions == 1) {
				send(channel);
			}
			return channel;
		}
		finally {
			this.mutex.unlock();
		}
	}

	/** Counts one subscription less, unsubscribing the channel after the last. */
	void close(NoticeChannel channel) {
		this.mutex.lock();
		try {
			if (--channel.subscriptions == 0) {
				this.channels.remove(channel.name());
				if (this.connection != null) {
					RedisPubSubAsyncCommands<String, String> commands = this.connection.async();
					if (this.sharded) {
						commands.sunsubscribe(channel.name());
					}
					else {
						commands.unsubscribe(channel.name());
					}
				}
			}
		}
		finally {
			this.mutex.unlock();
		}
	}

	/**
	 * Whether some subscription of this locker still wants the channel's notices: an
	 * unsubscribe is not awaited, so a notice may still come on a channel after its last
	 * subscription closed.
	 */
	boolean isOpen(String name) {
		this.mutex.lock();
		try {
			return this.channels.containsKey(name);
		}
		finally {
			this.mutex.unlock();
		}
	}

	/** A new connection: every channel is subscribed on it. */
	void connected(StatefulRedisPubSubConnection<String, String> connection) {
		this.mutex.lock();
		try {
			this.connection = connection;
			this.channels.values().forEach(this::send);
		}
		finally {
			this.mutex.unlock();
		}
	}

	/**
	 * A pub/sub connection to a server dropped: its channels' notices are lost until they
	 * are confirmed again, so no channel counts as confirmed meanwhile.
	 */
	void connectionLost() {
		this.mutex.lock();
		try {
			this.channels.values().forEach((channel) -> {
				if (channel.state == NoticeChannel.State.CONFIRMED) {
					channel.state = NoticeChannel.State.PENDING;
				}
			});
		}
		finally {
			this.mutex.unlock();
		}
	}

	/**
	 * Sends every channel not confirmed again, one command each: once a pub/sub
	 * connection is back, Lettuce subscribes its channels again too, but with one
	 * command, which a cluster node refuses when they are in several slots (CROSSSLOT).
	 */
	void sendPending() {
		this.mutex.lock();
		try {
			this.channels.values()
				.stream()
				.filter((channel) -> channel.state == NoticeChannel.State.PENDING)
				.forEach(this::send);
		}
		finally {
			this.mutex.unlock();
		}
	}

	/**
	 * The server unsubscribed a channel on its own: a cluster node does when the
	 * channel's slot moved to another node (Lettuce does not subscribe it again there). A
	 * channel this locker unsubscribed is gone from the map, or pending again when
	 * subscribed anew since.
	 */
	void unsubscribedByServer(String name) {
		this.mutex.lock();
		try {
			NoticeChannel channel = this.channels.get(name);
			if (channel != null && channel.state == NoticeChannel.State.CONFIRMED) {
				send(channel);
			}
		}
		finally {
			this.mutex.unlock();
		}
	}

	void disconnected() {
		this.mutex.lock();
		try {
			this.connection = null;
		}
		finally {
			this.mutex.unlock();
		}
	}

	/**
	 * The server confirmed the channel.
	 * @return the lock whose notices resumed (a channel confirmed before), or
	 * {@code null}
	 */
	@Nullable String confirmed(String name) {
		this.mutex.lock();
		try {
			NoticeChannel channel = this.channels.get(name);
			if (channel == null) {
				return null;
			}
			boolean resumed = channel.confirmationResumes();
			channel.state = NoticeChannel.State.CONFIRMED;
			channel.confirmedBefore = true;
			channel.answered();
			return resumed ? channel.key() : null;
		}
		finally {
			this.mutex.unlock();
		}
	}

	boolean isConfirmed(NoticeChannel channel) {
		this.mutex.lock();
		try {
			return channel.state == NoticeChannel.State.CONFIRMED;
		}
		finally {
			this.mutex.unlock();
		}
	}

	private void send(NoticeChannel channel) {
		if (this.connection == null) {
			return;
		}
		channel.state = NoticeChannel.State.PENDING;
		RedisPubSubAsyncCommands<String, String> commands = this.connection.async();
		(this.sharded ? commands.ssubscribe(channel.name()) : commands.subscribe(channel.name()))
			.whenComplete((done, failure) -> {
				if (failure != null) {
					failed(channel, failure);
				}
			});
	}

	/**
	 * An error the server answered: SSUBSCRIBE unknown (Redis 6), the channel refused (an
	 * ACL user without rights on it, NOPERM), or any other (MOVED while a slot moves,
	 * CLUSTERDOWN), after which the channel stays pending and is sent again a little
	 * later.
	 */
	private void failed(NoticeChannel channel, Throwable failure) {
		if (!(failure instanceof RedisCommandExecutionException)) {
			// The connection went away: the channel stays pending, and is sent again once
			// it is back.
			if (failure instanceof RedisCommandTimeoutException) {
				// Not answered in time, or expired before it was sent: its first
				// subscriber waits no
				// longer, and it is sent again (a second SSUBSCRIBE of a channel only
				// confirms it again).
				channel.answered();
				this.later.accept(() -> sendAgain(channel));
			}
			return;
		}
		String message = String.valueOf(failure.getMessage());
		this.mutex.lock();
		try {
			if (this.channels.get(channel.name()) != channel) {
				return;
			}
			if (this.sharded && message.contains("unknown command")) {
				// Redis 6: release.lua publishes classically there too.
				this.sharded = false;
				send(channel);
				return;
			}
			if (!message.startsWith("NOPERM")) {
				this.later.accept(() -> sendAgain(channel));
				return;
			}
			channel.state = NoticeChannel.State.REFUSED;
			channel.answered();
		}
		finally {
			this.mutex.unlock();
		}
		this.refusals.accept(failure);
	}

	private void sendAgain(NoticeChannel channel) {
		this.mutex.lock();
		try {
			if (this.channels.get(channel.name()) == channel && channel.state == NoticeChannel.State.PENDING) {
				send(channel);
			}
		}
		finally {
			this.mutex.unlock();
		}
	}

}
