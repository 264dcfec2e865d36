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

import java.util.List;

import io.github.distlock.test.redis.RedisServer;

import org.springframework.data.redis.core.script.RedisScript;

/** What a test server's script cache holds of the locker's scripts. */
final class ScriptCache {

	private ScriptCache() {
	}

	/**
	 * Whether every script of the locker is in the server's cache
	 * ({@code SCRIPT EXISTS}).
	 */
	static boolean loaded(RedisServer server) {
		String[] shas = LockScripts.ALL.stream().map(RedisScript::getSha1).toArray(String[]::new);
		List<Boolean> exists = server.withConnection((connection) -> connection.sync().scriptExists(shas));
		return !exists.contains(false);
	}

}
