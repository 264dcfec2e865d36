package io.github.distlock.redis;

import java.nio.charset.StandardCharsets;
import java.util.function.Consumer;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

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

	private volatile @Nullable Thread subscriber;

	RedisReleaseNotices(RedisConnectionFactory connectionFactory, String channel) {
		this.channel = new ChannelTopic(channel);
		this.container.setConnectionFactory(connectionFactory);
		// Listeners only wake a parked thread, so they run on the subscription's own thread.
		this.container.setTaskExecutor(new SyncTaskExecutor());
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
			Thread starting = new Thread(this::start, "distlock-subscribe");
			starting.setDaemon(true);
			this.subscriber = starting;
			starting.start();
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

	/** Waits for a subscription still being set up, so it does not outlive the connections. */
	@Override
	public void close() {
		Thread starting = this.subscriber;
		if (starting != null) {
			starting.interrupt();
			try {
				starting.join(5000);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		}
		this.container.stop();
		try {
			this.container.destroy();
		}
		catch (Exception ex) {
			throw new IllegalStateException("Could not stop the release notice subscription", ex);
		}
	}

}
