package io.sluice.orchestration.port;

import java.util.ArrayList;
import java.util.List;

/**
 * The fields of a CSV file's header line (RFC 4180: a quoted field may hold commas, and {@code ""}
 * inside quotes is one quote), as every {@link Warehouse} reads them to check a batch's columns
 * against its table before it loads anything.
 */
public final class CsvHeaderLine {
    private CsvHeaderLine() {}

    /** @param line the header line without its line break; a quote left open is refused */
    public static List<String> fields(String line) {
        List<String> fields = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c == '"' && quoted && i + 1 < line.length() && line.charAt(i + 1) == '"') {
                field.append('"');
                i++;
            } else if (c == '"') {
                quoted = !quoted;
            } else if (c == ',' && !quoted) {
                fields.add(field.toString());
                field.setLength(0);
            } else {
                field.append(c);
            }
        }
        if (quoted) {
            throw new IllegalArgumentException("the header line has an unterminated quote");
        }
        fields.add(field.toString());
        return fields;
    }
}
