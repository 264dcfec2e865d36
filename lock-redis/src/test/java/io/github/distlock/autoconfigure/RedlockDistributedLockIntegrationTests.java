package io.github.distlock.autoconfigure;

import java.util.stream.IntStream;

import io.github.distlock.test.redis.RedisServerExtension;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The annotation's behaviours of {@link DistributedLockIntegrationTests} (transactions, async
 * methods, keys, fallback, multi-locks) with the locks on five Redlock masters.
 */
class RedlockDistributedLockIntegrationTests extends DistributedLockIntegrationTests {

	@RegisterExtension
	static final RedisServerExtension nodes = RedisServerExtension.servers(5);

	@DynamicPropertySource
	static void redlockProperties(DynamicPropertyRegistry registry) {
		registry.add("distlock.redlock.nodes",
				() -> String.join(",", IntStream.range(0, 5).mapToObj((node) -> nodes.server(node).uri()).toList()));
		registry.add("distlock.redlock.node-timeout", () -> "2s");
	}

	/** Held by a majority of the nodes. */
	@Override
	boolean isHeldInStore(String redisKey) {
		return IntStream.range(0, 5)
			.filter((node) -> nodes.server(node).withConnection((redis) -> redis.sync().exists(redisKey)) == 1)
			.count() >= 3;
	}

}
