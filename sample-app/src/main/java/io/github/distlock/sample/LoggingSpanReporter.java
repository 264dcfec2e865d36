package io.github.distlock.sample;

import java.time.Duration;

import io.micrometer.tracing.exporter.FinishedSpan;
import io.micrometer.tracing.exporter.SpanReporter;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.stereotype.Component;

/**
 * Logs each sampled span, one line when it ends, so the trace of a purchase can be read in the
 * application's log with no tracing server: its HTTP request span, and the
 * {@code distlock.acquire} and {@code distlock.hold} spans inside it. Spring Boot hands finished
 * spans to it in batches, on the exporter's thread, never on the request's.
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
