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

import java.net.SocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;

import io.lettuce.core.AbstractRedisClient;
import io.lettuce.core.RedisChannelHandler;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisConnectionStateListener;
import io.lettuce.core.cluster.RedisClusterClient;
import io.lettuce.core.codec.StringCodec;
import io.lettuce.core.pubsub.RedisPubSubAdapter;
import io.lettuce.core.pubsub.StatefulRedisPubSubConnection;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.util.backoff.BackOff;
import org.springframework.util.backoff.BackOffExecution;
import org.springframework.util.backoff.ExponentialBackOff;

import io.github.distlock.store.ReleaseListener;
import io.github.distlock.store.ReleaseSubscription;

/**
 * A locker's release notices (package documentation, "Release notices"): one Lettuce
 * pub/sub connection, opened when the locker starts or in the background when the first
 * listener is added, and retried with back-off until it opens, so an application starts
 * while Redis is away; the lock channels subscribed on it while this process waits for
 * those locks. Lettuce restores a dropped connection and subscribes its channels again;
 * each channel confirmed again tells listeners that its notices resumed, since those
 * published in between were missed. It can be stopped and started again, keeping its
 * listeners and channels; closed, it stays closed.
 */
final class RedisReleaseNotices implements AutoCloseable {

	private static final Log logger = LogFactory.getLog(RedisReleaseNotices.class);

	/** How long after the server failed a channel (not refused it) it is sent again. */
	private static final Duration RESEND_AFTER = Duration.ofSeconds(1);

	private final RedisConnectionFactory connectionFactory;

	private final RedisLockKeys keys;

	private final NoticeChannels channels = new NoticeChannels(this::refused, this::later);

	private final List<ReleaseListener> listeners = new CopyOnWriteArrayList<>();

	private final BackOff retries = retries();

	private final NoticeFailures failures;

	/**
	 * Tells the channels of pub/sub connections of the client that drop and come back.
	 */
	private final RedisConnectionStateListener reconnections = new Reconnections();

	/** Connects and schedules the retries: one daemon thread. */
	private final ScheduledExecutorService connector = Executors.newSingleThreadScheduledExecutor((task) -> {
		Thread thread = new Thread(task, "distlock-subscribe");
		thread.setDaemon(true);
		return thread;
	});

	/**
	 * Guards connecting and disconnecting, so that no connection under way overtakes a
	 * stop.
	 */
	private final Lock transitions = new ReentrantLock();

	private volatile @Nullable StatefulRedisPubSubConnection<String, String> connection;

	private volatile boolean running = true;

	private volatile boolean closed;

	/** Whether the server refused a channel since it last confirmed one. */
	private volatile boolean refused;

	RedisReleaseNotices(RedisConnectionFactory connectionFactory, RedisLockKeys keys) {
		this.connectionFactory = connectionFactory;
		this.keys = keys;
		this.failures = new NoticeFailures(keys.noticeChannelPattern());
	}

	void addListener(ReleaseListener listener) {
		this.listeners.add(listener);
		connectSoon();
	}

	/**
	 * Subscribes to the lock's channel and waits for the server's answer, at most
	 * {@code confirmWithin} and the command timeout.
	 */
	ReleaseSubscription subscribe(String key, Duration confirmWithin) {
		NoticeChannel channel = this.channels.open(key, this.keys.noticeChannel(key));
		StatefulRedisPubSubConnection<String, String> current = this.connection;
		if (current != null) {
			channel.awaitAnswer(
					(confirmWithin.compareTo(current.getTimeout()) < 0) ? confirmWithin : current.getTimeout());
		}
		AtomicBoolean open = new AtomicBoolean(true);
		return new ReleaseSubscription() {

			@Override
			public boolean isActive() {
				return open.get() && RedisReleaseNotices.this.channels.isConfirmed(channel) && isSubscribed();
			}

			@Override
			public void close() {
				if (open.getAndSet(false)) {
					RedisReleaseNotices.this.channels.close(channel);
				}
			}

		};
	}

	/**
	 * Whether notices can reach this process: connected, running, and no channel refused
	 * lately.
	 */
	boolean isSubscribed() {
		StatefulRedisPubSubConnection<String, String> current = this.connection;
		return this.running && current != null && current.isOpen() && !this.refused;
	}

	boolean isRunning() {
		return this.running;
	}

	void start() {
		if (!this.closed) {
			this.running = true;
			connectSoon();
		}
	}

	void stop() {
		this.running = false;
		this.transitions.lock();
		try {
			StatefulRedisPubSubConnection<String, String> current = this.connection;
			this.connection = null;
			this.channels.disconnected();
			if (current != null) {
				client().removeListener(this.reconnections);
				current.close();
			}
		}
		finally {
			this.transitions.unlock();
		}
	}

	/**
	 * Stops the connection before its thread, so no retry is scheduled on the way out.
	 */
	@Override
	public void close() {
		this.closed = true;
		stop();
		this.connector.shutdownNow();
	}

	private void connectSoon() {
		if (this.running && !this.closed) {
			BackOffExecution backOff = this.retries.start();
			this.connector.execute(() -> connect(backOff));
		}
	}

