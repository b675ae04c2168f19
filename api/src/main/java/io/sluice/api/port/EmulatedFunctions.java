package io.sluice.api.port;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * The task functions the function emulator ({@code POST /functions/{name}}) may invoke directly, by
 * name. A host without an emulator (a cloud host) provides none, and the route answers 404.
 */
public interface EmulatedFunctions {
    Set<String> names();

    Optional<Function<JsonNode, JsonNode>> find(String name);
}
