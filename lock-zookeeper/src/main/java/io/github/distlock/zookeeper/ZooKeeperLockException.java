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

/**
 * ZooKeeper could not be reached, or refused a lock's operation, within the client's
 * timeouts.
 *
 * @since 0.1.0
 */
public class ZooKeeperLockException extends RuntimeException {

	/**
	 * Creates an exception.
	 * @param message what failed, on which lock
	 * @param cause ZooKeeper's or Curator's exception
	 */
	public ZooKeeperLockException(String message, Throwable cause) {
		super(message, cause);
	}

}
