package io.sluice.api.sfn;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * One request to the Step Functions API as the host received it: method, path, headers and body. Platform types stop
 * at the host; this is what every host (the local listener, a Lambda or Azure HTTP entry point) hands over.
 *
 * @param headers           by name, case-insensitive
 * @param platformPrincipal who the platform in front of the API authenticated (on AWS behind API Gateway's IAM
 *                          authorization, the caller's ARN from the event's {@code requestContext.authorizer.iam}), as the
 *                          host read it from its platform's event, never from the request's headers; {@code null} when none
 */
public record SfnRequest(String method, String path, String query, Map<String, List<String>> headers, byte[] body,
                         String platformPrincipal) {
    /** A request no platform authenticated. */
    public SfnRequest(String method, String path, String query, Map<String, List<String>> headers, byte[] body) {
        this(method, path, query, headers, body, null);
    }

    public SfnRequest {
        TreeMap<String, List<String>> h = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        headers.forEach((k, v) -> h.merge(k, List.copyOf(v), (a, b) -> java.util.stream.Stream.concat(a.stream(), b.stream()).toList()));
        headers = java.util.Collections.unmodifiableMap(h);
        query = query == null ? "" : query;
    }

    /** The header's first value, or {@code null}. */
    public String header(String name) {
        List<String> values = headers.get(name.toLowerCase(Locale.ROOT));
        return values == null || values.isEmpty() ? null : values.get(0);
    }
}
