package io.sluice.functions.control.recover;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.orchestration.json.Json;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * A backfill as stored: the chain it re-runs, for which partitions, who asked, and, once it is over, how it ended.
 * Its runs are named {@code bf-<id>-<partition>}, so their state in the execution store is its progress.
 *
 * @param outcome {@code null} while it runs; {@code SUCCEEDED} or {@code FAILED} once nothing more can run
 */
public record Backfill(String id, String pipeline, boolean downstream, List<String> partitions, Chain chain, String author,
                       Instant createdAt, String outcome, Instant finishedAt) {
    public static final String NAME_PREFIX = io.sluice.functions.trigger.upstream.UpstreamTrigger.BACKFILL_RUNS;

    public Backfill {
        partitions = List.copyOf(partitions);
    }

    /** The name of its run of a pipeline for {@code partition}. */
    public String runName(String partition) {
        return NAME_PREFIX + id + "-" + partition;
    }

    /** The backfill id in a run's name, or {@code null} when the name is no backfill run's. */
    public static String idOf(String executionName) {
        if (executionName == null || !executionName.startsWith(NAME_PREFIX)) {
            return null;
        }
        int dash = executionName.indexOf('-', NAME_PREFIX.length());
        return dash < 0 ? null : executionName.substring(NAME_PREFIX.length(), dash);
    }

    public Backfill finished(String outcome, Instant at) {
        return new Backfill(id, pipeline, downstream, partitions, chain, author, createdAt, outcome, at);
    }

    public String encode() {
        ObjectNode o = Json.object().put("id", id).put("pipeline", pipeline).put("downstream", downstream).put("author", author)
                .put("createdAt", createdAt.toString());
        partitions.forEach(o.putArray("partitions")::add);
        ObjectNode ups = o.putObject("chain");
        for (String p : chain.order()) {
            new TreeSet<>(chain.upstreams().get(p)).forEach(ups.putArray(p)::add);
        }
        if (outcome != null) {
            o.put("outcome", outcome).put("finishedAt", finishedAt.toString());
        }
        return Json.write(o);
    }

    public static Backfill decode(String json) {
        JsonNode o = Json.parse(json);
        List<String> partitions = new ArrayList<>();
        o.get("partitions").forEach(p -> partitions.add(p.asText()));
        Map<String, Set<String>> ups = new LinkedHashMap<>();
        o.get("chain").fields().forEachRemaining(e -> {
            Set<String> s = new TreeSet<>();
            e.getValue().forEach(u -> s.add(u.asText()));
            ups.put(e.getKey(), s);
        });
        return new Backfill(o.get("id").asText(), o.get("pipeline").asText(), o.get("downstream").asBoolean(), partitions, Chain.of(ups),
                o.get("author").asText(), Instant.parse(o.get("createdAt").asText()), o.hasNonNull("outcome") ? o.get("outcome").asText() : null,
                o.hasNonNull("finishedAt") ? Instant.parse(o.get("finishedAt").asText()) : null);
    }
}
