package io.sluice.api.http;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.functions.trigger.object.ObjectRule;
import io.sluice.functions.trigger.upstream.Dependent;
import io.sluice.api.port.Pipelines;
import io.sluice.api.tenant.Caller;
import io.sluice.orchestration.json.Json;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET /v1/pipelines}: the pipelines the caller sees, files added since the start included.
 * Each has {@code id}, {@code valid}, and either {@code definitionHash} or the {@code problems} that
 * keep it from running; its {@code dependsOn} and whether its webhook is signed; its {@code tenant}
 * when tenants are configured; its {@code pattern} when it is rendered from one, and its {@code schedules}
 * with their next {@value #NEXT_FIRES} fire times; the {@code objectRules} that start it.
 */
@RestController
class PipelinesController {
    static final int NEXT_FIRES = 3;

    private final Pipelines pipelines;
    private final Clock clock;

    PipelinesController(Pipelines pipelines, Clock clock) {
        this.pipelines = pipelines;
        this.clock = clock;
    }

    @GetMapping("/v1/pipelines")
    ObjectNode list(Caller caller) {
        ObjectNode out = Json.object();
        ArrayNode list = out.putArray("pipelines");
        for (String id : pipelines.ids()) {
            if (caller.sees(id)) {
                list.add(view(caller, id));
            }
        }
        return out;
    }

    private ObjectNode view(Caller caller, String id) {
        ObjectNode p = Json.object().put("id", id);
        if (caller.tenant() != null) {
            p.put("tenant", caller.tenant());
        }
        List<Pipelines.Problem> problems = new ArrayList<>();
        switch (pipelines.find(id)) {
            case Pipelines.Lookup.Found f -> p.put("valid", true).put("definitionHash", f.definitionHash());
            case Pipelines.Lookup.Invalid i -> {
                p.put("valid", false);
                problems.addAll(i.problems());
            }
            case Pipelines.Lookup.Missing m -> p.put("valid", false);
        }
        Pipelines.Options parsed = pipelines.options(id);
        problems.addAll(parsed.problems());
        ArrayNode deps = p.putArray("dependsOn");
        Pipelines.Declared o = parsed.declared();
        if (o != null) {
            for (Dependent.Dependency d : o.dependsOn()) {
                deps.addObject().put("pipeline", d.upstream()).put("partitions", d.partitions().label());
            }
        }
        ObjectNode webhook = p.putObject("webhook").put("signed", o == null || o.webhook() != null);
        if (o != null && o.webhook() != null) {
            webhook.put("toleranceSeconds", o.webhook().tolerance().toSeconds());
        }
        pipelines.pattern(id).ifPresent(pattern -> p.put("pattern", pattern));
        ArrayNode waitsFor = p.putArray("waitsFor");
        pipelines.patternUpstreams(id).forEach(waitsFor::add);
        ArrayNode schedules = p.putArray("schedules");
        for (Pipelines.Schedule s : pipelines.schedules(id, Instant.now(clock), NEXT_FIRES)) {
            ObjectNode shown = schedules.addObject();
            if (s.label() != null) {
                shown.put("label", s.label());
            }
            shown.put("expression", s.expression()).put("timezone", s.timezone()).put("overlap", s.overlap()).put("catchUp", s.catchUp());
            ArrayNode next = shown.putArray("next");
            s.next().forEach(at -> next.add(at.toString()));
        }
        ArrayNode rules = p.putArray("objectRules");
        for (ObjectRule r : pipelines.objectRules(id)) {
            ObjectNode shown = rules.addObject().put("id", r.id()).put("bucket", r.bucket()).put("keys", r.filter().describe());
            if (r.store() != null) {
                shown.put("store", r.store().code());
            }
            if (r.minSize() > 0) {
                shown.put("minSize", r.minSize());
            }
            if (r.maxSize() < Long.MAX_VALUE) {
                shown.put("maxSize", r.maxSize());
            }
        }
        if (!problems.isEmpty()) {
            ArrayNode shown = p.putArray("problems");
            problems.forEach(pr -> shown.add(pr.text()));
        }
        return p;
    }
}
