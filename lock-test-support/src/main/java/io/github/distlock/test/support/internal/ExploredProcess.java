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

package io.github.distlock.test.support.internal;

/**
 * A process of the store's clients that an exploration can pause, as a simulation pauses
 * its processes: a worker's wait may outlast its bound by the time its process was
 * paused.
 */
public interface ExploredProcess {

	/**
	 * How long the process has been paused in all.
	 * @return nanoseconds of its runtime
	 */
	long pausedNanos();

}
