package io.sluice.azure.publish;

import com.azure.core.credential.TokenCredential;
import io.sluice.azure.AzureIntegrationProperties;
import io.sluice.azure.SluiceAzureProperties;
import java.net.URI;
import java.time.Clock;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Builds {@link AzurePublishTargets} from the settings: Service Bus at {@code servicebus-endpoint} or the namespace's
 * (from {@code sluice.azure.servicebus.namespace} or the connection string's {@code Endpoint}), signed with the
 * connection string's key or the app's identity; each Event Grid topic with its access key or the app's identity.
 */
public final class AzurePublishing {
    private static final String SERVICE_BUS_SCOPE = "https://servicebus.azure.net/.default";
    private static final String EVENT_GRID_SCOPE = "https://eventgrid.azure.net/.default";

    private AzurePublishing() {}

    public static AzurePublishTargets targets(AzureIntegrationProperties integrations, SluiceAzureProperties.ServiceBus bus,
                                              Supplier<TokenCredential> credential, Clock clock) {
        HttpPost http = new HttpPost(HttpPost.defaultClient());
        Map<String, EventGridSender.Topic> topics = new HashMap<>();
        integrations.buses().forEach((name, b) -> topics.put(name, new EventGridSender.Topic(b.endpoint(),
                b.schema().equals("eventgrid") ? EventGridSender.Schema.EVENT_GRID : EventGridSender.Schema.CLOUD_EVENTS,
                b.accessKey() != null && !b.accessKey().isBlank() ? Authorization.eventGridKey(b.accessKey())
                        : lazyBearer(credential, EVENT_GRID_SCOPE))));
        return new AzurePublishTargets(integrations.topics(), integrations.queues(), topics, serviceBus(integrations, bus, credential, clock, http),
                new EventGridSender(http));
    }

    private static ServiceBusSender serviceBus(AzureIntegrationProperties integrations, SluiceAzureProperties.ServiceBus bus,
                                               Supplier<TokenCredential> credential, Clock clock, HttpPost http) {
        Map<String, String> connection = connectionString(bus.connectionString());
        URI namespace = integrations.servicebusEndpoint();
        if (namespace == null && connection.containsKey("Endpoint")) {
            namespace = URI.create(connection.get("Endpoint").replaceFirst("^sb://", "https://"));
        }
        if (namespace == null && bus.namespace() != null && !bus.namespace().isBlank()) {
            namespace = URI.create("https://" + bus.namespace() + "/");
        }
        if (namespace == null) {
            return null;
        }
        Authorization auth = connection.containsKey("SharedAccessKeyName") && connection.containsKey("SharedAccessKey")
                ? Authorization.sharedAccessSignature(connection.get("SharedAccessKeyName"), connection.get("SharedAccessKey"), clock)
                : lazyBearer(credential, SERVICE_BUS_SCOPE);
        return new ServiceBusSender(namespace, auth, http, clock);
    }

    /** {@code Endpoint=sb://...;SharedAccessKeyName=...;SharedAccessKey=...} as a map (empty for none). */
    static Map<String, String> connectionString(String text) {
        Map<String, String> out = new HashMap<>();
        if (text == null) return out;
        for (String part : text.split(";")) {
            int eq = part.indexOf('=');
            if (eq > 0) out.put(part.substring(0, eq).trim(), part.substring(eq + 1).trim());
        }
        return out;
    }

    private static Authorization lazyBearer(Supplier<TokenCredential> credential, String scope) {
        return resource -> Authorization.bearer(credential.get(), scope).header(resource);
    }
}
