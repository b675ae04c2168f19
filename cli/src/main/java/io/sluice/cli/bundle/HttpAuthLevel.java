package io.sluice.cli.bundle;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.orchestration.json.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The {@code authLevel} of the HTTP trigger in a generated {@code function.json}: {@code ANONYMOUS} (the API's tenants, Easy
 * Auth or API Management decide) or {@code FUNCTION}, where the Functions host itself asks every request for a function key
 * ({@code x-functions-key} or {@code ?code=}) before the app sees it
 * (https://learn.microsoft.com/azure/azure-functions/functions-bindings-http-webhook-trigger#http-auth).
 */
public final class HttpAuthLevel {
    private HttpAuthLevel() {}

    /** Sets the level of every {@code httpTrigger} binding of {@code functionJson}. */
    public static void set(Path functionJson, String level) throws IOException {
        JsonNode json = Json.parse(Files.readString(functionJson));
        boolean found = false;
        for (JsonNode binding : json.path("bindings")) {
            if ("httpTrigger".equals(binding.path("type").asText())) {
                ((ObjectNode) binding).put("authLevel", level);
                found = true;
            }
        }
        if (!found) {
            throw new IllegalStateException(functionJson + ": /bindings: expected an httpTrigger binding");
        }
        Files.writeString(functionJson, Json.write(json));
    }
}
