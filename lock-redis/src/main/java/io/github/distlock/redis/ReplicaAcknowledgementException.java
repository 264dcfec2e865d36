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

/**
 * Fewer replicas than required confirmed a lock in time after the master took it, or the
 * connection to the master dropped before they did, so a failover could have lost it; it
 * is released, and the acquisition is not granted. A renewal that fails so is tried
 * again.
 *
 * @since 0.1.0
 */
public final class ReplicaAcknowledgementException extends RuntimeException {

	ReplicaAcknowledgementException(String message) {
		super(message);
	}

}
