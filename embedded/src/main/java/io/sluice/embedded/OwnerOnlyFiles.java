package io.sluice.embedded;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.Set;

/** Files that hold a secret: created readable and writable by their owner only ({@code 0600}). */
public final class OwnerOnlyFiles {
    private static final Set<PosixFilePermission> OWNER_ONLY = PosixFilePermissions.fromString("rw-------");
    private static final SecureRandom RANDOM = new SecureRandom();

    private OwnerOnlyFiles() {}

    /** Creates an empty file with mode {@code 0600} (plain creation where the file system has no POSIX modes). */
    public static void create(Path file) throws IOException {
        try {
            Files.createFile(file, PosixFilePermissions.asFileAttribute(OWNER_ONLY));
        } catch (UnsupportedOperationException e) {
            Files.createFile(file);
        }
    }

    /** 128 random bits as 32 hex digits: safe in URLs, config files and connection strings without quoting. */
    public static String randomPassword() {
        byte[] bytes = new byte[16];
        RANDOM.nextBytes(bytes);
        return HexFormat.of().formatHex(bytes);
    }

    /**
     * The password kept in {@code file}, or a new random one written there with mode {@code 0600}. A file found
     * with wider permissions is narrowed to {@code 0600}. One process at a time: the caller holds the folder's lock.
     */
    public static String passwordIn(Path file) throws IOException {
        if (Files.exists(file)) {
            narrow(file);
            String kept = Files.readString(file, StandardCharsets.UTF_8).strip();
            if (!kept.isEmpty()) {
                return kept;
            }
            Files.delete(file);
        }
        Files.createDirectories(file.toAbsolutePath().getParent());
        String password = randomPassword();
        try {
            create(file);
        } catch (FileAlreadyExistsException e) {
            throw new IOException(file + " appeared while it was being created; is another runtime starting in this folder?", e);
        }
        Files.writeString(file, password + "\n", StandardCharsets.UTF_8);
        return password;
    }

    private static void narrow(Path file) throws IOException {
        try {
            if (!Files.getPosixFilePermissions(file).equals(OWNER_ONLY)) {
                Files.setPosixFilePermissions(file, OWNER_ONLY);
            }
        } catch (UnsupportedOperationException e) {
            // no POSIX modes on this file system
        }
    }
}
