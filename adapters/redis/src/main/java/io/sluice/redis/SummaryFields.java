package io.sluice.redis;

import io.sluice.orchestration.json.IsoInstant;
import io.sluice.orchestration.port.ExecutionSummary;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/** The summary fields of an execution's hash and of its retired record ({@link RedisExecutionStore}). */
final class SummaryFields {
    static final List<String> SUMMARY = List.of("pipeline", "name", "status", "definitionHash", "startTime", "stopTime");
    /** A stub's definition hash as earlier builds kept it: the 64 digits without {@code sha256:}. */
    private static final String STUB_SHA256 = "definitionSha256";
    /** A stub's {@code sha256:} definition hash as an earlier build kept it: its 64 digits three to two characters. */
    private static final String STUB_DIGEST = "d";
    /** A stub's definition hash by its number in the shard ({@code lua/execution-stub.lua}, {@link DefinitionNumbers}). */
    static final String STUB_DEFINITION = "D";
    /** A stub's start time in epoch ms ({@code lua/execution-stub.lua}). */
    private static final String STUB_START = "s";
    /**
     * What a load and a listing read of each hash: the summary and the partition (absent from hashes written before it
     * was kept), and the shorter fields of a stub ({@link #read}); in {@code lua/lib/load.lua}'s order.
     */
    static final List<String> LISTED = List.of("pipeline", "name", "status", "definitionHash", "startTime", "stopTime", "partition",
            STUB_SHA256, STUB_DIGEST, STUB_START, STUB_DEFINITION);
    /** What {@code lua/lib/load.lua} answers after the version, before the outbox: the summary, the state, the rest of {@link #LISTED}. */
    static final List<String> LOADED = List.of("pipeline", "name", "status", "definitionHash", "startTime", "stopTime", "state",
            "partition", STUB_SHA256, STUB_DIGEST, STUB_START);
    static final String RUNNING_STOP_TIME = "";
    /** The status of an execution that has not finished, the only one that sleeps. */
    static final String RUNNING = "RUNNING";
    private static final String ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

    private SummaryFields() {}

    /** Fields in {@link #SUMMARY} order; {@code partition} empty or {@code null} for none. */
    static ExecutionSummary summary(String executionId, List<String> f, String partition) {
        String stop = f.get(5);
        return new ExecutionSummary(executionId, f.get(0), f.get(1), f.get(2), f.get(3), IsoInstant.parse(f.get(4)),
                stop.equals(RUNNING_STOP_TIME) ? null : IsoInstant.parse(stop), partition == null || partition.isEmpty() ? null : partition);
    }

    /**
     * The summary of {@code executionId} from its hash's {@link #LISTED} fields ({@code field} answers null or empty for
     * an absent one), a stub's shorter ones written out: the pipeline and name its id gives, the definition hash and start
     * time from their short forms, no stop time. Null when the hash holds no summary (gone, or not yet written).
     */
    static ExecutionSummary read(String executionId, Function<String, String> field) {
        String status = present(field.apply("status"));
        String pipeline = present(field.apply("pipeline"));
        String name = present(field.apply("name"));
        int colon = executionId.indexOf(':');
        if (pipeline == null && name == null && colon > 0) {
            pipeline = executionId.substring(0, colon);
            name = executionId.substring(colon + 1);
        }
        String definition = present(field.apply("definitionHash"));
        String sha = present(field.apply(STUB_SHA256));
        String digest = present(field.apply(STUB_DIGEST));
        if (definition == null && (sha != null || digest != null)) {
            definition = "sha256:" + (sha != null ? sha : digits(digest));
        }
        String start = present(field.apply("startTime"));
        String startMillis = present(field.apply(STUB_START));
        if (status == null || pipeline == null || name == null || definition == null || start == null && startMillis == null) {
            return null;
        }
        String stop = present(field.apply("stopTime"));
        String partition = present(field.apply("partition"));
        return new ExecutionSummary(executionId, pipeline, name, status, definition,
                start != null ? IsoInstant.parse(start) : Instant.ofEpochMilli(Long.parseLong(startMillis)),
                stop == null ? null : IsoInstant.parse(stop), partition);
    }

    private static String present(String value) {
        return value == null || value.isEmpty() ? null : value;
    }

    /** The 64 hex digits of a stub's short definition hash (three digits as two characters, the last as one). */
    static String digits(String digest) {
        if (digest.length() != 43) {
            throw new IllegalStateException("A stub's definition hash has 43 characters, not " + digest.length());
        }
        StringBuilder hex = new StringBuilder(64);
        for (int i = 0; i < 42; i += 2) {
            hex.append(String.format("%03x", ALPHABET.indexOf(digest.charAt(i)) * 64 + ALPHABET.indexOf(digest.charAt(i + 1))));
        }
        return hex.append(Character.forDigit(ALPHABET.indexOf(digest.charAt(42)), 16)).toString();
    }

    static ExecutionSummary requireComplete(ExecutionSummary s) {
        Objects.requireNonNull(s, "summary");
        Objects.requireNonNull(s.executionId(), "summary.executionId");
        Objects.requireNonNull(s.pipeline(), "summary.pipeline");
        Objects.requireNonNull(s.name(), "summary.name");
        Objects.requireNonNull(s.status(), "summary.status");
        Objects.requireNonNull(s.definitionHash(), "summary.definitionHash");
        Objects.requireNonNull(s.startTime(), "summary.startTime");
        return s;
    }
}
