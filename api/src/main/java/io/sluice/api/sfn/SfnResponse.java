package io.sluice.api.sfn;

import java.util.Map;

/** The answer to an {@link SfnRequest}: status, headers and body, for the host to send as they are. */
public record SfnResponse(int status, Map<String, String> headers, byte[] body) {
    public SfnResponse {
        headers = Map.copyOf(headers);
    }
}
