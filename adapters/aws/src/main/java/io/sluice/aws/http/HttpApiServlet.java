package io.sluice.aws.http;

import jakarta.servlet.DispatcherType;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.ServletContext;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.web.servlet.AbstractFilterRegistrationBean;
import org.springframework.boot.web.servlet.ServletContextInitializer;
import org.springframework.boot.web.servlet.ServletContextInitializerBeans;
import org.springframework.boot.web.servlet.context.AnnotationConfigServletWebApplicationContext;
import org.springframework.cloud.function.serverless.web.ServerlessHttpServletRequest;
import org.springframework.cloud.function.serverless.web.ServerlessHttpServletResponse;
import org.springframework.cloud.function.serverless.web.ServerlessMVC;
import org.springframework.cloud.function.serverless.web.ServerlessServletContext;
import org.springframework.context.ApplicationContext;
import org.springframework.web.servlet.DispatcherServlet;

/**
 * Spring MVC without a servlet container: the API's web context (a child of the Lambda application's,
 * whose ports it uses), its {@link DispatcherServlet}, and its filters in their declared order, doing
 * for one request what a container does: the filter chain, then the servlet; and, when that fails or
 * ends in {@code sendError}, an error dispatch to {@code /error} (the API's problem+json).
 */
final class HttpApiServlet implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(HttpApiServlet.class);

    private final AnnotationConfigServletWebApplicationContext context;
    private final DispatcherServlet dispatcher;
    private final List<Filter> filters;

    private HttpApiServlet(AnnotationConfigServletWebApplicationContext context, DispatcherServlet dispatcher, List<Filter> filters) {
        this.context = context;
        this.dispatcher = dispatcher;
        this.filters = List.copyOf(filters);
    }

    static HttpApiServlet start(ApplicationContext parent) {
        ServletContext servletContext = new ServerlessServletContext();
        AnnotationConfigServletWebApplicationContext context = new AnnotationConfigServletWebApplicationContext();
        context.setParent(parent);
        context.setServletContext(servletContext);
        context.setId("http-api");
        context.register(HttpApiWebConfiguration.class);
        context.refresh();
        DispatcherServlet dispatcher = context.getBean(DispatcherServlet.class);
        try {
            dispatcher.init(new ServerlessMVC.ProxyServletConfig(servletContext));
        } catch (ServletException e) {
            context.close();
            throw new IllegalStateException("cannot start the HTTP API's DispatcherServlet", e);
        }
        List<Filter> filters = new ArrayList<>();
        for (ServletContextInitializer initializer : new ServletContextInitializerBeans(context.getBeanFactory())) {
            if (initializer instanceof AbstractFilterRegistrationBean<?> registration && registration.isEnabled()) {
                filters.add(registration.getFilter());
            }
        }
        return new HttpApiServlet(context, dispatcher, filters);
    }

    /** The Step Functions API of this web context ({@link HttpApiSfn}). */
    io.sluice.api.sfn.SfnApi stepFunctions() {
        return context.getBean(io.sluice.api.sfn.SfnApi.class);
    }

    ServletContext servletContext() {
        return dispatcher.getServletContext();
    }

    /** Serves {@code request}; the response to send is the one returned (an error dispatch answers on a fresh one). */
    ServerlessHttpServletResponse service(ServerlessHttpServletRequest request) {
        ServerlessHttpServletResponse response = new ServerlessHttpServletResponse();
        try {
            new Chain(filters, dispatcher).doFilter(request, response);
        } catch (Exception e) {
            LOG.error("the HTTP API failed on {} {}", request.getMethod(), request.getRequestURI(), e);
            return error(request, 500, e);
        }
        if (response.getStatus() >= 400 && response.getContentAsByteArray().length == 0) {
            return error(request, response.getStatus(), null);
        }
        return response;
    }

    private ServerlessHttpServletResponse error(ServerlessHttpServletRequest request, int status, Exception failure) {
        request.setAttribute(RequestDispatcher.ERROR_STATUS_CODE, status);
        request.setAttribute(RequestDispatcher.ERROR_REQUEST_URI, request.getRequestURI());
        if (failure != null) {
            request.setAttribute(RequestDispatcher.ERROR_EXCEPTION, failure);
        }
        request.setRequestURI("/error");
        request.setPathInfo("/error");
        request.setDispatcherType(DispatcherType.ERROR);
        ServerlessHttpServletResponse response = new ServerlessHttpServletResponse();
        try {
            dispatcher.service(request, response);
        } catch (Exception e) {
            LOG.error("the HTTP API's error page failed", e);
            response = new ServerlessHttpServletResponse();
            response.setStatus(500);
        }
        return response;
    }

    @Override
    public void close() {
        dispatcher.destroy();
        context.close();
    }

    /** The filters in order, then the servlet. */
    private static final class Chain implements FilterChain {
        private final List<Filter> filters;
        private final DispatcherServlet servlet;
        private int next;

        Chain(List<Filter> filters, DispatcherServlet servlet) {
            this.filters = filters;
            this.servlet = servlet;
        }

        @Override
        public void doFilter(ServletRequest request, ServletResponse response) throws IOException, ServletException {
            if (next < filters.size()) {
                filters.get(next++).doFilter(request, response, this);
            } else {
                servlet.service(request, response);
            }
        }
    }
}
