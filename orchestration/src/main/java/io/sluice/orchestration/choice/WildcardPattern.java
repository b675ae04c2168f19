package io.sluice.orchestration.choice;

import java.util.ArrayList;
import java.util.List;

/**
 * The pattern of a {@code StringMatches} rule: {@code *} matches any run of characters (possibly
 * none), {@code \*} a literal star and {@code \\} a literal backslash; every other character
 * matches itself. The pattern must match the whole string.
 *
 * <p>Matching needs no backtracking: with {@code *} as the only wildcard, taking each literal piece
 * at its leftmost possible position never loses a match.
 */
public final class WildcardPattern {
    private final String text;
    private final List<String> pieces; // the literal runs between stars; one more than the stars

    private WildcardPattern(String text, List<String> pieces) {
        this.text = text;
        this.pieces = pieces;
    }

    /** Compiles {@code text}; a backslash that escapes neither {@code *} nor {@code \} is rejected. */
    public static WildcardPattern compile(String text) {
        List<String> pieces = new ArrayList<>();
        StringBuilder piece = new StringBuilder();
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '*') {
                pieces.add(piece.toString());
                piece.setLength(0);
            } else if (c == '\\') {
                char next = i + 1 < text.length() ? text.charAt(i + 1) : 0;
                if (next != '*' && next != '\\') {
                    throw new IllegalArgumentException("The StringMatches pattern \"" + text
                            + "\" has a backslash at position " + i + " that escapes neither '*' nor '\\'; "
                            + "write \\\\ for a literal backslash.");
                }
                piece.append(next);
                i++;
            } else {
                piece.append(c);
            }
        }
        pieces.add(piece.toString());
        return new WildcardPattern(text, List.copyOf(pieces));
    }

    /** Whether the whole of {@code value} matches this pattern. */
    public boolean matches(String value) {
        String first = pieces.getFirst();
        if (pieces.size() == 1) {
            return value.equals(first);
        }
        String last = pieces.getLast();
        if (value.length() < first.length() + last.length()
                || !value.startsWith(first) || !value.endsWith(last)) {
            return false;
        }
        int from = first.length();
        int end = value.length() - last.length();
        for (String middle : pieces.subList(1, pieces.size() - 1)) {
            int at = value.indexOf(middle, from);
            if (at < 0 || at + middle.length() > end) {
                return false;
            }
            from = at + middle.length();
        }
        return true;
    }

    /** The pattern as written. */
    public String text() {
        return text;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof WildcardPattern that && text.equals(that.text);
    }

    @Override
    public int hashCode() {
        return text.hashCode();
    }

    @Override
    public String toString() {
        return text;
    }
}
