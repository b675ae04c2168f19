package io.sluice.orchestration.definition;

import io.sluice.orchestration.retry.CatchPolicy;
import io.sluice.orchestration.retry.RetryPolicy;
import java.util.List;

/** A state's Retry and Catch lists, in declaration order (the first match wins). */
public record Recovery(List<RetryPolicy> retry, List<CatchPolicy> catchers) {
    public static final Recovery NONE = new Recovery(List.of(), List.of());

    public Recovery {
        retry = List.copyOf(retry);
        catchers = List.copyOf(catchers);
    }

    /** The index of the first retrier that handles {@code error}, or -1. */
    public int retrierFor(String error) {
        for (int i = 0; i < retry.size(); i++) {
            if (retry.get(i).handles(error)) {
                return i;
            }
        }
        return -1;
    }

    /** The first catcher that handles {@code error}, or {@code null}. */
    public CatchPolicy catcherFor(String error) {
        for (CatchPolicy c : catchers) {
            if (c.handles(error)) {
                return c;
            }
        }
        return null;
    }
}
