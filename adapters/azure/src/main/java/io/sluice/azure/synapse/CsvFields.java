package io.sluice.azure.synapse;

import java.util.ArrayList;
import java.util.List;

/** The fields of one CSV record (RFC 4180 quoting), for reading a header line. */
final class CsvFields {
    private CsvFields() {}

    static List<String> split(String line) {
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
