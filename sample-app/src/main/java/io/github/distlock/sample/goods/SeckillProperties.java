package io.github.distlock.sample.goods;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Settings of the flash sale.
 */
@ConfigurationProperties("seckill")
public class SeckillProperties {

	/**
	 * Number of segments a good's stock is split into; each has its own lock in segmented mode.
	 */
	private int segments = 8;

	/**
	 * How long a segmented purchase waits for a free segment before it answers busy.
	 */
	private Duration segmentWait = Duration.ofSeconds(5);

	public int getSegments() {
		return this.segments;
	}

	public void setSegments(int segments) {
		this.segments = segments;
	}

	public Duration getSegmentWait() {
		return this.segmentWait;
	}

	public void setSegmentWait(Duration segmentWait) {
		this.segmentWait = segmentWait;
	}

}
