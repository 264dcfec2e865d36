package io.github.distlock.benchmarks;

import java.util.List;

import io.github.distlock.test.redis.RedisServer;

/**
 * A {@code redis-server} of the test rig; the hand-written Lettuce lock loop as the baseline.
 */
final class RedisUnderTest implements StoreUnderTest {

	private final RedisServer server = RedisServer.start();

	@Override
	public String name() {
		return "redis";
	}

	@Override
	public List<Contender> contenders(String namespace) {
		RedisAddress address = new RedisAddress(this.server.host(), this.server.port());
		return List.of(new RawLettuceContender(address, namespace), new DistlockContender(address, namespace, false));
	}

	@Override
	public void close() {
		this.server.close();
	}

}
