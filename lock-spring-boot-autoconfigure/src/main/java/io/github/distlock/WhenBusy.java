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

package io.github.distlock;

/**
 * What a {@link DistributedLock} method does when its lock stays busy for the whole wait.
 *
 * @since 0.1.0
 */
public enum WhenBusy {

	/**
	 * Throw a {@link LockNotAcquiredException}, or call the
	 * {@link DistributedLock#fallback() fallback} when one is named.
	 */
	THROW,

	/**
	 * Skip the method without an error: return {@code null}, an empty {@code Optional}, a
	 * completed {@code CompletionStage} of {@code null}, or an empty {@code Mono} or
	 * {@code Flux}; logged at DEBUG. For {@code @Scheduled} jobs that must run on one
	 * instance only.
	 */
	SKIP

}
