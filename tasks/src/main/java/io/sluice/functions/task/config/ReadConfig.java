package io.sluice.functions.task.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.SchemaException;
import io.sluice.functions.tenancy.Owner;
import io.sluice.functions.harness.TaskAware;
import io.sluice.functions.harness.TaskContext;
import io.sluice.functions.harness.TaskError;
import io.sluice.functions.tenancy.ScopedSecrets;
import io.sluice.functions.tenancy.Tenancy;
import io.sluice.orchestration.definition.TaskResource.IntegrationPattern;
import io.sluice.functions.task.config.ConfigSchema.Violation;
import io.sluice.functions.task.config.SecretReferences.Reference;
import io.sluice.orchestration.definition.ContentHash;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.pattern.ConfigProblem;
import io.sluice.orchestration.pattern.PipelinePattern;
import io.sluice.orchestration.pattern.Patterns;
import io.sluice.orchestration.port.ConfigStore;
import io.sluice.orchestration.port.SecretResolver;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The {@code read-config} task function: loads a pipeline's domain config by name, resolves its
 * {@code {"secret": "name"}} references, validates the result against the config's JSON Schema and
 * returns it with {@code configHash}, the content hash of the config as written (keys sorted; secret
 * values take no part in it, so rotating a secret does not change it).
 *
 * <p>Input: {@code {"name": "orders"}} (or just {@code "orders"}). The pattern templates pass
 * {@code {"pattern": "ingestion", "pipeline": "orders", "partition": ...}} instead: the config is then
 * the pipeline's (named like it), and, given the {@link Patterns}, it is checked as written (secret
 * references in place) against that pattern's schema, and its {@code pipeline} against the input's.
 * Output:
 * {@code {"name": "orders", "config": {...}, "configHash": "sha256:..."}}; a top-level {@code $schema}
 * is dropped from {@code config}. Errors: {@code Config.NotFound}, {@code Config.Invalid} (every
 * violation, with its JSON pointer), {@code Config.SecretNotFound} (pointers and secret names), and the
 * retryable {@code Config.Unavailable} when the store or the secrets cannot be read.
 *
 * <p>Secret values never leave this function: they are looked up to check that every reference
 * resolves (and, for a config with its own schema, to validate the config as the function that uses it
 * will see it), but the output keeps the {@code {"secret": "name"}} references, and the function that
 * uses a secret resolves it at that moment ({@link ScopedSecrets}). So no value reaches the execution's
 * state, history, outputs or logs; messages about a value that came from a secret mask it.
 *
 * <p>Whose config: in an execution, the pipeline is the runtime's ({@link TaskContext#pipeline()}): a
 * pattern pipeline reads its own config, an input naming another pipeline fails with
 * {@code Sluice.WrongPipeline}, and a config named for a pipeline of another tenant is not found.
 */
public final class ReadConfig implements TaskAware {
    public static final String NAME = "read-config";
    static final String UNAVAILABLE = "Config.Unavailable";

    private final ConfigStore store;
    private final ScopedSecrets secrets;
    private final Tenancy tenancy;
    private final ConfigSchema schemas;
    private final Patterns patterns;

    /** Every config is checked against its own schema in the store, a pattern pipeline's too. */
    public ReadConfig(ConfigStore store, SecretResolver secrets) {
        this(store, secrets, null);
    }

    /** @param patterns checks the configs of pattern pipelines; {@code null} to treat them as any other config */
    public ReadConfig(ConfigStore store, SecretResolver secrets, Patterns patterns) {
        this(store, secrets, Tenancy.SINGLE, patterns);
    }

    /** @param tenancy who owns which pipeline: a run reads only the configs of its own tenant's pipelines */
    public ReadConfig(ConfigStore store, SecretResolver secrets, Tenancy tenancy, Patterns patterns) {
        this.store = store;
        this.secrets = new ScopedSecrets(secrets);
        this.tenancy = tenancy;
        this.schemas = new ConfigSchema(store);
        this.patterns = patterns;
    }

