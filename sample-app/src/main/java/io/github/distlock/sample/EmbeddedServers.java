package io.github.distlock.sample;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;

import org.springframework.context.aot.AbstractAotProcessor;

/**
 * What the starters of embedded servers ask before they start one.
 */
final class EmbeddedServers {

	private EmbeddedServers() {
	}

	/** The build's AOT processing prepares the application and never connects to a server. */
	static boolean aotProcessing() {
		return Boolean.getBoolean(AbstractAotProcessor.AOT_PROCESSING);
	}

	/** Whether something accepts connections on the port of localhost. */
	static boolean listens(int port) {
		try (Socket socket = new Socket()) {
			socket.connect(new InetSocketAddress("127.0.0.1", port), 500);
			return true;
		}
		catch (IOException ex) {
			return false;
		}
	}

}
