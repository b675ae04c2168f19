package io.sluice.orchestration.path;

/** SplitMix64: small, fast, and deterministic for a seed. Not for secrets. */
final class SplitMixRandom implements RandomSource {
    private long state;

    SplitMixRandom(long seed) {
        this.state = seed;
    }

    @Override
    public long nextLong() {
        long z = (state += 0x9E3779B97F4A7C15L);
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    @Override
    public double nextDouble() {
        return (nextLong() >>> 11) * 0x1.0p-53;
    }
}
