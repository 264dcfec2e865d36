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

import org.jspecify.annotations.Nullable;

import org.springframework.aot.hint.RuntimeHints;
import org.springframework.aot.hint.RuntimeHintsRegistrar;

/**
 * Makes the Lua scripts beside {@link LockScripts} resources of a native image, where a
 * class path resource that is not named at build time does not exist. Registered in
 * {@code META-INF/spring/aot.factories}, as Spring Data Redis registers its own hints, so
 * they apply whenever the {@link RedisLocker} may run, whether or not the
 * auto-configuration made it.
 */
final class LockScriptsRuntimeHints implements RuntimeHintsRegistrar {

	@Override
	public void registerHints(RuntimeHints hints, @Nullable ClassLoader classLoader) {
		hints.resources().registerPattern(LockScripts.class.getPackageName().replace('.', '/') + "/*.lua");
	}

}
