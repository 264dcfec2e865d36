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

package org.example.mapstore;

import io.github.distlock.autoconfigure.ConditionalOnLockStore;
import io.github.distlock.autoconfigure.DistributedLockAutoConfiguration;
import io.github.distlock.store.Locker;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;

/**
 * Auto-configuration of locks in a {@link MapLocker} when {@code distlock.store=map}, or
 * when {@code distlock.store} is unset and it is the only store on the class path:
 * distlock then sets up its lock template, the {@code @DistributedLock} support, the
 * health indicator and the {@code locks} endpoint over it, as over its own stores. A
 * store module lists it in
 * {@code META-INF/spring/io.github.distlock.autoconfigure.ConditionalOnLockStore.imports},
 * so that distlock knows the store is there, and in Boot's
 * {@code AutoConfiguration.imports}.
 */
// tag::auto-configuration[]
@AutoConfiguration(before = DistributedLockAutoConfiguration.class)
@ConditionalOnBooleanProperty(name = "distlock.enabled", matchIfMissing = true)
@ConditionalOnLockStore("map")
public final class MapLockStoreAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean(Locker.class)
	MapLocker mapLocker() {
		return new MapLocker();
	}

}
// end::auto-configuration[]
