package io.sluice.aws.s3;

import io.sluice.orchestration.port.ObjectStore;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.ListObjectsV2Response;
import software.amazon.awssdk.services.s3.model.NoSuchKeyException;
import software.amazon.awssdk.services.s3.model.S3Exception;
import software.amazon.awssdk.services.s3.model.S3Object;

/**
 * {@link ObjectStore} on an S3 bucket (under an optional key prefix, which the port's keys do not show).
 * Lists with ListObjectsV2: S3 returns keys in ascending UTF-8 byte order, which is the port's order, and
 * {@code StartAfter} is the port's {@code startAfter}; a page asks for at most 1,000 keys, so a longer list
 * follows S3's continuation tokens until it has {@code max}.
 *
 * <p>S3's DeleteObject answers the same whether or not the object existed; {@link #delete} asks HeadObject
 * first, so two deletes racing on one key may both answer {@code true}.
 */
public final class S3ObjectStore implements ObjectStore {
    private static final int MAX_KEYS_PER_PAGE = 1000;
    private static final int NOT_FOUND = 404;

    private final S3Client s3;
    private final S3Location location;

    public S3ObjectStore(S3Client s3, S3Location location) {
        this.s3 = s3;
        this.location = location;
    }

    @Override
    public void put(String key, byte[] content) {
        s3.putObject(b -> b.bucket(location.bucket()).key(location.keyOf(key)), RequestBody.fromBytes(content));
    }

    @Override
    public Optional<byte[]> get(String key) {
        try {
            return Optional.of(s3.getObjectAsBytes(b -> b.bucket(location.bucket()).key(location.keyOf(key))).asByteArray());
        } catch (NoSuchKeyException e) {
            return Optional.empty();
        }
    }

    @Override
    public List<ObjectInfo> list(String prefix, String startAfter, int max) {
        if (max < 0) {
            throw new IllegalArgumentException("max must be zero or more, was " + max);
        }
        List<ObjectInfo> out = new ArrayList<>(Math.min(max, MAX_KEYS_PER_PAGE));
        String continuation = null;
        String after = startAfter == null ? null : location.keyOf(startAfter);
        while (out.size() < max) {
            int wanted = Math.min(max - out.size(), MAX_KEYS_PER_PAGE);
            String token = continuation;
            ListObjectsV2Response page = s3.listObjectsV2(b -> b.bucket(location.bucket()).prefix(location.keyOf(prefix))
                    .maxKeys(wanted).continuationToken(token).startAfter(token == null ? after : null));
            for (S3Object o : page.contents()) {
                out.add(new ObjectInfo(location.relative(o.key()), o.size(), o.lastModified()));
            }
            if (!Boolean.TRUE.equals(page.isTruncated()) || page.nextContinuationToken() == null) {
                break;
            }
            continuation = page.nextContinuationToken();
        }
        return out;
    }

    @Override
    public boolean delete(String key) {
        String objectKey = location.keyOf(key);
        try {
            s3.headObject(b -> b.bucket(location.bucket()).key(objectKey));
        } catch (NoSuchKeyException e) {
            return false;
        } catch (S3Exception e) {
            if (e.statusCode() == NOT_FOUND) {
                return false; // HEAD has no body, so S3 cannot say NoSuchKey
            }
            throw e;
        }
        s3.deleteObject(b -> b.bucket(location.bucket()).key(objectKey));
        return true;
    }

    @Override
    public String toString() {
        return "S3ObjectStore[" + location + "]";
    }
}
