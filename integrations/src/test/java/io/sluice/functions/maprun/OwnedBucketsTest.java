package io.sluice.functions.maprun;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.sluice.functions.tenancy.Owner;
import io.sluice.orchestration.port.ObjectStore;
import io.sluice.testkit.fake.InMemoryObjectStore;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * Issue 30, finding 3: a distributed Map's ItemReader and ResultWriter buckets are the run's owner's. Before, any run's
 * {@code Bucket} named a folder of the whole store, so tenant a listed and read b's objects and wrote result files
 * into b's namespace (or into watched landing folders, which start other tenants' pipelines).
 */
class OwnedBucketsTest {
    final InMemoryObjectStore root = new InMemoryObjectStore();
    final OwnedBuckets buckets = OwnedBuckets.scoping(Buckets.folders(root));

    OwnedBucketsTest() {
        root.put("landing/orders.csv", bytes("platform"));
        root.put("tenants/b/landing/orders.csv", bytes("b"));
        root.put("tenants/a/landing/orders.csv", bytes("a"));
    }

    @Test
    void aTenantsBucketIsAFolderOfItsOwnNamespace() {
        ObjectStore landing = buckets.of(new Owner.Tenant("a", "a-map", "a-map:run")).bucket("landing");
        assertThat(landing.list("", null, 10)).extracting(ObjectStore.ObjectInfo::key).containsExactly("orders.csv");
        assertThat(landing.get("orders.csv")).hasValueSatisfying(v -> assertThat(new String(v, StandardCharsets.UTF_8)).isEqualTo("a"));
        landing.put("results/manifest.json", bytes("{}"));
        assertThat(root.get("tenants/a/landing/results/manifest.json")).isPresent();
        assertThat(root.get("landing/results/manifest.json")).isEmpty();
    }

    @Test
    void noBucketNameLeavesTheNamespace() {
        Owner a = new Owner.Tenant("a", "a-map", "a-map:run");
        for (String name : new String[] {"..", "../b", "tenants/b", "b/landing", ""}) {
            assertThat(catchThrowableOfType(IllegalArgumentException.class, () -> buckets.of(a).bucket(name))).as(name).isNotNull();
        }
        // "tenants" is a bucket of a's like any other: it is tenants/a/tenants/, not the tenants' folder.
        assertThat(buckets.of(a).bucket("tenants").list("", null, 10)).isEmpty();
    }

    @Test
    void thePlatformCannotNameTheTenantsBucketAndNobodyNamesAny() {
        assertThat(buckets.of(new Owner.Platform("job", "job:run")).bucket("landing").list("", null, 10)).hasSize(1);
        assertThat(catchThrowableOfType(IllegalArgumentException.class, () -> buckets.of(new Owner.Platform("job", "job:run"))
                .bucket("tenants")).getMessage()).contains("tenants' buckets");
        assertThat(catchThrowableOfType(IllegalArgumentException.class, () -> buckets.of(new Owner.Nobody("a test")).bucket("landing"))
                .getMessage()).contains("no owner");
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
