package io.sluice.azure.table;

import java.nio.charset.StandardCharsets;

/**
 * Table storage keys from arbitrary names. PartitionKey and RowKey may not hold {@code / \ # ?} or control
 * characters, so those (and {@code %}, the escape itself, and {@code |}, which joins parts) are written as
 * {@code %XX} of their UTF-8 bytes: the mapping is one to one, and {@link #join} of encoded parts cannot
 * make two different tuples meet ({@code ("a|b", "c")} and {@code ("a", "b|c")} differ).
 */
public final class TableKeys {
    private TableKeys() {}

    public static String encode(String name) {
        StringBuilder out = new StringBuilder(name.length() + 8);
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (c == '/' || c == '\\' || c == '#' || c == '?' || c == '%' || c == '|' || c == '\'' || c < 0x20 || (c >= 0x7F && c <= 0x9F)) {
                for (byte b : String.valueOf(c).getBytes(StandardCharsets.UTF_8)) {
                    out.append('%').append(Character.toUpperCase(Character.forDigit((b >> 4) & 0xF, 16)))
                            .append(Character.toUpperCase(Character.forDigit(b & 0xF, 16)));
                }
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }

    /** The name {@link #encode} encoded. */
    public static String decode(String key) {
        if (key.indexOf('%') < 0) {
            return key;
        }
        StringBuilder out = new StringBuilder(key.length());
        java.io.ByteArrayOutputStream run = new java.io.ByteArrayOutputStream();
        for (int i = 0; i < key.length(); ) {
            if (key.charAt(i) == '%' && i + 3 <= key.length()) {
                run.write(Integer.parseInt(key, i + 1, i + 3, 16));
                i += 3;
                continue;
            }
            if (run.size() > 0) {
                out.append(run.toString(StandardCharsets.UTF_8));
                run.reset();
            }
            out.append(key.charAt(i++));
        }
        out.append(run.toString(StandardCharsets.UTF_8));
        return out.toString();
    }

    /** The encoded parts joined by {@code |}. */
    public static String join(String... parts) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < parts.length; i++) {
            if (i > 0) {
                out.append('|');
            }
            out.append(encode(parts[i]));
        }
        return out.toString();
    }

    /** A string literal for an OData filter: quotes doubled. Keys made here hold none, values may. */
    public static String literal(String value) {
        return "'" + value.replace("'", "''") + "'";
    }
}
