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
import java.time.Instant;

import org.jspecify.annotations.Nullable;

/**
 * Who holds a lock in the store, as any instance sharing the store can tell, without the
 * owner's secret: the instance that took it and when.
 *
 * @param instance the name of the instance that took the lock: its application's name,
 * pid and host, or {@link #UNKNOWN_INSTANCE} when the lock was not written by distlock
 * @param since when that instance took it in the store, by its clock, or {@code null}
 * when unknown; the lock may have passed between that instance's threads since
 * @param thisInstance whether the holder is this instance
 * @param leaseLeft how long the store keeps the lock unless it is renewed, or
 * {@code null} when it has no expiry
 * @since 0.1.0
 */
public record LockHolder(String instance, @Nullable Instant since, boolean thisInstance, @Nullable Duration leaseLeft) {

	/** The instance of a lock whose value is not a distlock owner token. */
	public static final String UNKNOWN_INSTANCE = "unknown";

}
