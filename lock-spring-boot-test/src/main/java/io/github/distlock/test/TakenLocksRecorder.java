package io.github.distlock.test;

import io.github.distlock.LockTemplate;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.core.Ordered;

/**
 * Wraps every {@link LockTemplate} bean so that the locks it takes are recorded in
 * {@link TakenLocks}. The wrapped bean is still closed as before: Spring closes the bean it
 * created, not the wrapper.
 */
final class TakenLocksRecorder implements BeanPostProcessor, Ordered {

	private final ObjectProvider<TakenLocks> takenLocks;

	TakenLocksRecorder(ObjectProvider<TakenLocks> takenLocks) {
		this.takenLocks = takenLocks;
	}

	@Override
	public Object postProcessAfterInitialization(Object bean, String beanName) {
		if (bean instanceof LockTemplate template) {
			return new RecordingLockTemplate(template, this.takenLocks.getObject());
		}
		return bean;
	}

	/**
	 * Ordered, so Spring creates it together with the auto-proxy creator rather than after it:
	 * after it, this bean's creation would make the proxy creator build the lock advisor, and
	 * with it the distlock properties, before every post-processor is in place.
	 */
	@Override
	public int getOrder() {
		return Ordered.LOWEST_PRECEDENCE;
	}

}
