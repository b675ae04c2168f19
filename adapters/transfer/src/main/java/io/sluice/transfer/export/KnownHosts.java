package io.sluice.transfer.export;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.PublicKey;
import java.util.Optional;
import org.apache.sshd.client.config.hosts.KnownHostEntry;
import org.apache.sshd.common.config.keys.PublicKeyEntryResolver;

/** Host keys from an OpenSSH {@code known_hosts} file, so an SFTP target is checked against the key its server must show. */
final class KnownHosts {
    private KnownHosts() {}

    /** The key {@code file} lists for {@code host:port} (hashed entries included); empty when it lists none. */
    static Optional<PublicKey> lookup(Path file, String host, int port) {
        try {
            for (KnownHostEntry entry : KnownHostEntry.readKnownHostEntries(file)) {
                if (entry.getMarker() == null && entry.isHostMatch(host, port)) {
                    return Optional.ofNullable(entry.getKeyEntry().resolvePublicKey(null, PublicKeyEntryResolver.FAILING));
                }
            }
            return Optional.empty();
        } catch (IOException e) {
            throw new UncheckedIOException("Could not read the known hosts file " + file, e);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("The known hosts file " + file + " has a key for " + host + ":" + port
                    + " that cannot be read: " + e.getMessage(), e);
        }
    }
}
