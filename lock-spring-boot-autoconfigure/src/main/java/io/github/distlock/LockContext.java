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

package io.github.distlock;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Optional;

/**
 * The locks held by the current thread through {@link DistributedLock}, so a method can
 * read its fencing token:
 *
 * <pre class="code">
 * long token = LockContext.current().orElseThrow().fencingToken();
 * </pre>
 *
 * @since 0.1.0
 */
public final class LockContext {

	private static final ThreadLocal<Deque<LockHandle>> held = new ThreadLocal<>();

	private LockContext() {
	}

	/**
	 * Returns the innermost lock held by the current thread through
	 * {@link DistributedLock}.
	 * @return the handle, or empty outside a locked method
	 */
	public static Optional<LockHandle> current() {
		Deque<LockHandle> handles = held.get();
		return (handles != null) ? Optional.ofNullable(handles.peek()) : Optional.empty();
	}

	/**
	 * Returns every lock bound to the current thread, innermost first; {@link LockAssert}
	 * reads it.
	 * @return the handles, empty outside a locked method
	 */
	static List<LockHandle> held() {
		Deque<LockHandle> handles = held.get();
		return (handles != null) ? List.copyOf(handles) : List.of();
	}

	/**
	 * Makes {@code handle} the current thread's innermost lock until the returned scope
	 * is closed. The {@code @DistributedLock} support calls this; code that takes locks
	 * through {@link LockTemplate} may call it too.
	 * @param handle the held lock
	 * @return the scope to close, on the same thread, when the lock's work is done
	 */
	public static Scope bind(LockHandle handle) {
		Deque<LockHandle> handles = held.get();
		if (handles == null) {
			handles = new ArrayDeque<>();
			held.set(handles);
		}
		handles.push(handle);
		Deque<LockHandle> bound = handles;
		return () -> {
			bound.remove(handle);
			if (bound.isEmpty()) {
				held.remove();
			}
		};
	}

	/**
	 * A binding made by {@link #bind(LockHandle)}.
	 */
	@FunctionalInterface
	public interface Scope extends AutoCloseable {

		/** Ends the binding. */
		@Override
		void close();

	}

}
