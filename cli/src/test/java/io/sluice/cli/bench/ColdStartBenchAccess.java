package io.sluice.cli.bench;

import java.util.List;

/** Opens {@link ColdStartBench#median} to the CLI's tests. */
public final class ColdStartBenchAccess {
    private ColdStartBenchAccess() {}

    public static long median(List<Long> values) {
        return ColdStartBench.median(values);
    }
}
