package io.github.distlock.store;

import java.time.Duration;

/**
 * One lock's lease as its owner wants it set, for {@link Locker#renew}.
 *
 * @param key the lock's identity
 * @param owner the owner's token
 * @param lease the new lease, counted from when the store runs the request (see {@link Locker#tryAcquire}
 * for its granularity)
 * @since 0.1.0
 */
public record LeaseRequest(String key, String owner, Duration lease) {

}
