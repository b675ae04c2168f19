package io.sluice.aws.http;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import jakarta.servlet.ServletContext;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.springframework.cloud.function.serverless.web.ServerlessHttpServletRequest;
import org.springframework.cloud.function.serverless.web.ServerlessHttpServletResponse;
import org.springframework.http.HttpHeaders;

/**
 * API Gateway HTTP API events (payload format 2.0) to servlet requests and servlet responses back:
 * method, raw path and query, headers (API Gateway lower-cases their names and joins repeated ones
 * with commas), cookies, the body (base64 when API Gateway says so) and the caller's address in;
 * status, headers, cookies ({@code Set-Cookie}) and the body out, text as text and anything else as base64.
 */
final class ApiGatewayV2 {
    private ApiGatewayV2() {}

    static ServerlessHttpServletRequest request(APIGatewayV2HTTPEvent event, ServletContext servletContext) {
        APIGatewayV2HTTPEvent.RequestContext context = event.getRequestContext();
        if (context == null || context.getHttp() == null || context.getHttp().getMethod() == null) {
            throw new IllegalArgumentException("not an API Gateway HTTP API event (payload 2.0): requestContext.http.method is missing");
        }
        String path = event.getRawPath() == null || event.getRawPath().isEmpty() ? "/" : event.getRawPath();
        String host = header(event.getHeaders() == null ? Map.of() : event.getHeaders(), HttpHeaders.HOST);
        Request request = new Request(servletContext, context.getHttp().getMethod(), path,
                host != null ? host.replaceFirst(":\\d+$", "") : context.getDomainName(), context.getHttp().getSourceIp(),
                context.getHttp().getProtocol());
        request.setServletPath("");
        String stage = stagePath(event);
        if (!stage.isEmpty()) {
            request.setContextPath(stage); // a named stage's requests: /<stage>/v1/... is the API's /v1/...
        }
        String query = event.getRawQueryString();
        if (query != null && !query.isEmpty()) {
            request.setQueryString(query);
            parameters(query).forEach((name, values) -> request.addParameter(name, values.toArray(String[]::new)));
        }
        Map<String, String> headers = event.getHeaders() == null ? Map.of() : event.getHeaders();
        headers.forEach(request::addHeader);
        if (host == null && context.getDomainName() != null) {
            // API Gateway's own name for the request (the custom domain's, when one is mapped) where no Host header came:
            // the documentation's sample event has none, so the API's Host check reads this one.
            request.addHeader(HttpHeaders.HOST, context.getDomainName());
        }
        if (event.getCookies() != null && !event.getCookies().isEmpty()) {
            request.setHeader(HttpHeaders.COOKIE, String.join("; ", event.getCookies()));
        }
        String contentType = header(headers, HttpHeaders.CONTENT_TYPE);
        if (contentType != null) {
            request.setContentType(contentType);
        }
        request.setCharacterEncoding(StandardCharsets.UTF_8.name());
        if (event.getBody() != null) {
            request.setContent(event.getIsBase64Encoded() ? Base64.getDecoder().decode(event.getBody())
                    : event.getBody().getBytes(StandardCharsets.UTF_8));
        }
        return request;
    }

    /**
     * The path prefix of the request's named stage ({@code /prod} for a request to {@code /prod/v1/pipelines} through the
     * stage {@code prod}), or empty for the {@code $default} stage, whose paths have none.
     */
    static String stagePath(APIGatewayV2HTTPEvent event) {
        APIGatewayV2HTTPEvent.RequestContext context = event.getRequestContext();
        String stage = context == null ? null : context.getStage();
        String path = event.getRawPath() == null ? "" : event.getRawPath();
        if (stage == null || stage.isEmpty() || stage.equals("$default")) {
            return "";
        }
        String prefix = "/" + stage;
        return path.equals(prefix) || path.startsWith(prefix + "/") ? prefix : "";
    }

    static APIGatewayV2HTTPResponse response(ServerlessHttpServletResponse response) {
        Map<String, String> headers = new LinkedHashMap<>();
        List<String> cookies = new ArrayList<>();
        for (String name : response.getHeaderNames()) {
            List<String> values = response.getHeaders(name).stream().filter(v -> v != null && !v.equals("null")).toList();
            if (values.isEmpty()) {
                continue;
            }
            if (name.equalsIgnoreCase(HttpHeaders.SET_COOKIE)) {
                cookies.addAll(values);
            } else {
                headers.put(name, String.join(",", values));
            }
        }
        byte[] body = response.getContentAsByteArray();
        boolean text = isText(response.getContentType());
        APIGatewayV2HTTPResponse.APIGatewayV2HTTPResponseBuilder out = APIGatewayV2HTTPResponse.builder()
                .withStatusCode(response.getStatus())
                .withHeaders(headers)
                .withBody(text ? new String(body, StandardCharsets.UTF_8) : Base64.getEncoder().encodeToString(body))
                .withIsBase64Encoded(!text);
        if (!cookies.isEmpty()) {
            out.withCookies(cookies);
        }
        return out.build();
    }

    /** What API Gateway says of the connection, which serverless-web's request does not let one set. */
    private static final class Request extends ServerlessHttpServletRequest {
        private static final int HTTPS = 443;
        private final String serverName;
        private final String remoteAddr;
        private final String protocol;

        Request(ServletContext servletContext, String method, String path, String serverName, String remoteAddr, String protocol) {
            super(servletContext, method, path);
            this.serverName = serverName;
            this.remoteAddr = remoteAddr == null ? "" : remoteAddr;
            this.protocol = protocol == null ? "HTTP/1.1" : protocol;
        }

        @Override
        public String getServerName() {
            return serverName;
        }

        @Override
        public int getServerPort() {
            return HTTPS;
        }

        @Override
        public int getLocalPort() {
            return HTTPS;
        }

        @Override
        public String getRemoteAddr() {
            return remoteAddr;
        }

        @Override
        public String getRemoteHost() {
            return remoteAddr;
        }

        @Override
        public String getProtocol() {
            return protocol;
        }
    }

    private static boolean isText(String contentType) {
        if (contentType == null) {
            return true;
        }
        String t = contentType.toLowerCase(Locale.ROOT);
        return t.startsWith("text/") || t.contains("json") || t.contains("xml") || t.startsWith("application/javascript");
    }

    private static String header(Map<String, String> headers, String name) {
        for (Map.Entry<String, String> e : headers.entrySet()) {
            if (e.getKey().equalsIgnoreCase(name)) {
                return e.getValue();
            }
        }
        return null;
    }

    private static Map<String, List<String>> parameters(String query) {
        Map<String, List<String>> parameters = new LinkedHashMap<>();
        for (String pair : query.split("&")) {
            if (pair.isEmpty()) {
                continue;
            }
            int eq = pair.indexOf('=');
            String name = decode(eq < 0 ? pair : pair.substring(0, eq));
            String value = eq < 0 ? "" : decode(pair.substring(eq + 1));
            parameters.computeIfAbsent(name, n -> new ArrayList<>()).add(value);
        }
        return parameters;
    }

    private static String decode(String s) {
        return URLDecoder.decode(s, StandardCharsets.UTF_8);
    }
}
