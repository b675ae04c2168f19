package io.sluice.stubs.aws;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A stub of SNS's Publish, in the AWS Query protocol SNS speaks (form-encoded request, XML answer), since nothing
 * serves SNS here. Topics are declared with {@link #topic}; a Publish to another answers NotFound. Every Publish
 * is recorded with its form fields. It cannot show delivery to subscribers, filter policies, FIFO ordering or
 * deduplication, or SNS's own checks of subjects and attributes beyond those written here.
 */
public final class SnsStub implements AutoCloseable {
    private final HttpServer server;
    private final Set<String> topics = ConcurrentHashMap.newKeySet();
    private final List<Map<String, String>> published = new CopyOnWriteArrayList<>();

    public SnsStub() {
        server = LoopbackServer.start(this::handle);
    }

    public SnsStub topic(String arn) {
        topics.add(arn);
        return this;
    }

    public URI endpoint() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort());
    }

    /** Every Publish's form fields, in order. */
    public List<Map<String, String>> published() {
        return List.copyOf(published);
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            Map<String, String> form = form(new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
            String xml;
            int status = 200;
            if (!"Publish".equals(form.get("Action"))) {
                status = 400;
                xml = error("InvalidAction", "the stub answers Publish only, not " + form.get("Action"));
            } else if (!topics.contains(form.get("TopicArn"))) {
                status = 404;
                xml = error("NotFound", "Topic does not exist");
            } else if (form.getOrDefault("Subject", "").length() >= 100 || form.getOrDefault("Subject", "").chars().anyMatch(c -> c < 0x20 || c > 0x7E)) {
                status = 400;
                xml = error("InvalidParameter", "Invalid parameter: Subject");
            } else {
                published.add(form);
                xml = "<PublishResponse xmlns=\"http://sns.amazonaws.com/doc/2010-03-31/\"><PublishResult><MessageId>" + UUID.randomUUID()
                        + "</MessageId></PublishResult><ResponseMetadata><RequestId>" + UUID.randomUUID()
                        + "</RequestId></ResponseMetadata></PublishResponse>";
            }
            byte[] out = xml.getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "text/xml");
            exchange.sendResponseHeaders(status, out.length);
            exchange.getResponseBody().write(out);
        }
    }

    private static String error(String code, String message) {
        return "<ErrorResponse xmlns=\"http://sns.amazonaws.com/doc/2010-03-31/\"><Error><Type>Sender</Type><Code>" + code + "</Code><Message>"
                + message + "</Message></Error><RequestId>" + UUID.randomUUID() + "</RequestId></ErrorResponse>";
    }

    private static Map<String, String> form(String body) {
        Map<String, String> out = new LinkedHashMap<>();
        for (String pair : body.split("&")) {
            if (pair.isEmpty()) {
                continue;
            }
            int eq = pair.indexOf('=');
            String name = URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8);
            out.put(name, eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
        }
        return out;
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
