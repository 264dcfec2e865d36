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

package io.github.distlock.benchmarks;

import java.util.List;

import io.github.distlock.test.redis.RedisServer;

/**
 * A {@code redis-server} of the test rig; the hand-written Lettuce lock loop as the
 * baseline.
 */
final class RedisUnderTest implements StoreUnderTest {

	private final RedisServer server = RedisServer.start();

	@Override
	public String name() {
		return "redis";
	}

	@Override
	public List<Contender> contenders(String namespace) {
		RedisAddress address = new RedisAddress(this.server.host(), this.server.port());
		return List.of(new RawLettuceContender(address, namespace), new DistlockContender(address, namespace, false));
	}

	@Override
	public void close() {
		this.server.close();
	}

}
