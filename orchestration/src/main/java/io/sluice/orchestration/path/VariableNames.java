package io.sluice.orchestration.path;

/**
 * The rules for workflow variable names, as Step Functions has them: a Unicode identifier (the
 * first character ID_Start or {@code _}, the others ID_Continue), at most 80 characters, and not
 * {@code states}, which is reserved for JSONata's {@code $states}.
 */
public final class VariableNames {
    public static final int MAX_LENGTH = 80;
    public static final String RESERVED = "states";

    private VariableNames() {}

    /** Why {@code name} cannot be a variable name, as a sentence; {@code null} when it can. */
    public static String problem(String name) {
        if (name.isEmpty()) {
            return "A variable name must not be empty.";
        }
        if (name.codePointCount(0, name.length()) > MAX_LENGTH) {
            return "Variable name '" + name.substring(0, 40) + "...' is longer than " + MAX_LENGTH + " characters.";
        }
        if (name.equals(RESERVED)) {
            return "Variable name 'states' is reserved: $states holds the state's input, result, error output and context.";
        }
        if (identifierLength(name, 0) != name.length()) {
            return "Variable name '" + name + "' is not an identifier: it must start with a letter or '_' and go on with"
                    + " letters, digits or '_'.";
        }
        return null;
    }

    /** The variable name at the start of a path such as {@code $order.id}, or {@code null} when it is no variable path. */
    static String leading(String text) {
        if (text == null || text.length() < 2 || text.charAt(0) != '$') {
            return null;
        }
        int end = identifierLength(text, 1);
        return end == 1 ? null : text.substring(1, end);
    }

    private static int identifierLength(String text, int from) {
        int i = from;
        while (i < text.length()) {
            int cp = text.codePointAt(i);
            boolean ok = i == from ? Character.isUnicodeIdentifierStart(cp) || cp == '_' : Character.isUnicodeIdentifierPart(cp)
                    && !Character.isIdentifierIgnorable(cp);
            if (!ok) {
                break;
            }
            i += Character.charCount(cp);
        }
        return i;
    }
}
