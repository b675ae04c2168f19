package io.sluice.transfer.export;

import java.security.KeyPair;
import java.security.PublicKey;
import java.time.Duration;
import java.util.Objects;

/**
 * An SFTP export destination.
 *
 * @param password   or {@code null} when {@code keyPair} authenticates
 * @param keyPair    or {@code null} when {@code password} authenticates
 * @param hostKey    the server's public key, checked on every connection; {@code null} accepts any server (tests only)
 * @param directory  remote directory the files land in (must exist)
 */
public record SftpTarget(String host, int port, String user, String password, KeyPair keyPair, PublicKey hostKey,
                         String directory, Duration timeout) {
    public SftpTarget {
        Objects.requireNonNull(host, "host");
        Objects.requireNonNull(user, "user");
        if (password == null && keyPair == null) {
            throw new IllegalArgumentException("an SFTP target needs a password or a key pair");
        }
        directory = directory == null || directory.isBlank() ? "." : directory.replaceAll("/+$", "");
    }

    /** A label for receipts and messages; never includes credentials. */
    public String where() {
        return "sftp://" + user + "@" + host + ":" + port + "/" + directory;
    }
}
