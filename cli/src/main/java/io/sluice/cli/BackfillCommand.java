package io.sluice.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.orchestration.json.Json;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.locks.LockSupport;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code sluice backfill PIPELINE --from D --to D [--downstream] [--wait]}: re-runs a pipeline (and everything downstream
 * of it) for a range of dates on a running server, in dependency order, lifting the block on each as its run starts
 * ({@code POST /v1/backfills}). With {@code --block --until T --reason R} it blocks them instead ({@code POST /v1/blocks}),
 * the first step of recovering from bad data.
 */
@Command(name = "backfill", mixinStandardHelpOptions = true,
        description = {"Re-run PIPELINE (with --downstream, everything downstream of it by dependsOn and lineage) for the dates --from..--to"
                + " on a running server, in dependency order, lifting the block on each pipeline and date as its run starts.",
                "With --block: block them instead (one block rule per pipeline and date, lapsing at --until)."})
final class BackfillCommand extends RemoteCommands.Remote {
    private static final Duration POLL = Duration.ofSeconds(1);

    @Parameters(index = "0", paramLabel = "PIPELINE") private String pipeline;
    @Option(names = "--from", required = true, paramLabel = "DATE", description = "first date, YYYY-MM-DD") private String from;
    @Option(names = "--to", required = true, paramLabel = "DATE", description = "last date, YYYY-MM-DD (at most 31 days in all)") private String to;
    @Option(names = "--downstream", arity = "0..1", paramLabel = "true|false",
            description = "also everything downstream of PIPELINE (the default with --block; --downstream=false blocks PIPELINE alone)")
    private Boolean downstream;
    @Option(names = "--wait", description = "wait until the backfill ends; exit 0 when it SUCCEEDED, 1 otherwise") private boolean await;
    @Option(names = "--timeout", paramLabel = "SECONDS", defaultValue = "3600", description = "with --wait, give up after this long (default ${DEFAULT-VALUE})")
    private long timeout;
    @Option(names = "--block", description = "block instead of backfilling") private boolean block;
    @Option(names = "--until", paramLabel = "INSTANT", description = "with --block: when the rules lapse, e.g. 2026-12-02T06:00:00Z") private String until;
    @Option(names = "--reason", paramLabel = "TEXT", description = "with --block: why, shown with every held execution") private String reason;

    private final CliContext context;

    BackfillCommand(CliContext context) {
        super(context);
        this.context = context;
    }

    @Override
    public Integer call() {
        ObjectNode body = Json.object().put("pipeline", pipeline).put("from", from).put("to", to);
        if (downstream != null) {
            body.put("downstream", downstream);
        }
        if (block) {
            body.put("until", until).put("reason", reason);
            return client().document("backfill --block", "POST", "/v1/blocks", body);
        }
        if (until != null || reason != null) {
            throw new SluiceCli.UsageException("--until and --reason go with --block");
        }
        RemoteCommands client = client();
        ApiClient.Response started = client.api().post("/v1/backfills", body);
        if (!started.ok()) {
            context.err().println("sluice backfill: " + started.problem());
            return 1;
        }
        JsonNode b = started.body();
        Instant deadline = Instant.now().plusSeconds(timeout);
        while (await && "RUNNING".equals(b.path("state").asText()) && Instant.now().isBefore(deadline)) {
            LockSupport.parkNanos(POLL.toNanos());
            ApiClient.Response r = client.api().get("/v1/backfills/" + ApiClient.encode(b.get("id").asText()));
            if (!r.ok()) {
                context.err().println("sluice backfill: " + r.problem());
                return 1;
            }
            b = r.body();
        }
        context.out().println(b.toPrettyString());
        return !await || "SUCCEEDED".equals(b.path("state").asText()) ? 0 : 1;
    }
}
