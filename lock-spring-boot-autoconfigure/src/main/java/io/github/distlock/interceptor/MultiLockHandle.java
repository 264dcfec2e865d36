package io.github.distlock.interceptor;

import java.time.Duration;
import java.util.List;

import io.github.distlock.LockHandle;
import io.github.distlock.core.DetachableLockHandle;

/**
 * The locks of a multi-lock, held together: released in reverse order, held while all are held.
 * Its fencing token is that of the last lock taken.
 */
final class MultiLockHandle implements DetachableLockHandle {

	private final List<LockHandle> handles;

	MultiLockHandle(List<LockHandle> handles) {
		this.handles = List.copyOf(handles);
	}

	@Override
	public String key() {
		return String.join(",", this.handles.stream().map(LockHandle::key).toList());
	}

	@Override
	public long fencingToken() {
		return this.handles.get(this.handles.size() - 1).fencingToken();
	}

	@Override
	public boolean isHeld() {
		return this.handles.stream().allMatch(LockHandle::isHeld);
	}

	@Override
	public void detachFromThread() {
		for (LockHandle handle : this.handles) {
			if (handle instanceof DetachableLockHandle detachable) {
				detachable.detachFromThread();
			}
		}
	}

	@Override
	public void closeAfter(Duration delay) {
		for (int i = this.handles.size() - 1; i >= 0; i--) {
			releaseAfter(this.handles.get(i), delay);
		}
	}

	/** Closes the handle after {@code delay}, or now if it cannot be closed later. */
	static void releaseAfter(LockHandle handle, Duration delay) {
		if (handle instanceof DetachableLockHandle detachable) {
			detachable.closeAfter(delay);
		}
		else {
			handle.close();
		}
	}

	@Override
	public void close() {
		closeAll(this.handles);
	}

	static void closeAll(List<LockHandle> handles) {
		for (int i = handles.size() - 1; i >= 0; i--) {
			handles.get(i).close();
		}
	}

}
