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

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.api.transaction.CuratorTransactionResult;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.Watcher;
import org.apache.zookeeper.data.Stat;
import org.jspecify.annotations.Nullable;

/**
 * The few ZooKeeper operations the locker makes on lock nodes, each one round trip
 * through Curator, bounded by the client's connection timeout and retry policy; a failure
 * is a {@link ZooKeeperLockException}, a node that is not there an answer.
 */
final class LockNodes {

	private static final byte[] NO_DATA = new byte[0];

	private final CuratorFramework client;

	private final LockPaths paths;

	LockNodes(CuratorFramework client, LockPaths paths) {
		this.client = client;
		this.paths = paths;
	}

	/**
	 * Creates a node of this process in the lock's queue, holding the owner token, and in
	 * the same transaction writes the lock's directory, whose answer counts its children
	 * right after the create: one round trip tells a node that is alone, so holds the
	 * lock. A directory the transaction finds missing is made (a container, which
	 * ZooKeeper removes once empty), and the transaction runs again. Where the directory
	 * may not be written (its ACL), the node is created by itself, and a listing must
	 * place it.
	 */
	Created create(String key, String owner) {
		String directory = this.paths.directory(key);
		String node = this.paths.newNode(key);
		return call("create a node of", key, () -> {
			try {
				return createCounting(directory, node, owner);
			}
			catch (KeeperException.NoNodeException ex) {
				this.client.createContainers(directory);
				return createCounting(directory, node, owner);
			}
			catch (KeeperException.NoAuthException ex) {
				return new Created(
						this.client.create().withMode(CreateMode.EPHEMERAL_SEQUENTIAL).forPath(node, bytes(owner)),
						false);
			}
		});
	}

	private Created createCounting(String directory, String node, String owner) throws Exception {
		List<CuratorTransactionResult> results = this.client.transaction()
			.forOperations(
					this.client.transactionOp()
						.create()
						.withMode(CreateMode.EPHEMERAL_SEQUENTIAL)
						.forPath(node, bytes(owner)),
					this.client.transactionOp().setData().forPath(directory, NO_DATA));
		return new Created(results.get(0).getResultPath(), results.get(1).getResultStat().getNumChildren() == 1);
	}

	/** The lock's nodes in queue order; none when its directory is gone. */
	LockQueue queue(String key) {
		return call("list the nodes of", key, () -> {
			try {
				return LockQueue.of(this.client.getChildren().forPath(this.paths.directory(key)));
			}
			catch (KeeperException.NoNodeException ex) {
				return LockQueue.of(List.of());
			}
		});
	}

	/** Deletes a node; {@code false} when it was not there. */
	boolean delete(String key, String path) {
		return call("delete a node of", key, () -> {
			try {
				this.client.delete().forPath(path);
				return true;
			}
			catch (KeeperException.NoNodeException ex) {
				return false;
			}
		});
	}

	/**
	 * Writes the owner token into a node; the write's zxid, or zero when the node was not
	 * there.
	 */
	long write(String key, String path, String owner) {
		return call("write a node of", key, () -> {
			try {
				Stat stat = this.client.setData().forPath(path, bytes(owner));
				return stat.getMzxid();
			}
			catch (KeeperException.NoNodeException ex) {
				return 0L;
			}
		});
	}

	/** The owner token in a node, or {@code null} when the node was not there. */
	@SuppressWarnings("NullAway") // the call returns what its lambda does, null included
	@Nullable String read(String key, String path) {
		return call("read a node of", key, () -> {
			try {
				return new String(this.client.getData().forPath(path), StandardCharsets.UTF_8);
			}
			catch (KeeperException.NoNodeException ex) {
				return null;
			}
		});
	}

	/**
	 * Watches a node; {@code false} when it is already gone. A read, not an existence
	 * check, as in Curator's lock recipe: a read of a missing node leaves no watch, an
	 * existence check would leave one for a name never used again.
	 */
	boolean watch(String key, String path, Watcher watcher) {
		return call("watch a node of", key, () -> {
			try {
				this.client.getData().usingWatcher(watcher).forPath(path);
				return true;
			}
			catch (KeeperException.NoNodeException ex) {
				return false;
			}
		});
	}

	/**
	 * Watches the lock's directory for its first node, or for its creation when it is not
	 * there.
	 */
	void watchDirectory(String key, Watcher watcher) {
		String directory = this.paths.directory(key);
		call("watch the directory of", key, () -> {
			try {
				return this.client.getChildren().usingWatcher(watcher).forPath(directory);
			}
			catch (KeeperException.NoNodeException ex) {
				return this.client.checkExists().usingWatcher(watcher).forPath(directory);
			}
		});
	}

	/**
	 * Asks ZooKeeper for the root node, waiting for the answer at most {@code timeout}.
	 */
	@SuppressWarnings("NullAway") // an ExecutionException always carries the failure as
									// its cause
	void ping(Duration timeout) {
		CompletableFuture<Integer> answer = new CompletableFuture<>();
		try {
			this.client.checkExists()
				.inBackground((client, event) -> answer.complete(event.getResultCode()))
				.forPath("/");
			int code = answer.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
			// Under a client's namespace the root may not exist yet: an answer is an
			// answer.
			if (code != KeeperException.Code.OK.intValue() && code != KeeperException.Code.NONODE.intValue()) {
				throw KeeperException.create(KeeperException.Code.get(code));
			}
		}
		catch (TimeoutException ex) {
			throw new ZooKeeperLockException("ZooKeeper did not answer within " + timeout.toMillis() + " ms", ex);
		}
		catch (ExecutionException ex) {
			throw new ZooKeeperLockException("ZooKeeper did not answer: " + ex.getCause(), ex.getCause());
		}
		catch (Exception ex) {
			throw failure("ping ZooKeeper for", "/", ex);
		}
	}

	private static <T> T call(String action, String key, ZooKeeperCall<T> call) {
		try {
			return call.run();
		}
		catch (Exception ex) {
			throw failure(action, key, ex);
		}
	}

	private static RuntimeException failure(String action, String key, Exception ex) {
		if (ex instanceof InterruptedException) {
			Thread.currentThread().interrupt();
		}
		if (ex instanceof RuntimeException runtime) {
			return runtime;
		}
		return new ZooKeeperLockException("Could not " + action + " lock '" + key + "' in ZooKeeper: " + ex, ex);
	}

	private static byte[] bytes(String owner) {
		return owner.getBytes(StandardCharsets.UTF_8);
	}

	/**
	 * A node just created in a lock's queue.
	 *
	 * @param path its path
	 * @param alone whether it was the only node of the lock right after its create, so
	 * holds it
	 */
	record Created(String path, boolean alone) {
	}

	@FunctionalInterface
	private interface ZooKeeperCall<T> {

		T run() throws Exception;

	}

}
