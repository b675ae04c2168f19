package io.sluice.api.sfn;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.api.port.StateMachineVersions;
import io.sluice.api.port.StateMachines;
import io.sluice.functions.start.PipelineStarter;
import io.sluice.functions.start.StartResult;
import io.sluice.orchestration.definition.Definition;
import io.sluice.orchestration.definition.DefinitionParser;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.DefinitionStore;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentMap;
import java.util.function.UnaryOperator;

/**
 * State machines on a host whose pipelines are a read-only bundle (Lambda, Azure Functions): the bundled pipelines are
 * machines as they are, and a machine created through the API is kept as one JSON document per name in a shared map
 * (Redis on those hosts, beside the executions: every function of the deployment reads it, and it outlives a deploy).
 * What is recorded about a bundled machine (tags, versions, aliases, its role) is kept there too; its definition is
 * the bundle's, changed only by a redeploy. Every change is a compare-and-set on the document, so two API functions
 * writing at once lose no version or alias.
 */
public final class StoredStateMachines implements StateMachines, StateMachineVersions {
    /** The host's bundled pipelines: their names and each one's ASL definition. */
    public interface Bundle {
        List<String> names();

        Optional<Definition> definition(String name);

        /** When the bundled pipeline {@code name} was made (its file's time, {@link BundleTimes}); empty when unknown. */
        default Optional<Instant> created(String name) {
            return Optional.empty();
        }
    }

    private final Bundle bundle;
    private final ConcurrentMap<String, String> documents;
    private final String account;
    private final PipelineStarter.Launch launch;
    private final PipelineStarter.QualifiedLaunch qualified;
    private final DefinitionStore definitions;
    private final String bundleShown;

    /**
     * @param documents   name → the machine's document (a Redisson {@code RMap} on the cloud hosts)
     * @param account     the account of the role a machine created without one is said to run as
     * @param launch      the host's start of a given definition (the orchestrator's)
     * @param bundleShown where the bundled pipelines come from, for messages ("the deployment's pipelines/")
     */
    public StoredStateMachines(Bundle bundle, ConcurrentMap<String, String> documents, String account, PipelineStarter.Launch launch,
                               DefinitionStore definitions, String bundleShown) {
        this(bundle, documents, account, launch, (p, n, d, i, through) -> launch.start(p, n, d, i), definitions, bundleShown);
    }

    /** @param qualified the host's start through a version or alias ARN, which keeps the ARN's qualifier with the execution */
    public StoredStateMachines(Bundle bundle, ConcurrentMap<String, String> documents, String account, PipelineStarter.Launch launch,
                               PipelineStarter.QualifiedLaunch qualified, DefinitionStore definitions, String bundleShown) {
        this.bundle = bundle;
        this.documents = documents;
        this.account = account;
        this.launch = launch;
        this.qualified = qualified;
        this.definitions = definitions;
        this.bundleShown = bundleShown;
    }

    /** The definition of a machine created through the API (not a bundled one), for the host's starts by pipeline id. */
    public Optional<Definition> created(String name) {
        if (bundle.definition(name).isPresent()) {
            return Optional.empty();
        }
        JsonNode doc = document(name);
        if (!doc.hasNonNull("definition")) {
            return Optional.empty();
        }
        try {
            return Optional.of(DefinitionParser.parse(Json.parse(doc.get("definition").asText())));
        } catch (RuntimeException e) {
            return Optional.empty(); // validated when saved; a document edited by hand to nonsense starts nothing
        }
    }

    /** Every machine's name: the bundle's and those created through the API. */
    @Override
    public List<String> names() {
        TreeSet<String> names = new TreeSet<>(bundle.names());
        documents.forEach((name, doc) -> {
            if (Json.parse(doc).hasNonNull("definition")) {
                names.add(name);
            }
        });
        return List.copyOf(names);
    }

    @Override
    public Optional<Machine> find(String name) {
        Optional<Definition> bundled = bundle.definition(name);
        JsonNode doc = document(name);
        String definition;
        if (bundled.isPresent()) {
            definition = Json.write(bundled.get().source());
        } else if (doc.hasNonNull("definition")) {
            definition = doc.get("definition").asText();
        } else {
            return Optional.empty();
        }
        Map<String, String> tags = new LinkedHashMap<>();
        doc.path("tags").fields().forEachRemaining(e -> tags.put(e.getKey(), e.getValue().asText()));
        // A bundled machine was made with its bundle (its file's time: the same on every cold start); one created here when it was.
        Instant recorded = doc.hasNonNull("creationDate") ? Instant.parse(doc.get("creationDate").asText()) : null;
        Instant created = (bundled.isPresent() ? bundle.created(name) : Optional.<Instant>empty())
                .orElse(recorded != null ? recorded : Instant.EPOCH);
        Instant updated = doc.hasNonNull("updateDate") ? Instant.parse(doc.get("updateDate").asText()) : created;
        if (updated.isBefore(created)) {
            updated = created; // a bundle deployed again after the machine's tags were last changed
        }
        return Optional.of(new Machine(name, Type.valueOf(doc.path("type").asText("STANDARD")), definition,
                doc.path("roleArn").asText(String.format(StateMachineOperations.NO_ROLE, account)),
                doc.hasNonNull("description") ? doc.get("description").asText() : null, created, updated, tags, List.of()));
    }

    @Override
    public List<String> hostProblems(String name, String definition) {
        Optional<Definition> bundled = bundle.definition(name);
        if (bundled.isPresent() && !sameJson(Json.write(bundled.get().source()), definition)) {
            return List.of("State machine '" + name + "' is bundled with the deployment (" + bundleShown + name
                    + ".asl.json); change that file and deploy again rather than its definition here.");
        }
        return List.of();
    }

