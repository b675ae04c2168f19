package io.sluice.redis;

import io.sluice.orchestration.port.ExecutionSummary;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

/** The summary fields of an execution's hash and of its retired record ({@link RedisExecutionStore}). */
final class SummaryFields {
    static final List<String> SUMMARY = List.of("pipeline", "name", "status", "definitionHash", "startTime", "stopTime");
    /** A stub's definition hash, without its {@code sha256:} ({@code lua/execution-stub.lua}): 64 bytes, a listpack's most. */
    private static final String STUB_SHA256 = "definitionSha256";
    /**
     * What a listing reads of each hash: the summary and the partition (absent from hashes written before it was kept),
     * and a stub's definition hash ({@link #listed}).
     */
    static final List<String> LISTED = List.of("pipeline", "name", "status", "definitionHash", "startTime", "stopTime", "partition",
            STUB_SHA256);
    static final String RUNNING_STOP_TIME = "";
    /** The status of an execution that has not finished, the only one that sleeps. */
    static final String RUNNING = "RUNNING";

    private SummaryFields() {}

    /** Fields in {@link #SUMMARY} order; {@code partition} empty or {@code null} for none. */
    static ExecutionSummary summary(String executionId, List<String> f, String partition) {
        String stop = f.get(5);
        return new ExecutionSummary(executionId, f.get(0), f.get(1), f.get(2), f.get(3), Instant.parse(f.get(4)),
                stop.equals(RUNNING_STOP_TIME) ? null : Instant.parse(stop), partition == null || partition.isEmpty() ? null : partition);
    }

    /** {@code hash} as a listing read it, a stub's definition hash given back its {@code sha256:}. */
    static java.util.Map<String, String> listed(java.util.Map<String, String> hash) {
        String sha = hash.get(STUB_SHA256);
        if (sha == null || hash.containsKey("definitionHash")) {
            return hash;
        }
        java.util.Map<String, String> whole = new java.util.HashMap<>(hash);
        whole.put("definitionHash", "sha256:" + sha);
        return whole;
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
