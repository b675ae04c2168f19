package io.sluice.local.cli;

import io.sluice.local.app.SluiceLocalApplication;
import io.sluice.local.embedded.LocalBackends;
import io.sluice.local.pipeline.PipelineCatalog;
import io.sluice.local.tenant.Tenants;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Unmatched;
import java.util.concurrent.CountDownLatch;
import org.springframework.beans.BeansException;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.event.ContextClosedEvent;

/**
 * {@code sluice serve [--port P] [--pipelines DIR]}: runs the local runtime until it is stopped
 * (Ctrl-C). Any {@code --some.property=value} argument is passed on to Spring as it is.
 * The only command that loads Spring.
 */
@Command(name = "serve", mixinStandardHelpOptions = true,
        description = {"Run the local runtime until Ctrl-C: embedded Redis (queues included) and PostgreSQL unless SLUICE_REDIS_URL /",
                "SLUICE_PG_URL are set (SQS instead of the Redis queue: --sluice.queue=sqs, ElasticMQ unless SLUICE_SQS_URL is set),",
                "the pipelines of DIR (<id>.asl.json, <id>.config.json) and the HTTP API.",
                "Any --some.property=value argument is passed to Spring as it is."})
final class ServeCommand implements Callable<Integer> {
    private final PrintStream out;
    private final PrintStream err;

    @Option(names = "--port", paramLabel = "P", description = "the HTTP API's port (default 8080; 0 for any free one)")
    private Integer port;
    @Option(names = "--pipelines", paramLabel = "DIR", description = "the pipelines folder (default ./pipelines)")
    private String pipelines;
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
        ConfigurableApplicationContext context;
        try {
            context = SluiceLocalApplication.run(spring.toArray(String[]::new));
        } catch (RuntimeException e) {
            err.println("sluice serve: could not start: " + rootMessage(e));
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
        out.println("sluice: pipelines from " + catalog.directory() + ": "
                + (catalog.pipelines().isEmpty() ? "none" : String.join(", ", catalog.pipelines().stream().map(PipelineCatalog.Pipeline::id).toList()))
                + (errors == 0 ? "" : " (" + errors + " problem(s) logged above; those files were skipped)"));
        Tenants tenants = context.getBean(Tenants.class);
        out.println("sluice: " + (tenants.configured()
                ? "tenants " + tenants.all().stream().map(Tenants.Tenant::name).toList() + ": requests need 'Authorization: Bearer <key>'"
                : "no tenants configured: local mode, every request may see and do everything (see README, 'Tenants')"));
        out.println("sluice: Redis: " + backends.redisDescription());
        out.println("sluice: queue: " + backends.queueDescription());
        out.println("sluice: Ctrl-C stops it (and the embedded servers)");
        out.flush();
    }

    /** The first message that is not Spring's bean-wiring wrapper: ours, or the library's. */
    private static String rootMessage(Throwable e) {
        Throwable t = e;
        while (t instanceof BeansException && t.getCause() != null) {
            t = t.getCause();
        }
        return t.getMessage() == null ? t.toString() : t.getMessage();
    }
}
