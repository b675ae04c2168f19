package io.sluice.local.sfn;

import io.sluice.api.sfn.AliasDocuments;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import io.sluice.api.port.StateMachineVersions;
import io.sluice.api.port.StateMachines;
import io.sluice.functions.start.PipelineStarter;
import io.sluice.functions.start.StartResult;
import io.sluice.orchestration.definition.DefinitionParser;
import io.sluice.local.pipeline.PipelineCatalog;
import io.sluice.functions.pipeline.PipelineProblem;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.DefinitionStore;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * State machines as the pipelines folder holds them: a machine's definition is its {@code <name>.asl.json} (or the
 * definition its {@code <name>.config.json} renders), so one created through the API is a pipeline like any other,
 * read again by the catalog as any edited file is. What ASL has no room for (type, role, description, tags, when it
 * was created) is kept beside it in {@code <name>.sfn.json}; a pipeline file without one is a STANDARD machine created
 * when its file was. Files are replaced atomically, so a reader never sees half of one.
 */
public final class FolderStateMachines implements StateMachines, StateMachineVersions {
    static final String META_SUFFIX = ".sfn.json";

    private final PipelineCatalog catalog;
    private final String account;
    private final PipelineStarter.QualifiedLaunch launch;
    private final DefinitionStore definitions;

    /**
     * @param account the account of the role a machine created without one is said to run as
     * @param launch  the runtime's start of a given definition, for executions of a version (through its ARN or an alias's,
     *                whose qualifier the execution keeps)
     * @param definitions the runtime's definitions by hash, which executions are pinned to
     */
    public FolderStateMachines(PipelineCatalog catalog, String account, PipelineStarter.QualifiedLaunch launch, DefinitionStore definitions) {
        this.catalog = catalog;
        this.account = account;
        this.launch = launch;
        this.definitions = definitions;
    }

    @Override
    public Optional<String> pinned(String definitionHash) {
        return definitions.get(definitionHash);
    }

    @Override
    public List<String> names() {
        return catalog.ids();
    }

    @Override
    public synchronized Optional<Machine> find(String name) {
        Path file = catalog.directory().resolve(name + PipelineCatalog.SUFFIX);
        Path config = catalog.directory().resolve(name + PipelineCatalog.CONFIG_SUFFIX);
        String definition;
        List<String> problems = new ArrayList<>();
        switch (catalog.find(name)) {
            case PipelineCatalog.Lookup.Missing m -> {
                return Optional.empty();
            }
            case PipelineCatalog.Lookup.Found f -> definition = f.pipeline().file().getFileName().toString().endsWith(PipelineCatalog.SUFFIX)
                    ? read(f.pipeline().file()) : Json.write(f.pipeline().definition().source());
            case PipelineCatalog.Lookup.Invalid i -> {
                definition = Files.exists(file) ? read(file) : Files.exists(config) ? read(config) : "{}";
                i.problems().stream().filter(p -> !p.warning()).map(PipelineProblem::toString).forEach(problems::add);
            }
        }
        Path source = Files.exists(file) ? file : config;
        JsonNode meta = meta(name);
        Instant created = meta.hasNonNull("creationDate") ? Instant.parse(meta.get("creationDate").asText()) : created(source);
        Instant updated = meta.hasNonNull("updateDate") ? Instant.parse(meta.get("updateDate").asText()) : modified(source);
        Map<String, String> tags = new LinkedHashMap<>();
        meta.path("tags").fields().forEachRemaining(e -> tags.put(e.getKey(), e.getValue().asText()));
        return Optional.of(new Machine(name, Type.valueOf(meta.path("type").asText("STANDARD")), definition,
                meta.path("roleArn").asText("arn:aws:iam::" + account + ":role/sluice-local"),
                meta.hasNonNull("description") ? meta.get("description").asText() : null, created, updated, tags, problems));
    }

    @Override
    public List<String> hostProblems(String name, String definition) {
        if (Files.exists(catalog.directory().resolve(name + PipelineCatalog.CONFIG_SUFFIX))) {
            return List.of("Pipeline '" + name + "' is rendered from " + catalog.shownDirectory() + name + PipelineCatalog.CONFIG_SUFFIX
                    + " by its pattern; change that config rather than its definition.");
        }
        JsonNode json;
        try {
            json = Json.parse(definition);
        } catch (IllegalArgumentException e) {
            return List.of("The definition is not JSON: " + e.getMessage());
        }
        return catalog.check(json, catalog.shownDirectory() + name + PipelineCatalog.SUFFIX).stream().filter(p -> !p.warning())
                .map(PipelineProblem::toString).toList();
    }

