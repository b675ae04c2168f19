package io.sluice.local.app;

import io.sluice.local.http.LocalSfnApi;
import io.sluice.testkit.redis.RedisTestServer;
import java.net.URI;
import java.nio.file.Path;
import org.springframework.context.ConfigurableApplicationContext;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.client.config.SdkAdvancedClientOption;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.sfn.SfnClient;

/**
 * The runtime as {@code sluice serve} runs it, for the Step Functions API tests: the testkit's Redis under a key prefix
 * of the test's own, state and pipelines in a folder of the test's, the Step Functions API on any free port.
 */
final class SfnApps {
    private SfnApps() {}

    static ConfigurableApplicationContext start(Path folder, String run, String... more) {
        java.util.List<String> args = new java.util.ArrayList<>(java.util.List.of("--server.port=0", "--sluice.sfn-api.port=0",
                "--sluice.redis.url=" + RedisTestServer.shared().url(), "--sluice.redis.key-prefix=" + prefix(run),
                "--sluice.queue-prefix=sfn" + run, "--sluice.state-dir=" + folder.resolve(".sluice"),
                "--sluice.pipelines-dir=" + folder.resolve("pipelines"), "--sluice.data-dir=" + folder.resolve("data"),
                "--sluice.data-functions=false", "--server.tomcat.basedir=" + folder.resolve("tomcat"),
                "--spring.main.register-shutdown-hook=false"));
        // A setting given in more replaces the default above (Spring would otherwise see both values).
        for (String m : more) {
            String key = m.contains("=") ? m.substring(0, m.indexOf('=') + 1) : m;
            args.removeIf(a -> a.startsWith(key));
            args.add(m);
        }
        return SluiceLocalApplication.run(args.toArray(String[]::new));
    }

    static String prefix(String run) {
        return "sluice-test:sfn:" + run;
    }

    static String endpoint(ConfigurableApplicationContext app) {
        return app.getBean(LocalSfnApi.Endpoint.class).url().orElseThrow();
    }

    /** Static dummy credentials, us-east-1, the endpoint overridden: as a team's code would point the SDK at Sluice. */
    static SfnClient client(ConfigurableApplicationContext app) {
        return SfnClient.builder().endpointOverride(URI.create(endpoint(app))).region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("AKIDSLUICETEST", "not-a-secret")))
                // StartSyncExecution and TestState are sent to sync-<host> unless told not to, as against Step Functions Local.
                .overrideConfiguration(c -> c.putAdvancedOption(SdkAdvancedClientOption.DISABLE_HOST_PREFIX_INJECTION, true))
                .httpClient(UrlConnectionHttpClient.create()).build();
    }

    static void cleanUp(String run) {
        TestFunctions.deleteKeys(RedisTestServer.shared().url(), prefix(run));
    }

    /** A started runtime, its client and its run id; closing it stops the runtime and deletes its keys. */
    record Session(String run, ConfigurableApplicationContext app, SfnClient sfn) implements AutoCloseable {
        @Override
        public void close() {
            app.close();
            cleanUp(run);
        }
    }

    /** Starts the runtime on {@code folder} (its pipelines/ made empty) under a fresh run id. */
    static Session session(Path folder) throws java.io.IOException {
        String run = java.util.UUID.randomUUID().toString().substring(0, 8);
        java.nio.file.Files.createDirectories(folder.resolve("pipelines"));
        ConfigurableApplicationContext app = start(folder, run);
        return new Session(run, app, client(app));
    }
}
