package io.sluice.api.sfn;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.api.port.StateMachineVersions.Alias;
import io.sluice.api.port.StateMachineVersions.Route;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * A state machine's aliases as its stored document holds them ({@code "aliases": {name: {description, routes, created,
 * updated}}}), one form for every store: the local folder's metadata file and the cloud hosts' Redis document.
 */
public final class AliasDocuments {
    private AliasDocuments() {}

    /** The aliases of {@code document}, in its order. */
    public static List<Alias> read(JsonNode document) {
        List<Alias> out = new ArrayList<>();
        document.path("aliases").fields().forEachRemaining(e -> {
            JsonNode a = e.getValue();
            List<Route> routes = new ArrayList<>();
            a.path("routes").forEach(r -> routes.add(new Route(r.path("version").asInt(), r.path("weight").asInt())));
            out.add(new Alias(e.getKey(), a.hasNonNull("description") ? a.get("description").asText() : null, routes,
                    Instant.parse(a.path("created").asText()), Instant.parse(a.path("updated").asText())));
        });
        return out;
    }

    /** Puts {@code alias} into {@code document}, replacing one of its name. */
    public static void put(ObjectNode document, Alias alias) {
        ObjectNode aliases = document.has("aliases") ? (ObjectNode) document.get("aliases") : document.putObject("aliases");
        ObjectNode a = aliases.putObject(alias.name());
        if (alias.description() != null) {
            a.put("description", alias.description());
        }
        ArrayNode routes = a.putArray("routes");
        alias.routes().forEach(r -> routes.addObject().put("version", r.version()).put("weight", r.weight()));
        a.put("created", alias.created().toString()).put("updated", alias.updated().toString());
    }
}
