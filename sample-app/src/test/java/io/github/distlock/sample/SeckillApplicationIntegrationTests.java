package io.github.distlock.sample;

import java.time.Duration;

import io.github.distlock.LockHandle;
import io.github.distlock.LockTemplate;
import io.github.distlock.test.redis.RedisServerExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

@SpringBootTest
class SeckillApplicationIntegrationTests {

	@RegisterExtension
	static final RedisServerExtension redis = RedisServerExtension.servers(1);

	@Autowired
	private LockTemplate lockTemplate;

	@DynamicPropertySource
	static void redisProperties(DynamicPropertyRegistry registry) {
		registry.add("spring.data.redis.port", () -> redis.server().port());
	}

	@Test
	void startsAndLocksOnConfiguredRedis() {
		try (LockHandle handle = this.lockTemplate.tryAcquire("sample:test", Duration.ofSeconds(5), null).orElseThrow()) {
			assertThat(handle.isHeld()).isTrue();
			assertThat(handle.fencingToken()).isPositive();
		}
	}

}
