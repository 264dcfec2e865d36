package io.github.distlock.autoconfigure;

import io.github.distlock.redis.autoconfigure.RedisLockAutoConfiguration;
import io.github.distlock.test.redis.RedisServerExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.autoconfigure.aop.AopAutoConfiguration;
import org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * The annotation's behaviours of {@link AbstractDistributedLockIntegrationTests} with the locks on a
 * real Redis.
 */
@ImportAutoConfiguration({ DataRedisAutoConfiguration.class, RedisLockAutoConfiguration.class,
		DistributedLockAutoConfiguration.class, AopAutoConfiguration.class })
class RedisDistributedLockIntegrationTests extends AbstractDistributedLockIntegrationTests {

	@RegisterExtension
	static final RedisServerExtension redis = RedisServerExtension.servers(1);

	@DynamicPropertySource
	static void redisProperties(DynamicPropertyRegistry registry) {
		registry.add("spring.data.redis.port", () -> redis.server().port());
	}

	@Test
	void nullKeyFailsCallBeforeRedisIsTouchedAndMethodDoesNotRun() {
		redis.server().resetStatistics();
		assertThatIllegalArgumentException().isThrownBy(() -> this.orders.byProperty(new LockedServices.Order(null)))
			.withMessage("Lock key expression '#order.id' on Orders.byProperty(Order) evaluated to null");
		assertThat(this.orders.bodyRuns()).isZero();
		assertThat(redis.server().commandCalls()).doesNotContainKeys("evalsha", "eval");
	}

}
