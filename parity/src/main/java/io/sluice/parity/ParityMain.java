package io.sluice.parity;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.orchestration.json.Json;
import io.sluice.parity.aws.AwsParityHost;
import io.sluice.parity.azure.AzureParityHost;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * One host's run of the suite, in a JVM of its own ({@link ParitySuite} starts it): {@code ParityMain HOST CASES_DIR RESULT_FILE}.
 * Starts the host, runs every case, writes {@code {"host", "cases": [{"name", "passed", "detail", "millis"}], "startMillis"}}
 * (or {@code {"host", "error"}} when the host could not start) to the result file.
 */
public final class ParityMain {
    private ParityMain() {}

    public static void main(String[] args) throws Exception {
        if (args.length != 3) {
            System.err.println("usage: ParityMain local|aws|azure CASES_DIR RESULT_FILE");
            System.exit(2);
        }
        String name = args[0];
        ParityCases cases = ParityCases.load(Path.of(args[1]));
        Path result = Path.of(args[2]);
        ObjectNode out = Json.object().put("host", name);
        Path work = Files.createTempDirectory("sluice-parity-" + name);
        long begin = System.nanoTime();
        try (Receiver receiver = new Receiver()) {
            ParityBundle bundle = ParityBundle.prepare(cases, receiver, work.resolve("bundle"));
            try (ParityHost host = open(name, bundle, receiver, work)) {
                out.put("startMillis", (System.nanoTime() - begin) / 1_000_000);
                ArrayNode list = out.putArray("cases");
                for (ParityRunner.Result r : new ParityRunner(host, receiver, bundle).runAll(cases)) {
                    list.addObject().put("name", r.name()).put("passed", r.passed()).put("detail", r.detail()).put("millis", r.millis());
                }
            }
        } catch (Exception | LinkageError e) {
            StringWriter trace = new StringWriter();
            e.printStackTrace(new PrintWriter(trace));
            System.err.println(trace);
            out.put("error", e.toString());
        }
        Files.writeString(result, Json.write(out));
        System.exit(0); // the hosts' non-daemon threads (Tomcat, SDK clients) do not keep this JVM
    }

    static ParityHost open(String name, ParityBundle bundle, Receiver receiver, Path work) throws Exception {
        return switch (name) {
            case "local" -> new LocalParityHost(bundle, receiver, work);
            case "aws" -> new AwsParityHost(bundle, receiver);
            case "azure" -> new AzureParityHost(bundle, receiver);
            default -> throw new IllegalArgumentException("host: expected one of " + List.of("local", "aws", "azure") + ", not '" + name + "'");
        };
    }
}
