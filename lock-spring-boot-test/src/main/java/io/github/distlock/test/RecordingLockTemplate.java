package io.github.distlock.test;

import java.time.Duration;
import java.util.Optional;

import io.github.distlock.LockHandle;
import io.github.distlock.LockTemplate;
import org.jspecify.annotations.Nullable;

/**
 * A {@link LockTemplate} that records in {@link TakenLocks} each lock its delegate gave. It sits
 * above the store, so locks handed on within this JVM and re-entered locks, which never reach
 * the store, are recorded too.
 */
final class RecordingLockTemplate implements LockTemplate {

	private final LockTemplate delegate;

	private final TakenLocks takenLocks;

	RecordingLockTemplate(LockTemplate delegate, TakenLocks takenLocks) {
		this.delegate = delegate;
		this.takenLocks = takenLocks;
	}

	@Override
	public Optional<LockHandle> tryAcquire(String key, @Nullable Duration lease, @Nullable Duration wait) {
		Optional<LockHandle> handle = this.delegate.tryAcquire(key, lease, wait);
		handle.ifPresent((taken) -> this.takenLocks.record(key));
		return handle;
	}

}
