package io.sluice.aws.s3;

import io.sluice.orchestration.port.ConfigStore;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.NoSuchKeyException;

/**
 * Pipelines' configs and schemas as objects under a prefix of a bucket: the document {@code team/orders.json}
 * is the object {@code <prefix>team/orders.json}, read as UTF-8. As the folder store does, a name that could
 * reach out of the prefix (empty, starting with {@code /}, with an empty, {@code .} or {@code ..} segment, or a
 * backslash) finds nothing: S3 keys are not paths, but a key such as {@code ../x} would still name what a
 * local folder would not let it.
 */
public final class S3ConfigStore implements ConfigStore {
    private final S3Client s3;
    private final S3Location location;

    public S3ConfigStore(S3Client s3, S3Location location) {
        this.s3 = s3;
        this.location = location;
    }

    @Override
    public Optional<String> read(String name) {
        if (!isDocumentName(name)) {
            return Optional.empty();
        }
        try {
            byte[] bytes = s3.getObjectAsBytes(b -> b.bucket(location.bucket()).key(location.keyOf(name))).asByteArray();
            return Optional.of(new String(bytes, StandardCharsets.UTF_8));
        } catch (NoSuchKeyException e) {
            return Optional.empty();
        }
    }

    static boolean isDocumentName(String name) {
        if (name == null || name.isEmpty() || name.contains("\\")) {
            return false;
        }
        for (String segment : name.split("/", -1)) {
            if (segment.isEmpty() || segment.equals(".") || segment.equals("..")) {
                return false;
            }
        }
        return true;
    }

    @Override
    public String toString() {
        return "S3ConfigStore[" + location + "]";
    }
}
