package io.sluice.functions.tenancy;


/**
 * Where a run's objects are in the platform's object store: a tenant's under {@code tenants/<tenant>/} (its buckets
 * are folders there: {@code tenants/<tenant>/<bucket>/<key>}), the platform's own anywhere else. Every host lays them
 * out so (the folder store, S3, Blob), and the S3 integration, distributed Map and push-export resolve the keys a
 * payload names inside it, so a tenant cannot name its way into another's objects.
 */
public final class ObjectNamespace {
    /** The folder of tenants' objects; the platform's own buckets cannot be called this. */
    public static final String TENANTS = "tenants";

    private ObjectNamespace() {}

    /** The prefix of {@code owner}'s objects: {@code tenants/<tenant>/}, or {@code ""} for the platform's own runs. */
    public static String prefix(Owner owner) {
        return owner.requireData("reach the object store").tenant().map(t -> TENANTS + "/" + t + "/").orElse("");
    }

    /**
     * {@code key} when it names an object inside whatever prefix it is put under: relative, {@code /}-separated, with no
     * {@code .} or {@code ..} segment and no backslash (an empty segment, {@code a//b}, is a key of its own in S3 and stays).
     *
     * @throws IllegalArgumentException naming {@code field} and what is wrong
     */
    public static String checkedKey(String key, String field) {
        if (key == null || key.isEmpty()) {
            throw new IllegalArgumentException(field + " is empty; expected an object key such as exports/orders/2026-11-29.csv");
        }
        if (key.startsWith("/") || key.contains("\\")) {
            throw new IllegalArgumentException(field + " '" + key + "' is not a relative key: it starts with '/' or has a backslash");
        }
        for (String segment : key.split("/", -1)) {
            if (segment.equals("..") || segment.equals(".")) {
                throw new IllegalArgumentException(field + " '" + key + "' has a '" + segment + "' segment, which would leave its folder");
            }
        }
        return key;
    }
}
