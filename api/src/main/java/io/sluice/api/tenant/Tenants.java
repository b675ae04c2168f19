package io.sluice.api.tenant;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.json.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * The tenants of the API, from a {@code tenants.json}: each tenant owns pipelines and holds API keys,
 * stored as SHA-256 hashes (see {@link ApiKeys} for why that hash). {@link #none()} is the local mode:
 * no tenants, every request may do everything.
 *
 * <pre>{@code
 * {"tenants": {
 *    "finance": {"pipelines": ["orders", "fx"],
 *                "keys": [{"id": "ci", "sha256": "<64 hex digits>", "role": "operator"},
 *                         {"id": "dashboard", "sha256": "<64 hex digits>", "role": "reader"}]}}}
 * }</pre>
 */
public final class Tenants {
    /** One stored key. */
    public record Key(String tenant, String id, byte[] sha256, Role role) {}

    /** One tenant and the pipelines it owns. */
    public record Tenant(String name, Set<String> pipelines) {
        public Tenant {
            pipelines = Set.copyOf(pipelines);
        }
    }

    /** A tenants file that cannot be used: every problem, one sentence each. */
    public static final class InvalidTenantsException extends RuntimeException {
        private final List<String> problems;

        InvalidTenantsException(String source, List<String> problems) {
            super(source + " cannot be used (the API would not know whom to let in): " + String.join("; ", problems));
            this.problems = List.copyOf(problems);
        }

        public List<String> problems() {
            return problems;
        }
    }

    private final Map<String, Tenant> tenants;
    private final List<Key> keys;
    private final boolean configured;

    Tenants(Map<String, Tenant> tenants, List<Key> keys, boolean configured) {
        this.tenants = Map.copyOf(tenants);
        this.keys = List.copyOf(keys);
        this.configured = configured;
    }

    /** The local mode: no tenants configured. */
    public static Tenants none() {
        return new Tenants(Map.of(), List.of(), false);
    }

    /** The tenants of {@code file}, or {@link #none()} when there is no such file. */
    public static Tenants load(Path file) {
        if (!Files.exists(file)) {
            return none();
        }
        try {
            return parse(Json.parse(Files.readString(file)), file.toString());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the tenants file " + file, e);
        } catch (IllegalArgumentException e) {
            throw new InvalidTenantsException(file.toString(), List.of("/: not JSON: " + e.getMessage()));
        }
    }

    /** Parses a tenants document; throws with every problem when any part is wrong. */
    public static Tenants parse(JsonNode json, String source) {
        TenantsReader reader = new TenantsReader(json);
        if (!reader.problems().isEmpty()) {
            throw new InvalidTenantsException(source, reader.problems());
        }
        return new Tenants(reader.tenants(), reader.keys(), true);
    }

    /** Whether tenants are configured; if not, this is the local mode. */
    public boolean configured() {
        return configured;
    }

    /**
     * The caller a presented key stands for, or empty for an unknown key. The key is hashed once and
     * compared with every stored hash in constant time ({@link MessageDigest#isEqual}); the loop never
     * stops early, so the time taken does not say which key, if any, matched.
     */
    public Optional<Caller.TenantKey> authenticate(String presented) {
        byte[] hash = ApiKeys.hash(presented);
        Key match = null;
        for (Key k : keys) {
            if (MessageDigest.isEqual(hash, k.sha256()) && match == null) {
                match = k;
            }
        }
        if (match == null) {
            return Optional.empty();
        }
        return Optional.of(new Caller.TenantKey(match.tenant(), match.id(), match.role(), tenants.get(match.tenant()).pipelines()));
    }

    /**
     * The callers a key id stands for, in every tenant that has a key of that id (an id is unique within its tenant, not
     * across tenants), for a protocol that names a key by its id rather than presenting it (Signature Version 4).
     */
    public List<Caller.TenantKey> withKeyId(String id) {
        return keys.stream().filter(k -> k.id().equals(id))
                .map(k -> new Caller.TenantKey(k.tenant(), k.id(), k.role(), tenants.get(k.tenant()).pipelines())).toList();
    }

    /** The tenant owning {@code pipeline}, if any. */
    public Optional<String> tenantOf(String pipeline) {
        return tenants.values().stream().filter(t -> t.pipelines().contains(pipeline)).map(Tenant::name).findFirst();
    }

    public Collection<Tenant> all() {
        return new TreeMap<>(tenants).values();
    }

    /** How many keys are stored, for the startup line. */
    public int keyCount() {
        return keys.size();
    }

    /** Pipelines of {@code ids} that no tenant owns: no one can see them. */
    public List<String> unowned(Collection<String> ids) {
        List<String> out = new ArrayList<>();
        ids.forEach(id -> {
            if (tenantOf(id).isEmpty()) {
                out.add(id);
            }
        });
        return out;
    }
}
