package io.sluice.api.http;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.functions.control.recover.Backfill;
import io.sluice.functions.control.recover.Backfills;
import io.sluice.orchestration.json.Json;

/** A backfill as the API shows it: what it covers, its state, and each run (pipeline, partition, execution id, status). */
final class BackfillJson {
    private BackfillJson() {}

    static ObjectNode of(Backfills.View v) {
        Backfill b = v.backfill();
        ObjectNode o = Json.object().put("id", b.id()).put("pipeline", b.pipeline()).put("downstream", b.downstream())
                .put("state", v.state()).put("author", b.author()).put("createdAt", b.createdAt().toString());
        if (b.finishedAt() != null) {
            o.put("finishedAt", b.finishedAt().toString());
        }
        b.partitions().forEach(o.putArray("partitions")::add);
        ObjectNode chain = o.putObject("chain");
        for (String p : b.chain().order()) {
            ArrayNode ups = chain.putArray(p);
            b.chain().upstreams().get(p).stream().sorted().forEach(ups::add);
        }
        ArrayNode runs = o.putArray("runs");
        v.runs().forEach(r -> runs.addObject().put("pipeline", r.pipeline()).put("partition", r.partition())
                .put("executionId", r.executionId()).put("status", r.status()));
        return o;
    }
}
