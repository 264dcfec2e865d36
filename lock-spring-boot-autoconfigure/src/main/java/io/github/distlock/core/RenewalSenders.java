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

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

import io.github.distlock.store.Locker;

/**
 * The threads that send renewals: claims are queued, and up to {@link #SENDERS} threads
 * take them off the queue in batches of up to {@link #BATCH}, one {@link Locker#renew}
 * call each. A call that hangs holds up only its own batch: the next claims queued start
 * another sender.
 */
final class RenewalSenders implements AutoCloseable {

	static final int BATCH = 100;

	static final int SENDERS = 4;

	private final Consumer<List<Claim>> send;

	private final ConcurrentLinkedQueue<Claim> queued = new ConcurrentLinkedQueue<>();

	private final AtomicInteger active = new AtomicInteger();

	private final ExecutorService senders;

	/**
	 * @param send sends one batch and handles its answers
	 * @param timing makes the pool of up to {@link #SENDERS} sender threads
	 */
	RenewalSenders(Consumer<List<Claim>> send, Timing timing) {
		this.send = send;
		this.senders = timing.newExecutor("distlock-renewal", SENDERS);
	}

	void queue(Claim claim) {
		this.queued.add(claim);
		startSender();
	}

	private void startSender() {
		for (int running = this.active.get(); running < SENDERS
				&& !this.queued.isEmpty(); running = this.active.get()) {
			if (this.active.compareAndSet(running, running + 1)) {
				try {
					this.senders.execute(this::sendQueued);
				}
				catch (RejectedExecutionException ex) {
					// Closed: the application is stopping, and its locks expire by their
					// leases.
					this.active.decrementAndGet();
				}
				return;
			}
		}
	}

	private void sendQueued() {
		try {
			for (List<Claim> batch = nextBatch(); !batch.isEmpty(); batch = nextBatch()) {
				this.send.accept(batch);
			}
		}
		finally {
			this.active.decrementAndGet();
			// A claim queued while this sender was finishing must not wait for the next
			// one.
			startSender();
		}
	}

	private List<Claim> nextBatch() {
		List<Claim> batch = new ArrayList<>();
		for (Claim claim = this.queued.poll(); claim != null; claim = (batch.size() < BATCH) ? this.queued.poll()
				: null) {
			batch.add(claim);
		}
		return batch;
	}

	@Override
	public void close() {
		this.senders.shutdownNow();
	}

}
