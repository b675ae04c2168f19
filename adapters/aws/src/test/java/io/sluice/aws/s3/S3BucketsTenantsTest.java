package io.sluice.aws.s3;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.sluice.functions.maprun.Buckets;
import io.sluice.functions.maprun.OwnedBuckets;
import io.sluice.functions.tenancy.Owner;
import io.sluice.orchestration.port.ObjectStore;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * On a real S3 protocol server (S3Mock): a tenant's buckets are folders of {@code tenants/<tenant>/} in the deployment's
 * own bucket, as on every host, and not the S3 bucket that happens to be named {@code tenants} (bucket names are global,
 * so that one would be someone else's); the platform's own runs still reach the real buckets they name.
 */
class S3BucketsTenantsTest {
    final S3Client s3 = S3TestBuckets.s3Mock();
    final String deploymentBucket = S3TestBuckets.create(s3, "deploy");
    final S3Location deployment = S3TestBuckets.fresh(deploymentBucket);
    final String landing = S3TestBuckets.create(s3, "landing");
    final OwnedBuckets buckets = OwnedBuckets.scoping(Buckets.folders(new S3Buckets(s3, deployment)));

    @Test
    void aTenantsBucketIsAFolderOfTheDeploymentsOwnBucket() {
        ObjectStore own = buckets.of(new Owner.Tenant("finance", "fin-a", "fin-a:run")).bucket(landing);
        own.put("in/orders.csv", "a,b\n".getBytes(StandardCharsets.UTF_8));
        String written = deployment.keyOf("tenants/finance/" + landing + "/in/orders.csv");
        assertThat(s3.getObjectAsBytes(b -> b.bucket(deploymentBucket).key(written)).asUtf8String()).isEqualTo("a,b\n");
        assertThat(s3.listObjectsV2(b -> b.bucket(landing)).contents()).as("the real bucket of that name is untouched").isEmpty();
        assertThat(own.list("in/", null, 10)).extracting(ObjectStore.ObjectInfo::key).containsExactly("in/orders.csv");
    }

    @Test
    void thePlatformsRunsReachTheRealBucketsTheyName() {
        s3.putObject(b -> b.bucket(landing).key("day/1.csv"), RequestBody.fromString("x"));
        ObjectStore real = buckets.of(new Owner.Platform("job", "job:run")).bucket(landing);
        assertThat(real.get("day/1.csv")).hasValueSatisfying(v -> assertThat(new String(v, StandardCharsets.UTF_8)).isEqualTo("x"));
    }

    @Test
    void withoutADeploymentBucketATenantReachesNoBucketAtAll() {
        OwnedBuckets noDeployment = OwnedBuckets.scoping(Buckets.folders(new S3Buckets(s3)));
        IllegalArgumentException e = catchThrowableOfType(IllegalArgumentException.class,
                () -> noDeployment.of(new Owner.Tenant("finance", "fin-a", "fin-a:run")).bucket(landing).get("x"));
        assertThat(e.getMessage()).contains("sluice.s3.bucket");
    }
}
