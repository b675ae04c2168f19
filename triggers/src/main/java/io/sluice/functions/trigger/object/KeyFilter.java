package io.sluice.functions.trigger.object;

import java.util.regex.Pattern;

/**
 * Which keys a rule takes: a prefix and/or a suffix, or a glob. In a glob {@code *} matches any run of
 * characters within one path segment, {@code **} any run across segments ({@code **}{@code /} also
 * matches no folder at all), {@code ?} one character other than {@code /}, {@code {csv,json}} one of
 * the alternatives, and a backslash makes the next character literal. The glob must match the whole
 * key. Matching is case-sensitive, as keys are.
 */
public record KeyFilter(String prefix, String suffix, String glob, Pattern globPattern) {
    public static final KeyFilter ANY = new KeyFilter("", "", null, null);

    public static KeyFilter prefixSuffix(String prefix, String suffix) {
        return new KeyFilter(prefix == null ? "" : prefix, suffix == null ? "" : suffix, null, null);
    }

    /** A glob filter; {@link IllegalArgumentException} with a sentence when the glob is malformed. */
    public static KeyFilter glob(String glob) {
        return new KeyFilter("", "", glob, Pattern.compile(toRegex(glob), Pattern.DOTALL));
    }

    public boolean matches(String key) {
        if (globPattern != null) {
            return globPattern.matcher(key).matches();
        }
        return key.startsWith(prefix) && key.endsWith(suffix) && key.length() >= prefix.length() + suffix.length();
    }

    /** The filter as a user wrote it, for messages. */
    public String describe() {
        if (glob != null) {
            return "glob " + glob;
        }
        return "prefix '" + prefix + "' and suffix '" + suffix + "'";
    }

    static String toRegex(String glob) {
        StringBuilder re = new StringBuilder();
        boolean inAlternatives = false;
        for (int i = 0; i < glob.length(); i++) {
            char c = glob.charAt(i);
            switch (c) {
                case '*' -> {
                    boolean doubleStar = i + 1 < glob.length() && glob.charAt(i + 1) == '*';
                    if (!doubleStar) {
                        re.append("[^/]*");
                    } else if (i + 2 < glob.length() && glob.charAt(i + 2) == '/') {
                        re.append("(?:.*/)?");
                        i += 2;
                    } else {
                        re.append(".*");
                        i++;
                    }
                }
                case '?' -> re.append("[^/]");
                case '{' -> {
                    if (inAlternatives) {
                        throw new IllegalArgumentException("the glob \"" + glob + "\" nests '{' at position " + i + "; alternatives cannot nest");
                    }
                    inAlternatives = true;
                    re.append("(?:");
                }
                case '}' -> {
                    if (!inAlternatives) {
                        throw new IllegalArgumentException("the glob \"" + glob + "\" closes '}' at position " + i + " that was never opened");
                    }
                    inAlternatives = false;
                    re.append(')');
                }
                case ',' -> re.append(inAlternatives ? "|" : ",");
                case '\\' -> {
                    if (i + 1 == glob.length()) {
                        throw new IllegalArgumentException("the glob \"" + glob + "\" ends in a backslash that escapes nothing");
                    }
                    re.append(Pattern.quote(String.valueOf(glob.charAt(++i))));
                }
                default -> re.append(Pattern.quote(String.valueOf(c)));
            }
        }
        if (inAlternatives) {
            throw new IllegalArgumentException("the glob \"" + glob + "\" opens '{' but never closes it");
        }
        return re.toString();
    }
}
