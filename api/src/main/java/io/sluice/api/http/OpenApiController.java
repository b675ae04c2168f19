package io.sluice.api.http;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET /v1/openapi.json}: the OpenAPI 3.1 description of this API, kept in the repository at
 * {@code api/src/main/resources/openapi/sluice-api.json} (a test checks that it and the
 * controllers name the same routes). Public: it says how to call the API, not what is in it.
 */
@RestController
class OpenApiController {
    static final String RESOURCE = "/openapi/sluice-api.json";
    private final String document;

    OpenApiController() {
        try (InputStream in = OpenApiController.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("the OpenAPI document " + RESOURCE + " is missing from the classpath");
            }
            this.document = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @GetMapping("/v1/openapi.json")
    ResponseEntity<String> openApi() {
        return ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON).body(document);
    }
}
