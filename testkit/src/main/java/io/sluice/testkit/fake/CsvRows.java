package io.sluice.testkit.fake;

import java.util.ArrayList;
import java.util.List;

/**
 * RFC 4180 CSV as PostgreSQL's {@code COPY ... (FORMAT csv)} reads it: an empty unquoted field is NULL
 * ({@code null} here), {@code ""} an empty string; quoted fields may hold commas, quotes (doubled) and
 * line breaks. Enough for the in-memory warehouse to agree with the real one.
 */
final class CsvRows {
    private CsvRows() {}

    /** The records of {@code text}; a malformed file throws {@link IllegalArgumentException} naming the line. */
    static List<List<String>> parse(String text) {
        List<List<String>> records = new ArrayList<>();
        List<String> record = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        boolean quoted = false;
        boolean inQuotes = false;
        int line = 1;
        int i = 0;
        while (i < text.length()) {
            char c = text.charAt(i++);
            if (inQuotes) {
                if (c == '"' && i < text.length() && text.charAt(i) == '"') {
                    field.append('"');
                    i++;
                } else if (c == '"') {
                    inQuotes = false;
                } else {
                    line += c == '\n' ? 1 : 0;
                    field.append(c);
                }
            } else if (c == '"' && field.isEmpty() && !quoted) {
                inQuotes = quoted = true;
            } else if (c == ',') {
                record.add(value(field, quoted));
                field.setLength(0);
                quoted = false;
            } else if (c == '\n' || c == '\r') {
                if (c == '\r' && i < text.length() && text.charAt(i) == '\n') {
                    i++;
                }
                record.add(value(field, quoted));
                records.add(record);
                record = new ArrayList<>();
                field.setLength(0);
                quoted = false;
                line++;
            } else if (quoted) {
                throw new IllegalArgumentException("line " + line + ": characters after a closing quote");
            } else {
                field.append(c);
            }
        }
        if (inQuotes) {
            throw new IllegalArgumentException("line " + line + ": unterminated quoted field");
        }
        if (!field.isEmpty() || quoted || !record.isEmpty()) {
            record.add(value(field, quoted));
            records.add(record);
        }
        return records;
    }

    private static String value(StringBuilder field, boolean quoted) {
        return field.isEmpty() && !quoted ? null : field.toString();
    }
}