	/**
	 * Opens the connection now, unless it is open, and waits for this attempt; a failed
	 * attempt is retried in the background, as any.
	 * @throws IllegalStateException when the connection did not open, or the notices are
	 * stopped
	 */
	void open() {
		BackOffExecution backOff = this.retries.start();
		try {
			this.connector.submit(() -> connect(backOff)).get();
		}
		catch (ExecutionException | RejectedExecutionException ex) {
			throw new IllegalStateException("Could not open the release-notice connection", ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		if (this.connection == null) {
			throw new IllegalStateException("The release-notice connection did not open");
		}
	}

	private void connect(BackOffExecution backOff) {
		this.transitions.lock();
		try {
			if (this.running && this.connection == null) {
				tryToConnect(backOff);
			}
		}
		finally {
			this.transitions.unlock();
		}
	}

	private void tryToConnect(BackOffExecution backOff) {
		try {
			StatefulRedisPubSubConnection<String, String> opened = connectPubSub();
			opened.addListener(new Dispatcher());
			client().addListener(this.reconnections);
			this.connection = opened;
			this.channels.connected(opened);
			this.failures.connected();
		}
		catch (RuntimeException ex) {
			this.failures.connectionFailed(ex);
			this.connector.schedule(() -> connect(backOff), backOff.nextBackOff(), TimeUnit.MILLISECONDS);
		}
	}

	/**
	 * A connection of the application's own client: Spring Data Redis's listener
	 * container has no sharded pub/sub.
	 */
	private StatefulRedisPubSubConnection<String, String> connectPubSub() {
		AbstractRedisClient client = client();
		return (client instanceof RedisClusterClient cluster) ? cluster.connectPubSub(StringCodec.UTF8)
				: ((RedisClient) client).connectPubSub(StringCodec.UTF8);
	}

	private AbstractRedisClient client() {
		if (!(this.connectionFactory instanceof LettuceConnectionFactory lettuce)) {
			throw new IllegalStateException("release notices need Lettuce, and the Redis connection factory is a "
					+ this.connectionFactory.getClass().getName());
		}
		return lettuce.getRequiredNativeClient();
	}

	/** Runs a task on the connector thread a second from now, unless closed. */
	private void later(Runnable task) {
		schedule(task, RESEND_AFTER);
	}

	private void schedule(Runnable task, Duration delay) {
		try {
			this.connector.schedule(task, delay.toMillis(), TimeUnit.MILLISECONDS);
		}
		catch (RejectedExecutionException ex) {
			// Closed: nobody waits for notices any more.
		}
	}

	private void refused(Throwable failure) {
		this.refused = true;
		this.failures.refused(failure);
	}

	private void tellListeners(Consumer<ReleaseListener> news, String what) {
		for (ReleaseListener listener : this.listeners) {
			try {
				news.accept(listener);
			}
			catch (RuntimeException ex) {
				logger.warn("A release listener failed on " + what, ex);
			}
		}
	}

	/** Passes the channels' messages and (re)subscriptions on to the listeners. */
	private final class Dispatcher extends RedisPubSubAdapter<String, String> {

		@Override
		public void message(String channel, String key) {
			if (RedisReleaseNotices.this.channels.isOpen(channel)) {
				tellListeners((listener) -> listener.released(key), "the notice for lock '" + key + "'");
			}
		}

		@Override
		public void smessage(String channel, String key) {
			message(channel, key);
		}

		@Override
		public void subscribed(String channel, long count) {
			RedisReleaseNotices.this.refused = false;
			String resumed = RedisReleaseNotices.this.channels.confirmed(channel);
			if (resumed != null) {
				tellListeners((listener) -> listener.noticesResumed(resumed),
						"the news that notices of lock '" + resumed + "' have resumed");
			}
		}

		@Override
		public void ssubscribed(String channel, long count) {
			subscribed(channel, count);
		}

		@Override
		public void sunsubscribed(String channel, long count) {
			RedisReleaseNotices.this.channels.unsubscribedByServer(channel);
		}

	}

	/**
	 * Tells the channels when a pub/sub connection of the client drops and comes back: in
	 * a cluster, the connection to each node of the pub/sub connection has its own. The
	 * client's other pub/sub connections, if any, make the channels be sent again for
	 * nothing; and since a connection that drops for good (one the client closes) never
	 * comes back, the channels are also sent again a second after a drop.
	 */
	private final class Reconnections implements RedisConnectionStateListener {

		@Override
		public void onRedisConnected(RedisChannelHandler<?, ?> connection, SocketAddress address) {
			if (connection instanceof StatefulRedisPubSubConnection) {
				schedule(RedisReleaseNotices.this.channels::sendPending, Duration.ZERO);
			}
		}

		@Override
		public void onRedisDisconnected(RedisChannelHandler<?, ?> connection) {
			if (connection instanceof StatefulRedisPubSubConnection) {
				RedisReleaseNotices.this.channels.connectionLost();
				later(RedisReleaseNotices.this.channels::sendPending);
			}
		}

	}

	private static BackOff retries() {
		ExponentialBackOff backOff = new ExponentialBackOff(100, 2);
		backOff.setMaxInterval(5000);
		return backOff;
	}

}
