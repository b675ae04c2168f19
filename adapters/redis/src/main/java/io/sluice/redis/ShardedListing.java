package io.sluice.redis;

import io.sluice.orchestration.port.ExecutionCursor;
import io.sluice.orchestration.port.ExecutionSummary;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Predicate;
import java.util.function.IntFunction;
import org.redisson.api.RBatch;
import org.redisson.api.RFuture;
import org.redisson.api.RScript.ReturnType;
import org.redisson.api.RedissonClient;
import org.redisson.client.codec.StringCodec;
import org.redisson.client.protocol.ScoredEntry;

/**
 * A page of a listing index that every shard keeps a part of ({@link Shards}): a merge of the shards' parts in
 * {@link ExecutionCursor#ORDER} (newest start first, ties in reverse id order, as one sorted set gives them), from a
 * cursor on. Each shard is read a page at a time by keyset, not by offset: the next read starts at the score of the last
 * entry read, leaving out the entries of that score already read, so executions started meanwhile (at the head) shift
 * nothing, and a deep page costs what a first one does. Each page's hashes are read in one batch. On one node it is one
 * set read page by page, as before shards.
 *
 * <p>A listing may be the union of several indexes per shard ({@link ExecutionKeys#listingIndexes}: a set and the
 * pipelines' sleeping executions, which are read segment by segment, {@code lua/sleeping-page.lua}); an execution in two
 * comes once, as it is listed under one score in each, so its two entries meet in the merge.
 */
final class ShardedListing {
    private static final LuaScript SLEEPING_PAGE = LuaScript.load("sleeping-page");
    private final RedissonClient redisson;
    private final Scripts scripts;
    private final ExecutionKeys keys;
    private final DefinitionNumbers definitions;

    ShardedListing(RedissonClient redisson, Scripts scripts, ExecutionKeys keys) {
        this.redisson = redisson;
        this.scripts = scripts;
        this.keys = keys;
        this.definitions = new DefinitionNumbers(redisson, keys);
    }

    /** Each shard's pipelines that have sleeping executions, if a listing of {@code pipeline} and {@code status} reads them. */
    List<Set<String>> sleepingPipelines(String pipeline, String status) {
        int shards = keys.shards().count();
        if (!ExecutionKeys.listsSleepingByPipeline(pipeline, status)) {
            return java.util.Collections.nCopies(shards, Set.of());
        }
        RBatch batch = redisson.createBatch();
        List<RFuture<Set<String>>> reads = new ArrayList<>(shards);
        for (int shard = 0; shard < shards; shard++) {
            reads.add(batch.<String, String>getMap(keys.sleepingPipelines(shard), StringCodec.INSTANCE).readAllKeySetAsync());
        }
        batch.execute();
        return reads.stream().map(r -> r.toCompletableFuture().join()).toList();
    }

    /**
     * Up to {@code limit} summaries that {@code accept}s of the entries after {@code after} ({@code null}: from the
     * newest) in the union of a shard's {@code indexes}, over all shards, read from their hashes' {@link SummaryFields#LISTED}
     * fields (a stub's definition hash from its number, {@link DefinitionNumbers}); an entry whose hash holds no summary
     * (a stale one) is left out, as is one {@code accept} refuses (the filter does not match).
     */
    List<ExecutionSummary> page(IntFunction<List<ListingIndex>> indexes, ExecutionCursor after, int limit, Predicate<ExecutionSummary> accept) {
        int shards = keys.shards().count();
        List<Part> parts = new ArrayList<>(shards);
        for (int shard = 0; shard < shards; shard++) {
            for (ListingIndex index : indexes.apply(shard)) {
                parts.add(new Part(index, after));
            }
        }
        Merge merge = new Merge(parts);
        LinkedHashSet<String> asked = new LinkedHashSet<>(SummaryFields.LISTED);
        List<ExecutionSummary> found = new ArrayList<>();
        while (found.size() < limit) {
            int page = Math.max(limit - found.size(), HintScan.MIN_PAGE);
            refill(parts, page);
            List<String> ids = merge.next(page);
            if (ids.isEmpty()) {
                if (merge.done()) {
                    break;
                }
                continue; // only entries taken already: a part needs its next page
            }
            RBatch batch = redisson.createBatch();
            List<RFuture<Map<String, String>>> reads = new ArrayList<>(ids.size());
            for (String id : ids) {
                reads.add(batch.<String, String>getMap(keys.hashKey(id), StringCodec.INSTANCE).getAllAsync(asked));
            }
            batch.execute();
            List<ExecutionSummary> summaries = definitions.summaries(ids, orBucketed(ids, reads.stream().map(r -> r.toCompletableFuture().join()).toList()));
            for (int i = 0; i < ids.size() && found.size() < limit; i++) {
                ExecutionSummary summary = summaries.get(i);
                if (summary != null && accept.test(summary)) {
                    found.add(summary);
                }
            }
        }
        return found;
    }

    /**
     * {@code hashes}, each absent one (empty) in place of the stub its execution keeps in its bucket, if it does
     * ({@code lua/lib/stubs.lua}: '<version>:<definition number>:<start ms>'), as the fields such a stub would have as a
     * hash; read in one batch.
     */
    private List<Map<String, String>> orBucketed(List<String> ids, List<Map<String, String>> hashes) {
        List<Map<String, String>> out = new ArrayList<>(hashes);
        RBatch batch = null;
        Map<Integer, RFuture<String>> stubs = new HashMap<>();
        for (int i = 0; i < ids.size(); i++) {
            if (hashes.get(i).isEmpty()) {
                batch = batch == null ? redisson.createBatch() : batch;
                stubs.put(i, batch.<String, String>getMap(keys.stubBucket(ids.get(i)), StringCodec.INSTANCE).getAsync(ids.get(i)));
            }
        }
        if (batch == null) {
            return out;
        }
        batch.execute();
        stubs.forEach((i, read) -> {
            String[] stub = Objects.requireNonNullElse(read.toCompletableFuture().join(), "").split(":");
            if (stub.length == 3) {
                out.set(i, Map.of("status", SummaryFields.RUNNING, SummaryFields.STUB_DEFINITION, stub[1], "s", stub[2]));
            }
        });
        return out;
    }

