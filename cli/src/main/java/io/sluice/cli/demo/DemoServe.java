package io.sluice.cli.demo;

import io.sluice.embedded.OwnerOnlyFiles;
import io.sluice.local.http.LocalSfnApi;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * {@code sluice demo --serve}: once the pipelines have ended, the demo leaves its runtime up (the runs, the console,
 * the HTTP and Step Functions APIs, the warehouse's PostgreSQL) and says where each is, until Ctrl-C. The warehouse's
 * connection URL carries the embedded server's password, so it goes into an owner-only file of the demo's folder and
 * the terminal shows the file, not the password.
 */
public final class DemoServe {
    /** The file in the demo's folder that holds the warehouse's {@code jdbc:postgresql:} URL. */
    public static final String PG_URL_FILE = "pg.url";

    private DemoServe() {
    }

    /** Where the runtime of {@code stack} listens and how to reach the warehouse, for people. */
    public static void describe(DemoStack stack, DemoWorkspace ws, String partition, boolean kept, PrintStream out) {
        String port = stack.app().getEnvironment().getProperty("local.server.port");
        String base = "http://127.0.0.1:" + port;
        Optional<String> sfn = stack.app().getBeanProvider(LocalSfnApi.Endpoint.class).getIfAvailable(() -> new LocalSfnApi.Endpoint(Optional.empty()))
                .url();
        Path pgUrl = writePgUrl(ws, stack.postgres().jdbcUrl());
        out.println();
        out.println("The runtime stays up (--serve) with the runs above; Ctrl-C stops it" + (kept ? "." : " and removes " + ws.root() + "."));
        out.println("  web console         " + base + "/console/");
        out.println("  HTTP API            " + base + "/v1/executions");
        out.println("  Step Functions API  " + sfn.map(u -> u + "  (aws stepfunctions --endpoint-url " + u + ")")
                .orElse("not started: its port is taken (see " + ws.log() + ")"));
        out.println("  executions          ./sluice executions --url " + base);
        out.println("  status table        SLUICE_PG_URL=$(cat " + pgUrl + ") ./sluice status --partition " + partition);
        out.println("  warehouse           " + String.join(", ", List.of("retail.orders", "retail.customers", "retail.returns"))
                + " in that PostgreSQL (" + pgUrl + " holds its URL)");
    }

    /** Blocks until the demo is told to stop: Ctrl-C (the demo's shutdown hook then stops everything) or an interrupt. */
    public static void awaitStop() throws InterruptedException {
        new java.util.concurrent.CountDownLatch(1).await();
    }

    private static Path writePgUrl(DemoWorkspace ws, String jdbcUrl) {
        Path file = ws.root().resolve(PG_URL_FILE);
        try {
            OwnerOnlyFiles.create(file);
            Files.writeString(file, jdbcUrl + "\n", StandardCharsets.UTF_8);
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException("Could not write " + file, e);
        }
    }
}
