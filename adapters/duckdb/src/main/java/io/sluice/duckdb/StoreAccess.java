package io.sluice.duckdb;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * What a job's DuckDB may touch: the files of the data folder, nothing else. DuckDB is told so
 * before the job's first statement ({@code enable_external_access = false} with the folder as its
 * {@code allowed_directories}, then {@code lock_configuration}, so the script cannot undo it), and
 * the engine itself refuses a {@code COPY ... TO} a file outside the folder before DuckDB sees it.
 *
 * <p>A job names its files from the store's root: {@code '${store}/raw/orders/2026-11-29.csv'}. A
 * relative name is refused by DuckDB, because DuckDB would write it, and read it when it is not in
 * the store, relative to the server's working directory.
 */
final class StoreAccess {
    private final Path store;

    StoreAccess(Path store) {
        this.store = store.toAbsolutePath().normalize();
    }

    /** The statements that confine a connection to the store, to run first; {@code threads} 0 keeps DuckDB's default. */
    List<String> settings(int threads) {
        List<String> s = new ArrayList<>();
        s.add("SET autoinstall_known_extensions = false");
        if (threads > 0) {
            s.add("SET threads = " + threads);
        }
        s.add("SET allowed_directories = [" + literal(store + "/") + "]");
        s.add("SET enable_external_access = false");
        s.add("SET lock_configuration = true");
        return s;
    }

    /**
     * The file {@code target} names, when it is a file of the store; {@link IllegalArgumentException}
     * otherwise. A link inside the store to a folder outside it counts as outside.
     */
    Path fileInside(String target) {
        Path file;
        try {
            file = Path.of(target);
        } catch (InvalidPathException e) {
            throw new IllegalArgumentException("The job writes to '" + target + "', which is not a file name: " + e.getReason() + ".");
        }
        if (!file.isAbsolute()) {
            throw new IllegalArgumentException("The job writes to '" + target + "', a relative name, which DuckDB would write in the "
                    + "server's working directory; name it from the data folder: '${store}/" + target + "'.");
        }
        file = file.normalize();
        if (!file.startsWith(store) || file.equals(store) || !realParentInside(file)) {
            throw new IllegalArgumentException("The job writes to '" + target + "', outside the data folder; a job writes only "
                    + "under '${store}/'.");
        }
        return file;
    }

    private boolean realParentInside(Path file) {
        try {
            Path realStore = store.toRealPath();
            for (Path p = file.getParent(); p != null; p = p.getParent()) {
                if (Files.exists(p)) {
                    return p.toRealPath().startsWith(realStore);
                }
            }
            return false;
        } catch (IOException e) {
            return false;
        }
    }

    private static String literal(String text) {
        return "'" + text.replace("'", "''") + "'";
    }
}
