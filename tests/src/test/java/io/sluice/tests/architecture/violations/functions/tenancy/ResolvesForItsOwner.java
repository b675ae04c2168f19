package io.sluice.tests.architecture.violations.functions.tenancy;

import io.sluice.orchestration.port.SecretResolver;
import java.util.Optional;

/** Good (a negative control): the tenancy package is where a name becomes the owner's secret and is resolved. */
public class ResolvesForItsOwner {
    Optional<String> resolve(SecretResolver secrets, String tenant, String name) {
        return secrets.resolve(tenant + "/" + name);
    }
}