    /**
     * Reads the next page of every shard whose buffer is empty and that may have more, all in one batch, until each has
     * entries or is exhausted (a page can hold only entries of the bound's score already read).
     */
    private void refill(List<Part> parts, int page) {
        while (true) {
            RBatch batch = redisson.createBatch();
            List<Part> reading = new ArrayList<>();
            List<RFuture<?>> pages = new ArrayList<>();
            for (Part part : parts) {
                if (part.buffer.isEmpty() && !part.exhausted) {
                    reading.add(part);
                    pages.add(part.index.sleeping()
                            ? SLEEPING_PAGE.addTo(scripts, batch, ReturnType.MULTI, List.of(part.index.key()), bound(part.boundScore), part.skip, page)
                            : batch.<String>getScoredSortedSet(part.index.key(), StringCodec.INSTANCE)
                                    .entryRangeReversedAsync(Double.NEGATIVE_INFINITY, true, part.boundScore, true, part.skip, page));
                }
            }
            if (reading.isEmpty()) {
                return;
            }
            batch.execute();
            for (int i = 0; i < reading.size(); i++) {
                Part part = reading.get(i);
                Object got = pages.get(i).toCompletableFuture().join();
                part.take(part.index.sleeping() ? entries((List<?>) got) : scored(got), page);
            }
        }
    }

    /** The parts' entries in merged order, each execution once however many parts list it. */
    private static final class Merge {
        private final List<Part> parts;
        private ScoredEntry<String> last;

        Merge(List<Part> parts) {
            this.parts = parts;
        }

        boolean done() {
            return parts.stream().allMatch(part -> part.exhausted && part.buffer.isEmpty());
        }

        /**
         * Up to {@code count} ids, stopping early when a part that may have more has used up its buffer (its next entries
         * could come before the others' buffered ones).
         */
        List<String> next(int count) {
            List<String> ids = new ArrayList<>(count);
            while (ids.size() < count) {
                Part newest = null;
                for (Part part : parts) {
                    if (part.buffer.isEmpty()) {
                        if (!part.exhausted) {
                            return ids;
                        }
                    } else if (newest == null || newer(part.buffer.peekFirst(), newest.buffer.peekFirst())) {
                        newest = part;
                    }
                }
                if (newest == null) {
                    return ids;
                }
                ScoredEntry<String> entry = newest.buffer.pollFirst();
                if (last == null || newer(last, entry)) { // else the same entry from another part, just taken
                    ids.add(entry.getValue());
                    last = entry;
                }
            }
            return ids;
        }
    }

    /** A score as {@code sleeping-page.lua} takes its bound: a start in epoch ms, or {@code +inf}. */
    private static String bound(double score) {
        return score == Double.POSITIVE_INFINITY ? "+inf" : Long.toString((long) score);
    }

    /** {@code sleeping-page.lua}'s answer, {id, score, id, score, ...}, as a sorted set's read gives it. */
    private static List<ScoredEntry<String>> entries(List<?> reply) {
        List<ScoredEntry<String>> out = new ArrayList<>(reply.size() / 2);
        for (int i = 0; i + 1 < reply.size(); i += 2) {
            out.add(new ScoredEntry<>(Double.parseDouble(reply.get(i + 1).toString()), reply.get(i).toString()));
        }
        return out;
    }

    @SuppressWarnings("unchecked")
    private static Collection<ScoredEntry<String>> scored(Object reply) {
        return (Collection<ScoredEntry<String>>) reply;
    }

    private static boolean newer(ScoredEntry<String> a, ScoredEntry<String> b) {
        int byScore = Double.compare(a.getScore(), b.getScore());
        return byScore != 0 ? byScore > 0 : ExecutionCursor.compareIds(a.getValue(), b.getValue()) > 0;
    }

    /**
     * One shard's index, read from its bound down: the entries of score at most {@code boundScore}, without those of that
     * very score at or above {@code boundId} (read already, or before the cursor); {@code skip} counts the entries of the
     * bound's score passed over while a whole page held only those.
     */
    private static final class Part {
        final ListingIndex index;
        final ArrayDeque<ScoredEntry<String>> buffer = new ArrayDeque<>();
        double boundScore;
        String boundId;
        int skip;
        boolean exhausted;

        Part(ListingIndex index, ExecutionCursor after) {
            this.index = index;
            this.boundScore = after == null ? Double.POSITIVE_INFINITY : after.startMillis();
            this.boundId = after == null ? null : after.executionId();
        }

        void take(Collection<ScoredEntry<String>> got, int page) {
            for (ScoredEntry<String> entry : got) {
                if (boundId == null || entry.getScore() != boundScore || ExecutionCursor.compareIds(entry.getValue(), boundId) < 0) {
                    buffer.add(entry);
                }
            }
            exhausted = got.size() < page;
            if (buffer.isEmpty()) {
                skip += got.size();
            } else {
                boundScore = buffer.peekLast().getScore();
                boundId = buffer.peekLast().getValue();
                skip = 0;
            }
        }
    }
}
