package io.sluice.tests.architecture.violations.functions;

import io.sluice.orchestration.port.SecretResolver;
import java.util.Optional;

/** Bad: a function asking the secret store for a name a payload gave, as written, outside its run's owner's namespace. */
public class ResolvesSecretAsWritten {
    Optional<String> token(SecretResolver secrets, String name) {
        return secrets.resolve(name);
    }
}
