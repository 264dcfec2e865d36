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

import java.time.Duration;

import org.apache.curator.framework.CuratorFramework;

import io.github.distlock.LockHandle;
import io.github.distlock.LockTemplate;

/**
 * A holder JVM for {@link ZooKeeperSessionProofIntegrationTests}: takes a lock with a
 * fixed lease on a client with a 4 s session, prints {@code acquired}, then prints
 * {@code <isHeld()> <nanoTime>} every 10 ms until it is killed, paused and resumed by the
 * test in between. Arguments: connect string, base path, key.
 */
final class PausedHolderProcess {

	private PausedHolderProcess() {
	}

	public static void main(String[] args) throws Exception {
		CuratorFramework client = ZooKeeperSessionProofIntegrationTests.client(args[0]);
		LockingContexts.on(client, args[1]).run((context) -> {
			LockHandle held = context.getBean(LockTemplate.class)
				.tryAcquire(args[2], Duration.ofMinutes(10), Duration.ZERO)
				.orElseThrow();
			System.out.println("acquired");
			while (true) {
				System.out.println(held.isHeld() + " " + System.nanoTime());
				Thread.sleep(10);
			}
		});
	}

}
