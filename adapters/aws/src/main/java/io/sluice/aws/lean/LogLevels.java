package io.sluice.aws.lean;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.springframework.boot.logging.LogLevel;
import org.springframework.boot.logging.LoggingSystem;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.EnumerablePropertySource;
import org.springframework.core.env.PropertySource;

/**
 * The {@code logging.level.*} settings a Spring Boot application applies when it starts, applied where no Spring Boot
 * application starts (a lean entry point): the bundled {@code application.properties} keeps Spring Cloud Function's
 * adapter from logging every event it receives, headers and secrets included, and a deployment can turn a logger up or
 * down as on every other function, with {@code logging.level.NAME} or an environment variable
 * ({@code LOGGING_LEVEL_IO_SLUICE=debug}, whose name, as with Spring Boot's, gives a lower-case logger name). Where one
 * logger is set twice, the source Spring would prefer wins (system properties, then the environment, then the bundle).
 * The names are read from the sources directly, not through Spring Boot's binder: this runs on the start's critical path.
 */
final class LogLevels {
    private static final String PROPERTY = "logging.level.";
    private static final String VARIABLE = "LOGGING_LEVEL_";

    private LogLevels() {}

    static void apply(ConfigurableEnvironment env) {
        Map<String, LogLevel> levels = levels(env);
        if (!levels.isEmpty()) {
            LoggingSystem logging = LoggingSystem.get(LogLevels.class.getClassLoader());
            levels.forEach((name, level) -> logging.setLogLevel("root".equals(name) ? LoggingSystem.ROOT_LOGGER_NAME : name, level));
        }
    }

    /** Each logger's level, by logger name; a value that is not a level is refused, naming its setting. */
    static Map<String, LogLevel> levels(ConfigurableEnvironment env) {
        Map<String, LogLevel> levels = new LinkedHashMap<>();
        for (PropertySource<?> source : env.getPropertySources()) {
            if (!(source instanceof EnumerablePropertySource<?> names)) {
                continue;
            }
            for (String name : names.getPropertyNames()) {
                String logger = name.startsWith(PROPERTY) ? name.substring(PROPERTY.length())
                        : name.startsWith(VARIABLE) ? name.substring(VARIABLE.length()).toLowerCase(Locale.ROOT).replace('_', '.') : null;
                if (logger != null && !logger.isEmpty() && !levels.containsKey(logger)) {
                    // Through the environment, as Spring Boot's binder reads it: placeholders resolved.
                    levels.put(logger, level(name, env.getProperty(name, String.valueOf(source.getProperty(name)))));
                }
            }
        }
        return levels;
    }

    private static LogLevel level(String setting, String value) {
        try {
            return LogLevel.valueOf(value.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(setting + ": expected a log level (trace, debug, info, warn, error, fatal or off), not '"
                    + value + "'", e);
        }
    }
}
