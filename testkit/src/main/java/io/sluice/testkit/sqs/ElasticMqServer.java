package io.sluice.testkit.sqs;

import java.net.URI;
import org.elasticmq.rest.sqs.SQSRestServer;
import org.elasticmq.rest.sqs.SQSRestServerBuilder;

/**
 * An ElasticMQ server (the SQS protocol) inside the test JVM, on a free loopback port.
 *
 * <p>Starting one takes a few seconds, so a test class starts it once ({@code @BeforeAll}) and
 * closes it after ({@code @AfterAll}); tests keep apart by using fresh queue names.
 *
 * <p>ElasticMQ runs with SQS's strict limits (delays up to 15 minutes, 10 messages a receive,
 * 20 seconds of long polling, ...), so a client that breaks a limit fails here as it would on SQS.
 * Queue ARNs carry {@link #REGION} and {@link #ACCOUNT_ID}.
 *
 * <p>The ElasticMQ dependency is optional in the testkit: a module that uses this class declares
 * {@code org.elasticmq:elasticmq-rest-sqs_2.13} in test scope (the version is managed), which
 * keeps Scala and Pekko off every other classpath.
 */
public final class ElasticMqServer implements AutoCloseable {
    /** The region queue ARNs name; an SQS client may use any region against this server. */
    public static final String REGION = "us-east-1";
    public static final String ACCOUNT_ID = "000000000000";

    private final SQSRestServer server;
    private final URI endpoint;

    private ElasticMqServer(SQSRestServer server, int port) {
        this.server = server;
        this.endpoint = URI.create("http://127.0.0.1:" + port);
    }

    /** Starts a server on a free port of 127.0.0.1 and returns once it accepts connections. */
    public static ElasticMqServer start() {
        SQSRestServer server = SQSRestServerBuilder
                .withInterface("127.0.0.1")
                .withDynamicPort()
                .withAWSRegion(REGION)
                .withAWSAccountId(ACCOUNT_ID)
                .start();
        try {
            int port = server.waitUntilStarted().localAddress().getPort();
            return new ElasticMqServer(server, port);
        } catch (RuntimeException e) {
            server.stopAndWait();
            throw e;
        }
    }

    /** The URL to give an SQS client as its endpoint override. */
    public URI endpoint() {
        return endpoint;
    }

    /**
     * Stops the HTTP listener and ElasticMQ's actor system; every queue and message is gone. ElasticMQ waits up to a
     * minute for open connections (a client's 20-second long poll) and then throws its timeout: that is a slow
     * teardown of a server the test no longer uses, not a result of the test, so it is reported on stderr and the
     * rest of the actor system ends with the test JVM.
     */
    @Override
    public void close() {
        try {
            server.stopAndWait();
        } catch (Exception e) { // scala.concurrent's TimeoutException, thrown undeclared
            if (!(e instanceof java.util.concurrent.TimeoutException)) {
                throw e;
            }
            System.err.println("ElasticMqServer: ElasticMQ on " + endpoint + " did not stop within its minute (" + e.getMessage()
                    + "); the test's results stand, the server ends with the JVM");
        }
    }
}