    @Override
    public JsonNode apply(JsonNode input) {
        return apply(input, TaskContext.fromPayload(input != null && input.isObject() ? input : null, IntegrationPattern.REQUEST_RESPONSE));
    }

    @Override
    public JsonNode apply(JsonNode input, TaskContext task) {
        Owner owner = task.owner().requireData("read a config");
        String run = task.pipeline();
        String name = configName(input, task);
        if (!tenancy.owns(owner, ConfigNames.owner(name))) {
            throw ConfigErrors.notFound("Config '" + name + "' is not one that " + (run != null ? "pipeline '" + run + "'"
                    : "this run") + " may read: a run reads the configs of its own tenant's pipelines only.");
        }
        String document = ConfigNames.document(name);
        JsonNode written = parse(document, read(document).orElseThrow(() -> ConfigErrors.notFound(
                "Config '" + name + "' does not exist: there is no document " + document + " in the config store.")));
        PipelinePattern pattern = pattern(input);
        if (pattern != null) {
            checkPattern(name, pattern, written, run != null ? run : input.path("pipeline").asText(null));
        }
        List<Reference> references = SecretReferences.find(written);
        Map<String, String> values = resolve(owner, name, references);
        if (pattern == null) {
            JsonNode resolved = SecretReferences.replace(written, r -> values.get(r.name()));
            validate(name, schemaName(name, document, written), resolved, new SecretMask(references, values.values()));
        }
        JsonNode config = written.deepCopy();
        if (config instanceof ObjectNode object) {
            object.remove("$schema");
        }
        ObjectNode out = Json.object().put("name", name);
        out.set("config", config);
        return out.put("configHash", ContentHash.of(written));
    }

    /** In an execution with no config named, the run's own pipeline's; else the input's {@code name} (or {@code pipeline}). */
    private static String configName(JsonNode input, TaskContext task) {
        boolean named = input != null && (input.isTextual() || input.has("name"));
        if (!named && (task.pipeline() != null || !task.owner().isPlatform())) {
            return task.pipelineFor(NAME, input != null && input.isObject() ? input : null, "pipeline");
        }
        if (task.pipeline() != null && input.isObject()) {
            task.pipelineFor(NAME, input, "pipeline");
        }
        return configName(input);
    }

    private static String configName(JsonNode input) {
        JsonNode name = input == null ? null : input.isTextual() ? input : input.has("name") ? input.get("name") : input.get("pipeline");
        if (name == null || !name.isTextual()) {
            throw ConfigErrors.notFound("read-config needs the config's name, {\"name\": \"orders\"}, or the pipeline's,"
                    + " {\"pipeline\": \"orders\"}.");
        }
        if (!ConfigNames.valid(name.asText())) {
            throw ConfigErrors.notFound("'" + name.asText() + "' is not a config name: use letters, digits, '.', '_', '-',"
                    + " and '/' between folders, without '..'.");
        }
        return name.asText();
    }

    /** The pattern the input names, when this function checks pattern configs; {@code null} otherwise. */
    private PipelinePattern pattern(JsonNode input) {
        JsonNode named = input == null || patterns == null ? null : input.get("pattern");
        if (named == null || named.isNull()) {
            return null;
        }
        return PipelinePattern.byId(named.asText()).orElseThrow(() -> ConfigErrors.invalid("read-config was asked for a config of"
                + " pattern '" + named.asText() + "'; the patterns are " + PipelinePattern.ids() + "."));
    }

    /** The config as written against the pattern's schema (a secret reference is what that schema expects), and its pipeline. */
    private void checkPattern(String name, PipelinePattern pattern, JsonNode written, String pipeline) {
        List<ConfigProblem> problems = patterns.check(pattern, written);
        if (!problems.isEmpty()) {
            StringBuilder cause = new StringBuilder("Config '").append(name).append("' does not match the ").append(pattern.id())
                    .append(" pattern's schema").append(problems.size() == 1 ? ": " : " (" + problems.size() + " problems): ");
            for (int i = 0; i < problems.size(); i++) {
                cause.append(i == 0 ? "" : "; ").append(problems.get(i));
            }
            throw ConfigErrors.invalid(cause.append(" Correct the config; sluice render checks it too.").toString());
        }
        String owner = written.path("pipeline").asText(null);
        if (pipeline != null && owner != null && !owner.equals(pipeline)) {
            throw ConfigErrors.invalid("Config '" + name + "' belongs to pipeline '" + owner + "', not to '" + pipeline
                    + "', which read it: correct its \"pipeline\" field, or the config's name.");
        }
    }

