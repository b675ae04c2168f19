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

    /** The handler for {@code action}: its own, else the generic one, else none. */
    public Optional<IntegrationHandler> find(ServiceAction action) {
        IntegrationHandler own = byAction.get(action.key());
        return own != null ? Optional.of(own) : Optional.ofNullable(generic);
    }
}
