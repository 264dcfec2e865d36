package io.github.distlock.zookeeper;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The owners whose locks this process released lately, so that the same release run again (its
 * answer lost) answers {@code GONE} even once a waiter took the lock, as on the other stores.
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
