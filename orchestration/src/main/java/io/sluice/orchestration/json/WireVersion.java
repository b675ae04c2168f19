package io.sluice.orchestration.json;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The version of one of Sluice's wire or stored formats, carried in the field {@value #FIELD} of every message
 * or record. A writer writes {@link #current()}; a reader accepts the current version and the one before it,
 * because a rolling deploy (Lambda, Functions) runs two builds side by side and a queue, timer or store holds
 * what the older one wrote. Anything else is refused with {@link Unsupported}, naming the field and the
 * versions accepted, for the host to dead-letter as it does any message it cannot read.
 *
 * @param format         how errors name the format ("orchestrator message")
 * @param current        the version this build writes, 1 or more
 * @param firstUnversioned whether version 1 of the format was written without {@value #FIELD} (a missing field then
 *                       reads as version 1); otherwise a missing field is refused like an unknown version
 */
public record WireVersion(String format, int current, boolean firstUnversioned) {
    /** The field every versioned format carries its version in. */
    public static final String FIELD = "v";

    public WireVersion {
        if (current < 1) {
            throw new IllegalArgumentException(format + ": a format version is 1 or more, not " + current);
        }
    }

    /** The version before {@link #current()}, or 0 when the current one is the first. */
    public int previous() {
        return current - 1;
    }

    public boolean accepts(int version) {
        return version == current || (version >= 1 && version == previous());
    }

    /** A new object whose first field is {@value #FIELD}: {@link #current()}. */
    public ObjectNode stamp() {
        return Json.object().put(FIELD, current);
    }

    /** {@code o} with {@value #FIELD}: {@link #current()} first, then {@code o}'s fields (for a codec that builds the object elsewhere). */
    public ObjectNode stamp(ObjectNode o) {
        ObjectNode out = stamp();
        o.properties().forEach(e -> {
            if (!e.getKey().equals(FIELD)) {
                out.set(e.getKey(), e.getValue());
            }
        });
        return out;
    }

    /**
     * The version {@code o} is written in, when this build reads it.
     *
     * @throws Unsupported when {@value #FIELD} is missing (and version 1 carried one), not a whole number, or a version
     *                     this build does not read
     */
    public int check(JsonNode o) {
        JsonNode v = o.get(FIELD);
        if (v == null || v.isNull()) {
            if (firstUnversioned && accepts(1)) {
                return 1;
            }
            throw new Unsupported(this, "none");
        }
        if (!v.isInt() || !accepts(v.asInt())) {
            String text = v.toString();
            throw new Unsupported(this, text.length() > 40 ? text.substring(0, 40) + "..." : text);
        }
        return v.asInt();
    }

    /** The versions accepted, as a sentence: {@code 2, or 1 (written without "v")}. */
    public String expected() {
        String prev = previous() < 1 ? "" : ", or " + previous() + (previous() == 1 && firstUnversioned ? " (written without \"v\")" : "");
        return current + prev;
    }

    /** A message or record of a version this build does not read. */
    public static class Unsupported extends IllegalArgumentException {
        private final WireVersion version;
        private final String found;

        public Unsupported(WireVersion version, String found) {
            super(version.format() + " field " + FIELD + ": expected " + version.expected() + ", got " + found
                    + "; a build that writes that version must read it (or drain it) first");
            this.version = version;
            this.found = found;
        }

        protected Unsupported(String message, WireVersion version, String found) {
            super(message);
            this.version = version;
            this.found = found;
        }

        public WireVersion version() {
            return version;
        }

        /** The version found, as its JSON text, or {@code none}. */
        public String found() {
            return found;
        }
    }
}
