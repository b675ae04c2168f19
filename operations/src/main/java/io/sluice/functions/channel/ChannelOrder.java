package io.sluice.functions.channel;

import io.sluice.functions.priority.Priority;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The order a consumer looks at its channels in: strictly P0, P1, P2, P3, except that every
 * {@code lowerTurnEvery}-th look starts at a lower channel (P1, P2, P3 in turn) and goes on from there,
 * so a steady P0 stream cannot starve the others. A P0 message then waits at most one batch of another
 * channel, never behind its backlog. One consumer's poller asks; not thread-safe.
 */
public final class ChannelOrder {
    private static final Priority[] ALL = Priority.values();

    private final int lowerTurnEvery;
    private long looks;
    private int nextLower = 1;

    public ChannelOrder(int lowerTurnEvery) {
        if (lowerTurnEvery < 2) {
            throw new IllegalArgumentException("lowerTurnEvery must be at least 2; got " + lowerTurnEvery);
        }
        this.lowerTurnEvery = lowerTurnEvery;
    }

    /** The channels of {@code eligible} in the order to look at them this time. */
    public List<Priority> next(Set<Priority> eligible) {
        looks++;
        int start = 0;
        if (looks % lowerTurnEvery == 0) {
            start = nextLower;
            nextLower = nextLower == ALL.length - 1 ? 1 : nextLower + 1;
        }
        List<Priority> order = new ArrayList<>(ALL.length);
        for (int i = start; i < ALL.length; i++) {
            if (eligible.contains(ALL[i])) {
                order.add(ALL[i]);
            }
        }
        for (int i = 0; i < start; i++) {
            if (eligible.contains(ALL[i])) {
                order.add(ALL[i]);
            }
        }
        return order;
    }
}
