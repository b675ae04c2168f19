package io.sluice.functions.integration.lambda;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.definition.TaskResource;
import io.sluice.orchestration.json.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * The operator's mapping of Lambda functions to local implementations, read from a JSON file ({@value #DEFAULT_FILE}
 * by default): one field per function, named by its name ({@code my-fn}) or ARN
 * ({@code arn:aws:lambda:<region>:<account>:function:my-fn[:alias]}; region, account and alias are not told apart),
 * each one of
 * <pre>
 *   "my-fn":  {"url": "http://127.0.0.1:3001"}                       an endpoint serving Lambda's Invoke API
 *   "rie":    {"url": "http://127.0.0.1:9000", "function": "function"}  the name the endpoint knows it by
 *   "score":  {"command": ["python3", "score.py"], "directory": "handlers", "environment": {"TABLE": "t"}}
 *   "stub":   {"response": {"ok": true}}                                the same result every time
 *   "broken": {"error": {"errorType": "CustomError", "errorMessage": "no"}}  the same function error every time
 * </pre>
 * with {@code timeoutSeconds} (default {@value #DEFAULT_TIMEOUT_SECONDS}) for a url or command. A command's
 * {@code directory} is relative to the file's folder. The file is configuration: nothing in a definition or a
 * payload chooses a program or a URL.
 */
public final class LambdaMappings {
    /** The mapping file a runtime reads when none is named, in its working folder. */
    public static final String DEFAULT_FILE = "lambdas.json";
    static final int DEFAULT_TIMEOUT_SECONDS = 60;
    private static final String NAME = "[A-Za-z0-9_-]{1,60}";
    private static final List<String> KINDS = List.of("url", "command", "python", "node", "response", "error");
    private static final String EXAMPLE = "{\"url\": \"http://127.0.0.1:3001\"}";

    private final Map<String, LambdaTarget> byName;
    private final String shown;

    private LambdaMappings(Map<String, LambdaTarget> byName, String shown) {
        this.byName = Map.copyOf(byName);
        this.shown = shown;
    }

    /** No function mapped; {@code shown} is the file a message tells the operator to write. */
    public static LambdaMappings none(String shown) {
        return new LambdaMappings(Map.of(), shown);
    }

    /**
     * The mappings of {@code file}; {@code required} false makes a missing file mean none mapped.
     *
     * @throws IllegalArgumentException one {@code FILE: /pointer: sentence} line per problem
     */
    public static LambdaMappings read(Path file, boolean required) {
        String shown = file.toString();
        String text;
        try {
            text = Files.readString(file);
        } catch (NoSuchFileException e) {
            if (!required) {
                return none(shown);
            }
            throw new IllegalArgumentException(shown + ": /: no such file");
        } catch (IOException e) {
            throw new IllegalArgumentException(shown + ": /: cannot read the file: " + e.getMessage());
        }
        JsonNode json;
        try {
            json = Json.parse(text);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(shown + ": /: " + e.getMessage());
        }
        Path base = file.toAbsolutePath().getParent();
        return parse(json, shown, base);
    }

    /**
     * The mappings {@code json} holds; {@code base} is the folder a command's {@code directory} is relative to.
     *
     * @throws IllegalArgumentException one {@code SHOWN: /pointer: sentence} line per problem
     */
    public static LambdaMappings parse(JsonNode json, String shown, Path base) {
        List<String> problems = new ArrayList<>();
        Map<String, LambdaTarget> byName = new TreeMap<>();
        Map<String, String> keyOf = new LinkedHashMap<>();
        if (!json.isObject()) {
            throw new IllegalArgumentException(shown + ": /: expected an object with one field per Lambda function, such as \"my-fn\": " + EXAMPLE);
        }
        for (Map.Entry<String, JsonNode> e : json.properties()) {
            String at = shown + ": /" + e.getKey().replace("~", "~0").replace("/", "~1");
            String name = TaskResource.lambdaFunctionName(e.getKey());
            if (name == null || !name.matches(NAME)) {
                problems.add(at + ": expected a Lambda function name (my-fn, 1-60 letters, digits, - and _) or ARN"
                        + " (arn:aws:lambda:<region>:<account>:function:my-fn), not '" + e.getKey() + "'");
                continue;
            }
            if (keyOf.containsKey(name)) {
                problems.add(at + ": names function '" + name + "' again (as does '" + keyOf.get(name) + "'); map each function once");
                continue;
            }
            keyOf.put(name, e.getKey());
            TargetReader reader = new TargetReader(name, at, base, problems);
            LambdaTarget target = reader.read(e.getValue());
            if (target != null) {
                byName.put(name, target);
            }
        }
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException(String.join("\n", problems));
        }
        return new LambdaMappings(byName, shown);
    }

    /** The names of the mapped functions. */
    public Set<String> names() {
        return byName.keySet();
    }

    /** Where {@code function} (a name or ARN) runs; empty when it is not mapped. */
    public Optional<LambdaTarget> target(String function) {
        String name = function == null ? null : TaskResource.lambdaFunctionName(function);
        return name == null ? Optional.empty() : Optional.ofNullable(byName.get(name));
    }

    /** The file these mappings come from (or would), as the operator named it. */
    public String file() {
        return shown;
    }

    /** What to do about a Task calling {@code function}, which is not mapped: a sentence naming the file and a line for it. */
    public String howToMap(String function) {
        return "map it in " + shown + ", for example with the line \"" + function + "\": " + EXAMPLE
                + " (an endpoint serving Lambda's Invoke API, as sam local start-lambda does), {\"command\": [\"python3\", \"handler.py\"]}"
                + " (the event on stdin, the result on stdout) or {\"response\": {...}}";
    }

    static List<String> kinds() {
        return KINDS;
    }
}
