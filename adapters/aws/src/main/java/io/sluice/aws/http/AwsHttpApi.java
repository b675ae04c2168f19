package io.sluice.aws.http;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import java.util.function.Function;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.context.ApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;

/**
 * The {@code http-api} function on Lambda: the whole HTTP API (the controllers, tenants, webhooks, RFC 9457
 * errors and OpenAPI every host serves) behind an API Gateway HTTP API with payload format 2.0.
 *
 * <p>The API's web context is a child of the application's, started only by the Lambda whose
 * {@code spring.cloud.function.definition} is {@code http-api} (during init, so that SnapStart's snapshot
 * holds it) or else on its first request; every other function starts nothing of it.
 */
@Configuration(proxyBeanMethods = false)
public class AwsHttpApi {
    static final String NAME = "http-api";

    @Bean
    WebContext httpApiWebContext(ApplicationContext application) {
        return new WebContext(application);
    }

    @Bean(name = NAME)
    public Function<APIGatewayV2HTTPEvent, APIGatewayV2HTTPResponse> httpApi(WebContext web, io.sluice.aws.metrics.EmfMetrics metrics) {
        // Each request's metrics (sluice.api.requests, and the runtime's of a start) printed as EMF lines, and its spans
        // exported where tracing is on, before Lambda may freeze the process.
        return metrics.flushingAfter(new HttpApiFunction(web::get));
    }

    /** The API's web context, started once: eagerly when this Lambda is the http-api one. */
    static final class WebContext implements SmartInitializingSingleton, DisposableBean {
        private final ApplicationContext application;
        private volatile HttpApiServlet servlet;

        WebContext(ApplicationContext application) {
            this.application = application;
        }

        HttpApiServlet get() {
            HttpApiServlet s = servlet;
            if (s == null) {
                synchronized (this) {
                    if (servlet == null) {
                        servlet = HttpApiServlet.start(application);
                    }
                    s = servlet;
                }
            }
            return s;
        }

        @Override
        public void afterSingletonsInstantiated() {
            Environment environment = application.getEnvironment();
            if (NAME.equals(environment.getProperty("spring.cloud.function.definition"))) {
                get();
            }
        }

        @Override
        public void destroy() {
            if (servlet != null) {
                servlet.close();
            }
        }
    }
}
