package io.sluice.redis;

/**
 * One index a listing reads in one shard ({@link ShardedListing}): a sorted set of execution ids scored by their start,
 * or the directory of a pipeline's sleeping executions, whose segments together are one ({@code lua/lib/sleeping.lua}).
 */
record ListingIndex(String key, boolean sleeping) {

    static ListingIndex set(String key) {
        return new ListingIndex(key, false);
    }

    static ListingIndex sleeping(String directory) {
        return new ListingIndex(directory, true);
    }
}
