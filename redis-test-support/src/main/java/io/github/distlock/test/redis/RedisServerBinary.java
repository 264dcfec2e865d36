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

package io.github.distlock.test.redis;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

import redis.embedded.core.ExecutableProvider;

/**
 * Finds a {@code redis-server} executable: the one on the {@code PATH} when there is one,
 * otherwise the binary that {@code com.github.codemonstur:embedded-redis} ships in its
 * jar.
 */
final class RedisServerBinary {

	private static volatile File executable;

	private RedisServerBinary() {
	}

	static File executable() {
		File found = executable;
		if (found == null) {
			found = locate();
			executable = found;
		}
		return found;
	}

	private static File locate() {
		String path = System.getenv().getOrDefault("PATH", "");
		for (String directory : path.split(File.pathSeparator)) {
			Path candidate = Path.of(directory, "redis-server");
			if (Files.isExecutable(candidate)) {
				return candidate.toFile();
			}
		}
		return bundled();
	}

	/** The binary that embedded-redis ships in its jar, extracted. */
	static File bundled() {
		try {
			return ExecutableProvider.newJarResourceProvider().get();
		}
		catch (IOException ex) {
			throw new UncheckedIOException("The embedded-redis binary could not be extracted", ex);
		}
	}

}
