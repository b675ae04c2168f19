package io.sluice.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.local.pattern.ClasspathPatternResources;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.pattern.ConfigProblem;
import io.sluice.orchestration.pattern.Patterns;
import io.sluice.orchestration.pattern.Rendering;
import java.io.PrintStream;
import java.io.UncheckedIOException;

/**
 * {@code sluice render PATTERN CONFIG}: prints the ASL definition a pattern renders from a config,
 * as pretty JSON, exit 0. A config that does not match the pattern's schema: one
 * {@code CONFIG: /pointer: sentence} line per problem on stderr, exit 2. An unknown pattern: exit 2,
 * naming the four.
 */
@picocli.CommandLine.Command(name = "render", mixinStandardHelpOptions = true,
        description = {"Print the ASL definition a pattern renders from a config.", "Exit 0, or 2 with one 'CONFIG: /pointer: problem' line each."})
final class RenderCommand implements java.util.concurrent.Callable<Integer> {
    @picocli.CommandLine.Parameters(index = "0", paramLabel = "PATTERN", description = "ingestion, export, simulation or manual-upload")
    private String pattern;
    @picocli.CommandLine.Parameters(index = "1", paramLabel = "CONFIG", description = "the pattern config file")
    private String config;

    private final PrintStream out;
    private final PrintStream err;

    RenderCommand(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
    }

    RenderCommand(CliContext context) {
        this(context.out(), context.err());
    }

    @Override
    public Integer call() {
        return run(new String[] {pattern, config});
    }

    int run(String[] args) {
        if (args.length != 2) {
            throw new SluiceCli.UsageException("expected PATTERN CONFIG, such as: render ingestion examples/patterns/ingestion.config.json");
        }
        Patterns patterns = ClasspathPatternResources.patterns();
        String pattern = args[0];
        String file = args[1];
        if (!patterns.names().contains(pattern)) {
            return unknown(pattern, patterns);
        }
        JsonNode config = DefinitionFiles.readJson(file, err);
        if (config == null) {
            return SluiceCli.EXIT_INVALID;
        }
        return switch (patterns.render(pattern, config)) {
            case Rendering.Rendered r -> {
                out.println(pretty(r.definition()));
                yield 0;
            }
            case Rendering.Rejected r -> {
                for (ConfigProblem p : r.problems()) {
                    err.println(file + ": " + p);
                }
                yield SluiceCli.EXIT_INVALID;
            }
            case Rendering.UnknownPattern u -> unknown(u.name(), patterns);
        };
    }

    private int unknown(String pattern, Patterns patterns) {
        err.println("sluice render: unknown pattern '" + pattern + "'; the patterns are " + String.join(", ", patterns.names()));
        return SluiceCli.EXIT_INVALID;
    }

    private static String pretty(JsonNode definition) {
        try {
            return Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(definition);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException("a rendered definition could not be written", e);
        }
    }
}
