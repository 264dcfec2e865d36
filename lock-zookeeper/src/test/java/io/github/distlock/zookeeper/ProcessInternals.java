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

import java.lang.reflect.Field;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ScheduledThreadPoolExecutor;

import org.apache.curator.framework.CuratorFramework;

/**
 * What a process keeps in memory that no API shows, read by reflection, for the tests
 * that check that waiting leaves nothing behind: the tasks pending on a locker's
 * background thread, and the watchers a ZooKeeper client keeps on each node.
 */
final class ProcessInternals {

	private ProcessInternals() {
	}

	/**
	 * Tasks scheduled on the locker's background thread and not yet run (cancelled ones
	 * leave at once).
	 */
	static int pendingBackgroundTasks(ZooKeeperLocker locker) {
		ScheduledThreadPoolExecutor background = field(locker, "background");
		return background.getQueue().size();
	}

	/**
	 * The most watchers the client keeps on any one node for one kind of event (data,
	 * existence, children).
	 */
	static int mostWatchersOnOneNode(CuratorFramework client) throws Exception {
		Object manager = field(field(client.getZookeeperClient().getZooKeeper(), "cnxn"), "watchManager");
		int most = 0;
		for (String kind : List.of("dataWatches", "existWatches", "childWatches")) {
			Map<String, Set<?>> watches = field(manager, kind);
			synchronized (watches) {
				most = Math.max(most, watches.values().stream().mapToInt(Set::size).max().orElse(0));
			}
		}
		return most;
	}

	@SuppressWarnings("unchecked")
	private static <T> T field(Object target, String name) {
		for (Class<?> type = target.getClass(); type != null; type = type.getSuperclass()) {
			try {
				Field field = type.getDeclaredField(name);
				field.setAccessible(true);
				return (T) field.get(target);
			}
			catch (NoSuchFieldException ex) {
				// declared higher up
			}
			catch (IllegalAccessException ex) {
				throw new IllegalStateException(ex);
			}
		}
		throw new IllegalStateException("No field " + name + " in " + target.getClass());
	}

}
