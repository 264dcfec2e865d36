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

import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.concurrent.CompletableFuture;

import io.lettuce.core.RedisChannelHandler;
import io.lettuce.core.RedisConnectionStateListener;
import io.lettuce.core.api.StatefulConnection;

/**
 * Tells when a connection of a Lettuce client drops. Lettuce sends the commands a dropped
 * connection left unanswered again once it has reconnected, possibly to another server,
 * so an answer that came after a drop may not be about what was sent before it. Lettuce
 * tells its listeners of a drop while the connection goes down, before it sends anything
 * again.
 */
final class ConnectionDrops implements RedisConnectionStateListener {

	/**
	 * Per connection watched, completed at its next drop; weak, so closed connections go.
	 */
	private final Map<Object, CompletableFuture<Void>> nextDrops = Collections.synchronizedMap(new WeakHashMap<>());

	/**
	 * Returns a future completed when {@code connection} next drops: commands sent after
	 * this call and answered before the future completes were all answered on one server
	 * connection.
	 * @param connection a connection of the client this listens to
	 * @return the next drop
	 */
	CompletableFuture<Void> next(StatefulConnection<?, ?> connection) {
		return this.nextDrops.computeIfAbsent(connection, (watched) -> new CompletableFuture<>());
	}

	@Override
	public void onRedisDisconnected(RedisChannelHandler<?, ?> connection) {
		CompletableFuture<Void> drop = this.nextDrops.remove(connection);
		if (drop != null) {
			drop.complete(null);
		}
	}

}
