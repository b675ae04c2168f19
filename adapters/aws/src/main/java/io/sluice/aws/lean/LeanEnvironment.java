package io.sluice.aws.lean;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Map;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.io.ClassPathResource;
import org.springframework.core.io.support.ResourcePropertySource;

/**
 * The environment a lean entry point reads its settings from, made of what Spring Boot makes a Lambda's of: system
 * properties, environment variables (relaxed: {@code SLUICE_REDIS_URL} is {@code sluice.redis-url} to the binder) and the
 * bundled {@code application.properties}, in that order. A Lambda has no profile and no configuration file outside its
 * artifact, so nothing else is looked for.
 */
final class LeanEnvironment {
    private LeanEnvironment() {}

    /** With the system properties as they are whenever they are read. */
    static StandardEnvironment current() {
        return withBundledProperties(new StandardEnvironment());
    }

    /** With {@code systemProperties} (a copy taken at some moment) in place of the live ones. */
    static StandardEnvironment of(Map<String, Object> systemProperties) {
        StandardEnvironment env = new StandardEnvironment();
        env.getPropertySources().replace(StandardEnvironment.SYSTEM_PROPERTIES_PROPERTY_SOURCE_NAME,
                new MapPropertySource(StandardEnvironment.SYSTEM_PROPERTIES_PROPERTY_SOURCE_NAME, systemProperties));
        return withBundledProperties(env);
    }

    private static StandardEnvironment withBundledProperties(StandardEnvironment env) {
        ClassPathResource properties = new ClassPathResource("application.properties");
        if (properties.exists()) {
            try {
                env.getPropertySources().addLast(new ResourcePropertySource(properties));
            } catch (IOException e) {
                throw new UncheckedIOException("the bundled application.properties cannot be read", e);
            }
        }
        return env;
    }
}
