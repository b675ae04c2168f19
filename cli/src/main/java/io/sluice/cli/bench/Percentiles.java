package io.sluice.cli.bench;

import java.util.Arrays;

/** Nearest-rank percentiles of a set of samples. */
public final class Percentiles {
    private final double[] sorted;

    public Percentiles(double[] samples) {
        this.sorted = samples.clone();
        Arrays.sort(this.sorted);
    }

    public double at(double percentile) {
        if (sorted.length == 0) {
            return Double.NaN;
        }
        int rank = (int) Math.ceil(percentile / 100.0 * sorted.length);
        return sorted[Math.max(0, Math.min(sorted.length - 1, rank - 1))];
    }

    public int count() {
        return sorted.length;
    }
}
