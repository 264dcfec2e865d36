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

/**
 * A kit for the tests of lock stores; an application's tests use
 * {@code lock-spring-boot-test}.
 * <ul>
 * <li>{@link io.github.distlock.test.support.AbstractLockerContractTests}: the store
 * contract, which every {@link io.github.distlock.store.Locker} must pass;</li>
 * <li>{@link io.github.distlock.test.support.AbstractDistributedLockIntegrationTests}:
 * the annotation and the template on a store, in a Spring context of its own, with the
 * beans of {@link io.github.distlock.test.support.LockedServices};</li>
 * <li>{@link io.github.distlock.test.support.FaultInjectingLocker}: the in-memory store
 * with faults to inject before or after any call;</li>
 * <li>{@link io.github.distlock.test.support.LockStoreRegistration}: that a store's
 * auto-configuration is where distlock finds stores.</li>
 * </ul>
 */
@NullMarked
package io.github.distlock.test.support;

import org.jspecify.annotations.NullMarked;
