package io.sluice.tests.architecture.violations.functions.channel;

import io.sluice.tests.architecture.violations.functions.time.SystemTime;
import java.util.function.LongSupplier;

/** Good: a class named among the composition roots may default to SystemTime when its host hands in no ticker. */
public class ChannelTaker {
    private final LongSupplier ticker;

    public ChannelTaker() {
        this(SystemTime::nanos);
    }

    public ChannelTaker(LongSupplier ticker) {
        this.ticker = ticker;
    }

    public long now() {
        return ticker.getAsLong();
    }
}
