package io.sluice.azure.synapse;

import com.azure.storage.blob.BlobClient;
import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.models.BlobRange;
import com.azure.storage.blob.models.DownloadRetryOptions;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/** Where a batch's file is for COPY INTO (its URL) and what its first line says (for the header check). */
@FunctionalInterface
public interface BatchFiles {

    /** The file at {@code source} (an object key), or empty when there is nothing there. */
    Optional<BatchFile> find(String source);

    /** A file a load reads: the URL COPY INTO is given, and its first line (without the line break), or {@code null} when empty. */
    record BatchFile(String url, String firstLine) {}

    /** Blobs of one container: a source is a blob name; the URL is the blob's. The first 64 KiB are read for the header. */
    static BatchFiles blobs(BlobContainerClient container) {
        return source -> {
            BlobClient blob = container.getBlobClient(source);
            if (!blob.exists()) {
                return Optional.empty();
            }
            long size = blob.getProperties().getBlobSize();
            ByteArrayOutputStream head = new ByteArrayOutputStream();
            if (size > 0) {
                blob.downloadStreamWithResponse(head, new BlobRange(0, Math.min(size, 64 * 1024L)), new DownloadRetryOptions(), null, false,
                        null, null);
            }
            return Optional.of(new BatchFile(blob.getBlobUrl(), firstLine(head.toString(StandardCharsets.UTF_8))));
        };
    }

    /** The first record's text: up to the first line break outside quotes. */
    static String firstLine(String text) {
        if (text.startsWith("\uFEFF")) {
            text = text.substring(1);
        }
        if (text.isEmpty()) {
            return null;
        }
        boolean quoted = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '"') {
                quoted = !quoted;
            } else if (c == '\n' && !quoted) {
                return text.substring(0, i > 0 && text.charAt(i - 1) == '\r' ? i - 1 : i);
            }
        }
        return text;
    }
}
