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

package io.github.distlock.sample;

import java.time.Duration;

import io.micrometer.tracing.exporter.FinishedSpan;
import io.micrometer.tracing.exporter.SpanReporter;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.stereotype.Component;

/**
 * Logs each sampled span, one line when it ends, so the trace of a purchase can be read
 * in the application's log with no tracing server: its HTTP request span, and the
 * {@code distlock.acquire} and {@code distlock.hold} spans inside it. Spring Boot hands
 * finished spans to it in batches, on the exporter's thread, never on the request's.
 */
@Component
class LoggingSpanReporter implements SpanReporter {

	private static final Log logger = LogFactory.getLog(LoggingSpanReporter.class);

	@Override
	public void report(FinishedSpan span) {
		if (logger.isInfoEnabled()) {
			Duration duration = Duration.between(span.getStartTimestamp(), span.getEndTimestamp());
			logger.info(String.format("Span '%s' %.3f ms, trace %s, span %s, parent %s, %s", span.getName(),
					duration.toNanos() / 1e6, span.getTraceId(), span.getSpanId(), span.getParentId(), span.getTags()));
		}
	}

}
