package io.sluice.cli;

import io.sluice.cli.aws.AwsArtifact;
import io.sluice.embedded.EmbeddedRedis;
import io.sluice.local.embedded.EmbeddedElasticMq;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * {@code sluice invoke --platform aws --function NAME --event FILE}, the AWS runner: one invocation of a Lambda function through its
 * real entry point, what {@code sam local invoke} gives without Docker: a JVM of its own on the packaged artifact
 * ({@code ./sluice package aws}) runs {@code io.sluice.aws.invoke.LocalInvoke}, which calls the deployment's handler
 * ({@code FunctionInvoker}; the orchestrator's own {@code OrchestratorHandler}) with the event. Its services are the local runtime's: Redis from {@code SLUICE_REDIS_URL}
 * or an embedded one, SQS from {@code SLUICE_SQS_URL} or {@code SLUICE_AWS_ENDPOINT} or an embedded ElasticMQ, every
 * other AWS service at {@code SLUICE_AWS_ENDPOINT} (LocalStack) when it is set. Prints the handler's response.
 */
final class AwsInvoke {
    private static final String ENTRY = "io.sluice.aws.invoke.LocalInvoke";

    private final String function;
    private final Path event;
    private final Path pipelines;
    private final Path artifact;
    private final boolean logs;
    private final CliContext context;

    /**
     * @param pipelines pipelines (and tenants.json, triggers.json) from this folder instead of those bundled, or {@code null}
     * @param artifact  the artifact to run, or {@code null} for adapters/aws/target/sluice-aws.jar
     * @param logs      print the application's log on stderr (otherwise only when the function fails)
     */
    AwsInvoke(CliContext context, String function, Path event, Path pipelines, Path artifact, boolean logs) {
        this.context = context;
        this.function = function;
        this.event = event;
        this.pipelines = pipelines;
        this.artifact = artifact;
        this.logs = logs;
    }

    int run() throws IOException, InterruptedException {
        Path jar = artifact != null ? artifact : AwsArtifact.inCheckout(Path.of(System.getProperty("sluice.home", "."))).jar();
        if (!Files.isRegularFile(jar)) {
            context.err().println("sluice invoke: no artifact at " + jar + "; build it with ./sluice package aws");
            return 1;
        }
        BenchCommand.quietLogging();
        List<AutoCloseable> started = new ArrayList<>();
        try {
            String redis = context.env().get("SLUICE_REDIS_URL");
            if (redis == null || redis.isBlank()) {
                EmbeddedRedis embedded = EmbeddedRedis.start("redis-server", context.env().getOrDefault("PATH", ""));
                started.add(embedded);
                redis = embedded.url();
            }
            String awsEndpoint = context.env().get("SLUICE_AWS_ENDPOINT");
            String sqs = context.env().getOrDefault("SLUICE_SQS_URL", awsEndpoint);
            if (sqs == null || sqs.isBlank()) {
                EmbeddedElasticMq elasticMq = EmbeddedElasticMq.start(0);
                started.add(elasticMq);
                sqs = elasticMq.endpoint().toString();
            }
            return run(jar, redis, sqs, awsEndpoint);
        } finally {
            for (AutoCloseable c : started.reversed()) {
                try {
                    c.close();
                } catch (Exception e) {
                    context.err().println("sluice invoke: stopping " + c + ": " + e.getMessage());
                }
            }
        }
    }

    /**
     * Whether the event came as through the module's default IAM-authorised route: it carries API Gateway's IAM
     * authorizer context, or there are no tenants (a bundle without them serves only behind IAM, never open). An event
     * with a tenant's bearer key beside a tenants file came through a tenant_keys route, where the key decides.
     */
    private boolean behindIam(Path jar, Path event) throws IOException {
        boolean iamContext = io.sluice.orchestration.json.Json.parse(Files.readString(event)).path("requestContext").path("authorizer")
                .path("iam").isObject();
        boolean tenants = pipelines != null ? Files.isRegularFile(pipelines.toAbsolutePath().normalize().resolve("tenants.json"))
                : bundles(jar, "pipelines/tenants.json");
        return iamContext || !tenants;
    }

    private int run(Path jar, String redis, String sqs, String awsEndpoint) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp", jar.toString()));
        command.add("-Dsluice.redis-url=" + redis);
        command.add("-Dsluice.sqs-endpoint=" + sqs);
        command.add("-Dsluice.redis-key-prefix=" + context.env().getOrDefault("SLUICE_REDIS_KEY_PREFIX", "sluice"));
        command.add("-Dsluice.queue-prefix=" + context.env().getOrDefault("SLUICE_QUEUE_PREFIX", "sluice"));
        command.add("-Dsluice.region=" + context.env().getOrDefault("SLUICE_REGION", EmbeddedElasticMq.REGION));
        if (awsEndpoint != null && !awsEndpoint.isBlank()) {
            command.add("-Dsluice.aws-endpoint=" + awsEndpoint);
        }
        if (pipelines != null) {
            Path dir = pipelines.toAbsolutePath().normalize();
            command.add("-Dsluice.triggers.pipelines=file:" + dir + "/*.asl.json");
            if (Files.isRegularFile(dir.resolve("tenants.json"))) command.add("-Dsluice.api.tenants=file:" + dir.resolve("tenants.json"));
            if (Files.isRegularFile(dir.resolve("triggers.json"))) command.add("-Dsluice.triggers.rules=file:" + dir.resolve("triggers.json"));
        } else if (bundles(jar, "pipelines/triggers.json")) {
            command.add("-Dsluice.triggers.rules=classpath:pipelines/triggers.json");
        }
        String hosts = context.env().get("SLUICE_API_ALLOWED_HOSTS");
        if ((hosts == null || hosts.isBlank()) && function.equals("http-api")) {
            // As if deployed behind the API the event came through (on AWS, Terraform names the API's host).
            hosts = io.sluice.orchestration.json.Json.parse(Files.readString(event)).path("requestContext").path("domainName").asText("");
        }
        if (hosts != null && !hosts.isBlank()) {
            command.add("-Dsluice.api.allowed-hosts=" + hosts);
        }
        String auth = context.env().get("SLUICE_API_PLATFORM_AUTH");
        if ((auth == null || auth.isBlank()) && function.equals("http-api") && behindIam(jar, event)) {
            command.add("-Dsluice.api.platform-auth=iam");
        }
        // The handler and MAIN_CLASS: LocalInvoke gives the function those the deployment gives it (SluiceAwsApplication).
        command.add("-Dspring.main.banner-mode=off");
        command.addAll(List.of(ENTRY, "--function", function, "--event", event.toAbsolutePath().toString()));
        Process p = new ProcessBuilder(command).redirectInput(ProcessBuilder.Redirect.PIPE).start();
        p.getOutputStream().close();
        CompletableFuture<byte[]> log = CompletableFuture.supplyAsync(() -> drain(p.getErrorStream(), logs));
        byte[] response = p.getInputStream().readAllBytes();
        int exit = p.waitFor();
        byte[] logged = log.join();
        if (exit != 0 && !logs) {
            context.err().write(logged);
        }
        context.out().print(new String(response, StandardCharsets.UTF_8));
        context.out().flush();
        return exit == 0 ? 0 : 1;
    }

    private static boolean bundles(Path jar, String entry) throws IOException {
        try (java.util.jar.JarFile j = new java.util.jar.JarFile(jar.toFile())) {
            return j.getEntry(entry) != null;
        }
    }

    /** The child's log: kept, and copied to stderr as it comes when {@code live}. */
    private byte[] drain(InputStream in, boolean live) {
        ByteArrayOutputStream kept = new ByteArrayOutputStream();
        byte[] buffer = new byte[8192];
        try (in) {
            for (int n; (n = in.read(buffer)) > 0; ) {
                if (live) {
                    context.err().write(buffer, 0, n);
                } else {
                    kept.write(buffer, 0, n);
                }
            }
        } catch (IOException e) {
            context.err().println("sluice invoke: reading the function's log: " + e.getMessage());
        }
        return kept.toByteArray();
    }
}
