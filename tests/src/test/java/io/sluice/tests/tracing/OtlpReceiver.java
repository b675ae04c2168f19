package io.sluice.tests.tracing;

import com.sun.net.httpserver.HttpServer;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceResponse;
import io.opentelemetry.proto.common.v1.KeyValue;
import io.opentelemetry.proto.trace.v1.ResourceSpans;
import io.opentelemetry.proto.trace.v1.ScopeSpans;
import io.opentelemetry.proto.trace.v1.Span;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;
import java.util.zip.GZIPInputStream;

/**
 * An OTLP/HTTP trace receiver on loopback: {@code POST /v1/traces} with a protobuf {@code ExportTraceServiceRequest}
 * (OTLP specification, "OTLP/HTTP": https://opentelemetry.io/docs/specs/otlp/#otlphttp), decoded with the official
 * opentelemetry-proto classes, answered with an empty {@code ExportTraceServiceResponse}. Anything else is refused with 404
 * or 415, so an exporter speaking another protocol fails the test instead of passing unseen.
 *
 * <p>Why not a real collector: the receivers that exist (the OpenTelemetry Collector, Jaeger) are Go programs with no
 * Debian, npm or Maven Central package here, and building one from Go modules needs a Go toolchain this Java machine
 * does not have and minutes of compiling in every CI run; Zipkin's server jar takes Zipkin's own format, not OTLP.
 * This stand-in receives the SDK's real OTLP exports over real HTTP.
 */
final class OtlpReceiver implements AutoCloseable {
    /** A received span with what the assertions need: its ids, name, attributes and its process's service name. */
    record Received(String service, String traceId, String spanId, String parentSpanId, String name, Map<String, String> attributes) {}

    private final HttpServer server;
    private final List<Received> spans = new CopyOnWriteArrayList<>();

    private OtlpReceiver(HttpServer server) {
        this.server = server;
    }

    static OtlpReceiver start() throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        OtlpReceiver receiver = new OtlpReceiver(server);
        server.createContext("/", exchange -> {
            try (exchange) {
                String type = exchange.getRequestHeaders().getFirst("Content-Type");
                if (!exchange.getRequestMethod().equals("POST") || !exchange.getRequestURI().getPath().equals("/v1/traces")) {
                    exchange.sendResponseHeaders(404, -1);
                    return;
                }
                if (type == null || !type.startsWith("application/x-protobuf")) {
                    exchange.sendResponseHeaders(415, -1);
                    return;
                }
                InputStream body = "gzip".equals(exchange.getRequestHeaders().getFirst("Content-Encoding"))
                        ? new GZIPInputStream(exchange.getRequestBody()) : exchange.getRequestBody();
                receiver.add(ExportTraceServiceRequest.parseFrom(body));
                byte[] answer = ExportTraceServiceResponse.getDefaultInstance().toByteArray();
                exchange.getResponseHeaders().set("Content-Type", "application/x-protobuf");
                exchange.sendResponseHeaders(200, answer.length == 0 ? -1 : answer.length);
                if (answer.length > 0) {
                    exchange.getResponseBody().write(answer);
                }
            }
        });
        server.start();
        return receiver;
    }

    /** The base URL, as {@code OTEL_EXPORTER_OTLP_ENDPOINT} takes it (the exporter appends {@code /v1/traces}). */
    String endpoint() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    List<Received> spans() {
        return new ArrayList<>(spans);
    }

    private void add(ExportTraceServiceRequest request) {
        HexFormat hex = HexFormat.of();
        for (ResourceSpans rs : request.getResourceSpansList()) {
            String service = attributes(rs.getResource().getAttributesList()).get("service.name");
            for (ScopeSpans ss : rs.getScopeSpansList()) {
                for (Span s : ss.getSpansList()) {
                    spans.add(new Received(service, hex.formatHex(s.getTraceId().toByteArray()), hex.formatHex(s.getSpanId().toByteArray()),
                            s.getParentSpanId().isEmpty() ? null : hex.formatHex(s.getParentSpanId().toByteArray()), s.getName(),
                            attributes(s.getAttributesList())));
                }
            }
        }
    }

    private static Map<String, String> attributes(List<KeyValue> list) {
        return list.stream().collect(Collectors.toMap(KeyValue::getKey, kv -> kv.getValue().hasIntValue()
                ? String.valueOf(kv.getValue().getIntValue()) : kv.getValue().getStringValue(), (a, b) -> b));
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
