package io.sluice.orchestration.engine;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.definition.Definition;
import io.sluice.orchestration.definition.DefinitionParser;
import io.sluice.orchestration.express.ExpressResult;
import io.sluice.orchestration.express.ExpressRunner;
import io.sluice.orchestration.express.TaskInvoker;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.path.RandomSource;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;

/** Test shorthand: load definitions from text or fixtures and run them on the express runner. */
final class Machines {
    static final Instant T0 = Instant.parse("2026-11-29T00:00:00Z");

    private Machines() {}

    static Definition parse(String json) {
        return DefinitionParser.parse(Json.parse(json));
    }

    static Definition fixture(String name) {
        try (InputStream in = Machines.class.getResourceAsStream("/machines/" + name)) {
            if (in == null) {
                throw new IllegalArgumentException("no fixture " + name);
            }
            return parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    static ExpressResult run(Definition definition, String input, TaskInvoker invoker) {
        return new ExpressRunner(definition, invoker).run("exec-1", "run-1", Json.parse(input), T0, RandomSource.seeded(7));
    }

    static ExpressResult run(Definition definition, String input) {
        return run(definition, input, task -> {
            throw new AssertionError("no task expected, got " + task.stateName());
        });
    }

    static JsonNode json(String text) {
        return Json.parse(text);
    }
}
