package io.sluice.local.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.json.Json;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.web.method.HandlerMethod;
import org.springframework.web.servlet.mvc.method.RequestMappingInfo;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;

/** The OpenAPI document in the repository describes exactly the routes the controllers serve, and is what the API serves. */
class OpenApiRoutesTest extends LocalAppTest {
    private static final Set<String> METHODS = Set.of("get", "put", "post", "delete", "patch", "head", "options");

    @Autowired
    @Qualifier("requestMappingHandlerMapping")
    RequestMappingHandlerMapping mappings;

    static JsonNode document() throws IOException {
        try (InputStream in = OpenApiRoutesTest.class.getResourceAsStream("/openapi/sluice-api.json")) {
            return Json.parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        }
    }

    private Set<String> controllerRoutes() {
        Set<String> routes = new TreeSet<>();
        mappings.getHandlerMethods().forEach((RequestMappingInfo info, HandlerMethod handler) -> {
            if (!handler.getBeanType().getPackageName().startsWith("io.sluice.api")
                    || org.springframework.boot.web.servlet.error.ErrorController.class.isAssignableFrom(handler.getBeanType())) {
                return; // the container's error page, not a route of the API
            }
            assertThat(info.getMethodsCondition().getMethods()).as("every route names its method: %s", info).isNotEmpty();
            for (String pattern : info.getPathPatternsCondition().getPatternValues()) {
                info.getMethodsCondition().getMethods().forEach(m -> routes.add(m.name() + " " + pattern));
            }
        });
        return routes;
    }

    private static Set<String> documentedRoutes(JsonNode doc) {
        Set<String> routes = new TreeSet<>();
        doc.get("paths").properties().forEach(p -> p.getValue().fieldNames().forEachRemaining(m -> {
            if (METHODS.contains(m)) {
                routes.add(m.toUpperCase() + " " + p.getKey());
            }
        }));
        return routes;
    }

    @Test
    void everyControllerRouteIsDocumentedAndEveryDocumentedRouteExists() throws IOException {
        assertThat(documentedRoutes(document())).isEqualTo(controllerRoutes()).contains("GET /v1/pipelines", "POST /v1/pipelines/{id}/webhook");
    }

    @Test
    void theApiServesTheDocumentOfTheRepository() throws IOException {
        Http.Response served = http().get("/v1/openapi.json");
        assertThat(served.status()).isEqualTo(200);
        assertThat(served.contentType()).startsWith("application/json");
        assertThat(served.body()).isEqualTo(document());
        assertThat(served.body().get("openapi").asText()).isEqualTo("3.1.0");
    }

    @Test
    void everyReferenceResolvesAndEveryGuardedOperationDocumentsItsErrors() throws IOException {
        JsonNode doc = document();
        List<String> refs = new ArrayList<>();
        collectRefs(doc, refs);
        assertThat(refs).isNotEmpty().allSatisfy(r -> assertThat(doc.at(r.substring(1)).isMissingNode()).as(r).isFalse());
        doc.get("paths").properties().forEach(p -> p.getValue().properties().forEach(op -> {
            JsonNode responses = op.getValue().get("responses");
            assertThat(responses).as(op.getKey() + " " + p.getKey()).isNotNull();
            boolean open = op.getValue().has("security") && op.getValue().get("security").isEmpty();
            if (!open) {
                assertThat(responses.has("401")).as("401 of %s %s", op.getKey(), p.getKey()).isTrue();
            }
            if (op.getKey().equals("post")) {
                assertThat(responses.has("413")).as("413 of POST %s", p.getKey()).isTrue();
            }
            assertThat(op.getValue().get("operationId").asText()).isNotBlank();
        }));
    }

    private static void collectRefs(JsonNode node, List<String> out) {
        if (node.isObject()) {
            node.properties().forEach(e -> {
                if (e.getKey().equals("$ref")) {
                    out.add(e.getValue().asText());
                } else {
                    collectRefs(e.getValue(), out);
                }
            });
        } else if (node.isArray()) {
            node.forEach(n -> collectRefs(n, out));
        }
    }
}
