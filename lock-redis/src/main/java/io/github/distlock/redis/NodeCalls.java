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

package io.github.distlock.redis;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.FutureTask;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;

import org.jspecify.annotations.Nullable;

/**
 * Runs one call on every Redlock node at once and gathers the answers. Each node's client
 * gives up after the node timeout; this waits a margin longer at most, then counts the
 * node as failed and interrupts its call, so that a call never outlasts a node's failure
 * to answer by much, whatever its client does. A node has at most
 * {@value #MOST_CALLS_IN_FLIGHT} calls in flight: beyond that (a node that answers slower
 * than calls come) a call to it fails at once, rather than threads piling up behind it.
 */
final class NodeCalls implements AutoCloseable {

	/**
	 * What a node's call may take beyond its node timeout before it counts as unanswered.
	 */
	private static final Duration MARGIN = Duration.ofMillis(100);

	static final int MOST_CALLS_IN_FLIGHT = 64;

	private final List<RedisLocker> nodes;

	private final List<String> names;

	private final List<Semaphore> inFlight = new ArrayList<>();

	private final long waitNanos;

	private final ExecutorService executor = Executors.newCachedThreadPool((task) -> {
		Thread thread = new Thread(task, "distlock-redlock");
		thread.setDaemon(true);
		return thread;
	});

	NodeCalls(List<RedisLocker> nodes, List<String> names, Duration nodeTimeout) {
		this.nodes = List.copyOf(nodes);
		this.names = List.copyOf(names);
		this.waitNanos = nodeTimeout.plus(MARGIN).toNanos();
		nodes.forEach((node) -> this.inFlight.add(new Semaphore(MOST_CALLS_IN_FLIGHT)));
	}

	/** The least number of nodes whose agreement counts: more than half. */
	int quorum() {
		return this.nodes.size() / 2 + 1;
	}

	List<RedisLocker> nodes() {
		return this.nodes;
	}

	/**
	 * Runs {@code call} on every node and waits for the answers, each at most the node
	 * timeout and a margin.
	 */
	<T> NodeAnswers<T> onEveryNode(Function<RedisLocker, T> call) {
		List<@Nullable Future<T>> calls = new ArrayList<>(this.nodes.size());
		for (int i = 0; i < this.nodes.size(); i++) {
			calls.add(start(i, call));
		}
		long deadline = System.nanoTime() + this.waitNanos;
		List<T> answers = new ArrayList<>(calls.size());
		List<String> failures = new ArrayList<>();
		for (int i = 0; i < calls.size(); i++) {
			@Nullable Future<T> answer = calls.get(i);
			try {
				if (answer == null) {
					failures.add(this.names.get(i) + ": " + MOST_CALLS_IN_FLIGHT + " calls already in flight");
					continue;
				}
				answers.add(answer.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS));
			}
			catch (ExecutionException ex) {
				failures.add(this.names.get(i) + ": " + ex.getCause());
			}
			catch (TimeoutException ex) {
				answer.cancel(true);
				failures.add(this.names.get(i) + ": no answer in time");
			}
			catch (InterruptedException ex) {
				calls.forEach(NodeCalls::cancel);
				Thread.currentThread().interrupt();
				throw new RedlockQuorumException("Interrupted while waiting for the Redlock nodes", ex);
			}
		}
		return new NodeAnswers<>(answers, failures, this.nodes.size(), quorum());
	}

	/**
	 * Runs {@code call} on every node at once and waits for every answer, however long:
	 * for calls that bound their own time and whose every answer counts (a subscription,
	 * to close later). They do not count against the calls in flight.
	 * @return the answers, in the nodes' order
	 */
	<T> List<T> onEveryNodeToTheEnd(Function<RedisLocker, T> call) {
		try {
			List<CompletableFuture<T>> calls = this.nodes.stream()
				.map((node) -> CompletableFuture.supplyAsync(() -> call.apply(node), this.executor))
				.toList();
			return calls.stream().map(CompletableFuture::join).toList();
		}
		catch (RejectedExecutionException ex) {
			throw new RedlockQuorumException("The Redlock locker is closed", ex);
		}
	}

	/**
	 * Runs {@code call} on every node without waiting for the answers; a node with no
	 * room is left out.
	 */
	void onEveryNodeLater(Function<RedisLocker, ?> call) {
		for (int i = 0; i < this.nodes.size(); i++) {
			start(i, call);
		}
	}

	/**
	 * Starts the call on node {@code index}, or returns {@code null} when it has no room
	 * for another.
	 */
	private <T> @Nullable Future<T> start(int index, Function<RedisLocker, T> call) {
		Semaphore room = this.inFlight.get(index);
		if (!room.tryAcquire()) {
			return null;
		}
		FutureTask<T> task = new FutureTask<>(() -> call.apply(this.nodes.get(index))) {

			/**
			 * Run once however the call ends: answered, failed, or cancelled before or
			 * while it ran.
			 */
			@Override
			protected void done() {
				room.release();
			}

		};
		try {
			this.executor.execute(task);
		}
		catch (RejectedExecutionException ex) {
			room.release();
			throw new RedlockQuorumException("The Redlock locker is closed", ex);
		}
		return task;
	}

	private static void cancel(@Nullable Future<?> call) {
		if (call != null) {
			call.cancel(true);
		}
	}

	@Override
	public void close() {
		this.executor.shutdownNow();
	}

}
