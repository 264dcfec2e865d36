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

package io.github.distlock.benchmarks;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.recipes.locks.InterProcessMutex;

/**
 * The ZooKeeper store's baseline: Curator's {@link InterProcessMutex} used directly, one
 * per session (a thread's lock on a key), on the client both contenders share.
 */
final class CuratorMutexContender implements Contender {

	static final String NAME = "curator-mutex";

	private final CuratorFramework client;

	private final String namespace;

	CuratorMutexContender(CuratorFramework client, String namespace) {
		this.client = client;
		this.namespace = namespace;
	}

	@Override
	public String name() {
		return NAME;
	}

	@Override
	public LockSession session(String key) {
		InterProcessMutex mutex = new InterProcessMutex(this.client, "/curator/" + this.namespace + "/" + key);
		return new LockSession() {

			@Override
			public boolean acquire(Duration wait) {
				try {
					return mutex.acquire(wait.toMillis(), TimeUnit.MILLISECONDS);
				}
				catch (Exception ex) {
					throw new IllegalStateException("Could not lock " + key, ex);
				}
			}

			@Override
			public void release() {
				try {
					mutex.release();
				}
				catch (Exception ex) {
					throw new IllegalStateException("Could not unlock " + key, ex);
				}
			}

		};
	}

	@Override
	public void close() {
		// the client belongs to the store under test
	}

}
