package io.sluice.cli.bundle;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.local.pattern.ClasspathPatternResources;
import io.sluice.orchestration.integration.Platform;
import io.sluice.orchestration.substitution.DefinitionSubstitutions;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.pattern.Patterns;
import io.sluice.orchestration.pattern.Rendering;
import io.sluice.orchestration.validation.DefinitionValidator;
import io.sluice.orchestration.validation.Problem;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * A pipelines folder as a cloud bundle carries it: every {@code <id>.asl.json} validated for the platform, every pattern
 * config {@code <id>.config.json} rendered into {@code <id>.asl.json} (a cloud host renders nothing at start), the
 * {@code <id>.pipeline.json} options, {@code tenants.json} and the object rules {@code triggers.json} (no rules when the
 * folder has none). One reader for
 * both clouds, so what AWS and Azure bundles hold cannot drift apart.
 */
public final class PipelineFolder {
    static final String TRIGGERS = "triggers.json";
    private static final byte[] NO_RULES = "{\"rules\": []}\n".getBytes(StandardCharsets.UTF_8);

    private PipelineFolder() {}

    /** The entries to bundle, by file name; problems as {@code FILE: /pointer: sentence}. */
    public static Map<String, byte[]> collect(Path folder, Platform platform, List<String> problems, List<String> warnings) throws IOException {
        return collect(folder, platform, DefinitionSubstitutions.none(), problems, warnings);
    }

    /** As {@link #collect(Path, Platform, List, List)}, each {@code <id>.asl.json} with its {@code ${Name}} placeholders filled. */
    public static Map<String, byte[]> collect(Path folder, Platform platform, DefinitionSubstitutions substitutions, List<String> problems,
                                              List<String> warnings) throws IOException {
        Map<String, byte[]> files = new TreeMap<>();
        if (!Files.isDirectory(folder)) {
            problems.add(folder + ": no such folder; --pipelines names the folder of <id>.asl.json and <id>.config.json files");
            return files;
        }
        Patterns patterns = ClasspathPatternResources.patterns();
        List<Path> entries;
        try (Stream<Path> list = Files.list(folder)) {
            entries = list.filter(Files::isRegularFile).sorted().toList();
        }
        for (Path p : entries) {
            String name = p.getFileName().toString();
            if (name.endsWith(".asl.json")) {
                JsonNode json = filled(p, read(p, problems), substitutions, problems);
                if (json != null && valid(p.toString(), json, platform, problems, warnings)) {
                    files.put(name, substitutions.any() ? Json.write(json).getBytes(StandardCharsets.UTF_8) : Files.readAllBytes(p));
                }
            } else if (name.endsWith(".config.json")) {
                String id = name.substring(0, name.length() - ".config.json".length());
                JsonNode config = read(p, problems);
                if (config == null) {
                    continue;
                }
                if (entries.contains(folder.resolve(id + ".asl.json"))) {
                    problems.add(p + ": /: pipeline '" + id + "' has both a definition (" + id + ".asl.json) and a pattern config; keep one");
                    continue;
                }
                if (!config.path("pattern").isTextual()) {
                    problems.add(p + ": /pattern: a pipeline config names its pattern: \"pattern\": one of " + String.join(", ", patterns.names()));
                    continue;
                }
                if (config.path("pipeline").isTextual() && !config.path("pipeline").asText().equals(id)) {
                    problems.add(p + ": /pipeline: the config is for pipeline '" + config.path("pipeline").asText() + "' but its file makes it"
                            + " pipeline '" + id + "'; rename the file or correct the field");
                    continue;
                }
                switch (patterns.render(config.path("pattern").asText(), config)) {
                    case Rendering.Rendered r -> {
                        if (valid(p + " (rendered)", r.definition(), platform, problems, warnings)) {
                            files.put(id + ".asl.json", Json.write(r.definition()).getBytes(StandardCharsets.UTF_8));
                            files.put(name, Files.readAllBytes(p));
                        }
                    }
                    case Rendering.Rejected r -> r.problems().forEach(c -> problems.add(p + ": " + c));
                    case Rendering.UnknownPattern u -> problems.add(p + ": /pattern: expected one of " + String.join(", ", patterns.names())
                            + ", not '" + u.name() + "'");
                }
            } else if (name.endsWith(".pipeline.json") || name.equals("tenants.json") || name.equals("triggers.json")) {
                if (read(p, problems) != null) {
                    files.put(name, Files.readAllBytes(p));
                }
            }
        }
        if (files.keySet().stream().noneMatch(n -> n.endsWith(".asl.json")) && problems.isEmpty()) {
            problems.add(folder + ": holds no <id>.asl.json or <id>.config.json: a deployment needs at least one pipeline");
        }
        // The modules point sluice.triggers.rules at the bundle's triggers.json: without rules of its own a folder bundles
        // none (an object starts nothing) rather than a deployment whose object trigger, on Azure its whole app, cannot start.
        files.putIfAbsent(TRIGGERS, NO_RULES);
        return files;
    }

    /** {@code json} with its placeholders filled, or {@code null} after a problem per unfilled one. */
    private static JsonNode filled(Path file, JsonNode json, DefinitionSubstitutions substitutions, List<String> problems) {
        if (json == null) {
            return null;
        }
        DefinitionSubstitutions.Substituted s = substitutions.apply(json);
        s.problems().forEach(p -> problems.add(file + ": " + (p.pointer().isEmpty() ? "/" : p.pointer()) + ": " + p.message()));
        return s.problems().isEmpty() ? s.definition() : null;
    }

    private static boolean valid(String file, JsonNode json, Platform platform, List<String> problems, List<String> warnings) {
        boolean ok = true;
        for (Problem p : DefinitionValidator.validate(json, platform)) {
            String line = file + ": " + (p.pointer().isEmpty() ? "/" : p.pointer()) + ": " + p.message();
            if (p.isError()) {
                problems.add(line);
                ok = false;
            } else {
                warnings.add(line);
            }
        }
        return ok;
    }

    private static JsonNode read(Path p, List<String> problems) {
        try {
            return Json.parse(Files.readString(p));
        } catch (IOException e) {
            problems.add(p + ": /: cannot read the file: " + e.getMessage());
        } catch (IllegalArgumentException e) {
            problems.add(p + ": /: " + e.getMessage());
        }
        return null;
    }
}
