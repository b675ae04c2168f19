package io.sluice.parity;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.functions.pipeline.PipelineBundle;
import io.sluice.local.pattern.ClasspathPatternResources;
import io.sluice.local.pipeline.PipelineCatalog;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.pattern.Rendering;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Stream;

/**
 * What a host loads, prepared in its JVM before it starts: the suite's own ASL pipelines with their options
 * ({@code <id>.pipeline.json}, the same files on every host), and the retail case's example
 * pipelines (their pattern configs, the export's targets pointed at the suite's partner API). The local runtime gets the
 * configs as {@code ./sluice demo} gives them ({@code <id>.config.json}, rendered when it loads them, and their
 * {@code <id>.pipeline.json} options); a cloud bundle gets
 * them rendered by their patterns ({@code <id>.asl.json}) with the same options files, and each config goes to its
 * config store ({@link #configs}). The jobs' outputs are what the hosts' stubbed job services write ({@link #jobOutputs}).
 * A pipeline whose options sign its webhook gets a random secret for this run ({@link #webhooks}); each host puts it
 * in its own secret store, and the suite signs with it.
 */
public record ParityBundle(Path local, Path cloud, Optional<Path> example, Map<String, JsonNode> configs,
                           Map<String, JobOutput> jobOutputs, Map<String, WebhookSecret> webhooks) {

    private static final String OPTIONS = PipelineBundle.OPTIONS_SUFFIX;

    /** A file a job writes: its object key and its text. */
    public record JobOutput(String key, String text) {}

    /** The secret that signs a pipeline's webhook: its name, as the options file gives it, and this run's value. */
    public record WebhookSecret(String name, String value) {
        @Override
        public String toString() {
            return "WebhookSecret[" + name + ", value hidden]";
        }
    }

    /** Every webhook secret of the bundle, name to value, for a host's secret store. */
    public Map<String, String> secrets() {
        Map<String, String> secrets = new LinkedHashMap<>();
        webhooks.values().forEach(w -> secrets.put(w.name(), w.value()));
        return secrets;
    }

    /** The example's DuckDB jobs (the local runtime's scripts), when the suite has a retail case. */
    public Optional<Path> jobs() {
        return example.map(e -> e.resolve("jobs"));
    }

    /** The example's warehouse tables ({@code warehouse.sql}, PostgreSQL). */
    public Optional<Path> warehouseSql() {
        return example.map(e -> e.resolve("warehouse.sql"));
    }

    /** Every job the configs name (their {@code job} fields), in order. */
    public Set<String> jobNames() {
        Set<String> jobs = new LinkedHashSet<>();
        configs.values().forEach(c -> c.findValues("job").forEach(j -> jobs.add(j.asText())));
        return jobs;
    }

    /** A pipeline file or an options file, as a host loads them. */
    private static boolean bundled(Path f) {
        String name = f.getFileName().toString();
        return name.endsWith(PipelineBundle.SUFFIX) || name.endsWith(OPTIONS);
    }

    public static ParityBundle prepare(ParityCases cases, Receiver receiver, Path folder) {
        try {
            Path local = Files.createDirectories(folder.resolve("local"));
            Path cloud = Files.createDirectories(folder.resolve("cloud"));
            Map<String, WebhookSecret> webhooks = new LinkedHashMap<>();
            try (Stream<Path> files = Files.list(cases.pipelines())) {
                for (Path f : files.filter(ParityBundle::bundled).toList()) {
                    Files.copy(f, local.resolve(f.getFileName()), StandardCopyOption.REPLACE_EXISTING);
                    Files.copy(f, cloud.resolve(f.getFileName()), StandardCopyOption.REPLACE_EXISTING);
                    String file = f.getFileName().toString();
                    JsonNode secret = file.endsWith(OPTIONS) ? Json.parse(Files.readString(f)).path("webhook").path("secret") : null;
                    if (secret != null && secret.isTextual()) {
                        String pipeline = file.substring(0, file.length() - OPTIONS.length());
                        webhooks.put(pipeline, new WebhookSecret(secret.asText(), UUID.randomUUID().toString()));
                    }
                }
            }
            Map<String, JsonNode> configs = new LinkedHashMap<>();
            Map<String, JobOutput> outputs = new LinkedHashMap<>();
            Path example = null;
            for (ParityCases.Case c : cases.cases()) {
                if (!c.kind().equals("retail")) {
                    continue;
                }
                JsonNode spec = c.spec();
                example = cases.folder().resolve(spec.path("example").asText()).normalize();
                JsonNode target = Json.parse(Json.write(spec.path("target")).replace("${partner}", receiver.url(ParityRunner.partnerPath(c.name()))));
                List<String> ids = new java.util.ArrayList<>();
                spec.path("ingestions").forEach(i -> ids.add(i.asText()));
                ids.add(spec.path("export").asText());
                for (String id : ids) {
                    ObjectNode config = (ObjectNode) Json.parse(Files.readString(example.resolve("pipelines/" + id + PipelineCatalog.CONFIG_SUFFIX)));
                    if (config.has("targets")) {
                        config.putArray("targets").add(target); // the partner's API only: a cloud bundle has no SSH client for SFTP
                    }
                    configs.put(id, config);
                    Files.writeString(local.resolve(id + PipelineCatalog.CONFIG_SUFFIX), Json.write(config), StandardCharsets.UTF_8);
                    Rendering rendering = ClasspathPatternResources.patterns().render(config.path("pattern").asText(), config);
                    if (!(rendering instanceof Rendering.Rendered rendered)) {
                        throw new IllegalArgumentException(example + ": pipelines/" + id + PipelineCatalog.CONFIG_SUFFIX + " does not render: " + rendering);
                    }
                    Files.writeString(cloud.resolve(id + ".asl.json"), Json.write(rendered.definition()), StandardCharsets.UTF_8);
                    // Its options (the priority, P1) as the demo copies them, and beside the rendered pipeline in the cloud
                    // bundles: every host reads them with the one reader (PipelineBundle).
                    Path options = example.resolve("pipelines/" + id + OPTIONS);
                    if (Files.isRegularFile(options)) {
                        Files.copy(options, local.resolve(options.getFileName()), StandardCopyOption.REPLACE_EXISTING);
                        Files.copy(options, cloud.resolve(options.getFileName()), StandardCopyOption.REPLACE_EXISTING);
                    }
                }
                spec.path("jobOutputs").properties().forEach(e -> outputs.put(e.getKey(),
                        new JobOutput(e.getValue().path("key").asText(), e.getValue().path("text").asText())));
            }
            return new ParityBundle(local, cloud, Optional.ofNullable(example), Map.copyOf(configs), Map.copyOf(outputs),
                    Map.copyOf(webhooks));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot prepare the parity pipelines in " + folder, e);
        }
    }
}
