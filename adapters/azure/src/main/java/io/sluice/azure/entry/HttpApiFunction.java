package io.sluice.azure.entry;

import com.microsoft.azure.functions.ExecutionContext;
import com.microsoft.azure.functions.HttpMethod;
import com.microsoft.azure.functions.HttpRequestMessage;
import com.microsoft.azure.functions.HttpResponseMessage;
import com.microsoft.azure.functions.HttpStatusType;
import com.microsoft.azure.functions.annotation.AuthorizationLevel;
import com.microsoft.azure.functions.annotation.FunctionName;
import com.microsoft.azure.functions.annotation.HttpTrigger;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import org.springframework.boot.web.servlet.context.ServletWebServerApplicationContext;
import org.springframework.cloud.function.serverless.web.ServerlessHttpServletRequest;
import org.springframework.cloud.function.serverless.web.ServerlessHttpServletResponse;
import org.springframework.cloud.function.serverless.web.ServerlessMVC;
import org.springframework.boot.Banner;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.ComponentScan;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Bean;
import org.springframework.boot.web.servlet.server.ServletWebServerFactory;
import org.springframework.cloud.function.serverless.web.ServerlessAutoConfiguration;
import org.springframework.stereotype.Component;

/**
 * {@code http-api}: every HTTP request to the app (route {@code {*path}} under the host's route prefix
 * {@code api}) served by the HTTP API's controllers, filters, tenants, errors and OpenAPI document
 * ({@code io.sluice.api.http}), the same as Tomcat serves them locally. The request goes through Spring MVC's
 * {@code DispatcherServlet} and the registered servlet filters without a servlet container
 * (Spring Cloud Function's {@link ServerlessMVC}, over this application's own context); only the route prefix is
 * taken off the path. Authorization is the API's (tenants' keys), so the trigger is anonymous. A Step Functions API call
 * ({@code X-Amz-Target: AWSStepFunctions.<Operation>}) goes to the Step Functions API instead (AzureSfnApi).
 */
@Component
public class HttpApiFunction {
    /** The host's route prefix ({@code extensions.http.routePrefix} in host.json). */
    static final String ROUTE_PREFIX = "/api";

    private final ApplicationContext context;
    private volatile ServerlessMVC mvc;

    public HttpApiFunction(ApplicationContext context) {
        this.context = context;
    }

