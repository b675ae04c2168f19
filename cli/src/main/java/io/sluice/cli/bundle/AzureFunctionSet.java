package io.sluice.cli.bundle;

import io.sluice.functions.priority.Priority;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Which of the app's functions (one folder with a {@code function.json} each) an Azure package ships: on Flex Consumption
 * every function scales as instances of its own, so a package carries only what the deployment runs. Left out: the
 * Storage Queue variants {@code storage-*} (for Azurite and tests; the Terraform module runs Service Bus), and the task
 * functions of priority channels the deployment has no queues for ({@code task-<function>-p0}, {@code -p1},
 * {@code -p3}; P2's {@code task-<function>} always ships), as the module's {@code priority_channels} says.
 */
public final class AzureFunctionSet {
    private static final Pattern CHANNEL_VARIANT = Pattern.compile("task-.+-(p[013])");

    private final Set<Priority> channels;

    private AzureFunctionSet(Set<Priority> channels) {
        this.channels = channels;
    }

    /**
     * @param channels the deployment's priority channels, as {@code P0}..{@code P3}; P2 is required
     * @throws IllegalArgumentException naming {@code field} and what it takes
     */
    public static AzureFunctionSet of(List<String> channels, String field) {
        Set<Priority> set = EnumSet.noneOf(Priority.class);
        for (String c : channels) {
            set.add(Priority.parse(c, field));
        }
        if (!set.contains(Priority.DEFAULT)) {
            throw new IllegalArgumentException("'" + field + "' must hold P2 (every pipeline without a priority runs there), as the"
                    + " Terraform module's priority_channels does; got " + channels);
        }
        return new AzureFunctionSet(set);
    }

    /**
     * The record of the channels this set ships ({@code pipelines/priority-channels.json} in the bundle:
     * {@code {"priorityChannels": ["P0", "P2"]}}), which the Azure host checks against the deployment's
     * {@code SLUICE_PRIORITY_CHANNELS} at start: a channel with queues but no functions would never be served.
     */
    public byte[] record() {
        com.fasterxml.jackson.databind.node.ObjectNode record = io.sluice.orchestration.json.Json.object();
        channels.stream().sorted().forEach(p -> record.withArray("priorityChannels").add(p.name()));
        return io.sluice.orchestration.json.Json.write(record).getBytes(java.nio.charset.StandardCharsets.UTF_8);
    }

    /** Whether the app folder's top-level entry {@code name} (a function's folder, or a file) goes into the package. */
    public boolean ships(String name) {
        if (name.startsWith("storage-")) {
            return false;
        }
        Matcher variant = CHANNEL_VARIANT.matcher(name);
        return !variant.matches() || channels.contains(Priority.parse(variant.group(1), "channel"));
    }
}
