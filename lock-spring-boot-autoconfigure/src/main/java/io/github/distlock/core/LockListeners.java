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

package io.github.distlock.core;

import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

/**
 * Tells every listener, in order; one that throws (even an {@code Error} other than a
 * {@code VirtualMachineError}) is logged and does not keep the others, or the locking,
 * from going on.
 */
final class LockListeners implements LockListener {

	private static final Log logger = LogFactory.getLog(LockListeners.class);

	private final List<LockListener> listeners;

	LockListeners(List<LockListener> listeners) {
		this.listeners = List.copyOf(listeners);
	}

	@Override
	public void acquiring(String key) {
		tell((listener) -> listener.acquiring(key));
	}

	@Override
	public void acquired(String key, long hold, Duration waited) {
		tell((listener) -> listener.acquired(key, hold, waited));
	}

	@Override
	public void busy(String key, Duration waited) {
		tell((listener) -> listener.busy(key, waited));
	}

	@Override
	public void failed(String key, Duration waited, RuntimeException cause) {
		tell((listener) -> listener.failed(key, waited, cause));
	}

	@Override
	public void released(String key, long hold, Duration held) {
		tell((listener) -> listener.released(key, hold, held));
	}

	@Override
	public void handedOver(String key) {
		tell((listener) -> listener.handedOver(key));
	}

	@Override
	public void renewed(String key) {
		tell((listener) -> listener.renewed(key));
	}

	@Override
	public void leaseLost(String key) {
		tell((listener) -> listener.leaseLost(key));
	}

	@Override
	public void releaseFailed(String key) {
		tell((listener) -> listener.releaseFailed(key));
	}

	private void tell(Consumer<LockListener> event) {
		for (LockListener listener : this.listeners) {
			try {
				event.accept(listener);
			}
			catch (VirtualMachineError ex) {
				throw ex;
			}
			catch (Throwable ex) {
				// Whatever a listener does, the lock's own bookkeeping must go on.
				logger.warn("Lock listener " + listener + " failed", ex);
			}
		}
	}

}