    @FunctionName("http-api")
    public HttpResponseMessage httpApi(
            @HttpTrigger(name = "request", methods = {HttpMethod.GET, HttpMethod.POST, HttpMethod.OPTIONS}, route = "{*path}",
                    authLevel = AuthorizationLevel.ANONYMOUS) HttpRequestMessage<Optional<String>> request,
            ExecutionContext executionContext) throws Exception {
        String target = header(request, "X-Amz-Target");
        if (target != null && target.startsWith("AWSStepFunctions.")) {
            return stepFunctions(request);
        }
        ServerlessMVC dispatcher = dispatcher();
        URI uri = request.getUri();
        String path = uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath();
        if (path.startsWith(ROUTE_PREFIX + "/") || path.equals(ROUTE_PREFIX)) {
            path = path.substring(ROUTE_PREFIX.length());
        }
        ServerlessHttpServletRequest servletRequest = new ServerlessHttpServletRequest(dispatcher.getServletContext(),
                request.getHttpMethod().name(), path.isEmpty() ? "/" : path);
        servletRequest.setQueryString(uri.getRawQuery());
        if (uri.getRawQuery() != null) {
            for (String pair : uri.getRawQuery().split("&")) {
                int eq = pair.indexOf('=');
                String name = java.net.URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8);
                String value = eq < 0 ? "" : java.net.URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8);
                servletRequest.addParameter(name, value);
            }
        }
        int port = uri.getPort() > 0 ? uri.getPort() : ("https".equalsIgnoreCase(uri.getScheme()) ? 443 : 80);
        request.getHeaders().forEach(servletRequest::addHeader);
        if (servletRequest.getHeader("Host") == null && uri.getHost() != null) {
            servletRequest.addHeader("Host", uri.getPort() > 0 ? uri.getHost() + ":" + uri.getPort() : uri.getHost());
        }
        request.getBody().ifPresent(body -> {
            servletRequest.setContent(body.getBytes(StandardCharsets.UTF_8));
            servletRequest.setCharacterEncoding(StandardCharsets.UTF_8.name());
        });
        String contentType = header(request, "Content-Type");
        if (contentType != null) {
            servletRequest.setContentType(contentType);
        }
        ServerlessHttpServletResponse servletResponse = new ServerlessHttpServletResponse();
        dispatcher.service(new Addressed(servletRequest, uri.getHost(), port), servletResponse);
        HttpResponseMessage.Builder response = request.createResponseBuilder(HttpStatusType.custom(servletResponse.getStatus()));
        for (String name : servletResponse.getHeaderNames()) {
            response.header(name, String.join(", ", servletResponse.getHeaders(name)));
        }
        byte[] body = servletResponse.getContentAsByteArray();
        if (body.length > 0) {
            response.body(new String(body, StandardCharsets.UTF_8));
        }
        return response.build();
    }

    /**
     * A Step Functions API call ({@code X-Amz-Target: AWSStepFunctions.*}, {@code POST /api}): to the Step Functions API
     * ({@link io.sluice.api.sfn.SfnApi}, see AzureSfnApi) as it came, path included, since the SigV4 signature covers it.
     */
    private HttpResponseMessage stepFunctions(HttpRequestMessage<Optional<String>> request) {
        java.util.Map<String, java.util.List<String>> headers = new java.util.LinkedHashMap<>();
        request.getHeaders().forEach((k, v) -> headers.put(k, java.util.List.of(v)));
        URI uri = request.getUri();
        io.sluice.api.sfn.SfnResponse answer = context.getBean(io.sluice.api.sfn.SfnApi.class).handle(new io.sluice.api.sfn.SfnRequest(
                request.getHttpMethod().name(), uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath(),
                uri.getRawQuery(), headers, request.getBody().orElse("").getBytes(StandardCharsets.UTF_8)));
        HttpResponseMessage.Builder response = request.createResponseBuilder(HttpStatusType.custom(answer.status()));
        answer.headers().forEach(response::header);
        return response.body(new String(answer.body(), StandardCharsets.UTF_8)).build();
    }

    /**
     * The API's web context, made on the first request: a servlet web application (Spring MVC, the API's controllers
     * and filters, a container-less web server factory) whose parent is the worker's context, so its controllers use
     * the same ports, pipelines and Redis. The worker's own context is not a web one (the injector starts it so).
     */
    private ServerlessMVC dispatcher() {
        ServerlessMVC d = mvc;
        if (d == null) {
            synchronized (this) {
                if (mvc == null) {
                    ConfigurableApplicationContext web = new SpringApplicationBuilder(HttpApiWebApplication.class)
                            .parent((ConfigurableApplicationContext) context).web(WebApplicationType.SERVLET).bannerMode(Banner.Mode.OFF)
                            .logStartupInfo(false).run();
                    mvc = ServerlessMVC.INSTANCE((ServletWebServerApplicationContext) web);
                }
                d = mvc;
            }
        }
        return d;
    }

    /** The HTTP API's web application: {@code io.sluice.api.http} with Spring Boot's web auto-configuration. */
    @Configuration(proxyBeanMethods = false)
    @EnableAutoConfiguration
    @ComponentScan("io.sluice.api.http")
    static class HttpApiWebApplication {
        /**
         * Its own container-less web server factory: the worker's context has one too (Spring Cloud Function's
         * auto-configuration), which hides this context's from {@code @ConditionalOnMissingBean}, yet a web context
         * only looks for its factory among its own beans.
         */
        @Bean
        ServletWebServerFactory serverlessWebServerFactory() {
            return new ServerlessAutoConfiguration.ServerlessServletWebServerFactory();
        }
    }

    /** The request with the host and port it was addressed to (the serverless request cannot be given them). */
    private static final class Addressed extends HttpServletRequestWrapper {
        private final String host;
        private final int port;

        Addressed(HttpServletRequest request, String host, int port) {
            super(request);
            this.host = host;
            this.port = port;
        }

        @Override public String getServerName() { return host; }
        @Override public int getServerPort() { return port; }
        @Override public int getLocalPort() { return port; }
    }

    private static String header(HttpRequestMessage<?> request, String name) {
        return request.getHeaders().entrySet().stream().filter(e -> e.getKey().equalsIgnoreCase(name)).map(java.util.Map.Entry::getValue)
                .findFirst().orElse(null);
    }
}
