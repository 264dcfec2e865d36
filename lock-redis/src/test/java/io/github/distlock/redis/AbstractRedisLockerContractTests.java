package io.github.distlock.redis;

import java.time.Duration;
import java.util.Map;
import java.util.UUID;

import io.github.distlock.core.AbstractLockerContractTests;
import io.github.distlock.store.Locker;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

import org.springframework.data.redis.connection.RedisConnectionFactory;

/**
 * The {@link Locker} contract run against {@link RedisLocker}: two processes are two lockers with
 * their own release-notice subscriptions on one connection factory, under a random prefix. A
 * subclass supplies the connections to a deployment of Redis.
 */
abstract class AbstractRedisLockerContractTests extends AbstractLockerContractTests {

	private final RedisLockers lockers = new RedisLockers("test-" + UUID.randomUUID());

	private RedisLocker locker;

	private RedisLocker otherProcess;

	/**
	 * Returns the connections to the Redis under test, the same throughout the test class.
	 * @return the connection factory
	 */
	protected abstract RedisConnectionFactory connectionFactory();

	/**
	 * Returns the prefix of the test's locks.
	 * @return the prefix
	 */
	protected String prefix() {
		return this.lockers.prefix();
	}

	@BeforeEach
	void createProcesses() {
		this.locker = this.lockers.create(connectionFactory(), RedisLocker.GIVE_WAY);
		this.otherProcess = this.lockers.create(connectionFactory(), RedisLocker.GIVE_WAY);
	}

	@AfterEach
	void closeProcesses() {
		this.lockers.close();
	}

	@Override
	protected RedisLocker locker() {
		return this.locker;
	}

	@Override
	protected RedisLocker otherProcess() {
		return this.otherProcess;
	}

	@Override
	protected Locker processGivingWayFor(Duration giveWay) {
		return this.lockers.create(connectionFactory(), giveWay);
	}

	@Override
	protected Map<String, Long> timesToLive() {
		return this.lockers.timesToLive(connectionFactory());
	}

}
