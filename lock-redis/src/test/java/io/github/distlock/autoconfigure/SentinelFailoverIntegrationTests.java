package io.github.distlock.autoconfigure;

import io.github.distlock.test.redis.RedisSentinelGroup;
import io.github.distlock.test.redis.RedisTopologyExtension;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Failovers of a master watched by three Sentinels, found through
 * {@code spring.data.redis.sentinel.master} and {@code .nodes}: Lettuce asks the Sentinels for
 * the master each time it connects.
 */
class SentinelFailoverIntegrationTests extends AbstractFailoverIntegrationTests {

	@RegisterExtension
	static final RedisTopologyExtension<RedisSentinelGroup> redis = RedisTopologyExtension.sentinel();

	SentinelFailoverIntegrationTests() {
		super(redis);
	}

}
