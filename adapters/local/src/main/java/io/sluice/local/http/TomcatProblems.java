package io.sluice.local.http;

import org.apache.catalina.Host;
import org.apache.catalina.core.StandardHost;
import org.springframework.boot.web.embedded.tomcat.TomcatServletWebServerFactory;
import org.springframework.boot.web.servlet.ServletContextInitializer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Tomcat with {@link ProblemErrorReportValve} as its error report, so even its own 400s are problem+json. */
@Configuration(proxyBeanMethods = false)
class TomcatProblems {

    @Bean
    TomcatServletWebServerFactory tomcatServletWebServerFactory() {
        return new TomcatServletWebServerFactory() {
            @Override
            protected void prepareContext(Host host, ServletContextInitializer[] initializers) {
                if (host instanceof StandardHost standard) {
                    standard.setErrorReportValveClass(ProblemErrorReportValve.class.getName());
                }
                super.prepareContext(host, initializers);
            }
        };
    }
}
