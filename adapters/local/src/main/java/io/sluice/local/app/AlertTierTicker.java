package io.sluice.local.app;

import io.sluice.functions.alert.TieredAlerts;
import java.time.Duration;
import java.util.concurrent.locks.LockSupport;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Ticks the tiered alerts (re-alerts of unacknowledged P1 incidents, the P2/P3 digest) on a virtual thread of this host. */
final class AlertTierTicker implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(AlertTierTicker.class);

    private final Thread thread;
    private volatile boolean open = true;

    AlertTierTicker(TieredAlerts tiers, Duration every) {
        this.thread = Thread.ofVirtual().name("alert-tiers").start(() -> {
            boolean failing = false;
            while (open) {
                LockSupport.parkNanos(every.toNanos());
                if (!open) {
                    return;
                }
                try {
                    tiers.tick();
                    failing = false;
                } catch (RuntimeException e) {
                    if (!failing) {
                        LOG.warn("alert tiers tick failed; the next tick retries", e);
                    }
                    failing = true;
                }
            }
        });
    }

    @Override
    public void close() {
        open = false;
        LockSupport.unpark(thread);
    }
}
