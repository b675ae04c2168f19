package io.sluice.cli;

import io.sluice.local.app.SluiceLocalApplication;
import io.sluice.local.embedded.LocalBackends;
import io.sluice.local.pipeline.PipelineCatalog;
import io.sluice.api.tenant.Tenants;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.net.BindException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Unmatched;
import java.util.concurrent.CountDownLatch;
import org.springframework.beans.BeansException;
import org.springframework.boot.web.server.PortInUseException;
import org.springframework.boot.web.server.WebServerException;
import org.springframework.context.ApplicationContextException;
import org.springframework.boot.web.servlet.context.AnnotationConfigServletWebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.event.ContextClosedEvent;

/**
 * {@code sluice serve [--port P] [--pipelines DIR]}: runs the local runtime until it is stopped
 * (Ctrl-C). Any {@code --some.property=value} argument is passed on to Spring as it is.
 * The only command that loads Spring.
 */
@Command(name = "serve", mixinStandardHelpOptions = true,
        description = {"Run the local runtime (HTTP API, web console, Step Functions API) until Ctrl-C.",
                "It serves the pipelines of DIR (<id>.asl.json, <id>.config.json) on an embedded Redis (queues included) and",
                "PostgreSQL unless SLUICE_REDIS_URL / SLUICE_PG_URL are set (SQS instead of the Redis queue: --sluice.queue=sqs,",
                "ElasticMQ unless SLUICE_SQS_URL is set).",
                "Any --some.property=value argument is passed to Spring as it is."})
final class ServeCommand implements Callable<Integer> {
    private final PrintStream out;
    private final PrintStream err;

    @Option(names = "--port", paramLabel = "P", description = "the HTTP API's port (default 8080; 0 for any free one)")
    private Integer port;
    @Option(names = "--pipelines", paramLabel = "DIR", description = "the pipelines folder (default ./pipelines)")
    private String pipelines;
    @Option(names = "--lambdas", paramLabel = "FILE", description = "the Lambda mapping file (default ./lambdas.json when there is one)")
    private String lambdas;
    @Option(names = "--substitutions", paramLabel = "FILE", description = "${Name} placeholder values for the ASL pipeline files (DefinitionSubstitutions)")
    private String substitutions;
    @Option(names = "--debug", description = "on a failed start, Spring's report and the stack trace too")
    private boolean debug;
    @Unmatched
    private List<String> properties = new ArrayList<>();

    ServeCommand(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
    }

    ServeCommand(CliContext context) {
        this(context.out(), context.err());
    }

