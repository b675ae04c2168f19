package io.sluice.cli.demo;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.local.pipeline.PipelineCatalog;
import io.sluice.orchestration.json.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The demo's folder: the data folder (the object store: drop files, lake layers, extracts), the
 * pipelines (the example's configs, their export targets pointed at the demo's own servers), secrets,
 * known_hosts, the job runs and the runtime's log, and what the partner received.
 */
public record DemoWorkspace(Path root) {

    public static DemoWorkspace create(Path root) {
        try {
            Files.createDirectories(root);
            return new DemoWorkspace(root.toAbsolutePath().normalize());
        } catch (IOException e) {
            throw new UncheckedIOException("Could not make the demo's folder " + root, e);
        }
    }

    public Path data() {
        return root.resolve("data");
    }

    public Path pipelines() {
        return root.resolve("pipelines");
    }

    public Path secrets() {
        return root.resolve("secrets");
    }

    public Path knownHosts() {
        return root.resolve("known_hosts");
    }

    public Path log() {
        return root.resolve("sluice.log");
    }

    public Path partner() {
        return root.resolve("partner");
    }

    /** The outbound allow-list of a runtime that is not started with Spring's arguments (the chaos drill's nodes), one entry a line. */
    public Path allowedHosts() {
        return root.resolve("allowed-hosts");
    }

    /**
     * The outbound allow-list entries ({@code sluice.integrations.http.allowed-hosts}) that let the runtime reach the demo's
     * partner, where {@link #writePipelines} pointed the targets: its HTTP API at {@code httpBase} and its SFTP server on
     * 127.0.0.1:{@code sftpPort}, each by its address and port (loopback is reached only by an entry naming it).
     */
    public static List<String> allowedHosts(String httpBase, int sftpPort) {
        URI base = URI.create(httpBase);
        return List.of(base.getHost() + ":" + base.getPort(), "127.0.0.1:" + sftpPort);
    }

    public void writeAllowedHosts(List<String> entries) {
        try {
            Files.writeString(allowedHosts(), String.join("\n", entries) + "\n", StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("Could not write " + allowedHosts(), e);
        }
    }

    /**
     * Copies the example's pattern configs, each export target's endpoint moved to the demo's server of
     * its kind (its path kept): {@code http} to {@code httpBase}, {@code sftp} to 127.0.0.1:{@code sftpPort}.
     * Returns the pipeline ids, in file order.
     */
    public List<String> writePipelines(Path examplePipelines, String httpBase, int sftpPort) {
        List<String> ids = new ArrayList<>();
        try (Stream<Path> files = Files.list(examplePipelines)) {
            Files.createDirectories(pipelines());
            for (Path file : files.filter(f -> f.toString().endsWith(PipelineCatalog.CONFIG_SUFFIX)).sorted().toList()) {
                JsonNode config = Json.parse(Files.readString(file, StandardCharsets.UTF_8));
                config.path("targets").forEach(t -> retarget((ObjectNode) t, httpBase, sftpPort));
                Files.writeString(pipelines().resolve(file.getFileName()), Json.MAPPER.writerWithDefaultPrettyPrinter()
                        .writeValueAsString(config), StandardCharsets.UTF_8);
                String name = file.getFileName().toString();
                ids.add(name.substring(0, name.length() - PipelineCatalog.CONFIG_SUFFIX.length()));
            }
            // Their options (<id>.pipeline.json: the priority, P1, so a failure alerts at once rather than in a digest).
            try (Stream<Path> options = Files.list(examplePipelines)) {
                for (Path file : options.filter(f -> f.getFileName().toString().endsWith(".pipeline.json")).sorted().toList()) {
                    Files.copy(file, pipelines().resolve(file.getFileName()), StandardCopyOption.REPLACE_EXISTING);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Could not copy the example's pipelines from " + examplePipelines, e);
        }
        return ids;
    }

    private static void retarget(ObjectNode target, String httpBase, int sftpPort) {
        URI endpoint = URI.create(target.path("endpoint").asText());
        String moved = switch (target.path("kind").asText()) {
            case "http" -> httpBase + endpoint.getRawPath();
            case "sftp" -> "sftp://" + endpoint.getRawUserInfo() + "@127.0.0.1:" + sftpPort + endpoint.getRawPath();
            default -> endpoint.toString();
        };
        target.put("endpoint", moved);
    }

    /** One file per secret, named like it, as a secrets folder mounts them. */
    public void writeSecrets(Map<String, String> secrets) {
        try {
            Files.createDirectories(secrets());
            for (Map.Entry<String, String> s : secrets.entrySet()) {
                Files.writeString(secrets().resolve(s.getKey()), s.getValue(), StandardCharsets.UTF_8);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Could not write the demo's secrets", e);
        }
    }

    public void writeKnownHosts(String line) {
        try {
            Files.writeString(knownHosts(), line + "\n", StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("Could not write " + knownHosts(), e);
        }
    }

    /** Removes the folder and everything in it. */
    public void delete() {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> all = Files.walk(root)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Could not remove the demo's folder " + root, e);
        }
    }
}
