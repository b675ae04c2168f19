package io.sluice.functions.integration;

import io.sluice.orchestration.definition.TaskResource.ServiceAction;
import io.sluice.orchestration.integration.IntegrationCatalog;
import io.sluice.orchestration.integration.Platform;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * (service, action) to the handler that runs it on this host, the same definition on every platform:
 * each host passes the handlers over its own ports, and the catalog's table says which actions those
 * are. Child executions ({@code states:startExecution[.sync[:2]]}) join by passing their handler with the
 * others and adding their entries to the catalog.
 *
 * <p>An action the catalog runs on this platform without a mapped handler (the long tail of
 * {@code aws-sdk:*} on AWS) goes to {@code generic}, the host's extension point: on AWS a generic AWS SDK
 * call; elsewhere there is none.
 */
public final class IntegrationRegistry {
    private final Platform platform;
    private final Map<String, IntegrationHandler> byAction;
    private final IntegrationHandler generic;

    /**
     * @param generic the handler of every action no other handler names, or {@code null} for none
     * @throws IllegalArgumentException when two handlers name one action, or a handler names an action the
     *                                  catalog does not map (the catalog and the registry must agree)
     */
    public IntegrationRegistry(Platform platform, List<IntegrationHandler> handlers, IntegrationHandler generic) {
        this.platform = platform;
        this.generic = generic;
        Map<String, IntegrationHandler> map = new LinkedHashMap<>();
        List<String> problems = new ArrayList<>();
        for (IntegrationHandler h : handlers) {
            for (String action : h.actions()) {
                if (map.putIfAbsent(action, h) != null) {
                    problems.add(action + " has two handlers");
                }
                if (!IntegrationCatalog.mapped().containsKey(action)) {
                    problems.add(action + " is not in IntegrationCatalog: add it there, with what runs it on each platform");
                }
            }
        }
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException("integration registry: " + String.join("; ", problems));
        }
        this.byAction = Map.copyOf(map);
    }

    public Platform platform() {
        return platform;
    }

    /** The actions a handler answers, sorted. */
    public Set<String> actions() {
        return new TreeSet<>(byAction.keySet());
    }

    /** Whether actions no handler names go to a generic integration (the AWS host's SDK calls). */
    public boolean hasGeneric() {
        return generic != null;
    }

    /**
     * Where this registry and {@link IntegrationCatalog} disagree about what runs on this platform, one sentence
     * each; empty when they agree: every action the catalog maps has a handler here, and there is a generic
     * integration exactly where the catalog says the long tail runs ({@link IntegrationCatalog#hasGeneric}).
     * Each host's test asks this of the registry it builds.
     */
    public List<String> disagreementsWithCatalog() {
        List<String> out = new ArrayList<>();
        for (String action : IntegrationCatalog.mapped().keySet()) {
            if (!byAction.containsKey(action)) {
                out.add(action + " runs on platform " + platform.id() + " by IntegrationCatalog, and this registry has no handler for it");
            }
        }
        if (IntegrationCatalog.hasGeneric(platform) != hasGeneric()) {
            out.add(IntegrationCatalog.hasGeneric(platform)
                    ? "IntegrationCatalog runs the other aws-sdk actions on platform " + platform.id() + ", and this registry has no generic integration"
                    : "this registry has a generic integration, and IntegrationCatalog runs no unmapped action on platform " + platform.id());
        }
        return out;
    }

    /** The handler for {@code action}: its own, else the generic one, else none. */
    public Optional<IntegrationHandler> find(ServiceAction action) {
        IntegrationHandler own = byAction.get(action.key());
        return own != null ? Optional.of(own) : Optional.ofNullable(generic);
    }
}
