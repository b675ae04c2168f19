package io.sluice.aws.http;

import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.autoconfigure.http.HttpMessageConvertersAutoConfiguration;
import org.springframework.boot.autoconfigure.jackson.JacksonAutoConfiguration;
import org.springframework.boot.autoconfigure.web.servlet.DispatcherServletAutoConfiguration;
import org.springframework.boot.autoconfigure.web.servlet.WebMvcAutoConfiguration;
import org.springframework.context.annotation.ComponentScan;
import org.springframework.context.annotation.Import;

/**
 * The web context of the {@code http-api} function: the API's controllers, guards and error handling
 * ({@code io.sluice.api.http}, as every host serves them) over {@link HttpApiPorts}, with only the
 * auto-configuration Spring MVC needs (no servlet container, no classpath-wide auto-configuration).
 */
// Not a @Configuration, so that the Lambda application's scan of io.sluice.aws leaves it to the web context.
@ImportAutoConfiguration({JacksonAutoConfiguration.class, HttpMessageConvertersAutoConfiguration.class,
        DispatcherServletAutoConfiguration.class, WebMvcAutoConfiguration.class})
@ComponentScan("io.sluice.api.http")
@Import({HttpApiPorts.class, HttpApiSfn.class})
class HttpApiWebConfiguration {
}
