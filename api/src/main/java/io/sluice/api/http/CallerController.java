package io.sluice.api.http;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.api.tenant.Caller;
import io.sluice.orchestration.json.Json;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET /v1/caller}: who the API takes the caller for, so a client (the console) shows only what it may do:
 * {@code {"mode": "local"}} without tenants, else {@code {"mode": "tenants", "tenant", "key", "role"}}; and
 * {@code mayChange}. Never the key itself.
 */
@RestController
class CallerController {

    @GetMapping("/v1/caller")
    ObjectNode caller(Caller caller) {
        ObjectNode out = Json.object();
        switch (caller) {
            case Caller.Local l -> out.put("mode", "local");
            case Caller.TenantKey k -> out.put("mode", "tenants").put("tenant", k.tenant()).put("key", k.keyId())
                    .put("role", k.role().label());
        }
        return out.put("mayChange", caller.mayChange());
    }
}
