package io.github.distlock.sample;

import java.time.Duration;

import io.github.distlock.core.DefaultLockTemplate;
import io.github.distlock.core.LockSettings;
import io.github.distlock.redis.RedisLocker;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.redis.connection.RedisConnectionFactory;

/**
 * Wires the lock template over the application's Redis connections.
 */
@Configuration(proxyBeanMethods = false)
class LockConfiguration {

	@Bean
	RedisLocker redisLocker(RedisConnectionFactory connectionFactory) {
		return new RedisLocker(connectionFactory, "lock");
	}

	@Bean
	DefaultLockTemplate lockTemplate(RedisLocker redisLocker) {
		return new DefaultLockTemplate(redisLocker, LockSettings.watchdogLease(Duration.ofSeconds(30)));
	}

}
