package io.github.distlock.autoconfigure;

import java.util.List;

/**
 * Thrown at start-up when methods use {@code @DistributedLock} but no {@code LockTemplate} could
 * be built (no single {@code RedisConnectionFactory}).
 *
 * @since 0.1.0
 */
public class MissingLockTemplateException extends IllegalStateException {

	private final List<String> methods;

	/**
	 * Creates an exception naming the guarded methods.
	 * @param methods the methods that use {@code @DistributedLock}
	 */
	public MissingLockTemplateException(List<String> methods) {
		super("@DistributedLock is used on " + String.join(", ", methods)
				+ " but no LockTemplate could be built: there is no single RedisConnectionFactory bean");
		this.methods = List.copyOf(methods);
	}

	/**
	 * Returns the methods that use {@code @DistributedLock}.
	 * @return the methods, as {@code SimpleClassName.method(ParameterTypes)}
	 */
	public List<String> getMethods() {
		return this.methods;
	}

}
