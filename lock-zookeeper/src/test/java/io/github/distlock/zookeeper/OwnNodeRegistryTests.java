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

package io.github.distlock.zookeeper;

import org.junit.jupiter.api.Test;

import io.github.distlock.zookeeper.OwnNodeRegistry.LostClaim;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Claims given up with a session (ZOOKEEPER.md, point c): a node that an attempt took or
 * created before the give-up is never claimed after it, and one claimed before it is
 * reported lost once.
 */
class OwnNodeRegistryTests {

	private static final String KEY = "job";

	private static final String NODE = "/distlock/job/_c_1-p-lock-0000000001";

	private final OwnNodeRegistry registry = new OwnNodeRegistry();

	@Test
	void nodeOfAnAttemptBegunBeforeAGiveUpIsNotClaimedAfterIt() {
		long losses = this.registry.losses();
		this.registry.update(KEY, (own) -> own.queue(NODE, System.nanoTime()));
		assertThat(this.registry.loseClaims()).isEmpty();
		assertThat(this.registry.claim(KEY, "owner", NODE, losses)).isFalse();
		assertThat(this.registry.get(KEY).claimedBy("owner")).isNull();
		assertThat(this.registry.get(KEY).isQueued(NODE)).as("left for the attempt to unqueue and delete").isTrue();
	}

	@Test
	void claimMadeBeforeAGiveUpIsReportedLostOnce() {
		long losses = this.registry.losses();
		this.registry.update(KEY, (own) -> own.queue(NODE, System.nanoTime()));
		assertThat(this.registry.claim(KEY, "owner", NODE, losses)).isTrue();
		assertThat(this.registry.loseClaims()).containsExactly(new LostClaim(KEY, "owner"));
		assertThat(this.registry.isLost(NODE)).isTrue();
		assertThat(this.registry.loseClaims()).as("a second give-up, the session's LOST after a suspension").isEmpty();
	}

}
