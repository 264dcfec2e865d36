package io.github.distlock.autoconfigure;

import io.github.distlock.test.redis.RedisCluster;
import io.github.distlock.test.redis.RedisTopologyExtension;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Failovers of a master of a Redis Cluster of three masters with a replica each, found through
 * {@code spring.data.redis.cluster.nodes}, with Lettuce's topology refresh on.
 */
class ClusterFailoverIntegrationTests extends AbstractFailoverIntegrationTests {

	@RegisterExtension
	static final RedisTopologyExtension<RedisCluster> redis = RedisTopologyExtension.cluster();

	ClusterFailoverIntegrationTests() {
		super(redis);
	}

	/**
	 * Spring Boot leaves Lettuce's topology refresh off: Lettuce then never learns that a replica
	 * took over the dead master's slots, and every command for them fails until the application
	 * restarts. Adaptive refresh alone is not enough: it is triggered by reconnecting, and a
	 * connection to the dead master that was never opened is never reconnected. So, as the README
	 * advises, a period too.
	 */
	@Override
	protected String[] clientProperties() {
		return new String[] { "spring.data.redis.lettuce.cluster.refresh.adaptive=true",
				"spring.data.redis.lettuce.cluster.refresh.period=2s" };
	}

}