    @Override
    public Integer call() {
        List<String> spring = new ArrayList<>();
        for (String a : properties) {
            if (!a.startsWith("--") || !a.contains("=")) {
                throw new SluiceCli.UsageException("unexpected argument '" + a + "' (a Spring property is --name=value)");
            }
            spring.add(a);
        }
        if (port != null) {
            if (port < 0) {
                throw new SluiceCli.UsageException("--port expects a whole number of at least 0, not '" + port + "'");
            }
            spring.add("--server.port=" + port);
        }
        if (pipelines != null) {
            spring.add("--sluice.pipelines-dir=" + pipelines);
        }
        if (lambdas != null) {
            spring.add("--sluice.lambdas-file=" + lambdas);
        } else if (java.nio.file.Files.isRegularFile(java.nio.file.Path.of(io.sluice.functions.integration.lambda.LambdaMappings.DEFAULT_FILE))
                && spring.stream().noneMatch(a -> a.startsWith("--sluice.lambdas-file="))) {
            spring.add("--sluice.lambdas-file=" + io.sluice.functions.integration.lambda.LambdaMappings.DEFAULT_FILE);
        }
        if (substitutions != null) {
            spring.add("--sluice.substitutions-file=" + substitutions);
        }
        if (!debug) {
            // Spring reports a failed start itself (the trace, then a failure analysis; and the web context warns that it
            // cancels its refresh, naming every bean on the way to the failure): the one line below says it instead.
            spring.addAll(0, List.of("--logging.level.org.springframework.boot.SpringApplication=OFF",
                    "--logging.level.org.springframework.boot.diagnostics.LoggingFailureAnalysisReporter=OFF",
                    "--logging.level." + AnnotationConfigServletWebServerApplicationContext.class.getName() + "=ERROR",
                    "--logging.level.org.apache.catalina=OFF", "--logging.level.org.apache.coyote=OFF"));
        }
        ConfigurableApplicationContext context;
        try {
            context = SluiceLocalApplication.run(spring.toArray(String[]::new));
        } catch (RuntimeException e) {
            err.println("sluice serve: could not start: " + oneLine(rootMessage(e, requestedPort(spring))) + (debug ? "" : " (--debug shows the trace)"));
            if (debug) {
                e.printStackTrace(err);
            }
            err.flush();
            return 1;
        }
        CountDownLatch closed = new CountDownLatch(1);
        context.addApplicationListener(event -> {
            if (event instanceof ContextClosedEvent) {
                closed.countDown();
            }
        });
        report(context, out);
        try {
            closed.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return 0;
    }

    /** Where it listens, which pipelines it has, which Redis and queue it uses. */
    static void report(ConfigurableApplicationContext context, PrintStream out) {
        String address = context.getEnvironment().getProperty("server.address", "0.0.0.0");
        String port = context.getEnvironment().getProperty("local.server.port");
        LocalBackends backends = context.getBean(LocalBackends.class);
        PipelineCatalog catalog = context.getBean(PipelineCatalog.class);
        long errors = catalog.problems().stream().filter(p -> !p.warning()).count();
        double seconds = (System.currentTimeMillis() - ManagementFactory.getRuntimeMXBean().getStartTime()) / 1000.0;
        out.printf("sluice: listening on http://%s:%s (ready %.1f s after JVM start)%n", address, port, seconds);
        out.printf("sluice: web console on http://%s:%s/console/%n", address, port);
        context.getBeanProvider(io.sluice.local.http.LocalSfnApi.Endpoint.class).ifAvailable(e -> out.println("sluice: Step Functions API on "
                + e.url().map(u -> u + " (aws stepfunctions --endpoint-url " + u + ")").orElse("no port: 8083 is taken (see above)")));
        out.println("sluice: pipelines from " + catalog.directory() + ": "
                + (catalog.pipelines().isEmpty() ? "none" : String.join(", ", catalog.pipelines().stream().map(PipelineCatalog.Pipeline::id).toList()))
                + (errors == 0 ? "" : " (" + errors + " problem(s) logged above; those files were skipped)"));
        var lambdas = context.getBean(io.sluice.functions.integration.lambda.LocalLambdas.class).mappings();
        if (!lambdas.names().isEmpty()) {
            out.println("sluice: Lambda functions from " + lambdas.file() + ": " + String.join(", ", lambdas.names().stream().sorted().toList()));
        }
        Tenants tenants = context.getBean(Tenants.class);
        out.println("sluice: " + (tenants.configured()
                ? "tenants " + tenants.all().stream().map(Tenants.Tenant::name).toList() + ": requests need 'Authorization: Bearer <key>'"
                : "no tenants configured: local mode, every request may see and do everything (see docs/local-runtime.md, 'Tenants')"));
        out.println("sluice: Redis: " + backends.redisDescription());
        out.println("sluice: queue: " + backends.queueDescription());
        out.println("sluice: Ctrl-C stops it (and the embedded servers)");
        out.flush();
    }

    /** The first message that is not Spring's bean-wiring or web-server wrapper: ours, or the library's. */
    static String rootMessage(Throwable e, String port) {
        // The innermost bind failure names the setting itself (the outer ones name the object that holds it).
        org.springframework.boot.context.properties.bind.BindException setting = null;
        for (Throwable c = e; c != null; c = c.getCause()) {
            if (c instanceof org.springframework.boot.context.properties.bind.BindException b && b.getProperty() != null) {
                setting = b;
            }
        }
        if (setting != null) {
            return settingProblem(setting);
        }
        for (Throwable c = e; c != null; c = c.getCause()) {
            // Tomcat wraps the bind failure in its own exceptions, whose messages are sometimes bare resource keys.
            if (c instanceof PortInUseException || c instanceof BindException) {
                return "port " + (c instanceof PortInUseException p ? String.valueOf(p.getPort()) : port)
                        + " is already in use (is another sluice serve running?); pick another with --port P, or --port 0 for any free one";
            }
        }
        Throwable t = e;
        while (t.getCause() != null && (t instanceof BeansException || t instanceof ApplicationContextException
                || t instanceof WebServerException || t.getMessage() == null)) {
            t = t.getCause();
        }
        return t.getMessage() == null ? t.toString() : t.getMessage();
    }

    /**
     * A setting whose value cannot be bound, in the words of the command line: the setting, the value given and
     * what it takes (for a choice, every allowed value), rather than Spring's "Failed to bind ... to a.b.C$D".
     */
    static String settingProblem(org.springframework.boot.context.properties.bind.BindException b) {
        String name = b.getProperty().getName().toString();
        Object value = b.getProperty().getValue();
        Class<?> type = b.getTarget().getType().resolve();
        String takes;
        if (type != null && type.isEnum()) {
            takes = "allowed values: " + String.join(", ", java.util.Arrays.stream(type.getEnumConstants())
                    .map(c -> ((Enum<?>) c).name().toLowerCase(java.util.Locale.ROOT).replace('_', '-')).toList());
        } else if (type == boolean.class || type == Boolean.class) {
            takes = "allowed values: true, false";
        } else if (type == int.class || type == Integer.class || type == long.class || type == Long.class) {
            takes = "it takes a whole number";
        } else if (type == java.time.Duration.class) {
            takes = "it takes a duration such as 500ms, 30s or 5m";
        } else {
            Throwable cause = b.getCause();
            while (cause != null && cause.getCause() != null) {
                cause = cause.getCause();
            }
            takes = cause != null && cause.getMessage() != null ? cause.getMessage() : "it cannot be read as that setting";
        }
        return "--" + name + "=" + value + " is not a value of that setting; " + takes;
    }

    /** The port asked for: the last {@code --server.port=} argument (which {@code --port} becomes), else the default. */
    private static String requestedPort(List<String> spring) {
        String port = "8080";
        for (String a : spring) {
            if (a.startsWith("--server.port=")) {
                port = a.substring("--server.port=".length());
            }
        }
        return port;
    }

    private static String oneLine(String message) {
        String line = message.strip().replaceAll("\\s*\\R\\s*", " | ");
        return line.length() > 400 ? line.substring(0, 400) + "..." : line;
    }
}