    @Override
    public Machine save(Spec spec, Instant now) {
        boolean bundled = bundle.definition(spec.name()).isPresent();
        if (bundled && !hostProblems(spec.name(), spec.definition()).isEmpty()) {
            throw SfnError.VALIDATION.with(hostProblems(spec.name(), spec.definition()).get(0));
        }
        update(spec.name(), doc -> {
            doc.remove("description");
            doc.put("type", spec.type().name()).put("roleArn", spec.roleArn());
            if (spec.description() != null && !spec.description().isEmpty()) {
                doc.put("description", spec.description());
            }
            if (!doc.hasNonNull("creationDate")) {
                doc.put("creationDate", now.toString());
            }
            doc.put("updateDate", now.toString());
            ObjectNode tags = doc.putObject("tags");
            spec.tags().forEach(tags::put);
            if (!bundled) {
                doc.put("definition", spec.definition());
            }
            return doc;
        });
        return find(spec.name()).orElseThrow(() -> new IllegalStateException("state machine " + spec.name() + " was stored but is not found"));
    }

    @Override
    public boolean delete(String name) {
        if (bundle.definition(name).isPresent()) {
            throw SfnError.VALIDATION.with("State machine '" + name + "' is bundled with the deployment (" + bundleShown + name
                    + ".asl.json); remove that file and deploy again to delete it.");
        }
        return documents.remove(name) != null;
    }

    @Override
    public List<Version> versions(String machine) {
        List<Version> out = new ArrayList<>();
        for (JsonNode v : document(machine).path("versions")) {
            out.add(new Version(v.path("number").asInt(), v.path("definition").asText(), v.hasNonNull("description")
                    ? v.get("description").asText() : null, Instant.parse(v.path("created").asText())));
        }
        out.sort(Comparator.comparingInt(Version::number).reversed());
        return out;
    }

    @Override
    public Version publish(String machine, String definition, String description, Instant now) {
        Version[] published = new Version[1];
        update(machine, doc -> {
            ArrayNode list = doc.has("versions") ? (ArrayNode) doc.get("versions") : doc.putArray("versions");
            int last = VersionDocuments.lastNumber(doc);
            int newest = 0;
            JsonNode newestNode = null;
            for (JsonNode v : list) {
                if (v.path("number").asInt() > newest) {
                    newest = v.path("number").asInt();
                    newestNode = v;
                }
            }
            if (newestNode != null && newestNode.path("definition").asText().equals(definition)) {
                published[0] = new Version(newest, definition, newestNode.hasNonNull("description") ? newestNode.get("description").asText()
                        : null, Instant.parse(newestNode.path("created").asText()));
                return null; // nothing to write
            }
            ObjectNode o = list.addObject().put("number", last + 1).put("definition", definition).put("created", now.toString());
            if (description != null) {
                o.put("description", description);
            }
            published[0] = new Version(last + 1, definition, description, now);
            return doc;
        });
        return published[0];
    }

    @Override
    public List<Alias> aliases(String machine) {
        return AliasDocuments.read(document(machine));
    }

    @Override
    public Alias saveAlias(String machine, Alias alias) {
        update(machine, doc -> {
            AliasDocuments.put(doc, alias);
            return doc;
        });
        return alias;
    }

    @Override
    public boolean deleteVersion(String machine, int number) {
        boolean[] deleted = new boolean[1];
        update(machine, doc -> (deleted[0] = VersionDocuments.removeVersion(doc, number)) ? doc : null);
        return deleted[0];
    }

    @Override
    public boolean deleteAlias(String machine, String name) {
        boolean[] deleted = new boolean[1];
        update(machine, doc -> (deleted[0] = VersionDocuments.removeAlias(doc, name)) ? doc : null);
        return deleted[0];
    }

    @Override
    public StartResult start(String pipeline, String name, String definition, JsonNode input) {
        return launch.start(pipeline, name, DefinitionParser.parse(Json.parse(definition)), input);
    }

    @Override
    public StartResult start(String pipeline, String name, String definition, JsonNode input, String startedThrough) {
        return qualified.start(pipeline, name, DefinitionParser.parse(Json.parse(definition)), input, startedThrough);
    }

    @Override
    public Optional<String> pinned(String definitionHash) {
        return definitions.get(definitionHash);
    }

    private JsonNode document(String name) {
        return parsed(documents.get(name));
    }

    private static ObjectNode parsed(String text) {
        if (text == null) {
            return Json.object();
        }
        try {
            JsonNode json = Json.parse(text);
            return json.isObject() ? (ObjectNode) json : Json.object();
        } catch (IllegalArgumentException e) {
            return Json.object();
        }
    }

    /** Applies {@code change} to the document by compare-and-set, again on a conflict; a null from it writes nothing. */
    private void update(String name, UnaryOperator<ObjectNode> change) {
        while (true) {
            String before = documents.get(name);
            ObjectNode doc = parsed(before);
            ObjectNode after = change.apply(doc);
            if (after == null) {
                return;
            }
            String text = Json.write(after);
            boolean written = before == null ? documents.putIfAbsent(name, text) == null : documents.replace(name, before, text);
            if (written) {
                return;
            }
        }
    }

    private static boolean sameJson(String a, String b) {
        try {
            return Json.parse(a).equals(Json.parse(b));
        } catch (IllegalArgumentException e) {
            return false;
        }
    }
}
