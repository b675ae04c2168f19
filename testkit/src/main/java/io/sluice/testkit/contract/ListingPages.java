package io.sluice.testkit.contract;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.orchestration.port.ExecutionCursor;
import io.sluice.orchestration.port.ExecutionStore;
import io.sluice.orchestration.port.ExecutionSummary;
import java.util.ArrayList;
import java.util.List;

/** A store's listing read to its end by cursor, as the API pages it. */
public final class ListingPages {
    private ListingPages() {
    }

    /** Every page of a listing by cursor, {@code size} at a time, in the order the pages came. */
    public static List<ExecutionSummary> all(ExecutionStore store, String pipeline, String status, int size) {
        List<ExecutionSummary> all = new ArrayList<>();
        ExecutionCursor after = null;
        for (int pages = 0; pages < 10_000; pages++) {
            List<ExecutionSummary> page = store.list(pipeline, status, after, size);
            assertThat(page).as("a page holds at most its size").hasSizeLessThanOrEqualTo(size);
            if (page.isEmpty()) {
                return all;
            }
            all.addAll(page);
            after = ExecutionCursor.after(page.getLast());
        }
        throw new AssertionError("the listing did not end");
    }
}
