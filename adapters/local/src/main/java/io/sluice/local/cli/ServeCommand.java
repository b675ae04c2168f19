package io.sluice.local.cli;

import io.sluice.local.app.SluiceLocalApplication;
import io.sluice.local.embedded.LocalBackends;
import io.sluice.local.pipeline.PipelineCatalog;
import io.sluice.local.tenant.Tenants;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.net.BindException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import org.springframework.beans.BeansException;
import org.springframework.boot.web.server.PortInUseException;
import org.springframework.boot.web.server.WebServerException;
import org.springframework.context.ApplicationContextException;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.event.ContextClosedEvent;

/**
 * {@code sluice serve [--port P] [--pipelines DIR] [--debug]}: runs the local runtime until it is stopped
 * (Ctrl-C). Any {@code --some.property=value} argument is passed on to Spring as it is.
 * The only command that loads Spring.
 *
 * <p>It starts quietly (framework logs at WARN, the servers' output in their own log files) and, when it
 * cannot start, says why in one line on stderr. {@code --debug} brings back Spring's report of a failed
 * start and prints the stack trace.
 */
final class ServeCommand {
    private final PrintStream out;
    private final PrintStream err;

    ServeCommand(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
    }

    int run(String[] args) {
        List<String> spring = new ArrayList<>();
        List<String> own = new ArrayList<>();
        for (String a : args) {
            (a.startsWith("--") && a.contains("=") ? spring : own).add(a);
        }
        Flags f = Flags.parse(own.toArray(String[]::new), Set.of("--port", "--pipelines"), Set.of("--debug"));
        if (!f.positional().isEmpty()) {
            throw new SluiceCli.UsageException("unexpected argument '" + f.positional().getFirst() + "'");
        }
        if (f.has("--port")) {
            spring.add("--server.port=" + f.number("--port", 8080, 0));
        }
        if (f.has("--pipelines")) {
            spring.add("--sluice.pipelines-dir=" + f.value("--pipelines"));
        }
        boolean debug = f.has("--debug");
        if (!debug) {
            // Spring reports a failed start itself (the trace, then a failure analysis): the one line below says it instead.
            spring.addAll(0, List.of("--logging.level.org.springframework.boot.SpringApplication=OFF",
                    "--logging.level.org.springframework.boot.diagnostics.LoggingFailureAnalysisReporter=OFF",
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

    /** The first message that is not Spring's bean-wiring or web-server wrapper: ours, or the library's. */
    static String rootMessage(Throwable e, String port) {
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
