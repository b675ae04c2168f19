package io.sluice.postgres.warehouse;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import io.sluice.orchestration.port.CsvHeaderLine;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Reads the header record of a CSV stream without consuming it, so that COPY sees the whole file and
 * its line numbers in errors match the file's. A UTF-8 byte order mark is skipped for good.
 */
final class CsvHeader {
    static final int MAX_BYTES = 1 << 20;

    private CsvHeader() {}

    /** Skips a byte order mark at the start of {@code in}; {@code in} must be fresh. */
    static void skipByteOrderMark(BufferedInputStream in) throws IOException {
        in.mark(3);
        if (!(in.read() == 0xEF && in.read() == 0xBB && in.read() == 0xBF)) {
            in.reset();
        }
    }

    /** The column names of the first record, or {@code null} for an empty file; {@code in} is left where it was. */
    static List<String> peek(BufferedInputStream in) throws IOException {
        in.mark(MAX_BYTES + 1);
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        boolean quoted = false;
        int b;
        while ((b = in.read()) != -1 && (quoted || b != '\n')) {
            quoted ^= b == '"';
            line.write(b);
            if (line.size() > MAX_BYTES) {
                throw new IllegalArgumentException("the header line is longer than " + MAX_BYTES + " bytes");
            }
        }
        in.reset();
        String text = line.toString(StandardCharsets.UTF_8);
        if (text.isEmpty() && b == -1) {
            return null;
        }
        return CsvHeaderLine.fields(text.endsWith("\r") ? text.substring(0, text.length() - 1) : text);
    }
}
