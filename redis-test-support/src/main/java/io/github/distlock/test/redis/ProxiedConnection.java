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

import java.io.Closeable;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.net.Socket;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import io.github.distlock.test.redis.Faults.PendingCut;
import io.github.distlock.test.redis.Faults.PendingHold;
import io.github.distlock.test.redis.RespReader.RespMessage;

/**
 * One client connection through a {@link FaultProxy} and its own connection to the
 * server. Each direction is pumped by its own thread, one whole RESP value at a time.
 */
final class ProxiedConnection {

	private static final Duration CUT_TIMEOUT = Duration.ofSeconds(10);

	private final Socket client;

	private final Socket server;

	private final Faults faults;

	private final CountDownLatch serverClosed = new CountDownLatch(1);

	// set before the command that triggers a cut goes out, so its reply is never
	// forwarded
	private volatile boolean cut;

	/**
	 * The {@link System#nanoTime()} before which nothing is forwarded: a slow connection
	 * set-up.
	 */
	private final long openAt;

	// set before the command that triggers a hold goes out, so its reply is held too
	private volatile long repliesHeldUntil = System.nanoTime();

	ProxiedConnection(Socket client, Socket server, Faults faults) {
		this.client = client;
		this.server = server;
		this.faults = faults;
		this.openAt = System.nanoTime() + faults.connectionDelayNanos();
	}

	/** Forwards commands from the client to the server until either side closes. */
	void forwardCommands() {
		try {
			RespReader commands = new RespReader(this.client.getInputStream());
			OutputStream toServer = this.server.getOutputStream();
			for (RespMessage command = commands.read(); command != null; command = commands.read()) {
				awaitOpen();
				this.faults.awaitNoStall();
				PendingCut pendingCut = this.faults.claimCut(command.strings());
				this.cut = (pendingCut != null);
				PendingHold hold = this.faults.claimHold(command.strings());
				if (hold != null) {
					this.repliesHeldUntil = System.nanoTime() + hold.duration().toNanos();
				}
				// counted first, so a client that has the reply also sees the count
				this.faults.forwarded(command.commandName());
				forward(command, toServer);
				if (pendingCut != null) {
					cutAfterCommand(pendingCut);
					return;
				}
			}
		}
		catch (IOException ex) {
			// either side closed, or the proxy did
		}
		finally {
			close();
		}
	}

	/**
	 * Forwards replies (and pushed messages) from the server to the client until either
	 * side closes.
	 */
	void forwardReplies() {
		try {
			RespReader replies = new RespReader(this.server.getInputStream());
			OutputStream toClient = this.client.getOutputStream();
			for (RespMessage reply = replies.read(); reply != null; reply = replies.read()) {
				this.faults.awaitNoStall(this.repliesHeldUntil);
				if (!this.cut && !this.faults.dropsReplies()) {
					forward(reply, toClient);
				}
			}
		}
		catch (IOException ex) {
			// either side closed, or the proxy did
		}
		finally {
			this.serverClosed.countDown();
			close();
		}
	}

	private void awaitOpen() throws InterruptedIOException {
		long delay = this.openAt - System.nanoTime();
		if (delay > 0) {
			try {
				TimeUnit.NANOSECONDS.sleep(delay);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				throw new InterruptedIOException("Interrupted while a fault proxy delayed a connection");
			}
		}
	}

	/** Closes both sides; the pumping threads then end. */
	void close() {
		closeQuietly(this.client);
		closeQuietly(this.server);
	}

	private void cutAfterCommand(PendingCut pendingCut) throws IOException {
		// the server reads the command and then the end of the stream: it runs the
		// command before it
		// closes its side, so once it has, the command ran and the client is told nothing
		this.server.shutdownOutput();
		try {
			this.serverClosed.await(CUT_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		close();
		pendingCut.done().complete(null);
	}

	private static void forward(RespMessage message, OutputStream output) throws IOException {
		output.write(message.bytes());
		output.flush();
	}

	static void closeQuietly(Closeable closeable) {
		try {
			closeable.close();
		}
		catch (IOException ex) {
			// closing is all that is left to do
		}
	}

}
