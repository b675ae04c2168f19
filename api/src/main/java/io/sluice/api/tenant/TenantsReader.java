package io.sluice.api.tenant;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/** Reads a tenants document, collecting every problem as {@code /pointer: sentence}. */
final class TenantsReader {
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_.-]{1,64}");
    private static final Pattern PIPELINE = Pattern.compile("[A-Za-z0-9_.-]{1,80}");
    private static final Pattern HASH = Pattern.compile("[0-9a-fA-F]{64}");

    private final Map<String, Tenants.Tenant> tenants = new HashMap<>();
    private final List<Tenants.Key> keys = new ArrayList<>();
    private final List<String> problems = new ArrayList<>();
    private final Map<String, String> ownerOfPipeline = new HashMap<>();
    private final Map<String, String> keyPlace = new HashMap<>();

    TenantsReader(JsonNode json) {
        JsonNode all = json.get("tenants");
        if (!json.isObject() || all == null || !all.isObject()) {
            problems.add("/tenants: expected an object of tenants by name");
            return;
        }
        json.fieldNames().forEachRemaining(f -> {
            if (!f.equals("tenants")) {
                problems.add("/" + f + ": unknown field; expected only 'tenants'");
            }
        });
        all.properties().forEach(e -> tenant(e.getKey(), e.getValue()));
    }

    private void tenant(String name, JsonNode t) {
        String at = "/tenants/" + name;
        if (!NAME.matcher(name).matches()) {
            problems.add(at + ": a tenant name is 1-64 letters, digits and _ . -");
        }
        if (!t.isObject()) {
            problems.add(at + ": expected an object with 'pipelines' and 'keys'");
            return;
        }
        t.fieldNames().forEachRemaining(f -> {
            if (!f.equals("pipelines") && !f.equals("keys")) {
                problems.add(at + "/" + f + ": unknown field; expected 'pipelines' and 'keys'");
            }
        });
        Set<String> pipelines = pipelines(name, t.path("pipelines"), at + "/pipelines");
        JsonNode ks = t.path("keys");
        if (!ks.isArray()) {
            problems.add(at + "/keys: expected an array of {\"id\", \"sha256\", \"role\"}");
        } else {
            for (int i = 0; i < ks.size(); i++) {
                key(name, ks.get(i), at + "/keys/" + i);
            }
        }
        tenants.put(name, new Tenants.Tenant(name, pipelines));
    }

    private Set<String> pipelines(String tenant, JsonNode list, String at) {
        Set<String> out = new LinkedHashSet<>();
        if (!list.isArray()) {
            problems.add(at + ": expected an array of pipeline ids");
            return out;
        }
        for (int i = 0; i < list.size(); i++) {
            String id = list.get(i).asText("");
            if (!list.get(i).isTextual() || !PIPELINE.matcher(id).matches()) {
                problems.add(at + "/" + i + ": expected a pipeline id (1-80 letters, digits and _ . -)");
                continue;
            }
            String owner = ownerOfPipeline.putIfAbsent(id, tenant);
            if (owner != null && !owner.equals(tenant)) {
                problems.add(at + "/" + i + ": pipeline '" + id + "' belongs to tenant '" + owner + "' already; a pipeline has one tenant");
            }
            out.add(id);
        }
        return out;
    }

    private void key(String tenant, JsonNode k, String at) {
        String id = k.path("id").asText("");
        String hash = k.path("sha256").asText("");
        JsonNode roleNode = k.get("role");
        if (!NAME.matcher(id).matches()) {
            problems.add(at + "/id: expected a key id (1-64 letters, digits and _ . -), to tell keys apart in logs");
        }
        if (!HASH.matcher(hash).matches()) {
            problems.add(at + "/sha256: expected the key's SHA-256 as 64 hex digits (printf %s \"$KEY\" | sha256sum), never the key itself");
            return;
        }
        // No default: a forgotten role must not quietly grant the most powerful one.
        if (roleNode == null || roleNode.isNull()) {
            problems.add(at + "/role: missing; say what the key may do: 'operator' (start, stop, complete tasks) or 'reader' (read only)");
            return;
        }
        String roleLabel = roleNode.asText("");
        Role role = roleNode.isTextual() ? Role.byLabel(roleLabel).orElse(null) : null;
        if (role == null) {
            problems.add(at + "/role: expected 'operator' or 'reader', got '" + (roleNode.isTextual() ? roleLabel : roleNode.toString()) + "'");
            return;
        }
        String lower = hash.toLowerCase(java.util.Locale.ROOT);
        String other = keyPlace.putIfAbsent(lower, at);
        if (other != null) {
            problems.add(at + "/sha256: the same key is listed at " + other + "; a key belongs to one tenant");
            return;
        }
        keys.add(new Tenants.Key(tenant, id, HexFormat.of().parseHex(lower), role));
    }

    Map<String, Tenants.Tenant> tenants() {
        return tenants;
    }

    List<Tenants.Key> keys() {
        return keys;
    }

    List<String> problems() {
        return problems;
    }
}
