package io.sluice.aws.entry;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.sluice.orchestration.json.Json;
import io.sluice.testkit.sqs.ElasticMqServer;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.UUID;
import org.springframework.cloud.function.adapter.aws.FunctionInvoker;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.sfn.SfnClient;

/**
 * A loopback HTTP server that turns each request the AWS SDK's real {@code SfnClient} signs into the API Gateway HTTP API
 * event (payload 2.0) API Gateway would deliver to the {@code http-api} Lambda, hands it to the real handler
 * ({@code FunctionInvoker}) and sends its response back. Requests to {@code /<stage>...} come through that named stage,
 * the others through {@code $default}.
 */
final class SfnApiBridge implements AutoCloseable {
    private final FunctionInvoker handler;
    private final String stage;
    private final HttpServer server;

    /** @param stage the API's named stage ({@code prod}); {@code null}: only {@code $default} */
    SfnApiBridge(FunctionInvoker handler, String stage) throws IOException {
        this.handler = handler;
        this.stage = stage;
        this.server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 16);
        server.createContext("/", this::asApiGateway);
        server.start();
    }

    /** A client signing with {@code keyId} and {@code secret}, at {@code path} ({@code ""} or a stage's {@code /prod}). */
    SfnClient client(String keyId, String secret, String path) {
        return SfnClient.builder().endpointOverride(URI.create("http://127.0.0.1:" + server.getAddress().getPort() + path))
                .region(Region.of(ElasticMqServer.REGION))
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create(keyId, secret)))
                .overrideConfiguration(c -> c.retryStrategy(r -> r.maxAttempts(1)))
                .httpClient(UrlConnectionHttpClient.create()).build();
    }

    SfnClient client(String keyId, String secret) {
        return client(keyId, secret, "");
    }

    /** One raw event through the handler, its response as JSON. */
    JsonNode invoke(byte[] event) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (InputStream in = new ByteArrayInputStream(event)) {
            handler.handleRequest(in, out, null);
        }
        return Json.parse(out.toString(StandardCharsets.UTF_8));
    }

    /** One HTTP request as API Gateway hands it to the Lambda: an HTTP API event, payload format 2.0. */
    private void asApiGateway(HttpExchange exchange) throws IOException {
        try (exchange) {
            byte[] body = exchange.getRequestBody().readAllBytes();
            ObjectNode event = Json.object();
            String path = exchange.getRequestURI().getRawPath();
            String through = stage != null && path.startsWith("/" + stage) ? stage : "$default";
            event.put("version", "2.0").put("routeKey", "$default").put("rawPath", path)
                    .put("rawQueryString", exchange.getRequestURI().getRawQuery() == null ? "" : exchange.getRequestURI().getRawQuery());
            ObjectNode headers = event.putObject("headers");
            exchange.getRequestHeaders().forEach((name, values) -> headers.put(name.toLowerCase(Locale.ROOT), String.join(",", values)));
            ObjectNode context = event.putObject("requestContext");
            context.put("accountId", "123456789012").put("apiId", "abc123def4").put("stage", through).put("requestId", UUID.randomUUID().toString())
                    .put("domainName", exchange.getRequestHeaders().getFirst("Host"));
            context.putObject("http").put("method", exchange.getRequestMethod()).put("path", path)
                    .put("protocol", "HTTP/1.1").put("sourceIp", "127.0.0.1");
            event.put("body", new String(body, StandardCharsets.UTF_8)).put("isBase64Encoded", false);
            JsonNode response = invoke(Json.write(event).getBytes(StandardCharsets.UTF_8));
            response.path("headers").fields().forEachRemaining(h -> exchange.getResponseHeaders().set(h.getKey(), h.getValue().asText()));
            byte[] out = response.path("body").asText().getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(response.path("statusCode").asInt(), out.length == 0 ? -1 : out.length);
            try (OutputStream o = exchange.getResponseBody()) {
                o.write(out);
            }
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
