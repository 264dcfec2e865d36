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

package io.github.distlock.test.redis;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.net.ProtocolException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Reads one RESP value at a time and keeps its bytes, so that a {@link FaultProxy} can
 * forward, hold or drop whole commands and whole replies.
 *
 * <p>
 * Knows the RESP2 and RESP3 types with counted lengths. Inline commands and RESP3
 * streamed values (length {@code ?}) are not supported: they end the connection with a
 * {@link ProtocolException}.
 */
final class RespReader {

	private final InputStream input;

	private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();

	RespReader(InputStream input) {
		this.input = new BufferedInputStream(input);
	}

	/**
	 * Reads the next value whole.
	 * @return the value, or {@code null} when the stream ended between two values
	 * @throws IOException when the stream fails, ends inside a value or is not RESP
	 */
	RespMessage read() throws IOException {
		this.bytes.reset();
		int type = this.input.read();
		if (type == -1) {
			return null;
		}
		this.bytes.write(type);
		Object value = readValue(type);
		return new RespMessage(this.bytes.toByteArray(), strings(value));
	}

	private Object readValue(int type) throws IOException {
		String line = readLine();
		return switch (type) {
			case '$', '!', '=' -> readBlob((int) length(line));
			case '*', '~', '>' -> readElements(length(line));
			case '%', '|' -> readElements(2 * length(line));
			case '+', '-', ':', '_', ',', '#', '(' -> line;
			default -> throw new ProtocolException(
					"Not a RESP value: type byte " + type + " (inline commands are not supported)");
		};
	}

	private String readBlob(int length) throws IOException {
		if (length < 0) {
			return null;
		}
		byte[] blob = this.input.readNBytes(length + 2);
		if (blob.length < length + 2) {
			throw new EOFException("Stream ended inside a RESP bulk string");
		}
		this.bytes.writeBytes(blob);
		return new String(blob, 0, length, StandardCharsets.UTF_8);
	}

	private List<Object> readElements(long count) throws IOException {
		List<Object> elements = new ArrayList<>();
		for (long i = 0; i < count; i++) {
			elements.add(readValue(readByte()));
		}
		return elements;
	}

	private static long length(String line) throws ProtocolException {
		try {
			return Long.parseLong(line);
		}
		catch (NumberFormatException ex) {
			throw new ProtocolException("Not a RESP length: '" + line + "' (streamed values are not supported)");
		}
	}

	private String readLine() throws IOException {
		StringBuilder line = new StringBuilder();
		for (int b = readByte(); b != '\r'; b = readByte()) {
			line.append((char) b);
		}
		if (readByte() != '\n') {
			throw new ProtocolException("RESP line not ended by CRLF: " + line);
		}
		return line.toString();
	}

	private int readByte() throws IOException {
		int b = this.input.read();
		if (b == -1) {
			throw new EOFException("Stream ended inside a RESP value");
		}
		this.bytes.write(b);
		return b;
	}

	private static List<String> strings(Object value) {
		if (!(value instanceof List<?> elements)) {
			return List.of();
		}
		List<String> strings = new ArrayList<>(elements.size());
		elements.forEach((element) -> strings.add(String.valueOf(element)));
		return strings;
	}

	/**
	 * One RESP value as read.
	 *
	 * @param bytes the value's bytes, exactly as they came
	 * @param strings the elements of an array as strings (a command's name and
	 * arguments), empty for any other value
	 */
	record RespMessage(byte[] bytes, List<String> strings) {

		/**
		 * Returns the command's name in upper case, or an empty string if this is no
		 * command.
		 */
		String commandName() {
			return this.strings.isEmpty() ? "" : this.strings.get(0).toUpperCase(Locale.ROOT);
		}

	}

}
