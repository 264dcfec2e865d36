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

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.UUID;

/**
 * Where a lock's nodes live: one directory per lock under the base path, named by the key
 * prefix and key (URL-encoded, so a {@code /} in a key is no path separator), holding one
 * node per process that holds or waits for the lock.
 */
final class LockPaths {

	/**
	 * The end of every node's name before the sequence ZooKeeper appends to it: the
	 * sequence is what follows, as Curator's lock recipe reads it, since a negative one
	 * has a sign and 11 characters.
	 */
	private static final String BEFORE_SEQUENCE = "-lock-";

	private final String basePath;

	private final String keyPrefix;

	/** This process's part of its nodes' names, telling them from other processes'. */
	private final String process = "p" + UUID.randomUUID().toString().replace("-", "");

	LockPaths(String basePath, String keyPrefix) {
		this.basePath = basePath.endsWith("/") ? basePath.substring(0, basePath.length() - 1) : basePath;
		this.keyPrefix = keyPrefix;
	}

	/** The directory of the lock's nodes. */
	String directory(String key) {
		return this.basePath + "/" + URLEncoder.encode(this.keyPrefix + ":" + key, StandardCharsets.UTF_8);
	}

	/**
	 * The path a new node of this process is created with; ZooKeeper appends its
	 * sequence. Its name is new each time, as Curator's protection names it, so that a
	 * create re-sent after its answer was lost leaves a twin that shows (see
	 * {@link LockQueue#twinsOf}).
	 */
	String newNode(String key) {
		return directory(key) + "/_c_" + UUID.randomUUID() + "-" + this.process + BEFORE_SEQUENCE;
	}

	/** The full path of a child of the lock's directory. */
	String node(String key, String child) {
		return directory(key) + "/" + child;
	}

	/** Whether a child of a lock's directory is a node of this process. */
	boolean isOwn(String child) {
		return child.contains(this.process + BEFORE_SEQUENCE);
	}

	/** A child's name without its sequence: the same for twins of one create. */
	static String unsequenced(String child) {
		return child.substring(0, sequenceStart(child));
	}

	/**
	 * The sequence ZooKeeper appended to a child's name: its directory's counter of
	 * changes to its children when the child was created, a signed 32-bit number that
	 * goes on from 2147483647 to -2147483648, formatted {@code %010d} (so
	 * {@code -000000001}, {@code -2147483648}).
	 */
	static int sequence(String child) {
		return Integer.parseInt(child.substring(sequenceStart(child)));
	}

	/**
	 * Whether a child of a lock's directory is a lock node, one a locker created: its
	 * name ends with {@code -lock-} and a sequence. Any other (one an operator or another
	 * tool made) is no part of the queue.
	 */
	static boolean isLockNode(String child) {
		if (!child.contains(BEFORE_SEQUENCE)) {
			return false;
		}
		try {
			sequence(child);
			return true;
		}
		catch (NumberFormatException ex) {
			return false;
		}
	}

	private static int sequenceStart(String child) {
		return child.lastIndexOf(BEFORE_SEQUENCE) + BEFORE_SEQUENCE.length();
	}

	/** The last part of a path. */
	static String name(String path) {
		return path.substring(path.lastIndexOf('/') + 1);
	}

}
