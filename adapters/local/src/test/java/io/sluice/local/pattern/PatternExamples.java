package io.sluice.local.pattern;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.pattern.Patterns;
import io.sluice.orchestration.pattern.Rendering;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The files under examples/patterns, and the execution input each example runs with. */
final class PatternExamples {
    static final Path DIR = Path.of("../../examples/patterns").toAbsolutePath().normalize();
    static final Patterns PATTERNS = ClasspathPatternResources.patterns();

    private PatternExamples() {}

    static Path configFile(String pattern) {
        return DIR.resolve(pattern + ".config.json");
    }

    static Path mocksFile(String pattern) {
        return DIR.resolve(pattern + ".mocks.json");
    }

    static JsonNode config(String pattern) {
        return read(configFile(pattern));
    }

    static JsonNode mocks(String pattern) {
        return read(mocksFile(pattern));
    }

    /** What a trigger starts the pipeline with: its id and partition, and for an upload the object. */
    static JsonNode input(String pattern) {
        String pipeline = config(pattern).get("pipeline").asText();
        String object = pattern.equals("manual-upload")
                ? ", \"object\": {\"bucket\": \"acme-uploads\", \"key\": \"uploads/fx-rates/2026-11-29.csv\"}" : "";
        return Json.parse("{\"pipeline\": \"" + pipeline + "\", \"partition\": \"2026-11-29\"" + object + "}");
    }

    static Rendering.Rendered render(String pattern, JsonNode config) {
        Rendering r = PATTERNS.render(pattern, config);
        if (r instanceof Rendering.Rendered ok) {
            return ok;
        }
        throw new AssertionError("expected " + pattern + " to render, got " + r);
    }

    private static JsonNode read(Path file) {
        try {
            return Json.parse(Files.readString(file));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
