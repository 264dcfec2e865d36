package io.github.distlock.redis;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

import org.springframework.core.NestedExceptionUtils;
import org.springframework.core.task.SyncTaskExecutor;
import org.springframework.data.redis.connection.Message;
import org.springframework.data.redis.connection.MessageListener;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.data.redis.connection.SubscriptionListener;
import org.springframework.data.redis.listener.ChannelTopic;
import org.springframework.data.redis.listener.RedisMessageListenerContainer;
import org.springframework.util.backoff.BackOff;
import org.springframework.util.backoff.BackOffExecution;
import org.springframework.util.backoff.ExponentialBackOff;

import io.github.distlock.core.ReleaseListener;

/**
 * One pub/sub subscription per locker, to the channel on which releases are announced, made
 * when the first listener is added. It subscribes in the background, so an application starts
 * while Redis is away or refuses the channel, and keeps trying with back-off until it succeeds;
 * meanwhile waiters poll. A connection that drops is restored and subscribed again by the Redis
 * client; each time the channel is subscribed, listeners hear that notices have resumed, since
 * those published in between were missed. It can be stopped and started again, keeping its
 * listeners; closed, it stays closed.
 */
final class RedisReleaseNotices implements AutoCloseable {

	private static final Log logger = LogFactory.getLog(RedisReleaseNotices.class);

	private final RedisMessageListenerContainer container = new RedisMessageListenerContainer();

	private final String channel;

	private final List<ReleaseListener> listeners = new CopyOnWriteArrayList<>();

	private final BackOff retries = retries();

	/** Subscribes and schedules the retries: one daemon thread. */
	private final ScheduledExecutorService subscriptions = Executors.newSingleThreadScheduledExecutor((task) -> {
		Thread thread = new Thread(task, "distlock-subscribe");
		thread.setDaemon(true);
		return thread;
	});

	/** Guards the container's start and stop, so that no subscription under way overtakes a stop. */
	private final Lock transitions = new ReentrantLock();

	private volatile boolean running = true;

	private volatile boolean closed;

	/** The kind of failure last warned of, {@code null} once subscribed; guarded by transitions. */
	private @Nullable String reportedFailure;

	RedisReleaseNotices(RedisConnectionFactory connectionFactory, String channel) {
		this.channel = channel;
		this.container.setConnectionFactory(connectionFactory);
		// Listeners only wake a parked thread, so they run on the subscription's own thread.
		this.container.setTaskExecutor(new SyncTaskExecutor());
		this.container.setSubscriptionExecutor(this.subscriptions);
		this.container.setRecoveryBackoff(this.retries);
		this.container.setBeanName("distlock-release-notices");
		this.container.addMessageListener(new Dispatcher(), new ChannelTopic(channel));
		this.container.afterPropertiesSet();
	}

	void addListener(ReleaseListener listener) {
		this.listeners.add(listener);
		subscribeSoon();
	}

	boolean isSubscribed() {
		return this.container.isListening();
	}

	boolean isRunning() {
		return this.running;
	}

	void start() {
		if (!this.closed) {
			this.running = true;
			subscribeSoon();
		}
	}

	void stop() {
		this.running = false;
		this.transitions.lock();
		try {
			this.container.stop();
		}
		finally {
			this.transitions.unlock();
		}
	}

	/** Stops the subscription before its thread, so no retry is scheduled on the way out. */
	@Override
	public void close() {
		this.closed = true;
		stop();
		this.subscriptions.shutdownNow();
		try {
			this.container.destroy();
		}
		catch (Exception ex) {
			throw new IllegalStateException("Could not stop the release notice subscription", ex);
		}
	}

	private void subscribeSoon() {
		if (this.running) {
			BackOffExecution backOff = this.retries.start();
			this.subscriptions.execute(() -> subscribe(backOff));
		}
	}

	private void subscribe(BackOffExecution backOff) {
		this.transitions.lock();
		try {
			if (this.running && !this.listeners.isEmpty() && !this.container.isRunning()) {
				tryToSubscribe(backOff);
			}
		}
		finally {
			this.transitions.unlock();
		}
	}

	private void tryToSubscribe(BackOffExecution backOff) {
		try {
			this.container.start();
			reportSubscribed();
		}
		catch (RuntimeException ex) {
			// A failed start leaves the container started but not listening; only a stop lets it try again.
			this.container.stop();
			reportFailure(ex);
			this.subscriptions.schedule(() -> subscribe(backOff), backOff.nextBackOff(), TimeUnit.MILLISECONDS);
		}
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

	private void reportSubscribed() {
		if (this.reportedFailure != null) {
			logger.info("Release notices are subscribed on channel '" + this.channel + "' again");
			this.reportedFailure = null;
		}
	}

	/** Warns once for each kind of failure in a row, so a retry every few seconds does not flood the log. */
	private void reportFailure(RuntimeException ex) {
		Throwable cause = NestedExceptionUtils.getMostSpecificCause(ex);
		String description = (cause.getMessage() != null) ? cause.getMessage() : cause.getClass().getName();
		String kind = description.contains("NOPERM") ? "refused" : "failed";
		if (kind.equals(this.reportedFailure)) {
			logger.debug("Release notices are still not subscribed", ex);
			return;
		}
		this.reportedFailure = kind;
		if (kind.equals("refused")) {
			logger.warn("Release notices are off: the Redis user may not subscribe to channel '" + this.channel
					+ "' (" + description + "). Waiters poll locks instead of being told. Grant the channel to "
					+ "the user, for example with 'ACL SETUSER <user> &" + this.channel
					+ "'; the subscription is retried until it succeeds.");
		}
		else {
			logger.warn("Release notices are not subscribed yet (" + description + "); waiters poll locks instead "
					+ "of being told until the subscription succeeds");
		}
	}

	/** Passes the channel's messages and (re)subscriptions on to the listeners. */
	private final class Dispatcher implements MessageListener, SubscriptionListener {

		@Override
		public void onMessage(Message message, byte @Nullable [] pattern) {
			String key = new String(message.getBody(), StandardCharsets.UTF_8);
			tellListeners((listener) -> listener.released(key), "the notice for lock '" + key + "'");
		}

		@Override
		public void onChannelSubscribed(byte[] channel, long count) {
			tellListeners(ReleaseListener::noticesResumed, "the news that notices have resumed");
		}

	}

	private static BackOff retries() {
		ExponentialBackOff backOff = new ExponentialBackOff(100, 2);
		backOff.setMaxInterval(5000);
		return backOff;
	}

}
