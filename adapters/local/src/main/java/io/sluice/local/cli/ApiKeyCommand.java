package io.sluice.local.cli;

import io.sluice.local.tenant.ApiKeys;
import io.sluice.local.tenant.Role;
import io.sluice.orchestration.json.Json;
import java.io.PrintStream;
import java.util.Set;

/**
 * {@code sluice api-key [--id ID] [--role operator|reader]}: makes a new API key, prints it once (it
 * is stored nowhere), and prints the entry for a tenant's {@code keys} in {@code tenants.json}, which
 * holds only the key's SHA-256.
 */
final class ApiKeyCommand {
    private final PrintStream out;

    ApiKeyCommand(PrintStream out) {
        this.out = out;
    }

    int run(String[] args) {
        Flags f = Flags.parse(args, Set.of("--id", "--role"), Set.of());
        if (!f.positional().isEmpty()) {
            throw new SluiceCli.UsageException("unexpected argument '" + f.positional().getFirst() + "'");
        }
        String id = f.has("--id") ? f.value("--id") : "key-" + System.currentTimeMillis() / 1000;
        if (!id.matches("[A-Za-z0-9_.-]{1,64}")) {
            throw new SluiceCli.UsageException("--id expects 1-64 letters, digits and _ . -, not '" + id + "'");
        }
        Role role = Role.byLabel(f.has("--role") ? f.value("--role") : Role.OPERATOR.label())
                .orElseThrow(() -> new SluiceCli.UsageException("--role expects 'operator' or 'reader', not '" + f.value("--role") + "'"));
        String key = ApiKeys.generate();
        out.println("key (shown this once; give it to the client): " + key);
        out.println("entry for the tenant's \"keys\" in tenants.json:");
        out.println(Json.write(Json.object().put("id", id).put("sha256", ApiKeys.hashHex(key)).put("role", role.label())));
        return 0;
    }
}
