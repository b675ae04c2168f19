package io.sluice.stubs.aws;

import io.sluice.orchestration.json.Json;
import java.util.UUID;

/**
 * A stub of EventBridge's PutEvents (JSON 1.1, {@code AWSEvents.PutEvents}), since nothing serves EventBridge here:
 * every entry is accepted with a fresh EventId, except on a bus named {@code missing}, which answers the entry with
 * {@code NotFoundException} as EventBridge does for an unknown bus. It cannot show rules, targets or archives.
 */
public final class EventBridgeStub extends AwsJsonStub {

    public EventBridgeStub() {
        super("1.1");
        on("PutEvents", in -> {
            var out = Json.object();
            var entries = out.putArray("Entries");
            int failed = 0;
            for (var e : in.path("Entries")) {
                if ("missing".equals(e.path("EventBusName").asText())) {
                    failed++;
                    entries.addObject().put("ErrorCode", "NotFoundException").put("ErrorMessage", "Event bus missing does not exist.");
                } else {
                    entries.addObject().put("EventId", UUID.randomUUID().toString());
                }
            }
            return out.put("FailedEntryCount", failed);
        });
    }
}
