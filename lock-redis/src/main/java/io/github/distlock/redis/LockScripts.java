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

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

import org.springframework.core.io.ClassPathResource;
import org.springframework.data.redis.core.script.RedisScript;

/**
 * The Lua scripts beside this class, loaded once. Spring Data Redis runs them by SHA and
 * sends the source again when Redis answers {@code NOSCRIPT} (after {@code SCRIPT FLUSH}
 * or a failover). They are built from the files' text: a script built on the file itself
 * would check the file for changes on every call.
 */
final class LockScripts {

	static final RedisScript<Long> ACQUIRE = longScript("acquire.lua");

	static final RedisScript<Long> RELEASE = longScript("release.lua");

	static final RedisScript<List<Long>> RENEW = listScript("renew.lua");

	static final RedisScript<Long> FENCE = longScript("fence.lua");

	static final RedisScript<List<Object>> FIND = listScript("find.lua");

	static final List<RedisScript<?>> ALL = List.of(ACQUIRE, RELEASE, RENEW, FENCE, FIND);

	private LockScripts() {
	}

	private static RedisScript<Long> longScript(String name) {
		return RedisScript.of(source(name), Long.class);
	}

	@SuppressWarnings({ "unchecked", "rawtypes" })
	private static <T> RedisScript<List<T>> listScript(String name) {
		return (RedisScript) RedisScript.of(source(name), List.class);
	}

	private static String source(String name) {
		try {
			return new ClassPathResource(name, LockScripts.class).getContentAsString(StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Could not read Lua script " + name, ex);
		}
	}

}
