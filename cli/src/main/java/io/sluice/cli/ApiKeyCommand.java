package io.sluice.cli;

import io.sluice.api.tenant.ApiKeys;
import io.sluice.api.tenant.Role;
import io.sluice.orchestration.json.Json;
import java.io.PrintStream;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code sluice api-key [--id ID] [--role operator|reader]}: makes a new API key, prints it once (it
 * is stored nowhere), and prints the entry for a tenant's {@code keys} in {@code tenants.json}, which
 * holds only the key's SHA-256.
 */
@Command(name = "api-key", mixinStandardHelpOptions = true,
        description = "Make an API key (shown once) and the entry for a tenant's \"keys\" in tenants.json (its SHA-256 only).")
final class ApiKeyCommand implements Callable<Integer> {
    @Option(names = "--id", paramLabel = "ID", description = "the key's id in tenants.json (default key-<epoch seconds>)")
    private String id;
    @Option(names = "--role", paramLabel = "ROLE", defaultValue = "operator", description = "operator or reader (default ${DEFAULT-VALUE})")
    private String role;

    private final PrintStream out;

    ApiKeyCommand(PrintStream out) {
        this.out = out;
    }

    ApiKeyCommand(CliContext context) {
        this(context.out());
    }

    @Override
    public Integer call() {
        String id = this.id != null ? this.id : "key-" + System.currentTimeMillis() / 1000;
        if (!id.matches("[A-Za-z0-9_.-]{1,64}")) {
            throw new SluiceCli.UsageException("--id expects 1-64 letters, digits and _ . -, not '" + id + "'");
        }
        Role role = Role.byLabel(this.role)
                .orElseThrow(() -> new SluiceCli.UsageException("--role expects 'operator' or 'reader', not '" + this.role + "'"));
        String key = ApiKeys.generate();
        out.println("key (shown this once; give it to the client): " + key);
        out.println("entry for the tenant's \"keys\" in tenants.json:");
        out.println(Json.write(Json.object().put("id", id).put("sha256", ApiKeys.hashHex(key)).put("role", role.label())));
        return 0;
    }
}
