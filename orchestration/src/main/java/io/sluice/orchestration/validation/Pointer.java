package io.sluice.orchestration.validation;

/** An RFC 6901 JSON pointer built one step at a time, with {@code ~} and {@code /} escaped. */
record Pointer(String text) {
    static final Pointer ROOT = new Pointer("");

    Pointer child(String field) {
        return new Pointer(text + "/" + field.replace("~", "~0").replace("/", "~1"));
    }

    Pointer child(int index) {
        return new Pointer(text + "/" + index);
    }

    /** The last step, unescaped: a state's name for a state's pointer. */
    String last() {
        return text.substring(text.lastIndexOf('/') + 1).replace("~1", "/").replace("~0", "~");
    }

    @Override
    public String toString() {
        return text;
    }
}
