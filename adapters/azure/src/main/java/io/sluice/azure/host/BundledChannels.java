package io.sluice.azure.host;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.json.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;
import org.springframework.core.io.Resource;

/**
 * The priority channels of an Azure deployment agree with its bundle: {@code ./sluice package azure --priority-channels}
 * ships the task functions of the channels it names and records them ({@code pipelines/priority-channels.json}); the
 * Terraform module makes a queue per task function and channel of its {@code priority_channels} and names them in
 * {@code SLUICE_PRIORITY_CHANNELS}. A channel with queues but no functions would never be served (its tasks wait
 * forever), and one with functions but no queues has listeners on queues that do not exist: the app refuses to start
 * with either, saying which command or setting to change. Without the record (a bundle packaged before it) or the
 * setting (a module before it) there is nothing to compare, and it starts.
 */
public final class BundledChannels {
    private BundledChannels() {}

    /**
     * @param record   the bundle's record
     * @param deployed the deployment's {@code sluice.priority-channels}, comma-separated; blank for none
     * @throws IllegalStateException when the two name different channels
     */
    public static void require(Resource record, String deployed) {
        if (deployed == null || deployed.isBlank() || !record.exists()) {
            return;
        }
        TreeSet<String> bundled = new TreeSet<>();
        try {
            JsonNode channels = Json.parse(record.getContentAsString(StandardCharsets.UTF_8)).path("priorityChannels");
            channels.forEach(c -> bundled.add(c.asText().strip().toUpperCase(Locale.ROOT)));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the bundle's priority channels record " + record, e);
        }
        TreeSet<String> named = new TreeSet<>();
        for (String c : deployed.split(",")) {
            if (!c.isBlank()) {
                named.add(c.strip().toUpperCase(Locale.ROOT));
            }
        }
        if (!bundled.equals(named)) {
            List<String> deployedChannels = new ArrayList<>(named);
            throw new IllegalStateException("The bundle ships the task functions of the priority channels " + bundled
                    + " (./sluice package azure --priority-channels " + String.join(",", bundled) + "), but the deployment has queues for "
                    + named + " (sluice.priority-channels, which the Terraform module sets from priority_channels): a channel's tasks"
                    + " would wait with no function to take them, or its functions listen on queues that do not exist. Package again with"
                    + " --priority-channels " + String.join(",", deployedChannels) + ", or set priority_channels to " + bundled + ".");
        }
    }
}
