package io.github.distlock.redis;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.Consumer;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.core.task.SyncTaskExecutor;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.data.redis.listener.ChannelTopic;
import org.springframework.data.redis.listener.RedisMessageListenerContainer;
import org.springframework.util.backoff.ExponentialBackOff;

/**
 * One pub/sub subscription per application, to the channel on which releases are announced.
 * It subscribes in the background, so an application starts while Redis is away, and
 * re-subscribes by itself after Redis comes back; meanwhile waiters retry when leases run out.
 */
final class RedisReleaseNotices implements AutoCloseable {

	private static final Log logger = LogFactory.getLog(RedisReleaseNotices.class);

	private final RedisMessageListenerContainer container = new RedisMessageListenerContainer();

	private final ChannelTopic channel;

	/** Subscribes and, when Redis is away, schedules the retries: one daemon thread. */
	private final ScheduledExecutorService subscriptions = Executors.newSingleThreadScheduledExecutor((task) -> {
		Thread thread = new Thread(task, "distlock-subscribe");
		thread.setDaemon(true);
		return thread;
	});

	RedisReleaseNotices(RedisConnectionFactory connectionFactory, String channel) {
		this.channel = new ChannelTopic(channel);
		this.container.setConnectionFactory(connectionFactory);
		// Listeners only wake a parked thread, so they run on the subscription's own thread.
		this.container.setTaskExecutor(new SyncTaskExecutor());
		this.container.setSubscriptionExecutor(this.subscriptions);
		ExponentialBackOff recovery = new ExponentialBackOff(100, 2);
		recovery.setMaxInterval(5000);
		this.container.setRecoveryBackoff(recovery);
		this.container.setBeanName("distlock-release-notices");
		this.container.afterPropertiesSet();
	}

	void subscribe(Consumer<String> listener) {
		this.container.addMessageListener(
				(message, pattern) -> listener.accept(new String(message.getBody(), StandardCharsets.UTF_8)),
				this.channel);
		if (!this.container.isRunning()) {
			this.subscriptions.execute(this::start);
		}
	}

	private void start() {
		try {
			this.container.start();
		}
		catch (RuntimeException ex) {
			logger.warn("Release notices are not subscribed yet (" + ex.getMessage() + "); waiters retry when the "
					+ "holder's lease runs out until the subscription recovers");
		}
	}

	/** Stops the subscription before its thread, so no recovery is scheduled on the way out. */
	@Override
	public void close() {
		this.container.stop();
		this.subscriptions.shutdownNow();
		try {
			this.container.destroy();
		}
		catch (Exception ex) {
			throw new IllegalStateException("Could not stop the release notice subscription", ex);
		}
	}

}