    @Override
    public synchronized Machine save(Spec spec, Instant now) {
        Path file = catalog.directory().resolve(spec.name() + PipelineCatalog.SUFFIX);
        Optional<Machine> before = find(spec.name());
        ObjectNode meta = before.isPresent() ? (ObjectNode) meta(spec.name()).deepCopy() : Json.object();
        meta.remove("description");
        meta.put("type", spec.type().name()).put("roleArn", spec.roleArn());
        if (spec.description() != null && !spec.description().isEmpty()) {
            meta.put("description", spec.description());
        }
        meta.put("creationDate", before.map(Machine::created).orElse(now).toString()).put("updateDate", now.toString());
        ObjectNode tags = meta.putObject("tags");
        spec.tags().forEach(tags::put);
        writeMeta(spec.name(), meta);
        if (before.isEmpty() || !before.get().definition().equals(spec.definition())) {
            write(file, spec.definition());
        }
        return find(spec.name()).orElseThrow(() -> new IllegalStateException("state machine " + spec.name() + " was written but is not found"));
    }

    @Override
    public synchronized boolean delete(String name) {
        try {
            boolean existed = Files.deleteIfExists(catalog.directory().resolve(name + PipelineCatalog.SUFFIX));
            existed |= Files.deleteIfExists(catalog.directory().resolve(name + PipelineCatalog.CONFIG_SUFFIX));
            Files.deleteIfExists(catalog.directory().resolve(name + META_SUFFIX));
            return existed;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete state machine " + name, e);
        }
    }

    @Override
    public synchronized List<Version> versions(String machine) {
        List<Version> out = new ArrayList<>();
        for (JsonNode v : meta(machine).path("versions")) {
            out.add(new Version(v.path("number").asInt(), v.path("definition").asText(), v.hasNonNull("description")
                    ? v.get("description").asText() : null, Instant.parse(v.path("created").asText())));
        }
        out.sort(Comparator.comparingInt(Version::number).reversed());
        return out;
    }

    @Override
    public synchronized Version publish(String machine, String definition, String description, Instant now) {
        List<Version> versions = versions(machine);
        if (!versions.isEmpty() && versions.get(0).definition().equals(definition)) {
            return versions.get(0);
        }
        ObjectNode meta = (ObjectNode) meta(machine).deepCopy();
        ArrayNode list = meta.has("versions") ? (ArrayNode) meta.get("versions") : meta.putArray("versions");
        Version v = new Version(io.sluice.api.sfn.VersionDocuments.lastNumber(meta) + 1, definition, description, now);
        ObjectNode o = list.addObject().put("number", v.number()).put("definition", definition).put("created", now.toString());
        if (description != null) {
            o.put("description", description);
        }
        writeMeta(machine, meta);
        return v;
    }

    @Override
    public synchronized List<Alias> aliases(String machine) {
        return AliasDocuments.read(meta(machine));
    }

    @Override
    public synchronized Alias saveAlias(String machine, Alias alias) {
        ObjectNode meta = (ObjectNode) meta(machine).deepCopy();
        AliasDocuments.put(meta, alias);
        writeMeta(machine, meta);
        return alias;
    }

    @Override
    public synchronized boolean deleteVersion(String machine, int number) {
        ObjectNode meta = (ObjectNode) meta(machine).deepCopy();
        boolean deleted = io.sluice.api.sfn.VersionDocuments.removeVersion(meta, number);
        if (deleted) {
            writeMeta(machine, meta);
        }
        return deleted;
    }

    @Override
    public synchronized boolean deleteAlias(String machine, String name) {
        ObjectNode meta = (ObjectNode) meta(machine).deepCopy();
        boolean deleted = io.sluice.api.sfn.VersionDocuments.removeAlias(meta, name);
        if (deleted) {
            writeMeta(machine, meta);
        }
        return deleted;
    }

    @Override
    public StartResult start(String pipeline, String name, String definition, JsonNode input) {
        return start(pipeline, name, definition, input, null);
    }

    @Override
    public StartResult start(String pipeline, String name, String definition, JsonNode input, String startedThrough) {
        return launch.start(pipeline, name, DefinitionParser.parse(Json.parse(definition)), input, startedThrough);
    }

    private void writeMeta(String name, ObjectNode meta) {
        write(catalog.directory().resolve(name + META_SUFFIX), meta.toPrettyString() + "\n");
    }

    private JsonNode meta(String name) {
        Path file = catalog.directory().resolve(name + META_SUFFIX);
        if (!Files.exists(file)) {
            return Json.object();
        }
        try {
            JsonNode json = Json.parse(Files.readString(file));
            return json.isObject() ? json : Json.object();
        } catch (IOException | IllegalArgumentException e) {
            return Json.object();
        }
    }

    private void write(Path file, String text) {
        try {
            Files.createDirectories(file.getParent());
            Path temp = Files.createTempFile(file.getParent(), "." + file.getFileName(), ".tmp");
            Files.writeString(temp, text);
            try {
                Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + catalog.shown(file), e);
        }
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            return "{}";
        }
    }

    private static Instant created(Path file) {
        try {
            return Files.readAttributes(file, BasicFileAttributes.class).creationTime().toInstant();
        } catch (IOException e) {
            return Instant.EPOCH;
        }
    }

    private static Instant modified(Path file) {
        try {
            return Files.getLastModifiedTime(file).toInstant();
        } catch (IOException e) {
            return Instant.EPOCH;
        }
    }
}
