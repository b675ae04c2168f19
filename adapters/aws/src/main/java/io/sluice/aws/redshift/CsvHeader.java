package io.sluice.aws.redshift;

import io.sluice.orchestration.port.CsvHeaderLine;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The header record of a CSV file from its first bytes (RFC 4180 quoting; a UTF-8 byte order mark is
 * skipped): the warehouse reads it from a ranged GET before it loads anything, to check the file's columns
 * against the table.
 */
final class CsvHeader {
    private CsvHeader() {}

    /** What the first bytes of a file held. */
    sealed interface Peeked {
        record Columns(List<String> names) implements Peeked {}

        /** The file is empty. */
        record Empty() implements Peeked {}

        /** The header is not a CSV record, or does not end within the bytes read. */
        record Bad(String why) implements Peeked {}
    }

    /** @param complete whether {@code bytes} is the whole file (so a header without a line break still ends) */
    static Peeked peek(byte[] bytes, boolean complete) {
        int start = bytes.length >= 3 && (bytes[0] & 0xFF) == 0xEF && (bytes[1] & 0xFF) == 0xBB && (bytes[2] & 0xFF) == 0xBF ? 3 : 0;
        if (bytes.length == start) {
            return complete ? new Peeked.Empty() : new Peeked.Bad("the file starts with no header line");
        }
        boolean quoted = false;
        int end = -1;
        for (int i = start; i < bytes.length; i++) {
            if (bytes[i] == '"') {
                quoted = !quoted;
            } else if (bytes[i] == '\n' && !quoted) {
                end = i;
                break;
            }
        }
        if (end < 0) {
            if (quoted) {
                return new Peeked.Bad("the header line has an unterminated quote");
            }
            if (!complete) {
                return new Peeked.Bad("the header line is longer than " + bytes.length + " bytes");
            }
            end = bytes.length;
        }
        String line = new String(bytes, start, end - start, StandardCharsets.UTF_8);
        return new Peeked.Columns(CsvHeaderLine.fields(line.endsWith("\r") ? line.substring(0, line.length() - 1) : line));
    }
}
