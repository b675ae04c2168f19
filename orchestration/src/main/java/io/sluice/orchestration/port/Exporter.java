package io.sluice.orchestration.port;

/**
 * Sends a prepared extract to one downstream system (an HTTP endpoint, an SFTP server). A delivery
 * carries the batch id as its idempotency key, so the destination can tell a repeat from a new
 * batch; whether a batch was already pushed is the {@link ExportLedger}'s business, not the
 * exporter's. Expected outcomes (rejected, rate limited) are results, not exceptions.
 */
public interface Exporter {

    Delivery deliver(Export export);

    /**
     * One extract to send.
     *
     * @param batchId     the idempotency key: one batch is one delivery, however often it is sent
     * @param name        the file name at the destination (SFTP) or a hint for it (HTTP)
     */
    record Export(String batchId, String name, String contentType, byte[] content) {
        public Export {
            if (batchId == null || batchId.isBlank()) {
                throw new IllegalArgumentException("an export needs a batch id: it is the idempotency key");
            }
            content = content.clone();
        }

        @Override
        public byte[] content() {
            return content.clone();
        }

        public int size() {
            return content.length;
        }
    }

    /** How a delivery ended. */
    sealed interface Delivery {
        /** The destination has the batch; {@code receipt} says where or how (a status line, a remote path). */
        record Delivered(String receipt) implements Delivery {}

        /** The destination refused the batch (an HTTP 4xx other than 429): sending it again will not help. */
        record Rejected(int status, String reason) implements Delivery {}

        /** The destination kept answering "too many requests" after every retry the exporter allows. */
        record RateLimited(String reason) implements Delivery {}

        /** A failure that may pass (5xx after retries, a dropped connection). */
        record Failed(String reason) implements Delivery {}
    }
}
