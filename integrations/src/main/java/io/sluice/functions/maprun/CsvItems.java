package io.sluice.functions.maprun;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.functions.harness.TaskError;
import io.sluice.orchestration.error.ErrorNames;
import io.sluice.orchestration.json.Json;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * ReaderConfig InputType CSV (RFC 4180: quoted fields with {@code ""} for a quote, CRLF or LF rows): each row an
 * object of column name to text, the names from the first row ({@code CSVHeaderLocation: FIRST_ROW}) or from
 * {@code CSVHeaders} ({@code GIVEN}), as Step Functions gives rows. A row with another number of fields than
 * there are names fails the run with {@code States.ItemReaderFailed}, naming the row. The cursor is the byte
 * offset of the next row.
 */
record CsvItems(String key, Supplier<byte[]> content, List<String> given, byte delimiter) implements ItemSource {

    @Override
    public Page read(String cursor, int max) {
        byte[] bytes = content.get();
        int[] at = {0};
        List<String> headers = given;
        if (headers == null) {
            headers = row(bytes, at);
            if (headers == null) {
                return new Page(List.of(), null);
            }
        }
        if (cursor != null) {
            at[0] = Integer.parseInt(cursor);
        }
        List<JsonNode> out = new ArrayList<>();
        while (out.size() < max) {
            int rowStart = at[0];
            List<String> fields = row(bytes, at);
            if (fields == null) {
                return new Page(out, null);
            }
            if (fields.size() == 1 && fields.getFirst().isEmpty()) {
                continue; // a blank line
            }
            if (fields.size() != headers.size()) {
                throw new TaskError(ErrorNames.ITEM_READER_FAILED, "The CSV object '" + key + "' has a row of " + fields.size()
                        + " fields at byte " + rowStart + ", but " + headers.size() + " column names " + headers + ".", false);
            }
            ObjectNode item = Json.object();
            for (int i = 0; i < headers.size(); i++) {
                item.put(headers.get(i), fields.get(i));
            }
            out.add(item);
        }
        skipBlank(bytes, at);
        return new Page(out, at[0] < bytes.length ? Integer.toString(at[0]) : null);
    }

    private static void skipBlank(byte[] bytes, int[] at) {
        while (at[0] < bytes.length && (bytes[at[0]] == '\n' || bytes[at[0]] == '\r')) {
            at[0]++;
        }
    }

    /** The fields of the row at {@code at[0]}, moving it past the row; {@code null} at the end. */
    private List<String> row(byte[] bytes, int[] at) {
        int i = at[0];
        if (i >= bytes.length) {
            return null;
        }
        if (i == 0 && bytes.length >= 3 && (bytes[0] & 0xff) == 0xEF && (bytes[1] & 0xff) == 0xBB && (bytes[2] & 0xff) == 0xBF) {
            i = 3; // a UTF-8 byte order mark
        }
        List<String> fields = new ArrayList<>();
        ByteArrayOutputStream field = new ByteArrayOutputStream();
        boolean quoted = false;
        boolean wasQuoted = false;
        while (i < bytes.length) {
            byte b = bytes[i];
            if (quoted) {
                if (b == '"') {
                    if (i + 1 < bytes.length && bytes[i + 1] == '"') {
                        field.write('"');
                        i += 2;
                        continue;
                    }
                    quoted = false;
                    i++;
                    continue;
                }
                field.write(b);
                i++;
                continue;
            }
            if (b == '"' && field.size() == 0 && !wasQuoted) {
                quoted = true;
                wasQuoted = true;
                i++;
            } else if (b == delimiter) {
                fields.add(field.toString(StandardCharsets.UTF_8));
                field.reset();
                wasQuoted = false;
                i++;
            } else if (b == '\n' || b == '\r') {
                i += b == '\r' && i + 1 < bytes.length && bytes[i + 1] == '\n' ? 2 : 1;
                break;
            } else {
                field.write(b);
                i++;
            }
        }
        if (quoted) {
            throw new TaskError(ErrorNames.ITEM_READER_FAILED, "The CSV object '" + key + "' ends inside a quoted field.", false);
        }
        fields.add(field.toString(StandardCharsets.UTF_8));
        at[0] = i;
        return fields;
    }

    /** The byte of a CSVDelimiter name. */
    static byte delimiter(String name) {
        return switch (name == null ? "COMMA" : name) {
            case "PIPE" -> '|';
            case "SEMICOLON" -> ';';
            case "SPACE" -> ' ';
            case "TAB" -> '\t';
            default -> ',';
        };
    }
}
