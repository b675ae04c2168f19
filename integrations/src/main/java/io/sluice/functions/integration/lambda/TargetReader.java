package io.sluice.functions.integration.lambda;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Reads one function's entry of the mapping file into a {@link LambdaTarget}, adding a problem per mistake. */
final class TargetReader {
    private static final Set<String> OPTIONS = Set.of("function", "timeoutSeconds", "directory", "environment");
    private static final String ENV_NAME = "[A-Za-z_][A-Za-z0-9_]*";

    private final String name;
    private final String at;
    private final Path base;
    private final List<String> problems;

    TargetReader(String name, String at, Path base, List<String> problems) {
        this.name = name;
        this.at = at;
        this.base = base;
        this.problems = problems;
    }

    /** The target, or {@code null} after adding the problems. */
    LambdaTarget read(JsonNode entry) {
        if (!entry.isObject()) {
            return problem("", "expected an object with one of " + String.join(", ", LambdaMappings.kinds()));
        }
        List<String> kinds = new ArrayList<>();
        for (Map.Entry<String, JsonNode> f : entry.properties()) {
            if (LambdaMappings.kinds().contains(f.getKey())) {
                kinds.add(f.getKey());
            } else if (!OPTIONS.contains(f.getKey())) {
                problem("/" + f.getKey(), "unknown field; an entry has one of " + String.join(", ", LambdaMappings.kinds())
                        + ", and may have " + String.join(", ", OPTIONS.stream().sorted().toList()));
            }
        }
        if (kinds.size() != 1) {
            return problem("", kinds.isEmpty() ? "expected one of " + String.join(", ", LambdaMappings.kinds())
                    : "has " + String.join(" and ", kinds) + "; an entry has exactly one of them");
        }
        String kind = kinds.get(0);
        return switch (kind) {
            case "url" -> endpoint(entry);
            case "command" -> command(entry, strings(entry.get("command"), "/command"));
            case "python", "node" -> command(entry, HandlerRunners.argv(kind, handler(entry.get(kind), "/" + kind)));
            case "response" -> {
                onlyFor(entry, "a response");
                yield new LambdaTarget.Fixed(entry.get("response").deepCopy(), null, null);
            }
            default -> {
                onlyFor(entry, "an error");
                yield fixedError(entry.get("error"));
            }
        };
    }

    private LambdaTarget endpoint(JsonNode entry) {
        onlyFor(entry, "a url", "function", "timeoutSeconds");
        JsonNode url = entry.get("url");
        URI uri = null;
        try {
            uri = url.isTextual() ? new URI(url.asText()) : null;
        } catch (URISyntaxException e) {
            uri = null;
        }
        if (uri == null || !("http".equals(uri.getScheme()) || "https".equals(uri.getScheme())) || uri.getHost() == null
                || uri.getQuery() != null || uri.getFragment() != null) {
            return problem("/url", "expected the endpoint's http(s) URL without the API's path, such as http://127.0.0.1:3001");
        }
        if (uri.getUserInfo() != null) {
            return problem("/url", "must not carry credentials; the Invoke API is called without them");
        }
        String remote = name;
        JsonNode function = entry.get("function");
        if (function != null) {
            if (!function.isTextual() || !function.asText().matches("[A-Za-z0-9_.:-]{1,140}")) {
                return problem("/function", "expected the name the endpoint knows the function by (the Runtime Interface Emulator's is 'function')");
            }
            remote = function.asText();
        }
        Duration timeout = timeout(entry);
        return timeout == null ? null : new LambdaTarget.Endpoint(uri, remote, timeout);
    }

    private LambdaTarget command(JsonNode entry, List<String> argv) {
        onlyFor(entry, "a command", "directory", "environment", "timeoutSeconds");
        Path directory = base;
        JsonNode dir = entry.get("directory");
        if (dir != null) {
            if (!dir.isTextual() || dir.asText().isBlank()) {
                return problem("/directory", "expected a folder, relative to the mapping file's");
            }
            directory = base.resolve(dir.asText()).normalize();
        }
        Map<String, String> environment = new LinkedHashMap<>();
        JsonNode env = entry.get("environment");
        if (env != null) {
            if (!env.isObject()) {
                return problem("/environment", "expected an object of variable names to string values");
            }
            for (Map.Entry<String, JsonNode> v : env.properties()) {
                if (!v.getKey().matches(ENV_NAME) || !v.getValue().isValueNode() || v.getValue().isNull()) {
                    problem("/environment/" + v.getKey(), "expected a variable name (letters, digits, _) with a string value");
                } else {
                    environment.put(v.getKey(), v.getValue().asText());
                }
            }
        }
        Duration timeout = timeout(entry);
        return argv == null || timeout == null ? null : new LambdaTarget.Command(argv, directory, environment, timeout);
    }

    private LambdaTarget fixedError(JsonNode error) {
        JsonNode type = error.get("errorType");
        if (!error.isObject() || type == null || !type.isTextual() || type.asText().isBlank()) {
            return problem("/error", "expected {\"errorType\": \"CustomError\", \"errorMessage\": \"...\"}, as a function's runtime reports an error");
        }
        return new LambdaTarget.Fixed(null, type.asText(), error.path("errorMessage").asText(""));
    }

    private List<String> strings(JsonNode node, String pointer) {
        if (!node.isArray() || node.isEmpty()) {
            problem(pointer, "expected an array of strings, the program first, such as [\"python3\", \"handler.py\"] (no shell is used)");
            return null;
        }
        List<String> out = new ArrayList<>();
        for (JsonNode n : node) {
            if (!n.isTextual() || n.asText().isEmpty()) {
                problem(pointer, "expected an array of non-empty strings, the program first");
                return null;
            }
            out.add(n.asText());
        }
        return out;
    }

    private String handler(JsonNode node, String pointer) {
        if (!node.isTextual() || !node.asText().matches("[A-Za-z0-9_./-]+\\.[A-Za-z_$][A-Za-z0-9_$]*")) {
            problem(pointer, "expected the handler as Lambda names it, <module>.<function>, such as app.handler");
            return null;
        }
        return node.asText();
    }

    private Duration timeout(JsonNode entry) {
        JsonNode t = entry.get("timeoutSeconds");
        if (t == null) {
            return Duration.ofSeconds(LambdaMappings.DEFAULT_TIMEOUT_SECONDS);
        }
        if (!t.canConvertToInt() || !t.isIntegralNumber() || t.asInt() < 1 || t.asInt() > 900) {
            problem("/timeoutSeconds", "expected whole seconds from 1 to 900, as a Lambda function's timeout");
            return null;
        }
        return Duration.ofSeconds(t.asInt());
    }

    private void onlyFor(JsonNode entry, String kind, String... allowed) {
        for (String option : OPTIONS) {
            if (entry.has(option) && !List.of(allowed).contains(option)) {
                problem("/" + option, "does not apply to " + kind);
            }
        }
    }

    private LambdaTarget problem(String pointer, String sentence) {
        problems.add(at + pointer + ": " + sentence);
        return null;
    }
}
