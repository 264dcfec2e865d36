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

package io.github.distlock.virtualthreads;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordingStream;

/**
 * The JFR {@code jdk.VirtualThreadPinned} events of a stretch of a test: every virtual thread
 * that parked or blocked while it could not leave its carrier, with the frames it was in.
 */
final class PinnedEvents implements AutoCloseable {

	private final RecordingStream stream = new RecordingStream();

	private final List<List<String>> pinned = new CopyOnWriteArrayList<>();

	PinnedEvents() {
		this.stream.enable("jdk.VirtualThreadPinned").withThreshold(Duration.ZERO).withStackTrace();
		this.stream.onEvent("jdk.VirtualThreadPinned", (event) -> this.pinned.add(frames(event)));
		this.stream.startAsync();
	}

	/**
	 * Stops recording, once every event recorded so far was read.
	 * @return the frames of each pinned virtual thread, innermost first
	 */
	List<List<String>> stop() {
		this.stream.stop();
		return List.copyOf(this.pinned);
	}

	private static List<String> frames(RecordedEvent event) {
		if (event.getStackTrace() == null) {
			return List.of();
		}
		return event.getStackTrace()
			.getFrames()
			.stream()
			.map(RecordedFrame::getMethod)
			.map((method) -> method.getType().getName() + "." + method.getName())
			.toList();
	}

	@Override
	public void close() {
		this.stream.close();
	}

}
