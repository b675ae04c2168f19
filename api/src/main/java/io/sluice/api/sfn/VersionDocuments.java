package io.sluice.api.sfn;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Deleting a version or an alias from a machine's document (the {@code versions} array and {@code aliases} object the
 * stores keep). A deleted version's number is never given again, as on the service: the document remembers the last
 * number published ({@code lastVersion}), which publishing counts from.
 */
public final class VersionDocuments {
    private VersionDocuments() {}

    /** Removes version {@code number}; whether it was there. */
    public static boolean removeVersion(ObjectNode document, int number) {
        if (!(document.get("versions") instanceof ArrayNode list)) {
            return false;
        }
        document.put("lastVersion", lastNumber(document));
        for (int i = 0; i < list.size(); i++) {
            if (list.get(i).path("number").asInt() == number) {
                list.remove(i);
                return true;
            }
        }
        return false;
    }

    /** Removes alias {@code name}; whether it was there. */
    public static boolean removeAlias(ObjectNode document, String name) {
        return document.get("aliases") instanceof ObjectNode aliases && aliases.remove(name) != null;
    }

    /** The highest version number ever published in {@code document}, deleted ones included; 0 for none. */
    public static int lastNumber(JsonNode document) {
        int last = document.path("lastVersion").asInt(0);
        for (JsonNode v : document.path("versions")) {
            last = Math.max(last, v.path("number").asInt());
        }
        return last;
    }
}
