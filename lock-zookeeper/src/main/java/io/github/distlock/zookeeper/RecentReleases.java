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

package io.github.distlock.zookeeper;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The owners whose locks this process released lately, so that the same release run again
 * (its answer lost) answers {@code GONE} even once a waiter took the lock, as on the
 * other stores.
 */
final class RecentReleases {

	private static final int REMEMBERED = 10_000;

	private final Map<String, Boolean> owners = new LinkedHashMap<>() {

		@Override
		protected boolean removeEldestEntry(Map.Entry<String, Boolean> eldest) {
			return size() > REMEMBERED;
		}

	};

	synchronized void add(String owner) {
		this.owners.put(owner, Boolean.TRUE);
	}

	synchronized boolean contains(String owner) {
		return this.owners.containsKey(owner);
	}

}
