package io.sluice.local.trigger;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * The etag of a local file version: 32 hex digits of SHA-256 over size, modification time and file
 * identity (device and inode where the file system has them). Reading the content instead would make
 * every announcement cost a full read of the file; a rewrite changes the modification time anyway.
 */
final class Fingerprint {
    private Fingerprint() {}

    static String of(long size, long modifiedMicros, Object fileKey) {
        String material = size + "|" + modifiedMicros + "|" + (fileKey == null ? "" : fileKey);
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(material.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest, 0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }
}
