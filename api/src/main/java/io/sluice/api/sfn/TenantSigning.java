package io.sluice.api.sfn;

import io.sluice.api.tenant.Caller;
import io.sluice.api.tenant.Tenants;
import io.sluice.orchestration.port.SecretResolver;
import java.time.Clock;
import java.util.List;
import java.util.Optional;

/**
 * Who a Step Functions API request is from, by its Signature Version 4 signature and the tenants file: its access key
 * id is a key's {@code id} in {@code tenants.json} ({@code <tenant>:<id>} when tenants share an id), and its secret
 * access key is the secret {@code <tenant>/sigv4-<id>} of the host's secret store (a file of the secrets folder
 * locally, Secrets Manager on AWS, Key Vault on Azure). tenants.json keeps only keys' hashes, and a signature cannot be
 * checked against a hash, so the signing secret is kept where the host's other secrets are. The key's role and tenant
 * then decide what the request may see and do, as for the HTTP API.
 */
public final class TenantSigning {
    private TenantSigning() {}

    /** The local runtime's: without tenants every request may do everything, signed or not, as Step Functions Local accepts them. */
    public static SfnApi.Authenticator local(Tenants tenants, SecretResolver secrets, Clock clock) {
        if (!tenants.configured()) {
            Caller local = new Caller.Local();
            return request -> local;
        }
        return signed(tenants, secrets, clock);
    }

    /**
     * A cloud host's: every request must be signed with a tenant's key, always; without a tenants file no key exists,
     * so every request is refused (a deployment never serves the API unauthenticated); nor without a secret store
     * ({@code secrets} {@code null}: no key has a signing secret).
     */
    public static SfnApi.Authenticator cloud(Tenants tenants, SecretResolver secrets, Clock clock) {
        return signed(tenants, secrets == null ? name -> Optional.empty() : secrets, clock);
    }

    /**
     * Behind a platform authentication that checked the caller itself (AWS API Gateway's IAM authorization, the http-api's
     * {@code sluice.api.platform-auth=iam}, where the SigV4 signature was made with the caller's AWS credentials, not a
     * tenant's key; or a Lambda authorizer without a tenants file): it is not checked again; every request the platform
     * authenticated is the platform's operator, as on the HTTP API. A request that reached the API without the
     * platform's principal is refused.
     */
    public static SfnApi.Authenticator behindPlatform() {
        Caller operator = new Caller.Local();
        return request -> {
            if (request.platformPrincipal() == null || request.platformPrincipal().isBlank()) {
                throw SfnError.MISSING_AUTHENTICATION_TOKEN.with("Missing Authentication Token: this API serves behind the platform's"
                        + " authentication (IAM, or a Lambda authorizer returning a context), and the request carries no caller it"
                        + " authenticated.");
            }
            return operator;
        };
    }

    /** The secret a tenant's key signs Step Functions API requests with. */
    public static String secretName(String tenant, String keyId) {
        return tenant + "/sigv4-" + keyId;
    }

    private static SfnApi.Authenticator signed(Tenants tenants, SecretResolver secrets, Clock clock) {
        return new SigV4Authenticator(accessKeyId -> credential(tenants, secrets, accessKeyId), clock);
    }

    private static Optional<SigV4Authenticator.Credential> credential(Tenants tenants, SecretResolver secrets, String accessKeyId) {
        if (!tenants.configured()) {
            return Optional.empty();
        }
        int colon = accessKeyId.indexOf(':');
        String id = colon < 0 ? accessKeyId : accessKeyId.substring(colon + 1);
        List<Caller.TenantKey> keys = tenants.withKeyId(id).stream()
                .filter(k -> colon < 0 || k.tenant().equals(accessKeyId.substring(0, colon))).toList();
        if (keys.size() != 1) {
            return Optional.empty();
        }
        Caller.TenantKey key = keys.get(0);
        Optional<String> secret;
        try {
            secret = secrets.resolve(secretName(key.tenant(), key.keyId()));
        } catch (IllegalArgumentException e) {
            return Optional.empty(); // a name the store cannot hold (Key Vault's rules): no secret, so the key cannot sign
        }
        return secret.map(s -> new SigV4Authenticator.Credential(key, s.strip()));
    }
}
