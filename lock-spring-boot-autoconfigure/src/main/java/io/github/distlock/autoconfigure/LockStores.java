package io.github.distlock.autoconfigure;

import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;

import org.springframework.util.ClassUtils;

/**
 * The stores that {@code distlock.store} may name, each present when a class that brings it is
 * on the class path.
 */
final class LockStores {

	private static final Map<String, String> CLASSES = Map.of(
			"redis", "org.springframework.data.redis.connection.RedisConnectionFactory",
			"in-memory", "io.github.distlock.test.InMemoryLockerAutoConfiguration");

	private LockStores() {
	}

	/**
	 * Returns the names of the stores on the class path.
	 * @param classLoader the class loader to look in
	 * @return the names, sorted
	 */
	static List<String> available(@Nullable ClassLoader classLoader) {
		return CLASSES.entrySet().stream()
			.filter((store) -> ClassUtils.isPresent(store.getValue(), classLoader))
			.map(Map.Entry::getKey)
			.sorted()
			.toList();
	}

}
