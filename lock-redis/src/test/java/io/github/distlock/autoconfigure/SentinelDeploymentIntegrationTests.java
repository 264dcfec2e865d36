package io.github.distlock.autoconfigure;

import io.github.distlock.test.redis.RedisSentinelGroup;
import io.github.distlock.test.redis.RedisTopologyExtension;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The starter on a master and a replica watched by three Sentinels, found through
 * {@code spring.data.redis.sentinel.master} and {@code .nodes}: it locks, releases, renews and
 * mints fencing tokens on the master the Sentinels name.
 */
class SentinelDeploymentIntegrationTests extends AbstractDeploymentIntegrationTests {

	@RegisterExtension
	static final RedisTopologyExtension<RedisSentinelGroup> redis = RedisTopologyExtension.sentinel();

	@Override
	protected String[] connectionProperties() {
		return redis.get().springDataRedisProperties();
	}

}
