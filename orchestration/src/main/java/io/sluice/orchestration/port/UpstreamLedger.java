package io.sluice.orchestration.port;

import java.time.Instant;
import java.util.Set;

/**
 * Which upstream pipelines have succeeded for one partition of a dependent pipeline: the record an
 * upstream-completion trigger keeps to know when every upstream of a (dependent, partition) is done.
 * Recording is atomic and returns what is recorded after it, so of several upstreams finishing at
 * once at least one sees the full set (exactly one, when they are different upstreams). Recording the
 * same upstream again changes nothing, so a redelivered completion event is harmless.
 */
public interface UpstreamLedger {

    /**
     * Records that {@code upstream} succeeded for {@code partition} of {@code dependent}, keeps the
     * record until {@code keepUntil}, and returns every upstream recorded for that pair so far, this
     * one included.
     */
    Set<String> succeeded(String dependent, String partition, String upstream, Instant keepUntil);
}
