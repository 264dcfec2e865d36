package io.github.distlock.interceptor;

/**
 * Thrown at start-up when a {@code @DistributedLock} method is declared wrongly: a key expression
 * that does not parse or names a parameter the method lacks, a fallback that does not fit, a bad
 * or unresolvable duration, {@code whenBusy = SKIP} where no empty value can be returned.
 *
 * @since 0.1.0
 */
public class InvalidLockDefinitionException extends IllegalStateException {

	private final String method;

	/**
	 * Creates an exception naming the method and what is wrong with it.
	 * @param method the method, as {@code SimpleClassName.method(ParameterTypes)}
	 * @param problem what is wrong and how to fix it
	 */
	public InvalidLockDefinitionException(String method, String problem) {
		super("@DistributedLock on " + method + ": " + problem);
		this.method = method;
	}

	/**
	 * Returns the method whose declaration is wrong.
	 * @return the method, as {@code SimpleClassName.method(ParameterTypes)}
	 */
	public String getMethod() {
		return this.method;
	}

}
