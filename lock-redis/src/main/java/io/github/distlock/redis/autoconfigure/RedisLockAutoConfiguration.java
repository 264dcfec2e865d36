/*
 * Copyright 2026-present the original author or authors.
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *      https://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.

 */

package io.github.distlock.redis.autoconfigure;

import io.github.distlock.autoconfigure.ConditionalOnLockStore;
import io.github.distlock.autoconfigure.DistributedLockAutoConfiguration;
import io.github.distlock.autoconfigure.DistributedLockProperties;
import io.github.distlock.redis.RedisLocker;
import io.github.distlock.redis.RedlockLocker;
import io.github.distlock.redis.ReplicaAcknowledgement;
import io.github.distlock.store.Locker;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnSingleCandidate;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.data.redis.connection.RedisConnectionFactory;

/**
 * Auto-configuration of the Redis {@link Locker}: on the application's Redis, or on the
 * Redlock quorum of the masters that {@code distlock.redlock.nodes} lists.
 *
 * @since 0.1.0
 */
@AutoConfiguration(before = DistributedLockAutoConfiguration.class,
		afterName = "org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration")
@ConditionalOnBooleanProperty(name = "distlock.enabled", matchIfMissing = true)
@ConditionalOnLockStore("redis")
@EnableConfigurationProperties({ DistributedLockProperties.class, RedisLockProperties.class })
@Import({ RedisLockAutoConfiguration.RedlockLockerConfiguration.class,
		RedisLockAutoConfiguration.RedisLockerConfiguration.class })
public final class RedisLockAutoConfiguration {

	/** Redlock, when nodes are listed: the application's Redis then holds no locks. */
	@Configuration(proxyBeanMethods = false)
	@Conditional(OnRedlockNodesCondition.class)
	static class RedlockLockerConfiguration {

		@Bean
		@ConditionalOnMissingBean(Locker.class)
		RedlockLocker distributedLockRedlockLocker(DistributedLockProperties properties,
				RedisLockProperties redisProperties) {
			return RedlockLockerFactory.connect(redisProperties.getRedlock(), properties);
		}

	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnSingleCandidate(RedisConnectionFactory.class)
	@Conditional(OnRedlockNodesCondition.Not.class)
	static class RedisLockerConfiguration {

		@Bean
		@ConditionalOnMissingBean(Locker.class)
		RedisLocker distributedLockRedisLocker(RedisConnectionFactory redisConnectionFactory,
				DistributedLockProperties properties, RedisLockProperties redisProperties) {
			RedisLockProperties.ReplicaAck replicaAck = redisProperties.getReplicaAck();
			return new RedisLocker(redisConnectionFactory, properties.getKeyPrefix(),
					new ReplicaAcknowledgement(replicaAck.getReplicas(), replicaAck.getTimeout()));
		}

	}

}
