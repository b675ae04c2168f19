package io.sluice.cli;

import io.sluice.embedded.EmbeddedRedis;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * {@code sluice invoke --platform azure}: runs one Azure function of the bundle with a recorded event, in a JVM of the
 * bundle's own classpath (the packaged app folder, built first if missing; the Azure bundle is kept off the CLI's
 * classpath, whose local host runs Tomcat), against Redis ({@code SLUICE_REDIS_URL}, else an embedded one) and a
 * storage account ({@code SLUICE_AZURE_STORAGE_CONNECTION_STRING}, else Azurite started here) on the Storage Queue
 * transport. The pipelines and object rules are the {@code pipelines/} folder and {@code object-rules.json} beside the
 * event file (as in {@code examples/events/azure}). Prints the function's answer, one line of JSON.
 */
final class AzureInvoke {
    private final CliContext context;

    AzureInvoke(CliContext context) {
        this.context = context;
    }

    int run(String function, Path event) throws IOException, InterruptedException {
        Path home = AzurePackageCommand.home();
        Path app = home.resolve(AzurePackageCommand.APP);
        if (!Files.isRegularFile(app.resolve("host.json")) && AzurePackageCommand.build(home, context) != 0) {
            context.err().println("sluice invoke: the Azure bundle could not be built; see adapters/azure/target/package.log");
            return 1;
        }
        String redisUrl = context.env().get("SLUICE_REDIS_URL");
        String storage = context.env().get("SLUICE_AZURE_STORAGE_CONNECTION_STRING");
        EmbeddedRedis redis = null;
        AzuriteProcess azurite = null;
        try {
            if (redisUrl == null || redisUrl.isBlank()) {
                redis = EmbeddedRedis.start("redis-server", context.env().getOrDefault("PATH", ""));
                redisUrl = redis.url();
            }
            if (storage == null || storage.isBlank()) {
                azurite = AzuriteProcess.start(context.env());
                storage = azurite.connectionString();
            }
            return invoke(app, function, event.toAbsolutePath().normalize(), settings(redisUrl, storage, event.toAbsolutePath().getParent()));
        } finally {
            if (azurite != null) {
                azurite.close();
            }
            if (redis != null) {
                redis.close();
            }
        }
    }

    private static Map<String, String> settings(String redisUrl, String storage, Path events) {
        String id = "invoke" + UUID.randomUUID().toString().replace("-", "").substring(0, 6);
        Map<String, String> s = new LinkedHashMap<>();
        s.put("spring.main.banner-mode", "off");
        s.put("sluice.redis-url", redisUrl);
        s.put("sluice.redis-key-prefix", id);
        s.put("sluice.queue-prefix", id);
        s.put("SLUICE_QUEUE_PREFIX", id);
        s.put("sluice.queue", "storage");
        s.put("sluice.azure.storage.connection-string", storage);
        s.put("SluiceStorage", storage);
        s.put("sluice.azure.storage.container", id);
        if (Files.isDirectory(events.resolve("pipelines"))) {
            s.put("sluice.pipelines", "file:" + events.resolve("pipelines") + "/*.asl.json");
        }
        if (Files.isRegularFile(events.resolve("object-rules.json"))) {
            s.put("sluice.triggers.rules", "file:" + events.resolve("object-rules.json"));
        }
        return s;
    }

    private int invoke(Path app, String function, Path event, Map<String, String> settings) throws IOException, InterruptedException {
        List<String> classpath = new ArrayList<>();
        try (var jars = Files.list(app)) {
            jars.filter(p -> p.toString().endsWith(".jar")).forEach(p -> classpath.add(p.toString()));
        }
        classpath.add(app.resolve("lib") + File.separator + "*");
        // What the Functions worker would supply (azure-functions-java-library), copied beside the app at package time.
        classpath.add(app.resolve("../../worker-lib").normalize() + File.separator + "*");
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        if (Runtime.version().feature() >= 24) {
            command.add("--sun-misc-unsafe-memory-access=allow"); // Netty and Reactor, in the Azure SDK
        }
        command.addAll(List.of("-cp", String.join(File.pathSeparator, classpath)));
        settings.forEach((k, v) -> command.add("-D" + k + "=" + v));
        Path answer = Files.createTempFile("sluice-invoke-", ".json");
        try {
            command.addAll(List.of("io.sluice.azure.invoke.InvokeMain", function, event.toString(), answer.toString()));
            Process child = new ProcessBuilder(command).redirectErrorStream(true).start();
            child.getInputStream().transferTo(context.err()); // the app's log; the answer comes through the file
            int code = child.waitFor();
            String text = Files.readString(answer).strip();
            if (!text.isEmpty()) {
                context.out().println(text);
            }
            return code;
        } finally {
            Files.deleteIfExists(answer);
        }
    }
}