    private Optional<String> read(String document) {
        try {
            return store.read(document);
        } catch (RuntimeException e) {
            throw new TaskError(UNAVAILABLE, "The config store could not be read (" + document + "): " + e.getMessage(), true, e);
        }
    }

    private static JsonNode parse(String document, String text) {
        try {
            return Json.parse(text);
        } catch (IllegalArgumentException e) {
            throw ConfigErrors.invalid(document + " is " + e.getMessage(), e);
        }
    }

    /** Each secret's value, by secret name; every reference to a missing secret reported at once. */
    private Map<String, String> resolve(Owner owner, String name, List<Reference> references) {
        Map<String, String> values = new LinkedHashMap<>();
        Set<String> absent = new HashSet<>();
        for (Reference r : references) {
            if (!values.containsKey(r.name()) && !absent.contains(r.name())) {
                lookUp(owner, r.name()).ifPresentOrElse(value -> values.put(r.name(), value), () -> absent.add(r.name()));
            }
        }
        if (!absent.isEmpty()) {
            throw ConfigErrors.secretsNotFound(name, references.stream().filter(r -> absent.contains(r.name())).toList());
        }
        return values;
    }

    private Optional<String> lookUp(Owner owner, String secret) {
        try {
            return secrets.resolve(owner, secret);
        } catch (IllegalArgumentException e) {
            throw ConfigErrors.invalid("Secret reference '" + secret + "' cannot be used: " + e.getMessage() + ".");
        } catch (RuntimeException e) {
            // The resolver's contract keeps values out of its exceptions; its message says what could not be read.
            throw new TaskError(UNAVAILABLE, "Secret '" + secret + "' could not be read: " + e.getMessage(), true, e);
        }
    }

    private static String schemaName(String name, String document, JsonNode written) {
        JsonNode ref = written.path("$schema");
        if (!ref.isTextual()) {
            return ConfigNames.siblingSchema(document);
        }
        Optional<String> named = ConfigNames.relativeSchema(document, ref.asText());
        if (named.isPresent() && !ConfigNames.valid(named.get())) {
            throw ConfigErrors.invalid("Config '" + name + "' names its schema '" + ref.asText()
                    + "', which is not a document of the config store.");
        }
        return named.orElse(ConfigNames.siblingSchema(document));
    }

    private void validate(String name, String schemaName, JsonNode config, SecretMask mask) {
        JsonNode schema = parse(schemaName, read(schemaName).orElseThrow(() -> ConfigErrors.notFound("Config '" + name
                + "' has no schema: there is no document " + schemaName + " in the config store.")));
        List<Violation> violations;
        try {
            violations = schemas.violations(schemaName, schema, config);
        } catch (SchemaException e) {
            throw ConfigErrors.invalid("The schema " + schemaName + " of config '" + name + "' cannot be used: "
                    + mask.apply("", e.getMessage()), e);
        }
        if (!violations.isEmpty()) {
            throw ConfigErrors.invalid(describe(name, schemaName, violations, mask));
        }
    }

    private static String describe(String name, String schemaName, List<Violation> violations, SecretMask mask) {
        StringBuilder cause = new StringBuilder("Config '").append(name).append("' does not match its schema ")
                .append(schemaName).append(violations.size() == 1 ? ": " : " (" + violations.size() + " problems): ");
        for (int i = 0; i < violations.size(); i++) {
            Violation v = violations.get(i);
            cause.append(i == 0 ? "" : "; ").append(ConfigErrors.pointer(v.pointer())).append(": ")
                    .append(mask.apply(v.pointer(), v.message()));
        }
        return cause.append('.').toString();
    }
}
