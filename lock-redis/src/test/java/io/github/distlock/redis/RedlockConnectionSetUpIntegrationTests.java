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

import io.github.distlock.LockHandle;
import io.github.distlock.core.DefaultLockTemplate;
import io.github.distlock.core.WatchdogSettings;
import io.github.distlock.test.redis.FaultProxy;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Redlock nodes whose connections take longer to set up (a TLS handshake, a distant node)
 * than a node may take to answer a command: the node timeout bounds commands only, and
 * the connections are made when the locker is made, so the first lock after start-up is
 * taken.
 */
class RedlockConnectionSetUpIntegrationTests {

	private static final Duration NODE_TIMEOUT = Duration.ofMillis(50);

	private static final Duration SET_UP = Duration.ofMillis(200);

	private static final Duration LEASE = Duration.ofSeconds(30);

	@RegisterExtension
	static final RedlockNodes nodes = new RedlockNodes(3);

	private final List<FaultProxy> proxies = new ArrayList<>();

	@BeforeEach
	void slowConnectionSetUp() {
		for (int i = 0; i < 3; i++) {
			FaultProxy proxy = FaultProxy.start(nodes.server(i));
			proxy.delayNewConnections(SET_UP);
			this.proxies.add(proxy);
		}
	}

	@AfterEach
	void closeProxies() {
		this.proxies.forEach(FaultProxy::close);
	}

	@Test
	void firstAcquireAfterConnectingSucceedsThoughSetUpOutlastsTheNodeTimeout() {
		try (RedlockLocker locker = RedlockLocker.connect(uris(), NODE_TIMEOUT, nodes.prefix())) {
			assertThat(locker.tryAcquire("first:" + UUID.randomUUID(), "owner", LEASE, Duration.ZERO).acquired())
				.isTrue();
		}
	}

	@Test
	void everyNodeHasTheScriptsAndANoticeConnectionBeforeTheFirstLock() {
		for (int i = 0; i < 3; i++) {
			nodes.server(i).flushScripts();
		}
		try (RedlockLocker locker = RedlockLocker.connect(uris(), NODE_TIMEOUT, nodes.prefix())) {
			for (int i = 0; i < 3; i++) {
				assertThat(ScriptCache.loaded(nodes.server(i))).as("scripts on node %d", i).isTrue();
			}
			assertThat(locker.releaseNoticesActive()).isTrue();
		}
	}

	@Test
	void leaseOfAnAcquireThatHadToSendItsScriptAgainCountsFromThen() {
		Duration delay = Duration.ofMillis(600);
		try (RedlockLocker locker = RedlockLocker.connect(uris(), RedlockNodes.NODE_TIMEOUT, nodes.prefix());
				DefaultLockTemplate template = new DefaultLockTemplate(locker, WatchdogSettings.watchdogLease(LEASE))) {
			for (int i = 0; i < 3; i++) {
				nodes.server(i).flushScripts();
				// The acquire's EVALSHA, and so its NOSCRIPT answer, is held up; the
				// script goes again after that.
				this.proxies.get(i).stall(delay);
			}
			try (LockHandle handle = template.tryAcquire("cold", LEASE, Duration.ZERO).orElseThrow()) {
				Duration leaseLeft = template.activity().held().get(0).leaseLeft();
				// Less what the core allows for the nodes' clocks (1% and 2 ms), and half
				// the stall for the machine.
				Duration allowance = LEASE.dividedBy(100).plusMillis(2);
				assertThat(leaseLeft).isGreaterThan(LEASE.minus(allowance).minus(delay.dividedBy(2)));
			}
		}
	}

	private List<String> uris() {
		return this.proxies.stream().map(FaultProxy::uri).toList();
	}

}
