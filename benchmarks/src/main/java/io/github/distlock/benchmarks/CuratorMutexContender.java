package io.github.distlock.benchmarks;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.recipes.locks.InterProcessMutex;

/**
 * The ZooKeeper store's baseline: Curator's {@link InterProcessMutex} used directly, one per
 * session (a thread's lock on a key), on the client both contenders share.
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
