package io.sluice.stubs.aws;

import io.sluice.orchestration.json.Json;
import java.util.Base64;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A stub of Secrets Manager's GetSecretValue (JSON 1.1), since nothing serves Secrets Manager here: secrets are
 * put with {@link #put}; an unknown one answers ResourceNotFoundException, one put with {@link #deny} answers
 * AccessDeniedException. It cannot show IAM, KMS decryption, versions and stages, or rotation.
 */
public final class SecretsManagerStub extends AwsJsonStub {
    private final Map<String, String> strings = new ConcurrentHashMap<>();
    private final Map<String, byte[]> binaries = new ConcurrentHashMap<>();
    private final Map<String, Boolean> denied = new ConcurrentHashMap<>();

    public SecretsManagerStub() {
        super("1.1");
        on("GetSecretValue", in -> {
            String id = in.path("SecretId").asText();
            if (denied.containsKey(id)) {
                throw new Fault("AccessDeniedException", "User is not authorized to perform: secretsmanager:GetSecretValue on " + id);
            }
            var out = Json.object().put("ARN", "arn:aws:secretsmanager:us-east-1:123456789012:secret:" + id + "-AbCdEf").put("Name", id)
                    .put("VersionId", "v1").put("CreatedDate", 1764396000.0);
            out.putArray("VersionStages").add("AWSCURRENT");
            if (strings.containsKey(id)) {
                return out.put("SecretString", strings.get(id));
            }
            if (binaries.containsKey(id)) {
                return out.put("SecretBinary", Base64.getEncoder().encodeToString(binaries.get(id)));
            }
            throw new Fault("ResourceNotFoundException", "Secrets Manager can't find the specified secret.");
        });
    }

    public SecretsManagerStub put(String id, String value) {
        strings.put(id, value);
        return this;
    }

    public SecretsManagerStub putBinary(String id, byte[] value) {
        binaries.put(id, value);
        return this;
    }

    public SecretsManagerStub deny(String id) {
        denied.put(id, true);
        return this;
    }
}
