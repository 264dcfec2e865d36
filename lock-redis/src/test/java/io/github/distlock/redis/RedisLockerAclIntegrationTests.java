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

package io.github.distlock.redis;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import io.github.distlock.store.Acquisition;
import io.github.distlock.store.Release;
import io.github.distlock.store.ReleaseSubscription;
import io.github.distlock.test.redis.RedisServerExtension;
import io.lettuce.core.AclSetuserArgs;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.api.StatefulRedisConnection;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A Redis ACL user with rights on keys and commands but not on the release channel still
 * releases, and is told once, clearly, what to grant; a user with the channel gets
 * notices.
 */
@ExtendWith(OutputCaptureExtension.class)
class RedisLockerAclIntegrationTests {

	private static final Duration LEASE = Duration.ofSeconds(30);

	private static final String PASSWORD = "secret";

	@RegisterExtension
	static final RedisServerExtension redis = RedisServerExtension.servers(1);

	private final RedisLockers lockers = new RedisLockers("acl-" + UUID.randomUUID());

	private final String channels = "{" + this.lockers.prefix() + ":*}:notices";

	private final String key = "goods:" + UUID.randomUUID();

	private final List<LettuceConnectionFactory> connectionFactories = new ArrayList<>();

	private RedisClient adminClient;

	private StatefulRedisConnection<String, String> admin;

	@BeforeEach
	void createUsers() {
		this.adminClient = RedisClient.create(RedisURI.create(redis.server().host(), redis.server().port()));
		this.admin = this.adminClient.connect();
		this.admin.sync().aclSetuser("muted", userArguments());
		this.admin.sync().aclSetuser("notified", userArguments().channelPattern(this.channels));
	}

	@AfterEach
	void close() {
		this.lockers.close();
		this.connectionFactories.forEach(LettuceConnectionFactory::destroy);
		this.admin.close();
		this.adminClient.shutdown();
	}

	@Test
	void userWithoutChannelRightsStillReleasesLockSomeoneWaitsFor() {
		RedisLocker muted = locker("muted");
		RedisLocker waiting = locker(null);
		for (boolean givingWay : List.of(false, true)) {
			String owner = UUID.randomUUID().toString();
			assertThat(muted.tryAcquire(this.key, owner, LEASE, Duration.ZERO)).returns(true, Acquisition::acquired);
			assertThat(waiting.tryAcquire(this.key, "waiter", LEASE, LEASE).acquired()).isFalse();
			Release release = givingWay ? muted.giveWay(this.key, owner) : muted.release(this.key, owner);
			assertThat(release).isEqualTo(Release.RELEASED);
			assertThat(waiting.tryAcquire(this.key, "waiter", LEASE, Duration.ZERO)).returns(true,
					Acquisition::acquired);
			assertThat(waiting.release(this.key, "waiter")).isEqualTo(Release.RELEASED);
		}
	}

	@Test
	void userWithoutChannelRightsIsWarnedOnceWithGrantToAdd(CapturedOutput output) {
		RedisLocker muted = locker("muted");
		muted.onRelease((released) -> {
		});
		await().atMost(Duration.ofSeconds(10)).until(muted::releaseNoticesActive);
		for (int i = 0; i < 3; i++) {
			try (ReleaseSubscription refused = muted.subscribe(this.key + ":" + i, Duration.ofSeconds(10))) {
				assertThat(refused.isActive()).isFalse();
			}
		}
		await().atMost(Duration.ofSeconds(10)).until(() -> refusedSubscriptions() >= 3);
		assertThat(muted.releaseNoticesActive()).isFalse();
		String grant = "ACL SETUSER <user> &" + this.channels;
		assertThat(output.getAll()).containsOnlyOnce(grant).contains("channels '" + this.channels + "'");
	}

	@Test
	void userWithChannelRightsGetsNoticesAndPublishesThem() throws InterruptedException {
		RedisLocker notified = locker("notified");
		RedisLocker other = locker(null);
		BlockingQueue<String> toNotified = listen(notified);
		BlockingQueue<String> toOther = listen(other);
		try (ReleaseSubscription notifiedWaits = subscribe(notified);
				ReleaseSubscription otherWaits = subscribe(other)) {
			other.tryAcquire(this.key, "other", LEASE, Duration.ZERO);
			notified.tryAcquire(this.key, "notified", LEASE, LEASE);
			other.release(this.key, "other");
			assertThat(toNotified.poll(10, TimeUnit.SECONDS)).isEqualTo(this.key);
			notified.tryAcquire(this.key, "notified", LEASE, Duration.ZERO);
			other.tryAcquire(this.key, "other", LEASE, LEASE);
			notified.release(this.key, "notified");
			assertThat(toOther.poll(10, TimeUnit.SECONDS)).isEqualTo(this.key);
		}
	}

	private ReleaseSubscription subscribe(RedisLocker locker) {
		ReleaseSubscription subscription = locker.subscribe(this.key, Duration.ofSeconds(10));
		await().atMost(Duration.ofSeconds(10)).until(subscription::isActive);
		return subscription;
	}

	private RedisLocker locker(@Nullable String username) {
		LettuceConnectionFactory connectionFactory = RedisConnections.standalone(redis.server().port(), username,
				PASSWORD);
		this.connectionFactories.add(connectionFactory);
		return this.lockers.create(connectionFactory, RedisLocker.GIVE_WAY);
	}

	private static BlockingQueue<String> listen(RedisLocker locker) {
		BlockingQueue<String> notices = new LinkedBlockingQueue<>();
		locker.onRelease(notices::add);
		await().atMost(Duration.ofSeconds(10)).until(locker::releaseNoticesActive);
		return notices;
	}

	/**
	 * How often Redis refused the muted user a subscription to the channel, from its ACL
	 * log.
	 */
	private long refusedSubscriptions() {
		return this.admin.sync()
			.aclLog()
			.stream()
			.filter((entry) -> "muted".equals(entry.get("username"))
					&& String.valueOf(entry.get("object")).startsWith("{" + this.lockers.prefix() + ":")
					&& "toplevel".equals(entry.get("context")))
			.mapToLong((entry) -> (Long) entry.get("count"))
			.sum();
	}

	private static AclSetuserArgs userArguments() {
		return AclSetuserArgs.Builder.on().addPassword(PASSWORD).allKeys().allCommands().resetChannels();
	}

}
