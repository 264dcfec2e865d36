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

package io.github.distlock.interceptor;

import java.time.Duration;
import java.util.List;

import io.github.distlock.LockHandle;

/**
 * The locks of a multi-lock, held together: released in reverse order, held while all are
 * held. Its fencing token is that of the last lock taken.
 */
final class MultiLockHandle implements LockHandle {

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
		this.handles.forEach(LockHandle::detachFromThread);
	}

	@Override
	public void closeAfter(Duration delay) {
		for (int i = this.handles.size() - 1; i >= 0; i--) {
			this.handles.get(i).closeAfter(delay);
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
