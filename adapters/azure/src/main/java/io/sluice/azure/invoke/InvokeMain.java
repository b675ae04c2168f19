package io.sluice.azure.invoke;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.json.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * {@code sluice invoke --platform azure}'s process: starts the Function app in process ({@link InProcessFunctionApp};
 * the app settings are this JVM's system properties, which the CLI sets: Redis, the storage account, the bundle),
 * runs one function with one recorded event and prints its answer as one line of JSON. Exit 0 when the function
 * returned, 1 when it threw ({@code {"error": ...}} is printed), 2 for a bad argument.
 *
 * <p>Arguments: {@code FUNCTION EVENT_FILE [ANSWER_FILE]}; with an answer file the answer goes there instead of stdout
 * (where the application's own log lines go).
 */
public final class InvokeMain {
    private InvokeMain() {}

    public static void main(String[] args) throws IOException {
        if (args.length < 2 || args.length > 3) {
            System.err.println("usage: InvokeMain FUNCTION EVENT_FILE [ANSWER_FILE]");
            System.exit(2);
        }
        JsonNode event;
        try {
            event = Json.parse(Files.readString(Path.of(args[1])));
        } catch (IllegalArgumentException e) {
            System.err.println(args[1] + ": not JSON: " + e.getMessage());
            System.exit(2);
            return;
        }
        Map<String, String> settings = new HashMap<>();
        System.getProperties().forEach((k, v) -> settings.put(k.toString(), v.toString()));
        LocalFunctionsHost host = InProcessFunctionApp.start(settings);
        int code;
        try {
            answer(args, Json.write(host.invoke(args[0], event)));
            code = 0;
        } catch (IllegalArgumentException e) {
            System.err.println(e.getMessage());
            code = 2;
        } catch (LocalFunctionsHost.InvocationFailed e) {
            answer(args, Json.write(Json.object().put("error", e.getCause().getClass().getSimpleName())
                    .put("cause", String.valueOf(e.getCause().getMessage()))));
            code = 1;
        }
        System.out.flush();
        System.exit(code);
    }

    private static void answer(String[] args, String json) throws IOException {
        if (args.length == 3) {
            Files.writeString(Path.of(args[2]), json + "\n");
        } else {
            System.out.println(json);
        }
    }
}
