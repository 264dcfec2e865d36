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

package io.github.distlock.autoconfigure;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.springframework.context.annotation.Conditional;

/**
 * Matches when locks are to live in the named store: {@code distlock.store} names it, or
 * is unset and it is the only store module on the class path. A store module's
 * auto-configuration carries it, so that an application with several stores picks one
 * with {@code distlock.store}.
 *
 * <p>
 * A store module lists that auto-configuration in
 * {@code META-INF/spring/io.github.distlock.autoconfigure.ConditionalOnLockStore.imports}
 * as well as in
 * {@code META-INF/spring/org.springframework.boot.autoconfigure.AutoConfiguration.imports}:
 * the first tells which stores are on the class path, the second loads it. It defines a
 * {@link io.github.distlock.store.Locker} bean; the lock template, the annotation's
 * support, the metrics, health indicator and Actuator endpoint are then set up over it as
 * over ours.
 *
 * @since 0.1.0
 */
@Target({ ElementType.TYPE, ElementType.METHOD })
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Conditional(OnLockStoreCondition.class)
public @interface ConditionalOnLockStore {

	/**
	 * The store's name, as {@code distlock.store} takes it: ours are {@code redis},
	 * {@code jdbc}, {@code zookeeper} and {@code in-memory}; another store chooses its
	 * own.
	 * @return the store's name
	 */
	String value();

	/**
	 * Whether the store is used when {@code distlock.store} is unset and it is the only
	 * store on the class path; {@code false} for a store that sits beside a real one and
	 * is used only when named, as the in-memory store of tests does.
	 * @return whether the store is chosen when it is alone
	 */
	boolean chosenWhenAlone() default true;

}
