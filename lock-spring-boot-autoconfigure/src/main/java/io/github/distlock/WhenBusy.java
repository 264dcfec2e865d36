package io.github.distlock;

/**
 * What a {@link DistributedLock} method does when its lock stays busy for the whole wait.
 *
 * @since 0.1.0
 */
public enum WhenBusy {

	/**
	 * Throw a {@link LockNotAcquiredException}, or call the {@link DistributedLock#fallback()
	 * fallback} when one is named.
	 */
	THROW,

	/**
	 * Skip the method without an error: return {@code null}, an empty {@code Optional}, a completed
	 * {@code CompletionStage} of {@code null}, or an empty {@code Mono} or {@code Flux}; logged at
	 * DEBUG. For {@code @Scheduled} jobs that must run on one instance only.
	 */
	SKIP

}
