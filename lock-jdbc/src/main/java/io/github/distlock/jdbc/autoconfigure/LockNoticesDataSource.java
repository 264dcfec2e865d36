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

package io.github.distlock.jdbc.autoconfigure;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.springframework.beans.factory.annotation.Qualifier;

/**
 * Qualifies the {@link javax.sql.DataSource} that a PostgreSQL locker listens for release
 * notices on, as {@code @FlywayDataSource} does Flyway's: connections that keep their
 * session, for example straight to PostgreSQL when the application's own go through a
 * transaction pooler (PgBouncer in transaction mode), where {@code LISTEN} hears nothing.
 * The listener keeps one of its connections while it listens. Declare it with
 * {@code @Bean(defaultCandidate = false)}, so that it is not mistaken for the
 * application's data source. Without one, the listener opens one physical connection of
 * its own with the application's data source's URL and credentials.
 *
 * @since 0.1.0
 */
@Target({ ElementType.FIELD, ElementType.METHOD, ElementType.PARAMETER, ElementType.TYPE, ElementType.ANNOTATION_TYPE })
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Qualifier
public @interface LockNoticesDataSource {

}
