package io.sluice.api.http;

import io.sluice.functions.time.SystemRandom;
import io.sluice.orchestration.path.RandomSource;
import io.sluice.api.port.Pipelines;
import io.sluice.api.tenant.CloudApiAuth;
import io.sluice.api.tenant.Tenants;
import io.sluice.api.webhook.WebhookGate;
import io.sluice.orchestration.port.RateLimiter;
import io.sluice.orchestration.port.ReplayGuard;
import io.sluice.orchestration.port.SecretResolver;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.web.cors.CorsConfiguration;
import org.springframework.web.cors.UrlBasedCorsConfigurationSource;
import org.springframework.web.filter.CorsFilter;
import org.springframework.web.method.support.HandlerMethodArgumentResolver;
import org.springframework.web.servlet.config.annotation.InterceptorRegistry;
import org.springframework.web.servlet.config.annotation.ResourceHandlerRegistry;
import org.springframework.web.servlet.config.annotation.ViewControllerRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * The API's guards: tenants and their keys (or the local mode), the key check on every route but
 * the public ones, the body size limit, and the webhook signature gate.
 *
 * <p>What the host provides as beans: {@link Tenants} (see {@link #tenants(SluiceApiProperties, Path, String)}),
 * the ports {@link io.sluice.api.port.ExecutionControl} and {@link Pipelines} (and optionally
 * {@link io.sluice.api.port.EmulatedFunctions}), a {@link ReplayGuard} for signed webhooks, a
 * {@link RateLimiter} for the tenants' start limits, a {@link Clock}, and a {@link SecretResolver} for
 * webhook secrets (without one, signed webhooks answer 503).
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(SluiceApiProperties.class)
public class ApiConfiguration implements WebMvcConfigurer {
    /**
     * Routes anyone may call: the API description, webhooks (which check their own signature or key), and the console's
     * static files (the page asks for a key and sends it with each API call it makes; the files hold no data).
     */
    static final List<String> PUBLIC = List.of("/health", "/v1/openapi.json", "/v1/pipelines/*/webhook", "/error", "/console", "/console/**");
    private static final Logger LOG = LoggerFactory.getLogger(ApiConfiguration.class);

    private final ObjectProvider<ApiAuthenticator> authenticator;
    private final ObjectProvider<io.micrometer.core.instrument.MeterRegistry> meters;

    /** @param meters the host's metrics registry, if it has one: every request is timed into it ({@link ApiRequestMetrics}) */
    public ApiConfiguration(ObjectProvider<ApiAuthenticator> authenticator, ObjectProvider<io.micrometer.core.instrument.MeterRegistry> meters) {
        this.authenticator = authenticator;
        this.meters = meters;
    }

    /**
     * The tenants file {@code api} names, else {@code tenants.json} in {@code defaultFolder}, saying at start
     * which mode it is. Fails when the file is there but wrong: guessing would either lock everyone out or let
     * everyone in. For the host's {@link Tenants} bean.
     */
    public static Tenants tenants(SluiceApiProperties api, Path defaultFolder, String serverAddress) {
        Path file = (api.tenantsFile() != null && !api.tenantsFile().toString().isBlank() ? api.tenantsFile()
                : defaultFolder.resolve("tenants.json")).toAbsolutePath().normalize();
        Tenants tenants = Tenants.load(file);
        if (!tenants.configured()) {
            if (api.requireTenants()) {
                throw new IllegalStateException("sluice.api.require-tenants is set but there is no tenants file " + file
                        + "; create it (see docs/local-runtime.md, 'Tenants') or drop the setting.");
            }
            String where = loopback(serverAddress) ? "" : " AND THE API LISTENS ON " + serverAddress + ", NOT ONLY ON LOOPBACK";
            LOG.warn("no tenants configured (no {}): local mode, every request may see and do everything{}. "
                    + "Create that file to require API keys.", file, where);
        } else {
            LOG.info("tenants from {}: {} ({} key(s)); requests need 'Authorization: Bearer <key>'", file,
                    tenants.all().stream().map(Tenants.Tenant::name).toList(), tenants.keyCount());
        }
        return tenants;
    }

    @Bean
    ApiAuthenticator apiAuthenticator(Tenants tenants, Pipelines pipelines,
                                      @Value("${" + CloudApiAuth.SETTING + ":}") String platformAuth) {
        if (tenants.configured()) {
            List<String> unowned = tenants.unowned(pipelines.ids());
            if (!unowned.isEmpty()) {
                LOG.warn("pipelines no tenant owns, so no key can see them: {}", unowned);
            }
        }
        return new ApiAuthenticator(tenants, CloudApiAuth.parse(platformAuth));
    }

    /** Each signed request is taken once: the host's replay guard remembers it for its tolerance. */
    /** Where the API draws what it makes up (an execution's name when none is given): unpredictable. */
    @Bean
    public RandomSource apiRandom() {
        return SystemRandom.SECURE;
    }

    @Bean
    public WebhookGate webhookGate(ReplayGuard replays, Clock clock) {
        return new WebhookGate(replays, clock);
    }

    @Bean
    TenantStartLimit tenantStartLimit(SluiceApiProperties api, RateLimiter limiter, Clock clock) {
        return TenantStartLimit.of(api, limiter, clock);
    }

    /** Webhook secrets, from the host's secret resolver; a host without one has no secret to check a signature with. */
    @Bean
    WebhookSecrets webhookSecrets(ObjectProvider<SecretResolver> resolvers) {
        return new WebhookSecrets(resolvers.getIfAvailable(() -> name -> Optional.empty()));
    }

    /** First of all: refuses foreign Hosts and Origins and bodies not declared JSON (see {@link BrowserGuardFilter}). */
    @Bean
    FilterRegistrationBean<BrowserGuardFilter> browserGuardFilter(SluiceApiProperties api, ConfigurableEnvironment environment) {
        AllowedHosts hosts = AllowedHosts.of(environment.getProperty("server.address"), api.allowedHosts());
        FilterRegistrationBean<BrowserGuardFilter> registration = new FilterRegistrationBean<>(
                new BrowserGuardFilter(hosts, api.corsAllowedOrigins()));
        registration.setOrder(Ordered.HIGHEST_PRECEDENCE);
        return registration;
    }

    /** CORS headers (and preflight answers) for the allowed origins only; the guard has refused every other origin. */
    @Bean
    FilterRegistrationBean<CorsFilter> corsFilter(SluiceApiProperties api) {
        CorsConfiguration cors = new CorsConfiguration();
        cors.setAllowedOrigins(api.corsAllowedOrigins());
        cors.setAllowedMethods(List.of("GET", "POST"));
        cors.setAllowedHeaders(List.of("Authorization", "Content-Type", WebhookController.DELIVERY_HEADER));
        UrlBasedCorsConfigurationSource source = new UrlBasedCorsConfigurationSource();
        if (!api.corsAllowedOrigins().isEmpty()) {
            source.registerCorsConfiguration("/v1/**", cors);
        }
        FilterRegistrationBean<CorsFilter> registration = new FilterRegistrationBean<>(new CorsFilter(source));
        registration.setOrder(Ordered.HIGHEST_PRECEDENCE + 5);
        return registration;
    }

    @Bean
    FilterRegistrationBean<BodyLimitFilter> bodyLimitFilter(SluiceApiProperties api) {
        FilterRegistrationBean<BodyLimitFilter> registration = new FilterRegistrationBean<>(new BodyLimitFilter(api.maxBodyBytes()));
        registration.setOrder(Ordered.HIGHEST_PRECEDENCE + 10);
        return registration;
    }

    /** A caller's {@code traceparent} header as the parent of the executions its request starts. */
    @Bean
    FilterRegistrationBean<CallerTraceFilter> callerTraceFilter() {
        FilterRegistrationBean<CallerTraceFilter> registration = new FilterRegistrationBean<>(new CallerTraceFilter());
        registration.setOrder(Ordered.HIGHEST_PRECEDENCE + 15);
        return registration;
    }

    /** The console's headers (a strict content security policy: nothing but this origin) on its files. */
    @Bean
    FilterRegistrationBean<ConsoleHeadersFilter> consoleHeadersFilter() {
        FilterRegistrationBean<ConsoleHeadersFilter> registration = new FilterRegistrationBean<>(new ConsoleHeadersFilter());
        registration.addUrlPatterns("/console", "/console/*");
        registration.setOrder(Ordered.HIGHEST_PRECEDENCE + 20);
        return registration;
    }

    /** The web console: the static files the build put under {@code static/console} ({@code /console} is its page). */
    @Override
    public void addResourceHandlers(ResourceHandlerRegistry registry) {
        registry.addResourceHandler("/console/**").addResourceLocations("classpath:/static/console/");
    }

    @Override
    public void addViewControllers(ViewControllerRegistry registry) {
        registry.addRedirectViewController("/console", "/console/");
        registry.addViewController("/console/").setViewName("forward:/console/index.html");
    }

    @Override
    public void addInterceptors(InterceptorRegistry registry) {
        meters.ifAvailable(m -> registry.addInterceptor(new ApiRequestMetrics(m)).addPathPatterns("/**"));
        registry.addInterceptor(new AuthInterceptor(authenticator.getObject())).addPathPatterns("/**").excludePathPatterns(PUBLIC);
    }

    @Override
    public void addArgumentResolvers(List<HandlerMethodArgumentResolver> resolvers) {
        resolvers.add(new CallerArgumentResolver());
    }

    private static boolean loopback(String address) {
        try {
            return InetAddress.getByName(address).isLoopbackAddress();
        } catch (UnknownHostException e) {
            return false;
        }
    }
}
