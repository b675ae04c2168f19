package io.sluice.api.http;

import io.sluice.api.tenant.Caller;
import io.sluice.functions.alert.TieredAlerts;
import io.sluice.orchestration.json.Json;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code POST /v1/alerts/{incident}/ack}: acknowledges a P1 incident (such as
 * {@code execution-failed:orders:daily}), so it re-alerts no more. An operator key; a tenant's key acknowledges
 * only its own pipelines' incidents. 200 when it was waiting, 404 when it was not (acknowledged already,
 * not a P1 incident, or given up on).
 */
@RestController
class AlertsController {
    private static final Pattern INCIDENT = Pattern.compile("[A-Za-z0-9_.:@/-]{1,300}");
    private static final Pattern EXECUTION = Pattern.compile("execution-failed:([A-Za-z0-9_.@-]{1,80}):.*");

    private final ObjectProvider<TieredAlerts> tiers;

    AlertsController(ObjectProvider<TieredAlerts> tiers) {
        this.tiers = tiers;
    }

    @PostMapping("/v1/alerts/{incident}/ack")
    ResponseEntity<?> acknowledge(Caller caller, @PathVariable String incident) {
        TieredAlerts t = tiers.getIfAvailable();
        if (t == null) {
            return ApiProblems.notFound("This host routes no alerts by priority.");
        }
        if (!INCIDENT.matcher(incident).matches()) {
            throw new ApiProblems.InvalidRequest("incident", "an incident key (1-300 letters, digits and _ . : @ / -), such as"
                    + " execution-failed:orders:daily", RequestJson.shown(incident));
        }
        if (!caller.mayChange()) {
            return ApiProblems.forbidden("This key may read only; acknowledging an alert needs an operator key.");
        }
        Matcher m = EXECUTION.matcher(incident);
        if (caller.tenant() != null && !(m.matches() && caller.sees(m.group(1)))) {
            return ApiProblems.notFound("No incident '" + incident + "' waits for an acknowledgement.");
        }
        if (!t.acknowledge(incident)) {
            return ApiProblems.notFound("No incident '" + incident + "' waits for an acknowledgement.");
        }
        return ResponseEntity.ok(Json.object().put("incident", incident).put("acknowledged", true));
    }
}
