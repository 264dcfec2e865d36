package io.github.distlock.store;

import java.time.Duration;

import org.jspecify.annotations.Nullable;

/**
 * A lock as its store keeps it, for operators ({@link Locker#find}).
 *
 * @param owner the owner token of the process that holds it
 * @param timeToLive how long it lives unless renewed, or {@code null} when it has no expiry (it
 * was not written by a locker)
 * @since 0.1.0
 */
public record StoredLock(String owner, @Nullable Duration timeToLive) {
}
