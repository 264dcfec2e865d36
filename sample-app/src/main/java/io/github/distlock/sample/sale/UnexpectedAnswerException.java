package io.github.distlock.sample.sale;

import java.net.http.HttpResponse;

import org.jspecify.annotations.Nullable;

/**
 * Thrown when the app answers a request with something the load cannot make sense of.
 */
class UnexpectedAnswerException extends IllegalStateException {

	private static final int MAX_BODY = 200;

	UnexpectedAnswerException(HttpResponse<String> response) {
		this(response, null);
	}

	UnexpectedAnswerException(HttpResponse<String> response, @Nullable Throwable cause) {
		super(response.request().method() + " " + response.request().uri() + " answered " + response.statusCode() + ": "
				+ abbreviate(response.body()), cause);
	}

	private static String abbreviate(@Nullable String body) {
		if (body == null || body.isBlank()) {
			return "(no body)";
		}
		String oneLine = body.strip().replaceAll("\\s+", " ");
		return (oneLine.length() > MAX_BODY) ? oneLine.substring(0, MAX_BODY) + "..." : oneLine;
	}

}
