package io.github.distlock.benchmarks;

import java.time.Duration;

import io.github.distlock.LockHandle;
import io.github.distlock.LockTemplate;

/**
 * One thread's use of a distlock template on one key, whatever its store.
 */
final class TemplateSession implements LockSession {

	private final LockTemplate template;

	private final String key;

	private LockHandle handle;

	TemplateSession(LockTemplate template, String key) {
		this.template = template;
		this.key = key;
	}

	@Override
	public boolean acquire(Duration wait) {
		this.handle = this.template.tryAcquire(this.key, Contender.LEASE, wait).orElse(null);
		return this.handle != null;
	}

	@Override
	public void release() {
		this.handle.close();
		this.handle = null;
	}

}
