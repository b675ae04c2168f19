package io.sluice.local.embedded;

import java.net.URI;
import org.elasticmq.rest.sqs.SQSRestServer;
import org.elasticmq.rest.sqs.SQSRestServerBuilder;

/**
 * ElasticMQ (the SQS protocol) inside this JVM on 127.0.0.1, in memory: every queue and message is
 * gone when it stops. Queues are created on first use by {@code SqsTaskQueue}.
 */
public final class EmbeddedElasticMq implements AutoCloseable {
    /** The region queue ARNs name; any region works against this server. */
    public static final String REGION = "us-east-1";

    private final SQSRestServer server;
    private final URI endpoint;

    private EmbeddedElasticMq(SQSRestServer server, int port) {
        this.server = server;
        this.endpoint = URI.create("http://127.0.0.1:" + port);
    }

    /** Starts on {@code port} of 127.0.0.1 ({@code 0}: a free port) and returns once it accepts connections. */
    public static EmbeddedElasticMq start(int port) {
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("sluice.sqs.port: expected a TCP port from 0 (any free port) to 65535, got " + port);
        }
        var builder = SQSRestServerBuilder.withInterface("127.0.0.1").withAWSRegion(REGION).withAWSAccountId("000000000000");
        SQSRestServer server = (port == 0 ? builder.withDynamicPort() : builder.withPort(port)).start();
        try {
            return new EmbeddedElasticMq(server, server.waitUntilStarted().localAddress().getPort());
        } catch (RuntimeException e) {
            stopQuietly(server);
            throw new IllegalStateException("The embedded ElasticMQ could not listen on 127.0.0.1:" + port
                    + " (is another Sluice running? set sluice.sqs.port=0 for any free port, or SLUICE_SQS_URL for a running server): "
                    + e.getMessage(), e);
        }
    }

    /** Stopping a server that failed to bind fails again with the same cause, which is already being reported. */
    private static void stopQuietly(SQSRestServer server) {
        try {
            server.stopAndWait();
        } catch (RuntimeException ignored) {
            // see above
        }
    }

    /** The endpoint to give an SQS client. */
    public URI endpoint() {
        return endpoint;
    }

    @Override
    public void close() {
        server.stopAndWait();
    }

    @Override
    public String toString() {
        return "embedded ElasticMQ at " + endpoint;
    }
}
