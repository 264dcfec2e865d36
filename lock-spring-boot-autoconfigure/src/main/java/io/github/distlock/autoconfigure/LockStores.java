package io.github.distlock.autoconfigure;

import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

import org.jspecify.annotations.Nullable;

import org.springframework.util.ClassUtils;

/**
 * The stores that {@code distlock.store} may name, each present when its module is on the class
 * path.
 */
final class LockStores {

	static final String PROPERTY = "distlock.store";

	/** Taken only when {@code distlock.store} names it: it sits beside a real store in tests. */
	private static final String IN_MEMORY = "in-memory";

	private static final Map<String, String> MODULES = Map.of(
			"redis", "io.github.distlock.redis.autoconfigure.RedisLockAutoConfiguration",
			"jdbc", "io.github.distlock.jdbc.autoconfigure.JdbcLockAutoConfiguration",
			"zookeeper", "io.github.distlock.zookeeper.autoconfigure.ZooKeeperLockAutoConfiguration",
			IN_MEMORY, "io.github.distlock.test.InMemoryLockerAutoConfiguration");

	private LockStores() {
	}

	/**
	 * Returns the names of the stores on the class path.
	 * @param classLoader the class loader to look in
	 * @return the names, sorted
	 */
	static List<String> available(@Nullable ClassLoader classLoader) {
		return present(classLoader, (store) -> true);
	}

	/**
	 * Returns the names of the stores on the class path that are used when {@code distlock.store}
	 * is unset and only one of them is present.
	 * @param classLoader the class loader to look in
	 * @return the names, sorted
	 */
	static List<String> presentByDefault(@Nullable ClassLoader classLoader) {
		return present(classLoader, (store) -> !store.equals(IN_MEMORY));
	}

	private static List<String> present(@Nullable ClassLoader classLoader, Predicate<String> considered) {
		return MODULES.entrySet().stream()
			.filter((store) -> considered.test(store.getKey()) && ClassUtils.isPresent(store.getValue(), classLoader))
			.map(Map.Entry::getKey)
			.sorted()
			.toList();
	}

}
