package io.sluice.orchestration.path.intrinsic;

import java.util.ArrayList;
import java.util.List;

/**
 * A {@code States.Format} template split at its {@code {}} placeholders: {@code pieces} holds the
 * text around them, so there is one piece more than there are placeholders.
 */
record FormatTemplate(List<String> pieces) {
    private static final String PLACEHOLDER = "{}";

    FormatTemplate {
        pieces = List.copyOf(pieces);
    }

    /**
     * The template of a string taken from the data (not a literal): there are no escapes there, so
     * every {@code {}} is a placeholder.
     */
    static FormatTemplate ofRaw(String text) {
        List<String> pieces = new ArrayList<>();
        int from = 0;
        int at;
        while ((at = text.indexOf(PLACEHOLDER, from)) >= 0) {
            pieces.add(text.substring(from, at));
            from = at + PLACEHOLDER.length();
        }
        pieces.add(text.substring(from));
        return new FormatTemplate(pieces);
    }

    int placeholders() {
        return pieces.size() - 1;
    }

    /** The template with each placeholder replaced by the value at the same position; needs exactly {@link #placeholders()} values. */
    String render(List<String> values) {
        if (values.size() != placeholders()) {
            throw new IllegalArgumentException(values.size() + " values for " + placeholders() + " placeholders");
        }
        StringBuilder out = new StringBuilder(pieces.get(0));
        for (int i = 0; i < values.size(); i++) {
            out.append(values.get(i)).append(pieces.get(i + 1));
        }
        return out.toString();
    }
}
