package io.sluice.local.app;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.json.Json;
import io.sluice.redis.RedisAdapters;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import org.redisson.api.RedissonClient;
import org.redisson.api.options.KeysScanOptions;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;

/** A task function of the test's own (any Function bean is one), and the Redis cleanup of the app's keys. */
@TestConfiguration(proxyBeanMethods = false)
class TestFunctions {

    @Bean
    Function<JsonNode, JsonNode> shout() {
        return in -> Json.NODES.textNode(in.path("text").asText().toUpperCase(Locale.ROOT) + "!");
    }

    /** Every input {@code note} was called with: what a refused request must not have done. */
    static final List<JsonNode> NOTED = new java.util.concurrent.CopyOnWriteArrayList<>();

    @Bean
    Function<JsonNode, JsonNode> note() {
        return in -> {
            NOTED.add(in);
            return in;
        };
    }

    /** Every completion the app's listener handled, after the upstream trigger had its turn. */
    @Bean
    @Order(Ordered.LOWEST_PRECEDENCE)
    CompletionRecorder completionRecorder() {
        return new CompletionRecorder();
    }

    /**
     * Deletes the app's keys once every test has run: the context is shared by all test classes and
     * stays open until then, so {@link AppCleanup} first closes it (the runtime stops writing), then deletes.
     */
    @Bean
    AppCleanup.Registration redisKeysCleanup(ConfigurableApplicationContext context, SluiceLocalProperties properties) {
        String url = properties.redis().url();
        String prefix = properties.redis().keyPrefix();
        return AppCleanup.register(() -> {
            context.close();
            deleteKeys(url, prefix);
        });
    }

    static void deleteKeys(String url, String prefix) {
        RedissonClient redisson = null;
        try {
            redisson = RedisAdapters.client(url);
            List<String> keys = new ArrayList<>();
            redisson.getKeys().getKeys(KeysScanOptions.defaults().pattern(prefix + ":*")).forEach(keys::add);
            if (!keys.isEmpty()) {
                redisson.getKeys().delete(keys.toArray(String[]::new));
            }
        } catch (RuntimeException e) {
            // A server the tests started is gone already, and its keys with it.
        } finally {
            if (redisson != null) {
                redisson.shutdown();
            }
        }
    }
}
