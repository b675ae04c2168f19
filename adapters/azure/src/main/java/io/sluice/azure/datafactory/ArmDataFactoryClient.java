package io.sluice.azure.datafactory;

import com.azure.core.credential.AccessToken;
import com.azure.core.credential.TokenCredential;
import com.azure.core.credential.TokenRequestContext;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@link DataFactoryClient} over the Azure Resource Manager REST API ({@code Microsoft.DataFactory}, api-version
 * {@value #API_VERSION}) with the JDK's HTTP client and an Azure AD token for {@code management.azure.com}
 * (managed identity on Functions, through {@code DefaultAzureCredential}). {@code management} is
 * {@code https://management.azure.com} in Azure; tests point it at a stub.
 */
public final class ArmDataFactoryClient implements DataFactoryClient {
    static final String API_VERSION = "2018-06-01";
    private static final String SCOPE = "https://management.azure.com/.default";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    private final URI factory;
    private final TokenCredential credential;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
    private volatile AccessToken token;

    public ArmDataFactoryClient(URI management, String subscription, String resourceGroup, String factoryName, TokenCredential credential) {
        String base = management.toString().replaceAll("/+$", "");
        this.factory = URI.create(base + "/subscriptions/" + path(subscription) + "/resourceGroups/" + path(resourceGroup)
                + "/providers/Microsoft.DataFactory/factories/" + path(factoryName));
        this.credential = credential;
    }

    /** The factory's ARM resource URI (where the monitoring links point). */
    public URI factory() {
        return factory;
    }

    @Override
    public Optional<String> createRun(String pipeline, Map<String, String> parameters) {
        ObjectNode body = JSON.createObjectNode();
        parameters.forEach(body::put);
        HttpResponse<String> response = send("POST", "/pipelines/" + path(pipeline) + "/createRun", body);
        if (response.statusCode() == 404) {
            return Optional.empty();
        }
        return Optional.of(read(ok(response, "createRun of pipeline " + pipeline)).path("runId").asText());
    }

    @Override
    public List<PipelineRun> runsOf(String pipeline, Instant after, Instant before) {
        List<PipelineRun> runs = new ArrayList<>();
        String continuation = null;
        do {
            ObjectNode query = JSON.createObjectNode().put("lastUpdatedAfter", after.toString()).put("lastUpdatedBefore", before.toString());
            ArrayNode filters = query.putArray("filters");
            filters.addObject().put("operand", "PipelineName").put("operator", "Equals").putArray("values").add(pipeline);
            if (continuation != null) {
                query.put("continuationToken", continuation);
            }
            JsonNode page = read(ok(send("POST", "/queryPipelineRuns", query), "queryPipelineRuns of pipeline " + pipeline));
            page.path("value").forEach(r -> runs.add(run(r)));
            continuation = page.path("continuationToken").isTextual() ? page.get("continuationToken").asText() : null;
        } while (continuation != null && !continuation.isEmpty());
        return runs;
    }

    @Override
    public Optional<PipelineRun> run(String runId) {
        HttpResponse<String> response = send("GET", "/pipelineruns/" + path(runId), null);
        if (response.statusCode() == 404) {
            return Optional.empty();
        }
        return Optional.of(run(read(ok(response, "pipeline run " + runId))));
    }

    private HttpResponse<String> send(String method, String path, JsonNode body) {
        HttpRequest request = HttpRequest.newBuilder(URI.create(factory + path + "?api-version=" + API_VERSION))
                .timeout(TIMEOUT)
                .header("Authorization", "Bearer " + bearer())
                .header("Content-Type", "application/json")
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body.toString()))
                .build();
        try {
            return http.send(request, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException("Data Factory could not be reached at " + factory, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while calling Data Factory", e);
        }
    }

    private String bearer() {
        AccessToken current = token;
        if (current == null || current.getExpiresAt().isBefore(OffsetDateTime.now().plusMinutes(5))) {
            current = credential.getTokenSync(new TokenRequestContext().addScopes(SCOPE));
            token = current;
        }
        return current.getToken();
    }

    private static String ok(HttpResponse<String> response, String what) {
        if (response.statusCode() / 100 != 2) {
            JsonNode error = read(response.body()).path("error");
            throw new IllegalStateException("Data Factory answered " + response.statusCode() + " to " + what + ": "
                    + error.path("code").asText("?") + " " + error.path("message").asText(""));
        }
        return response.body();
    }

    private static JsonNode read(String body) {
        try {
            return body == null || body.isBlank() ? JSON.createObjectNode() : JSON.readTree(body);
        } catch (IOException e) {
            return JSON.createObjectNode();
        }
    }

    private static PipelineRun run(JsonNode r) {
        Map<String, String> parameters = new LinkedHashMap<>();
        r.path("parameters").properties().forEach(e -> parameters.put(e.getKey(), e.getValue().asText()));
        return new PipelineRun(r.path("runId").asText(), r.path("pipelineName").asText(), r.path("status").asText(),
                r.path("message").asText(null), time(r, "runStart"), time(r, "runEnd"), time(r, "lastUpdated"), parameters);
    }

    private static Instant time(JsonNode r, String field) {
        JsonNode v = r.get(field);
        return v == null || v.isNull() || v.asText().isEmpty() ? null : OffsetDateTime.parse(v.asText()).toInstant();
    }

    private static String path(String segment) {
        return URLEncoder.encode(segment, StandardCharsets.UTF_8).replace("+", "%20");
    }
}
