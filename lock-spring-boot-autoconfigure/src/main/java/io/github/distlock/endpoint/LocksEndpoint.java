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

package io.github.distlock.endpoint;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

import io.github.distlock.core.DefaultLockTemplate;
import io.github.distlock.core.LockActivity;
import io.github.distlock.core.LockHolder;
import io.github.distlock.core.LockNames;
import org.jspecify.annotations.Nullable;

import org.springframework.boot.actuate.endpoint.OperationResponseBody;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;
import org.springframework.boot.actuate.endpoint.annotation.Selector;
import org.springframework.boot.actuate.endpoint.annotation.Selector.Match;

/**
 * The {@code locks} endpoint ({@code /actuator/locks} when exposed), read-only:
 * <ul>
 * <li>{@code /actuator/locks}: the locks this instance holds and waits for, read from its
 * memory without asking the store.</li>
 * <li>{@code /actuator/locks/{name}/{key}}: who holds that lock in the store (which
 * instance, since when, the lease left), and what this instance does with it. A lock
 * whose identity has no name ({@code report} rather than {@code goods:42}) is
 * {@code /actuator/locks/unnamed/report}; a key may contain {@code '/'}.</li>
 * </ul>
 * Owner tokens are never shown: knowing one is enough to release the lock.
 *
 * @since 0.1.0
 */
@Endpoint(id = "locks")
public class LocksEndpoint {

	private final DefaultLockTemplate template;

	/**
	 * Creates the endpoint.
	 * @param template the template whose locks it shows
	 */
	public LocksEndpoint(DefaultLockTemplate template) {
		this.template = template;
	}

	/**
	 * Returns the locks this instance holds and waits for.
	 * @return its holdings and waiting callers
	 */
	@ReadOperation
	public LocksDescriptor locks() {
		return LocksDescriptor.of(this.template.activity(), null);
	}

	/**
	 * Returns who holds a lock in the store, and what this instance does with it.
	 * @param name the lock's name: the part of its identity before the first {@code ':'}
	 * @param key the rest, each segment of the path after the name
	 * @return the lock
	 */
	@ReadOperation
	public LockDescriptor lock(@Selector String name, @Selector(match = Match.ALL_REMAINING) String[] key) {
		String identity = LockNames.identity(name, String.join("/", key));
		LocksDescriptor local = LocksDescriptor.of(this.template.activity(), identity);
		Optional<LockHolder> holder;
		try {
			holder = this.template.holder(identity);
		}
		catch (UnsupportedOperationException ex) {
			return new LockDescriptor(name, LockNames.keyOf(identity), null, null, local);
		}
		return new LockDescriptor(name, LockNames.keyOf(identity), holder.isPresent(),
				holder.map(HolderDescriptor::of).orElse(null), local);
	}

	/**
	 * The locks this instance holds and waits for.
	 *
	 * @param held its holdings, one per lock
	 * @param waiting its callers waiting for a lock
	 */
	public record LocksDescriptor(List<HeldLockDescriptor> held,
			List<WaitingLockDescriptor> waiting) implements OperationResponseBody {

		static LocksDescriptor of(LockActivity activity, @Nullable String onlyLock) {
			return new LocksDescriptor(
					activity.held()
						.stream()
						.filter((held) -> matches(held.key(), onlyLock))
						.map(HeldLockDescriptor::of)
						.toList(),
					activity.waiting()
						.stream()
						.filter((waiting) -> matches(waiting.key(), onlyLock))
						.map(WaitingLockDescriptor::of)
						.toList());
		}

		private static boolean matches(String identity, @Nullable String onlyLock) {
			return onlyLock == null || onlyLock.equals(identity);
		}

	}

	/**
	 * A lock this instance holds.
	 *
	 * @param name the lock's name
	 * @param key its key within the name
	 * @param since when its current holding began
	 * @param leaseLeftMillis how long it stays held unless renewed; zero once its lease
	 * ran out while its caller has not let go of it
	 * @param watchdog whether the watchdog renews its lease
	 * @param fencingToken the fencing token minted for it, or {@code null} when none was
	 * asked for
	 * @param thread the thread that holds it, or {@code null} when no thread is bound to
	 * it (an asynchronous method's lock, or one in a minimum hold)
	 */
	public record HeldLockDescriptor(String name, String key, Instant since, long leaseLeftMillis, boolean watchdog,
			@Nullable Long fencingToken, @Nullable String thread) {

		static HeldLockDescriptor of(LockActivity.Held held) {
			return new HeldLockDescriptor(LockNames.nameOf(held.key()), LockNames.keyOf(held.key()), held.since(),
					held.leaseLeft().toMillis(), held.watchdog(), held.fencingToken(), held.thread());
		}

	}

	/**
	 * A caller of this instance waiting for a lock.
	 *
	 * @param name the lock's name
	 * @param key its key within the name
	 * @param since when it asked for the lock
	 * @param thread the waiting thread
	 * @param atStore whether it is the thread of this instance that asks the store; the
	 * others queue behind it or behind this instance's holder
	 */
	public record WaitingLockDescriptor(String name, String key, Instant since, String thread, boolean atStore) {

		static WaitingLockDescriptor of(LockActivity.Waiting waiting) {
			return new WaitingLockDescriptor(LockNames.nameOf(waiting.key()), LockNames.keyOf(waiting.key()),
					waiting.since(), waiting.thread(), waiting.atStore());
		}

	}

	/**
	 * One lock: who holds it in the store, and what this instance does with it.
	 *
	 * @param name the lock's name
	 * @param key its key within the name
	 * @param held whether anyone holds it in the store, or {@code null} when the store
	 * cannot tell (its locker does not implement {@code Locker.find})
	 * @param holder who holds it, or {@code null} when it is free or the store cannot
	 * tell
	 * @param local what this instance holds of it and which of its callers wait for it
	 */
	public record LockDescriptor(String name, String key, @Nullable Boolean held, @Nullable HolderDescriptor holder,
			LocksDescriptor local) implements OperationResponseBody {
	}

	/**
	 * Who holds a lock in the store.
	 *
	 * @param instance the instance that took it: application name, pid and host, or
	 * {@code unknown}
	 * @param since when that instance took it, by its clock, or {@code null} when unknown
	 * @param thisInstance whether it is this instance
	 * @param leaseLeftMillis how long the store keeps it unless renewed, or {@code null}
	 * when it has no expiry
	 */
	public record HolderDescriptor(String instance, @Nullable Instant since, boolean thisInstance,
			@Nullable Long leaseLeftMillis) {

		static HolderDescriptor of(LockHolder holder) {
			Duration leaseLeft = holder.leaseLeft();
			return new HolderDescriptor(holder.instance(), holder.since(), holder.thisInstance(),
					(leaseLeft != null) ? leaseLeft.toMillis() : null);
		}

	}

}
