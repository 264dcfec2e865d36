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

package io.github.distlock.jdbc;

import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BiConsumer;
import java.util.function.BooleanSupplier;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import io.github.distlock.store.ReleaseListener;
import io.github.distlock.store.ReleaseSubscription;

/**
 * The release listeners of one locker, and the locks this process subscribed to, counted
 * per lock here, so that subscribing costs no round trip: listeners are told of the
 * subscribed locks only, each listener on its own, so that one that throws, even an
 * {@code Error}, stops no other.
 */
final class SubscribedListeners {

	private static final Log logger = LogFactory.getLog(SubscribedListeners.class);

	private final List<ReleaseListener> listeners = new CopyOnWriteArrayList<>();

	private final ConcurrentHashMap<String, Integer> subscriptions = new ConcurrentHashMap<>();

	void add(ReleaseListener listener) {
		this.listeners.add(listener);
	}

	boolean isEmpty() {
		return this.listeners.isEmpty();
	}

	/**
	 * Subscribes to one lock until the subscription is closed, active while
	 * {@code active} says.
	 */
	ReleaseSubscription subscribe(String key, BooleanSupplier active) {
		this.subscriptions.merge(key, 1, Integer::sum);
		AtomicBoolean open = new AtomicBoolean(true);
		return new ReleaseSubscription() {

			@Override
			public boolean isActive() {
				return active.getAsBoolean();
			}

			@Override
			public void close() {
				if (open.compareAndSet(true, false)) {
					SubscribedListeners.this.subscriptions.computeIfPresent(key,
							(k, count) -> (count > 1) ? count - 1 : null);
				}
			}

		};
	}

	/**
	 * A lock was released while someone waited: its listeners are told if it is
	 * subscribed.
	 */
	void released(String key) {
		if (this.subscriptions.containsKey(key)) {
			tellEach(key, ReleaseListener::released);
		}
	}

	/**
	 * Notices reach this process again: every subscribed lock's waiter is told to look
	 * again.
	 */
	void noticesResumed() {
		this.subscriptions.keySet().forEach((key) -> tellEach(key, ReleaseListener::noticesResumed));
	}

	private void tellEach(String key, BiConsumer<ReleaseListener, String> call) {
		for (ReleaseListener listener : this.listeners) {
			try {
				call.accept(listener, key);
			}
			catch (Throwable ex) {
				logger.warn("A release listener of distributed locks failed on '" + key + "'", ex);
			}
		}
	}

}
