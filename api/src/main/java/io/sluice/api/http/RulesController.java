package io.sluice.api.http;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.api.port.ExecutionControl;
import io.sluice.api.port.Pipelines;
import io.sluice.api.port.ScheduledFires;
import io.sluice.api.tenant.Caller;
import io.sluice.api.tenant.Tenants;
import io.sluice.functions.control.Rule;
import io.sluice.functions.control.RuleBook;
import io.sluice.functions.control.RuleParser;
import io.sluice.functions.control.RuleSimulation;
import io.sluice.functions.control.RuleTarget;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.ExecutionSummary;
import io.sluice.orchestration.port.RuleStore;
import jakarta.servlet.http.HttpServletRequest;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * The allow and block rules: {@code GET /v1/rules}, {@code POST /v1/rules} (201), {@code DELETE /v1/rules/{id}}
 * (204), {@code GET /v1/rules/changes} (the record of every change) and {@code POST /v1/rules/simulate}
 * (what a rule would match, before it is saved). A tenant's key sees and makes rules of its own tenant
 * only (a rule it makes is its tenant's, whatever the body says); the author is the caller, never the
 * body. A host without rules answers 404 on each.
 */
@RestController
class RulesController {
    private static final int MAX_RUNNING = 1000;
    private static final int MAX_FIRES = 1000;

    private final ObjectProvider<RuleBook> rules;
    private final ObjectProvider<ScheduledFires> fires;
    private final Pipelines pipelines;
    private final ExecutionControl executions;
    private final Tenants tenants;
    private final Clock clock;

    RulesController(ObjectProvider<RuleBook> rules, ObjectProvider<ScheduledFires> fires, Pipelines pipelines, ExecutionControl executions,
                    Tenants tenants, Clock clock) {
        this.rules = rules;
        this.fires = fires;
        this.pipelines = pipelines;
        this.executions = executions;
        this.tenants = tenants;
        this.clock = clock;
    }

    @GetMapping("/v1/rules")
    ResponseEntity<?> list(Caller caller) {
        RuleBook book = rules.getIfAvailable();
        if (book == null) {
            return none();
        }
        ArrayNode out = Json.NODES.arrayNode();
        book.current().all().stream().filter(r -> visible(caller, r.tenant())).forEach(r -> out.add(RuleParser.json(r)));
        return ResponseEntity.ok(Json.object().set("rules", out));
    }

    @PostMapping("/v1/rules")
    ResponseEntity<?> add(Caller caller, HttpServletRequest http) {
        RuleBook book = rules.getIfAvailable();
        if (book == null) {
            return none();
        }
        if (!caller.mayChange()) {
            return ApiProblems.forbidden("This key may read only; making a rule needs an operator key.");
        }
        try {
            Rule rule = book.add(scoped(caller, RequestJson.object(RequestJson.read(http))), author(caller));
            return ResponseEntity.status(HttpStatus.CREATED).body(RuleParser.json(rule));
        } catch (RuleParser.InvalidRule e) {
            return invalid(e);
        }
    }

    @DeleteMapping("/v1/rules/{id}")
    ResponseEntity<?> remove(@PathVariable String id, Caller caller) {
        RuleBook book = rules.getIfAvailable();
        if (book == null) {
            return none();
        }
        Rule rule = book.find(id).filter(r -> visible(caller, r.tenant())).orElse(null);
        if (rule == null) {
            return ApiProblems.notFound("There is no rule '" + RequestJson.shown(id) + "' made through the API that this key sees.");
        }
        if (!caller.mayChange()) {
            return ApiProblems.forbidden("This key may read only; removing a rule needs an operator key.");
        }
        if (!book.remove(id, author(caller))) {
            return ApiProblems.of(HttpStatus.CONFLICT, ApiProblems.CONFLICT, "Rule of the rules file",
                    "Rule '" + id + "' is in the rules file; remove it there.", Map.of());
        }
        return ResponseEntity.noContent().build();
    }

    @GetMapping("/v1/rules/changes")
    ResponseEntity<?> changes(Caller caller, @RequestParam(defaultValue = "100") int limit) {
        RuleBook book = rules.getIfAvailable();
        if (book == null) {
            return none();
        }
        if (limit < 1 || limit > 1000) {
            throw new ApiProblems.InvalidRequest("limit", "a whole number from 1 to 1000", String.valueOf(limit));
        }
        ArrayNode out = Json.NODES.arrayNode();
        for (RuleStore.Change c : book.changes(limit)) {
            String tenant = c.rule() == null ? null : Json.parse(c.rule()).path("tenant").asText(null);
            if (visible(caller, tenant)) {
                ObjectNode o = out.addObject().put("at", c.at().toString()).put("action", c.action()).put("ruleId", c.ruleId())
                        .put("author", c.author());
                if (c.rule() != null) {
                    o.set("rule", Json.parse(c.rule()));
                }
            }
        }
        return ResponseEntity.ok(Json.object().set("changes", out));
    }

    /** The body is a rule as {@code POST /v1/rules} takes it; {@code hours} (default 24) is how far ahead fires are looked for. */
    @PostMapping("/v1/rules/simulate")
    ResponseEntity<?> simulate(Caller caller, HttpServletRequest http, @RequestParam(defaultValue = "24") int hours) {
        RuleBook book = rules.getIfAvailable();
        if (book == null) {
            return none();
        }
        if (hours < 1 || hours > 24 * 31) {
            throw new ApiProblems.InvalidRequest("hours", "a whole number of hours from 1 to 744", String.valueOf(hours));
        }
        Rule rule;
        try {
            rule = RuleParser.parse(scoped(caller, RequestJson.object(RequestJson.read(http))), "", clock.instant(), author(caller));
        } catch (RuleParser.InvalidRule e) {
            return invalid(e);
        }
        List<String> seen = pipelines.ids().stream().filter(caller::sees).toList();
        ScheduledFires schedule = fires.getIfAvailable();
        List<RuleSimulation.Fire> upcoming = schedule == null ? List.of() : schedule.between(clock.instant(),
                clock.instant().plus(Duration.ofHours(hours)), MAX_FIRES).stream().filter(f -> caller.sees(f.pipeline()))
                .map(f -> new RuleSimulation.Fire(f.pipeline(), f.at())).toList();
        List<RuleSimulation.Running> running = executions.list(null, "RUNNING", MAX_RUNNING).stream()
                .filter(s -> caller.sees(s.pipeline())).map(this::running).toList();
        RuleSimulation.Result r = RuleSimulation.simulate(rule, book.current(), seen,
                p -> new RuleTarget(p, tenants.tenantOf(p).orElse(null), "P2", null), upcoming, running);
        ObjectNode out = Json.object();
        out.set("rule", RuleParser.json(rule));
        ArrayNode ps = out.putArray("pipelines");
        r.pipelines().forEach(ps::add);
        ArrayNode fs = out.putArray("scheduledFires");
        r.fires().forEach(f -> fs.addObject().put("pipeline", f.pipeline()).put("at", f.at().toString()));
        ArrayNode rs = out.putArray("runningExecutions");
        r.running().forEach(e -> {
            ObjectNode o = rs.addObject().put("executionId", e.executionId()).put("pipeline", e.pipeline());
            if (e.partition() != null) {
                o.put("partition", e.partition());
            }
        });
        out.put("partitionDependent", r.partitionDependent()).put("hours", hours);
        return ResponseEntity.ok(out);
    }

    private RuleSimulation.Running running(ExecutionSummary s) {
        String partition = executions.describe(s.executionId()).map(d -> d.execution().input().path("partition"))
                .filter(JsonNode::isTextual).map(JsonNode::asText).orElse(null);
        return new RuleSimulation.Running(s.executionId(), s.pipeline(), partition);
    }

    /** A tenant key's rule is its tenant's: a body naming another tenant is refused. */
    private static JsonNode scoped(Caller caller, JsonNode body) {
        if (caller instanceof Caller.TenantKey t && body instanceof ObjectNode o) {
            JsonNode named = o.get("tenant");
            if (named != null && !named.isNull() && !t.tenant().equals(named.asText())) {
                throw new ApiProblems.InvalidRequest("tenant", "this key's tenant (" + t.tenant() + ") or nothing", RequestJson.shown(named.asText()));
            }
            o.put("tenant", t.tenant());
        }
        return body;
    }

    private static boolean visible(Caller caller, String tenant) {
        return caller.tenant() == null || caller.tenant().equals(tenant);
    }

    private static String author(Caller caller) {
        return caller instanceof Caller.TenantKey t ? "key:" + t.keyId() : "local";
    }

    private static ResponseEntity<?> none() {
        return ApiProblems.notFound("This host keeps no allow or block rules.");
    }

    private static ResponseEntity<?> invalid(RuleParser.InvalidRule e) {
        RuleParser.Problem first = e.problems().get(0);
        List<Map<String, String>> all = e.problems().stream().map(p -> Map.of("pointer", p.pointer(), "problem", p.message())).toList();
        return ApiProblems.of(HttpStatus.BAD_REQUEST, ApiProblems.INVALID_REQUEST, "Invalid rule", e.getMessage(),
                Map.of("field", first.pointer(), "expected", first.message(), "problems", all));
    }
}
