package io.sluice.functions.task;

/**
 * How the task functions name the datasets they use, for lineage: objects by their folder
 * ({@code objects:landing/orders/}, the partition apart), warehouse tables ({@code warehouse:retail.orders})
 * and export targets ({@code export:partner-api}), so that one run's write and the next run's read of the
 * same data meet under one name.
 */
public final class Datasets {
    private Datasets() {}

    /** The folder of an object key or a prefix: {@code warehouse/orders/2026-11-29.csv} and {@code warehouse/orders/} both name {@code objects:warehouse/orders/}. */
    public static String objects(String keyOrPrefix) {
        int slash = keyOrPrefix.lastIndexOf('/');
        return "objects:" + (slash < 0 ? "" : keyOrPrefix.substring(0, slash + 1));
    }

    public static String table(String table) {
        return "warehouse:" + table;
    }

    public static String export(String target) {
        return "export:" + target;
    }

    /** The partition a batch named {@code <pipeline>/<partition>} (or {@code <execution>/<target>}) is of; {@code null} when it names none. */
    public static String batchPartition(String batchId) {
        int slash = batchId.indexOf('/');
        return slash < 0 || slash == batchId.length() - 1 ? null : batchId.substring(slash + 1);
    }

    /** The partition of an object named {@code <folder>/<partition>.<ext>}: its file name without the extension. */
    public static String filePartition(String key) {
        String name = key.substring(key.lastIndexOf('/') + 1);
        int dot = name.lastIndexOf('.');
        return name.isEmpty() ? null : dot > 0 ? name.substring(0, dot) : name;
    }
}
