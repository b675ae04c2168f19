package io.sluice.api.http;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.api.port.Pipelines;
import io.sluice.api.tenant.Caller;
import io.sluice.api.tenant.Tenants;
import io.sluice.functions.control.recover.Backfills;
import io.sluice.functions.control.recover.Blocks;
import io.sluice.functions.control.recover.Chain;
import io.sluice.functions.control.recover.ChainFinder;
import io.sluice.functions.control.recover.InvalidRecovery;
import io.sluice.functions.control.recover.PartitionRange;
import io.sluice.functions.trigger.upstream.Dependent;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.LineageLog;
import jakarta.servlet.http.HttpServletRequest;
import java.util.List;
import java.util.Set;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * Block and recover: {@code POST /v1/blocks} blocks a pipeline and, unless {@code "downstream": false}, everything
 * downstream of it (by {@code dependsOn} and lineage) for a range of dates, in one action; {@code POST /v1/backfills}
 * re-runs a pipeline (and with {@code "downstream": true} its chain) for the range in dependency order and lifts the
 * block as it goes; {@code GET /v1/backfills/{id}} shows where it stands. A tenant's key covers its own pipelines
 * only; the author is the caller. A host without rules answers 404.
 */
@RestController
class RecoveryController {
    private static final Set<String> BLOCK_FIELDS = Set.of("pipeline", "from", "to", "downstream", "until", "reason");
    private static final Set<String> BACKFILL_FIELDS = Set.of("pipeline", "from", "to", "downstream");

    private final ObjectProvider<Blocks> blocks;
    private final ObjectProvider<Backfills> backfills;
    private final ObjectProvider<LineageLog> lineage;
    private final Pipelines pipelines;
    private final Tenants tenants;

    RecoveryController(ObjectProvider<Blocks> blocks, ObjectProvider<Backfills> backfills, ObjectProvider<LineageLog> lineage,
                       Pipelines pipelines, Tenants tenants) {
        this.tenants = tenants;
        this.blocks = blocks;
        this.backfills = backfills;
        this.lineage = lineage;
        this.pipelines = pipelines;
    }

    @PostMapping("/v1/blocks")
    ResponseEntity<?> block(Caller caller, HttpServletRequest http) {
        Blocks b = blocks.getIfAvailable();
        if (b == null) {
            return ApiProblems.notFound("This host has no rule manager, so it cannot block pipelines.");
        }
        if (!caller.mayChange()) {
            return ApiProblems.forbidden("This key may read only; blocking pipelines needs an operator key.");
        }
        JsonNode body = body(http, BLOCK_FIELDS);
        try {
            Request r = request(caller, body, true);
            Blocks.Block made = b.block(r.chain(), r.partitions(), text(body, "until"), text(body, "reason"), author(caller),
                    tenants::tenantOf);
            ObjectNode out = Json.object().put("id", made.id());
            made.pipelines().forEach(out.putArray("pipelines")::add);
            made.partitions().forEach(out.putArray("partitions")::add);
            made.rules().forEach(out.putArray("rules")::add);
            return ResponseEntity.status(HttpStatus.CREATED).body(out);
        } catch (InvalidRecovery e) {
            return ApiProblems.invalid(e.field(), e.expected(), e.getMessage());
        }
    }

    @PostMapping("/v1/backfills")
    ResponseEntity<?> backfill(Caller caller, HttpServletRequest http) {
        Backfills b = backfills.getIfAvailable();
        if (b == null) {
            return ApiProblems.notFound("This host runs no backfills.");
        }
        if (!caller.mayChange()) {
            return ApiProblems.forbidden("This key may read only; a backfill needs an operator key.");
        }
        JsonNode body = body(http, BACKFILL_FIELDS);
        try {
            Request r = request(caller, body, false);
            return ResponseEntity.status(HttpStatus.CREATED).body(BackfillJson.of(b.start(r.pipeline(), r.downstream(), r.chain(),
                    r.partitions(), author(caller))));
        } catch (InvalidRecovery e) {
            return ApiProblems.invalid(e.field(), e.expected(), e.getMessage());
        }
    }

    @GetMapping("/v1/backfills/{id}")
    ResponseEntity<?> find(@PathVariable String id, Caller caller) {
        Backfills b = backfills.getIfAvailable();
        if (b == null) {
            return ApiProblems.notFound("This host runs no backfills.");
        }
        return b.find(id).filter(v -> caller.sees(v.backfill().pipeline())).<ResponseEntity<?>>map(v -> ResponseEntity.ok(BackfillJson.of(v)))
                .orElseGet(() -> ApiProblems.notFound("There is no backfill '" + RequestJson.shown(id) + "' that this key sees."));
    }

    private record Request(String pipeline, boolean downstream, List<String> partitions, Chain chain) {}

    private Request request(Caller caller, JsonNode body, boolean downstreamByDefault) {
        String pipeline = text(body, "pipeline");
        if (pipeline == null) {
            throw new InvalidRecovery("pipeline", "the id of a pipeline of this host (GET /v1/pipelines)", null);
        }
        if (!caller.sees(pipeline) || pipelines.find(pipeline) instanceof Pipelines.Lookup.Missing) {
            throw new InvalidRecovery("pipeline", "the id of a pipeline of this host (GET /v1/pipelines)", pipeline);
        }
        JsonNode d = body.get("downstream");
        if (d != null && !d.isBoolean() && !d.isNull()) {
            throw new InvalidRecovery("downstream", "true or false", Json.write(d));
        }
        boolean downstream = d == null || d.isNull() ? downstreamByDefault : d.asBoolean();
        List<String> partitions = PartitionRange.dates(text(body, "from"), text(body, "to"));
        ChainFinder finder = new ChainFinder(pipelines.ids(), this::upstreams, lineage.getIfAvailable(), caller::sees);
        return new Request(pipeline, downstream, partitions, finder.find(pipeline, downstream, partitions));
    }

    private List<String> upstreams(String pipeline) {
        Pipelines.Declared declared = pipelines.options(pipeline).declared();
        return declared == null ? List.of() : declared.dependsOn().stream().map(Dependent.Dependency::upstream).toList();
    }

    private static JsonNode body(HttpServletRequest http, Set<String> fields) {
        JsonNode body = RequestJson.object(RequestJson.read(http));
        body.fieldNames().forEachRemaining(f -> {
            if (!fields.contains(f)) {
                throw new ApiProblems.InvalidRequest(f, "one of the fields " + new java.util.TreeSet<>(fields), "an unknown field");
            }
        });
        return body;
    }

    private static String text(JsonNode body, String field) {
        JsonNode v = body.get(field);
        if (v == null || v.isNull()) {
            return null;
        }
        if (!v.isTextual()) {
            throw new InvalidRecovery(field, "a string", Json.write(v));
        }
        return v.asText();
    }

    private static String author(Caller caller) {
        return caller instanceof Caller.TenantKey t ? "key:" + t.keyId() : "local";
    }
}
